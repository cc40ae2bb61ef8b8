/*
 * lines.c - the line source: bytes -> lines, in constant memory. The
 * bottom of the reader; it knows nothing of what a line holds.
 *
 * Bytes come from memory or from a bd_read_fn (a stdio stream is one),
 * 16 KB at a time into the reader's buffer: r->data[r->data_pos ..
 * r->data_len) are the bytes not yet looked at. A line is the bytes up to
 * its line end (or up to the end of input); a final '\r' is dropped
 * (CRLF), and so is a UTF-8 BOM at the very start of the input. The line
 * end is '\n', unless the first line end of the input is a lone '\r'
 * (classic Mac OS text): then it is '\r' throughout (r->line_end), a
 * '\n' right after it being dropped too. Which it is, is found when the
 * first line ends (after_line_end), as bd_line_end finds it. The line is copied
 * into r->pending, NUL-terminated, with its number and the offset of its
 * first byte in the data: at once when it lies whole among the bytes at
 * hand, the common case, else piece by piece as the buffer is refilled.
 *
 * Only the first BD_LINE_MAX bytes of a line are kept. The dropped tail is
 * read as it goes by, byte by byte, and only three facts of it are kept:
 * whether it is blanks only, whether a '#' after a blank begins a comment
 * in it, or whether it holds anything else. The reader above takes a
 * line whose tail holds anything else for too long (r->pending_long); a
 * row of CSV takes any tail but blanks for too long (r->pending_cut).
 * bd_line_shorten reads a tail the same way, so that a caller can hold a
 * long line in a byte or two past BD_LINE_MAX that stand for its tail.
 */
#include "io.h"

#include <stdio.h>
#include <string.h>

/*
 * Starts `reader` on `read_fn` with `context`, before its first line:
 * nothing read, no count line (-1), no puzzle field (-1), state START.
 * Clears the reader up to its line buffers, which need no clearing.
 */
void bd_reader_init_fn(bd_reader *reader, bd_read_fn read_fn, void *context)
{
    memset(reader, 0, offsetof(bd_reader, pending));
    reader->read_fn = read_fn;
    reader->read_context = context;
    reader->header_count = -1;
    reader->puzzle_field = -1;
    reader->answer_field = -1;
    reader->state = BDI_STATE_START;
}

/* A bd_read_fn on a stdio stream (`context`): fread's bytes, or
 * BD_READ_ERROR when it read none because the stream failed. */
static size_t read_file(void *context, void *buf, size_t size)
{
    FILE *file = context;
    size_t got = fread(buf, 1, size, file);
    return got == 0 && ferror(file) ? BD_READ_ERROR : got;
}

/* Starts `reader` on the open stream `file` (which it does not close). */
void bd_reader_init_file(bd_reader *reader, FILE *file)
{
    bd_reader_init_fn(reader, read_file, file);
}

/* Starts `reader` on `len` bytes at `data` (borrowed: they must outlive
 * the reader); there is no read_fn, so the data are the whole input. */
void bd_reader_init_mem(bd_reader *reader, const void *data, size_t len)
{
    bd_reader_init_fn(reader, NULL, NULL);
    reader->at_end = true;
    reader->data = data;
    reader->data_len = data ? len : 0;
}

/* Makes more bytes available; false at the end of input or on a failure
 * (which sets r->failed). */
static bool refill(bd_reader *r)
{
    if (r->at_end)
        return false;
    size_t got = r->read_fn(r->read_context, r->buf, sizeof r->buf);
    if (got == 0 || got == BD_READ_ERROR || got > sizeof r->buf) {
        r->at_end = true;
        r->failed = got != 0;
        return false;
    }
    r->data = r->buf;
    r->data_len = got;
    r->data_pos = 0;
    return true;
}

/* What the bytes of a line past BD_LINE_MAX hold, read piece by piece. */
typedef struct tail {
    bool started;       /* some bytes were dropped */
    bool after_blank;   /* the byte before is a blank */
    bool comment;       /* a '#' after a blank began a comment */
    bool other;         /* something else: the line is too long */
} tail;

/* A byte that may end a line without counting: space, tab, CR. */
static bool is_tail_blank(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Reads `len` more dropped bytes into `t`. (A comment begun in the kept
 * part is noticed when the line is classified.) */
static void drop_tail(tail *t, const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len && !t->comment && !t->other; i++) {
        if (s[i] == '#' && t->after_blank)
            t->comment = true;
        else if (is_tail_blank(s[i]))
            t->after_blank = true;
        else
            t->other = true;
    }
}

/* The line end of an input whose first bytes are data[0..len): '\r'
 * when the first '\r' or '\n' among them is a '\r' that a byte other
 * than '\n' follows, else '\n' (also when there is none, or the '\r' is
 * the last byte at hand). */
char bd_line_end(const void *data, size_t len)
{
    const char *s = data;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\n')
            return '\n';
        if (s[i] == '\r')
            return i + 1 < len && s[i + 1] != '\n' ? '\r' : '\n';
    }
    return '\n';
}

/* The end of the line that starts at `start` (`avail` bytes at hand): the
 * input's line end; before it is known, the first '\n' or '\r'. */
static const unsigned char *find_end(const bd_reader *r, const unsigned char *start,
                                     size_t avail)
{
    if (r->line_end)
        return memchr(start, r->line_end, avail);
    for (size_t i = 0; i < avail; i++)
        if (start[i] == '\n' || start[i] == '\r')
            return start + i;
    return NULL;
}

/* After a line ended by `end` ('\n' or '\r'): the input's line end, found
 * when it was not known yet ('\r' when the first line ends with a '\r'
 * that no '\n' follows; as bd_line_end says); and with CR line ends, the
 * '\n' of a "\r\n" skipped. When the '\r' was the last byte at hand and
 * more may follow, the next line read skips a '\n' (r->skip_lf); if the
 * line end was not known, it is then '\r', which reads "\r\n" alike. */
static void after_line_end(bd_reader *r, char end)
{
    if (end == '\n' || r->line_end == '\n') {
        r->line_end = '\n';
        return;
    }
    if (r->data_pos < r->data_len) {
        bool lf = r->data[r->data_pos] == '\n';
        r->data_pos += lf;
        if (!r->line_end)
            r->line_end = lf ? '\n' : '\r';
        return;
    }
    bool more = !r->at_end || (r->piece && !r->last_piece);
    if (!r->line_end)
        r->line_end = more ? '\r' : '\n';
    r->skip_lf = r->line_end == '\r';
}

/* Ends the line of `len` bytes now in r->pending, whose tail past
 * BD_LINE_MAX is `dropped`: drops a final CR (unless bytes were dropped)
 * and a BOM at the very start of the input, and sets the fields of the
 * pending line. */
static void end_line(bd_reader *r, size_t len, tail dropped)
{
    if (len > 0 && r->pending[len - 1] == '\r' && !dropped.started)
        len--;
    r->line_no++;
    if (r->line_no == 1 && len >= 3 && memcmp(r->pending, "\xEF\xBB\xBF", 3) == 0) {
        memmove(r->pending, r->pending + 3, len - 3);
        len -= 3;
    }
    r->pending[len] = '\0';
    r->pending_len = len;
    r->pending_long = dropped.other;
    r->pending_cut = dropped.other || dropped.comment;
    r->pending_line = r->line_no;
}

/* bdi_read_line for any line: one that runs past the bytes at hand
 * (refilling them, maybe several times), or past BD_LINE_MAX. */
static bool read_any_line(bd_reader *r)
{
    size_t len = 0;
    bool any = false;
    tail dropped = {.started = false};
    r->pending_at = r->data_pos;
    for (;;) {
        if (r->data_pos == r->data_len && !refill(r))
            break;
        if (r->skip_lf) {
            r->skip_lf = false;
            r->data_pos += r->data[r->data_pos] == '\n';
            r->pending_at = r->data_pos;
            continue;
        }
        const unsigned char *start = r->data + r->data_pos;
        size_t avail = r->data_len - r->data_pos;
        const unsigned char *newline = find_end(r, start, avail);
        size_t take = newline ? (size_t)(newline - start) : avail;
        size_t keep = take < BD_LINE_MAX - len ? take : BD_LINE_MAX - len;
        memcpy(r->pending + len, start, keep);
        len += keep;
        if (keep < take) {
            if (!dropped.started)   /* len is BD_LINE_MAX: the kept part is full */
                dropped.after_blank = is_tail_blank((unsigned char)r->pending[len - 1]);
            dropped.started = true;
            drop_tail(&dropped, start + keep, take - keep);
        }
        r->data_pos += take + (newline != NULL);
        any = true;
        if (newline) {
            after_line_end(r, (char)*newline);
            break;
        }
    }
    if (!any)
        return false;
    end_line(r, len, dropped);
    return true;
}

/* The common case first: a whole line of at most BD_LINE_MAX bytes among
 * the bytes at hand, copied at once; read_any_line reads any other (and
 * the first, after the line end is found, and any with CR line ends). */
bool bdi_read_line(bd_reader *r)
{
    size_t avail = r->data_len - r->data_pos;
    if (r->line_end != '\n' || avail == 0)
        return read_any_line(r);
    const unsigned char *start = r->data + r->data_pos;
    const unsigned char *newline = memchr(start, '\n', avail);
    if (!newline || (size_t)(newline - start) > BD_LINE_MAX)
        return read_any_line(r);
    size_t len = (size_t)(newline - start);
    memcpy(r->pending, start, len);
    r->pending_at = r->data_pos;
    r->data_pos += len + 1;
    end_line(r, len, (tail){.started = false});
    return true;
}

/* Shortens `line` (`len` bytes, changed in place) past BD_PIECE_LINE_MAX:
 * its tail past BD_LINE_MAX becomes one or two bytes that a reader reads
 * as it reads the tail ("x": anything else, " #": a comment, " ": blanks).
 * Returns the new length. */
size_t bd_line_shorten(char *line, size_t len)
{
    if (len <= BD_PIECE_LINE_MAX)
        return len;
    tail dropped = {.started = true,
                    .after_blank = is_tail_blank((unsigned char)line[BD_LINE_MAX - 1])};
    drop_tail(&dropped, (const unsigned char *)line + BD_LINE_MAX, len - BD_LINE_MAX);
    /* bytes that leave a reader's view of the dropped part as it was */
    const char *rest = dropped.other ? "x" : dropped.comment ? " #" : " ";
    size_t rest_len = strlen(rest);
    memcpy(line + BD_LINE_MAX, rest, rest_len);
    return BD_LINE_MAX + rest_len;
}
