/*
 * cli.h - the bitdoku command line: what its files share. Not part of the
 * library. The files, from the top down (a file calls only those below it):
 *
 *   main.c      main(): stdout buffering, then cli_run
 *   cli.c       cli_run: parse, dispatch to the command, exit status
 *   options.c   the option table: argv -> settings, and --help
 *   commands.c  the command table: each command's name, summary, and how
 *               it runs (an answer function per record, or a run function)
 *   explain.c   the explain command: a puzzle's solution path, or a hint
 *   rate.c      the rate command: how hard a puzzle is for a person
 *   check.c     the check command: pairs of puzzle and proposed solution
 *   generate.c  the generate command: puzzles made, not read, on 1..N
 *               threads, written in order
 *   cmd_solve.c   the solve command: a solution, or --all of them
 *   cmd_target.c  the target command: the best score, and --grid
 *   cmd_count.c   the count command: how many solutions
 *   batch.c     answering the records of every input, with 1..N threads, a
 *               piece of input at a time, the answers written in order
 *   piece.c     one piece of input (whole lines) -> the answers to its
 *               records and the diagnostics between them
 *   answer.c    one record -> the text of its answer, framed (--csv rows)
 *   input.c     sources: files and stdin read as input comes, cut into
 *               pieces at line ends, faults reported
 *   output.c    answers written in order; progress line, tally, --stats
 *
 * A new command is a file of its own with its answer (or run) function, a
 * line in COMMANDS (commands.c) and its options' lines in options.c.
 */
#ifndef BITDOKU_CLI_H
#define BITDOKU_CLI_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Lets the compiler check printf-style formats of our own functions. */
#if defined(__GNUC__)
#define CLI_PRINTF_LIKE(fmt_arg, first_arg) __attribute__((format(printf, fmt_arg, first_arg)))
#else
#define CLI_PRINTF_LIKE(fmt_arg, first_arg)
#endif

/* Exit statuses of the command (documented in --help and the README). */
enum {
    CLI_OK = 0,          /* every record read and answered */
    CLI_MALFORMED = 1,   /* some records were malformed (each reported, answered
                            'error'); check: or some answer was rejected */
    CLI_FATAL = 2,       /* usage error, unreadable file, or write error */
    CLI_CUT_SHORT = 3,   /* some puzzle was cut short by --max-nodes/--timeout */
    CLI_MISFRAMED = 4    /* every record answered, but the input around them was
                            wrong: text after 'end', or a count line that does
                            not match the puzzles (reported) */
};

/* Runs `bitdoku argv[1..]`, answers on `out`, diagnostics on `err`;
 * returns the exit status. Files named in argv are opened by name; "-" or
 * no file means `in`. */
int cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

/* cli_run, with the input cut into pieces of about `piece_bytes` bytes
 * (0: the default) for the answering threads: for tests of the cutting. */
int cli_run_pieces(int argc, char **argv, FILE *in, FILE *out, FILE *err, size_t piece_bytes);

/* The commands, in the order of COMMANDS (commands.c) and of --help. */
typedef enum command_id {
    CMD_SOLVE, CMD_TARGET, CMD_COUNT, CMD_RATE, CMD_EXPLAIN, CMD_CHECK, CMD_GENERATE,
    COMMAND_COUNT
} command_id;

/* A set of commands, for the options that apply to some only. */
#define CMD_BIT(id) (1u << (id))
#define CMD_ALL ((1u << COMMAND_COUNT) - 1u)

typedef enum format { FMT_AUTO, FMT_LINE, FMT_GRID, FMT_COMPACT, FMT_PRETTY } format;

struct settings;
struct answer;
struct session;
struct output;

/* Turns one well-formed record into the text of its answer. Thread-safe. */
typedef void (*answer_fn)(const struct settings *s, const bd_record *rec, struct answer *a);

/* Runs a command that does not answer its inputs record by record; false
 * when output failed. */
typedef bool (*run_fn)(struct session *ses);

/* The names of the columns a command's answers fill with --csv, joined by
 * commas (e.g. "target,grid"). */
typedef const char *(*columns_fn)(const struct settings *s);

/* Writes a command's --stats summary to `err`. */
typedef void (*summary_fn)(const struct output *o, FILE *err);

typedef struct command_spec {
    command_id id;
    const char *name;
    const char *summary;    /* for --help; '\n' starts another line */
    answer_fn answer;       /* per-record commands */
    run_fn run;             /* or NULL: answer every record of the inputs */
    columns_fn columns;     /* or NULL: one column, named as the command */
    bool no_input;          /* it reads no input: FILE operands are errors */
    summary_fn stats;       /* or NULL: output_summary */
} command_spec;

/* Every command, indexed by command_id. */
extern const command_spec COMMANDS[COMMAND_COUNT];

/* What to do with each puzzle: read-only once the arguments are parsed,
 * shared by every worker thread. */
typedef struct settings {
    command_id cmd;
    answer_fn answer;       /* COMMANDS[cmd].answer */
    bd_options options;
    format fmt;
    bool print_grid;        /* target --grid */
    bool grid_answers;      /* a puzzle is answered with a grid (solve,
                               target --grid): in the shape answer_shape
                               gives, every answer to a grid is a block */
    bool all_blocks;        /* every answer is a block, whatever the input's
                               shape (explain, not --hint or --csv) */
    bool unique;            /* count --unique */
    uint64_t limit;         /* count and solve --all: --limit; 0: none */
    bool all;               /* solve --all */
    bool hint;              /* explain --hint */
    bool time_each;         /* measure the time of each answer */
    bool csv;               /* --csv: a row per record, with a header */
    const char *columns;    /* with --csv: the names of our columns */
    size_t piece_bytes;     /* how much input a piece holds (0: the default;
                               tests make it small, see cli_run_pieces) */
    bd_generate_options gen; /* generate: what to make */
    uint64_t seed;          /* generate --seed, or one from the clock */
    bool seed_given;
    unsigned long made;     /* generate --count: how many to make */
    bool with_solution;     /* generate --solution */
    char gave_up[160];      /* generate: why a puzzle was not made */
} settings;

/* ------------------------------------------------------------------ */
/* answer.c                                                            */

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
CLI_PRINTF_LIKE(2, 3) void answer_printf(answer *a, const char *fmt, ...);
void answer_grid(answer *a, const bd_grid *grid, bd_shape shape);

/* Releases the text of an answer. */
void answer_free(answer *a);

/* Makes the answer `error`, to be reported with `why` (a static string)
 * when it is written. */
void answer_fail(answer *a, const char *why);

/* ------------------------------------------------------------------ */
/* cmd_solve.c, cmd_target.c and cmd_count.c                           */

/* The answer functions of solve, target and count. */
void answer_solve(const settings *s, const bd_record *rec, answer *a);
void answer_target(const settings *s, const bd_record *rec, answer *a);
void answer_count(const settings *s, const bd_record *rec, answer *a);

/* The --csv columns of solve ("solution"; --all "count,solutions") and of
 * target ("target", with --grid "target,grid"). */
const char *columns_solve(const settings *s);
const char *columns_target(const settings *s);

/* Writes a count of solutions, found by a search to
 * count_search_limit(limit) that ended with `status`: "N", "N+" (more
 * than the limit N; 0: none), "cut-short>=N" or "cut-short"; sets the
 * answer's outcome. No line end. */
void count_field(answer *a, bd_status status, uint64_t count, uint64_t limit);

/* The search limit for a shown limit N: N + 1, so that N+ means "more
 * than N" and a count up to N is exact (0: none). */
uint64_t count_search_limit(uint64_t limit);

/* ------------------------------------------------------------------ */
/* piece.c                                                             */

/* A line for stderr, owed at a point of a piece's answers. */
typedef struct note {
    size_t at;              /* after this many bytes of the answers' text */
    size_t start, len;      /* the line: piece.note_text[start..start + len) */
    bool flush_first;       /* write out the answers before it (a fault or a
                               failure, so that stdout and stderr keep step) */
} note;

/*
 * A piece of an input: a run of whole lines (input.c fills it), then the
 * answers to its records as text ready to write, with the diagnostics owed
 * between them (piece.c), written in input order by output.c. Zero-
 * initialise it before first use; piece_free releases its buffers, which
 * are kept from one use to the next.
 */
typedef struct piece {
    /* what to read */
    char *data;
    size_t len, cap;
    unsigned long lines_before;     /* lines of the input before `data` */
    bool first;                     /* the first piece of its input */
    bd_reader_mark at;              /* else where the reader stands before it */
    bool last;                      /* the input ends with this piece */
    double seconds;                 /* how long answering it took */
    /* the answers and diagnostics */
    char *text;
    size_t text_len, text_cap;
    note *notes;
    size_t note_count, note_cap;
    char *note_text;
    size_t note_text_len, note_text_cap;
    bool out_of_memory;             /* the answers could not all be kept */
    bool any;                       /* some answer; then: */
    bool first_block, last_block;   /* whether the first and last are blocks */
    uint64_t by_outcome[OUTCOME_KINDS];
    bd_stats stats;
    bool malformed, misframed;      /* faults of records, of the input */
    /* where the reader ended */
    unsigned long records;
    bd_reader_mark end;
    bool cut;                       /* a grid ran on past the end of the data: */
    size_t cut_at;                  /* from here */
    unsigned long cut_line;
    char separator;                 /* the input's rows (bd_reader_separator) */
    bool has_header;                /* and its header row: */
    size_t header_len;
    char header[BD_LINE_MAX + 1];
} piece;

/* What answering a piece needs besides it: one per thread. */
typedef struct piece_tools {
    bd_reader reader;
    bd_record rec;
    answer ans;
} piece_tools;

/* Reads the records of `p` (from p->at, or from the start of the input)
 * and answers them, noting the faults of input `name` in order. */
void piece_answer(const settings *s, const char *name, piece *p, piece_tools *tools);

/* Makes `p` begin with the `len` bytes at `bytes`, which come `lines`
 * lines before its data; false when there is no memory for them. */
bool piece_prepend(piece *p, const char *bytes, size_t len, unsigned long lines);

/* Makes room for `more` bytes of data; false when there is none. */
bool piece_reserve(piece *p, size_t more);

/* Releases the buffers of a piece, of its tools. */
void piece_free(piece *p);
void piece_tools_free(piece_tools *tools);

/* ------------------------------------------------------------------ */
/* rate.c and explain.c                                                */

/* The answer functions of rate and explain. */
void answer_rate(const settings *s, const bd_record *rec, answer *a);
void answer_explain(const settings *s, const bd_record *rec, answer *a);

/* Their --csv columns. */
const char *columns_rate(const settings *s);
const char *columns_explain(const settings *s);

/* The words that answer a puzzle bd_rate refuses with `status` (e.g.
 * "multiple solutions"), and its outcome in *out; NULL (outcome
 * OUTCOME_FAILED) for a status that is no answer at all. */
const char *rate_refusal(bd_status status, outcome *out);

/* Writes the words of rate_refusal as the answer's line (with --csv the
 * row's other columns are left empty by answer_end); false (the answer
 * failed) for a status that is no answer. */
bool rate_refused(bd_status status, answer *a);

/* Writes a rating as its three fields: "4.2 hard xy-wing", or with --csv
 * the columns rating, level and hardest. No line end. */
void rate_fields(answer *a, const bd_rating *rating);

/* ------------------------------------------------------------------ */
/* output.c                                                            */

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

/* Seconds on a monotonic-enough wall clock. */
double cli_seconds(void);

/* ------------------------------------------------------------------ */
/* input.c                                                             */

/* Reads the records of one input, and reports the faults of the input. */
typedef struct source {
    bd_reader *reader;      /* reading `file` through source_read */
    FILE *file;
    bool owned;             /* `file` was opened here and is closed here */
    const char *name;       /* for messages */
    FILE *err;
    void (*before_wait)(void *context);  /* writes out the answers owed */
    void *wait_context;
    bool malformed;         /* some record was malformed */
    bool misframed;         /* text after 'end', or a count that did not match */
    bool failed;            /* the input could not be read */
    bool started;           /* a piece has been handed out */
    bool ended;             /* all of it has been read (or it failed) */
    unsigned long lines;    /* whole lines handed out in pieces */
    char *rest;             /* an unfinished line read ahead */
    size_t rest_len, rest_cap;
} source;

/* Opens the input called `name` ("-": `in`, shown as <stdin>) for reading
 * records; false (with a message on `err`) when it cannot be opened. */
bool source_open(source *src, const char *name, FILE *in, FILE *err);

/* Closes what source_open opened. */
void source_close(source *src);

/* The next record to answer: BD_OK or BD_EMALFORMED (already reported);
 * BD_EOF when there are no more (after a read error too). */
bd_status source_next(source *src, bd_record *rec);

/* Fills p->data with the next whole lines of the input: what one read
 * brings (at most `size` bytes, and what was left over), cut after its
 * last line end; reads on while there is none. At the end of the input:
 * the rest, maybe empty or a line without an end, and p->last (unless
 * reading failed). Sets p->lines_before and p->first. False when nothing
 * is left, or there is no memory. */
bool source_fill(source *src, piece *p, size_t size);

/* ------------------------------------------------------------------ */
/* batch.c                                                             */

enum { MAX_JOBS = 64 };

/* Answers every record of `src` with `jobs` threads (1: in this thread),
 * writing the answers in input order to `o`. False when output failed. */
bool run_batch(const settings *s, int jobs, source *src, output *o);

struct session;

/* Answers every record of every input of the session (its files, or
 * standard input), in turn; false when output failed. */
bool run_inputs(struct session *ses);

/* ------------------------------------------------------------------ */
/* check.c                                                             */

/* check, one input: the proposal beside the puzzle on a CSV or TSV row. */
void answer_check(const settings *s, const bd_record *rec, answer *a);

/* check, two inputs: one pair, the records just read from each (BD_EOF:
 * that input has ended; BD_EMALFORMED: reported already), answered into
 * `a` from answer_begin to answer_end. Thread-safe. */
void answer_pair(const settings *s, const bd_record *puzzle, bd_status puzzle_status,
                 const bd_record *proposal, bd_status proposal_status, answer *a);

/* check: one input (answer_check on every record) or two, the puzzles and
 * the proposals, read in step; false when output failed. */
bool run_check(struct session *ses);

/* The --csv column of check: "check" (two inputs: "answer,check"). */
const char *columns_check(const settings *s);

/* ------------------------------------------------------------------ */
/* generate.c                                                          */

/* generate: makes --count puzzles (bd_generate), with --jobs threads, and
 * writes them in order; false when output failed. */
bool run_generate(struct session *ses);

/* ------------------------------------------------------------------ */
/* options.c and cli.c                                                 */

/* One run of the command: the settings and everything around them. */
typedef struct session {
    settings set;
    int jobs;
    bool stats;             /* --stats */
    int file_count;
    char **files;           /* the operands: files to read */
    FILE *in, *err;
    output out;
    bool malformed;         /* some record was malformed */
    bool misframed;         /* the input around the records was wrong */
    bool fatal;             /* a usage error, or an input or output failed */
} session;

typedef enum parse_result { PARSE_RUN, PARSE_HELP, PARSE_VERSION, PARSE_ERROR } parse_result;

/* Parses argv into `ses` (whose settings hold the defaults); reports usage
 * errors on ses->err. */
parse_result options_parse(session *ses, int argc, char **argv);

/* Writes the --help text. */
void options_help(FILE *out);

#endif
