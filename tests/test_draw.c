/* test_draw.c - the pictures (src/draw): escaping and numbers, the
 * geometry of boards of several sizes, what a step marks, the checks of
 * bad boards, and well-formed output (xml_check.c, a checker written
 * apart). Expected coordinates are worked out by hand in the comments,
 * from the geometry svg.c states: cells of 48 units, a margin of 4, text
 * set 0.35 of its font size below the centre, candidates in a block of
 * K x ceil(N/K) places of 48/K units (K = ceil(sqrt N)). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitdoku.h"
#include "draw/draw.h"
#include "testutil.h"
#include "xml_check.h"

/* What a picture wrote, and how often it was called. */
typedef struct collected {
    char *text;
    size_t len, cap;
    int calls;
    int fail_at;            /* the call that fails (1 on), or 0: none */
} collected;

static bool collect(void *context, const char *text, size_t len)
{
    collected *c = context;
    c->calls++;
    if (c->fail_at && c->calls >= c->fail_at)
        return false;
    if (c->len + len + 1 > c->cap) {
        c->cap = (c->len + len + 1) * 2;
        c->text = realloc(c->text, c->cap);
        assert_non_null(c->text);
    }
    memcpy(c->text + c->len, text, len);
    c->len += len;
    c->text[c->len] = '\0';
    return true;
}

static void reset(collected *c)
{
    free(c->text);
    *c = (collected){0};
}

/* Counts the occurrences of `needle` in the collected text. */
static int count_of(const collected *c, const char *needle)
{
    int n = 0;
    for (const char *at = c->text; at && (at = strstr(at, needle)) != NULL; at++)
        n++;
    return n;
}

static void assert_well_formed(const collected *c)
{
    char why[160] = "";
    if (!xml_check(c->text, c->len, why, sizeof why))
        fail_msg("not well-formed: %s", why);
}

/* The text an escape of `in` gives. */
static void check_escape(const char *in, size_t len, const char *want)
{
    collected c = {0};
    assert_int_equal(bd_write_xml_text(in, len, collect, &c), BD_OK);
    assert_string_equal(c.text ? c.text : "", want);
    reset(&c);
}

static void test_escaping(void **state)
{
    (void)state;
    check_escape("a<b>&\"'", 7, "a&lt;b&gt;&amp;&quot;&#39;");
    check_escape("r2c1<>7 => ok", 13, "r2c1&lt;&gt;7 =&gt; ok");
    check_escape("caf\xC3\xA9 \xF0\x9F\x98\x80\tx\ny", 14, "caf\xC3\xA9 \xF0\x9F\x98\x80\tx\ny");
    /* U+FFFD is EF BF BD. A lone bad byte is one replacement each: */
    check_escape("\xFF", 1, "\xEF\xBF\xBD");
    check_escape("\x01z", 2, "\xEF\xBF\xBDz");                  /* a control */
    check_escape("\xC0\xAF", 2, "\xEF\xBF\xBD\xEF\xBF\xBD");     /* overlong '/' */
    check_escape("\xED\xA0\x80", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"); /* U+D800 */
    check_escape("\xEF\xBF\xBE", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"); /* U+FFFE */
    check_escape("\xE2\x82", 2, "\xEF\xBF\xBD\xEF\xBF\xBD");     /* cut short */
    check_escape("a\0b", 3, "a\xEF\xBF\xBD" "b");                 /* NUL within len */
    collected c = {0};
    assert_int_equal(bd_write_xml_text(NULL, 0, collect, &c), BD_EINVAL);
    assert_int_equal(bd_write_xml_text("x", 1, NULL, &c), BD_EINVAL);
}

/* The text bdd_put_tenths gives for `tenths`. */
static void check_tenths(long tenths, const char *want)
{
    collected c = {0};
    bdd_out out;
    bdd_out_init(&out, collect, &c);
    bdd_put_tenths(&out, tenths);
    assert_int_equal(bdd_flush(&out), BD_OK);
    assert_string_equal(c.text, want);
    reset(&c);
}

static void test_numbers(void **state)
{
    (void)state;
    check_tenths(125, "12.5");
    check_tenths(120, "12");
    check_tenths(0, "0");
    check_tenths(-5, "-0.5");
    check_tenths(-120, "-12");
    check_tenths(4401, "440.1");
}

static void test_writer_buffer_and_failure(void **state)
{
    (void)state;
    /* 10,000 bytes through a 4,096-byte buffer: three calls, in order. */
    char bytes[10000];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (char)('a' + i % 26);
    collected c = {0};
    bdd_out out;
    bdd_out_init(&out, collect, &c);
    bdd_put_bytes(&out, bytes, sizeof bytes);
    assert_int_equal(bdd_flush(&out), BD_OK);
    assert_int_equal(c.calls, 3);
    assert_int_equal(c.len, sizeof bytes);
    assert_memory_equal(c.text, bytes, sizeof bytes);
    reset(&c);
    /* A writer that fails at once is called once, and the picture says so. */
    c.fail_at = 1;
    bd_grid puzzle = {{0}};
    assert_int_equal(bd_svg_grid(&puzzle, NULL, NULL, collect, &c), BD_EIO);
    assert_int_equal(c.calls, 1);
    reset(&c);
}

/* A puzzle with a 5 given at r1c1, and its grid with a 3 solved at r9c9. */
static void test_grid_geometry(void **state)
{
    (void)state;
    bd_grid puzzle = {{0}}, shown = {{0}};
    puzzle.cells[0] = 5;
    shown.cells[0] = 5;
    shown.cells[80] = 3;
    collected c = {0};
    bd_picture_options look = {.standalone = true, .title = "a & b"};
    assert_int_equal(bd_svg_grid(&puzzle, &shown, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    /* 9 cells of 48 and two margins of 4: 440 a side. */
    assert_non_null(strstr(c.text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "));
    assert_non_null(strstr(c.text, "width=\"440\" height=\"440\" viewBox=\"0 0 440 440\""));
    assert_non_null(strstr(c.text, "<title>a &amp; b</title>"));
    /* r1c1's centre is 4 + 24 = 28; its baseline 28 + 0.35 * 30 = 38.5;
     * the given is in the bold layer, which comes first. */
    const char *bold = strstr(c.text, "<g font-weight=\"bold\" fill=\"#000\">\n");
    const char *given = strstr(c.text, "<text x=\"28\" y=\"38.5\">5</text>");
    /* r9c9: 4 + 8 * 48 + 24 = 412, baseline 422.5, in the lighter layer. */
    const char *lighter = strstr(c.text, "<g fill=\"#5c5f66\">\n");
    const char *solved = strstr(c.text, "<text x=\"412\" y=\"422.5\">3</text>");
    assert_true(bold && given && lighter && solved);
    assert_true(bold < given && given < lighter && lighter < solved);
    /* Thick lines between boxes at 4 + 3 * 48 = 148 and 4 + 6 * 48 = 292;
     * thin ones at the six other inner places, both ways: 12 strokes. */
    assert_non_null(strstr(c.text, "d=\"M148 4V436 M4 148H436 M292 4V436 M4 292H436\""));
    const char *thin = strstr(c.text, "<path stroke=\"#888\" stroke-width=\"1\" d=\"");
    assert_non_null(thin);
    int strokes = 0;
    for (const char *p = thin; *p != '/'; p++)
        strokes += *p == 'M';
    assert_int_equal(strokes, 12);
    /* Two values, no candidates, no caption. */
    assert_int_equal(count_of(&c, "<text "), 2);
    reset(&c);
}

static void test_grid_candidates(void **state)
{
    (void)state;
    bd_grid empty = {{0}};
    collected c = {0};
    bd_picture_options look = {.candidates = true};
    assert_int_equal(bd_svg_grid(&empty, NULL, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    /* An element: no declaration, no size of its own. */
    assert_true(strncmp(c.text, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 440 "
                                "440\">\n", 63) == 0);
    assert_int_equal(count_of(&c, "<text "), 81 * 9);
    /* Candidate places of 16; font 0.7 * 16 = 11.2; baseline 3.9 below the
     * centre (0.35 * 11.2 = 3.92, in whole tenths). Value 1 of r1c1 at
     * (4 + 8, 4 + 8 + 3.9); value 5 at (4 + 16 + 8, 4 + 16 + 8 + 3.9);
     * value 9 of r9c9 at (4 + 384 + 40, 4 + 384 + 40 + 3.9). */
    assert_non_null(strstr(c.text, "font-size=\"11.2\""));
    assert_non_null(strstr(c.text, "<text x=\"12\" y=\"15.9\">1</text>"));
    assert_non_null(strstr(c.text, "<text x=\"28\" y=\"31.9\">5</text>"));
    assert_non_null(strstr(c.text, "<text x=\"428\" y=\"431.9\">9</text>"));
    reset(&c);
    /* With a 1 given at r1c1, r1c9, r9c1 and r2c2 lose their 1. */
    bd_grid puzzle = {{0}};
    puzzle.cells[0] = 1;
    assert_int_equal(bd_svg_grid(&puzzle, NULL, &look, collect, &c), BD_OK);
    assert_int_equal(count_of(&c, "<text "), 1 + 80 * 9 - 20);   /* 20 peers */
    assert_null(strstr(c.text, "<text x=\"396\" y=\"15.9\">1</text>"));  /* r1c9 */
    assert_non_null(strstr(c.text, "<text x=\"412\" y=\"15.9\">2</text>"));
    reset(&c);
}

static void test_grid_rejects(void **state)
{
    (void)state;
    bd_grid puzzle = {{0}}, shown = {{0}};
    collected c = {0};
    puzzle.cells[4] = 7;
    shown.cells[4] = 6;                 /* changes a given */
    assert_int_equal(bd_svg_grid(&puzzle, &shown, NULL, collect, &c), BD_EINVAL);
    shown.cells[4] = 7;
    shown.cells[5] = 10;                /* not a digit */
    assert_int_equal(bd_svg_grid(&puzzle, &shown, NULL, collect, &c), BD_EINVAL);
    assert_int_equal(bd_svg_grid(NULL, NULL, NULL, collect, &c), BD_EINVAL);
    assert_int_equal(bd_svg_grid(&puzzle, NULL, NULL, NULL, &c), BD_EINVAL);
    assert_int_equal(c.calls, 0);       /* nothing written */
}

static void test_caption(void **state)
{
    (void)state;
    bd_grid empty = {{0}};
    collected c = {0};
    /* A line holds 432 / 8.4 = 51 characters: 60 x's break after 51. The
     * caption starts 6 below the grid's margin, lines 18 apart, so the
     * picture is 440 + 6 + 2 * 18 = 482 high. */
    char caption[61];
    memset(caption, 'x', 60);
    caption[60] = '\0';
    bd_picture_options look = {.standalone = true, .caption = caption};
    assert_int_equal(bd_svg_grid(&empty, NULL, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_non_null(strstr(c.text, "height=\"482\""));
    /* First baseline: 440 + 6 + 0.8 * 14 = 457.2, then 475.2. */
    assert_non_null(strstr(c.text, "<text x=\"4\" y=\"457.2\">xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx</text>"));
    assert_non_null(strstr(c.text, "<text x=\"4\" y=\"475.2\">xxxxxxxxx</text>"));
    reset(&c);
    /* Words break at the last space that fits; '\n' breaks a line; text
     * is escaped. "r2c1<>7, " is 9 characters: five fit in 51 (45 with
     * their spaces less the last), the sixth goes on. */
    look.caption = "head\nr2c1<>7, r2c2<>7, r2c3<>7, r2c4<>7, r2c5<>7, r2c6<>7";
    assert_int_equal(bd_svg_grid(&empty, NULL, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_non_null(strstr(c.text, ">head</text>"));
    assert_non_null(strstr(c.text, ">r2c1&lt;&gt;7, r2c2&lt;&gt;7, r2c3&lt;&gt;7, r2c4&lt;&gt;7, "
                                   "r2c5&lt;&gt;7,</text>"));
    assert_non_null(strstr(c.text, ">r2c6&lt;&gt;7</text>"));
    assert_non_null(strstr(c.text, "height=\"500\""));     /* 440 + 6 + 3 * 18 */
    reset(&c);
}

/* A step by hand: r2c2 (cell 10) takes a 3, and the step removes 7 from
 * r3c3 (cell 20); the candidates before it are the digits free of the
 * givens (none: every digit). */
static void test_step(void **state)
{
    (void)state;
    bd_grid puzzle = {{0}};
    bd_step *step = calloc(1, sizeof *step);
    assert_non_null(step);
    step->cell = 10;
    step->digit = 3;
    step->removed[20] = 1u << 6;
    collected c = {0};
    bd_picture_options look = {.standalone = true, .caption = "r2c2=3 test"};
    assert_int_equal(bd_svg_step(&puzzle, &puzzle, NULL, step, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    /* The placement's cell shaded green at (52, 52); its 3 ringed at
     * (52 + 40, 52 + 8) and drawn green, bold. */
    assert_non_null(strstr(c.text, "<g fill=\"#d3f9d8\">\n<rect x=\"52\" y=\"52\" width=\"48\" "
                                   "height=\"48\"/>\n</g>"));
    assert_non_null(strstr(c.text, "<circle cx=\"92\" cy=\"60\" r=\"7.2\"/>"));
    assert_non_null(strstr(c.text, "<g font-weight=\"bold\" fill=\"#2b8a3e\">\n"
                                   "<text x=\"92\" y=\"63.9\">3</text>\n</g>"));
    /* r3c3's 7: place 6 of the block, at (100 + 8, 100 + 32 + 8); a pale
     * red disc, red text, and one stroke 0.38 * 16 = 6.08 (6 units) each
     * way from its centre. */
    assert_non_null(strstr(c.text, "<g fill=\"#ffc9c9\">\n<circle cx=\"108\" cy=\"140\" r=\"7.2\"/>"));
    assert_non_null(strstr(c.text, "<g fill=\"#e03131\">\n<text x=\"108\" y=\"143.9\">7</text>"));
    assert_non_null(strstr(c.text, "d=\"M102 146L114 134\""));
    assert_int_equal(count_of(&c, "L"), 1);
    /* 81 cells, every digit a candidate: 729 candidates and the caption. */
    assert_int_equal(count_of(&c, "<text "), 729 + 1);
    reset(&c);
    /* Marks without the 3: the placement is written big, in green. */
    bd_marks marks;
    for (int cell = 0; cell < BD_CELLS; cell++)
        marks.cand[cell] = 0x1FF & ~(1u << 2);
    assert_int_equal(bd_svg_step(&puzzle, &puzzle, &marks, step, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_non_null(strstr(c.text, "<text x=\"76\" y=\"86.5\">3</text>"));   /* 52 + 24 */
    assert_null(strstr(c.text, "<circle cx=\"92\""));
    reset(&c);
    /* Out of range: a cell of 81, a digit of 0 where a cell is placed. */
    step->cell = 81;
    assert_int_equal(bd_svg_step(&puzzle, &puzzle, NULL, step, NULL, collect, &c), BD_EINVAL);
    step->cell = 10;
    step->digit = 0;
    assert_int_equal(bd_svg_step(&puzzle, &puzzle, NULL, step, NULL, collect, &c), BD_EINVAL);
    assert_int_equal(c.calls, 0);
    free(step);
}

/* A step's pattern by hand: 8 at r1c2 and r1c4, which row 1 holds; a
 * strong link (ending on) from r1c4's 8 to r1c2's, a weak one (ending
 * off) from r1c2's 8 to r2c3's. */
static void test_step_pattern(void **state)
{
    (void)state;
    bd_grid empty = {{0}};
    bd_step *step = calloc(1, sizeof *step);
    assert_non_null(step);
    step->cell = -1;
    step->pattern[1] = step->pattern[3] = 1u << 7;
    step->units = 1u << 0;
    step->links[0] = (bd_link){3, 8, 1, 8, 0, 1, 0};
    step->links[1] = (bd_link){1, 8, 11, 8, 1, 0, 0};
    step->link_count = 2;
    collected c = {0};
    assert_int_equal(bd_svg_step(&empty, &empty, NULL, step, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    /* Row 1 shaded yellow but for the pattern's two cells, shaded blue. */
    assert_non_null(strstr(c.text, "<g fill=\"#fff3bf\">\n<rect x=\"4\" y=\"4\""));
    assert_non_null(strstr(c.text, "<g fill=\"#d0ebff\">\n<rect x=\"52\" y=\"4\" width=\"48\" "
                                   "height=\"48\"/>\n<rect x=\"148\" y=\"4\""));
    assert_int_equal(count_of(&c, "<rect x="), 9);
    /* The 8s (place 7: second column, third row of the block) ringed at
     * (52 + 24, 4 + 40) and (148 + 24, 44), drawn bold blue. */
    assert_non_null(strstr(c.text, "<g fill=\"#a5d8ff\">\n<circle cx=\"76\" cy=\"44\" r=\"7.2\"/>\n"
                                   "<circle cx=\"172\" cy=\"44\" r=\"7.2\"/>"));
    assert_non_null(strstr(c.text, "<g font-weight=\"bold\" fill=\"#1864ab\">\n"
                                   "<text x=\"76\" y=\"47.9\">8</text>"));
    /* The strong link from (172, 44) to (76, 44), 8 short of each centre;
     * the weak one from (76, 44) to r2c3's 8 at (124, 92), dashed, cut
     * 8 / sqrt(2) = 5.7 each way. */
    assert_non_null(strstr(c.text, "<path d=\"M164 44L84 44\"/>"));
    assert_non_null(strstr(c.text, "<path stroke-dasharray=\"4 3\" d=\"M81.7 49.7L118.3 86.3\"/>"));
    reset(&c);
    /* Out of range: a 28th unit, a link off the grid, a digit 0. */
    step->units = 1u << 27;
    assert_int_equal(bd_svg_step(&empty, &empty, NULL, step, NULL, collect, &c), BD_EINVAL);
    step->units = 0;
    step->links[1].to_cell = 81;
    assert_int_equal(bd_svg_step(&empty, &empty, NULL, step, NULL, collect, &c), BD_EINVAL);
    step->links[1].to_cell = 11;
    step->links[1].from_digit = 0;
    assert_int_equal(bd_svg_step(&empty, &empty, NULL, step, NULL, collect, &c), BD_EINVAL);
    step->links[1].from_digit = 8;
    step->link_count = BD_STEP_LINKS + 1;
    assert_int_equal(bd_svg_step(&empty, &empty, NULL, step, NULL, collect, &c), BD_EINVAL);
    assert_int_equal(c.calls, 0);
    free(step);
}

/* A puzzle of pencil marks drawn with its marks: r1c1 holding 2 and 4
 * shows those two and nothing else. */
static void test_grid_marks(void **state)
{
    (void)state;
    bd_grid empty = {{0}};
    bd_marks marks;
    for (int cell = 0; cell < BD_CELLS; cell++)
        marks.cand[cell] = 0;
    marks.cand[0] = (1u << 1) | (1u << 3);
    collected c = {0};
    bd_picture_options look = {.marks = &marks};
    assert_int_equal(bd_svg_grid(&empty, NULL, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_int_equal(count_of(&c, "<text "), 2);
    assert_non_null(strstr(c.text, "<text x=\"28\" y=\"15.9\">2</text>"));   /* 4 + 16 + 8 */
    assert_non_null(strstr(c.text, "<text x=\"12\" y=\"31.9\">4</text>"));
    reset(&c);
}

/* A step of a real path: the first step of Sudoku Explainer's path of a
 * partly solved puzzle, "pointing 2 in b5 on c6 => r1c6<>2, r2c6<>2,
 * r3c6<>2" (its order of techniques: the locked candidates before any
 * other step applies), drawn on the grid. */
static bool first_step(const bd_step *step, void *context)
{
    *(bd_step *)context = *step;
    return false;
}

static void test_step_of_a_path(void **state)
{
    (void)state;
    bd_grid puzzle, before;
    assert_true(tu_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                        &puzzle));
    before = puzzle;
    before.cells[7 * 9 + 5] = 1;      /* r8c6 */
    before.cells[7 * 9 + 2] = 3;      /* r8c3 */
    before.cells[5 * 9 + 1] = 4;      /* r6c2 */
    bd_step *step = calloc(1, sizeof *step);
    assert_non_null(step);
    assert_int_equal(bd_explain(&before, NULL, first_step, step, NULL), BD_OK);
    assert_string_equal(step->text, "pointing 2 in b5 on c6 => r1c6<>2, r2c6<>2, r3c6<>2");
    collected c = {0};
    assert_int_equal(bd_svg_step(&puzzle, &before, NULL, step, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    /* Three strokes: the 2s of column 6 (x = 4 + 5 * 48 + 24 = 268) in
     * rows 1 to 3 (y = 4 + 8, 52 + 8, 100 + 8). */
    assert_non_null(strstr(c.text, "M262 18L274 6 M262 66L274 54 M262 114L274 102"));
    /* The three placed digits are lighter than the givens: not bold. */
    assert_non_null(strstr(c.text, "<g fill=\"#5c5f66\">\n"));
    reset(&c);
    free(step);
}

/* Boards of other sizes through the drawing's own board. */
static const char *const LETTERS[16] = {"A", "B", "C", "D", "E", "F", "G", "H",
                                        "I", "J", "K", "L", "M", "N", "O", "P"};

static void test_six_by_six(void **state)
{
    (void)state;
    /* Boxes of 2 rows x 3 columns: thick lines after columns 3 (x = 4 +
     * 144 = 148) and rows 2 and 4 (y = 100, 196); thin after columns 1, 2,
     * 4, 5 and rows 1, 3, 5. */
    uint8_t values[36] = {0};
    uint64_t cands[36];
    for (int i = 0; i < 36; i++)
        cands[i] = 0x3F;
    values[0] = 6;
    bdd_board board = {.box_rows = 2, .box_cols = 3, .symbols = LETTERS, .values = values,
                       .cands = cands};
    bdd_unit box = {BD_UNIT_BOX, 3};    /* rows 2-3, columns 3-5 */
    bdd_pattern pattern = bdd_no_pattern();
    pattern.units = &box;
    pattern.unit_count = 1;
    assert_int_equal(bdd_check(&board, &pattern), BD_OK);
    collected c = {0};
    bd_picture_options look = {.standalone = true};
    assert_int_equal(bdd_svg(&board, &pattern, &look, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_non_null(strstr(c.text, "viewBox=\"0 0 296 296\""));      /* 6 * 48 + 8 */
    assert_non_null(strstr(c.text, "d=\"M4 100H292 M148 4V292 M4 196H292\""));
    assert_non_null(strstr(c.text, "d=\"M52 4V292 M4 52H292 M100 4V292 M4 148H292 M196 4V292 "
                                   "M244 4V292 M4 244H292\""));
    /* Box 3 shaded: its 6 cells, the first at (148, 100). */
    assert_non_null(strstr(c.text, "<g fill=\"#fff3bf\">\n<rect x=\"148\" y=\"100\""));
    assert_int_equal(count_of(&c, "<rect x="), 6);
    /* Candidates in a 3 x 2 block of 16, 8 below the cell's top: value 6
     * (F) of r1c2 at (52 + 32 + 8, 4 + 8 + 16 + 8 + 3.9). */
    assert_non_null(strstr(c.text, "<text x=\"92\" y=\"39.9\">F</text>"));
    assert_int_equal(count_of(&c, "<text "), 1 + 35 * 6);
    reset(&c);
}

static void test_sixteen_letters(void **state)
{
    (void)state;
    uint8_t values[256] = {0};
    uint8_t given[256] = {0};
    uint64_t cands[256] = {0};
    values[255] = 16;
    given[255] = 1;
    cands[0] = 0xFFFF;
    bdd_board board = {.box_rows = 4, .box_cols = 4, .symbols = LETTERS, .values = values,
                       .given = given, .cands = cands};
    bdd_link links[2] = {{0, 1, 2, 1, true}, {0, 16, 17, 16, false}};
    bdd_pattern pattern = bdd_no_pattern();
    pattern.links = links;
    pattern.link_count = 2;
    assert_int_equal(bdd_check(&board, &pattern), BD_OK);
    collected c = {0};
    assert_int_equal(bdd_svg(&board, &pattern, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_non_null(strstr(c.text, "viewBox=\"0 0 776 776\""));      /* 16 * 48 + 8 */
    /* The given P at r16c16: 4 + 15 * 48 + 24 = 748, baseline 758.5. */
    assert_non_null(strstr(c.text, "<text x=\"748\" y=\"758.5\">P</text>"));
    /* Candidates 4 x 4 of 12, font 8.4: A of r1c1 at (4 + 6, 4 + 6 + 2.9). */
    assert_non_null(strstr(c.text, "font-size=\"8.4\""));
    assert_non_null(strstr(c.text, "<text x=\"10\" y=\"12.9\">A</text>"));
    /* A strong link from A of r1c1 (10, 10) to A of r1c3 (106, 10), cut 6
     * short at each end; a weak one dashed. */
    assert_non_null(strstr(c.text, "<path d=\"M16 10L100 10\"/>"));
    assert_int_equal(count_of(&c, "stroke-dasharray=\"4 3\""), 1);
    reset(&c);
}

/* The points of a link's path "M x y L x y" or "M x y Q cx cy x y"
 * (units), `SAMPLES` + 1 of them evenly in its parameter; false when `d`
 * is neither. */
enum { SAMPLES = 200 };
typedef struct point {
    double x, y;
} point;

static bool path_points(const char *d, point *pts)
{
    double x0, y0, cx, cy, x2, y2;
    int used = 0;
    if (sscanf(d, "M%lf %lfL%lf %lf\"%n", &x0, &y0, &x2, &y2, &used) == 4 && used) {
        cx = (x0 + x2) / 2;
        cy = (y0 + y2) / 2;
    } else if (sscanf(d, "M%lf %lfQ%lf %lf %lf %lf\"%n", &x0, &y0, &cx, &cy, &x2, &y2, &used)
                   != 6 || !used) {
        return false;
    }
    for (int i = 0; i <= SAMPLES; i++) {
        double t = (double)i / SAMPLES, u = 1 - t;
        pts[i] = (point){u * u * x0 + 2 * u * t * cx + t * t * x2,
                         u * u * y0 + 2 * u * t * cy + t * t * y2};
    }
    return true;
}

/* How many of a's inner points (parameter 0.1 to 0.9) lie within 1 unit
 * of some point of b: for two paths drawn over each other, all of them. */
static int points_near(const point *a, const point *b)
{
    int near = 0;
    for (int i = SAMPLES / 10; i <= SAMPLES - SAMPLES / 10; i++)
        for (int j = 0; j <= SAMPLES; j++) {
            double dx = a[i].x - b[j].x, dy = a[i].y - b[j].y;
            if (dx * dx + dy * dy <= 1.0) {
                near++;
                break;
            }
        }
    return near;
}

/* Whether `p` lies 8 units (a candidate's ring), give or take a tenth
 * of rounding, from the centre of candidate `value` of 9x9 `cell`:
 * (4 + 48 col + 16 ((value - 1) % 3) + 8, the same down the rows). */
static bool ring_gap(point p, int cell, int value)
{
    double x = 12 + 48 * (cell % 9) + 16 * ((value - 1) % 3);
    double y = 12 + 48 * (cell / 9) + 16 * ((value - 1) / 3);
    double d2 = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y);
    return d2 > 7.85 * 7.85 && d2 < 8.15 * 8.15;
}

static void test_links_apart(void **state)
{
    (void)state;
    /* Candidate 1 of every cell of row 1, centre (12 + 48 c, 12); of r5c1
     * (12, 204), r7c1 (12, 300), r3c1 (12, 108); candidate 5 of r2c1 and
     * r2c9, centre (28 + 48 c, 76). */
    static const char *const DIGITS[9] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
    uint8_t values[81] = {0};
    uint64_t cands[81];
    for (int cell = 0; cell < 81; cell++)
        cands[cell] = 0x1FF;
    bdd_board board = {.box_rows = 3, .box_cols = 3, .symbols = DIGITS, .values = values,
                       .cands = cands};
    bdd_link links[] = {
        {0, 1, 4, 1, true},   {2, 1, 8, 1, false}, {0, 1, 8, 1, true},
        {4, 1, 0, 1, false},  {1, 1, 3, 1, true},  {5, 1, 7, 1, true},   /* row 1 */
        {0, 1, 36, 1, true},  {18, 1, 54, 1, false},                     /* column 1 */
        {9, 5, 17, 5, true},                                             /* alone */
    };
    enum { LINKS = sizeof links / sizeof links[0] };
    bdd_pattern pattern = bdd_no_pattern();
    pattern.links = links;
    pattern.link_count = LINKS;
    assert_int_equal(bdd_check(&board, &pattern), BD_OK);
    collected c = {0};
    assert_int_equal(bdd_svg(&board, &pattern, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    const char *at = strstr(c.text, "stroke=\"#1c7ed6\"");
    assert_non_null(at);
    static point pts[LINKS][SAMPLES + 1];
    int n = 0;
    for (; (at = strstr(at, "<path ")) != NULL; at++) {
        assert_true(n < LINKS);
        const char *d = strstr(at, "d=\"");
        assert_true(path_points(d + 3, pts[n]));
        n++;
    }
    assert_int_equal(n, LINKS);
    /* No two links drawn over each other. */
    for (int i = 0; i < LINKS; i++)
        for (int j = 0; j < LINKS; j++)
            if (i != j)
                assert_true(points_near(pts[i], pts[j]) < (SAMPLES * 8 / 10) / 2);
    /* Each starts and ends 8 units from its candidates' centres. */
    for (int i = 0; i < LINKS; i++) {
        assert_true(ring_gap(pts[i][0], links[i].from_cell, links[i].from_value));
        assert_true(ring_gap(pts[i][SAMPLES], links[i].to_cell, links[i].to_value));
    }
    /* The lone link on row 2 is straight: (28 + 8, 76) to (412 - 8, 76).
     * Row 1's and column 1's candidates 1 lie 8 units inside the grid's
     * edge, less than a bow and a half (16.8): so their crowds bow
     * inwards only, one beyond the other: r1c1-r1c5 (the first of its
     * crowd) and r1c5-r1c1 (the fourth) both down, the second further;
     * r1c1-r5c1 and r3c1-r7c1 both to the right. No link leaves the grid
     * (4 to 436 both ways). */
    assert_non_null(strstr(c.text, "<path d=\"M36 76L404 76\"/>"));
    assert_true(pts[0][SAMPLES / 2].y > 12 + 5);
    assert_true(pts[3][SAMPLES / 2].y > pts[0][SAMPLES / 2].y + 5);
    assert_true(pts[6][SAMPLES / 2].x > 12 + 5);
    assert_true(pts[7][SAMPLES / 2].x > 12 + 5);
    for (int i = 0; i < LINKS; i++)
        for (int k = 0; k <= SAMPLES; k++) {
            assert_true(pts[i][k].x >= 4 && pts[i][k].x <= 436);
            assert_true(pts[i][k].y >= 4 && pts[i][k].y <= 436);
        }
    reset(&c);
}

static void test_long_symbols(void **state)
{
    (void)state;
    /* 25 x 25 written with numbers 1..25: two-character symbols get a
     * value font of 3/4 of 30, candidates 5 x 5 of 9.6 at 0.5 of it. */
    static char names[25][3];
    const char *symbols[25];
    for (int v = 0; v < 25; v++) {
        snprintf(names[v], sizeof names[v], "%d", v + 1);
        symbols[v] = names[v];
    }
    uint8_t values[625] = {0};
    uint64_t cands[625] = {0};
    values[0] = 25;
    cands[1] = (uint64_t)1 << 24;
    bdd_board board = {.box_rows = 5, .box_cols = 5, .symbols = symbols, .values = values,
                       .cands = cands};
    collected c = {0};
    assert_int_equal(bdd_svg(&board, NULL, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_non_null(strstr(c.text, "font-size=\"22.5\""));
    assert_non_null(strstr(c.text, "font-size=\"4.8\""));
    /* 25 at r1c1: baseline 28 + 0.35 * 22.5 = 35.875, 35.8 in tenths. */
    assert_non_null(strstr(c.text, "<text x=\"28\" y=\"35.8\">25</text>"));
    reset(&c);
}

static void test_board_checks(void **state)
{
    (void)state;
    uint8_t values[81] = {0};
    uint64_t cands[81] = {0};
    static const char *const DIGITS[9] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
    bdd_board board = {.box_rows = 3, .box_cols = 3, .symbols = DIGITS, .values = values,
                       .cands = cands};
    assert_int_equal(bdd_check(&board, NULL), BD_OK);
    values[3] = 10;
    assert_int_equal(bdd_check(&board, NULL), BD_EINVAL);
    values[3] = 0;
    cands[5] = 1u << 9;                 /* a tenth digit */
    assert_int_equal(bdd_check(&board, NULL), BD_EINVAL);
    cands[5] = 0;
    board.box_rows = 0;
    assert_int_equal(bdd_check(&board, NULL), BD_EINVAL);
    board.box_rows = 5;                 /* 5 x 13 = 65 > 64 */
    board.box_cols = 13;
    assert_int_equal(bdd_check(&board, NULL), BD_EINVAL);
    board.box_rows = board.box_cols = 3;
    bdd_pattern pattern = bdd_no_pattern();
    bdd_unit unit = {BD_UNIT_ROW, 9};
    pattern.units = &unit;
    pattern.unit_count = 1;
    assert_int_equal(bdd_check(&board, &pattern), BD_EINVAL);
    unit.index = 8;
    assert_int_equal(bdd_check(&board, &pattern), BD_OK);
    bdd_link link = {0, 0, 1, 1, true};  /* value 0 */
    pattern.links = &link;
    pattern.link_count = 1;
    assert_int_equal(bdd_check(&board, &pattern), BD_EINVAL);
    link.from_value = 1;
    pattern.placed_cell = 81;
    pattern.placed_value = 1;
    assert_int_equal(bdd_check(&board, &pattern), BD_EINVAL);
    pattern.placed_cell = 80;
    assert_int_equal(bdd_check(&board, &pattern), BD_OK);
    /* 8 x 8 boxes: the largest board, 64 symbols, masks of 64 bits. */
    static char names[64][3];
    const char *symbols[64];
    for (int v = 0; v < 64; v++) {
        snprintf(names[v], sizeof names[v], "%d", v + 1);
        symbols[v] = names[v];
    }
    static uint8_t big_values[4096];
    static uint64_t big_cands[4096];
    big_cands[7] = ~(uint64_t)0;
    bdd_board big = {.box_rows = 8, .box_cols = 8, .symbols = symbols, .values = big_values,
                     .cands = big_cands};
    assert_int_equal(bdd_check(&big, NULL), BD_OK);
    collected c = {0};
    assert_int_equal(bdd_svg(&big, NULL, NULL, collect, &c), BD_OK);
    assert_well_formed(&c);
    assert_int_equal(count_of(&c, "<text "), 64);
    reset(&c);
}

/* The checker itself: it must refuse what is not well-formed. */
static void test_xml_checker(void **state)
{
    (void)state;
    static const char *const GOOD[] = {
        "<a/>", "<?xml version=\"1.0\"?>\n<a b=\"1\" c=\"&amp;&#39;&#x41;\">t&lt;</a>\n",
        "<!DOCTYPE html>\n<html><p>caf\xC3\xA9</p></html>"};
    static const char *const BAD[] = {
        "", "<a>", "<a></b>", "<a><b></a></b>", "<a>&nbsp;</a>", "<a x=\"1\" x=\"2\"/>",
        "<a>1 < 2</a>", "<a/><b/>", "<a>\xFF</a>", "<a>\x01</a>", "<a x=1/>", "<a x=\"<\"/>",
        "text<a/>", "<a>&#0;</a>", "<a>]]></a>", "<a>\xED\xA0\x80</a>", "<!-- c --><a/>"};
    char why[160];
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++)
        assert_true(xml_check(GOOD[i], strlen(GOOD[i]), why, sizeof why));
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        assert_false(xml_check(BAD[i], strlen(BAD[i]), why, sizeof why));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xml_checker),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_writer_buffer_and_failure),
        cmocka_unit_test(test_grid_geometry),
        cmocka_unit_test(test_grid_candidates),
        cmocka_unit_test(test_grid_rejects),
        cmocka_unit_test(test_caption),
        cmocka_unit_test(test_step),
        cmocka_unit_test(test_step_pattern),
        cmocka_unit_test(test_grid_marks),
        cmocka_unit_test(test_step_of_a_path),
        cmocka_unit_test(test_six_by_six),
        cmocka_unit_test(test_sixteen_letters),
        cmocka_unit_test(test_links_apart),
        cmocka_unit_test(test_long_symbols),
        cmocka_unit_test(test_board_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
