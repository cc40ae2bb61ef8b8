/*
 * text.h - text written into a caller's buffer of fixed size, as the
 * library's step texts are: each piece appended printf-style and cut at
 * the end of the buffer, while `len` goes on counting what the whole text
 * needs (so a caller can tell it was cut and how much room it wants).
 */
#ifndef BITDOKU_TEXT_H
#define BITDOKU_TEXT_H

#include "core/bits.h"

#include <stddef.h>

/* A caller's buffer of `size` bytes and the length of the text so far. */
typedef struct text_buf {
    char *buf;
    size_t size, len;
} text_buf;

/* Appends printf-style text to t, cut (and always ended by a NUL) at the
 * end of the buffer; t->len counts all of it. */
BDI_PRINTF_LIKE(2, 3)
void text_put(text_buf *t, const char *fmt, ...);

#endif
