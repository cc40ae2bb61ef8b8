/*
 * intersections.c - SE's Locking producer: pointing (a box's digit whose
 * places all lie on one line: the line's other cells lose it, 2.6) and
 * claiming (a line's digit whose places all lie in one box: the box's other
 * cells lose it, 2.8); and, in direct mode, SE's direct pointing (1.7) and
 * direct claiming (1.9): the lock leaves a hidden single in another unit of
 * the locked unit's kind, crossing the other unit, which is placed (and
 * nothing removed).
 *
 * SE's order: the pairs (box, column), (box, row), (column, box), (row,
 * box); for each, the first unit 0..8, the second 0..8 (those that cross),
 * the digits 1..9; in direct mode, for each lock the third units 0..8.
 * A digit with one place in the first unit is a hidden single, not a lock.
 *
 * The locks are read off the segments (the three cells a box shares with
 * a row or a column; a line's three segments worked on at once, as the
 * lanes of a word): for each, as digit masks, the digits two of its
 * cells or more hold, and those the other two segments of its box (in
 * the same direction) and of its line hold. A digit is locked in the
 * segment of a box and a line when it has two places or more there and
 * none in the first unit's other two segments; the lock removes what the
 * second unit's other two segments hold. In direct mode a lock is tried
 * only where, in another unit of the first's kind crossing the second,
 * the digit is held in the second unit's segment and once outside it.
 */
#include "human.h"

typedef struct kinds {
    int first, second;
} kinds;

static const kinds LOCK_KINDS[] = {
    {UNIT_BOX, UNIT_COL}, {UNIT_BOX, UNIT_ROW}, {UNIT_COL, UNIT_BOX}, {UNIT_ROW, UNIT_BOX}};

/* The positions in unit `unit` of its cells that are in unit `other`, a
 * unit that crosses it (a box and a line). */
static unsigned cross_places(int unit, int other)
{
    int kind = unit / BD_SIZE, index = other % BD_SIZE;
    if (kind == UNIT_BOX)
        return other / BD_SIZE == UNIT_ROW ? 7u << BD_BOX * (index % BD_BOX)
                                           : 0x49u << index % BD_BOX;
    return kind == UNIT_ROW ? 7u << BD_BOX * (index % BD_BOX) : 7u << BD_BOX * (index / BD_BOX);
}

/* True when `cell` is in unit `unit`. */
static bool in_unit(int unit, int cell)
{
    return unit_at(unit / BD_SIZE, cell) == unit;
}

/* The pattern of a lock: the digit in the first unit, both units. */
static void mark_lock(const bdi_state *st, int first, int second, int digit, bdi_step *s)
{
    s->unit = first;
    s->unit2 = second;
    s->digits = digit_bit(digit);
    s->units = 1u << first | 1u << second;
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int cell = unit_cell_of(first, pos);
        if (st->cand[cell] & digit_bit(digit)) {
            step_mark(s, cell, digit_bit(digit));
            if (s->cell_count < STEP_CELLS)
                s->cells[s->cell_count++] = (uint8_t)cell;
        }
    }
}

/* A lock of `digit` in `first` on `second`: its removals; worth it? */
static bool lock_hint(const bdi_state *st, int first, int second, int digit, bdi_step *s)
{
    if (!(unit_places(st, second, digit) & ~cross_places(second, first)))
        return false;   /* the second unit holds the digit nowhere else */
    bool box_first = first / BD_SIZE == UNIT_BOX;
    bdi_step_start(s, box_first ? BD_TECH_POINTING : BD_TECH_CLAIMING, box_first ? 2.6 : 2.8);
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int cell = unit_cell_of(second, pos);
        if (!in_unit(first, cell) && (st->cand[cell] & digit_bit(digit)))
            step_remove(s, cell, digit_bit(digit));
    }
    if (!bdi_step_worth(s))
        return false;
    mark_lock(st, first, second, digit, s);
    return true;
}

/* The three units of `kind` that cross unit `other` (a box and a line),
 * by increasing index, into `index`. */
static void crossing_units(int kind, int other, int index[3])
{
    int at = other % BD_SIZE, other_kind = other / BD_SIZE;
    for (int i = 0; i < BD_BOX; i++) {
        if (kind == UNIT_BOX)   /* the boxes along a row or a column */
            index[i] = other_kind == UNIT_ROW ? at / BD_BOX * BD_BOX + i : i * BD_BOX + at / BD_BOX;
        else   /* the rows or columns through a box */
            index[i] = (kind == UNIT_ROW ? at / BD_BOX : at % BD_BOX) * BD_BOX + i;
    }
}

/* Direct mode: the first unit of the first unit's kind, other than it and
 * crossing `second`, where the lock leaves one place for `digit`. */
static bool direct_hint(const bdi_state *st, int first, int second, int digit, bdi_step *s)
{
    int kind = first / BD_SIZE;
    int index[BD_BOX];
    crossing_units(kind, second, index);
    for (int i = 0; i < BD_BOX; i++) {
        int third = unit_number(kind, index[i]);
        if (third == first)
            continue;
        unsigned places = unit_places(st, third, digit);
        if (digit_count(places) <= 1)
            continue;
        unsigned left = places & ~cross_places(third, second);
        if (!left || (left & (left - 1u)))
            continue;
        int left_cell = unit_cell_of(third, bit_digit(left) - 1);
        bool box_first = kind == UNIT_BOX;
        bdi_step_start(s, box_first ? BD_TECH_DIRECT_POINTING : BD_TECH_DIRECT_CLAIMING,
                       box_first ? 1.7 : 1.9);
        s->cell = left_cell;
        s->digit = digit;
        mark_lock(st, first, second, digit, s);
        s->units |= 1u << third;
        s->extra[0] = (uint8_t)third;   /* the unit of the hidden single */
        s->extra_count = 1;
        step_mark(s, left_cell, digit_bit(digit));
        return true;
    }
    return false;
}

/* The digits locked in each segment of the grid (the three cells a row
 * and a box share, or a column and a box), by direction (0: rows, 1:
 * columns), line (the row or column) and box along the line, the last as
 * lanes of a word (SEG_LANE bits each, box b at lane b): locked from the
 * box (`by_box`: in the box's cells, two places or more there and none in
 * its other two segments of that direction) or from the line (`by_line`:
 * likewise in the line); outside direct mode only those the other unit
 * holds outside the segment, which a lock removes; in direct mode only
 * those a lock leaves alone somewhere (see segments_of). */
enum { SEG_LANE = 16 };
typedef struct segments {
    uint64_t by_box[2][BD_SIZE];
    uint64_t by_line[2][BD_SIZE];
    uint64_t box_any[2], line_any[2];   /* by direction, the OR of the lines' */
} segments;

/* The three lanes of a line's segments (SEG_LANE bits each) turned by
 * `by` (1 or 2): lane b holds lane (b + by) % 3. */
static uint64_t turn(uint64_t lanes, int by)
{
    const uint64_t three = ((uint64_t)1 << 3 * SEG_LANE) - 1u;
    return (lanes >> by * SEG_LANE | lanes << (3 - by) * SEG_LANE) & three;
}

/* The lanes of a line's segments in which each holds the OR of the other
 * two: the segments of the line outside each box. */
static uint64_t other_lanes(uint64_t lanes)
{
    return turn(lanes, 1) | turn(lanes, 2);
}

/* The digits held once in all of two segments whose digits held are
 * `a1` and `a2`, and by two cells or more `t1` and `t2` (lane by lane). */
static uint64_t held_once(uint64_t a1, uint64_t t1, uint64_t a2, uint64_t t2)
{
    return (a1 & ~t1 & ~a2) | (a2 & ~t2 & ~a1);
}

/* The other two lines of each line's band (rows or columns). */
static const uint8_t BAND_OTHERS[BD_SIZE][2] = {{1, 2}, {2, 0}, {0, 1}, {4, 5}, {5, 3},
                                                {3, 4}, {7, 8}, {8, 6}, {6, 7}};

/* The digits held in each segment of `st` (`any`) and held by two of its
 * cells or more (`two`), by direction, line and box along the line (the
 * lanes of a word, as in segments). A row's segments are its cells three
 * by three; the columns' are made a band at a time, its three rows cell
 * by cell. */
static void held_segments(const bdi_state *st, uint64_t any[2][BD_SIZE],
                          uint64_t two[2][BD_SIZE])
{
    for (int line = 0; line < BD_SIZE; line++) {
        const uint16_t *c = &st->cand[line * BD_SIZE];
        uint64_t held = 0, twice = 0;
        for (int b = 0; b < BD_BOX; b++) {
            unsigned c0 = c[BD_BOX * b], c1 = c[BD_BOX * b + 1], c2 = c[BD_BOX * b + 2];
            held |= (uint64_t)(c0 | c1 | c2) << b * SEG_LANE;
            twice |= (uint64_t)((c0 & c1) | (c2 & (c0 | c1))) << b * SEG_LANE;
        }
        any[0][line] = held;
        two[0][line] = twice;
    }
    for (int col = 0; col < BD_SIZE; col++)
        any[1][col] = two[1][col] = 0;
    for (int b = 0; b < BD_BOX; b++) {
        const uint16_t *r0 = &st->cand[BD_BOX * b * BD_SIZE], *r1 = r0 + BD_SIZE,
                       *r2 = r1 + BD_SIZE;
        for (int col = 0; col < BD_SIZE; col++) {
            uint64_t either = r0[col] | r1[col];
            any[1][col] |= (either | r2[col]) << b * SEG_LANE;
            two[1][col] |= ((uint64_t)(r0[col] & r1[col]) | (r2[col] & either)) << b * SEG_LANE;
        }
    }
}

/* The segments of `st` (`direct`: direct mode); false when no digit is
 * locked anywhere. In direct mode a lock of a digit from a box on a line
 * counts when, in another box along the line, the digit is held in the
 * line's segment and once in the box's other two segments (the lock
 * leaves it one place there: direct_hint's test); from a line on a box,
 * the same with another line through the box. Each line's three segments
 * are worked on at once, as lanes. */
static bool segments_of(const bdi_state *st, bool direct, segments *g)
{
    uint64_t any[2][BD_SIZE], two[2][BD_SIZE];
    uint64_t box_single[2][BD_SIZE], line_single[2][BD_SIZE];
    held_segments(st, any, two);
    for (int dir = 0; direct && dir < 2; dir++)
        for (int line = 0; line < BD_SIZE; line++) {
            int l1 = BAND_OTHERS[line][0], l2 = BAND_OTHERS[line][1];
            /* held in the segment and once in the rest of its box (of its
             * line: the lanes turned by one and by two) */
            box_single[dir][line] = any[dir][line] & held_once(any[dir][l1], two[dir][l1],
                                                               any[dir][l2], two[dir][l2]);
            uint64_t a = any[dir][line], t = two[dir][line];
            line_single[dir][line] =
                a & held_once(turn(a, 1), turn(t, 1), turn(a, 2), turn(t, 2));
        }
    uint64_t locked = 0;
    for (int dir = 0; dir < 2; dir++) {
        g->box_any[dir] = g->line_any[dir] = 0;
        for (int line = 0; line < BD_SIZE; line++) {
            int l1 = BAND_OTHERS[line][0], l2 = BAND_OTHERS[line][1];
            uint64_t line_others = other_lanes(any[dir][line]);
            uint64_t box_others = any[dir][l1] | any[dir][l2];
            uint64_t by_box = two[dir][line] & ~box_others;
            uint64_t by_line = two[dir][line] & ~line_others;
            if (direct) {
                by_box &= other_lanes(box_single[dir][line]);
                by_line &= line_single[dir][l1] | line_single[dir][l2];
            } else {
                by_box &= line_others;
                by_line &= box_others;
            }
            g->by_box[dir][line] = by_box;
            g->by_line[dir][line] = by_line;
            g->box_any[dir] |= by_box;
            g->line_any[dir] |= by_line;
        }
        locked |= g->box_any[dir] | g->line_any[dir];
    }
    return locked != 0;
}

/* Whether anything is locked in segments `g` from the first unit of
 * index `index`: a box (`box_first`: its three segments in direction
 * `dir`, lane b of three lines) or a line (its word). */
static bool first_locked(const segments *g, bool box_first, int dir, int index)
{
    if (!box_first)
        return g->by_line[dir][index] != 0;
    int line = (dir ? index % BD_BOX : index / BD_BOX) * BD_BOX;
    int b = dir ? index / BD_BOX : index % BD_BOX;
    uint64_t three = g->by_box[dir][line] | g->by_box[dir][line + 1] | g->by_box[dir][line + 2];
    return (three >> b * SEG_LANE & ALL_DIGITS) != 0;
}

/* The locks in SE's order (first unit, second unit, digit); each hint
 * goes to `each` (NULL: stop at the first). A digit of two or more places
 * in the first unit is locked in the one crossing unit holding them all,
 * if any: the segments (segments_of) give, for each first unit and each
 * second unit crossing it in order, the digits locked there, taken in
 * order (outside direct mode, only those the second unit holds elsewhere:
 * the others remove nothing). */
static bool locking(const bdi_state *st, bool direct, uint32_t units, bdi_hint_fn each,
                    void *context, bdi_step *s)
{
    segments g;
    if (!segments_of(st, direct, &g))
        return false;
    for (int k = 0; k < (int)(sizeof LOCK_KINDS / sizeof LOCK_KINDS[0]); k++) {
        int first_kind = LOCK_KINDS[k].first, second_kind = LOCK_KINDS[k].second;
        bool box_first = first_kind == UNIT_BOX;
        int dir = (box_first ? second_kind : first_kind) == UNIT_COL;
        if (!(box_first ? g.box_any[dir] : g.line_any[dir]))
            continue;   /* nothing locked from these units */
        for (int index = 0; index < BD_SIZE; index++) {
            int first = unit_number(first_kind, index);
            if (!(units >> first & 1u) || !first_locked(&g, box_first, dir, index))
                continue;
            for (int i = 0; i < BD_BOX; i++) {
                /* the segment (line, b) the first unit shares with its i-th
                 * crossing unit, and the digits locked there */
                int line, b, second;
                unsigned locked;
                if (box_first) {
                    line = (dir ? index % BD_BOX : index / BD_BOX) * BD_BOX + i;
                    b = dir ? index / BD_BOX : index % BD_BOX;
                    second = unit_number(second_kind, line);
                    locked = (unsigned)(g.by_box[dir][line] >> b * SEG_LANE) & ALL_DIGITS;
                } else {
                    line = index;
                    b = i;
                    second = unit_number(UNIT_BOX, dir ? b * BD_BOX + line / BD_BOX
                                                       : line / BD_BOX * BD_BOX + b);
                    locked = (unsigned)(g.by_line[dir][line] >> b * SEG_LANE) & ALL_DIGITS;
                }
                for (unsigned ds = locked; ds; ds &= ds - 1u) {
                    int digit = bit_digit(ds);
                    if ((direct ? direct_hint(st, first, second, digit, s)
                                : lock_hint(st, first, second, digit, s))
                        && (!each || each(s, context)))
                        return true;
                }
            }
        }
    }
    return false;
}

bool bdi_locking(const bdi_state *st, bool direct, bdi_step *s)
{
    return locking(st, direct, ALL_UNITS, NULL, NULL, s);
}

bool bdi_locking_each(const bdi_state *st, uint32_t units, bdi_hint_fn each, void *context,
                      bdi_step *s)
{
    return locking(st, false, units, each, context, s);
}
