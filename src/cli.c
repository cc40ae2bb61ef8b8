/*
 * cli.c - argv -> options -> one answer per record.
 *
 * The command line is `bitdoku [COMMAND] [OPTION]... [FILE]...`, parsed in
 * the getopt_long manner by a small parser of our own (C11 has no getopt):
 * long options with `--name=value` or `--name value`, unambiguous prefixes
 * of long names, short options that may be bundled (`-gu`), `--` to end the
 * options. The command, if any, is the first argument that is not an option.
 *
 * Every record of the input gets exactly one answer on stdout, in input
 * order, so that answers line up with puzzles; diagnostics go to stderr as
 * `bitdoku: FILE:LINE:COL: message`.
 */
#include "cli.h"

#include "bitdoku.h"
#include "internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef enum command { CMD_SOLVE, CMD_TARGET, CMD_COUNT } command;

typedef enum format { FMT_AUTO, FMT_LINE, FMT_GRID, FMT_COMPACT, FMT_PRETTY } format;

enum { DEFAULT_COUNT_LIMIT = 1000000 };

typedef struct cli {
    command cmd;
    bd_options options;
    format fmt;
    bool print_grid;        /* target --grid */
    bool unique;            /* count --unique */
    bool limit_given;
    uint64_t limit;         /* count --limit; 0: none */
    FILE *in, *out, *err;
    bool any_output;        /* an answer was written */
    bool last_was_grid;     /* the last answer took several lines */
    bool malformed, cut_short, fatal;
} cli;

typedef enum opt_id {
    OPT_ORDER, OPT_FORMAT, OPT_GRID, OPT_LIMIT, OPT_UNIQUE, OPT_EXHAUSTIVE,
    OPT_MAX_NODES, OPT_TIMEOUT, OPT_HELP, OPT_VERSION
} opt_id;

typedef struct opt_spec {
    const char *name;
    char short_name;        /* 0: none */
    bool takes_value;
    opt_id id;
} opt_spec;

static const opt_spec OPTIONS[] = {
    {"order", 'o', true, OPT_ORDER},
    {"format", 'f', true, OPT_FORMAT},
    {"grid", 'g', false, OPT_GRID},
    {"limit", 'l', true, OPT_LIMIT},
    {"unique", 'u', false, OPT_UNIQUE},
    {"exhaustive", 0, false, OPT_EXHAUSTIVE},
    {"max-nodes", 'n', true, OPT_MAX_NODES},
    {"timeout", 't', true, OPT_TIMEOUT},
    {"help", 'h', false, OPT_HELP},
    {"version", 'V', false, OPT_VERSION},
};
enum { OPTION_COUNT = sizeof OPTIONS / sizeof OPTIONS[0] };

static const char USAGE[] =
    "Usage: bitdoku [COMMAND] [OPTION]... [FILE]...\n"
    "Solve 9x9 sudoku puzzles, score them for target sudoku, count their solutions.\n"
    "With no FILE, or when FILE is -, read standard input.\n"
    "\n"
    "Commands:\n"
    "  solve    print a solution of each puzzle, or 'no solution' (the default)\n"
    "  target   print the maximum target score over all completions, or -1\n"
    "           (weights 6 on the outer ring, then 7, 8, 9, and 10 at the centre)\n"
    "  count    print the number of solutions of each puzzle\n"
    "\n"
    "Options:\n"
    "  -o, --order=mrv|rows    cell order: fewest candidates first (default), or\n"
    "                          rows with fewest blanks first, left to right\n"
    "  -f, --format=FORMAT     grid output: auto (the input's shape, default), line,\n"
    "                          grid (9 spaced lines), compact (9 lines), pretty\n"
    "  -g, --grid              target: also print a completion reaching the maximum\n"
    "      --exhaustive        target: enumerate every completion (no bounds)\n"
    "  -l, --limit=N           count: stop at N solutions and print 'N+' (default\n"
    "                          1000000; 0 means no limit)\n"
    "  -u, --unique            count: print unique, multiple or none (stops at 2)\n"
    "  -n, --max-nodes=N       give up on a puzzle after N search nodes\n"
    "  -t, --timeout=SECONDS   give up on a puzzle after SECONDS seconds\n"
    "  -h, --help              show this help and exit\n"
    "  -V, --version           show the version and exit\n"
    "\n"
    "Input: 81 cells on a line, or 9 lines of 9 cells (spaced, compact or pretty);\n"
    "1-9 are givens, 0 or . blanks; '#' lines are comments. A puzzle cut short\n"
    "by a limit is answered 'cut-short' (target: 'cut-short>=BEST' once a\n"
    "completion was found); a malformed one 'error', reported on stderr.\n"
    "\n"
    "Exit status: 0 all answered, 1 some input malformed, 2 usage error,\n"
    "unreadable file or write error, 3 some puzzle cut short by a limit.\n";

/* Reports a usage error, with the hint that every usage error gets. */
BDI_PRINTF_LIKE(2, 3)
static void usage_error(cli *c, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("bitdoku: ", c->err);
    vfprintf(c->err, fmt, args);
    va_end(args);
    fputs("\nTry 'bitdoku --help'.\n", c->err);
    c->fatal = true;
}

/* Parses a whole decimal number with no sign, into *value. */
static bool parse_count(const char *text, uint64_t *value)
{
    char *end;
    if (*text < '0' || *text > '9')
        return false;
    errno = 0;
    unsigned long long parsed = strtoull(text, &end, 10);
    if (errno || *end)
        return false;
    *value = (uint64_t)parsed;
    return true;
}

static bool parse_seconds(const char *text, double *value)
{
    char *end;
    errno = 0;
    double parsed = strtod(text, &end);
    if (errno || *end || end == text || !(parsed > 0) || parsed > 1e9)
        return false;
    *value = parsed;
    return true;
}

/* The index of `word` in the NULL-terminated `words`, or -1. */
static int choose(const char *word, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(word, words[i]) == 0)
            return i;
    return -1;
}

/* Applies one option with its value (NULL if it takes none); false on a
 * bad value. Help and version are handled by the caller. */
static bool apply_option(cli *c, opt_id id, const char *value)
{
    static const char *const ORDERS[] = {"mrv", "rows", NULL};
    static const char *const FORMATS[] = {"auto", "line", "grid", "compact", "pretty", NULL};
    int pick;
    switch (id) {
    case OPT_ORDER:
        if ((pick = choose(value, ORDERS)) < 0)
            return false;
        c->options.order = pick == 0 ? BD_ORDER_MRV : BD_ORDER_ROWS;
        return true;
    case OPT_FORMAT:
        if ((pick = choose(value, FORMATS)) < 0)
            return false;
        c->fmt = (format)pick;
        return true;
    case OPT_GRID: c->print_grid = true; return true;
    case OPT_UNIQUE: c->unique = true; return true;
    case OPT_EXHAUSTIVE: c->options.exhaustive = true; return true;
    case OPT_LIMIT:
        c->limit_given = true;
        return parse_count(value, &c->limit);
    case OPT_MAX_NODES:
        return parse_count(value, &c->options.max_nodes) && c->options.max_nodes > 0;
    case OPT_TIMEOUT:
        return parse_seconds(value, &c->options.timeout);
    case OPT_HELP:
    case OPT_VERSION:
        break;
    }
    return true;
}

/* The option called `name` (the first `len` characters), exactly or by an
 * unambiguous prefix; NULL after reporting a usage error. */
static const opt_spec *find_long(cli *c, const char *name, size_t len)
{
    const opt_spec *found = NULL;
    int matches = 0;
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (strncmp(OPTIONS[i].name, name, len) != 0)
            continue;
        if (strlen(OPTIONS[i].name) == len)
            return &OPTIONS[i];
        found = &OPTIONS[i];
        matches++;
    }
    if (matches == 1)
        return found;
    int shown = (int)(len < 60 ? len : 60);
    if (matches)
        usage_error(c, "option '--%.*s' is ambiguous", shown, name);
    else
        usage_error(c, "unrecognized option '--%.*s'", shown, name);
    return NULL;
}

static const opt_spec *find_short(cli *c, char letter)
{
    for (int i = 0; i < OPTION_COUNT; i++)
        if (OPTIONS[i].short_name == letter)
            return &OPTIONS[i];
    usage_error(c, "invalid option -- '%c'", letter);
    return NULL;
}

/* What parsing the arguments found. */
typedef struct args {
    bool help, version;
    int file_count;
    char **files;           /* the operands, moved to the front of argv */
} args;

/* Takes the option `spec`, whose value (if it takes one) is `inline_value`
 * or else the next argument; advances *i past what it used. */
static bool take_option(cli *c, args *a, const opt_spec *spec, const char *inline_value,
                        int argc, char **argv, int *i)
{
    const char *value = NULL;
    if (spec->takes_value) {
        value = inline_value;
        if (!value) {
            if (*i + 1 >= argc) {
                usage_error(c, "option '--%s' needs a value", spec->name);
                return false;
            }
            value = argv[++*i];
        }
    } else if (inline_value) {
        usage_error(c, "option '--%s' takes no value", spec->name);
        return false;
    }
    a->help = a->help || spec->id == OPT_HELP;
    a->version = a->version || spec->id == OPT_VERSION;
    if (!apply_option(c, spec->id, value)) {
        usage_error(c, "invalid value '%.60s' for '--%s'", value, spec->name);
        return false;
    }
    return true;
}

/* A bundle of short options such as "-gu" or "-orows". */
static bool take_short_bundle(cli *c, args *a, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    for (size_t k = 1; arg[k]; k++) {
        const opt_spec *spec = find_short(c, arg[k]);
        if (!spec)
            return false;
        const char *inline_value = spec->takes_value && arg[k + 1] ? arg + k + 1 : NULL;
        if (!take_option(c, a, spec, inline_value, argc, argv, i))
            return false;
        if (spec->takes_value)
            break;
    }
    return true;
}

static bool parse_args(cli *c, args *a, int argc, char **argv)
{
    static const char *const COMMANDS[] = {"solve", "target", "count", NULL};
    bool options_done = false, seen_operand = false;
    a->files = argv + 1;      /* operands are moved to the front of argv */
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        bool ok = true;
        if (!options_done && strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (!options_done && strncmp(arg, "--", 2) == 0) {
            const char *eq = strchr(arg + 2, '=');
            size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            const opt_spec *spec = find_long(c, arg + 2, len);
            ok = spec && take_option(c, a, spec, eq ? eq + 1 : NULL, argc, argv, &i);
        } else if (!options_done && arg[0] == '-' && arg[1]) {
            ok = take_short_bundle(c, a, argc, argv, &i);
        } else if (!seen_operand && choose(arg, COMMANDS) >= 0) {
            c->cmd = (command)choose(arg, COMMANDS);
            seen_operand = true;
        } else {
            seen_operand = true;
            a->files[a->file_count++] = arg;      /* a slot already read */
        }
        if (!ok)
            return false;
    }
    return true;
}

/* The shape to write a grid answer in, for a record read in `shape`. */
static bd_shape output_shape(const cli *c, bd_shape shape)
{
    switch (c->fmt) {
    case FMT_LINE: return BD_SHAPE_LINE;
    case FMT_GRID: return BD_SHAPE_SPACED;
    case FMT_COMPACT: return BD_SHAPE_COMPACT;
    case FMT_PRETTY: return BD_SHAPE_PRETTY;
    case FMT_AUTO: break;
    }
    return shape;
}

/* Starts an answer: answers that take several lines are set apart from
 * their neighbours by a blank line. */
static void begin_answer(cli *c, bool multi_line)
{
    if (c->any_output && (multi_line || c->last_was_grid))
        fputc('\n', c->out);
    c->any_output = true;
    c->last_was_grid = multi_line;
}

static void answer_solve(cli *c, const bd_record *rec)
{
    bd_grid solution;
    bd_shape shape = output_shape(c, rec->shape);
    bd_status status = bd_solve(&rec->grid, &c->options, &solution, NULL);
    if (status == BD_OK) {
        char text[BD_FORMAT_MAX];
        size_t len = bd_format(&solution, shape, text);
        begin_answer(c, shape != BD_SHAPE_LINE);
        fwrite(text, 1, len, c->out);
        return;
    }
    begin_answer(c, false);
    if (status == BD_CUT_SHORT)
        c->cut_short = true;
    fputs(status == BD_CUT_SHORT ? "cut-short\n" : "no solution\n", c->out);
}

static void answer_target(cli *c, const bd_record *rec)
{
    bd_grid best;
    int score = -1;
    bd_shape shape = output_shape(c, rec->shape);
    bd_status status = bd_target(&rec->grid, &c->options, &score, &best, NULL);
    bool with_grid = c->print_grid && score >= 0;
    begin_answer(c, with_grid && shape != BD_SHAPE_LINE);
    if (status == BD_CUT_SHORT) {
        c->cut_short = true;
        fputs("cut-short", c->out);
        if (score >= 0)
            fprintf(c->out, ">=%d", score);
    } else {
        fprintf(c->out, "%d", score);
    }
    if (with_grid) {
        char text[BD_FORMAT_MAX];
        size_t len = bd_format(&best, shape, text);
        fputc(shape == BD_SHAPE_LINE ? ' ' : '\n', c->out);
        fwrite(text, 1, len, c->out);
    } else {
        fputc('\n', c->out);
    }
}

static void answer_count(cli *c, const bd_record *rec)
{
    uint64_t count = 0;
    uint64_t limit = c->unique ? 2 : c->limit;
    bd_status status = bd_count(&rec->grid, limit, &c->options, &count, NULL);
    begin_answer(c, false);
    if (status == BD_CUT_SHORT) {
        c->cut_short = true;
        if (count >= 2 && c->unique)
            fputs("multiple\n", c->out);
        else if (count > 0)
            fprintf(c->out, "cut-short>=%llu\n", (unsigned long long)count);
        else
            fputs("cut-short\n", c->out);
    } else if (c->unique) {
        fputs(count == 0 ? "none\n" : count == 1 ? "unique\n" : "multiple\n", c->out);
    } else {
        fprintf(c->out, "%llu%s\n", (unsigned long long)count,
                limit && count == limit ? "+" : "");
    }
}

static void report(cli *c, const char *name, const bd_record *rec)
{
    fprintf(c->err, "bitdoku: %s:%lu:%lu: %s\n", name, rec->err_line, rec->err_col,
            rec->err_msg);
}

/* Answers every record of one input. Returns false when output failed. */
static bool run_input(cli *c, const char *name, FILE *file)
{
    bd_reader reader;
    bd_record rec;
    bd_status status;
    bd_reader_init_file(&reader, file);
    while ((status = bd_read(&reader, &rec)) != BD_EOF) {
        if (status == BD_EIO) {
            fprintf(c->err, "bitdoku: %s: read error: %s\n", name, strerror(errno));
            c->fatal = true;
            break;
        }
        if (status == BD_EINPUT || status == BD_EMALFORMED) {
            report(c, name, &rec);
            c->malformed = true;
        }
        if (status == BD_EMALFORMED) {
            begin_answer(c, false);
            fputs("error\n", c->out);
        } else if (status == BD_OK) {
            if (c->cmd == CMD_SOLVE)
                answer_solve(c, &rec);
            else if (c->cmd == CMD_TARGET)
                answer_target(c, &rec);
            else
                answer_count(c, &rec);
        }
        if (ferror(c->out))
            return false;
    }
    return true;
}

/* Options that belong to one command only. */
static bool check_command_options(cli *c)
{
    if (c->print_grid && c->cmd != CMD_TARGET)
        usage_error(c, "option '--%s' applies to the target command only", "grid");
    else if (c->options.exhaustive && c->cmd != CMD_TARGET)
        usage_error(c, "option '--%s' applies to the target command only", "exhaustive");
    else if ((c->unique || c->limit_given) && c->cmd != CMD_COUNT)
        usage_error(c, "option '--%s' applies to the count command only",
                    c->unique ? "unique" : "limit");
    else if (c->unique && c->limit_given)
        usage_error(c, "options '--unique' and '--limit' exclude each other");
    return !c->fatal;
}

/* Flushes the answers; false (with a message unless the reader of a pipe
 * has gone, which needs none) when they could not all be written. */
static bool finish_output(cli *c)
{
    errno = 0;
    if (fflush(c->out) == 0 && !ferror(c->out))
        return true;
    if (errno != EPIPE)
        fprintf(c->err, "bitdoku: write error: %s\n", errno ? strerror(errno) : "unknown");
    return false;
}

static int exit_status(const cli *c)
{
    if (c->fatal)
        return CLI_FATAL;
    if (c->malformed)
        return CLI_MALFORMED;
    return c->cut_short ? CLI_CUT_SHORT : CLI_OK;
}

/* Runs every input in turn; false when output failed. */
static bool run_inputs(cli *c, const args *a)
{
    if (a->file_count == 0)
        return run_input(c, "<stdin>", c->in);
    for (int i = 0; i < a->file_count; i++) {
        const char *name = a->files[i];
        if (strcmp(name, "-") == 0) {
            if (!run_input(c, "<stdin>", c->in))
                return false;
            continue;
        }
        FILE *file = fopen(name, "rb");
        if (!file) {
            fprintf(c->err, "bitdoku: %s: %s\n", name, strerror(errno));
            c->fatal = true;
            continue;
        }
        bool ok = run_input(c, name, file);
        fclose(file);
        if (!ok)
            return false;
    }
    return true;
}

int cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
    cli c = {.cmd = CMD_SOLVE, .options = bd_options_default(), .fmt = FMT_AUTO,
             .limit = DEFAULT_COUNT_LIMIT, .in = in, .out = out, .err = err};
    args a = {0};
    if (!parse_args(&c, &a, argc, argv))
        return CLI_FATAL;
    if (a.help) {
        fputs(USAGE, out);
        return finish_output(&c) ? CLI_OK : CLI_FATAL;
    }
    if (a.version) {
        fprintf(out, "bitdoku %s\n", bd_version());
        return finish_output(&c) ? CLI_OK : CLI_FATAL;
    }
    if (!check_command_options(&c))
        return CLI_FATAL;
    bool written = run_inputs(&c, &a);
    if (!finish_output(&c) || !written) {
        if (written)
            return CLI_FATAL;
        if (errno != EPIPE)
            fprintf(err, "bitdoku: write error: %s\n", strerror(errno));
        return CLI_FATAL;
    }
    return exit_status(&c);
}
