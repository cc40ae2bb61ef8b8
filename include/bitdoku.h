/*
 * bitdoku.h - the public interface of the bitdoku library.
 *
 * Geometry: a 9x9 grid of 81 cells, indexed 0..80 in row-major order
 * (cell = row * 9 + col, rows and columns 0..8 from the top left). Boxes are
 * numbered 0..8 left to right, top to bottom. A cell holds a digit 1..9, or 0
 * when it is blank.
 *
 * What is validated: the reader rejects anything that is not a well-formed
 * puzzle and reports where. The solvers accept any grid whose cells are 0..9;
 * givens that clash (a digit twice in a row, column or box) make a puzzle
 * without solution. Cells outside 0..9 are a caller's bug (BD_EINVAL).
 *
 * The library never prints, never exits and has no global state but the
 * fast engine's instruction set, chosen once per process (bd_isa): every
 * function is re-entrant and may run on several threads at once.
 */
#ifndef BITDOKU_H
#define BITDOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    BD_BOX = 3,       /* a box is 3x3 cells */
    BD_SIZE = 9,      /* cells in a row, column or box; also the digits */
    BD_CELLS = 81,    /* cells in the grid */
    BD_MAX_SCORE_WEIGHT = 10
};

/* A grid: cells[row * BD_SIZE + col] is 1..9, or 0 for a blank. */
typedef struct bd_grid {
    uint8_t cells[BD_CELLS];
} bd_grid;

/*
 * Pencil marks: cand[cell] holds the digits still possible in each cell,
 * bit d-1 for digit d (0x1FF: all nine). A cell whose mask has one bit
 * may be a given or a cell solved by the marks alone. Puzzles given as
 * pencil marks (the Sukaku shapes) are read into this type; the functions
 * that take it say how they use it.
 */
typedef struct bd_marks {
    uint16_t cand[BD_CELLS];
} bd_marks;

typedef enum bd_status {
    BD_OK = 0,        /* done: solved, counted, scored, or a record read */
    BD_NO_SOLUTION,   /* the puzzle has no completion */
    BD_CUT_SHORT,     /* a node or time limit stopped the search first */
    BD_EOF,           /* the reader has no more records */
    BD_EMALFORMED,    /* the reader met a malformed record (see bd_record) */
    BD_EINPUT,        /* the reader met bad input outside any record */
    BD_EIO,           /* the reader's stream failed */
    BD_EINVAL,        /* a bad argument: a caller's bug */
    BD_ENOMEM,        /* the search could not get the memory it needs */
    BD_NOT_UNIQUE     /* the puzzle has two or more solutions (bd_rate) */
} bd_status;

/* A short English text for a status, e.g. "no solution". Never NULL. */
const char *bd_status_text(bd_status status);

/* The library version, e.g. "0.1.0". */
const char *bd_version(void);

/* ------------------------------------------------------------------ */
/* Searching                                                           */
/* ------------------------------------------------------------------ */

typedef enum bd_engine {
    BD_ENGINE_DFS = 0,  /* bitmask depth-first search (default) */
    BD_ENGINE_DLX       /* Dancing Links exact cover */
} bd_engine;

typedef enum bd_order {
    BD_ORDER_MRV = 0,   /* the blank with fewest candidates first (default) */
    BD_ORDER_ROWS       /* rows with fewest blanks first, cells left to right */
} bd_order;

typedef struct bd_options {
    bd_engine engine;
    bd_order order;       /* for BD_ENGINE_DFS */
    bool exhaustive;      /* bd_target: enumerate every completion, no bounds */
    uint64_t max_nodes;   /* stop after this many search nodes; 0: no limit */
    double timeout;       /* stop after this many seconds; 0: no limit */
} bd_options;

/* Search effort, added to by the search functions when not NULL. */
typedef struct bd_stats {
    uint64_t nodes;       /* search nodes visited (placements tried) */
    uint64_t guesses;     /* branch points with two or more choices */
} bd_stats;

/* The default options: DFS engine, MRV order, bounded target search, no limits. */
bd_options bd_options_default(void);

/*
 * Finds a solution of `puzzle` and writes it to `solution`.
 * Returns BD_OK, BD_NO_SOLUTION, BD_CUT_SHORT or BD_EINVAL. `solution` is
 * written only on BD_OK. `options` may be NULL (defaults); `stats` may be NULL.
 */
bd_status bd_solve(const bd_grid *puzzle, const bd_options *options,
                   bd_grid *solution, bd_stats *stats);

/*
 * Counts the solutions of `puzzle`, stopping when `limit` are found
 * (limit 0: no limit). On BD_OK, `*count` is exact, except that
 * *count == limit means "limit or more". A puzzle without solution gives
 * BD_OK and a count of 0. On BD_CUT_SHORT, `*count` is the number found so
 * far (a lower bound). Also BD_EINVAL.
 */
bd_status bd_count(const bd_grid *puzzle, uint64_t limit,
                   const bd_options *options, uint64_t *count,
                   bd_stats *stats);

/* Called by bd_solutions with each solution found (valid only during the
 * call); returns true to go on, false to stop. */
typedef bool (*bd_solution_fn)(const bd_grid *solution, void *context);

/*
 * Finds the solutions of `puzzle` one after another, in the engine's order,
 * and calls `on_solution` with each, until `limit` have been found (0: no
 * limit) or `on_solution` returns false. Returns BD_OK with `*count` the
 * number of calls made (0 for a puzzle without solution), BD_CUT_SHORT
 * when a node or time limit stopped the search first (`*count` calls were
 * made), or BD_EINVAL (also for a NULL `on_solution` or `count`). With
 * limit N + 1, a count of N + 1 says "more than N" (as bd_count's does).
 */
bd_status bd_solutions(const bd_grid *puzzle, uint64_t limit, const bd_options *options,
                       bd_solution_fn on_solution, void *context, uint64_t *count,
                       bd_stats *stats);

/*
 * Puzzles given as pencil marks (bd_marks: each cell's candidates; a cell
 * with one candidate is a given): bd_solve, bd_count and bd_solutions for
 * them, whose completions put in every cell one of its candidates. The
 * fast engine takes givens only, so with the default engine and order
 * these run the reference depth-first search in MRV order (with
 * BD_ORDER_ROWS, in its row order), a plain search that may take far
 * longer on hard puzzles; BD_ENGINE_DLX runs Dancing Links on the matrix
 * without the rows the marks exclude, the independent check. Givens that
 * clash, or a cell without a candidate, give no solution. Returns as the
 * functions they follow; BD_EINVAL also for NULL `marks` or a mask with
 * bits above the ninth.
 */
bd_status bd_solve_marks(const bd_marks *marks, const bd_options *options, bd_grid *solution,
                         bd_stats *stats);
bd_status bd_count_marks(const bd_marks *marks, uint64_t limit, const bd_options *options,
                         uint64_t *count, bd_stats *stats);
bd_status bd_solutions_marks(const bd_marks *marks, uint64_t limit, const bd_options *options,
                             bd_solution_fn on_solution, void *context, uint64_t *count,
                             bd_stats *stats);

/* The pencil marks of a grid: a given's digit alone, all nine digits in a
 * blank (no candidate removed). */
void bd_marks_of(const bd_grid *grid, bd_marks *marks);

/*
 * The instruction set that the fast engine runs on in this process. The
 * fast engine serves bd_solve, bd_count and bd_solutions with the default
 * engine and order, and the searches inside bd_rate and bd_generate; its
 * kernels give the same answers, nodes and guesses, and differ in speed
 * only. The kernel is chosen once, at the first search or call of bd_isa:
 * by default the widest that this library was built with and this machine
 * runs ("avx512" on x86-64 with AVX-512F/BW/VL, POPCNT, BMI1 and BMI2, else
 * "avx2" with AVX2, POPCNT, BMI1 and BMI2, else "base", plain C for any
 * processor). The environment variable BITDOKU_ISA, read then, may name
 * one: "base", "avx2" or "avx512"; unset, empty or "auto" means the
 * default.
 * Returns BD_OK, with *name (when `name` is not NULL) the kernel's name and
 * *why (when `why` is not NULL) NULL. Returns BD_EINVAL when BITDOKU_ISA
 * names no kernel, one this library was built without, or one this machine
 * does not run: the default kernel runs instead, *name names it, and *why
 * says what was wrong and lists the accepted values, e.g. "unknown
 * instruction set (accepted values: auto, base, avx2, avx512)". The
 * strings are static. A program that lets its users set BITDOKU_ISA should
 * call this first and stop when it fails, as the bitdoku command does.
 */
bd_status bd_isa(const char **name, const char **why);

/*
 * The target score: the maximum of bd_score over all completions of
 * `puzzle`. On BD_OK, `*score` is that maximum and `best` (if not NULL) a
 * completion that reaches it. On BD_NO_SOLUTION, `*score` is -1. On
 * BD_CUT_SHORT, `*score` is the best score found so far (-1 if none) and
 * `best` its grid; it is not proven maximal. Also BD_EINVAL, and BD_ENOMEM
 * (with `*score` -1) when the bounded search could not allocate its state.
 */
bd_status bd_target(const bd_grid *puzzle, const bd_options *options,
                    int *score, bd_grid *best, bd_stats *stats);

/* The target weight of a cell: 6 on the outer ring, 7, 8, 9, and 10 at the
 * centre cell. */
int bd_weight(int cell);

/* Σ digit × weight over the cells of `grid` (blanks count 0). */
int bd_score(const bd_grid *grid);

/* True when every cell is 0..9 and no digit appears twice in a row, column
 * or box. */
bool bd_givens_ok(const bd_grid *grid);

/* True when `solution` is a complete, valid grid that keeps every given of
 * `puzzle`. */
bool bd_is_solution_of(const bd_grid *puzzle, const bd_grid *solution);

/* What bd_check finds wrong with a proposed solution. */
typedef enum bd_verdict {
    BD_VALID = 0,         /* complete, no digit twice in a unit, givens kept */
    BD_BLANK,             /* `cell` is blank */
    BD_CHANGED_GIVEN,     /* `cell` holds `digit` where the puzzle gives `given` */
    BD_CLASH,             /* `cell` holds `digit`, and so does the earlier
                             cell `other` of the same row, column or box */
    BD_EXCLUDED           /* bd_check_marks: `cell` holds `digit`, which its
                             pencil marks exclude */
} bd_verdict;

/* The kinds of unit, as bd_check_result.unit names them. */
typedef enum bd_unit { BD_UNIT_ROW = 0, BD_UNIT_COLUMN, BD_UNIT_BOX } bd_unit;

typedef struct bd_check_result {
    bd_verdict verdict;
    int cell;             /* the first faulty cell in reading order; -1 if valid */
    int digit;            /* what it holds (0 when blank) */
    int given;            /* BD_CHANGED_GIVEN: the puzzle's digit there */
    int other;            /* BD_CLASH: the earlier cell with the same digit */
    bd_unit unit;         /* BD_CLASH: the unit they share (row before column
                             before box) */
} bd_check_result;

/*
 * Judges `solution` as an answer to `puzzle`: the first cell, in reading
 * order, that is blank, changes a given, or repeats a digit of an earlier
 * cell of its row, column or box (in that order of precedence for one
 * cell). Solves nothing: a puzzle without solution has no valid answer.
 * Returns BD_OK with `result` filled, or BD_EINVAL (a NULL argument, or
 * a cell outside 0..9).
 */
bd_status bd_check(const bd_grid *puzzle, const bd_grid *solution, bd_check_result *result);

/*
 * bd_check for a puzzle given as pencil marks: a cell with one candidate
 * is a given (BD_CHANGED_GIVEN when the solution changes it), and a cell
 * that holds a digit its marks exclude is BD_EXCLUDED; for one cell, a
 * blank comes first, then a changed given or an excluded digit, then a
 * clash. Returns BD_OK with `result` filled, or BD_EINVAL (a NULL
 * argument, a mask above nine bits, or a cell outside 0..9).
 */
bd_status bd_check_marks(const bd_marks *marks, const bd_grid *solution,
                         bd_check_result *result);

/* Two filled cells with one digit in a unit (bd_diagnose): `other`
 * comes before `cell` in reading order; `unit` is the first they share
 * (row before column before box). */
typedef struct bd_clash {
    int cell, other;
    bd_unit unit;
} bd_clash;

/* What bd_diagnose finds wrong with a grid. */
typedef struct bd_diagnosis {
    bool solvable;          /* the grid has a solution (then, without an
                               original puzzle, nothing more is looked for) */
    bool cut;               /* a node or time limit left a question open:
                               the lists may be short */
    int clash_count;        /* pairs of filled cells with one digit in a unit */
    bd_clash clashes[BD_CELLS]; /* the first BD_CELLS of them, by `cell` */
    int culprit_count;      /* without the original: filled cells whose
                               removal alone leaves a grid with a solution */
    uint8_t culprits[BD_CELLS]; /* in reading order */
    bool original_unsolvable; /* the original puzzle has no solution */
    int wrong_count;        /* with the original: cells filled in the grid
                               and blank in the original that no solution of
                               it has, and givens the grid changes */
    uint8_t wrong[BD_CELLS]; /* in reading order */
    bd_grid solution;       /* with the original: a solution of it (the one,
                               when it has one) */
} bd_diagnosis;

/*
 * Says what is wrong with `grid` (say, a person's partly solved puzzle):
 * whether it has a solution; its clashing cells; without `original`
 * (NULL), when it has no solution, the filled cells whose removal alone
 * leaves a grid with a solution; with `original`, the puzzle `grid` was
 * filled in from, every entry that no solution of it has and every given
 * changed (the original's solution tells them apart, and each other
 * entry is tried with the original). Searches with `options` (may be
 * NULL), up to 82 of them; a limit that stops one sets `cut`. Returns
 * BD_OK, or BD_EINVAL (NULL `grid` or `out`, a cell outside 0..9).
 */
bd_status bd_diagnose(const bd_grid *grid, const bd_grid *original, const bd_options *options,
                      bd_diagnosis *out);

/* ------------------------------------------------------------------ */
/* Rating: how hard a puzzle is for a person, and the steps that solve it */
/* ------------------------------------------------------------------ */

/*
 * The rating is Sudoku Explainer's (SE, serate 1.2.1.3), the scale the
 * community's puzzle lists are labelled with: the puzzle is solved step by
 * step, each step with the first technique, in SE's order, that applies,
 * and rated by SE's difficulty of that step; the puzzle's rating (ER) is
 * that of its hardest step, its pearl rating (EP) that of the hardest step
 * up to the first placement, its diamond rating (ED) that of the first
 * step. The techniques, in SE's order, with SE's difficulties (a chain's
 * difficulty grows with its length, see below):
 *
 *   1.0  full house (SE: hidden single, last cell of a unit)
 *   1.2  hidden single in a box          1.5  hidden single in a row, column
 *   1.7  direct pointing                 1.9  direct claiming
 *   2.0  direct hidden pair              2.3  naked single
 *   2.5  direct hidden triplet           2.6  pointing
 *   2.8  claiming                        3.0  naked pair
 *   3.2  X-wing                          3.4  hidden pair
 *   3.6  naked triplet                   3.8  swordfish
 *   4.0  hidden triplet                  4.2  XY-wing
 *   4.4  XYZ-wing                        4.5+ unique rectangle or loop (1-4)
 *   5.0  naked quad                      5.2  jellyfish
 *   5.4  hidden quad                     5.6+ bivalue universal grave (1-4)
 *   6.2  aligned pair exclusion          6.5+ bidirectional X- or Y-cycle
 *   6.6+ forcing X-chain (turbot fish)   7.0+ bidirectional cycle
 *   7.0+ forcing chain                   7.5  aligned triplet exclusion
 *   7.5+ Nishio forcing chains           8.0+ cell or region forcing chains
 *   8.5+ dynamic forcing chains          9.0+ dynamic forcing chains (+)
 *   9.5+ nested forcing chains: 9.5 (+ forcing chains), 10.0 (+ multiple
 *        forcing chains), 10.5 (+ dynamic forcing chains), 11.0 (+ dynamic
 *        forcing chains (+))
 *
 * A direct technique is one that only ends in a placement: e.g. direct
 * pointing places the hidden single that a pointing would leave. Unique
 * rectangles and loops: 4.5, +0.1 for a loop of 6 cells, +0.2 of 8, +0.5
 * of 10 or more; type 3 adds 0.1 per cell of its subset beyond the first.
 * BUG: type 1 5.6, types 2 and 4 5.7, type 3 5.7 + 0.1 per cell of its
 * subset beyond the first. Chains: the length L is SE's count of the
 * candidates in the chain (of every chain, for the forcing chains of
 * several branches, nested chains included), less 2; 0.1 is added for each
 * of 4, 6, 8, 12, 16, 24, 32, 48, 64, ... (each 3/2 and 4/3 of the one
 * before, in turn) that L exceeds. SE rates a puzzle no technique solves
 * 20.0.
 */
typedef enum bd_technique {
    BD_TECH_FULL_HOUSE = 0,        /* the last empty cell of a unit */
    BD_TECH_HIDDEN_SINGLE_BOX,     /* a digit with one place left in a box */
    BD_TECH_HIDDEN_SINGLE_LINE,    /* ... in a row or column */
    BD_TECH_DIRECT_POINTING,       /* a box's digit on one line leaves a hidden
                                      single in another box */
    BD_TECH_DIRECT_CLAIMING,       /* a line's digit in one box leaves a hidden
                                      single in another line */
    BD_TECH_DIRECT_HIDDEN_PAIR,    /* a hidden pair leaves a hidden single */
    BD_TECH_NAKED_SINGLE,          /* a cell with one candidate left */
    BD_TECH_DIRECT_HIDDEN_TRIPLE,  /* a hidden triplet leaves a hidden single */
    BD_TECH_POINTING,              /* a box's digit confined to a line */
    BD_TECH_CLAIMING,              /* a line's digit confined to a box */
    BD_TECH_NAKED_PAIR,
    BD_TECH_X_WING,
    BD_TECH_HIDDEN_PAIR,
    BD_TECH_NAKED_TRIPLE,
    BD_TECH_SWORDFISH,
    BD_TECH_HIDDEN_TRIPLE,
    BD_TECH_XY_WING,
    BD_TECH_XYZ_WING,
    BD_TECH_UNIQUE_LOOP,           /* unique rectangle or loop, types 1-4 */
    BD_TECH_NAKED_QUAD,
    BD_TECH_JELLYFISH,
    BD_TECH_HIDDEN_QUAD,
    BD_TECH_BUG,                   /* bivalue universal grave, types 1-4 */
    BD_TECH_ALIGNED_PAIR_EXCLUSION,
    BD_TECH_X_CYCLE,               /* bidirectional X-cycle (4 cells: generalized
                                      X-wing) */
    BD_TECH_Y_CYCLE,               /* bidirectional Y-cycle */
    BD_TECH_FORCING_X_CHAIN,       /* of 6 candidates: turbot fish */
    BD_TECH_CYCLE,                 /* bidirectional cycle */
    BD_TECH_FORCING_CHAIN,
    BD_TECH_ALIGNED_TRIPLET_EXCLUSION,
    BD_TECH_NISHIO,                /* Nishio forcing chains */
    BD_TECH_CELL_FORCING_CHAINS,   /* one chain from each candidate of a cell */
    BD_TECH_REGION_FORCING_CHAINS, /* one chain from each place of a digit in a unit */
    BD_TECH_DYNAMIC_FORCING_CHAINS,/* double, contradiction, cell or region */
    BD_TECH_DYNAMIC_PLUS,          /* dynamic forcing chains (+) */
    BD_TECH_NESTED_FORCING_CHAINS, /* dynamic forcing chains with forcing chains
                                      nested in them (levels 2 to 5) */
    BD_TECH_UNSOLVED,              /* no technique applies: SE's 20.0 */
    BD_TECHNIQUES                  /* how many there are */
} bd_technique;

/*
 * Difficulty levels, by ER (SE's own generator's bands up to diabolical):
 *
 *   level        ER         what the hardest step is
 *   easy         1.0 - 1.2  full houses and hidden singles in boxes
 *   medium       1.3 - 1.5  hidden singles in rows and columns
 *   hard         1.6 - 2.5  direct techniques and naked singles
 *   fiendish     2.6 - 6.0  locked candidates, subsets, fish, wings,
 *                           uniqueness tests
 *   diabolical   6.1 - 8.9  exclusions, chains and cycles, forcing chains,
 *                           Nishio, dynamic forcing chains
 *   beyond       9.0 -      dynamic forcing chains (+) and nested ones
 */
typedef enum bd_level {
    BD_LEVEL_EASY = 0,
    BD_LEVEL_MEDIUM,
    BD_LEVEL_HARD,
    BD_LEVEL_FIENDISH,
    BD_LEVEL_DIABOLICAL,
    BD_LEVEL_BEYOND,
    BD_LEVELS                   /* how many there are */
} bd_level;

/*
 * A puzzle's rating: that of the hardest step of its solution path (ER),
 * with SE's pearl (EP) and diamond (ED) ratings.
 */
typedef struct bd_rating {
    double rating;              /* ER: the hardest step (print each of the
                                   three with %.1f: they are multiples of 0.1) */
    double pearl;               /* EP: the hardest step up to the first
                                   placement (0 if no step places a digit) */
    double diamond;             /* ED: the first step (0 if there is none) */
    bd_level level;             /* of ER */
    bd_technique hardest;       /* the technique of the hardest step */
    int steps;                  /* steps on the path */
} bd_rating;

/*
 * Rates `puzzle`: solves it the way SE does (above) and gives its ER, EP
 * and ED. Returns BD_OK (`*rating` filled), BD_NO_SOLUTION, BD_NOT_UNIQUE
 * (two or more solutions: such puzzles are not rated), BD_CUT_SHORT
 * (options' node or time limit stopped the uniqueness check), or
 * BD_EINVAL. `options` may be NULL; only its limits are used.
 *
 * Uniqueness is checked by the fast engine (bd_count to 2) when a step
 * needs it: a uniqueness test (unique loop, BUG), a step that leaves a cell
 * or a unit with no place for a digit, or no technique applying. A path
 * that fills the grid validly without a uniqueness test proves by itself
 * that the solution is unique (each step holds in every solution), and
 * costs no search; `stats` (may be NULL) gets the effort of the check when
 * it ran. Re-entrant.
 */
bd_status bd_rate(const bd_grid *puzzle, const bd_options *options,
                  bd_rating *rating, bd_stats *stats);

/*
 * bd_rate from pencil marks: the path starts from the candidates in
 * `marks` instead of those the givens allow. A cell with one candidate is
 * filled with it, as a given is: its digit leaves the candidates of the
 * cells that share a unit with it before the first step. A cell with no
 * candidate, or two filled cells with one digit in a unit, make a puzzle
 * without solution. The solutions counted are those that the marks allow
 * (bd_count_marks). BD_EINVAL also for a mask with bits above the ninth.
 */
bd_status bd_rate_marks(const bd_marks *marks, const bd_options *options,
                        bd_rating *rating, bd_stats *stats);

/* Enough room for the text of any step. */
enum { BD_STEP_TEXT_MAX = 1024 };

/* The most links a step record holds (bd_step.links). */
enum { BD_STEP_LINKS = 512 };

/*
 * One link of a chain: from one candidate to another, each "on" (the
 * digit is in the cell) or "off" (it is not): an inference "if `from`
 * then `to`". An on-to-off link is a weak link used (two candidates that
 * cannot both be true), an off-to-on link a strong one (two that cannot
 * both be false).
 */
typedef struct bd_link {
    uint8_t from_cell, from_digit;  /* cell 0..80, digit 1..9 */
    uint8_t to_cell, to_digit;
    uint8_t from_on, to_on;         /* 1: on, 0: off */
    uint8_t branch;                 /* which chain of the step (below) */
} bd_link;

/* One step of a solution path. */
typedef struct bd_step {
    bd_technique technique;
    double rating;              /* the step's difficulty (SE's) */
    int cell;                   /* the cell it fills, or -1 if it only
                                   removes candidates */
    int digit;                  /* the digit it places there */
    int removed_count;          /* candidates it removes */
    uint16_t removed[BD_CELLS]; /* candidates removed from each cell (bit d-1) */
    bd_grid grid;               /* the grid after the step */
    uint16_t candidates[BD_CELLS]; /* after the step, for each empty cell,
                                   its candidates (bit d-1); 0 if filled */
    char text[BD_STEP_TEXT_MAX]; /* the step in the community's notation,
                                   without a newline (see below) */
    /*
     * The pattern, what a picture of the step highlights, as it was before
     * the step: for each cell the candidates the pattern uses (a subset's
     * digits in its cells, a fish's digit in its base lines, a wing's
     * cells, a loop's digits, a chain's candidates, a single's digit), and
     * the units it rests on (bit u: row u for u 0..8, column u - 9 for
     * 9..17, box u - 18 for 18..26). For chains, the links in the order of
     * inference from the assumptions: branch 0 for a chain or cycle, and
     * one branch per assumption of a forcing chain of several (the
     * candidates of a cell, the places of a digit in a unit, the on and off
     * of a double or contradiction chain) in the order the text gives
     * them; links inside nested chains are not given.
     */
    uint16_t pattern[BD_CELLS];
    uint32_t units;
    int link_count;             /* links in links[] */
    bool links_cut;             /* the chain had more than BD_STEP_LINKS */
    bd_link links[BD_STEP_LINKS];
} bd_step;

/*
 * Called for each step of a solution path, in order; returns true to go on,
 * false to stop the path there.
 */
typedef bool (*bd_step_fn)(const bd_step *step, void *context);

/*
 * Solves `puzzle` like bd_rate and calls `on_step` with each step, in the
 * notation of the sudoku community: rows r1-r9, columns c1-c9, boxes b1-b9
 * (top left to bottom right), candidates removed as r2c5<>3, e.g.
 *
 *   r4c7=5 hidden single (box 6)
 *   pointing 3 in b1 on r2 => r2c5<>3, r2c8<>3
 *   turbot fish 5 r1c2=r1c7-r3c8=r8c8 => r8c2<>5
 *
 * in SE's technique names (the README and the man page list every form).
 * Returns what bd_rate returns; `on_step` is called only on BD_OK, and
 * `rating` (may be NULL) is that of the steps taken until `on_step`
 * stopped the path (or of the whole path). A grid without empty cells has
 * no steps: BD_OK, and a rating of 0.
 */
bd_status bd_explain(const bd_grid *puzzle, const bd_options *options,
                     bd_step_fn on_step, void *context, bd_rating *rating);

/* bd_explain from pencil marks, as bd_rate_marks rates them. */
bd_status bd_explain_marks(const bd_marks *marks, const bd_options *options,
                           bd_step_fn on_step, void *context, bd_rating *rating);

/* The name of a technique as the CLI prints it, e.g. "xy-wing". */
const char *bd_technique_name(bd_technique technique);

/* The name of a level, e.g. "fiendish". */
const char *bd_level_name(bd_level level);

/* The level of a rating (ER). */
bd_level bd_level_of(double rating);

/* ------------------------------------------------------------------ */
/* Generating puzzles                                                  */
/* ------------------------------------------------------------------ */

/* The pattern of a generated puzzle's givens: which cells are given
 * together. */
typedef enum bd_symmetry {
    BD_SYMMETRY_NONE = 0,   /* any pattern */
    BD_SYMMETRY_ROT180,     /* (r, c) and (8-r, 8-c): a half turn */
    BD_SYMMETRY_ROT90,      /* (r, c), (c, 8-r), ...: quarter turns */
    BD_SYMMETRY_MIRROR,     /* (r, c) and (r, 8-c): left-right mirror */
    BD_SYMMETRY_DIAGONAL,   /* (r, c) and (c, r): the main diagonal */
    BD_SYMMETRY_RANDOM,     /* one of the four above, drawn for each try */
    BD_SYMMETRIES           /* how many values there are */
} bd_symmetry;

/* The default number of tries per puzzle (see bd_generate). */
enum { BD_GENERATE_TRIES = 1000 };

/* What to generate. */
typedef struct bd_generate_options {
    int min_givens;         /* the givens: at least 17, at most max_givens */
    int max_givens;         /* at most 81 */
    bool minimal;           /* no given can be removed keeping uniqueness */
    bd_symmetry symmetry;
    int level;              /* a bd_level the rating must have, or -1: any */
    bool unsolvable;        /* a puzzle without solution instead (below) */
    uint64_t max_tries;     /* tries before giving up; at least 1 */
} bd_generate_options;

/* The defaults: minimal puzzles (17 to 81 givens: any minimal puzzle), no
 * symmetry, any level, BD_GENERATE_TRIES tries. */
bd_generate_options bd_generate_options_default(void);

/* The effort of one bd_generate call. */
typedef struct bd_generate_stats {
    uint64_t tries;         /* tries made (the last one succeeded on BD_OK) */
    uint64_t checks;        /* uniqueness checks that searched */
    bd_stats search;        /* their search effort, and that of the rating */
    uint64_t unproved;      /* bd_board_generate, minimal: givens kept whose
                               check was cut short (0: proved minimal) */
} bd_generate_stats;

/*
 * Generates puzzle number `index` of the sequence named by `seed`. The same
 * seed, index and options give the same puzzle on every machine (with one
 * version of the library), whatever other puzzles are generated and on
 * which thread: every random choice is drawn from a stream of its own for
 * (seed, index, options), from the splitmix64 generator, in integer
 * arithmetic. Other options (but max_tries) give unrelated puzzles.
 *
 * A try: a random full grid (a depth-first fill, fewest candidates first,
 * digits in random order), then its cells, in a random order, taken away
 * one symmetry class at a time (a cell and its images: one, two or four
 * cells) wherever the puzzle keeps a single solution (checked by the fast
 * engine), down to min_givens; with `minimal`, as far as they go. If more
 * than max_givens givens are left, a walk trades given classes for blank
 * ones that keep the puzzle unique, taking away what can then go, for a
 * bounded number of checks. The try succeeds when the puzzle has
 * min_givens..max_givens givens, is minimal if asked (given by given,
 * also with symmetry), and is rated `level` by bd_rate if a level is
 * asked. So without `minimal`, a puzzle has as few givens as the try could
 * reach, down to min_givens, and no class of its symmetry can go unless
 * min_givens stopped it.
 *
 * `unsolvable`: the puzzle of a successful try (without `level`) gets one
 * given changed to another digit that clashes with no given, such that the
 * puzzle has no solution; the same pattern and count of givens.
 *
 * Returns BD_OK: `puzzle` written, and `solution` (may be NULL; not for
 * `unsolvable`) its solution. BD_CUT_SHORT: max_tries tries made and none
 * succeeded (nothing written). BD_EINVAL: NULL `options` or `puzzle`,
 * givens outside 17..81 (no puzzle with fewer than 17 givens has a single
 * solution: McGuire, Tugemann and Civario, 2012) or min > max, a range
 * that the symmetry cannot give (quarter turns give counts 4k and 4k+1
 * only), an unknown symmetry or level, `level` with `unsolvable`, or no
 * tries. `stats` may be NULL. Re-entrant.
 */
bd_status bd_generate(uint64_t seed, uint64_t index, const bd_generate_options *options,
                      bd_grid *puzzle, bd_grid *solution, bd_generate_stats *stats);

/* The name of a symmetry as the CLI spells it, e.g. "rot180". */
const char *bd_symmetry_name(bd_symmetry symmetry);

/* ------------------------------------------------------------------ */
/* Other sizes: boards of N x N cells in boxes of R rows x C columns    */
/* ------------------------------------------------------------------ */

/*
 * A board: a grid of N x N cells cut into boxes of R rows and C columns,
 * N = R * C symbols, for every R, C >= 1 with N <= BD_BOARD_MAX (9 x 9 is
 * R = C = 3, 16 x 16 is 4 x 4, 6 x 6 with boxes of 2 rows and 3 columns is
 * R = 2, C = 3; 1 x 1 is a board too). Cells are indexed row by row,
 * cell = row * N + col; a cell holds 1..N, or 0 when it is blank. Boxes
 * are numbered left to right, top to bottom: there are R boxes across and
 * C down, and cell (row, col) is in box (row / R) * R + col / C. Only
 * cells[0 .. N * N) belong to the board; bd_board_init clears the rest,
 * and the functions below never read it nor write it.
 *
 * The 9 x 9 functions above are unchanged and stay the fast path for
 * 9 x 9; these serve every size, 9 x 9 included (with their own engines:
 * a bit-parallel search for any N, and Dancing Links with N^3 rows and
 * 4 N^2 columns as the independent second engine). What is validated: a
 * board whose geometry is out of range (R or C < 1, N > BD_BOARD_MAX,
 * size != R * C) or with a cell above N is a caller's bug (BD_EINVAL).
 */
enum { BD_BOARD_MAX = 64, BD_BOARD_CELLS_MAX = BD_BOARD_MAX * BD_BOARD_MAX };

typedef struct bd_board {
    int box_rows;        /* R: rows of a box */
    int box_cols;        /* C: columns of a box */
    int size;            /* N = R * C: cells in a row, column or box; the values 1..N */
    uint8_t cells[BD_BOARD_CELLS_MAX];  /* cells[row * size + col]: 1..N, 0 blank */
} bd_board;

/* Makes `board` an empty board of boxes of `box_rows` x `box_cols` cells
 * (every cell 0). Returns BD_OK, or BD_EINVAL (NULL board, a side below 1,
 * or a product above BD_BOARD_MAX; the board is not written then). */
bd_status bd_board_init(bd_board *board, int box_rows, int box_cols);

/* True when `board` is not NULL, its geometry is in range and consistent
 * (size == box_rows * box_cols) and every cell is 0..size: what every
 * function here checks first. */
bool bd_board_valid(const bd_board *board);

/* The 9 x 9 grid as a board of 3 x 3 boxes. */
void bd_board_from_grid(const bd_grid *grid, bd_board *board);

/* The board as a 9 x 9 grid: BD_OK, or BD_EINVAL when it is not a valid
 * board of 3 x 3 boxes (`grid` is not written then). */
bd_status bd_board_to_grid(const bd_board *board, bd_grid *grid);

/* True when `board` is valid and no value appears twice in a row, column
 * or box. */
bool bd_board_givens_ok(const bd_board *board);

/* True when both are valid boards of the same geometry and `solution` is
 * complete, has no value twice in a row, column or box, and keeps every
 * given of `puzzle`. */
bool bd_board_is_solution_of(const bd_board *puzzle, const bd_board *solution);

/*
 * bd_check for boards: the first cell of `solution`, in reading order,
 * that is blank, changes a given of `puzzle`, or repeats the value of an
 * earlier cell of its row, column or box (the same precedence as
 * bd_check; `digit`, `given` are values 1..N). Returns BD_OK with `result`
 * filled, or BD_EINVAL (a NULL argument, an invalid board, or boards of
 * different geometry).
 */
bd_status bd_board_check(const bd_board *puzzle, const bd_board *solution,
                         bd_check_result *result);

/*
 * bd_solve, bd_count and bd_solutions for boards, with the same contracts
 * and statuses (and BD_ENOMEM when the search could not get its memory,
 * which grows with N and the depth of the search). `options` may be NULL;
 * options->engine picks the engine: BD_ENGINE_DFS, the bit-parallel
 * search (singles and locked candidates, the cell with fewest candidates
 * guessed first), or BD_ENGINE_DLX, Dancing Links; options->order and
 * options->exhaustive are not used. Node and time limits and `stats` work
 * as for 9 x 9 (nodes: the root and each branch tried; guesses: the
 * branch points).
 */
bd_status bd_board_solve(const bd_board *puzzle, const bd_options *options,
                         bd_board *solution, bd_stats *stats);
bd_status bd_board_count(const bd_board *puzzle, uint64_t limit, const bd_options *options,
                         uint64_t *count, bd_stats *stats);

/* Called by bd_board_solutions with each solution (valid only during the
 * call); returns true to go on, false to stop. */
typedef bool (*bd_board_fn)(const bd_board *solution, void *context);

bd_status bd_board_solutions(const bd_board *puzzle, uint64_t limit,
                             const bd_options *options, bd_board_fn on_solution,
                             void *context, uint64_t *count, bd_stats *stats);

/*
 * The lexicographically smallest solution of `puzzle`: the one whose
 * cells, read row by row, form the smallest sequence of values (UVa 989's
 * rule). Returns BD_OK (`solution` written), BD_NO_SOLUTION, BD_CUT_SHORT
 * (the limits of `options` apply to all the searches it makes together),
 * BD_ENOMEM or BD_EINVAL. Each search is made by the engine of `options`.
 */
bd_status bd_board_smallest(const bd_board *puzzle, const bd_options *options,
                            bd_board *solution, bd_stats *stats);

/* The generating options for boards of `box_rows` x `box_cols` boxes:
 * minimal puzzles with any count of givens (0 to N * N), no symmetry, no
 * level, BD_GENERATE_TRIES tries. */
bd_generate_options bd_board_generate_defaults(int box_rows, int box_cols);

/*
 * bd_generate for boards of `box_rows` x `box_cols` boxes: puzzle number
 * `index` of the sequence named by `seed`, the same on every machine and
 * thread, written to `puzzle` (and its solution to `solution`, which may
 * be NULL). The options mean what they mean for bd_generate, with these
 * differences: the givens may be asked in 0..N * N (nothing is known of
 * the fewest givens a unique board of most sizes can have), and a range
 * that the symmetry cannot give (e.g. an odd count with a half turn when
 * N is even) is BD_EINVAL; `level` must be -1 (the rating is calibrated
 * on 9 x 9 only). The random full grid is found by the bit-parallel
 * search with its digits drawn in random order (restarted after a bound
 * on its nodes), and each given goes when the puzzle stays unique without
 * it. Each uniqueness check is a search of at most 2^16 / (N * N) nodes
 * (a count, not a time: the same puzzle on every machine); a given whose
 * check is cut short there stays. With `minimal`, those givens are then
 * checked again with searches of 4, 16, 64 and 256 times those nodes,
 * within 2^24 / (N * N) nodes for the whole try (from 25 x 25 up: up to
 * 2^14 times, within 2^28 / (N * N)): each goes or is proved needed, and
 * those still cut short stay, counted in stats->unproved. The puzzle is
 * unique either way, and minimal (every given proved needed) when
 * stats->unproved is 0 (a few 20 x 20 puzzles are not, and most from
 * 36 x 36 up). On 25 x 25 a try is dropped when more than N * N / 6
 * checks are cut short after the first searches, or any after the
 * longer ones: the puzzles made are minimal, and fewer tries than those
 * asked may make none.
 * Returns BD_OK, BD_CUT_SHORT (no try succeeded),
 * BD_ENOMEM or BD_EINVAL. Re-entrant.
 */
bd_status bd_board_generate(uint64_t seed, uint64_t index, int box_rows, int box_cols,
                            const bd_generate_options *options, bd_board *puzzle,
                            bd_board *solution, bd_generate_stats *stats);

/*
 * Boards as text (src/io/board_text.c). A board is written as one line of
 * N^2 cells or as N lines of N cells, in one of four alphabets:
 *
 *   digits   1-9 then A-Z (A = 10 ... Z = 35); 0 or . blank
 *   letters  A-Z (A = 1 ... Z = 26); - or . blank
 *   hex      0-9 then A-F (0 = 1 ... F = 16); - or . blank
 *   numbers  integers apart by blanks (spaces or tabs); 0 or . blank
 *
 * Letters may be lower case. In the first three, blanks between cells
 * are ignored. What the caller leaves open (box_rows 0: the size;
 * BD_ALPHABET_AUTO: the alphabet) is settled by the first record and
 * kept for the next ones, by these rules:
 *   - the alphabet: numbers when the line holds two or more blank-apart
 *     tokens, each an integer or '.'; else hex when '-' and a digit
 *     appear, letters when no digit does; else digits when there is no
 *     letter, or a letter beyond F, or N > 16, or the record holds N's
 *     own symbol in digits (C for N = 12: 13 in hex, out of range);
 *     otherwise (digits and letters up to F, N at most 16) it cannot
 *     tell: an error naming --alphabet digits and --alphabet hex;
 *   - the size: a first line of N^2 cells is a one-line board and one of
 *     N cells the first row of an N-line grid, for a square N (boxes of
 *     sqrt(N) x sqrt(N): 1, 4, 9, 16, 25, 36, 49, 64); 16 cells is either
 *     (a 4 x 4 line, or a 16 x 16 row): an error naming --size 4 and
 *     --size 16.
 */
typedef enum bd_alphabet {
    BD_ALPHABET_AUTO = 0,
    BD_ALPHABET_DIGITS,
    BD_ALPHABET_LETTERS,
    BD_ALPHABET_HEX,
    BD_ALPHABET_NUMBERS,
    BD_ALPHABETS
} bd_alphabet;

/* How boards are written: the box shape, the alphabet, and whether a
 * board takes N lines (grid) or one. */
typedef struct bd_board_text {
    int box_rows, box_cols;     /* 0, 0: not known yet */
    bd_alphabet alphabet;       /* BD_ALPHABET_AUTO: not known yet */
    bool grid;                  /* N lines of N cells; false: one line */
} bd_board_text;

/* The name of an alphabet ("digits", ...; "auto"), or NULL. */
const char *bd_alphabet_name(bd_alphabet alphabet);

/* The first line of a record (`length` bytes, no line end; a trailing
 * '\r' is ignored): settles the size and shape that `how` leaves open
 * (and the alphabet when it is numbers) and returns how many lines the
 * record takes, 1 or N. 0 when the line cannot start a record, with the
 * reason in `why` (`why_size` bytes, may be 0). */
int bd_board_text_lines(const char *line, size_t length, bd_board_text *how, char *why,
                        size_t why_size);

/* Parses a record: its lines (as many as bd_board_text_lines said) joined
 * by '\n', in the shape `how` says, into `board` (its geometry and
 * cells[0 .. N * N): the rest is neither read nor written); an alphabet
 * left open is settled from the whole record (see above) and kept in
 * `how`. BD_OK, or BD_EMALFORMED with the reason in `why` (an alphabet it
 * cannot tell, a cell out of the alphabet or above N, a line of the wrong
 * length; the cells are then unspecified); BD_EINVAL when `how` has no
 * size. */
bd_status bd_board_parse(const char *text, size_t length, bd_board_text *how, bd_board *board,
                         char *why, size_t why_size);

/* Writes `board` as text in `how`'s shape and alphabet (AUTO: digits up
 * to N = 35, else numbers), each line ended by '\n', into `out` (`size`
 * bytes, NUL-terminated). Returns the length, or 0 when `size` is too
 * small or the alphabet cannot write N values. */
size_t bd_board_format(const bd_board *board, const bd_board_text *how, char *out, size_t size);

/*
 * Rating boards of any size: the techniques of Sudoku Explainer that
 * generalize to N x N boards with boxes of R x C cells, with SE's
 * difficulty for each, the scale being SE's, calibrated on 9 x 9:
 *
 *   1.0  full house           1.2  hidden single in a box
 *   1.5  hidden single in a row or column
 *   2.3  naked single         2.6  pointing        2.8  claiming
 *   3.0  naked pair           3.2  X-wing          3.4  hidden pair
 *   3.6  naked triplet        3.8  swordfish       4.0  hidden triplet
 *   5.0  naked quad           5.2  jellyfish       5.4  hidden quad
 *
 * Only these exist on boards (no direct techniques, wings, uniqueness
 * tests or chains). The path takes, at each step, the first technique of
 * this list that applies, from the first again after every step; within
 * a technique units go boxes, then columns, then rows, each 0..N-1
 * (fish: base columns, then base rows, each value 1..N). When no
 * technique applies and the board is not full, the path has stalled: the
 * rating says so (`stalled`), and its number is the hardest step reached,
 * a lower bound and not SE's rating of the board (SE would go on with
 * chains). A board of 3 x 3 boxes is rated by these techniques too (the
 * CLI gives 9 x 9 boards to bd_rate instead).
 */
typedef struct bd_board_rating {
    double rating;              /* the hardest step (0 when there is none) */
    double pearl;               /* the hardest up to the first placement */
    double diamond;             /* the first step */
    bd_level level;             /* of `rating` */
    bd_technique hardest;       /* the hardest step's technique, or
                                   BD_TECHNIQUES when there is no step */
    int steps;                  /* steps on the path */
    bool stalled;               /* no technique applies on a board not full */
} bd_board_rating;

/*
 * One step on a board. Units are numbered 0..N-1 for the rows, N..2N-1
 * for the columns and 2N..3N-1 for the boxes; values are 1..N and value
 * masks have bit v - 1 for value v.
 */
typedef struct bd_board_step {
    bd_technique technique;
    double rating;              /* SE's difficulty of the technique */
    int cell;                   /* the cell it fills, or -1 */
    int value;                  /* the value it places there */
    int unit;                   /* a single's unit, a lock's first unit, a
                                   subset's unit; -1 for a naked single */
    int unit2;                  /* a lock's second unit, or -1 */
    uint64_t values;            /* a lock's or fish's value, a subset's values */
    int cells[4], cell_count;   /* a subset's cells, in increasing order */
    uint64_t base, cover;       /* a fish's lines (bit i: line i), base rows
                                   and cover columns when `unit` is a row,
                                   else base columns and cover rows */
    int removed_count;          /* candidates removed */
    uint64_t removed[BD_BOARD_CELLS_MAX]; /* the values removed from each
                                   cell (cells 0..N*N-1 only) */
    const bd_board *board;      /* the board after the step */
    const uint64_t *candidates; /* after the step: each blank cell's
                                   candidates, 0 for a filled one */
} bd_board_step;

/* Called with each step of a board's path; true to go on, false to stop. */
typedef bool (*bd_board_step_fn)(const bd_board_step *step, void *context);

/*
 * Rates `puzzle` by the path above. Returns BD_OK (`*rating` filled; it
 * may say `stalled`), BD_NO_SOLUTION, BD_NOT_UNIQUE, BD_CUT_SHORT (the
 * limits of `options`, which may be NULL, stopped the uniqueness check),
 * BD_ENOMEM or BD_EINVAL (a NULL or invalid argument). Uniqueness is
 * checked by bd_board_count (to 2) only when the path does not fill the
 * board validly: a path that does proves the solution unique, since every
 * step holds in every solution (for the same reason the count is made on
 * the board the path reached, which has the puzzle's solutions). `stats` (may be NULL) gets that check's
 * effort. Memory: one state of under 200 kilobytes. Re-entrant.
 */
bd_status bd_board_rate(const bd_board *puzzle, const bd_options *options,
                        bd_board_rating *rating, bd_stats *stats);

/*
 * bd_board_rate, calling `on_step` with each step in order (only when the
 * status is BD_OK). `rating` (may be NULL) is that of the steps taken
 * until `on_step` stopped the path, or of the whole path.
 */
bd_status bd_board_explain(const bd_board *puzzle, const bd_options *options,
                           bd_board_step_fn on_step, void *context, bd_board_rating *rating);

/*
 * A board's step as text, in the notation of bd_explain with values in
 * `alphabet` (AUTO: digits up to N = 35, else numbers): r4c7=5 hidden
 * single (box 6), pointing 3 in b1 on r2 => r2c5<>3, naked pair 1,7 in
 * r3c15 (row 3) => ..., X-wing 4 c38 r27 => .... On boards of N > 9, the
 * row and column numbers of a group are apart by commas (r3c1,15 is r3c1
 * and r3c15; X-wing 4 c3,8 r2,7). Writes into `out` (`size` bytes,
 * NUL-terminated when `size` > 0, cut there) and returns the length the
 * whole text needs, as snprintf does; 0 (an empty text) for a step
 * without its board, which the path always sets.
 */
size_t bd_board_step_text(const bd_board_step *step, bd_alphabet alphabet, char *out,
                          size_t size);

/* ------------------------------------------------------------------ */
/* Text: reading and writing puzzles                                   */
/* ------------------------------------------------------------------ */

/* The shape a puzzle came in, and the shapes an answer can be written in. */
typedef enum bd_shape {
    BD_SHAPE_LINE = 0,  /* 81 cells on one line */
    BD_SHAPE_SPACED,    /* 9 lines of 9 cells separated by spaces */
    BD_SHAPE_COMPACT,   /* 9 lines of 9 cells with nothing between */
    BD_SHAPE_PRETTY,    /* a boxed grid with | - + separators */
    BD_SHAPE_SHEET      /* 9 lines of 9 fields separated by commas, a blank
                           cell an empty field (a spreadsheet's export) */
} bd_shape;

/* Enough room for any formatted grid, its newlines and a NUL. */
enum { BD_FORMAT_MAX = 512 };

/*
 * Writes `grid` as text in `shape` into `buf` (at least BD_FORMAT_MAX bytes):
 * digits, '.' for blanks, every line ended by '\n', then a NUL.
 * Returns the length of the text.
 */
size_t bd_format(const bd_grid *grid, bd_shape shape, char *buf);

/* The bytes of a line the reader keeps. Past them a line may hold only
 * blanks and a comment (which are dropped); anything else makes it a
 * malformed record. */
enum { BD_LINE_MAX = 1024 };

/* One record read: a puzzle, or a malformed one with what is wrong. */
typedef struct bd_record {
    bd_grid grid;             /* the puzzle (valid on BD_OK); for pencil
                                 marks, the cells with one candidate */
    bd_shape shape;           /* the shape it came in (pencil marks: LINE
                                 for the 729-character line, SPACED for
                                 the 9-line grid) */
    bool has_marks;           /* the puzzle came as pencil marks: `marks`
                                 holds every cell's candidates */
    bool no_solution;         /* a reader of answers (bd_reader_set_role)
                                 read the words "no solution": no grid */
    char blank;               /* how it wrote its blanks, '.' or '0' (as its
                                 first blank did; '.' when it has none) */
    unsigned long line;       /* the line where the record starts (1-based) */
    unsigned long err_line;   /* on BD_EMALFORMED/BD_EINPUT: where, 1-based */
    unsigned long err_col;    /* column in characters, 1-based; 0 if none */
    char err_msg[128];        /* and what is wrong */
    /* A record of a CSV or TSV input is one row of fields (see bd_read): */
    char separator;           /* ',' (CSV) or '\t' (TSV); 0 for other records */
    int puzzle_field;         /* the field that holds the puzzle (for a
                                 reader of answers, the answer), 0-based;
                                 -1 when none was found */
    int answer_field;         /* the field the header names as the answer
                                 (bd_row_answer); -1 when none does */
    size_t row_len;
    char row[BD_LINE_MAX + 1]; /* the row as it came, without its line end,
                                 NUL-terminated (malformed rows too) */
    bd_marks marks;           /* on BD_OK with has_marks: each cell's
                                 candidates (a given: one) */
} bd_record;

/*
 * Where the reader gets its bytes: reads up to `size` bytes into `buf` and
 * returns how many it read (it may read fewer than asked, e.g. what a pipe
 * holds now), 0 at the end of input, or BD_READ_ERROR. After 0 or
 * BD_READ_ERROR it is not called again.
 */
typedef size_t (*bd_read_fn)(void *context, void *buf, size_t size);
#define BD_READ_ERROR ((size_t)-1)

/*
 * A streaming reader: one record at a time, constant memory. Treat the
 * fields as private. A record is one line of 81 cells, or 9 consecutive
 * lines of 9 cells (spaced, compact, pretty, or a spreadsheet's 9 fields
 * separated by commas or semicolons, an empty field a blank). Blank lines
 * and lines starting with '#' are skipped (inside a grid, blank lines may
 * stand only between its bands: elsewhere a blank line ends the grid); a
 * line starting with '%' (a title, as Debian's sudoku writes before each
 * grid) is skipped too, and always ends a grid. Rules of '-', '=', '+' and
 * '|' (also with '.', ':', '\'' or '*' at their corners) are skipped. When
 * a grid's 9 rows are followed, with no blank line or title between, by 1
 * to 4 rows that a blank line, a title or the end of input then ends, those
 * rows are taken for lines too many in the grid above, not for a grid of
 * their own: they are reported (BD_EINPUT), not a record. CRLF and a
 * leading UTF-8 BOM are accepted, and so are CR line ends when the first
 * line ends with a lone CR (then every line ends so); a first line holding
 * only a count of puzzles and a line "end" after the last puzzle are
 * understood.
 *
 * Pencil marks (the Sukaku shapes): a line of 729 cells is one puzzle,
 * each cell 9 characters, the k-th the digit k when k is a candidate and
 * '.' or '0' when it is not; and 9 lines of 9 groups separated by blanks
 * (and '|'), each group a cell's candidates as digits 1-9, one digit for a
 * given, make a grid of pencil marks (a line of 9 groups of which one at
 * least has two digits or more is read as its row, whatever its length).
 * Their records have has_marks set.
 *
 * CSV and TSV: when the first significant line is a row of fields
 * separated by commas (or by tabs, with a field that looks like a grid or
 * names columns), every line of the input is one record: a row. Fields may
 * be quoted as RFC 4180 says, but a quoted field must close on its line.
 * A first line that names columns (no field looks like a grid, and every
 * field that is not empty starts with a letter; or a line that is only
 * one of the puzzle names below) is the header: it is kept
 * (bd_reader_header), not a record. The puzzle must hold exactly 81 cells,
 * blanks around them allowed; the other fields are kept with the row
 * (bd_record.row). Which field holds the puzzle:
 *   - the first that the header names (blanks around the name and case
 *     aside) puzzle, puzzles, quiz, quizzes, sudoku, sudokus, grid, grids,
 *     board, boards, problem or problems;
 *   - without such a name, the first field that looks like a grid (more
 *     than 18 characters besides blanks, at least three quarters of them
 *     cells) on the first row where that field has a blank cell or is
 *     malformed; on rows before that one, a row's first grid if it stands
 *     in its first field (a puzzle without blanks), else none (a complete
 *     grid after other fields is a solution beside a damaged puzzle).
 * Once known, the puzzle's field is read on every row: a row where it
 * holds no grid, or a malformed one, is a malformed record (and so is a
 * row whose quotes are broken); one damaged row never moves the field.
 * The header's first field named solution, solutions, answer, answers or
 * solved is the answer's field (bd_record.answer_field, bd_row_answer).
 */
typedef struct bd_reader {
    bd_read_fn read_fn;           /* the source of bytes, or NULL for memory */
    void *read_context;
    bool at_end;                  /* read_fn said end of input (or failed) */
    bool failed;                  /* read_fn failed */
    const unsigned char *data;    /* bytes not yet looked at: data[pos..len) */
    size_t data_len, data_pos;
    unsigned long line_no;        /* lines read so far */
    unsigned long records;        /* records returned so far */
    long header_count;            /* puzzles announced by a count line, or -1 */
    unsigned long header_line;    /* where that line was */
    int state;                    /* where the reader is in its input */
    char separator;               /* rows of CSV (',') or TSV ('\t'); 0: text */
    int puzzle_field;             /* the field of the puzzles, once found; -1 */
    unsigned long puzzle_field_line; /* the row where it was found (the header
                                     when it names it) */
    bool puzzle_named;            /* the header named the puzzles' field */
    int answer_field;             /* the field the header names the answer's; -1 */
    int role;                     /* a bd_role: puzzles or answers */
    char line_end;                /* '\n', or '\r' for CR line ends; 0: not known yet */
    bool skip_lf;                 /* CR line ends: a '\n' after the last '\r' is skipped */
    bool after_grid;              /* the last line read was a grid's 9th row */
    bool has_header;              /* header[0..header_len) is the header row */
    size_t header_len;
    bool have_pending;            /* a line read ahead, not yet used */
    unsigned long pending_line;
    size_t pending_len;
    bool pending_long;            /* more than blanks or a comment past BD_LINE_MAX */
    bool pending_cut;             /* more than blanks past BD_LINE_MAX (rows) */
    size_t pending_at;            /* where that line began in the data */
    bool piece;                   /* reading one piece of an input */
    bool last_piece;              /* ... the last one: nothing follows it */
    bool cut;                     /* a record ran past the end of the piece */
    size_t cut_at;                /* where it began in the piece */
    unsigned long cut_line;       /* and on which line */
    char pending[BD_LINE_MAX + 1];
    char header[BD_LINE_MAX + 1];
    unsigned char buf[16384];     /* what read_fn read */
} bd_reader;

/* Starts reading from an open stream (with fread). The reader does not
 * close it. */
void bd_reader_init_file(bd_reader *reader, FILE *file);

/* Starts reading `len` bytes of memory, which must outlive the reader. */
void bd_reader_init_mem(bd_reader *reader, const void *data, size_t len);

/* Starts reading from `read_fn`, called with `context`. */
void bd_reader_init_fn(bd_reader *reader, bd_read_fn read_fn, void *context);

/* What a reader reads: puzzles (the default), or proposed answers to
 * puzzles (a contestant's output, as `bitdoku check` reads it). */
typedef enum bd_role {
    BD_ROLE_PUZZLES = 0,
    BD_ROLE_ANSWERS
} bd_role;

/*
 * Makes `reader`, before its first bd_read, a reader of `role`. A reader
 * of answers differs in two ways: a line "no solution" (case aside, blanks
 * around it allowed) is a record, with no_solution set and no grid (to a
 * reader of puzzles it is a malformed record); and in CSV or TSV rows, the
 * record's grid is the answer: the field the header names as the answer
 * (see bd_reader), else the first field that holds a complete grid (no
 * blank cell) on the first row that has one, or that holds "no solution";
 * on rows before that one, the row's last field that looks like a grid.
 */
void bd_reader_set_role(bd_reader *reader, bd_role role);

/*
 * Reads the next record into `record`. Returns BD_OK (a well-formed puzzle),
 * BD_EMALFORMED (a malformed record; its answer should say so, and
 * record->err_* says where and what), BD_EINPUT (bad input that is not a
 * record, e.g. text after "end", or rows too many after a grid: report it,
 * answer nothing), BD_EOF, or
 * BD_EIO (the stream failed). After BD_EMALFORMED or BD_EINPUT, reading
 * goes on with the next record.
 */
bd_status bd_read(bd_reader *reader, bd_record *record);

/*
 * The header row of a CSV or TSV input, as it came, without its line end:
 * NULL when the input has none, or before bd_read has first returned.
 * `len` (may be NULL) gets its length. Valid while the reader lives.
 */
const char *bd_reader_header(const bd_reader *reader, size_t *len);

/* The separator of the input's rows, ',' (CSV) or '\t' (TSV), or 0 for
 * text; known once bd_read has first returned. */
char bd_reader_separator(const bd_reader *reader);

/*
 * Reading one input in pieces, e.g. on several threads: each piece is a
 * run of whole lines in memory, read by a reader of its own that starts
 * where the reader of the input would stand at that point (a mark). A
 * reader of a piece says where it stands when its data ends (its mark),
 * and whether its last record ran on past that end (a grid short of
 * rows): then that record begins again in the next piece. Pieces read this
 * way, each from the mark the one before it ended at, give the records
 * and faults that one reader of the whole input gives, except the check of
 * a count line against the number of records, which bd_reader_finish makes
 * at the end.
 */
typedef struct bd_reader_mark {
    int state;                    /* the fields of bd_reader of the same names */
    char separator;
    int puzzle_field;
    unsigned long puzzle_field_line;
    bool puzzle_named;
    int answer_field;
    int role;
    char line_end;
    bool after_grid;
    long header_count;
    unsigned long header_line;
} bd_reader_mark;

/*
 * The line end of an input whose first bytes are data[0..len) (at least
 * its first line and the byte after it, if there is one): '\r' when the
 * input has CR line ends (its first '\r' or '\n' is a '\r' that a byte
 * other than '\n' follows), else '\n'. A reader finds it so on the bytes
 * at hand when it reads its first line; one that cuts an input into
 * pieces cuts them after this byte (after "\r\n" whole).
 */
char bd_line_end(const void *data, size_t len);

/* What bd_line_shorten shortens a long line to, at most. */
enum { BD_PIECE_LINE_MAX = BD_LINE_MAX + 2 };

/*
 * Starts reading the piece of `len` bytes at `data` (which must outlive the
 * reader): whole lines, each ended by '\n' (with CR line ends, by '\r',
 * maybe followed by '\n', a pair the piece must not split) except maybe
 * the last line of the input (a caller that must hold an unfinished line in bounded memory
 * may shorten it with bd_line_shorten meanwhile). `at` is the mark
 * where the input's reader stands before the piece (NULL: at the start of
 * the input), `lines_before` the number of lines before it. `last`: no
 * piece follows, so a record cut short by the end of the data is read as
 * a whole reader reads one cut short by the end of the input.
 */
void bd_reader_init_piece(bd_reader *reader, const bd_reader_mark *at, const void *data,
                          size_t len, unsigned long lines_before, bool last);

/* Where `reader` stands now: read the next piece from this mark. */
void bd_reader_mark_of(const bd_reader *reader, bd_reader_mark *mark);

/* True when two marks are the same place. */
bool bd_reader_mark_equal(const bd_reader_mark *a, const bd_reader_mark *b);

/*
 * After bd_read on a piece that is not the last has returned BD_EOF: true
 * when its last record ran past the end of its data and was not returned;
 * it begins at byte `*offset` of the piece, on line `*line` (either may be
 * NULL), and the next piece should start with those bytes.
 */
bool bd_reader_cut(const bd_reader *reader, size_t *offset, unsigned long *line);

/* The number of records bd_read has returned (BD_OK and BD_EMALFORMED). */
unsigned long bd_reader_records(const bd_reader *reader);

/*
 * At the end of an input read in pieces: `mark` is where the last piece's
 * reader ended, `records` the number of records of all pieces. Returns
 * BD_EINPUT (with record->err_* set, as bd_read would have) when a count
 * line announced another number of puzzles, else BD_EOF.
 */
bd_status bd_reader_finish(const bd_reader_mark *mark, unsigned long records,
                           bd_record *record);

/*
 * Shortens a line (`len` bytes, without its line end) longer than
 * BD_PIECE_LINE_MAX bytes to at most that many, which a reader reads as it
 * reads the whole line (the first BD_LINE_MAX bytes, then one or two
 * standing for what followed them: blanks, a comment, or anything else).
 * Shortening a shortened line with more bytes appended gives what
 * shortening the whole would. Returns the new length.
 */
size_t bd_line_shorten(char *line, size_t len);

/* A grid read from a field of a CSV or TSV row (bd_row_grid). */
typedef struct bd_field_grid {
    int field;                /* which field of the row, 0-based */
    bool no_solution;         /* bd_row_answer: the field says "no solution" */
    bd_grid grid;             /* its cells, on BD_OK (unless no_solution) */
    unsigned long err_col;    /* on BD_EMALFORMED: the column of the fault,
                                 on line record->line, 1-based */
    char err_msg[128];        /* and what is wrong */
} bd_field_grid;

/*
 * Reads the first field after field `after` (-1: from the first field) of
 * a CSV or TSV record's row that looks like a grid (as bd_read says), e.g.
 * with after = record->puzzle_field, the proposed solution beside a puzzle.
 * Returns BD_OK (grid read), BD_EMALFORMED (the field looks like a grid but
 * is not one, or the row's quotes are broken: `err_col` and `err_msg` say
 * where and what), BD_EOF (no later field looks like a grid), or BD_EINVAL
 * (not a record of a CSV or TSV row). Re-entrant; `record` is not changed.
 */
bd_status bd_row_grid(const bd_record *record, int after, bd_field_grid *out);

/*
 * Reads the proposed answer of a CSV or TSV record's row: the field the
 * header names as the answer (record->answer_field), else the first field
 * after the puzzle's that looks like a grid, as bd_row_grid. A field that
 * says "no solution" (case aside, blanks around it allowed) is an answer
 * too: BD_OK with out->no_solution set. Returns what bd_row_grid returns;
 * BD_EOF also when the named field is empty or holds no grid.
 */
bd_status bd_row_answer(const bd_record *record, bd_field_grid *out);

/* ------------------------------------------------------------------ */
/* Pictures: a grid, or a step of a solution path, drawn as SVG         */
/* ------------------------------------------------------------------ */

/*
 * Where a picture's text goes: called with successive pieces of it, in
 * order (`text` is not NUL-terminated); returns false to stop, e.g. when
 * writing failed.
 */
typedef bool (*bd_write_fn)(void *context, const char *text, size_t len);

/* How a picture is drawn. */
typedef struct bd_picture_options {
    bool standalone;      /* a whole SVG document: an XML declaration, then
                             an <svg> with its width and height (in px, one
                             a unit of its viewBox); false: an <svg>
                             element to put in an HTML page, which sizes it */
    bool candidates;      /* bd_svg_grid: each blank cell's candidates */
    const bd_marks *marks; /* bd_svg_grid: the candidates to show in the
                             blank cells (a puzzle of pencil marks), or
                             NULL: with `candidates`, those no digit of the
                             cell's row, column or box rules out */
    const char *title;    /* the picture's <title>, or NULL: none */
    const char *caption;  /* text under the grid, or NULL: none; '\n'
                             breaks a line, and long lines are wrapped at
                             spaces to the grid's width */
} bd_picture_options;

/*
 * Draws a grid as SVG: the digits of `grid` in their cells, those that
 * `puzzle` gives in bold, the others lighter (as solved); thin lines
 * between cells, thick ones between boxes. `grid` may be NULL: the puzzle
 * alone. With options->candidates, each blank cell shows small the digits
 * that no digit of its row, column or box rules out (options->marks: the
 * digits its marks hold). `options` may be
 * NULL: an element to embed, no title, no caption. The title and caption
 * are UTF-8, written escaped (& < > " ' as entities; bytes that are not
 * well-formed UTF-8, and characters XML does not allow, as U+FFFD). The
 * text is the same on every machine: lengths in whole tenths, no locale,
 * fonts left to the reader (a sans-serif, and a monospace caption).
 * Returns BD_OK; BD_EINVAL (nothing written) for a NULL puzzle or write,
 * a cell outside 0..9, or a grid that changes a given of the puzzle; or
 * BD_EIO when `write` returned false (it is not called again).
 */
bd_status bd_svg_grid(const bd_grid *puzzle, const bd_grid *grid,
                      const bd_picture_options *options, bd_write_fn write, void *context);

/*
 * Draws a step of a solution path (bd_explain) on the grid as it stood
 * before the step: the digits of `before` (those of `puzzle` bold), and in
 * each blank cell its candidates from `marks` (NULL: the digits that no
 * digit of its row, column or box rules out, as before a path's first
 * step; after a step, its `candidates` are those before the next). The
 * step's removals are struck out in red; its placement is ringed in green
 * in a shaded cell (or written big in green when the marks lack it); its
 * pattern's candidates are ringed in blue in shaded cells, the units it
 * rests on shaded yellow, a chain's links drawn between candidates (a
 * link whose inference ends "on" solid, as a strong link; "off" dashed,
 * as a weak one). The step's text is drawn only as options->caption
 * (options->candidates and ->marks are not read: candidates are always
 * drawn). Returns as bd_svg_grid does; BD_EINVAL also for a NULL `before`
 * or `step`, a step whose cell is not -1 or 0..80 or whose digit is not
 * 1..9 where it places one, a unit past the 27th, or a link count past
 * BD_STEP_LINKS or a link off the grid.
 */
bd_status bd_svg_step(const bd_grid *puzzle, const bd_grid *before, const bd_marks *marks,
                      const bd_step *step, const bd_picture_options *options,
                      bd_write_fn write, void *context);

/*
 * Writes the `len` bytes of UTF-8 `text` through `write`, escaped as the
 * pictures escape their titles and captions, for the character data or an
 * attribute value of an XML or HTML page around them: & < > " ' as
 * entities, what is not well-formed UTF-8 or not allowed in XML as U+FFFD.
 * Returns BD_OK, BD_EINVAL (a NULL text or write), or BD_EIO.
 */
bd_status bd_write_xml_text(const char *text, size_t len, bd_write_fn write, void *context);

#ifdef __cplusplus
}
#endif

#endif /* BITDOKU_H */
