/*
 * text.c - text_put: printf-style pieces appended to a caller's buffer
 * (text.h).
 */
#include "core/text.h"

#include <stdarg.h>
#include <stdio.h>

void text_put(text_buf *t, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, args);
    va_end(args);
    if (n > 0)
        t->len += (size_t)n;
}
