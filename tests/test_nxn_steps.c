/* test_nxn_steps.c - human steps on boards of any size (src/nxn/marks.c,
 * singles.c, locks.c, subsets.c, fish.c, rate.c, step_text.c).
 *
 * Each technique on a hand-made board or set of candidates on 4 x 4, 6 x 6
 * (boxes of 2 rows x 3 columns), 8 x 8 (2 x 4) and 9 x 9 boards: the step
 * and its eliminations were worked out by hand, as each test's comment
 * says, and are compared with the step's text (the notation of the 9 x 9
 * explain) and its fields. Then every step of the paths of generated
 * 6 x 6, 12 x 12 and 16 x 16 puzzles is checked against the solution found
 * by Dancing Links: a placement is the solution's value, an elimination
 * never takes it away, a path that fills the board ends on it, and a
 * path that stalls leaves no single (checked by a naive count here). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "nxn/nxn.h"

/* A test's state: a board, its candidates, a step. */
typedef struct fixture {
    bd_board board;
    uint64_t cand[BD_BOARD_CELLS_MAX];
    nxn_marks marks;
    bd_board_step step;
    char text[4096];
} fixture;

/* A fixture of an empty board of `r` x `c` boxes, every candidate open. */
static fixture *open_board(int r, int c)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    assert_int_equal(bd_board_init(&f->board, r, c), BD_OK);
    for (int cell = 0; cell < f->board.size * f->board.size; cell++)
        f->cand[cell] = nxn_all_values(f->board.size);
    return f;
}

/* Takes `values` (a list of 1..N, ended by 0) out of r`row`c`col` (1-based). */
static void drop(fixture *f, int row, int col, const int *values)
{
    for (; *values; values++)
        f->cand[(row - 1) * f->board.size + col - 1] &= ~nxn_value_bit(*values);
}

/* Leaves r`row`c`col` exactly `values` (ended by 0). */
static void only(fixture *f, int row, int col, const int *values)
{
    uint64_t keep = 0;
    for (; *values; values++)
        keep |= nxn_value_bit(*values);
    f->cand[(row - 1) * f->board.size + col - 1] = keep;
}

/* Makes the marks of the fixture's candidates and their places. */
static void settle(fixture *f)
{
    nxn_marks_from_cands(&f->marks, &f->board, f->cand);
    nxn_marks_places(&f->marks);
    f->step.board = &f->board;
}

/* The step's text, in digits. */
static const char *text_of(fixture *f)
{
    bd_board_step_text(&f->step, BD_ALPHABET_DIGITS, f->text, sizeof f->text);
    return f->text;
}

/* Asserts that `text` starts with `prefix`. */
static void assert_prefix(const char *text, const char *prefix)
{
    if (strncmp(text, prefix, strlen(prefix)) != 0)
        fail_msg("'%s' does not start with '%s'", text, prefix);
}

/* Reads a board of `r` x `c` boxes from one line of digits ('.' blank). */
static void read_board(fixture *f, const char *line)
{
    int n = f->board.size;
    assert_int_equal((int)strlen(line), n * n);
    for (int cell = 0; cell < n * n; cell++)
        f->board.cells[cell] = line[cell] == '.' ? 0 : (uint8_t)(line[cell] - '0');
}

/* A bd_board_step_fn keeping the first step's text and stopping. */
static bool first_step(const bd_board_step *step, void *context)
{
    fixture *f = context;
    bd_board_step_text(step, BD_ALPHABET_DIGITS, f->text, sizeof f->text);
    f->step.rating = step->rating;
    return false;
}

/* 4 x 4, the grid 1234/3412/2143/4321 with r1c4 and r2c4 blank: boxes 1,
 * 3, 4 and columns 1-3 are full, box 2 and column 4 have two blanks, row 1
 * one: r1c4 = 4, a full house in row 1; then r2c4 is the last blank of
 * box 2 (boxes come first): r2c4 = 2. The path fills the board: rated
 * 1.0 easy in 2 steps. */
static void full_house_4x4(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    read_board(f, "123.341.21434321");
    bd_board_rating r;
    assert_int_equal(bd_board_explain(&f->board, NULL, first_step, f, &r), BD_OK);
    assert_string_equal(f->text, "r1c4=4 full house (row 1)");
    assert_true(f->step.rating == 1.0);
    assert_int_equal(bd_board_rate(&f->board, NULL, &r, NULL), BD_OK);
    assert_true(r.rating == 1.0 && r.diamond == 1.0 && r.pearl == 1.0);
    assert_int_equal(r.steps, 2);
    assert_false(r.stalled);
    assert_int_equal(r.hardest, BD_TECH_FULL_HOUSE);
    free(f);
}

/* 4 x 4 candidates: 1 out of r1c3, r1c4, r2c3: box 1 has every value in
 * four places, box 2 has 1 in r2c4 alone: a hidden single in a box. */
static void hidden_single_box_4x4(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    drop(f, 1, 3, (const int[]){1, 0});
    drop(f, 1, 4, (const int[]){1, 0});
    drop(f, 2, 3, (const int[]){1, 0});
    settle(f);
    assert_true(nxn_hidden_single(&f->marks, &f->step));
    assert_string_equal(text_of(f), "r2c4=1 hidden single (box 2)");
    assert_true(f->step.rating == 1.2);
    free(f);
}

/* 4 x 4 candidates: 1 out of r1c2, r1c3, r1c4 only. Box 1 keeps 1 in
 * r1c1, r2c1, r2c2; columns keep it in 3 or 4 places; row 1 has it in
 * r1c1 alone: a hidden single in a row, 1.5. */
static void hidden_single_row_4x4(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    drop(f, 1, 2, (const int[]){1, 0});
    drop(f, 1, 3, (const int[]){1, 0});
    drop(f, 1, 4, (const int[]){1, 0});
    settle(f);
    assert_true(nxn_hidden_single(&f->marks, &f->step));
    assert_string_equal(text_of(f), "r1c1=1 hidden single (row 1)");
    assert_true(f->step.rating == 1.5);
    free(f);
}

/* 6 x 6 candidates: r2c3 holds 5 alone: the first cell with one
 * candidate, a naked single, 2.3. */
static void naked_single_6x6(void **state)
{
    (void)state;
    fixture *f = open_board(2, 3);
    only(f, 2, 3, (const int[]){5, 0});
    settle(f);
    assert_true(nxn_naked_single(&f->marks, &f->step));
    assert_string_equal(text_of(f), "r2c3=5 naked single");
    assert_true(f->step.rating == 2.3);
    free(f);
}

/* 4 x 4 candidates: 1 out of r2c1, r2c2, so box 1's 1 lies in row 1
 * (r1c1, r1c2): row 1's other cells r1c3, r1c4 lose it. No box has its 1
 * in one column, and box 1 is the first box with a lock on a row. */
static void pointing_4x4(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    drop(f, 2, 1, (const int[]){1, 0});
    drop(f, 2, 2, (const int[]){1, 0});
    settle(f);
    assert_true(nxn_locks(&f->marks, &f->step));
    assert_string_equal(text_of(f), "pointing 1 in b1 on r1 => r1c3<>1, r1c4<>1");
    assert_true(f->step.rating == 2.6);
    assert_int_equal(f->step.removed_count, 2);
    free(f);
}

/* 6 x 6 (boxes of 2 rows x 3 columns) candidates: 3 out of r1c1, r1c3,
 * r2c1, r2c3, so box 1's 3 lies in column 2 (r1c2, r2c2): column 2's
 * other cells r3c2 .. r6c2 lose it. Box 1 comes first, its columns before
 * its rows, and its 1 and 2 have six places each. */
static void pointing_column_6x6(void **state)
{
    (void)state;
    fixture *f = open_board(2, 3);
    const int cells[4][2] = {{1, 1}, {1, 3}, {2, 1}, {2, 3}};
    for (int i = 0; i < 4; i++)
        drop(f, cells[i][0], cells[i][1], (const int[]){3, 0});
    settle(f);
    assert_true(nxn_locks(&f->marks, &f->step));
    assert_string_equal(text_of(f),
                        "pointing 3 in b1 on c2 => r3c2<>3, r4c2<>3, r5c2<>3, r6c2<>3");
    assert_true(f->step.rating == 2.6);
    free(f);
}

/* 6 x 6 (boxes of 2 rows x 3 columns) candidates: 2 out of r3c1 .. r6c1,
 * so column 1's 2 lies in box 1 (r1c1, r2c1). Boxes 3 and 5 keep 2 in
 * c2, c3 of two rows (no pointing), and column 1 comes first among the
 * lines: box 1's other cells r1c2, r1c3, r2c2, r2c3 lose 2. */
static void claiming_6x6(void **state)
{
    (void)state;
    fixture *f = open_board(2, 3);
    for (int row = 3; row <= 6; row++)
        drop(f, row, 1, (const int[]){2, 0});
    settle(f);
    assert_true(nxn_locks(&f->marks, &f->step));
    assert_string_equal(text_of(f),
                        "claiming 2 in c1 on b1 => r1c2<>2, r1c3<>2, r2c2<>2, r2c3<>2");
    assert_true(f->step.rating == 2.8);
    free(f);
}

/* 4 x 4 candidates: r1c1 and r1c2 hold 1, 2. Box 1 is the first unit: its
 * other cells r2c1, r2c2 lose 1 and 2 (row 1's r1c3, r1c4 would be next). */
static void naked_pair_4x4(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    only(f, 1, 1, (const int[]){1, 2, 0});
    only(f, 1, 2, (const int[]){1, 2, 0});
    settle(f);
    assert_true(nxn_naked_set(&f->marks, 2, &f->step));
    assert_string_equal(text_of(f), "naked pair 1,2 in r1c12 (box 1) => r2c1<>1, r2c1<>2, "
                                    "r2c2<>1, r2c2<>2");
    assert_true(f->step.rating == 3.0);
    assert_int_equal(f->step.removed_count, 4);
    free(f);
}

/* 6 x 6 candidates: 1 and 2 out of every cell of box 1 but r1c1, r1c2:
 * the two values have those two places, so r1c1, r1c2 lose 3, 4, 5, 6. */
static void hidden_pair_6x6(void **state)
{
    (void)state;
    fixture *f = open_board(2, 3);
    const int cells[4][2] = {{1, 3}, {2, 1}, {2, 2}, {2, 3}};
    for (int i = 0; i < 4; i++)
        drop(f, cells[i][0], cells[i][1], (const int[]){1, 2, 0});
    settle(f);
    assert_true(nxn_hidden_set(&f->marks, 2, &f->step));
    assert_string_equal(text_of(f), "hidden pair 1,2 in r1c12 (box 1) => r1c1<>3, r1c1<>4, "
                                    "r1c1<>5, r1c1<>6, r1c2<>3, r1c2<>4, r1c2<>5, r1c2<>6");
    assert_true(f->step.rating == 3.4);
    free(f);
}

/* 6 x 6 candidates: r1c1 = {1,2}, r1c2 = {2,3}, r1c3 = {1,3}: three cells
 * of box 1 with three values between them: r2c1, r2c2, r2c3 lose 1, 2, 3. */
static void naked_triplet_6x6(void **state)
{
    (void)state;
    fixture *f = open_board(2, 3);
    only(f, 1, 1, (const int[]){1, 2, 0});
    only(f, 1, 2, (const int[]){2, 3, 0});
    only(f, 1, 3, (const int[]){1, 3, 0});
    settle(f);
    assert_true(nxn_naked_set(&f->marks, 3, &f->step));
    assert_string_equal(text_of(f), "naked triplet 1,2,3 in r1c123 (box 1) => r2c1<>1, "
                                    "r2c1<>2, r2c1<>3, r2c2<>1, r2c2<>2, r2c2<>3, r2c3<>1, "
                                    "r2c3<>2, r2c3<>3");
    assert_true(f->step.rating == 3.6);
    free(f);
}

/* 8 x 8 (boxes 2 x 4) candidates: 1, 2, 3 out of every cell of box 1 but
 * r1c1, r1c2, r2c1 (and r1c1 keeps only 1, 2, 3, 4, so that it loses 4
 * alone): those three cells lose their other values: r1c1 4, r1c2 and
 * r2c1 4 .. 8. A box of 8 blanks has more than 2 x 3. */
static void hidden_triplet_8x8(void **state)
{
    (void)state;
    fixture *f = open_board(2, 4);
    const int cells[5][2] = {{1, 3}, {1, 4}, {2, 2}, {2, 3}, {2, 4}};
    for (int i = 0; i < 5; i++)
        drop(f, cells[i][0], cells[i][1], (const int[]){1, 2, 3, 0});
    only(f, 1, 1, (const int[]){1, 2, 3, 4, 0});
    settle(f);
    assert_true(nxn_hidden_set(&f->marks, 3, &f->step));
    assert_int_equal(f->step.technique, BD_TECH_HIDDEN_TRIPLE);
    assert_true(f->step.rating == 4.0);
    assert_int_equal(f->step.removed_count, 1 + 5 + 5);
    assert_true(f->step.removed[0] == nxn_value_bit(4));
    assert_true(f->step.removed[1] == (nxn_all_values(8) & ~UINT64_C(7)));
    assert_true(f->step.removed[8] == (nxn_all_values(8) & ~UINT64_C(7)));
    assert_prefix(text_of(f), "hidden triplet 1,2,3 in r1c1,r1c2,r2c1 (box 1) => "
                             "r1c1<>4, r1c2<>4,");
    free(f);
}

/* 8 x 8 (boxes 2 x 4) candidates: r1c1 .. r1c4 hold 1,2 / 2,3 / 3,4 /
 * 1,4: four cells of box 1 with four values: r2c1 .. r2c4 lose 1, 2, 3, 4
 * (16 candidates). A unit of 8 blanks has 2 x 4. */
static void naked_quad_8x8(void **state)
{
    (void)state;
    fixture *f = open_board(2, 4);
    only(f, 1, 1, (const int[]){1, 2, 0});
    only(f, 1, 2, (const int[]){2, 3, 0});
    only(f, 1, 3, (const int[]){3, 4, 0});
    only(f, 1, 4, (const int[]){1, 4, 0});
    settle(f);
    assert_true(nxn_naked_set(&f->marks, 4, &f->step));
    assert_int_equal(f->step.technique, BD_TECH_NAKED_QUAD);
    assert_true(f->step.rating == 5.0);
    assert_int_equal(f->step.removed_count, 16);
    for (int col = 0; col < 4; col++)
        assert_true(f->step.removed[8 + col] == 0xF);
    assert_prefix(text_of(f), "naked quad 1,2,3,4 in r1c1234 (box 1) => r2c1<>1, ");
    free(f);
}

/* 9 x 9 (3 x 3) candidates: 1 .. 4 out of box 1 but r1c1, r1c2, r1c3,
 * r2c1: the four values have exactly those four places; each of them
 * loses 5 .. 9 (20 candidates). A box of 9 blanks has more than 8. */
static void hidden_quad_9x9(void **state)
{
    (void)state;
    fixture *f = open_board(3, 3);
    const int cells[5][2] = {{2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}};
    for (int i = 0; i < 5; i++)
        drop(f, cells[i][0], cells[i][1], (const int[]){1, 2, 3, 4, 0});
    settle(f);
    assert_true(nxn_hidden_set(&f->marks, 4, &f->step));
    assert_true(f->step.rating == 5.4);
    assert_int_equal(f->step.removed_count, 20);
    assert_true(f->step.removed[9] == 0x1F0);
    assert_prefix(text_of(f), "hidden quad 1,2,3,4 in r1c1,r1c2,r1c3,r2c1 (box 1) => "
                             "r1c1<>5,");
    free(f);
}

/* 4 x 4 candidates: 1 out of r2c1, r4c1, r2c3, r4c3: columns 1 and 3 hold
 * their 1 in rows 1 and 3 only, so rows 1 and 3 lose it elsewhere: r1c2,
 * r1c4, r3c2, r3c4. */
static void x_wing_4x4(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    drop(f, 2, 1, (const int[]){1, 0});
    drop(f, 4, 1, (const int[]){1, 0});
    drop(f, 2, 3, (const int[]){1, 0});
    drop(f, 4, 3, (const int[]){1, 0});
    settle(f);
    assert_true(nxn_fish(&f->marks, 2, &f->step));
    assert_string_equal(text_of(f), "X-wing 1 c13 r13 => r1c2<>1, r1c4<>1, r3c2<>1, r3c4<>1");
    assert_true(f->step.rating == 3.2);
    free(f);
}

/* 6 x 6 candidates: 1 in column 1 only at r1, r2; column 2 at r2, r4;
 * column 3 at r1, r4: three columns within rows 1, 2, 4, which lose 1 in
 * columns 4, 5, 6 (nine candidates). */
static void swordfish_6x6(void **state)
{
    (void)state;
    fixture *f = open_board(2, 3);
    const int keep[3][2] = {{1, 2}, {2, 4}, {1, 4}};
    for (int col = 1; col <= 3; col++)
        for (int row = 1; row <= 6; row++)
            if (row != keep[col - 1][0] && row != keep[col - 1][1])
                drop(f, row, col, (const int[]){1, 0});
    settle(f);
    assert_true(nxn_fish(&f->marks, 3, &f->step));
    assert_string_equal(text_of(f), "swordfish 1 c123 r124 => r1c4<>1, r1c5<>1, r1c6<>1, "
                                    "r2c4<>1, r2c5<>1, r2c6<>1, r4c4<>1, r4c5<>1, r4c6<>1");
    assert_true(f->step.rating == 3.8);
    free(f);
}

/* 8 x 8 candidates: 1 in columns 1-4 only at rows {1,2}, {2,3}, {3,4},
 * {4,1}: rows 1-4 lose 1 in columns 5-8 (16 candidates). */
static void jellyfish_8x8(void **state)
{
    (void)state;
    fixture *f = open_board(2, 4);
    const int keep[4][2] = {{1, 2}, {2, 3}, {3, 4}, {4, 1}};
    for (int col = 1; col <= 4; col++)
        for (int row = 1; row <= 8; row++)
            if (row != keep[col - 1][0] && row != keep[col - 1][1])
                drop(f, row, col, (const int[]){1, 0});
    settle(f);
    assert_true(nxn_fish(&f->marks, 4, &f->step));
    assert_true(f->step.rating == 5.2);
    assert_int_equal(f->step.removed_count, 16);
    for (int row = 0; row < 4; row++)
        for (int col = 4; col < 8; col++)
            assert_true(f->step.removed[row * 8 + col] == 1);
    assert_prefix(text_of(f), "jellyfish 1 c1234 r1234 => r1c5<>1, r1c6<>1,");
    free(f);
}

/* 12 x 12 (3 x 4) candidates: 12 out of columns 3 and 11 but rows 2 and
 * 7: an X-wing of 12, written C in digits; numbers past 9 apart by
 * commas. Rows 2 and 7 lose 12 in the ten other columns. */
static void x_wing_12x12_text(void **state)
{
    (void)state;
    fixture *f = open_board(3, 4);
    for (int row = 1; row <= 12; row++)
        if (row != 2 && row != 7) {
            drop(f, row, 3, (const int[]){12, 0});
            drop(f, row, 11, (const int[]){12, 0});
        }
    settle(f);
    assert_true(nxn_fish(&f->marks, 2, &f->step));
    assert_int_equal(f->step.removed_count, 20);
    assert_prefix(text_of(f), "X-wing C c3,11 r2,7 => r2c1<>C, r2c2<>C, r2c4<>C,");
    bd_board_step_text(&f->step, BD_ALPHABET_NUMBERS, f->text, sizeof f->text);
    assert_prefix(f->text, "X-wing 12 c3,11 r2,7 => r2c1<>12,");
    free(f);
}

/* A board that is not valid, and one whose givens clash. */
static void refusals(void **state)
{
    (void)state;
    fixture *f = open_board(2, 2);
    bd_board_rating r;
    read_board(f, "11..............");
    assert_int_equal(bd_board_rate(&f->board, NULL, &r, NULL), BD_NO_SOLUTION);
    read_board(f, "................");
    assert_int_equal(bd_board_rate(&f->board, NULL, &r, NULL), BD_NOT_UNIQUE);
    f->board.size = 5;
    assert_int_equal(bd_board_rate(&f->board, NULL, &r, NULL), BD_EINVAL);
    free(f);
}

/* What a path's check keeps. */
typedef struct sound_check {
    const bd_board *solution;
    int steps, wrong;
    bd_board last;                      /* the board after the last step */
    uint64_t cand[BD_BOARD_CELLS_MAX];  /* its candidates */
} sound_check;

/* True when the candidates `cand` of `board` leave a single: a blank
 * cell with one candidate, or a value missing from a row, column or box
 * with one place there. Written apart from singles.c: each unit's cells
 * are found by their coordinates. */
static bool has_single(const bd_board *board, const uint64_t *cand)
{
    int n = board->size, r = board->box_rows, c = board->box_cols;
    for (int cell = 0; cell < n * n; cell++)
        if (!board->cells[cell] && cand[cell] && !(cand[cell] & (cand[cell] - 1u)))
            return true;
    for (int kind = 0; kind < 3; kind++)
        for (int unit = 0; unit < n; unit++)
            for (int v = 1; v <= n; v++) {
                int places = 0;
                for (int row = 0; row < n; row++)
                    for (int col = 0; col < n; col++) {
                        bool in = kind == 0 ? row == unit : kind == 1 ? col == unit
                                  : (row / r) * r + col / c == unit;
                        places += in && (cand[row * n + col] >> (v - 1) & 1u);
                    }
                if (places == 1)
                    return true;
            }
    return false;
}

/* A bd_board_step_fn: counts the steps that contradict the solution. */
static bool check_step(const bd_board_step *step, void *context)
{
    sound_check *c = context;
    c->steps++;
    if (step->cell >= 0 && c->solution->cells[step->cell] != step->value)
        c->wrong++;
    int n = step->board->size;
    for (int cell = 0; cell < n * n; cell++)
        if (step->removed[cell] & nxn_value_bit(c->solution->cells[cell]))
            c->wrong++;
    c->last = *step->board;
    memcpy(c->cand, step->candidates, (size_t)(n * n) * sizeof c->cand[0]);
    return true;
}

/* Every step of the paths of `count` generated puzzles of r x c boxes
 * (minimal, and with givens down to `givens`) agrees with the solution
 * Dancing Links finds. */
static void check_generated(int r, int c, int count, int givens)
{
    bd_board *puzzle = malloc(sizeof *puzzle), *solution = malloc(sizeof *solution);
    assert_non_null(puzzle);
    assert_non_null(solution);
    bd_options dlx = bd_options_default();
    dlx.engine = BD_ENGINE_DLX;
    int solved = 0, steps = 0;
    for (int i = 0; i < 2 * count; i++) {
        bd_generate_options options = bd_board_generate_defaults(r, c);
        if (i >= count) {
            options.minimal = false;
            options.min_givens = options.max_givens = givens;
        }
        assert_int_equal(bd_board_generate(31, (uint64_t)i, r, c, &options, puzzle, NULL, NULL),
                         BD_OK);
        assert_int_equal(bd_board_solve(puzzle, &dlx, solution, NULL), BD_OK);
        sound_check *check = calloc(1, sizeof *check);
        assert_non_null(check);
        check->solution = solution;
        check->last = *puzzle;
        bd_board_rating rating;
        assert_int_equal(bd_board_explain(puzzle, NULL, check_step, check, &rating), BD_OK);
        assert_int_equal(check->wrong, 0);
        assert_int_equal(check->steps, rating.steps);
        /* a full path ends on the solution; a stalled one on no single */
        if (!rating.stalled)
            assert_memory_equal(check->last.cells, solution->cells, (size_t)(r * c * r * c));
        else if (check->steps)
            assert_false(has_single(&check->last, check->cand));
        steps += check->steps;
        solved += !rating.stalled;
        free(check);
    }
    assert_true(steps > 0);
    print_message("%dx%d: %d puzzles, %d steps, %d solved by the techniques\n", r * c, r * c,
                  2 * count, steps, solved);
    free(puzzle);
    free(solution);
}

static void sound_6x6(void **state)
{
    (void)state;
    check_generated(2, 3, 40, 14);
}

static void sound_12x12(void **state)
{
    (void)state;
    check_generated(3, 4, 15, 80);
}

static void sound_16x16(void **state)
{
    (void)state;
    check_generated(4, 4, 8, 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_house_4x4),     cmocka_unit_test(hidden_single_box_4x4),
        cmocka_unit_test(hidden_single_row_4x4), cmocka_unit_test(naked_single_6x6),
        cmocka_unit_test(pointing_4x4),       cmocka_unit_test(pointing_column_6x6),
        cmocka_unit_test(claiming_6x6),
        cmocka_unit_test(naked_pair_4x4),     cmocka_unit_test(hidden_pair_6x6),
        cmocka_unit_test(naked_triplet_6x6),  cmocka_unit_test(hidden_triplet_8x8),
        cmocka_unit_test(naked_quad_8x8),     cmocka_unit_test(hidden_quad_9x9),
        cmocka_unit_test(x_wing_4x4),         cmocka_unit_test(swordfish_6x6),
        cmocka_unit_test(jellyfish_8x8),      cmocka_unit_test(x_wing_12x12_text),
        cmocka_unit_test(refusals),           cmocka_unit_test(sound_6x6),
        cmocka_unit_test(sound_12x12),        cmocka_unit_test(sound_16x16),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
