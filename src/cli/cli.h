/*
 * cli.h - the bitdoku command line: cli_run and its exit statuses. Not
 * part of the library. The files, from the top down (a file calls only
 * those below it, and uses only types declared at or below it):
 *
 *   main.c          main(): stdout buffering, then cli_run
 *   cli.c           cli_run: parse, dispatch to the command, exit status
 *   options.c       the option table: argv -> settings, and --help
 *   commands.c      the command table: each command's name, summary, and
 *                   how it runs (an answer function per record, or a run
 *                   function), in the command files:
 *   cmd_explain.c   explain: a puzzle's solution path, or a hint
 *   cmd_rate.c      rate: how hard a puzzle is for a person
 *   cmd_check.c     check: pairs of puzzle and proposed solution, from one
 *                   input or from two read in step
 *   cmd_generate.c  generate: puzzles made, not read, on 1..N threads,
 *                   written in order
 *   cmd_solve.c     solve: a solution, or --all of them
 *   cmd_target.c    target: the best score, with --grid a grid reaching it
 *   cmd_count.c     count: how many solutions
 *   sized.c         boards of any size (--box, --size, --alphabet, --judge,
 *                   --smallest): their records answered in groups on 1..N
 *                   threads, written in order
 *   sized_read.c    their records read a line at a time: text, CSV rows,
 *                   the judges' framing, check's proposals
 *   sized_answer.c  one of them -> the text of its answer (solve, count,
 *                   check, a puzzle of generate)
 *   batch.c         answering the records of every input, with 1..N
 *                   threads, a piece of input at a time, the answers
 *                   written in order
 *   ring.c          the ordered worker ring of batch.c, cmd_generate.c and
 *                   sized.c:
 *                   numbered jobs handed to N threads, taken back in order
 *   output.c        answers written in order; progress line, tally, --stats
 *   piece.c         one piece of input -> the answers to its records and
 *                   the diagnostics between them
 *   answer.c        one record -> the text of its answer, framed (--csv rows)
 *   input.c         sources: files and stdin read as input comes, cut into
 *                   chunks of whole lines, faults reported
 *   clock.c         seconds on a wall clock
 *
 * Their headers, by concern: settings.h (what to do: the command, the
 * output format, the settings every answer reads) and session.h (one run:
 * the settings, threads, operands and output); options.h, commands.h,
 * cmd.h (what the command files offer), batch.h, ring.h, output.h,
 * piece.h, answer.h, input.h and clock.h, each for the file of its name,
 * sized.h for the three sized files;
 * printf_like.h and platform.h. This header is the whole of what main.c
 * needs.
 *
 * A new command is a file of its own with its answer (or run) function,
 * declared in cmd.h, a line in COMMANDS (commands.c) and its options'
 * lines in options.c.
 */
#ifndef BITDOKU_CLI_H
#define BITDOKU_CLI_H

#include <stddef.h>
#include <stdio.h>

/* Exit statuses of the command (documented in --help and the README). */
enum {
    CLI_OK = 0,          /* every record read and answered */
    CLI_MALFORMED = 1,   /* some records were malformed (each reported, answered
                            'error'); check: or some answer was rejected */
    CLI_FATAL = 2,       /* usage error, unreadable file, or write error */
    CLI_CUT_SHORT = 3,   /* some puzzle was cut short by --max-nodes/--timeout */
    CLI_MISFRAMED = 4    /* every record answered, but the input around them was
                            wrong: text after 'end', or a count line that does
                            not match the puzzles (reported) */
};

/* Runs `bitdoku argv[1..]`, answers on `out`, diagnostics on `err`;
 * returns the exit status. Files named in argv are opened by name; "-" or
 * no file means `in`. */
int cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

/* cli_run, with the input cut into pieces of about `piece_bytes` bytes
 * (0: the default) for the answering threads: for tests of the cutting. */
int cli_run_pieces(int argc, char **argv, FILE *in, FILE *out, FILE *err, size_t piece_bytes);

#endif
