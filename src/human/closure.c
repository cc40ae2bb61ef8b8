/*
 * closure.c - all starts' reach at once, for one kind of SE's static
 * links (cycles.h's closure): the graph of the candidates, an edge from s
 * to u when s on switches off a potential whose switching off switches u
 * on, split by Tarjan's walk into its strongly connected parts, each
 * part's reach (the potentials on) the union of its own nodes and of the
 * reach of the parts it leads to, shared by its nodes; and its readers:
 * a start's reach as reach_links gives it (the potentials off being those
 * the potentials on switch off), for cycles.c's tests, for
 * forcing.c's static plans (cycles_closure_make, cycles_closure_on), for
 * the tests' rows (cycles_reach_rows) and for cycles.c's reading of a
 * smaller grid's "none" (closure_off_of).
 */
#include "cycles.h"

#include <stdlib.h>
#include <string.h>

/* closure_edges and edges_of are CHAIN_INLINE (chains.h): closure_make has
 * a copy of them for both links, the links fixed (gcc otherwise keeps
 * edges_of out of line, or the links on the stack; the linked lists too
 * are made in that copy, partners_of's tests of the links fixed). */

/* Appends to `edge` (from `count`) what t (a linked candidate) switched
 * off switches on, as cl->switched holds it, but s. The new count. */
static inline uint32_t switched_but(const closure *cl, int t, int s, uint16_t *edge,
                                    uint32_t count)
{
    for (int i = 0; i < cl->switched_count[t]; i++)
        if (cl->switched[t][i] != s)
            edge[count++] = cl->switched[t][i];
    return count;
}

/* The edges of node s = (cell, d + 1): through each potential s on
 * switches off (its digit's other places in its units: `peers` the cell's
 * peers; with Y-links its cell's other candidates, of `others`) that
 * switches something on (`linked`, candidates only, and `others` the
 * cell's digits in cl->linked with Y-links, else none), what that one
 * switches on (cl->switched, made by closure_edges: partners_of's nodes,
 * in its order), in the grid and links that `linked` and cl's lists were
 * made with; each word of the peers walked on its own (a loop over the
 * two costs more). The links that lead
 * back to s (a place of its digit in a unit of two with it, its cell's
 * other candidate in a cell of two) are left out: such an edge changes no
 * reach and no part: leaving out s leaves out all of them (a place of
 * digit d in s's cell is s; the Y-link of a candidate of s's cell leads
 * to s or to nothing) and nothing else. */
CHAIN_INLINE uint32_t edges_of(const closure *cl, const uint64_t *peers,
                                 const uint64_t *linked, unsigned others, int cell, int d,
                                 uint16_t *edge, uint32_t count)
{
    int s = cell * BD_SIZE + d;
    for (uint64_t bits = peers[0] & linked[2 * d]; bits; bits &= bits - 1u)
        count = switched_but(cl, low_index(bits) * BD_SIZE + d, s, edge, count);
    for (uint64_t bits = peers[1] & linked[2 * d + 1]; bits; bits &= bits - 1u)
        count = switched_but(cl, (64 + low_index(bits)) * BD_SIZE + d, s, edge, count);
    for (unsigned ds = others & ~(1u << d); ds; ds &= ds - 1u)
        count = switched_but(cl, cell * BD_SIZE + bit_digit(ds) - 1, s, edge, count);
    return count;
}

/* Node s = (cell, d + 1)'s place in a row: its word 2 * d + cell / 64
 * times 64, plus its bit cell % 64 (one table read, not two). */
#define NODE_AT(cell, d) (uint16_t)((2 * (d) + (cell) / 64) * 64 + (cell) % 64)
#define CELL_AT(c) NODE_AT(c, 0), NODE_AT(c, 1), NODE_AT(c, 2), NODE_AT(c, 3), NODE_AT(c, 4), \
    NODE_AT(c, 5), NODE_AT(c, 6), NODE_AT(c, 7), NODE_AT(c, 8)
#define NINE_AT(c) CELL_AT(c), CELL_AT(c + 1), CELL_AT(c + 2), CELL_AT(c + 3), CELL_AT(c + 4), \
    CELL_AT(c + 5), CELL_AT(c + 6), CELL_AT(c + 7), CELL_AT(c + 8)
static const uint16_t node_at[CANDIDATES] = {
    NINE_AT(0), NINE_AT(9), NINE_AT(18), NINE_AT(27), NINE_AT(36),
    NINE_AT(45), NINE_AT(54), NINE_AT(63), NINE_AT(72)};

/* Adds node s (cell * 9 + d) to `row`, whose words are set for the digits
 * of *digits only: a digit's words are cleared when it first comes. */
static inline void row_add_node(uint64_t *row, unsigned *digits, int s)
{
    unsigned at = node_at[s], w = at >> 6, d = w >> 1;
    if (!(*digits >> d & 1u)) {
        row[2 * d] = row[2 * d + 1] = 0;
        *digits |= 1u << d;
    }
    row[w] |= (uint64_t)1 << (at & 63);
}

/* Adds to `row` (its words set for the digits of *digits only) the row
 * `from`, whose words are set for the digits of `more`: a digit's words
 * are cleared when it first comes. */
static inline void row_take(uint64_t *row, unsigned *digits, const uint64_t *from, unsigned more)
{
    for (unsigned ds = more & ~*digits; ds; ds &= ds - 1u) {
        int w = 2 * (bit_digit(ds) - 1);
        row[w] = row[w + 1] = 0;
    }
    *digits |= more;
    for (unsigned ds = more; ds; ds &= ds - 1u) {
        int w = 2 * (bit_digit(ds) - 1);
        row[w] |= from[w];
        row[w + 1] |= from[w + 1];
    }
}

/* Closes the part whose first node on the stack is `root`: its reach, set
 * as the part's row, its nodes leaving the stack. `part` numbers it. An
 * edge leads to a node without edges (a sink: no part, part -1), a node
 * of this part, or a part closed before (Tarjan's walk closes a part after
 * every part it reaches); the row of each of those is taken in once. */
static void close_part(closure *cl, int root, int *depth, int16_t part)
{
    uint64_t *row = cl->row[part];   /* a digit's words cleared when it comes */
    unsigned digits = 0;
    int top = *depth, bottom = top;
    do
        cl->part[cl->stack[--bottom]] = part;
    while (cl->stack[bottom] != root);
    cl->taken[part] = part;
    cl->may_remove[part] = 0;
    cl->size[part] = (uint16_t)(top - bottom);
    cl->first_member[part] = cl->member_count;
    for (int i = bottom; i < top; i++) {
        int s = cl->stack[i];
        cl->member[cl->member_count++] = (uint16_t)s;
        row_add_node(row, &digits, s);
        for (uint32_t e = cl->first[s]; e < cl->end[s]; e++) {
            int v = cl->edge[e], other = cl->part[v];
            if (other < 0) {
                row_add_node(row, &digits, v);
                continue;
            }
            if (cl->taken[other] == part)
                continue;   /* this part, or a part already taken in */
            cl->taken[other] = part;
            row_take(row, &digits, cl->row[other], cl->digits[other]);
        }
    }
    cl->digits[part] = (uint16_t)digits;
    *depth = bottom;
}

/* Closes node s as a part of its own numbered `part` when each of its
 * edges leads to a sink or to a node closed already (whose part's row is
 * made): it is on no cycle then, and its reach is itself, those sinks and
 * those parts' reach. False, and nothing written, when an edge leads to a
 * node not closed yet (all its edges read first: most calls fail, and
 * a row begun would be thrown away). */
static bool close_early(closure *cl, int s, int16_t part)
{
    for (uint32_t e = cl->first[s]; e < cl->end[s]; e++)
        if (cl->index[cl->edge[e]] < 0)   /* before the walk, only a node with edges
                                             not closed yet has index -1 */
            return false;
    uint64_t *row = cl->row[part];
    unsigned digits = 0;
    row_add_node(row, &digits, s);
    for (uint32_t e = cl->first[s]; e < cl->end[s]; e++) {
        int v = cl->edge[e], other = cl->part[v];
        if (other < 0) {
            row_add_node(row, &digits, v);
            continue;
        }
        row_take(row, &digits, cl->row[other], cl->digits[other]);
    }
    cl->digits[part] = (uint16_t)digits;
    cl->index[s] = SINK_INDEX;   /* not walked: closed */
    cl->part[s] = part;
    cl->taken[part] = part;
    cl->may_remove[part] = 0;
    cl->size[part] = 1;
    cl->first_member[part] = cl->member_count;
    cl->member[cl->member_count++] = (uint16_t)s;
    return true;
}

/* Sets cl's lists of what the linked candidates switched off switch on
 * (cl->linked, switched and switched_count: partners_of's) and cl's edges
 * with grid rg's links y, x (`linked` their reach_links_linked) (edges_of,
 * node by node in the order of the cells and their digits: with Y-links
 * only, the candidates of the cells of two; else all) and marks each node
 * unwalked (index -1, part -1) or a sink (SINK_INDEX); into cl->order the
 * nodes with edges, in that order; their number. */
CHAIN_INLINE int closure_edges(closure *cl, const reach_grid *rg, const uint64_t *linked,
                                bool y, bool x)
{
    memset(cl->linked, 0, sizeof cl->linked);
    for (int d = 0; d < BD_SIZE; d++)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = linked[2 * d + w]; bits; bits &= bits - 1u) {
                int t = w * 64 + low_index(bits);
                cl->linked[t] |= (uint16_t)(1u << d);
                cl->switched_count[t * BD_SIZE + d] =
                    (uint8_t)partners_of(rg, y, x, t, d, cl->switched[t * BD_SIZE + d], 0);
            }
    uint32_t count = 0;
    int nodes = 0;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned others = y ? cl->linked[cell] : 0;
        for (unsigned ds = x || rg->cell_left[cell] == 2 ? rg->cell_cand[cell] : 0; ds;
             ds &= ds - 1u) {
            int d = bit_digit(ds) - 1, s = cell * BD_SIZE + d;
            uint32_t first = count;
            count = edges_of(cl, rg->peers[cell], linked, others, cell, d, cl->edge, count);
            cl->first[s] = first;
            cl->end[s] = count;
            cl->part[s] = -1;
            cl->index[s] = SINK_INDEX;
            if (count > first) {
                cl->index[s] = -1;
                cl->order[nodes++] = (uint16_t)s;
            }
        }
    }
    return nodes;
}

/* Makes `cl` the closure of grid rg's candidates with links y, x (cycles.h). */
void closure_make(closure *cl, const reach_grid *rg, const uint64_t *linked, bool y, bool x)
{
    cl->member_count = 0;
    int nodes = y && x ? closure_edges(cl, rg, linked, true, true)   /* most: a copy with */
                       : closure_edges(cl, rg, linked, y, x);         /* the links fixed */
    int16_t next = 0, parts = 0;
    for (int i = nodes - 1; i >= 0; i--)   /* without the walk where it may (from
                                              the last node back: measured cheaper) */
        if (close_early(cl, cl->order[i], parts))
            parts++;
    int depth = 0;
    for (int i = 0; i < nodes; i++) {
        int start = cl->order[i];
        if (cl->index[start] >= 0)
            continue;   /* walked, or closed early */
        int length = 0;   /* Tarjan's walk, its path held in cl->path */
        cl->path[length++] = (uint16_t)start;
        cl->index[start] = cl->low[start] = next++;
        cl->at[start] = cl->first[start];
        cl->stack[depth++] = (uint16_t)start;
        while (length) {
            int s = cl->path[length - 1];
            if (cl->at[s] < cl->end[s]) {
                int v = cl->edge[cl->at[s]++];
                if (cl->index[v] < 0) {
                    cl->index[v] = cl->low[v] = next++;
                    cl->at[v] = cl->first[v];
                    cl->stack[depth++] = (uint16_t)v;
                    cl->path[length++] = (uint16_t)v;
                } else if (cl->part[v] < 0 && cl->index[v] < cl->low[s]) {
                    cl->low[s] = cl->index[v];   /* on the stack (a sink's
                                                    index is never less) */
                }
                continue;
            }
            length--;
            if (cl->low[s] == cl->index[s])
                close_part(cl, s, &depth, parts++);
            if (length) {
                int parent = cl->path[length - 1];
                if (cl->low[s] < cl->low[parent])
                    cl->low[parent] = cl->low[s];
            }
        }
    }
    cl->part_count = parts;
}

enum { KEY_WORDS = (BD_CELLS * 2 + 7) / 8, PART_WORDS = (CANDIDATES * 2 + 7) / 8 };

/* The hash of a grid's candidates `cand` (81 masks), never 0. */
static uint64_t cand_hash(const uint16_t *cand)
{
    uint64_t h = 0x9e3779b97f4a7c15u, word;
    for (size_t at = 0; at + 8 <= BD_CELLS * 2; at += 8) {
        memcpy(&word, (const unsigned char *)cand + at, sizeof word);
        h = (h ^ word) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    word = cand[BD_CELLS - 1];   /* the last mask, left over from the words */
    h = (h ^ word) * 0xff51afd7ed558ccdu;
    h ^= h >> 32;
    return h ? h : 1;
}

/* An entry's layout from its start: its hash, its number of parts, its
 * key (KEY_WORDS), the candidates' parts (PART_WORDS), the parts' digit
 * masks (a quarter word each), then the parts' rows as the closure holds
 * them (18 words each, those of digits not in the part's mask unset). The
 * number of words it takes with `parts` parts. */
static uint64_t entry_words(int parts)
{
    return 2 + KEY_WORDS + PART_WORDS + (uint64_t)(parts + 3) / 4
           + (uint64_t)parts * BD_SIZE * 2;
}

enum { ROWS_AT_ONCE = 16 };   /* 2,304 bytes: the compiler copies them inline */

/* Copies `parts` rows (18 words each) from `from` to `to`, ROWS_AT_ONCE
 * at a time. */
static void rows_copy(uint64_t *to, const uint64_t *from, int parts)
{
    for (int p = 0; p < parts; p += ROWS_AT_ONCE) {
        int n = parts - p < ROWS_AT_ONCE ? parts - p : ROWS_AT_ONCE;
        memcpy(to + p * BD_SIZE * 2, from + p * BD_SIZE * 2,
               (size_t)n * BD_SIZE * 2 * sizeof *to);
    }
}

/* Keeps closure `cl` of a grid with candidates `cand` in `cache`
 * (cycles.h). */
void closure_keep(closure_cache *cache, const uint16_t *cand, const closure *cl)
{
    int parts = cl->part_count;
    uint64_t words = entry_words(parts);
    if (words > CACHE_WORDS / 10)
        return;
    if (!cache->used) {
        cache->used = true;
        cache->written = 0;
        memset(cache->slot_hash, 0, sizeof cache->slot_hash);
    }
    uint64_t start = cache->written;
    if (start % CACHE_WORDS + words > CACHE_WORDS)
        start += CACHE_WORDS - start % CACHE_WORDS;   /* the ring's end left as a gap */
    uint64_t h = cand_hash(cand), *w = cache->word + start % CACHE_WORDS;
    w[0] = h;
    w[1] = (uint64_t)parts;
    memcpy(w + 2, cand, BD_CELLS * sizeof *cand);
    memcpy(w + 2 + KEY_WORDS, cl->part, sizeof cl->part);
    memcpy(w + 2 + KEY_WORDS + PART_WORDS, cl->digits, (size_t)parts * sizeof *cl->digits);
    rows_copy(w + 2 + KEY_WORDS + PART_WORDS + (parts + 3) / 4, cl->row[0], parts);
    cache->written = start + words;
    cache->slot_hash[h & (CACHE_SLOTS - 1)] = h;
    cache->slot_at[h & (CACHE_SLOTS - 1)] = start;
}

/* The closure of a grid with candidates `cand` from `cache`, made into
 * `cl` for cycles_closure_on; false when none is held (cycles.h). */
bool closure_find(const closure_cache *cache, const uint16_t *cand, closure *cl)
{
    if (!cache->used)
        return false;
    uint64_t h = cand_hash(cand), start = cache->slot_at[h & (CACHE_SLOTS - 1)];
    if (cache->slot_hash[h & (CACHE_SLOTS - 1)] != h || cache->written - start > CACHE_WORDS)
        return false;   /* none of its hash, or overwritten since */
    const uint64_t *w = cache->word + start % CACHE_WORDS;
    if (w[0] != h || memcmp(w + 2, cand, BD_CELLS * sizeof *cand))
        return false;
    int parts = (int)w[1];
    memcpy(cl->part, w + 2 + KEY_WORDS, sizeof cl->part);
    memcpy(cl->digits, w + 2 + KEY_WORDS + PART_WORDS, (size_t)parts * sizeof *cl->digits);
    rows_copy(cl->row[0], w + 2 + KEY_WORDS + PART_WORDS + (parts + 3) / 4, parts);
    cl->part_count = (int16_t)parts;
    return true;
}

/* The reach of node s in the closure `cl` (its row, or for a node without
 * edges the node alone, made in `buf`). */
static const uint64_t *reach_row(const closure *cl, int s, uint64_t *buf)
{
    memset(buf, 0, BD_SIZE * 2 * sizeof *buf);
    if (is_sink(cl, s)) {
        int cell = s / BD_SIZE;
        buf[2 * (s % BD_SIZE) + (cell >> 6)] = (uint64_t)1 << (cell & 63);
        return buf;
    }
    int part = cl->part[s];
    for (unsigned ds = cl->digits[part]; ds; ds &= ds - 1u) {
        int w = 2 * (bit_digit(ds) - 1);
        buf[w] = cl->row[part][w];
        buf[w + 1] = cl->row[part][w + 1];
    }
    return buf;
}

/* Into `r`, the sets reach_links reaches with the cell rules when the
 * potentials on are those of `on` (a closure's row; only the words of the
 * digits of `digits`, bit d - 1 for digit d, are read): what those switch
 * off too; r->conflict when a potential is both on and off. A potential on
 * (at, d) switches off its digit in its peers, and at's other candidates:
 * candidate (at, e) goes when a digit other than e is on at `at` (a cell
 * of `any` that is not one where e alone is on). So a potential on is
 * switched off by its cell when two digits are on there (`twice`), and
 * by its digit in another cell when one of its peers has it on. The
 * words of `on` are read by digit (each of r->on's written once, no
 * memset first). `r`
 * shares no memory with rg nor `on` (restrict: the compiler's test of
 * that, and its word-by-word loop where they would, left out). */
CHAIN_INLINE void closure_reach(const reach_grid *restrict rg, const uint64_t *restrict on,
                          unsigned digits, reach *restrict r)
{
    uint64_t any[2] = {0, 0}, twice[2] = {0, 0};   /* cells with a digit on; with two */
    for (int d = 0; d < BD_SIZE; d++) {
        if (!(digits >> d & 1u)) {
            r->on[d][0] = r->on[d][1] = 0;
            continue;
        }
        for (int w = 0; w < 2; w++) {
            r->on[d][w] = on[2 * d + w];
            twice[w] |= any[w] & on[2 * d + w];
            any[w] |= on[2 * d + w];
        }
    }
    for (int e = 0; e < BD_SIZE; e++)
        for (int w = 0; w < 2; w++)
            r->off[e][w] = rg->cand[e][w] & any[w] & ~(r->on[e][w] & ~twice[w]);
    uint64_t both = twice[0] | twice[1];
    for (unsigned on_digits = digits; on_digits; on_digits &= on_digits - 1u) {
        int d = bit_digit(on_digits) - 1;
        uint64_t peers[2] = {0, 0};   /* each word of `on` walked on its own */
        for (uint64_t bits = on[2 * d]; bits; bits &= bits - 1u) {
            peers[0] |= rg->peers[low_index(bits)][0];
            peers[1] |= rg->peers[low_index(bits)][1];
        }
        for (uint64_t bits = on[2 * d + 1]; bits; bits &= bits - 1u) {
            peers[0] |= rg->peers[64 + low_index(bits)][0];
            peers[1] |= rg->peers[64 + low_index(bits)][1];
        }
        r->off[d][0] |= rg->cand[d][0] & peers[0];
        r->off[d][1] |= rg->cand[d][1] & peers[1];
        both |= (on[2 * d] & peers[0]) | (on[2 * d + 1] & peers[1]);
    }
    r->conflict = both != 0;
}

/* The sets closure_reach makes when the potentials on are (cell, d + 1)
 * alone (a node without edges), without its loops: it switches off its
 * digit in its peers and its cell's other candidates, and meets no
 * conflict (a cell is not its own peer). CHAIN_INLINE (chains.h): it
 * has two callers, and cycles_closure_on's (most calls) costs less with
 * it inlined. */
CHAIN_INLINE void lone_reach(const reach_grid *rg, int cell, int d, reach *r)
{
    int w = cell >> 6;
    uint64_t bit = (uint64_t)1 << (cell & 63);
    for (int e = 0; e < BD_SIZE; e++) {   /* each word written once or twice, no memset */
        r->on[e][0] = r->on[e][1] = 0;
        r->off[e][w] = rg->cand[e][w] & bit;
        r->off[e][1 - w] = 0;
    }
    r->conflict = false;
    r->on[d][w] = bit;
    r->off[d][w] = 0;
    r->off[d][0] |= rg->cand[d][0] & rg->peers[cell][0];
    r->off[d][1] |= rg->cand[d][1] & rg->peers[cell][1];
}

/* What node s's reach in closure `cl`, as far as grid rg has its
 * candidates, switches off with both links (cycles.h). A node without
 * edges reaches itself only: lone_reach's sets are closure_reach's for it. */
void closure_off_of(const closure *cl, const reach_grid *rg, int s, uint64_t *off)
{
    reach r;
    int part = cl->part[s];
    if (part < 0) {
        lone_reach(rg, s / BD_SIZE, s % BD_SIZE, &r);
    } else {
        uint64_t row[BD_SIZE * 2];   /* only the words of `digits` set */
        unsigned digits = cl->digits[part];
        for (unsigned ds = digits; ds; ds &= ds - 1u) {
            int d = bit_digit(ds) - 1;
            row[2 * d] = cl->row[part][2 * d] & rg->cand[d][0];
            row[2 * d + 1] = cl->row[part][2 * d + 1] & rg->cand[d][1];
        }
        closure_reach(rg, row, digits, &r);
    }
    memcpy(off, r.off, sizeof r.off);
}

/* The bytes a closure takes (chains.h). */
size_t cycles_closure_size(void)
{
    return sizeof(closure);
}

/* Makes `cl` the closure of grid rg with links y, x (chains.h). */
void cycles_closure_make(struct closure *cl, const reach_grid *rg, bool y, bool x)
{
    uint64_t linked[BD_SIZE * 2];
    reach_links_linked(rg, y, x, linked);
    closure_make(cl, rg, linked, y, x);
}

/* What closure `cl` (both links, the cell rules) reaches from candidate
 * `cand` on, into `r`; false on a contradiction (chains.h). */
bool cycles_closure_on(const struct closure *cl, const reach_grid *rg, int cand, reach *r)
{
    int part = cl->part[cand];
    if (part < 0) {
        lone_reach(rg, cand / BD_SIZE, cand % BD_SIZE, r);
        return true;
    }
    closure_reach(rg, cl->row[part], cl->digits[part], r);
    return !r->conflict;
}

/* Each start's row of reach_links' potentials on, from a closure made
 * for it (chains.h); false when memory ran short. */
bool cycles_reach_rows(const reach_grid *rg, bool y, bool x, uint64_t (*rows)[BD_SIZE * 2])
{
    closure *cl = malloc(sizeof *cl);
    if (!cl)
        return false;
    cycles_closure_make(cl, rg, y, x);
    for (int cell = 0; cell < BD_CELLS; cell++)
        for (unsigned ds = x || rg->cell_left[cell] == 2 ? rg->cell_cand[cell] : 0; ds;
             ds &= ds - 1u) {
            int s = cell * BD_SIZE + bit_digit(ds) - 1;
            reach_row(cl, s, rows[s]);
        }
    free(cl);
    return true;
}
