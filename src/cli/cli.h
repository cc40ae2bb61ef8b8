/*
 * cli.h - the bitdoku command line: what cli.c, answer.c and batch.c share.
 * Not part of the library.
 */
#ifndef BITDOKU_CLI_H
#define BITDOKU_CLI_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Exit statuses of the command (documented in --help and the README). */
enum {
    CLI_OK = 0,          /* every record read and answered */
    CLI_MALFORMED = 1,   /* some input was malformed (each reported) */
    CLI_FATAL = 2,       /* usage error, unreadable file, or write error */
    CLI_CUT_SHORT = 3    /* some puzzle was cut short by --max-nodes/--timeout */
};

/* Runs `bitdoku argv[1..]`, answers on `out`, diagnostics on `err`;
 * returns the exit status. Files named in argv are opened by name; "-" or
 * no file means `in`. */
int cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

typedef enum command { CMD_SOLVE, CMD_TARGET, CMD_COUNT } command;

typedef enum format { FMT_AUTO, FMT_LINE, FMT_GRID, FMT_COMPACT, FMT_PRETTY } format;

/* What to do with each puzzle: read-only once the arguments are parsed,
 * shared by every worker thread. */
typedef struct settings {
    command cmd;
    bd_options options;
    format fmt;
    bool print_grid;        /* target --grid */
    bool unique;            /* count --unique */
    uint64_t limit;         /* count --limit; 0: none */
    bool time_each;         /* measure the time of each answer */
} settings;

typedef enum outcome {
    OUTCOME_ANSWERED,       /* solved, scored or counted */
    OUTCOME_NO_SOLUTION,
    OUTCOME_CUT_SHORT,
    OUTCOME_MALFORMED
} outcome;

enum { ANSWER_MAX = BD_FORMAT_MAX + 64 };

/* The answer to one record, as text ready to write. */
typedef struct answer {
    char text[ANSWER_MAX];
    size_t len;
    bool multi_line;        /* set apart from its neighbours by blank lines */
    outcome outcome;
    bd_stats stats;
    unsigned long line;     /* where the record started */
    double seconds;         /* time taken, when settings.time_each */
} answer;

/* Answers `rec` (whose bd_read status was BD_OK, or BD_EMALFORMED when
 * `malformed`) according to `s`. Thread-safe. */
void answer_record(const settings *s, const bd_record *rec, bool malformed, answer *a);

/* Writes answers in order, with blank lines between multi-line ones, and
 * keeps the tally that --stats and the exit status need. */
typedef struct output {
    FILE *out;
    FILE *progress;         /* where to show progress, or NULL */
    bool progress_shown;
    double started, last_shown, last_flush;
    int write_errno;        /* errno of the first failed write, or 0 */
    bool any;               /* an answer was written */
    bool last_multi_line;
    uint64_t by_outcome[4];
    bd_stats stats;
    FILE *each;             /* where to report each answer's effort, or NULL */
    const char *name;       /* the input being answered, for those reports */
} output;

/* Writes one answer; false once writing has failed. */
bool output_answer(output *o, const answer *a);

/* Clears the progress line, if one is shown. */
void output_progress_done(output *o);

/* Seconds on a monotonic-enough wall clock. */
double cli_seconds(void);

/* True when `stream` is an interactive terminal (false where that cannot
 * be told). */
bool cli_is_terminal(FILE *stream);

/* Reads records from a reader, and reports the faults of the input. */
typedef struct source {
    bd_reader *reader;      /* reading `file` through source_read */
    FILE *file;
    const char *name;       /* for messages */
    FILE *err;
    void (*before_wait)(void *context);  /* writes out the answers owed */
    void *wait_context;
    bool malformed;         /* some input was malformed */
    bool failed;            /* the input could not be read */
} source;

/* The bd_read_fn of a source (context: the source): reads what `file`
 * holds now; calls before_wait first when that would mean waiting. */
size_t source_read(void *context, void *buf, size_t size);

/* The next record to answer: BD_OK or BD_EMALFORMED (already reported);
 * BD_EOF when there are no more (after a read error too). */
bd_status source_next(source *src, bd_record *rec);

enum { MAX_JOBS = 64 };

/* Answers every record of `src` with `jobs` threads (1: in this thread),
 * writing the answers in input order to `o`. False when output failed. */
bool run_batch(const settings *s, int jobs, source *src, output *o);

#endif
