/* test_pieces.c - reading an input in pieces (bd_reader_init_piece and its
 * companions): a cut grid is noted and read again from the next piece, a
 * count line is checked at the end, long lines shortened read as before;
 * and for a set of inputs of every kind (lines, grids of each shape with
 * comments and blank lines between bands, short grids, count lines, 'end',
 * CSV and TSV with headers and malformed rows, CRLF, a BOM, long lines,
 * and the shapes of issue 25: CR line ends, titles, spreadsheet rows, rows
 * too many after a grid, pencil marks, columns named by the header),
 * split at every line end and at all of them at once, the pieces give the
 * same records, faults and line numbers as one reader of the whole input. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"

static const char LINE_A[] =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
static const char LINE_B[] =     /* LINE_A's published solution */
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

enum { MAX_RESULTS = 64, MAX_TEXT = 8192 };

/* What a reader returned for one call of bd_read, or for the end check. */
typedef struct result {
    bd_status status;
    bd_record rec;
} result;

static bd_reader reader;     /* large: kept out of the tests' stack frames */
static result whole[MAX_RESULTS], pieces[MAX_RESULTS];

/* Reads all of `text` with one reader; returns the number of results
 * (the final BD_EOF not counted). */
static int read_whole(const char *text, size_t len)
{
    int n = 0;
    bd_reader_init_mem(&reader, text, len);
    for (;;) {
        assert_true(n < MAX_RESULTS);
        bd_status status = bd_read(&reader, &whole[n].rec);
        if (status == BD_EOF)
            return n;
        whole[n++].status = status;
    }
}

/* The bytes of `text` with every line longer than BD_PIECE_LINE_MAX
 * shortened, as a splitter must; into `out`, returning the length. Lines
 * end with `eol` ('\n', or '\r' for CR line ends). */
static size_t shorten_lines(const char *text, size_t len, char eol, char *out)
{
    size_t used = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, eol, len - at);
        size_t line = nl ? (size_t)(nl - (text + at)) : len - at;
        memcpy(out + used, text + at, line);
        used += bd_line_shorten(out + used, line);
        if (nl)
            out[used++] = eol;
        at += line + (nl != NULL);
    }
    return used;
}

/* Reads `text` in pieces that end after the line ends whose numbers
 * (1-based) `split_after` lists (ascending, `splits` of them), each piece
 * starting from the mark the one before ended at, with a cut record's
 * bytes carried into the next piece. Returns the number of results. */
static int read_in_pieces(const char *text, size_t len, const int *split_after, int splits)
{
    char eol = bd_line_end(text, len);
    static char data[2 * MAX_TEXT];
    bd_reader_mark mark;
    bool have_mark = false;
    size_t carry_from = 0;          /* bytes of `text` not yet in a piece */
    unsigned long lines_before = 0, records = 0;
    int n = 0, line = 0;
    size_t at = 0;
    for (int k = 0; k <= splits; k++) {
        size_t end = len;
        if (k < splits) {           /* after line split_after[k] */
            while (line < split_after[k]) {
                const char *nl = memchr(text + at, eol, len - at);
                assert_non_null(nl);
                at = (size_t)(nl - text) + 1;
                at += eol == '\r' && at < len && text[at] == '\n';   /* "\r\n" whole */
                line++;
            }
            end = at;
        }
        size_t piece_len = end - carry_from;
        memcpy(data, text + carry_from, piece_len);
        bd_reader_init_piece(&reader, have_mark ? &mark : NULL, data, piece_len, lines_before,
                             k == splits);
        bd_status status;
        while ((status = bd_read(&reader, &pieces[n].rec)) != BD_EOF) {
            assert_true(n < MAX_RESULTS - 1);
            pieces[n++].status = status;
        }
        records += bd_reader_records(&reader);
        bd_reader_mark_of(&reader, &mark);
        have_mark = true;
        size_t cut_at;
        unsigned long cut_line;
        if (bd_reader_cut(&reader, &cut_at, &cut_line)) {
            assert_true(k < splits);        /* the last piece never cuts */
            carry_from += cut_at;
            lines_before = cut_line - 1;
        } else {
            carry_from = end;
            lines_before = (unsigned long)line;
        }
    }
    if ((pieces[n].status = bd_reader_finish(&mark, records, &pieces[n].rec)) != BD_EOF)
        n++;
    return n;
}

static void assert_same_results(int n)
{
    for (int i = 0; i < n; i++) {
        const bd_record *a = &whole[i].rec, *b = &pieces[i].rec;
        assert_int_equal(whole[i].status, pieces[i].status);
        assert_int_equal(a->err_line, b->err_line);
        assert_int_equal(a->err_col, b->err_col);
        assert_string_equal(a->err_msg, b->err_msg);
        if (whole[i].status == BD_EINPUT)
            continue;
        assert_int_equal(a->line, b->line);
        assert_int_equal(a->shape, b->shape);
        assert_int_equal(a->blank, b->blank);
        assert_int_equal(a->separator, b->separator);
        assert_int_equal(a->puzzle_field, b->puzzle_field);
        assert_int_equal(a->answer_field, b->answer_field);
        assert_int_equal(a->has_marks, b->has_marks);
        assert_int_equal(a->no_solution, b->no_solution);
        if (a->has_marks && whole[i].status == BD_OK)
            assert_memory_equal(a->marks.cand, b->marks.cand, sizeof a->marks.cand);
        assert_memory_equal(a->grid.cells, b->grid.cells, BD_CELLS);
        assert_string_equal(a->row, b->row);
    }
}

/* Splits `text` after each line in turn, then after every line. */
static void check_splits(const char *text)
{
    static char shortened[MAX_TEXT];
    char eol = bd_line_end(text, strlen(text));
    size_t len = shorten_lines(text, strlen(text), eol, shortened);
    int n = read_whole(text, strlen(text));
    int lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += shortened[i] == eol;
    int every[MAX_TEXT];
    for (int k = 1; k <= lines; k++) {
        every[k - 1] = k;
        assert_int_equal(read_in_pieces(shortened, len, &k, 1), n);
        assert_same_results(n);
    }
    assert_int_equal(read_in_pieces(shortened, len, every, lines), n);
    assert_same_results(n);
    assert_int_equal(read_in_pieces(shortened, len, every, 0), n);
    assert_same_results(n);
}

static void test_cut_grid_read_again(void **state)
{
    (void)state;
    char text[512] = "";
    for (int r = 0; r < 9; r++)
        strcat(text, "7..9....1\n");
    strcat(text, LINE_A);
    strcat(text, "\n");
    /* a piece of the first four rows: the grid is cut, nothing returned */
    bd_record rec;
    bd_reader_init_piece(&reader, NULL, text, 40, 0, false);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    size_t at;
    unsigned long line;
    assert_true(bd_reader_cut(&reader, &at, &line));
    assert_int_equal(at, 0);
    assert_int_equal(line, 1);
    assert_int_equal(bd_reader_records(&reader), 0);
    /* the next piece holds the whole grid again, and the line after it */
    bd_reader_mark mark;
    bd_reader_mark_of(&reader, &mark);
    bd_reader_init_piece(&reader, &mark, text, strlen(text), 0, true);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 1);
    assert_int_equal(rec.shape, BD_SHAPE_COMPACT);
    assert_int_equal(rec.grid.cells[0], 7);
    assert_int_equal(rec.grid.cells[3], 9);
    assert_int_equal(rec.grid.cells[80], 1);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 10);
    assert_int_equal(rec.shape, BD_SHAPE_LINE);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    assert_false(bd_reader_cut(&reader, NULL, NULL));
    /* as the last piece, the four rows are a short grid */
    bd_reader_init_piece(&reader, NULL, text, 40, 0, true);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 1);
    assert_string_equal(rec.err_msg, "grid has 4 rows; a grid has 9");
}

static void test_count_checked_at_the_end(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "3\n%s\n%s\n", LINE_A, LINE_A);
    bd_record rec;
    bd_reader_mark mark;
    bd_reader_init_piece(&reader, NULL, text, strlen(text), 0, true);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);   /* no check in a piece */
    bd_reader_mark_of(&reader, &mark);
    assert_int_equal(bd_reader_finish(&mark, 2, &rec), BD_EINPUT);
    assert_int_equal(rec.err_line, 1);
    assert_int_equal(rec.err_col, 1);
    assert_string_equal(rec.err_msg, "the first line announces 3 puzzles, but 2 followed");
    assert_int_equal(bd_reader_finish(&mark, 3, &rec), BD_EOF);
}

static void test_line_shorten(void **state)
{
    (void)state;
    static char line[3 * BD_LINE_MAX];
    /* blanks after the kept part: one blank stands for them */
    memset(line, '.', BD_LINE_MAX);
    memset(line + BD_LINE_MAX, ' ', BD_LINE_MAX);
    assert_int_equal(bd_line_shorten(line, 2 * BD_LINE_MAX), BD_LINE_MAX + 1);
    assert_int_equal(line[BD_LINE_MAX], ' ');
    /* a comment after blanks: " #" */
    memset(line + BD_LINE_MAX, ' ', BD_LINE_MAX);
    line[BD_LINE_MAX + 10] = '#';
    assert_int_equal(bd_line_shorten(line, 2 * BD_LINE_MAX), BD_LINE_MAX + 2);
    assert_memory_equal(line + BD_LINE_MAX, " #", 2);
    /* anything else: "x" */
    memset(line + BD_LINE_MAX, '5', BD_LINE_MAX);
    assert_int_equal(bd_line_shorten(line, 2 * BD_LINE_MAX), BD_LINE_MAX + 1);
    assert_int_equal(line[BD_LINE_MAX], 'x');
    /* short enough lines stay as they are */
    assert_int_equal(bd_line_shorten(line, BD_PIECE_LINE_MAX), BD_PIECE_LINE_MAX);
}

/* Appends a 9-line grid of `row` to `text`, with `between` (a rule or a
 * blank line, or "") before rows 4 and 7. */
static void add_grid(char *text, const char *row, const char *between)
{
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            strcat(text, between);
        strcat(text, row);
    }
}

static void test_same_as_one_reader_text(void **state)
{
    (void)state;
    static char text[MAX_TEXT];
    /* lines, comments, a malformed line, grids of each shape */
    snprintf(text, MAX_TEXT, "# lines\n%s\n\n%s # trailing\n12x4\n", LINE_A, LINE_A);
    add_grid(text, "7 0 0 9 0 0 0 0 1\n", "\n");
    strcat(text, "\n");
    add_grid(text, "| 7 . . | 9 . . | . . 1 |\n", "+-------+-------+-------+\n");
    add_grid(text, "7..9....1\n", "# between bands\n");
    strcat(text, "7..9....1\n7..9....1\n\n");      /* a short grid: closed by a blank line */
    strcat(text, "7..9....1\n7..9....1\n");
    strcat(text, LINE_A);                            /* a short grid closed by a line */
    strcat(text, "\n7..9....1\n");                   /* a short grid at the end */
    check_splits(text);
    /* a count line that does not match, then 'end' and text after it */
    snprintf(text, MAX_TEXT, "\xEF\xBB\xBF" "3\r\n%s\r\n%s\r\nend\r\n%s\r\nmore\r\n", LINE_A,
             LINE_A, LINE_A);
    check_splits(text);
    snprintf(text, MAX_TEXT, "2\n%s\n%s", LINE_A, LINE_A);   /* no final newline */
    check_splits(text);
    /* long lines: blanks, a comment, anything else past BD_LINE_MAX */
    size_t at = (size_t)snprintf(text, MAX_TEXT, "%s", LINE_A);
    memset(text + at, ' ', 2000);
    at += 2000;
    at += (size_t)snprintf(text + at, MAX_TEXT - at, "\n%s", LINE_A);
    memset(text + at, ' ', 1500);
    at += 1500;
    at += (size_t)snprintf(text + at, MAX_TEXT - at, "# note\n%s", LINE_A);
    memset(text + at, '4', 1200);
    at += 1200;
    snprintf(text + at, MAX_TEXT - at, "\n%s\n", LINE_A);
    check_splits(text);
}

/* The shapes of issue 25: CR line ends, Debian sudoku's titles and
 * spreadsheet rows, rows too many after a grid, pencil marks. */
static void test_same_as_one_reader_new_shapes(void **state)
{
    (void)state;
    static char text[MAX_TEXT];
    /* CR line ends, a "\r\n" among them, a grid and a short one */
    snprintf(text, MAX_TEXT, "%s\r%s\r\n\r", LINE_A, LINE_A);
    add_grid(text, "7..9....1\r", "");
    strcat(text, "7..9....1\r\r12x\r");
    check_splits(text);
    /* titles before grids (one cut short by the next title), a sheet */
    snprintf(text, MAX_TEXT, "%% one\n");
    add_grid(text, "7..9....1\n", "");
    strcat(text, "% two\n7..9....1\n7..9....1\n% three\n");
    add_grid(text, ",,7,4,,3,,,\n", "");
    check_splits(text);
    /* a row too many after a grid, and after the next one five */
    text[0] = '\0';
    add_grid(text, "7 0 0 9 0 0 0 0 1\n", "");
    strcat(text, "7 0 0 9 0 0 0 0 1\n\n");
    add_grid(text, "7 0 0 9 0 0 0 0 1\n", "\n");
    for (int k = 0; k < 5; k++)
        strcat(text, "7 0 0 9 0 0 0 0 1\n");
    strcat(text, "\n");
    add_grid(text, "7 0 0 9 0 0 0 0 1\n", "");
    check_splits(text);
    /* pencil marks: a grid with a bad cell, a good grid, a 729 line */
    text[0] = '\0';
    add_grid(text, "12 3 4 5 6 7 8 9 1\n", "");
    add_grid(text, "123456789 3 4 5 6 7 8 9 1\n", "");
    text[strlen(text) - 3] = '0';
    add_grid(text, "12 3 4 5 6 7 8 9 1\n", "");
    for (int k = 0; k < BD_CELLS; k++)
        strcat(text, "123456789");
    strcat(text, "\n");
    check_splits(text);
}

static void test_same_as_one_reader_rows(void **state)
{
    (void)state;
    static char text[MAX_TEXT];
    snprintf(text, MAX_TEXT,
             "id,puzzle,note\n1,%s,a\n# comment\n2,\"%s\",\"b, c\"\n3,%s,\n"
             "4,12x4,d\n5,e,%s\n6,\"unclosed\n",
             LINE_A, LINE_A, LINE_A, LINE_A);
    check_splits(text);
    snprintf(text, MAX_TEXT, "%s\tx\n%s\ty\nend\n%s\tz\n", LINE_A, LINE_A, LINE_A);
    check_splits(text);
    snprintf(text, MAX_TEXT, "1,2,3\n%s,x\n%s,y\n", LINE_A, LINE_A);  /* no header row */
    check_splits(text);
    /* issue 25: columns named by the header, a damaged first row; a header of
     * one column; no header and a damaged first row */
    snprintf(text, MAX_TEXT, "quizzes,solutions\n,%s\n%s,%s\nn/a,%s\n", LINE_B, LINE_A,
             LINE_B, LINE_B);
    check_splits(text);
    snprintf(text, MAX_TEXT, "puzzle\n%s\n\n%s\nx\n", LINE_A, LINE_A);
    check_splits(text);
    snprintf(text, MAX_TEXT, ",%s\n%s,%s\nn/a,%s\n%s,%s\n", LINE_B, LINE_A, LINE_B, LINE_B,
             LINE_A, LINE_B);
    check_splits(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut_grid_read_again),
        cmocka_unit_test(test_count_checked_at_the_end),
        cmocka_unit_test(test_line_shorten),
        cmocka_unit_test(test_same_as_one_reader_text),
        cmocka_unit_test(test_same_as_one_reader_new_shapes),
        cmocka_unit_test(test_same_as_one_reader_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
