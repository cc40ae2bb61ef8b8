/*
 * piece.c - one piece of an input (a chunk of whole lines) -> the answers
 * to its records: read by a reader of its own (bd_reader_init_piece) from
 * the mark where the input's reader stands before it, each record answered
 * (answer.c) and its text appended to the piece's, with a blank line
 * between answers where one of the two is a block. The diagnostics that
 * reading the input one record at a time would print between the answers
 * (a malformed record, text after 'end', an answer that failed, --stats
 * on target) are kept as notes at their place in the text, for output.c to
 * write in the same order. This runs on any thread; a piece is answered by
 * one thread at a time.
 */
#include "piece.h"
#include "answer.h"
#include "bitdoku.h"
#include "input.h"
#include "printf_like.h"
#include "settings.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Grows `*buf` (of `*cap` bytes, `used` of them in use) to hold `more`
 * bytes more; false when there is no memory. */
static bool grow(void **buf, size_t *cap, size_t used, size_t more, size_t item)
{
    if (used + more <= *cap)
        return true;
    size_t want = *cap ? *cap : 4096 / item;
    while (want < used + more)
        want *= 2;
    void *bigger = realloc(*buf, want * item);
    if (!bigger)
        return false;
    *buf = bigger;
    *cap = want;
    return true;
}

/* Appends `len` bytes to the answers' text. */
static void add_text(piece *p, const char *text, size_t len)
{
    if (!grow((void **)&p->text, &p->text_cap, p->text_len, len, 1)) {
        p->out_of_memory = true;
        return;
    }
    memcpy(p->text + p->text_len, text, len);
    p->text_len += len;
}

/* Adds a note at the current end of the text. */
CLI_PRINTF_LIKE(3, 4)
static void add_note(piece *p, bool flush_first, const char *fmt, ...)
{
    char line[BD_LINE_MAX + 256];
    va_list args;
    va_start(args, fmt);
    int len = vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    size_t n = len < 0 ? 0 : (size_t)len < sizeof line ? (size_t)len : sizeof line - 1;
    if (n == 0)
        return;
    if (!grow((void **)&p->notes, &p->note_cap, p->note_count, 1, sizeof(note))
        || !grow((void **)&p->note_text, &p->note_text_cap, p->note_text_len, n, 1)) {
        p->out_of_memory = true;
        return;
    }
    memcpy(p->note_text + p->note_text_len, line, n);
    p->notes[p->note_count++] = (note){.at = p->text_len, .start = p->note_text_len,
                                       .len = n, .flush_first = flush_first};
    p->note_text_len += n;
}

/* Appends an answer, as output_answer would write it after the others. */
static void add_answer(const settings *s, const char *name, piece *p, const answer *a)
{
    if (!p->any)
        p->first_block = a->block;
    else if (a->block || p->last_block)
        add_text(p, "\n", 1);
    if (a->len)
        add_text(p, a->text, a->len);
    else   /* an answer with no room for its text at all */
        add_text(p, "error\n", 6);
    p->any = true;
    p->last_block = a->block;
    p->by_outcome[a->outcome]++;
    p->stats.nodes += a->stats.nodes;
    p->stats.guesses += a->stats.guesses;
    if (a->failure)
        add_note(p, true, "bitdoku: %s:%lu: %s\n", name, a->line, a->failure);
    if (s->time_each && a->outcome != OUTCOME_MALFORMED && a->outcome != OUTCOME_FAILED)
        add_note(p, false, "bitdoku: %s:%lu: %llu nodes, %.3f ms\n", name, a->line,
                 (unsigned long long)a->stats.nodes, a->seconds * 1e3);
}

/* Empties the answers of `p`, keeping its buffers. */
static void clear_answers(piece *p)
{
    p->text_len = 0;
    p->note_count = 0;
    p->note_text_len = 0;
    p->out_of_memory = p->any = p->first_block = p->last_block = false;
    memset(p->by_outcome, 0, sizeof p->by_outcome);
    p->stats = (bd_stats){0, 0};
    p->malformed = p->misframed = false;
}

/* Notes where the reader ended, and the input's header row. */
static void note_end(piece *p, const bd_reader *reader)
{
    p->records = bd_reader_records(reader);
    bd_reader_mark_of(reader, &p->end);
    p->cut = bd_reader_cut(reader, &p->cut_at, &p->cut_line);
    p->separator = bd_reader_separator(reader);
    const char *header = bd_reader_header(reader, &p->header_len);
    p->has_header = header != NULL;
    if (header)
        memcpy(p->header, header, p->header_len + 1);
}

void piece_answer(const settings *s, const char *name, piece *p, piece_tools *tools)
{
    clear_answers(p);
    const chunk *in = &p->input;
    bd_reader_init_piece(&tools->reader, in->first ? NULL : &p->at, in->data, in->len,
                         in->lines_before, in->last);
    bd_record *rec = &tools->rec;
    bd_status status;
    while ((status = bd_read(&tools->reader, rec)) != BD_EOF && !p->out_of_memory) {
        if (status != BD_OK) {   /* BD_EMALFORMED or BD_EINPUT (no BD_EIO from memory) */
            add_note(p, true, "bitdoku: %s:%lu:%lu: %s\n", name, rec->err_line, rec->err_col,
                     rec->err_msg);
            p->malformed = p->malformed || status == BD_EMALFORMED;
            p->misframed = p->misframed || status != BD_EMALFORMED;
            if (status != BD_EMALFORMED)
                continue;         /* not a record: no answer */
        }
        answer_record(s, rec, status == BD_EMALFORMED, &tools->ans);
        add_answer(s, name, p, &tools->ans);
    }
    note_end(p, &tools->reader);
}

void piece_free(piece *p)
{
    chunk_free(&p->input);
    free(p->text);
    free(p->notes);
    free(p->note_text);
    memset(p, 0, sizeof *p);
}

void piece_tools_free(piece_tools *tools)
{
    answer_free(&tools->ans);
}
