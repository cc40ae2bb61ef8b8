/*
 * rescan.h - the part of the state that the vector kernels (avx2.c,
 * avx512.c) keep for their hidden-singles pass, then the search of
 * generic.h over it: each of them scans every digit at once, so all it
 * keeps is one flag, set by any change of cand and cleared by a pass that
 * changed nothing that a second pass would see. A vector kernel includes
 * this header (after fast.h and its intrinsics) where a kernel defines its
 * scan_marks and includes generic.h (generic.h says what these are).
 */
#ifndef BITDOKU_FAST_RESCAN_H
#define BITDOKU_FAST_RESCAN_H

/* The kernel's part of the state. */
typedef struct scan_marks {
    uint32_t rescan;   /* cand changed since the last scan */
} scan_marks;

/* A change of cand: the next pass scans again. */
static inline void scan_changed(scan_marks *marks)
{
    marks->rescan = 1;
}

#include "generic.h"

#endif /* BITDOKU_FAST_RESCAN_H */
