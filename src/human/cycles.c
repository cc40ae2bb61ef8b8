/*
 * cycles.c - SE's static chaining producer (Chaining without multiple,
 * dynamic or Nishio): bidirectional cycles and forcing chains, each with
 * X-links only (one digit: X-cycle 6.5, forcing X-chain 6.6, a 6-candidate
 * one being the turbot fish), Y-links only (cells of two candidates:
 * Y-cycle 6.5) or both (cycle, forcing chain 7.0); plus the length's
 * difficulty (chains.c).
 *
 * SE's search (getLoopHintList), for X, then Y, then both: from each
 * candidate of each empty cell (row by row, digits 1..9) assumed on, a
 * breadth-first walk, layer by layer, of the potentials it switches off
 * and those switch on (not going back along a potential's first parents);
 * a potential that switches the assumption on again after four links or
 * more closes a cycle (each one found is a hint). The candidates that see
 * both an "on" and an "off" potential of a cycle with its digit (outside
 * the cycle's cells) go. With X-links, two more walks, from the candidate
 * on and from it off, look for the first potential that is the
 * assumption's opposite: a forcing chain, which removes the candidate (or
 * places it). A cell of more than two candidates starts no Y-only walk.
 * The hints are sorted by difficulty, complexity (the number of
 * potentials in the chain), then kind (X, Y, XY), first found first.
 *
 * Walks that cannot find anything are not made. A cycle through the
 * start, and a forcing chain from it off, end with a potential switched
 * off that switches the start on: its cell's other candidate in a cell of
 * two (Y-links) or its digit's other place in a unit of two (X-links);
 * without such a partner neither walk is made. A forcing chain walk
 * from the start on (off) goes everywhere its rules lead until it meets
 * the start off (on); when the sets reach.c's walk of the same rules
 * (reach_links) would reach do not hold it, it is not made. Those sets
 * come for every start at once from a closure made once a search and kind
 * of links (when a start first asks): the graph of the
 * candidates, an edge from s to u when s on switches off a potential
 * whose switching off switches u on, split by
 * Tarjan's walk into its strongly connected parts, each part's reach (the
 * potentials on) the union of its own and of the parts it leads to,
 * shared by its nodes; the potentials off are those the potentials on
 * switch off. A cycle closes on a partner
 * switched off from a potential on (not the start) that sees it, reached
 * by links that never pass through that partner off (SE's walk does not
 * turn back through a node's first parents); without the closure, when
 * reach.c's walk from the start on past the partner off
 * (reach_links_meet, which stops at the first such potential) reaches
 * none, the cycle walk is not made. Once the list
 * has a best hint, a forcing chain walk is made only when the start's
 * opposite is near enough for its chain to come first (forcing_may_win: a
 * breadth-first walk of cell sets, half as deep); in a list that keeps all
 * hints, a kept hint with the chain's removals stands for that best. A cycle walk keeps its
 * potentials in a list of its own; a
 * cycle's become the chainer's nodes only when it removes something, and
 * a potential off that switches nothing on (not in the links table) is
 * counted as the walk would count it, but not kept.
 *
 * Nested in a chain (a list that keeps all hints), the search runs on the
 * grids the chains leave, and many chains leave the same one. Whether the
 * search finds any hint at all rests on the grid alone (its candidates and
 * filled cells: the walks read nothing else, and a list that keeps all
 * cuts none short); only the rule parents of the hints it finds rest on
 * the grid the outer chain began with. So the grids on which it found
 * none are kept (`cycles_none`: an open-addressed table of the grids
 * themselves, emptied when three quarters full), and on one of those the
 * search is not made: the list stays empty, as the search would leave it.
 * Most nested searches find nothing, and a test that fails with both
 * links fails with X-links only or Y-links only (their links, partners
 * and the potentials that see a partner are among both's). So a nested
 * search first makes the tests with both links from every start, on one
 * closure (both_tests): the "on" tests of every candidate first, and
 * where no candidate's "on" reaches its "off", none of the three
 * searches can find a hint (both_on_tests): they are not made, and
 * count no nodes. Before that closure is made, one made already may show
 * it: the last nested search's, or else the path's (the grid the nested
 * chains start from, when its search found no hint and no candidate's
 * "on" reaches its "off" there). When the grid has fewer candidates than
 * that one's, each of its edges is one of that graph's but those through
 * the links the grid gained (cells and units left with two), so what a
 * candidate reaches is among its reach there and the reach there of
 * those links' ends (none_from_closure); where that switches no candidate
 * off, no closure is made (nor kept). Elsewhere a cycle removes only a
 * candidate whose "on" reaches its "off", and the cycle test
 * (part_may_remove) looks for no other. The starts where all tests fail
 * are only
 * counted against the budget in each of the three searches, as their
 * failed tests would count; the others are searched as above, a failed
 * test with both links not made again, and an X- or Y-only search with
 * few tests left walks for each (reach_links) rather than make its
 * closure.
 *
 * The search on the path makes the tests with both links first too, on
 * its closure with both links (kept for the search with both links): at
 * every start, without the "on" tests' shortcut and with the cycle test
 * that looks for any removal (the path's own); an idle start is counted
 * in each search as its failed tests would count, the others are
 * searched in the same order, a failed test with both links not made
 * again. The X-only and Y-only closures are made (in `kinds`) only when
 * a start asks for one, and only where a cycle test is to be made or the
 * chain tests are many (path_wants_closure; else each is a walk, with the
 * closure's answer): the tests are those the path made before, so the
 * walks, hints and nodes are the same. Where the path's last search
 * needed no search with both links (a hint of X-links or Y-links only
 * came first), the next search likely needs none either: it makes the
 * X-only search without them (every start tested, on its own closure),
 * and the tests with both links only when the search with both links may
 * still come, before the Y-only one. The X-only search's answers are
 * those it gets with both links' tests first (a test that fails with both
 * links fails with X-links only), so the walks, hints and nodes are the
 * same; only the order in which it counts its idle starts' nodes differs.
 *
 * In every search made with the closure (nested or on the path), the
 * cycle test is another (the partner's is not made: a walk that closes
 * no cycle stops early, see below): it fails at a start on no cycle of
 * the closure's graph, or
 * whose part (its strongly connected one) and the partners the part
 * switches off see no candidate together (cycle_may_remove): every cycle
 * through the start would remove nothing, and a cycle that removes
 * nothing is not offered. (With both links the parts hold those of
 * X-links only and Y-links only, so both_tests' answer serves the three
 * nested searches.) Without the closure, once a partner may close
 * a cycle, the same test is made on the start's part found from
 * reach_links' walk from it on (the potentials on of that walk that reach
 * the start back: part_of). The walks
 * not made count no nodes, so the budget's count falls by theirs.
 *
 * A cycle walk made after that test keeps to the start's part: a
 * potential on outside it never leads back to the start, and a potential
 * off that switches on no node of it leads only outside; neither can be
 * on a cycle's path, and leaving them out changes neither the layer nor
 * the first parent of any potential that can (their first parents are
 * the part's, or those potentials off). So the walk finds the same cycles
 * in the same order. The
 * potentials left out are not counted against the budget. And the walk
 * stops where no cycle can close any more: a cycle closes on a potential
 * off that switches the start on (a partner), made from a potential on
 * that switches it off, a closer; the walk makes each potential on once,
 * so once it has made every closer of the part and taken each in the
 * next layer, it has closed every cycle it would (find_cycles).
 *
 * On the path, the X-only search keeps, by digit, the candidates it last
 * tested the digit's starts on and the starts whose tests all failed
 * there (x_failed): with X-links only a start's tests read its digit
 * alone, so on a grid where the digit is the same they fail again and
 * are only counted, and a digit all of whose starts are so known is left
 * out of that search's closure.
 *
 * This file holds the search's flow: cycles_hints (the three searches,
 * the nested one's record of grids without a hint and its tests with
 * both links made once), unary_chaining (a start's tests, then its
 * walks) and the tests themselves (has_partner, may_cycle,
 * reaches_opposite and their parts). Below it: closure.c the closure,
 * unary_walks.c the walks and their hints; cycles.h what they share.
 */
#include "cycles.h"

#include <stdlib.h>
#include <string.h>

/* reaches_opposite is CHAIN_INLINE (chains.h): inlined into its caller
 * whatever the compiler's budget for inlining (it runs for nearly every
 * cycle start). */

/* The path's record of its X-only searches' starts (unary_chaining): by
 * digit, its candidates on the grid where they were last tested (`had`,
 * as reach_grid's cand) and the starts whose tests all failed there. With
 * X-links only, a start's tests read its digit's candidates alone (its
 * links, its closure's part and reach, the candidates its cycles may
 * remove are all of that digit), so on a grid where the digit has the
 * same candidates they fail again. Empty when `had` is zeroed. */
typedef struct x_failed {
    uint64_t had[BD_SIZE][2];
    uint64_t failed[BD_SIZE][2];
} x_failed;

/* cycles.c's space, one block: the grid for reach.c's walks first (so
 * that ch->cycles_grid, which points to it, frees the block), then the
 * closures of the kinds of links being searched, on the path and nested. */
typedef struct cycles_space {
    reach_grid rg;
    closure cl;                  /* the search's on the path (both links) */
    closure kinds;               /* the closure of X-links only or Y-links
                                    only */
    closure both;                /* nested: the closure with both links */
    uint8_t may[CANDIDATES];     /* both links' tests (MAY_), of the last
                                    search */
    uint16_t live[CANDIDATES];   /* the starts where one passed */
    int live_count;
    uint64_t removable[BD_SIZE][2];   /* nested: by digit, the candidates
                                    whose "on" reaches their "off" (with
                                    both_made, in `both`'s grid) */
    uint64_t idle_nodes[3];      /* by kind of links: the nodes the other
                                    starts' tests count */
    const closure *kept;         /* the closure with both links of the grid
                                    `kept_grid` records, for cycles_both_closure
                                    (`both`, made by a nested search, or `cl`,
                                    by one on the path), or NULL */
    grid_record kept_grid;
    closure_cache cache;         /* the closures with both links made by the
                                    nested searches that found no hint */
    bool both_made;              /* `both` was made by closure_make (whole)
                                    for a grid whose candidates are both_had
                                    (by digit, as reach_grid's cand) */
    bool both_none;              /* and both_on_tests found none on it */
    uint64_t both_had[BD_SIZE * 2];
    bool path_made;              /* `cl` holds the closure with both links of
                                    a grid on the path where the search found
                                    no hint, whose candidates are path_had
                                    (by digit) */
    bool path_asked, path_none;  /* whether none_in was asked of it; its
                                    answer */
    uint64_t path_had[BD_SIZE * 2];
    x_failed x_idle;             /* the path's X-only starts known to fail */
    bool path_late;              /* the last search on the path needed no
                                    search with both links (a hint of fewer
                                    links came first): this one makes its
                                    tests with both links last */
} cycles_space;

/* The tests of a start with both links that passed (a bit each). */
enum { MAY_CYCLE = 1, MAY_ON = 2, MAY_OFF = 4, MAY_ALL = 7 };

/* Whether (cell, digit) has a potential whose switching off switches it
 * on: with Y-links, its cell's other candidate in a cell of two; with
 * X-links, its digit's other place in a unit of two places. A cycle
 * through it, and a chain from it off back to it on, ends with one; none,
 * and the walks that look for them would find nothing. */
static bool has_partner(const unary *u, int cell, int digit)
{
    if (u->y && digit_count(u->g->cand[cell]) == 2)
        return true;
    for (int kind = 0; u->x && kind < UNIT_KINDS; kind++)
        if (digit_count(unit_places(u->g, unit_at(kind, cell), digit)) == 2)
            return true;
    return false;
}

/* reaches_opposite without the closure (its budget spent): reach_links_by
 * from the start, and whether it holds the start's opposite. */
static bool walk_reaches_opposite(unary *u, int cell, int digit, bool on)
{
    reach r;
    reach_links_by(u->rg, u->linked, pot_of(cell, digit, on), u->y, u->x, &r);
    const uint64_t *opposite = on ? r.off[digit - 1] : r.on[digit - 1];
    return opposite[cell >> 6] >> (cell & 63) & 1u;
}

/* Whether what closure `cl` (of grid rg's links y, x) reaches from
 * (cell, d + 1) off holds that potential on: whether one of its partners
 * (a potential it switches on: with y its cell's other candidate in a cell
 * of two, with x its digit's other place in a unit of two) reaches it, read
 * from the partner's part's row for the start's digit only (a partner
 * without edges reaches itself only). */
static inline bool off_meets_opposite(const closure *cl, const reach_grid *rg, bool y, bool x,
                                      int cell, int d)
{
    int w = cell >> 6;
    uint64_t bit = (uint64_t)1 << (cell & 63);
    uint16_t partners[1 + 2 * UNIT_KINDS];
    uint32_t count = partners_of(rg, y, x, cell, d, partners, 0);
    for (uint32_t i = 0; i < count; i++) {
        int p = partners[i];
        if (is_sink(cl, p))
            continue;   /* it reaches itself only, not the start */
        int part = cl->part[p];
        if ((cl->digits[part] >> d & 1u) && (cl->row[part][2 * d + w] & bit))
            return true;
    }
    return false;
}

/* Whether the forcing chain walk from (cell, digit) on (`on`) or off may
 * meet its opposite: whether reach_links gets there (the walk goes
 * everywhere reach_links does, until it meets it), read from the closure:
 * from on, whether a potential on that it reaches switches the start off;
 * from off, whether the start is among what its partners on reach (a
 * partner's part's row read for the start's digit only; a partner
 * without edges reaches itself only). True without u->rg, and when the chainer's budget (one node for the walk) is
 * spent. */
CHAIN_INLINE bool reaches_opposite(unary *u, int cell, int digit, bool on)
{
    if (!u->rg)
        return true;
    bdi_chainer *ch = u->ch;
    if (ch->budget && bdi_budget_spend(ch->budget)) {   /* a node for the walk */
        ch->failed = ch->cut_short = true;
        return true;
    }
    if (!u->cl)
        return walk_reaches_opposite(u, cell, digit, on);
    const closure *cl = closure_of(u);
    const reach_grid *rg = u->rg;
    int d = digit - 1;
    return on ? on_meets_opposite(cl, rg, u->y, cell, d)
              : off_meets_opposite(cl, rg, u->y, u->x, cell, d);
}

/* Into `seers` (a cell set a digit, as reach's `on`), the potentials on
 * that switch partner (`at`, d + 1) off: the candidates other than the
 * start (cell, digit) that see it, the same digit in a unit, or with
 * Y-links another digit in its cell. */
static void partner_seers(const unary *u, int cell, int digit, int at, int d, uint64_t *seers)
{
    const reach_grid *rg = u->rg;
    memset(seers, 0, BD_SIZE * 2 * sizeof *seers);
    seers[2 * d] = rg->cand[d][0] & rg->peers[at][0];
    seers[2 * d + 1] = rg->cand[d][1] & rg->peers[at][1];
    for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << d) : 0; ds; ds &= ds - 1u)
        seers[2 * (bit_digit(ds) - 1) + (at >> 6)] |= (uint64_t)1 << (at & 63);
    seers[2 * (digit - 1) + (cell >> 6)] &= ~((uint64_t)1 << (cell & 63));
}

/* Whether partner (`at`, digit `d` + 1) of the start may close a cycle
 * through it: a cycle closes when a potential (at, d + 1) switched off
 * switches the start on again; that potential off is made from a
 * potential on other than the start that it sees (the same digit in a
 * unit, or with Y-links the same cell) and that the walk reached by links
 * never through (at, d + 1) off (SE's walk does not go back through a
 * potential among a node's first parents). So reach_links_past from the
 * start on, past (at, d + 1) off, must reach such a potential on. Notes
 * what it reads when it does not. (Made without the closure only.) */
static bool partner_may_close(unary *u, int cell, int digit, int at, int d)
{
    reach r;
    uint64_t seers[BD_SIZE * 2];
    partner_seers(u, cell, digit, at, d, seers);
    memset(&r, 0, sizeof r);
    r.off[d][at >> 6] |= (uint64_t)1 << (at & 63);
    return reach_links_meet(u->rg, u->linked, pot_of(cell, digit, true), u->y, u->x, &r, seers);
}

enum { MAY_REMOVE_NO = 1, MAY_REMOVE_YES = 2 };   /* closure's may_remove */

/* Whether a cycle through the nodes `node` (`size` of them: a strongly
 * connected part of the graph of u's links, as the closure's parts are)
 * may remove a candidate. A cycle offers its removals (cycle_removals):
 * the candidates of a digit d that see a potential on and a potential off
 * of digit d on the cycle's first-parent path, outside the cycle's cells
 * (nested, only those of u->removable can be: both_on_tests).
 * Each potential on of that path (the start's) reaches the start along
 * the path and is reached from it: it is in the start's part. Each
 * potential off of the path switches on the potential on after it, so it
 * is a partner of a node of the part, and the potential on before it
 * switches it off (a peer with its digit, or with Y-links another digit
 * of its cell). So such a candidate sees, with digit d, a node of the part
 * and one of those partners; when no candidate does, the cycle walk finds
 * nothing to offer. */
static bool part_may_remove(const unary *u, const uint16_t *node, int size)
{
    const reach_grid *rg = u->rg;
    uint64_t off[BD_SIZE][2] = {{0}}, seen_on[BD_SIZE][2] = {{0}}, seen_off[BD_SIZE][2] = {{0}};
    for (int i = 0; i < size; i++) {   /* what the part switches off */
        int cell = node[i] / BD_SIZE, d = node[i] % BD_SIZE;
        for (int w = 0; w < 2; w++) {
            off[d][w] |= rg->cand[d][w] & rg->peers[cell][w];
            seen_on[d][w] |= rg->peers[cell][w];
        }
        for (unsigned ds = u->y ? rg->cell_cand[cell] & ~(1u << d) : 0; ds; ds &= ds - 1u)
            off[bit_digit(ds) - 1][cell >> 6] |= (uint64_t)1 << (cell & 63);
    }
    for (int i = 0; i < size; i++) {   /* those that are a node's partners */
        int cell = node[i] / BD_SIZE, d = node[i] % BD_SIZE;
        for (int w = 0; u->x && w < 2; w++)
            for (uint64_t bits = rg->partner[node[i]][w] & off[d][w]; bits; bits &= bits - 1u) {
                int at = w * 64 + low_index(bits);
                seen_off[d][0] |= rg->peers[at][0];
                seen_off[d][1] |= rg->peers[at][1];
            }
        if (u->y && rg->cell_left[cell] == 2) {
            int e = bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1;
            if (off[e][cell >> 6] >> (cell & 63) & 1u) {
                seen_off[e][0] |= rg->peers[cell][0];
                seen_off[e][1] |= rg->peers[cell][1];
            }
        }
    }
    uint64_t any = 0;
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            any |= seen_on[d][w] & seen_off[d][w] & rg->cand[d][w]
                   & (u->removable ? u->removable[d][w] : ~(uint64_t)0);
    return any != 0;
}

/* part_may_remove for node s's part in u->cl (made with u's links; s on
 * a cycle of its graph); the answer, the same for every node of the
 * part, is kept by part and made once a closure. */
static bool cycle_may_remove(const unary *u, closure *cl, int s)
{
    int part = cl->part[s];
    if (!cl->may_remove[part])
        cl->may_remove[part] =
            part_may_remove(u, cl->member + cl->first_member[part], cl->size[part])
                ? MAY_REMOVE_YES
                : MAY_REMOVE_NO;
    return cl->may_remove[part] == MAY_REMOVE_YES;
}

/* Into `node` and the cell sets `in` (by digit), the strongly connected
 * part of start s = (cell, d + 1) in
 * the graph of u's links (the closure's: an edge from t to v when t on
 * switches off a partner of v), from `r`, what reach_links reaches from s
 * on; its number of nodes. The part is the nodes of r's potentials on that
 * reach s: every node such a node reaches is in r, so the walk back from s
 * keeps to r: the nodes before v are the potentials on of r that switch
 * off a partner of v (see it with its digit, or with Y-links share its
 * cell). */
static int part_of(const unary *u, const reach *r, int cell, int d, uint16_t *node,
                   uint64_t (*in)[2])
{
    const reach_grid *rg = u->rg;
    memset(in, 0, BD_SIZE * sizeof *in);
    int count = 0;
    in[d][cell >> 6] = (uint64_t)1 << (cell & 63);
    node[count++] = (uint16_t)(cell * BD_SIZE + d);
    for (int i = 0; i < count; i++) {
        uint16_t partners[1 + 2 * UNIT_KINDS];
        uint32_t n = partners_of(u->rg, u->y, u->x, node[i] / BD_SIZE, node[i] % BD_SIZE, partners, 0);
        for (uint32_t j = 0; j < n; j++) {
            int at = partners[j] / BD_SIZE, e = partners[j] % BD_SIZE;
            for (int w = 0; w < 2; w++)
                for (uint64_t bits = r->on[e][w] & rg->peers[at][w] & ~in[e][w]; bits;
                     bits &= bits - 1u) {
                    in[e][w] |= bits & -bits;
                    node[count++] = (uint16_t)((w * 64 + low_index(bits)) * BD_SIZE + e);
                }
            uint64_t bit = (uint64_t)1 << (at & 63);
            for (unsigned ds = u->y ? rg->cell_cand[at] & ~(1u << e) : 0; ds; ds &= ds - 1u) {
                int f = bit_digit(ds) - 1;
                if ((r->on[f][at >> 6] & ~in[f][at >> 6]) & bit) {
                    in[f][at >> 6] |= bit;
                    node[count++] = (uint16_t)(at * BD_SIZE + f);
                }
            }
        }
    }
    return count;
}

/* may_cycle's part test without the closure, for start (cell, digit): from
 * reach_links' walk from it on, its part (part_of, into u->part); false when
 * the start is on no cycle (a part of one node) or part_may_remove says
 * no. */
static bool walk_part_may_remove(unary *u, int cell, int digit)
{
    reach r;
    uint16_t node[CANDIDATES];
    reach_links_by(u->rg, u->linked, pot_of(cell, digit, true), u->y, u->x, &r);
    int size = part_of(u, &r, cell, digit - 1, node, u->part);
    u->part_cl = NULL;
    return size > 1 && part_may_remove(u, node, size);
}

/* u->part, the nodes of node s's part in the closure u->cl (made); left
 * as it is when it holds that part already (u->part_cl). */
static void part_from_closure(unary *u, int s)
{
    const closure *cl = u->cl;
    int part = cl->part[s];
    if (u->part_cl == cl && u->part_no == part)
        return;
    u->part_cl = cl;
    u->part_no = part;
    const uint16_t *node = cl->member + cl->first_member[part];
    memset(u->part, 0, sizeof u->part);
    for (int i = 0; i < cl->size[part]; i++) {
        int cell = node[i] / BD_SIZE;
        u->part[node[i] % BD_SIZE][cell >> 6] |= (uint64_t)1 << (cell & 63);
    }
}

/* may_cycle's test with the closure u->cl (made first if need be), for
 * start s: s is on a cycle of its graph and cycle_may_remove says yes. */
static bool closure_may_cycle(unary *u, int s)
{
    return on_cycle(closure_of(u), s) && cycle_may_remove(u, u->cl, s);
}

/* Whether a cycle through the start s = (cell, digit) that removes
 * something may exist; true without u->rg, and when the chainer's budget
 * (a node for the walks) is spent. The callers ask only for a start with a
 * partner. With the closure: s must be on a cycle of the closure's graph
 * (on_cycle), and cycle_may_remove must say that a cycle through s may
 * remove something; the walk would offer nothing otherwise (offer_cycle
 * offers only a cycle that removes something), so it is not made.
 * Whether a partner may close a cycle at all is not asked then: the walk
 * keeps to s's part and stops once it has made its closers (find_cycles),
 * which costs less than the test. Without the closure: first whether one of its partners may close a
 * cycle (partner_may_close), then the same two tests on the start's part
 * found from reach_links' walk from s on (walk_part_may_remove).
 * When it says yes, the start's part is in u->part (u->part_set), for
 * find_cycles to keep to the part. */
static bool may_cycle(unary *u, int cell, int digit)
{
    if (!u->rg)
        return true;
    bdi_chainer *ch = u->ch;
    if (ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return true;
    }
    const chain_grid *g = u->g;
    int d = digit - 1, s = cell * BD_SIZE + d;
    if (u->cl) {
        bool may = closure_may_cycle(u, s);
        if (may) {
            part_from_closure(u, s);
            u->part_set = true;
        }
        return may;
    }
    bool close = false;
    if (u->y && digit_count(g->cand[cell]) == 2) {
        int other = bit_digit(g->cand[cell] & ~digit_bit(digit)) - 1;
        close = partner_may_close(u, cell, digit, cell, other);
    }
    for (int kind = 0; !close && u->x && kind < UNIT_KINDS; kind++) {
        int unit = unit_at(kind, cell);
        unsigned places = unit_places(g, unit, digit);
        if (digit_count(places) != 2)
            continue;
        int at = unit_cell_of(unit, bit_digit(places & ~(1u << unit_pos(unit, cell))) - 1);
        close = partner_may_close(u, cell, digit, at, d);
    }
    if (!close || !walk_part_may_remove(u, cell, digit))
        return false;
    u->part_set = true;
    return true;
}

/* A test of may_cycle or reaches_opposite known to fail (u->may): the
 * node it counts, counted; true, as the test answers, when that spends
 * the chainer's budget. */
static bool test_counted(unary *u)
{
    bdi_chainer *ch = u->ch;
    if (ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return true;
    }
    return false;
}

/* Counts `n` nodes against the chainer's budget, as n spends one at a
 * time would; sets ch->failed and cut_short when that spends it. */
static void nodes_counted(bdi_chainer *ch, uint64_t n)
{
    if (ch->budget && bdi_budget_spend_many(ch->budget, n))
        ch->failed = ch->cut_short = true;
}

/* Into `removable`, by digit, the candidates whose "on" reaches their
 * "off" in the search with both links (u's links, u->cl its closure): the
 * only ones a cycle can remove (below); whether there is one. When there
 * is none, none of the three nested searches can find a hint (keep_all:
 * no bound cuts a walk short). Each hint rests on a candidate whose "on"
 * reaches its "off", or "off" its "on". A forcing chain (X-links only or
 * both) is such a walk, of links among both's, and reach_links reaches
 * more with more links. A cycle (X, Y or both links) removes a candidate
 * r of digit d outside its cells that sees one of its potentials on, p,
 * and one off, q, both of digit d (cycle_removals): r on switches q off
 * (a link of every kind), the cycle's links lead from q off round to p
 * on, and p on switches r off; so r on reaches r off with both links,
 * whether r is a start (an empty cell's, of two candidates or more) or
 * not. And no "off" test can pass when no "on" test does (a start's "off"
 * reaches its "on" through a partner p on, which switches the start off:
 * p's "on" reaches p's "off"). */
static bool both_on_tests(unary *u, uint64_t (*removable)[2])
{
    const chain_grid *g = u->g;
    const closure *cl = closure_of(u);
    bool any = false;
    memset(removable, 0, BD_SIZE * sizeof *removable);
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = g->cand[cell]; ds; ds &= ds - 1u) {
            int d = bit_digit(ds) - 1;
            if (on_meets_opposite(cl, u->rg, true, cell, d)) {
                removable[d][cell >> 6] |= (uint64_t)1 << (cell & 63);
                any = true;
            }
        }
    return any;
}

/* The tests of the search with both links (u's links, u->cl its closure),
 * without counting their nodes: into `removable` both_on_tests' answer;
 * into sp->may, by start, those that pass
 * (the forcing chain tests, MAY_ON from both_on_tests and MAY_OFF, and
 * MAY_CYCLE); into sp->live the starts where one does, in the searches'
 * order; into sp->idle_nodes, by kind of links (LINK_KINDS), the nodes
 * unary_walks counts for the others. False when both_on_tests finds
 * that no search can find a hint; sp->may, live and idle_nodes are then
 * made only with `all` (the cycle tests alone: no "off" test passes
 * where no "on" test does, below). A test fails with X-links only or
 * Y-links only where it fails with both: both kinds' links are among
 * both's (the closure's rows and reach_links' walks reach more with more
 * links), as are their partners and the potentials that see a partner.
 * So at an idle start each kind's tests fail, and count a node each and
 * one for the start: with X-links the cycle's (with a partner in a unit),
 * the chain from on's, from off's (with that partner); with Y-links (cells
 * of two only) the cycle's; with both, as with X-links, a partner being
 * in a unit or the cell. The "off" test is made at a start with a
 * partner. The cycle test (closure_may_cycle) passes only where a
 * cycle through the start may remove something (cycle_may_remove, with
 * both links: a cycle of fewer links has its potentials among those of
 * both's parts). */
static bool both_tests(unary *u, cycles_space *sp, uint64_t (*removable)[2], bool all)
{
    bdi_chainer *ch = u->ch;
    bdi_budget *budget = ch->budget;
    ch->budget = NULL;
    const chain_grid *g = u->g;
    bool any = both_on_tests(u, removable);
    sp->live_count = 0;
    memset(sp->idle_nodes, 0, sizeof sp->idle_nodes);
    for (int cell = 0; (any || all) && cell < BD_CELLS; cell++) {
        if (g->value[cell] || digit_count(g->cand[cell]) <= 1)
            continue;
        bool two = digit_count(g->cand[cell]) == 2;
        for (unsigned ds = g->cand[cell]; ds; ds &= ds - 1u) {
            int d = bit_digit(ds) - 1, cand = cell * BD_SIZE + d;
            bool in_unit = unit_partner(u->rg, cand);
            bool partner = in_unit || two;
            uint8_t may = removable[d][cell >> 6] >> (cell & 63) & 1u ? MAY_ON : 0;
            if (any && partner && off_meets_opposite(u->cl, u->rg, true, true, cell, d))
                may |= MAY_OFF;
            if (partner && on_cycle(u->cl, cand)   /* closure_may_cycle's test, */
                && cycle_may_remove(u, u->cl, cand))   /* the closure made; no part wanted */
                may |= MAY_CYCLE;
            sp->may[cand] = may;
            if (may) {
                sp->live[sp->live_count++] = (uint16_t)cand;
                continue;
            }
            sp->idle_nodes[0] += in_unit ? 4u : 2u;
            sp->idle_nodes[1] += two ? 2u : 0u;
            sp->idle_nodes[2] += partner ? 4u : 2u;
        }
    }
    ch->budget = budget;
    return any;
}

/* The path's X-only record (x_failed) when the search of u is one on the
 * path with X-links only and it has one, with the entry of `digit` made
 * that of u's grid (its failed starts cleared when its candidates
 * differ); else NULL. */
static x_failed *x_record(const unary *u, const chint_list *list, int digit)
{
    if (!u->rg || u->y || list->keep_all)
        return NULL;
    x_failed *xf = &((cycles_space *)(void *)u->rg)->x_idle;   /* rg: its first member */
    const uint64_t *cand = u->rg->cand[digit - 1];
    uint64_t *had = xf->had[digit - 1];
    if (had[0] != cand[0] || had[1] != cand[1]) {
        had[0] = cand[0];
        had[1] = cand[1];
        xf->failed[digit - 1][0] = xf->failed[digit - 1][1] = 0;
    }
    return xf;
}

/* Before the closure of u's search (on the path, X-links only, record
 * xf) is made: the links of the digits all of whose starts (the empty
 * cells of two candidates or more) failed their tests on a grid where the
 * digit had the candidates it has in u's (x_record) are left out of
 * u->linked. unary_chaining tests none of those starts again, and with
 * X-links only no other start's tests or walks read another digit than
 * its own: the closure made without them (their nodes without edges)
 * answers those the same, for less. */
static void x_unlink_idle(unary *u, const x_failed *xf)
{
    const chain_grid *g = u->g;
    uint64_t starts[2] = {0, 0};
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (!g->value[cell] && digit_count(g->cand[cell]) >= 2)
            starts[cell >> 6] |= (uint64_t)1 << (cell & 63);
    for (int d = 0; d < BD_SIZE; d++) {
        const uint64_t *cand = u->rg->cand[d], *had = xf->had[d], *failed = xf->failed[d];
        if (had[0] == cand[0] && had[1] == cand[1] && !(cand[0] & starts[0] & ~failed[0])
            && !(cand[1] & starts[1] & ~failed[1]))
            u->linked[2 * d] = u->linked[2 * d + 1] = 0;
    }
}

/* unary_chaining's tests and walks from candidate (cell, digit), `xf` its
 * x_record: the tests that a walk may find something (may_cycle,
 * reaches_opposite) first; when none may, no node is made (the start's
 * node is counted against the budget all the same). */
static void tests_and_walks(unary *u, int cell, int digit, chint_list *list, x_failed *xf)
{
    bdi_chainer *ch = u->ch;
    int cand = cell * BD_SIZE + digit - 1;
    if (xf && u->cl && !u->cl_made)   /* only a closure reads the idle digits' links */
        x_unlink_idle(u, xf);
    u->part_set = false;
    bool partner = has_partner(u, cell, digit);
    /* with a best hint, the walks' bounds first (cheap when the best is
     * short); without, the closure's tests alone; a test that failed with
     * both links fails with fewer, and is only counted */
    bool bound = u->rg && list->found && !list->keep_all;
    unsigned may = u->may ? u->may[cand] : MAY_ALL;
    bool cycle = partner && (may & MAY_CYCLE ? may_cycle(u, cell, digit) : test_counted(u));
    bool on_test =
        u->x && (may & MAY_ON ? reaches_opposite(u, cell, digit, true) : test_counted(u));
    bool from_on_may = on_test;
    if (from_on_may && bound && !forcing_may_win(u, cell, digit, true))
        from_on_may = false;
    bool off_test = u->x && partner
                    && (may & MAY_OFF ? reaches_opposite(u, cell, digit, false)
                                      : test_counted(u));
    bool from_off_may = off_test;
    if (from_off_may && bound && !forcing_may_win(u, cell, digit, false))
        from_off_may = false;
    if (xf && !cycle && !on_test && !off_test)
        xf->failed[digit - 1][cell >> 6] |= (uint64_t)1 << (cell & 63);
    if (!cycle && !from_on_may && !from_off_may) {
        /* no walk: the start's node is counted but not made */
        if (ch->budget && bdi_budget_spend(ch->budget))
            ch->failed = ch->cut_short = true;
        return;
    }
    cmark mark = chain_mark(ch);
    u->source = node_new(ch, pot_of(cell, digit, true), CAUSE_NONE, -1);
    if (u->source < 0)
        return;
    if (cycle)
        find_cycles(u, list);
    int32_t chains[2];
    int chain_count = 0;
    if (u->x) {
        int32_t from_on = from_on_may ? forcing_from(u, u->source, list) : -1;
        int32_t off =
            from_off_may ? node_new(ch, pot_of(cell, digit, false), CAUSE_NONE, -1) : -1;
        int32_t from_off = off >= 0 ? forcing_from(u, off, list) : -1;
        if (from_on >= 0)
            chains[chain_count++] = from_on;
        if (from_off >= 0)
            chains[chain_count++] = from_off;
    }
    for (int i = 0; i < chain_count && !ch->failed; i++)
        offer_forcing(u, chains[i], u->g, list);
    chain_release(ch, mark);
}

/* SE's doUnaryChaining from candidate (cell, digit) (none from a cell of
 * more than two candidates without X-links): tests_and_walks. On the path
 * with X-links only, a start whose tests all failed on a grid where its
 * digit had the same candidates (x_record) fails them again: they are
 * only counted, as they would count. CHAIN_INLINE (chains.h): the starts
 * passed over here cost their caller no call. */
CHAIN_INLINE void unary_chaining(unary *u, int cell, int digit, chint_list *list)
{
    if (digit_count(u->g->cand[cell]) > 2 && !u->x)
        return;
    x_failed *xf = x_record(u, list, digit);
    if (xf && (xf->failed[digit - 1][cell >> 6] >> (cell & 63) & 1u)) {
        nodes_counted(u->ch, unit_partner(u->rg, cell * BD_SIZE + digit - 1) ? 4u : 2u);
        return;
    }
    tests_and_walks(u, cell, digit, list, xf);
}

enum { NEW_LINKS = 24 };   /* at most 64 (a bit each); a grid that gained
                              more is not tried */

/* The links of a grid that a grid with more candidates (`had`) lacks:
 * each a potential `from` off that switches `to` on, in a cell of two
 * candidates that had more, or a unit of two places of a digit that had
 * more (a pair in two such units taken twice); and by candidate, `taken`,
 * bit k: it switches from[k] off (its digit in a peer, or another
 * candidate of its cell), or once reach_taken has run, a potential of
 * its reach does. */
typedef struct new_links {
    int count;
    uint16_t from[NEW_LINKS], to[NEW_LINKS];
    uint64_t taken[CANDIDATES];
} new_links;

/* Adds to `nl` the links x off -> y on and y off -> x on; false when
 * full. */
static bool new_pair(new_links *nl, int x, int y)
{
    if (nl->count + 2 > NEW_LINKS)
        return false;
    nl->from[nl->count] = (uint16_t)x;
    nl->to[nl->count++] = (uint16_t)y;
    nl->from[nl->count] = (uint16_t)y;
    nl->to[nl->count++] = (uint16_t)x;
    return true;
}

/* Into `nl`, the links of grid rg (both kinds) that a grid with candidates
 * `had` (by digit, as rg->cand; a superset of rg's) lacks, and their
 * `taken` when there is one; false when there are more than NEW_LINKS. A
 * link x off -> y on of rg is one of `had` unless the cell, or the unit
 * of two places of the digit, where x and y are all that is left, had
 * more. */
static bool new_links_of(const reach_grid *rg, const uint64_t *had, new_links *nl)
{
    uint64_t lost[BD_SIZE * 2], lost_cells[2] = {0, 0};
    for (int i = 0; i < BD_SIZE * 2; i++) {
        lost[i] = had[i] & ~rg->cand[i / 2][i % 2];
        lost_cells[i % 2] |= lost[i];
    }
    nl->count = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = rg->two[w] & lost_cells[w]; bits; bits &= bits - 1u) {
            int cell = w * 64 + low_index(bits);
            unsigned ds = rg->cell_cand[cell];
            if (!new_pair(nl, cell * BD_SIZE + bit_digit(ds) - 1,
                          cell * BD_SIZE + top_digit(ds) - 1))
                return false;
        }
    for (int d = 0; d < BD_SIZE; d++) {
        uint32_t units = 0;   /* those of the cells that lost d */
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = lost[2 * d + w]; bits; bits &= bits - 1u)
                units |= bdi_cell_unit_bits[w * 64 + low_index(bits)];
        for (; units; units &= units - 1u) {
            int unit = low_index(units);
            if (rg->unit_left[d][unit] != 2)
                continue;
            const uint64_t *cells = bdi_unit_bits[unit];
            uint64_t low = rg->cand[d][0] & cells[0], high = rg->cand[d][1] & cells[1];
            int a = low ? low_index(low) : 64 + low_index(high);
            low &= low - 1u;   /* the other place: the low word's second, or the high one's */
            int b = low ? low_index(low) : 64 + low_index(a < 64 ? high : high & (high - 1u));
            if (!new_pair(nl, a * BD_SIZE + d, b * BD_SIZE + d))
                return false;
        }
    }
    if (!nl->count)
        return true;
    memset(nl->taken, 0, sizeof nl->taken);
    for (int k = 0; k < nl->count; k++) {   /* what switches from[k] off */
        int cell = nl->from[k] / BD_SIZE, d = nl->from[k] % BD_SIZE;
        uint64_t bit = (uint64_t)1 << k;
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = rg->cand[d][w] & rg->peers[cell][w]; bits; bits &= bits - 1u)
                nl->taken[(w * 64 + low_index(bits)) * BD_SIZE + d] |= bit;
        for (unsigned ds = rg->cell_cand[cell] & ~(1u << d); ds; ds &= ds - 1u)
            nl->taken[cell * BD_SIZE + bit_digit(ds) - 1] |= bit;
    }
    return true;
}

/* Makes nl->taken, by node of closure `cl` (made by closure_make: its
 * edges and members set), the new links a potential of its reach
 * switches off: those of its part's nodes and of its edges' nodes, part
 * by part (a part's edges lead to its own nodes and to parts numbered
 * before it, whose nodes hold their reach's by then). */
static void reach_taken(const closure *cl, new_links *nl)
{
    uint64_t *taken = nl->taken;
    for (int part = 0; part < cl->part_count; part++) {
        const uint16_t *member = cl->member + cl->first_member[part];
        if (cl->size[part] == 1) {   /* most parts: one node */
            int s = member[0];
            uint64_t all = taken[s];
            for (uint32_t e = cl->first[s]; e < cl->end[s]; e++)
                all |= taken[cl->edge[e]];
            taken[s] = all;
            continue;
        }
        uint64_t all = 0;
        for (int i = 0; i < cl->size[part]; i++) {
            int s = member[i];
            all |= taken[s];
            for (uint32_t e = cl->first[s]; e < cl->end[s]; e++)
                all |= taken[cl->edge[e]];
        }
        for (int i = 0; i < cl->size[part]; i++)
            taken[member[i]] = all;
    }
}

/* Whether grid rg's candidates are among `had` (by digit, as rg->cand). */
static bool subset_of(const reach_grid *rg, const uint64_t *had)
{
    const uint64_t *cand = rg->cand[0];   /* by digit, as `had` */
    uint64_t more = 0;
    for (int i = 0; i < BD_SIZE * 2; i++)
        more |= cand[i] & ~had[i];
    return !more;
}

/* Whether closure `cl` (both links) of a grid with more candidates than
 * grid rg's reaches from a candidate of rg on a potential that switches
 * it off (on_meets_opposite); `removable` (by digit) the candidates of
 * cl's grid for which that holds there (both_on_tests'). Only those are
 * tested: rg's candidates are among cl's grid's, a cell's among its
 * candidates there, and the peers are the same, so what on_meets_opposite
 * finds in rg it finds in cl's grid. */
static bool any_on_meets_opposite(const closure *cl, const reach_grid *rg,
                                  const uint64_t (*removable)[2])
{
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = removable[d][w] & rg->cand[d][w]; bits; bits &= bits - 1u)
                if (on_meets_opposite(cl, rg, true, w * 64 + low_index(bits), d))
                    return true;
    return false;
}

/* Whether closure `cl` (both links) of a grid whose candidates are `had`
 * (by digit) reaches from none of them on a potential that switches it
 * off: its digit in a peer, another digit in its cell (on_meets_opposite,
 * the cell's candidates read from `had`). */
static bool none_in(const closure *cl, const uint64_t *had)
{
    for (int i = 0; i < BD_SIZE * 2; i++) {
        int d = i / 2, w = i % 2;
        for (uint64_t bits = had[i]; bits; bits &= bits - 1u) {
            int cell = w * 64 + low_index(bits), part = cl->part[cell * BD_SIZE + d];
            if (part < 0)
                continue;   /* a node without edges reaches itself only */
            const uint64_t *row = cl->row[part];
            unsigned digits = cl->digits[part];
            if ((digits >> d & 1u) && ((row[2 * d] & bdi_peer_bits[cell][0])
                                       | (row[2 * d + 1] & bdi_peer_bits[cell][1])))
                return false;
            for (unsigned es = digits & ~(1u << d); es; es &= es - 1u) {
                int e = 2 * (bit_digit(es) - 1) + w;
                if (row[e] & had[e] & (bits & -bits))
                    return false;
            }
        }
    }
    return true;
}

/* Whether both_on_tests would find none on grid g (rg made from it), read
 * from closure `n` (made by closure_make with both links) of a grid with
 * more candidates (`had`, by digit: subset_of holds), without making g's
 * closure; false when that is not shown. `removable` (by digit, as
 * both_on_tests makes it) holds the candidates of n's grid whose "on"
 * reaches their "off" there, or is NULL when there is none.
 *
 * Why. g's graph (closure.c's, both links) has an edge s -> u when s on
 * switches off a potential t whose switching off switches u on. Each
 * such edge is one of n's grid, whose candidates and links are more,
 * unless t off switches u on by a link that grid lacks (new_links_of:
 * t and u in a cell, or a unit of a digit, of two that had more). So
 * what s reaches in g is among its reach in n, R(s), and what the new
 * links taken from R(s) lead to: a new link (x, y) is taken from a node
 * that switches x off, and y reaches R(y) and what the new links taken
 * from R(y) lead to, and so on: R(s) and the R(y) of the links of `next`
 * of the links R(s) takes (next[k]: the links a walk over them from
 * link k takes, k included). A candidate's "on" reaches its "off" in g
 * only when a potential of those, that g has, switches it off; when n's
 * grid had none, R(s) alone switches none off (g has fewer candidates),
 * and otherwise that is asked of n (any_on_meets_opposite, first). So
 * the R(y)'s of the links and what they switch off are made once (`off`,
 * closure.c's closure_off_of), and a candidate's test is a bit of each of
 * them. */
static bool none_from_closure(const closure *n, const uint64_t (*removable)[2],
                              const uint64_t *had, const reach_grid *rg)
{
    if (removable && any_on_meets_opposite(n, rg, removable))
        return false;
    new_links nl;
    if (!new_links_of(rg, had, &nl))
        return false;
    if (nl.count)
        reach_taken(n, &nl);
    uint64_t off[NEW_LINKS][BD_SIZE * 2], next[NEW_LINKS];
    for (int k = 0; k < nl.count; k++) {   /* R(to), what it switches off, the links it takes */
        closure_off_of(n, rg, nl.to[k], off[k]);
        next[k] = ((uint64_t)1 << k) | nl.taken[nl.to[k]];
    }
    for (bool grew = true; grew;) {   /* each link's `next` closed */
        grew = false;
        for (int k = 0; k < nl.count; k++) {
            uint64_t all = next[k];
            for (uint64_t bits = next[k]; bits; bits &= bits - 1u)
                all |= next[low_index(bits)];
            grew |= all != next[k];
            next[k] = all;
        }
    }
    uint64_t risk[BD_SIZE * 2] = {0};   /* what some link's R(to) switches
                                           off: the only candidates to test */
    for (int k = 0; k < nl.count; k++)
        for (int i = 0; i < BD_SIZE * 2; i++)
            risk[i] |= off[k][i];
    for (int i = 0; i < BD_SIZE * 2; i++) {
        int d = i / 2, w = i % 2;
        for (uint64_t bits = risk[i] & rg->cand[d][w]; bits; bits &= bits - 1u) {
            uint64_t links = nl.taken[(w * 64 + low_index(bits)) * BD_SIZE + d], all = 0;
            for (; links; links &= links - 1u)
                all |= next[low_index(links)];
            for (; all; all &= all - 1u)
                if (off[low_index(all)][i] & (bits & -bits))
                    return false;
        }
    }
    return true;
}

enum { NONE_SLOTS = 4096 };   /* a power of two */

/* A grid as the search reads it: its candidates and its filled cells. */
typedef struct none_key {
    uint16_t cand[BD_CELLS];
    uint64_t filled[2];
} none_key;

/* The grids on which a nested search found no hint: hash[i] 0 for an
 * empty slot (a hash of 0 is stored as 1). */
struct cycles_none {
    uint32_t count;
    uint64_t hash[NONE_SLOTS];
    none_key key[NONE_SLOTS];
};

/* `g` as a none_key into `k`; returns the key's hash, never 0. */
static uint64_t none_key_of(const chain_grid *g, none_key *k)
{
    memset(k, 0, sizeof *k);
    memcpy(k->cand, g->cand, sizeof k->cand);
    for (int cell = 0; cell < BD_CELLS; cell++)
        if (g->value[cell])
            k->filled[cell >> 6] |= (uint64_t)1 << (cell & 63);
    uint64_t h = 0x9e3779b97f4a7c15u;
    const unsigned char *bytes = (const unsigned char *)k;
    for (size_t at = 0; at + 8 <= sizeof *k; at += 8) {
        uint64_t word;
        memcpy(&word, bytes + at, sizeof word);
        h = (h ^ word) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    return h ? h : 1;
}

/* The slot of key `k` (hash `h`) in table `t`: the one holding it, or the
 * empty one where it would go. */
static uint32_t none_slot(const struct cycles_none *t, const none_key *k, uint64_t h)
{
    uint32_t at = (uint32_t)(h & (NONE_SLOTS - 1));
    while (t->hash[at] && (t->hash[at] != h || memcmp(&t->key[at], k, sizeof *k)))
        at = (at + 1) & (NONE_SLOTS - 1);
    return at;
}

/* Whether the chainer's table holds key `k` (hash `h`). */
static bool none_has(const bdi_chainer *ch, const none_key *k, uint64_t h)
{
    const struct cycles_none *t = ch->cycles_none;
    return t && t->hash[none_slot(t, k, h)];
}

/* Adds key `k` (hash `h`, not held yet) to the chainer's table, made on
 * first use; the table is emptied first when three quarters full. Without
 * memory, nothing is kept. */
static void none_add(bdi_chainer *ch, const none_key *k, uint64_t h)
{
    struct cycles_none *t = ch->cycles_none;
    if (!t) {
        t = malloc(sizeof *t);   /* a key is set when its slot is taken */
        if (!t)
            return;
        t->count = 0;
        memset(t->hash, 0, sizeof t->hash);
        ch->cycles_none = t;
    }
    if (t->count >= NONE_SLOTS / 4 * 3) {
        t->count = 0;
        memset(t->hash, 0, sizeof t->hash);
    }
    uint32_t at = none_slot(t, k, h);
    t->hash[at] = h;
    memcpy(&t->key[at], k, sizeof *k);   /* its padding too, as memcmp reads it */
    t->count++;
}

enum { FEW_TESTS = 160 };   /* fewer: walks cost less than a closure */

/* Whether the tests that may pass at sp's live starts (both links'
 * answers) in a search with X-links (`x`) or Y-links only are many enough
 * that the closure may cost less than a walk for each: FEW_TESTS or more. */
static bool many_tests(const chain_grid *g, const cycles_space *sp, bool x)
{
    int tests = 0;
    for (int i = 0; i < sp->live_count; i++) {
        int cand = sp->live[i];
        if (x)
            tests += digit_count(sp->may[cand]);
        else if (digit_count(g->cand[cand / BD_SIZE]) == 2)
            tests += (sp->may[cand] & MAY_CYCLE) != 0;
    }
    return tests >= FEW_TESTS;
}

/* Whether the X-only (`x`) or Y-only search on the path needs its
 * closure for the tests that may pass at sp's live starts (both links'
 * answers): where a cycle test is made (without the closure it is another
 * test, partner_may_close's, and the walks made would not be the same),
 * or where its chain tests are FEW_TESTS or more; else a walk for each
 * (reach_links, the same answers) costs less. */
static bool path_wants_closure(const reach_grid *rg, const chain_grid *g, const cycles_space *sp,
                               bool x)
{
    int tests = 0;
    for (int i = 0; i < sp->live_count; i++) {
        int cand = sp->live[i];
        unsigned may = sp->may[cand];
        bool partner = x ? unit_partner(rg, cand) : digit_count(g->cand[cand / BD_SIZE]) == 2;
        if (partner && (may & MAY_CYCLE))
            return true;
        if (x)
            tests += ((may & MAY_ON) != 0) + (partner && (may & MAY_OFF));
    }
    return tests >= FEW_TESTS;
}

/* The path's tests with both links at every start of u's grid
 * (both_tests with `all`, on a copy of u set for both links: `linked`
 * reach_links_linked's for them, `cl` the path's closure, made here): into
 * path->may, live and idle_nodes. */
static void path_both_tests(const unary *u, cycles_space *path, const uint64_t *linked,
                            closure *cl)
{
    unary both = *u;
    uint64_t removable[BD_SIZE][2];   /* for MAY_ON only: the path's cycle
                                         test looks for any removal */
    both.y = both.x = true;
    memcpy(both.linked, linked, sizeof both.linked);
    both.cl = cl;
    both.cl_made = false;
    both_tests(&both, path, removable, true);
}

/* SE's three searches: X-links only, Y-links only, both (y, x). */
static const bool LINK_KINDS[3][2] = {{false, true}, {true, false}, {true, true}};

/* SE's static chaining search on grid g: its hints into `list`
 * (chains.h); nested (a list that keeps all hints), not made on a grid
 * where it found none before. */
void cycles_hints(bdi_chainer *ch, const chain_grid *g, chint_list *list)
{
    none_key key;
    uint64_t hash = 0;
    if (list->keep_all) {
        hash = none_key_of(g, &key);
        if (none_has(ch, &key, hash))
            return;   /* the search found no hint on this grid before */
    }
    unary u = {.ch = ch, .g = g, .list = list};
    bool fresh = !ch->cycles_grid;   /* its grid made for the first time */
    if (fresh) {
        cycles_space *space = malloc(sizeof *space);
        if (space) {
            space->kept = NULL;
            space->both_made = space->path_made = false;
            space->cache.used = false;
            space->path_late = false;
            memset(&space->x_idle, 0, sizeof space->x_idle);
            ch->cycles_grid = &space->rg;
        }
    }
    if (ch->cycles_grid) {
        cycles_space *sp = (cycles_space *)(void *)ch->cycles_grid;   /* rg is its first member */
        if (fresh)
            reach_grid_init(&sp->rg, g, true, false);
        else
            reach_grid_remake(&sp->rg, g, true, false);
        u.rg = &sp->rg;
        u.cl = &sp->cl;
        if (sp->kept == u.cl)
            sp->kept = NULL;   /* the searches below may make another */
        if (!list->keep_all)
            sp->path_made = false;   /* `cl` made again below */
    }
    closure *cl = u.cl;
    uint64_t linked_of[3][BD_SIZE * 2];   /* reach_links_linked's: X, Y, both */
    if (u.rg) {
        for (int k = 0; k < 2; k++)
            reach_links_linked(u.rg, LINK_KINDS[k][0], LINK_KINDS[k][1], linked_of[k]);
        for (int i = 0; i < BD_SIZE * 2; i++)   /* what either kind switches on */
            linked_of[2][i] = linked_of[0][i] | linked_of[1][i];
    }
    cycles_space *space = u.rg && list->keep_all ? (cycles_space *)(void *)u.rg : NULL;
    cycles_space *path = u.rg && !list->keep_all ? (cycles_space *)(void *)u.rg : NULL;
    bool both_made = false, none = false;
    bool tested_both = false;   /* on the path: path->may made for g */
    if (path && !path->path_late) {   /* on the path: both links' tests first too */
        path_both_tests(&u, path, linked_of[2], cl);
        tested_both = true;
    }
    if (path)
        path->path_late = false;
    if (space) {   /* nested: both links' tests first, for all three searches */
        u.y = u.x = true;
        memcpy(u.linked, linked_of[2], sizeof u.linked);
        u.cl = &space->both;
        u.removable = (const uint64_t (*)[2])space->removable;   /* made first */
        if (space->both_made && subset_of(u.rg, space->both_had))
            none = none_from_closure(&space->both,
                                     space->both_none ? NULL
                                                      : (const uint64_t (*)[2])space->removable,
                                     space->both_had, u.rg);
        else if (space->path_made && subset_of(u.rg, space->path_had)) {
            if (!space->path_asked)
                space->path_none = none_in(&space->cl, space->path_had);
            space->path_asked = true;
            none = space->path_none
                   && none_from_closure(&space->cl, NULL, space->path_had, u.rg);
        }
        if (!none)
            none = !both_tests(&u, space, space->removable, false);
        u.may = space->may;
        both_made = u.cl_made;
        if (both_made) {   /* for the next search's none_from_closure */
            space->both_made = true;
            space->both_none = none;
            memcpy(space->both_had, space->rg.cand, sizeof space->both_had);
        }
        space->kept = both_made ? &space->both : NULL;   /* for the static search */
        if (both_made)
            record_grid(&space->kept_grid, g);
    }
    for (int k = 0; k < 3 && !none; k++) {
        u.y = LINK_KINDS[k][0];
        u.x = LINK_KINDS[k][1];
        u.sort_key = u.x && u.y ? 4 : u.y ? 3 : 2;
        u.cycle_base = u.x && u.y ? 7.0 : 6.5;
        u.forcing_base = u.x && u.y ? 7.0 : 6.6;
        if (u.rg)
            memcpy(u.linked, linked_of[k], sizeof u.linked);
        if (path && !tested_both && k > 0 && chint_could_win(list, 7.0, 0, 0)) {
            path_both_tests(&u, path, linked_of[2], cl);   /* the search with both
                                                              links may still come */
            tested_both = true;
        }
        if (path)
            u.may = tested_both ? path->may : NULL;
        u.cl_made = k == 2 && (both_made || tested_both);   /* both_tests made it */
        if (space)
            u.cl = k == 2 ? &space->both : many_tests(g, space, u.x) ? &space->kinds : NULL;
        else
            u.cl = !path || k == 2 ? cl
                   : !tested_both || path_wants_closure(u.rg, g, path, u.x) ? &path->kinds
                                                                           : NULL;
        if (!chint_could_win(list, u.cycle_base, 0, 0)) {
            if (path && k == 2)   /* the next search makes its tests with both links late */
                path->path_late = true;
            continue;   /* every hint of these links rates more than the best */
        }
        cycles_space *tested = space ? space : tested_both ? path : NULL;
        if (tested) {   /* the idle starts counted, the others walked */
            nodes_counted(ch, tested->idle_nodes[k]);
            for (int i = 0; i < tested->live_count && !ch->failed; i++)
                unary_chaining(&u, tested->live[i] / BD_SIZE, tested->live[i] % BD_SIZE + 1,
                               list);
            continue;
        }
        for (int cell = 0; cell < BD_CELLS && !ch->failed; cell++) {
            if (g->value[cell] || digit_count(g->cand[cell]) <= 1)
                continue;
            for (unsigned ds = g->cand[cell]; ds; ds &= ds - 1u)
                unary_chaining(&u, cell, bit_digit(ds), list);
        }
    }
    if (u.rg && !space && u.x && u.y && u.cl_made) {   /* the path's, with both links */
        cycles_space *sp = (cycles_space *)(void *)u.rg;
        sp->kept = cl;
        record_grid(&sp->kept_grid, g);
        if (!list->found) {   /* for the nested searches' none_from_closure */
            sp->path_made = true;
            sp->path_asked = false;
            memcpy(sp->path_had, u.rg->cand, sizeof sp->path_had);
        }
    }
    free(u.on_q.item);
    free(u.off_q.item);
    free(u.light);
    free(u.walk);
    if (list->keep_all && !list->count && !ch->failed) {
        none_add(ch, &key, hash);
        if (both_made)   /* not searched again, but the static search may ask */
            closure_keep(&space->cache, g->cand, &space->both);
    }
}

/* The closure with both links the last search made (nested, or on the
 * path), when made for a grid with g's candidates, or else one a nested
 * search made for such a grid that the cache still holds (made again in
 * `both` as far as cycles_closure_on reads it, and kept); else NULL
 * (chains.h). */
const struct closure *cycles_both_closure(bdi_chainer *ch, const chain_grid *g)
{
    if (!ch->cycles_grid)
        return NULL;
    cycles_space *sp = (cycles_space *)(void *)ch->cycles_grid;
    if (sp->kept && record_is(&sp->kept_grid, g))
        return sp->kept;
    if (!closure_find(&sp->cache, g->cand, &sp->both))
        return NULL;
    sp->kept = &sp->both;
    sp->both_made = false;   /* its rows only */
    record_grid(&sp->kept_grid, g);
    return sp->kept;
}
