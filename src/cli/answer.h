/*
 * answer.h - the answer to one record as text ready to write (answer.c):
 * how it ended (its outcome), the functions that frame it (a --csv row)
 * and those with which the commands write its text.
 */
#ifndef BITDOKU_CLI_ANSWER_H
#define BITDOKU_CLI_ANSWER_H

#include "bitdoku.h"
#include "printf_like.h"
#include "settings.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum outcome {
    OUTCOME_ANSWERED,       /* solved, scored or counted */
    OUTCOME_NO_SOLUTION,
    OUTCOME_CUT_SHORT,
    OUTCOME_MALFORMED,
    OUTCOME_FAILED,         /* the search could not run (out of memory) */
    OUTCOME_REJECTED,       /* check: a proposed solution that is not one */
    OUTCOME_KINDS
} outcome;

/* The answer to one record, as text ready to write. Zero-initialise it
 * before first use; answer_free releases its text. */
typedef struct answer {
    char *text;             /* NUL-terminated; grows as needed */
    size_t len, cap;
    bool out_of_memory;     /* the text could not grow */
    bool block;             /* set apart from its neighbours by blank lines:
                               the answer to a puzzle answered with a grid
                               (settings.grid_answers), whatever it says,
                               and every answer of settings.all_blocks */
    outcome outcome;
    const char *failure;    /* OUTCOME_FAILED: why, for stderr */
    bd_stats stats;
    uint64_t tries, checks; /* generate: tries and uniqueness checks made */
    unsigned long line;     /* where the record started (generate: the
                               puzzle's number) */
    double seconds;         /* time taken, when settings.time_each */
    char csv_separator;     /* a CSV (or TSV) row: its separator; 0: plain */
    size_t field_start;     /* a row: where the field being written starts */
    size_t ours_start;      /* a row: where our first field starts */
    unsigned fields;        /* a row: our fields begun so far */
    unsigned columns;       /* a row: how many columns are ours */
} answer;

/* Makes the answer `error` for a puzzle the command cannot take as it came
 * (say, pencil marks to target), to be reported with `why` (a static
 * string) when it is written: a malformed record, as far as the exit
 * status goes. */
void answer_refuse(answer *a, const char *why);

/* Answers `rec` (whose bd_read status was BD_OK, or BD_EMALFORMED when
 * `malformed`) with s->answer, framed by answer_begin and answer_end.
 * Thread-safe. */
void answer_record(const settings *s, const bd_record *rec, bool malformed, answer *a);

/* Starts the answer to `rec`. With --csv it is a row: the record's own row
 * as it came (CSV or TSV input), or else the puzzle as 81 characters
 * (empty when malformed, or when `rec` is NULL: an answer without a
 * record), then the separator; the answer's text is the first of our
 * fields. */
void answer_begin(const settings *s, const bd_record *rec, answer *a);

/* Between two values of an answer: `gap` as plain text, or with --csv
 * the end of one field and the start of the next. */
void answer_field(answer *a, const char *gap);

/* Ends the answer: with --csv, the last field and the row, with empty
 * fields for the columns the answer left unfilled (an `error` or `-1`
 * row is as wide as the header). */
void answer_end(answer *a);

/* The shape to write a grid answer in, for a record read in `shape`. */
bd_shape answer_shape(const settings *s, bd_shape shape);

/* Appends `text`, formatted text, or a grid in `shape` to the answer. */
void answer_put(answer *a, const char *text);
/* Appends the `len` bytes at `bytes` (not NUL-terminated) to the answer. */
void answer_put_bytes(answer *a, const char *bytes, size_t len);

/* The eliminations a hint has seen before its placement, as one text,
 * "; " apart; the caller frees `text`. */
typedef struct reasons {
    char *text;             /* NULL until the first */
    size_t len, cap;
    bool failed;            /* memory ran short: the text stops growing */
} reasons;

/* Appends "; " (unless first) and a step's text to r; on a shortage of
 * memory sets r->failed and leaves the text as it was. */
void reasons_add(reasons *r, const char *text);
/* Appends " after: " and r's text to the answer when r holds any; else
 * nothing. */
void reasons_put(answer *a, const reasons *r);

/* Writes `board` of any size in `how`'s shape and alphabet (one line, no
 * line end, in a --csv row), in numbers when that alphabet has too few
 * symbols for its N; false when it cannot be written (the answer fails). */
bool answer_board(answer *a, const bd_board *board, const bd_board_text *how);
CLI_PRINTF_LIKE(2, 3) void answer_printf(answer *a, const char *fmt, ...);
void answer_grid(answer *a, const bd_grid *grid, bd_shape shape);

/* Releases the text of an answer. */
void answer_free(answer *a);

/* Makes the answer `error`, to be reported with `why` (a static string)
 * when it is written. */
void answer_fail(answer *a, const char *why);

/* generate's puzzle number `number` (from 1) of the run's seed and
 * settings into *puzzle and *solution, its effort (nodes, tries, checks)
 * into `a`; returns bd_generate's status. */
bd_status answer_generate(const settings *s, unsigned long number, bd_grid *puzzle,
                          bd_grid *solution, answer *a);

/* check's verdict on the proposal "no solution", from the count to 1 of
 * the puzzle's solutions (`status`, `count`): ok when it has none,
 * rejected when it has one, cut-short, or the failure `status` names. */
void answer_no_solution(answer *a, bd_status status, uint64_t count);

#endif
