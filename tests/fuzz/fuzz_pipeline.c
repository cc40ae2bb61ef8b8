/*
 * fuzz_pipeline.c - libFuzzer target: any bytes -> records -> answers.
 *
 * The first byte picks the command, the output format, the cell order, the
 * target search and --grid or --unique; the second the engine, --csv,
 * explain --hint, solve --all, for check one input or two (the halves
 * of the text, read in step; for explain, grids and their originals:
 * --original), and for rate and explain a deeper node limit; the rest is
 * the input text. Every search runs under a node limit, so no input can
 * stall the fuzzer: a small one for the exact searches, a larger one for
 * rate and explain (RATE_NODES, which lets their paths reach the chain
 * techniques; DEEP_NODES, up to the nested rules of SE's dynamic forcing
 * chains (+), for the inputs that ask, so that the rest run fast), and the
 * ratings checked below have RATE_SECONDS besides.
 *
 * Checks: solutions are valid completions, scores are those of the grids
 * given with them, a target score never exceeds the empty grid's optimum,
 * and every answer's text ends with a newline; with --csv an answer is one
 * row (one line end, outside quotes, at its end) that begins with the
 * record's own row (a quote it left open closed), and our fields' quotes
 * pair up; bd_rate refuses exactly the puzzles that bd_count finds
 * without one solution; every step of a puzzle's solution path keeps the
 * solution (no placement differs, no removal takes a solution digit); and
 * check says ok exactly when bd_is_solution_of says the proposal is a
 * solution. Puzzles given as pencil marks: a solution keeps the marks, and
 * the DFS and Dancing Links count alike. The whole input answered as one
 * piece (piece.c, as the CLI answers) gives the same answers, joined as
 * output.c joins them, with a note for every fault.
 */
#include "answer.h"
#include "bitdoku.h"
#include "cmd.h"
#include "commands.h"
#include "input.h"
#include "piece.h"
#include "settings.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The exact searches' node limit; and that of rate and explain, whose
 * chains spend a node a link (a forcing chain's path some tens of
 * thousands, one through dynamic forcing chains (+) some hundreds of
 * thousands), so that their records reach the chain techniques. */
enum { NODE_LIMIT = 2000, RATE_NODES = 50000, DEEP_NODES = 500000, EMPTY_GRID_OPTIMUM = 2906 };

static void check(int condition, const char *what)
{
    if (!condition) {
        fprintf(stderr, "fuzz_pipeline: %s\n", what);
        abort();
    }
}

/* A bd_step_fn: checks a step against the solution in `context`. */
static bool check_step(const bd_step *step, void *context)
{
    const bd_grid *solution = context;
    for (int cell = 0; cell < BD_CELLS; cell++) {
        unsigned truth = 1u << (solution->cells[cell] - 1);
        check(!(step->removed[cell] & truth), "a step removes a solution digit");
        check(step->grid.cells[cell] == 0 ? (step->candidates[cell] & truth) != 0
                                          : step->grid.cells[cell] == solution->cells[cell],
              "a step leaves the solution");
    }
    return true;
}

/* bd_rate against bd_count, and bd_explain's steps against the solution.
 * The rating counts with the default engine under the options' limits
 * only: so does the count it is checked against. The chains of the
 * hardest puzzles (SE's nested forcing chains) take seconds: a rating
 * gets RATE_SECONDS, and may be cut short by them, never otherwise wrong.
 * A puzzle of one solution is rated by bd_explain, whose run is bd_rate's
 * with each step shown: one run checks the status, the rating and every
 * step. */
#define RATE_SECONDS 0.5
static void check_rating(const bd_record *rec, const bd_options *given)
{
    uint64_t count = 0;
    bd_rating rating;
    bd_grid solution;
    bd_options limits = bd_options_default();
    limits.max_nodes = given->max_nodes;
    bd_status counted = bd_count(&rec->grid, 2, &limits, &count, NULL);
    limits.timeout = RATE_SECONDS;
    const bd_options *options = &limits;
    bool unique = counted == BD_OK && count == 1
                  && bd_solve(&rec->grid, options, &solution, NULL) == BD_OK;
    bd_status rated = unique ? bd_explain(&rec->grid, options, check_step, &solution, &rating)
                             : bd_rate(&rec->grid, options, &rating, NULL);
    if (counted == BD_OK) {
        bd_status want = count == 0 ? BD_NO_SOLUTION : count == 1 ? BD_OK : BD_NOT_UNIQUE;
        check(rated == want || (want == BD_OK && rated == BD_CUT_SHORT), "rate status");
    } else {
        check(rated == BD_OK || rated == BD_CUT_SHORT, "rate status after a cut-short count");
    }
    if (rated == BD_OK)
        check(rating.level == bd_level_of(rating.rating), "level of the rating");
}

/* Pencil marks: a solution puts a candidate in every cell and is valid;
 * the DFS and Dancing Links count alike when both finish. */
static void check_marks(const bd_record *rec)
{
    bd_options options = bd_options_default();
    options.max_nodes = NODE_LIMIT;
    bd_grid solution;
    bd_check_result verdict;
    if (bd_solve_marks(&rec->marks, &options, &solution, NULL) == BD_OK)
        check(bd_check_marks(&rec->marks, &solution, &verdict) == BD_OK
                  && verdict.verdict == BD_VALID,
              "a solution of pencil marks that does not keep them");
    uint64_t by_dfs = 0, by_dlx = 0;
    bd_status dfs = bd_count_marks(&rec->marks, 100, &options, &by_dfs, NULL);
    options.engine = BD_ENGINE_DLX;
    bd_status dlx = bd_count_marks(&rec->marks, 100, &options, &by_dlx, NULL);
    check(dfs != BD_OK || dlx != BD_OK || by_dfs == by_dlx, "pencil marks counted apart");
}

static void check_engines(const bd_record *rec, const bd_options *given)
{
    bd_options exact = *given;
    exact.max_nodes = NODE_LIMIT;
    const bd_options *options = &exact;
    bd_grid solution;
    int score = -1;
    bd_status status = bd_solve(&rec->grid, options, &solution, NULL);
    check(status == BD_OK || status == BD_NO_SOLUTION || status == BD_CUT_SHORT, "solve status");
    if (status == BD_OK)
        check(bd_is_solution_of(&rec->grid, &solution), "invalid solution");
    status = bd_target(&rec->grid, options, &score, &solution, NULL);
    check(status == BD_OK || status == BD_NO_SOLUTION || status == BD_CUT_SHORT, "target status");
    if (score >= 0) {
        check(bd_is_solution_of(&rec->grid, &solution), "invalid target grid");
        check(bd_score(&solution) == score, "score differs from its grid");
        check(score <= EMPTY_GRID_OPTIMUM, "score above the empty grid's optimum");
    }
}

/* True when text[0..len) ends inside a quoted field, read as RFC 4180
 * readers read it (a quote opens a field only as its first byte). */
static bool leaves_quote_open(const char *text, size_t len, char sep)
{
    enum { START, PLAIN, QUOTED, QUOTE_SEEN } state = START;
    for (size_t i = 0; i < len; i++) {
        char ch = text[i];
        if (state == QUOTED)
            state = ch == '"' ? QUOTE_SEEN : QUOTED;
        else if (state == QUOTE_SEEN && ch == '"')
            state = QUOTED;
        else if (ch == sep)
            state = START;
        else if (state == START)
            state = ch == '"' ? QUOTED : PLAIN;
        else
            state = PLAIN;
    }
    return state == QUOTED;
}

/* The invariants of a --csv row. */
static void check_row(const bd_record *rec, const answer *ans)
{
    check(!ans->block, "a row set apart");
    /* the record's own row, and the quote that closes it if it left one open */
    size_t own = rec->row_len;
    if (rec->separator && rec->err_line && ans->len > own + 1 && ans->text[own] == '"')
        own++;
    check(!rec->separator || (ans->len > own
                              && memcmp(ans->text, rec->row, rec->row_len) == 0
                              && ans->text[own] == rec->separator)
              || ans->outcome == OUTCOME_FAILED,
          "row does not begin with the record's own");
    check(!rec->separator || ans->outcome == OUTCOME_FAILED
              || !leaves_quote_open(ans->text, own, rec->separator),
          "the record's row leaves a quote open");
    bool quoted = false;
    size_t from = rec->separator ? own : 0;
    for (size_t i = from; i < ans->len; i++) {
        quoted ^= ans->text[i] == '"';
        check(ans->text[i] != '\n' || quoted || i == ans->len - 1, "line end inside a row");
    }
    check(!quoted, "unpaired quote");
}

/* check's verdict on a pair of well-formed grids agrees with
 * bd_is_solution_of, a second and independent test of validity. */
static void check_verdict(const bd_grid *puzzle, const bd_grid *proposal, const answer *ans)
{
    bool valid = bd_is_solution_of(puzzle, proposal);
    check(valid == (ans->outcome == OUTCOME_ANSWERED), "check's verdict");
    check(!valid || (ans->len >= 3 && memcmp(ans->text + ans->len - 3, "ok\n", 3) == 0),
          "check's ok");
}

/* What every answer's text must be. */
static void check_text(const settings *s, const bd_record *rec, const answer *ans)
{
    check(ans->len > 0 && ans->len < ans->cap, "answer length");
    bool nul_in_row = rec && memchr(rec->row, '\0', rec->row_len) != NULL; /* copied by --csv */
    check(ans->text[ans->len - 1] == '\n' && ans->text[ans->len] == '\0'
              && (strlen(ans->text) == ans->len || (s->csv && nul_in_row)),
          "answer text");
}

/* The settings that the first two bytes pick. */
static settings pick_settings(const uint8_t *data)
{
    uint8_t pick = data[0];
    command_id cmd = (command_id)(pick % COMMAND_COUNT);
    if (!COMMANDS[cmd].answer)   /* a command that does not answer records */
        cmd = CMD_SOLVE;
    settings s = {.cmd = cmd, .answer = COMMANDS[cmd].answer, .options = bd_options_default(),
                  .fmt = (format)((pick / COMMAND_COUNT) % 5), .print_grid = (pick & 0x40) != 0,
                  .unique = (pick & 0x80) != 0, .limit = 100, .hint = (data[1] & 4) != 0};
    s.options.order = (pick & 0x20) ? BD_ORDER_ROWS : BD_ORDER_MRV;
    s.options.exhaustive = (pick & 0x10) != 0;
    s.options.max_nodes = cmd != CMD_RATE && cmd != CMD_EXPLAIN ? NODE_LIMIT
                          : (data[1] & 32)                    ? DEEP_NODES
                                                              : RATE_NODES;
    s.options.engine = (data[1] & 1) ? BD_ENGINE_DLX : BD_ENGINE_DFS;
    s.csv = (data[1] & 2) != 0;
    if (s.csv)
        s.fmt = FMT_AUTO;
    s.all = cmd == CMD_SOLVE && (data[1] & 16) != 0;
    return s;
}

/* The answers of a record at a time, joined as output.c joins them. */
typedef struct joined {
    char *text;
    size_t len;
    bool any, last_block;
    size_t faults;          /* malformed records and text that is not one */
} joined;

static void join(joined *j, const answer *ans)
{
    char *bigger = realloc(j->text, j->len + ans->len + 8);
    check(bigger != NULL, "out of memory");
    j->text = bigger;
    if (j->any && (ans->block || j->last_block))
        j->text[j->len++] = '\n';
    memcpy(j->text + j->len, ans->len ? ans->text : "error\n", ans->len ? ans->len : 6);
    j->len += ans->len ? ans->len : 6;
    j->any = true;
    j->last_block = ans->block;
}

/* The whole input answered as one piece (piece.c) must give the joined
 * answers, with a note for each fault. */
static void check_piece(const settings *s, const uint8_t *text, size_t len, const joined *j)
{
    piece *p = calloc(1, sizeof *p);
    piece_tools *tools = calloc(1, sizeof *tools);
    check(p && tools && chunk_reserve(&p->input, len + 1), "out of memory");
    memcpy(p->input.data, text, len);
    p->input.len = len;
    p->input.first = p->input.last = true;
    piece_answer(s, "fuzz", p, tools);
    check(!p->out_of_memory && p->text_len == j->len
              && (j->len == 0 || memcmp(p->text, j->text, j->len) == 0),
          "a piece's answers differ from the records' answers");
    size_t notes = 0;
    for (size_t i = 0; i < p->note_count; i++)
        notes += p->notes[i].flush_first;
    check(notes >= j->faults, "a fault without a note");
    piece_tools_free(tools);
    free(tools);
    piece_free(p);
    free(p);
}

/* One input, every record answered by the command. */
static void fuzz_records(const settings *s, const uint8_t *text, size_t len, bd_reader *reader,
                         answer *ans)
{
    bd_record rec;
    bd_status status;
    joined j = {NULL, 0, false, false, 0};
    bd_reader_init_mem(reader, text, len);
    while ((status = bd_read(reader, &rec)) != BD_EOF) {
        /* a piece leaves the count line's check to bd_reader_finish */
        j.faults += status != BD_OK
                    && strncmp(rec.err_msg, "the first line announces", 24) != 0;
        if (status == BD_EINPUT)
            continue;
        answer_record(s, &rec, status == BD_EMALFORMED, ans);
        join(&j, ans);
        check_text(s, &rec, ans);
        if (s->csv)
            check_row(&rec, ans);
        bd_field_grid proposal;
        if (s->cmd == CMD_CHECK) {
            if (status == BD_OK && !rec.has_marks && bd_row_answer(&rec, &proposal) == BD_OK
                && !proposal.no_solution)
                check_verdict(&rec.grid, &proposal.grid, ans);
        } else if (status == BD_OK && rec.has_marks) {
            check_marks(&rec);
        } else if (status == BD_OK) {
            check_engines(&rec, &s->options);
            check_rating(&rec, &s->options);
        }
    }
    check_piece(s, text, len, &j);
    free(j.text);
}

/* explain --original: the grids of the first half of the text against the
 * originals of the second, read in step. Every answer ends its line. */
static void fuzz_originals(const settings *s, const uint8_t *text, size_t len,
                           bd_reader *readers, answer *ans)
{
    bd_record grid, original;
    bd_reader_init_mem(&readers[0], text, len / 2);
    bd_reader_init_mem(&readers[1], text + len / 2, len - len / 2);
    bd_status gs;
    while ((gs = bd_read(&readers[0], &grid)) != BD_EOF) {
        if (gs == BD_EINPUT)
            continue;
        bd_status os;
        while ((os = bd_read(&readers[1], &original)) == BD_EINPUT)
            ;
        answer_original(s, &grid, gs, &original, os, ans);
        check_text(s, &grid, ans);
    }
}

/* check with two inputs, the two halves of the text, read in step. */
static void fuzz_pairs(const settings *s, const uint8_t *text, size_t len, bd_reader *readers,
                       answer *ans)
{
    bd_record puzzle, proposal;
    bd_reader_init_mem(&readers[0], text, len / 2);
    bd_reader_init_mem(&readers[1], text + len / 2, len - len / 2);
    bd_reader_set_role(&readers[1], BD_ROLE_ANSWERS);
    for (;;) {
        bd_status ps, as;
        while ((ps = bd_read(&readers[0], &puzzle)) == BD_EINPUT)
            ;
        while ((as = bd_read(&readers[1], &proposal)) == BD_EINPUT)
            ;
        if (ps == BD_EOF && as == BD_EOF)
            break;
        answer_pair(s, &puzzle, ps, &proposal, as, ans);
        check_text(s, ps == BD_EOF ? NULL : &puzzle, ans);
        if (ps == BD_OK && as == BD_OK && !puzzle.has_marks && !proposal.no_solution)
            check_verdict(&puzzle.grid, &proposal.grid, ans);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    settings s = pick_settings(data);
    bd_reader *readers = malloc(2 * sizeof *readers);
    answer *ans = calloc(1, sizeof *ans);
    check(readers && ans, "out of memory");
    if (s.cmd == CMD_CHECK && (data[1] & 8))
        fuzz_pairs(&s, data + 2, size - 2, readers, ans);
    else if (s.cmd == CMD_EXPLAIN && (data[1] & 8))
        fuzz_originals(&s, data + 2, size - 2, readers, ans);
    else
        fuzz_records(&s, data + 2, size - 2, readers, ans);
    answer_free(ans);
    free(ans);
    free(readers);
    return 0;
}
