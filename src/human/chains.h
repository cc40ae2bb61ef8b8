/*
 * chains.h - the machinery that SE's chaining producers share (chains.c)
 * and the list of their hints (chain_hints.c), offered to the producers
 * (cycles.c: cycles and forcing X- and XY-chains; forcing.c: Nishio,
 * multiple and dynamic forcing chains), to the rules nested in dynamic
 * chains (nested.c, SE's levels 1 to 5, which run the producers), and to
 * the path's entry points (chaining.c), in that order from the bottom up.
 * A dynamic chain of level >= 1 asks nested.c for more through the
 * chainer's `advanced`, which chaining.c sets.
 *
 * A potential is SE's Potential: a candidate (cell, digit) assumed on (the
 * digit is in the cell) or off, numbered (cell * 9 + digit - 1) * 2 + on.
 * A node is one potential as some inference reached it: its cause (which
 * rule) and its parents, the nodes it was inferred from (the first is the
 * one processed when it was made; a dynamic chain adds the "hidden"
 * parents, the potentials switched off earlier that the rule needed).
 * Nodes live in an arena used as a stack: a producer marks it, and
 * releases it when done with what it made, so that a producer nested in
 * another's chain leaves the outer chain's nodes alone.
 *
 * A set of potentials is SE's LinkedSet: at most one node per potential,
 * kept in the order added, the first node added for a potential staying
 * the one the set gives back. (SE's cycle search adds potentials already
 * present, which replaces the node its set gives back; nothing reads it
 * back there, so these sets do not.)
 */
#ifndef BITDOKU_CHAINS_H
#define BITDOKU_CHAINS_H

#include "human.h"

#include <string.h>

/* A static function inlined into each caller whatever the compiler's
 * budget for inlining (GCC and Clang; elsewhere a plain static inline).
 * For the chain files' hot helpers: each file says why where it uses it. */
#if defined(__GNUC__)
#define CHAIN_INLINE static inline __attribute__((always_inline))
#else
#define CHAIN_INLINE static inline
#endif

/* Why a node holds (SE's Potential.Cause); CAUSE_NONE for an assumption. */
enum {
    CAUSE_NONE,
    CAUSE_NAKED_SINGLE,           /* the cell's other candidates */
    CAUSE_HIDDEN_BOX,             /* the digit's other places in the box */
    CAUSE_HIDDEN_ROW,
    CAUSE_HIDDEN_COL,
    CAUSE_ADVANCED                /* another rule (nested.c) */
};

typedef struct cnode {
    uint16_t pot;
    uint8_t cause;
    uint32_t parent_first;        /* in the arena's parents[] */
    uint32_t parent_count;
    int32_t nested;               /* a nested chain hint's record, or -1 */
} cnode;

/* A potential: candidate (cell, digit) on or off, as one index (its
 * candidate's index times two, plus one for on); pot_cell, pot_digit and
 * pot_on read it back. */
static inline int pot_of(int cell, int digit, bool on)
{
    return (cell * BD_SIZE + digit - 1) * 2 + on;
}
static inline int pot_cell(int pot) { return bdi_cand_cell[pot >> 1]; }
static inline int pot_digit(int pot) { return bdi_cand_digit[pot >> 1]; }
static inline bool pot_on(int pot) { return pot & 1; }

/* A LinkedSet of potentials: where[pot] is the node index held for pot,
 * or -1; order[] the nodes in the order added. */
typedef struct pset {
    int32_t *where;
    uint32_t *order;
    int count;
} pset;

/* The grid a chain is run on: the path's state, copied. */
typedef bdi_state chain_grid;

/* What chains read of a grid: the candidates of cell c (bit c of
 * `cells`) and the places of digit d in unit u (bit (d - 1) * 27 + u of
 * `places`: each digit's units together). A chain on a grid (static or
 * dynamic, without nested rules) is a function of what it reads, so that
 * it is the same on another grid where those are the same. */
typedef struct chain_reads {
    uint64_t cells[(BD_CELLS + 63) / 64];
    uint64_t places[(UNIT_COUNT * BD_SIZE + 63) / 64];
} chain_reads;

/* Sets bit i of a bit array. */
static inline void bits_set(uint64_t *bits, int i)
{
    bits[i >> 6] |= (uint64_t)1 << (i & 63);
}

/* Whether bit i of a bit array is set. */
static inline bool bits_has(const uint64_t *bits, int i)
{
    return bits[i >> 6] >> (i & 63) & 1u;
}

/* Notes a read of the candidates of `cell`. */
static inline void reads_cell(chain_reads *r, int cell)
{
    bits_set(r->cells, cell);
}

/* Notes a read of the places of `digit` in the box, row and column of
 * `cell`. */
static inline void reads_places(chain_reads *r, int cell, int digit)
{
    for (int kind = 0; kind < UNIT_KINDS; kind++)
        bits_set(r->places, (digit - 1) * UNIT_COUNT + unit_at(kind, cell));
}

/* Whether `a` and `b` share a cell or a unit's places. */
bool reads_meet(const chain_reads *a, const chain_reads *b);

/* A grid as the chain records keep it: its candidates and places. */
typedef struct grid_record {
    uint16_t cand[BD_CELLS];
    uint16_t places[UNIT_COUNT][BD_SIZE];
} grid_record;

/* Makes `r` a record of `g`. */
static inline void record_grid(grid_record *r, const chain_grid *g)
{
    memcpy(r->cand, g->cand, sizeof r->cand);
    memcpy(r->places, g->places, sizeof r->places);
}

/* Whether `r` is a record of `g` (its candidates and places as g's). */
static inline bool record_is(const grid_record *r, const chain_grid *g)
{
    return !memcmp(r->cand, g->cand, sizeof r->cand)
           && !memcmp(r->places, g->places, sizeof r->places);
}

/* Sets `changed` to the cells and places where `g` differs from `last`,
 * then makes `last` a record of `g`. */
void record_changes(grid_record *last, const chain_grid *g, chain_reads *changed);

/* A hint of a nested chaining rule, as the chain that uses it needs it:
 * its complexity (SE's getComplexity) and what tells SE's FullChain apart
 * (a hash of its targets and of the potentials of each target's chain). */
typedef struct nested_rec {
    int complexity;
    uint64_t fingerprint;
} nested_rec;

/* The result a chaining hint leaves (removals and placement, kind, sort
 * keys) and, while its nodes live, the nodes it rests on. */
typedef struct chint {
    int kind;                     /* CHAIN_ */
    bd_technique tech;
    double difficulty;
    int complexity;
    int sort_key;                 /* SE's getSortKey() */
    int cell, digit;              /* placement (SE's getCell), or cell -1 */
    uint16_t removed[BD_CELLS];
    int source;                   /* the assumption's potential, or -1 */
    int unit;                     /* region chains: the unit */
    int target_count;
    uint32_t targets[BD_SIZE];    /* node indexes: each branch's end */
    bool is_x, is_y;              /* cycles and forcing chains: link kinds */
    uint64_t fingerprint;         /* for nested use (see nested_rec) */
    uint32_t rule_first, rule_count;  /* nested use: its rule parents */
    uint32_t order;               /* keep_all: the place it was found in */
} chint;


/* SE's getAdvancedPotentials, as do_chaining asks for it: the contract of
 * nested.c's advanced_potentials (below). */
typedef void (*advanced_fn)(bdi_chainer *ch, chain_grid *g, const chain_grid *source, int level,
                            pset *off, int32_t *pending, int *pending_count);

/* The work space of a path's chaining (chains.c). */
struct bdi_chainer {
    cnode *nodes;
    uint32_t node_count, node_cap;
    uint32_t *parents;
    uint32_t parent_count, parent_cap;
    pset **sets;                  /* a stack of sets (each allocated once) */
    int set_count, set_cap;
    nested_rec *nested;           /* the records of nested hints */
    uint32_t nested_count, nested_cap;
    bool failed;                  /* memory ran short, or the budget
                                     was spent (cut_short) */
    bool cut_short;
    bdi_budget *budget;           /* or NULL: no limit */
    /* The rules beyond singles that a dynamic chain of level >= 1 may use:
     * do_chaining calls it when both its queues run dry. The level above
     * the producers sets it (chaining.c's bdi_forcing, to nested.c's
     * advanced_potentials) before forcing_hints runs, as qsort is handed
     * its comparator; NULL until then. */
    advanced_fn advanced;
    /* forcing.c's record, for the path's searches (forcing_hints with
     * `reuse`), of the cells that found nothing; one block with no
     * pointers inside, freed with the chainer. */
    struct forcing_memo *forcing_memo;
    chain_reads *reads;           /* do_chaining notes what it reads here,
                                     when not NULL */
    struct reach_memo *reach_memo;  /* forcing.c's closures of a search
                                       (one block, freed with the chainer) */
    uint32_t *memo_items;         /* forcing.c's spare room for a search's
                                     record of its chains (memo_cap items),
                                     kept between searches, or NULL */
    uint32_t memo_cap;
    struct reach_grid *cycles_grid; /* cycles.c's grid for reach_links (a
                                       search runs no other inside it) */
    struct cycles_none *cycles_none;  /* cycles.c's grids whose search,
                                         nested in a chain, found no hint
                                         (one block, freed with the chainer) */
    struct nested_memo *nested_memo;  /* nested.c's answers of the rules
                                         nested in chains, by grid (one
                                         block, freed with the chainer) */
    uint32_t *walk_marks;         /* walk_back's scratch (chains.c): by
                                     potential, the stamp of the last walk
                                     that queued it; the last stamp after
                                     them. No walk runs inside another. */
};

/* The arena's high-water marks, to release what was made after them. */
typedef struct cmark {
    uint32_t nodes, parents, nested;
    int sets;
} cmark;

cmark chain_mark(const bdi_chainer *ch);
void chain_release(bdi_chainer *ch, cmark mark);

/* Grows the arena to hold one more node and one more parent; false when
 * memory ran short (ch->failed set). */
bool node_room(bdi_chainer *ch);

/* A new node of `pot` with `cause` and first parent `parent` (-1: none);
 * its index, or -1 when memory ran short or the chainer's budget is spent
 * (ch->failed set either way). Every chain step makes one: inline, with
 * the arena's growth out of line. */
static inline int32_t node_new(bdi_chainer *ch, int pot, int cause, int32_t parent)
{
    if (ch->budget && bdi_budget_spend(ch->budget)) {
        ch->failed = ch->cut_short = true;
        return -1;
    }
    if ((ch->node_count >= ch->node_cap || ch->parent_count >= ch->parent_cap) && !node_room(ch))
        return -1;
    cnode *n = &ch->nodes[ch->node_count];
    n->pot = (uint16_t)pot;
    n->cause = (uint8_t)cause;
    n->parent_first = ch->parent_count;
    n->parent_count = 0;
    n->nested = -1;
    if (parent >= 0) {
        ch->parents[ch->parent_count++] = (uint32_t)parent;
        n->parent_count = 1;
    }
    return (int32_t)ch->node_count++;
}

/* Adds a parent to the node made last. */
void node_add_parent(bdi_chainer *ch, int32_t node, int32_t parent);

/* The parents of `node`: its parent_count nodes, in the arena. */
static inline const uint32_t *node_parents(const bdi_chainer *ch, int32_t node)
{
    return ch->parents + ch->nodes[node].parent_first;
}

/* A new empty set on the stack of sets (NULL when memory ran short); sets
 * go with chain_release. */
pset *set_new(bdi_chainer *ch);

/* Whether potential `pot` is in set `s`. */
static inline bool set_has(const pset *s, int pot)
{
    return s->where[pot] >= 0;
}

/* Adds node `node`, of potential `pot`, which `s` does not have. */
static inline void set_put(pset *s, int pot, int32_t node)
{
    s->where[pot] = node;
    s->order[s->count++] = (uint32_t)node;
}

/* Adds node `node` unless its potential is there; true when added. */
static inline bool set_add(const bdi_chainer *ch, pset *s, int32_t node)
{
    int pot = ch->nodes[node].pot;
    if (s->where[pot] >= 0)
        return false;
    set_put(s, pot, node);
    return true;
}

/* Fills the empty set `s` with the `count` nodes `items`, whose
 * potentials differ, in that order. */
static inline void set_fill(const bdi_chainer *ch, pset *s, const uint32_t *items, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++)
        s->where[ch->nodes[items[i]].pot] = (int32_t)items[i];
    memcpy(s->order, items, (size_t)count * sizeof *items);
    s->count = (int)count;
}

/* Keeps the potentials of `s` that `other` has (SE's retainAll). */
void set_retain(const bdi_chainer *ch, pset *s, const pset *other);

/* Fills the empty set `s` with the potentials of `from` that `other`
 * has, in from's order (a copy of `from` then set_retain, in one
 * pass). */
void set_meet(const bdi_chainer *ch, pset *s, const pset *from, const pset *other);

/* How the chaining of one producer is done. */
typedef struct chain_rules {
    bool y_links;                 /* the cell rules (SE: !nishio) */
    bool dynamic;                 /* switch off what is inferred off */
    int level;                    /* nested rules: 0, or 1..5 */
    /* 0, or a dynamic chain's cap (with the cell rules, no nested rules):
     * do_chaining may stop where every node it would still make has `cap`
     * nodes or more on its path of first parents (see do_chaining) */
    int cap;
} chain_rules;

/* A potential an implication gives, with the rule that gives it. */
typedef struct implied {
    uint16_t pot;
    uint8_t cause;
} implied;

/* SE's getRegionCause for unit kind `kind`. */
static inline int region_cause(int kind)
{
    return kind == UNIT_BOX ? CAUSE_HIDDEN_BOX : kind == UNIT_ROW ? CAUSE_HIDDEN_ROW
                                                                  : CAUSE_HIDDEN_COL;
}

/* The cells of `unit` at positions `places`, as implied potentials of
 * `digit` switched off, with `cause`. */
static inline int implied_offs(int unit, unsigned places, int digit, int cause, implied *out)
{
    int n = 0;
    for (; places; places &= places - 1u)
        out[n++] = (implied){(uint16_t)pot_of(unit_cell_of(unit, bit_digit(places) - 1), digit,
                                              false),
                             (uint8_t)cause};
    return n;
}

/* The positions that the row (`kind` UNIT_ROW: columns) or the column
 * (UNIT_COL: rows) of `cell` shares with its box. */
static inline unsigned box_part(int cell, int kind)
{
    static const uint16_t box_third[BD_SIZE] = {7, 7, 7, 070, 070, 070, 0700, 0700, 0700};
    return box_third[bdi_cell_pos[cell][kind]];
}

/* SE's getOnToOff: the potentials switched off when `pot` is on, in SE's
 * order; their number. (Inline: every chain step asks.) */
static inline int on_implies(const chain_grid *g, int pot, bool y_links, implied *out)
{
    int cell = pot_cell(pot), digit = pot_digit(pot), n = 0;
    if (y_links)
        for (unsigned others = g->cand[cell] & ~digit_bit(digit); others; others &= others - 1u)
            out[n++] = (implied){(uint16_t)pot_of(cell, bit_digit(others), false),
                                 CAUSE_NAKED_SINGLE};
    /* the box's other places, then the row's and the column's outside the
     * box: SE's house order */
    int box = unit_at(UNIT_BOX, cell), row = unit_at(UNIT_ROW, cell), col = unit_at(UNIT_COL, cell);
    unsigned in_box = unit_places(g, box, digit) & ~(1u << bdi_cell_pos[cell][UNIT_BOX]);
    n += implied_offs(box, in_box, digit, CAUSE_HIDDEN_BOX, out + n);
    n += implied_offs(row, unit_places(g, row, digit) & ~box_part(cell, UNIT_ROW), digit,
                      CAUSE_HIDDEN_ROW, out + n);
    n += implied_offs(col, unit_places(g, col, digit) & ~box_part(cell, UNIT_COL), digit,
                      CAUSE_HIDDEN_COL, out + n);
    return n;
}

/* The cell of the other place of `digit` in the unit of `kind` holding
 * `cell` when that unit has two places for it (an X-link's), else -1. */
static inline int x_mate(const chain_grid *g, int cell, int digit, int kind)
{
    int unit = unit_at(kind, cell);
    unsigned places = unit_places(g, unit, digit);
    if (digit_count(places) != 2)
        return -1;
    return unit_cell_of(unit, bit_digit(places & ~(1u << bdi_cell_pos[cell][kind])) - 1);
}

/* off_implies' X-link in the unit of `kind` holding `cell`: when the
 * unit has two places for `digit`, the other one's potential on, added
 * to out[0..n) unless out[first..n) has it; the new count. */
static inline int x_link(const chain_grid *g, int cell, int digit, int kind, implied *out, int n,
                         int first)
{
    int other = x_mate(g, cell, digit, kind);
    if (other < 0)
        return n;
    int pot = pot_of(other, digit, true);
    for (int i = first; i < n; i++)
        if (out[i].pot == pot)
            return n;
    out[n] = (implied){(uint16_t)pot, (uint8_t)region_cause(kind)};
    return n + 1;
}

/* SE's getOffToOn: the potentials switched on when `pot` is off; their
 * number. */
static inline int off_implies(const chain_grid *g, int pot, bool y_links, bool x_links,
                              implied *out)
{
    int cell = pot_cell(pot), digit = pot_digit(pot), n = 0;
    if (y_links && digit_count(g->cand[cell]) == 2)
        out[n++] = (implied){(uint16_t)pot_of(cell, bit_digit(g->cand[cell] & ~digit_bit(digit)),
                                              true),
                             CAUSE_NAKED_SINGLE};
    if (!x_links)
        return n;
    /* SE_KINDS' order; a cell met again through a second unit is SE's
     * same potential (the cell's own link is of another digit) */
    int first = n;
    n = x_link(g, cell, digit, UNIT_BOX, out, n, first);
    n = x_link(g, cell, digit, UNIT_ROW, out, n, first);
    return x_link(g, cell, digit, UNIT_COL, out, n, first);
}


/* SE's doChaining on `g` (left as it was): completes `on` and
 * `off` with what they imply (with rules->level > 0, also with what
 * ch->advanced, which must be set, brings). Returns false on a
 * contradiction, with the two nodes of the potential that would be both on
 * and off in contradiction[0] (on) and [1] (off); true otherwise. When
 * ch->reads is set, adds to it what the chain read of `g` as it was on
 * entry (with nested rules: all of it).
 * With rules->cap > 0 (a dynamic chain with the cell rules, no nested
 * rules, ch->reads not set), from one assumption (the sets hold one node,
 * with no parent): the chain may stop early, returning true, once every
 * node it would still make (a contradiction's included) has `cap` nodes or
 * more on its path of first parents (first_parents in forcing.c): the
 * nodes it makes are the whole chain's first ones, in the same order,
 * among them all those with fewer than `cap` nodes on that path. */
bool do_chaining(bdi_chainer *ch, chain_grid *g, const chain_rules *rules, pset *on, pset *off,
                 int32_t contradiction[2]);

/* The bytes of a digit's row of unit counts in a reach_grid: the 27
 * units', then 255 (a row read as two 16-byte vectors). */
enum { UNIT_LANES = 32 };

/* The grid as reach_from reads it (reach.c): by digit (d - 1) the cells
 * holding it as a candidate, and by cell its candidates; the cells and the
 * units' digits where the "one left" rule applies (those of two
 * candidates or places in a static chain, of two or more in a dynamic
 * one) with their count, the others 255 (and 255 past a digit's 27
 * units); each unit's cells and each
 * cell's peers; by candidate (cell * 9 + digit - 1), the digit's other
 * place in each of the cell's units of two places (set for the grid's
 * candidates only: no walk reads another's), and by digit the cells with
 * such a place (`paired`); the cells where the "one left" rule counts two
 * candidates (`two`). A cell set is two words: cell c at bit c % 64 of
 * word c / 64. */
struct reach_grid {
    bool y_links;                 /* the cell rules (not Nishio's chains) */
    bool dynamic;                 /* the rules of a dynamic chain */
    uint64_t cand[BD_SIZE][2];
    uint16_t cell_cand[BD_CELLS];
    uint8_t cell_left[BD_CELLS];
    uint8_t unit_left[BD_SIZE][UNIT_LANES];   /* by digit, then unit */
    uint64_t unit[UNIT_COUNT][2];
    uint64_t peers[BD_CELLS][2];
    uint64_t partner[BD_CELLS * BD_SIZE][2];
    uint64_t paired[BD_SIZE][2];
    uint64_t two[2];
};
typedef struct reach_grid reach_grid;

/* What an assumption implies: by digit (d - 1) the cells where it is
 * switched on and those where it is switched off; `conflict` when that
 * meets a contradiction (the sets are then a part of the closure). */
typedef struct reach {
    uint64_t on[BD_SIZE][2], off[BD_SIZE][2];
    bool conflict;
} reach;

/* Notes in `read` the reads of every potential of `r`, on or off: the
 * places of its digit in its cell's box, row and column, and with `cells`
 * its cell's candidates (reads_places and reads_cell for each, the same
 * bits). */
void reads_reach(chain_reads *read, const reach *r, bool cells);

/* Makes `rg` the grid `g` as a chain reads it: with the cell rules
 * (`y_links`) or not, static or `dynamic`. */
void reach_grid_init(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic);

/* `rg`, made before by reach_grid_init or reach_grid_remake from any grid
 * with any rules, made the grid `g` for the rules `y_links` and
 * `dynamic`: what reach_grid_init(rg, g, y_links, dynamic) makes, from
 * what `rg` holds: the unit and peer tables are there already; with the
 * same rules and few candidates changed, only the changed cells, the
 * units of the changed places and the pairs they were or are in are made
 * again; else the rest is made whole, with only the last grid's partners
 * (and those of cells that had no candidate) cleared. */
void reach_grid_remake(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic);

/* `rg`, made by reach_grid_init from grid `g` with any rules, made for
 * rules `y_links` and `dynamic` instead: the same as reach_grid_init(rg,
 * g, y_links, dynamic), without remaking what the rules leave alone. */
void reach_grid_rules(reach_grid *rg, const chain_grid *g, bool y_links, bool dynamic);

/* The potentials that do_chaining, with no nested rules and the chain
 * kind `rg` was made for, switches on and off from `pot`
 * alone, into `r` as sets: those of its run to the end when it meets no
 * contradiction (returns true); when it meets one, r->conflict is set and
 * false returned (the sets are then incomplete). */
bool reach_from(const reach_grid *rg, int pot, reach *r);

/* Whether reach_from(rg, (cell, d + 1) off) gives that potential alone:
 * its cell's count and its units' counts of the digit, where the "one
 * left" rule applies, are over two (255 where it does not), so none falls
 * to one and nothing is switched on. */
static inline bool reach_off_alone(const reach_grid *rg, int cell, int d)
{
    const uint8_t *units = bdi_cell_units[cell];
    return rg->cell_left[cell] > 2 && rg->unit_left[d][units[0]] > 2
           && rg->unit_left[d][units[1]] > 2 && rg->unit_left[d][units[2]] > 2;
}

/* What a static chain's walk (cycles.c's: its rules without its turns
 * back) reaches from `pot`, contradictions or not, into `r` (r->conflict
 * left false): a potential on switches off its digit's other places in its
 * units and, with `y`, its cell's other candidates; one off switches on,
 * with `y`, its cell's other candidate in a cell of two and, with `x`, its
 * digit's other place in each of its units of two places. `rg` is made
 * static with the cell rules (reach_grid_init(rg, g, true, false)). */
void reach_links(const reach_grid *rg, int pot, bool y, bool x, reach *r);

/* Into linked[2 * (d - 1)] and the word after it (a cell set), for each
 * digit d, the cells where d switched off switches something on in
 * reach_links with links `y` and `x`: with `y` a cell of two candidates,
 * with `x` a cell with a partner (rg->partner). */
void reach_links_linked(const reach_grid *rg, bool y, bool x, uint64_t *linked);

/* reach_links(rg, pot, y, x, r), the same sets, with `linked` made by
 * reach_links_linked(rg, y, x, linked): a potential switched off where it
 * switches nothing on is only added to its set. */
void reach_links_by(const reach_grid *rg, const uint64_t *linked, int pot, bool y, bool x,
                    reach *r);

/* reach_links_by, but into sets `r` that already hold some potentials
 * (not `pot`): those count as reached, and the walk goes on from none of
 * them; the sets are what `pot` reaches by links that pass through none
 * of them, added to them. */
void reach_links_past(const reach_grid *rg, const uint64_t *linked, int pot, bool y, bool x,
                      reach *r);

/* reach_links_past, stopped at the first potential on of `stop` (a cell
 * set a digit, as reach's `on`: stop[2 * (d - 1)] and the word after it)
 * that it reaches: whether it reaches one. When it does, `r` holds a part
 * of the sets only; when not, all of them. */
bool reach_links_meet(const reach_grid *rg, const uint64_t *linked, int pot, bool y, bool x,
                      reach *r, const uint64_t *stop);

/* SE's breadth-first walk from `target` back through all parents, each
 * potential once (the first node met for it): calls visit(node) for each
 * node it takes, in order (when visit is not NULL), and returns how many
 * it took. */
typedef void (*visit_fn)(const bdi_chainer *ch, int32_t node, void *context);
int walk_back(const bdi_chainer *ch, int32_t target, visit_fn visit, void *context);

/* SE's getAncestorCount: the potentials among `node` and its ancestors. */
int ancestor_count(const bdi_chainer *ch, int32_t node);

/* ancestor_count(ch, node) when it is at most `limit` (0 when negative),
 * else a number above `limit` (the walk stops there). */
int ancestor_count_upto(const bdi_chainer *ch, int32_t node, int limit);

/* SE's getNestedComplexity for the chains ending in `targets`. */
int nested_complexity(const bdi_chainer *ch, const uint32_t *targets, int count);

/* SE's FullChain identity of the chains ending in `targets`, got by
 * walking each back in turn (walk_back); `also`, unless NULL, visits
 * every node of those walks in their order, with `context`. */
uint64_t chain_fingerprint(const bdi_chainer *ch, const uint32_t *targets, int count,
                           visit_fn also, void *context);

/* SE's getLengthDifficulty for a chain of complexity `complexity`. */
double length_difficulty(int complexity);

/* Fills the links and pattern of step `s` from the chains ending in
 * `targets` (branch i for targets[i]). */
void chain_links(const bdi_chainer *ch, const uint32_t *targets, int count, bdi_step *s);

/* Fills the step's paths (bdi_step.path) from the chains ending in
 * `targets`: each branch's first parents, from its assumption. */
void chain_paths(const bdi_chainer *ch, const uint32_t *targets, int count, bdi_step *s);

/* SE's sort of chaining hints: true when `a` comes before `b`. */
static inline bool chint_before(const chint *a, const chint *b)
{
    if (a->difficulty != b->difficulty)
        return a->difficulty < b->difficulty;
    if (a->complexity != b->complexity)
        return a->complexity < b->complexity;
    return a->sort_key < b->sort_key;
}

/* The hints of one chaining producer on a grid: the best only (top level),
 * or all of them (a rule nested in a chain). */
typedef struct chint_list {
    bool keep_all;                /* all hints (a rule nested in a chain) */
    bool want_links;              /* the best's links, into step */
    bdi_step *step;
    chint best;
    bool found;
    chint *all;                   /* keep_all: no two with the same removals */
    int count, cap;
    uint32_t offered;             /* keep_all: the hints offered so far */
    /* keep_all: each hint's rule parents (SE's getRuleParents), against
     * the grid of the chain it is nested in as it began and as it is */
    const chain_grid *outer_source, *outer_current;
    uint16_t *rule_pots;
    uint32_t rule_count, rule_cap;
} chint_list;

/* Whether a hint of `difficulty`, `complexity` and `sort_key` found now
 * could still come first in the list: always when the list keeps all
 * hints; else when SE's sort puts it before the best so far (a later hint
 * never wins a tie). Lets a search stop where nothing it can find would
 * be taken. */
static inline bool chint_could_win(const chint_list *list, double difficulty, int complexity,
                                   int sort_key)
{
    if (list->keep_all || !list->found)
        return true;
    const chint *b = &list->best;
    if (difficulty != b->difficulty)
        return difficulty < b->difficulty;
    if (complexity != b->complexity)
        return complexity < b->complexity;
    return sort_key < b->sort_key;
}

/* The array `items` (`count` items of `size` bytes, room for *cap) with
 * room for one more: itself, or reallocated with twice the room (64 items
 * at first) and *cap updated; NULL when memory ran short (`items` and *cap
 * then unchanged) (chain_hints.c). */
void *grow_room(void *items, int count, int *cap, size_t size);

/* Offers a hint to the list (chain_hints.c); a list that keeps all hints
 * keeps, of those with the same removals, only the one SE's sort puts
 * first, and records its rule parents (SE's getRuleParents: the potentials
 * switched off by the outer chain that the hint's chains rest on) in
 * list->rule_pots. */
void chint_offer(bdi_chainer *ch, chint_list *list, const chint *h);

/* keep_all: sorts the list's hints as SE does (chain_hints.c); the
 * repeats SE drops after its sort were dropped as they were offered. */
void chint_sort(chint_list *list);

/* Frees a list's storage. */
void chint_list_free(chint_list *list);

/* The producers on a chain grid (cycles.c, forcing.c), filling `list`.
 * With `reuse` (the path's searches, one grid after another, never a rule
 * nested in a chain), forcing_hints's Nishio search (level 0) skips the
 * cells that found nothing on the last such search and read nothing of
 * the grid changed since; cycles_hints keeps no such record. */
void cycles_hints(bdi_chainer *ch, const chain_grid *g, chint_list *list);

/* cycles.c's closure on its own: into rows[cell * 9 + d - 1] (reach's
 * `on` as 18 words), for each candidate (with Y-links only, each of the
 * cells of two), the potentials on that reach_links(rg, that candidate
 * on, y, x) reaches; the other rows untouched. False when memory ran
 * short. */
bool cycles_reach_rows(const reach_grid *rg, bool y, bool x, uint64_t (*rows)[BD_SIZE * 2]);

/* cycles.c's closure kept by a caller (forcing.c's plans of a static
 * search with the cell rules): the bytes one takes (it holds no pointers);
 * cycles_closure_make makes `cl` the closure of grid `rg` (made static,
 * for links y and x); cycles_closure_on, for a closure made with both
 * links on a grid made with the cell rules, puts into `r` what
 * reach_from(rg, candidate `cand` (cell * 9 + d - 1) on) gives when it
 * meets no contradiction and returns true; when it meets one, sets
 * r->conflict and returns false (the sets then hold the whole closure,
 * more than reach_from's). */
struct closure;
size_t cycles_closure_size(void);
void cycles_closure_make(struct closure *cl, const reach_grid *rg, bool y, bool x);
bool cycles_closure_on(const struct closure *cl, const reach_grid *rg, int cand, reach *r);

/* A closure with both links that a cycles search made (cycles_hints: the
 * last one, nested or on the path, or a nested one kept since) for a grid
 * with g's candidates (and so places), as far as cycles_closure_on reads
 * it: what cycles_closure_make(cl, rg, true, true) would make for
 * reach_grid_init(rg, g, true, false); else NULL. It stands until the
 * next call or cycles search. */
const struct closure *cycles_both_closure(bdi_chainer *ch, const chain_grid *g);
void forcing_hints(bdi_chainer *ch, chain_grid *g, bool multiple, bool dynamic, bool nishio,
                   int level, bool reuse, chint_list *list);

/* SE's getAdvancedPotentials for a chain of `level` on `g`, whose grid was
 * `source` when it began: the potentials that other rules switch off,
 * added to `off` (and to *pending) unless there already (nested.c). It
 * runs the producers declared above; do_chaining reaches it only as
 * ch->advanced. */
void advanced_potentials(bdi_chainer *ch, chain_grid *g, const chain_grid *source, int level,
                         pset *off, int32_t *pending, int *pending_count);


#endif /* BITDOKU_CHAINS_H */
