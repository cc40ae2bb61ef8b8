/*
 * batch.h - answering the records of the inputs (batch.c): each input cut
 * into pieces, answered on 1..N threads, the answers written in order.
 */
#ifndef BITDOKU_CLI_BATCH_H
#define BITDOKU_CLI_BATCH_H

#include "input.h"
#include "output.h"
#include "session.h"
#include "settings.h"

#include <stdbool.h>

/* Answers every record of `src` with `jobs` threads (1: in this thread),
 * writing the answers in input order to `o`. False when output failed. */
bool run_batch(const settings *s, int jobs, source *src, output *o);

/* Answers every record of every input of the session (its files, or
 * standard input), in turn; false when output failed. */
bool run_inputs(session *ses);

#endif
