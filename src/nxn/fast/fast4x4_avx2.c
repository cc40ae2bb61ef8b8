/*
 * fast4x4_avx2.c - the 16 x 16 engine of fast4x4.c compiled again, as
 * nxn_fast4x4_avx2, for x86-64 processors with AVX2, POPCNT, BMI1 and
 * BMI2 (the flags CMake gives this file alone): a bit count, a lowest bit
 * cleared or a mask's complement and-ed is then one instruction, and its
 * steps take a digit's four band words as one vector (fast_quad.h, which
 * fast4x4.c includes under these flags, in place of fast_band_scalar.h).
 * The search is the same code, so answers, nodes and guesses are the same; fast.c runs this kernel only where the processor
 * has those instructions.
 */
#define FAST4X4_ENTRY nxn_fast4x4_avx2
#include "fast4x4.c"
