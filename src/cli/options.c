/*
 * options.c - argv -> settings, and the --help text, from one table of
 * options.
 *
 * The command line is `bitdoku [COMMAND] [OPTION]... [FILE]...`, parsed in
 * the getopt_long manner by a small parser of our own (C11 has no getopt):
 * long options with `--name=value` or `--name value`, unambiguous prefixes
 * of long names, short options that may be bundled (`-sg`, `-orows`), `--`
 * to end the options. The command, if any, is the first argument that is
 * not an option. Each option says which commands it applies to; giving it
 * to another is a usage error.
 */
#include "options.h"
#include "bitdoku.h"
#include "commands.h"
#include "printf_like.h"
#include "session.h"
#include "settings.h"
#include "sized.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef enum opt_id {
    OPT_ENGINE, OPT_ORDER, OPT_FORMAT, OPT_ALL, OPT_GRID, OPT_EXHAUSTIVE, OPT_LIMIT, OPT_UNIQUE,
    OPT_HINT, OPT_ORIGINAL, OPT_EP_ED, OPT_COUNT, OPT_SEED, OPT_GIVENS, OPT_MINIMAL, OPT_SYMMETRY,
    OPT_DIFFICULTY, OPT_SOLUTION, OPT_RATING, OPT_UNSOLVABLE, OPT_TRIES, OPT_MAX_NODES, OPT_TIMEOUT,
    OPT_JOBS, OPT_CSV, OPT_STATS, OPT_HELP, OPT_VERSION,
    OPT_PER_PAGE, OPT_PAPER, OPT_ANSWERS, OPT_CANDIDATES, OPT_TITLE,
    OPT_BOX, OPT_SIZE, OPT_ALPHABET, OPT_JUDGE, OPT_SMALLEST,
    OPT_IDS
} opt_id;

typedef struct opt_spec {
    opt_id id;
    const char *name;
    char short_name;        /* 0: none */
    const char *value;      /* how --help names its value; NULL: takes none */
    unsigned commands;      /* CMD_BIT()s of the commands it applies to */
    const char *help;       /* '\n' starts another line */
} opt_spec;

#define SEARCHING (CMD_BIT(CMD_SOLVE) | CMD_BIT(CMD_TARGET) | CMD_BIT(CMD_COUNT))
/* The commands with a search to bound: rate and explain check uniqueness. */
#define LIMITED (SEARCHING | CMD_BIT(CMD_RATE) | CMD_BIT(CMD_EXPLAIN))
#define GENERATE CMD_BIT(CMD_GENERATE)
/* The commands that draw pictures (--format svg or html), and those whose
 * pictures are puzzles with their solutions. */
#define DRAWING (CMD_BIT(CMD_SOLVE) | CMD_BIT(CMD_EXPLAIN) | GENERATE)
#define BOOKLET (CMD_BIT(CMD_SOLVE) | GENERATE)
/* The commands that serve boards of any size (target: a clear refusal). */
#define SIZED (SEARCHING | GENERATE | CMD_BIT(CMD_CHECK) | CMD_BIT(CMD_RATE) | CMD_BIT(CMD_EXPLAIN))

static const opt_spec OPTIONS[] = {
    {OPT_ENGINE, "engine", 'e', "dfs|dlx", SEARCHING,
     "bitmask depth-first search (default), or Dancing\n"
     "Links exact cover (a second, independent engine)"},
    {OPT_ORDER, "order", 'o', "mrv|rows", SEARCHING,
     "dfs cell order: fewest candidates first (default),\n"
     "or rows with fewest blanks first, left to right"},
    {OPT_FORMAT, "format", 'f', "FORMAT",
     CMD_BIT(CMD_SOLVE) | CMD_BIT(CMD_TARGET) | CMD_BIT(CMD_EXPLAIN) | GENERATE,
     "grid output: auto (the input's shape, default; for\n"
     "generate: line), line, grid (9 spaced lines),\n"
     "compact (9 lines), pretty; or pictures (solve,\n"
     "explain, generate): svg (an SVG document a grid;\n"
     "explain: with --hint) or html (one printable page)"},
    {OPT_PER_PAGE, "per-page", 0, "N", BOOKLET,
     "html: puzzles a page, 1, 2, 4 (default) or 6"},
    {OPT_PAPER, "paper", 0, "a4|letter", DRAWING, "html: the paper size (default a4)"},
    {OPT_ANSWERS, "answers", 0, "WHERE", BOOKLET,
     "html: the solutions on pages at the end (end,\n"
     "default), beside each puzzle (beside), or none"},
    {OPT_CANDIDATES, "candidates", 0, NULL, BOOKLET,
     "svg, html: each blank cell's candidates, small"},
    {OPT_TITLE, "title", 0, "TEXT", DRAWING, "html: the page's title"},
    {OPT_ALL, "all", 'a', NULL, CMD_BIT(CMD_SOLVE),
     "solve: print every solution, up to --limit (default\n"
     "1000): a line with their number, 'N+' when there are\n"
     "more, then each in the puzzle's shape"},
    {OPT_GRID, "grid", 'g', NULL, CMD_BIT(CMD_TARGET),
     "target: also print a completion reaching the maximum"},
    {OPT_EXHAUSTIVE, "exhaustive", 0, NULL, CMD_BIT(CMD_TARGET),
     "target: enumerate every completion (no bounds)"},
    {OPT_LIMIT, "limit", 'l', "N", CMD_BIT(CMD_COUNT) | CMD_BIT(CMD_SOLVE),
     "count, solve --all: print 'N+' once more than N\n"
     "solutions are found (default 1000000, solve --all\n"
     "1000; 0 means no limit, for count only)"},
    {OPT_UNIQUE, "unique", 'u', NULL, CMD_BIT(CMD_COUNT),
     "count: print unique, multiple or none (stops at 2)"},
    {OPT_HINT, "hint", 0, NULL, CMD_BIT(CMD_EXPLAIN),
     "explain: print only the next placement and, after\n"
     "it, the eliminations it needs (for a partly solved\n"
     "grid), or 'solved'"},
    {OPT_ORIGINAL, "original", 0, "FILE", CMD_BIT(CMD_EXPLAIN),
     "explain: FILE holds the original puzzle of each grid,\n"
     "read in step with them: a grid without solution is\n"
     "answered with every entry that no solution has"},
    {OPT_EP_ED, "ep-ed", 0, NULL, CMD_BIT(CMD_RATE),
     "rate: print ER/EP/ED (the rating, pearl and diamond,\n"
     "as serate prints them) in place of the rating"},
    {OPT_COUNT, "count", 'c', "N", GENERATE, "generate: make N puzzles (default 1)"},
    {OPT_SEED, "seed", 0, "S", GENERATE,
     "generate: the same S (0 to 2^64-1) and options make\n"
     "the same puzzles on any machine, whatever -j;\n"
     "default: from the clock (--stats shows it)"},
    {OPT_GIVENS, "givens", 0, "N|N-M", GENERATE,
     "generate: take givens away only down to N (17-81;\n"
     "other sizes: 0 to N*N); N-M: as many as can go down\n"
     "to N, at most M left"},
    {OPT_MINIMAL, "minimal", 0, NULL, GENERATE,
     "generate: no single given can go keeping the puzzle\n"
     "unique (the default without --givens and --symmetry)"},
    {OPT_SYMMETRY, "symmetry", 0, "SYM", GENERATE,
     "generate: the givens' pattern: none (default),\n"
     "rot180, rot90, mirror (left-right), diagonal, or\n"
     "random (one of those four for each try); no group of\n"
     "givens that it keeps together can go"},
    {OPT_DIFFICULTY, "difficulty", 0, "LEVEL", GENERATE,
     "generate: only puzzles rated LEVEL: easy, medium,\n"
     "hard, fiendish, diabolical or beyond (see rate)"},
    {OPT_SOLUTION, "solution", 0, NULL, GENERATE,
     "generate: print each puzzle's solution after it"},
    {OPT_RATING, "rating", 0, NULL, GENERATE,
     "generate: print each puzzle's rating after it, as\n"
     "rate prints it: RATING LEVEL HARDEST"},
    {OPT_UNSOLVABLE, "unsolvable", 0, NULL, GENERATE,
     "generate: puzzles without solution whose givens do\n"
     "not clash (a unique one with one given changed)"},
    {OPT_TRIES, "tries", 0, "N", GENERATE,
     "generate: give up on a puzzle after N tries, each\n"
     "from a fresh grid (default 1000): it is reported\n"
     "on stderr, not printed"},
    {OPT_MAX_NODES, "max-nodes", 'n', "N", LIMITED | CMD_BIT(CMD_CHECK),
     "give up on a puzzle after N search nodes"},
    {OPT_TIMEOUT, "timeout", 't', "SECONDS", LIMITED,
     "give up on a puzzle after SECONDS seconds"},
    {OPT_JOBS, "jobs", 'j', "N", CMD_ALL,
     "answer (generate: make) with N threads (1-64,\n"
     "default 1); the same output"},
    {OPT_CSV, "csv", 0, NULL, CMD_ALL,
     "write CSV: a header, then a row per puzzle, the puzzle\n"
     "and our answer (CSV or TSV input: its row as it came,\n"
     "our columns appended)"},
    {OPT_BOX, "box", 0, "RxC", SIZED,
     "boards of any size: boxes of R rows x C columns\n"
     "(N = R*C symbols, up to 64), e.g. 2x3 for 6x6"},
    {OPT_SIZE, "size", 0, "N", SIZED,
     "boards of N x N cells with square boxes (N = 1, 4,\n"
     "9, 16, 25, 36, 49 or 64): --box with R = C; default:\n"
     "from the first board (a line of 16, 256, 625, 1296\n"
     "... cells, or its first row of 25 ... 64), else 9x9"},
    {OPT_ALPHABET, "alphabet", 0, "NAME", SIZED,
     "boards of any size written in digits (1-9 then A-Z,\n"
     "0 or . blank), letters (A = 1, - or . blank), hex\n"
     "(0-F are 1-16, - or . blank) or numbers (apart by\n"
     "blanks, 0 blank); default: from the input (numbers\n"
     "when its alphabet has too few symbols for N)"},
    {OPT_JUDGE, "judge", 0, "NAME", CMD_BIT(CMD_SOLVE),
     "solve in a judge's format: spoj (SPOJ SUDOKU: a count,\n"
     "then 16x16 letter grids), poj (POJ 3076, UVa 1309:\n"
     "the grids to the end), uva989 (n, then an n^2 x n^2\n"
     "grid of numbers; the smallest solution)"},
    {OPT_SMALLEST, "smallest", 0, NULL, CMD_BIT(CMD_SOLVE),
     "solve boards of any size: the lexicographically\n"
     "smallest solution (cells in reading order)"},
    {OPT_STATS, "stats", 's', NULL, CMD_ALL,
     "at the end, print on stderr the puzzles answered,\n"
     "without solution, cut short and malformed, the time,\n"
     "and guesses and nodes per puzzle (target: also each\n"
     "puzzle's nodes and time, as it is answered; generate:\n"
     "the seed first, then puzzles made, tries and checks)"},
    {OPT_HELP, "help", 'h', NULL, CMD_ALL, "show this help and exit"},
    {OPT_VERSION, "version", 'V', NULL, CMD_ALL, "show the version and exit"},
};
enum { OPTION_COUNT = sizeof OPTIONS / sizeof OPTIONS[0] };

static const char HELP_HEAD[] =
    "Usage: bitdoku [COMMAND] [OPTION]... [FILE]...\n"
    "Solve 9x9 sudoku puzzles, score them for target sudoku, count their solutions,\n"
    "rate how hard they are for a person, explain them step by step, check\n"
    "proposed solutions, and make new puzzles. With no FILE, or when FILE is -,\n"
    "read standard input (check: FILE is a CSV of puzzles and their answers, or\n"
    "PUZZLES ANSWERS; generate reads nothing).\n";

static const char HELP_TAIL[] =
    "Input: 81 cells on a line, or 9 lines of 9 cells (spaced, compact, pretty, or\n"
    "9 fields separated by commas); 1-9 are givens, 0 or . blanks; '#' lines, and\n"
    "' #' after cells, are comments; '%' lines are titles, and end a grid. Pencil\n"
    "marks: a line of 729 cells (9 a cell, place k holding k or .), or 9 lines of 9\n"
    "groups of candidate digits. A first line holding only the count of puzzles\n"
    "(1 to 6 digits) and a line 'end' are understood. Past its first 1024 bytes a\n"
    "line may hold only blanks and a comment. CSV and TSV too (a row a line, a\n"
    "header line, quoted fields): the puzzle is in the field the header names\n"
    "puzzle, quizzes, sudoku, grid... (see man bitdoku), else in the first field\n"
    "that looks like a grid on the first row where that grid has a blank.\n"
    "\n"
    "Output: one answer per puzzle, in input order. solve's (and target --grid's)\n"
    "answer to a grid puzzle is a block set apart by blank lines, even 'no\n"
    "solution' or 'error'; so is every answer of explain (not --hint).\n"
    "A puzzle cut short by a limit is answered\n"
    "'cut-short' (target: 'cut-short>=BEST' once a completion was found; count:\n"
    "'cut-short>=N' once N solutions were); a malformed one 'error', reported on\n"
    "stderr. When stderr is a terminal and stdout is not, a batch that runs for\n"
    "more than half a second shows a progress line on stderr.\n"
    "Pictures: --format svg writes an SVG document a grid (givens bold); --format\n"
    "html one page to print for the whole input: sheets of puzzles and answer\n"
    "sheets (solve, generate), or each path step by step (explain).\n"
    "\n"
    "Ratings follow Sudoku Explainer's scale: 1.0 full house, 1.2 hidden single in\n"
    "a box, 2.3 naked single, 2.6 pointing, ... 6.5+ chains, 8.0+ search (no\n"
    "technique applies); levels easy (up to 2.3), medium (3.5), hard (4.4),\n"
    "fiendish (6.4), diabolical (7.9), beyond. 'man bitdoku' has the whole table\n"
    "and the notation of the steps.\n"
    "\n"
    "Exit status: 0 all answered; 1 some records malformed (check: or some answer\n"
    "not ok); 2 usage error, unreadable file, write error or out of memory; 3 some\n"
    "puzzle cut short by a limit (generate: not made in --tries tries); 4 text\n"
    "after 'end' or a count line that does not match (all records answered).\n"
    "When several apply: 2, then 1, then 4, then 3.\n";

/* How many solutions solve --all prints unless --limit says otherwise. */
enum { DEFAULT_ALL_LIMIT = 1000 };

/* Where --help starts the text of a command, and of an option. */
enum { COMMAND_INDENT = 11, OPTION_INDENT = 26 };

/* Writes `text` with every line after the first indented by `indent`. */
static void put_indented(FILE *out, const char *text, int indent)
{
    for (; *text; text++) {
        fputc(*text, out);
        if (*text == '\n')
            fprintf(out, "%*s", indent, "");
    }
    fputc('\n', out);
}

void options_help(FILE *out)
{
    fputs(HELP_HEAD, out);
    fputs("\nCommands:\n", out);
    for (int i = 0; i < COMMAND_COUNT; i++) {
        fprintf(out, "  %-*s", COMMAND_INDENT - 2, COMMANDS[i].name);
        put_indented(out, COMMANDS[i].summary, COMMAND_INDENT);
    }
    fputs("\nOptions:\n", out);
    for (int i = 0; i < OPTION_COUNT; i++) {
        const opt_spec *o = &OPTIONS[i];
        char left[64];
        int len = o->short_name ? snprintf(left, sizeof left, "  -%c, --%s", o->short_name, o->name)
                                : snprintf(left, sizeof left, "      --%s", o->name);
        if (o->value)
            snprintf(left + len, sizeof left - (size_t)len, "=%s", o->value);
        fprintf(out, "%-*s", OPTION_INDENT, left);
        put_indented(out, o->help, OPTION_INDENT);
    }
    fputc('\n', out);
    fputs(HELP_TAIL, out);
}

/* What parsing has found so far. */
typedef struct parser {
    session *ses;
    bool given[OPT_IDS];    /* which options were given */
    bool help, version;
    bool command_given;     /* a command word came first */
    const char *meant;      /* a long option that the argument being parsed
                               may have meant (-unique: --unique), or NULL */
    const char *givens;     /* the value of --givens, or NULL */
} parser;

/* Reports a usage error, with the hint that every usage error gets. */
CLI_PRINTF_LIKE(2, 3)
static void usage_error(parser *p, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    fputs("bitdoku: ", p->ses->err);
    vfprintf(p->ses->err, fmt, args);
    va_end(args);
    if (p->meant)
        fprintf(p->ses->err, " (did you mean '--%s'?)", p->meant);
    fputs("\nTry 'bitdoku --help'.\n", p->ses->err);
    p->ses->fatal = true;
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

/* Parses a positive decimal number of seconds (`0.5`, `2`, `1e-3`), at most
 * 1e9, into *value. strtod alone would also take hexadecimal (`0x10`),
 * `inf` and leading blanks or signs: only digits, '.' and an exponent are
 * let through to it. */
static bool parse_seconds(const char *text, double *value)
{
    char *end;
    if (!(*text >= '0' && *text <= '9') && *text != '.')
        return false;
    if (text[strspn(text, "0123456789.eE+-")] != '\0')
        return false;
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

/* Parses "N" or "N-M" (0 <= N <= M <= 81) into *min and *max. */
static bool parse_givens(const char *text, int *min, int *max)
{
    uint64_t low, high;
    char first[8];
    const char *dash = strchr(text, '-');
    size_t len = dash ? (size_t)(dash - text) : strlen(text);
    if (len == 0 || len >= sizeof first)
        return false;
    memcpy(first, text, len);
    first[len] = '\0';
    if (!parse_count(first, &low) || (dash && !parse_count(dash + 1, &high)))
        return false;
    if (!dash)
        high = low;
    if (low > high || high > BD_BOARD_CELLS_MAX)
        return false;           /* check_generate and check_sized bound it by size */
    *min = (int)low;
    *max = (int)high;
    return true;
}

/* The index of `word` among the `count` names that `name_of` gives, or -1. */
static int choose_name(const char *word, const char *(*name_of)(int), int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(word, name_of(i)) == 0)
            return i;
    return -1;
}

/* The name of symmetry `i`, for the option's list of words. */
static const char *symmetry_name(int i)
{
    return bd_symmetry_name((bd_symmetry)i);
}

/* The name of level `i`, for the option's list of words. */
static const char *level_name(int i)
{
    return bd_level_name((bd_level)i);
}

/* Applies one option of generate; false on a bad value. */
static bool apply_generate_option(settings *set, opt_id id, const char *value)
{
    bd_generate_options *gen = &set->gen;
    uint64_t number;
    int pick;
    switch (id) {
    case OPT_COUNT:
        if (!parse_count(value, &number) || number > ULONG_MAX)
            return false;
        set->made = (unsigned long)number;
        return true;
    case OPT_SEED: set->seed_given = true; return parse_count(value, &set->seed);
    case OPT_GIVENS:
        set->givens_given = true;
        return parse_givens(value, &gen->min_givens, &gen->max_givens);
    case OPT_MINIMAL: gen->minimal = true; return true;
    case OPT_SYMMETRY:
        if ((pick = choose_name(value, symmetry_name, BD_SYMMETRIES)) < 0)
            return false;
        gen->symmetry = (bd_symmetry)pick;
        return true;
    case OPT_DIFFICULTY: return (gen->level = choose_name(value, level_name, BD_LEVELS)) >= 0;
    case OPT_SOLUTION: set->with_solution = true; return true;
    case OPT_RATING: set->with_rating = true; return true;
    case OPT_UNSOLVABLE: gen->unsolvable = true; return true;
    case OPT_TRIES: return parse_count(value, &gen->max_tries) && gen->max_tries > 0;
    default: return true;
    }
}

static const char *const ALPHABETS[] = {"digits", "letters", "hex", "numbers", NULL};
static const char *const JUDGES[] = {"spoj", "poj", "uva989", NULL};

/* Parses "RxC" (1 <= R, C and R * C <= 64) into the box shape. */
static bool parse_box(const char *text, int *box_rows, int *box_cols)
{
    uint64_t rows, cols;
    char first[8];
    const char *x = strchr(text, 'x');
    size_t len = x ? (size_t)(x - text) : 0;
    if (!x || len == 0 || len >= sizeof first)
        return false;
    memcpy(first, text, len);
    first[len] = '\0';
    if (!parse_count(first, &rows) || !parse_count(x + 1, &cols) || rows < 1 || cols < 1
        || rows * cols > BD_BOARD_MAX)
        return false;
    *box_rows = (int)rows;
    *box_cols = (int)cols;
    return true;
}

/* Applies one option of boards of any size; false on a bad value. */
static bool apply_sized_option(settings *set, opt_id id, const char *value)
{
    uint64_t number;
    int pick;
    switch (id) {
    case OPT_BOX: return parse_box(value, &set->text.box_rows, &set->text.box_cols);
    case OPT_SIZE:
        if (!parse_count(value, &number) || number < 1 || number > BD_BOARD_MAX)
            return false;
        for (int side = 1; side * side <= (int)number; side++)
            if (side * side == (int)number)
                set->text.box_rows = set->text.box_cols = side;
        return set->text.box_rows > 0;
    case OPT_ALPHABET:
        if ((pick = choose(value, ALPHABETS)) < 0)
            return false;
        set->text.alphabet = (bd_alphabet)(pick + BD_ALPHABET_DIGITS);
        return true;
    case OPT_JUDGE: return (set->judge = choose(value, JUDGES) + 1) > 0;
    case OPT_SMALLEST: set->smallest = true; return true;
    default: return true;
    }
}

static const char *const ENGINES[] = {"dfs", "dlx", NULL};
static const char *const ORDERS[] = {"mrv", "rows", NULL};
static const char *const FORMATS[] = {"auto", "line", "grid", "compact", "pretty", "svg", "html",
                                      NULL};
static const char *const PAPERS[] = {"a4", "letter", NULL};
static const char *const PLACES[] = {"end", "beside", "none", NULL};

/* Writes the words an option of words accepts, "a, b, c", into `out`
 * (`size` bytes); false for an option of another kind. */
static bool accepted_words(opt_id id, char *out, size_t size)
{
    const char *const *words = id == OPT_ENGINE ? ENGINES
                               : id == OPT_ORDER ? ORDERS
                               : id == OPT_FORMAT ? FORMATS
                               : id == OPT_PAPER ? PAPERS
                               : id == OPT_ANSWERS ? PLACES
                               : id == OPT_ALPHABET ? ALPHABETS
                               : id == OPT_JUDGE ? JUDGES : NULL;
    int count = id == OPT_SYMMETRY ? BD_SYMMETRIES : id == OPT_DIFFICULTY ? BD_LEVELS : 0;
    if (!words && !count)
        return false;
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; words ? words[i] != NULL : i < count; i++) {
        const char *word = words ? words[i] : id == OPT_SYMMETRY ? symmetry_name(i)
                                                                 : level_name(i);
        int n = snprintf(out + len, size - len, "%s%s", i ? ", " : "", word);
        if (n < 0 || (size_t)n >= size - len)
            break;
        len += (size_t)n;
    }
    return true;
}

/* Reports a bad value of option `shown`: with the words it accepts, or
 * what is wrong with a range of givens. */
static void bad_value(parser *p, opt_id id, const char *value, const char *shown)
{
    char words[128];
    int low, high;
    if (accepted_words(id, words, sizeof words)) {
        usage_error(p, "invalid value '%.60s' for '%s' (accepted values: %s)", value, shown,
                    words);
    } else if (id == OPT_GIVENS && sscanf(value, "%d-%d", &low, &high) == 2 && low > high
               && high >= 0) {
        usage_error(p, "invalid value '%.60s' for '%s': the range is reversed (write %d-%d)",
                    value, shown, high, low);
    } else {
        usage_error(p, "invalid value '%.60s' for '%s'", value, shown);
    }
}

/* Applies one option of the pictures; false on a bad value. */
static bool apply_picture_option(pictures *pic, opt_id id, const char *value)
{
    uint64_t number;
    int pick;
    switch (id) {
    case OPT_PER_PAGE:
        if (!parse_count(value, &number) || (number != 1 && number != 2 && number != 4
                                              && number != 6))
            return false;
        pic->per_page = (int)number;
        return true;
    case OPT_PAPER:
        if ((pick = choose(value, PAPERS)) < 0)
            return false;
        pic->paper = (paper)pick;
        return true;
    case OPT_ANSWERS:
        if ((pick = choose(value, PLACES)) < 0)
            return false;
        pic->answers = (answers_at)pick;
        return true;
    case OPT_CANDIDATES: pic->candidates = true; return true;
    case OPT_TITLE: pic->title = value; return true;
    default: return true;
    }
}

/* Applies one option with its value (NULL if it takes none); false on a
 * bad value. */
static bool apply_option(session *ses, opt_id id, const char *value)
{
    settings *set = &ses->set;
    uint64_t number;
    int pick;
    switch (id) {
    case OPT_ENGINE:
        if ((pick = choose(value, ENGINES)) < 0)
            return false;
        set->options.engine = pick == 0 ? BD_ENGINE_DFS : BD_ENGINE_DLX;
        return true;
    case OPT_ORDER:
        if ((pick = choose(value, ORDERS)) < 0)
            return false;
        set->options.order = pick == 0 ? BD_ORDER_MRV : BD_ORDER_ROWS;
        return true;
    case OPT_FORMAT:
        if ((pick = choose(value, FORMATS)) < 0)
            return false;
        set->pic.kind = pick <= FMT_PRETTY ? PICTURE_NONE : pick == FMT_PRETTY + 1 ? PICTURE_SVG
                                                                                : PICTURE_HTML;
        set->fmt = pick <= FMT_PRETTY ? (format)pick : FMT_AUTO;
        return true;
    case OPT_GRID: set->print_grid = true; return true;
    case OPT_EXHAUSTIVE: set->options.exhaustive = true; return true;
    case OPT_ALL: set->all = true; return true;
    case OPT_LIMIT: return parse_count(value, &set->limit);
    case OPT_UNIQUE: set->unique = true; return true;
    case OPT_HINT: set->hint = true; return true;
    case OPT_ORIGINAL: set->original = value; return true;
    case OPT_EP_ED: set->ep_ed = true; return true;
    case OPT_MAX_NODES:
        return parse_count(value, &set->options.max_nodes) && set->options.max_nodes > 0;
    case OPT_TIMEOUT: return parse_seconds(value, &set->options.timeout);
    case OPT_JOBS:
        if (!parse_count(value, &number) || number < 1 || number > MAX_JOBS)
            return false;
        ses->jobs = (int)number;
        return true;
    case OPT_CSV: set->csv = true; return true;
    case OPT_BOX: case OPT_SIZE: case OPT_ALPHABET: case OPT_JUDGE: case OPT_SMALLEST:
        set->sized = true;
        return apply_sized_option(set, id, value);
    case OPT_STATS: ses->stats = true; return true;
    case OPT_COUNT: case OPT_SEED: case OPT_GIVENS: case OPT_MINIMAL: case OPT_SYMMETRY:
    case OPT_DIFFICULTY: case OPT_SOLUTION: case OPT_RATING: case OPT_UNSOLVABLE: case OPT_TRIES:
        return apply_generate_option(set, id, value);
    case OPT_PER_PAGE: case OPT_PAPER: case OPT_ANSWERS: case OPT_CANDIDATES: case OPT_TITLE:
        return apply_picture_option(&set->pic, id, value);
    case OPT_HELP: case OPT_VERSION: case OPT_IDS: break;
    }
    return true;
}

/* The option called `name` (the first `len` characters), exactly or by an
 * unambiguous prefix; NULL when there is none. *matches counts the options
 * that `name` is a prefix of. */
static const opt_spec *match_long(const char *name, size_t len, int *matches)
{
    const opt_spec *found = NULL;
    *matches = 0;
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (strncmp(OPTIONS[i].name, name, len) != 0)
            continue;
        if (strlen(OPTIONS[i].name) == len) {
            *matches = 1;
            return &OPTIONS[i];
        }
        found = &OPTIONS[i];
        ++*matches;
    }
    return *matches == 1 && len > 0 ? found : NULL;
}

/* match_long, reporting a usage error (with the options an ambiguous
 * prefix could mean) when there is no match. */
static const opt_spec *find_long(parser *p, const char *name, size_t len)
{
    int matches;
    const opt_spec *found = match_long(name, len, &matches);
    if (found)
        return found;
    int shown = (int)(len < 60 ? len : 60);
    if (matches == 0 || len == 0) {
        usage_error(p, "unrecognized option '--%.*s'", shown, name);
        return NULL;
    }
    char could[256] = "";
    for (int i = 0; i < OPTION_COUNT; i++) {
        size_t at = strlen(could);
        if (strncmp(OPTIONS[i].name, name, len) == 0 && at < sizeof could)
            snprintf(could + at, sizeof could - at, " '--%s'", OPTIONS[i].name);
    }
    usage_error(p, "option '--%.*s' is ambiguous; possibilities:%s", shown, name, could);
    return NULL;
}

/* The option whose letter is `letter`, or NULL. */
static const opt_spec *find_short(parser *p, char letter)
{
    for (int i = 0; i < OPTION_COUNT; i++)
        if (OPTIONS[i].short_name == letter)
            return &OPTIONS[i];
    usage_error(p, "invalid option -- '%c'", letter);
    return NULL;
}

/* Takes the option `spec`, whose value (if it takes one) is `inline_value`
 * or else the next argument; advances *i past what it used. Messages name
 * the option as it was written: short (`-l`) or long (`--limit`). */
static bool take_option(parser *p, const opt_spec *spec, const char *inline_value,
                        bool as_short, int argc, char **argv, int *i)
{
    char shown[32];
    if (as_short)
        snprintf(shown, sizeof shown, "-%c", spec->short_name);
    else
        snprintf(shown, sizeof shown, "--%s", spec->name);
    const char *value = NULL;
    if (spec->value) {
        value = inline_value;
        if (!value) {
            if (*i + 1 >= argc) {
                usage_error(p, "option '%s' needs a value", shown);
                return false;
            }
            value = argv[++*i];
        }
    } else if (inline_value) {
        usage_error(p, "option '%s' takes no value", shown);
        return false;
    }
    p->given[spec->id] = true;
    if (spec->id == OPT_GIVENS)
        p->givens = value;
    p->help = p->help || spec->id == OPT_HELP;
    p->version = p->version || spec->id == OPT_VERSION;
    if (!apply_option(p->ses, spec->id, value)) {
        bad_value(p, spec->id, value, shown);
        return false;
    }
    return true;
}

/* A bundle of short options such as "-sg" or "-orows". When it fails and
 * could be a long option with one dash (-unique), the error says so. */
static bool take_short_bundle(parser *p, int argc, char **argv, int *i)
{
    const char *arg = argv[*i];
    int matches;
    const opt_spec *looks_long = strlen(arg) > 2 ? match_long(arg + 1, strlen(arg + 1), &matches)
                                                 : NULL;
    p->meant = looks_long ? looks_long->name : NULL;
    bool ok = true;
    for (size_t k = 1; arg[k] && ok; k++) {
        const opt_spec *spec = find_short(p, arg[k]);
        const char *inline_value = spec && spec->value && arg[k + 1] ? arg + k + 1 : NULL;
        ok = spec && take_option(p, spec, inline_value, true, argc, argv, i);
        if (spec && spec->value)
            break;
    }
    p->meant = NULL;
    return ok;
}

/* The command called `name`, or -1. */
static int command_named(const char *name)
{
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(name, COMMANDS[i].name) == 0)
            return i;
    return -1;
}

/* Takes the arguments in order: options (long, bundled short, `--` ends
 * them), the command word if it comes first, and the files, which are
 * moved to the front of argv. False (after a usage error) on a bad option. */
static bool parse_args(parser *p, int argc, char **argv)
{
    session *ses = p->ses;
    bool options_done = false, seen_operand = false;
    ses->files = argv + 1;      /* operands are moved to the front of argv */
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        bool ok = true;
        if (!options_done && strcmp(arg, "--") == 0) {
            options_done = true;
        } else if (!options_done && strncmp(arg, "--", 2) == 0) {
            const char *eq = strchr(arg + 2, '=');
            size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            const opt_spec *spec = find_long(p, arg + 2, len);
            ok = spec && take_option(p, spec, eq ? eq + 1 : NULL, false, argc, argv, &i);
        } else if (!options_done && arg[0] == '-' && arg[1]) {
            ok = take_short_bundle(p, argc, argv, &i);
        } else if (!seen_operand && command_named(arg) >= 0) {
            ses->set.cmd = (command_id)command_named(arg);
            seen_operand = true;
            p->command_given = true;
        } else {
            seen_operand = true;
            ses->files[ses->file_count++] = arg;      /* a slot already read */
        }
        if (!ok)
            return false;
    }
    return true;
}

/* The edit distance between `a` and `b` (insertions, deletions and
 * substitutions), counted up to LONG_WORD characters of each. */
enum { LONG_WORD = 15 };

static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    la = la < LONG_WORD ? la : LONG_WORD;
    lb = lb < LONG_WORD ? lb : LONG_WORD;
    int row[LONG_WORD + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j], best = diagonal + (a[i - 1] != b[j - 1]);
            best = up + 1 < best ? up + 1 : best;
            best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
            diagonal = up;
            row[j] = best;
        }
    }
    return row[lb];
}

/* The command that `word` looks like a slip for (within 2 edits, or the
 * start of its name), or -1. */
static int command_meant(const char *word)
{
    size_t len = strlen(word);
    for (int i = 0; i < COMMAND_COUNT; i++)
        if ((len >= 2 && strncmp(word, COMMANDS[i].name, len) == 0)
            || edit_distance(word, COMMANDS[i].name) <= 2)
            return i;
    return -1;
}

/* True when the file called `name` can be opened for reading. */
static bool readable(const char *name)
{
    FILE *file = fopen(name, "rb");
    if (file)
        fclose(file);
    return file != NULL;
}

/* A first operand that is no file but looks like a command misspelt
 * (`bitdoku cnt FILE`) is a usage error naming the command. */
static bool check_command_word(parser *p)
{
    const session *ses = p->ses;
    if (p->command_given || ses->file_count == 0 || strcmp(ses->files[0], "-") == 0)
        return true;
    int meant = command_meant(ses->files[0]);
    if (meant < 0 || readable(ses->files[0]))
        return true;
    usage_error(p, "'%.60s' is no command, and no file to read (did you mean '%s'?)",
                ses->files[0], COMMANDS[meant].name);
    return false;
}

/* Writes "the solve and target commands" for a set of commands. */
static void name_commands(char *buf, size_t size, unsigned commands)
{
    int total = 0, shown = 0;
    for (int i = 0; i < COMMAND_COUNT; i++)
        total += (commands & CMD_BIT(i)) != 0;
    size_t len = (size_t)snprintf(buf, size, "the");
    for (int i = 0; i < COMMAND_COUNT && len < size; i++) {
        if (!(commands & CMD_BIT(i)))
            continue;
        shown++;
        const char *sep = shown == 1 ? " " : shown == total ? " and " : ", ";
        len += (size_t)snprintf(buf + len, size - len, "%s%s", sep, COMMANDS[i].name);
    }
    if (len < size)
        snprintf(buf + len, size - len, " command%s", total > 1 ? "s" : "");
}

/* No minimal puzzle has more givens. Two solutions of a puzzle differ in
 * a set of cells that meets each row and column it meets in two cells at
 * least: so in 4 cells at least (2 rows, 2 columns), and never in 5 (5
 * cells in 2 rows and 2 columns cannot be). A given of a puzzle with b
 * blanks can go only if some such set lies among the blanks and that
 * given: with b <= 2 none can, with b = 3 or 4 only the fourth corner of a
 * rectangle that 3 blanks make, at most 4 givens: never all of them. */
enum { MINIMAL_GIVENS_MAX = BD_CELLS - 5 };

/* True when some count of givens asked for is a multiple of 4 or one more:
 * the counts that rot90 symmetry (four cells at a time, and the centre)
 * leaves. */
static bool quarter_turns_reach(const bd_generate_options *gen)
{
    for (int givens = gen->min_givens; givens <= gen->max_givens; givens++)
        if (givens % 4 <= 1)
            return true;
    return false;
}

/* The options of generate that do not go together; settles whether
 * puzzles are minimal (by default, when neither --givens nor --symmetry
 * says otherwise). False after reporting a usage error. */
static bool check_generate(parser *p)
{
    bd_generate_options *gen = &p->ses->set.gen;
    if (!p->given[OPT_MINIMAL])
        gen->minimal = !p->given[OPT_GIVENS] && gen->symmetry == BD_SYMMETRY_NONE;
    if (gen->max_givens > BD_CELLS)
        usage_error(p, "invalid value '%.60s' for '--givens'", p->givens);
    else if (gen->min_givens < 17)
        usage_error(p, "option '--givens': no puzzle with fewer than 17 givens has a single "
                       "solution");
    else if (gen->symmetry == BD_SYMMETRY_ROT90 && !quarter_turns_reach(gen))
        usage_error(p, "option '--givens': rot90 symmetry leaves a multiple of 4 givens, "
                       "or one more");
    else if (gen->unsolvable && p->given[OPT_DIFFICULTY])
        usage_error(p, "options '--unsolvable' and '--difficulty' exclude each other");
    else if (gen->unsolvable && p->ses->set.with_solution)
        usage_error(p, "options '--unsolvable' and '--solution' exclude each other");
    else if (gen->unsolvable && p->ses->set.with_rating)
        usage_error(p, "options '--unsolvable' and '--rating' exclude each other");
    else if (gen->minimal && gen->min_givens > MINIMAL_GIVENS_MAX)
        usage_error(p, "option '--givens': no minimal puzzle has more than %d givens",
                    MINIMAL_GIVENS_MAX);
    return !p->ses->fatal;
}

/* The long name of option `id`. */
static const char *option_name(opt_id id)
{
    for (int i = 0; i < OPTION_COUNT; i++)
        if (OPTIONS[i].id == id)
            return OPTIONS[i].name;
    return "?";
}

/* The options of the pictures (--format svg or html): the commands that
 * draw, the options that need one format or the other, and those that do
 * not go with them. False after reporting a usage error. */
static bool check_pictures(parser *p)
{
    const settings *set = &p->ses->set;
    picture_kind kind = set->pic.kind;
    const char *name = kind == PICTURE_SVG ? "svg" : "html";
    static const opt_id HTML_ONLY[] = {OPT_PER_PAGE, OPT_PAPER, OPT_ANSWERS, OPT_TITLE};
    char which[128];
    name_commands(which, sizeof which, DRAWING);
    for (size_t i = 0; i < sizeof HTML_ONLY / sizeof HTML_ONLY[0]; i++)
        if (p->given[HTML_ONLY[i]] && kind != PICTURE_HTML) {
            usage_error(p, "option '--%s' applies to --format html only",
                        option_name(HTML_ONLY[i]));
            return false;
        }
    if (p->given[OPT_CANDIDATES] && kind == PICTURE_NONE)
        usage_error(p, "option '--candidates' applies to --format svg or html only");
    else if (kind != PICTURE_NONE && !(DRAWING & CMD_BIT(set->cmd)))
        usage_error(p, "option '--format %s' applies to %s only", name, which);
    else if (kind == PICTURE_SVG && set->cmd == CMD_EXPLAIN && !set->hint)
        usage_error(p, "explain --format svg draws one step: add --hint, or draw the whole "
                       "path with --format html");
    else if (kind != PICTURE_NONE && set->original)
        usage_error(p, "explain --original answers in text only, not with --format %s", name);
    else if (kind != PICTURE_NONE && set->all)
        usage_error(p, "options '--all' and '--format %s' exclude each other", name);
    else if (kind == PICTURE_HTML && set->with_solution)
        usage_error(p, "generate --format html places the solutions as --answers says, "
                       "not with --solution");
    return !p->ses->fatal;
}

/* True when a symmetry of an N x N board can leave some count of givens
 * in min..max: its classes are of 4 cells (rot90), or 2 (rot180, mirror),
 * and the cells it maps to themselves are single classes (the centre when
 * N is odd; the middle column of a mirror; the diagonal). */
static bool symmetry_reaches(bd_symmetry symmetry, int n, int min, int max)
{
    int singles = symmetry == BD_SYMMETRY_DIAGONAL ? n
                  : symmetry == BD_SYMMETRY_MIRROR ? n % 2 * n
                  : n % 2;
    int class_size = symmetry == BD_SYMMETRY_ROT90 ? 4 : 2;
    if (symmetry == BD_SYMMETRY_NONE || symmetry == BD_SYMMETRY_RANDOM)
        return true;
    for (int givens = min; givens <= max; givens++)
        if (givens % class_size <= singles)
            return true;
    return false;
}

/* generate on boards of any size: the options that do not go together;
 * settles whether puzzles are minimal (as for 9 x 9). False after
 * reporting a usage error. */
static bool check_sized_generate(parser *p)
{
    settings *set = &p->ses->set;
    bd_generate_options *gen = &set->gen;
    int n = set->text.box_rows * set->text.box_cols;
    if (!p->given[OPT_MINIMAL])
        gen->minimal = !p->given[OPT_GIVENS] && gen->symmetry == BD_SYMMETRY_NONE;
    if (!n)
        usage_error(p, "generate needs the size of the boards to make: --box RxC or --size N");
    else if (set->givens_given && gen->max_givens > n * n)
        usage_error(p, "option '--givens': a %dx%d board has %d cells", n, n, n * n);
    else if (set->givens_given && !symmetry_reaches(gen->symmetry, n, gen->min_givens,
                                                    gen->max_givens))
        usage_error(p, "option '--givens': %s symmetry on a %dx%d board leaves no count of "
                    "givens in %d-%d", symmetry_name((int)gen->symmetry), n, n, gen->min_givens,
                    gen->max_givens);
    else if (gen->unsolvable && set->with_solution)
        usage_error(p, "options '--unsolvable' and '--solution' exclude each other");
    return !p->ses->fatal;
}

/* The most values an alphabet can write (numbers: any). */
static int alphabet_capacity(bd_alphabet alphabet)
{
    return alphabet == BD_ALPHABET_DIGITS ? 35 : alphabet == BD_ALPHABET_LETTERS ? 26
           : alphabet == BD_ALPHABET_HEX ? 16 : BD_BOARD_MAX;
}

/* The options that serve 9 x 9 boards only. */
static const opt_id NINE_ONLY[] = {OPT_DIFFICULTY, OPT_RATING,    OPT_ORDER,
                                   OPT_FORMAT,     OPT_PER_PAGE,  OPT_PAPER,
                                   OPT_ANSWERS,    OPT_CANDIDATES, OPT_TITLE,
                                   OPT_ORIGINAL};

/* The options of boards of any size that do not go together, and the
 * commands and options that serve 9 x 9 only. False after reporting a
 * usage error. */
static bool check_sized(parser *p)
{
    const settings *set = &p->ses->set;
    int n = set->text.box_rows * set->text.box_cols;
    if (set->cmd == CMD_TARGET)
        usage_error(p, "target works on 9x9 boards only (its ring weights are defined there): "
                       "no --box, --size or --alphabet");
    else if (p->given[OPT_BOX] && p->given[OPT_SIZE])
        usage_error(p, "options '--box' and '--size' exclude each other");
    else if (set->judge && (p->given[OPT_BOX] || p->given[OPT_SIZE] || p->given[OPT_ALPHABET]))
        usage_error(p, "option '--judge' names the size and alphabet itself");
    else if (n > alphabet_capacity(set->text.alphabet))
        usage_error(p, "the %s alphabet writes at most %d values, not %d",
                    bd_alphabet_name(set->text.alphabet),
                    alphabet_capacity(set->text.alphabet), n);
    else if (set->smallest && set->all)
        usage_error(p, "options '--smallest' and '--all' exclude each other");
    for (size_t i = 0; i < sizeof NINE_ONLY / sizeof NINE_ONLY[0] && !p->ses->fatal; i++)
        if (p->given[NINE_ONLY[i]])
            usage_error(p, "option '--%s' works on 9x9 boards only, not with --box, --size, "
                        "--alphabet, --judge or --smallest", option_name(NINE_ONLY[i]));
    if (!p->ses->fatal && set->cmd == CMD_GENERATE)
        check_sized_generate(p);
    return !p->ses->fatal;
}

/* Options that belong to some commands only, and options that exclude
 * each other. */
static bool check_command_options(parser *p)
{
    const settings *set = &p->ses->set;
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (!p->given[OPTIONS[i].id] || (OPTIONS[i].commands & CMD_BIT(set->cmd)))
            continue;
        char which[128];
        name_commands(which, sizeof which, OPTIONS[i].commands);
        usage_error(p, "option '--%s' applies to %s only", OPTIONS[i].name, which);
        return false;
    }
    if (!check_pictures(p))
        return false;
    if (COMMANDS[set->cmd].no_input && p->ses->file_count)
        usage_error(p, "the %s command reads no input: '%.60s'", COMMANDS[set->cmd].name,
                    p->ses->files[0]);
    else if (set->sized && !check_sized(p))
        return false;
    else if (set->cmd == CMD_GENERATE && !set->sized && !check_generate(p))
        return false;
    else if (p->given[OPT_UNIQUE] && p->given[OPT_LIMIT])
        usage_error(p, "options '--unique' and '--limit' exclude each other");
    else if (p->given[OPT_LIMIT] && set->cmd == CMD_SOLVE && !set->all)
        usage_error(p, "option '--limit' applies to solve with --all only");
    else if (p->given[OPT_LIMIT] && set->all && set->limit == 0)
        usage_error(p, "solve --all needs a limit: '--limit 0' would keep every solution "
                       "in memory");
    else if (p->given[OPT_FORMAT] && set->cmd == CMD_TARGET && !set->print_grid)
        usage_error(p, "option '--format' applies to target with --grid only");
    else if (p->given[OPT_FORMAT] && set->hint && set->pic.kind == PICTURE_NONE)
        usage_error(p, "option '--format' applies to explain without --hint only");
    else if (p->given[OPT_ORDER] && set->options.engine == BD_ENGINE_DLX)
        usage_error(p, "option '--order' applies to the dfs engine only");
    else if (p->given[OPT_FORMAT] && set->csv)
        usage_error(p, "options '--format' and '--csv' exclude each other");
    return !p->ses->fatal;
}

/* True when the size of the boards is to come from the input: no option
 * named it (--box, --size, --judge) or serves 9 x 9 only, and the command reads input and serves
 * boards of any size (or is target, which refuses them). */
static bool size_from_input(const parser *p)
{
    const settings *set = &p->ses->set;
    unsigned serving = SIZED & ~GENERATE;
    for (size_t i = 0; i < sizeof NINE_ONLY / sizeof NINE_ONLY[0]; i++)
        if (p->given[NINE_ONLY[i]])
            return false;
    return !set->text.box_rows && !set->judge && (serving & CMD_BIT(set->cmd))
           && !COMMANDS[set->cmd].no_input;
}

parse_result options_parse(session *ses, int argc, char **argv)
{
    parser p = {.ses = ses};
    if (!parse_args(&p, argc, argv))
        return PARSE_ERROR;
    if (p.help)
        return PARSE_HELP;
    if (p.version)
        return PARSE_VERSION;
    if (!check_command_word(&p) || !check_command_options(&p))
        return PARSE_ERROR;
    if (size_from_input(&p) && !sized_detect(ses))
        return PARSE_ERROR;
    if (ses->set.all && !p.given[OPT_LIMIT])
        ses->set.limit = DEFAULT_ALL_LIMIT;
    const command_spec *cmd = &COMMANDS[ses->set.cmd];
    ses->set.answer = cmd->answer;
    ses->set.columns = cmd->columns ? cmd->columns(&ses->set) : cmd->name;
    ses->set.grid_answers = ses->set.cmd == CMD_SOLVE
                            || (ses->set.cmd == CMD_TARGET && ses->set.print_grid)
                            || (ses->set.cmd == CMD_EXPLAIN && !ses->set.hint);
    ses->set.all_blocks = ses->set.cmd == CMD_EXPLAIN && !ses->set.hint && !ses->set.csv;
    return PARSE_RUN;
}
