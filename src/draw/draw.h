/*
 * draw.h - what the picture family offers the files above it: a board of
 * any size as the drawing sees it (bdd_board: N x N cells in boxes of R
 * rows x C columns, the text of each symbol, the values, givens and
 * candidates), what a step marks on it (bdd_pattern: struck candidates,
 * the pattern's candidates, cells and units, the placement, a chain's
 * links), the SVG writer of such a board (svg.c), and the text writer
 * beneath it (text.c): bytes gathered into a buffer and handed to the
 * caller's bd_write_fn, XML text escaped, numbers written in tenths.
 *
 * Everything here is sized by N, R and C, never by 9: the 9x9 functions of
 * bitdoku.h (picture.c) fill a board of N = 9 with the symbols 1..9, and
 * a board of another size is drawn by the same code. N is at most
 * BDD_MAX_SIZE, so that a cell's candidates fit one 64-bit mask (bit v-1
 * for value v).
 */
#ifndef BITDOKU_DRAW_H
#define BITDOKU_DRAW_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { BDD_MAX_SIZE = 64, BDD_MAX_LINKS = BD_STEP_LINKS };

/* A board as it is drawn. Arrays hold N*N cells in row-major order. */
typedef struct bdd_board {
    int box_rows, box_cols;         /* R and C: a box is R rows of C cells;
                                       the board is N = R*C cells a side */
    const char *const *symbols;     /* symbols[v - 1]: the text of value v
                                       (UTF-8; escaped when written) */
    const uint8_t *values;          /* 0 for a blank, else 1..N */
    const uint8_t *given;           /* NULL, or nonzero where the value is
                                       a given (drawn bold; the other values
                                       are drawn lighter, as solved) */
    const uint64_t *cands;          /* NULL, or the candidates drawn small
                                       in each blank cell (bit v-1) */
} bdd_board;

/* A unit of the board: row, column or box `index` (0..N-1; boxes left to
 * right, top to bottom). */
typedef struct bdd_unit {
    bd_unit kind;
    int index;
} bdd_unit;

/* A link of a chain between two candidates (value `from_value` of cell
 * `from_cell` and the same of `to`): strong (one of the two is true) or
 * weak (not both are). */
typedef struct bdd_link {
    int from_cell, from_value;
    int to_cell, to_value;
    bool strong;
} bdd_link;

/* What a step marks on a board. Every pointer may be NULL: nothing of
 * that kind. Arrays of masks hold N*N cells, bit v-1 for value v. */
typedef struct bdd_pattern {
    const uint64_t *removed;        /* candidates the step removes: struck */
    const uint64_t *used;           /* the pattern's own candidates: ringed */
    const uint8_t *cells;           /* nonzero: a cell of the pattern: shaded */
    const bdd_unit *units;          /* units the pattern rests on: shaded */
    int unit_count;
    int placed_cell;                /* the cell the step fills, or -1 */
    int placed_value;               /* and its value */
    const bdd_link *links;          /* a chain's links, in order */
    int link_count;                 /* at most BDD_MAX_LINKS */
} bdd_pattern;

/* The empty pattern: nothing marked, no placement. */
bdd_pattern bdd_no_pattern(void);

/* Checks a board: 1 <= R, C and N <= BDD_MAX_SIZE, the symbols and values
 * present, every value 0..N, every candidate mask within N bits; and a
 * pattern (may be NULL) against it: units, placement and links on the
 * board, at most BDD_MAX_LINKS links. BD_OK or BD_EINVAL. */
bd_status bdd_check(const bdd_board *board, const bdd_pattern *pattern);

/* Draws `board` with what `pattern` marks (NULL: nothing) as SVG, as
 * `options` says (NULL: an element to embed, no caption), through
 * `write`. The board and pattern must pass bdd_check. Returns BD_OK, or
 * BD_EIO when `write` returned false. */
bd_status bdd_svg(const bdd_board *board, const bdd_pattern *pattern,
                  const bd_picture_options *options, bd_write_fn write, void *context);

/* ------------------------------------------------------------------ */
/* text.c: the text writer                                             */
/* ------------------------------------------------------------------ */

enum { BDD_OUT_BUFFER = 4096 };

/* Text on its way to a bd_write_fn: gathered in a buffer, handed over
 * when it fills and at bdd_flush. After `write` has failed once, nothing
 * more is handed over. */
typedef struct bdd_out {
    bd_write_fn write;
    void *context;
    bool failed;
    size_t len;
    char buf[BDD_OUT_BUFFER];
} bdd_out;

/* Starts writing to `write`. */
void bdd_out_init(bdd_out *out, bd_write_fn write, void *context);

/* Appends `len` bytes, or a NUL-terminated string, as they are (markup). */
void bdd_put_bytes(bdd_out *out, const char *bytes, size_t len);
void bdd_put(bdd_out *out, const char *text);

/* Appends text as XML character data or an attribute value: & < > " '
 * as entities; every byte sequence that is not well-formed UTF-8, and
 * every character that XML 1.0 does not allow (controls other than tab,
 * line feed and carriage return; U+FFFE and U+FFFF), as U+FFFD. */
void bdd_put_text(bdd_out *out, const char *text);

/* The same for the first `len` bytes of `text`. */
void bdd_put_text_n(bdd_out *out, const char *text, size_t len);

/* Appends a number given in tenths: 125 as "12.5", 120 as "12", -5 as
 * "-0.5". Locale-independent. */
void bdd_put_tenths(bdd_out *out, long tenths);

/* Appends a whole number. */
void bdd_put_int(bdd_out *out, long value);

/* Hands over what is gathered; BD_OK, or BD_EIO once `write` has failed. */
bd_status bdd_flush(bdd_out *out);

/* How many bytes of `text` (`len` of them) make up its first UTF-8
 * character when it is well-formed and allowed in XML 1.0 (1 to 4), or 0
 * when it is not. */
size_t bdd_xml_char(const unsigned char *text, size_t len);

#endif
