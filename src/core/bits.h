/*
 * bits.h - digits as bits, and counting bits: the few bit helpers every
 * family of the library uses (bit_count for any word, digit_count for a
 * 9-bit digit mask), and the printf-format attribute.
 *
 * Digit d (1..9) is bit d-1 of a 9-bit mask. Only digit_bit() (and
 * cell_bit() for a cell's value) and bit_digit() convert between the two.
 * Under BD_PORTABLE (and with compilers other than gcc and clang) the
 * helpers use plain C, no builtins; the tests build that path too.
 */
#ifndef BITDOKU_BITS_H
#define BITDOKU_BITS_H

#include "bitdoku.h"

#include <stdint.h>

enum { ALL_DIGITS = (1u << BD_SIZE) - 1u };

/* Lets the compiler check printf-style formats of our own functions. */
#if defined(__GNUC__)
#define BDI_PRINTF_LIKE(fmt_arg, first_arg) \
    __attribute__((format(printf, fmt_arg, first_arg)))
#else
#define BDI_PRINTF_LIKE(fmt_arg, first_arg)
#endif

/* The bit of `digit` (1..9). */
static inline unsigned digit_bit(int digit)
{
    return 1u << (digit - 1);
}

/* digit_bit for a cell's value: 0 (no bit) for a blank. */
static inline unsigned cell_bit(int value)
{
    return (1u << value) >> 1;
}

/* The digit of the lowest set bit of a non-zero mask. */
static inline int bit_digit(unsigned mask)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return __builtin_ctz(mask) + 1;
#else
    int digit = 1;
    while (!(mask & 1u)) {
        mask >>= 1;
        digit++;
    }
    return digit;
#endif
}

/* The digit of the highest set bit of a non-zero mask. */
static inline int top_digit(unsigned mask)
{
#if defined(__GNUC__) && !defined(BD_PORTABLE)
    return 32 - __builtin_clz(mask);
#else
    int digit = 0;
    while (mask) {
        mask >>= 1;
        digit++;
    }
    return digit;
#endif
}

/* The number of set bits of a word: the POPCNT instruction where the
 * compile targets it, else plain arithmetic (SWAR), never the library
 * call a compiler makes of a population count the target cannot do in
 * one instruction, which costs several times more. */
static inline int bit_count(uint64_t word)
{
#if defined(__POPCNT__) && !defined(BD_PORTABLE)
    return __builtin_popcountll(word);
#else
    word -= (word >> 1) & 0x5555555555555555u;
    word = (word & 0x3333333333333333u) + ((word >> 2) & 0x3333333333333333u);
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((word * 0x0101010101010101u) >> 56);
#endif
}

/* digit_count's table (bits.c): the set bits of each 9-bit mask. */
extern const uint8_t bdi_digit_counts[1u << BD_SIZE];

/* F(c) for each 9-bit mask in turn, c its number of set bits: the
 * initializer of a table by mask made while compiling (bits.c's counts,
 * F the count itself). Built by doubling: the counts of masks
 * 0..2^(k+2)-1 are those of 0..2^k-1 plus 0, 1, 1 and 2 for the two bits
 * above. */
#define BDI_BY_COUNT2(F, n) F(n), F(n + 1), F(n + 1), F(n + 2)
#define BDI_BY_COUNT4(F, n) \
    BDI_BY_COUNT2(F, n), BDI_BY_COUNT2(F, n + 1), BDI_BY_COUNT2(F, n + 1), BDI_BY_COUNT2(F, n + 2)
#define BDI_BY_COUNT6(F, n) \
    BDI_BY_COUNT4(F, n), BDI_BY_COUNT4(F, n + 1), BDI_BY_COUNT4(F, n + 1), BDI_BY_COUNT4(F, n + 2)
#define BDI_BY_COUNT9(F)                                                                    \
    BDI_BY_COUNT6(F, 0), BDI_BY_COUNT6(F, 1), BDI_BY_COUNT6(F, 1), BDI_BY_COUNT6(F, 2),     \
        BDI_BY_COUNT6(F, 1), BDI_BY_COUNT6(F, 2), BDI_BY_COUNT6(F, 2), BDI_BY_COUNT6(F, 3)

/* The number of digits in a 9-bit mask, looked up: the hot loops of the
 * searches count candidate masks at every node, and one load is cheaper
 * there than bit_count's arithmetic where the target has no POPCNT. */
static inline int digit_count(unsigned mask)
{
    return bdi_digit_counts[mask];
}

#endif /* BITDOKU_BITS_H */
