/* test_reader.c - the streaming reader on text in memory: shapes, skipped
 * lines, wrappers, and where faults are reported. The expected cells are
 * written out by hand in each test. */
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
    const bd_shape shapes[] = {BD_SHAPE_LINE, BD_SHAPE_SPACED, BD_SHAPE_COMPACT, BD_SHAPE_PRETTY};
    for (int s = 0; s < 4; s++) {
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_record),
        cmocka_unit_test(test_grid_shapes),
        cmocka_unit_test(test_format_reads_back),
        cmocka_unit_test(test_fault_positions),
        cmocka_unit_test(test_crlf_bom_and_no_newline),
        cmocka_unit_test(test_count_header_and_end),
        cmocka_unit_test(test_short_grid_then_line),
        cmocka_unit_test(test_file_stream),
        cmocka_unit_test(test_count_line_leading_zeros),
        cmocka_unit_test(test_long_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
