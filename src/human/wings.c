/*
 * wings.c - the wings: short chains through cells with two candidates.
 *   XY-wing:  a pivot {x,y} that sees two pincers {x,z} and {y,z}: whatever
 *             the pivot holds, one pincer holds z, so z leaves every cell
 *             that sees both pincers.
 *   XYZ-wing: a pivot {x,y,z} that sees pincers {x,z} and {y,z}: one of the
 *             three holds z, so z leaves every cell that sees all three.
 *   W-wing:   two cells {x,y} that do not see each other, and a strong link
 *             on x (a unit with two places for it) whose ends see one cell
 *             each: one of the two cells holds y, so y leaves every cell
 *             that sees both.
 * Pincers are looked up on the board of cells with two candidates, among
 * the pivot's peers.
 */
#include "human.h"

/* Records a wing: `digit` leaves the cells of `targets`; cells[] gets the
 * `count` cells of `pattern` in order. */
static bool wing(const bdi_cands *c, bd_technique tech, unsigned digits, int digit,
                 bdi_board targets, const int *pattern, int count, bdi_step *s)
{
    if (board_empty(board_and(targets, c->place[digit - 1])))
        return false;
    bdi_step_start(s, tech);
    bdi_step_remove(s, c, targets, digit);
    s->digits = digits;
    for (int i = 0; i < count; i++)
        s->cells[i] = (uint8_t)pattern[i];
    s->cell_count = count;
    return true;
}

/* An XY-wing on `pivot` with first pincer `a`, among the `pincers`. */
static bool xy_from(const bdi_cands *c, int pivot, int a, bdi_board pincers, bdi_step *s)
{
    unsigned shared = c->cell[pivot] & c->cell[a];
    if (digit_count(shared) != 1)
        return false;
    unsigned z = c->cell[a] & ~shared;
    unsigned want = (c->cell[pivot] & ~shared) | z;   /* the other pincer: {y,z} */
    for (int b; (b = board_pop(&pincers)) >= 0;)
        if (c->cell[b] == want) {
            int cells[] = {pivot, a, b};
            bdi_board targets = board_and(peers_of(a), peers_of(b));
            if (wing(c, BD_TECH_XY_WING, c->cell[pivot] | z, bit_digit(z), targets, cells, 3, s))
                return true;
        }
    return false;
}

bool bdi_xy_wing(const bdi_cands *c, bdi_step *s)
{
    bdi_board pivots = bdi_bivalue_cells(c);
    for (int pivot; (pivot = board_pop(&pivots)) >= 0;) {
        bdi_board pincers = board_and(bdi_bivalue_cells(c), peers_of(pivot));
        bdi_board firsts = pincers;
        for (int a; (a = board_pop(&firsts)) >= 0;)
            if (xy_from(c, pivot, a, pincers, s))
                return true;
    }
    return false;
}

bool bdi_xyz_wing(const bdi_cands *c, bdi_step *s)
{
    bdi_board two = bdi_bivalue_cells(c);
    bdi_board pivots = c->open;
    for (int pivot; (pivot = board_pop(&pivots)) >= 0;) {
        unsigned digits = c->cell[pivot];
        if (digit_count(digits) != 3)
            continue;
        bdi_board firsts = board_and(two, peers_of(pivot));
        for (int a; (a = board_pop(&firsts)) >= 0;) {
            bdi_board seconds = firsts;   /* pincers after a: each pair once */
            for (int b; (b = board_pop(&seconds)) >= 0;) {
                unsigned z = c->cell[a] & c->cell[b];
                if ((c->cell[a] | digits) != digits || (c->cell[b] | digits) != digits
                    || digit_count(z) != 1)
                    continue;
                int cells[] = {pivot, a, b};
                bdi_board targets = board_and(peers_of(pivot), board_and(peers_of(a), peers_of(b)));
                if (wing(c, BD_TECH_XYZ_WING, digits, bit_digit(z), targets, cells, 3, s))
                    return true;
            }
        }
    }
    return false;
}

/* A strong link on `link` joining cells that see `a` and `b`; its ends in
 * ends[0] (seeing a) and ends[1]. */
static bool w_link(const bdi_cands *c, int a, int b, int link, int *ends)
{
    for (int kind = 0; kind < UNIT_KINDS; kind++)
        for (int index = 0; index < BD_SIZE; index++) {
            bdi_board places = board_and(c->place[link - 1], unit_board(kind, index));
            if (board_count(places) != 2)
                continue;
            int p = board_pop(&places), q = board_first(places);
            if (p == a || p == b || q == a || q == b)
                continue;
            if ((sees(p, a) && sees(q, b)) || (sees(q, a) && sees(p, b))) {
                ends[0] = sees(p, a) && sees(q, b) ? p : q;
                ends[1] = ends[0] == p ? q : p;
                return true;
            }
        }
    return false;
}

bool bdi_w_wing(const bdi_cands *c, bdi_step *s)
{
    bdi_board two = bdi_bivalue_cells(c), firsts = two;
    for (int a; (a = board_pop(&firsts)) >= 0;) {
        bdi_board seconds = firsts;
        for (int b; (b = board_pop(&seconds)) >= 0;) {
            if (c->cell[a] != c->cell[b] || sees(a, b))
                continue;
            bdi_board targets = board_and(peers_of(a), peers_of(b));
            for (unsigned links = c->cell[a]; links; links &= links - 1u) {
                int link = bit_digit(links), other = bit_digit(c->cell[a] & ~digit_bit(link));
                int cells[4] = {a, b, 0, 0};
                if (w_link(c, a, b, link, cells + 2)
                    && wing(c, BD_TECH_W_WING, c->cell[a], other, targets, cells, 4, s)) {
                    s->link_digit = link;
                    return true;
                }
            }
        }
    }
    return false;
}
