/*
 * fuzz_draw.c - libFuzzer target: any bytes -> pictures, through the
 * command line and through the drawing's own board.
 *
 * The command line: byte 0 picks the command (solve, explain --hint,
 * explain, generate), the format (svg, html; explain's whole path is
 * html) and where the answers go;
 * byte 1 --per-page, --paper and --candidates; bytes 2-17 a title (to the
 * first NUL), with any bytes; the rest is the input (generate: its first
 * byte the count and the seed). Every search runs under a small node
 * limit. Checks: the run exits 0, 1, 3 or 4 (no usage error, no failure);
 * an html page is one well-formed document, and an svg stream is as many
 * well-formed documents as the input has records (xml_check.c, written
 * apart from the library); the diagnostics are whole lines.
 *
 * The board: the same bytes read as a board of R x C boxes (R, C 1..4),
 * symbols of any bytes, values, candidates, struck and ringed candidates,
 * shaded cells and units, a placement and links, some of them out of
 * range: bdd_check refuses exactly the boards and patterns out of range
 * (decided here), and what it accepts draws as one well-formed document.
 */
#include "bitdoku.h"
#include "cli.h"
#include "draw/draw.h"
#include "xml_check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { HEAD = 18, TITLE = 16 };

static void check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz_draw: %s\n", what);
        abort();
    }
}

/* The whole of a stream, read from its start; NUL-terminated. */
static char *slurp(FILE *file, size_t *len)
{
    fflush(file);
    long end = ftell(file);
    check(end >= 0, "ftell");
    char *text = malloc((size_t)end + 1);
    check(text != NULL, "out of memory");
    rewind(file);
    *len = fread(text, 1, (size_t)end, file);
    text[*len] = '\0';
    return text;
}

/* The records bd_read finds in the input (answered ones: well-formed or
 * malformed). */
static unsigned long records_of(const uint8_t *data, size_t size)
{
    bd_reader *reader = malloc(sizeof *reader);
    bd_record *rec = malloc(sizeof *rec);
    check(reader && rec, "out of memory");
    bd_reader_init_mem(reader, data, size);
    unsigned long records = 0;
    bd_status status;
    while ((status = bd_read(reader, rec)) != BD_EOF && status != BD_EIO)
        records += status == BD_OK || status == BD_EMALFORMED;
    free(reader);
    free(rec);
    return records;
}

/* Checks an svg stream: `want` well-formed documents. */
static void check_svgs(const char *text, size_t len, unsigned long want)
{
    static const char DECLARATION[] = "<?xml ";
    unsigned long documents = 0;
    char why[160];
    const char *at = text, *end = text + len;
    while (at < end) {
        check(strncmp(at, DECLARATION, sizeof DECLARATION - 1) == 0, "svg: not a document");
        const char *next = at + 1;
        while (next < end && strncmp(next, DECLARATION, sizeof DECLARATION - 1) != 0)
            next++;
        if (!xml_check(at, (size_t)(next - at), why, sizeof why)) {
            fprintf(stderr, "fuzz_draw: svg document %lu: %s\n", documents + 1, why);
            abort();
        }
        documents++;
        at = next;
    }
    check(documents == want, "svg: not one document a record");
}

/* The command line on the input. */
static void fuzz_cli(const uint8_t *data, size_t size)
{
    static const char *const COMMANDS[4][2] = {
        {"solve", NULL}, {"explain", "--hint"}, {"explain", NULL}, {"generate", NULL}};
    static const char *const ANSWERS[3] = {"end", "beside", "none"};
    static const char *const PER_PAGE[4] = {"1", "2", "4", "6"};
    int pick = data[0] & 3, html = data[0] >> 2 & 1 || pick == 2;  /* a path: html only */
    char title[TITLE + 1] = {0}, count[8], seed[8];
    memcpy(title, data + 2, TITLE);
    const uint8_t *input = data + HEAD;
    size_t input_len = size - HEAD;
    char *argv[24];
    int argc = 0;
    argv[argc++] = (char *)"bitdoku";
    argv[argc++] = (char *)COMMANDS[pick][0];
    if (COMMANDS[pick][1])
        argv[argc++] = (char *)COMMANDS[pick][1];
    argv[argc++] = (char *)"--format";
    argv[argc++] = (char *)(html ? "html" : "svg");
    if (pick != 3) {
        argv[argc++] = (char *)"--max-nodes";
        argv[argc++] = (char *)"2000";
        argv[argc++] = (char *)"--timeout";   /* SE's hardest chains take seconds */
        argv[argc++] = (char *)"1";
    } else {
        snprintf(count, sizeof count, "%d", input_len ? input[0] % 6 : 1);
        snprintf(seed, sizeof seed, "%d", input_len > 1 ? input[1] : 0);
        argv[argc++] = (char *)"--count";
        argv[argc++] = count;
        argv[argc++] = (char *)"--seed";
        argv[argc++] = seed;
        if (!html && data[1] & 8)
            argv[argc++] = (char *)"--solution";
    }
    bool booklet = pick == 0 || pick == 3;
    if (html && booklet) {
        argv[argc++] = (char *)"--answers";
        argv[argc++] = (char *)ANSWERS[(data[0] >> 3) % 3];
        argv[argc++] = (char *)"--per-page";
        argv[argc++] = (char *)PER_PAGE[data[1] & 3];
    }
    if (html) {
        argv[argc++] = (char *)"--paper";
        argv[argc++] = (char *)(data[1] & 4 ? "letter" : "a4");
        argv[argc++] = (char *)"--title";
        argv[argc++] = title[0] ? title : (char *)"-";
    }
    if (booklet && data[1] & 16)
        argv[argc++] = (char *)"--candidates";
    argv[argc] = NULL;

    FILE *in = tmpfile(), *out = tmpfile(), *err = tmpfile();
    check(in && out && err, "tmpfile");
    if (pick != 3)
        fwrite(input, 1, input_len, in);
    rewind(in);
    int status = cli_run(argc, argv, in, out, err);
    check(status == 0 || status == 1 || status == 3 || status == 4, "exit status");
    size_t out_len, err_len;
    char *text = slurp(out, &out_len), *diagnostics = slurp(err, &err_len);
    check(err_len == 0 || diagnostics[err_len - 1] == '\n', "a diagnostic without its line end");
    char why[160];
    if (html) {
        if (!xml_check(text, out_len, why, sizeof why)) {
            fprintf(stderr, "fuzz_draw: the page: %s\n", why);
            abort();
        }
    } else {
        unsigned long made = pick == 3 ? (unsigned long)(input_len ? input[0] % 6 : 1) : 0;
        unsigned long want = pick == 3 ? made * (data[1] & 8 ? 2 : 1) : records_of(input, input_len);
        if (pick != 3 || status == 0)
            check_svgs(text, out_len, want);
    }
    free(text);
    free(diagnostics);
    fclose(in);
    fclose(out);
    fclose(err);
}

/* A bd_write_fn into a stream. */
static bool write_to(void *context, const char *text, size_t len)
{
    return fwrite(text, 1, len, context) == len;
}

/* Bytes read one after another, zeros once they run out. */
typedef struct bytes {
    const uint8_t *data;
    size_t size, at;
} bytes;

static unsigned next(bytes *b)
{
    return b->at < b->size ? b->data[b->at++] : 0;
}

static uint64_t next_mask(bytes *b)
{
    uint64_t mask = 0;
    for (int i = 0; i < 8; i++)
        mask = mask << 8 | next(b);
    return mask;
}

/* The drawing's own board, from the bytes. */
static void fuzz_board(const uint8_t *data, size_t size)
{
    bytes b = {data, size, 0};
    int rows = (int)next(&b) % 4 + 1, cols = (int)next(&b) % 4 + 1, n = rows * cols;
    static char names[16][4];
    const char *symbols[16];
    for (int v = 0; v < n; v++) {
        for (int i = 0; i < 3; i++)
            names[v][i] = (char)next(&b);
        names[v][3] = '\0';
        symbols[v] = names[v];
    }
    uint8_t values[256], given[256], cells[256];
    uint64_t cands[256], removed[256], used[256];
    bool fits = true;
    uint64_t inside = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    for (int cell = 0; cell < n * n; cell++) {
        unsigned kind = next(&b);
        values[cell] = (uint8_t)(kind & 1 ? next(&b) % (unsigned)(n + 2) : 0);
        given[cell] = (uint8_t)(kind >> 1 & 1);
        cells[cell] = (uint8_t)(kind >> 2 & 1);
        cands[cell] = kind & 8 ? next_mask(&b) : 0;
        removed[cell] = kind & 16 ? next_mask(&b) : 0;
        used[cell] = kind & 32 ? next_mask(&b) : 0;
        fits = fits && values[cell] <= n && !(cands[cell] & ~inside)
               && !(removed[cell] & ~inside) && !(used[cell] & ~inside);
    }
    bdd_unit units[2];
    bdd_link links[3];
    for (int i = 0; i < 2; i++) {
        units[i] = (bdd_unit){(bd_unit)(next(&b) % 4), (int)next(&b) % (n + 1)};
        fits = fits && units[i].kind <= BD_UNIT_BOX && units[i].index < n;
    }
    for (int i = 0; i < 3; i++) {
        links[i] = (bdd_link){(int)next(&b) % (n * n + 1), (int)next(&b) % (n + 1),
                              (int)next(&b) % (n * n + 1), (int)next(&b) % (n + 1),
                              next(&b) & 1};
        fits = fits && links[i].from_cell < n * n && links[i].from_value >= 1
               && links[i].to_cell < n * n && links[i].to_value >= 1;
    }
    bdd_pattern pattern = {.removed = removed, .used = used, .cells = cells, .units = units,
                           .unit_count = 2, .links = links, .link_count = 3,
                           .placed_cell = (int)next(&b) % (n * n + 1) - 1,
                           .placed_value = (int)next(&b) % (n + 1)};
    fits = fits && (pattern.placed_cell < 0 || pattern.placed_value >= 1);
    bdd_board board = {.box_rows = rows, .box_cols = cols, .symbols = symbols,
                       .values = values, .given = given, .cands = cands};
    bd_status checked = bdd_check(&board, &pattern);
    check(checked == (fits ? BD_OK : BD_EINVAL), "bdd_check");
    if (checked != BD_OK)
        return;
    FILE *out = tmpfile();
    check(out != NULL, "tmpfile");
    bd_picture_options look = {.standalone = true, .caption = names[0], .title = names[n - 1]};
    check(bdd_svg(&board, &pattern, &look, write_to, out) == BD_OK, "bdd_svg");
    size_t len;
    char *text = slurp(out, &len), why[160];
    if (!xml_check(text, len, why, sizeof why)) {
        fprintf(stderr, "fuzz_draw: the board's picture: %s\n", why);
        abort();
    }
    free(text);
    fclose(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEAD)
        return 0;
    fuzz_cli(data, size);
    fuzz_board(data, size);
    return 0;
}
