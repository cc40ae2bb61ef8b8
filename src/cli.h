/*
 * cli.h - the bitdoku command line, callable from main() and from tests.
 */
#ifndef BITDOKU_CLI_H
#define BITDOKU_CLI_H

#include <stdio.h>

/* Exit statuses of the command (documented in --help and the README). */
enum {
    CLI_OK = 0,          /* every record read and answered */
    CLI_MALFORMED = 1,   /* some input was malformed (each reported) */
    CLI_FATAL = 2,       /* usage error, unreadable file, or write error */
    CLI_CUT_SHORT = 3    /* some puzzle was cut short by --max-nodes/--timeout */
};

/* Runs `bitdoku argv[1..]`, answers on `out`, diagnostics on `err`;
 * returns the exit status. Files named in argv are opened by name; "-" or
 * no file means `in`. */
int cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err);

#endif
