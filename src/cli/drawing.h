/*
 * drawing.h - the pictures of --format svg and html: the runs that draw
 * (draw_run.c: the records of every input for solve and explain, the
 * puzzles of generate) and the document they go into (draw_doc.c: SVG
 * documents one after another, or one printable HTML page with its
 * answer pages).
 */
#ifndef BITDOKU_CLI_DRAWING_H
#define BITDOKU_CLI_DRAWING_H

#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

#include <stdbool.h>
#include <stdio.h>

struct session;

/* draw_run.c --------------------------------------------------------- */

/* solve or explain with --format svg or html: answers every record of
 * every input, in order, on this thread, and draws it; false when output
 * failed. */
bool run_pictures(struct session *ses);

/* generate with --format svg or html: makes the puzzles in order on this
 * thread (s->seed and s->gave_up already set) and draws them; false when
 * output failed. */
bool draw_generate(struct session *ses);

/* draw_doc.c --------------------------------------------------------- */

/* What a puzzle's picture says besides its grid. */
typedef struct puzzle_picture {
    unsigned long number;       /* its number in the run, 1 on */
    const bd_grid *puzzle;      /* NULL: a malformed record */
    const bd_marks *marks;      /* a puzzle of pencil marks: its marks, drawn
                                   in its blank cells; else NULL */
    const bd_grid *solution;    /* NULL: none to show */
    const char *words;          /* in place of a solution ("no solution",
                                   "cut-short", "error"), or NULL */
    const char *note;           /* after the number ("seed 1, easy"), or NULL */
} puzzle_picture;

/* The document the pictures of a run go into. */
typedef struct document {
    const settings *s;
    FILE *out;                  /* what is not an answer (the page's head, the
                                   answer pages, its end) is written here */
    unsigned long placed;       /* puzzles placed on the puzzle pages */
    int pages;                  /* pages begun */
    bool page_open;
    FILE *stash;                /* --answers end: the solutions, kept for
                                   the answer pages */
    unsigned long stashed;
    bool stash_failed;
    unsigned long path_number;  /* explain: the puzzle whose path is drawn */
    bool any_path;              /* explain: a path has been begun */
} document;

/* Starts the document: for html the page's head and style. With answers
 * at the end, opens a temporary file to keep them in; false (reported on
 * `err`) when it cannot. */
bool doc_open(document *d, const settings *s, FILE *out, FILE *err);

/* Appends to `a` what a puzzle adds to the document: svg, a document of
 * the solution (generate: of the puzzle, and of its solution with
 * --solution); html, its figure on the pages (and its solution beside
 * it, or kept for the answer pages). */
void doc_puzzle(document *d, const puzzle_picture *p, answer *a);

/* explain: the start of a puzzle's path (html: its heading). */
void doc_path_begin(document *d, unsigned long number, answer *a);

/* explain: step number `index` (1 on) of a path, drawn on the grid as it
 * stood before it (`before`, and `marks`: its candidates, NULL before the
 * first step), with `words` under it: the step's text (a hint's with the
 * eliminations before it). */
void doc_step(document *d, const bd_grid *puzzle, const bd_grid *before, const bd_marks *marks,
              const bd_step *step, const char *words, int index, answer *a);

/* explain: the end of a path: the grid (the solution, or the puzzle when
 * it was not solved: NULL, with its pencil marks if it has some) and the
 * words under it: the rating, or why there is no path ("multiple
 * solutions"). */
void doc_path_end(document *d, const bd_grid *puzzle, const bd_grid *grid,
                  const bd_marks *marks, const char *words, answer *a);

/* Ends the document: for html the last page, the answer pages and the
 * page's end. False when the kept answers could not be read back
 * (reported on `err`). */
bool doc_close(document *d, FILE *err);

#endif
