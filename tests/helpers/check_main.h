/* The main of every Check program: run the suite, return EXIT_SUCCESS only when no test failed. */
#ifndef NUMLAB_TESTS_CHECK_MAIN_H
#define NUMLAB_TESTS_CHECK_MAIN_H

#include <check.h>

int run_suite(Suite *suite);

#endif
