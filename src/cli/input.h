/*
 * input.h - the inputs of the command line (input.c): a file or standard
 * input read as input comes, record by record or cut into chunks of whole
 * lines (the data of the pieces that batch.c answers), its faults
 * reported.
 */
#ifndef BITDOKU_CLI_INPUT_H
#define BITDOKU_CLI_INPUT_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A run of whole lines of an input, as source_fill hands them out.
 * Zero-initialise it before first use; chunk_free releases its buffer,
 * which is kept from one fill to the next. */
typedef struct chunk {
    char *data;
    size_t len, cap;
    unsigned long lines_before;     /* lines of the input before `data` */
    bool first;                     /* the first chunk of its input */
    bool last;                      /* the input ends with this chunk */
} chunk;

/* Makes room for `more` bytes of data; false when there is none. */
bool chunk_reserve(chunk *c, size_t more);

/* Makes `c` begin with the `len` bytes at `bytes`, which come `lines`
 * lines before its data; false when there is no memory for them. */
bool chunk_prepend(chunk *c, const char *bytes, size_t len, unsigned long lines);

/* Releases the buffer of a chunk. */
void chunk_free(chunk *c);

/* The number of line ends (`line_end`: '\n', or '\r' for CR line ends)
 * in s[0..len). */
unsigned long count_line_ends(const char *s, size_t len, char line_end);

/* The bytes read ahead from one input (sized_detect.c, to tell the size of
 * its boards), which the reader of that input then starts from. */
typedef struct input_ahead {
    const char *name;       /* the operand ("-": standard input); NULL: none held */
    FILE *file;             /* it, open (closed by whoever takes it, unless it
                               is standard input) */
    char *bytes;            /* what was read from it, in order */
    size_t len;
} input_ahead;

/* Reads what `file` holds now with read(2) (fread without POSIX), at most
 * `size` bytes: their number, 0 at the end, BD_READ_ERROR on a fault. */
size_t input_read(FILE *file, void *buf, size_t size);

/* When `ahead` holds the input called `name`: hands its stream and bytes
 * over (the caller frees the bytes and closes a stream that is not
 * standard input) and returns true; `ahead` holds nothing after that. */
bool input_ahead_take(input_ahead *ahead, const char *name, FILE **file, char **bytes,
                      size_t *len);

/* Frees what `ahead` still holds (closing its stream unless it is `in`). */
void input_ahead_free(input_ahead *ahead, FILE *in);

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
    bool started;           /* a chunk has been handed out */
    bool ended;             /* all of it has been read (or it failed) */
    unsigned long lines;    /* whole lines handed out in chunks */
    char line_end;          /* '\n', '\r' (bd_line_end); 0 until known */
    char *rest;             /* an unfinished line read ahead */
    size_t rest_len, rest_cap;
    char *ahead;            /* bytes read before the source opened, read first */
    size_t ahead_len, ahead_at;
} source;

/* True when `file` is an interactive terminal (false where that cannot be
 * told). */
bool input_is_terminal(FILE *file);

/* Opens the input called `name` ("-": `in`, shown as <stdin>) for reading
 * records, starting from what `ahead` (may be NULL) holds of it; false
 * (with a message on `err`) when it cannot be opened. */
bool source_open(source *src, const char *name, FILE *in, input_ahead *ahead, FILE *err);

/* Closes what source_open opened. */
void source_close(source *src);

/* The next record to answer: BD_OK or BD_EMALFORMED (already reported);
 * BD_EOF when there are no more (after a read error too). */
bd_status source_next(source *src, bd_record *rec);

/* Fills c->data with the next whole lines of the input: what one read
 * brings (at most `size` bytes, and what was left over), cut after its
 * last line end; reads on while there is none. At the end of the input:
 * the rest, maybe empty or a line without an end, and c->last (unless
 * reading failed). Sets c->lines_before and c->first. False when nothing
 * is left, or there is no memory. */
bool source_fill(source *src, chunk *c, size_t size);

#endif
