/*
 * batch.c - answering the records of every input (run_inputs), each
 * with one or more threads (run_batch), a piece of input at a time.
 *
 * The calling thread cuts the input into pieces of whole lines (input.c:
 * up to a size, or what one read of a pipe brings) and writes their
 * answers out in input order; it neither parses nor formats. With one job
 * pieces are PIECE_BYTES. With N jobs their size follows how long pieces
 * take to answer, aiming at PIECE_SECONDS a piece: from PIECE_MIN_BYTES at
 * first (so that a small file of hard puzzles still makes many pieces for
 * the threads to share, and the last ones end close together) up to
 * PIECE_BYTES (easy puzzles, where a piece's own cost must stay small).
 * Each piece is read and answered whole (piece.c), by the calling thread
 * itself with one job, or with N by one of N worker threads that take the
 * pieces in turn from an ordered ring (ring.c), the calling thread feeding
 * the ring and writing the pieces out as they come back, in order. The
 * ring bounds memory whatever the size of the input.
 *
 * A piece must be read from the mark where the input's reader stands at
 * its first line, which is only known once the piece before it has been
 * read. With one job that is so. With N jobs a piece is read at once from
 * a predicted mark (where the last piece written ended, or at first where
 * the first record of the input left the reader), and checked when it is
 * written: if the piece before it ended elsewhere (say after an 'end'
 * line), or ran a grid past its end (the grid's lines are then carried
 * into this piece), the writer reads and answers the piece again, so the
 * answers are the same as with one job. Inputs of lines and CSV rows never
 * need that; inputs of grids do once a piece, at its cut grid.
 */
#include "batch.h"
#include "bitdoku.h"
#include "clock.h"
#include "input.h"
#include "output.h"
#include "piece.h"
#include "ring.h"
#include "session.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>

enum { PIECE_BYTES = 1 << 16, PIECE_MIN_BYTES = 1 << 10, SLOTS_PER_JOB = 2 };
static const double PIECE_SECONDS = 0.001;


/* What the writer knows of the pieces of the input written so far. */
typedef struct written {
    bool any;                   /* a piece has been written; then: */
    bd_reader_mark end;         /* where the last one's reader ended */
    unsigned long records;      /* records of every piece written */
    char *carry;                /* the lines of a grid the last one cut short */
    size_t carry_len, carry_cap;
    bool header_done;           /* --csv: the input's header row is written */
    char separator;             /* the input's rows and header, as the last */
    bool has_header;            /* piece written found them */
    size_t header_len;
    char header[BD_LINE_MAX + 1];
} written;

typedef struct batch {
    const settings *s;
    source *src;
    output *o;
    written w;
    piece_tools *tools;         /* for the pieces answered on this thread */
} batch;

/* How much input a piece holds with one job. */
static size_t piece_bytes(const batch *b)
{
    return b->s->piece_bytes ? b->s->piece_bytes : PIECE_BYTES;
}

/* Answers a piece on this thread, timing it. */
static void answer_piece(const batch *b, piece *p, piece_tools *tools)
{
    double started = cli_seconds();
    piece_answer(b->s, b->src->name, p, tools);
    p->seconds = cli_seconds() - started;
}

/* With --csv, before the first answer of an input (or at its end if it has
 * none), writes its header row: its own header with our columns, or
 * "puzzle" and ours for text. A CSV or TSV input without a header gets
 * none. False when output failed. */
static bool write_header(batch *b)
{
    written *w = &b->w;
    if (!b->s->csv || w->header_done)
        return true;
    w->header_done = true;
    return output_header_row(b->o, w->has_header ? w->header : NULL, w->header_len,
                             w->separator, b->s->columns);
}

/* Makes `p` start where the last piece written ended: from its mark, with
 * the lines of a grid it cut short. True when that changed where `p` was
 * to be read from (so that it must be answered again); false for the
 * first piece of an input. */
static bool settle(batch *b, piece *p)
{
    written *w = &b->w;
    if (p->input.first)
        return false;
    bool moved = w->carry_len > 0 || !bd_reader_mark_equal(&p->at, &w->end);
    unsigned long lines = count_line_ends(w->carry, w->carry_len,
                                          w->end.line_end ? w->end.line_end : '\n');
    if (w->carry_len && !chunk_prepend(&p->input, w->carry, w->carry_len, lines))
        p->out_of_memory = true;      /* reported when it is written */
    w->carry_len = 0;
    p->at = w->end;
    return moved;
}

/* Keeps the lines of the grid that `p` cut short, for the next piece. */
static bool keep_carry(batch *b, const piece *p)
{
    written *w = &b->w;
    size_t len = p->input.len - p->cut_at;
    if (len > w->carry_cap) {
        char *bigger = realloc(w->carry, len);
        if (!bigger)
            return false;
        w->carry = bigger;
        w->carry_cap = len;
    }
    memcpy(w->carry, p->input.data + p->cut_at, len);
    w->carry_len = len;
    return true;
}

/* Writes the answers of a settled piece; notes where its reader ended.
 * False when output failed (or memory ran out: reported, src->failed). */
static bool write_piece(batch *b, const piece *p)
{
    written *w = &b->w;
    if (p->out_of_memory || (p->cut && !keep_carry(b, p))) {
        output_note(b->o, "bitdoku: out of memory\n");
        b->src->failed = true;
        return false;
    }
    if (!w->header_done) {
        w->separator = p->separator;
        if (p->has_header) {      /* only the piece with the first lines has it */
            w->has_header = true;
            w->header_len = p->header_len;
            memcpy(w->header, p->header, p->header_len + 1);
        }
        if (p->any && !write_header(b))
            return false;
    }
    bool ok = output_piece(b->o, p);
    b->src->malformed = b->src->malformed || p->malformed;
    b->src->misframed = b->src->misframed || p->misframed;
    w->any = true;
    w->end = p->end;
    w->records += p->records;
    return ok;
}

/* At the end of the input: its header row if no answer wrote it, and the
 * check of a count line against the records (not after a read error). */
static bool finish_input(batch *b)
{
    written *w = &b->w;
    bool ok = write_header(b);
    if (w->any && !b->src->failed
        && bd_reader_finish(&w->end, w->records, &b->tools->rec) == BD_EINPUT) {
        char line[sizeof b->tools->rec.err_msg + 256];
        const bd_record *rec = &b->tools->rec;
        snprintf(line, sizeof line, "bitdoku: %s:%lu:%lu: %s\n", b->src->name, rec->err_line,
                 rec->err_col, rec->err_msg);
        output_note(b->o, line);
        b->src->misframed = true;
    }
    return ok;
}

/* Before input would wait: write out what is owed (one thread). */
static void flush_answers(void *context)
{
    output *o = context;
    fflush(o->out);
}

/* Reads, answers and writes the pieces one after another on this thread;
 * false when output failed or memory ran out. */
static bool run_serial(batch *b)
{
    piece *p = calloc(1, sizeof *p);
    bool ok = p != NULL;
    b->src->before_wait = flush_answers;
    b->src->wait_context = b->o;
    while (ok && source_fill(b->src, &p->input, piece_bytes(b))) {
        settle(b, p);
        if (!p->out_of_memory)
            answer_piece(b, p, b->tools);
        ok = write_piece(b, p);
    }
    b->src->before_wait = NULL;
    b->src->wait_context = NULL;
    if (p)
        piece_free(p);
    free(p);
    return ok && finish_input(b);
}

/* The pieces out on the worker threads, and what the feeder knows of
 * the next ones. */
typedef struct feeder {
    batch *b;
    ring r;
    piece *pieces;              /* by slot of the ring */
    piece_tools *tools;         /* by worker thread */
    bd_reader_mark predicted;   /* where the next piece will likely start */
    size_t piece_size;          /* how much input the next piece holds */
} feeder;

/* A ring_work_fn (context: the feeder): answers piece number `job` with
 * the tools of its worker thread. */
static void answer_job(void *context, size_t job, int worker)
{
    feeder *f = context;
    answer_piece(f->b, &f->pieces[job % f->r.slots], &f->tools[worker]);
}

/* Sizes the next pieces after how long `p` took: PIECE_SECONDS' worth of
 * input at its pace, at most twice the size before and within
 * PIECE_MIN_BYTES..PIECE_BYTES (or the size tests ask for). */
static void resize_pieces(feeder *f, const piece *p)
{
    if (f->b->s->piece_bytes || p->input.len == 0)
        return;
    double pace = p->seconds > 0 ? (double)p->input.len / p->seconds
                                 : (double)PIECE_BYTES * 1e6;
    double want = pace * PIECE_SECONDS;
    if (want > 2.0 * (double)f->piece_size)
        want = 2.0 * (double)f->piece_size;
    f->piece_size = want < PIECE_MIN_BYTES ? PIECE_MIN_BYTES
                    : want > PIECE_BYTES   ? PIECE_BYTES
                                           : (size_t)want;
}

/* Writes the oldest piece out if it is answered; with `wait`, waits until
 * it is. Answers it again first if it was read from the wrong place.
 * False when output failed. */
static bool write_oldest(feeder *f, bool wait)
{
    size_t job;
    if (!ring_oldest_done(&f->r, wait, &job))
        return true;
    batch *b = f->b;
    piece *p = &f->pieces[job % f->r.slots];
    if (settle(b, p) && !p->out_of_memory)
        answer_piece(b, p, b->tools);
    bool ok = write_piece(b, p);
    f->predicted = p->end;
    resize_pieces(f, p);
    ring_take_back(&f->r);
    return ok;
}

/* Before input would wait: write out the answers of every piece handed
 * out so far (several threads). */
static void drain_answers(void *context)
{
    feeder *f = context;
    bool ok = true;
    while (ok && !ring_empty(&f->r))
        ok = write_oldest(f, true);
    fflush(f->b->o->out);
}

/* Where the first record of the first piece leaves the reader: the mark
 * the next pieces will likely start from. */
static void predict(feeder *f, const piece *p)
{
    bd_reader *reader = &f->b->tools->reader;
    bd_reader_init_piece(reader, NULL, p->input.data, p->input.len, p->input.lines_before,
                         false);
    bd_read(reader, &f->b->tools->rec);
    bd_reader_mark_of(reader, &f->predicted);
}

/* Cuts the input into pieces for the workers, writing answers as they
 * come, until the input ends or output fails. */
static bool feed(feeder *f)
{
    batch *b = f->b;
    for (;;) {
        if (ring_full(&f->r) && !write_oldest(f, true))
            return false;
        if (ring_full(&f->r))
            continue;
        piece *p = &f->pieces[ring_next_job(&f->r) % f->r.slots];
        if (!source_fill(b->src, &p->input, f->piece_size))
            return true;
        if (p->input.first)
            predict(f, p);
        else
            p->at = f->predicted;
        ring_hand_out(&f->r);
        if (!write_oldest(f, false))
            return false;
    }
}

/* Runs the batch on `jobs` workers, this thread feeding and writing in
 * order; on one thread when the ring or the threads cannot be had. False
 * when output failed. */
static bool run_threads(batch *b, int jobs)
{
    size_t slots = (size_t)jobs * SLOTS_PER_JOB + 2;
    feeder f = {.b = b, .pieces = calloc(slots, sizeof(piece)),
                .tools = calloc((size_t)jobs, sizeof(piece_tools)),
                .piece_size = b->s->piece_bytes ? b->s->piece_bytes : PIECE_MIN_BYTES};
    bool threads = f.pieces && f.tools && ring_start(&f.r, slots, jobs, answer_job, &f);
    bool ok;
    if (threads) {
        b->src->before_wait = drain_answers;
        b->src->wait_context = &f;
        ok = feed(&f);
        while (ok && !ring_empty(&f.r))
            ok = write_oldest(&f, true);
        b->src->before_wait = NULL;
        b->src->wait_context = NULL;
        ok = ok && finish_input(b);
        ring_stop(&f.r);
    } else {
        ok = run_serial(b);
    }
    for (size_t i = 0; f.pieces && i < slots; i++)
        piece_free(&f.pieces[i]);
    for (int i = 0; f.tools && i < jobs; i++)
        piece_tools_free(&f.tools[i]);
    free(f.pieces);
    free(f.tools);
    return ok;
}

bool run_batch(const settings *s, int jobs, source *src, output *o)
{
    batch b = {.s = s, .src = src, .o = o, .tools = calloc(1, sizeof(piece_tools))};
    if (!b.tools) {
        fprintf(o->err, "bitdoku: out of memory\n");
        src->failed = true;
        return true;
    }
    bool ok = jobs <= 1 ? run_serial(&b) : run_threads(&b, jobs < MAX_JOBS ? jobs : MAX_JOBS);
    piece_tools_free(b.tools);
    free(b.tools);
    free(b.w.carry);
    return ok;
}

/* Answers every record of one input; false when output failed. */
static bool run_input(session *ses, const char *name)
{
    source src;
    if (!source_open(&src, name, ses->in, &ses->ahead, ses->err)) {
        ses->fatal = true;
        return true;
    }
    ses->out.name = src.name;
    bool ok = run_batch(&ses->set, ses->jobs, &src, &ses->out);
    ses->malformed = ses->malformed || src.malformed;
    ses->misframed = ses->misframed || src.misframed;
    ses->fatal = ses->fatal || src.failed;
    source_close(&src);
    return ok;
}

bool run_inputs(session *ses)
{
    if (ses->file_count == 0) {
        if (input_is_terminal(ses->in))   /* someone may wonder what it waits for */
            fprintf(ses->err, "bitdoku: reading puzzles from standard input (end it with "
                              "Ctrl-D; 'bitdoku --help' for usage)\n");
        return run_input(ses, "-");
    }
    for (int i = 0; i < ses->file_count; i++)
        if (!run_input(ses, ses->files[i]))
            return false;
    return true;
}
