/*
 * input.h - the inputs of the command line (input.c): a file or standard
 * input read as input comes, record by record or cut into pieces of whole
 * lines, its faults reported.
 */
#ifndef BITDOKU_CLI_INPUT_H
#define BITDOKU_CLI_INPUT_H

#include "bitdoku.h"
#include "piece.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Reads the records of one input, and reports the faults of the input. */
typedef struct source {
    bd_reader *reader;      /* reading `file` through source_read */
    FILE *file;
    bool owned;             /* `file` was opened here and is closed here */
    const char *name;       /* for messages */
    FILE *err;
    void (*before_wait)(void *context);  /* writes out the answers owed */
    void *wait_context;
    bool malformed;         /* some record was malformed */
    bool misframed;         /* text after 'end', or a count that did not match */
    bool failed;            /* the input could not be read */
    bool started;           /* a piece has been handed out */
    bool ended;             /* all of it has been read (or it failed) */
    unsigned long lines;    /* whole lines handed out in pieces */
    char *rest;             /* an unfinished line read ahead */
    size_t rest_len, rest_cap;
} source;

/* Opens the input called `name` ("-": `in`, shown as <stdin>) for reading
 * records; false (with a message on `err`) when it cannot be opened. */
bool source_open(source *src, const char *name, FILE *in, FILE *err);

/* Closes what source_open opened. */
void source_close(source *src);

/* The next record to answer: BD_OK or BD_EMALFORMED (already reported);
 * BD_EOF when there are no more (after a read error too). */
bd_status source_next(source *src, bd_record *rec);

/* Fills p->data with the next whole lines of the input: what one read
 * brings (at most `size` bytes, and what was left over), cut after its
 * last line end; reads on while there is none. At the end of the input:
 * the rest, maybe empty or a line without an end, and p->last (unless
 * reading failed). Sets p->lines_before and p->first. False when nothing
 * is left, or there is no memory. */
bool source_fill(source *src, piece *p, size_t size);

#endif
