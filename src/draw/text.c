/*
 * text.c - the text writer beneath the pictures: bytes gathered into a
 * fixed buffer (bdd_out) and handed to the caller's bd_write_fn when it
 * fills and at the end, so that a picture of any size costs a few calls
 * and no allocation.
 *
 * Text that comes from outside the code (captions, titles, symbols) is
 * escaped as XML wants it, for character data and attribute values alike:
 * the five markup characters as entities, and anything that would make
 * the document ill-formed (bytes that are not well-formed UTF-8, control
 * characters, the non-characters U+FFFE and U+FFFF) as U+FFFD, the
 * replacement character. Numbers are written from integers (tenths of a
 * unit for coordinates) by hand, never through printf's locale.
 */
#include "draw.h"

#include <string.h>

void bdd_out_init(bdd_out *out, bd_write_fn write, void *context)
{
    out->write = write;
    out->context = context;
    out->failed = false;
    out->len = 0;
}

/* Hands the buffer over and empties it; a failure is kept. */
static void hand_over(bdd_out *out)
{
    if (out->len && !out->failed && !out->write(out->context, out->buf, out->len))
        out->failed = true;
    out->len = 0;
}

void bdd_put_bytes(bdd_out *out, const char *bytes, size_t len)
{
    while (len > 0) {
        if (out->len == sizeof out->buf)
            hand_over(out);
        size_t room = sizeof out->buf - out->len;
        size_t part = len < room ? len : room;
        memcpy(out->buf + out->len, bytes, part);
        out->len += part;
        bytes += part;
        len -= part;
    }
}

void bdd_put(bdd_out *out, const char *text)
{
    /* Byte by byte: the markup comes in short strings, for which this
     * costs less than measuring them and copying them whole. */
    for (; *text; text++) {
        if (out->len == sizeof out->buf)
            hand_over(out);
        out->buf[out->len++] = *text;
    }
}

size_t bdd_xml_char(const unsigned char *text, size_t len)
{
    unsigned char lead = text[0];
    if (lead < 0x80)
        return lead >= 0x20 || lead == '\t' || lead == '\n' || lead == '\r' ? 1 : 0;
    size_t size = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
    if (size == 0 || size > len)
        return 0;
    uint32_t code = lead & (0x7Fu >> size);
    for (size_t i = 1; i < size; i++) {
        if ((text[i] & 0xC0) != 0x80)
            return 0;
        code = code << 6 | (text[i] & 0x3Fu);
    }
    static const uint32_t SMALLEST[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < SMALLEST[size] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)
        || code == 0xFFFE || code == 0xFFFF)
        return 0;
    return size;
}

/* The entity for a markup character, or NULL. */
static const char *entity(char ch)
{
    switch (ch) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return NULL;
    }
}

void bdd_put_text_n(bdd_out *out, const char *text, size_t len)
{
    const unsigned char *bytes = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        size_t size = bdd_xml_char(bytes + i, len - i);
        const char *name = size == 1 ? entity(text[i]) : NULL;
        if (name)
            bdd_put(out, name);
        else if (size)
            bdd_put_bytes(out, text + i, size);
        else
            bdd_put(out, "\xEF\xBF\xBD");    /* U+FFFD for one bad byte */
        i += size ? size : 1;
    }
}

void bdd_put_text(bdd_out *out, const char *text)
{
    bdd_put_text_n(out, text, strlen(text));
}

/* The most bytes a number takes: a sign, 20 digits, a point and a tenth. */
enum { NUMBER_MAX = 24 };

/* Writes `magnitude`'s digits, with a sign if `negative`, straight into
 * the buffer (which has room for NUMBER_MAX bytes). */
static void put_digits(bdd_out *out, unsigned long magnitude, bool negative)
{
    char digits[NUMBER_MAX];
    size_t at = sizeof digits;
    do {
        digits[--at] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (negative)
        digits[--at] = '-';
    while (at < sizeof digits)
        out->buf[out->len++] = digits[at++];
}

/* Makes room for a number in the buffer. */
static void room_for_number(bdd_out *out)
{
    if (sizeof out->buf - out->len < NUMBER_MAX)
        hand_over(out);
}

void bdd_put_int(bdd_out *out, long value)
{
    room_for_number(out);
    put_digits(out, value < 0 ? 0ul - (unsigned long)value : (unsigned long)value, value < 0);
}

void bdd_put_tenths(bdd_out *out, long tenths)
{
    unsigned long magnitude = tenths < 0 ? 0ul - (unsigned long)tenths : (unsigned long)tenths;
    room_for_number(out);
    put_digits(out, magnitude / 10, tenths < 0);
    if (magnitude % 10) {
        out->buf[out->len++] = '.';
        out->buf[out->len++] = (char)('0' + magnitude % 10);
    }
}

bd_status bdd_flush(bdd_out *out)
{
    hand_over(out);
    return out->failed ? BD_EIO : BD_OK;
}
