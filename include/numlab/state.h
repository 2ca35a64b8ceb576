/* state: a lab's screen as one line of text that can be shared (docs/states.md):
 *
 *   numlab:spring-lab/1?k=400&c=0&dt=0.025&method=explicit,exact
 *
 * "numlab:", the lab's name, "/" and the walk's step (1-based; left out: the first), then "?" and the fields
 * KEY=VALUE separated by "&": each KEY a long option of the lab (without "--"), each VALUE what the option takes,
 * a flag a KEY alone. Bytes outside the safe set (letters, digits and - . _ ~ , : / +) are percent-encoded
 * (%XX, RFC 3986's form), so that a line survives a mail, a chat and a shell unquoted but for its '&' and '?'. A
 * state is exactly a set of options: labcli turns it into them (labcli.h), and a bad field is refused with the
 * option's own message. Nothing here prints but state_parse's refusals (cli.h: exit status 2). */
#ifndef NUMLAB_STATE_H
#define NUMLAB_STATE_H

#include <stdbool.h>
#include <stddef.h>

#define STATE_PREFIX "numlab:"
#define STATE_MAX 4096        /* a line's bytes, the NUL included */
#define STATE_MAX_FIELDS 96   /* LABCLI_MAX_OPTIONS */
#define STATE_MAX_STEP 99

/* A state line read back: its lab, step and fields, decoded. */
typedef struct {
    char lab[64];
    int step;                            /* 1-based; 0 when the line gives none */
    int n;
    const char *key[STATE_MAX_FIELDS];   /* into text */
    const char *value[STATE_MAX_FIELDS]; /* into text; NULL for a flag */
    char text[STATE_MAX];
} state_line;

/* Whether text is meant as a state line (it starts with "numlab:"). */
bool state_is_line(const char *text);

/* Reads a state line. CLI_OK, or CLI_USAGE with the message said, naming the part that is wrong: "state: step:
 * '0' is not a step (allowed: 1..99)", "state: 'x%zz': a bad percent escape (allowed: %XX, two hexadecimal
 * digits)", a key given twice, a line longer than STATE_MAX. Keys are checked only for their form (letters,
 * digits, '-'): which keys a lab takes is the lab's (labcli). */
int state_parse(const char *text, state_line *out);

/* A line being written: state_begin, state_add for each field in order, then buf is the line when !overflow. */
typedef struct {
    char buf[STATE_MAX];
    size_t used;
    bool fields;      /* a field was added: the next one comes after '&' */
    bool overflow;    /* the line would be longer than STATE_MAX: buf is not a state */
} state_writer;

/* step <= 0: no step in the line. */
void state_begin(state_writer *w, const char *lab, int step);
/* KEY=VALUE, VALUE percent-encoded; value NULL: KEY alone (a flag). */
void state_add(state_writer *w, const char *key, const char *value);
/* A number as its shortest decimal that reads back as the same double (%.15g, %.16g or %.17g), '.' always. */
void state_add_number(state_writer *w, const char *key, double value);
/* The shortest decimal of value that reads back as the same double (what state_add_number writes). */
void state_number(double value, char *buf, size_t size);

/* Percent-encodes text (the safe set kept) into out; false when it does not fit in size bytes. */
bool state_encode(const char *text, char *out, size_t size);

#endif
