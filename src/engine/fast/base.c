/*
 * base.c - the fast engine as compiled for any processor (and, as
 * BDI_FAST_AVX512, for AVX-512): generic.h, for now the whole engine.
 */
#include "generic.h"
