/*
 * uniqueness.c - unique rectangles, for puzzles known to have one solution.
 * Four open cells at the corners of a rectangle (two rows, two columns,
 * two boxes) that could all hold only the same two digits {a,b} would be a
 * "deadly pattern": a and b could be swapped in it, giving two solutions.
 * So in a puzzle with one solution, some corner holds another digit:
 *   type 1: three corners are {a,b}: the fourth loses a and b;
 *   type 2: two corners are {a,b} and the two others {a,b,c}, the same c:
 *           one of those holds c, so c leaves every cell seeing both;
 *   type 4: two corners in a line are {a,b}, and in a unit holding the two
 *           others (the "roof") a has no other place: the roof holds a once,
 *           so its other cell cannot be b: b leaves both roof cells.
 * Only open cells count: a corner filled in (a given, or placed on the way)
 * is no part of the argument. Rectangles are tried rows, then columns,
 * then digit pairs in order.
 *
 * Every type has two corners that are exactly {a,b}, so only the
 * rectangles through two cells with the same two candidates are looked
 * at: each such pair of cells marks the rectangles it can be two corners
 * of (the pair in a row: every other row that keeps the rectangle in two
 * boxes; in a column, likewise; diagonal: the one rectangle), in a bit set
 * ordered as the rectangles are tried.
 */
#include "human.h"

/* A rectangle: corners[0], [1] in the first row, [2], [3] in the second. */
typedef struct rect {
    int corner[4];
    unsigned pair;
} rect;

/* Completes the record of a step on `r`; true when it removes anything. */
static bool record(const rect *r, bdi_step *s)
{
    s->digits = r->pair;
    for (int i = 0; i < 4; i++)
        s->cells[i] = (uint8_t)r->corner[i];
    s->cell_count = 4;
    return bdi_step_removes(s);
}

/* Type 1: three corners hold exactly the pair, so the pair goes from the
 * fourth. */
static bool type1(const bdi_cands *c, const rect *r, bdi_step *s)
{
    int extra = -1, plain = 0;
    for (int i = 0; i < 4; i++)
        if (c->cell[r->corner[i]] == r->pair)
            plain++;
        else
            extra = r->corner[i];
    if (plain != 3)
        return false;
    bdi_step_start(s, BD_TECH_UNIQUE_RECTANGLE_1);
    for (unsigned rest = r->pair; rest; rest &= rest - 1u)
        bdi_step_remove(s, c, board_of(extra), bit_digit(rest));
    return record(r, s);
}

/* The two corners that are not exactly {a,b}, in roof[]; false unless the
 * two others are. */
static bool roof_of(const bdi_cands *c, const rect *r, int *roof)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (c->cell[r->corner[i]] != r->pair) {
            if (n == 2)
                return false;
            roof[n++] = r->corner[i];
        }
    return n == 2;
}

/* Type 2: the other two corners hold the pair and the same one extra digit,
 * which goes from the cells that see both. */
static bool type2(const bdi_cands *c, const rect *r, bdi_step *s)
{
    int roof[2];
    if (!roof_of(c, r, roof) || c->cell[roof[0]] != c->cell[roof[1]]
        || digit_count(c->cell[roof[0]]) != 3)
        return false;
    bdi_step_start(s, BD_TECH_UNIQUE_RECTANGLE_2);
    bdi_board both = board_and(peers_of(roof[0]), peers_of(roof[1]));
    bdi_step_remove(s, c, both, bit_digit(c->cell[roof[0]] & ~r->pair));
    return record(r, s);
}

/* Type 4: in a unit that holds both roof corners, one digit of the pair is
 * confined to them, so the other goes from both. */
static bool type4(const bdi_cands *c, const rect *r, bdi_step *s)
{
    int roof[2];
    if (!roof_of(c, r, roof) || !sees(roof[0], roof[1]))
        return false;   /* the roof must be a side of the rectangle */
    bdi_board roof_cells = board_or(board_of(roof[0]), board_of(roof[1]));
    for (int kind = 0; kind < UNIT_KINDS; kind++) {
        if (unit_of(kind, roof[0]) != unit_of(kind, roof[1]))
            continue;
        bdi_board unit = unit_board(kind, unit_of(kind, roof[0]));
        for (unsigned rest = r->pair; rest; rest &= rest - 1u) {
            int a = bit_digit(rest), b = bit_digit(r->pair & ~digit_bit(a));
            if (!board_same(board_and(c->place[a - 1], unit), roof_cells))
                continue;
            bdi_step_start(s, BD_TECH_UNIQUE_RECTANGLE_4);
            bdi_step_remove(s, c, roof_cells, b);
            if (record(r, s))
                return true;
        }
    }
    return false;
}

/* Tries each pair of digits the four corners share. */
static bool rectangle(const bdi_cands *c, rect *r, int type, bdi_step *s)
{
    unsigned shared = ALL_DIGITS;
    for (int i = 0; i < 4; i++)
        shared &= c->cell[r->corner[i]];   /* 0 for a filled corner */
    for (unsigned a = shared; a; a &= a - 1u)
        for (unsigned b = a & (a - 1u); b; b &= b - 1u) {
            r->pair = digit_bit(bit_digit(a)) | digit_bit(bit_digit(b));
            bool found = type == 1 ? type1(c, r, s) : type == 2 ? type2(c, r, s) : type4(c, r, s);
            if (found)
                return true;
        }
    return false;
}

/* Rectangles, as bits (r1 * 9 + r2) * 81 + c1 * 9 + c2 (r1 < r2, c1 < c2):
 * set bits in ascending order are the order rectangles are tried in. */
enum { RECT_BITS = BD_CELLS * BD_CELLS, RECT_WORDS = (RECT_BITS + 31) / 32 };

/* Marks the rectangle on rows ra, rb and columns ca, cb (any order) if it
 * lies in two boxes. */
static void mark(uint32_t *marks, int ra, int rb, int ca, int cb)
{
    int r1 = ra < rb ? ra : rb, r2 = ra < rb ? rb : ra;
    int c1 = ca < cb ? ca : cb, c2 = ca < cb ? cb : ca;
    bool same_band = r1 / BD_BOX == r2 / BD_BOX, same_stack = c1 / BD_BOX == c2 / BD_BOX;
    if (r1 == r2 || c1 == c2 || same_band == same_stack)
        return;   /* no rectangle, or one in four boxes, or in one */
    int bit = (r1 * BD_SIZE + r2) * BD_CELLS + c1 * BD_SIZE + c2;
    marks[bit / 32] |= 1u << (bit % 32);
}

/* Marks the rectangles that two cells with the same two candidates can be
 * two corners of. */
static void mark_pair(uint32_t *marks, int p, int q)
{
    int rp = row_of(p), cp = col_of(p), rq = row_of(q), cq = col_of(q);
    if (rp != rq && cp != cq) {
        mark(marks, rp, rq, cp, cq);
        return;
    }
    for (int other = 0; other < BD_SIZE; other++)
        if (rp == rq)
            mark(marks, rp, other, cp, cq);
        else
            mark(marks, rp, rq, cp, other);
}

bool bdi_unique_rectangle(const bdi_cands *c, int type, bdi_step *s)
{
    if (!c->unique)
        return false;
    uint32_t marks[RECT_WORDS] = {0};
    bdi_board firsts = bdi_bivalue_cells(c);
    for (int p; (p = board_pop(&firsts)) >= 0;)
        for (bdi_board seconds = firsts; !board_empty(seconds);) {
            int q = board_pop(&seconds);
            if (c->cell[p] == c->cell[q])
                mark_pair(marks, p, q);
        }
    for (int w = 0; w < RECT_WORDS; w++)
        for (uint32_t bits = marks[w]; bits; bits &= bits - 1u) {
            int bit = w * 32 + low_bit(bits);
            int rows = bit / BD_CELLS, cols = bit % BD_CELLS;
            int r1 = rows / BD_SIZE, r2 = rows % BD_SIZE, c1 = cols / BD_SIZE, c2 = cols % BD_SIZE;
            rect r = {{r1 * BD_SIZE + c1, r1 * BD_SIZE + c2, r2 * BD_SIZE + c1,
                       r2 * BD_SIZE + c2}, 0};
            if (rectangle(c, &r, type, s))
                return true;
        }
    return false;
}
