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
 */
#include "bitdoku.h"

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
    return 0;
}
