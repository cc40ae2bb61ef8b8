/* main.c - the bitdoku command: everything is in cli.c. */
#include "cli.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);  /* answers are written in bulk */
    return cli_run(argc, argv, stdin, stdout, stderr);
}
