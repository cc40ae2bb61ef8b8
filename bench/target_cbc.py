#!/usr/bin/env python3
"""target_cbc.py - COIN-OR cbc on the target-sudoku sets: a yardstick for
bench/TARGET.md, never a dependency of bitdoku.

Each puzzle becomes the 0/1 programme of tests/data/make_target_mip.py
(x[r][c][d] binary; each cell one digit; each digit once per row, column and
box; givens fixed; maximise sum of d * weight * x), solved by cbc, from
whose log the optimum, the branch-and-bound nodes ("Enumerated nodes") and
the CPU time ("Total time (CPU seconds)") are read. --plain switches off
cbc's preprocessing, cutting planes and heuristics: the plain LP-based
branch and bound. Prints per file a markdown row: puzzles, mean / median /
p99 / max seconds, mean and max nodes; --each adds one line per puzzle
(line number, optimum, nodes, seconds). With --check OPTIMA_FILE (one
optimum per line, e.g. `bitdoku target FILE`), every optimum must agree.

Usage: bench/target_cbc.py [--plain] [--each] [--check OPTIMA] FILE...
"""
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "make_target_mip", os.path.join(HERE, "..", "tests", "data", "make_target_mip.py"))
mip = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mip)


def solve(puzzle, plain):
    """(optimum or None, nodes, cpu seconds) for one 81-cell puzzle."""
    with tempfile.TemporaryDirectory() as tmp:
        lp = os.path.join(tmp, "m.lp")
        with open(lp, "w") as f:
            f.write(mip.model(puzzle))
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
