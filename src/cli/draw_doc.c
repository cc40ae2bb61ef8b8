/*
 * draw_doc.c - the document that a run's pictures go into: for --format
 * svg, SVG documents one after another (each with its XML declaration,
 * so that the stream splits at `<?xml`); for --format html, one printable
 * HTML page for the whole run.
 *
 * The page is polyglot: well-formed XML and parseable HTML, UTF-8, every
 * picture an inline <svg> drawn by the library (bd_svg_grid,
 * bd_svg_step), every text escaped (bd_write_xml_text). Its style sheet
 * sets the paper (@page size and margins) and is written for the run's
 * paper and layout, lengths in millimetres; there is no script, no link
 * to anything, no font but the reader's own, so it prints the same from
 * any browser, offline.
 *
 * A booklet (solve, generate) is a run of sheets, each exactly one page:
 * a block of the paper's printable height less a little, broken after,
 * holding a head line (title, page number) and a grid of per-page
 * figures (1 x 1, 1 x 2, 2 x 2 or 2 x 3), each a puzzle and its number
 * (generate: its seed and level). Its solutions go beside each puzzle,
 * or on answer sheets of 3 x 4 at the end, or nowhere. Answers at the end
 * are kept as they come in a temporary file (tmpfile: fixed records of
 * the number, the puzzle, the solution and the words for none, 200 bytes
 * a puzzle on x86-64) and read back at the end, so that memory stays flat
 * however many puzzles the booklet holds: solving twice would need the
 * input twice, which a pipe cannot give, and would double the cost of
 * generate.
 *
 * explain draws a path: a section a puzzle (each from a new page), its
 * steps as figures two abreast, each the grid as it stood before the step
 * with the step's text under it, then the solution and the rating. The
 * figures flow; a row of them is never cut by a page.
 *
 * Everything of a puzzle is appended to its answer (answer.c), which
 * output.c writes in order; the page's head, the answer sheets and its
 * end are written to the output stream directly, before the first answer
 * and after the last.
 */
#include "drawing.h"
#include "answer.h"
#include "bitdoku.h"
#include "printf_like.h"
#include "settings.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

enum { ANSWER_COLS = 3, ANSWER_ROWS = 4 };

/* Where text goes: an answer's text, or the output stream. */
typedef struct sink {
    bd_write_fn write;
    void *context;
} sink;

/* A bd_write_fn into an answer's text. */
static bool to_answer(void *context, const char *text, size_t len)
{
    answer *a = context;
    answer_put_bytes(a, text, len);
    return !a->out_of_memory;
}

/* A bd_write_fn into a stream. */
static bool to_file(void *context, const char *text, size_t len)
{
    return fwrite(text, 1, len, context) == len;
}

/* Writes `text` as it is. */
static void put(const sink *k, const char *text)
{
    k->write(k->context, text, strlen(text));
}

/* Writes printf's text, cut at 511 bytes. */
CLI_PRINTF_LIKE(2, 3)
static void putf(const sink *k, const char *fmt, ...)
{
    char text[512];
    va_list args;
    va_start(args, fmt);
    int len = vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    if (len > 0)
        k->write(k->context, text, (size_t)len < sizeof text ? (size_t)len : sizeof text - 1);
}

/* Writes `text` as XML character data (markup characters escaped). */
static void put_escaped(const sink *k, const char *text)
{
    bd_write_xml_text(text, strlen(text), k->write, k->context);
}

/* A length in tenths of a millimetre, written as "12.5mm" or "12mm"
 * between `before` and `after`. */
static void put_mm(const sink *k, const char *before, long tenths, const char *after)
{
    if (tenths % 10)
        putf(k, "%s%ld.%ldmm%s", before, tenths / 10, tenths % 10, after);
    else
        putf(k, "%s%ldmm%s", before, tenths / 10, after);
}

/* ------------------------------------------------------------------ */
/* The layout of a page                                                */
/* ------------------------------------------------------------------ */

enum {
    MARGIN = 120,           /* of the paper, in tenths of a millimetre */
    SAFETY = 20,            /* a sheet is this much shorter than the page */
    HEAD = 120,             /* the head line and the space under it */
    GAP = 60,               /* between figures */
    CAPTION = 70,           /* a caption line and the space above it */
    PATH_FIGURE = 900,      /* explain: a figure's width; its grid: */
    PATH_GRID = 840,
};

/* A page's printable area, in tenths of a millimetre. */
static void paper_area(const settings *s, long *width, long *height)
{
    bool letter = s->pic.paper == PAPER_LETTER;
    *width = (letter ? 2159 : 2100) - 2 * MARGIN;
    *height = (letter ? 2794 : 2970) - 2 * MARGIN;
}

/* The grid of figures on a sheet and their measures. */
typedef struct layout {
    int cols, rows;
    long cell_width, cell_height;
    long side;              /* a puzzle's grid */
    long answer_side;       /* a solution's grid beside it, or 0 */
} layout;

/* The layout of the puzzle sheets (answers: of the answer sheets). */
static layout layout_of(const settings *s, bool answers)
{
    static const int COLS[7] = {0, 1, 1, 0, 2, 0, 2}, ROWS[7] = {0, 1, 2, 0, 2, 0, 3};
    int per_page = s->pic.per_page ? s->pic.per_page : 4;
    layout l = {.cols = answers ? ANSWER_COLS : COLS[per_page],
                .rows = answers ? ANSWER_ROWS : ROWS[per_page]};
    long width, height;
    paper_area(s, &width, &height);
    long sheet = height - SAFETY - HEAD;
    l.cell_width = (width - (l.cols - 1) * GAP) / l.cols;
    l.cell_height = (sheet - (l.rows - 1) * GAP) / l.rows;
    long room = l.cell_height - CAPTION;
    if (!answers && s->pic.answers == ANSWERS_BESIDE) {
        long fit = (l.cell_width - GAP / 2) * 100 / 145;   /* side + gap + 0.45 side */
        l.side = fit < room ? fit : room;
        l.answer_side = l.side * 45 / 100;
    } else {
        l.side = l.cell_width < room ? l.cell_width : room;
    }
    return l;
}

/* The style rules of a booklet's sheets. */
static void put_booklet_style(const sink *k, const settings *s)
{
    long width, height;
    paper_area(s, &width, &height);
    put_mm(k, ".sheet { width: ", width, "; ");
    put_mm(k, "height: ", height - SAFETY, "; overflow: hidden; ");
    put(k, "page-break-after: always; break-after: page; }\n"
           ".sheet:last-child { page-break-after: auto; break-after: auto; }\n");
    put_mm(k, ".head { height: ", HEAD - 40, "; ");
    put(k, "margin-bottom: 4mm; border-bottom: 0.3mm solid #000; font-size: 11pt; "
           "display: flex; justify-content: space-between; align-items: flex-end; }\n");
    for (int answers = 0; answers < 2; answers++) {
        layout l = layout_of(s, answers);
        const char *which = answers ? ".answers" : ".puzzles";
        putf(k, "%s .figs { display: grid; grid-template-columns: repeat(%d, ", which, l.cols);
        put_mm(k, "", l.cell_width, "); ");
        putf(k, "grid-template-rows: repeat(%d, ", l.rows);
        put_mm(k, "", l.cell_height, "); ");
        put_mm(k, "gap: ", GAP, "; }\n");
        putf(k, "%s .fig svg { ", which);
        put_mm(k, "width: ", l.side, "; ");
        put_mm(k, "height: ", l.side, "; }\n");
        if (l.answer_side) {
            putf(k, "%s .fig .solution svg { ", which);
            put_mm(k, "width: ", l.answer_side, "; ");
            put_mm(k, "height: ", l.answer_side, "; }\n");
        }
    }
    put(k, ".fig { display: flex; flex-direction: column; align-items: center; "
           "justify-content: center; }\n"
           ".pair { display: flex; align-items: flex-end; gap: 3mm; }\n");
}

/* The style rules of explain's paths: figures two abreast, a puzzle's
 * path from a new page (hints flow on). */
static void put_path_style(const sink *k, const settings *s)
{
    if (!s->hint)
        put(k, ".path + .path { page-break-before: always; break-before: page; }\n");
    put(k, "h2 { font-size: 14pt; margin: 0 0 4mm; }\n");
    put_mm(k, ".fig { display: inline-block; vertical-align: top; width: ", PATH_FIGURE,
           "; margin: 0 0 5mm; page-break-inside: avoid; break-inside: avoid; }\n");
    put_mm(k, ".fig svg { width: ", PATH_GRID, "; ");
    put_mm(k, "height: ", PATH_GRID, "; }\n");
    put(k, ".fig .cap { text-align: left; font-size: 9.5pt; }\n");
}

/* The page's title. */
static const char *title_of_page(const settings *s)
{
    return s->pic.title ? s->pic.title : s->cmd == CMD_EXPLAIN ? "Sudoku, step by step" : "Sudoku";
}

/* The page's head: its title and style, for the run's paper. */
static void put_head(const sink *k, const settings *s)
{
    long width, height;
    paper_area(s, &width, &height);
    put(k, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
           "<head>\n<meta charset=\"utf-8\"/>\n<title>");
    put_escaped(k, title_of_page(s));
    put(k, "</title>\n<style>\n");
    put_mm(k, "@page { size: ", width + 2 * MARGIN, " ");
    put_mm(k, "", height + 2 * MARGIN, "; ");
    put_mm(k, "margin: ", MARGIN, "; }\n");
    put(k, "html, body { margin: 0; padding: 0; background: #fff; color: #000; }\n"
           "body { font-family: Helvetica, Arial, sans-serif; }\n"
           "svg { display: block; }\n"
           ".cap { margin: 1mm 0 0; font-size: 10pt; text-align: center; }\n");
    if (s->cmd == CMD_EXPLAIN)
        put_path_style(k, s);
    else
        put_booklet_style(k, s);
    put_mm(k, "@media screen {\n  body { background: #dee2e6; padding: 6mm 0; }\n"
              "  .sheet, .path { background: #fff; margin: 0 auto 6mm; padding: ", MARGIN,
           "; }\n");
    put_mm(k, "  .path { width: ", width, "; }\n}\n");
    put(k, "</style>\n</head>\n<body>\n");
}

/* ------------------------------------------------------------------ */
/* Grids and figures                                                   */
/* ------------------------------------------------------------------ */

static const bd_grid EMPTY_GRID;

/* A grid drawn as an element of the page, or as a document of its own
 * (svg); `puzzle` NULL: an empty grid; the candidates of its blank cells
 * from `marks` (a puzzle of pencil marks), else with `candidates` those
 * its digits leave. */
static void put_grid(const sink *k, const settings *s, const bd_grid *puzzle,
                     const bd_grid *grid, const bd_marks *marks, bool candidates,
                     const char *title, const char *caption)
{
    bd_picture_options look = {.standalone = s->pic.kind == PICTURE_SVG, .marks = marks,
                               .candidates = candidates, .title = title, .caption = caption};
    bd_svg_grid(puzzle ? puzzle : &EMPTY_GRID, grid, &look, k->write, k->context);
}

/* A caption: the number in bold, then `note` and `words` (either may be
 * NULL), set apart by middle dots. */
static void put_caption(const sink *k, unsigned long number, const char *note, const char *words)
{
    putf(k, "<p class=\"cap\"><b>%lu</b>", number);
    for (int i = 0; i < 2; i++) {
        const char *text = i == 0 ? note : words;
        if (text) {
            put(k, " \xC2\xB7 ");      /* U+00B7 MIDDLE DOT */
            put_escaped(k, text);
        }
    }
    put(k, "</p>\n");
}

/* The title of a grid: "Puzzle 7" or "Puzzle 7: solution". */
static void title_of(char *title, size_t size, unsigned long number, const char *what)
{
    snprintf(title, size, "Puzzle %lu%s%s", number, what ? ": " : "", what ? what : "");
}

/* ------------------------------------------------------------------ */
/* Booklets: sheets of puzzles, and their answers                      */
/* ------------------------------------------------------------------ */

/* Opens a sheet of puzzles or of answers, with its head line. */
static void open_sheet(document *d, const sink *k, bool answers)
{
    d->pages++;
    putf(k, "<div class=\"sheet %s\">\n<div class=\"head\"><span>",
         answers ? "answers" : "puzzles");
    put_escaped(k, title_of_page(d->s));
    putf(k, "</span><span>%spage %d</span></div>\n<div class=\"figs\">\n",
         answers ? "answers, " : "", d->pages);
    d->page_open = true;
}

/* Closes the sheet that is open, if one is. */
static void close_sheet(document *d, const sink *k)
{
    if (d->page_open)
        put(k, "</div>\n</div>\n");
    d->page_open = false;
}

/* A puzzle's answer, kept for the answer sheets: fixed records in the
 * temporary file. */
typedef struct kept {
    unsigned long number;
    bool has_puzzle, has_solution;
    bd_grid puzzle, solution;
    char words[24];
} kept;

/* Keeps the answer of `p` for the answer sheets. */
static void keep(document *d, const puzzle_picture *p)
{
    kept entry;
    memset(&entry, 0, sizeof entry);    /* padding too: it is written out */
    entry.number = p->number;
    entry.has_puzzle = p->puzzle != NULL;
    entry.has_solution = p->solution != NULL;
    if (p->puzzle)
        entry.puzzle = *p->puzzle;
    if (p->solution)
        entry.solution = *p->solution;
    if (p->words)
        snprintf(entry.words, sizeof entry.words, "%s", p->words);
    if (fwrite(&entry, sizeof entry, 1, d->stash) != 1)
        d->stash_failed = true;
    d->stashed++;
}

/* A puzzle's figure on the puzzle sheets, its solution beside it when
 * asked (and there is one). */
static void booklet_puzzle(document *d, const puzzle_picture *p, answer *a)
{
    const settings *s = d->s;
    sink k = {to_answer, a};
    int per_page = s->pic.per_page ? s->pic.per_page : 4;
    if (d->placed % (unsigned long)per_page == 0) {
        close_sheet(d, &k);
        open_sheet(d, &k, false);
    }
    d->placed++;
    bool beside = s->pic.answers == ANSWERS_BESIDE && p->solution;
    char title[64];
    title_of(title, sizeof title, p->number, NULL);
    put(&k, beside ? "<div class=\"fig\"><div class=\"pair\">\n" : "<div class=\"fig\">\n");
    put_grid(&k, s, p->puzzle, NULL, p->marks, s->pic.candidates, title, NULL);
    if (beside) {
        title_of(title, sizeof title, p->number, "solution");
        put(&k, "<div class=\"solution\">\n");
        put_grid(&k, s, p->puzzle, p->solution, NULL, false, title, NULL);
        put(&k, "</div></div>\n");
    }
    bool words = s->pic.answers == ANSWERS_BESIDE || !p->puzzle;
    put_caption(&k, p->number, p->note, words ? p->words : NULL);
    put(&k, "</div>\n");
    if (s->pic.answers == ANSWERS_END)
        keep(d, p);
}

/* The answer sheets: the kept answers read back, 3 x 4 a sheet. False
 * (reported) when they cannot all be read. */
static bool put_answer_sheets(document *d, const sink *k, FILE *err)
{
    kept entry;
    char title[64];
    if (d->stash_failed || fflush(d->stash) != 0 || fseek(d->stash, 0, SEEK_SET) != 0) {
        fprintf(err, "bitdoku: the answers kept for the answer pages could not be written\n");
        return false;
    }
    for (unsigned long i = 0; i < d->stashed; i++) {
        if (fread(&entry, sizeof entry, 1, d->stash) != 1) {
            fprintf(err, "bitdoku: the answers kept for the answer pages could not be read back\n");
            return false;
        }
        if (i % (ANSWER_COLS * ANSWER_ROWS) == 0) {
            close_sheet(d, k);
            open_sheet(d, k, true);
        }
        title_of(title, sizeof title, entry.number, "solution");
        put(k, "<div class=\"fig\">\n");
        put_grid(k, d->s, entry.has_puzzle ? &entry.puzzle : NULL,
                 entry.has_solution ? &entry.solution : NULL, NULL, false, title, NULL);
        put_caption(k, entry.number, NULL, entry.words[0] ? entry.words : NULL);
        put(k, "</div>\n");
    }
    close_sheet(d, k);
    return true;
}

/* svg: a puzzle's documents: solve's solution (or the puzzle, with the
 * words why there is none); generate's puzzle, then with --solution its
 * solution. */
static void svg_puzzle(const settings *s, const puzzle_picture *p, answer *a)
{
    sink k = {to_answer, a};
    char title[64];
    if (s->cmd == CMD_GENERATE) {
        char about[48];
        snprintf(about, sizeof about, "%s", p->note ? p->note : "");
        title_of(title, sizeof title, p->number, p->note ? about : NULL);
        put_grid(&k, s, p->puzzle, NULL, p->marks, s->pic.candidates, title, NULL);
        if (s->with_solution && p->solution) {
            title_of(title, sizeof title, p->number, "solution");
            put_grid(&k, s, p->puzzle, p->solution, NULL, false, title, NULL);
        }
        return;
    }
    title_of(title, sizeof title, p->number, p->solution ? "solution" : NULL);
    put_grid(&k, s, p->puzzle, p->solution, p->solution ? NULL : p->marks,
             s->pic.candidates && !p->solution, title, p->solution ? NULL : p->words);
}

void doc_puzzle(document *d, const puzzle_picture *p, answer *a)
{
    if (d->s->pic.kind == PICTURE_SVG)
        svg_puzzle(d->s, p, a);
    else
        booklet_puzzle(d, p, a);
}

/* ------------------------------------------------------------------ */
/* explain: paths                                                      */
/* ------------------------------------------------------------------ */

void doc_path_begin(document *d, unsigned long number, answer *a)
{
    sink k = {to_answer, a};
    d->path_number = number;
    if (d->s->pic.kind != PICTURE_HTML)
        return;
    if (!d->s->hint)
        putf(&k, "<div class=\"path\">\n<h2>Puzzle %lu</h2>\n", number);
    else if (!d->any_path)
        put(&k, "<div class=\"path\">\n");      /* hints: one run of figures */
    d->any_path = true;
}

/* The label of a figure of a path: the step's number, or for a hint the
 * puzzle's. */
static void put_label(const document *d, const sink *k, int index)
{
    if (d->s->hint)
        putf(k, "<p class=\"cap\"><b>%lu</b> ", d->path_number);
    else if (index > 0)
        putf(k, "<p class=\"cap\"><b>%d.</b> ", index);
    else
        put(k, "<p class=\"cap\">");
}

void doc_step(document *d, const bd_grid *puzzle, const bd_grid *before, const bd_marks *marks,
              const bd_step *step, const char *words, int index, answer *a)
{
    sink k = {to_answer, a};
    bool html = d->s->pic.kind == PICTURE_HTML;
    char title[64];
    if (d->s->hint)
        title_of(title, sizeof title, d->path_number, "hint");
    else
        snprintf(title, sizeof title, "Puzzle %lu, step %d", d->path_number, index);
    bd_picture_options look = {.standalone = !html, .title = title,
                               .caption = html ? NULL : words};
    if (html)
        put(&k, "<div class=\"fig\">\n");
    bd_svg_step(puzzle, before, marks, step, &look, k.write, k.context);
    if (!html)
        return;
    put_label(d, &k, index);
    put_escaped(&k, words);
    put(&k, "</p></div>\n");
}

void doc_path_end(document *d, const bd_grid *puzzle, const bd_grid *grid,
                  const bd_marks *marks, const char *words, answer *a)
{
    sink k = {to_answer, a};
    bool html = d->s->pic.kind == PICTURE_HTML;
    char title[64];
    title_of(title, sizeof title, d->path_number, NULL);
    if (!html) {
        put_grid(&k, d->s, puzzle, grid, marks, false, title, words);
        return;
    }
    put(&k, "<div class=\"fig\">\n");
    put_grid(&k, d->s, puzzle, grid, marks, false, title, NULL);
    put_label(d, &k, 0);
    put_escaped(&k, words);
    put(&k, d->s->hint ? "</p></div>\n" : "</p></div>\n</div>\n");
}

/* ------------------------------------------------------------------ */
/* The document                                                        */
/* ------------------------------------------------------------------ */

bool doc_open(document *d, const settings *s, FILE *out, FILE *err)
{
    *d = (document){.s = s, .out = out};
    if (s->pic.kind != PICTURE_HTML)
        return true;
    if (s->cmd != CMD_EXPLAIN && s->pic.answers == ANSWERS_END && !(d->stash = tmpfile())) {
        fprintf(err, "bitdoku: no temporary file to keep the answers for the pages at the "
                     "end: %s (--answers beside or none needs none)\n", strerror(errno));
        return false;
    }
    sink k = {to_file, out};
    put_head(&k, s);
    return true;
}

bool doc_close(document *d, FILE *err)
{
    if (d->s->pic.kind != PICTURE_HTML)
        return true;
    sink k = {to_file, d->out};
    bool ok = true;
    if (d->s->cmd == CMD_EXPLAIN) {
        if (d->s->hint && d->any_path)
            put(&k, "</div>\n");
    } else {
        close_sheet(d, &k);
        if (d->stash)
            ok = put_answer_sheets(d, &k, err);
    }
    put(&k, "</body>\n</html>\n");
    if (d->stash)
        fclose(d->stash);
    d->stash = NULL;
    return ok;
}
