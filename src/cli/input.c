/*
 * io.c - what the command line needs from the operating system beyond
 * C11, each with a plain C fallback: whether a stream is a terminal (for
 * the progress line), and reading input as it comes (for pipes and people
 * typing), so that bitdoku answers each puzzle as soon as it is complete.
 *
 * Input is read with read(2) on the stream's descriptor, which returns what
 * is there instead of waiting for a full buffer as fread does. Before it
 * would have to wait (poll says nothing is ready), it calls the source's
 * before_wait hook, which writes out every answer owed so far. Without
 * POSIX, input is read with fread and the hook runs before every read.
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L
#define BITDOKU_POSIX 1
#endif

#include "cli.h"

#include <errno.h>

#ifdef BITDOKU_POSIX
#include <poll.h>
#include <unistd.h>
#endif

bool cli_is_terminal(FILE *stream)
{
#ifdef BITDOKU_POSIX
    return isatty(fileno(stream)) == 1;
#else
    (void)stream;
    return false;
#endif
}

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

size_t source_read(void *context, void *buf, size_t size)
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
