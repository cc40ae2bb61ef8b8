/*
 * solve_and_score.c - the smallest useful program on libbitdoku: read one
 * puzzle (81 cells on the command line, or the first puzzle on standard
 * input), print a solution and the puzzle's target score.
 *
 *   cc solve_and_score.c $(pkg-config --cflags --libs bitdoku)
 *   ./a.out 7..9....1 ...  (or: ./a.out < puzzle.txt)
 */
#include <bitdoku.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    bd_reader reader;
    bd_record record;
    if (argc > 1)
        bd_reader_init_mem(&reader, argv[1], strlen(argv[1]));
    else
        bd_reader_init_file(&reader, stdin);
    bd_status status = bd_read(&reader, &record);
    if (status != BD_OK) {
        if (status == BD_EMALFORMED)
            fprintf(stderr, "line %lu, column %lu: %s\n", record.err_line, record.err_col,
                    record.err_msg);
        else
            fprintf(stderr, "no puzzle: %s\n", bd_status_text(status));
        return 1;
    }

    bd_grid solution;
    if (bd_solve(&record.grid, NULL, &solution, NULL) != BD_OK) {
        puts("no solution");
        return 0;
    }
    char text[BD_FORMAT_MAX];
    bd_format(&solution, BD_SHAPE_PRETTY, text);
    fputs(text, stdout);

    int score;
    bd_target(&record.grid, NULL, &score, NULL, NULL);
    printf("target score: %d\n", score);
    return 0;
}
