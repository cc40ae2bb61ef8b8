/*
 * pieces.c - one input read in pieces, e.g. on several threads, with the
 * records and faults one reader of the whole input gives.
 *
 * A piece is a run of whole lines in memory, read by a reader of its own
 * (bd_reader_init_piece) that starts from a mark: the few fields that say
 * where a reader stands between records (its state, its role, its line
 * end, whether the last line was a grid's 9th row, the separator, the
 * fields of rows of CSV, and the count line), copied from the mark
 * where the reader of the piece before ended. Two things differ from a
 * reader of a whole input, both kept by reader.c: a grid that the data of
 * a piece ends inside of, when more data may follow, is not returned but
 * noted as cut (bd_reader_cut says where it began, and the next piece
 * starts with its bytes); and at the end of a piece the reader stops where
 * it is, so that its mark can be read. The count line is checked once, at
 * the end of the input (bd_reader_finish), against the records of all the
 * pieces. A caller that holds a long line in bounded memory shortens it
 * with bd_line_shorten (lines.c).
 */
#include "io.h"

/* Starts `reader` on the piece `data` (`len` bytes, borrowed) after
 * `lines_before` lines, from mark `at` (NULL: the start of the input);
 * `last`: no piece follows it. */
void bd_reader_init_piece(bd_reader *reader, const bd_reader_mark *at, const void *data,
                          size_t len, unsigned long lines_before, bool last)
{
    bd_reader_init_mem(reader, data, len);
    reader->piece = true;
    reader->last_piece = last;
    reader->line_no = lines_before;
    if (!at)
        return;
    reader->state = at->state;
    reader->separator = at->separator;
    reader->puzzle_field = at->puzzle_field;
    reader->puzzle_field_line = at->puzzle_field_line;
    reader->puzzle_named = at->puzzle_named;
    reader->answer_field = at->answer_field;
    reader->role = at->role;
    reader->line_end = at->line_end;
    reader->after_grid = at->after_grid;
    reader->header_count = at->header_count;
    reader->header_line = at->header_line;
}

/* Writes where `reader` stands into `mark`. */
void bd_reader_mark_of(const bd_reader *reader, bd_reader_mark *mark)
{
    *mark = (bd_reader_mark){
        .state = reader->state,
        .separator = reader->separator,
        .puzzle_field = reader->puzzle_field,
        .puzzle_field_line = reader->puzzle_field_line,
        .puzzle_named = reader->puzzle_named,
        .answer_field = reader->answer_field,
        .role = reader->role,
        .line_end = reader->line_end,
        .after_grid = reader->after_grid,
        .header_count = reader->header_count,
        .header_line = reader->header_line,
    };
}

/* True when marks `a` and `b` are the same place. */
bool bd_reader_mark_equal(const bd_reader_mark *a, const bd_reader_mark *b)
{
    return a->state == b->state && a->separator == b->separator
           && a->puzzle_field == b->puzzle_field
           && a->puzzle_field_line == b->puzzle_field_line
           && a->puzzle_named == b->puzzle_named && a->answer_field == b->answer_field
           && a->role == b->role && a->line_end == b->line_end
           && a->after_grid == b->after_grid && a->header_count == b->header_count && a->header_line == b->header_line;
}

/* True when `reader`'s last record ran past the end of its piece; where
 * it began into `offset` and `line` (either may be NULL; 0 when none). */
bool bd_reader_cut(const bd_reader *reader, size_t *offset, unsigned long *line)
{
    if (offset)
        *offset = reader->cut ? reader->cut_at : 0;
    if (line)
        *line = reader->cut ? reader->cut_line : 0;
    return reader->cut;
}

/* The records `reader` has returned. */
unsigned long bd_reader_records(const bd_reader *reader)
{
    return reader->records;
}

/* At the end of an input read in pieces: the check of its count line,
 * from `mark` (where the last piece ended), against `records`. */
bd_status bd_reader_finish(const bd_reader_mark *mark, unsigned long records,
                           bd_record *record)
{
    bdi_record_clear(record);
    return bdi_check_count(mark->header_count, mark->header_line, records, record);
}
