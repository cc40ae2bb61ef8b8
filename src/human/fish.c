/*
 * fish.c - SE's Fisherman producer: X-wing (2 lines, 3.2), swordfish (3,
 * 3.8), jellyfish (4, 5.2). `degree` base lines in which a digit has two or
 * more places each, all within `degree` cover lines of the other kind: the
 * cover lines' other cells lose the digit.
 *
 * SE's order: columns as base lines first, then rows; the sets of base
 * lines as nine-bit masks in increasing order (subsets.c's combination
 * order); for each set the digits 1..9, skipping a digit already placed
 * more than 9 - 2 * degree times. A line's places are read as positions,
 * which for base columns are rows and for base rows are columns: the
 * union of the places is the set of cover lines. Each digit's sets of
 * base lines are subsets.c's tight sets (bdi_tight_sets), merged into
 * SE's order.
 *
 * On the path (bdi_fish with a record), a digit's base lines of a kind
 * that gave no hint are kept with its places in them; the search passes
 * over the digit and kind while they are the same (its fish, what they
 * remove and the digit's placed count read only its cells, which those
 * places give).
 */
#include "human.h"
#include "core/set_rating.h"

#include <string.h>

/* SE's base lines: columns first, then rows. */
static const int BASE_KINDS[2] = {UNIT_COL, UNIT_ROW};

/* The fish of `digit` on base lines `base` (of `kind`) and cover lines
 * `cover`, as a step; false when it removes nothing. */
static bool fish_hint(const bdi_state *st, int degree, int kind, unsigned base, unsigned cover,
                      int digit, bdi_step *s)
{
    int cover_kind = kind == UNIT_COL ? UNIT_ROW : UNIT_COL;
    unsigned any = 0;
    for (unsigned lines = cover; lines; lines &= lines - 1u)
        any |= unit_places(st, unit_number(cover_kind, bit_digit(lines) - 1), digit) & ~base;
    if (!any)
        return false;   /* removes nothing */
    bdi_step_start(s, set_technique(SET_FISH, degree), set_difficulty(SET_FISH, degree));
    for (unsigned lines = cover; lines; lines &= lines - 1u) {
        int unit = unit_number(cover_kind, bit_digit(lines) - 1);
        unsigned outside = unit_places(st, unit, digit) & ~base;
        for (; outside; outside &= outside - 1u)
            step_remove(s, unit_cell_of(unit, bit_digit(outside) - 1), digit_bit(digit));
    }
    s->digits = digit_bit(digit);
    s->unit = unit_number(kind, 0);      /* the kind of the base lines */
    s->lines = base;
    s->lines2 = cover;
    for (unsigned lines = base; lines; lines &= lines - 1u) {
        int unit = unit_number(kind, bit_digit(lines) - 1);
        s->units |= 1u << unit;
        for (unsigned at = unit_places(st, unit, digit); at; at &= at - 1u) {
            int cell = unit_cell_of(unit, bit_digit(at) - 1);
            step_mark(s, cell, digit_bit(digit));
            if (s->cell_count < STEP_CELLS)
                s->cells[s->cell_count++] = (uint8_t)cell;
        }
    }
    for (unsigned lines = cover; lines; lines &= lines - 1u)
        s->units |= 1u << unit_number(cover_kind, bit_digit(lines) - 1);
    return true;
}

/* True when the record `memo` (NULL: none) keeps the places `places` of
 * `digit` in the base lines of kind index `k` for the fish of `degree`. */
static bool digit_idle(const bdi_sets_memo *memo, int degree, int k, int digit,
                       const uint16_t *places)
{
    int slot = degree - 2, bit = k * BD_SIZE + digit - 1;
    return memo && (memo->fish_known[slot] >> bit & 1u) &&
           !memcmp(memo->fish_key[slot][k][digit - 1], places, BD_SIZE * sizeof *places);
}

/* Keeps in the record `memo` (NULL: none) the places of the digits
 * `digits` in the base lines of kind index `k` (places[digit]) for the
 * fish of `degree`: they gave nothing. */
static void digits_keep(bdi_sets_memo *memo, int degree, int k, unsigned digits,
                        uint16_t (*places)[BD_SIZE])
{
    if (!memo)
        return;
    int slot = degree - 2;
    for (; digits; digits &= digits - 1u) {
        int digit = bit_digit(digits);
        memcpy(memo->fish_key[slot][k][digit - 1], places[digit], BD_SIZE * sizeof **places);
        memo->fish_known[slot] |= 1u << (k * BD_SIZE + digit - 1);
    }
}

/* The fish of the digits `asked` (a digit mask) in SE's order, with the
 * path's record `memo` (NULL: none); each hint goes to `each` (NULL: stop
 * at the first). */
static bool fish(const bdi_state *st, int degree, unsigned asked, bdi_sets_memo *memo,
                 bdi_hint_fn each, void *context, bdi_step *s)
{
    int placed[BD_SIZE + 1] = {0};
    for (int cell = 0; cell < BD_CELLS; cell++)
        placed[st->value[cell]]++;
    for (int k = 0; k < 2; k++) {
        int kind = BASE_KINDS[k];
        /* by digit, the lines with 2 to `degree` places: a fish's base
         * lines are among them (a line of more places alone would need
         * more cover lines), so a set of base lines is tried for the
         * digits whose such lines hold it, in the order of SE's loops */
        uint16_t places[BD_SIZE + 1][BD_SIZE];
        unsigned lines_of[BD_SIZE + 1] = {0}, digits = 0, read = 0;
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            if (!(asked & digit_bit(digit)) || placed[digit] + degree * 2 > BD_SIZE)
                continue;
            for (int line = 0; line < BD_SIZE; line++) {
                unsigned at = unit_places(st, unit_number(kind, line), digit);
                places[digit][line] = (uint16_t)at;
                int count = digit_count(at);
                if (count >= 2 && count <= degree)
                    lines_of[digit] |= 1u << line;
            }
            read |= digit_bit(digit);
            if (digit_count(lines_of[digit]) >= degree &&
                !digit_idle(memo, degree, k, digit, places[digit]))
                digits |= digit_bit(digit);
        }
        /* the fish by base lines, then digit: each digit's sets of base
         * lines (bdi_tight_sets, in increasing order) as keys base * 16 +
         * digit, put in order */
        unsigned keys[BD_SIZE * TIGHT_SETS_MAX];
        int found = 0;
        for (unsigned ds = digits; ds; ds &= ds - 1u) {
            int digit = bit_digit(ds);
            unsigned sets[TIGHT_SETS_MAX];
            int n = bdi_tight_sets(places[digit], degree, sets);
            for (int i = 0; i < n; i++) {
                unsigned key = sets[i] << 4 | (unsigned)digit;
                int at = found++;
                for (; at > 0 && keys[at - 1] > key; at--)
                    keys[at] = keys[at - 1];
                keys[at] = key;
            }
        }
        for (int i = 0; i < found; i++) {
            unsigned base = keys[i] >> 4;
            int digit = (int)(keys[i] & 15u);
            unsigned cover = 0;
            for (unsigned lines = base; lines; lines &= lines - 1u)
                cover |= places[digit][bit_digit(lines) - 1];
            if (fish_hint(st, degree, kind, base, cover, digit, s) && (!each || each(s, context)))
                return true;
        }
        digits_keep(memo, degree, k, read, places);
    }
    return false;
}

bool bdi_fish_each(const bdi_state *st, int degree, unsigned digits, bdi_hint_fn each,
                   void *context, bdi_step *s)
{
    return fish(st, degree, digits, NULL, each, context, s);
}

bool bdi_fish(const bdi_state *st, int degree, bdi_sets_memo *memo, bdi_step *s)
{
    return fish(st, degree, ALL_DIGITS, memo, NULL, NULL, s);
}
