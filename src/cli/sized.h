/*
 * sized.h - boards of any size on the command line (sized.c): the judges'
 * formats that --judge names, and the run of a command on sized boards.
 */
#ifndef BITDOKU_CLI_SIZED_H
#define BITDOKU_CLI_SIZED_H

#include <stdbool.h>

struct session;

/* The values of settings.judge, in the order of --judge's words. */
enum { JUDGE_NONE, JUDGE_SPOJ, JUDGE_POJ, JUDGE_UVA989 };

/* Runs solve, count or generate on boards of any size (the session's
 * settings.text, judge, smallest); false when a fault ended the run
 * (reported on stderr). */
bool run_sized(struct session *ses);

#endif
