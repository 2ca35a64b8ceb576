/* What the claims tests (tests/test_*_lab_claims.c) share: a relative comparison with the numbers in the message. */
#ifndef NUMLAB_TESTS_CLAIMS_H
#define NUMLAB_TESTS_CLAIMS_H

#include <check.h>
#include <math.h>

/* |X - Y| <= TOL |Y| */
#define ck_claim_rel(X, Y, TOL)                                                                               \
    do {                                                                                                      \
        double x_ = (X), y_ = (Y);                                                                            \
        ck_assert_msg(fabs(x_ - y_) <= (TOL) * fabs(y_), "%s = %.17g, expected %.17g (relative %g)", #X, x_, \
                      y_, (double)(TOL));                                                                     \
    } while (0)

#endif
