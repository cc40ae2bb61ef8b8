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
 * Bytes read from an input before its source opened (input_ahead: the
 * first record, read to tell the size of the boards) are handed out first.
 *
 * For answering on several threads, the input is handed out in chunks
 * (source_fill), the data of the pieces that batch.c answers: what one
 * read brings, cut after its last line end, the unfinished line kept for
 * the next chunk (shortened by bd_line_shorten when it grows long, so
 * memory stays bounded whatever the input). The line end is the reader's
 * (bd_line_end on the first bytes of the input): '\n', or '\r' for CR
 * line ends, where a chunk is never cut between a '\r' and the '\n'
 * after it. A chunk's buffer grows by
 * doubling and is kept from one fill to the next.
 */
#include "platform.h"

#include "input.h"
#include "bitdoku.h"

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

size_t input_read(FILE *file, void *buf, size_t size)
{
#ifdef BITDOKU_POSIX
    ssize_t got;
    do
        got = read(fileno(file), buf, size);
    while (got < 0 && errno == EINTR);
    return got < 0 ? BD_READ_ERROR : (size_t)got;
#else
    size_t got = fread(buf, 1, size, file);
    return got == 0 && ferror(file) ? BD_READ_ERROR : got;
#endif
}

bool input_ahead_take(input_ahead *ahead, const char *name, FILE **file, char **bytes,
                      size_t *len)
{
    if (!ahead || !ahead->name || strcmp(ahead->name, name) != 0)
        return false;
    *file = ahead->file;
    *bytes = ahead->bytes;
    *len = ahead->len;
    *ahead = (input_ahead){0};
    return true;
}

void input_ahead_free(input_ahead *ahead, FILE *in)
{
    if (ahead->file && ahead->file != in)
        fclose(ahead->file);
    free(ahead->bytes);
    *ahead = (input_ahead){0};
}

/* The bd_read_fn of a source (context: the source): the bytes read ahead
 * first, then what `file` holds now; calls before_wait first when reading
 * would mean waiting. */
static size_t source_read(void *context, void *buf, size_t size)
{
    source *src = context;
    if (src->ahead_at < src->ahead_len) {
        size_t left = src->ahead_len - src->ahead_at, n = left < size ? left : size;
        memcpy(buf, src->ahead + src->ahead_at, n);
        src->ahead_at += n;
        return n;
    }
    if (src->before_wait && would_wait(src->file))
        src->before_wait(src->wait_context);
    return input_read(src->file, buf, size);
}

bool input_is_terminal(FILE *file)
{
#ifdef BITDOKU_POSIX
    return isatty(fileno(file)) == 1;
#else
    (void)file;
    return false;
#endif
}

bool source_open(source *src, const char *name, FILE *in, input_ahead *ahead, FILE *err)
{
    bool is_stdin = strcmp(name, "-") == 0;
    *src = (source){.name = is_stdin ? "<stdin>" : name, .err = err, .file = in,
                    .owned = !is_stdin};
    FILE *taken;
    if (input_ahead_take(ahead, name, &taken, &src->ahead, &src->ahead_len))
        src->file = taken;
    else if (!is_stdin && !(src->file = fopen(name, "rb"))) {
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
    free(src->rest);
    free(src->ahead);
    src->ahead = NULL;
    src->file = NULL;
    src->reader = NULL;
    src->rest = NULL;
}

/* A chunk's buffer at first; it doubles as needed. */
enum { FIRST_CHUNK_BYTES = 4096 };

bool chunk_reserve(chunk *c, size_t more)
{
    if (c->len + more <= c->cap)
        return true;
    size_t want = c->cap ? c->cap : FIRST_CHUNK_BYTES;
    while (want < c->len + more)
        want *= 2;
    char *bigger = realloc(c->data, want);
    if (!bigger)
        return false;
    c->data = bigger;
    c->cap = want;
    return true;
}

bool chunk_prepend(chunk *c, const char *bytes, size_t len, unsigned long lines)
{
    if (!chunk_reserve(c, len))
        return false;
    memmove(c->data + len, c->data, c->len);
    memcpy(c->data, bytes, len);
    c->len += len;
    c->lines_before -= lines;
    return true;
}

void chunk_free(chunk *c)
{
    free(c->data);
    *c = (chunk){0};
}

unsigned long count_line_ends(const char *s, size_t len, char line_end)
{
    unsigned long lines = 0;
    if (len == 0)
        return 0;               /* s may be NULL then */
    for (const char *end = s + len; (s = memchr(s, line_end, (size_t)(end - s))) != NULL; s++)
        lines++;
    return lines;
}

/* Reads once into `c`, after what it holds (room for `size` bytes has been
 * made). Returns the bytes read; 0 at the end of input or after a read
 * error (reported; src->failed). */
static size_t read_more(source *src, chunk *c, size_t size)
{
    size_t got = source_read(src, c->data + c->len, size);
    if (got == BD_READ_ERROR || got > size) {
        fprintf(src->err, "bitdoku: %s: read error: %s\n", src->name, strerror(errno));
        src->failed = true;
        got = 0;
    }
    if (got == 0)
        src->ended = true;
    return got;
}

/* Where the last line end of s[0..len) is, plus one; 0 when none. With CR
 * line ends, a '\r' that ends the bytes at hand is not one yet (a '\n'
 * may follow it, which the line end takes too), unless the input has
 * ended. */
static size_t after_last_line_end(const char *s, size_t len, char line_end, bool ended)
{
    size_t end = len;
    while (end > 0 && s[end - 1] != line_end)
        end--;
    if (line_end != '\r' || end == 0)
        return end;
    if (end < len)
        return end + (s[end] == '\n');
    if (ended)
        return end;
    while (--end > 0 && s[end - 1] != '\r')
        continue;
    return end ? end + (s[end] == '\n') : 0;
}

/* Finds the input's line end (bd_line_end) once its first bytes, c->data,
 * show it: a '\n', or a '\r' and the byte after it; or at its end. */
static void find_line_end(source *src, const chunk *c)
{
    const char *cr = memchr(c->data, '\r', c->len), *lf = memchr(c->data, '\n', c->len);
    if (lf || src->ended || (cr && cr + 1 < c->data + c->len))
        src->line_end = bd_line_end(c->data, c->len);
}

/* Shortens the unfinished line c->data (bd_line_shorten), keeping a '\r'
 * that ends it, which may be half a line end. */
static void shorten(chunk *c)
{
    bool cr = c->len > 0 && c->data[c->len - 1] == '\r';
    c->len = bd_line_shorten(c->data, c->len - cr);
    if (cr)
        c->data[c->len++] = '\r';
}

/* Moves the unfinished line c->data[from..c->len) to src->rest; false
 * when there is no memory. */
static bool keep_rest(source *src, chunk *c, size_t from)
{
    size_t len = c->len - from;
    if (len > src->rest_cap) {
        char *bigger = realloc(src->rest, len);
        if (!bigger)
            return false;
        src->rest = bigger;
        src->rest_cap = len;
    }
    if (len)
        memcpy(src->rest, c->data + from, len);
    src->rest_len = len;
    c->len = from;
    return true;
}

bool source_fill(source *src, chunk *c, size_t size)
{
    if (src->ended && !src->rest_len)
        return false;
    c->first = !src->started;
    src->started = true;
    c->lines_before = src->lines;
    c->last = false;
    c->len = 0;
    if (!chunk_reserve(c, src->rest_len + size))
        return false;
    if (src->rest_len)                             /* an unfinished line */
        memcpy(c->data, src->rest, src->rest_len);
    c->len = src->rest_len;
    src->rest_len = 0;
    while (!src->ended) {
        size_t before = c->len, got = read_more(src, c, size);
        c->len += got;
        if (!src->line_end)
            find_line_end(src, c);
        size_t from = src->line_end == '\r' && before ? before - 1 : before;
        size_t end = src->line_end ? after_last_line_end(c->data + from, c->len - from,
                                                         src->line_end, src->ended)
                                   : 0;
        if (end) {
            if (!keep_rest(src, c, from + end))
                return false;
            src->lines += count_line_ends(c->data, c->len, src->line_end);
            return true;
        }
        /* no line end yet: all of c->data is one unfinished line */
        shorten(c);
        if (!chunk_reserve(c, size))
            return false;
    }
    c->last = !src->failed;   /* after a read error, a grid cut short is dropped */
    src->lines += count_line_ends(c->data, c->len, src->line_end ? src->line_end : '\n');
    return true;
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
