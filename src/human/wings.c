/*
 * wings.c - SE's XYWing producer: the XY-wing (4.2) and the XYZ-wing (4.4).
 *
 * XY-wing: a pivot cell with candidates {x, y} sees two cells {x, z} and
 * {y, z} (the three have three digits between them and none in common):
 * the cells that see both pincers lose z. XYZ-wing: the pivot holds
 * {x, y, z}, the pincers {x, z} and {y, z}; the cells that see all three
 * lose z.
 *
 * SE's order: the pivot cell by cell, row by row; the first pincer among
 * the pivot's house cells in SE's house order (bdi_house), those with two
 * candidates sharing all but one of the pivot's; the second pincer the
 * same way; the first pattern that removes something is the hint.
 */
#include "human.h"

/* Whether `yz`, the candidates of a cell holding two, makes a wing (an
 * XY-wing, or an XYZ-wing when `xyz`) with the pivot's `xy` and the first
 * pincer's `xz` (two digits, all but one of the pivot's): {x, y}, {x, z},
 * {y, z}, exactly; or {x, y, z}, {x, z} and another two of the pivot's. */
static bool is_wing(unsigned xy, unsigned xz, unsigned yz, bool xyz)
{
    if (!xyz)
        return yz == (xy ^ xz);
    return yz != xz && !(yz & ~xy);
}

/* The wing's step: z leaves the cells that see both pincers (and the pivot
 * for an XYZ-wing); false when that removes nothing. */
static bool wing_hint(const bdi_state *st, int pivot, int xz, int yz, bool xyz, bdi_step *s)
{
    unsigned z = st->cand[xz] & st->cand[yz];
    z &= -z;
    uint64_t seen[2];
    for (int w = 0; w < 2; w++)
        seen[w] = bdi_peer_bits[xz][w] & bdi_peer_bits[yz][w] &
                  (xyz ? bdi_peer_bits[pivot][w] : ~(uint64_t)0);
    /* the pivot sees both pincers; the pincers are not their own peers */
    seen[pivot / 64] &= ~((uint64_t)1 << (pivot % 64));
    uint64_t lose[2] = {0, 0};
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = seen[w]; bits; bits &= bits - 1u)
            if (st->cand[w * 64 + low_index(bits)] & z)
                lose[w] |= bits & -bits;
    if (!(lose[0] | lose[1]))
        return false;
    bdi_step_start(s, xyz ? BD_TECH_XYZ_WING : BD_TECH_XY_WING, xyz ? 4.4 : 4.2);
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = lose[w]; bits; bits &= bits - 1u)
            step_remove(s, w * 64 + low_index(bits), z);
    s->digits = st->cand[pivot] | st->cand[xz] | st->cand[yz];
    int cells[3] = {pivot, xz, yz};
    for (int i = 0; i < 3; i++) {
        s->cells[s->cell_count++] = (uint8_t)cells[i];
        step_mark(s, cells[i], st->cand[cells[i]]);
    }
    return true;
}

bool bdi_xy_wing(const bdi_state *st, bool xyz, bdi_step *s)
{
    int pivot_size = xyz ? 3 : 2;
    for (int pivot = 0; pivot < BD_CELLS; pivot++) {
        unsigned xy = st->cand[pivot];
        if (digit_count(xy) != pivot_size)
            continue;
        /* the pincers can only be house cells with two candidates, in
         * house order */
        uint8_t two[HOUSE_CELLS];
        int count = 0;
        for (int i = 0; i < HOUSE_CELLS; i++)
            if (digit_count(st->cand[bdi_house[pivot][i]]) == 2)
                two[count++] = bdi_house[pivot][i];
        for (int i = 0; i < count; i++) {
            int xz = two[i];
            unsigned xz_cand = st->cand[xz];
            if (digit_count(xy & ~xz_cand) != 1)
                continue;
            for (int j = 0; j < count; j++) {
                int yz = two[j];
                if (is_wing(xy, xz_cand, st->cand[yz], xyz) && wing_hint(st, pivot, xz, yz, xyz, s))
                    return true;
            }
        }
    }
    return false;
}
