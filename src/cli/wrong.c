/*
 * wrong.c - what is wrong with a grid without solution, in words
 * (bd_diagnose), for explain's answer to it; and explain --original: the
 * grids of the inputs read in step with the puzzles they were filled in
 * from, record against record in this thread (as check reads its two
 * inputs), so that every entry that no solution of its puzzle has is
 * named.
 *
 * The words, on one line after "no solution: " (or "wrong entries: "):
 *   - the clashing cells: "r1c1 and r1c5 are both 4 (row 1)";
 *   - without the original: the entries whose removal alone leaves a grid
 *     with a solution, "removing r4c5 (7) leaves a grid with a solution",
 *     "removing one of r4c5 (7), r6c2 (3) ...", or that none does;
 *   - with it: "r4c5 is 7, the solution has 1", "r1c1 is 5, the puzzle
 *     gives 7" (a changed given), "r4c5 is 7, which no solution has" (a
 *     puzzle of several solutions).
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

/* The number of the unit of kind `unit` that holds `cell`, 1-based. */
static int unit_number(bd_unit unit, int cell)
{
    int row = cell / BD_SIZE, col = cell % BD_SIZE;
    return 1 + (unit == BD_UNIT_ROW      ? row
                : unit == BD_UNIT_COLUMN ? col
                                         : row / BD_BOX * BD_BOX + col / BD_BOX);
}

/* The clashing pairs, "; " between them. */
static void put_clashes(const bd_grid *grid, const bd_diagnosis *d, answer *a)
{
    int shown = d->clash_count < BD_CELLS ? d->clash_count : BD_CELLS;
    for (int i = 0; i < shown; i++) {
        const bd_clash *c = &d->clashes[i];
        answer_printf(a, "%sr%dc%d and r%dc%d are both %d (%s %d)", i ? "; " : "",
                      c->other / BD_SIZE + 1, c->other % BD_SIZE + 1, c->cell / BD_SIZE + 1,
                      c->cell % BD_SIZE + 1, grid->cells[c->cell], UNIT_NAMES[c->unit],
                      unit_number(c->unit, c->cell));
    }
    if (d->clash_count > shown)
        answer_printf(a, "; and %d more", d->clash_count - shown);
}

/* The entries whose removal alone leaves a grid with a solution. */
static void put_culprits(const bd_grid *grid, const bd_diagnosis *d, answer *a)
{
    if (d->culprit_count == 0) {
        answer_put(a, "no single entry's removal leaves a grid with a solution");
        return;
    }
    answer_put(a, d->culprit_count == 1 ? "removing " : "removing one of ");
    for (int i = 0; i < d->culprit_count; i++) {
        int cell = d->culprits[i];
        answer_printf(a, "%sr%dc%d (%d)", i ? ", " : "", cell / BD_SIZE + 1,
                      cell % BD_SIZE + 1, grid->cells[cell]);
    }
    answer_put(a, " leaves a grid with a solution");
}

/* The entries no solution of the original has, and its changed givens;
 * `unique`: the original has one solution, d->solution. */
static void put_wrong(const bd_grid *grid, const bd_grid *original, const bd_diagnosis *d,
                      bool unique, answer *a)
{
    for (int i = 0; i < d->wrong_count; i++) {
        int cell = d->wrong[i], digit = grid->cells[cell];
        answer_printf(a, "%sr%dc%d is %d", i ? "; " : "", cell / BD_SIZE + 1,
                      cell % BD_SIZE + 1, digit);
        if (original->cells[cell])
            answer_printf(a, ", the puzzle gives %d", original->cells[cell]);
        else if (unique)
            answer_printf(a, ", the solution has %d", d->solution.cells[cell]);
        else
            answer_put(a, ", which no solution has");
    }
    if (d->wrong_count == 0)
        answer_put(a, "each entry is in some solution of the puzzle, but not all together");
}

bool put_diagnosis(const settings *s, const bd_grid *grid, const bd_grid *original, answer *a)
{
    bd_diagnosis d;
    if (bd_diagnose(grid, original, &s->options, &d) != BD_OK)
        return false;
    if (d.solvable && (!original || d.wrong_count == 0))
        return false;
    a->outcome = OUTCOME_NO_SOLUTION;
    if (original && d.original_unsolvable) {
        answer_put(a, "no solution: the original puzzle has none either\n");
        return true;
    }
    answer_put(a, d.solvable ? "wrong entries: " : "no solution: ");
    if (original) {
        uint64_t solutions = 0;
        bd_count(original, 2, &s->options, &solutions, NULL);
        put_wrong(grid, original, &d, solutions == 1, a);
    } else {
        put_clashes(grid, &d, a);
        answer_put(a, d.clash_count ? "; " : "");
        put_culprits(grid, &d, a);
    }
    answer_put(a, d.cut ? " (a search was cut short: maybe not all)\n" : "\n");
    return true;
}

void answer_original(const settings *s, const bd_record *grid, bd_status grid_status,
                     const bd_record *original, bd_status original_status, answer *a)
{
    answer_begin(s, grid, a);
    if (grid_status == BD_EMALFORMED || original_status == BD_EMALFORMED) {
        a->outcome = OUTCOME_MALFORMED;
        answer_put(a, "error\n");
        if (grid_status == BD_OK)
            a->failure = "its original puzzle is malformed";
    } else if (original_status == BD_EOF) {
        answer_refuse(a, "the original puzzles have ended");
    } else if (grid->has_marks || original->has_marks) {
        answer_refuse(a, "explain --original takes grids of digits, not pencil marks");
    } else if (!put_diagnosis(s, &grid->grid, &original->grid, a)) {
        s->answer(s, grid, a);
    }
    answer_end(a);
}

/* Before input would wait: write out what is owed. */
static void flush_output(void *context)
{
    output *o = context;
    fflush(o->out);
}

/* Reads every input's grids in step with the originals and answers each
 * pair; false when output failed. */
static bool explain_pairs(session *ses, source *originals)
{
    bd_record grid_rec, original_rec;
    answer a = {0};
    bool ok = true;
    originals->before_wait = flush_output;
    originals->wait_context = &ses->out;
    for (int f = 0; ok && f < (ses->file_count ? ses->file_count : 1); f++) {
        source grids;
        if (!source_open(&grids, ses->file_count ? ses->files[f] : "-", ses->in, &ses->ahead,
                         ses->err)) {
            ses->fatal = true;
            continue;
        }
        grids.before_wait = flush_output;
        grids.wait_context = &ses->out;
        ses->out.name = grids.name;
        bd_status gs;
        while (ok && (gs = source_next(&grids, &grid_rec)) != BD_EOF) {
            bd_status os = source_next(originals, &original_rec);
            if (ses->set.csv && !ses->out.header_written)
                ok = output_header(&ses->out, grids.reader, ses->set.columns);
            answer_original(&ses->set, &grid_rec, gs, &original_rec, os, &a);
            ok = ok && output_answer(&ses->out, &a);
        }
        ses->malformed = ses->malformed || grids.malformed;
        ses->misframed = ses->misframed || grids.misframed;
        ses->fatal = ses->fatal || grids.failed;
        source_close(&grids);
    }
    if (ok && source_next(originals, &original_rec) != BD_EOF) {
        fprintf(ses->err, "bitdoku: %s: more original puzzles than grids\n", originals->name);
        ses->misframed = true;
    }
    answer_free(&a);
    return ok;
}

bool run_explain(session *ses)
{
    if (!ses->set.original)
        return run_inputs(ses);
    source originals;
    bool other_stdin = ses->file_count == 0;
    for (int f = 0; f < ses->file_count; f++)
        other_stdin = other_stdin || strcmp(ses->files[f], "-") == 0;
    if (strcmp(ses->set.original, "-") == 0 && other_stdin) {
        fprintf(ses->err, "bitdoku: explain: only one input can be standard input\n"
                          "Try 'bitdoku --help'.\n");
        ses->fatal = true;
        return true;
    }
    if (!source_open(&originals, ses->set.original, ses->in, &ses->ahead, ses->err)) {
        ses->fatal = true;
        return true;
    }
    bool ok = explain_pairs(ses, &originals);
    ses->malformed = ses->malformed || originals.malformed;
    ses->misframed = ses->misframed || originals.misframed;
    ses->fatal = ses->fatal || originals.failed;
    source_close(&originals);
    return ok;
}
