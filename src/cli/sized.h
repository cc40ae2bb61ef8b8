/*
 * sized.h - boards of any size on the command line: the judges' formats
 * that --judge names, one record read and answered (sized_read.c,
 * sized_answer.c), and the run of a command on sized boards (sized.c).
 */
#ifndef BITDOKU_CLI_SIZED_H
#define BITDOKU_CLI_SIZED_H

#include "answer.h"
#include "bitdoku.h"

#include <stdbool.h>
#include <stdio.h>

struct session;
struct settings;

/* The values of settings.judge, in the order of --judge's words. */
enum { JUDGE_NONE, JUDGE_SPOJ, JUDGE_POJ, JUDGE_UVA989 };

/* The room for the reason a record is malformed, and for a note. */
enum { SIZED_WHY = 200, SIZED_NOTE = 512 };

/* A growable byte buffer. */
typedef struct sized_buffer {
    char *bytes;            /* NUL-terminated once anything was appended */
    size_t len, cap;
} sized_buffer;

/* Appends `n` bytes; false when memory ran out. */
bool sized_append(sized_buffer *b, const char *bytes, size_t n);

/* One record and its answer: what the reader fills, and the answerer
 * answers (on any thread). */
typedef struct sized_item {
    bd_status status;           /* BD_OK; BD_EMALFORMED (`note` says why);
                                   check: BD_EOF when the puzzles ended */
    bd_board puzzle;
    bd_board_text how;          /* its shape and alphabet, for the answer */
    unsigned long line;         /* where it starts in its input */
    bool block;                 /* set apart by blank lines */
    bool smallest;              /* answer with the smallest solution */
    const char *none;           /* the words for no solution; NULL: ours */
    /* check: the proposal */
    bd_status proposal_status;  /* BD_OK, BD_EMALFORMED, BD_EOF: missing */
    bool no_solution;           /* it says "no solution" */
    long proposal_line;         /* where it starts (for a malformed one) */
    char proposal_why[SIZED_WHY];
    bd_board proposal;
    /* generate: the puzzle's number */
    unsigned long index;
    sized_buffer row;           /* the record's CSV row, as it came */
    bool header_here;           /* --csv: the first of an input: the header
                                   goes before its answer */
    bool header_csv;            /* that input is CSV rows; then */
    sized_buffer header;        /* its header row (empty: none) */
    char note[SIZED_NOTE];      /* a diagnostic written before the answer */
    answer a;
} sized_item;

/* Where records come from: the inputs, read a line at a time. */
typedef struct sized_reader sized_reader;

/* Opens the reader on the session's inputs (check with two: the puzzles
 * and the proposals, in step); NULL when out of memory. */
sized_reader *sized_reader_open(struct session *ses);

/* Reads the next record into `item` (its answer untouched): true, or
 * false at the end of every input or on a fault that ends the run (then
 * ses->fatal, reported). The notes of malformed records and framing
 * faults are in `item->note`, or written to ses->err between records. */
bool sized_reader_next(sized_reader *r, sized_item *item);

/* Closes the reader and its inputs. */
void sized_reader_close(sized_reader *r);

/* Answers `item` by the session's command into item->a (thread-safe). */
void sized_answer(const struct settings *s, sized_item *item);

/* rate and explain (--hint) of item's puzzle into `a` (sized_rate.c;
 * thread-safe). */
void sized_rate(const struct settings *s, const sized_item *item, answer *a);
void sized_explain(const struct settings *s, const sized_item *item, answer *a);

/* Makes puzzle number item->index of the session's generate into item->a
 * (thread-safe). */
void sized_generate(const struct settings *s, sized_item *item);

/* When no option named the size (the commands that serve boards of any
 * size, and target to refuse them): reads the first record of the first
 * input ahead into ses->ahead and, when it is a board of another size than
 * 9 x 9, settles settings.sized, text's size and size_line (sized_detect.c).
 * False (reported, ses->fatal) when target meets such a board. */
bool sized_detect(struct session *ses);

/* Runs solve, count, check, rate, explain or generate on boards of any
 * size (the session's settings.text, judge, smallest); false when a fault
 * ended the run (reported on stderr). */
bool run_sized(struct session *ses);

#endif
