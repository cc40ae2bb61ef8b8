/*
 * draw_run.c - the runs that draw (--format svg or html): every record of
 * every input answered in order and drawn (solve: its solution; explain:
 * its path, or with --hint its next placement), or generate's puzzles made in
 * order and drawn, into the run's document (draw_doc.c).
 *
 * A drawing run is one thread: the document numbers its puzzles and
 * breaks its pages as they come, so they must come in order, and drawing
 * costs more than solving (a picture is some 3-15 KB of text). Each
 * puzzle's pictures are one answer, written by output.c as soon as it is
 * drawn, which keeps the tally for the exit status and --stats, notices a
 * failed write, and shows progress; nothing is kept from one puzzle to
 * the next but the document's counts (and, for answer pages at the end,
 * the document's temporary file), so memory stays flat however long the
 * input. -j is accepted and changes nothing.
 *
 * A malformed record is reported as usual (input.c) and drawn as an empty
 * grid with the word `error`, so that the pictures stay aligned with the
 * records.
 */
#include "drawing.h"
#include "answer.h"
#include "bitdoku.h"
#include "cmd.h"
#include "input.h"
#include "output.h"
#include "session.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>

/* Starts the answer that a puzzle's pictures go into: plain text, no
 * blank lines around it. */
static void begin(const settings *s, const bd_record *rec, unsigned long number, answer *a)
{
    settings plain = *s;
    plain.csv = false;
    answer_begin(&plain, rec, a);
    a->block = false;
    a->line = rec ? rec->line : number;
}

/* solve: a record's solution drawn, or the puzzle with the words why
 * there is none. */
static void draw_solve(document *d, const bd_record *rec, bool malformed, unsigned long number,
                       answer *a)
{
    puzzle_picture p = {.number = number, .puzzle = malformed ? NULL : &rec->grid,
                        .marks = !malformed && rec->has_marks ? &rec->marks : NULL};
    bd_grid solution;
    if (malformed) {
        a->outcome = OUTCOME_MALFORMED;
        p.words = "error";
    } else {
        const bd_options *options = &d->s->options;
        bd_status status = p.marks ? bd_solve_marks(p.marks, options, &solution, &a->stats)
                                   : bd_solve(&rec->grid, options, &solution, &a->stats);
        if (status == BD_OK)
            p.solution = &solution;
        a->outcome = status == BD_OK ? OUTCOME_ANSWERED
                     : status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_NO_SOLUTION;
        p.words = status == BD_OK ? NULL : status == BD_CUT_SHORT ? "cut-short" : "no solution";
    }
    doc_puzzle(d, &p, a);
}

/* A path being drawn: the grid and candidates as they stand. */
typedef struct path_picture {
    document *d;
    answer *a;
    const bd_grid *puzzle;
    bd_grid before;
    bd_marks marks;
    bool have_marks;        /* false before the first step */
    int steps;
    reasons why;            /* hint: the eliminations before the placement */
} path_picture;

/* A hint's placement: drawn with its text and, as the text's hint says
 * it, " after: " and the eliminations before it. */
static void draw_hint(path_picture *pp, const bd_step *step)
{
    if (!pp->why.len) {
        doc_step(pp->d, pp->puzzle, &pp->before, pp->have_marks ? &pp->marks : NULL, step,
                 step->text, pp->steps, pp->a);
        return;
    }
    answer words = {0};
    answer_put(&words, step->text);
    reasons_put(&words, &pp->why);
    if (words.out_of_memory)
        answer_fail(pp->a, "out of memory");
    else
        doc_step(pp->d, pp->puzzle, &pp->before, pp->have_marks ? &pp->marks : NULL, step,
                 words.text, pp->steps, pp->a);
    answer_free(&words);
}

/* A bd_step_fn: draws the step on the grid as it stands, then moves the
 * grid on. A hint draws only the next placement, on the candidates that
 * the eliminations before it left (as the text's hint names them), and
 * stops there. */
static bool draw_step(const bd_step *step, void *context)
{
    path_picture *pp = context;
    bool hint = pp->d->s->hint;
    if (hint && step->cell < 0)
        reasons_add(&pp->why, step->text);
    if (!hint || step->cell >= 0)
        pp->steps++;
    if (!hint)
        doc_step(pp->d, pp->puzzle, &pp->before, pp->have_marks ? &pp->marks : NULL, step,
                 step->text, pp->steps, pp->a);
    else if (step->cell >= 0)
        draw_hint(pp, step);
    pp->before = step->grid;
    memcpy(pp->marks.cand, step->candidates, sizeof pp->marks.cand);
    pp->have_marks = true;
    return (!hint || step->cell < 0) && !pp->why.failed;
}

/* A grid without solution (not pencil marks): drawn with what is wrong
 * with it, in the words of the text's answer (wrong.c); false when
 * bd_diagnose finds nothing to say. */
static bool draw_diagnosis(document *d, const bd_record *rec, answer *a)
{
    answer words = {0};
    bool said = put_diagnosis(d->s, &rec->grid, NULL, &words);
    if (said && words.out_of_memory) {
        answer_fail(a, "out of memory");
    } else if (said) {
        if (words.len && words.text[words.len - 1] == '\n')
            words.text[--words.len] = '\0';
        a->outcome = OUTCOME_NO_SOLUTION;
        doc_path_end(d, &rec->grid, NULL, NULL, words.text, a);
    }
    answer_free(&words);
    return said;
}

/* The end of a path drawn (status and rating from bd_explain): the
 * solution and the rating; or the words of the rate command, what is
 * wrong with a grid without solution, `solved`, or a hint's `no
 * placement` (after the eliminations it made, as the text says it). */
static void end_path(document *d, const bd_record *rec, const path_picture *pp,
                     bd_status status, const bd_rating *rating, answer *a)
{
    const bd_marks *marks = rec->has_marks ? &rec->marks : NULL;
    if (pp->why.failed) {
        answer_fail(a, "out of memory");
    } else if (status == BD_NO_SOLUTION && !marks && draw_diagnosis(d, rec, a)) {
        return;
    } else if (status != BD_OK) {
        const char *words = rate_refusal(status, &a->outcome);
        if (!words)
            a->failure = bd_status_text(status);
        doc_path_end(d, &rec->grid, NULL, marks, words ? words : "error", a);
    } else if (rating->steps == 0) {
        doc_path_end(d, &rec->grid, NULL, marks,
                     d->s->hint ? "solved" : "rating 0.0 easy (no steps)", a);
    } else if (d->s->hint && pp->steps == 0) {
        answer words = {0};
        answer_put(&words, "no placement");
        reasons_put(&words, &pp->why);
        if (words.out_of_memory)
            answer_fail(a, "out of memory");
        else
            doc_path_end(d, &rec->grid, &pp->before, NULL, words.text, a);
        answer_free(&words);
    } else if (!d->s->hint) {
        char line[RATING_LINE_SIZE];
        rating_line(line, sizeof line, rating, false);
        doc_path_end(d, &rec->grid, &pp->before, NULL, line, a);
    }
}

/* explain: a record's path drawn step by step, then the solution and the
 * rating; or with --hint the next placement alone. A puzzle of pencil
 * marks starts from its marks. A puzzle without a path is drawn as
 * end_path says. */
static void draw_explain(document *d, const bd_record *rec, bool malformed, unsigned long number,
                         answer *a)
{
    doc_path_begin(d, number, a);
    if (malformed) {
        a->outcome = OUTCOME_MALFORMED;
        doc_path_end(d, NULL, NULL, NULL, "error", a);
        return;
    }
    path_picture pp = {.d = d, .a = a, .puzzle = &rec->grid, .before = rec->grid};
    if (rec->has_marks) {
        pp.marks = rec->marks;
        pp.have_marks = true;
    }
    bd_rating rating;
    bd_status status = rec->has_marks
                       ? bd_explain_marks(&rec->marks, &d->s->options, draw_step, &pp, &rating)
                       : bd_explain(&rec->grid, &d->s->options, draw_step, &pp, &rating);
    end_path(d, rec, &pp, status, &rating, a);
    free(pp.why.text);
}

/* A drawing run over the inputs. */
typedef struct drawing_run {
    session *ses;
    document doc;
    unsigned long number;   /* records so far */
    answer a;
} drawing_run;

/* Before input would wait: write out what is owed. */
static void flush_output(void *context)
{
    output *o = context;
    fflush(o->out);
}

/* Draws every record of one input; false when output failed. */
static bool draw_input(drawing_run *r, const char *name)
{
    session *ses = r->ses;
    source src;
    if (!source_open(&src, name, ses->in, &ses->ahead, ses->err)) {
        ses->fatal = true;
        return true;
    }
    ses->out.name = src.name;
    src.before_wait = flush_output;
    src.wait_context = &ses->out;
    bd_record rec;
    bd_status status;
    bool ok = true;
    while (ok && (status = source_next(&src, &rec)) != BD_EOF) {
        bool malformed = status == BD_EMALFORMED;
        begin(&ses->set, &rec, ++r->number, &r->a);
        if (ses->set.cmd == CMD_EXPLAIN)
            draw_explain(&r->doc, &rec, malformed, r->number, &r->a);
        else
            draw_solve(&r->doc, &rec, malformed, r->number, &r->a);
        if (r->a.out_of_memory)
            answer_fail(&r->a, "out of memory");
        ok = output_answer(&ses->out, &r->a);
    }
    ses->malformed = ses->malformed || src.malformed;
    ses->misframed = ses->misframed || src.misframed;
    ses->fatal = ses->fatal || src.failed;
    source_close(&src);
    return ok;
}

bool run_pictures(session *ses)
{
    drawing_run r = {.ses = ses};
    if (!doc_open(&r.doc, &ses->set, ses->out.out, ses->err)) {
        ses->fatal = true;
        return true;
    }
    bool ok = ses->file_count ? true : draw_input(&r, "-");
    for (int i = 0; i < ses->file_count && ok; i++)
        ok = draw_input(&r, ses->files[i]);
    answer_free(&r.a);
    if (!doc_close(&r.doc, ses->err))
        ses->fatal = true;
    return ok;
}

/* generate: puzzle number `number` made and drawn, with its seed and
 * level (unsolvable ones: `no solution`); one that the tries could not
 * make is reported and not drawn. */
static void draw_made(document *d, unsigned long number, answer *a)
{
    const settings *s = d->s;
    begin(s, NULL, number, a);
    bd_grid puzzle, solution;
    bd_status status = answer_generate(s, number, &puzzle, &solution, a);
    if (status != BD_OK) {
        a->outcome = status == BD_CUT_SHORT ? OUTCOME_CUT_SHORT : OUTCOME_FAILED;
        a->failure = status == BD_CUT_SHORT ? s->gave_up : bd_status_text(status);
        puzzle_picture failed = {.number = number, .words = "error"};
        if (status != BD_CUT_SHORT)
            doc_puzzle(d, &failed, a);
        return;
    }
    bd_rating rating;
    char about[64];
    bool rated = !s->gen.unsolvable && bd_rate(&puzzle, NULL, &rating, NULL) == BD_OK;
    snprintf(about, sizeof about, "seed %llu \xC2\xB7 %s", (unsigned long long)s->seed,
             rated ? bd_level_name(rating.level) : "no solution");
    puzzle_picture p = {.number = number, .puzzle = &puzzle, .note = about,
                        .solution = s->gen.unsolvable ? NULL : &solution,
                        .words = s->gen.unsolvable ? "no solution" : NULL};
    doc_puzzle(d, &p, a);
}

bool draw_generate(session *ses)
{
    document d;
    if (!doc_open(&d, &ses->set, ses->out.out, ses->err)) {
        ses->fatal = true;
        return true;
    }
    answer a = {0};
    bool ok = true;
    for (unsigned long number = 1; number <= ses->set.made && ok; number++) {
        draw_made(&d, number, &a);
        if (a.out_of_memory)
            answer_fail(&a, "out of memory");
        ok = output_answer(&ses->out, &a);
    }
    answer_free(&a);
    if (!doc_close(&d, ses->err))
        ses->fatal = true;
    return ok;
}
