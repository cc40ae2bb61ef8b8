/*
 * cmd.h - what the command files (cmd_*.c) offer: each command's answer
 * function (or run function) and --csv columns, named in COMMANDS
 * (commands.c), and the few helpers one command lends another.
 */
#ifndef BITDOKU_CLI_CMD_H
#define BITDOKU_CLI_CMD_H

#include "answer.h"
#include "bitdoku.h"
#include "settings.h"

#include <stdbool.h>
#include <stdint.h>

struct session;

/* cmd_solve.c, cmd_target.c, cmd_count.c ---------------------------- */

/* The answer functions of solve, target and count. */
void answer_solve(const settings *s, const bd_record *rec, answer *a);
void answer_target(const settings *s, const bd_record *rec, answer *a);
void answer_count(const settings *s, const bd_record *rec, answer *a);

/* The --csv columns of solve ("solution"; --all "count,solutions") and of
 * target ("target", with --grid "target,grid"). */
const char *columns_solve(const settings *s);
const char *columns_target(const settings *s);

/* Writes a count of solutions, found by a search to
 * count_search_limit(limit) that ended with `status`: "N", "N+" (more
 * than the limit N; 0: none), "cut-short>=N" or "cut-short"; sets the
 * answer's outcome. No line end. */
void count_field(answer *a, bd_status status, uint64_t count, uint64_t limit);

/* The search limit for a shown limit N: N + 1, so that N+ means "more
 * than N" and a count up to N is exact (0: none). */
uint64_t count_search_limit(uint64_t limit);

/* cmd_rate.c and cmd_explain.c -------------------------------------- */

/* The answer functions of rate and explain. */
void answer_rate(const settings *s, const bd_record *rec, answer *a);
void answer_explain(const settings *s, const bd_record *rec, answer *a);

/* Their --csv columns. */
const char *columns_rate(const settings *s);
const char *columns_explain(const settings *s);

/* wrong.c ----------------------------------------------------------- */

/* When `grid` has no solution (or, given its `original` puzzle, entries
 * that no solution of it has): writes what is wrong with it as the
 * answer's line (see wrong.c) and returns true; else writes nothing and
 * returns false. `original` may be NULL. */
bool put_diagnosis(const settings *s, const bd_grid *grid, const bd_grid *original, answer *a);

/* explain --original: one pair of a grid and its original puzzle, the
 * records just read from each (BD_EOF: the originals have ended;
 * BD_EMALFORMED: reported already), answered into `a` from answer_begin to
 * answer_end: what is wrong with the grid, or else explain's answer to it.
 * Thread-safe. */
void answer_original(const settings *s, const bd_record *grid, bd_status grid_status,
                     const bd_record *original, bd_status original_status, answer *a);

/* explain: every record answered (answer_explain), or with --original the
 * grids read in step with their original puzzles; false when output
 * failed. */
bool run_explain(struct session *ses);

/* The words that answer a puzzle bd_rate refuses with `status` (e.g.
 * "multiple solutions"), and its outcome in *out; NULL (outcome
 * OUTCOME_FAILED) for a status that is no answer at all. */
const char *rate_refusal(bd_status status, outcome *out);

/* Writes the words of rate_refusal as the answer's line (with --csv the
 * row's other columns are left empty by answer_end); false (the answer
 * failed) for a status that is no answer. */
bool rate_refused(bd_status status, answer *a);

/* Writes a rating as its three fields: "4.2 fiendish xy-wing" (with
 * `ep_ed`, "4.2/1.2/1.2 fiendish xy-wing"), or with --csv the columns
 * rating, level and hardest. No line end. */
void rate_fields(answer *a, const bd_rating *rating, bool ep_ed);

/* Room for a rating_line. */
enum { RATING_LINE_SIZE = 192 };

/* explain's rating line (no line end) into `out` (`size` bytes, cut
 * there, as snprintf): "rating 4.2 fiendish (hardest: xy-wing; 31 steps;
 * EP 1.2, ED 1.2)"; for a `stalled` path of another size "rating 3.4+
 * beyond-these-techniques (hardest: ...)". */
void rating_line(char *out, size_t size, const bd_rating *rating, bool stalled);

/* cmd_check.c ------------------------------------------------------- */

/* check, one input: the proposal beside the puzzle on a CSV or TSV row. */
void answer_check(const settings *s, const bd_record *rec, answer *a);

/* check, two inputs: one pair, the records just read from each (BD_EOF:
 * that input has ended; BD_EMALFORMED: reported already), answered into
 * `a` from answer_begin to answer_end. Thread-safe. */
void answer_pair(const settings *s, const bd_record *puzzle, bd_status puzzle_status,
                 const bd_record *proposal, bd_status proposal_status, answer *a);

/* check: one input (answer_check on every record) or two, the puzzles and
 * the proposals, read in step; false when output failed. */
bool run_check(struct session *ses);

/* The --csv column of check: "check" (two inputs: "answer,check"). */
const char *columns_check(const settings *s);

/* cmd_generate.c ---------------------------------------------------- */

/* generate: makes --count puzzles (bd_generate), with --jobs threads, and
 * writes them in order; false when output failed. */
bool run_generate(struct session *ses);

#endif
