/* main.c - the bitdoku command: everything is in cli.c. */
#include "bitdoku.h"
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    const char *why;
    if (bd_isa(NULL, &why) != BD_OK) {   /* BITDOKU_ISA names no kernel that runs here */
        fprintf(stderr, "bitdoku: BITDOKU_ISA=%s: %s\n", getenv("BITDOKU_ISA"), why);
        return CLI_FATAL;
    }
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);  /* answers are written in bulk */
    return cli_run(argc, argv, stdin, stdout, stderr);
}
