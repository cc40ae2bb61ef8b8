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
 * The instruction set that the fast engine runs on in this process. The
 * fast engine serves bd_solve, bd_count and bd_solutions with the default
 * engine and order, and the searches inside bd_rate and bd_generate; its
 * kernels give the same answers, nodes and guesses, and differ in speed
 * only. The kernel is chosen once, at the first search or call of bd_isa:
 * by default the widest that this library was built with and this machine
 * runs ("avx512" on x86-64 with AVX-512F/BW, POPCNT, BMI1 and BMI2, else
 * "base", plain C for any processor). The environment variable
 * BITDOKU_ISA, read then, may name one: "base" or "avx512"; unset, empty
 * or "auto" means the default.
 * Returns BD_OK, with *name (when `name` is not NULL) the kernel's name and
 * *why (when `why` is not NULL) NULL. Returns BD_EINVAL when BITDOKU_ISA
 * names no kernel, one this library was built without, or one this machine
 * does not run: the default kernel runs instead, *name names it, and *why
 * says what was wrong and lists the accepted values, e.g. "unknown
 * instruction set (accepted values: auto, base, avx512)". The strings are
 * static. A program that lets its users set BITDOKU_ISA should call this
 * first and stop when it fails, as the bitdoku command does.
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
    BD_CLASH              /* `cell` holds `digit`, and so does the earlier
                             cell `other` of the same row, column or box */
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

/* ------------------------------------------------------------------ */
/* Rating: how hard a puzzle is for a person, and the steps that solve it */
/* ------------------------------------------------------------------ */

/*
 * The techniques of the human solver, from easiest to hardest: the order in
 * which they are tried, always from the first again after progress. Each
 * has a rating on a scale modelled on Sudoku Explainer's (SE):
 *
 *   rating  technique                 rating  technique
 *   1.0     full house                4.2     XY-wing
 *   1.2     hidden single in a box    4.3     empty rectangle
 *   1.5     hidden single in a line   4.4     XYZ-wing
 *   2.3     naked single              4.5     unique rectangle type 1
 *   2.6     pointing                  4.6     unique rectangle type 2
 *   2.8     claiming                  4.7     unique rectangle type 4
 *   3.0     naked pair                4.8     W-wing
 *   3.2     X-wing                    5.0     naked quad
 *   3.4     hidden pair               5.2     jellyfish
 *   3.6     naked triple              5.4     hidden quad
 *   3.8     swordfish                 6.5+    X-chain
 *   4.0     hidden triple             6.6+    XY-chain
 *   4.0     skyscraper                7.0+    alternating inference chain
 *   4.1     two-string kite           8.0+    search (no technique applies)
 *
 * A chain of more than 4 candidates adds 0.1 for each of the lengths 4, 6,
 * 8, 12 and 16 it exceeds (SE's rule); chains have at most 16 candidates.
 * Search is rated by the effort of the fast engine on the puzzle (n, the
 * nodes of bd_count with limit 2): 8.0 + 0.3 x floor(2 log2(n / 4)), at
 * least 8.0 and at most 12.0; so 8.6 for 8 nodes, 9.8 for 32, 11.0 for
 * 128. The
 * values up to 5.4 are SE's; SE has no skyscraper, kite, empty rectangle
 * or W-wing (it finds them as chains, 6.5 and up), and rates the forcing
 * chains we leave to search between 7.1 and 12.
 */
typedef enum bd_technique {
    BD_TECH_FULL_HOUSE = 0,     /* the last empty cell of a unit */
    BD_TECH_HIDDEN_SINGLE_BOX,  /* a digit with one place left in a box */
    BD_TECH_HIDDEN_SINGLE_LINE, /* ... in a row or column */
    BD_TECH_NAKED_SINGLE,       /* a cell with one candidate left */
    BD_TECH_POINTING,           /* a box's digit confined to a line */
    BD_TECH_CLAIMING,           /* a line's digit confined to a box */
    BD_TECH_NAKED_PAIR,
    BD_TECH_X_WING,
    BD_TECH_HIDDEN_PAIR,
    BD_TECH_NAKED_TRIPLE,
    BD_TECH_SWORDFISH,
    BD_TECH_HIDDEN_TRIPLE,
    BD_TECH_SKYSCRAPER,
    BD_TECH_TWO_STRING_KITE,
    BD_TECH_XY_WING,
    BD_TECH_EMPTY_RECTANGLE,
    BD_TECH_XYZ_WING,
    BD_TECH_UNIQUE_RECTANGLE_1,
    BD_TECH_UNIQUE_RECTANGLE_2,
    BD_TECH_UNIQUE_RECTANGLE_4,
    BD_TECH_W_WING,
    BD_TECH_NAKED_QUAD,
    BD_TECH_JELLYFISH,
    BD_TECH_HIDDEN_QUAD,
    BD_TECH_X_CHAIN,
    BD_TECH_XY_CHAIN,
    BD_TECH_AIC,                /* alternating inference chain */
    BD_TECH_SEARCH,             /* none applies: the rest needs guessing */
    BD_TECHNIQUES               /* how many there are */
} bd_technique;

/*
 * Difficulty levels, by rating:
 *
 *   level        ratings    what the hardest step is
 *   easy         1.0 - 2.3  singles
 *   medium       2.4 - 3.5  locked candidates, pairs, X-wing
 *   hard         3.6 - 4.4  triples, swordfish, one-digit patterns, wings
 *   fiendish     4.5 - 6.4  unique rectangles, W-wing, quads, jellyfish
 *   diabolical   6.5 - 7.9  chains
 *   beyond       8.0 -      no technique here applies: needs search
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

/* A puzzle's rating: that of the hardest step of its solution path. */
typedef struct bd_rating {
    double rating;              /* a multiple of 0.1 (print it with %.1f) */
    bd_level level;
    bd_technique hardest;       /* the technique of the hardest step */
    int steps;                  /* steps on the path (a search counts one) */
} bd_rating;

/*
 * Rates `puzzle`: solves it the way a person would, step by step, always
 * with the easiest technique that applies, and rates it by the hardest step
 * it needed. Returns BD_OK (`*rating` filled), BD_NO_SOLUTION,
 * BD_NOT_UNIQUE (two or more solutions: such puzzles are not rated),
 * BD_CUT_SHORT (options' node or time limit stopped the uniqueness check),
 * or BD_EINVAL. `options` may be NULL; only its limits are used.
 *
 * Uniqueness is checked by the fast engine (bd_count to 2) when a step
 * needs it: a unique rectangle, a search, or a contradiction. A path that
 * fills the grid without one proves by itself that the solution is unique
 * (each step holds in every solution), and costs no search; `stats` (may be
 * NULL) gets the effort of the check when it ran. Re-entrant.
 */
bd_status bd_rate(const bd_grid *puzzle, const bd_options *options,
                  bd_rating *rating, bd_stats *stats);

/* Enough room for the text of any step. */
enum { BD_STEP_TEXT_MAX = 1024 };

/* One step of a solution path. */
typedef struct bd_step {
    bd_technique technique;
    double rating;              /* the step's rating (chains: with length) */
    int cell;                   /* the cell it fills, or -1 if it only
                                   removes candidates */
    int digit;                  /* the digit it places there */
    int removed_count;          /* candidates it removes */
    uint16_t removed[BD_CELLS]; /* candidates removed from each cell (bit d-1) */
    bd_grid grid;               /* the grid after the step (after a search
                                   step: the solution) */
    uint16_t candidates[BD_CELLS]; /* after the step, for each empty cell,
                                   its candidates (bit d-1); 0 if filled */
    char text[BD_STEP_TEXT_MAX]; /* the step in the community's notation,
                                   without a newline (see below) */
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
 *   X-chain 5 r1c2=r1c7-r3c8=r8c8 => r8c2<>5
 *
 * (the README and the man page list every form). When no technique
 * applies, a last step of technique BD_TECH_SEARCH fills the rest of the
 * grid from the solution. Returns what bd_rate returns; `on_step` is called
 * only on BD_OK, and `rating` (may be NULL) is that of the steps taken until
 * `on_step` stopped the path (or of the whole path). A grid without empty
 * cells has no steps: BD_OK, and a rating of 0.
 */
bd_status bd_explain(const bd_grid *puzzle, const bd_options *options,
                     bd_step_fn on_step, void *context, bd_rating *rating);

/* The name of a technique as the CLI prints it, e.g. "xy-wing". */
const char *bd_technique_name(bd_technique technique);

/* The name of a level, e.g. "fiendish". */
const char *bd_level_name(bd_level level);

/* The level of a rating. */
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
 * it. Returns BD_OK, BD_CUT_SHORT (no try succeeded), BD_ENOMEM or
 * BD_EINVAL. Re-entrant.
 */
bd_status bd_board_generate(uint64_t seed, uint64_t index, int box_rows, int box_cols,
                            const bd_generate_options *options, bd_board *puzzle,
                            bd_board *solution, bd_generate_stats *stats);

/* ------------------------------------------------------------------ */
/* Text: reading and writing puzzles                                   */
/* ------------------------------------------------------------------ */

/* The shape a puzzle came in, and the shapes an answer can be written in. */
typedef enum bd_shape {
    BD_SHAPE_LINE = 0,  /* 81 cells on one line */
    BD_SHAPE_SPACED,    /* 9 lines of 9 cells separated by spaces */
    BD_SHAPE_COMPACT,   /* 9 lines of 9 cells with nothing between */
    BD_SHAPE_PRETTY     /* a boxed grid with | - + separators */
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
    bd_grid grid;             /* the puzzle (valid on BD_OK) */
    bd_shape shape;           /* the shape it came in */
    char blank;               /* how it wrote its blanks, '.' or '0' (as its
                                 first blank did; '.' when it has none) */
    unsigned long line;       /* the line where the record starts (1-based) */
    unsigned long err_line;   /* on BD_EMALFORMED/BD_EINPUT: where, 1-based */
    unsigned long err_col;    /* column in characters, 1-based; 0 if none */
    char err_msg[128];        /* and what is wrong */
    /* A record of a CSV or TSV input is one row of fields (see bd_read): */
    char separator;           /* ',' (CSV) or '\t' (TSV); 0 for other records */
    int puzzle_field;         /* the field that holds the puzzle, 0-based;
                                 -1 when none was found */
    size_t row_len;
    char row[BD_LINE_MAX + 1]; /* the row as it came, without its line end,
                                 NUL-terminated (malformed rows too) */
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
 * lines of 9 cells (spaced, compact or pretty). Blank lines and lines
 * starting with '#' are skipped (inside a grid, blank lines may stand only
 * between its bands: elsewhere a blank line ends the grid); CRLF and a
 * leading UTF-8 BOM are accepted; a first line holding only a count of
 * puzzles and a line "end" after the last puzzle are understood.
 *
 * CSV and TSV: when the first significant line is a row of fields
 * separated by commas (or by tabs, with a field that looks like a grid or
 * names columns), every line of the input is one record: a row. Fields may
 * be quoted as RFC 4180 says, but a quoted field must close on its line.
 * The puzzle is the first field that looks like a grid (more than 18
 * characters besides blanks, at least three quarters of them cells); it
 * must hold exactly 81 cells, blanks around them allowed, and it must be
 * in the same field on every row. A first line that names columns (no
 * field looks like a grid, and every field that is not empty starts with a
 * letter) is the header: it is kept (bd_reader_header), not a record. A
 * row where no field looks like a grid, or where the puzzle is malformed
 * or in another field, is a malformed record. The other fields are kept
 * with the row (bd_record.row).
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
    unsigned long puzzle_field_line; /* the row where it was found */
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

/*
 * Reads the next record into `record`. Returns BD_OK (a well-formed puzzle),
 * BD_EMALFORMED (a malformed record; its answer should say so, and
 * record->err_* says where and what), BD_EINPUT (bad input that is not a
 * record, e.g. text after "end": report it, answer nothing), BD_EOF, or
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
    long header_count;
    unsigned long header_line;
} bd_reader_mark;

/* What bd_line_shorten shortens a long line to, at most. */
enum { BD_PIECE_LINE_MAX = BD_LINE_MAX + 2 };

/*
 * Starts reading the piece of `len` bytes at `data` (which must outlive the
 * reader): whole lines, each ended by '\n' except maybe the last line of
 * the input (a caller that must hold an unfinished line in bounded memory
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
    bd_grid grid;             /* its cells, on BD_OK */
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

#ifdef __cplusplus
}
#endif

#endif /* BITDOKU_H */
