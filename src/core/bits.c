/*
 * bits.c - digit_count's table (bits.h): for each 9-bit mask, its number
 * of set bits. Built by doubling: the counts of masks 0..2^(k+2)-1 are
 * those of 0..2^k-1 plus 0, 1, 1 and 2 for the two bits above.
 */
#include "bits.h"

#define COUNTS2(n) n, n + 1, n + 1, n + 2
#define COUNTS4(n) COUNTS2(n), COUNTS2(n + 1), COUNTS2(n + 1), COUNTS2(n + 2)
#define COUNTS6(n) COUNTS4(n), COUNTS4(n + 1), COUNTS4(n + 1), COUNTS4(n + 2)
const uint8_t bdi_digit_counts[1u << BD_SIZE] = {
    COUNTS6(0), COUNTS6(1), COUNTS6(1), COUNTS6(2), COUNTS6(1), COUNTS6(2), COUNTS6(2), COUNTS6(3)};
