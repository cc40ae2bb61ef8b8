/* test_reader.c - the streaming reader on text in memory: shapes (also
 * Debian sudoku's, spreadsheets' and pencil marks), skipped lines,
 * wrappers, line ends, rows too many after a grid, "no solution" to
 * readers of puzzles and of answers, and where faults are reported. The
 * expected cells are written out by hand in each test. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bitdoku.h"

static const char LINE_A[] =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";

static bd_reader reader;   /* large: kept out of the test's stack frame */

static void open_text(const char *text)
{
    bd_reader_init_mem(&reader, text, strlen(text));
}

static void test_line_record(void **state)
{
    (void)state;
    bd_record rec;
    char text[200];
    snprintf(text, sizeof text, "# comment\n\n%s\n", LINE_A);
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.shape, BD_SHAPE_LINE);
    assert_int_equal(rec.line, 3);
    assert_int_equal(rec.grid.cells[0], 0);
    assert_int_equal(rec.grid.cells[2], 4);
    assert_int_equal(rec.grid.cells[3], 3);
    assert_int_equal(rec.grid.cells[8], 9);
    assert_int_equal(rec.grid.cells[80], 0);
    assert_int_equal(rec.grid.cells[78], 3);  /* "...4291.3.." ends the line */
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

static void test_grid_shapes(void **state)
{
    (void)state;
    bd_record rec;
    const char *spaced_row = "7 0 0 9 0 0 0 0 1\n";
    const char *compact_row = "7..9....1\n";
    const char *pretty_row = "| 7 . . | 9 . . | . . 1 |\n";
    const char *rows[] = {spaced_row, compact_row, pretty_row};
    const bd_shape shapes[] = {BD_SHAPE_SPACED, BD_SHAPE_COMPACT, BD_SHAPE_PRETTY};
    for (int s = 0; s < 3; s++) {
        char text[1024] = "";
        for (int r = 0; r < 9; r++) {
            if (s == 2 && r % 3 == 0)
                strcat(text, "+-------+-------+-------+\n");
            strcat(text, rows[s]);
        }
        open_text(text);
        assert_int_equal(bd_read(&reader, &rec), BD_OK);
        assert_int_equal(rec.shape, shapes[s]);
        for (int r = 0; r < 9; r++) {
            assert_int_equal(rec.grid.cells[r * 9 + 0], 7);
            assert_int_equal(rec.grid.cells[r * 9 + 3], 9);
            assert_int_equal(rec.grid.cells[r * 9 + 8], 1);
            assert_int_equal(rec.grid.cells[r * 9 + 4], 0);
        }
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    }
}

static void test_format_reads_back(void **state)
{
    (void)state;
    bd_grid grid;
    bd_record rec;
    for (int cell = 0; cell < BD_CELLS; cell++)
        grid.cells[cell] = (uint8_t)((cell * 7) % 10);
    const bd_shape shapes[] = {BD_SHAPE_LINE, BD_SHAPE_SPACED, BD_SHAPE_COMPACT, BD_SHAPE_PRETTY,
                               BD_SHAPE_SHEET};
    for (int s = 0; s < 5; s++) {
        char text[BD_FORMAT_MAX];
        bd_format(&grid, shapes[s], text);
        open_text(text);
        assert_int_equal(bd_read(&reader, &rec), BD_OK);
        assert_int_equal(rec.shape, shapes[s]);
        assert_memory_equal(rec.grid.cells, grid.cells, BD_CELLS);
    }
}

static void test_fault_positions(void **state)
{
    (void)state;
    bd_record rec;
    char text[400];
    /* Line 2: a stray 'z' in column 5; line 3 is still read. */
    snprintf(text, sizeof text, "# x\n%.4sz%s\n%s\n", LINE_A, LINE_A + 5, LINE_A);
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 2);
    assert_int_equal(rec.err_col, 5);
    assert_string_equal(rec.err_msg, "unexpected character 'z'");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 3);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

/* A run of one-line puzzles, as most inputs are: every line after the
 * first read as the first one is (its cells, how it wrote its first
 * blank, its line), whichever character writes the blanks, with CRLF,
 * without a final line end, and beside lines that are not a bare puzzle
 * (a stray character, a cell too many, a comment after the cells). */
static void test_runs_of_lines(void **state)
{
    (void)state;
    bd_record first, rec;
    char zeros[BD_CELLS + 1], mixed_zero[BD_CELLS + 1], mixed_dot[BD_CELLS + 1],
        stray[BD_CELLS + 1], full[BD_CELLS + 1], text[2048];
    for (int i = 0; i < BD_CELLS; i++) {
        zeros[i] = LINE_A[i] == '.' ? '0' : LINE_A[i];
        mixed_zero[i] = i == 0 ? '0' : LINE_A[i];      /* cell 0 is a blank */
        mixed_dot[i] = i > 40 && LINE_A[i] == '.' ? '0' : LINE_A[i];
        full[i] = (char)('1' + i % BD_SIZE);
    }
    zeros[BD_CELLS] = mixed_zero[BD_CELLS] = mixed_dot[BD_CELLS] = full[BD_CELLS] = '\0';
    memcpy(stray, LINE_A, sizeof stray);
    stray[39] = 'z';
    snprintf(text, sizeof text, "%s\n%s\n%s\n%s\n%s\n%s\n%s1\n%s\r\n# c\n%s  # note\n%s",
             LINE_A, zeros, full, mixed_zero, mixed_dot, stray, LINE_A, LINE_A, LINE_A, zeros);
    open_text(text);
    assert_int_equal(bd_read(&reader, &first), BD_OK);
    assert_int_equal(first.blank, '.');
    assert_int_equal(first.grid.cells[2], 4);
    assert_int_equal(first.grid.cells[78], 3);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 2);
    assert_int_equal(rec.shape, BD_SHAPE_LINE);
    assert_int_equal(rec.blank, '0');
    assert_memory_equal(rec.grid.cells, first.grid.cells, BD_CELLS);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.blank, '.');                  /* no blank: '.' */
    assert_int_equal(rec.grid.cells[0], 1);
    assert_int_equal(rec.grid.cells[17], 9);
    assert_int_equal(rec.grid.cells[80], 9);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.blank, '0');                  /* the first blank's */
    assert_memory_equal(rec.grid.cells, first.grid.cells, BD_CELLS);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.blank, '.');
    assert_memory_equal(rec.grid.cells, first.grid.cells, BD_CELLS);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 6);
    assert_int_equal(rec.err_col, 40);
    assert_string_equal(rec.err_msg, "unexpected character 'z'");
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 7);
    assert_int_equal(rec.err_col, 82);
    assert_string_equal(rec.err_msg, "line has 82 cells; a puzzle on one line has 81");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);   /* CRLF */
    assert_int_equal(rec.line, 8);
    assert_memory_equal(rec.grid.cells, first.grid.cells, BD_CELLS);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);   /* a comment after the cells */
    assert_int_equal(rec.line, 10);
    assert_memory_equal(rec.grid.cells, first.grid.cells, BD_CELLS);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);   /* no line end */
    assert_int_equal(rec.line, 11);
    assert_int_equal(rec.blank, '0');
    assert_memory_equal(rec.grid.cells, first.grid.cells, BD_CELLS);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

static void test_crlf_bom_and_no_newline(void **state)
{
    (void)state;
    bd_record rec;
    char text[300];
    snprintf(text, sizeof text, "\xEF\xBB\xBF%s\r\n%s", LINE_A, LINE_A);
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.grid.cells[2], 4);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 2);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

static void test_count_header_and_end(void **state)
{
    (void)state;
    bd_record rec;
    char text[300];
    snprintf(text, sizeof text, "3\n%s\nend\n", LINE_A);
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_read(&reader, &rec), BD_EINPUT);   /* 3 announced, 1 read */
    assert_int_equal(rec.err_line, 1);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

static void test_short_grid_then_line(void **state)
{
    (void)state;
    bd_record rec;
    char text[300];
    snprintf(text, sizeof text, "123456789\n456789123\n%s\n", LINE_A);
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 1);
    assert_string_equal(rec.err_msg, "grid has 2 rows; a grid has 9");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);       /* not swallowed */
    assert_int_equal(rec.line, 3);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

static void test_file_stream(void **state)
{
    (void)state;
    bd_record rec;
    FILE *file = tmpfile();
    assert_non_null(file);
    for (int i = 0; i < 1000; i++)   /* more than one read buffer */
        fprintf(file, "%s\r\n", LINE_A);
    rewind(file);
    bd_reader_init_file(&reader, file);
    int records = 0;
    while (bd_read(&reader, &rec) == BD_OK) {
        assert_int_equal(rec.grid.cells[3], 3);
        records++;
    }
    assert_int_equal(records, 1000);
    fclose(file);
}

/* A count line may have leading zeros: "03" announces 3 puzzles and is
 * not the first row of a grid. */
static void test_count_line_leading_zeros(void **state)
{
    (void)state;
    bd_record rec;
    const char *counts[] = {"03", "0003", "000003"};
    for (int k = 0; k < 3; k++) {
        char text[400];
        snprintf(text, sizeof text, "%s\n%s\n%s\n%s\n", counts[k], LINE_A, LINE_A, LINE_A);
        open_text(text);
        for (int i = 0; i < 3; i++) {
            assert_int_equal(bd_read(&reader, &rec), BD_OK);
            assert_int_equal(rec.line, 2 + i);
            assert_int_equal(rec.grid.cells[2], 4);
        }
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);   /* the count matched */
    }
    /* 7 digits: a grid row that lost two, reported as such. */
    open_text("0030400\n");
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_string_equal(rec.err_msg, "grid row has 7 cells; a row has 9");
}

/* Hands out the text in pieces of `piece` bytes: lines cross buffers. */
typedef struct pieces {
    const char *text;
    size_t len, pos, piece;
} pieces;

static size_t read_pieces(void *context, void *buf, size_t size)
{
    pieces *p = context;
    size_t n = p->len - p->pos;
    if (n > p->piece)
        n = p->piece;
    if (n > size)
        n = size;
    memcpy(buf, p->text + p->pos, n);
    p->pos += n;
    return n;
}

/* Past BD_LINE_MAX bytes, blanks and a comment are dropped and the cells
 * kept; anything else makes the line malformed. Read whole, and in pieces
 * that end exactly at BD_LINE_MAX and elsewhere. */
static void test_long_lines(void **state)
{
    (void)state;
    static char text[6 * 3000];
    int n = snprintf(text, sizeof text, "%s # %0*d\n", LINE_A, 2000, 7);  /* long comment */
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%*s# c\n", LINE_A, 2000, "");
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%*s\n", LINE_A, 3000, "");
    n += snprintf(text + n, sizeof text - (size_t)n, "#%0*d\n", 3000, 1);
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%*sx\n", LINE_A, 2000, "");
    n += snprintf(text + n, sizeof text - (size_t)n, "%s%*s5 # c\n", LINE_A,
                  BD_LINE_MAX - 81, "");          /* a cell just past the limit */
    const size_t piece_sizes[] = {sizeof text, 1024 + 2, 512, 1000, 7};
    for (int k = 0; k < 5; k++) {
        pieces p = {text, (size_t)n, 0, piece_sizes[k]};
        bd_record rec;
        bd_reader_init_fn(&reader, read_pieces, &p);
        for (int line = 1; line <= 3; line++) {
            assert_int_equal(bd_read(&reader, &rec), BD_OK);
            assert_int_equal(rec.line, line);
            assert_int_equal(rec.grid.cells[3], 3);
            assert_int_equal(rec.grid.cells[78], 3);
        }
        for (int line = 5; line <= 6; line++) {
            assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
            assert_int_equal(rec.err_line, line);
            assert_int_equal(rec.err_col, BD_LINE_MAX + 1);
        }
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    }
}

/* CR line ends (classic Mac OS text): found on the first line, then every
 * line ends so, a "\r\n" among them counting once. Read whole, and in
 * pieces of 1 and 2 bytes (a '\r' ending one read, its '\n' the next). */
static void test_cr_line_ends(void **state)
{
    (void)state;
    static char text[1024];
    snprintf(text, sizeof text, "%s\r# c\r%s\r\n\r%s", LINE_A, LINE_A, LINE_A);
    const size_t piece_sizes[] = {sizeof text, 1, 2, 82};
    for (int k = 0; k < 4; k++) {
        pieces p = {text, strlen(text), 0, piece_sizes[k]};
        bd_record rec;
        bd_reader_init_fn(&reader, read_pieces, &p);
        const unsigned long lines[] = {1, 3, 5};
        for (int i = 0; i < 3; i++) {
            assert_int_equal(bd_read(&reader, &rec), BD_OK);
            assert_int_equal(rec.line, lines[i]);
            assert_int_equal(rec.grid.cells[2], 4);
            assert_int_equal(rec.grid.cells[78], 3);
        }
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    }
    assert_int_equal(bd_line_end("12\r34", 5), '\r');
    assert_int_equal(bd_line_end("12\r\n34", 6), '\n');
    assert_int_equal(bd_line_end("12\n3\r4", 6), '\n');
    assert_int_equal(bd_line_end("12\r", 3), '\n');    /* a CR at the end: no telling */
    assert_int_equal(bd_line_end("1234", 4), '\n');
}

/* Debian sudoku's files: a '%' title before each grid (it also ends a grid
 * cut short), standard grids with rules, and its -fcsv export: 9 rows of 9
 * fields, a blank an empty field (also with ';'), answered in that shape. */
static void test_debian_sudoku_shapes(void **state)
{
    (void)state;
    bd_record rec;
    static char text[2048];
    snprintf(text, sizeof text,
             "%% randomly generated - hard\n5.1.47..2\n.8.2....4\n.9.6...3.\n2......8.\n"
             "..97.43..\n.7......9\n.4...3.5.\n3....6.7.\n6..58.1..\n"
             "%% two\n5.1.47..2\n.8.2....4\n"
             "%% standard\n . 1 . | 3 . . | 5 4 .\n 7 . . | . 6 . | 8 . 1\n"
             " 9 . . | . 8 . | . . .\n-------+-------+-------\n . 9 8 | . . 6 | . 2 .\n"
             " . . . | . 1 . | . . .\n . 6 . | 4 . . | 9 1 .\n-------+-------+-------\n"
             " . . . | . 7 . | . . 3\n 6 . 9 | . 4 . | . . 8\n . 4 7 | . . 2 | . 5 .\n");
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 2);
    assert_int_equal(rec.shape, BD_SHAPE_COMPACT);
    assert_int_equal(rec.grid.cells[0], 5);
    assert_int_equal(rec.grid.cells[8], 2);
    assert_int_equal(rec.grid.cells[80], 0);
    assert_int_equal(rec.grid.cells[78], 1);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);   /* the title closed it */
    assert_int_equal(rec.err_line, 12);
    assert_string_equal(rec.err_msg, "grid has 2 rows; a grid has 9");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.shape, BD_SHAPE_PRETTY);
    assert_int_equal(rec.grid.cells[1], 1);
    assert_int_equal(rec.grid.cells[79], 5);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    const char *seps[] = {",", ";"};
    for (int k = 0; k < 2; k++) {
        text[0] = '\0';
        const char *rows[] = {",,7,4,,3,,,", ",2,,,,,1,4,", "6,1,,,,5,8,,", "1,,2,7,,,,9,",
                              ",,,,6,,,,", ",3,,,,9,4,,2", ",,6,3,,,,8,1", ",7,9,,,,,2,",
                              " , , ,5, ,2,6, , "};
        for (int r = 0; r < 9; r++) {
            char row[64];
            snprintf(row, sizeof row, "%s\r\n", rows[r]);
            for (char *c = row; *c; c++)
                *c = *c == ',' ? seps[k][0] : *c;
            strcat(text, row);
        }
        open_text(text);
        assert_int_equal(bd_read(&reader, &rec), BD_OK);
        assert_int_equal(rec.shape, BD_SHAPE_SHEET);
        static const uint8_t row1[] = {0, 0, 7, 4, 0, 3, 0, 0, 0};
        static const uint8_t row9[] = {0, 0, 0, 5, 0, 2, 6, 0, 0};
        assert_memory_equal(rec.grid.cells, row1, 9);
        assert_memory_equal(rec.grid.cells + 72, row9, 9);
        assert_int_equal(rec.grid.cells[53], 2);     /* r6c9 */
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
        assert_null(bd_reader_header(&reader, NULL));
    }
    /* HoDoKu's and SudokuWiki's frames are rules */
    open_text(".-------.-------.\n:-------+-------:\n'-------'-------'\n*-------*\n");
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

/* Where blank lines set grids apart, a row repeated in a grid makes a line
 * too many after its 9th row: reported (BD_EINPUT), not a record; five
 * rows there are a grid of their own that lost four; grids that follow
 * each other with nothing between them are read as before. */
static void test_rows_too_many(void **state)
{
    (void)state;
    bd_record rec;
    static char text[4096];
    text[0] = '\0';
    const char *row = "7 0 0 9 0 0 0 0 1\n";
    for (int r = 0; r < 10; r++)
        strcat(text, row);
    strcat(text, "\n");
    for (int r = 0; r < 9; r++)
        strcat(text, "7..9....1\n");
    for (int r = 0; r < 5; r++)           /* five after a grid, then the end */
        strcat(text, "7..9....1\n");
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 1);
    assert_int_equal(bd_read(&reader, &rec), BD_EINPUT);
    assert_int_equal(rec.err_line, 10);
    assert_string_equal(rec.err_msg, "1 line of cells after the 9 rows of a grid, where a blank "
                                     "line should be: taken for rows too many in that grid, "
                                     "and skipped");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 12);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 21);
    assert_string_equal(rec.err_msg, "grid has 5 rows; a grid has 9");
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    assert_int_equal(bd_reader_records(&reader), 3);
    /* two rows too many, with a comment between, before a title */
    text[0] = '\0';
    for (int r = 0; r < 9; r++)
        strcat(text, "7..9....1\n");
    strcat(text, "7..9....1\n# note\n7..9....1\n% next\n");
    for (int r = 0; r < 9; r++)
        strcat(text, "7..9....1\n");
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_read(&reader, &rec), BD_EINPUT);
    assert_int_equal(rec.err_line, 10);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 14);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

/* "no solution": an answer (a reader of answers: a record with no grid),
 * not a puzzle (a reader of puzzles: a malformed record); either way a
 * line of its own that closes a grid cut short. */
static void test_no_solution_words(void **state)
{
    (void)state;
    bd_record rec;
    static char text[512];
    snprintf(text, sizeof text, "No  Solution\n7..9....1\n  no solution # none\n%s\n", LINE_A);
    for (int role = 0; role < 2; role++) {
        open_text(text);
        bd_reader_set_role(&reader, role ? BD_ROLE_ANSWERS : BD_ROLE_PUZZLES);
        assert_int_equal(bd_read(&reader, &rec), role ? BD_OK : BD_EMALFORMED);
        assert_int_equal(rec.line, 1);
        assert_int_equal(rec.no_solution, role == 1);
        if (!role)
            assert_string_equal(rec.err_msg, "'no solution' is an answer, not a puzzle");
        assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
        assert_string_equal(rec.err_msg, "grid has 1 row; a grid has 9");
        assert_int_equal(bd_read(&reader, &rec), role ? BD_OK : BD_EMALFORMED);
        assert_int_equal(rec.line, 3);
        assert_int_equal(bd_read(&reader, &rec), BD_OK);
        assert_false(rec.no_solution);
        assert_int_equal(rec.grid.cells[2], 4);
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    }
}

/* Pencil marks: the 729-character line (place k of a cell: k or '.'), and
 * the 9-line grid of candidate groups with HoDoKu's frame; the faults of
 * each. The candidates are written out by hand. */
static void test_pencil_marks(void **state)
{
    (void)state;
    bd_record rec;
    static char text[4096];
    /* r1c1: 1 or 5; r1c2: the given 3; every other cell: all nine */
    strcpy(text, "1...5....");
    strcat(text, "..3......");
    for (int c = 2; c < BD_CELLS; c++)
        strcat(text, "123456789");
    strcat(text, "\n");
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_true(rec.has_marks);
    assert_int_equal(rec.shape, BD_SHAPE_LINE);
    assert_int_equal(rec.marks.cand[0], 0x011);
    assert_int_equal(rec.marks.cand[1], 0x004);
    assert_int_equal(rec.marks.cand[80], 0x1FF);
    assert_int_equal(rec.grid.cells[0], 0);
    assert_int_equal(rec.grid.cells[1], 3);
    text[3] = '7';                          /* place 4 holds a 7 */
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_col, 4);
    assert_string_equal(rec.err_msg, "r1c1: '7' in place 4 of its 9; place k holds k or '.'");
    /* a grid of candidate groups in a HoDoKu frame */
    strcpy(text, ".----------.----------.----------.\n");
    for (int r = 0; r < 9; r++) {
        strcat(text, r == 4 ? "| 15 3 9   | 2 4 6 | 7 8 1 |\n" : "| 12 3 4 | 5 6 7 | 8 9 1 |\n");
        if (r == 2 || r == 5)
            strcat(text, ":----------+----------+----------:\n");
    }
    strcat(text, "'----------'----------'----------'\n");
    open_text(text);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_true(rec.has_marks);
    assert_int_equal(rec.line, 2);
    assert_int_equal(rec.shape, BD_SHAPE_SPACED);
    assert_int_equal(rec.marks.cand[0], 0x003);
    assert_int_equal(rec.marks.cand[36], 0x011);
    assert_int_equal(rec.marks.cand[38], 0x100);
    assert_int_equal(rec.grid.cells[38], 9);
    assert_int_equal(rec.grid.cells[8], 1);
    assert_int_equal(rec.grid.cells[0], 0);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    /* faults: a '.' among candidates, a candidate twice, a blank in a row of
     * single digits, eight groups */
    const char *bad_rows[] = {"12 . 4 5 6 7 8 9 1\n", "121 3 4 5 6 7 8 9 1\n",
                              "1 2 3 . 5 6 7 8 9\n", "12 3 4 5 6 7 8 9\n"};
    const char *messages[] = {
        "unexpected '.': a cell of pencil marks lists its candidates, digits 1 to 9",
        "candidate 1 twice in one cell",
        ("r2c4 is blank: a grid of pencil marks lists every cell's candidates"),
        "row has 8 cells; a row of pencil marks has 9"};
    const unsigned long cols[] = {4, 3, 1, 17};
    for (int k = 0; k < 4; k++) {
        strcpy(text, "12 3 4 5 6 7 8 9 1\n");
        strcat(text, bad_rows[k]);
        for (int r = 2; r < 9; r++)
            strcat(text, "12 3 4 5 6 7 8 9 1\n");
        open_text(text);
        assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
        assert_int_equal(rec.err_line, 2);
        assert_int_equal(rec.err_col, cols[k]);
        assert_string_equal(rec.err_msg, messages[k]);
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_record),
        cmocka_unit_test(test_grid_shapes),
        cmocka_unit_test(test_format_reads_back),
        cmocka_unit_test(test_fault_positions),
        cmocka_unit_test(test_runs_of_lines),
        cmocka_unit_test(test_crlf_bom_and_no_newline),
        cmocka_unit_test(test_count_header_and_end),
        cmocka_unit_test(test_short_grid_then_line),
        cmocka_unit_test(test_file_stream),
        cmocka_unit_test(test_count_line_leading_zeros),
        cmocka_unit_test(test_long_lines),
        cmocka_unit_test(test_cr_line_ends),
        cmocka_unit_test(test_debian_sudoku_shapes),
        cmocka_unit_test(test_rows_too_many),
        cmocka_unit_test(test_no_solution_words),
        cmocka_unit_test(test_pencil_marks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
