/*
 * session.h - one run of the command line: the settings and everything
 * around them (the threads, the operands, the streams, the output and the
 * faults met so far), filled by options.c and run by cli.c. Types only.
 */
#ifndef BITDOKU_CLI_SESSION_H
#define BITDOKU_CLI_SESSION_H

#include "input.h"
#include "output.h"
#include "settings.h"

#include <stdbool.h>
#include <stdio.h>

/* The most threads --jobs may ask for. */
enum { MAX_JOBS = 64 };

/* One run of the command: the settings and everything around them. */
typedef struct session {
    settings set;
    int jobs;
    bool stats;             /* --stats */
    int file_count;
    char **files;           /* the operands: files to read */
    FILE *in, *err;
    input_ahead ahead;      /* the first input's first record, read to tell
                               the size of its boards (sized_detect.c) */
    output out;
    bool malformed;         /* some record was malformed */
    bool misframed;         /* the input around the records was wrong */
    bool fatal;             /* a usage error, or an input or output failed */
} session;

#endif
