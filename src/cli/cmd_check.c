/*
 * cmd_check.c - the check command: a special judge. It reads pairs of a
 * puzzle and a proposed solution, and answers each pair `ok` or what is
 * wrong with the proposal (bd_check: the first blank, changed given or
 * clash in reading order; for a puzzle of pencil marks, bd_check_marks
 * also finds a digit they exclude), or that the proposal is malformed or
 * missing. A proposal may also be the words "no solution": `ok` exactly
 * when the puzzle has none (a count of its solutions, to one, says).
 *
 * Pairs come in one of two run shapes:
 *   - one input of CSV or TSV rows, each holding a puzzle and, in a later
 *     field, the proposal (the Kaggle file's `solutions` column): an
 *     ordinary per-record command (answer_check), on 1..N threads;
 *   - two inputs, the puzzles and the proposals (a judge's input and a
 *     contestant's output), each in any shape the reader reads, read in
 *     step, record against record, in this thread (run_pairs); the
 *     proposals by a reader of answers (bd_reader_set_role), which in CSV
 *     rows takes the answer's field, and reads "no solution".
 * Nothing is solved but for a "no solution": a pair costs one pass over
 * 81 cells.
 */
#include "cmd.h"
#include "answer.h"
#include "batch.h"
#include "bitdoku.h"
#include "input.h"
#include "output.h"
#include "session.h"
#include "settings.h"

#include <string.h>

static const char *const UNIT_NAMES[] = {"row", "column", "box"};

/* A cell as the community writes it: r1c1 .. r9c9. */
static void put_cell(answer *a, int cell)
{
    answer_printf(a, "r%dc%d", cell / BD_SIZE + 1, cell % BD_SIZE + 1);
}

/* The proposal "no solution" for `puzzle`: ok when it has none. */
static void put_no_solution(const settings *s, const bd_record *puzzle, answer *a)
{
    uint64_t count = 0;
    bd_status status = puzzle->has_marks
                       ? bd_count_marks(&puzzle->marks, 1, &s->options, &count, &a->stats)
                       : bd_count(&puzzle->grid, 1, &s->options, &count, &a->stats);
    answer_no_solution(a, status, count);
}

/* Judges `proposal` (or "no solution") against `puzzle` and writes the
 * verdict. */
static void put_verdict(const settings *s, answer *a, const bd_record *puzzle,
                        const bd_grid *proposal, bool no_solution)
{
    bd_check_result r;
    if (no_solution) {
        put_no_solution(s, puzzle, a);
        return;
    }
    bd_status status = puzzle->has_marks ? bd_check_marks(&puzzle->marks, proposal, &r)
                                         : bd_check(&puzzle->grid, proposal, &r);
    if (status != BD_OK) {
        answer_fail(a, bd_status_text(BD_EINVAL));
        return;
    }
    if (r.verdict == BD_VALID) {
        answer_put(a, "ok\n");
        return;
    }
    a->outcome = OUTCOME_REJECTED;
    answer_put(a, r.verdict == BD_BLANK ? "blank: "
                  : r.verdict == BD_CHANGED_GIVEN ? "changed given: "
                  : r.verdict == BD_EXCLUDED ? "excluded: " : "clash: ");
    put_cell(a, r.cell);
    if (r.verdict == BD_EXCLUDED)
        answer_printf(a, " is %d, which its pencil marks exclude", r.digit);
    if (r.verdict == BD_CHANGED_GIVEN)
        answer_printf(a, " is %d, but the puzzle gives %d", r.digit, r.given);
    if (r.verdict == BD_CLASH) {
        answer_printf(a, " is %d, as is ", r.digit);
        put_cell(a, r.other);
        int unit = r.unit == BD_UNIT_ROW ? r.cell / BD_SIZE
                   : r.unit == BD_UNIT_COLUMN ? r.cell % BD_SIZE
                   : r.cell / (BD_BOX * BD_SIZE) * BD_BOX + r.cell % BD_SIZE / BD_BOX;
        answer_printf(a, " (%s %d)", UNIT_NAMES[r.unit], unit + 1);
    }
    answer_put(a, "\n");
}

/* A proposal that is not a grid, where it is malformed and how. */
static void put_malformed(answer *a, unsigned long line, unsigned long col, const char *msg)
{
    a->outcome = OUTCOME_REJECTED;
    answer_printf(a, "malformed answer: line %lu, column %lu: %s\n", line, col, msg);
}

/* A record without a proposal to check; `why` says more (may be ""). */
static void put_missing(answer *a, const char *why)
{
    a->outcome = OUTCOME_REJECTED;
    answer_printf(a, "missing answer%s\n", why);
}

void answer_check(const settings *s, const bd_record *rec, answer *a)
{
    bd_field_grid proposal;
    switch (bd_row_answer(rec, &proposal)) {
    case BD_OK:
        put_verdict(s, a, rec, &proposal.grid, proposal.no_solution);
        break;
    case BD_EMALFORMED:
        put_malformed(a, rec->line, proposal.err_col, proposal.err_msg);
        break;
    case BD_EOF:
        if (rec->answer_field >= 0 && rec->answer_field != rec->puzzle_field) {
            a->outcome = OUTCOME_REJECTED;
            answer_printf(a, "missing answer: field %d, the answers' by the header, is empty "
                          "or missing\n", rec->answer_field + 1);
        } else {
            put_missing(a, ": no field after the puzzle holds a grid");
        }
        break;
    default:
        put_missing(a, ": give the answers as a second input, or as a CSV column");
        break;
    }
}

const char *columns_check(const settings *s)
{
    (void)s;
    return "check";
}

void answer_pair(const settings *s, const bd_record *puzzle, bd_status puzzle_status,
                        const bd_record *proposal, bd_status proposal_status, answer *a)
{
    answer_begin(s, puzzle_status == BD_EOF ? NULL : puzzle, a);
    if (s->csv) {       /* the answer column: the proposal as a line */
        if (proposal_status == BD_OK && proposal->no_solution)
            answer_put(a, "no solution");
        else if (proposal_status == BD_OK)
            answer_grid(a, &proposal->grid, BD_SHAPE_LINE);
        answer_field(a, "");
    }
    if (puzzle_status == BD_EOF) {
        a->outcome = OUTCOME_REJECTED;
        answer_put(a, "extra answer: the puzzles have ended\n");
    } else if (puzzle_status == BD_EMALFORMED) {
        a->outcome = OUTCOME_MALFORMED;
        answer_put(a, "error\n");
    } else if (proposal_status == BD_EOF) {
        put_missing(a, ": the answers have ended");
    } else if (proposal_status == BD_EMALFORMED) {
        put_malformed(a, proposal->err_line, proposal->err_col, proposal->err_msg);
    } else {
        put_verdict(s, a, puzzle, &proposal->grid, proposal->no_solution);
    }
    answer_end(a);
}

/* Before input would wait: write out what is owed. */
static void flush_output(void *context)
{
    output *o = context;
    fflush(o->out);
}

/* Reads the two inputs in step and answers every pair; false when output
 * failed. */
static bool check_sources(session *ses, source *puzzles, source *proposals)
{
    bd_record puzzle_rec, proposal_rec;
    answer a = {0};
    bool ok = true, first = true;
    for (source *src = puzzles; src; src = src == puzzles ? proposals : NULL) {
        src->before_wait = flush_output;
        src->wait_context = &ses->out;
    }
    while (ok) {
        bd_status ps = source_next(puzzles, &puzzle_rec);
        bd_status as = source_next(proposals, &proposal_rec);
        if (first && ses->set.csv)
            ok = output_header(&ses->out, puzzles->reader, "answer,check");
        first = false;
        if (!ok || (ps == BD_EOF && as == BD_EOF))
            break;
        answer_pair(&ses->set, &puzzle_rec, ps, &proposal_rec, as, &a);
        ok = output_answer(&ses->out, &a);
    }
    answer_free(&a);
    return ok;
}

/* The two-input shape: `bitdoku check PUZZLES ANSWERS`. */
static bool run_pairs(session *ses)
{
    const char *names[2] = {ses->files[0], ses->files[1]};
    if (strcmp(names[0], "-") == 0 && strcmp(names[1], "-") == 0) {
        fprintf(ses->err, "bitdoku: check: only one input can be standard input\n"
                          "Try 'bitdoku --help'.\n");
        ses->fatal = true;
        return true;
    }
    source puzzles, proposals;
    if (!source_open(&puzzles, names[0], ses->in, &ses->ahead, ses->err)) {
        ses->fatal = true;
        return true;
    }
    if (!source_open(&proposals, names[1], ses->in, &ses->ahead, ses->err)) {
        source_close(&puzzles);
        ses->fatal = true;
        return true;
    }
    bd_reader_set_role(proposals.reader, BD_ROLE_ANSWERS);
    ses->out.name = puzzles.name;
    bool ok = check_sources(ses, &puzzles, &proposals);
    /* Answers framed wrongly (text after 'end', a count that does not
     * match) are wrong answers; a judge's input framed wrongly is not. */
    proposals.malformed = proposals.malformed || proposals.misframed;
    proposals.misframed = false;
    for (source *src = &puzzles; src; src = src == &puzzles ? &proposals : NULL) {
        ses->malformed = ses->malformed || src->malformed;
        ses->misframed = ses->misframed || src->misframed;
        ses->fatal = ses->fatal || src->failed;
        source_close(src);
    }
    return ok;
}

bool run_check(session *ses)
{
    if (ses->file_count <= 1)
        return run_inputs(ses);
    if (ses->file_count == 2)
        return run_pairs(ses);
    fprintf(ses->err, "bitdoku: check takes one input (CSV rows of a puzzle and its answer) "
                      "or two (the puzzles, then the answers)\nTry 'bitdoku --help'.\n");
    ses->fatal = true;
    return true;
}
