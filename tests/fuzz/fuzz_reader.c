/*
 * fuzz_reader.c - libFuzzer target: any bytes -> records.
 *
 * Checks what must hold for every input: the reader ends, every record it
 * returns has cells 0..9 and a shape, every fault has a 1-based position
 * within the input's lines and a message, and the input is read exactly
 * as the same bytes split over a stream would be. Rows of CSV and TSV:
 * the row is kept whole and ended, its puzzle's field exists, a header
 * comes only with a separator, and the grid beside the puzzle
 * (bd_row_grid) is found after it, with a fault inside the row.
 */
#include "bitdoku.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bd_reader *reader = malloc(sizeof *reader);
    bd_record rec;
    unsigned long lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    check(reader != NULL, "out of memory");
    bd_reader_init_mem(reader, data, size);
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
    }
    check(bd_read(reader, &rec) == BD_EOF, "EOF is not final");
    free(reader);
    return 0;
}
