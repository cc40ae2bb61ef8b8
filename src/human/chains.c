/*
 * chains.c - alternating inference chains, and their one-digit (X-chain)
 * and two-candidate-cell (XY-chain) kinds.
 *
 * Nodes are candidates (cell, digit). A strong link joins two candidates
 * of which one at least is true: the two places of a digit in a unit
 * (conjugates), or the two candidates of a cell (bivalue). A weak link
 * joins two that cannot both be true: one digit in cells that see each
 * other, or two digits of one cell. A chain n0 = n1 - n2 = n3 ... = nZ
 * reads "if n0 is false, n1 is true, so n2 is false, ... so nZ is true":
 * one of its ends is true. Then:
 *   - ends of one digit: the digit leaves every cell that sees both ends;
 *   - (AIC) ends of two digits in one cell: the cell's other digits go;
 *   - (AIC) ends of digits x, y in cells that see each other: y leaves
 *     the x end's cell and x the y end's cell.
 *
 * Search: a breadth-first search from each start node, assumed false, on
 * per-digit boards: layer k holds the nodes first found true through k
 * strong links (T_k) and those then found false (F_k). So the first layer
 * with a removal gives the shortest chain from that start; the search over
 * all starts keeps the shortest of all (the first found among equals) and
 * never looks deeper than it. The chain is read back from the layers:
 * each node's predecessor is any node of the layer before with the right
 * link. A chain whose nodes would repeat is passed over. Kinds differ only
 * in the rules: which nodes and links they may use, and which ends count.
 */
#include "human.h"

#include <string.h>

enum { LAYERS = CHAIN_MAX / 2 + 1 };

typedef struct chain_rules {
    bd_technique tech;
    bool conjugate;       /* strong links between a unit's two places of a digit */
    bool bivalue_cells;   /* strong links between a cell's two candidates */
    bool in_cell;         /* weak links between the candidates of one cell */
    bool mixed_ends;      /* removals by ends of two digits */
} chain_rules;

static const chain_rules X_CHAIN = {BD_TECH_X_CHAIN, true, false, false, false};
static const chain_rules XY_CHAIN = {BD_TECH_XY_CHAIN, false, true, false, false};
static const chain_rules AIC = {BD_TECH_AIC, true, true, true, true};

typedef struct chain_search {
    const bdi_cands *c;
    const chain_rules *rules;
    bdi_board nodes[BD_SIZE];        /* [digit - 1]: the candidates it may use */
    int8_t conj[BD_CELLS][BD_SIZE][UNIT_KINDS];   /* the conjugate of (cell,
                                        digit) in its unit of each kind: the
                                        other place of a unit with two, or -1 */
    bdi_board bivalue;
    bdi_board t[LAYERS][BD_SIZE];    /* T_k: found true in layer k */
    bdi_board f[LAYERS][BD_SIZE];    /* F_k: found false in layer k */
    unsigned t_digits[LAYERS], f_digits[LAYERS];   /* the digits (bit d-1)
                                        with nodes in T_k, F_k */
    bdi_board t_seen[BD_SIZE], f_seen[BD_SIZE];
    bdi_node start;
    int best;                        /* nodes of the best chain found, or 0 */
    bdi_step *s;                     /* holds the best chain's step */
} chain_search;

/* The conjugate of (cell, digit) in unit `kind`, or -1. */
static int conjugate(const chain_search *cs, int cell, int digit, int kind)
{
    return cs->conj[cell][digit - 1][kind];
}

/* True when `places` has exactly two bits. */
static bool two_bits(unsigned places)
{
    unsigned rest = places & (places - 1u);
    return rest && !(rest & (rest - 1u));
}

/* The units of `kind` where board `b` has exactly two cells (bit = index):
 * rows and boxes read off their band words; columns by folding the nine
 * rows into "seen once", "twice" and "more". */
static unsigned units_with_two(bdi_board b, int kind)
{
    unsigned two = 0;
    if (kind != UNIT_COL) {
        for (int index = 0; index < BD_SIZE; index++)
            two |= (unsigned)two_bits(unit_places(b, kind, index)) << index;
        return two;
    }
    unsigned once = 0, twice = 0, more = 0;
    for (int row = 0; row < BD_SIZE; row++) {
        unsigned cols = unit_places(b, UNIT_ROW, row);
        more |= twice & cols;
        twice |= once & cols;
        once |= cols;
    }
    return twice & ~more;
}

/* Fills the table of conjugates: each unit where a digit has two places
 * links them. */
static void find_conjugates(chain_search *cs)
{
    memset(cs->conj, -1, sizeof cs->conj);
    for (int d = 0; d < BD_SIZE; d++)
        for (int kind = 0; kind < UNIT_KINDS; kind++)
            for (unsigned units = units_with_two(cs->c->place[d], kind); units;
                 units &= units - 1u) {
                int index = low_bit(units);
                unsigned places = unit_places(cs->c->place[d], kind, index);
                int a = unit_cell(kind, index, low_bit(places));
                int b = unit_cell(kind, index, low_bit(places & (places - 1u)));
                cs->conj[a][d][kind] = (int8_t)b;
                cs->conj[b][d][kind] = (int8_t)a;
            }
}

/* The other candidate of a bivalue cell, or 0. */
static int partner_digit(const chain_search *cs, int cell, int digit)
{
    if (!board_has(cs->bivalue, cell))
        return 0;
    return bit_digit(cs->c->cell[cell] & ~digit_bit(digit));
}

/* Keeps of a new layer the nodes the chain may use and has not reached
 * before (in `seen`), adds them to `seen`; `touched` holds the digits that
 * may have nodes (the others are empty). Returns the digits left with
 * nodes: 0 when none is left. */
static unsigned settle(const chain_search *cs, bdi_board *next, bdi_board *seen,
                       unsigned touched)
{
    unsigned left = 0;
    for (; touched; touched &= touched - 1u) {
        int d = low_bit(touched);
        next[d] = board_minus(board_and(next[d], cs->nodes[d]), seen[d]);
        seen[d] = board_or(seen[d], next[d]);
        left |= board_empty(next[d]) ? 0u : 1u << d;
    }
    return left;
}

/* T_k: what the nodes of F_{k-1} make true, not found true before; false
 * when nothing is. */
static bool grow_true(chain_search *cs, int k)
{
    bdi_board *next = cs->t[k];
    unsigned touched = 0;
    for (int d = 0; d < BD_SIZE; d++)
        next[d] = board_none();
    for (unsigned digits = cs->f_digits[k - 1]; digits; digits &= digits - 1u) {
        int d = bit_digit(digits);
        bdi_board from = cs->f[k - 1][d - 1];
        for (int cell; (cell = board_pop(&from)) >= 0;) {
            for (int kind = 0; kind < UNIT_KINDS && cs->rules->conjugate; kind++) {
                int other = conjugate(cs, cell, d, kind);
                if (other >= 0) {
                    next[d - 1] = board_or(next[d - 1], board_of(other));
                    touched |= digit_bit(d);
                }
            }
            int e = cs->rules->bivalue_cells ? partner_digit(cs, cell, d) : 0;
            if (e) {
                next[e - 1] = board_or(next[e - 1], board_of(cell));
                touched |= digit_bit(e);
            }
        }
    }
    return (cs->t_digits[k] = settle(cs, next, cs->t_seen, touched)) != 0;
}

/* F_k: what the nodes of T_k make false, not found false before; false
 * when nothing is. */
static bool grow_false(chain_search *cs, int k)
{
    bdi_board *next = cs->f[k];
    unsigned touched = cs->t_digits[k];
    for (int d = 0; d < BD_SIZE; d++)
        next[d] = board_none();
    for (unsigned digits = cs->t_digits[k]; digits; digits &= digits - 1u) {
        int d = bit_digit(digits);
        bdi_board from = cs->t[k][d - 1];
        for (int cell; (cell = board_pop(&from)) >= 0;) {
            next[d - 1] = board_or(next[d - 1], board_and(peers_of(cell), cs->c->place[d - 1]));
            unsigned others = cs->rules->in_cell ? cs->c->cell[cell] & ~digit_bit(d) : 0;
            touched |= others;
            for (; others; others &= others - 1u)
                next[bit_digit(others) - 1] = board_or(next[bit_digit(others) - 1], board_of(cell));
        }
    }
    return (cs->f_digits[k] = settle(cs, next, cs->f_seen, touched)) != 0;
}

/* A node of F_{k-1} with a strong link to `to`; false if none. */
static bool strong_before(const chain_search *cs, int k, bdi_node to, bdi_node *from)
{
    for (int kind = 0; kind < UNIT_KINDS && cs->rules->conjugate; kind++) {
        int other = conjugate(cs, to.cell, to.digit, kind);
        if (other >= 0 && board_has(cs->f[k - 1][to.digit - 1], other)) {
            *from = (bdi_node){(uint8_t)other, to.digit};
            return true;
        }
    }
    int e = cs->rules->bivalue_cells ? partner_digit(cs, to.cell, to.digit) : 0;
    if (e && board_has(cs->f[k - 1][e - 1], to.cell)) {
        *from = (bdi_node){to.cell, (uint8_t)e};
        return true;
    }
    return false;
}

/* A node of T_k with a weak link to `to`; false if none. */
static bool weak_before(const chain_search *cs, int k, bdi_node to, bdi_node *from)
{
    int cell = board_first(board_and(peers_of(to.cell), cs->t[k][to.digit - 1]));
    if (cell >= 0) {
        *from = (bdi_node){(uint8_t)cell, to.digit};
        return true;
    }
    for (int d = 1; d <= BD_SIZE && cs->rules->in_cell; d++)
        if (d != to.digit && board_has(cs->t[k][d - 1], to.cell)) {
            *from = (bdi_node){to.cell, (uint8_t)d};
            return true;
        }
    return false;
}

/* Reads back the chain from the start to `end` in T_k into nodes[0..2k);
 * false if its nodes would repeat. */
static bool read_back(const chain_search *cs, int k, bdi_node end, bdi_node *nodes)
{
    nodes[2 * k - 1] = end;
    for (int j = k; j >= 1; j--) {
        if (!strong_before(cs, j, nodes[2 * j - 1], &nodes[2 * j - 2]))
            return false;
        if (j > 1 && !weak_before(cs, j - 1, nodes[2 * j - 2], &nodes[2 * j - 3]))
            return false;
    }
    for (int i = 0; i < 2 * k; i++)
        for (int j = 0; j < i; j++)
            if (nodes[i].cell == nodes[j].cell && nodes[i].digit == nodes[j].digit)
                return false;
    return true;
}

/* Notes in `s` what the ends `a` and `z` of a chain remove. */
static void removals(const chain_search *cs, bdi_node a, bdi_node z, bdi_step *s)
{
    const bdi_cands *c = cs->c;
    if (a.digit == z.digit) {
        if (a.cell != z.cell)
            bdi_step_remove(s, c, board_and(peers_of(a.cell), peers_of(z.cell)), a.digit);
    } else if (cs->rules->mixed_ends && a.cell == z.cell) {
        unsigned others = c->cell[a.cell] & ~digit_bit(a.digit) & ~digit_bit(z.digit);
        for (; others; others &= others - 1u)
            bdi_step_remove(s, c, board_of(a.cell), bit_digit(others));
    } else if (cs->rules->mixed_ends && sees(a.cell, z.cell)) {
        bdi_step_remove(s, c, board_of(a.cell), z.digit);
        bdi_step_remove(s, c, board_of(z.cell), a.digit);
    }
}

/* Looks for a chain from the start ending in T_k that removes something;
 * records it as the best. */
static bool ends_in_layer(chain_search *cs, int k)
{
    for (unsigned digits = cs->t_digits[k]; digits; digits &= digits - 1u) {
        int d = bit_digit(digits);
        bdi_board ends = cs->t[k][d - 1];
        for (int cell; (cell = board_pop(&ends)) >= 0;) {
            bdi_node z = {(uint8_t)cell, (uint8_t)d}, nodes[CHAIN_MAX];
            bdi_step_start(cs->s, cs->rules->tech);
            removals(cs, cs->start, z, cs->s);
            if (bdi_step_removes(cs->s) && read_back(cs, k, z, nodes)) {
                bdi_step_chain(cs->s, nodes, 2 * k);
                cs->best = 2 * k;
                return true;
            }
        }
    }
    return false;
}

/* The search from one start node, no deeper than a chain shorter than the
 * best so far. */
static void search_from(chain_search *cs, bdi_node start)
{
    int deepest = (cs->best ? cs->best - 2 : CHAIN_MAX) / 2;
    for (int d = 0; d < BD_SIZE; d++)
        cs->t_seen[d] = cs->f_seen[d] = cs->f[0][d] = board_none();
    cs->f[0][start.digit - 1] = cs->f_seen[start.digit - 1] = board_of(start.cell);
    cs->f_digits[0] = digit_bit(start.digit);
    cs->start = start;
    bdi_step found;
    bdi_step *best = cs->s;
    cs->s = &found;
    for (int k = 1; k <= deepest; k++) {
        if (!grow_true(cs, k))
            break;
        if (2 * k >= CHAIN_MIN && ends_in_layer(cs, k)) {
            *best = found;
            break;
        }
        if (k == deepest || !grow_false(cs, k))
            break;
    }
    cs->s = best;
}

/* The shortest chain of `rules` that removes something, its nodes among
 * the candidates in `only`, into `s` (the first found of that length);
 * false when there is none. */
static bool find(const bdi_cands *c, const chain_rules *rules, bdi_board only, bdi_step *s)
{
    chain_search cs = {.c = c, .rules = rules, .bivalue = bdi_bivalue_cells(c), .s = s};
    for (int d = 0; d < BD_SIZE; d++)
        cs.nodes[d] = board_and(c->place[d], only);
    if (rules->conjugate)
        find_conjugates(&cs);
    bdi_board starts = c->open;
    for (int cell; (cell = board_pop(&starts)) >= 0 && cs.best != CHAIN_MIN;)
        for (unsigned digits = c->cell[cell]; digits && cs.best != CHAIN_MIN; digits &= digits - 1u)
            if (board_has(cs.nodes[bit_digit(digits) - 1], cell))
                search_from(&cs, (bdi_node){(uint8_t)cell, (uint8_t)bit_digit(digits)});
    return cs.best > 0;
}

bool bdi_x_chain(const bdi_cands *c, bdi_step *s)
{
    return find(c, &X_CHAIN, c->open, s);
}

bool bdi_xy_chain(const bdi_cands *c, bdi_step *s)
{
    return find(c, &XY_CHAIN, bdi_bivalue_cells(c), s);
}

bool bdi_aic(const bdi_cands *c, bdi_step *s)
{
    return find(c, &AIC, c->open, s);
}
