/*
 * commands.c - the command table: what each command is called, what --help
 * says of it, and how it runs. A per-record command names the function
 * that turns one record into its answer; a command that does not answer
 * its inputs record by record names the function that runs it.
 */
#include "commands.h"
#include "cmd.h"
#include "output.h"
#include "settings.h"

const command_spec COMMANDS[COMMAND_COUNT] = {
    [CMD_SOLVE] = {CMD_SOLVE, "solve",
                   "print a solution of each puzzle, or 'no solution' (the default)",
                   answer_solve, NULL, columns_solve, false, NULL},
    [CMD_TARGET] = {CMD_TARGET, "target",
                    "print the maximum target score over all completions, or -1\n"
                    "(weights 6 on the outer ring, then 7, 8, 9, and 10 at the centre)",
                    answer_target, NULL, columns_target, false, NULL},
    [CMD_COUNT] = {CMD_COUNT, "count", "print the number of solutions of each puzzle",
                   answer_count, NULL, NULL, false, NULL},
    [CMD_RATE] = {CMD_RATE, "rate",
                  "print how hard each puzzle is for a person: 'RATING LEVEL HARDEST'\n"
                  "(Sudoku Explainer's ER, e.g. '8.3 diabolical region-forcing-chains'),\n"
                  "or 'multiple solutions'; other sizes: only full houses, singles,\n"
                  "pointing, claiming, subsets and fish, on SE's scale calibrated on\n"
                  "9x9, and 'R+ beyond-these-techniques HARDEST' where they stall",
                  answer_rate, NULL, columns_rate, false, NULL},
    [CMD_EXPLAIN] = {CMD_EXPLAIN, "explain",
                     "print the steps a person would take, one a line, the rating,\n"
                     "then the solution (--hint: only the next placement); other\n"
                     "sizes: those techniques only, values in the input's alphabet",
                     answer_explain, run_explain, columns_explain, false, NULL},
    [CMD_CHECK] = {CMD_CHECK, "check",
                   "judge proposed solutions: the answer beside each puzzle\n"
                   "on a CSV row, or PUZZLES and ANSWERS, two inputs read in\n"
                   "step; print ok or what is wrong with each",
                   answer_check, run_check, columns_check, false, NULL},
    [CMD_GENERATE] = {CMD_GENERATE, "generate",
                      "make puzzles with exactly one solution (reads no input);\n"
                      "by default minimal ones, where no given can go",
                      NULL, run_generate, NULL, true, output_generate_summary},
};
