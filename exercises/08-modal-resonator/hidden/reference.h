/* Exercise 08, for the judge only (hidden/: never in the students' copy): the closed form the hidden tests compare
 * with. The visible tests hold its values as literal tables. */
#ifndef EXERCISE_08_HIDDEN_REFERENCE_H
#define EXERCISE_08_HIDDEN_REFERENCE_H

#include <math.h>

#include "exercise.h"

/* The impulse response of the mode, g r^n sin(theta (n + 1)), 0 before the impulse (n < 0). */
static inline double mode_impulse(double freq, double decay, double gain, double rate, long n)
{
    if (n < 0)
        return 0;
    return gain * exp(-decay * (double)n / rate) * sin(2 * EX_PI * freq / rate * (double)(n + 1));
}

#endif
