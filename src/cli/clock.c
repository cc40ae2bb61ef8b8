/*
 * clock.c - seconds on a wall clock: C11's timespec_get (TIME_UTC), which
 * is enough to time an answer or a piece and to pace the progress line
 * and the flushes of the output; nothing depends on it but timings.
 */
#include "clock.h"

#include <time.h>

double cli_seconds(void)
{
    struct timespec now;
    timespec_get(&now, TIME_UTC);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
