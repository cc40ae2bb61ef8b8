/*
 * cycles.h - what the files of SE's static chaining producer share
 * (cycles.c the search's flow and its tests of whether a start's walks
 * may find anything, above closure.c the closure of all starts' reach
 * and unary_walks.c the walks themselves): the walks' state of one
 * search (unary), the closure (closure) and its readers, and the
 * functions of the files below that cycles.c calls.
 */
#ifndef BITDOKU_CYCLES_H
#define BITDOKU_CYCLES_H

#include "chains.h"

/* A potential of find_cycles' walk, kept in the walk's own list (not as
 * a chainer node) until a cycle closes on it: its cause and its first
 * parent (its index in the list; -1 for the start, the list's first). */
typedef struct lnode {
    uint16_t pot;
    uint8_t cause;
    int32_t parent;
} lnode;

/* A growable queue of node indexes. */
typedef struct nqueue {
    int32_t *item;
    size_t head, tail, cap;
} nqueue;

enum { CANDIDATES = BD_CELLS * BD_SIZE };

/* The walks of one assumption. */
typedef struct unary {
    bdi_chainer *ch;
    const chain_grid *g;
    bool y, x;
    int sort_key;               /* SE's: 2 X-links only, 3 Y-links only, 4 both */
    double cycle_base, forcing_base;
    int32_t source;
    nqueue on_q, off_q;
    lnode *light;               /* find_cycles' or find_forcing's walk: its
                                   potentials */
    uint32_t light_count, light_cap;
    const chint_list *list;
    const reach_grid *rg;       /* the grid for reach_links, or NULL */
    uint64_t linked[BD_SIZE * 2]; /* with rg: reach_links_linked's, for y, x */
    struct closure *cl;         /* all starts' reach, for y, x; or NULL (each
                                   start walks for its own tests) */
    bool cl_made;               /* whether cl is made for this grid, y, x */
    const uint8_t *may;         /* by start: the tests with both links that
                                   passed (MAY_), or NULL: all may */
    const uint64_t (*removable)[2];   /* nested: by digit, the candidates a
                                   cycle may remove (both_on_tests'), or
                                   NULL: all */
    bool part_set;              /* may_cycle found the start's part: */
    uint64_t part[BD_SIZE][2];  /* its nodes, a cell set a digit */
    const struct closure *part_cl;   /* `part` holds part part_no of this
                                   closure as made (part_from_closure), or
                                   NULL */
    int part_no;
    struct set_walk *walk;      /* the forcing chain walk by cell sets'
                                   room (unary_walks.c), or NULL */
    bool span_set;              /* forcing_span's last answer (unary_walks.c), */
    int span;                   /* for a list whose best had these measures */
    double span_difficulty, span_base;
    int span_complexity, span_best_key, span_key;
} unary;

/* All starts' reach at once, for one kind of links: the graph whose nodes
 * are the candidates, with an edge from s to u when s on switches off a
 * potential t whose switching off switches u on (reach_links' two
 * steps). The potentials on that reach_links reaches from s on are the
 * nodes reachable from s (s included); those it switches off are what
 * those switch off. Tarjan's walk finds the graph's strongly connected
 * parts, each after every part it reaches, so each part's reach is its
 * own nodes and the reach of the parts its edges lead to, made once and
 * shared by all its nodes. A reach is a cell set a digit (as reach's
 * `on`), with a mask of its digits: only those digits' words are set. A
 * node without edges reaches itself only, and has no part nor row. */
typedef struct closure {
    uint64_t row[CANDIDATES][BD_SIZE * 2];   /* by part: its reach */
    uint16_t digits[CANDIDATES];     /* by part, bit d: the reach has digit d + 1 */
    int16_t taken[CANDIDATES];       /* by part: the last part whose row took in its row */
    uint16_t size[CANDIDATES];       /* by part: its number of nodes */
    uint16_t first_member[CANDIDATES];   /* by part: where its nodes begin in `member` */
    uint16_t member[CANDIDATES], member_count;   /* the parts' nodes, part after part */
    uint16_t linked[BD_CELLS];       /* bit d: (cell, d + 1) off switches something on */
    uint16_t switched[CANDIDATES][4];   /* by linked candidate t: what t off switches on
                                           (partners_of's order), switched_count of them */
    uint8_t switched_count[CANDIDATES];
    int16_t index[CANDIDATES], low[CANDIDATES], part[CANDIDATES];   /* a sink's
                                     index is SINK_INDEX, its part -1 */
    uint16_t stack[CANDIDATES], path[CANDIDATES];
    uint16_t order[CANDIDATES];      /* the nodes with edges, as walked */
    uint32_t at[CANDIDATES];         /* a node on the path: its next edge */
    uint32_t first[CANDIDATES], end[CANDIDATES];   /* its edges: edge[first..end) */
    uint16_t edge[CANDIDATES * 4 * (HOUSE_CELLS + BD_SIZE)];
    uint8_t may_remove[CANDIDATES];  /* by part: cycle_may_remove's answer, once
                                        asked (MAY_REMOVE_), else 0 */
    int16_t part_count;              /* the number of parts */
} closure;

enum { CACHE_WORDS = 1 << 20, CACHE_SLOTS = 2048 };   /* powers of two */

/* Closures kept by grid (closure.c's closure_keep and closure_find), as
 * far as cycles_closure_on reads them: each entry, in a ring of words
 * written in turn (the oldest overwritten first), holds its grid's
 * candidates (its key), each candidate's part and each part's digits and
 * row. A slot by hash points to the last entry of its hash;
 * an entry is whole while fewer than CACHE_WORDS words were written after
 * its start. Empty until first used (`used` false: the rest unset). */
typedef struct closure_cache {
    bool used;
    uint64_t written;                /* the words written, wraps left as gaps */
    uint64_t slot_hash[CACHE_SLOTS]; /* 0: an empty slot */
    uint64_t slot_at[CACHE_SLOTS];   /* its entry's start, as `written` was */
    uint64_t word[CACHE_WORDS];
} closure_cache;

/* Tarjan's index of a node without edges: more than any walked node's,
 * so that an edge to it never lowers a node's low link. */
enum { SINK_INDEX = INT16_MAX };

/* Whether candidate `cand` (cell * BD_SIZE + digit - 1) has its digit's
 * other place in a unit of two places with it (rg->partner). */
static inline bool unit_partner(const reach_grid *rg, int cand)
{
    return (rg->partner[cand][0] | rg->partner[cand][1]) != 0;
}

/* Appends to `edge` (from `count`) the nodes that t = (cell, d + 1)
 * switched off switches on with grid rg's links y, x (links_off's): with y
 * its cell's other candidate in a cell of two, with x its digit's other
 * place in each unit of two. The new count. */
static inline uint32_t partners_of(const reach_grid *rg, bool y, bool x, int cell, int d,
                                   uint16_t *edge, uint32_t count)
{
    if (y && rg->cell_left[cell] == 2)
        edge[count++] = (uint16_t)(cell * BD_SIZE + bit_digit(rg->cell_cand[cell] & ~(1u << d)) - 1);
    if (x) {
        const uint64_t *partner = rg->partner[cell * BD_SIZE + d];
        for (uint64_t bits = partner[0]; bits; bits &= bits - 1u)
            edge[count++] = (uint16_t)(low_index(bits) * BD_SIZE + d);
        for (uint64_t bits = partner[1]; bits; bits &= bits - 1u)
            edge[count++] = (uint16_t)((64 + low_index(bits)) * BD_SIZE + d);
    }
    return count;
}

/* Whether node s has no edge: its reach is itself (its row is not set). */
static inline bool is_sink(const closure *cl, int s)
{
    return cl->first[s] == cl->end[s];
}

/* Whether node s is on a cycle of the closure's graph: in a part of more
 * than one node (an edge never leads back to its own node). */
static inline bool on_cycle(const closure *cl, int s)
{
    return !is_sink(cl, s) && cl->size[cl->part[s]] > 1;
}

/* Whether what closure `cl` reaches from (cell, d + 1) on holds a
 * potential on that switches it off: its digit in a peer, or with Y-links
 * (`y`) another digit in its cell. */
static inline bool on_meets_opposite(const closure *cl, const reach_grid *rg, bool y, int cell,
                                     int d)
{
    int w = cell >> 6, part = cl->part[cell * BD_SIZE + d];
    if (part < 0)
        return false;   /* a node without edges (no part) reaches itself only */
    const uint64_t *row = cl->row[part];   /* its digits' words only */
    unsigned digits = cl->digits[part];
    if ((digits >> d & 1u)
        && ((row[2 * d] & rg->peers[cell][0]) || (row[2 * d + 1] & rg->peers[cell][1])))
        return true;
    for (unsigned ds = y ? rg->cell_cand[cell] & digits & ~(1u << d) : 0; ds; ds &= ds - 1u)
        if (row[2 * (bit_digit(ds) - 1) + w] >> (cell & 63) & 1u)
            return true;
    return false;
}

/* closure.c: makes `cl` the closure of grid `rg`'s candidates with links
 * y and x, `linked` being reach_links_linked(rg, y, x)'s (the nodes
 * without edges, sinks, left out of Tarjan's walk: each is its own part,
 * which reaches itself only; its index SINK_INDEX). With Y-links only, the
 * nodes are the candidates of the cells of two: the only starts, and all
 * that a potential off switches on is one of them. */
void closure_make(closure *cl, const reach_grid *rg, const uint64_t *linked, bool y, bool x);

/* closure.c: into `cache` (emptied by setting `used` false), closure `cl`, made with both links for a grid whose
 * candidates are `cand` (81 masks), as cycles_closure_on reads it; not
 * kept when too large for a tenth of the ring. */
void closure_keep(closure_cache *cache, const uint16_t *cand, const closure *cl);

/* closure.c: the closure `cache` holds for a grid whose candidates are
 * `cand`, made into `cl` as far as cycles_closure_on reads it (each
 * candidate's part, each part's digits and row; nothing else of `cl` is
 * set, so only cycles_closure_on may read it); false, `cl` untouched,
 * when the cache holds none. */
bool closure_find(const closure_cache *cache, const uint16_t *cand, closure *cl);

/* closure.c: into `off` (a cell set a digit), the candidates of grid rg
 * that the reach of node s in closure `cl` (made with both links for a
 * grid that has every candidate of grid rg; s one of rg's), as far as rg
 * has those potentials on, switches off with both links: their digit in
 * their peers, and in their cells the other candidates (a candidate of
 * the reach too when another digit of its cell is on). */
void closure_off_of(const closure *cl, const reach_grid *rg, int s, uint64_t *off);

/* unary_walks.c, SE's walks from one start (their contracts there): the
 * cycle walk, which offers each cycle it finds; the forcing chain walk's
 * bound and the walk itself; the forcing chain's hint. */
void find_cycles(unary *u, chint_list *list);
bool forcing_may_win(unary *u, int cell, int digit, bool on);
int32_t forcing_from(unary *u, int32_t start, chint_list *list);
void offer_forcing(unary *u, int32_t target, const chain_grid *g, chint_list *list);

/* u->cl, made first if it is not made yet for the grid and links. */
static inline const closure *closure_of(unary *u)
{
    if (!u->cl_made) {
        closure_make(u->cl, u->rg, u->linked, u->y, u->x);
        u->cl_made = true;
        u->part_cl = NULL;   /* its parts are new */
    }
    return u->cl;
}

#endif /* BITDOKU_CYCLES_H */
