/*
 * fish.c - basic fish: X-wing (2 lines), swordfish (3), jellyfish (4).
 * When a digit's places in k rows (the base) lie in k columns (the cover),
 * those k rows hold the digit in those k columns, so it leaves the cover
 * columns everywhere else; the same with rows and columns swapped.
 * For each digit and orientation, the base lines taking part are those
 * with 2..k places (one place is a hidden single); combine.c finds k of
 * them whose masks of positions (the cover) have k bits together.
 */
#include "human.h"

typedef struct fish_search {
    const bdi_cands *c;
    bdi_step *s;
    int digit, kind, size;
    uint8_t line[BD_SIZE];        /* the base lines taking part */
} fish_search;

/* Records the fish on the base lines `chosen` (bits: entries of line[])
 * covered by the lines `cover`, if it removes anything (a bdi_subset_fn). */
static bool try_fish(unsigned chosen, unsigned cover, void *context)
{
    static const bd_technique FISH[] = {BD_TECH_X_WING, BD_TECH_SWORDFISH, BD_TECH_JELLYFISH};
    const fish_search *fs = context;
    int cover_kind = fs->kind == UNIT_ROW ? UNIT_COL : UNIT_ROW;
    unsigned base = 0;
    bdi_board base_cells = board_none(), cover_cells = board_none();
    for (; chosen; chosen &= chosen - 1u) {
        int line = fs->line[low_bit(chosen)];
        base |= 1u << line;
        base_cells = board_or(base_cells, unit_board(fs->kind, line));
    }
    for (unsigned rest = cover; rest; rest &= rest - 1u)
        cover_cells = board_or(cover_cells, unit_board(cover_kind, low_bit(rest)));
    bdi_step_start(fs->s, FISH[fs->size - 2]);
    fs->s->kind = fs->kind;
    fs->s->base = base;
    fs->s->cover = cover;
    fs->s->digits = digit_bit(fs->digit);
    return bdi_step_remove(fs->s, fs->c, board_minus(cover_cells, base_cells), fs->digit);
}

bool bdi_fish(const bdi_cands *c, int size, bdi_step *s)
{
    fish_search fs = {.c = c, .s = s, .size = size};
    for (fs.digit = 1; fs.digit <= BD_SIZE; fs.digit++)
        for (fs.kind = UNIT_ROW; fs.kind <= UNIT_COL; fs.kind++) {
            unsigned masks[BD_SIZE];
            int count = 0;
            for (int line = 0; line < BD_SIZE; line++) {
                unsigned places = unit_places(c->place[fs.digit - 1], fs.kind, line);
                if (digit_count(places) >= 2 && digit_count(places) <= size) {
                    fs.line[count] = (uint8_t)line;
                    masks[count++] = places;
                }
            }
            if (bdi_find_subset(masks, count, size, try_fish, &fs))
                return true;
        }
    return false;
}
