/*
 * commands.h - the command table (commands.c): each command's name, its
 * --help summary, and how it runs.
 */
#ifndef BITDOKU_CLI_COMMANDS_H
#define BITDOKU_CLI_COMMANDS_H

#include "settings.h"

#include <stdbool.h>
#include <stdio.h>

struct session;
struct output;

/* Runs a command that does not answer its inputs record by record; false
 * when output failed. */
typedef bool (*run_fn)(struct session *ses);

/* The names of the columns a command's answers fill with --csv, joined by
 * commas (e.g. "target,grid"). */
typedef const char *(*columns_fn)(const settings *s);

/* Writes a command's --stats summary to `err`. */
typedef void (*summary_fn)(const struct output *o, FILE *err);

typedef struct command_spec {
    command_id id;
    const char *name;
    const char *summary;    /* for --help; '\n' starts another line */
    answer_fn answer;       /* per-record commands */
    run_fn run;             /* or NULL: answer every record of the inputs */
    columns_fn columns;     /* or NULL: one column, named as the command */
    bool no_input;          /* it reads no input: FILE operands are errors */
    summary_fn stats;       /* or NULL: output_summary */
} command_spec;

/* Every command, indexed by command_id. */
extern const command_spec COMMANDS[COMMAND_COUNT];

#endif
