/*
 * target_avx2.c - target.c's per-node passes over the grid as AVX2
 * kernels, for x86-64 processors with AVX2, POPCNT, BMI1 and BMI2 (the
 * flags CMake gives this file alone); target.c runs them where
 * bdi_fast_wide says so (BITDOKU_ISA and the processor), its own SSE2 or
 * portable code elsewhere. Contracts in target_avx2.h.
 *
 * Representation: the cells' 16-bit masks (candidates, allow, blocked,
 * choice keys) sixteen to a 256-bit register, their 32-bit values (costs,
 * max-marginals, prices, gains) eight to one, a cell's nine drops and a
 * row's nine max-marginals as columns or digits 0..7 in one register and
 * the ninth alone; the last cell (80) of each pass alone; a row's (or
 * column's) nine masks as lanes 0..8 of sixteen, read from arrays padded
 * for it; the 27 units' masks as units 0..15 and 11..26 (overlapping, so
 * nothing is read past them). A cell's bit count is the sum of its nibbles' counts from a
 * 16-entry table (pshufb), its largest digit the exponent of the mask as a
 * float, as in target.c's SSE2 survey.
 */
#include "target/target_avx2.h"

#include "bitdoku.h"

#include <immintrin.h>
#include <stdbool.h>

/* The bit counts of sixteen 16-bit lanes of 9-bit masks: each byte's
 * nibbles counted by table, the four counts of a lane summed. */
static __m256i bit_counts(__m256i c)
{
    const __m256i nibble = _mm256_set1_epi8(0x0f), ones = _mm256_set1_epi8(1);
    const __m256i counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    __m256i lo = _mm256_and_si256(c, nibble);
    __m256i hi = _mm256_and_si256(_mm256_srli_epi16(c, 4), nibble);
    return _mm256_maddubs_epi16(
        _mm256_add_epi8(_mm256_shuffle_epi8(counts, lo), _mm256_shuffle_epi8(counts, hi)), ones);
}

/* The least of sixteen 16-bit lanes. */
static int least_lane(__m256i v)
{
    __m128i m = _mm_min_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0x4e));
    m = _mm_min_epi16(m, _mm_shuffle_epi32(m, 0xb1));
    m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, 0xb1));
    return _mm_extract_epi16(m, 0);
}

/* The sum of eight 32-bit lanes (wrapping as the lanes' adds do). */
static int32_t lane_sum(__m256i v)
{
    __m128i h = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0x4e));
    h = _mm_add_epi32(h, _mm_shuffle_epi32(h, 0xb1));
    return _mm_cvtsi128_si32(h);
}

void bdi_target_snapshot_avx2(const uint8_t cells[BD_CELLS], const uint16_t allow[BD_CELLS],
                              const uint16_t blocked[BD_CELLS], const uint16_t placed[BD_CELLS],
                              const uint8_t weight[BD_CELLS], int32_t scale,
                              uint16_t open[BD_CELLS], int32_t gain[BD_CELLS])
{
    const __m128i zero = _mm_setzero_si128();
    const __m256i factor = _mm256_set1_epi32(scale);
    int cell = 0;
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m128i blank8 = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(cells + cell)), zero);
        __m256i blank = _mm256_cvtepi8_epi16(blank8);   /* a 16-bit mask a cell */
        __m256i a = _mm256_loadu_si256((const __m256i *)(allow + cell));
        __m256i b = _mm256_loadu_si256((const __m256i *)(blocked + cell));
        __m256i p = _mm256_loadu_si256((const __m256i *)(placed + cell));
        _mm256_storeu_si256((__m256i *)(open + cell),
                            _mm256_blendv_epi8(p, _mm256_andnot_si256(b, a), blank));
        __m128i w = _mm_and_si128(_mm_loadu_si128((const __m128i *)(weight + cell)), blank8);
        _mm256_storeu_si256((__m256i *)(gain + cell),
                            _mm256_mullo_epi32(_mm256_cvtepu8_epi32(w), factor));
        _mm256_storeu_si256((__m256i *)(gain + cell + 8),
                            _mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(w, 8)), factor));
    }
    for (; cell < BD_CELLS; cell++) {
        bool blank = cells[cell] == 0;
        open[cell] = (uint16_t)(blank ? allow[cell] & ~(unsigned)blocked[cell] : placed[cell]);
        gain[cell] = blank ? weight[cell] * scale : 0;
    }
}

unsigned bdi_target_step_avx2(const int8_t g[BD_CELLS], const uint16_t open[BD_CELLS],
                              int32_t step, int32_t limit, int32_t price[BD_CELLS],
                              int32_t *change)
{
    const __m128i zero = _mm_setzero_si128();
    const __m256i factor = _mm256_set1_epi32(step), high = _mm256_set1_epi32(limit);
    const __m256i low = _mm256_set1_epi32(-limit);
    __m128i moved = zero;
    __m256i sum = _mm256_setzero_si256();   /* the prices' changes, lane by lane */
    int cell = 0;
    for (; cell + 8 <= BD_CELLS; cell += 8) {
        __m128i g8 = _mm_loadl_epi64((const __m128i *)(g + cell));
        __m128i some = _mm_cmpeq_epi16(_mm_cvtepi8_epi16(g8), zero);   /* where g is 0 */
        moved = _mm_or_si128(moved, _mm_andnot_si128(
                                        some, _mm_loadu_si128((const __m128i *)(open + cell))));
        __m256i p = _mm256_loadu_si256((const __m256i *)(price + cell));
        __m256i next = _mm256_sub_epi32(p, _mm256_mullo_epi32(_mm256_cvtepi8_epi32(g8), factor));
        next = _mm256_max_epi32(_mm256_min_epi32(next, high), low);
        __m256i still = _mm256_cvtepi16_epi32(some);
        next = _mm256_blendv_epi8(next, p, still);
        sum = _mm256_add_epi32(sum, _mm256_sub_epi32(next, p));
        _mm256_storeu_si256((__m256i *)(price + cell), next);
    }
    moved = _mm_or_si128(moved, _mm_shuffle_epi32(moved, 0x4e));
    moved = _mm_or_si128(moved, _mm_shuffle_epi32(moved, 0xb1));
    moved = _mm_or_si128(moved, _mm_shufflelo_epi16(moved, 0xb1));
    unsigned bits = (unsigned)_mm_extract_epi16(moved, 0);
    int32_t total = lane_sum(sum);
    for (; cell < BD_CELLS; cell++) {
        if (!g[cell])
            continue;
        bits |= open[cell];
        int32_t next = price[cell] - step * g[cell];
        next = next > limit ? limit : next < -limit ? -limit : next;
        total += next - price[cell];
        price[cell] = next;
    }
    *change = total;
    return bits;
}

void bdi_target_layer_tests_avx2(const int32_t *const through[BD_SIZE],
                                 const int32_t anchor[BD_SIZE], const uint32_t leave[BD_CELLS],
                                 int32_t cap, int32_t slack, uint16_t fired[BD_CELLS])
{
    /* the test fails where through + slack - anchor(d) + 1 > cost: -1 there */
    __m256i over[BD_SIZE];
    const __m256i all = _mm256_set1_epi32(ALL_DIGITS), clip = _mm256_set1_epi32(cap);
    for (int d = 0; d < BD_SIZE; d++)
        over[d] = _mm256_set1_epi32(slack - anchor[d] + 1);
    int cell = 0;
    for (; cell + 8 <= BD_CELLS; cell += 8) {
        __m256i c = _mm256_min_epu32(_mm256_loadu_si256((const __m256i *)(leave + cell)), clip);
        __m256i acc = _mm256_setzero_si256();
        for (int d = BD_SIZE - 1; d >= 0; d--) {   /* acc = 2 acc - (the test fails) */
            __m256i t = _mm256_loadu_si256((const __m256i *)(through[d] + cell));
            acc = _mm256_add_epi32(_mm256_add_epi32(acc, acc),
                                   _mm256_cmpgt_epi32(_mm256_add_epi32(t, over[d]), c));
        }
        acc = _mm256_add_epi32(acc, all);   /* ALL_DIGITS less the digits failing */
        __m128i packed = _mm_packs_epi32(_mm256_castsi256_si128(acc),
                                         _mm256_extracti128_si256(acc, 1));
        _mm_storeu_si128((__m128i *)(fired + cell), packed);
    }
    for (; cell < BD_CELLS; cell++) {
        unsigned bits = 0;
        int32_t cost = leave[cell] < (uint32_t)cap ? (int32_t)leave[cell] : cap;
        for (int d = 0; d < BD_SIZE; d++)
            bits |= (unsigned)(cost - through[d][cell] > slack - anchor[d]) << d;
        fired[cell] = (uint16_t)bits;
    }
}

void bdi_target_gaps_avx2(const int32_t through[BD_CELLS], const uint8_t pick[BD_SIZE],
                          const unsigned blank[3], int32_t best, int32_t gap[BD_SIZE])
{
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i none = _mm256_set1_epi32(BDI_LAYER_NONE);
    for (int r = 0; r < BD_SIZE; r++) {
        int at = pick[r], taken = r * BD_SIZE + at;
        if (!(blank[taken / 32] >> (taken % 32) & 1u))
            continue;
        const int32_t *row = through + r * BD_SIZE;
        __m256i v = _mm256_loadu_si256((const __m256i *)row);   /* columns 0..7 */
        v = _mm256_blendv_epi8(v, none, _mm256_cmpeq_epi32(lanes, _mm256_set1_epi32(at)));
        __m128i m = _mm_max_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0x4e));
        m = _mm_max_epi32(m, _mm_shuffle_epi32(m, 0xb1));
        int32_t other = _mm_cvtsi128_si32(m), last = at == BD_SIZE - 1 ? BDI_LAYER_NONE : row[BD_SIZE - 1];
        other = last > other ? last : other;
        gap[r] = other == BDI_LAYER_NONE ? INT32_MIN : best - other;
    }
}

void bdi_target_rows_tests_avx2(const int32_t (*const drops[BD_SIZE])[BD_SIZE], const unsigned blank[3],
                                const uint16_t open[BD_CELLS], int32_t slack,
                                uint16_t by_rows[BD_CELLS])
{
    const __m256i over = _mm256_set1_epi32(slack);
    for (int r = 0; r < BD_SIZE; r++) {
        int first = r * BD_SIZE, word = first / 32;
        uint64_t two = blank[word] | (word < 2 ? (uint64_t)blank[word + 1] << 32 : 0);
        for (unsigned bits = (unsigned)(two >> first % 32) & 0x1ffu; bits; bits &= bits - 1u) {
            int c = bit_digit(bits) - 1, cell = first + c;
            const int32_t *at = drops[r][c];
            __m256i gt = _mm256_cmpgt_epi32(_mm256_loadu_si256((const __m256i *)at), over);
            unsigned out = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(gt))
                           | (unsigned)(at[BD_SIZE - 1] > slack) << (BD_SIZE - 1);
            by_rows[cell] = (uint16_t)(out & open[cell]);
        }
    }
}

/* Each digit's picks in rows 0..7 (eight bytes) as cell indices, the
 * open masks gathered by them (32 bits from each cell's 16: the next
 * cell's mask above, which no test reads), row 8 alone. */
unsigned bdi_target_closed_avx2(const uint16_t open[BD_CELLS], const bdi_layer layers[BD_SIZE])
{
    const __m256i rows = _mm256_setr_epi32(0, 9, 18, 27, 36, 45, 54, 63);
    unsigned closed = 0;
    for (int d = 0; d < BD_SIZE; d++) {
        const uint8_t *pick = layers[d].pick;
        __m256i at = _mm256_add_epi32(
            _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)pick)), rows);
        __m256i got = _mm256_i32gather_epi32((const int *)open, at, 2);
        unsigned bit = 1u << d;
        bool all = _mm256_testc_si256(got, _mm256_set1_epi32((int)bit))
                   && (open[(BD_SIZE - 1) * BD_SIZE + pick[BD_SIZE - 1]] & bit);
        closed |= all ? 0 : bit;
    }
    return closed;
}

void bdi_target_open_avx2(const uint8_t cells[BD_CELLS], const uint16_t allow[BD_CELLS],
                          const uint16_t blocked[BD_CELLS], uint16_t cand[BD_CELLS],
                          unsigned few[3])
{
    few[0] = few[1] = few[2] = 0;
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi16(1);
    int cell = 0;
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m256i digits = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(cells + cell)));
        __m256i open = _mm256_cmpeq_epi16(digits, zero);
        __m256i a = _mm256_loadu_si256((const __m256i *)(allow + cell));
        __m256i b = _mm256_loadu_si256((const __m256i *)(blocked + cell));
        __m256i c = _mm256_and_si256(_mm256_andnot_si256(b, a), open);
        _mm256_storeu_si256((__m256i *)(cand + cell), c);
        __m256i rest = _mm256_and_si256(c, _mm256_sub_epi16(c, one));   /* c less its low bit */
        __m256i scarce = _mm256_and_si256(_mm256_cmpeq_epi16(rest, zero), open);
        unsigned bits = _pext_u32((unsigned)_mm256_movemask_epi8(scarce), 0x55555555u);
        few[cell / 32] |= bits << (cell % 32);
    }
    for (; cell < BD_CELLS; cell++) {
        unsigned c = cells[cell] ? 0 : allow[cell] & ~(unsigned)blocked[cell];
        cand[cell] = (uint16_t)c;
        few[cell / 32] |= (unsigned)(!cells[cell] && !(c & (c - 1u))) << (cell % 32);
    }
}

int bdi_target_survey_avx2(const uint16_t cand[BD_CELLS], const uint8_t weight[BD_CELLS],
                           const uint8_t position[BD_CELLS], int *sum)
{
    enum { NONE = 0x7fff };
    const __m256i zero = _mm256_setzero_si256(), none = _mm256_set1_epi16(NONE);
    const __m256i heavy = _mm256_set1_epi16(BD_MAX_SCORE_WEIGHT);
    const __m256i bias = _mm256_set1_epi16(126);
    __m256i least = none, total = zero;
    int cell = 0;
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(cand + cell));
        __m256i filled = _mm256_cmpeq_epi16(c, zero);
        /* the float's exponent field is 127 + floor(log2 c); the unpacks
         * and the pack keep each 128-bit half's order */
        __m256i low = _mm256_srli_epi32(
            _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_unpacklo_epi16(c, zero))), 23);
        __m256i high = _mm256_srli_epi32(
            _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_unpackhi_epi16(c, zero))), 23);
        __m256i top = _mm256_andnot_si256(
            filled, _mm256_sub_epi16(_mm256_packs_epi32(low, high), bias));
        __m256i w = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(weight + cell)));
        total = _mm256_add_epi32(total, _mm256_madd_epi16(top, w));
        __m256i n = bit_counts(c);
        __m256i at = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(position + cell)));
        __m256i key = _mm256_or_si256(
            _mm256_or_si256(_mm256_slli_epi16(n, 11),
                            _mm256_slli_epi16(_mm256_sub_epi16(heavy, w), 7)), at);
        least = _mm256_min_epi16(least, _mm256_or_si256(key, _mm256_and_si256(filled, none)));
    }
    int best = least_lane(least);
    *sum = lane_sum(total);
    for (; cell < BD_CELLS; cell++) {
        if (!cand[cell])
            continue;
        int w = weight[cell];
        *sum += w * top_digit(cand[cell]);
        int key = digit_count(cand[cell]) << 11 | (BD_MAX_SCORE_WEIGHT - w) << 7 | position[cell];
        best = key < best ? key : best;
    }
    return best;
}

int bdi_target_choose_avx2(const uint8_t cells[BD_CELLS], const uint16_t allow[BD_CELLS],
                           const uint16_t blocked[BD_CELLS], const int8_t g[BD_CELLS],
                           const uint8_t weight[BD_CELLS], const uint8_t position[BD_CELLS])
{
    enum { NONE = 0x7fff };
    const __m256i zero = _mm256_setzero_si256(), none = _mm256_set1_epi16(NONE);
    const __m256i one = _mm256_set1_epi16(1);
    const __m256i tiers = _mm256_set1_epi16(BD_MAX_SCORE_WEIGHT + 1);
    __m256i least = none;
    int cell = 0;
    for (; cell + 16 <= BD_CELLS; cell += 16) {
        __m256i blank = _mm256_cmpeq_epi16(
            _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(cells + cell))), zero);
        __m256i c = _mm256_andnot_si256(_mm256_loadu_si256((const __m256i *)(blocked + cell)),
                                        _mm256_loadu_si256((const __m256i *)(allow + cell)));
        __m256i n = bit_counts(c);
        __m256i agree = _mm256_cmpeq_epi16(
            _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(g + cell))), zero);
        __m256i disagree = _mm256_andnot_si256(agree, one);
        __m256i tier = _mm256_add_epi16(_mm256_add_epi16(n, n),
                                        _mm256_add_epi16(disagree, _mm256_add_epi16(disagree, disagree)));
        __m256i w = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(weight + cell)));
        __m256i key = _mm256_add_epi16(_mm256_mullo_epi16(tier, tiers), w);
        __m256i at = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(position + cell)));
        key = _mm256_or_si256(_mm256_slli_epi16(key, 7), at);
        least = _mm256_min_epi16(least, _mm256_blendv_epi8(none, key, blank));
    }
    int best = least_lane(least);
    for (; cell < BD_CELLS; cell++) {
        if (cells[cell])
            continue;
        int disagree = g[cell] != 0;
        int key = ((digit_count(allow[cell] & ~(unsigned)blocked[cell]) + disagree) * 2 + disagree)
                  * (BD_MAX_SCORE_WEIGHT + 1) + weight[cell];
        key = key << 7 | position[cell];
        best = key < best ? key : best;
    }
    return best;
}

/* used[first..first + 15] packed to sixteen 16-bit lanes (masks below 2^9). */
static __m256i used16(const unsigned *used, int first)
{
    __m256i a = _mm256_loadu_si256((const __m256i *)(used + first));
    __m256i b = _mm256_loadu_si256((const __m256i *)(used + first + 8));
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xd8);
}

/* Folds `count` lines of nine masks (lines[k * BD_SIZE + lane], read
 * sixteen lanes at a time) into *any (their union) and *more (the bits in
 * two or more), lane by lane. */
static void fold_lines16(const uint16_t *lines, int count, __m256i *any, __m256i *more)
{
    __m256i a = _mm256_setzero_si256(), m = a;
    for (int k = 0; k < count; k++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(lines + k * BD_SIZE));
        m = _mm256_or_si256(m, _mm256_and_si256(a, x));
        a = _mm256_or_si256(a, x);
    }
    *any = a;
    *more = m;
}

/* Lanes 0..8 of x into out[0..8]. */
static void store9(uint16_t out[BD_SIZE], __m256i x)
{
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(x));
    out[BD_SIZE - 1] = (uint16_t)_mm_extract_epi16(_mm256_extracti128_si256(x, 1), 0);
}

void bdi_target_masks_avx2(const uint16_t by_row[BD_CELLS + 7], const uint16_t by_col[BD_CELLS + 7],
                           uint16_t can[UNIT_KINDS][BD_SIZE], uint16_t twice[UNIT_KINDS][BD_SIZE])
{
    __m256i any, more, ba[BD_BOX], bt[BD_BOX];
    fold_lines16(by_col, BD_SIZE, &any, &more);   /* the rows: lanes of the columns */
    store9(can[UNIT_ROW], any);
    store9(twice[UNIT_ROW], more);
    for (int band = 0; band < BD_BOX; band++)   /* a band's columns */
        fold_lines16(by_row + band * BD_BOX * BD_SIZE, BD_BOX, &ba[band], &bt[band]);
    __m256i ab = _mm256_or_si256(ba[0], ba[1]);
    store9(can[UNIT_COL], _mm256_or_si256(ab, ba[2]));
    __m256i pairs = _mm256_or_si256(_mm256_and_si256(ba[0], ba[1]), _mm256_and_si256(ab, ba[2]));
    store9(twice[UNIT_COL], _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(bt[0], bt[1]), bt[2]),
                                            pairs));
    for (int band = 0; band < BD_BOX; band++) {   /* its boxes: three columns at lanes 0, 3, 6 */
        __m256i a = ba[band], t = bt[band];
        __m256i ah = _mm256_permute2x128_si256(a, a, 0x81), th = _mm256_permute2x128_si256(t, t, 0x81);
        __m256i a1 = _mm256_alignr_epi8(ah, a, 2), a2 = _mm256_alignr_epi8(ah, a, 4);
        __m256i t1 = _mm256_alignr_epi8(th, t, 2), t2 = _mm256_alignr_epi8(th, t, 4);
        __m256i a01 = _mm256_or_si256(a, a1);
        __m128i u = _mm256_castsi256_si128(_mm256_or_si256(a01, a2));
        __m128i m = _mm256_castsi256_si128(_mm256_or_si256(
            _mm256_or_si256(_mm256_or_si256(t, t1), t2),
            _mm256_or_si256(_mm256_and_si256(a, a1), _mm256_and_si256(a01, a2))));
        uint16_t *c = &can[UNIT_BOX][band * BD_BOX], *w = &twice[UNIT_BOX][band * BD_BOX];
        c[0] = (uint16_t)_mm_extract_epi16(u, 0);
        c[1] = (uint16_t)_mm_extract_epi16(u, 3);
        c[2] = (uint16_t)_mm_extract_epi16(u, 6);
        w[0] = (uint16_t)_mm_extract_epi16(m, 0);
        w[1] = (uint16_t)_mm_extract_epi16(m, 3);
        w[2] = (uint16_t)_mm_extract_epi16(m, 6);
    }
}

int bdi_target_units_avx2(const uint16_t can[UNIT_KINDS][BD_SIZE],
                          const uint16_t twice[UNIT_KINDS][BD_SIZE],
                          const unsigned used[UNIT_KINDS][BD_SIZE])
{
    /* units 0..15 and 11..26 (the second overlaps the first) */
    enum { SECOND = UNIT_KINDS * BD_SIZE - 16 };
    const __m256i zero = _mm256_setzero_si256(), all = _mm256_set1_epi16(ALL_DIGITS);
    const uint16_t *c = &can[0][0], *t = &twice[0][0];
    const unsigned *u = &used[0][0];
    __m256i c0 = _mm256_loadu_si256((const __m256i *)c);
    __m256i c1 = _mm256_loadu_si256((const __m256i *)(c + SECOND));
    __m256i t0 = _mm256_loadu_si256((const __m256i *)t);
    __m256i t1 = _mm256_loadu_si256((const __m256i *)(t + SECOND));
    __m256i every = _mm256_and_si256(
        _mm256_cmpeq_epi16(_mm256_or_si256(c0, used16(u, 0)), all),
        _mm256_cmpeq_epi16(_mm256_or_si256(c1, used16(u, SECOND)), all));
    if ((unsigned)_mm256_movemask_epi8(every) != 0xffffffffu)
        return -1;
    unsigned none0 = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(_mm256_andnot_si256(t0, c0), zero));
    unsigned none1 = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi16(_mm256_andnot_si256(t1, c1), zero));
    uint64_t once = (uint64_t)(~none0 & 0xffffffffu) | (uint64_t)(~none1 & 0xffffffffu) << (2 * SECOND);
    return once ? __builtin_ctzll(once) / 2 : UNIT_KINDS * BD_SIZE;
}
