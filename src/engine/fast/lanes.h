/*
 * lanes.h - the band rotations, the band reduction and the stack
 * reduction with the column singles of the vector kernels, written once
 * on the vector type `lanes` (a uint32_t lane per digit, laid out as a
 * band word) that the including kernel defines,
 * with its zero_digits (the lanes where a vector is zero),
 * differing_digits (the lanes where two vectors differ) and store_digits
 * (the lanes to a band's row of cand): eight.h includes it after those,
 * and avx2.c and avx512.c include eight.h, so that each compiles it with
 * its own instructions. Only
 * operators of the C vector extension and those steps are used here.
 */
#ifndef BITDOKU_FAST_LANES_H
#define BITDOKU_FAST_LANES_H

/* Rotates the three columns of every stack of every row of each lane (a
 * word laid out as a band): bit c of the result is bit c + 1 of its
 * stack, cyclically. */
static inline lanes next_column(lanes x)
{
    return ((x >> 1) & 0x36DB6DBu) | ((x << 2) & 0x4924924u);
}

/* Bit c of the result is bit c + 2 of its stack, cyclically. */
static inline lanes column_after_next(lanes x)
{
    return ((x >> 2) & 0x1249249u) | ((x << 1) & 0x6DB6DB6u);
}

/* Rotates the three rows of each lane's band-shaped word: row r of the
 * result is row r + 1, cyclically. */
static inline lanes next_row(lanes x)
{
    return ((x >> BD_SIZE) | (x << (2 * BD_SIZE))) & BAND_MASK;
}

/* The entries of each lane's three 3 x 3 0/1 matrices (one per stack, rows
 * laid out as a band word's) that lie on some permutation inside it: an
 * entry fits when the other two rows can take the other two columns, one
 * each (rows r + 1 and r + 2 with columns c + 1 and c + 2, either way
 * round, rotated down by one row to line up with row r). */
static inline lanes on_permutation(lanes m)
{
    lanes col1 = next_column(m), col2 = column_after_next(m);
    return m & next_row((col1 & next_row(col2)) | (col2 & next_row(col1)));
}

/* Rotates the three groups of three bits of every row of each lane's
 * band-shaped word (word_next_group of fast.h, lane by lane). */
static inline lanes next_group(lanes x)
{
    return ((x >> 3) & 0x0FC7E3Fu) | ((x << 6) & 0x70381C0u);
}

static inline lanes group_after_next(lanes x)
{
    return ((x >> 6) & 0x01C0E07u) | ((x << 3) & 0x7E3F1F8u);
}

/*
 * The band reduction (band_reduce_word of fast.h) of every digit lane of
 * the three bands at once: the bands' segments with a place, interleaved
 * as a segment word
 * (fast.h), are each band's 3 x 3 matrix rows x boxes side by side, so
 * that one on_permutation test by rotations of rows and groups serves the
 * three; a segment on every fitting permutation is alone in its row. Writes
 * the reduced words and the hidden singles of rows and boxes (the one cell
 * of such a segment); returns the digit lanes where some band has no
 * fitting permutation.
 */
static inline unsigned band_reduce(const lanes x[BANDS], lanes reduced[BANDS],
                                   lanes alone[BANDS])
{
    lanes segments = {0};
    for (unsigned b = 0; b < BANDS; b++)
        segments |= ((x[b] | (x[b] >> 1) | (x[b] >> 2)) & SEGMENT_BASES) << b;
    lanes next = next_group(segments), after = group_after_next(segments);
    lanes fit = segments & next_row((next & next_row(after)) | (after & next_row(next)));
    lanes in_all = fit & ~(next_group(fit) | group_after_next(fit));
    unsigned dead = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        lanes keep = (fit >> b) & SEGMENT_BASES;
        lanes first = x[b] & SEGMENT_BASES, second = (x[b] >> 1) & SEGMENT_BASES;
        lanes third = (x[b] >> 2) & SEGMENT_BASES;
        lanes one_cell = ((in_all >> b) & SEGMENT_BASES) & (first ^ second ^ third)
                         & ~(first & second & third);
        reduced[b] = x[b] & (keep | keep << 1 | keep << 2);
        alone[b] = x[b] & (one_cell | one_cell << 1 | one_cell << 2);
        dead |= zero_digits(keep);
    }
    return dead;
}

/* Folds the three rows of each lane's band word: the columns with a place
 * in one row or more, and in two rows or more. */
static inline void fold_rows(lanes x, lanes *once, lanes *twice)
{
    lanes r0 = x & ROW_MASK, r1 = (x >> BD_SIZE) & ROW_MASK, r2 = x >> (2 * BD_SIZE);
    *once = r0 | r1 | r2;
    *twice = (r0 & r1) | (r2 & (r0 | r1));
}

/*
 * The second half of the hidden-singles pass (generic.h) for the digit
 * lanes, after band_reduce and fold_rows: the stack reduction of the
 * band-reduced words `banded` (folded into `once` and `twice`), which go
 * to `x` (that held the words before the pass) and to the bands' rows of
 * `cand`, folded again into `once` and `twice`; then the column hidden
 * singles, with those of rows and boxes (`alone`), in the open cells
 * `open`, to `todo`. Returns -1 on a contradiction (a column with no place
 * in some lane), else a bit mask: 1 if a word changed in the pass, 2 if
 * the stack reduction changed one (the band reduction is idempotent: only
 * what the stack reduction cleared may give it more to do).
 */
static inline int stack_reduce(uint32_t cand[BANDS][BD_SIZE], const uint32_t open[BANDS],
                               lanes x[BANDS], const lanes banded[BANDS],
                               const lanes alone[BANDS], lanes once[BANDS], lanes twice[BANDS],
                               lanes todo[BANDS])
{
    lanes cols = on_permutation(once[0] | once[1] << BD_SIZE | once[2] << (2 * BD_SIZE));
    unsigned progress = 0, stacked = 0;
    for (unsigned b = 0; b < BANDS; b++) {
        lanes keep = (cols >> (BD_SIZE * b)) & ROW_MASK;
        lanes reduced = banded[b] & (keep | keep << BD_SIZE | keep << (2 * BD_SIZE));
        progress |= differing_digits(reduced, x[b]);
        stacked |= differing_digits(reduced, banded[b]);
        x[b] = reduced;
        fold_rows(x[b], &once[b], &twice[b]);
        store_digits(cand[b], x[b]);
    }
    lanes col_once = once[0] | once[1] | once[2];
    if (differing_digits(col_once, (lanes){0} + ROW_MASK))
        return -1;
    lanes col_twice = twice[0] | twice[1] | twice[2] | (once[0] & once[1])
                      | (once[2] & (once[0] | once[1]));
    lanes col_single = col_once & ~col_twice;
    col_single |= col_single << BD_SIZE | col_single << (2 * BD_SIZE);
    for (unsigned b = 0; b < BANDS; b++)
        todo[b] = (alone[b] | (x[b] & col_single)) & open[b];
    return (progress != 0) | (stacked != 0) << 1;
}

#endif /* BITDOKU_FAST_LANES_H */
