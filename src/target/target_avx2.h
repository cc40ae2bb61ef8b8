/*
 * target_avx2.h - the AVX2 kernels of target.c's per-node passes
 * (target_avx2.c, built where CMake builds the other AVX2 kernels, i.e.
 * with BDI_HAVE_FAST_AVX2). target.c runs them where bdi_fast_wide says
 * so and its SSE2 or portable code otherwise; each kernel gives exactly
 * what that code gives.
 */
#ifndef BITDOKU_TARGET_AVX2_H
#define BITDOKU_TARGET_AVX2_H

#include "core/bits.h"
#include "core/units.h"
#include "target/target.h"

#include <stdint.h>

#ifdef BDI_HAVE_FAST_AVX2
/* A node's cells for the layers (target.c's snapshot): open[cell] =
 * allow[cell] & ~blocked[cell] on a blank (cells[cell] == 0), placed[cell]
 * elsewhere; gain[cell] = weight[cell] * scale on a blank, 0 elsewhere. */
void bdi_target_snapshot_avx2(const uint8_t cells[BD_CELLS], const uint16_t allow[BD_CELLS],
                              const uint16_t blocked[BD_CELLS], const uint16_t placed[BD_CELLS],
                              const uint8_t weight[BD_CELLS], int32_t scale,
                              uint16_t open[BD_CELLS], int32_t gain[BD_CELLS]);

/* A price step: on every cell with g[cell] != 0, price[cell] - step x
 * g[cell] clipped to +-limit, for 1 <= step <= 2^22 and limit <= 2^21 (so
 * within int32); returns the union of open[cell] over those cells, and
 * the sum of the prices' changes in *change (within 81 x 2^22 < 2^31). */
unsigned bdi_target_step_avx2(const int8_t g[BD_CELLS], const uint16_t open[BD_CELLS],
                              int32_t step, int32_t limit, int32_t price[BD_CELLS],
                              int32_t *change);

/* The layers' test on every cell and digit: bit d of fired[cell] set when
 * anchor[d] - through[d][cell] + cost > slack, with cost = min(leave[cell],
 * cap), for 0 <= slack < cap <= 2^29, with the terms' ranges of target.c's
 * layer_tests (cap is its FIX_CAP). */
void bdi_target_layer_tests_avx2(const int32_t *const through[BD_SIZE],
                                 const int32_t anchor[BD_SIZE], const uint32_t leave[BD_CELLS],
                                 int32_t cap, int32_t slack, uint16_t fired[BD_CELLS]);

/* A digit's gaps: for each row r whose pick (cell r * BD_SIZE + pick[r])
 * is a blank (bit c % 32 of blank[c / 32]), gap[r] = best - the largest
 * through[r * BD_SIZE + c] over c != pick[r], or INT32_MIN where that is
 * BDI_LAYER_NONE (entries are layer values above it or BDI_LAYER_NONE);
 * the other rows' gaps are not touched. */
void bdi_target_gaps_avx2(const int32_t through[BD_CELLS], const uint8_t pick[BD_SIZE],
                          const unsigned blank[3], int32_t best, int32_t gap[BD_SIZE]);

/* The rows' test on the blanks (bit c % 32 of blank[c / 32]):
 * by_rows[cell] = the digits d (bit d) with drops[r][c][d] > slack for
 * the cell (r, c) (drops: row r's drops, as bdi_rows_drops gives them), and'ed
 * with open[cell]; the other cells' entries and drops are not touched. */
void bdi_target_rows_tests_avx2(const int32_t (*const drops[BD_SIZE])[BD_SIZE], const unsigned blank[3],
                                const uint16_t open[BD_CELLS], int32_t slack,
                                uint16_t by_rows[BD_CELLS]);

/* The digits (bit d - 1) whose layer layers[d - 1] takes a cell closed to
 * d: some row r with bit d - 1 of open[r * BD_SIZE + pick[r]] clear. */
unsigned bdi_target_closed_avx2(const uint16_t open[BD_CELLS], const bdi_layer layers[BD_SIZE]);

/* Every cell's candidates: cand[cell] = allow[cell] & ~blocked[cell] on a
 * blank (cells[cell] == 0), 0 elsewhere; in few[] (bit c % 32 of
 * few[c / 32]) the blanks with one candidate or none. */
void bdi_target_open_avx2(const uint8_t cells[BD_CELLS], const uint16_t allow[BD_CELLS],
                          const uint16_t blocked[BD_CELLS], uint16_t cand[BD_CELLS],
                          unsigned few[3]);

/* Over the cells with candidates (cand[cell] != 0, each a 9-bit mask):
 * into *sum the sum of weight x largest candidate; returns the least key
 * digit_count << 11 | (BD_MAX_SCORE_WEIGHT - weight) << 7 | position, or
 * 0x7fff when no cell has candidates (weights at most BD_MAX_SCORE_WEIGHT,
 * positions below 128). */
int bdi_target_survey_avx2(const uint16_t cand[BD_CELLS], const uint8_t weight[BD_CELLS],
                           const uint8_t position[BD_CELLS], int *sum);

/* choose_by_layers' choice over the blanks (cells[cell] == 0), with
 * n = the bit count of allow[cell] & ~blocked[cell] and disagree =
 * (g[cell] != 0): the least key ((n + disagree) * 2 + disagree) *
 * (BD_MAX_SCORE_WEIGHT + 1) + weight[cell], shifted left 7 and or'ed with
 * position[cell] (below 128); 0x7fff when there is no blank. */
int bdi_target_choose_avx2(const uint8_t cells[BD_CELLS], const uint16_t allow[BD_CELLS],
                           const uint16_t blocked[BD_CELLS], const int8_t g[BD_CELLS],
                           const uint8_t weight[BD_CELLS], const uint8_t position[BD_CELLS]);

/* target.c's unit_masks: per unit the union of its blanks' candidates
 * (can) and the digits in two or more of them (twice), from the
 * candidates by cell (by_row, 0 on placed cells) and the same read column
 * by column (by_col); both arrays hold BD_CELLS + 7 entries (a row of
 * sixteen lanes is read from each row's start; the lanes past the ninth
 * go into no result). */
void bdi_target_masks_avx2(const uint16_t by_row[BD_CELLS + 7], const uint16_t by_col[BD_CELLS + 7],
                           uint16_t can[UNIT_KINDS][BD_SIZE], uint16_t twice[UNIT_KINDS][BD_SIZE]);

/* Over the 27 units read in a row (kind * BD_SIZE + index), each with
 * can (the union of its blanks' candidates), twice (the digits in two or
 * more of them) and used (the digits placed, 9-bit masks): -1 when some
 * unit's can | used is not every digit; else the first unit with a digit
 * in can but not in twice, 27 if there is none. */
int bdi_target_units_avx2(const uint16_t can[UNIT_KINDS][BD_SIZE],
                          const uint16_t twice[UNIT_KINDS][BD_SIZE],
                          const unsigned used[UNIT_KINDS][BD_SIZE]);
#endif

#endif
