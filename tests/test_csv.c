/* test_csv.c - the reader on CSV and TSV input (csv_rows.c, csv.c): headers,
 * quoting, the puzzle's field (named by the header, or found on a row
 * with a puzzle, never moved by a damaged row), a header of one column,
 * the other fields kept, a reader of answers, the proposed solution beside
 * a puzzle (bd_row_grid, bd_row_answer), and where faults are reported.
 * Puzzle and solution are the first Kaggle sample and its published
 * solution; expected cells and columns are counted by hand. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "bitdoku.h"

static const char PUZZLE[] =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
static const char SOLUTION[] =
    "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

static bd_reader reader;   /* large: kept out of the tests' stack frames */
static bd_record rec;
static char text[4096];

static void open_text(void)
{
    bd_reader_init_mem(&reader, text, strlen(text));
}

/* The first cells of PUZZLE (row 1: . . 4 3 . . 2 . 9) and the last. */
static void assert_puzzle(const bd_grid *grid)
{
    static const uint8_t row1[] = {0, 0, 4, 3, 0, 0, 2, 0, 9};
    assert_memory_equal(grid->cells, row1, sizeof row1);
    assert_int_equal(grid->cells[78], 3);
    assert_int_equal(grid->cells[80], 0);
}

static void test_kaggle_header_and_rows(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "quizzes,solutions\n%s,%s\n%s,%s\n", PUZZLE, SOLUTION, PUZZLE,
             SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    size_t len;
    assert_string_equal(bd_reader_header(&reader, &len), "quizzes,solutions");
    assert_int_equal(len, 17);
    assert_int_equal(bd_reader_separator(&reader), ',');
    assert_int_equal(rec.line, 2);
    assert_int_equal(rec.separator, ',');
    assert_int_equal(rec.shape, BD_SHAPE_LINE);
    assert_int_equal(rec.puzzle_field, 0);
    assert_int_equal(rec.row_len, 2 * BD_CELLS + 1);
    assert_memory_equal(rec.row, PUZZLE, BD_CELLS);
    assert_string_equal(rec.row + BD_CELLS + 1, SOLUTION);
    assert_puzzle(&rec.grid);
    bd_field_grid answer;
    assert_int_equal(bd_row_grid(&rec, rec.puzzle_field, &answer), BD_OK);
    assert_int_equal(answer.field, 1);
    assert_int_equal(answer.grid.cells[0], 8);
    assert_int_equal(answer.grid.cells[80], 8);
    assert_int_equal(bd_row_grid(&rec, 1, &answer), BD_EOF);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 3);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

/* The 3-million set's shape: five columns, the puzzle second; quoted
 * fields with a doubled quote; CRLF. */
static void test_quoted_five_columns_crlf(void **state)
{
    (void)state;
    snprintf(text, sizeof text,
             "id,puzzle,solution,clues,difficulty\r\n"
             "1,\"%s\",%s,27,\"say \"\"hard\"\", 2.2\"\r\n",
             PUZZLE, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.puzzle_field, 1);
    assert_puzzle(&rec.grid);
    assert_int_equal(rec.row[rec.row_len - 1], '"');       /* the CR is not kept */
    bd_field_grid answer;
    assert_int_equal(bd_row_grid(&rec, 1, &answer), BD_OK);
    assert_int_equal(answer.field, 2);
    assert_int_equal(answer.grid.cells[1], 6);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

static void test_tsv(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "puzzle\tsolution\n%s\t%s\n", PUZZLE, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_reader_separator(&reader), '\t');
    assert_string_equal(bd_reader_header(&reader, NULL), "puzzle\tsolution");
    assert_int_equal(rec.separator, '\t');
    assert_puzzle(&rec.grid);
    /* Without a header, a row with a grid and another field is TSV too. */
    snprintf(text, sizeof text, "%s\t%s\n", PUZZLE, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.separator, '\t');
    assert_null(bd_reader_header(&reader, NULL));
}

/* Plain text stays plain: tabs between a grid's cells, and a comma inside
 * the comment of a line puzzle. */
static void test_text_is_not_csv(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "%s # from a, b\n", PUZZLE);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.separator, 0);
    assert_int_equal(rec.row_len, 0);
    assert_int_equal(bd_reader_separator(&reader), 0);
    text[0] = '\0';
    for (int r = 0; r < 9; r++)
        strcat(text, "7\t0\t0\t9\t0\t0\t0\t0\t1\n");
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.shape, BD_SHAPE_SPACED);
    assert_int_equal(bd_reader_separator(&reader), 0);
}

/* Faults: line and column in the row, counted in characters. */
static void test_field_faults(void **state)
{
    (void)state;
    /* Row 2: 'z' is the 5th character of the field that starts in
     * column 5, after `"x",`: column 9. Row 3: 80 cells, after `é,` (2
     * characters, 3 bytes): the end of the field is column 83. Row 4: the
     * quote opened in column 3 never closes. Row 5: still read. */
    snprintf(text, sizeof text, "a,b\n\"x\",%.4sz%s\n\xC3\xA9,%.80s\n1,\"%s\n2,%s\n", PUZZLE,
             PUZZLE + 5, PUZZLE, PUZZLE, PUZZLE);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 2);
    assert_int_equal(rec.err_col, 9);
    assert_string_equal(rec.err_msg, "unexpected character 'z'");
    assert_int_equal(rec.puzzle_field, 1);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 3);
    assert_int_equal(rec.err_col, 83);
    assert_string_equal(rec.err_msg, "field has 80 cells; a puzzle has 81");
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 4);
    assert_int_equal(rec.err_col, 3);
    assert_string_equal(rec.err_msg, "quoted field is not closed on its line");
    assert_string_equal(rec.row + 2, "\"" /* the row is kept as it came */ "..43..2.9..5..9..1.7"
                                          "..6..43..6..2.8719...74...5..83...6.....1.5..35.869"
                                          "..4291.3..");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.line, 5);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

/* The puzzle stays in the field where the first row had it: an empty
 * puzzle field never makes the solution beside it the puzzle. A row
 * without any grid is malformed too. */
static void test_puzzle_field_is_fixed(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "%s,%s\n,%s\nid,name\n", PUZZLE, SOLUTION, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_null(bd_reader_header(&reader, NULL));   /* the first row holds a puzzle */
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_col, 1);
    assert_string_equal(rec.err_msg, "field 1, the puzzles' since line 1, holds no puzzle (81 cells)");
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 3);
    assert_string_equal(rec.err_msg, "field 1, the puzzles' since line 1, holds no puzzle (81 cells)");
    assert_int_equal(rec.puzzle_field, 0);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
}

/* Text after a closing quote; a malformed solution beside a good puzzle
 * is the business of whoever asks for it (bd_row_grid), not of bd_read. */
static void test_after_quote_and_bad_solution(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "\"%s\"x,1\n%s,%.80s\n", PUZZLE, PUZZLE, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_col, 84);
    assert_string_equal(rec.err_msg, "unexpected character 'x' after a closing quote");
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    bd_field_grid answer;
    assert_int_equal(bd_row_grid(&rec, rec.puzzle_field, &answer), BD_EMALFORMED);
    assert_int_equal(answer.field, 1);
    assert_int_equal(answer.err_col, 163);
    assert_string_equal(answer.err_msg, "field has 80 cells; a puzzle has 81");
}

/* How blanks were written, for whoever writes the puzzle out again; and
 * bd_row_grid on a record that is not a row. */
static void test_blank_char_and_not_a_row(void **state)
{
    (void)state;
    char zeros[BD_CELLS + 1];
    for (int i = 0; i < BD_CELLS; i++)
        zeros[i] = PUZZLE[i] == '.' ? '0' : PUZZLE[i];
    zeros[BD_CELLS] = '\0';
    snprintf(text, sizeof text, "%s\n%s\n%s\n", zeros, PUZZLE, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.blank, '0');
    bd_field_grid answer;
    assert_int_equal(bd_row_grid(&rec, -1, &answer), BD_EINVAL);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.blank, '.');
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.blank, '.');                /* no blank at all */
}

/* Issue 25: the header's names choose the puzzle's field, case and blanks
 * aside; a damaged row (empty, "n/a") is one malformed record, and never
 * moves the field. Without a header, a first row whose puzzle field is
 * empty or "n/a" is malformed, and the next row fixes the field. */
static void test_header_names_and_damaged_first_row(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "ID,\"Quizzes\" , Solutions \n1,,%s\n2,%s,%s\n3,n/a,%s\n",
             SOLUTION, PUZZLE, SOLUTION, SOLUTION);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_col, 3);
    assert_string_equal(rec.err_msg,
                        "field 2, the puzzles' by the header, holds no puzzle (81 cells)");
    assert_int_equal(rec.answer_field, 2);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.puzzle_field, 1);
    assert_puzzle(&rec.grid);
    bd_field_grid answer;
    assert_int_equal(bd_row_answer(&rec, &answer), BD_OK);
    assert_int_equal(answer.field, 2);
    assert_false(answer.no_solution);
    assert_int_equal(answer.grid.cells[0], 8);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(rec.err_line, 4);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    /* no header: the rows of the issue */
    const char *damaged[] = {"", "n/a"};
    for (int k = 0; k < 2; k++) {
        snprintf(text, sizeof text, "%s,%s\n%s,%s\n%s,%s\n", damaged[k], SOLUTION, PUZZLE,
                 SOLUTION, damaged[k], SOLUTION);
        open_text();
        assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
        assert_string_equal(rec.err_msg, "no puzzle: the first grid, in field 2, is complete "
                                         "(a solution?), and no field before it holds a puzzle");
        assert_int_equal(bd_read(&reader, &rec), BD_OK);
        assert_int_equal(rec.puzzle_field, 0);
        assert_puzzle(&rec.grid);
        assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
        assert_string_equal(rec.err_msg,
                            "field 1, the puzzles' since line 2, holds no puzzle (81 cells)");
        assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    }
    /* a complete grid in the first field is a puzzle without blanks; it
     * fixes nothing, and the next row's puzzle does */
    snprintf(text, sizeof text, "%s,x\nx,%s\n", SOLUTION, PUZZLE);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.grid.cells[0], 8);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.puzzle_field, 1);
}

/* A header of one column (what generate --csv writes) is CSV; a stray
 * word atop a file is not. */
static void test_one_column_header(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "Puzzle\n%s\n%s\n", PUZZLE, PUZZLE);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_string_equal(bd_reader_header(&reader, NULL), "Puzzle");
    assert_int_equal(rec.separator, ',');
    assert_int_equal(rec.puzzle_field, 0);
    assert_puzzle(&rec.grid);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    snprintf(text, sizeof text, "puzzles here\n%s\n", PUZZLE);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_null(bd_reader_header(&reader, NULL));
}

/* A reader of answers: the field the header names the answers', else the
 * first complete grid (or "no solution") fixes the field; before it, a
 * row's last grid. */
static void test_reader_of_answers(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "quizzes,solutions\n%s,%s\n%s,No Solution\n%s,\n", PUZZLE,
             SOLUTION, PUZZLE, PUZZLE);
    open_text();
    bd_reader_set_role(&reader, BD_ROLE_ANSWERS);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.puzzle_field, 1);
    assert_int_equal(rec.grid.cells[0], 8);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_true(rec.no_solution);
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_string_equal(rec.err_msg,
                        "field 2, the answers' by the header, holds no answer (81 cells)");
    assert_int_equal(bd_read(&reader, &rec), BD_EOF);
    /* no header: a row whose answer has a blank (a row's last grid), then
     * the first complete grid fixes the field */
    char partial[BD_CELLS + 1];
    memcpy(partial, SOLUTION, sizeof partial);
    partial[40] = '.';
    snprintf(text, sizeof text, "%s,%s,7\n%s,%s,7\n%s,,%s\n", PUZZLE, partial, PUZZLE, SOLUTION,
             PUZZLE, SOLUTION);
    open_text();
    bd_reader_set_role(&reader, BD_ROLE_ANSWERS);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.puzzle_field, 1);
    assert_int_equal(rec.grid.cells[40], 0);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.grid.cells[40], 5);     /* r5c5 of SOLUTION */
    assert_int_equal(bd_read(&reader, &rec), BD_EMALFORMED);
    assert_string_equal(rec.err_msg,
                        "field 2, the answers' since line 2, holds no answer (81 cells)");
}

/* bd_row_answer: the named field, "no solution" words, an empty field,
 * something else there. */
static void test_row_answer(void **state)
{
    (void)state;
    snprintf(text, sizeof text, "puzzle,answer,note\n%s, no solution ,x\n%s,,%s\n%s,n/a,x\n",
             PUZZLE, PUZZLE, SOLUTION, PUZZLE);
    open_text();
    bd_field_grid answer;
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_row_answer(&rec, &answer), BD_OK);
    assert_true(answer.no_solution);
    assert_int_equal(answer.field, 1);
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_row_answer(&rec, &answer), BD_EOF);     /* not the note's grid */
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(bd_row_answer(&rec, &answer), BD_EMALFORMED);
    assert_int_equal(answer.err_col, 83);
    assert_string_equal(answer.err_msg, "field 2 holds no grid (81 cells)");
    /* no header naming the answer: the first grid, or words, after the puzzle */
    snprintf(text, sizeof text, "%s,x,No solution\n", PUZZLE);
    open_text();
    assert_int_equal(bd_read(&reader, &rec), BD_OK);
    assert_int_equal(rec.answer_field, -1);
    assert_int_equal(bd_row_answer(&rec, &answer), BD_OK);
    assert_true(answer.no_solution);
    assert_int_equal(answer.field, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kaggle_header_and_rows),
        cmocka_unit_test(test_quoted_five_columns_crlf),
        cmocka_unit_test(test_tsv),
        cmocka_unit_test(test_text_is_not_csv),
        cmocka_unit_test(test_field_faults),
        cmocka_unit_test(test_puzzle_field_is_fixed),
        cmocka_unit_test(test_after_quote_and_bad_solution),
        cmocka_unit_test(test_blank_char_and_not_a_row),
        cmocka_unit_test(test_header_names_and_damaged_first_row),
        cmocka_unit_test(test_one_column_header),
        cmocka_unit_test(test_reader_of_answers),
        cmocka_unit_test(test_row_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
