/*
 * rows_avx2.c - the row relaxation's solvers of rows.c compiled again, as
 * bdi_rows_solve_avx2, bdi_rows_sharpen_avx2 and bdi_rows_descend_avx2,
 * for x86-64 processors with AVX2, POPCNT, BMI1 and BMI2 (the flags CMake
 * gives this file alone): the compiler then finds or clears a lowest bit
 * in one instruction, and rows.c's `__AVX2__` versions of units_of,
 * path_from (the Hungarian method's path), potential_sum, blank_costs,
 * stale_rows, extend (sharpen_row's step, by two overlapping eight-lane
 * unsigned minima), add_chains (sharpen_row's last pass, by a masked gather),
 * unit_prices and subgradient take a row's columns or digits in AVX2
 * lanes. The steps compute the same integers, so values, digits, duals
 * and drops are the same; rows.c's entries run these kernels only where
 * the processor has those instructions and the fast engine's choice
 * (BITDOKU_ISA) is not its base.
 */
#define ROWS_KERNEL(name) name##_avx2
#define ROWS_KERNEL_ONLY
#include "rows.c"
