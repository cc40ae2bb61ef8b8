/*
 * picture.c - the 9x9 pictures of bitdoku.h: bd_svg_grid (a grid, its
 * givens bold) and bd_svg_step (a step of a solution path on the grid as
 * it stood before it). Each fills a board of the drawing's own (draw.h:
 * N = 9 in boxes of 3 x 3, the symbols 1..9) from the public types and
 * hands it to the SVG writer, svg.c.
 *
 * bd_write_xml_text lends text.c's escaping to pages built around the
 * pictures.
 *
 * A step is drawn from what bd_step records: its removals (struck), its
 * placement (ringed, in a shaded cell), its pattern (the candidates it
 * uses ringed, their cells shaded, the units it rests on shaded), a
 * chain's links. The candidates before a path's first step are those that
 * no digit of a cell's row, column or box rules out, as the human engine
 * starts from them.
 */
#include "draw.h"

#include "core/units.h"

#include <string.h>

static const char *const DIGITS[BD_SIZE] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};

/* A 9x9 board's arrays, filled by fill_board. */
typedef struct board9 {
    uint8_t values[BD_CELLS];
    uint8_t given[BD_CELLS];
    uint64_t cands[BD_CELLS];
    bdd_board board;
} board9;

/* The candidates of each blank cell of `grid`: the digits that no digit
 * of its row, column or box rules out. */
static void free_digits(const bd_grid *grid, uint64_t *cands)
{
    bdi_units units;
    memset(&units, 0, sizeof units);
    for (int cell = 0; cell < BD_CELLS; cell++)
        units_add(&units, cell, cell_bit(grid->cells[cell]));
    for (int cell = 0; cell < BD_CELLS; cell++)
        cands[cell] = grid->cells[cell] ? 0 : units_free(&units, cell);
}

/* Fills `b` with the digits of `shown`, those of `puzzle` as givens; the
 * candidates are left to the caller (none at first). False when a cell
 * is outside 0..9 or `shown` changes a given. */
static bool fill_board(board9 *b, const bd_grid *puzzle, const bd_grid *shown)
{
    if (!bdi_cells_ok(puzzle) || !bdi_cells_ok(shown))
        return false;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (puzzle->cells[cell] && shown->cells[cell] != puzzle->cells[cell])
            return false;
        b->values[cell] = shown->cells[cell];
        b->given[cell] = puzzle->cells[cell] != 0;
    }
    b->board = (bdd_board){.box_rows = BD_BOX, .box_cols = BD_BOX, .symbols = DIGITS,
                           .values = b->values, .given = b->given, .cands = NULL};
    return true;
}

bd_status bd_svg_grid(const bd_grid *puzzle, const bd_grid *grid,
                      const bd_picture_options *options, bd_write_fn write, void *context)
{
    board9 b;
    if (!puzzle || !write || !fill_board(&b, puzzle, grid ? grid : puzzle))
        return BD_EINVAL;
    const bd_grid *shown = grid ? grid : puzzle;
    if (options && options->marks) {
        for (int cell = 0; cell < BD_CELLS; cell++)
            b.cands[cell] = shown->cells[cell] ? 0 : options->marks->cand[cell] & ALL_DIGITS;
        b.board.cands = b.cands;
    } else if (options && options->candidates) {
        free_digits(shown, b.cands);
        b.board.cands = b.cands;
    }
    return bdd_svg(&b.board, NULL, options, write, context);
}

/* What a step marks: its removals, its placement, its pattern's
 * candidates and cells, the units it rests on, a chain's links. */
typedef struct step_marks {
    uint64_t removed[BD_CELLS];
    uint64_t used[BD_CELLS];
    uint8_t cells[BD_CELLS];
    bdd_unit units[3 * BD_SIZE];
    bdd_link links[BD_STEP_LINKS];
    bdd_pattern pattern;
} step_marks;

/* The units of a step's mask (bit u: row u, column u - 9, box u - 18)
 * into `m`; false for a bit past the 27 units. */
static bool mark_units(step_marks *m, uint32_t units)
{
    if (units >> (3 * BD_SIZE))
        return false;
    for (int u = 0; u < 3 * BD_SIZE; u++)
        if (units >> u & 1)
            m->units[m->pattern.unit_count++] =
                (bdd_unit){u < BD_SIZE ? BD_UNIT_ROW : u < 2 * BD_SIZE ? BD_UNIT_COLUMN
                                                                       : BD_UNIT_BOX,
                           u % BD_SIZE};
    m->pattern.units = m->units;
    return true;
}

/* A chain's links into `m`: an inference that ends "on" is drawn as a
 * strong link, one that ends "off" as a weak one. False for a link off
 * the grid or a count out of range. */
static bool mark_links(step_marks *m, const bd_step *step)
{
    if (step->link_count < 0 || step->link_count > BD_STEP_LINKS)
        return false;
    for (int i = 0; i < step->link_count; i++) {
        const bd_link *l = &step->links[i];
        if (l->from_cell >= BD_CELLS || l->to_cell >= BD_CELLS || l->from_digit < 1
            || l->from_digit > BD_SIZE || l->to_digit < 1 || l->to_digit > BD_SIZE)
            return false;
        m->links[i] = (bdd_link){l->from_cell, l->from_digit, l->to_cell, l->to_digit,
                                 l->to_on != 0};
    }
    m->pattern.links = m->links;
    m->pattern.link_count = step->link_count;
    return true;
}

/* Fills `m` from `step`; false when its cell, digit, units or links are
 * out of range. */
static bool mark_step(step_marks *m, const bd_step *step)
{
    if (step->cell < -1 || step->cell >= BD_CELLS
        || (step->cell >= 0 && (step->digit < 1 || step->digit > BD_SIZE)))
        return false;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        m->removed[cell] = step->removed[cell] & ALL_DIGITS;
        m->used[cell] = step->pattern[cell] & ALL_DIGITS;
        m->cells[cell] = m->used[cell] != 0;
    }
    m->pattern = bdd_no_pattern();
    m->pattern.removed = m->removed;
    m->pattern.used = m->used;
    m->pattern.cells = m->cells;
    m->pattern.placed_cell = step->cell;
    m->pattern.placed_value = step->cell >= 0 ? step->digit : 0;
    return mark_units(m, step->units) && mark_links(m, step);
}

bd_status bd_svg_step(const bd_grid *puzzle, const bd_grid *before, const bd_marks *marks,
                      const bd_step *step, const bd_picture_options *options,
                      bd_write_fn write, void *context)
{
    board9 b;
    step_marks m;
    if (!puzzle || !before || !step || !write || !fill_board(&b, puzzle, before)
        || !mark_step(&m, step))
        return BD_EINVAL;
    if (marks) {
        for (int cell = 0; cell < BD_CELLS; cell++)
            b.cands[cell] = before->cells[cell] ? 0 : marks->cand[cell] & ALL_DIGITS;
    } else {
        free_digits(before, b.cands);
    }
    b.board.cands = b.cands;
    if (m.pattern.placed_cell >= 0 && before->cells[m.pattern.placed_cell])
        m.pattern.placed_cell = -1;     /* filled already: nothing to place */
    return bdd_svg(&b.board, &m.pattern, options, write, context);
}

bd_status bd_write_xml_text(const char *text, size_t len, bd_write_fn write, void *context)
{
    if (!text || !write)
        return BD_EINVAL;
    bdd_out out;
    bdd_out_init(&out, write, context);
    bdd_put_text_n(&out, text, len);
    return bdd_flush(&out);
}
