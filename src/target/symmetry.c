/*
 * symmetry.c - the symmetries of a target puzzle, broken by digit orders.
 *
 * The target weights depend only on a cell's ring, min(r, c, 8 - r, 8 - c).
 * Four involutions move the rows or columns of a grid without changing any
 * ring or breaking any unit, and they commute:
 *
 *   bit 0  rows 3 and 5 swapped          bit 2  columns 3 and 5 swapped
 *   bit 1  rows r and 8 - r swapped      bit 3  columns c and 8 - c swapped
 *          for the outer bands                  for the outer stacks
 *
 * Each element of the group they generate (Z2^4, a 4-bit mask) maps every
 * completion of a puzzle it leaves unchanged to a completion of the same
 * puzzle with the same score. The elements that leave the puzzle unchanged
 * form a subgroup H; the search may then keep one completion of each orbit.
 *
 * For each bit b there is a pair of cells in one unit that every element
 * with bit b swaps and every other element leaves in place: (3,4)/(5,4),
 * (0,4)/(8,4), (4,3)/(4,5), (4,0)/(4,8). "digit(first) < digit(second)" is
 * true of exactly one of X and g(X) for an element g with bit b set (the two
 * cells hold different digits), and kept by the elements without bit b.
 * Take a basis of H in echelon form: element i has a pivot bit p_i that the
 * elements before it lack. An element of H is then told by its bits at the
 * pivots (they are a triangular map of its coordinates in the basis), so
 * the images of a completion X under H take the 2^k truth patterns of the
 * pivots' orders once each: exactly one obeys them all.
 */
#include "target.h"

enum { INVOLUTIONS = 4, MIDDLE = BD_SIZE / 2 };

/* Row (or column) i under the row (or column) half of an element: `swap35`
 * swaps 3 and 5, `outer` swaps i and 8 - i in the outer bands. */
static int move_line(int i, bool swap35, bool outer)
{
    if (swap35 && (i == 3 || i == 5))
        return BD_SIZE - 1 - i;
    if (outer && (i < BD_BOX || i >= 2 * BD_BOX))
        return BD_SIZE - 1 - i;
    return i;
}

/* Whether the element `g` (bits as above) leaves the puzzle unchanged. */
static bool keeps(const bd_grid *puzzle, unsigned g)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int r = move_line(row_of(cell), g & 1u, g & 2u);
        int c = move_line(col_of(cell), g & 4u, g & 8u);
        if (puzzle->cells[r * BD_SIZE + c] != puzzle->cells[cell])
            return false;
    }
    return true;
}

int bdi_symmetry_orders(const bd_grid *puzzle, uint8_t orders[][2])
{
    /* the pair each bit swaps: line 3/5 or 0/8 across the middle line */
    static const uint8_t pair[INVOLUTIONS][2] = {
        {3 * BD_SIZE + MIDDLE, 5 * BD_SIZE + MIDDLE},
        {0 * BD_SIZE + MIDDLE, 8 * BD_SIZE + MIDDLE},
        {MIDDLE * BD_SIZE + 3, MIDDLE * BD_SIZE + 5},
        {MIDDLE * BD_SIZE + 0, MIDDLE * BD_SIZE + 8}};
    unsigned basis[INVOLUTIONS], pivot[INVOLUTIONS];
    int k = 0;
    for (unsigned g = 1; g < (1u << INVOLUTIONS); g++) {
        if (!keeps(puzzle, g))
            continue;
        unsigned v = g;
        for (int i = 0; i < k; i++)   /* reduce by the pivots so far */
            if (v & pivot[i])
                v ^= basis[i];
        if (!v)
            continue;   /* a product of the basis so far */
        pivot[k] = v & (0u - v);
        basis[k++] = v;
    }
    int count = 0;
    for (int i = 0; i < k; i++) {
        int bit = bit_digit(pivot[i]) - 1;
        if (puzzle->cells[pair[bit][0]] || puzzle->cells[pair[bit][1]])
            continue;   /* only in an invalid puzzle: the two would be equal */
        orders[count][0] = pair[bit][0];
        orders[count][1] = pair[bit][1];
        count++;
    }
    return count;
}
