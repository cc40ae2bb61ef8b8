/*
 * output.h - answers and pieces' answers written in input order (output.c),
 * the tally of their outcomes for the exit status and --stats, --csv
 * headers, and the one place that notices when output fails.
 */
#ifndef BITDOKU_CLI_OUTPUT_H
#define BITDOKU_CLI_OUTPUT_H

#include "answer.h"
#include "bitdoku.h"
#include "piece.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Writes answers in order, with a blank line on each side of a block, and
 * keeps the tally that --stats and the exit status need. */
typedef struct output {
    FILE *out;
    FILE *err;              /* for the failures of answers */
    FILE *progress;         /* where to show progress, or NULL */
    bool progress_shown;
    double started, last_shown, last_flush;
    int write_errno;        /* errno of the first failed write, or 0 */
    bool failed;            /* writing failed: later answers are dropped */
    bool any;               /* an answer was written */
    bool last_block;
    uint64_t by_outcome[OUTCOME_KINDS];
    uint64_t written[OUTCOME_KINDS];    /* of those, known to be written */
    bd_stats stats;
    uint64_t tries, checks; /* the sums of the answers' */
    FILE *each;             /* where to report each answer's effort, or NULL */
    const char *name;       /* the input being answered, for those reports;
                               NULL: made, not read (reported as "puzzle N") */
    size_t header_len;      /* --csv: the header row written last */
    bool header_written;
    char header[2 * BD_LINE_MAX];
} output;

/* Starts writing answers to `out`; the progress line goes to `err` when it
 * is a terminal and `out` is not. */
void output_init(output *o, FILE *out, FILE *err);

/* Writes one answer; false once writing has failed. An answer without
 * text writes nothing (unless it failed: it had no room for its text). */
bool output_answer(output *o, const answer *a);

/* Writes the answers of a piece and the diagnostics between them (on
 * o->err); false once writing has failed. */
bool output_piece(output *o, const piece *p);

/* Writes a diagnostic line on o->err, the answers before it first. */
void output_note(output *o, const char *line);

/* Flushes the answers and clears the progress line; false (with a message
 * on `err`, unless the reader of a pipe has gone, which needs none) when
 * they could not all be written. */
bool output_finish(output *o, FILE *err);

/* With --csv: the header row of an input read by `reader`, once its
 * first record has been read (so that the reader knows whether it has a
 * header): its own header with our `columns` appended (names joined by
 * commas; in TSV by tabs), or "puzzle" and ours for text. Nothing for a CSV
 * or TSV input without a header, nor when it is the header written last.
 * False once writing has failed. */
bool output_header(output *o, const bd_reader *reader, const char *columns);

/* The same for an input whose header row (NULL: none) and separator (0:
 * text) are known apart from its reader. */
bool output_header_row(output *o, const char *header, size_t len, char separator,
                       const char *columns);

/* Writes the --stats summary to `err`; after a failed write it counts
 * only the answers known to have been written. */
void output_summary(const output *o, FILE *err);

/* Writes the --stats summary of generate to `err`. */
void output_generate_summary(const output *o, FILE *err);

#endif
