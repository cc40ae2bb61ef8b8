/*
 * fast.h - the fast engine's family header: the band layout that all its
 * files share, the band reduction table (band_table.c), the kernels (one
 * file an instruction set: base.c, avx2.c, avx512.c, each compiled with
 * the search of generic.h) and the table of kernels from which dispatch.c
 * picks one, once per process, for bdi_fast_enumerate (core/engine.h).
 *
 * The band layout. The grid is cut into three bands of three rows. For
 * each digit and band, one 27-bit word holds the cells of the band where
 * the digit may still go; bit = (row % 3) * 9 + col, so the cell index of
 * a bit is simply band * 27 + bit:
 *
 *          col 0 1 2   3 4 5   6 7 8
 *     row 0:   0 1 2 | 3 4 5 | 6 7 8        row  = ROW_MASK << 9 * r
 *     row 1:   9 ...                  17    col  = COL_MASK << c   (0x40201)
 *     row 2:  18 ...                  26    box  = BOX_MASK << 3 * j (0x1C0E07)
 *
 * A "segment" is one row of a band inside one box: three cells, the first
 * at bit 9 * row + 3 * box. A "minicolumn" is one column of a band: three
 * cells, one per row.
 *
 * Two more layouts serve the triads and the guess (generic.h), one 27-bit
 * word per digit for the whole grid, both shaped like a band word (three
 * rows of three groups of three bits):
 *  - the segment word: bit 9 * row + 3 * box + band is set when the digit
 *    has a place in that segment (row and box counted inside the band):
 *    a row of the word is a row of segments of every band, a group of it
 *    one box's segments in the three bands;
 *  - the minicolumn word: bit 9 * band + column is set when the digit has a
 *    place in that column of that band: a row of the word is a band's
 *    column fold, a group of it the three columns of one box.
 */
#ifndef BITDOKU_FAST_H
#define BITDOKU_FAST_H

#include "core/visitor.h"

#include <stdbool.h>
#include <stdint.h>

enum { BANDS = 3, BAND_CELLS = 27 };

#define ROW_MASK 0x1FFu            /* row 0 of a band */
#define COL_MASK 0x40201u          /* column 0 in the three rows of a band */
#define BOX_MASK 0x1C0E07u         /* box 0 of a band */
#define BAND_MASK 0x7FFFFFFu       /* the 27 cells of a band */
#define SEGMENT_BASES 0x1249249u   /* the first cell of every segment */

/* Band-shaped words (the band layout, segment and minicolumn words)
 * rotated: row r of the result is row r + 1 of `x`, cyclically (and r + 2
 * for the second); group g of each row is group g + 1 (g + 2); bit c of
 * each group is bit c + 1 (c + 2) of the group. */
static inline uint32_t word_next_row(uint32_t x)
{
    return ((x >> 9) | (x << 18)) & BAND_MASK;
}

static inline uint32_t word_row_after_next(uint32_t x)
{
    return ((x >> 18) | (x << 9)) & BAND_MASK;
}

static inline uint32_t word_next_group(uint32_t x)
{
    return ((x >> 3) & 0x0FC7E3Fu) | ((x << 6) & 0x70381C0u);
}

static inline uint32_t word_group_after_next(uint32_t x)
{
    return ((x >> 6) & 0x01C0E07u) | ((x << 3) & 0x7E3F1F8u);
}

static inline uint32_t word_next_column(uint32_t x)
{
    return ((x >> 1) & 0x36DB6DBu) | ((x << 2) & 0x4924924u);
}

static inline uint32_t word_column_after_next(uint32_t x)
{
    return ((x >> 2) & 0x1249249u) | ((x << 1) & 0x6DB6DB6u);
}

/*
 * The band reduction table (band_table.c): for each 3 x 3 matrix of
 * a band's segments that have a place for a digit, index bit
 * 3 * row + box, the cells of the segments on some permutation
 * rows -> boxes that fits in the matrix (0: none fits), and the first cells
 * of the segments on every fitting permutation, as band words.
 */
typedef struct bdi_band_fit {
    uint32_t keep, in_all;
} bdi_band_fit;

extern const bdi_band_fit bdi_band_fits[512];

/* Folds the three rows of a band word: the columns with a place in one
 * row or more, and in two rows or more. */
static inline void fold_rows_word(uint32_t x, uint32_t *once, uint32_t *twice)
{
    uint32_t r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK;
    uint32_t r2 = x >> (2 * BD_SIZE);
    *once = r0 | r1 | r2;
    *twice = (r0 & r1) | (r2 & (r0 | r1));
}

/* The entries of a 3 x 3 0/1 matrix that lie on some permutation (one
 * entry per row and per column) inside it. `m` holds the matrix as its
 * rows are laid out in a band word, with `col1` and `col2` the same word
 * with columns rotated by one and by two. An entry fits when the other
 * two rows can take the other two columns, one each; this works on the
 * three matrices of a word side by side. */
static inline uint32_t on_permutation_word(uint32_t m, uint32_t col1, uint32_t col2)
{
    /* rows r + 1 and r + 2 with columns c + 1 and c + 2, either way
     * round, rotated down by one row to line up with row r */
    return m & word_next_row((col1 & word_next_row(col2)) | (col2 & word_next_row(col1)));
}

/*
 * Band reduction of one digit's word `x` (the scalar kernels' step). The digit's three places in a
 * band form a permutation rows -> boxes, so only the segments of some
 * permutation whose three segments all have a place can hold it: clearing
 * the others is box-line reduction (pointing and claiming) done completely
 * within the band. A segment used by every such permutation is then the
 * only one left in its row and in its box; if it has one cell, that cell
 * is a hidden single of the row and of the box, and every hidden single of
 * a row or box in the band is found so. Writes the reduced word and those
 * cells; false when no permutation fits (a row or box has no place).
 */
static inline bool band_reduce_word(uint32_t x, uint32_t *reduced, uint32_t *alone)
{
    uint32_t segments = (x | (x >> 1) | (x >> 2)) & SEGMENT_BASES;
    /* gathers bit 9r + 3j to bit 9r + 4 + j without carries */
    uint32_t gathered = segments * 0x15u;
    uint32_t index = ((gathered >> 4) & 0x7u) | ((gathered >> 10) & 0x38u)
                     | ((gathered >> 16) & 0x1C0u);
    bdi_band_fit fit = bdi_band_fits[index];
    if (!fit.keep)
        return false;
    uint32_t first = x & SEGMENT_BASES, second = (x >> 1) & SEGMENT_BASES;
    uint32_t third = (x >> 2) & SEGMENT_BASES;
    uint32_t one_cell = (first ^ second ^ third) & ~(first & second & third);
    *reduced = x & fit.keep;
    *alone = x & ((fit.in_all & one_cell) * 7u);
    return true;
}

/*
 * Box-column reduction of one digit, the analogue of band_reduce_word across
 * the bands: `cols` has bit 9 * band + column set when the column has a
 * place of the digit in that band. In each stack the digit's three boxes
 * use three distinct columns, one per band: a (band, column) pair can
 * hold it only if the other two bands can take the other two columns of
 * the stack, one each. Returns the pairs that can; a stack where nothing
 * fits comes back empty, which the caller sees as a column with no place.
 */
static inline uint32_t stack_reduce_word(uint32_t cols)
{
    return on_permutation_word(cols, word_next_column(cols), word_column_after_next(cols));
}

/*
 * The kernels: the fast engine (the contract of bdi_fast_enumerate) with
 * the steps that an instruction set does its own way. All give the same
 * answers, nodes and guesses. bdi_fast_enumerate_base (base.c) runs on any
 * processor and is the only one under BD_PORTABLE; the others are built
 * where CMake can compile them (x86-64 with gcc or clang:
 * bdi_fast_enumerate_avx2, avx2.c, option BITDOKU_AVX2;
 * bdi_fast_enumerate_avx512, avx512.c, option BITDOKU_AVX512) and may be
 * called only where their row of bdi_fast_kernels says the processor runs
 * them.
 */
bool bdi_fast_enumerate_base(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats);
bool bdi_fast_enumerate_avx2(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats);
bool bdi_fast_enumerate_avx512(const bd_grid *puzzle, const bd_options *options,
                               bdi_visitor *visitor, bd_stats *stats);

/* One row of the table of kernels. */
typedef struct bdi_fast_kernel {
    const char *name;              /* as BITDOKU_ISA names it: "base", "avx2", "avx512" */
    bdi_enumerate_fn enumerate;    /* NULL where this library was built without it */
    bool (*runs_here)(void);       /* whether this processor and system run it;
                                      NULL: every one does */
} bdi_fast_kernel;

/* The kernels (dispatch.c), the widest first, the base last, then a row
 * whose name is NULL. Every kernel the source knows has a row, built or
 * not, so that BITDOKU_ISA can tell an unknown name from a kernel missing
 * here. */
extern const bdi_fast_kernel bdi_fast_kernels[];

/* Why a choice of kernel is not the one BITDOKU_ISA asked for. */
typedef enum bdi_isa_problem {
    ISA_HONOURED,    /* none: the one asked for, or the default (no request) */
    ISA_UNKNOWN,     /* no kernel has that name */
    ISA_NOT_BUILT,   /* this library was built without it */
    ISA_NOT_RUN      /* this processor or system does not run it */
} bdi_isa_problem;

typedef struct bdi_isa_choice {
    const bdi_fast_kernel *kernel;   /* the kernel to use: never NULL */
    bdi_isa_problem problem;
} bdi_isa_choice;

/* The kernel for a value of BITDOKU_ISA (`isa`; NULL when it is unset):
 * the one it names, or, for NULL, "" and "auto", the first of
 * bdi_fast_kernels that is built and runs here. A name that is unknown,
 * not built or not run here gives that default too, with the problem. A
 * pure function of `isa` and the processor; dispatch.c calls it once. */
bdi_isa_choice bdi_fast_choose(const char *isa);

/* What bd_isa says of `problem`: NULL for ISA_HONOURED, else a static
 * text that lists the values BITDOKU_ISA takes. */
const char *bdi_isa_problem_text(bdi_isa_problem problem);

/* The choice that bdi_fast_enumerate and bd_isa use in this process:
 * bdi_fast_choose(getenv("BITDOKU_ISA")), made at the first call. */
bdi_isa_choice bdi_fast_choice(void);

/* Whether code compiled with the AVX2 kernel's flags (AVX2, POPCNT, BMI1,
 * BMI2) may run in this process: such code is built (never under
 * BD_PORTABLE), the fast engine's choice (bdi_fast_choice, BITDOKU_ISA) is
 * not its base kernel, and the processor runs it. The N x N engine's
 * AVX2 kernels, the target optimizer's layer solver and the rating's meet
 * of closures follow it, so `BITDOKU_ISA=base` runs portable code
 * everywhere. */
bool bdi_fast_wide(void);

#endif /* BITDOKU_FAST_H */
