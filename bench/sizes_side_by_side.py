#!/usr/bin/env python3
"""Side by side on boards of other sizes: bitdoku (count -u, the bit-parallel
N x N engine) against Gecode's sudoku example (-solutions 2, uniqueness
mode), per puzzle of /work/shared/puzzles/sizes/gecode_{16x16,25x25}.txt.

Usage: bench/sizes_side_by_side.py BITDOKU GECODE_SUDOKU INDEX_MAP.json SIZE_FILE N REPEAT

Gecode's example holds its instances in its source; INDEX_MAP.json maps the
lines of SIZE_FILE to its instance numbers (a line is used only when Gecode's
solution agrees with its givens). Gecode's time is the runtime it reports
(without process start); bitdoku's is the wall time of one process counting
the puzzle REPEAT times, divided by REPEAT (process start spread over REPEAT).
Prints a row a puzzle (ms) and the ratio, then the smallest and median ratio.
"""
import json, os, re, subprocess, sys, tempfile, time

def value(c):
    return 0 if c in '.0' else int(c) if c.isdigit() else ord(c) - ord('A') + 10

def gecode(binary, index, timeout):
    try:
        out = subprocess.run([binary, '-solutions', '2', str(index)], capture_output=True,
                             text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None, None
    ms = float(re.search(r'runtime:.*\(([\d.]+) ms\)', out).group(1))
    rows = [l.split() for l in out.split('Initial')[0].splitlines()[1:] if l.strip()]
    return ms, [value(c) for r in rows for c in r]

def bitdoku(binary, line, n, repeat):
    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
        f.write((line + '\n') * repeat)
    try:
        start = time.perf_counter()
        out = subprocess.run([binary, 'count', '-u', '--size', str(n), f.name],
                             capture_output=True, text=True).stdout
        wall = time.perf_counter() - start
    finally:
        os.unlink(f.name)
    assert out.split() == ['unique'] * repeat, out[:80]
    return wall * 1000 / repeat

def main():
    bd, gc, index_map, size_file, n, repeat = sys.argv[1:7]
    n, repeat = int(n), int(repeat)
    indices = json.load(open(index_map))['%dx%d' % (n, n)]
    lines = [l.strip() for l in open(size_file) if l.strip() and not l.startswith('#')]
    ratios = []
    print('%-4s %-6s %12s %12s %10s' % ('line', 'gecode', 'gecode ms', 'bitdoku ms', 'ratio'))
    for i, (line, index) in enumerate(zip(lines, indices)):
        ms, solution = gecode(gc, index, float(os.environ.get('GECODE_TIMEOUT', '60')))
        givens = [value(c) for c in line]
        if ms is None:
            print('%-4d %-6d %12s' % (i, index, 'timeout'))
            continue
        if len(solution) != n * n or any(g and g != s for g, s in zip(givens, solution)):
            print('%-4d %-6d unmapped (Gecode instance %d is another puzzle)' % (i, index, index))
            continue
        ours = bitdoku(bd, line, n, repeat)
        ratios.append(ms / ours)
        print('%-4d %-6d %12.3f %12.4f %10.1f' % (i, index, ms, ours, ms / ours))
    ratios.sort()
    if ratios:
        print('puzzles %d  ratio min %.1f  median %.1f' % (len(ratios), ratios[0],
                                                         ratios[len(ratios) // 2]))

if __name__ == '__main__':
    main()
