/*
 * layers_avx2.c - the layer solver's kernels of layers.c compiled again,
 * as bdi_layer_solve_avx2, bdi_layer_solve_moved_avx2 and
 * bdi_layer_index_avx2, for x86-64 processors with AVX2, POPCNT, BMI1 and
 * BMI2 (the flags CMake gives this file alone): a quad's larger of two is
 * then one instruction (pmaxsd) instead of five, a product of int32 lanes
 * one (pmulld), a lowest bit found or cleared one. The steps are the same
 * code, so values, picks and max-marginals are the same; layers.c's
 * bdi_layer_solve, bdi_layer_solve_moved and bdi_layer_index run these
 * kernels only where the processor has those instructions and the fast
 * engine's choice (BITDOKU_ISA) is not its base.
 */
#define LAYERS_KERNEL bdi_layer_solve_avx2
#define LAYERS_MOVED_KERNEL bdi_layer_solve_moved_avx2
#define LAYERS_INDEX_KERNEL bdi_layer_index_avx2
#define LAYERS_KERNEL_ONLY
#include "layers.c"
