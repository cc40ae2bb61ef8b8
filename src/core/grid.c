/*
 * grid.c - facts about grids: target weights and scores, the givens check,
 * solution checks, writing a grid as text in each shape (a line; 9 rows
 * spaced, compact, pretty, or as a spreadsheet's comma-separated fields, a
 * blank an empty field), and the table of each unit's cells (units.h).
 */
#include "units.h"

#include <string.h>

#ifndef BITDOKU_VERSION
#define BITDOKU_VERSION "unknown"
#endif

/* The cell at position p of unit u (see bdi_unit_cells), as unit_cell
 * gives it; the nine of unit u; those of units u..u + 8. */
#define U_CELL(u, p)                                                                        \
    (uint8_t)((u) < 9    ? (u) * 9 + (p)                                                    \
              : (u) < 18 ? (p) * 9 + (u) - 9                                                \
                         : (((u) - 18) / 3 * 3 + (p) / 3) * 9 + ((u) - 18) % 3 * 3 + (p) % 3)
#define U_CELLS(u)                                                                          \
    {U_CELL(u, 0), U_CELL(u, 1), U_CELL(u, 2), U_CELL(u, 3), U_CELL(u, 4), U_CELL(u, 5),     \
     U_CELL(u, 6), U_CELL(u, 7), U_CELL(u, 8)}
#define U_CELLS9(u)                                                                         \
    U_CELLS(u), U_CELLS((u) + 1), U_CELLS((u) + 2), U_CELLS((u) + 3), U_CELLS((u) + 4),      \
        U_CELLS((u) + 5), U_CELLS((u) + 6), U_CELLS((u) + 7), U_CELLS((u) + 8)

const uint8_t bdi_unit_cells[UNIT_KINDS * BD_SIZE][BD_SIZE] = {
    U_CELLS9(0), U_CELLS9(9), U_CELLS9(18),
};

const char *bd_version(void)
{
    return BITDOKU_VERSION;
}

const char *bd_status_text(bd_status status)
{
    switch (status) {
    case BD_OK: return "ok";
    case BD_NO_SOLUTION: return "no solution";
    case BD_CUT_SHORT: return "cut short by a limit";
    case BD_EOF: return "end of input";
    case BD_EMALFORMED: return "malformed record";
    case BD_EINPUT: return "malformed input";
    case BD_EIO: return "read error";
    case BD_EINVAL: return "invalid argument";
    case BD_ENOMEM: return "out of memory";
    case BD_NOT_UNIQUE: return "more than one solution";
    }
    return "unknown status";
}

int bd_weight(int cell)
{
    if (cell < 0 || cell >= BD_CELLS)
        return 0;
    int r = row_of(cell), c = col_of(cell);
    int ring = r;   /* distance to the nearest edge: 0 outer .. 4 centre */
    if (c < ring) ring = c;
    if (BD_SIZE - 1 - r < ring) ring = BD_SIZE - 1 - r;
    if (BD_SIZE - 1 - c < ring) ring = BD_SIZE - 1 - c;
    return BD_MAX_SCORE_WEIGHT - (BD_SIZE / 2 - ring);
}

int bd_score(const bd_grid *grid)
{
    int score = 0;
    for (int cell = 0; cell < BD_CELLS; cell++)
        score += grid->cells[cell] * bd_weight(cell);
    return score;
}

bool bdi_cells_ok(const bd_grid *grid)
{
    uint8_t bad = 0;    /* no early exit, a byte: the loop vectorises in byte lanes */
    for (int cell = 0; cell < BD_CELLS; cell++)
        bad |= (uint8_t)(grid->cells[cell] > BD_SIZE);
    return !bad;
}

bool bdi_units_of_givens(bdi_units *units, const bd_grid *grid)
{
    memset(units, 0, sizeof *units);
    for (int cell = 0; cell < BD_CELLS; cell++) {
        int digit = grid->cells[cell];
        if (!digit)
            continue;
        if (!(units_free(units, cell) & digit_bit(digit)))
            return false;
        units_add(units, cell, digit_bit(digit));
    }
    return true;
}

bool bd_givens_ok(const bd_grid *grid)
{
    bdi_units units;
    return grid && bdi_cells_ok(grid) && bdi_units_of_givens(&units, grid);
}

bool bd_is_solution_of(const bd_grid *puzzle, const bd_grid *solution)
{
    if (!puzzle || !solution || !bd_givens_ok(solution))
        return false;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        if (!solution->cells[cell])
            return false;
        if (puzzle->cells[cell] && puzzle->cells[cell] != solution->cells[cell])
            return false;
    }
    return true;
}

/* The earliest cell before `cell` in one of its units that holds `digit`,
 * or -1; *unit says which unit. A scan per faulty cell only: the common
 * valid grid never comes here. */
static int earlier_twin(const bd_grid *grid, int cell, int digit, bd_unit *unit)
{
    for (int kind = UNIT_ROW; kind < UNIT_KINDS; kind++)
        for (int other = 0; other < cell; other++)
            if (grid->cells[other] == digit && unit_of(kind, other) == unit_of(kind, cell)) {
                *unit = kind == UNIT_ROW ? BD_UNIT_ROW
                        : kind == UNIT_COL ? BD_UNIT_COLUMN : BD_UNIT_BOX;
                return other;
            }
    return -1;
}

/* The verdict on the faulty cell `cell` of `solution`, which is blank,
 * changes a given, or repeats the digit of an earlier cell of a unit. */
static void faulty_cell(const bd_grid *puzzle, const bd_grid *solution, int cell,
                        bd_check_result *result)
{
    int digit = solution->cells[cell], given = puzzle->cells[cell];
    bd_verdict verdict = !digit ? BD_BLANK
                         : given && given != digit ? BD_CHANGED_GIVEN : BD_CLASH;
    *result = (bd_check_result){.verdict = verdict, .cell = cell, .digit = digit,
                                .given = given, .other = -1};
    if (verdict == BD_CLASH)
        result->other = earlier_twin(solution, cell, digit, &result->unit);
}

/* One pass in reading order with a mask of the digits seen so far in each
 * row, column and box; the first faulty cell stops it. The row's boxes are
 * found once per row. */
bd_status bd_check(const bd_grid *puzzle, const bd_grid *solution, bd_check_result *result)
{
    if (!puzzle || !solution || !result || !bdi_cells_ok(puzzle) || !bdi_cells_ok(solution))
        return BD_EINVAL;
    unsigned rows[BD_SIZE] = {0}, cols[BD_SIZE] = {0}, boxes[BD_SIZE] = {0};
    *result = (bd_check_result){.verdict = BD_VALID, .cell = -1};
    for (int r = 0; r < BD_SIZE; r++) {
        unsigned *box = &boxes[r / BD_BOX * BD_BOX];
        for (int c = 0; c < BD_SIZE; c++) {
            int cell = r * BD_SIZE + c;
            int digit = solution->cells[cell], given = puzzle->cells[cell];
            unsigned bit = cell_bit(digit);
            if (!bit || (given && given != digit)
                || ((rows[r] | cols[c] | box[c / BD_BOX]) & bit)) {
                faulty_cell(puzzle, solution, cell, result);
                return BD_OK;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            box[c / BD_BOX] |= bit;
        }
    }
    return BD_OK;
}

/* bd_check on the givens of the marks, then the first cell, in reading
 * order, whose digit the marks exclude, if it comes first. */
bd_status bd_check_marks(const bd_marks *marks, const bd_grid *solution,
                         bd_check_result *result)
{
    if (!marks || !solution || !result)
        return BD_EINVAL;
    bd_grid givens;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = marks->cand[cell];
        if (cand & ~(unsigned)ALL_DIGITS)
            return BD_EINVAL;
        givens.cells[cell] = (uint8_t)(digit_count(cand) == 1 ? bit_digit(cand) : 0);
    }
    bd_status status = bd_check(&givens, solution, result);
    if (status != BD_OK)
        return status;
    int last = result->verdict == BD_VALID ? BD_CELLS - 1 : result->cell;
    for (int cell = 0; cell <= last; cell++) {
        int digit = solution->cells[cell];
        if (cell == last && result->verdict != BD_VALID && result->verdict != BD_CLASH)
            break;              /* a blank or a changed given comes first */
        if (digit && !givens.cells[cell] && !(marks->cand[cell] & digit_bit(digit))) {
            *result = (bd_check_result){.verdict = BD_EXCLUDED, .cell = cell, .digit = digit,
                                        .other = -1};
            break;
        }
    }
    return BD_OK;
}

/* The character of a cell: its digit, or '.' for a blank. */
static char cell_char(const bd_grid *grid, int cell)
{
    int digit = grid->cells[cell];
    return digit >= 1 && digit <= BD_SIZE ? (char)('0' + digit) : '.';
}

/* Appends a pretty border line: +-------+-------+-------+ */
static size_t pretty_border(char *out)
{
    size_t n = 0;
    for (int stack = 0; stack < BD_SIZE / BD_BOX; stack++) {
        out[n++] = '+';
        memset(out + n, '-', 2 * BD_BOX + 1);
        n += 2 * BD_BOX + 1;
    }
    out[n++] = '+';
    out[n++] = '\n';
    return n;
}

/* Appends row `r` of `grid` in `shape` (not LINE). */
static size_t format_row(const bd_grid *grid, int r, bd_shape shape, char *out)
{
    size_t n = 0;
    for (int c = 0; c < BD_SIZE; c++) {
        if (shape == BD_SHAPE_PRETTY && c % BD_BOX == 0) {
            out[n++] = '|';
            out[n++] = ' ';
        }
        char ch = cell_char(grid, r * BD_SIZE + c);
        if (shape != BD_SHAPE_SHEET || ch != '.')     /* a sheet's blank: an empty field */
            out[n++] = ch;
        if (shape == BD_SHAPE_PRETTY || (shape == BD_SHAPE_SPACED && c < BD_SIZE - 1))
            out[n++] = ' ';
        if (shape == BD_SHAPE_SHEET && c < BD_SIZE - 1)
            out[n++] = ',';
    }
    if (shape == BD_SHAPE_PRETTY)
        out[n++] = '|';
    out[n++] = '\n';
    return n;
}

size_t bd_format(const bd_grid *grid, bd_shape shape, char *buf)
{
    size_t n = 0;
    if (shape == BD_SHAPE_LINE) {
        /* cell_char without a branch, in bytes, from a copy that buf
         * cannot overlap, so that the loop is vectorised in byte lanes */
        bd_grid cells = *grid;
        for (int cell = 0; cell < BD_CELLS; cell++) {
            uint8_t digit = cells.cells[cell];
            uint8_t below = (uint8_t)(digit - 1);
            buf[cell] = (char)(below < BD_SIZE ? (uint8_t)('0' + digit) : (uint8_t)'.');
        }
        n = BD_CELLS;
        buf[n++] = '\n';
    } else {
        for (int r = 0; r < BD_SIZE; r++) {
            if (shape == BD_SHAPE_PRETTY && r % BD_BOX == 0)
                n += pretty_border(buf + n);
            n += format_row(grid, r, shape, buf + n);
        }
        if (shape == BD_SHAPE_PRETTY)
            n += pretty_border(buf + n);
    }
    buf[n] = '\0';
    return n;
}
