/*
 * fast5x5_avx2.c - the 25 x 25 engine of fast5x5.c compiled again, as
 * nxn_fast5x5_avx2, for x86-64 processors with AVX2, POPCNT, BMI1 and
 * BMI2 (the flags CMake gives this file alone): a bit count is then one
 * instruction where the portable kernel adds and shifts, and the folds
 * over a digit's 25 row words take eight words a step where SSE2 takes
 * four. The search is the same code, so answers, nodes and guesses are
 * the same; fast.c runs this kernel only where the processor has those
 * instructions.
 */
#define FAST5X5_ENTRY nxn_fast5x5_avx2
#include "fast5x5.c"
