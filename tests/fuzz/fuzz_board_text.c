/*
 * fuzz_board_text.c - libFuzzer target: any bytes -> boards of any size
 * as text (bd_board_text_lines, bd_board_parse, bd_board_format).
 *
 * The first byte picks the box shape the caller gives (or none: from the
 * input) and the alphabet (or none: detected); the rest is read line by
 * line into records as the CLI reads them (sized.c). Checks: a record
 * parsed is a valid board of the size settled; written back in the
 * settled shape and alphabet and parsed again, it is the same board; the
 * settled size and alphabet never change between records.
 *
 * The same bytes then go through the command line's reader of boards of
 * any size (sized_read.c: text records, CSV rows, headers), with the
 * same size and alphabet given as options and a command picked by the
 * input's length: solve, count -u, check (CSV rows of a puzzle and its
 * proposal), solve --csv, count --csv -j 2, solve --all --limit 3, rate
 * --ep-ed, explain, explain --hint --csv, every
 * search under a small node limit (but check's, which counts to one only
 * for a proposal "no solution"). Checks: the exit status is one of
 * 0, 1, 3, 4 (2 only when the alphabet given cannot write N values), and
 * the answers and the diagnostics are whole lines. When the first byte
 * gives neither a shape nor an alphabet, the bytes go through the command
 * line once more with no option of size (sized_detect.c: the size from
 * the first board, or the 9x9 reader), under the same checks.
 */
#include "bitdoku.h"
#include "cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz_board_text: %s\n", what);
        abort();
    }
}

static const int SHAPES[][2] = {{0, 0}, {1, 1}, {2, 2}, {2, 3}, {3, 3}, {4, 4}, {5, 5}, {1, 64}};

/* The length of the line at text[at], without its '\n'. */
static size_t line_length(const char *text, size_t size, size_t at)
{
    const char *end = memchr(text + at, '\n', size - at);
    return end ? (size_t)(end - (text + at)) : size - at;
}

/* Parses a record of `lines` lines from `at`, checks its round trip;
 * returns where the next record starts. */
static size_t record(const char *text, size_t size, size_t at, int lines, bd_board_text *how,
                     bd_board *board, char *out, size_t out_size)
{
    size_t start = at, len = 0;
    for (int i = 0; i < lines && at < size; i++) {
        len = at + line_length(text, size, at) - start;
        at += line_length(text, size, at) + 1;
    }
    char why[200];
    bd_board_text before = *how;
    if (bd_board_parse(text + start, len, how, board, why, sizeof why) != BD_OK)
        return at;
    check(bd_board_valid(board), "a board parsed is not valid");
    check(before.alphabet == BD_ALPHABET_AUTO || before.alphabet == how->alphabet,
          "the alphabet changed");
    size_t written = bd_board_format(board, how, out, out_size);
    if (written) {
        bd_board again;
        bd_board_text same = *how;
        check(bd_board_parse(out, written - 1, &same, &again, why, sizeof why) == BD_OK,
              "a board written does not parse");
        check(memcmp(again.cells, board->cells, (size_t)(board->size * board->size)) == 0,
              "a board written parses to another");
    }
    return at;
}

/* The whole of `file`, from its start; its length in *len. */
static char *slurp(FILE *file, size_t *len)
{
    fseek(file, 0, SEEK_END);
    long end = ftell(file);
    rewind(file);
    char *text = malloc((size_t)end + 1);
    check(text != NULL, "out of memory");
    *len = fread(text, 1, (size_t)end, file);
    return text;
}

/* Runs a command on `text` as boards of `how`'s size and alphabet (each
 * given as an option when set; with neither, --alphabet digits, or no
 * option of size when `detect`), and checks its exit status and output. */
static void run_cli(const char *text, size_t size, const bd_board_text *how, bool detect)
{
    static const char *const ALPHABET_NAMES[BD_ALPHABETS] = {NULL, "digits", "letters", "hex",
                                                             "numbers"};
    static const char *const COMMANDS[9][4] = {
        {"solve", NULL}, {"count", "-u", NULL}, {"check", NULL}, {"solve", "--csv", NULL},
        {"count", "--csv", "-j", "2"}, {"solve", "--all", "--limit", "3"},
        {"rate", "--ep-ed", NULL}, {"explain", NULL}, {"explain", "--hint", "--csv", NULL}};
    static const int CAPACITY[BD_ALPHABETS] = {BD_BOARD_MAX, 35, 26, 16, BD_BOARD_MAX};
    char box[16];
    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)"bitdoku";
    const char *const *cmd = COMMANDS[size % 9];
    for (int i = 0; i < 4 && cmd[i]; i++)
        argv[argc++] = (char *)cmd[i];
    if (strcmp(cmd[0], "check") != 0) {
        argv[argc++] = (char *)"--max-nodes";
        argv[argc++] = (char *)"2000";
    }
    if (how->box_rows) {
        snprintf(box, sizeof box, "%dx%d", how->box_rows, how->box_cols);
        argv[argc++] = (char *)"--box";
        argv[argc++] = box;
    }
    if (how->alphabet) {
        argv[argc++] = (char *)"--alphabet";
        argv[argc++] = (char *)ALPHABET_NAMES[how->alphabet];
    } else if (!how->box_rows && !detect) {
        argv[argc++] = (char *)"--alphabet";    /* some option of boards of any size */
        argv[argc++] = (char *)"digits";
    }
    argv[argc] = NULL;
    FILE *in = tmpfile(), *out = tmpfile(), *err = tmpfile();
    check(in && out && err, "tmpfile");
    fwrite(text, 1, size, in);
    rewind(in);
    int status = cli_run(argc, argv, in, out, err);
    bool too_many = how->alphabet && how->box_rows * how->box_cols > CAPACITY[how->alphabet];
    check(too_many ? status == CLI_FATAL
                   : status == 0 || status == 1 || status == 3 || status == 4, "exit status");
    size_t out_len, err_len;
    char *answers = slurp(out, &out_len), *diagnostics = slurp(err, &err_len);
    check(out_len == 0 || answers[out_len - 1] == '\n', "an answer without its line end");
    check(err_len == 0 || diagnostics[err_len - 1] == '\n', "a diagnostic without its line end");
    free(answers);
    free(diagnostics);
    fclose(in);
    fclose(out);
    fclose(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int shape = data[0] % 8;
    bd_board_text how = {SHAPES[shape][0], SHAPES[shape][1],
                         (bd_alphabet)((data[0] >> 3) % BD_ALPHABETS), false};
    const char *text = (const char *)data + 1;
    size -= 1;
    bd_board *board = malloc(sizeof *board);
    size_t out_size = (size_t)BD_BOARD_CELLS_MAX * 3 + BD_BOARD_MAX + 1;
    char *out = malloc(out_size);
    check(board && out, "out of memory");
    size_t at = 0;
    while (at < size) {
        size_t len = line_length(text, size, at);
        bd_board_text tried = how;
        int lines = bd_board_text_lines(text + at, len, &tried, NULL, 0);
        if (!lines) {
            at += len + 1;
            continue;
        }
        check(lines == 1 || lines == tried.box_rows * tried.box_cols, "lines out of shape");
        check(!how.box_rows || (how.box_rows == tried.box_rows && how.box_cols == tried.box_cols),
              "the size changed");
        how = tried;
        at = record(text, size, at, lines, &how, board, out, out_size);
    }
    free(board);
    free(out);
    bd_board_text given = {SHAPES[shape][0], SHAPES[shape][1],
                           (bd_alphabet)((data[0] >> 3) % BD_ALPHABETS), false};
    run_cli(text, size, &given, false);
    if (!given.box_rows && !given.alphabet)
        run_cli(text, size, &given, true);      /* the size from the input */
    return 0;
}
