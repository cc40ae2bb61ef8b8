/*
 * alldiff.c - the units' all-different rule made consistent: a candidate
 * that no assignment of its unit's blanks to the unit's missing digits
 * (each blank its own digit) gives its blank is taken out, and a unit
 * without such an assignment proves that the node has no completion.
 *
 * Representation: the candidates of the blanks, a 9-bit mask a cell (bit
 * d-1 for digit d), narrowed in place, and 0 at a filled cell. A unit's
 * missing digits are the digits none of its cells holds; the caller's
 * candidates must already leave out the digits a unit holds. So once no
 * blank is without candidates (checked first, over the grid), a unit is
 * its nine masks alone: its blanks are the nonzero ones, and its missing
 * digits all have a place when their union has as many digits as it has
 * blanks.
 *
 * Per unit, with n blanks and so n missing digits: a perfect matching M of
 * blanks to digits by augmenting paths (Kuhn's method on the masks). Blank
 * i may keep a digit d other than M(i) exactly when the blank j holding d
 * in M reaches i by moves "a to the blank b whose M(b) a may take": then
 * i takes d, j takes the next blank's digit, ..., and the last one M(i),
 * another perfect matching (Regin's rule): exactly when i and j lie in one
 * strongly connected component of the moves. The components are found on
 * the matched digits instead (digit M(a) moves to every digit a may take,
 * the same graph), as the digits that one digit reaches and is reached
 * from (9-bit masks, a component at a time); a unit whose moves form one
 * component keeps every candidate. A unit needs neither the matching nor
 * the rule when no set of t < n of its blanks has t candidates or fewer
 * between them: then every blank keeps every candidate (Hall's condition
 * holds with room to spare). That holds for t when fewer than t blanks
 * have t or fewer candidates (a count of the candidates that decides some
 * units at once), or when fewer than n - t missing digits have n - t or
 * fewer places (the other n - t digits' places would lie among the other
 * n - t blanks); the places are counted only where every t left has
 * n - t <= 3, and only when the memo does not know the unit.
 *
 * The 27 units are kept on a worklist: a unit whose blank loses a
 * candidate puts the blank's other two units back on it, and those go
 * before the units not yet settled (a failure shows sooner), until it is
 * empty; the consistent closure, or its failure, is the same in any
 * order. The matching's outcome depends on the blanks' candidates alone,
 * so a caller's memo (bdi_unit_memo, target.h) keeps it by them, packed
 * nine bits a cell in two 64-bit words; the caller also keeps the
 * candidates the last successful call left (`last`), in which every unit
 * is consistent, so a unit with the same masks now starts off the
 * worklist.
 */
#include "target.h"

#if defined(__SSE2__) && !defined(BD_PORTABLE)
#include <emmintrin.h>
#endif

enum { UNITS = UNIT_KINDS * BD_SIZE, ALL_UNITS = (1 << UNITS) - 1 };

/* A matching of a unit's blanks to digits: owner[d - 1] the blank
 * holding digit d and step[d - 1] its candidates, for each digit d of
 * `taken` (unset for the others). */
typedef struct matching {
    int8_t owner[BD_SIZE];
    unsigned step[BD_SIZE];
    unsigned taken;
} matching;

/* Blank i of the candidates cand[] takes digit d in m. */
static void take(matching *m, const uint16_t cand[BD_SIZE], int i, int d)
{
    m->owner[d - 1] = (int8_t)i;
    m->step[d - 1] = cand[i];
    m->taken |= digit_bit(d);
}

/* Kuhn's augmenting path from blank i in m, *seen the digits visited on
 * this search. A blank takes a free digit of its own before it asks the
 * holder of another to move: the paths stay short. */
static bool augment(const uint16_t cand[BD_SIZE], int i, matching *m, unsigned *seen)
{
    unsigned free_digits = cand[i] & ~m->taken;
    if (free_digits) {
        take(m, cand, i, bit_digit(free_digits));
        return true;
    }
    for (unsigned left = cand[i] & ~*seen; left; left = cand[i] & ~*seen) {
        int d = bit_digit(left);
        *seen |= digit_bit(d);
        if (augment(cand, m->owner[d - 1], m, seen)) {
            take(m, cand, i, d);
            return true;
        }
    }
    return false;
}

/* The least t, 0 < t < n, with at least t of a unit's n blanks of t or
 * fewer candidates (with[c] of them with c candidates, c > 0), n when
 * none: t blanks with just t candidates between them (Hall's condition
 * tight) need t such blanks. */
static int least_tight(const int with[BD_SIZE + 1], int n)
{
    int t = 1;
    for (int blanks = with[1]; t < n && blanks < t;)
        blanks += with[++t];
    return t;
}

/* Whether some set of t blanks, least <= t < n, of a unit of n blanks with
 * the candidates cand[] (0 at the filled cells), `missing` between them
 * and with[c] of them with c candidates, may have just t candidates
 * between them, where least = least_tight(with, n) < n. The other n - t
 * missing digits would have places only among the other n - t blanks: so
 * t needs at least t blanks of t or fewer candidates and at least n - t
 * digits of n - t or fewer places. The digits' places are counted (up to
 * 3) only where n - least <= 3; otherwise true. */
static bool may_be_tight(const uint16_t cand[BD_SIZE], int n, unsigned missing,
                         const int with[BD_SIZE + 1], int least)
{
    if (n - least > 3)
        return true;
    /* more[k - 1]: the digits of more than k places (among the cells seen
     * so far), placed: those of one place or more */
    unsigned more[3] = {0}, placed = 0;
    for (int pos = 0; pos < BD_SIZE; pos++) {
        more[2] |= more[1] & cand[pos];
        more[1] |= more[0] & cand[pos];
        more[0] |= placed & cand[pos];
        placed |= cand[pos];
    }
    int blanks = 0;   /* blanks of t or fewer candidates */
    for (int t = 1; t <= least; t++)
        blanks += with[t];
    for (int t = least; t < n; blanks += with[++t]) {
        int k = n - t;
        if (blanks >= t && digit_count(missing & ~more[k - 1]) >= k)
            return true;
    }
    return false;
}

/* The digits of `within` that the digits `start` reach by the moves
 * `step` (step[d - 1]: the digits d moves to) inside `within`, `start`
 * included. */
static unsigned reach(const unsigned step[BD_SIZE], unsigned start, unsigned within)
{
    unsigned seen = start;
    for (unsigned todo = start; todo;) {
        unsigned fresh = step[bit_digit(todo) - 1] & within & ~seen;
        todo = (todo & (todo - 1u)) | fresh;
        seen |= fresh;
    }
    return seen;
}

/* The digits of `within` that reach the digits `goal` by the moves `step`
 * (as reach) inside `within`, `goal` included: sweeps over the digits not
 * yet found, each joining when it moves to one found, until a sweep adds
 * none or all are found. */
static unsigned reached_from(const unsigned step[BD_SIZE], unsigned goal, unsigned within)
{
    unsigned seen = goal;
    for (unsigned grown = 1; grown && seen != within;) {
        grown = 0;
        for (unsigned left = within & ~seen; left; left &= left - 1u) {
            if (step[bit_digit(left) - 1] & seen) {
                seen |= left & (0u - left);
                grown = 1;
            }
        }
    }
    return seen;
}

/* Given a perfect matching m of the unit's n blanks to its missing
 * digits, with the moves between the matched digits (d moves to e when
 * d's blank may take e: m's step): true when they join every matched
 * digit in one strongly connected component, where every blank keeps
 * every candidate; else sets keep[i] to the candidates of blank i that
 * some perfect matching gives it, the digits of i's digit's component,
 * and returns false. */
static bool keep_components(const uint16_t cand[BD_SIZE], const matching *m,
                            unsigned keep[BD_SIZE])
{
    const unsigned *step = m->step, all = m->taken;
    for (unsigned left = all; left;) {
        /* the component of the lowest digit left: what reaches it among
         * what it reaches, among the digits of no component yet (a path
         * from a digit it reaches stays among those) */
        unsigned start = left & (0u - left);
        unsigned part = reached_from(step, start, reach(step, start, left));
        if (part == all)
            return true;
        left &= ~part;
        for (unsigned in = part; in; in &= in - 1u) {
            int blank = m->owner[bit_digit(in) - 1];
            keep[blank] = cand[blank] & part;
        }
    }
    return false;
}

/* The candidates that some perfect matching of a unit's blanks (the
 * nonzero cand[pos]) to its missing digits gives each blank, into keep[]
 * (at the blanks), and *whole set when that is every candidate of every
 * blank (keep[] then unset); false when there is no perfect matching. */
static bool matched_candidates(const uint16_t cand[BD_SIZE], unsigned keep[BD_SIZE], bool *whole)
{
    matching m;
    m.taken = 0;
    unsigned unmatched = 0;
    /* greedily first, each blank its highest free digit: most blanks match
     * at once */
    for (int i = 0; i < BD_SIZE; i++) {
        unsigned free_digits = cand[i] & ~m.taken;
        if (free_digits)
            take(&m, cand, i, top_digit(free_digits));
        else if (cand[i])
            unmatched |= 1u << i;
    }
    for (; unmatched; unmatched &= unmatched - 1u) {
        unsigned seen = 0;
        if (!augment(cand, bit_digit(unmatched) - 1, &m, &seen))
            return false;
    }
    *whole = keep_components(cand, &m, keep);
    return true;
}

/* The outcomes of a unit's rule, as a memo slot keeps them (from bit
 * MEMO_OUTCOME of keep[1]); MEMO_LOW: the cells packed in a slot's word 0. */
enum { KEEP_SOME = 1, KEEP_ALL, KEEP_NONE };
enum { MEMO_LOW = 7, MEMO_OUTCOME = (BD_SIZE - MEMO_LOW) * BD_SIZE };

/* The nine masks mask[0..BD_SIZE) packed as a memo slot's key or keep. */
static void memo_pack(const unsigned mask[BD_SIZE], uint64_t word[2])
{
    uint64_t low = 0;
    for (int pos = 0; pos < MEMO_LOW; pos++)
        low |= (uint64_t)mask[pos] << (BD_SIZE * pos);
    word[0] = low;
    word[1] = mask[MEMO_LOW] | (uint64_t)mask[MEMO_LOW + 1] << BD_SIZE;
}

/* The first slot of memo's set for the key `key` (memo_pack's words). */
static bdi_unit_memo_slot *memo_set(bdi_unit_memo *memo, const uint64_t key[2])
{
    uint64_t mixed = (key[0] ^ (key[1] << 40 | key[1] >> 24)) * 0x9e3779b97f4a7c15ull;
    return &memo->slot[(mixed >> (64 - BDI_UNIT_MEMO_BITS + 1)) << 1];
}

/* The outcome of the rule on the unit of key `key` as the set `set` keeps
 * it, with each blank's candidates left in keep[] for KEEP_SOME (and 0 at
 * the filled cells); 0 when neither slot of the set keeps that key. */
static int memo_outcome(const bdi_unit_memo_slot set[2], const uint64_t key[2],
                        unsigned keep[BD_SIZE])
{
    const bdi_unit_memo_slot *slot = &set[0];
    if (slot->key[0] != key[0] || slot->key[1] != key[1]) {
        slot = &set[1];
        if (slot->key[0] != key[0] || slot->key[1] != key[1])
            return 0;
    }
    int outcome = (int)(slot->keep[1] >> MEMO_OUTCOME);
    if (outcome == KEEP_SOME) {
        for (int pos = 0; pos < MEMO_LOW; pos++)
            keep[pos] = (unsigned)(slot->keep[0] >> (BD_SIZE * pos)) & ALL_DIGITS;
        for (int pos = MEMO_LOW; pos < BD_SIZE; pos++)
            keep[pos] = (unsigned)(slot->keep[1] >> (BD_SIZE * (pos - MEMO_LOW))) & ALL_DIGITS;
    }
    return outcome;
}

/* Keeps in the set `set` the outcome of the rule on the unit of key `key`
 * (with keep[], at the blanks of cand[], for KEEP_SOME) as its first
 * slot, the first one moved to second. */
static void memo_store(bdi_unit_memo_slot set[2], const uint64_t key[2], int outcome,
                       const uint16_t cand[BD_SIZE], const unsigned keep[BD_SIZE])
{
    set[1] = set[0];
    uint64_t word[2] = {0, 0};
    if (outcome == KEEP_SOME) {
        unsigned left[BD_SIZE];
        for (int pos = 0; pos < BD_SIZE; pos++)
            left[pos] = cand[pos] ? keep[pos] : 0;
        memo_pack(left, word);
    }
    set[0].key[0] = key[0];
    set[0].key[1] = key[1];
    set[0].keep[0] = word[0];
    set[0].keep[1] = word[1] | (uint64_t)outcome << MEMO_OUTCOME;
}

/* The rule on a unit whose cells have the candidates cand[0..BD_SIZE)
 * (0: a filled cell): the outcome, and for KEEP_SOME each blank's
 * candidates that some perfect matching gives it in keep[] (at the
 * blanks). */
static int unit_outcome(const uint16_t cand[BD_SIZE], unsigned keep[BD_SIZE])
{
    bool whole = false;
    return !matched_candidates(cand, keep, &whole) ? KEEP_NONE : whole ? KEEP_ALL : KEEP_SOME;
}

/* Makes unit `unit` (kind * BD_SIZE + index) consistent, with memo (NULL:
 * none); adds to *queue the other units of each blank that lost a
 * candidate. cand[] is 0 exactly at the filled cells. False when the
 * unit's blanks cannot take its missing digits. */
static bool settle_unit(uint16_t cand[BD_CELLS], int unit, uint32_t *queue, bdi_unit_memo *memo)
{
    int kind = unit / BD_SIZE;
    const uint8_t *cells = bdi_unit_cells[unit];
    uint16_t mine[BD_SIZE];
    unsigned keep[BD_SIZE], missing = 0;
    int with[BD_SIZE + 1] = {0};   /* cells by their number of candidates */
    for (int pos = 0; pos < BD_SIZE; pos++)
        mine[pos] = cand[cells[pos]];
    for (int pos = 0; pos < BD_SIZE; pos++) {
        missing |= mine[pos];
        with[digit_count(mine[pos])]++;
    }
    int n = BD_SIZE - with[0];
    if (digit_count(missing) != n)
        return false;   /* a missing digit without a place */
    int least = least_tight(with, n);
    if (least >= n)
        return true;
    uint64_t key[2] = {0, 0};
    bdi_unit_memo_slot *set = NULL;
    int outcome = 0;
    if (memo) {
        unsigned masks[BD_SIZE];
        for (int pos = 0; pos < BD_SIZE; pos++)
            masks[pos] = mine[pos];
        memo_pack(masks, key);
        set = memo_set(memo, key);
        outcome = memo_outcome(set, key, keep);
    }
    if (!outcome) {
        outcome = may_be_tight(mine, n, missing, with, least) ? unit_outcome(mine, keep)
                                                              : KEEP_ALL;
        if (set)
            memo_store(set, key, outcome, mine, keep);
    }
    if (outcome != KEEP_SOME)
        return outcome == KEEP_ALL;
    for (int pos = 0; pos < BD_SIZE; pos++) {
        if (!mine[pos] || keep[pos] == mine[pos])
            continue;
        int cell = cells[pos];
        cand[cell] = (uint16_t)keep[pos];
        for (int other = 0; other < UNIT_KINDS; other++)
            if (other != kind)
                *queue |= 1u << (other * BD_SIZE + unit_of(other, cell));
    }
    return true;
}

/* The cells at which `now` differs from `was`: bit c % 64 of
 * differ[c / 64]. With SSE2 sixteen cells a movemask, the last cell
 * alone; elsewhere (BD_PORTABLE) cell by cell. */
static void changed_cells(const uint16_t was[BD_CELLS], const uint16_t now[BD_CELLS],
                          uint64_t differ[2])
{
    differ[0] = differ[1] = 0;
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m128i same[2];
        for (int half = 0; half < 2; half++) {
            int at = cell + 8 * half;
            same[half] = _mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(was + at)),
                                         _mm_loadu_si128((const __m128i *)(now + at)));
        }
        unsigned bits = (unsigned)_mm_movemask_epi8(_mm_packs_epi16(same[0], same[1]));
        differ[cell / 64] |= (uint64_t)(~bits & 0xffffu) << (cell % 64);
    }
#endif
    for (; cell < BD_CELLS; cell++)
        differ[cell / 64] |= (uint64_t)(was[cell] != now[cell]) << (cell % 64);
}

/* The units (bit kind * BD_SIZE + index) in which `now` differs from
 * `was` at some cell. */
static uint32_t changed_units(const uint16_t was[BD_CELLS], const uint16_t now[BD_CELLS])
{
    uint64_t differ[2];
    changed_cells(was, now, differ);
    enum { LOW_ROWS = 64 / BD_SIZE - 1 };   /* the rows read from differ[0] alone */
    uint64_t high = differ[0] >> (LOW_ROWS * BD_SIZE) | differ[1] << (64 - LOW_ROWS * BD_SIZE);
    unsigned rows = 0, cols = 0, boxes = 0;
    for (int row = 0; row < BD_SIZE; row++) {
        uint64_t from = row < LOW_ROWS ? differ[0] >> (row * BD_SIZE)
                                       : high >> ((row - LOW_ROWS) * BD_SIZE);
        unsigned in_row = (unsigned)from & ALL_DIGITS;   /* the columns where it differs */
        rows |= (unsigned)(in_row != 0) << row;
        cols |= in_row;
        unsigned band = (unsigned)((in_row & 07) != 0) | (unsigned)((in_row & 070) != 0) << 1
                        | (unsigned)((in_row & 0700) != 0) << 2;
        boxes |= band << (row / 3 * 3);
    }
    return rows | cols << BD_SIZE | (uint32_t)boxes << (2 * BD_SIZE);
}

/* Whether some blank (cells[cell] == 0) has no candidates in cand[]. With
 * SSE2 sixteen cells at once, the last cell alone; elsewhere (BD_PORTABLE)
 * cell by cell. */
static bool has_bare_blank(const uint8_t cells[BD_CELLS], const uint16_t cand[BD_CELLS])
{
    unsigned bare = 0;
    int cell = 0;
#if defined(__SSE2__) && !defined(BD_PORTABLE)
    const __m128i zero = _mm_setzero_si128();
    __m128i found = zero;
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m128i digits = _mm_loadu_si128((const __m128i *)(cells + cell));
        __m128i low = _mm_or_si128(_mm_unpacklo_epi8(digits, zero),
                                   _mm_loadu_si128((const __m128i *)(cand + cell)));
        __m128i high = _mm_or_si128(_mm_unpackhi_epi8(digits, zero),
                                    _mm_loadu_si128((const __m128i *)(cand + cell + 8)));
        found = _mm_or_si128(found, _mm_or_si128(_mm_cmpeq_epi16(low, zero),
                                                 _mm_cmpeq_epi16(high, zero)));
    }
    bare = (unsigned)_mm_movemask_epi8(found);
#endif
    for (; cell < BD_CELLS; cell++)
        bare |= (unsigned)((cells[cell] | cand[cell]) == 0);
    return bare != 0;
}

bool bdi_units_consistent(const uint8_t cells[BD_CELLS], uint16_t cand[BD_CELLS],
                          bdi_unit_memo *memo, uint16_t last[BD_CELLS])
{
    if (has_bare_blank(cells, cand))
        return false;
    /* a unit whose masks are those of last is consistent: its outcome
     * depends on them alone, and it stays off the worklist until a cell of
     * it changes */
    /* pending: the units not settled yet; queue: those put back */
    uint32_t pending = last ? changed_units(last, cand) : ALL_UNITS, queue = 0;
    while (pending | queue) {
        uint32_t from = queue ? queue : pending;
        int unit = bit_digit(from) - 1;
        queue &= ~(1u << unit);
        pending &= ~(1u << unit);
        if (!settle_unit(cand, unit, &queue, memo))
            return false;
    }
    if (last)
        memcpy(last, cand, BD_CELLS * sizeof *last);
    return true;
}
