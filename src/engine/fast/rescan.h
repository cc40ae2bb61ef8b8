/*
 * rescan.h - the part of the state that the vector kernels (avx2.c,
 * avx512.c) keep for their hidden-singles pass, then the search of
 * generic.h over it: each of them scans digits 0..7 at once, so for
 * those it keeps one flag, set by any change of cand and cleared by a
 * pass that changed nothing that a second pass would see; and for digit
 * index 8, which its pass does apart with scalar steps (eight.h), the
 * words that a pass left at that digit's fixed point, so that the next
 * passes skip it while its words stay the same (the pass is a function of
 * the words, and of the open cells only through singles already placed).
 * A vector kernel includes this header (after fast.h and its intrinsics)
 * where a kernel defines its scan_marks and includes generic.h (generic.h
 * says what these are).
 */
#ifndef BITDOKU_FAST_RESCAN_H
#define BITDOKU_FAST_RESCAN_H

/* The kernel's part of the state. */
typedef struct scan_marks {
    uint32_t rescan;               /* cand changed since the last scan */
    uint32_t last_still[BANDS];    /* digit index 8's band words as a scan
                                      left them at its fixed point (a scan
                                      of these would change nothing); ~0u:
                                      none */
} scan_marks;

/* A change of cand: the next pass scans again. */
static inline void scan_changed(scan_marks *marks)
{
    marks->rescan = 1;
}

#include "generic.h"

#endif /* BITDOKU_FAST_RESCAN_H */
