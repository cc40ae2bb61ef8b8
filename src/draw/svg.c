/*
 * svg.c - a board (bdd_board) and what a step marks on it (bdd_pattern)
 * drawn as SVG: one picture of fixed geometry, every length a whole
 * number of tenths of a unit, written through text.c.
 *
 * Geometry, for a board of N = R*C cells a side: cells of CELL units, the
 * grid N*CELL a side inside a MARGIN; thin lines between cells, thick
 * lines between boxes (after every C columns and R rows) and around the
 * grid. A value is drawn in the middle of its cell (bold for a given,
 * lighter for a solved cell); candidates small, value v at place v-1 of a
 * K x ceil(N/K) block (K = ceil(sqrt N): 3 x 3 for N = 9, 4 x 4 for 16,
 * 3 x 2 for 6). Text is centred by text-anchor, and set on its baseline
 * at 0.35 of the font size below the centre, which every renderer
 * understands (dominant-baseline is not read everywhere). Symbols longer
 * than one character get a smaller font, chosen once for the board.
 * A caption goes under the grid in a monospace font, wrapped at spaces to
 * the grid's width.
 *
 * Layers, bottom to top: white paper; shaded cells (the units of the
 * pattern, its cells, the placement's cell); rings behind the pattern's
 * candidates and the placed one; the lines; values; candidates (struck
 * ones red, the pattern's blue, the placed one green); the strokes that
 * strike candidates out; a chain's links (strong solid, weak dashed); the
 * caption. A link is a straight line between its candidates' centres,
 * unless it shares a stretch of its line with another link (two links on
 * one row, say): then each of those is a curve bowed off the line, to
 * alternate sides and further out as they crowd (bow_slots), so that
 * every link can be told apart; by the grid's edge, where the outer side
 * has no room, they bow inwards one beyond the other. Each layer is one <g> whose presentation
 * attributes its elements inherit, so the picture needs no style sheet
 * and no fonts but the reader's own.
 */
#include "draw.h"

#include <math.h>
#include <string.h>

enum {
    CELL = 480,             /* tenths of a unit */
    MARGIN = 40,
    VALUE_FONT = 300,
    CAPTION_FONT = 140,
    CAPTION_LINE = 180,     /* baseline to baseline */
    CAPTION_GAP = 60,       /* between the grid's margin and the first line */
    CAPTION_CHAR = 84,      /* the width of a monospace character: 0.6 em */
    BOW = 7,                /* a bowed link's bow, in tenths of a candidate's place */
};

static const char FONT[] = "Helvetica, Arial, sans-serif";

/* The picture's measures, in tenths of a unit. */
typedef struct geometry {
    int n;                  /* cells a side */
    int block_cols, block_rows;  /* the block of a cell's candidates */
    long mini;              /* the side of a candidate's place */
    long grid;              /* the grid's side */
    long width, height;
    long value_font, cand_font;
    int caption_lines;
    size_t caption_width;   /* characters a caption line holds */
} geometry;

/* The longest symbol, in characters (UTF-8 lead bytes). */
static size_t longest_symbol(const bdd_board *b, int n)
{
    size_t longest = 1;
    for (int v = 0; v < n; v++) {
        size_t chars = 0;
        for (const char *c = b->symbols[v]; *c; c++)
            chars += ((unsigned char)*c & 0xC0) != 0x80;
        longest = chars > longest ? chars : longest;
    }
    return longest;
}

/* Where the caption's next line ends: from `text` (`len` bytes left), the
 * bytes of the line (*line) and those to skip after it (*skip: the space
 * or line end it broke at). Breaks at the last space that keeps the line
 * within `width` characters, else at `width` characters. */
static void next_line(const char *text, size_t len, size_t width, size_t *line, size_t *skip)
{
    size_t chars = 0, at = 0, last_space = 0;
    bool spaced = false;
    while (at < len && text[at] != '\n') {
        if (((unsigned char)text[at] & 0xC0) != 0x80 && chars++ == width)
            break;
        if (text[at] == ' ') {
            last_space = at;
            spaced = true;
        }
        at++;
    }
    if (at < len && text[at] != '\n' && spaced && last_space > 0) {
        *line = last_space;
        *skip = 1;
        return;
    }
    *line = at;
    *skip = at < len && text[at] == '\n' ? 1 : 0;
}

/* How many lines `caption` takes at `width` characters a line. */
static int count_lines(const char *caption, size_t width)
{
    int lines = 0;
    size_t len = strlen(caption), at = 0;
    while (at < len) {
        size_t line, skip;
        next_line(caption + at, len - at, width, &line, &skip);
        at += line + skip;
        lines++;
    }
    return lines;
}

/* The measures of `board` drawn with `options`. */
static geometry measure(const bdd_board *board, const bd_picture_options *options)
{
    geometry g = {.n = board->box_rows * board->box_cols};
    int k = 1;
    while (k * k < g.n)
        k++;
    g.block_cols = k;
    g.block_rows = (g.n + k - 1) / k;
    g.mini = CELL / k;
    g.grid = (long)g.n * CELL;
    g.width = g.grid + 2 * MARGIN;
    size_t longest = longest_symbol(board, g.n);
    g.value_font = longest == 1 ? VALUE_FONT : longest == 2 ? VALUE_FONT * 3 / 4 : VALUE_FONT / 2;
    g.cand_font = g.mini * (longest == 1 ? 7 : longest == 2 ? 5 : 3) / 10;
    g.caption_width = (size_t)(g.grid / CAPTION_CHAR);
    const char *caption = options && options->caption ? options->caption : "";
    g.caption_lines = count_lines(caption, g.caption_width);
    g.height = g.width + (g.caption_lines ? CAPTION_GAP + g.caption_lines * CAPTION_LINE : 0);
    return g;
}

/* The left and top of a cell, in tenths. */
static long cell_left(const geometry *g, int cell)
{
    return MARGIN + (long)(cell % g->n) * CELL;
}

static long cell_top(const geometry *g, int cell)
{
    return MARGIN + (long)(cell / g->n) * CELL;
}

/* The centre of candidate `value` of `cell`. */
static void cand_centre(const geometry *g, int cell, int value, long *x, long *y)
{
    long block_top = (CELL - g->block_rows * g->mini) / 2;
    *x = cell_left(g, cell) + ((value - 1) % g->block_cols) * g->mini + g->mini / 2;
    *y = cell_top(g, cell) + block_top + ((value - 1) / g->block_cols) * g->mini + g->mini / 2;
}

/* An attribute name="tenths". */
static void put_attr(bdd_out *out, const char *name, long tenths)
{
    bdd_put(out, name);
    bdd_put(out, "=\"");
    bdd_put_tenths(out, tenths);
    bdd_put(out, "\"");
}

/* The opening of the picture: the XML declaration of a standalone
 * document, the <svg> element with its size, the title, white paper. */
static void put_open(bdd_out *out, const geometry *g, const bd_picture_options *options)
{
    bool standalone = options && options->standalone;
    if (standalone)
        bdd_put(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    bdd_put(out, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
    if (standalone) {
        put_attr(out, " width", g->width);
        put_attr(out, " height", g->height);
    }
    bdd_put(out, " viewBox=\"0 0 ");
    bdd_put_tenths(out, g->width);
    bdd_put(out, " ");
    bdd_put_tenths(out, g->height);
    bdd_put(out, "\">\n");
    if (options && options->title) {
        bdd_put(out, "<title>");
        bdd_put_text(out, options->title);
        bdd_put(out, "</title>\n");
    }
    bdd_put(out, "<rect");
    put_attr(out, " width", g->width);
    put_attr(out, " height", g->height);
    bdd_put(out, " fill=\"#fff\"/>\n");
}

/* A square of side `side` at (x, y). */
static void put_square(bdd_out *out, long x, long y, long side)
{
    bdd_put(out, "<rect");
    put_attr(out, " x", x);
    put_attr(out, " y", y);
    put_attr(out, " width", side);
    put_attr(out, " height", side);
    bdd_put(out, "/>\n");
}

/* True when `cell` lies in `unit`. */
static bool in_unit(const bdd_board *b, int n, int cell, bdd_unit unit)
{
    int row = cell / n, col = cell % n;
    switch (unit.kind) {
    case BD_UNIT_ROW: return row == unit.index;
    case BD_UNIT_COLUMN: return col == unit.index;
    case BD_UNIT_BOX: break;
    }
    int boxes_across = n / b->box_cols;
    return row / b->box_rows * boxes_across + col / b->box_cols == unit.index;
}

/* How a cell is shaded: 0 not, 1 a unit's, 2 the pattern's, 3 the
 * placement's (the strongest wins). */
static int shade_of(const bdd_board *b, const bdd_pattern *p, int n, int cell)
{
    if (cell == p->placed_cell)
        return 3;
    if (p->cells && p->cells[cell])
        return 2;
    for (int i = 0; i < p->unit_count; i++)
        if (in_unit(b, n, cell, p->units[i]))
            return 1;
    return 0;
}

/* The shaded cells, a layer for each shade. */
static void put_shading(bdd_out *out, const bdd_board *b, const bdd_pattern *p,
                        const geometry *g)
{
    static const char *const FILLS[4] = {NULL, "#fff3bf", "#d0ebff", "#d3f9d8"};
    for (int shade = 1; shade <= 3; shade++) {
        bool opened = false;
        for (int cell = 0; cell < g->n * g->n; cell++) {
            if (shade_of(b, p, g->n, cell) != shade)
                continue;
            if (!opened) {
                bdd_put(out, "<g fill=\"");
                bdd_put(out, FILLS[shade]);
                bdd_put(out, "\">\n");
                opened = true;
            }
            put_square(out, cell_left(g, cell), cell_top(g, cell), CELL);
        }
        if (opened)
            bdd_put(out, "</g>\n");
    }
}

/* The candidates drawn in a blank cell: its own, and any struck, ringed
 * or placed there. */
static uint64_t shown_cands(const bdd_board *b, const bdd_pattern *p, int cell)
{
    if (b->values[cell])
        return 0;
    uint64_t shown = b->cands ? b->cands[cell] : 0;
    if (p->removed)
        shown |= p->removed[cell];
    if (p->used)
        shown |= p->used[cell];
    if (cell == p->placed_cell && b->cands && (b->cands[cell] >> (p->placed_value - 1) & 1))
        shown |= (uint64_t)1 << (p->placed_value - 1);
    return shown;
}

/* A circle of radius `r` at (x, y). */
static void put_circle(bdd_out *out, long x, long y, long r)
{
    bdd_put(out, "<circle");
    put_attr(out, " cx", x);
    put_attr(out, " cy", y);
    put_attr(out, " r", r);
    bdd_put(out, "/>\n");
}

/* Discs behind the candidates of `masks` (NULL: none) in blank cells,
 * filled with `fill`. */
static void put_discs(bdd_out *out, const bdd_board *b, const uint64_t *masks, const char *fill,
                      const geometry *g)
{
    if (!masks)
        return;
    long r = g->mini * 45 / 100, x, y;
    bool opened = false;
    for (int cell = 0; cell < g->n * g->n; cell++)
        for (int v = 1; v <= g->n; v++) {
            if (b->values[cell] || !(masks[cell] >> (v - 1) & 1))
                continue;
            if (!opened) {
                bdd_put(out, "<g fill=\"");
                bdd_put(out, fill);
                bdd_put(out, "\">\n");
                opened = true;
            }
            cand_centre(g, cell, v, &x, &y);
            put_circle(out, x, y, r);
        }
    if (opened)
        bdd_put(out, "</g>\n");
}

/* Discs behind the struck candidates (pale red) and the pattern's (blue),
 * and a ring around the placed one (green) when it is drawn as a
 * candidate. */
static void put_rings(bdd_out *out, const bdd_board *b, const bdd_pattern *p, const geometry *g)
{
    long r = g->mini * 45 / 100, x, y;
    put_discs(out, b, p->removed, "#ffc9c9", g);
    put_discs(out, b, p->used, "#a5d8ff", g);
    int cell = p->placed_cell;
    if (cell >= 0 && shown_cands(b, p, cell) >> (p->placed_value - 1) & 1) {
        cand_centre(g, cell, p->placed_value, &x, &y);
        bdd_put(out, "<g fill=\"#8ce99a\" stroke=\"#2b8a3e\" stroke-width=\"1\">\n");
        put_circle(out, x, y, r);
        bdd_put(out, "</g>\n");
    }
}

/* "M x y H x2" or "M x y V y2": a line from (x, y). */
static void put_move(bdd_out *out, long x, long y, char dir, long to)
{
    bdd_put(out, "M");
    bdd_put_tenths(out, x);
    bdd_put(out, " ");
    bdd_put_tenths(out, y);
    bdd_put_bytes(out, dir == 'H' ? "H" : "V", 1);
    bdd_put_tenths(out, to);
}

/* The lines inside the grid, thin (`thick` false) or between boxes, as
 * one path. */
static void put_inner_lines(bdd_out *out, const bdd_board *b, const geometry *g, bool thick)
{
    bdd_put(out, thick ? "<path stroke=\"#000\" stroke-width=\"3\" d=\""
                       : "<path stroke=\"#888\" stroke-width=\"1\" d=\"");
    bool first = true;
    for (int i = 1; i < g->n; i++) {
        long at = MARGIN + (long)i * CELL;
        if ((i % b->box_cols == 0) == thick) {      /* between columns i-1 and i */
            bdd_put(out, first ? "" : " ");
            put_move(out, at, MARGIN, 'V', MARGIN + g->grid);
            first = false;
        }
        if ((i % b->box_rows == 0) == thick) {      /* between rows i-1 and i */
            bdd_put(out, first ? "" : " ");
            put_move(out, MARGIN, at, 'H', MARGIN + g->grid);
            first = false;
        }
    }
    bdd_put(out, "\"/>\n");
}

/* Every line of the grid: thin, thick, and the border. */
static void put_lines(bdd_out *out, const bdd_board *b, const geometry *g)
{
    if (g->n > 1) {
        put_inner_lines(out, b, g, false);
        if (b->box_cols < g->n || b->box_rows < g->n)
            put_inner_lines(out, b, g, true);
    }
    bdd_put(out, "<rect fill=\"none\" stroke=\"#000\" stroke-width=\"3\"");
    put_attr(out, " x", MARGIN);
    put_attr(out, " y", MARGIN);
    put_attr(out, " width", g->grid);
    put_attr(out, " height", g->grid);
    bdd_put(out, "/>\n");
}

/* The opening of a group of text centred in the font of `font` tenths. */
static void put_text_group(bdd_out *out, long font)
{
    bdd_put(out, "<g text-anchor=\"middle\" font-family=\"");
    bdd_put(out, FONT);
    bdd_put(out, "\"");
    put_attr(out, " font-size", font);
    bdd_put(out, ">\n");
}

/* A symbol as text centred at (x, y) for a font of `font` tenths. */
static void put_symbol(bdd_out *out, const bdd_board *b, int value, long x, long y, long font)
{
    bdd_put(out, "<text");
    put_attr(out, " x", x);
    put_attr(out, " y", y + font * 35 / 100);
    bdd_put(out, ">");
    bdd_put_text(out, b->symbols[value - 1]);
    bdd_put(out, "</text>\n");
}

/* The value drawn big in `cell` in `layer` (0 givens, 1 solved cells, 2
 * a placement not drawn as a candidate), or 0. */
static int value_in_layer(const bdd_board *b, const bdd_pattern *p, int cell, int layer)
{
    int value = b->values[cell];
    if (layer == 2) {
        bool placed = cell == p->placed_cell && !value;
        return placed && !(shown_cands(b, p, cell) >> (p->placed_value - 1) & 1)
                   ? p->placed_value : 0;
    }
    bool given = b->given && b->given[cell];
    return value && given == (layer == 0) ? value : 0;
}

/* The values: givens in one layer (bold), solved cells in another; a
 * placement that is not drawn as a candidate, big and green. */
static void put_values(bdd_out *out, const bdd_board *b, const bdd_pattern *p,
                       const geometry *g)
{
    static const char *const LAYERS[3] = {
        "<g font-weight=\"bold\" fill=\"#000\">\n", "<g fill=\"#5c5f66\">\n",
        "<g font-weight=\"bold\" fill=\"#2b8a3e\">\n"};
    bool any = false;
    for (int layer = 0; layer < 3; layer++) {
        bool opened = false;
        for (int cell = 0; cell < g->n * g->n; cell++) {
            int value = value_in_layer(b, p, cell, layer);
            if (!value)
                continue;
            if (!any)
                put_text_group(out, g->value_font);
            bdd_put(out, opened ? "" : LAYERS[layer]);
            any = opened = true;
            put_symbol(out, b, value, cell_left(g, cell) + CELL / 2, cell_top(g, cell) + CELL / 2,
                       g->value_font);
        }
        bdd_put(out, opened ? "</g>\n" : "");
    }
    bdd_put(out, any ? "</g>\n" : "");
}

/* Which layer a candidate is drawn in: 0 plain, 1 struck (red), 2 the
 * pattern's (blue), 3 placed (green). */
static int cand_layer(const bdd_pattern *p, int cell, int value)
{
    uint64_t bit = (uint64_t)1 << (value - 1);
    if (p->removed && (p->removed[cell] & bit))
        return 1;
    if (cell == p->placed_cell && value == p->placed_value)
        return 3;
    return p->used && (p->used[cell] & bit) ? 2 : 0;
}

/* True when some blank cell shows a candidate. */
static bool any_cands(const bdd_board *b, const bdd_pattern *p, const geometry *g)
{
    for (int cell = 0; cell < g->n * g->n; cell++)
        if (shown_cands(b, p, cell))
            return true;
    return false;
}

/* The candidates, a layer for each way they are drawn. */
static void put_candidates(bdd_out *out, const bdd_board *b, const bdd_pattern *p,
                           const geometry *g)
{
    static const char *const LAYERS[4] = {
        "<g fill=\"#495057\">\n", "<g fill=\"#e03131\">\n",
        "<g font-weight=\"bold\" fill=\"#1864ab\">\n", "<g font-weight=\"bold\" fill=\"#2b8a3e\">\n"};
    if (!any_cands(b, p, g))
        return;
    put_text_group(out, g->cand_font);
    for (int layer = 0; layer < 4; layer++) {
        bool opened = false;
        for (int cell = 0; cell < g->n * g->n; cell++) {
            uint64_t shown = shown_cands(b, p, cell);
            for (int v = 1; shown && v <= g->n; v++) {
                if (!(shown >> (v - 1) & 1) || cand_layer(p, cell, v) != layer)
                    continue;
                bdd_put(out, opened ? "" : LAYERS[layer]);
                opened = true;
                long x, y;
                cand_centre(g, cell, v, &x, &y);
                put_symbol(out, b, v, x, y, g->cand_font);
            }
        }
        bdd_put(out, opened ? "</g>\n" : "");
    }
    bdd_put(out, "</g>\n");
}

/* A stroke through each struck candidate of a blank cell, bottom left to
 * top right. */
static void put_strikes(bdd_out *out, const bdd_board *b, const bdd_pattern *p,
                        const geometry *g)
{
    if (!p->removed)
        return;
    long half = g->mini * 38 / 100;
    bool first = true;
    for (int cell = 0; cell < g->n * g->n; cell++)
        for (int v = 1; v <= g->n; v++) {
            if (b->values[cell] || !(p->removed[cell] >> (v - 1) & 1))
                continue;
            long x, y;
            cand_centre(g, cell, v, &x, &y);
            bdd_put(out, first ? "<path stroke=\"#c92a2a\" stroke-width=\"1.5\" d=\"" : " ");
            first = false;
            bdd_put(out, "M");
            bdd_put_tenths(out, x - half);
            bdd_put(out, " ");
            bdd_put_tenths(out, y + half);
            bdd_put(out, "L");
            bdd_put_tenths(out, x + half);
            bdd_put(out, " ");
            bdd_put_tenths(out, y - half);
        }
    if (!first)
        bdd_put(out, "\"/>\n");
}

/* A link's ends: the centres of its two candidates; `shown` unless they
 * are one candidate or neighbours in a cell, too close to draw between. */
typedef struct link_ends {
    long x1, y1, x2, y2;
    bool shown;
} link_ends;

/* Whether links a and b lie on one line and share more than a point of
 * it (b's ends on a's line, their spans along it overlapping). */
static bool overlapping(const link_ends *a, const link_ends *b)
{
    int64_t dx = a->x2 - a->x1, dy = a->y2 - a->y1;
    int64_t bx1 = b->x1 - a->x1, by1 = b->y1 - a->y1, bx2 = b->x2 - a->x1, by2 = b->y2 - a->y1;
    int64_t span = dx * dx + dy * dy;
    if (!a->shown || !b->shown || dx * by1 - dy * bx1 != 0 || dx * by2 - dy * bx2 != 0)
        return false;
    int64_t t1 = dx * bx1 + dy * by1, t2 = dx * bx2 + dy * by2;
    int64_t lo = t1 < t2 ? t1 : t2, hi = t1 < t2 ? t2 : t1;
    return (hi < span ? hi : span) > (lo > 0 ? lo : 0);
}

/* The bow of each link into slots[0..count-1]: -1 for a link that shares
 * no stretch of its line with another (drawn straight), else the first
 * slot 0, 1, 2 ... that no earlier link sharing a stretch with it holds. */
static void bow_slots(const link_ends *ends, int count, int *slots)
{
    bool taken[BDD_MAX_LINKS + 1];
    for (int i = 0; i < count; i++) {
        bool crowded = false;
        memset(taken, 0, sizeof taken);
        for (int j = 0; j < count; j++)
            if (j != i && overlapping(&ends[i], &ends[j])) {
                crowded = true;
                if (j < i)
                    taken[slots[j]] = true;
            }
        int slot = 0;
        while (taken[slot])
            slot++;
        slots[i] = crowded ? slot : -1;
    }
}

/* The point `r` from (x, y) towards (tx, ty): the step rounded to
 * tenths, half away from zero. */
static void toward(long x, long y, long tx, long ty, double r, long *px, long *py)
{
    double dx = (double)(tx - x), dy = (double)(ty - y), length = sqrt(dx * dx + dy * dy);
    *px = x + lround(dx * r / length);
    *py = y + lround(dy * r / length);
}

/* Appends " x y" in tenths (no space before the first of a command). */
static void put_point(bdd_out *out, long x, long y)
{
    bdd_put_tenths(out, x);
    bdd_put(out, " ");
    bdd_put_tenths(out, y);
}

/* How many bows of BOW fit on the outer side of the link's line (the side
 * away from the board's middle) with half a bow to spare before the grid's
 * edge, for a link along a row or column whose outer side is `out_y` (a
 * row: -1 up, 1 down) or `out_x` (a column); any number for a slanted
 * link, whose crowds lie inside boxes. */
static int outer_bows(const link_ends *e, int out_x, int out_y, const geometry *g)
{
    long unit = g->mini * BOW / 10, room;
    if (e->y1 == e->y2)
        room = out_y < 0 ? e->y1 - MARGIN : MARGIN + g->grid - e->y1;
    else if (e->x1 == e->x2)
        room = out_x < 0 ? e->x1 - MARGIN : MARGIN + g->grid - e->x1;
    else
        return BDD_MAX_LINKS;
    return room < unit / 2 ? 0 : (int)((room - unit / 2) / unit);
}

/* One link between the two candidates' centres, stopped short of their
 * rings: a line, or for `slot` >= 0 a quadratic curve bowed off the line
 * at its middle by BOW times a level, towards the board's middle for
 * even slots and away from it for odd ones (the same sides whichever way
 * the link runs), level slot / 2 + 1; except that where the outer side
 * has room for only k bows (outer_bows), slots from 2k on all bow
 * inwards, at levels k + 1, k + 2 ..., so that no crowd leaves the grid
 * and no two of its links meet. */
static void put_link(bdd_out *out, const bdd_link *link, const link_ends *e, int slot,
                     const geometry *g)
{
    if (!e->shown)
        return;
    double dx = (double)(e->x2 - e->x1), dy = (double)(e->y2 - e->y1);
    double length = sqrt(dx * dx + dy * dy), r = (double)g->mini * 0.5;
    bdd_put(out, link->strong ? "<path d=\"M" : "<path stroke-dasharray=\"4 3\" d=\"M");
    long ax, ay, bx, by;
    if (slot < 0) {
        long ox = lround(dx * r / length), oy = lround(dy * r / length);
        ax = e->x1 + ox;
        ay = e->y1 + oy;
        bx = e->x2 - ox;
        by = e->y2 - oy;
        put_point(out, ax, ay);
        bdd_put(out, "L");
        put_point(out, bx, by);
        bdd_put(out, "\"/>\n");
        return;
    }
    /* even slots bow towards the board's middle (a link through it: to
     * the left of its run left to right, or down a column) */
    double sign = dx > 0 || (dx == 0 && dy > 0) ? 1.0 : -1.0;
    double middle = (double)(MARGIN + g->grid / 2);
    double mx = (double)(e->x1 + e->x2) / 2, my = (double)(e->y1 + e->y2) / 2;
    if (sign * (dy * (middle - mx) - dx * (middle - my)) < 0)
        sign = -sign;
    /* inwards is (sign dy, -sign dx) */
    int outer = outer_bows(e, sign * dy > 0 ? -1 : 1, sign * dx < 0 ? -1 : 1, g);
    int level = slot < 2 * outer ? slot / 2 + 1 : slot - outer + 1;
    bool outward = slot < 2 * outer && slot % 2;
    double depth = (double)(g->mini * BOW / 10) * level * (outward ? -1.0 : 1.0);
    /* the control point, twice the bow off the middle: a quadratic
     * curve's middle lies halfway between it and the chord */
    long cx = lround(mx + 2 * depth * sign * dy / length);
    long cy = lround(my - 2 * depth * sign * dx / length);
    toward(e->x1, e->y1, cx, cy, r, &ax, &ay);
    toward(e->x2, e->y2, cx, cy, r, &bx, &by);
    put_point(out, ax, ay);
    bdd_put(out, "Q");
    put_point(out, cx, cy);
    bdd_put(out, " ");
    put_point(out, bx, by);
    bdd_put(out, "\"/>\n");
}

/* A chain's links, in order. */
static void put_links(bdd_out *out, const bdd_pattern *p, const geometry *g)
{
    if (p->link_count == 0)
        return;
    link_ends ends[BDD_MAX_LINKS];
    int slots[BDD_MAX_LINKS];
    for (int i = 0; i < p->link_count; i++) {
        const bdd_link *l = &p->links[i];
        cand_centre(g, l->from_cell, l->from_value, &ends[i].x1, &ends[i].y1);
        cand_centre(g, l->to_cell, l->to_value, &ends[i].x2, &ends[i].y2);
        int64_t dx = ends[i].x2 - ends[i].x1, dy = ends[i].y2 - ends[i].y1;
        ends[i].shown = dx * dx + dy * dy > (int64_t)g->mini * g->mini;
    }
    bow_slots(ends, p->link_count, slots);
    bdd_put(out, "<g fill=\"none\" stroke=\"#1c7ed6\" stroke-width=\"2\" "
                 "stroke-linecap=\"round\">\n");
    for (int i = 0; i < p->link_count; i++)
        put_link(out, &p->links[i], &ends[i], slots[i], g);
    bdd_put(out, "</g>\n");
}

/* The caption under the grid, a <text> a line. */
static void put_caption(bdd_out *out, const char *caption, const geometry *g)
{
    if (!g->caption_lines)
        return;
    bdd_put(out, "<g font-family=\"monospace\"");
    put_attr(out, " font-size", CAPTION_FONT);
    bdd_put(out, " fill=\"#000\">\n");
    size_t len = strlen(caption), at = 0;
    long baseline = g->width + CAPTION_GAP + CAPTION_FONT * 8 / 10;
    while (at < len) {
        size_t line, skip;
        next_line(caption + at, len - at, g->caption_width, &line, &skip);
        bdd_put(out, "<text");
        put_attr(out, " x", MARGIN);
        put_attr(out, " y", baseline);
        bdd_put(out, ">");
        bdd_put_text_n(out, caption + at, line);
        bdd_put(out, "</text>\n");
        at += line + skip;
        baseline += CAPTION_LINE;
    }
    bdd_put(out, "</g>\n");
}

bd_status bdd_svg(const bdd_board *board, const bdd_pattern *pattern,
                  const bd_picture_options *options, bd_write_fn write, void *context)
{
    bdd_pattern none = bdd_no_pattern();
    const bdd_pattern *p = pattern ? pattern : &none;
    geometry g = measure(board, options);
    bdd_out out;
    bdd_out_init(&out, write, context);
    put_open(&out, &g, options);
    put_shading(&out, board, p, &g);
    put_rings(&out, board, p, &g);
    put_lines(&out, board, &g);
    put_values(&out, board, p, &g);
    put_candidates(&out, board, p, &g);
    put_strikes(&out, board, p, &g);
    put_links(&out, p, &g);
    put_caption(&out, options && options->caption ? options->caption : "", &g);
    bdd_put(&out, "</svg>\n");
    return bdd_flush(&out);
}
