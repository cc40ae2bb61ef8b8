/*
 * fuzz_reader.c - libFuzzer target: any bytes -> records.
 *
 * Checks what must hold for every input: the reader ends, every record it
 * returns has cells 0..9 and a shape, every fault has a 1-based position
 * within the input's lines and a message, and the input is read exactly
 * as the same bytes split over a stream would be. Rows of CSV and TSV:
 * the row is kept whole and ended, its puzzle's field exists, a header
 * comes only with a separator, and the grid beside the puzzle
 * (bd_row_grid) is found after it, with a fault inside the row. Pencil
 * marks stay within nine digits, and their one-candidate cells are the
 * record's grid. Read in pieces cut at line ends chosen from the bytes
 * themselves (each piece from the mark the one before ended at, a cut
 * grid carried over, the count line checked at the end), the input gives
 * the same results. A hash of the bytes makes the reader one of puzzles
 * or one of answers; CR line ends are cut where a reader of them cuts.
 */
#include "bitdoku.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz_reader: %s\n", what);
        abort();
    }
}

/* The invariants of a record read from a CSV or TSV row. */
static void check_row(const bd_reader *reader, const bd_record *rec, bd_status status)
{
    check(rec->separator == bd_reader_separator(reader), "row separator");
    check(rec->row_len <= BD_LINE_MAX && rec->row[rec->row_len] == '\0', "row kept");
    check(status != BD_OK || rec->puzzle_field >= 0, "puzzle without a field");
    unsigned long chars = 0;
    for (size_t i = 0; i < rec->row_len; i++)
        chars += ((unsigned char)rec->row[i] & 0xC0) != 0x80;
    bd_field_grid other;
    bd_status found = bd_row_grid(rec, rec->puzzle_field, &other);
    check(found == BD_OK || found == BD_EMALFORMED || found == BD_EOF, "row grid status");
    if (found != BD_EOF && status == BD_OK)   /* a good row's quotes are sound */
        check(other.field > rec->puzzle_field, "row grid field");
    if (found == BD_OK)
        for (int cell = 0; cell < BD_CELLS; cell++)
            check(other.grid.cells[cell] <= 9, "row grid cell out of range");
    if (found == BD_EMALFORMED)
        check(other.err_col >= 1 && other.err_col <= chars + 1 && other.err_msg[0],
              "row grid fault");
}

/* A digest of one result of bd_read (or bd_reader_finish). */
static uint64_t digest(bd_status status, const bd_record *rec)
{
    uint64_t h = 1469598103934665603u;
    const unsigned char *fields[] = {(const unsigned char *)rec,
                                     (const unsigned char *)rec->row};
    size_t sizes[] = {offsetof(bd_record, row), rec->row_len};
    h = (h ^ (uint64_t)status) * 1099511628211u;
    for (int f = 0; f < 2; f++)
        for (size_t i = 0; i < sizes[f]; i++)
            h = (h ^ fields[f][i]) * 1099511628211u;
    for (int cell = 0; status == BD_OK && rec->has_marks && cell < BD_CELLS; cell++)
        h = (h ^ rec->marks.cand[cell]) * 1099511628211u;
    return h;
}

/* The invariants of a record of pencil marks. */
static void check_marks(const bd_record *rec)
{
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned cand = rec->marks.cand[cell];
        check(cand <= 0x1FF, "a candidate above 9");
        bool single = cand && !(cand & (cand - 1));
        check(single ? rec->grid.cells[cell] && cand >> (rec->grid.cells[cell] - 1) == 1
                     : rec->grid.cells[cell] == 0,
              "pencil marks' givens");
    }
}

/* Where the line that starts at data[at] ends, past its line end (`eol`:
 * '\n', or '\r' whose "\r\n" is one line end); `size` when it has none. */
static size_t next_line(const uint8_t *data, size_t size, size_t at, char eol, bool *ended)
{
    const uint8_t *nl = at < size ? memchr(data + at, eol, size - at) : NULL;
    *ended = nl != NULL;
    if (!nl)
        return size;
    at = (size_t)(nl - data) + 1;
    return at + (eol == '\r' && at < size && data[at] == '\n');
}

enum { MAX_RESULTS = 8192 };

/* Reads `data` in pieces cut after some line ends (picked by `seed`) and
 * checks the results against `want`, the `n` digests of one reader. */
static void check_pieces(bd_reader *reader, const uint8_t *data, size_t size, uint64_t seed,
                         bd_role role, const uint64_t *want, size_t n)
{
    char eol = bd_line_end(data, size);
    uint8_t *piece = malloc(size + 1);
    bd_record rec;
    bd_reader_mark mark;
    size_t from = 0, at = 0, got = 0;
    unsigned long lines = 0, lines_before = 0, records = 0;
    check(piece != NULL, "out of memory");
    for (bool first = true, last = false; !last; first = false) {
        do {                         /* the next line end the seed picks */
            bool ended;
            at = next_line(data, size, at, eol, &ended);
            lines += ended;
            seed = seed * 6364136223846793005u + 1442695040888963407u;
        } while (at < size && (seed >> 61) != 0);
        last = at == size;
        memcpy(piece, data + from, at - from);
        bd_reader_init_piece(reader, first ? NULL : &mark, piece, at - from, lines_before, last);
        if (first)
            bd_reader_set_role(reader, role);
        bd_status status;
        while ((status = bd_read(reader, &rec)) != BD_EOF) {
            check(got < n && digest(status, &rec) == want[got], "a piece reads otherwise");
            got++;
        }
        records += bd_reader_records(reader);
        bd_reader_mark_of(reader, &mark);
        size_t cut_at;
        unsigned long cut_line;
        if (bd_reader_cut(reader, &cut_at, &cut_line)) {
            check(!last, "the last piece cut");
            from += cut_at;
            lines_before = cut_line - 1;
        } else {
            from = at;
            lines_before = lines;
        }
    }
    bd_status status = bd_reader_finish(&mark, records, &rec);
    if (status != BD_EOF) {
        check(got < n && digest(status, &rec) == want[got], "the count checked otherwise");
        got++;
    }
    check(got == n, "pieces read fewer results");
    free(piece);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint64_t digests[MAX_RESULTS];
    size_t results = 0;
    uint64_t seed = size;
    for (size_t i = 0; i < size; i++)
        seed = (seed ^ data[i]) * 1099511628211u;
    bd_reader *reader = malloc(sizeof *reader);
    bd_record rec;
    unsigned long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n' || data[i] == '\r';
    bd_role role = seed & 1 ? BD_ROLE_ANSWERS : BD_ROLE_PUZZLES;
    check(reader != NULL, "out of memory");
    bd_reader_init_mem(reader, data, size);
    bd_reader_set_role(reader, role);
    unsigned long records = 0, last_line = 0;
    bd_status status;
    while ((status = bd_read(reader, &rec)) != BD_EOF) {
        check(status == BD_OK || status == BD_EMALFORMED || status == BD_EINPUT,
              "unexpected status");
        check(records++ <= size, "more records than bytes");
        if (status == BD_OK) {
            check(bd_format(&rec.grid, rec.shape, (char[BD_FORMAT_MAX]){0}) > 0, "format");
            for (int cell = 0; cell < BD_CELLS; cell++)
                check(rec.grid.cells[cell] <= 9, "cell out of range");
            check(rec.line > last_line || status != BD_OK, "records out of order");
            check(!rec.no_solution || role == BD_ROLE_ANSWERS, "no solution to a reader of puzzles");
            if (rec.has_marks)
                check_marks(&rec);
            last_line = rec.line;
        } else {
            check(rec.err_line >= 1 && rec.err_line <= lines, "fault line out of range");
            check(rec.err_col >= 1, "fault column");
            check(rec.err_msg[0] != '\0', "fault without message");
            check(memchr(rec.err_msg, '\0', sizeof rec.err_msg) != NULL, "unterminated message");
        }
        if (rec.separator && status != BD_EINPUT)
            check_row(reader, &rec, status);
        check(!bd_reader_header(reader, NULL) || bd_reader_separator(reader), "header");
        if (results < MAX_RESULTS)
            digests[results] = digest(status, &rec);
        results++;
    }
    check(bd_read(reader, &rec) == BD_EOF, "EOF is not final");
    if (results <= MAX_RESULTS)
        check_pieces(reader, data, size, seed, role, digests, results);
    free(reader);
    return 0;
}
