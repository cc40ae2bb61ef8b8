/* test_batch.c - answering an input cut into pieces on 1, 2 and 3 threads
 * (batch.c, piece.c, input.c's source_fill), through cli_run_pieces with
 * pieces from 1 byte (every line its own piece, every grid cut) to more
 * than the whole input: stdout, stderr and the exit status must be those
 * of one piece read on one thread, byte for byte; and that reference run
 * must give the published Kaggle solutions, 'error' for the malformed
 * records, and the diagnostics at the lines where the inputs were built
 * to have them. Inputs: lines, compact, spaced and pretty grids with
 * comments and blank lines between bands, malformed lines and a short
 * grid, a count line that does not match, 'end' with text after it, CSV
 * with a header and quoted fields, TSV; and the shapes of issue 25: CR line
 * ends, Debian sudoku's titles, pencil marks as 729-character lines, and a
 * row too many after a grid where blank lines set grids apart. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "cli.h"

#ifndef BITDOKU_PUZZLES_DIR
#error "BITDOKU_PUZZLES_DIR must name the puzzles/ directory"
#endif

enum { KAGGLE = 69, MAX_TEXT = 1 << 20 };

static char puzzles[KAGGLE][BD_CELLS + 1], solutions[KAGGLE][BD_CELLS + 1];

/* A growing text. */
typedef struct text {
    char *s;
    size_t len;
} text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void add(text *t, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(t->s + t->len, MAX_TEXT - t->len, fmt, args);
    va_end(args);
    assert_true(n >= 0 && t->len + (size_t)n < MAX_TEXT);
    t->len += (size_t)n;
}

static void read_lines(const char *name, char lines[KAGGLE][BD_CELLS + 1])
{
    char path[512], line[256];
    snprintf(path, sizeof path, "%s/%s", BITDOKU_PUZZLES_DIR, name);
    FILE *file = fopen(path, "r");
    assert_non_null(file);
    int n = 0;
    while (fgets(line, sizeof line, file))
        if (line[0] != '#') {
            assert_true(n < KAGGLE && strlen(line) >= BD_CELLS);
            memcpy(lines[n], line, BD_CELLS);
            lines[n++][BD_CELLS] = '\0';
        }
    fclose(file);
    assert_int_equal(n, KAGGLE);
}

static int setup(void **state)
{
    (void)state;
    read_lines("kaggle_sample.txt", puzzles);
    read_lines("kaggle_sample.solutions.txt", solutions);
    return 0;
}

/* What one run printed. */
typedef struct run_result {
    char *out, *err;
    size_t out_len, err_len;
    int status;
} run_result;

static char *slurp(FILE *file, size_t *len)
{
    fflush(file);
    long size = ftell(file);
    assert_true(size >= 0);
    char *s = malloc((size_t)size + 1);
    assert_non_null(s);
    rewind(file);
    *len = fread(s, 1, (size_t)size, file);
    s[*len] = '\0';
    return s;
}

/* Runs `bitdoku ARGS... -j JOBS -` on `input` with pieces of `piece_size` bytes. */
static run_result run(const text *input, const char *const *args, int jobs, size_t piece_size)
{
    FILE *in = tmpfile(), *out = tmpfile(), *err = tmpfile();
    assert_true(in && out && err);
    assert_int_equal(fwrite(input->s, 1, input->len, in), input->len);
    rewind(in);
    char jobs_arg[12];   /* any int */
    snprintf(jobs_arg, sizeof jobs_arg, "%d", jobs);
    char *argv[16] = {"bitdoku"};
    int argc = 1;
    for (; *args; args++)
        argv[argc++] = (char *)*args;
    argv[argc++] = "-j";
    argv[argc++] = jobs_arg;
    argv[argc++] = "-";
    run_result r;
    r.status = cli_run_pieces(argc, argv, in, out, err, piece_size);
    r.out = slurp(out, &r.out_len);
    r.err = slurp(err, &r.err_len);
    fclose(in);
    fclose(out);
    fclose(err);
    return r;
}

static void free_result(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* Every cutting and number of threads gives the reference run's output. */
static void check_cuttings(const text *input, const char *const *args, const run_result *ref)
{
    static const size_t pieces[] = {1, 7, 100, 1000, 4096, 0};
    for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++)
        for (int jobs = 1; jobs <= 3; jobs++) {
            run_result r = run(input, args, jobs, pieces[i]);
            assert_int_equal(r.status, ref->status);
            assert_int_equal(r.out_len, ref->out_len);
            assert_memory_equal(r.out, ref->out, ref->out_len);
            assert_int_equal(r.err_len, ref->err_len);
            assert_memory_equal(r.err, ref->err, ref->err_len);
            free_result(&r);
        }
}

/* A grid of the cells `cells` in `shape`, into `t`, with `between` before
 * rows 4 and 7; '.' for blanks, or '0' in the spaced shape. */
static void add_grid(text *t, const char *cells, bd_shape shape, const char *between)
{
    for (int r = 0; r < BD_SIZE; r++) {
        if (r == 3 || r == 6)
            add(t, "%s", between);
        for (int c = 0; c < BD_SIZE; c++) {
            char ch = cells[r * BD_SIZE + c];
            if (shape == BD_SHAPE_SPACED)
                add(t, "%c%s", ch == '.' ? '0' : ch, c < 8 ? " " : "\n");
            else if (shape == BD_SHAPE_PRETTY)
                add(t, "%s%c%s", c % 3 == 0 ? "| " : "", ch, c == 8 ? " |\n" : " ");
            else
                add(t, "%c%s", ch, c == 8 ? "\n" : "");
        }
    }
}

static void test_text_records(void **state)
{
    (void)state;
    text in = {malloc(MAX_TEXT), 0}, want = {malloc(MAX_TEXT), 0}, errs = {malloc(MAX_TEXT), 0};
    assert_true(in.s && want.s && errs.s);
    unsigned long line = 0;
    bool last_block = false;
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < KAGGLE; i++) {
            int kind = (i + round) % 6;
            bool block = kind >= 2 && kind <= 4;
            if (want.len && (block || last_block))
                add(&want, "\n");
            if (kind == 0) {            /* a line, a comment after it */
                add(&in, "%s # puzzle %d\n", puzzles[i], i);
                line++;
            } else if (kind == 1) {     /* a line after a comment */
                add(&in, "# next\n%s\n", puzzles[i]);
                line += 2;
            } else if (kind == 2) {     /* a compact grid, a comment between bands */
                add_grid(&in, puzzles[i], BD_SHAPE_COMPACT, "# band\n");
                line += 11;
            } else if (kind == 3) {     /* a spaced grid, blank lines between bands */
                add_grid(&in, puzzles[i], BD_SHAPE_SPACED, "\n");
                add(&in, "\n");
                line += 12;
            } else if (kind == 4) {     /* a pretty grid with rules */
                add_grid(&in, puzzles[i], BD_SHAPE_PRETTY, "+-------+-------+-------+\n");
                line += 11;
            } else {                    /* a malformed line, then a puzzle */
                add(&in, "%.40sx%s\n%s\n", puzzles[i], puzzles[i] + 41, puzzles[i]);
                add(&errs, "bitdoku: <stdin>:%lu:41: unexpected character 'x'\n", line + 1);
                add(&want, "error\n");
                line += 2;
            }
            if (block) {
                char shaped[BD_FORMAT_MAX];
                bd_grid g;
                for (int c = 0; c < BD_CELLS; c++)
                    g.cells[c] = (uint8_t)(solutions[i][c] - '0');
                bd_format(&g, kind == 2 ? BD_SHAPE_COMPACT : kind == 3 ? BD_SHAPE_SPACED
                                                                       : BD_SHAPE_PRETTY,
                          shaped);
                add(&want, "%s", shaped);
            } else {
                add(&want, "%s\n", solutions[i]);
            }
            last_block = block;
        }
    /* a short grid closed by a blank line, then 'end' and text after it */
    add(&in, "1........\n.2.......\n\nend\n%s\n", puzzles[0]);
    add(&errs, "bitdoku: <stdin>:%lu:1: grid has 2 rows; a grid has 9\n", line + 1);
    add(&errs, "bitdoku: <stdin>:%lu:1: text after the line 'end' is ignored\n", line + 5);
    add(&want, "\nerror\n");
    static const char *const solve[] = {NULL};
    run_result ref = run(&in, solve, 1, 0);
    assert_int_equal(ref.status, CLI_MALFORMED);
    assert_int_equal(ref.out_len, want.len);
    assert_memory_equal(ref.out, want.s, want.len);
    assert_int_equal(ref.err_len, errs.len);
    assert_memory_equal(ref.err, errs.s, errs.len);
    check_cuttings(&in, solve, &ref);
    static const char *const unique[] = {"count", "--unique", NULL};
    free_result(&ref);
    ref = run(&in, unique, 1, 0);
    check_cuttings(&in, unique, &ref);
    free_result(&ref);
    free(in.s);
    free(want.s);
    free(errs.s);
}

static void test_count_line(void **state)
{
    (void)state;
    text in = {malloc(MAX_TEXT), 0}, want = {malloc(MAX_TEXT), 0};
    assert_true(in.s && want.s);
    add(&in, "%d\n", KAGGLE + 1);
    for (int i = 0; i < KAGGLE; i++) {
        add(&in, "%s\n", puzzles[i]);
        add(&want, "%s\n", solutions[i]);
    }
    static const char *const solve[] = {NULL};
    run_result ref = run(&in, solve, 1, 0);
    assert_int_equal(ref.status, CLI_MISFRAMED);
    assert_memory_equal(ref.out, want.s, want.len);
    assert_string_equal(ref.err, "bitdoku: <stdin>:1:1: the first line announces 70 puzzles, "
                                 "but 69 followed\n");
    check_cuttings(&in, solve, &ref);
    free_result(&ref);
    free(in.s);
    free(want.s);
}

static void test_csv_rows(void **state)
{
    (void)state;
    text in = {malloc(MAX_TEXT), 0}, want = {malloc(MAX_TEXT), 0};
    assert_true(in.s && want.s);
    add(&in, "id,puzzle,note\n");
    add(&want, "id,puzzle,note,solution\n");
    for (int i = 0; i < KAGGLE; i++) {
        if (i % 10 == 3) {
            add(&in, "%d,%.80s,\"short, by one\"\n", i, puzzles[i]);
            add(&want, "%d,%.80s,\"short, by one\",error\n", i, puzzles[i]);
            continue;
        }
        add(&in, "%d,\"%s\",\"a \"\"note\"\"\"\n", i, puzzles[i]);
        add(&want, "%d,\"%s\",\"a \"\"note\"\"\",%s\n", i, puzzles[i], solutions[i]);
    }
    static const char *const csv[] = {"--csv", NULL};
    run_result ref = run(&in, csv, 1, 0);
    assert_int_equal(ref.status, CLI_MALFORMED);
    assert_int_equal(ref.out_len, want.len);
    assert_memory_equal(ref.out, want.s, want.len);
    check_cuttings(&in, csv, &ref);
    free_result(&ref);
    /* TSV without a header, answered with --csv and counted */
    in.len = want.len = 0;
    for (int i = 0; i < KAGGLE; i++)
        add(&in, "%s\t%d\n", puzzles[i], i);
    static const char *const count[] = {"count", "--csv", NULL};
    ref = run(&in, count, 1, 0);
    assert_int_equal(ref.status, CLI_OK);
    check_cuttings(&in, count, &ref);
    free_result(&ref);
    free(in.s);
    free(want.s);
}

/* Appends puzzle `i` as pencil marks, a line of 729 characters: a given's
 * digit alone in its place, every digit in a blank's. */
static void add_marks(text *t, const char *cells, const char *eol)
{
    for (int c = 0; c < BD_CELLS; c++)
        for (int d = 1; d <= BD_SIZE; d++)
            add(t, "%c", cells[c] == '.' || cells[c] - '0' == d ? '0' + d : '.');
    add(t, "%s", eol);
}

static void test_new_shapes(void **state)
{
    (void)state;
    text in = {malloc(MAX_TEXT), 0}, want = {malloc(MAX_TEXT), 0}, errs = {malloc(MAX_TEXT), 0};
    assert_true(in.s && want.s && errs.s);
    /* CR line ends: lines, titled compact grids, pencil marks */
    for (int i = 0; i < KAGGLE; i++) {
        if (i % 3 == 0) {
            add(&in, "%s\r", puzzles[i]);
        } else if (i % 3 == 1) {
            add(&in, "%% puzzle %d\r", i);
            for (int r = 0; r < BD_SIZE; r++)
                add(&in, "%.9s\r", puzzles[i] + r * BD_SIZE);
        } else {
            add_marks(&in, puzzles[i], "\r");
        }
        add(&want, "%s\n", solutions[i]);
    }
    static const char *const lines[] = {"--format", "line", NULL};
    run_result ref = run(&in, lines, 1, 0);
    assert_int_equal(ref.status, CLI_OK);
    assert_int_equal(ref.out_len, want.len);
    assert_memory_equal(ref.out, want.s, want.len);
    assert_int_equal(ref.err_len, 0);
    check_cuttings(&in, lines, &ref);
    free_result(&ref);
    /* spaced grids set apart by blank lines; every seventh has its third
     * row twice: that grid clashes (no solution), the row after its 9th
     * is reported and skipped, and the answers after it stay in step */
    in.len = want.len = 0;
    unsigned long line = 0;
    for (int i = 0; i < KAGGLE; i++) {
        for (int r = 0; r < BD_SIZE; r++) {
            for (int k = 0; k < (i % 7 == 0 && r == 2 ? 2 : 1); k++) {
                for (int c = 0; c < BD_SIZE; c++)
                    add(&in, "%c%s", puzzles[i][r * 9 + c] == '.' ? '0' : puzzles[i][r * 9 + c],
                        c < 8 ? " " : "\n");
                line++;
            }
        }
        if (i % 7 == 0)
            add(&errs, "bitdoku: <stdin>:%lu:1: 1 line of cells after the 9 rows of a grid, "
                       "where a blank line should be: taken for rows too many in that grid, "
                       "and skipped\n", line);
        add(&in, "\n");
        line++;
        add(&want, "%s\n", i % 7 == 0 ? "no solution" : solutions[i]);
    }
    ref = run(&in, lines, 1, 0);
    assert_int_equal(ref.status, CLI_MISFRAMED);
    assert_int_equal(ref.out_len, want.len);
    assert_memory_equal(ref.out, want.s, want.len);
    assert_int_equal(ref.err_len, errs.len);
    assert_memory_equal(ref.err, errs.s, errs.len);
    check_cuttings(&in, lines, &ref);
    free_result(&ref);
    free(in.s);
    free(want.s);
    free(errs.s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_records),
        cmocka_unit_test(test_count_line),
        cmocka_unit_test(test_csv_rows),
        cmocka_unit_test(test_new_shapes),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
