/*
 * avx2.c - the fast engine's AVX2 kernel (x86-64 with AVX2, POPCNT, BMI1
 * and BMI2: the flags CMake gives this file alone), over the search of
 * generic.h (rules and layout there and in fast.h). dispatch.c runs it
 * only where the processor and system do.
 *
 * Vectors are GCC vector types (an operator on `lanes` works in every
 * 32-bit lane) and intrinsics where an operator does not say it. A band's
 * digit indices 0..7 fill the eight lanes of one 256-bit register and
 * digit index 8 takes the scalar steps beside them, in the hidden-singles
 * pass and the digits' segment and minicolumn words of eight.h, which
 * avx512.c shares; this file adds the givens: one byte compare of the grid
 * per digit (32 cells at a time), then rows, boxes, columns and clashes
 * lane by lane.
 */
#include "fast.h"

#include <immintrin.h>

#include "rescan.h"   /* the kernel's part of the state, then generic.h */
#include "eight.h"   /* the steps on eight digit lanes that avx512.c shares */

/* The cells of a grid equal to `value`, as three band words (bit p of word
 * b: cell 27b + p), from `cells`, the grid's 81 bytes, read as three
 * 32-byte blocks: bytes 0..31, 32..63 and 49..80 (whose last 17 are cells
 * 64..80), so that nothing is read outside the grid or copied first. */
static inline void cells_equal(const uint8_t cells[BD_CELLS], uint8_t value,
                               uint32_t words[BANDS])
{
    __m256i v = _mm256_set1_epi8((char)value);
    uint64_t low = (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)cells), v));
    low |= (uint64_t)(uint32_t)_mm256_movemask_epi8(
               _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(cells + 32)), v))
           << 32;
    uint64_t high = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                        _mm256_loadu_si256((const __m256i *)(cells + BD_CELLS - 32)), v))
                    >> (64 - (BD_CELLS - 32));
    words[0] = (uint32_t)low & BAND_MASK;
    words[1] = (uint32_t)(low >> BAND_CELLS) & BAND_MASK;
    words[2] = (uint32_t)(low >> (2 * BAND_CELLS) | high << (64 - 2 * BAND_CELLS)) & BAND_MASK;
}

/* The rows and boxes that hold a given of a digit (its givens' band word
 * `g`), as band cells, and the rows and boxes with two givens or more (a
 * bit left once the lowest goes): the per-band part of a clash. */
static inline void given_units(uint32_t g, uint32_t *seen, uint32_t *doubled)
{
    *seen = 0;
    *doubled = 0;
    for (unsigned k = 0; k < BD_BOX; k++) {
        uint32_t row_cells = ROW_MASK << (BD_SIZE * k), box_cells = BOX_MASK << (BD_BOX * k);
        uint32_t row = g & row_cells, box = g & box_cells;
        *doubled |= (row & (row - 1u)) | (box & (box - 1u));
        *seen |= (row ? row_cells : 0) | (box ? box_cells : 0);
    }
}

/* The same for every lane at once. */
static inline void given_units_lanes(lanes g, lanes *seen, lanes *doubled)
{
    *seen = (lanes){0};
    *doubled = (lanes){0};
    for (unsigned k = 0; k < BD_BOX; k++) {
        uint32_t row_cells = ROW_MASK << (BD_SIZE * k), box_cells = BOX_MASK << (BD_BOX * k);
        lanes row = g & row_cells, box = g & box_cells;
        *doubled |= (row & (row - 1u)) | (box & (box - 1u));
        *seen |= ((lanes)(row != 0) & row_cells) | ((lanes)(box != 0) & box_cells);
    }
}

/*
 * Sets up the state of `puzzle`; false if its givens clash. The givens of
 * each digit come from byte compares of the grid, then digit indices 0..7
 * are set up lane by lane and 8 beside them: a digit loses the rows,
 * boxes and columns of its givens and every other given cell (what placing
 * them one by one leaves), and clashes are the rows, boxes and columns
 * with two givens of one digit.
 */
static bool init_state(state *s, const bd_grid *puzzle)
{
    uint32_t given[BANDS][BD_SIZE], words[BANDS], empty[BANDS];
    lanes g[BANDS] = {{0}}, once[BANDS], twice[BANDS], seen[BANDS], doubled = {0};
    const lanes lane_index = {0, 1, 2, 3, 4, 5, 6, 7};
    const uint8_t *cells = puzzle->cells;
    cells_equal(cells, 0, empty);
    /* each lane's words go straight into it (words stored to memory and
     * read back as a vector would wait for the stores) */
    for (unsigned d = 0; d < BD_SIZE; d++) {
        cells_equal(cells, (uint8_t)(d + 1), words);
        for (unsigned b = 0; b < BANDS; b++) {
            given[b][d] = words[b];
            g[b] |= (lanes)(lane_index == d) & words[b];
        }
    }
    uint32_t seen_last[BANDS], once_last[BANDS], twice_last[BANDS], doubled_last = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        lanes twice_units;
        uint32_t twice_last_units;
        given_units_lanes(g[b], &seen[b], &twice_units);
        doubled |= twice_units;
        fold_rows(g[b], &once[b], &twice[b]);
        given_units(given[b][LAST], &seen_last[b], &twice_last_units);
        doubled_last |= twice_last_units;
        fold_rows_word(given[b][LAST], &once_last[b], &twice_last[b]);
    }
    lanes col_once = once[0] | once[1] | once[2];
    doubled |= twice[0] | twice[1] | twice[2] | (once[0] & once[1])
               | (once[2] & (once[0] | once[1]));
    uint32_t col_once_last = once_last[0] | once_last[1] | once_last[2];
    doubled_last |= twice_last[0] | twice_last[1] | twice_last[2] | (once_last[0] & once_last[1])
                    | (once_last[2] & (once_last[0] | once_last[1]));
    if ((~zero_digits(doubled) & LANE_MASK) || doubled_last)
        return false;
    lanes out_of_columns = ~(col_once | col_once << BD_SIZE | col_once << (2 * BD_SIZE));
    uint32_t out_last = ~(col_once_last * COL_MASK);
    for (unsigned b = 0; b < BANDS; b++) {
        uint32_t free_cells = BAND_MASK & empty[b];
        store_digits(s->cand[b], (free_cells & ~seen[b] & out_of_columns) | g[b]);
        s->cand[b][LAST] = (free_cells & ~seen_last[b] & out_last) | given[b][LAST];
        s->open[b] = free_cells;
    }
    s->marks.rescan = 1;
    s->marks.last_still[0] = s->marks.last_still[1] = s->marks.last_still[2] = ~0u;
    return true;
}

/* The fast engine with this kernel (fast.h). */
bool bdi_fast_enumerate_avx2(const bd_grid *puzzle, const bd_options *options,
                             bdi_visitor *visitor, bd_stats *stats)
{
    return enumerate(puzzle, options, visitor, stats);
}
