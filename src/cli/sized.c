/*
 * sized.c - boards of any size on the command line (--box, --size,
 * --alphabet, --judge, --smallest): solve (--all, --smallest), count
 * (-u, -l) and generate, on the bd_board functions of bitdoku.h.
 *
 * Input is read a line at a time (memory bounded by the longest line and
 * one record): blank lines and '#' lines between records are skipped; a
 * record's first line says its shape (bd_board_text_lines), the record's
 * lines are joined and parsed (bd_board_parse). The first record settles
 * what the options left open (size, alphabet), and the later ones keep it.
 * Answers are in the input's shape and alphabet: a one-line board is
 * answered by a line, a grid by a block of lines, blocks apart by a blank
 * line. A malformed record is reported on stderr as
 * `bitdoku: FILE:LINE: why` and answered "error".
 *
 * The judges' formats wrap the same records: spoj (a count line, then
 * 16 x 16 grids in letters, '-' blank), poj (those grids to the end of
 * input) and uva989 (a line "n", then an n^2 x n^2 grid of numbers; the
 * smallest solution, or "NO SOLUTION"; a blank line between cases).
 * Answers are written in order, one record at a time (-j changes nothing).
 */
#include "sized.h"
#include "cli.h"
#include "session.h"
#include "settings.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { WHY_SIZE = 200 };

/* A growable byte buffer. */
typedef struct buffer {
    char *bytes;
    size_t len, cap;
} buffer;

/* Appends `n` bytes; false when memory ran out. */
static bool append(buffer *b, const char *bytes, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *grown = realloc(b->bytes, cap);
        if (!grown)
            return false;
        b->bytes = grown;
        b->cap = cap;
    }
    memcpy(b->bytes + b->len, bytes, n);
    b->len += n;
    b->bytes[b->len] = '\0';
    return true;
}

/* One input read line by line. */
typedef struct line_source {
    FILE *file;
    const char *name;       /* as diagnostics name it */
    long line_no;           /* of the line in `line` */
    buffer line;            /* the current line, without its line end */
    bool nomem;
} line_source;

/* Reads the next line into s->line; false at the end of input. */
static bool read_line(line_source *s)
{
    s->line.len = 0;
    char piece_of_line[512];
    bool any = false;
    while (fgets(piece_of_line, sizeof piece_of_line, s->file)) {
        any = true;
        size_t n = strlen(piece_of_line);
        bool ends = n && piece_of_line[n - 1] == '\n';
        if (!append(&s->line, piece_of_line, ends ? n - 1 : n)) {
            s->nomem = true;
            return false;
        }
        if (ends)
            break;
    }
    if (!any)
        return false;
    s->line_no++;
    if (s->line.len && s->line.bytes[s->line.len - 1] == '\r')
        s->line.bytes[--s->line.len] = '\0';
    if (!s->line.bytes)
        append(&s->line, "", 0);
    return true;
}

/* True for a line that holds nothing but blanks, or a '#' comment. */
static bool skippable(const buffer *line)
{
    size_t i = 0;
    while (i < line->len && (line->bytes[i] == ' ' || line->bytes[i] == '\t'))
        i++;
    return i == line->len || line->bytes[i] == '#';
}

/* Reports a fault of the input at its current line. */
static void report(session *ses, const line_source *s, const char *why)
{
    fprintf(ses->err, "bitdoku: %s:%ld: %s\n", s->name, s->line_no, why);
}

/* Reads the next record into `board`: BD_OK, BD_EOF, or BD_EMALFORMED
 * (reported; the record's lines are passed over). */
static bd_status next_record(session *ses, line_source *s, bd_board_text *how, buffer *text,
                             bd_board *board)
{
    bool got;
    while ((got = read_line(s)) && skippable(&s->line))
        ;
    if (!got)
        return BD_EOF;
    char why[WHY_SIZE];
    bd_board_text tried = *how;
    int lines = bd_board_text_lines(s->line.bytes, s->line.len, &tried, why, sizeof why);
    if (!lines) {
        report(ses, s, why);
        return BD_EMALFORMED;
    }
    text->len = 0;
    bool ok = append(text, s->line.bytes, s->line.len);
    for (int i = 1; i < lines && ok; i++) {
        if (!read_line(s)) {
            report(ses, s, "the input ends inside a grid");
            return BD_EMALFORMED;
        }
        ok = append(text, "\n", 1) && append(text, s->line.bytes, s->line.len);
    }
    if (!ok)
        return BD_ENOMEM;
    if (bd_board_parse(text->bytes, text->len, &tried, board, why, sizeof why) != BD_OK) {
        report(ses, s, why);
        return BD_EMALFORMED;
    }
    *how = tried;
    return BD_OK;
}

/* Writes `board` in `how`'s shape and alphabet; false when it cannot be
 * written in that alphabet (reported). */
static bool put_board(session *ses, const bd_board *board, const bd_board_text *how)
{
    static const size_t SIZE = (size_t)BD_BOARD_CELLS_MAX * 3 + BD_BOARD_MAX + 1;
    char *text = malloc(SIZE);
    size_t len = text ? bd_board_format(board, how, text, SIZE) : 0;
    if (len)
        fwrite(text, 1, len, ses->out.out);
    else
        fprintf(ses->err, "bitdoku: a %dx%d board cannot be written in the %s alphabet\n",
                board->size, board->size, bd_alphabet_name(how->alphabet));
    free(text);
    return len > 0;
}

/* Adds a search's figures to the session's, and counts an outcome. */
static void tally(session *ses, outcome kind, const bd_stats *stats)
{
    ses->out.by_outcome[kind]++;
    ses->out.stats.nodes += stats->nodes;
    ses->out.stats.guesses += stats->guesses;
}

/* The words of a search that ended with `status` without a board. */
static const char *status_words(bd_status status, outcome *kind)
{
    *kind = status == BD_NO_SOLUTION ? OUTCOME_NO_SOLUTION
            : status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_FAILED;
    return status == BD_NO_SOLUTION ? "no solution" : status == BD_CUT_SHORT ? "cut-short"
                                                                             : "error";
}

/* The context of solve --all: where each solution goes. */
typedef struct each_solution {
    session *ses;
    const bd_board_text *how;
    bd_board *kept;         /* the solutions, written once counted */
    uint64_t count;
} each_solution;

static bool keep_solution(const bd_board *solution, void *context)
{
    each_solution *e = context;
    e->kept[e->count++] = *solution;
    return true;
}

/* solve --all: the number of solutions ("N+" past the limit), then each. */
static void answer_all(session *ses, const bd_board *puzzle, const bd_board_text *how)
{
    const settings *set = &ses->set;
    uint64_t limit = set->limit, count = 0;
    bd_stats stats = {0};
    each_solution e = {.ses = ses, .how = how, .kept = malloc((size_t)limit * sizeof *e.kept)};
    bd_status status = e.kept ? bd_board_solutions(puzzle, limit, &set->options, keep_solution,
                                                   &e, &count, &stats)
                              : BD_ENOMEM;
    outcome kind = OUTCOME_ANSWERED;
    if (status == BD_OK || status == BD_CUT_SHORT) {
        uint64_t more = 0;
        if (status == BD_OK && count == limit)
            bd_board_count(puzzle, limit + 1, &set->options, &more, NULL);
        fprintf(ses->out.out, "%s%" PRIu64 "%s\n", status == BD_CUT_SHORT ? "cut-short>=" : "",
                count, more > limit ? "+" : "");
        for (uint64_t i = 0; i < count; i++)
            put_board(ses, &e.kept[i], how);
        kind = status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT
               : count ? OUTCOME_ANSWERED : OUTCOME_NO_SOLUTION;
    } else {
        fprintf(ses->out.out, "%s\n", status_words(status, &kind));
    }
    free(e.kept);
    tally(ses, kind, &stats);
}

/* solve (or --smallest): the solution, or the words saying why none. */
static void answer_solve_board(session *ses, const bd_board *puzzle, const bd_board_text *how,
                               bool smallest, const char *none)
{
    bd_board solution;
    bd_stats stats = {0};
    bd_status status = smallest ? bd_board_smallest(puzzle, &ses->set.options, &solution, &stats)
                                : bd_board_solve(puzzle, &ses->set.options, &solution, &stats);
    outcome kind = OUTCOME_ANSWERED;
    if (status == BD_OK)
        put_board(ses, &solution, how);
    else {
        const char *words = status_words(status, &kind);
        fprintf(ses->out.out, "%s\n", status == BD_NO_SOLUTION && none ? none : words);
    }
    tally(ses, kind, &stats);
}

/* count: "N", "N+" past --limit, "cut-short>=N"; -u: unique, multiple or
 * none. */
static void answer_count_board(session *ses, const bd_board *puzzle)
{
    const settings *set = &ses->set;
    uint64_t limit = set->unique ? 2 : set->limit ? set->limit + 1 : 0, count = 0;
    bd_stats stats = {0};
    bd_status status = bd_board_count(puzzle, limit, &set->options, &count, &stats);
    outcome kind = status == BD_OK ? OUTCOME_ANSWERED : OUTCOME_CUT_SHORT;
    FILE *out = ses->out.out;
    if (status != BD_OK && status != BD_CUT_SHORT)
        fprintf(out, "%s\n", status_words(status, &kind));
    else if (status == BD_CUT_SHORT)
        fprintf(out, "cut-short>=%" PRIu64 "\n", count);
    else if (set->unique)
        fprintf(out, "%s\n", count == 0 ? "none" : count == 1 ? "unique" : "multiple");
    else if (set->limit && count > set->limit)
        fprintf(out, "%" PRIu64 "+\n", set->limit);
    else
        fprintf(out, "%" PRIu64 "\n", count);
    tally(ses, kind, &stats);
}

/* Answers one board by the command asked for. */
static void answer_board(session *ses, const bd_board *puzzle, const bd_board_text *how)
{
    if (ses->set.cmd == CMD_COUNT)
        answer_count_board(ses, puzzle);
    else if (ses->set.all)
        answer_all(ses, puzzle, how);
    else
        answer_solve_board(ses, puzzle, how, ses->set.smallest, NULL);
}

/* Answers every record of one input; false on a fault that ends it. */
static bool answer_source(session *ses, line_source *s, bd_board_text *how, buffer *text,
                          bd_board *board, bool *first)
{
    bd_status status;
    while ((status = next_record(ses, s, how, text, board)) != BD_EOF) {
        if (status == BD_ENOMEM || s->nomem) {
            fputs("bitdoku: out of memory\n", ses->err);
            ses->fatal = true;
            return false;
        }
        bool block = how->grid || ses->set.all;
        if (!*first && block)
            fputc('\n', ses->out.out);
        *first = false;
        if (status == BD_EMALFORMED) {
            fputs("error\n", ses->out.out);
            ses->out.by_outcome[OUTCOME_MALFORMED]++;
            if (!how->box_rows || !how->alphabet)
                return true;    /* no size or alphabet to read the rest by */
            continue;
        }
        answer_board(ses, board, how);
    }
    return true;
}

/* Opens input `name` ("-": standard input) into `s`; false (reported)
 * when it cannot be read. */
static bool open_source(session *ses, const char *name, line_source *s)
{
    bool standard = strcmp(name, "-") == 0;
    *s = (line_source){.file = standard ? ses->in : fopen(name, "rb"),
                  .name = standard ? "<stdin>" : name};
    if (!s->file) {
        fprintf(ses->err, "bitdoku: %s: cannot read\n", name);
        ses->fatal = true;
    }
    return s->file != NULL;
}

/* Closes what open_source opened. */
static void close_source(session *ses, line_source *s)
{
    if (s->file && s->file != ses->in)
        fclose(s->file);
    free(s->line.bytes);
}

/* ------------------------------------------------------------------ */
/* The judges' formats                                                 */

/* SPOJ SUDOKU and POJ 3076: 16 x 16 letter grids (after a count line for
 * spoj), each answered by its solution grid, a blank line between. */
static void judge_letters(session *ses, line_source *s, buffer *text, bd_board *board)
{
    bd_board_text how = {4, 4, BD_ALPHABET_LETTERS, true};
    long expected = -1;
    if (ses->set.judge == JUDGE_SPOJ) {
        while (read_line(s) && skippable(&s->line))
            ;
        char *end;
        expected = s->line.len ? strtol(s->line.bytes, &end, 10) : -1;
        if (!s->line.len || *end || expected < 0) {
            report(ses, s, "SPOJ SUDOKU input starts with the count of grids");
            ses->misframed = true;
            return;
        }
    }
    long answered = 0;
    bd_status status;
    while ((expected < 0 || answered < expected)
           && (status = next_record(ses, s, &how, text, board)) != BD_EOF) {
        if (answered++)
            fputc('\n', ses->out.out);
        if (status != BD_OK) {
            fputs("error\n", ses->out.out);
            ses->out.by_outcome[OUTCOME_MALFORMED]++;
        } else {
            answer_solve_board(ses, board, &how, false, NULL);
        }
    }
    if (expected >= 0 && answered != expected) {
        fprintf(ses->err, "bitdoku: %s: the count line says %ld grids, the input holds %ld\n",
                s->name, expected, answered);
        ses->misframed = true;
    }
}

/* UVa 989: a line "n" (1 to 8), then the n^2 x n^2 grid in numbers; the
 * smallest solution, or NO SOLUTION; a blank line between cases. */
static void judge_uva989(session *ses, line_source *s, buffer *text, bd_board *board)
{
    int cases = 0;
    for (;;) {
        bool got;
        while ((got = read_line(s)) && skippable(&s->line))
            ;
        if (!got)
            return;
        if (cases++)
            fputc('\n', ses->out.out);
        char *end;
        long n = strtol(s->line.bytes, &end, 10);
        while (*end == ' ' || *end == '\t')
            end++;
        bd_board_text how = {(int)n, (int)n, BD_ALPHABET_NUMBERS, n > 1};
        if (*end || n < 1 || n > 8) {
            report(ses, s, "UVa 989: a case starts with n, the box side (1 to 8)");
            fputs("error\n", ses->out.out);
            ses->out.by_outcome[OUTCOME_MALFORMED]++;
            continue;
        }
        if (next_record(ses, s, &how, text, board) != BD_OK) {
            fputs("error\n", ses->out.out);
            ses->out.by_outcome[OUTCOME_MALFORMED]++;
            continue;
        }
        answer_solve_board(ses, board, &how, true, "NO SOLUTION");
    }
}

/* ------------------------------------------------------------------ */
/* generate                                                            */

/* Makes --count boards of the size asked, printed one a line (the
 * solution after each with --solution). */
static void generate_boards(session *ses)
{
    const settings *set = &ses->set;
    bd_board_text how = set->text;
    how.grid = false;
    bd_generate_options options = bd_board_generate_defaults(how.box_rows, how.box_cols);
    options.symmetry = set->gen.symmetry;
    options.minimal = set->gen.minimal;
    options.unsolvable = set->gen.unsolvable;
    options.max_tries = set->gen.max_tries;
    uint64_t seed = set->seed_given ? set->seed : (uint64_t)time(NULL);
    for (unsigned long i = 0; i < set->made && !ses->fatal; i++) {
        bd_board puzzle, solution;
        bd_generate_stats stats = {0};
        bd_status status = bd_board_generate(seed, i, how.box_rows, how.box_cols, &options,
                                             &puzzle, set->gen.unsolvable ? NULL : &solution,
                                             &stats);
        if (status != BD_OK) {
            fprintf(ses->err, "bitdoku: puzzle %lu not made (%s)\n", i + 1,
                    status == BD_CUT_SHORT ? "not made in --tries tries" : "bad options");
            ses->out.by_outcome[status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_FAILED]++;
            continue;
        }
        ses->out.by_outcome[OUTCOME_ANSWERED]++;
        if (!put_board(ses, &puzzle, &how) || (set->with_solution && !put_board(ses, &solution, &how)))
            ses->fatal = true;
    }
}

/* ------------------------------------------------------------------ */

bool run_sized(session *ses)
{
    if (ses->set.cmd == CMD_GENERATE) {
        generate_boards(ses);
        return true;
    }
    const char *standard = "-";
    char **files = ses->file_count ? ses->files : (char **)&standard;
    int file_count = ses->file_count ? ses->file_count : 1;
    bd_board_text how = ses->set.text;
    buffer text = {0};
    bd_board *board = malloc(sizeof *board);
    bool first = true, ok = board != NULL;
    for (int i = 0; i < file_count && ok; i++) {
        line_source s;
        if (!open_source(ses, files[i], &s))
            break;
        if (ses->set.judge == JUDGE_UVA989)
            judge_uva989(ses, &s, &text, board);
        else if (ses->set.judge)
            judge_letters(ses, &s, &text, board);
        else
            ok = answer_source(ses, &s, &how, &text, board, &first);
        if (ferror(s.file)) {
            fprintf(ses->err, "bitdoku: %s: read error\n", s.name);
            ses->fatal = true;
        }
        close_source(ses, &s);
    }
    free(board);
    free(text.bytes);
    if (!board)
        fputs("bitdoku: out of memory\n", ses->err);
    return ok && !ses->fatal;
}
