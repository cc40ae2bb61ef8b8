/*
 * onedigit.c - single-digit patterns built from strong links (a unit where
 * the digit has exactly two places: one of them holds it):
 *   skyscraper:      two parallel lines, each a strong link, with one end of
 *                    each in the same cross line. Those two ends cannot both
 *                    hold the digit, so one of the two other ends does: it
 *                    leaves every cell that sees both of them.
 *   two-string kite: a row and a column, each a strong link, with one end
 *                    of each in the same box (different cells). Again one
 *                    of the two other ends holds the digit: it leaves the
 *                    cell that sees both (the row end's column, the column
 *                    end's row).
 *   empty rectangle: a box whose places for the digit all lie in one row R
 *                    and one column C of it (in both, not only one), and a
 *                    strong link in a column X outside the box's stack from
 *                    (R, X) to (Y, X) outside its band: (Y, C) holding the
 *                    digit would push the box's digit into row R, so (R, X)
 *                    would not, so (Y, X) would: twice in row Y. (Y, C)
 *                    loses the digit. Likewise with rows and columns swapped.
 * A line's places come from unit_places(); a board per digit says the rest.
 */
#include "human.h"

/* The two cells of a unit where `digit` has exactly two places, or false. */
static bool strong_link(const bdi_cands *c, int digit, int kind, int index, int *a, int *b)
{
    unsigned places = unit_places(c->place[digit - 1], kind, index);
    if (digit_count(places) != 2)
        return false;
    *a = unit_cell(kind, index, low_bit(places));
    *b = unit_cell(kind, index, low_bit(places & (places - 1u)));
    return true;
}

/* Records a pattern whose ends `end1`, `end2` (one holds the digit) are
 * linked through `via1`, `via2`: the digit leaves what sees both ends. */
static bool two_ends(const bdi_cands *c, bd_technique tech, int digit, int end1, int end2,
                     int via1, int via2, bdi_step *s)
{
    bdi_board both = board_and(peers_of(end1), peers_of(end2));
    if (board_empty(board_and(both, c->place[digit - 1])))
        return false;
    bdi_step_start(s, tech);
    bdi_step_remove(s, c, both, digit);
    s->digits = digit_bit(digit);
    s->cells[0] = (uint8_t)end1;
    s->cells[1] = (uint8_t)end2;
    s->cells[2] = (uint8_t)via1;
    s->cells[3] = (uint8_t)via2;
    s->cell_count = 4;
    return true;
}

/* A skyscraper on lines `l1` < `l2` of `kind` (their cross lines are of the
 * other kind): exactly one end of each in the same cross line. */
static bool skyscraper_on(const bdi_cands *c, int digit, int kind, int l1, int l2, bdi_step *s)
{
    int a1, b1, a2, b2;
    if (!strong_link(c, digit, kind, l1, &a1, &b1) || !strong_link(c, digit, kind, l2, &a2, &b2))
        return false;
    int cross = kind == UNIT_ROW ? UNIT_COL : UNIT_ROW;
    for (int flip1 = 0; flip1 < 2; flip1++)
        for (int flip2 = 0; flip2 < 2; flip2++) {
            int base1 = flip1 ? b1 : a1, end1 = flip1 ? a1 : b1;
            int base2 = flip2 ? b2 : a2, end2 = flip2 ? a2 : b2;
            if (unit_of(cross, base1) == unit_of(cross, base2)
                && unit_of(cross, end1) != unit_of(cross, end2)
                && two_ends(c, BD_TECH_SKYSCRAPER, digit, end1, end2, base1, base2, s))
                return true;
        }
    return false;
}

bool bdi_skyscraper(const bdi_cands *c, bdi_step *s)
{
    for (int digit = 1; digit <= BD_SIZE; digit++)
        for (int kind = UNIT_ROW; kind <= UNIT_COL; kind++)
            for (int l1 = 0; l1 < BD_SIZE; l1++)
                for (int l2 = l1 + 1; l2 < BD_SIZE; l2++)
                    if (skyscraper_on(c, digit, kind, l1, l2, s))
                        return true;
    return false;
}

/* A kite on row `row` and column `col`: one end of each in the same box. */
static bool kite_on(const bdi_cands *c, int digit, int row, int col, bdi_step *s)
{
    int r[2], k[2];
    if (!strong_link(c, digit, UNIT_ROW, row, &r[0], &r[1])
        || !strong_link(c, digit, UNIT_COL, col, &k[0], &k[1]))
        return false;
    for (int i = 0; i < 4; i++) {
        int row_box = r[i / 2], row_end = r[1 - i / 2];
        int col_box = k[i % 2], col_end = k[1 - i % 2];
        bool distinct = row_box != col_box && row_box != col_end && row_end != col_box
                        && row_end != col_end;
        if (distinct && box_of(row_box) == box_of(col_box) && box_of(row_end) != box_of(row_box)
            && box_of(col_end) != box_of(col_box)
            && two_ends(c, BD_TECH_TWO_STRING_KITE, digit, row_end, col_end, row_box, col_box, s))
            return true;
    }
    return false;
}

bool bdi_two_string_kite(const bdi_cands *c, bdi_step *s)
{
    for (int digit = 1; digit <= BD_SIZE; digit++)
        for (int row = 0; row < BD_SIZE; row++)
            for (int col = 0; col < BD_SIZE; col++)
                if (kite_on(c, digit, row, col, s))
                    return true;
    return false;
}

/* An empty rectangle in `box` with cross row `row`, column `col`, and a
 * strong link in a line of `kind` crossing the box's row (kind UNIT_COL)
 * or column (UNIT_ROW) outside the box. */
static bool rectangle_link(const bdi_cands *c, int digit, int box, int row, int col, int kind,
                           bdi_step *s)
{
    for (int line = 0; line < BD_SIZE; line++) {
        int a, b;
        int inside = kind == UNIT_COL ? box % BD_BOX : box / BD_BOX;   /* the box's stack or band */
        if (line / BD_BOX == inside || !strong_link(c, digit, kind, line, &a, &b))
            continue;
        for (int flip = 0; flip < 2; flip++) {
            int near = flip ? b : a, far = flip ? a : b;   /* near: in the cross line */
            bool crosses = kind == UNIT_COL ? row_of(near) == row : col_of(near) == col;
            int target = kind == UNIT_COL ? row_of(far) * BD_SIZE + col
                                          : row * BD_SIZE + col_of(far);
            if (!crosses || box_of(target) == box || !board_has(c->place[digit - 1], target))
                continue;
            bdi_step_start(s, BD_TECH_EMPTY_RECTANGLE);
            bdi_step_remove(s, c, board_of(target), digit);
            s->digits = digit_bit(digit);
            s->index = box;
            s->cells[0] = (uint8_t)near;
            s->cells[1] = (uint8_t)far;
            s->cell_count = 2;
            return true;
        }
    }
    return false;
}

/* True when the box's places `in_box` lie in row `row` and column `col`
 * together, and in neither alone. */
static bool is_cross(bdi_board in_box, int row, int col)
{
    bdi_board r = unit_board(UNIT_ROW, row), k = unit_board(UNIT_COL, col);
    return board_empty(board_minus(in_box, board_or(r, k)))
           && !board_empty(board_minus(in_box, r)) && !board_empty(board_minus(in_box, k));
}

bool bdi_empty_rectangle(const bdi_cands *c, bdi_step *s)
{
    for (int digit = 1; digit <= BD_SIZE; digit++)
        for (int box = 0; box < BD_SIZE; box++) {
            bdi_board in_box = board_and(c->place[digit - 1], unit_board(UNIT_BOX, box));
            if (board_count(in_box) < 2)
                continue;
            for (int i = 0; i < BD_SIZE; i++) {
                int row = box / BD_BOX * BD_BOX + i / BD_BOX, col = box % BD_BOX * BD_BOX + i % BD_BOX;
                if (is_cross(in_box, row, col)
                    && (rectangle_link(c, digit, box, row, col, UNIT_COL, s)
                        || rectangle_link(c, digit, box, row, col, UNIT_ROW, s)))
                    return true;
            }
        }
    return false;
}
