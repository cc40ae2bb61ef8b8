#!/usr/bin/env python3
"""make_target_mip.py - independent optimum values for the target-sudoku tests.

Writes each puzzle as a 0/1 integer programme in CPLEX LP format, solves it
with COIN-OR cbc, and prints one line per puzzle: the 81-cell puzzle ('.' for
a blank) and the proven optimum, -1 if cbc proves it infeasible.

Model: x[r][c][d] binary; each cell takes one digit; each digit once per row,
column and box; givens fixed to 1; maximise sum of d * weight(r, c) * x with
weight = 6 + distance to the grid's edge.

The puzzles: a few fixed ones (the NOIP 2009 samples, whose published answers
2829 and 2852 check the model; the empty grid, published 2906), random
sparse ones (a random full grid made by backtracking with shuffled digit
order, Python's random, seed 20091, then all but N cells cleared at random),
and the hard sparse puzzles of issue 15 (found by an adversarial search: up
to a minute for the optimizer of the time, and to a LP-based branch and
bound the optimum hides 1-3 points below the bound).

With --hard, solves instead the puzzles of issue 15 and those of the files
named after it (one per line, 81 cells, '.' or '0' blank), e.g. the
adversarial set; these are kept apart (target_hard_mip.txt) from the main
file, which every target engine's tests read.

This is a test-data script, not a build step. Usage:
    python3 tests/data/make_target_mip.py > tests/data/target_mip.txt
    python3 tests/data/make_target_mip.py --hard puzzles/target/target_adversarial.txt \
        puzzles/target/target_adversarial2.txt puzzles/target/target_adversarial3.txt \
        puzzles/target/target_adversarial4.txt puzzles/target/target_adversarial5.txt \
        puzzles/target/target_grown_sparse.txt puzzles/target/target_grown_wide.txt \
        puzzles/target/target_grown_ring.txt puzzles/target/target_grown_mid.txt \
        puzzles/target/target_grown_few.txt puzzles/target/target_grown_none.txt \
        > tests/data/target_hard_mip.txt

The last 60 lines of target_hard_mip.txt are this model's optima of the
five grids with the most nodes (bitdoku target --stats, commit c42fc4b) of
each of puzzles/target/target_grown2_*.txt and target_grown3_*.txt, solved
one by one with solve() below and appended. The 32 lines after them: the
same five grids (commit 2730420) of each of target_grown4_sparse, _ring,
_wide, _mid, _few and _none.txt, in that order, then lines 1 and 7 of
target_grown4_ring.txt, its costliest grids in instructions. The next 10
lines: the six grids with the most nodes (commit ccc6543) of
target_grown7_sparse.txt, then four of the five of target_grown7_wide.txt
(its third was here already), costliest first, each optimum cbc's
(bench/target_cbc.py --each), which `bitdoku target -e dlx` matched. The
next 14: those of the five grids with the most nodes of each of
target_grown8_sparse, _ring and _wide.txt not already listed, the same
way. The next 10: the five grids with the most nodes (commit c2cb285) of
target_grown9_sparse.txt, then of target_grown9_ring.txt (lines 1-5 of
each), the same way. The next 100: every grid of target_grown10_none.txt,
then of target_grown11_none.txt (-1, cbc's). The next 5: lines 1-5 of
target_grown14_sparse.txt, its grids with the most nodes (commit b853ead),
the same way. The last 5: lines 1-5 of target_grown15_sparse.txt, its
grids with the most nodes (commit 401a64a), the same way.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

NOIP = [
    "700900001100005900000200080005020003000000648413000000007002090201060804080504012",
    "000702453900008000740005010195080000070000025030579108000601000060900001000000006",
]
GIVENS = [1, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 15, 17, 18, 20]
ISSUE15 = [
    "009000000000000000800000000000000000000020000000000000000000000000000000000000000",
    "000000000000000000000000000000000000000020000300000000690000000008000000000000000",
    "000000000000008000000000000000004000000002000000000000000000090000000500000000700",
    "000000000000000000000000000000000000000200000000000000670000000000000000009000000",
    "400000000050000000000000000000000000000000000000000000000000000000000000000000000",
]
SEED = 20091


def weight(r, c):
    return 6 + min(r, c, 8 - r, 8 - c)


def random_full(rng):
    cells = [0] * 81

    def ok(i, d):
        r, c = divmod(i, 9)
        br, bc = r // 3 * 3, c // 3 * 3
        for k in range(9):
            if cells[r * 9 + k] == d or cells[k * 9 + c] == d:
                return False
            if cells[(br + k // 3) * 9 + bc + k % 3] == d:
                return False
        return True

    def fill(i):
        if i == 81:
            return True
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for d in digits:
            if ok(i, d):
                cells[i] = d
                if fill(i + 1):
                    return True
                cells[i] = 0
        return False

    fill(0)
    return cells


def model(puzzle):
    var = lambda r, c, d: "x%d%d%d" % (r, c, d)
    lines = ["Maximize", " obj:"]
    terms = [" + %d %s" % (d * weight(r, c), var(r, c, d))
             for r in range(9) for c in range(9) for d in range(1, 10)]
    lines += terms
    lines.append("Subject To")
    n = 0
    for r in range(9):
        for c in range(9):
            n += 1
            lines.append(" k%d: " % n + " + ".join(var(r, c, d) for d in range(1, 10)) + " = 1")
    for d in range(1, 10):
        for u in range(9):
            row = [(u, k) for k in range(9)]
            col = [(k, u) for k in range(9)]
            box = [(u // 3 * 3 + k // 3, u % 3 * 3 + k % 3) for k in range(9)]
            for unit in (row, col, box):
                n += 1
                lines.append(" k%d: " % n + " + ".join(var(r, c, d) for r, c in unit) + " = 1")
    for i, ch in enumerate(puzzle):
        if ch != '.':
            n += 1
            lines.append(" k%d: %s = 1" % (n, var(i // 9, i % 9, int(ch))))
    lines.append("Binary")
    lines += [" " + var(r, c, d) for r in range(9) for c in range(9) for d in range(1, 10)]
    lines.append("End")
    return "\n".join(lines) + "\n"


def solve(puzzle):
    with tempfile.TemporaryDirectory() as tmp:
        lp = os.path.join(tmp, "m.lp")
        sol = os.path.join(tmp, "m.sol")
        with open(lp, "w") as f:
            f.write(model(puzzle))
        subprocess.run(["cbc", lp, "solve", "solu", sol], check=True,
                       stdout=subprocess.DEVNULL)
        with open(sol) as f:
            head = f.readline()
        if head.startswith("Infeasible"):
            return -1
        if not head.startswith("Optimal"):
            sys.exit("cbc did not prove optimality: " + head)
        value = float(re.search(r"objective value\s+(-?[0-9.e+]+)", head).group(1))
        return int(round(value))


def main():
    rng = random.Random(SEED)
    puzzles = [p.replace("0", ".") for p in NOIP] + ["." * 81]
    for givens in GIVENS:
        full = random_full(rng)
        keep = set(rng.sample(range(81), givens))
        puzzles.append("".join(str(full[i]) if i in keep else "." for i in range(81)))
    if sys.argv[1:2] == ["--hard"]:
        puzzles = [p.replace("0", ".") for p in ISSUE15]
        for name in sys.argv[2:]:
            with open(name) as f:
                puzzles += [line[:81].replace("0", ".") for line in f if len(line.strip()) >= 81]
    print("# Target-sudoku optima proven by COIN-OR cbc %s on a 0/1 model;"
          % "2.10.8")
    print("# made by tests/data/make_target_mip.py (see its header). Format:")
    print("# <81 cells, '.' blank> <optimum>")
    for p in puzzles:
        print(p, solve(p), flush=True)


if __name__ == "__main__":
    main()
