/*
 * piece.h - a piece of an input: a chunk of its whole lines (input.h), then
 * the answers to its records (piece.c) with the diagnostics owed between
 * them, the unit of work of the answering threads (batch.c).
 */
#ifndef BITDOKU_CLI_PIECE_H
#define BITDOKU_CLI_PIECE_H

#include "answer.h"
#include "bitdoku.h"
#include "input.h"
#include "settings.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A line for stderr, owed at a point of a piece's answers. */
typedef struct note {
    size_t at;              /* after this many bytes of the answers' text */
    size_t start, len;      /* the line: piece.note_text[start..start + len) */
    bool flush_first;       /* write out the answers before it (a fault or a
                               failure, so that stdout and stderr keep step) */
} note;

/*
 * A piece of an input: a chunk of whole lines (source_fill fills it), then
 * the answers to its records as text ready to write, with the diagnostics
 * owed between them (piece.c), written in input order by output.c. Zero-
 * initialise it before first use; piece_free releases its buffers, which
 * are kept from one use to the next.
 */
typedef struct piece {
    /* what to read */
    chunk input;
    bd_reader_mark at;              /* unless input.first: where the reader
                                       stands before it */
    double seconds;                 /* how long answering it took */
    /* the answers and diagnostics */
    char *text;
    size_t text_len, text_cap;
    note *notes;
    size_t note_count, note_cap;
    char *note_text;
    size_t note_text_len, note_text_cap;
    bool out_of_memory;             /* the answers could not all be kept */
    bool any;                       /* some answer; then: */
    bool first_block, last_block;   /* whether the first and last are blocks */
    uint64_t by_outcome[OUTCOME_KINDS];
    bd_stats stats;
    bool malformed, misframed;      /* faults of records, of the input */
    /* where the reader ended */
    unsigned long records;
    bd_reader_mark end;
    bool cut;                       /* a grid ran on past the end of the data: */
    size_t cut_at;                  /* from here */
    unsigned long cut_line;
    char separator;                 /* the input's rows (bd_reader_separator) */
    bool has_header;                /* and its header row: */
    size_t header_len;
    char header[BD_LINE_MAX + 1];
} piece;

/* What answering a piece needs besides it: one per thread. */
typedef struct piece_tools {
    bd_reader reader;
    bd_record rec;
    answer ans;
} piece_tools;

/* Reads the records of `p` (from p->at, or from the start of the input)
 * and answers them, noting the faults of input `name` in order. */
void piece_answer(const settings *s, const char *name, piece *p, piece_tools *tools);

/* Releases the buffers of a piece, of its tools. */
void piece_free(piece *p);
void piece_tools_free(piece_tools *tools);

#endif
