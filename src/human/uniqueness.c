/*
 * uniqueness.c - SE's UniqueLoops producer: unique rectangles and loops,
 * types 1 to 4, which hold only for a puzzle with one solution.
 *
 * A loop: cells holding two digits v1 and v2 (and maybe others), each
 * linked to the next by a unit, no two consecutive links by units of one
 * kind, closing after 4 or more cells, and valid: listing each cell's box,
 * row and column with alternating parity, every unit is met once with each
 * parity or never. If the loop's cells held only v1 and v2 the puzzle
 * would have two solutions; so the cells with other candidates ("extra")
 * must keep one of them:
 *   type 1: one extra cell, which loses v1 and v2;
 *   type 2: the extra cells all have one and the same extra digit: the
 *           cells that see them all lose it;
 *   type 3: two extra cells whose extra digits make, with other cells of a
 *           unit they share, a naked set (the unit's other cells lose its
 *           digits), or with v1 and v2 a hidden set;
 *   type 4: two extra cells sharing a unit where v1 (or v2) has no other
 *           place: they lose v2 (or v1).
 * Difficulty 4.5, +0.1 for a loop of 6 cells, +0.2 of 8, +0.5 of 10 or
 * more; type 3 adds 0.1 for each cell of its set beyond the first.
 *
 * SE's search, which this follows step by step because the hint SE takes
 * is the first of its list sorted by difficulty, then type: each cell row
 * by row with exactly two candidates starts a depth-first walk through its
 * box, row and column (in that order, not the kind of the last link), the
 * unit's cells in order, to cells with both digits; a cell with more
 * candidates may join while two are allowed, or while the extra digits of
 * the loop so far, and of the cells tried before it from the same cell,
 * are one digit (SE accumulates them so); each closed loop found is turned
 * into hints at once, in the order found. The walk leaves out the loops
 * that cannot be valid (see extend): they would give no hint. A valid
 * loop meets each unit of its cells at two cells, so the walk enters no
 * cell that is alone in a unit among those that could be on one
 * (pair_cells), and where it may enter only a few cells (no more extra
 * cells, or no earlier start), it goes on only while each unit met once
 * may still be met again by one of them (closable).
 *
 * It also leaves out loops it has met before. What a valid loop offers
 * (each hint's difficulty, type and removals) rests only on its digits,
 * its set of cells and the grid: its extra cells are those of the set,
 * type 2's digit is the one extra digit they share, and types 3 and 4
 * read their two extra cells either way round. So a loop met again
 * (another start, the other way round) offers hints that rank no better
 * than the same hints did the first time, and changes nothing: it is
 * passed over when closed (met_before). A loop with at most two extra
 * cells is met in full from its first start (in row-major order): along
 * it the walk always allows the cell, since a cell with extra digits
 * finds one of the two allowed left, and no earlier start lies on it. So
 * the walk from a later start does not enter an earlier start of the
 * same digits when no loop on from there can take a third extra cell:
 * when the extra digits gathered so far are two or more (they only grow
 * along the walk, and a third extra cell needs them to be one). So a loop
 * with three extra cells has three cells holding both digits and one same
 * other digit alone (its first three extra cells); where no three cells
 * do (three_alike), every loop the walk closes has two extra cells at
 * most: the walk from a later start enters no earlier start, and a pair
 * that closed no valid loop on the path's last grid closes none now
 * unless a cell holding both digits lost all its others (idle_pairs).
 */
#include "human.h"

#include <string.h>

enum { MET_MAX = 64 };

/* A valid loop met: its digits and its cells (cell c at bit c % 64 of
 * word c / 64). */
typedef struct met_loop {
    unsigned digits;
    uint64_t cells[2];
} met_loop;

/* The cells of a digit pair v1, v2 that its walks read, made once a
 * search (pair_cells). */
typedef struct pair_sets {
    unsigned both[UNIT_COUNT];    /* by unit, the places of its cells
                                     holding both digits */
    unsigned may[UNIT_COUNT];     /* those that may lie on a valid loop */
    uint64_t alone[2];            /* the cells holding v1 and v2 alone */
    uint64_t extra[BD_SIZE + 1][2];   /* the cells of `may` holding v1, v2
                                         and more: at d (1..9) those
                                         holding d alone more, at 0 all */
} pair_sets;

/* The walk from one start cell, and the valid loops met from the starts
 * before it. */
typedef struct walk {
    const bdi_state *st;
    int v1, v2;
    int length;
    uint8_t loop[BD_CELLS];
    uint64_t in_loop[2];          /* the loop's cells as a cell set */
    uint32_t seen[2];             /* the units met by the loop's cells at
                                     even and at odd places */
    const pair_sets *ps;          /* v1 and v2's */
    uint64_t later[2];            /* the cells of ps->alone after the
                                     start */
    bool few_extra;               /* no loop of v1, v2 can take a third
                                     extra cell (three_alike) */
    int met_count;                /* the first MET_MAX valid loops met */
    met_loop *met;                /* (MET_MAX long, its own block: those
                                     past met_count are not read) */
    uint16_t live[BD_SIZE];       /* the digit pairs that offered a hint
                                     (as bdi_sets_memo's loop_idle) */
    uint32_t units[BD_SIZE][BD_SIZE];   /* by pair, the units of the cells
                                           of its valid loops */
    bdi_step *best;               /* the first hint by SE's sort so far */
    bool found;
    int best_type;
    bdi_step trial;
} walk;

/* SE's UniqueLoopHint difficulty for a loop of `length` cells. */
static double loop_difficulty(int length)
{
    double result = 4.5;
    if (length >= 10)
        result += 0.3;
    if (length >= 8)
        result += 0.2;
    else if (length >= 6)
        result += 0.1;
    return result;
}

/* Whether the loop meets each unit once with each parity or never. The
 * walk makes no loop that meets a unit twice with one parity, so this is
 * whether the units met at even places are those met at odd places. */
static bool valid_loop(const walk *w)
{
    return w->seen[0] == w->seen[1];
}

/* Offers a hint of `type` found in w->trial: it becomes the best when SE's
 * sort puts it first. */
static void offer(walk *w, int type)
{
    bdi_step *t = &w->trial;
    if (!bdi_step_worth(t))
        return;
    w->live[w->v1 - 1] |= (uint16_t)digit_bit(w->v2);
    if (w->found && !(t->difficulty < w->best->difficulty
                      || (t->difficulty == w->best->difficulty && type < w->best_type)))
        return;
    t->subtype = type;
    t->digits = digit_bit(w->v1) | digit_bit(w->v2);
    t->loop_count = w->length;
    for (int i = 0; i < w->length; i++) {
        t->loop[i] = w->loop[i];
        step_mark(t, w->loop[i], t->digits);
    }
    *w->best = *t;
    w->best_type = type;
    w->found = true;
}

/* The cells that see every cell of `cells` (none of them). */
static void common_house(const uint8_t *cells, int count, bool *common)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        common[cell] = true;
        for (int i = 0; i < count && common[cell]; i++)
            common[cell] = sees(cell, cells[i]);
    }
}

/* Type 1: the loop's one cell with extra digits, `extra`, loses v1 and v2. */
static void type1(walk *w, int extra)
{
    bdi_step_start(&w->trial, BD_TECH_UNIQUE_LOOP, loop_difficulty(w->length));
    step_remove(&w->trial, extra, digit_bit(w->v1) | digit_bit(w->v2));
    offer(w, 1);
}

/* Type 2: the digit is the first extra one of the first extra cell. */
static void type2(walk *w, const uint8_t *extra, int count)
{
    const bdi_state *st = w->st;
    unsigned other = st->cand[extra[0]] & ~digit_bit(w->v1) & ~digit_bit(w->v2);
    unsigned digit = other & -other;
    bool common[BD_CELLS];
    common_house(extra, count, common);
    bdi_step_start(&w->trial, BD_TECH_UNIQUE_LOOP, loop_difficulty(w->length));
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (common[cell] && (st->cand[cell] & digit))
            step_remove(&w->trial, cell, digit);
    w->trial.extra_count = count;
    for (int i = 0; i < count; i++)
        w->trial.extra[i] = extra[i];
    w->trial.extra_digits = digit;
    offer(w, 2);
}

/* Type 3 with a naked set in `unit`: c1's extra digits stand for c1. */
static void type3_naked(walk *w, int unit, int degree, int c1, int c2, unsigned extra)
{
    const bdi_state *st = w->st;
    int i1 = unit_pos(unit, c1), i2 = unit_pos(unit, c2);
    /* SE's sets of `degree` positions by increasing mask, those with i1
     * and not i2 (SE's containsFirst) whose other members have two to `degree`
     * candidates (the others fail the test below): the combinations of
     * degree - 1 such members, spread over their positions, keep that
     * order */
    unsigned members = 0;
    for (int pos = 0; pos < BD_SIZE; pos++) {
        int count = digit_count(st->cand[unit_cell_of(unit, pos)]);
        if (pos != i1 && pos != i2 && count >= 2 && count <= degree)
            members |= 1u << pos;
    }
    int n = digit_count(members);
    for (unsigned packed = n >= degree - 1 ? (1u << (degree - 1)) - 1u : 0; packed;
         packed = next_set(packed, n)) {
        unsigned set = spread_bits(packed, members) | 1u << i1;
        unsigned naked = extra & st->cand[c1] & st->cand[c2], uni = 0;
        bool each_two = true;
        for (unsigned rest = set; rest; rest &= rest - 1u) {
            int pos = bit_digit(rest) - 1;
            unsigned m = pos == i1 ? extra : st->cand[unit_cell_of(unit, pos)];
            if (pos != i1)
                naked |= m;
            each_two &= digit_count(m) >= 2;
            uni |= m;
        }
        if (digit_count(naked) != degree || !each_two || digit_count(uni) != degree)
            continue;
        bdi_step_start(&w->trial, BD_TECH_UNIQUE_LOOP,
                       loop_difficulty(w->length) + (double)(degree - 1) * 0.1);
        w->trial.extra_count = 0;
        for (int pos = 0; pos < BD_SIZE; pos++) {
            int cell = unit_cell_of(unit, pos);
            if (set >> pos & 1u) {
                if (pos != i1)
                    w->trial.extra[w->trial.extra_count++] = (uint8_t)cell;
            } else if (cell != c2 && (st->cand[cell] & uni)) {
                step_remove(&w->trial, cell, st->cand[cell] & uni);
            }
        }
        w->trial.extra_digits = uni;
        w->trial.unit = unit;
        offer(w, 3);
    }
}

/* Type 3 with a hidden set in `unit`: v1, v2 and degree - 2 other digits
 * that are not extra, on degree places (c2's left out). */
static void type3_hidden(walk *w, int unit, int degree, int c1, int c2, unsigned extra)
{
    const bdi_state *st = w->st;
    int i1 = unit_pos(unit, c1), i2 = unit_pos(unit, c2);
    int rem[BD_SIZE], rem_count = 0;
    for (int d = 1; d <= BD_SIZE; d++)
        if (d != w->v1 && d != w->v2 && !(extra & digit_bit(d)))
            rem[rem_count++] = d;
    if (degree - 2 > rem_count || rem_count == 0)
        return;
    unsigned set = (1u << (degree - 2)) - 1u;
    for (bool more = true; more;) {
        unsigned hidden = digit_bit(w->v1) | digit_bit(w->v2), uni = 0;
        bool each_one = true;
        for (unsigned rest = set; rest; rest &= rest - 1u)
            hidden |= digit_bit(rem[bit_digit(rest) - 1]);
        for (unsigned ds = hidden; ds; ds &= ds - 1u) {
            unsigned places = unit_places(st, unit, bit_digit(ds)) & ~(1u << i2);
            each_one &= places != 0;
            uni |= places;
        }
        if (each_one && digit_count(uni) == degree) {
            unsigned positions = uni & ~(1u << i1) & ~(1u << i2);
            bdi_step_start(&w->trial, BD_TECH_UNIQUE_LOOP,
                           loop_difficulty(w->length)
                               + (double)(digit_count(positions) - 1) * 0.1);
            w->trial.extra_count = 0;
            for (unsigned rest = positions; rest; rest &= rest - 1u) {
                int cell = unit_cell_of(unit, bit_digit(rest) - 1);
                w->trial.extra[w->trial.extra_count++] = (uint8_t)cell;
                if (st->cand[cell] & ~hidden)
                    step_remove(&w->trial, cell, st->cand[cell] & ~hidden);
            }
            w->trial.extra_digits = hidden;
            w->trial.unit = unit;
            offer(w, 3);
        }
        /* SE's Permutations: with no bit to choose, one empty set */
        if (set == 0)
            more = false;
        else
            more = (set = next_set(set, rem_count)) != 0;
    }
}

/* Type 3: the loop's two extra cells c1, c2 in a shared unit, their extra
 * digits taken as one cell of a naked or hidden set of that unit, by
 * degree from the extra digits' count up to 7, SE's unit kinds in turn. */
static void type3(walk *w, int c1, int c2)
{
    const bdi_state *st = w->st;
    unsigned loop_digits = digit_bit(w->v1) | digit_bit(w->v2);
    unsigned extra = (st->cand[c1] | st->cand[c2]) & ~loop_digits;
    for (int degree = digit_count(extra); degree <= 7; degree++)
        for (int k = 0; k < UNIT_KINDS; k++) {
            int kind = SE_KINDS[k], unit = unit_at(kind, c1);
            if (unit != unit_at(kind, c2))
                continue;
            int empty = unit_empty_count(st, unit);
            if (degree * 2 <= empty)
                type3_naked(w, unit, degree, c1, c2, extra);
            if (degree * 2 < empty)
                type3_hidden(w, unit, degree, c1, c2, extra);
        }
}

/* Type 4: the last unit kind (box, row, column) shared by c1 and c2 where
 * v1 has no other place wins, else the last where v2 has none. */
static void type4(walk *w, int c1, int c2)
{
    const bdi_state *st = w->st;
    int lock1 = -1, lock2 = -1;
    for (int k = 0; k < UNIT_KINDS; k++) {
        int kind = SE_KINDS[k], unit = unit_at(kind, c1);
        if (unit != unit_at(kind, c2))
            continue;
        unsigned p1 = unit_places(st, unit, w->v1), p2 = unit_places(st, unit, w->v2);
        unsigned mine = 1u << unit_pos(unit, c1) | 1u << unit_pos(unit, c2);
        if (!(p1 & ~mine))
            lock1 = unit;
        if (!(p2 & ~mine))
            lock2 = unit;
    }
    if (lock1 < 0 && lock2 < 0)
        return;
    int remove = lock1 >= 0 ? w->v2 : w->v1;
    bdi_step_start(&w->trial, BD_TECH_UNIQUE_LOOP, loop_difficulty(w->length));
    step_remove(&w->trial, c1, digit_bit(remove));
    step_remove(&w->trial, c2, digit_bit(remove));
    w->trial.unit = lock1 >= 0 ? lock1 : lock2;
    w->trial.extra[0] = (uint8_t)c1;
    w->trial.extra[1] = (uint8_t)c2;
    w->trial.extra_count = 2;
    w->trial.extra_digits = digit_bit(lock1 >= 0 ? w->v1 : w->v2);
    offer(w, 4);
}

/* Whether the loop in the walk was met before (see the top of the file);
 * notes it when not, while there is room. */
static bool met_before(walk *w)
{
    unsigned digits = digit_bit(w->v1) | digit_bit(w->v2);
    for (int i = 0; i < w->met_count; i++) {
        const met_loop *m = &w->met[i];
        if (m->digits == digits && m->cells[0] == w->in_loop[0] && m->cells[1] == w->in_loop[1])
            return true;
    }
    if (w->met_count < MET_MAX)
        w->met[w->met_count++] = (met_loop){digits, {w->in_loop[0], w->in_loop[1]}};
    return false;
}

/* A closed loop: its hints, as SE makes them, unless it was met before. */
static void closed_loop(walk *w)
{
    if (!valid_loop(w))
        return;
    w->units[w->v1 - 1][w->v2 - 1] |= w->seen[0];
    if (met_before(w))
        return;
    uint8_t extra[BD_CELLS];
    int count = 0;
    for (int i = 0; i < w->length; i++)
        if (digit_count(w->st->cand[w->loop[i]]) > 2)
            extra[count++] = w->loop[i];
    if (count == 1) {
        type1(w, extra[0]);
    } else if (count > 2) {
        type2(w, extra, count);
    } else if (count == 2) {
        unsigned loop_digits = digit_bit(w->v1) | digit_bit(w->v2);
        unsigned other = (w->st->cand[extra[0]] | w->st->cand[extra[1]]) & ~loop_digits;
        if (digit_count(other) == 1)
            type2(w, extra, count);
        else if (digit_count(other) >= 2)
            type3(w, extra[0], extra[1]);
        type4(w, extra[0], extra[1]);
    }
}

/* Whether `unit`, met by the loop so far once, at a place of parity `p`,
 * has a cell of `fill` (a cell set) not on the loop that could take the
 * other parity: none of its units is met at places of that parity. */
static bool may_meet_again(const walk *w, int unit, int p, const uint64_t fill[2])
{
    for (int half = 0; half < 2; half++)
        for (uint64_t at = fill[half] & bdi_unit_bits[unit][half] & ~w->in_loop[half]; at;
             at &= at - 1u)
            if (!(w->seen[1 - p] & bdi_cell_unit_bits[half * 64 + low_index(at)]))
                return true;
    return false;
}

/* Whether each unit the loop so far meets once may be met again by a cell
 * of `fill` (may_meet_again). A valid loop meets each unit of its cells
 * twice, once at each parity; the walk makes no loop that meets a unit
 * twice with one parity, and the units met only grow along it. So when
 * `fill` holds every cell the walk may enter from here (enterable) and
 * this is false, no loop it closes from here is valid. */
static inline bool closable(const walk *w, const uint64_t fill[2])
{
    for (int p = 0; p < 2; p++)
        for (uint32_t open = w->seen[p] & ~w->seen[1 - p]; open; open &= open - 1u)
            if (!may_meet_again(w, low_index(open), p, fill))
                return false;
    return true;
}

/* Into `fill`, cells that hold all those the walk may enter below a call
 * of extend with `allowed` and `ex_digits` (both only shrink or grow
 * along it), when either limits them: with no extra cell allowed, cells
 * with more than v1 and v2 only while their extra digits are the one
 * digit gathered; with two extra digits gathered or more (or few_extra),
 * no earlier start; only cells of `may` (pair_cells). False when nothing
 * limits them. */
static bool enterable(const walk *w, int allowed, unsigned ex_digits, uint64_t fill[2])
{
    int ex_count = digit_count(ex_digits);
    if (allowed > 0 && ex_count < 2)
        return false;
    const pair_sets *ps = w->ps;
    const uint64_t *alone = w->few_extra || ex_count >= 2 ? w->later : ps->alone;
    const uint64_t *extra = allowed > 0         ? ps->extra[0]
                            : ex_count == 1     ? ps->extra[bit_digit(ex_digits)]
                                                : NULL;
    for (int half = 0; half < 2; half++)
        fill[half] = alone[half] | (extra ? extra[half] : 0);
    return true;
}

/* Puts `cell` at the end of the walk's loop. */
static inline void push_cell(walk *w, int cell)
{
    unsigned at = (unsigned)cell;   /* unsigned: its division is a shift */
    w->seen[w->length & 1] |= bdi_cell_unit_bits[cell];
    w->loop[w->length++] = (uint8_t)cell;
    w->in_loop[at / 64] ^= 1ull << at % 64;
}

/* Takes `cell`, the last of the walk's loop, off it; `before` is what
 * w->seen was at its parity before push_cell. */
static inline void pop_cell(walk *w, int cell, uint32_t before)
{
    unsigned at = (unsigned)cell;
    w->in_loop[at / 64] ^= 1ull << at % 64;
    w->length--;
    w->seen[w->length & 1] = before;
}

/* extend's steps from `cell` (the last on the loop, which is closable)
 * once two extra digits or more are gathered: the cells it may enter are
 * then the later starts and, while `allowed` is above 0, the extra cells
 * of `may` (enterable), and more extra digits change none of its choices
 * (it tests only whether there are one or two or more), so the unit's
 * cells it would pass over unseen are left out of the walk over it: the
 * cells it steps to come in the same order (a unit's cells in cell order
 * are its places in order). A cell stepped to is walked from only while
 * the loop is closable with it. */
static void extend_late(walk *w, int cell, int allowed, int last_kind)
{
    int start = w->loop[0];
    uint64_t enter[2], closing[2] = {0, 0};
    for (int half = 0; half < 2; half++)
        enter[half] = w->later[half] | (allowed > 0 ? w->ps->extra[0][half] : 0);
    if (w->length >= 4)
        closing[start / 64] = 1ull << start % 64;
    for (int k = 0; k < UNIT_KINDS; k++) {
        int kind = SE_KINDS[k];
        if (kind == last_kind)
            continue;
        const uint64_t *unit = bdi_unit_bits[unit_at(kind, cell)];
        for (int half = 0; half < 2; half++)
            for (uint64_t to = unit[half] & ((enter[half] & ~w->in_loop[half]) | closing[half]); to;
                 to &= to - 1u) {
                int next = half * 64 + low_index(to);
                if (next == start) {
                    closed_loop(w);
                    continue;
                }
                uint32_t before = w->seen[w->length & 1];
                if (before & bdi_cell_unit_bits[next])
                    continue;
                int left = allowed - (digit_count(w->st->cand[next]) > 2);
                uint64_t fill[2];
                for (int h = 0; h < 2; h++)
                    fill[h] = w->later[h] | (left > 0 ? w->ps->extra[0][h] : 0);
                push_cell(w, next);
                if (closable(w, fill))
                    extend_late(w, next, left, kind);
                pop_cell(w, next, before);
            }
    }
}

/* SE's checkForLoops from `cell`, last linked by a unit of `last_kind` (-1
 * at the start). A loop whose first cells already meet a unit twice at
 * places of one parity is not valid however it goes on (valid_loop), so
 * no walk is made from a cell that would do so: every loop the walk does
 * not make would have given no hint, and the others come in SE's order. */
static void extend(walk *w, int cell, int allowed, unsigned ex_digits, int last_kind)
{
    const bdi_state *st = w->st;
    unsigned loop_digits = digit_bit(w->v1) | digit_bit(w->v2);
    uint32_t before = w->seen[w->length & 1];
    push_cell(w, cell);
    /* a walk held to a few cells (enterable) goes on only while each unit
     * met once may be met again */
    uint64_t fill[2];
    bool open = !enterable(w, allowed, ex_digits, fill) || closable(w, fill);
    if (open && digit_count(ex_digits) >= 2) {
        extend_late(w, cell, allowed, last_kind);
        open = false;
    }
    for (int k = 0; k < UNIT_KINDS && open; k++) {
        int kind = SE_KINDS[k];
        if (kind == last_kind)
            continue;
        int unit = unit_at(kind, cell);
        /* the unit's other cells with both digits (the first cell among
         * them) */
        unsigned both = w->ps->both[unit] & ~(1u << bdi_cell_pos[cell][kind]);
        for (; both; both &= both - 1u) {
            int next = unit_cell_of(unit, bit_digit(both) - 1);
            if (next == w->loop[0] && w->length >= 4) {
                closed_loop(w);
                continue;
            }
            unsigned cand = st->cand[next];
            if (w->in_loop[next / 64] >> next % 64 & 1u)
                continue;
            ex_digits |= cand & ~loop_digits;
            int count = digit_count(cand);
            if (count == 2 && next < w->loop[0] && (w->few_extra || digit_count(ex_digits) >= 2))
                continue;   /* an earlier start, see the top of the file */
            if ((count == 2 || digit_count(ex_digits) == 1 || allowed > 0)
                && (w->ps->may[unit] & both & -both)
                && !(w->seen[w->length & 1] & bdi_cell_unit_bits[next]))
                extend(w, next, allowed - (count > 2), ex_digits, kind);
        }
    }
    pop_cell(w, cell, before);
}

/* Fills `ps` for the digits v1 and v2 of `st`: `both`; `may`, the places
 * of `both` that are not in a unit with no other such place, taken out
 * one by one until none is; `alone` and `extra`. A valid loop meets each
 * unit of its cells at two cells (valid_loop), so each of its cells has
 * another in each of its units, and no cell taken out is on one: the walk
 * does not enter those cells (no loop it closes from there is valid), and
 * a start among them has no walk. */
static void pair_cells(const bdi_state *st, int v1, int v2, pair_sets *ps)
{
    uint32_t single = 0;   /* units with one such place, to take out */
    for (int unit = 0; unit < UNIT_COUNT; unit++) {
        unsigned both = unit_places(st, unit, v1) & unit_places(st, unit, v2);
        ps->both[unit] = both;
        ps->may[unit] = both;
        if (both && !(both & (both - 1u)))
            single |= (uint32_t)1 << unit;
    }
    while (single) {
        int unit = low_index(single);
        single &= single - 1u;
        unsigned one = ps->may[unit];
        if (!one)
            continue;
        int cell = unit_cell_of(unit, bit_digit(one) - 1);
        for (int kind = 0; kind < UNIT_KINDS; kind++) {
            int at = unit_at(kind, cell);
            unsigned left = ps->may[at] &= ~(1u << bdi_cell_pos[cell][kind]);
            if (left && !(left & (left - 1u)))
                single |= (uint32_t)1 << at;
        }
    }
    unsigned pair = digit_bit(v1) | digit_bit(v2);
    memset(ps->alone, 0, sizeof ps->alone);
    memset(ps->extra, 0, sizeof ps->extra);
    for (int row = 0; row < BD_SIZE; row++)   /* rows are units 0 to 8 */
        for (unsigned may = ps->may[row]; may; may &= may - 1u) {
            int cell = row * BD_SIZE + bit_digit(may) - 1;
            unsigned cand = st->cand[cell];
            uint64_t bit = 1ull << cell % 64;
            if (cand == pair) {
                ps->alone[cell / 64] |= bit;
                continue;
            }
            ps->extra[0][cell / 64] |= bit;
            unsigned more = cand & ~pair;
            if (!(more & (more - 1u)))
                ps->extra[bit_digit(more)][cell / 64] |= bit;
        }
}

/* The cells of ps->alone after `start` into w->later. */
static void later_cells(walk *w, int start)
{
    const uint64_t *alone = w->ps->alone;
    w->later[0] = start < 64 ? alone[0] & ~((2ull << start) - 1u) : 0;
    w->later[1] = alone[1] & ~(start < 64 ? 0 : (2ull << (start - 64)) - 1u);
}

/* Into many[v1 - 1], bit v2 - 1 (v1 < v2), the digit pairs some three
 * cells hold with one and the same third digit and no other. The walk
 * takes a third extra cell only while the extra digits gathered are one
 * digit (extend), so a loop with three extra cells or more has three
 * such cells (its first three extra cells, each holding v1, v2 and that
 * digit alone); for the other pairs every loop has two extra cells at
 * most, and is met in full from its first start. */
static void three_alike(const bdi_state *st, uint16_t *many)
{
    uint8_t seen[1u << BD_SIZE];
    memset(seen, 0, sizeof seen);
    memset(many, 0, BD_SIZE * sizeof *many);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = st->cand[cell];
        if (digit_count(cand) != 3 || ++seen[cand] != 3)
            continue;
        int a = bit_digit(cand), b = bit_digit(cand & (cand - 1u)), c = top_digit(cand);
        many[a - 1] |= (uint16_t)(digit_bit(b) | digit_bit(c));
        many[b - 1] |= (uint16_t)digit_bit(c);
    }
}

/* A cell's candidates and value as bdi_sets_memo's loop_grid keeps them. */
static uint16_t grid_key(const bdi_state *st, int cell)
{
    return (uint16_t)(st->cand[cell] | (unsigned)st->value[cell] << BD_SIZE);
}

/* The digit pairs v1 < v2 (as bdi_sets_memo's loop_idle, v1's row) whose
 * walks would give no hint on `st` after none on `memo`'s grid, `many`
 * (three_alike's on st) the pairs whose loops may take a third extra
 * cell: those that read nothing changed since (no cell holding both
 * digits, before or now, changed, nor any cell of the units of their
 * valid loops), and, when no cell gained a candidate since (as along a
 * path), those that closed no valid loop there and may take no third
 * extra cell now, where no cell holding both digits and more lost all the
 * others since. A valid loop the walk closes on st would have two extra
 * cells at most (extend) and be valid on memo's grid (its cells held both
 * digits then), with as many extra cells (none has fewer candidates
 * there): the walk there would have closed it (a loop of two extra cells
 * at most is met in full from its first start). */
static void idle_pairs(const bdi_state *st, const bdi_sets_memo *memo, const uint16_t *many,
                       uint16_t idle[BD_SIZE])
{
    uint16_t changed[BD_SIZE] = {0}, two_now[BD_SIZE] = {0};
    uint32_t units = 0;
    bool gained = false;   /* a cell has a candidate it lacked there */
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (memo->loop_grid[cell] == grid_key(st, cell))
            continue;
        unsigned held = (memo->loop_grid[cell] | st->cand[cell]) & ALL_DIGITS;
        units |= bdi_cell_unit_bits[cell];
        for (unsigned ds = held; ds; ds &= ds - 1u)
            changed[bit_digit(ds) - 1] |= (uint16_t)held;
        unsigned cand = st->cand[cell];
        gained |= (cand & ~memo->loop_grid[cell]) != 0;
        if (digit_count(cand) == 2)
            two_now[bit_digit(cand) - 1] |= (uint16_t)cand;
    }
    for (int d = 0; d < BD_SIZE; d++) {
        idle[d] = memo->loop_idle[d] & ~changed[d];
        for (unsigned ds = idle[d]; ds; ds &= ds - 1u)
            if (memo->loop_units[d][bit_digit(ds) - 1] & units)
                idle[d] &= (uint16_t)~(ds & -ds);
        for (unsigned ds = gained ? 0u : memo->loop_idle[d] & ~many[d] & ~two_now[d]; ds;
             ds &= ds - 1u)
            if (!memo->loop_units[d][bit_digit(ds) - 1])
                idle[d] |= (uint16_t)(ds & -ds);
    }
}

/* Keeps in `memo` this search's grid, the pairs that gave no hint on it
 * and their loops' units (those of a pair passed over as they were). */
static void keep_idle(const bdi_state *st, const walk *w, bdi_sets_memo *memo)
{
    for (int d = 0; d < BD_SIZE; d++) {
        memo->loop_idle[d] = (uint16_t)(ALL_DIGITS & ~w->live[d]);
        for (int e = 0; e < BD_SIZE; e++)
            memo->loop_units[d][e] = w->units[d][e];
    }
    for (int cell = 0; cell < BD_CELLS; cell++)
        memo->loop_grid[cell] = grid_key(st, cell);
}

bool bdi_unique_loop(const bdi_state *st, bdi_sets_memo *memo, bdi_step *s)
{
    met_loop met[MET_MAX];
    walk *w = &(walk){.st = st, .best = s, .met = met};
    pair_sets sets[BD_SIZE * (BD_SIZE - 1) / 2];
    uint64_t made = 0;   /* bit i: sets[i] made */
    uint16_t idle[BD_SIZE] = {0}, many[BD_SIZE];
    three_alike(st, many);
    unsigned kept = 0;   /* loop_grid is read only once kept with a pair */
    for (int d = 0; memo && d < BD_SIZE; d++)
        kept |= memo->loop_idle[d];
    if (kept) {
        idle_pairs(st, memo, many, idle);
        for (int d = 0; d < BD_SIZE; d++)
            for (unsigned ds = idle[d]; ds; ds &= ds - 1u)
                w->units[d][bit_digit(ds) - 1] = memo->loop_units[d][bit_digit(ds) - 1];
    }
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = st->cand[cell];
        if (digit_count(cand) != 2)
            continue;
        w->v1 = bit_digit(cand);
        w->v2 = bit_digit(cand & (cand - 1u));
        if (idle[w->v1 - 1] & digit_bit(w->v2))
            continue;
        w->few_extra = !(many[w->v1 - 1] & digit_bit(w->v2));
        int i = (w->v2 - 1) * (w->v2 - 2) / 2 + w->v1 - 1;   /* v1 < v2 */
        if (!(made >> i & 1u))
            pair_cells(st, w->v1, w->v2, &sets[i]);
        made |= 1ull << i;
        w->ps = &sets[i];
        later_cells(w, cell);
        /* a cell is in `may` in all its units or in none: its row's */
        if (w->ps->may[unit_at(UNIT_ROW, cell)] >> bdi_cell_pos[cell][UNIT_ROW] & 1u)
            extend(w, cell, 2, 0, -1);
    }
    if (memo)
        keep_idle(st, w, memo);
    return w->found;
}
