/*
 * input.c - the inputs of the command line: files and standard input
 * opened by name, read as input comes (for pipes and people typing, so
 * that bitdoku answers each puzzle as soon as it is complete), and the
 * faults of the input reported as `bitdoku: FILE:LINE:COL: message`.
 *
 * Input is read with read(2) on the stream's descriptor, which returns what
 * is there instead of waiting for a full buffer as fread does. Before it
 * would have to wait (poll says nothing is ready), it calls the source's
 * before_wait hook, which writes out every answer owed so far. Without
 * POSIX, input is read with fread and the hook runs before every read.
 */
#include "platform.h"

#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef BITDOKU_POSIX
#include <poll.h>
#include <unistd.h>
#endif

/* True when reading `file` now would wait for more input. */
static bool would_wait(FILE *file)
{
#ifdef BITDOKU_POSIX
    struct pollfd ready = {.fd = fileno(file), .events = POLLIN};
    int polled;
    do
        polled = poll(&ready, 1, 0);
    while (polled < 0 && errno == EINTR);
    return polled == 0;
#else
    (void)file;
    return true;
#endif
}

/* The bd_read_fn of a source (context: the source): reads what `file`
 * holds now; calls before_wait first when that would mean waiting. */
static size_t source_read(void *context, void *buf, size_t size)
{
    source *src = context;
    if (src->before_wait && would_wait(src->file))
        src->before_wait(src->wait_context);
#ifdef BITDOKU_POSIX
    ssize_t got;
    do
        got = read(fileno(src->file), buf, size);
    while (got < 0 && errno == EINTR);
    return got < 0 ? BD_READ_ERROR : (size_t)got;
#else
    size_t got = fread(buf, 1, size, src->file);
    return got == 0 && ferror(src->file) ? BD_READ_ERROR : got;
#endif
}

bool source_open(source *src, const char *name, FILE *in, FILE *err)
{
    bool is_stdin = strcmp(name, "-") == 0;
    *src = (source){.name = is_stdin ? "<stdin>" : name, .err = err, .file = in,
                    .owned = !is_stdin};
    if (!is_stdin && !(src->file = fopen(name, "rb"))) {
        fprintf(err, "bitdoku: %s: %s\n", name, strerror(errno));
        return false;
    }
    src->reader = malloc(sizeof *src->reader);
    if (!src->reader) {
        fprintf(err, "bitdoku: out of memory\n");
        source_close(src);
        return false;
    }
    bd_reader_init_fn(src->reader, source_read, src);
    return true;
}

void source_close(source *src)
{
    if (src->owned && src->file)
        fclose(src->file);
    free(src->reader);
    src->file = NULL;
    src->reader = NULL;
}

bd_status source_next(source *src, bd_record *rec)
{
    for (;;) {
        bd_status status = bd_read(src->reader, rec);
        if (status == BD_OK || status == BD_EOF)
            return status;
        if (status == BD_EIO) {
            fprintf(src->err, "bitdoku: %s: read error: %s\n", src->name, strerror(errno));
            src->failed = true;
            return BD_EOF;
        }
        if (src->before_wait)
            src->before_wait(src->wait_context);   /* keeps stdout and stderr in step */
        fprintf(src->err, "bitdoku: %s:%lu:%lu: %s\n", src->name, rec->err_line,
                rec->err_col, rec->err_msg);
        if (status == BD_EMALFORMED) {
            src->malformed = true;
            return status;
        }
        src->misframed = true;   /* BD_EINPUT: not a record, so no answer */
    }
}
