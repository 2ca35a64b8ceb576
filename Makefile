# numlab: the whole build. Out of tree into $(BUILD); every src/*.c goes into libnumlab.a, every labs/NAME.c
# (plus labs/NAME/*.c) becomes build/bin/NAME, every tests/test_*.c a Check program (tests/test_NAME_lab*.c linked
# with labs/NAME-lab/*.c), every tests/bench_*.c a benchmark. New files are picked up without touching this file.

# What the programs link (PROGRAM_PKGS), and what the Check tests add (TEST_PKGS): a lab never links Check or
# subunit (tests/make_layers.sh). --as-needed: a program records only the libraries it calls.
PROGRAM_PKGS := ncursesw gsl sndfile libcjson portaudio-2.0 cairo fontconfig
TEST_PKGS := check
PKGS      := $(PROGRAM_PKGS) $(TEST_PKGS)
PREFIX    ?= /usr/local
DESTDIR   ?=
CC        ?= cc
SANITIZE  ?= 0
# The caller's LANG (when set), kept for what speaks to a person in their language: make run, exercise, grade.
NUMLAB_CALLER_LANG := $(LANG)
CALLER_LANG = $(if $(NUMLAB_CALLER_LANG),LANG='$(NUMLAB_CALLER_LANG)')
# LANG for every test: only C, C.UTF-8 and POSIX exist on the target machines; braille needs UTF-8.
export LANG := C.UTF-8

ifeq ($(SANITIZE),1)
BUILD     ?= build/sanitize
SANFLAGS  := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT       := -O1 -g
else
BUILD     ?= build
SANFLAGS  :=
OPT       := -O2 -g
endif

WARN      := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(CI),true)
WARN      += -Werror
endif

# run, check and bench build with one job a core (the build is -j safe); JOBS=1 for a serial build.
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)

# Quiet by default: a step says what it builds (tools/build-step.sh; under run and check one counting line, from
# tools/build.sh); V=1 prints every command instead, and -s (make -s) says nothing.
V         ?= 0
ifeq ($(V),1)
Q         :=
step       =
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
Q         := @
step       =
else
Q         := @
step       = @sh tools/build-step.sh $(1) $(2)
endif
BUILD_QUIETLY = BUILD='$(BUILD)' MAKE='$(MAKE)' V='$(V)' NUMLAB_SAY_LANG='$(NUMLAB_CALLER_LANG)' sh tools/build.sh $(JOBS)

# pkg-config is asked one module at a time: a module that is not installed brings no flags, and cannot take the
# others' away (the grader builds with libcjson and gsl alone; tests/grader_gradescope.sh checks it).
pkg_cflags = $(shell for m in $(1); do pkg-config --cflags $$m 2>/dev/null; done)
pkg_libs   = $(shell for m in $(1); do pkg-config --libs $$m 2>/dev/null; done)
PKG_CFLAGS := $(call pkg_cflags,$(PKGS))
PKG_LIBS   := $(call pkg_libs,$(PKGS))
PROGRAM_LIBS := $(call pkg_libs,$(PROGRAM_PKGS))
TEST_LIBS  := $(call pkg_libs,$(TEST_PKGS))
CFLAGS    ?=
# The project's own feature macros (POSIX 2008 and the BSD/SVID extras: PATH_MAX, readlink, setenv, M_PI; X/Open
# 600 for wide-character curses), whichever packages are installed: never left to a module's pkg-config flags.
FEATURES  := -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600
CPPFLAGS  += -Iinclude
ALL_CFLAGS = -std=c17 $(FEATURES) $(OPT) $(WARN) $(SANFLAGS) -MMD -MP $(PKG_CFLAGS) $(CFLAGS)
LDLIBS    += $(PROGRAM_LIBS) -lm
LDFLAGS   += $(SANFLAGS) -Wl,--as-needed

LIB       := $(BUILD)/lib/libnumlab.a
LIB_SRC   := $(wildcard src/*.c)
LIB_OBJ   := $(LIB_SRC:src/%.c=$(BUILD)/obj/src/%.o)

# Message catalogues (GNU gettext): po/LANG.po -> $(BUILD)/share/locale/LANG/LC_MESSAGES/numlab.mo, found by the
# programs beside themselves (include/numlab/lang.h). po/numlab.pot is made by `make pot` from the sources.
PO_LANGS  := $(basename $(notdir $(wildcard po/*.po)))
CATALOGUES := $(PO_LANGS:%=$(BUILD)/share/locale/%/LC_MESSAGES/numlab.mo)

PROGRAMS  := $(basename $(notdir $(wildcard labs/*.c)))
BINS      := $(PROGRAMS:%=$(BUILD)/bin/%)

TEST_SRC  := $(wildcard tests/test_*.c)
TESTS     := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
SCRIPT_TESTS := $(wildcard tests/*.sh)
BENCH_SRC := $(wildcard tests/bench_*.c)
BENCHES   := $(BENCH_SRC:tests/%.c=$(BUILD)/bench/%)
FUZZ_SRC  := $(wildcard tests/fuzz_*.c)

.PHONY: all run check check-build bench slow-check install clean deps need-deps pot fuzz fuzz-network fuzz-gltf help
.PHONY: check-speech
.DEFAULT_GOAL := all
# Objects are not intermediate files: keep them, so rebuilds stay incremental.
.SECONDARY:

all: $(LIB) $(BINS) $(CATALOGUES)

help:
	@echo "make run        build and open the labs (installs missing packages first)"
	@echo "make check      build and run every test (SANITIZE=1 for ASan+UBSan)"
	@echo "make bench      benchmarks, as ratios against a reference in the same process"
	@echo "make check-speech  --plain read aloud by espeak-ng (optional: skipped without it)"
	@echo "make fuzz-gltf  fuzz the glTF loader for FUZZ_SECONDS (60) under ASan+UBSan (clang, libFuzzer)"
	@echo "make deps       install the Debian packages numlab needs (as root)"
	@echo "make install    PREFIX=$(PREFIX) DESTDIR=..."
	@echo "make pot        po/numlab.pot from the sources, merged into po/*.po (then translate what is new)"
	@echo "make exercise EX=NN          the visible tests of an exercise (docs/exercises.md)"
	@echo "make grade EXERCISE=exercises/NN-topic SUBMISSION=F.c RESULTS=results.json"
	@echo "make grade-all EXERCISE=exercises/NN-topic SUBMISSIONS=DIR RESULTS=scores.csv  (.c files or an export)"
	@echo "make grade-all EXERCISES=\"01 02\" SUBMISSIONS=DIR RESULTS=scores.csv   an assignment's export"
	@echo "make grade EXERCISES=\"01 02\" SUBMISSION=DIR RESULTS=results.json   an assignment of several"
	@echo "make gradescope EXERCISE=exercises/NN-topic (or EXERCISES=\"01 02\")   the autograder zip"
	@echo "make student-dist            the students' tarball: no solutions, no hidden tests"
	@echo "make course-check            the zip, the tarball and an install in a fresh Debian 12 root (slow, root)"

# --- dependencies -----------------------------------------------------------------------------------------
# The missing pkg-config modules are looked up at run time, so that after `make deps` a recursive make sees them.
need-deps:
	@sh tools/deps.sh --check-only >/dev/null 2>&1 || sh tools/deps.sh

deps:
	@sh tools/deps.sh

run: need-deps
	@$(BUILD_QUIETLY) all
	@$(CALLER_LANG) $(BUILD)/bin/numlab

check: need-deps
	@$(BUILD_QUIETLY) check-build
	@sh tools/run-tests.sh $(BUILD)

# check-build (everything `make check` runs) is one rule, after the grader's section that defines half of it.

bench: need-deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(BENCHES) $(BINS)
	@for b in $(BENCHES); do $$b || exit 1; done
# make check-speech: --plain read aloud by espeak-ng (tests/speech/: optional, skipped without espeak-ng).
check-speech: $(BINS) $(CATALOGUES)
	@sh tests/speech/plain_espeak.sh

# make slow-check: the checks that take minutes (docs/testing.md, "Slow checks"): every network preset's step limits
# held at 0.95 and exceeded at 1.05 in long runs of the nonlinear network.
slow-check: need-deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(BUILD)/tests/test_network_limits
	NUMLAB_SLOW=1 $(BUILD)/tests/test_network_limits

# --- compile ----------------------------------------------------------------------------------------------
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

# network's force kernel vectorizes only without errno and FP-trap semantics; neither changes a computed value.
$(BUILD)/obj/src/net_kernel.o $(BUILD)/obj/src/net_cg.o: ALL_CFLAGS += -O3 -fno-math-errno -fno-trapping-math

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	@rm -f $@
	$(call step,AR,$@)
	$(Q)$(AR) rcs $@ $^

# A program is labs/NAME.c plus any labs/NAME/*.c (none for an empty NAME: a test of no lab links no lab).
lab_objs = $(if $(1),$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard labs/$(1)/*.c)))
.SECONDEXPANSION:
$(BUILD)/bin/%: $(BUILD)/obj/labs/%.o $$(call lab_objs,$$*) $(LIB)
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIB) $(LDLIBS)

# The launcher's list of labs: each lab's LABCLI_LAB(ORDER, "NAME", SUMMARY) line (labcli.h), in ORDER; SUMMARY
# "..." or N_("...") (tools/labs_list.sh).
$(BUILD)/gen/numlab_labs.inc: $(wildcard labs/*.c) tools/labs_list.sh
	@mkdir -p $(@D)
	$(call step,GEN,$@)
	$(Q)sh tools/labs_list.sh $(filter labs/%,$^) >$@.tmp && mv $@.tmp $@
$(BUILD)/obj/labs/numlab.o: $(BUILD)/gen/numlab_labs.inc
$(BUILD)/obj/labs/numlab.o: CPPFLAGS += -I$(BUILD)/gen

# A test is tests/test_NAME.c plus tests/helpers/*.c (shared fixtures).
TEST_HELPERS := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/helpers/*.c))
$(BUILD)/tests/.helpers: $(TEST_HELPERS)
	@mkdir -p $(@D) && touch $@

# tests/tools/: programs the shell tests run (yaml2json: a GitHub workflow read as JSON, tests/grader_classroom.sh;
# stall_probe: how long the machine stops its threads while a real-time check runs, tests/tui_bowl_audio.sh).
$(BUILD)/tests/tools/stall_probe: $(BUILD)/obj/tests/tools/stall_probe.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^
$(BUILD)/tests/tools/yaml2json: $(BUILD)/obj/tests/tools/yaml2json.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(call pkg_libs,yaml-0.1 libcjson)

# A lab's internals are tested by linking its objects (labs/NAME-lab/*.c, without its main) into
# tests/test_NAME_lab*.c (the dashes of the lab's name as underscores): test_network_lab.c, test_keyframe_lab_scene.c.
lab_of_test = $(firstword $(foreach l,$(PROGRAMS),$(if $(filter test_$(subst -,_,$(l))%,$(1)),$(l))))
$(BUILD)/tests/%: $(BUILD)/obj/tests/%.o $(TEST_HELPERS) $(LIB) $$(call lab_objs,$$(call lab_of_test,$$*))
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIB) $(LDLIBS) $(TEST_LIBS)

$(BUILD)/bench/%: $(BUILD)/obj/tests/%.o $(LIB)
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIB) $(LDLIBS)

# --- translations ------------------------------------------------------------------------------------------
$(BUILD)/share/locale/%/LC_MESSAGES/numlab.mo: po/%.po
	@mkdir -p $(@D)
	$(call step,MO,$<)
	$(Q)msgfmt --check -o $@.tmp $< && mv $@.tmp $@

$(BUILD)/obj/src/lang.o: CPPFLAGS += -DNUMLAB_LOCALEDIR='"$(PREFIX)/share/locale"'

# The template from every marked string (_, N_, P_) in the sources, then each catalogue merged with it: after
# `make pot`, po/LANG.po shows the new strings as untranslated or fuzzy, and tests/i18n_catalogue.sh fails until
# they are translated.
pot:
	@sh tools/po.sh update
	@sh tools/grader/po-hidden.sh update

# --- fuzzing (not part of check) -------------------------------------------------------------------------------
# The network file parser under libFuzzer with ASan+UBSan: make fuzz-network [FUZZ_SECONDS=60]. Needs clang and its
# fuzzer runtime (Debian: clang libclang-rt-dev). The corpus grows in $(BUILD)/fuzz/network-corpus.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_FLAGS   := -std=c17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
fuzz: fuzz-network

fuzz-network:
	@command -v $(FUZZ_CC) >/dev/null || { echo "fuzz-network: needs $(FUZZ_CC) (apt-get install clang libclang-rt-dev)"; exit 1; }
	@mkdir -p $(BUILD)/fuzz/network-corpus
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FEATURES) -Iinclude $(shell pkg-config --cflags gsl) tests/fuzz_network.c \
		$(wildcard src/net*.c) src/ode.c src/ode_table.c src/infile.c src/text.c -o $(BUILD)/fuzz/fuzz_network $(shell pkg-config --libs gsl) -lm
	cp labs/network-lab/examples/*.net $(BUILD)/fuzz/network-corpus/
	printf '"mass"\n"spring"\n"gravity"\n"pinned"\n"#"\n"1e6"\n"-1e6"\n"1e-9"\n"\\x0d"\n' >$(BUILD)/fuzz/network.dict
	$(BUILD)/fuzz/fuzz_network -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -dict=$(BUILD)/fuzz/network.dict \
		-print_final_stats=1 $(BUILD)/fuzz/network-corpus

# The glTF loader the same way, seeded with test_gltf's fixtures: make fuzz-gltf [FUZZ_SECONDS=60].
GLTF_SRC     := $(wildcard src/gltf*.c) src/keyframe.c $(wildcard src/kf_*.c) src/infile.c src/text.c
fuzz: fuzz-gltf

fuzz-gltf: $(BUILD)/tests/test_gltf
	@command -v $(FUZZ_CC) >/dev/null || { echo "fuzz-gltf: needs $(FUZZ_CC) (apt-get install clang libclang-rt-dev)"; exit 1; }
	@mkdir -p $(BUILD)/fuzz/gltf-seeds $(BUILD)/fuzz/gltf-corpus
	$(BUILD)/tests/test_gltf --write-fixtures $(BUILD)/fuzz/gltf-seeds
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FEATURES) $(CPPFLAGS) $(PKG_CFLAGS) tests/fuzz_gltf.c $(GLTF_SRC) -o $(BUILD)/fuzz/fuzz_gltf \
	    $(PKG_LIBS) -lm
	$(BUILD)/fuzz/fuzz_gltf -max_total_time=$(FUZZ_SECONDS) -dict=tests/fuzz_gltf.dict -print_final_stats=1 \
	    $(BUILD)/fuzz/gltf-corpus $(BUILD)/fuzz/gltf-seeds

# --- install ----------------------------------------------------------------------------------------------
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/numlab
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 include/numlab/*.h $(DESTDIR)$(PREFIX)/include/numlab/
	for l in $(PO_LANGS); do \
	    install -d $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES && \
	    install -m 644 $(BUILD)/share/locale/$$l/LC_MESSAGES/numlab.mo $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/ || exit 1; \
	done

# --- exercises and the grader (tools/grader/, docs/exercises.md) ------------------------------------
# exercises/NN-topic/ holds exercise.h, student.c, solution.c, tests.c (visible) and hidden/tests.c. Each tests.c is
# compiled three ways (tools/grader/grader.h): into the judge (references only), into the probe objects a submission
# is linked with (probes only, no sanitizers, libc and libm only), and into the Check runner of `make exercise`.
EXERCISE_NAMES := $(notdir $(patsubst %/,%,$(sort $(dir $(wildcard exercises/*/exercise.h)))))
GRADER_OUT   := $(BUILD)/grader
GRADER_OBJ   := $(BUILD)/obj/grader
GRADER_CORE  := $(patsubst %,$(GRADER_OBJ)/core/%.o,judge sandbox jail seccomp build exports report values i18n) \
                $(BUILD)/obj/src/lang.o $(BUILD)/obj/src/text.o
# The hidden tests' words (tools/grader/po-hidden.sh): exercises/NN-topic/hidden/LANG.po ->
# build/grader/NN-topic/locale/LANG/LC_MESSAGES/numlab-hidden.mo, beside the judge that reads them (i18n.h).
HIDDEN_CATALOGUES := $(foreach p,$(wildcard exercises/*/hidden/*.po),$(GRADER_OUT)/$(word 2,$(subst /, ,$(p)))/locale/$(basename \
                     $(notdir $(p)))/LC_MESSAGES/numlab-hidden.mo)
define hidden_catalogue
$(GRADER_OUT)/%/locale/$(1)/LC_MESSAGES/numlab-hidden.mo: exercises/%/hidden/$(1).po
	@mkdir -p $$(@D)
	$$(call step,MO,$$<)
	$$(Q)msgfmt --check -o $$@.tmp $$< && mv $$@.tmp $$@
endef
$(foreach l,$(PO_LANGS),$(eval $(call hidden_catalogue,$(l))))
# The probe objects are linked with submissions, which can read them: no debug information, no path of this machine.
PROBE_CFLAGS := -std=c17 -O2 -g0 $(WARN) -MMD -MP -ffile-prefix-map=$(CURDIR)/=
ex_flags      = -Itools/grader -Iexercises/$(1)
# An exercise by number (9, 09), by name (09-stability-limit) or by folder (exercises/09-stability-limit/).
ex_key        = $(if $(filter 1 2 3 4 5 6 7 8 9,$(1)),0$(1),$(1))
ex_named      = $(notdir $(patsubst %/,%,$(dir $(firstword $(wildcard \
                exercises/$(call ex_key,$(notdir $(patsubst %/,%,$(1))))-*/exercise.h \
                exercises/$(notdir $(patsubst %/,%,$(1)))/exercise.h)))))
ex_hidden     = $(firstword $(wildcard exercises/$(1)/hidden/tests.c) tools/grader/no_hidden.c)
ex_checks     = $(BUILD)/exercises/$(1)/check-student $(if $(wildcard exercises/$(1)/solution.c),\
                $(BUILD)/exercises/$(1)/check-solution)
# GRADER_LANG=es: the text a student reads in that language, whatever LANG says (docs/exercises.md).
GRADESCOPE_OPTS = $(if $(TIMEOUT),--timeout $(TIMEOUT)) $(if $(SCALE),--scale $(SCALE))\
                $(if $(HIDDEN_VISIBILITY),--hidden-visibility $(HIDDEN_VISIBILITY)) $(if $(GRADER_LANG),--lang $(GRADER_LANG))
GRADE_OPTS    = $(GRADESCOPE_OPTS) $(if $(JOBS),--jobs $(JOBS))

.PHONY: grader grade grade-all student-dist exercise grader-secrets gradescope prairielearn classroom
grader: $(foreach e,$(EXERCISE_NAMES),$(GRADER_OUT)/$(e)/judge $(GRADER_OUT)/$(e)/probe.a) $(GRADER_OUT)/merge-results \
        $(GRADER_OUT)/pick-upload $(GRADER_OUT)/bin/pl-results

# What the references are made of (solutions, hidden tests, the judges and objects built from them, the Gradescope
# packages that hold the hidden tests) unreadable to other users: a root judge refuses to grade while a sandbox user
# could read them (docs/exercises.md).
GRADER_SECRETS = $(wildcard exercises/*/solution.c exercises/*/hidden) $(wildcard $(GRADER_OUT) $(GRADER_OBJ) \
                 $(BUILD)/exercises $(BUILD)/gradescope)
grader-secrets:
	@chmod -R go-rwx $(GRADER_SECRETS)

$(GRADER_OBJ)/core/%.o: tools/grader/%.c
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -Itools/grader -c $< -o $@
# The probe objects are rebuilt when their flags change (a build/ from before a change of flags must not keep
# objects with debug information or this machine's paths): the flags are kept in a stamp that changes with them.
# The stamp holds how they are linked into one (probe-linked.o, below) too.
PROBE_STAMP := $(GRADER_OBJ)/probe-flags
PROBE_LINK  := -r -nostdlib, then objcopy --keep-global-symbol=main
# Checked at every build that needs it (FORCE), rewritten only when the flags differ: its time then moves, and the
# probe objects are rebuilt; parsing the Makefile (make help, make -n) writes nothing.
$(PROBE_STAMP): FORCE
	@mkdir -p $(@D)
	@[ "$$(cat $@ 2>/dev/null)" = '$(PROBE_CFLAGS); $(PROBE_LINK)' ] || printf '%s\n' '$(PROBE_CFLAGS); $(PROBE_LINK)' >$@
FORCE:
$(GRADER_OBJ)/probe/%.o: tools/grader/%.c $(PROBE_STAMP)
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(PROBE_CFLAGS) -Itools/grader -c $< -o $@
$(GRADER_OBJ)/ex/%/judge-visible.o: exercises/%/tests.c
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -DGR_SIDE_JUDGE $(call ex_flags,$*) -c $< -o $@
$(GRADER_OBJ)/ex/%/judge-hidden.o: $$(call ex_hidden,$$*)
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -DGR_SIDE_JUDGE $(call ex_flags,$*) -c $< -o $@
$(GRADER_OBJ)/ex/%/probe-visible.o: exercises/%/tests.c $(PROBE_STAMP)
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(PROBE_CFLAGS) -DGR_SIDE_PROBE $(call ex_flags,$*) -c $< -o $@
$(GRADER_OBJ)/ex/%/probe-hidden.o: $$(call ex_hidden,$$*) $(PROBE_STAMP)
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(PROBE_CFLAGS) -DGR_SIDE_PROBE $(call ex_flags,$*) -c $< -o $@
$(GRADER_OBJ)/ex/%/check-visible.o: exercises/%/tests.c
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -DGR_SIDE_BOTH $(call ex_flags,$*) -c $< -o $@
# A student's file is compiled as the grader compiles it (tools/grader/build.c): a kept main() renamed, no warning
# that the grader would not give, never -Werror.
STUDENT_CFLAGS := -std=c17 -D_DEFAULT_SOURCE -O2 -g -Wall -Wextra -Dmain=numlab_student_main $(SANFLAGS) -MMD -MP
$(GRADER_OBJ)/ex/%/student.o: exercises/%/student.c
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(STUDENT_CFLAGS) -Iexercises/$* -c $< -o $@
$(GRADER_OBJ)/ex/%/solution.o: exercises/%/solution.c
	@mkdir -p $(@D)
	$(call step,CC,$<)
	$(Q)$(CC) $(ALL_CFLAGS) -Iexercises/$* -c $< -o $@

$(GRADER_OUT)/%/judge: $(GRADER_CORE) $(GRADER_OBJ)/ex/%/judge-visible.o $(GRADER_OBJ)/ex/%/judge-hidden.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(call pkg_libs,libcjson gsl) -lm
# grade-all's class tool (tools/grader/class.h): the export's metadata (libyaml), the reports, the histogram (plot).
# Not part of `grader` (what grading one submission needs, and all a Gradescope autograder builds).
CLASS_OBJ := $(patsubst %,$(GRADER_OBJ)/core/%.o,class class_plan class_parts class_regrade class_summary class_week \
             class_feedback report values uploads)
$(GRADER_OBJ)/core/class_summary.o $(GRADER_OBJ)/core/class_parts.o $(GRADER_OBJ)/core/i18n.o \
    $(GRADER_OBJ)/core/report.o: ALL_CFLAGS += -Iinclude
$(GRADER_OUT)/class: $(CLASS_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $(CLASS_OBJ) $(LIB) $(call pkg_libs,libcjson yaml-0.1) -lm
# The probe objects linked into one whose only global symbol is main (tools/grader/build.h): a submission can neither
# replace nor call anything of the probe's (gr_put, the tables of tests), whatever it defines or declares.
OBJCOPY ?= objcopy
$(GRADER_OBJ)/ex/%/probe-linked.o: $(GRADER_OBJ)/probe/probe.o $(GRADER_OBJ)/probe/values.o \
                                   $(GRADER_OBJ)/ex/%/probe-visible.o $(GRADER_OBJ)/ex/%/probe-hidden.o $(PROBE_STAMP)
	$(call step,LD,$@)
	$(Q)$(CC) -r -nostdlib -o $@.tmp $(filter %.o,$^)
	$(Q)$(OBJCOPY) --keep-global-symbol=main $@.tmp $@
	@rm -f $@.tmp
$(GRADER_OUT)/%/probe.a: $(GRADER_OBJ)/ex/%/probe-linked.o
	@mkdir -p $(@D)
	@rm -f $@
	$(call step,AR,$@)
	$(Q)$(AR) rcs $@ $^
$(GRADER_OUT)/merge-results: $(GRADER_OBJ)/core/merge.o $(GRADER_OBJ)/core/report.o $(GRADER_OBJ)/core/values.o \
                             $(BUILD)/obj/src/text.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(call pkg_libs,libcjson) -lm
# PrairieLearn's results.json from the judge's (tools/grader/pl_results.c): what its entry point writes.
# In bin/, as exercise-list: the catalogues are found from the program's folder (tools/grader/i18n.h).
$(GRADER_OUT)/bin/pl-results: $(GRADER_OBJ)/core/pl_results.o $(GRADER_OBJ)/core/report.o $(GRADER_OBJ)/core/values.o \
                              $(GRADER_OBJ)/core/i18n.o $(BUILD)/obj/src/lang.o $(BUILD)/obj/src/text.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(call pkg_libs,libcjson) -lm
# Which uploaded file is graded (tools/grader/uploads.h): the rule assignment.sh applies through pick-upload.
$(GRADER_OUT)/pick-upload: $(GRADER_OBJ)/core/pick_upload.o $(GRADER_OBJ)/core/uploads.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^
CHECK_RUNNER := $(GRADER_OBJ)/core/check_runner.o $(GRADER_OBJ)/core/values.o $(GRADER_OBJ)/core/i18n.o \
                $(BUILD)/obj/src/lang.o
$(BUILD)/exercises/%/check-student: $(CHECK_RUNNER) $(GRADER_OBJ)/ex/%/check-visible.o $(GRADER_OBJ)/ex/%/student.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(call pkg_libs,check) -lm
$(BUILD)/exercises/%/check-solution: $(CHECK_RUNNER) $(GRADER_OBJ)/ex/%/check-visible.o $(GRADER_OBJ)/ex/%/solution.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(call pkg_libs,check) -lm

# --- check-build: the library, the programs, the catalogues, the tests, the grader and the exercises' checks -----
check-build: $(LIB) $(BINS) $(CATALOGUES) $(TESTS) $(BUILD)/tests/.helpers $(BUILD)/tests/tools/yaml2json \
             $(BUILD)/tests/tools/stall_probe grader $(GRADER_OUT)/class \
             $(foreach e,$(EXERCISE_NAMES),$(call ex_checks,$(e))) $(HIDDEN_CATALOGUES) $(EXERCISE_LIST)
	@$(MAKE) --no-print-directory -s grader-secrets

# make exercise EX=NN [STUDENT=FILE.c] [CASE=N]: the visible tests of exercises/NN-*/student.c (or of STUDENT), with
# friendly output, in the caller's language; CASE=N runs the N-th alone, exit 0 when it passes (GitHub Classroom).
# The list and the refusal of an EX that names no exercise: exercise-list (tools/grader/exercise_list.c).
EXERCISE_LIST := $(GRADER_OUT)/bin/exercise-list
$(EXERCISE_LIST): $(GRADER_OBJ)/core/exercise_list.o $(GRADER_OBJ)/core/values.o $(GRADER_OBJ)/core/i18n.o \
                  $(BUILD)/obj/src/lang.o
	@mkdir -p $(@D)
	$(call step,LD,$@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ -lm

exercise: need-deps
	@ex=$(call ex_named,$(EX)); \
	$(MAKE) --no-print-directory -s $(EXERCISE_LIST) $(CATALOGUES) || exit 1; \
	if [ -z "$(EX)" ]; then $(CALLER_LANG) $(EXERCISE_LIST) $(EXERCISE_NAMES); exit 0; fi; \
	if [ -z "$$ex" ]; then $(CALLER_LANG) $(EXERCISE_LIST) --not "$$EX" $(EXERCISE_NAMES); exit 2; fi; \
	$(MAKE) --no-print-directory -s $(CHECK_RUNNER) $(GRADER_OBJ)/ex/$$ex/check-visible.o $(CATALOGUES) || exit 1; \
	src=$${STUDENT:-exercises/$$ex/student.c}; obj=$(GRADER_OBJ)/ex/$$ex/student.o; run=$(BUILD)/exercises/$$ex/check-student; \
	if [ -n "$${STUDENT:-}" ]; then obj=$(GRADER_OBJ)/ex/$$ex/given.o run=$(BUILD)/exercises/$$ex/check-given; \
	    [ -f "$$src" ] || { echo "make exercise: STUDENT: '$$src' is not a file (allowed: a .c file)" >&2; exit 2; }; fi; \
	said=$$(mktemp) || exit 1; \
	if [ -n "$${STUDENT:-}" ]; then mkdir -p $$(dirname $$obj) && \
	    $(CC) $(STUDENT_CFLAGS) -Iexercises/$$ex -c "$$src" -o $$obj 2>"$$said"; \
	else $(MAKE) --no-print-directory -s $$obj 2>"$$said"; fi; \
	if [ $$? -eq 0 ]; then cat "$$said" >&2; rm -f "$$said"; \
	else grep -v '^make\[[0-9]*\]: \*\*\*' "$$said" >&2; rm -f "$$said"; \
	    $(CALLER_LANG) $(EXERCISE_LIST) --not-compiled $$ex "$$src"; exit 1; fi; \
	if [ -n "$${STUDENT:-}" ]; then mkdir -p $$(dirname $$run) && $(CC) $(LDFLAGS) -o $$run $(CHECK_RUNNER) $(GRADER_OBJ)/ex/$$ex/check-visible.o $$obj \
	    $(call pkg_libs,check) -lm || exit 1; \
	else $(MAKE) --no-print-directory -s $$run || exit 1; fi; \
	$(CALLER_LANG) $$run $$ex "$$src" $${CASE:-}

# make grade EXERCISE=exercises/NN-topic SUBMISSION=path/student.c RESULTS=path/results.json [TIMEOUT=S JOBS=N]
# make grade EXERCISES="01 02 09" SUBMISSION=folder RESULTS=results.json: an assignment, as Gradescope grades it.
# File names reach the commands through the environment (make exports its command-line variables), never through
# the shell's parsing: a name with quotes, $(...) or backticks is only a name.
ASSIGNMENT    = $(foreach e,$(EXERCISES),$(call ex_named,$(e)))
grade: need-deps
	@if [ -n "$(EXERCISES)" ]; then \
	    if [ -z "$${SUBMISSION:-}" ] || [ -z "$${RESULTS:-}" ] || [ "$(words $(ASSIGNMENT))" != "$(words $(EXERCISES))" ]; then \
	    echo "usage: make grade EXERCISES=\"01 02 ...\" SUBMISSION=folder RESULTS=path/results.json" >&2; \
	    echo "  EXERCISES='$(EXERCISES)' (allowed: numbers of $(EXERCISE_NAMES))" >&2; exit 2; fi; \
	    $(MAKE) --no-print-directory -s grader $(CATALOGUES) $(HIDDEN_CATALOGUES) grader-secrets && \
	    $(CALLER_LANG) JUDGE_OPTS="$(GRADE_OPTS)" sh tools/grader/assignment.sh $(GRADER_OUT) exercises "$$SUBMISSION" "$$RESULTS" \
	        $(ASSIGNMENT); exit $$?; fi; \
	ex=$(call ex_named,$(EXERCISE)); \
	if [ -z "$${SUBMISSION:-}" ] || [ -z "$${RESULTS:-}" ] || [ -z "$$ex" ]; then \
	    echo "usage: make grade EXERCISE=exercises/NN-topic SUBMISSION=path/student.c RESULTS=path/results.json" >&2; \
	    echo "  EXERCISE='$(EXERCISE)' (allowed: $(addprefix exercises/,$(EXERCISE_NAMES)))" >&2; exit 2; fi; \
	$(MAKE) --no-print-directory -s $(GRADER_OUT)/$$ex/judge $(GRADER_OUT)/$$ex/probe.a $(CATALOGUES) \
	    $(HIDDEN_CATALOGUES) grader-secrets && \
	$(CALLER_LANG) $(GRADER_OUT)/$$ex/judge --exercise exercises/$$ex --submission "$$SUBMISSION" --results "$$RESULTS" \
	    --probe-lib $(GRADER_OUT)/$$ex/probe.a --cc "$(CC)" $(GRADE_OPTS)

# make grade-all EXERCISE=exercises/NN-topic SUBMISSIONS=DIR RESULTS=scores.csv [SIMILARITY=70 LMS_ASSIGNMENT=NAME]:
# every DIR/*.c, or every submission folder of a Gradescope export, in parallel; then the class report.
# make grade-all EXERCISES="01 02 09" SUBMISSIONS=export RESULTS=scores.csv: an assignment's export, each folder
# graded as the Gradescope package grades it (assignment.sh), a column an exercise and the total.
# DUE=2026-12-01T23:59:00-05:00 [LATE_PENALTY=10|zero] MISSING=zero|blank: the late policy and the LMS files'.
# ONLY=SUBMISSION_OR_SID regrades that one into an existing RESULTS, every other row as it was.
CLASS_WEEK    = --due "$${DUE:-}" --late-penalty "$${LATE_PENALTY:-}" --missing "$${MISSING:-}" --only "$${ONLY:-}"
# In English whatever LANG says (its CSV columns are the tests' names); GRADER_LANG=es for Spanish results.json files.
grade-all: need-deps
	@if [ -n "$(EXERCISES)" ]; then \
	    if [ -z "$${SUBMISSIONS:-}" ] || [ -z "$${RESULTS:-}" ] || [ "$(words $(ASSIGNMENT))" != "$(words $(EXERCISES))" ]; then \
	    echo "usage: make grade-all EXERCISES=\"01 02 ...\" SUBMISSIONS=DIR RESULTS=scores.csv" >&2; \
	    echo "  EXERCISES='$(EXERCISES)' (allowed: numbers of $(EXERCISE_NAMES))" >&2; exit 2; fi; \
	    $(MAKE) --no-print-directory -s grader $(GRADER_OUT)/class $(CATALOGUES) $(HIDDEN_CATALOGUES) grader-secrets && \
	    sh tools/grader/grade-all.sh --exercises "$(ASSIGNMENT)" $(GRADER_OUT) exercises "$$SUBMISSIONS" "$$RESULTS" \
	        --similarity "$${SIMILARITY:-70}" $${LMS_ASSIGNMENT:+--assignment "$$LMS_ASSIGNMENT"} $(CLASS_WEEK) \
	        --cc "$(CC)" $(GRADE_OPTS); \
	    exit $$?; fi; \
	ex=$(call ex_named,$(EXERCISE)); \
	if [ -z "$${SUBMISSIONS:-}" ] || [ -z "$${RESULTS:-}" ] || [ -z "$$ex" ]; then \
	    echo "usage: make grade-all EXERCISE=exercises/NN-topic SUBMISSIONS=DIR RESULTS=scores.csv" >&2; \
	    echo "  EXERCISE='$(EXERCISE)' (allowed: $(addprefix exercises/,$(EXERCISE_NAMES)))" >&2; exit 2; fi; \
	$(MAKE) --no-print-directory -s $(GRADER_OUT)/$$ex/judge $(GRADER_OUT)/$$ex/probe.a $(GRADER_OUT)/class \
	    $(CATALOGUES) $(HIDDEN_CATALOGUES) grader-secrets && \
	sh tools/grader/grade-all.sh "$(GRADER_OUT)/$$ex/judge" "$(GRADER_OUT)/$$ex/probe.a" "exercises/$$ex" \
	    "$$SUBMISSIONS" "$$RESULTS" --similarity "$${SIMILARITY:-70}" --assignment "$${LMS_ASSIGNMENT:-$$ex}" \
	    $(CLASS_WEEK) --cc "$(CC)" $(GRADE_OPTS)

# make gradescope EXERCISE=exercises/NN-topic | EXERCISES="01 02 09" [TIMEOUT=S HIDDEN_VISIBILITY=V GRADER_LANG=es]:
# the autograder zip, build/gradescope/NN-topic.zip (or 01-02-09.zip; NN-topic.es.zip with GRADER_LANG=es):
# setup.sh, run_autograder and what grading needs, with GRADER_LANG's catalogues.
gradescope:
	@names="$(if $(EXERCISES),$(ASSIGNMENT),$(call ex_named,$(EXERCISE)))"; \
	if [ -z "$$names" ] || [ -n "$(EXERCISES)" -a "$(words $(ASSIGNMENT))" != "$(words $(EXERCISES))" ]; then \
	    echo "usage: make gradescope EXERCISE=exercises/NN-topic  or  EXERCISES=\"01 02 ...\"" >&2; \
	    echo "  EXERCISE='$(EXERCISE)' EXERCISES='$(EXERCISES)' (allowed: $(EXERCISE_NAMES))" >&2; exit 2; fi; \
	zip=$(BUILD)/gradescope/$(if $(EXERCISES),$(subst $(eval) ,-,$(foreach n,$(ASSIGNMENT),$(firstword \
	    $(subst -, ,$(n))))),$$names)$(if $(GRADER_LANG),.$(GRADER_LANG)).zip; \
	$(if $(GRADER_LANG),$(MAKE) --no-print-directory -s $(CATALOGUES) $(HIDDEN_CATALOGUES) grader-secrets &&) \
	GRADESCOPE_BUILD='$(BUILD)' GRADESCOPE_LANG='$(GRADER_LANG)' \
	    sh tools/grader/gradescope.sh "$$zip" "$(strip $(GRADESCOPE_OPTS))" $$names

# make prairielearn EXERCISES="01 02 09" [PL_IMAGE=user/numlab-grader:1 TIMEOUT=S GRADER_LANG=es]: build/prairielearn,
# a PrairieLearn question per exercise and the grading image's folder (tools/grader/prairielearn.sh).
prairielearn:
	@names="$(if $(EXERCISES),$(ASSIGNMENT),$(call ex_named,$(EXERCISE)))"; \
	if [ -z "$$names" ] || [ -n "$(EXERCISES)" -a "$(words $(ASSIGNMENT))" != "$(words $(EXERCISES))" ]; then \
	    echo "usage: make prairielearn EXERCISES=\"01 02 ...\" [PL_IMAGE=user/numlab-grader:1]" >&2; \
	    echo "  EXERCISES='$(EXERCISES)' (allowed: numbers of $(EXERCISE_NAMES))" >&2; exit 2; fi; \
	$(if $(GRADER_LANG),$(MAKE) --no-print-directory -s $(CATALOGUES) $(HIDDEN_CATALOGUES) grader-secrets &&) \
	PRAIRIELEARN_LANG='$(GRADER_LANG)' sh tools/grader/prairielearn.sh $(BUILD)/prairielearn \
	    "$${PL_IMAGE:-numlab-grader:latest}" "$(strip $(GRADESCOPE_OPTS))" $$names

# make classroom EXERCISE=NN: build/classroom/NN-topic, a GitHub Classroom template repository whose pushes are
# graded by the visible tests, a step and its points each (tools/grader/classroom.sh).
classroom: need-deps
	@ex=$(call ex_named,$(EXERCISE)); \
	if [ -z "$$ex" ]; then echo "usage: make classroom EXERCISE=NN" >&2; \
	    echo "  EXERCISE='$(EXERCISE)' (allowed: $(EXERCISE_NAMES))" >&2; exit 2; fi; \
	$(MAKE) --no-print-directory -s $(BUILD)/exercises/$$ex/check-student && \
	CLASSROOM_CHECK=$(BUILD)/exercises/$$ex/check-student sh tools/grader/classroom.sh $(BUILD)/classroom/$$ex $$ex

# make student-dist: build/numlab-student.tar.gz, the project without solutions, hidden tests or grader fixtures.
student-dist:
	@sh tools/grader/student-dist.sh $(BUILD)/numlab-student.tar.gz

# make course-check: the Gradescope package (English and Spanish), the students' tarball and an installed prefix,
# each in a fresh Debian 12 root as deployed (tools/course-check.sh). As root; minutes; never part of check.
.PHONY: course-check
course-check:
	@sh tools/course-check.sh $(BUILD)

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
