#!/usr/bin/env python3
"""target_cbc.py - COIN-OR cbc on the target-sudoku sets: a yardstick for
the target benchmark (bench/README.md), never a dependency of bitdoku.

Each puzzle becomes a 0/1 programme in CPLEX LP format (x[r][c][d] binary;
each cell one digit; each digit once per row, column and box; givens fixed;
maximise sum of d * weight * x, weight = 6 + distance to the grid's edge),
written here in the same order of variables and constraints as the model
that proved the optima of tests/data/ (cbc's node counts depend on that
order), solved by cbc, from
whose log the optimum, the branch-and-bound nodes ("Enumerated nodes") and
the CPU time ("Total time (CPU seconds)") are read. --plain switches off
cbc's preprocessing, cutting planes and heuristics: the plain LP-based
branch and bound. Prints per file a markdown row: puzzles, mean / median /
p99 / max seconds, mean and max nodes; --each adds one line per puzzle
(line number, optimum, nodes, seconds). With --check OPTIMA_FILE (one
optimum per line, e.g. `bitdoku target FILE`), every optimum must agree.

Usage: bench/target_cbc.py [--plain] [--each] [--check OPTIMA] FILE...
"""
import os
import re
import subprocess
import sys
import tempfile

CELLS = [(r, c) for r in range(9) for c in range(9)]
DIGITS = range(1, 10)


def x(r, c, d):
    """The name of the variable 'cell (r, c) holds digit d'."""
    return "x%d%d%d" % (r, c, d)


def units(u):
    """Row u, column u and box u (boxes in reading order), as cell lists."""
    return ([(u, k) for k in range(9)], [(k, u) for k in range(9)],
            [(u // 3 * 3 + k // 3, u % 3 * 3 + k % 3) for k in range(9)])


def lp_model(puzzle):
    """The LP text of one puzzle (81 characters, '.' blank): the objective,
    then one constraint per cell, per (digit, index, unit kind) and per
    given, numbered k1, k2, ... in that order, then the binaries."""
    rows = ["Maximize", " obj:"]
    rows += [" + %d %s" % (d * (6 + min(r, c, 8 - r, 8 - c)), x(r, c, d))
             for r, c in CELLS for d in DIGITS]
    sums = [[x(r, c, d) for d in DIGITS] for r, c in CELLS]
    sums += [[x(r, c, d) for r, c in unit] for d in DIGITS for u in range(9)
             for unit in units(u)]
    givens = [x(i // 9, i % 9, int(ch)) for i, ch in enumerate(puzzle) if ch != "."]
    rows.append("Subject To")
    rows += [" k%d: %s = 1" % (n, " + ".join(terms))
             for n, terms in enumerate(sums + [[g] for g in givens], 1)]
    rows.append("Binary")
    rows += [" " + x(r, c, d) for r, c in CELLS for d in DIGITS]
    rows.append("End")
    return "\n".join(rows) + "\n"


def solve(puzzle, plain):
    """(optimum or None, nodes, cpu seconds) for one 81-cell puzzle."""
    with tempfile.TemporaryDirectory() as tmp:
        lp = os.path.join(tmp, "m.lp")
        with open(lp, "w") as f:
            f.write(lp_model(puzzle))
        args = ["cbc", lp]
        if plain:
            args += ["-preprocess", "off", "-cuts", "off", "-heuristics", "off"]
        log = subprocess.run(args + ["solve"], check=True, capture_output=True,
                             text=True).stdout
    value = re.search(r"Objective value:\s+(-?[0-9.e+]+)", log)
    nodes = re.search(r"Enumerated nodes:\s+([0-9]+)", log)
    seconds = re.search(r"Total time \(CPU seconds\):\s+([0-9.]+)", log)
    if "infeasible" in log.lower() and not value:
        return -1, int(nodes.group(1)) if nodes else 0, float(seconds.group(1)) if seconds else 0.0
    return (int(round(float(value.group(1)))), int(nodes.group(1)), float(seconds.group(1)))


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main():
    args = sys.argv[1:]
    plain = "--plain" in args
    each = "--each" in args
    check = None
    if "--check" in args:
        i = args.index("--check")
        with open(args[i + 1]) as f:
            check = [int(line.split()[0]) for line in f if line.strip()]
        del args[i:i + 2]
    files = [a for a in args if not a.startswith("--")]
    if not files:
        sys.exit(__doc__)
    print("| set | puzzles | cbc%s mean s | median s | p99 s | max s | mean nodes | max nodes |"
          % (" (plain)" if plain else ""))
    print("|---|---|---|---|---|---|---|---|")
    for name in files:
        with open(name) as f:
            puzzles = [line[:81].replace("0", ".") for line in f if len(line.strip()) >= 81]
        times, nodes = [], []
        for n, p in enumerate(puzzles, 1):
            optimum, count, seconds = solve(p, plain)
            if check is not None and check[n - 1] != optimum:
                sys.exit("%s:%d: cbc %s, bitdoku %d" % (name, n, optimum, check[n - 1]))
            times.append(seconds)
            nodes.append(count)
            if each:
                print("%s:%d %s %d %.2f" % (name, n, optimum, count, seconds), file=sys.stderr)
        print("| %s | %d | %.3f | %.3f | %.3f | %.3f | %.1f | %d |"
              % (os.path.basename(name), len(puzzles), sum(times) / len(times),
                 quantile(times, 0.5), quantile(times, 0.99), max(times),
                 sum(nodes) / len(nodes), max(nodes)), flush=True)


if __name__ == "__main__":
    main()
