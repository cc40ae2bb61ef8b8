/*
 * settings.h - what a run of the command line is asked to do: the command,
 * the output format, and the settings every answer reads. Types only.
 */
#ifndef BITDOKU_CLI_SETTINGS_H
#define BITDOKU_CLI_SETTINGS_H

#include "bitdoku.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The commands, in the order of COMMANDS (commands.c) and of --help. */
typedef enum command_id {
    CMD_SOLVE, CMD_TARGET, CMD_COUNT, CMD_RATE, CMD_EXPLAIN, CMD_CHECK, CMD_GENERATE,
    COMMAND_COUNT
} command_id;

/* A set of commands, for the options that apply to some only. */
#define CMD_BIT(id) (1u << (id))
#define CMD_ALL ((1u << COMMAND_COUNT) - 1u)

typedef enum format { FMT_AUTO, FMT_LINE, FMT_GRID, FMT_COMPACT, FMT_PRETTY } format;

/* Pictures (--format svg or html, draw_*.c): what to draw and how. */
typedef enum picture_kind { PICTURE_NONE, PICTURE_SVG, PICTURE_HTML } picture_kind;
typedef enum paper { PAPER_A4, PAPER_LETTER } paper;
typedef enum answers_at { ANSWERS_END, ANSWERS_BESIDE, ANSWERS_NONE } answers_at;
typedef struct pictures {
    picture_kind kind;      /* PICTURE_NONE: text, as `fmt` says */
    int per_page;           /* html: puzzles a page (1, 2, 4, 6; 0: 4) */
    paper paper;
    answers_at answers;     /* html: where the solutions go */
    bool candidates;        /* draw each blank cell's candidates */
    const char *title;      /* html: the page's title; NULL: the default */
} pictures;

struct settings;
struct answer;

/* Turns one well-formed record into the text of its answer. Thread-safe. */
typedef void (*answer_fn)(const struct settings *s, const bd_record *rec, struct answer *a);

/* What to do with each puzzle: read-only once the arguments are parsed,
 * shared by every worker thread. */
typedef struct settings {
    command_id cmd;
    answer_fn answer;       /* COMMANDS[cmd].answer */
    bd_options options;
    format fmt;
    pictures pic;           /* --format svg or html, and their options */
    bool print_grid;        /* target --grid */
    bool grid_answers;      /* a puzzle is answered with a grid (solve,
                               target --grid): in the shape answer_shape
                               gives, every answer to a grid is a block */
    bool all_blocks;        /* every answer is a block, whatever the input's
                               shape (explain, not --hint or --csv) */
    bool unique;            /* count --unique */
    uint64_t limit;         /* count and solve --all: --limit; 0: none */
    bool all;               /* solve --all */
    bool hint;              /* explain --hint */
    const char *original;   /* explain --original: the file of the grids'
                               original puzzles, or NULL */
    bool ep_ed;             /* rate --ep-ed */
    bool time_each;         /* measure the time of each answer */
    bool csv;               /* --csv: a row per record, with a header */
    const char *columns;    /* with --csv: the names of our columns */
    size_t piece_bytes;     /* how much input a piece holds (0: the default;
                               tests make it small, see cli_run_pieces) */
    bd_generate_options gen; /* generate: what to make */
    bool givens_given;      /* generate --givens */
    uint64_t seed;          /* generate --seed, or one from the clock */
    bool seed_given;
    unsigned long made;     /* generate --count: how many to make */
    bool with_solution;     /* generate --solution */
    bool with_rating;       /* generate --rating */
    char gave_up[160];      /* generate: why a puzzle was not made */
    bool sized;             /* --box, --size, --alphabet, --judge or
                               --smallest: boards of any size (sized.c) */
    bd_board_text text;     /* their size and alphabet, 0/AUTO: from the input */
    unsigned long size_line;    /* the line of the first input whose board
                                   set the size (sized_detect.c); 0: none did */
    int judge;              /* --judge: JUDGE_* (sized.c), 0: none */
    bool smallest;          /* solve --smallest */
} settings;

#endif
