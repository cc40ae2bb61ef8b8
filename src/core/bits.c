/*
 * bits.c - digit_count's table (bits.h): for each 9-bit mask, its number
 * of set bits (BDI_BY_COUNT9, bits.h).
 */
#include "bits.h"

#define COUNT(c) (c)
const uint8_t bdi_digit_counts[1u << BD_SIZE] = {BDI_BY_COUNT9(COUNT)};
