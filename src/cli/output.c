/*
 * output.c - answers written in input order: a blank line on each side of
 * an answer that is a block (see answer.block), a tally by outcome for the
 * exit status and --stats, a progress line on the terminal for long
 * batches, --csv header rows (the input's names and ours, never a name
 * twice: ours gets the first free suffix _2, _3, ...), and the one place
 * that notices when output fails. --stats counts only the answers known to
 * have been written: after a failure, those that a successful flush sent
 * on; its rates are whole numbers from 10 a second up, else two
 * significant digits.
 *
 * Answers go through stdio's buffer. It is flushed at least every
 * FLUSH_EVERY seconds, so that a slow batch shows its progress downstream
 * and a reader that has gone away is noticed soon.
 */
#include "platform.h"

#include "output.h"
#include "answer.h"
#include "bitdoku.h"
#include "clock.h"
#include "piece.h"

#include <errno.h>
#include <string.h>

#ifdef BITDOKU_POSIX
#include <unistd.h>
#endif

static const double FLUSH_EVERY = 0.1;      /* seconds */
static const double PROGRESS_EVERY = 0.5;

/* True when `stream` is an interactive terminal (false where that cannot
 * be told). */
static bool is_terminal(FILE *stream)
{
#ifdef BITDOKU_POSIX
    return isatty(fileno(stream)) == 1;
#else
    (void)stream;
    return false;
#endif
}

void output_init(output *o, FILE *out, FILE *err)
{
    *o = (output){.out = out, .err = err};
    o->started = cli_seconds();
    o->last_shown = o->started;
    o->last_flush = o->started;
    /* Progress goes to a terminal, and only when answers do not go there too. */
    o->progress = is_terminal(err) && !is_terminal(out) ? err : NULL;
}

/* How many answers have been written, of every outcome. */
static uint64_t total_answers(const output *o)
{
    uint64_t total = 0;
    for (int i = 0; i < OUTCOME_KINDS; i++)
        total += o->by_outcome[i];
    return total;
}

/* Twice a second, from half a second on, rewrites the progress line on
 * the terminal (`now`: cli_seconds()). */
static void show_progress(output *o, double now)
{
    if (now - o->last_shown < PROGRESS_EVERY)
        return;
    unsigned long long total = total_answers(o);
    o->last_shown = now;
    o->progress_shown = true;
    fprintf(o->progress, "\rbitdoku: %llu puzzle%s, %.0f/s ", total, total == 1 ? "" : "s",
            (double)total / (now - o->started));
    fflush(o->progress);
}

/* Rubs out the progress line, if one is shown. */
static void clear_progress(output *o)
{
    if (o->progress_shown)
        fprintf(o->progress, "\r%50s\r", "");
    o->progress_shown = false;
}

/* Flushes the answers so far, before a line on stderr; a failure is
 * noted with its errno, for the message at the end. */
static void flush_answers(output *o)
{
    clear_progress(o);
    if (fflush(o->out) != 0 && !o->write_errno)
        o->write_errno = errno ? errno : EIO;
}

/* Reports what an answer says on stderr: why it failed, or (--stats on
 * target) the effort it took. */
static void report_answer(output *o, const answer *a)
{
    if (a->failure) {
        flush_answers(o);
        if (o->name)
            fprintf(o->err, "bitdoku: %s:%lu: %s\n", o->name, a->line, a->failure);
        else
            fprintf(o->err, "bitdoku: puzzle %lu: %s\n", a->line, a->failure);
    }
    if (o->each && a->outcome != OUTCOME_MALFORMED && a->outcome != OUTCOME_FAILED)
        fprintf(o->each, "bitdoku: %s:%lu: %llu nodes, %.3f ms\n", o->name, a->line,
                (unsigned long long)a->stats.nodes, a->seconds * 1e3);
}

/* Notes that every answer so far has reached the system (a flush
 * succeeded): the tally --stats may report. */
static void confirm_written(output *o)
{
    memcpy(o->written, o->by_outcome, sizeof o->written);
}

/* After some answers have been written: shows progress, and flushes them
 * every FLUSH_EVERY seconds. False once writing has failed. */
static bool after_answers(output *o)
{
    double now = cli_seconds();
    if (o->progress)
        show_progress(o, now);
    if (now - o->last_flush >= FLUSH_EVERY) {
        o->last_flush = now;
        if (fflush(o->out) == 0 && !ferror(o->out))
            confirm_written(o);
    }
    if (!ferror(o->out))
        return true;
    o->failed = true;
    if (!o->write_errno)
        o->write_errno = errno ? errno : EIO;
    return false;
}

/* Writes the text of an answer, with a blank line between it and the one
 * before if either is a block. Nothing for an answer without text, unless
 * it failed: then it had no room for its text at all. */
static void write_text(output *o, const answer *a)
{
    if (!a->len && a->outcome != OUTCOME_FAILED)
        return;
    if (o->any && (a->block || o->last_block))
        fputc('\n', o->out);
    if (a->len)
        fwrite(a->text, 1, a->len, o->out);
    else
        fputs("error\n", o->out);
    o->any = true;
    o->last_block = a->block;
}

bool output_answer(output *o, const answer *a)
{
    write_text(o, a);
    o->by_outcome[a->outcome]++;
    o->stats.nodes += a->stats.nodes;
    o->stats.guesses += a->stats.guesses;
    o->tries += a->tries;
    o->checks += a->checks;
    report_answer(o, a);
    return after_answers(o);
}

void output_note(output *o, const char *line)
{
    flush_answers(o);
    fputs(line, o->err);
}

bool output_piece(output *o, const piece *p)
{
    if (o->any && p->any && (p->first_block || o->last_block))
        fputc('\n', o->out);
    size_t written = 0;
    for (size_t i = 0; i < p->note_count; i++) {
        const note *n = &p->notes[i];
        if (n->at > written)
            fwrite(p->text + written, 1, n->at - written, o->out);
        written = n->at;
        if (n->flush_first)
            flush_answers(o);
        fwrite(p->note_text + n->start, 1, n->len, o->err);
    }
    if (p->text_len > written)
        fwrite(p->text + written, 1, p->text_len - written, o->out);
    if (p->any) {
        o->any = true;
        o->last_block = p->last_block;
    }
    for (int i = 0; i < OUTCOME_KINDS; i++)
        o->by_outcome[i] += p->by_outcome[i];
    o->stats.nodes += p->stats.nodes;
    o->stats.guesses += p->stats.guesses;
    return after_answers(o);
}

bool output_finish(output *o, FILE *err)
{
    errno = 0;
    bool ok = !o->failed && fflush(o->out) == 0 && !ferror(o->out);
    clear_progress(o);
    if (ok) {
        confirm_written(o);
        return true;
    }
    o->failed = true;
    int error = o->write_errno ? o->write_errno : errno;
    if (error != EPIPE)
        fprintf(err, "bitdoku: write error: %s\n", error ? strerror(error) : "unknown");
    return false;
}

bool output_header(output *o, const bd_reader *reader, const char *columns)
{
    size_t len;
    const char *header = bd_reader_header(reader, &len);
    return output_header_row(o, header, len, bd_reader_separator(reader), columns);
}

/* A space or a tab. */
static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t';
}

/* True when row[0..len), fields separated by `sep`, has a field that is
 * `name` (n bytes), case aside, blanks around it and its quotes aside. */
static bool has_name(const char *row, size_t len, char sep, const char *name, size_t n)
{
    for (size_t start = 0; start <= len;) {
        const char *next = memchr(row + start, sep, len - start);
        size_t end = next ? (size_t)(next - row) : len;
        size_t a = start, b = end;
        while (a < b && is_blank(row[a]))
            a++;
        while (b > a && is_blank(row[b - 1]))
            b--;
        if (b - a >= 2 && row[a] == '"' && row[b - 1] == '"') {
            a++;
            b--;
        }
        bool same = b - a == n;
        for (size_t i = 0; same && i < n; i++)
            same = (row[a + i] | 0x20) == (name[i] | 0x20);
        if (same)
            return true;
        start = end + 1;
    }
    return false;
}

/* Appends our column `name` (n bytes) after row[0..*len) and a separator:
 * as it is, or, when the row has that name already (case aside), as the
 * first of name_2, name_3, ... that it has not. False when it does not
 * fit in `size` bytes. */
static bool add_name(char *row, size_t *len, size_t size, char sep, const char *name, size_t n)
{
    char unique[64];
    size_t base = n < sizeof unique - 12 ? n : sizeof unique - 12, m = base;
    memcpy(unique, name, m);
    for (int k = 2; has_name(row, *len, sep, unique, m); k++)
        m = base + (size_t)snprintf(unique + base, sizeof unique - base, "_%d", k);
    if (*len + 1 + m + 1 > size)
        return false;
    row[(*len)++] = sep;
    memcpy(row + *len, unique, m);
    *len += m;
    return true;
}

bool output_header_row(output *o, const char *header, size_t len, char separator,
                       const char *columns)
{
    if (separator && !header)
        return true;            /* a CSV or TSV input without a header */
    if (!separator) {
        header = "puzzle";
        len = strlen(header);
        separator = ',';
    }
    char row[sizeof o->header];
    if (len + 1 > sizeof row)
        return true;            /* cannot be: a header line is at most BD_LINE_MAX */
    memcpy(row, header, len);
    for (const char *name = columns; *name;) {   /* our names are joined by commas */
        size_t n = strcspn(name, ",");
        if (!add_name(row, &len, sizeof row, separator, name, n))
            return true;        /* cannot be: our names are short */
        name += n + (name[n] == ',');
    }
    row[len++] = '\n';
    if (o->header_written && len == o->header_len && memcmp(row, o->header, len) == 0)
        return true;
    memcpy(o->header, row, len);
    o->header_len = len;
    o->header_written = true;
    fwrite(row, 1, len, o->out);
    return !ferror(o->out);
}

/* A rate of `count` in `seconds` as --stats writes it into `out` (at
 * least 16 bytes): whole numbers from 10 up, else two significant digits
 * (one puzzle in 4.4 s is "0.23", not "0"). */
static const char *rate_text(double count, double seconds, char *out, size_t size)
{
    double rate = seconds > 0 ? count / seconds : 0.0;
    snprintf(out, size, rate >= 10 || rate == 0 ? "%.0f" : "%.2g", rate);
    return out;
}

/* "s" unless `n` is one. */
static const char *plural(unsigned long long n)
{
    return n == 1 ? "" : "s";
}

void output_summary(const output *o, FILE *err)
{
    /* After a failed write, only the answers known to have been written
     * count: the rest may be lost. */
    const uint64_t *n = o->failed ? o->written : o->by_outcome;
    double seconds = cli_seconds() - o->started;
    unsigned long long total = total_answers(o);
    unsigned long long searched = o->by_outcome[OUTCOME_ANSWERED]
                                  + o->by_outcome[OUTCOME_NO_SOLUTION]
                                  + o->by_outcome[OUTCOME_CUT_SHORT];
    double per = searched ? 1.0 / (double)searched : 0.0;
    fprintf(err, "bitdoku: %llu puzzle%s", total, plural(total));
    if (o->failed)
        fputs("; output failed, and of their answers only these are known to be written", err);
    fprintf(err, ": %llu answered, %llu without solution, %llu cut short, %llu malformed",
            (unsigned long long)n[OUTCOME_ANSWERED], (unsigned long long)n[OUTCOME_NO_SOLUTION],
            (unsigned long long)n[OUTCOME_CUT_SHORT],
            (unsigned long long)(n[OUTCOME_MALFORMED] + n[OUTCOME_FAILED]));
    if (n[OUTCOME_REJECTED])   /* check: answered, but not ok */
        fprintf(err, ", %llu rejected", (unsigned long long)n[OUTCOME_REJECTED]);
    char rate[32];
    fprintf(err, "\nbitdoku: %.3f s, %s puzzles/s, %.2f guesses and %.1f nodes per puzzle\n",
            seconds, rate_text((double)total, seconds, rate, sizeof rate),
            (double)o->stats.guesses * per, (double)o->stats.nodes * per);
}

void output_generate_summary(const output *o, FILE *err)
{
    const uint64_t *n = o->failed ? o->written : o->by_outcome;
    double seconds = cli_seconds() - o->started;
    unsigned long long made = n[OUTCOME_ANSWERED], total = total_answers(o);
    double per = total ? 1.0 / (double)total : 0.0;
    fprintf(err, "bitdoku: %llu puzzle%s made", made, plural(made));
    if (o->failed)
        fputs(" (known to be written; output failed)", err);
    char rate[32];
    fprintf(err, ", %llu given up, in %.3f s: %s puzzles/s\n"
                 "bitdoku: per puzzle: %.2f tries, %.1f uniqueness checks, %.1f search nodes\n",
            (unsigned long long)n[OUTCOME_CUT_SHORT], seconds,
            rate_text((double)made, seconds, rate, sizeof rate), (double)o->tries * per,
            (double)o->checks * per, (double)o->stats.nodes * per);
}
