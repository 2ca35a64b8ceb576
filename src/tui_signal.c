/* tui_signal: the terminal put back however a lab ends, and a terminal curses cannot drive said up front.
 *
 * The quit signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT: Ctrl-C, Ctrl-\) only set tui.c's flag: the input loop ends,
 * endwin restores the terminal, the lab returns 128 + the signal. Every other signal that ends a process (crash
 * signals, SIGABRT, SIGPIPE, SIGALRM, SIGUSR1, ...) restores it from the handler, with async-signal-safe calls only:
 * write(2) of the terminal's own strings for leaving the alternate screen, showing the cursor, resetting the
 * attributes, the keypad and the mouse (taken from terminfo when curses opened), and tcsetattr(2) of the settings
 * saved before curses changed them; then the signal's default action ends the process. */
#include "numlab/lang.h"
#include "tui_internal.h"

#include <curses.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_termios;
static volatile sig_atomic_t have_termios;
static char restore_seq[512];         /* what the handler writes: filled once curses is open */
static volatile sig_atomic_t restore_len;

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ,
                                    SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2};

void tui_signal_restore_raw(void)
{
    if (restore_len > 0) {
        ssize_t ignored = write(STDOUT_FILENO, restore_seq, (size_t)restore_len);
        (void)ignored;
    }
    if (have_termios)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
}

static void on_fatal_signal(int sig)
{
    tui_signal_restore_raw();
    signal(sig, SIG_DFL);
    raise(sig);  /* delivered when the handler returns: the default action ends the process */
}

void tui_signal_install(void (*on_quit)(int))
{
    if (tcgetattr(STDIN_FILENO, &saved_termios) == 0)
        have_termios = 1;
    restore_len = 0;
    struct sigaction sa = {0};
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_quit;  /* no SA_RESTART: a blocked getch returns */
    const int quit[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof quit / sizeof quit[0]; i++)
        sigaction(quit[i], &sa, NULL);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = SA_RESETHAND;
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) {
        struct sigaction old;
        sigaction(fatal_signals[i], NULL, &old);
        if (old.sa_handler != SIG_IGN)  /* an inherited "ignore" (e.g. SIGPIPE) stays */
            sigaction(fatal_signals[i], &sa, NULL);
    }
}

/* Appends terminfo capability cap (when the terminal has it) to the restore sequence. */
static void add_cap(const char *cap, size_t *len)
{
    char *s = tigetstr(cap);
    if (!s || s == (char *)-1)
        return;
    size_t n = strlen(s);
    if (*len + n < sizeof restore_seq) {
        memcpy(restore_seq + *len, s, n);
        *len += n;
    }
}

void tui_signal_ready(void)
{
    size_t len = 0;
    static const char mouse_off[] = "\033[?1002l\033[?1000l\033[?1006l";  /* what mousemask and tui_open asked */
    memcpy(restore_seq, mouse_off, sizeof mouse_off - 1);
    len = sizeof mouse_off - 1;
    const char *caps[] = {"sgr0", "cnorm", "rmkx", "rmcup"};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        add_cap(caps[i], &len);
    restore_len = (sig_atomic_t)len;
}

void tui_signal_done(void)
{
    restore_len = 0;  /* curses has put the terminal back itself */
}

bool tui_terminal_usable(const char *program)
{
    if (cur_term)
        return true;  /* curses has opened this terminal before (the launcher's menu, again) */
    const char *term = getenv("TERM");
    int err = 0;
    bool known = term && *term && setupterm(NULL, STDOUT_FILENO, &err) == OK;
    /* curses needs to move the cursor and clear the screen */
    bool usable = known && tigetstr("cup") && tigetstr("cup") != (char *)-1 && tigetstr("clear") &&
                  tigetstr("clear") != (char *)-1;
    if (known)
        del_curterm(cur_term);
    if (usable)
        return true;
    if (!term || !*term)
        fprintf(stderr, _("%s: TERM is not set, so the interactive lab cannot draw on this terminal (allowed: a "
                          "terminal type, e.g. TERM=xterm-256color %s; or run it headless: see --help)\n"),
                program, program);
    else if (!known)
        fprintf(stderr, _("%s: TERM='%s' is a terminal type this system does not know (no terminfo entry; `toe -a` "
                          "lists those it knows): set TERM to one of them, e.g. TERM=xterm-256color, or run it "
                          "headless (see --help)\n"), program, term);
    else
        fprintf(stderr, _("%s: TERM='%s' cannot move the cursor, which the interactive lab needs (allowed: a "
                          "screen terminal, e.g. TERM=xterm-256color; or run it headless: see --help)\n"),
                program, term);
    return false;
}
