/* test_board_text.c - boards of any size as text (src/io/board_text.c):
 * the size and shape from a record's first line, the alphabet rules of
 * bitdoku.h, cell values worked out by hand in each alphabet, the
 * refusals (with the choice they name), and boards written back. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "bitdoku.h"

static int lines_of(const char *line, bd_board_text *how, char *why)
{
    return bd_board_text_lines(line, strlen(line), how, why, 200);
}

static void test_size_from_first_line(void **state)
{
    (void)state;
    char why[200];
    char line[300];
    memset(line, '.', 256);
    line[256] = '\0';
    bd_board_text how = {0};
    assert_int_equal(lines_of(line, &how, why), 1);            /* 256 = 16^2 */
    assert_int_equal(how.box_rows, 4);
    assert_false(how.grid);
    how = (bd_board_text){0};
    assert_int_equal(lines_of("..3......", &how, why), 9);     /* a 9x9 grid row */
    assert_int_equal(how.box_cols, 3);
    assert_true(how.grid);
    how = (bd_board_text){0};
    assert_int_equal(lines_of("................", &how, why), 0);   /* 4x4 or 16x16 */
    assert_non_null(strstr(why, "--size 4 or --size 16"));
    how = (bd_board_text){0};
    assert_int_equal(lines_of("1234567", &how, why), 0);       /* 7: no square size */
    how = (bd_board_text){2, 3, BD_ALPHABET_AUTO, false};
    assert_int_equal(lines_of("1.3...", &how, why), 6);        /* a 6x6 row */
    assert_int_equal(lines_of("....................................", &how, why), 1);
    assert_int_equal(lines_of("12345", &how, why), 0);
    how = (bd_board_text){0};
    assert_int_equal(lines_of("0 6 0 1", &how, why), 4);       /* numbers, a 4x4 row */
    assert_int_equal(how.alphabet, BD_ALPHABET_NUMBERS);
    assert_int_equal(how.box_rows, 2);
    how = (bd_board_text){0};
    assert_int_equal(lines_of("   ", &how, why), 0);
}

/* Parses `text` (one line of a 4x4 board, or a 16x16 one) under `how`. */
static bd_status parse(const char *text, bd_board_text *how, bd_board *board, char *why)
{
    return bd_board_parse(text, strlen(text), how, board, why, 200);
}

static void test_alphabets(void **state)
{
    (void)state;
    char why[200];
    bd_board b;
    bd_board_text how = {2, 2, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse("1.3.0..4 ........", &how, &b, why), BD_OK);  /* blanks ignored */
    assert_int_equal(how.alphabet, BD_ALPHABET_DIGITS);
    static const uint8_t DIGITS[8] = {1, 0, 3, 0, 0, 0, 0, 4};
    assert_memory_equal(b.cells, DIGITS, 8);
    how = (bd_board_text){2, 2, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse("a-C.D-----------", &how, &b, why), BD_OK);   /* letters, any case */
    assert_int_equal(how.alphabet, BD_ALPHABET_LETTERS);
    static const uint8_t LETTERS[5] = {1, 0, 3, 0, 4};
    assert_memory_equal(b.cells, LETTERS, 5);
    how = (bd_board_text){2, 2, BD_ALPHABET_AUTO, true};
    /* spaced single digits read as digits give the same board as numbers */
    assert_int_equal(parse("0 . 3 4\n3 4 0 0\n0 0 0 0\n0 0 0 1", &how, &b, why), BD_OK);
    assert_int_equal(how.alphabet, BD_ALPHABET_DIGITS);
    assert_int_equal(b.cells[2], 3);
    how = (bd_board_text){2, 2, BD_ALPHABET_NUMBERS, true};
    assert_int_equal(parse("0 . 3 4\n3 4 0 0\n0 0 0 0\n0 0 0 1", &how, &b, why), BD_OK);
    assert_int_equal(b.cells[2], 3);
    assert_int_equal(b.cells[15], 1);
    /* 16 x 16: hex ('-' and digits: 0 = 1, F = 16), digits (G = 16) */
    char line[257];
    memset(line, '-', 256);
    line[256] = '\0';
    line[0] = '0';
    line[1] = 'F';
    how = (bd_board_text){4, 4, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse(line, &how, &b, why), BD_OK);
    assert_int_equal(how.alphabet, BD_ALPHABET_HEX);
    assert_int_equal(b.cells[0], 1);
    assert_int_equal(b.cells[1], 16);
    memset(line, '.', 256);
    line[0] = 'G';
    line[1] = '9';
    line[2] = 'A';
    how = (bd_board_text){4, 4, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse(line, &how, &b, why), BD_OK);
    assert_int_equal(how.alphabet, BD_ALPHABET_DIGITS);
    assert_int_equal(b.cells[0], 16);
    assert_int_equal(b.cells[2], 10);
    line[0] = '0';          /* digits and letters up to F, with 0: digits or hex */
    how = (bd_board_text){4, 4, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse(line, &how, &b, why), BD_EMALFORMED);
    assert_non_null(strstr(why, "--alphabet digits or --alphabet hex"));
    how = (bd_board_text){4, 4, BD_ALPHABET_HEX, false};
    assert_int_equal(parse(line, &how, &b, why), BD_OK);
    assert_int_equal(b.cells[0], 1);
    assert_int_equal(b.cells[2], 11);
    /* 12 x 12 of 3 x 4 boxes: a C is 12 in digits and 13 in hex, which
     * has no such value: digits; with A and B alone, either could be. */
    memset(line, '.', 144);
    line[144] = '\0';
    line[0] = '9';
    line[1] = 'A';
    line[2] = 'C';
    how = (bd_board_text){3, 4, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse(line, &how, &b, why), BD_OK);
    assert_int_equal(how.alphabet, BD_ALPHABET_DIGITS);
    assert_int_equal(b.cells[0], 9);
    assert_int_equal(b.cells[1], 10);
    assert_int_equal(b.cells[2], 12);
    line[2] = 'B';
    how = (bd_board_text){3, 4, BD_ALPHABET_AUTO, false};
    assert_int_equal(parse(line, &how, &b, why), BD_EMALFORMED);
    assert_non_null(strstr(why, "--alphabet digits or --alphabet hex"));
}

static void test_refusals(void **state)
{
    (void)state;
    char why[200];
    bd_board b;
    bd_board_text how = {2, 2, BD_ALPHABET_DIGITS, false};
    assert_int_equal(parse("5...............", &how, &b, why), BD_EMALFORMED);   /* above 4 */
    assert_non_null(strstr(why, "above 4"));
    assert_int_equal(parse("1..............", &how, &b, why), BD_EMALFORMED);    /* 15 cells */
    assert_int_equal(parse("1...............\n1", &how, &b, why), BD_EMALFORMED);
    assert_int_equal(parse("1..............!", &how, &b, why), BD_EMALFORMED);
    assert_string_equal(why, "'!' is no cell in the digits alphabet");
    assert_int_equal(parse("..3.............", &how, &b, why), BD_OK);   /* read after a refusal */
    static const uint8_t THIRD[16] = {0, 0, 3};
    assert_memory_equal(b.cells, THIRD, 16);
    how.grid = true;                                 /* a grid's lines, each of 4 symbols */
    assert_int_equal(parse("1234\n3412\n2143\n43.1", &how, &b, why), BD_OK);
    static const uint8_t ROWS[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 0, 1};
    assert_memory_equal(b.cells, ROWS, 16);
    assert_int_equal(parse("1234\n3412\n2153\n4321", &how, &b, why), BD_EMALFORMED);
    assert_string_equal(why, "the value 5 is above 4");
    assert_int_equal(parse("1234\n34 12\n214\n4321", &how, &b, why), BD_EMALFORMED);
    assert_string_equal(why, "a line of 3 cells where 4 belong (at byte 12)");
    how.grid = false;
    how.alphabet = BD_ALPHABET_LETTERS;
    assert_int_equal(parse("1...............", &how, &b, why), BD_EMALFORMED);
    how = (bd_board_text){2, 2, BD_ALPHABET_NUMBERS, false};
    assert_int_equal(parse("1 2 3 x 0 0 0 0 0 0 0 0 0 0 0 0", &how, &b, why), BD_EMALFORMED);
    assert_int_equal(parse("1 2 3 99999999999 0 0 0 0 0 0 0 0 0 0 0 0", &how, &b, why),
                     BD_EMALFORMED);
    how = (bd_board_text){0};
    assert_int_equal(parse("1...............", &how, &b, why), BD_EINVAL);       /* no size */
}

static void test_format(void **state)
{
    (void)state;
    char text[600];
    bd_board b;
    char why[200];
    bd_board_text how = {2, 3, BD_ALPHABET_NUMBERS, true};
    bd_board_init(&b, 2, 3);
    b.cells[0] = 6;
    b.cells[35] = 1;
    assert_int_equal(bd_board_format(&b, &how, text, sizeof text), 72);
    assert_string_equal(text, "6 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n"
                              "0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 1\n");
    how = (bd_board_text){2, 3, BD_ALPHABET_LETTERS, false};
    assert_int_equal(bd_board_format(&b, &how, text, sizeof text), 37);
    assert_string_equal(text, "F----------------------------------A\n");
    how.alphabet = BD_ALPHABET_HEX;
    bd_board_format(&b, &how, text, sizeof text);
    assert_int_equal(text[0], '5');
    assert_int_equal(bd_board_format(&b, &how, text, 10), 0);                   /* too small */
    /* room for the text and its NUL, exactly, and a byte less */
    how = (bd_board_text){2, 3, BD_ALPHABET_NUMBERS, true};
    assert_int_equal(bd_board_format(&b, &how, text, 73), 72);
    assert_int_equal(text[72], '\0');
    assert_int_equal(bd_board_format(&b, &how, text, 72), 0);
    /* numbers of two digits, a space between cells, none after a line's last */
    bd_board sixteen;
    bd_board_init(&sixteen, 4, 4);
    sixteen.cells[0] = 16;
    sixteen.cells[1] = 10;
    sixteen.cells[15] = 9;
    how = (bd_board_text){4, 4, BD_ALPHABET_NUMBERS, true};
    assert_int_equal(bd_board_format(&sixteen, &how, text, sizeof text), 16 * 16 * 2 + 2);
    assert_memory_equal(text, "16 10 0 0 0 0 0 0 0 0 0 0 0 0 0 9\n0 0 ", 38);
    /* 36 x 36 needs numbers: hex and letters cannot write it */
    bd_board big;
    bd_board_init(&big, 6, 6);
    big.cells[0] = 36;
    how = (bd_board_text){6, 6, BD_ALPHABET_LETTERS, false};
    assert_int_equal(bd_board_format(&big, &how, text, sizeof text), 0);
    /* a 16 x 16 line read back is the same text */
    char line[300], back[300];
    memset(line, '.', 256);
    memcpy(line, "G9A", 3);
    line[255] = '1';
    line[256] = '\0';
    how = (bd_board_text){4, 4, BD_ALPHABET_AUTO, false};
    assert_int_equal(bd_board_parse(line, 256, &how, &b, why, sizeof why), BD_OK);
    assert_int_equal(bd_board_format(&b, &how, back, sizeof back), 257);
    assert_memory_equal(back, line, 256);
    assert_int_equal(back[256], '\n');
    assert_string_equal(bd_alphabet_name(BD_ALPHABET_HEX), "hex");
    assert_null(bd_alphabet_name(BD_ALPHABETS));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_from_first_line),
        cmocka_unit_test(test_alphabets),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_format),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
