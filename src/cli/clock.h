/*
 * clock.h - seconds on a wall clock (clock.c), for timing answers and
 * pieces and for pacing the output.
 */
#ifndef BITDOKU_CLI_CLOCK_H
#define BITDOKU_CLI_CLOCK_H

/* Seconds on a monotonic-enough wall clock. */
double cli_seconds(void);

#endif
