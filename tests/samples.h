/*
 * samples.h - puzzles with published answers, shared by the unit tests.
 *
 * NOIP 2009 (senior group) "target sudoku": the two sample inputs of the
 * problem, whose published answers are 2829 and 2852. Their solution
 * counts, 3 and 85, are the figures given in the issue tracker and agree
 * with the naive reference solver of testutil.c.
 */
#ifndef BITDOKU_SAMPLES_H
#define BITDOKU_SAMPLES_H

static const char *const NOIP_SAMPLE_1 =
    "7 0 0 9 0 0 0 0 1\n"
    "1 0 0 0 0 5 9 0 0\n"
    "0 0 0 2 0 0 0 8 0\n"
    "0 0 5 0 2 0 0 0 3\n"
    "0 0 0 0 0 0 6 4 8\n"
    "4 1 3 0 0 0 0 0 0\n"
    "0 0 7 0 0 2 0 9 0\n"
    "2 0 1 0 6 0 8 0 4\n"
    "0 8 0 5 0 4 0 1 2\n";

static const char *const NOIP_SAMPLE_2 =
    "0 0 0 7 0 2 4 5 3\n"
    "9 0 0 0 0 8 0 0 0\n"
    "7 4 0 0 0 5 0 1 0\n"
    "1 9 5 0 8 0 0 0 0\n"
    "0 7 0 0 0 0 0 2 5\n"
    "0 3 0 5 7 9 1 0 8\n"
    "0 0 0 6 0 1 0 0 0\n"
    "0 6 0 9 0 0 0 0 1\n"
    "0 0 0 0 0 0 0 0 6\n";

enum { NOIP_SCORE_1 = 2829, NOIP_SCORE_2 = 2852, NOIP_COUNT_1 = 3, NOIP_COUNT_2 = 85 };

/* Three puzzles of the public Kaggle "1 million sudoku" set with the
 * solutions published beside them (unique solutions). */
static const char *const KAGGLE[][2] = {
    {"004300209005009001070060043006002087190007400050083000600000105003508690042910300",
     "864371259325849761971265843436192587198657432257483916689734125713528694542916378"},
    {"040100050107003960520008000000000017000906800803050620090060543600080700250097100",
     "346179258187523964529648371965832417472916835813754629798261543631485792254397186"},
    {"600120384008459072000006005000264030070080006940003000310000050089700000502000190",
     "695127384138459672724836915851264739273981546946573821317692458489715263562348197"},
};

#endif
