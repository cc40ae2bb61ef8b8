/*
 * bug.c - SE's BivalueUniversalGrave producer: the bivalue universal grave
 * (BUG), which holds only for a puzzle with one solution. If every empty
 * cell had two candidates and every digit two places in each unit where
 * it is missing, the puzzle would have two solutions; the "BUG cells" with
 * more candidates must therefore keep one of their extra ("BUG") digits:
 *   type 1 (5.6): one BUG cell: it loses all but its BUG digits;
 *   type 2 (5.7): one BUG digit: the cells that see every BUG cell lose it;
 *   type 3 (5.7 + 0.1 per cell of the set beyond the first): the BUG digits
 *           and other cells of a unit all BUG cells share make a naked set,
 *           whose digits the unit's other cells (that see every BUG cell)
 *           lose;
 *   type 4 (5.7): two BUG cells sharing a unit and one non-BUG digit: each
 *           loses its digits that are neither BUG digits nor that one.
 *
 * SE's search: units box, row, column, each 0..8, digits 1..9; a digit with
 * a number of places other than 0 and 2 must have exactly one of them in a
 * cell of three or more candidates: that cell is a BUG cell and the digit
 * one of its BUG digits (if two such cells, the unit decides nothing; if
 * none, there is no BUG). The cells that see all BUG cells are kept in
 * SE's house order of the first one; the search gives up as soon as there
 * are two BUG cells, two BUG digits and no such cell. Without the BUG
 * digits, every empty cell must have two candidates and every digit zero
 * or two places in every unit. Then type 1, or 2 then 4, or 4 then 3, as
 * SE tries them; the first that removes something is the hint.
 */
#include "human.h"

typedef struct bug {
    int cells[BD_CELLS], cell_count;
    uint16_t bug_digits[BD_CELLS];  /* by cell */
    unsigned all_digits;
    int common[HOUSE_CELLS], common_count;  /* -1 count: not yet known */
    uint16_t reduced[BD_CELLS];             /* candidates less BUG digits */
} bug;

/* Notes `cell` as a BUG cell with BUG digit `digit`; false when SE gives
 * up on the BUG there. */
static bool add_bug_cell(bug *b, int cell, int digit)
{
    bool known = false;
    for (int i = 0; i < b->cell_count; i++)
        known |= b->cells[i] == cell;
    if (!known)
        b->cells[b->cell_count++] = cell;
    b->bug_digits[cell] |= (uint16_t)digit_bit(digit);
    b->all_digits |= digit_bit(digit);
    b->reduced[cell] &= (uint16_t)~digit_bit(digit);
    if (b->common_count < 0) {
        b->common_count = 0;
        for (int i = 0; i < HOUSE_CELLS; i++)
            b->common[b->common_count++] = bdi_house[cell][i];
    }
    int kept = 0;
    for (int i = 0; i < b->common_count; i++) {
        int other = b->common[i];
        bool is_bug = false;
        for (int j = 0; j < b->cell_count; j++)
            is_bug |= b->cells[j] == other;
        if (sees(other, cell) && !is_bug)
            b->common[kept++] = other;
    }
    b->common_count = kept;
    return !(b->cell_count > 1 && digit_count(b->all_digits) > 1 && kept == 0);
}

/* SE's first pass: the BUG cells and digits; false when there is no BUG. */
static bool find_bug_cells(const bdi_state *st, bug *b)
{
    for (int k = 0; k < UNIT_KINDS; k++)
        for (int index = 0; index < BD_SIZE; index++) {
            int unit = unit_number(SE_KINDS[k], index);
            for (int digit = 1; digit <= BD_SIZE; digit++) {
                unsigned places = unit_places(st, unit, digit);
                int count = digit_count(places);
                if (count == 0 || count == 2)
                    continue;
                int found = 0, bug_cell = -1;
                for (; places; places &= places - 1u) {
                    int cell = unit_cell_of(unit, bit_digit(places) - 1);
                    if (digit_count(st->cand[cell]) >= 3) {
                        found++;
                        bug_cell = cell;
                    }
                }
                if (found == 1 && !add_bug_cell(b, bug_cell, digit))
                    return false;
                if (found == 0)
                    return false;
            }
        }
    return true;
}

/* Without the BUG digits: two candidates in each empty cell, and zero or
 * two places for each digit in each unit. */
static bool is_grave(const bdi_state *st, const bug *b)
{
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (!st->value[cell] && digit_count(b->reduced[cell]) != 2)
            return false;
    for (int unit = 0; unit < UNIT_COUNT; unit++)
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            int count = 0;
            for (int pos = 0; pos < BD_SIZE; pos++)
                count += (b->reduced[unit_cell_of(unit, pos)] & digit_bit(digit)) != 0;
            if (count != 0 && count != 2)
                return false;
        }
    return true;
}

/* Starts a BUG step of `type`, rated `difficulty`, with its BUG cells. */
static void start_bug(const bdi_state *st, const bug *b, int type, double difficulty,
                      bdi_step *s)
{
    bdi_step_start(s, BD_TECH_BUG, difficulty);
    s->subtype = type;
    s->digits = b->all_digits;
    for (int i = 0; i < b->cell_count && s->cell_count < STEP_CELLS; i++) {
        s->cells[s->cell_count++] = (uint8_t)b->cells[i];
        step_mark(s, b->cells[i], b->bug_digits[b->cells[i]]);
    }
    (void)st;
}

/* BUG type 2, for a BUG of one BUG digit: the cells that see every BUG
 * cell lose it. False when none of them has it. */
static bool bug_type2(const bdi_state *st, const bug *b, bdi_step *s)
{
    if (b->common_count <= 0)
        return false;
    start_bug(st, b, 2, 5.7, s);
    for (int i = 0; i < b->common_count; i++)
        if (st->cand[b->common[i]] & b->all_digits)
            step_remove(s, b->common[i], b->all_digits);
    return bdi_step_worth(s);
}

/* The unit of `kind` that every BUG cell is in, or -1. */
static int shared_unit(const bug *b, int kind)
{
    int unit = unit_at(kind, b->cells[0]);
    for (int i = 1; i < b->cell_count; i++)
        if (unit_at(kind, b->cells[i]) != unit)
            return -1;
    return unit;
}

/* BUG type 4: two BUG cells in one unit with one common non-BUG digit lose
 * every candidate but their BUG digits and that one; the first unit kind
 * of SE's order that holds both. False when they share no such digit or
 * unit. */
static bool bug_type4(const bdi_state *st, const bug *b, bdi_step *s)
{
    int c1 = b->cells[0], c2 = b->cells[1];
    unsigned common = st->cand[c1] & st->cand[c2] & ~b->all_digits;
    if (digit_count(common) != 1)
        return false;
    for (int k = 0; k < UNIT_KINDS; k++) {
        int unit = shared_unit(b, SE_KINDS[k]);
        if (unit < 0)
            continue;
        start_bug(st, b, 4, 5.7, s);
        step_remove(s, c1, st->cand[c1] & ~b->bug_digits[c1] & ~common);
        step_remove(s, c2, st->cand[c2] & ~b->bug_digits[c2] & ~common);
        s->unit = unit;
        s->extra_digits = common;
        return true;
    }
    return false;
}

/* Type 3 in `unit`: naked sets of degree - 1 of its cells that see every
 * BUG cell, with the BUG digits standing for the BUG cells. */
static bool bug_type3_in(const bdi_state *st, const bug *b, int unit, bdi_step *s)
{
    int cells[HOUSE_CELLS], count = 0;
    for (int i = 0; i < b->common_count; i++)
        if (unit_at(unit / BD_SIZE, b->common[i]) == unit)
            cells[count++] = b->common[i];
    for (int degree = 2; degree <= 6; degree++) {
        if (count < degree)
            continue;
        for (unsigned set = (1u << (degree - 1)) - 1u; set; set = next_set(set, count)) {
            unsigned others = 0;
            bool each_two = digit_count(b->all_digits) >= 2;
            for (unsigned rest = set; rest; rest &= rest - 1u) {
                unsigned m = st->cand[cells[bit_digit(rest) - 1]];
                others |= m;
                each_two &= digit_count(m) >= 2;
            }
            unsigned naked = others | b->all_digits;
            if (digit_count(others) != degree || !each_two || digit_count(naked) != degree)
                continue;
            start_bug(st, b, 3, 5.7 + (double)(degree - 1) * 0.1, s);
            for (int i = 0; i < count; i++)
                if (!(set >> i & 1u) && (st->cand[cells[i]] & naked))
                    step_remove(s, cells[i], st->cand[cells[i]] & naked);
            if (!bdi_step_worth(s))
                continue;
            s->unit = unit;
            s->extra_digits = naked;
            for (unsigned rest = set; rest; rest &= rest - 1u)
                s->extra[s->extra_count++] = (uint8_t)cells[bit_digit(rest) - 1];
            return true;
        }
    }
    return false;
}

/* BUG type 3 in the first unit, in SE's kinds order, shared by every BUG
 * cell where bug_type3_in finds one. */
static bool bug_type3(const bdi_state *st, const bug *b, bdi_step *s)
{
    for (int k = 0; k < UNIT_KINDS; k++) {
        int unit = shared_unit(b, SE_KINDS[k]);
        if (unit >= 0 && bug_type3_in(st, b, unit, s))
            return true;
    }
    return false;
}

bool bdi_bug(const bdi_state *st, bdi_step *s)
{
    bug *b = &(bug){.cell_count = 0, .common_count = -1};
    for (int cell = 0; cell < BD_CELLS; cell++)
        b->reduced[cell] = st->cand[cell];
    if (!find_bug_cells(st, b) || !is_grave(st, b) || b->cell_count == 0)
        return false;
    if (b->cell_count == 1) {
        start_bug(st, b, 1, 5.6, s);
        step_remove(s, b->cells[0], st->cand[b->cells[0]] & ~b->all_digits);
        return true;
    }
    if (digit_count(b->all_digits) == 1)
        return bug_type2(st, b, s) || (b->cell_count == 2 && bug_type4(st, b, s));
    if (b->common_count > 0)
        return (b->cell_count == 2 && bug_type4(st, b, s)) || bug_type3(st, b, s);
    return false;
}
