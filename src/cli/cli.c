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

enum { DEFAULT_COUNT_LIMIT = 1000000 };

typedef struct cli {
    settings set;
    int jobs;
    bool stats;             /* --stats */
    bool limit_given, order_given, format_given;
    FILE *in, *err;
    output out;
    bool malformed, fatal;
} cli;

typedef enum opt_id {
    OPT_ENGINE, OPT_ORDER, OPT_FORMAT, OPT_GRID, OPT_LIMIT, OPT_UNIQUE, OPT_EXHAUSTIVE,
    OPT_MAX_NODES, OPT_TIMEOUT, OPT_JOBS, OPT_STATS, OPT_HELP, OPT_VERSION
} opt_id;

typedef struct opt_spec {
    const char *name;
    char short_name;        /* 0: none */
    bool takes_value;
    opt_id id;
} opt_spec;

static const opt_spec OPTIONS[] = {
    {"engine", 'e', true, OPT_ENGINE},
    {"order", 'o', true, OPT_ORDER},
    {"format", 'f', true, OPT_FORMAT},
    {"grid", 'g', false, OPT_GRID},
    {"limit", 'l', true, OPT_LIMIT},
    {"unique", 'u', false, OPT_UNIQUE},
    {"exhaustive", 0, false, OPT_EXHAUSTIVE},
    {"max-nodes", 'n', true, OPT_MAX_NODES},
    {"timeout", 't', true, OPT_TIMEOUT},
    {"jobs", 'j', true, OPT_JOBS},
    {"stats", 's', false, OPT_STATS},
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
    "  -e, --engine=dfs|dlx    bitmask depth-first search (default), or Dancing\n"
    "                          Links exact cover (a second, independent engine)\n"
    "  -o, --order=mrv|rows    dfs cell order: fewest candidates first (default),\n"
    "                          or rows with fewest blanks first, left to right\n"
    "  -f, --format=FORMAT     grid output: auto (the input's shape, default), line,\n"
    "                          grid (9 spaced lines), compact (9 lines), pretty\n"
    "  -g, --grid              target: also print a completion reaching the maximum\n"
    "      --exhaustive        target: enumerate every completion (no bounds)\n"
    "  -l, --limit=N           count: stop at N solutions and print 'N+' (default\n"
    "                          1000000; 0 means no limit)\n"
    "  -u, --unique            count: print unique, multiple or none (stops at 2)\n"
    "  -n, --max-nodes=N       give up on a puzzle after N search nodes\n"
    "  -t, --timeout=SECONDS   give up on a puzzle after SECONDS seconds\n"
    "  -j, --jobs=N            answer with N threads (default 1); same output\n"
    "  -s, --stats             print a summary on stderr at the end (target:\n"
    "                          also each puzzle's search nodes and time)\n"
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
    static const char *const ENGINES[] = {"dfs", "dlx", NULL};
    static const char *const ORDERS[] = {"mrv", "rows", NULL};
    static const char *const FORMATS[] = {"auto", "line", "grid", "compact", "pretty", NULL};
    int pick;
    switch (id) {
    case OPT_ENGINE:
        if ((pick = choose(value, ENGINES)) < 0)
            return false;
        c->set.options.engine = pick == 0 ? BD_ENGINE_DFS : BD_ENGINE_DLX;
        return true;
    case OPT_ORDER:
        if ((pick = choose(value, ORDERS)) < 0)
            return false;
        c->set.options.order = pick == 0 ? BD_ORDER_MRV : BD_ORDER_ROWS;
        c->order_given = true;
        return true;
    case OPT_FORMAT:
        if ((pick = choose(value, FORMATS)) < 0)
            return false;
        c->set.fmt = (format)pick;
        c->format_given = true;
        return true;
    case OPT_GRID: c->set.print_grid = true; return true;
    case OPT_UNIQUE: c->set.unique = true; return true;
    case OPT_EXHAUSTIVE: c->set.options.exhaustive = true; return true;
    case OPT_LIMIT:
        c->limit_given = true;
        return parse_count(value, &c->set.limit);
    case OPT_MAX_NODES:
        return parse_count(value, &c->set.options.max_nodes) && c->set.options.max_nodes > 0;
    case OPT_TIMEOUT:
        return parse_seconds(value, &c->set.options.timeout);
    case OPT_JOBS: {
        uint64_t jobs;
        if (!parse_count(value, &jobs) || jobs < 1 || jobs > MAX_JOBS)
            return false;
        c->jobs = (int)jobs;
        return true;
    }
    case OPT_STATS: c->stats = true; return true;
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
    if (matches == 1 && len > 0)
        return found;
    int shown = (int)(len < 60 ? len : 60);
    if (matches && len > 0)
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
 * or else the next argument; advances *i past what it used. Messages name
 * the option as it was written: short (`-l`) or long (`--limit`). */
static bool take_option(cli *c, args *a, const opt_spec *spec, const char *inline_value,
                        bool as_short, int argc, char **argv, int *i)
{
    char shown[32];
    if (as_short)
        snprintf(shown, sizeof shown, "-%c", spec->short_name);
    else
        snprintf(shown, sizeof shown, "--%s", spec->name);
    const char *value = NULL;
    if (spec->takes_value) {
        value = inline_value;
        if (!value) {
            if (*i + 1 >= argc) {
                usage_error(c, "option '%s' needs a value", shown);
                return false;
            }
            value = argv[++*i];
        }
    } else if (inline_value) {
        usage_error(c, "option '%s' takes no value", shown);
        return false;
    }
    a->help = a->help || spec->id == OPT_HELP;
    a->version = a->version || spec->id == OPT_VERSION;
    if (!apply_option(c, spec->id, value)) {
        usage_error(c, "invalid value '%.60s' for '%s'", value, shown);
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
        if (!take_option(c, a, spec, inline_value, true, argc, argv, i))
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
            ok = spec && take_option(c, a, spec, eq ? eq + 1 : NULL, false, argc, argv, &i);
        } else if (!options_done && arg[0] == '-' && arg[1]) {
            ok = take_short_bundle(c, a, argc, argv, &i);
        } else if (!seen_operand && choose(arg, COMMANDS) >= 0) {
            c->set.cmd = (command)choose(arg, COMMANDS);
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

/* Answers every record of one input. Returns false when output failed. */
static bool run_input(cli *c, const char *name, FILE *file)
{
    bd_reader *reader = malloc(sizeof *reader);
    if (!reader) {
        fprintf(c->err, "bitdoku: out of memory\n");
        c->fatal = true;
        return true;
    }
    source src = {.reader = reader, .file = file, .name = name, .err = c->err};
    bd_reader_init_fn(reader, source_read, &src);
    c->out.name = name;
    bool ok = run_batch(&c->set, c->jobs, &src, &c->out);
    c->malformed = c->malformed || src.malformed;
    c->fatal = c->fatal || src.failed;
    free(reader);
    return ok;
}

/* Options that belong to one command only. */
static bool check_command_options(cli *c)
{
    const settings *set = &c->set;
    if (set->print_grid && set->cmd != CMD_TARGET)
        usage_error(c, "option '--%s' applies to the target command only", "grid");
    else if (set->options.exhaustive && set->cmd != CMD_TARGET)
        usage_error(c, "option '--%s' applies to the target command only", "exhaustive");
    else if ((set->unique || c->limit_given) && set->cmd != CMD_COUNT)
        usage_error(c, "option '--%s' applies to the count command only",
                    set->unique ? "unique" : "limit");
    else if (set->unique && c->limit_given)
        usage_error(c, "options '--unique' and '--limit' exclude each other");
    else if (c->format_given && (set->cmd == CMD_COUNT || (set->cmd == CMD_TARGET && !set->print_grid)))
        usage_error(c, "option '--format' applies to solve, and to target with --grid");
    else if (c->order_given && set->options.engine == BD_ENGINE_DLX)
        usage_error(c, "option '--order' applies to the dfs engine only");
    return !c->fatal;
}

/* Flushes the answers; false (with a message, unless the reader of a pipe
 * has gone, which needs none) when they could not all be written. */
static bool finish_output(cli *c)
{
    errno = 0;
    if (fflush(c->out.out) == 0 && !ferror(c->out.out))
        return true;
    int error = c->out.write_errno ? c->out.write_errno : errno;
    if (error != EPIPE)
        fprintf(c->err, "bitdoku: write error: %s\n", error ? strerror(error) : "unknown");
    return false;
}

static int exit_status(const cli *c)
{
    if (c->fatal)
        return CLI_FATAL;
    if (c->malformed)
        return CLI_MALFORMED;
    return c->out.by_outcome[OUTCOME_CUT_SHORT] ? CLI_CUT_SHORT : CLI_OK;
}

/* The --stats summary. */
static void print_stats(const cli *c, double seconds)
{
    const uint64_t *n = c->out.by_outcome;
    unsigned long long total = n[0] + n[1] + n[2] + n[3];
    unsigned long long searched = n[0] + n[1] + n[2];
    double per = searched ? 1.0 / (double)searched : 0.0;
    fprintf(c->err,
            "bitdoku: %llu puzzles: %llu answered, %llu without solution, %llu cut short, "
            "%llu malformed\n"
            "bitdoku: %.3f s, %.0f puzzles/s, %.2f guesses and %.1f nodes per puzzle\n",
            total, (unsigned long long)n[OUTCOME_ANSWERED],
            (unsigned long long)n[OUTCOME_NO_SOLUTION], (unsigned long long)n[OUTCOME_CUT_SHORT],
            (unsigned long long)n[OUTCOME_MALFORMED], seconds,
            seconds > 0 ? (double)total / seconds : 0.0, (double)c->out.stats.guesses * per,
            (double)c->out.stats.nodes * per);
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
    cli c = {.set = {.cmd = CMD_SOLVE, .options = bd_options_default(), .fmt = FMT_AUTO,
                     .limit = DEFAULT_COUNT_LIMIT},
             .jobs = 1, .in = in, .err = err, .out = {.out = out}};
    args a = {0};
    if (!parse_args(&c, &a, argc, argv))
        return CLI_FATAL;
    if (a.help || a.version) {
        if (a.help)
            fputs(USAGE, out);
        else
            fprintf(out, "bitdoku %s\n", bd_version());
        return finish_output(&c) ? CLI_OK : CLI_FATAL;
    }
    if (!check_command_options(&c))
        return CLI_FATAL;
    c.out.started = cli_seconds();
    c.out.last_shown = c.out.started;
    c.out.last_flush = c.out.started;
    /* Progress goes to a terminal, and only when answers do not go there too. */
    c.out.progress = cli_is_terminal(err) && !cli_is_terminal(out) ? err : NULL;
    if (c.stats && c.set.cmd == CMD_TARGET) {
        c.set.time_each = true;
        c.out.each = err;
        c.out.progress = NULL;
    }
    bool written = run_inputs(&c, &a);
    bool flushed = finish_output(&c);
    output_progress_done(&c.out);
    if (c.stats)
        print_stats(&c, cli_seconds() - c.out.started);
    return written && flushed ? exit_status(&c) : CLI_FATAL;
}
