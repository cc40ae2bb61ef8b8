/*
 * options.h - the command line's arguments (options.c): argv into a
 * session's settings, and the --help text.
 */
#ifndef BITDOKU_CLI_OPTIONS_H
#define BITDOKU_CLI_OPTIONS_H

#include "session.h"

#include <stdio.h>

typedef enum parse_result { PARSE_RUN, PARSE_HELP, PARSE_VERSION, PARSE_ERROR } parse_result;

/* Parses argv into `ses` (whose settings hold the defaults); reports usage
 * errors on ses->err. */
parse_result options_parse(session *ses, int argc, char **argv);

/* Writes the --help text. */
void options_help(FILE *out);

#endif
