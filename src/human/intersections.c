/*
 * intersections.c - locked candidates: where a box and a line (row or
 * column) cross, a digit whose places in one of them all lie in the
 * crossing cannot go in the rest of the other.
 *   pointing: a box's places for the digit are all in one line, so the
 *             digit leaves that line outside the box;
 *   claiming: a line's places are all in one box, so the digit leaves
 *             that box outside the line.
 * On the digit boards each test is a mask and a compare: places inside
 * the unit, and whether they all lie in the crossing.
 */
#include "human.h"

/* Records the step: the digit confined to `from` leaves `to` outside it. */
static bool lock(const bdi_cands *c, bd_technique tech, int digit, int from_kind, int from,
                 int to_kind, int to, bdi_step *s)
{
    bdi_board in_from = board_and(c->place[digit - 1], unit_board(from_kind, from));
    bdi_board crossing = board_and(unit_board(from_kind, from), unit_board(to_kind, to));
    if (board_empty(in_from) || !board_empty(board_minus(in_from, crossing)))
        return false;
    bdi_board rest = board_minus(unit_board(to_kind, to), crossing);
    if (board_empty(board_and(rest, c->place[digit - 1])))
        return false;
    bdi_step_start(s, tech);
    bdi_step_remove(s, c, rest, digit);
    s->kind = from_kind;
    s->index = from;
    s->kind2 = to_kind;
    s->index2 = to;
    s->digits = digit_bit(digit);
    return true;
}

/* Which thirds of a unit's positions (0-2, 3-5, 6-8) `places` touches, as
 * bits 0..2: the rows of a box, or the boxes of a line. */
static unsigned thirds(unsigned places)
{
    return (places & 7u ? 1u : 0u) | (places & 070u ? 2u : 0u) | (places & 0700u ? 4u : 0u);
}

/* The columns of a box (bits 0..2) that its positions `places` touch. */
static unsigned box_columns(unsigned places)
{
    return (places & 0111u ? 1u : 0u) | (places & 0222u ? 2u : 0u) | (places & 0444u ? 4u : 0u);
}

bool bdi_pointing(const bdi_cands *c, bdi_step *s)
{
    for (int box = 0; box < BD_SIZE; box++)
        for (int digit = 1; digit <= BD_SIZE; digit++) {
            unsigned places = unit_places(c->place[digit - 1], UNIT_BOX, box);
            if (digit_count(places) < 2)
                continue;
            for (int kind = UNIT_ROW; kind <= UNIT_COL; kind++) {
                unsigned lines = kind == UNIT_ROW ? thirds(places) : box_columns(places);
                if (lines & (lines - 1u))
                    continue;   /* more than one line */
                int first = kind == UNIT_ROW ? box / BD_BOX * BD_BOX : box % BD_BOX * BD_BOX;
                if (lock(c, BD_TECH_POINTING, digit, UNIT_BOX, box, kind, first + low_bit(lines), s))
                    return true;
            }
        }
    return false;
}

bool bdi_claiming(const bdi_cands *c, bdi_step *s)
{
    for (int kind = UNIT_ROW; kind <= UNIT_COL; kind++)
        for (int line = 0; line < BD_SIZE; line++)
            for (int digit = 1; digit <= BD_SIZE; digit++) {
                unsigned places = unit_places(c->place[digit - 1], kind, line);
                unsigned boxes = thirds(places);
                if (digit_count(places) < 2 || (boxes & (boxes - 1u)))
                    continue;
                int i = low_bit(boxes);
                int box = kind == UNIT_ROW ? line / BD_BOX * BD_BOX + i : i * BD_BOX + line / BD_BOX;
                if (lock(c, BD_TECH_CLAIMING, digit, kind, line, UNIT_BOX, box, s))
                    return true;
            }
    return false;
}
