#!/usr/bin/env python3
"""bitdoku side by side with Gecode's sudoku example and a SAT encoding
solved by CaDiCaL and MiniSat, per puzzle, on boards of any size, in
uniqueness mode.

Usage: python3 bench/sizes_side_by_side.py BITDOKU SIZE_FILE N REPEAT [GECODE] [SOLVER ...]

SIZE_FILE holds one puzzle a line of N*N symbols in the `digits` alphabet
(1-9 then A = 10 ...; `.` or `0` blank; lines starting with `#` are
skipped). SOLVER is `cadical` or `minisat` (Debian's packages; both by
default).

GECODE (a path containing `sudoku`; optional) is Gecode's example
examples/sudoku.cpp built with the lines of SIZE_FILE as its instances (its
instance i is line i; bench/README.md says how), run as `GECODE
-solutions 2 i`; its time is the runtime it reports (without its process
start), and its solution is checked against the givens.

The encoding: a variable x(r,c,v) for "cell (r, c) holds v"; every cell
holds at least one value and at most one (pairwise clauses); every row,
column and box holds each value at least once and at most once (pairwise).
SAT_ENCODING=extended (Lynce and Ouaknine's extended encoding) has all N^3
variables and a unit clause a given; the default, `optimized` (Kwon and
Jain's), leaves out the given cells, the values a given of a cell's units
holds, and the units whose value is given, which makes the formula several
times smaller. Uniqueness is
two calls: the first finds a solution, which is checked against the
givens and the rules; the second adds a clause that rules out exactly that
solution (on the blank cells) and must be unsatisfiable. A solver's time
is the CPU time (user + system) of its two processes, less twice the CPU
time of one process on an empty formula (its start, measured first): the
encoding is written before the clock starts and is not counted. A time
below SAT_RESOLUTION_MS (0.1 ms) is shown as such and left out of the
ratio: it is within the noise of the start measured.

Boxes are R x C with R the largest divisor of N up to its square root (2x3
for 6, 3x4 for 12, 4x4 for 16). bitdoku's time is the CPU time of one
`count -u --box RxC --alphabet digits` process on the
puzzle repeated REPEAT times, divided by REPEAT (its start spread over
REPEAT); each answer must be `unique`.

Prints a row a puzzle (ms) and, per solver, the ratio solver / bitdoku;
then the load average at the start and the end, a line a tool with its
median time a puzzle and the puzzles it was timed on (neither timed out
nor under SAT_RESOLUTION_MS), and the smallest and median ratio against
the faster solver per puzzle: the figures of bench/README.md's table.
A tool that takes more than SAT_TIMEOUT seconds (default 60) on a puzzle is
`timeout` there; such a puzzle counts as ratio 0 when bitdoku timed out and
a peer answered, and as inf when only bitdoku answered.
"""
import os, re, resource, subprocess, sys, tempfile

SAT_RESOLUTION_MS = 0.1   # a solver's time less its start, below this, is noise

def value(c):
    return 0 if c in '.0' else int(c) if c.isdigit() else ord(c.upper()) - ord('A') + 10

def box_shape(n):
    r = int(round(n ** 0.5))
    while n % r:
        r -= 1
    return r, n // r

def peers_free(givens, n):
    """The values no given of a cell's row, column or box holds, a set per
    blank cell (None for a given)."""
    br, bc = box_shape(n)
    free = []
    for cell, g in enumerate(givens):
        if g:
            free.append(None)
            continue
        r, c = divmod(cell, n)
        top, left = r // br * br, c // bc * bc
        seen = {givens[r * n + k] for k in range(n)} | {givens[k * n + c] for k in range(n)}
        seen |= {givens[(top + k // bc) * n + left + k % bc] for k in range(n)}
        free.append(set(range(1, n + 1)) - seen)
    return free

def encode(givens, n, optimized):
    """The clauses (lists of literals) of the puzzle. Optimized (Kwon and
    Jain): only the blank cells' values that no given of their units
    holds have clauses; the givens and the units' given values need
    none."""
    br, bc = box_shape(n)
    var = lambda r, c, v: (r * n + c) * n + v + 1
    free = peers_free(givens, n) if optimized else [set(range(1, n + 1))] * (n * n)
    def live(r, c, v):
        f = free[r * n + c]
        return f is not None and v + 1 in f
    clauses = []
    def exactly_one(lits):
        clauses.append(lits)
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                clauses.append([-lits[i], -lits[j]])
    def unit(cells, v):
        if optimized and any(givens[r * n + c] == v + 1 for r, c in cells):
            return
        exactly_one([var(r, c, v) for r, c in cells if live(r, c, v)])
    for r in range(n):
        for c in range(n):
            if free[r * n + c] is not None:
                exactly_one([var(r, c, v) for v in range(n) if live(r, c, v)])
    for v in range(n):
        for i in range(n):
            unit([(i, c) for c in range(n)], v)
            unit([(r, i) for r in range(n)], v)
            top, left = i // br * br, i % br * bc
            unit([(top + k // bc, left + k % bc) for k in range(n)], v)
    if not optimized:
        for cell, g in enumerate(givens):
            if g:
                clauses.append([cell * n + g])
    return clauses

def dimacs(clauses, nvars):
    out = ['p cnf %d %d' % (nvars, len(clauses))]
    out.extend(' '.join(map(str, c)) + ' 0' for c in clauses)
    return '\n'.join(out) + '\n'

def child_cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime

def run_solver(solver, cnf_path, timeout):
    """(satisfiable, model as a set of true variables, CPU seconds); None
    on a timeout."""
    if solver == 'cadical':
        cmd, model_path = ['cadical', '-q', cnf_path], None
    else:
        model_path = cnf_path + '.out'
        cmd = ['minisat', '-verb=0', cnf_path, model_path]
    before = child_cpu()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None
    cpu = child_cpu() - before
    text = open(model_path).read() if model_path else out
    if model_path:
        os.unlink(model_path)
    sat = 'UNSAT' not in text and ('SAT' in text)
    model = set()
    if sat:
        for line in text.splitlines():
            if line.startswith('v ') or (model_path and not line.startswith('SAT')):
                model.update(int(t) for t in line.split()[1 if line.startswith('v ') else 0:]
                             if int(t) > 0)
    return sat, model, cpu

def check_solution(model, givens, n, free):
    """The grid the model gives (only the variables of the formula are
    read), asserted a solution of the puzzle."""
    br, bc = box_shape(n)
    grid = list(givens)
    for lit in model:
        cell, v = divmod(lit - 1, n)
        if givens[cell] or v + 1 not in free[cell]:
            continue
        assert grid[cell] == 0, 'two values in a cell'
        grid[cell] = v + 1
    full = set(range(1, n + 1))
    for i in range(n):
        top, left = i // br * br, i % br * bc
        assert {grid[i * n + k] for k in range(n)} == full, 'a row breaks the rules'
        assert {grid[k * n + i] for k in range(n)} == full, 'a column breaks the rules'
        assert {grid[(top + k // bc) * n + left + k % bc] for k in range(n)} == full, 'a box'
    return grid

def sat_unique(solver, givens, n, timeout, start_cpu):
    """CPU milliseconds to decide uniqueness (asserted unique), or None."""
    optimized = os.environ.get('SAT_ENCODING', 'optimized') == 'optimized'
    clauses = encode(givens, n, optimized)
    free = peers_free(givens, n) if optimized else [set(range(1, n + 1))] * (n * n)
    with tempfile.NamedTemporaryFile('w', suffix='.cnf', delete=False) as f:
        f.write(dimacs(clauses, n * n * n))
    try:
        first = run_solver(solver, f.name, timeout)
        if first is None:
            return None
        sat, model, cpu1 = first
        assert sat, 'no solution'
        grid = check_solution(model, givens, n, free)
        block = [-((cell * n) + grid[cell]) for cell in range(n * n) if not givens[cell]]
        with open(f.name, 'w') as g:
            g.write(dimacs(clauses + [block], n * n * n))
        second = run_solver(solver, f.name, timeout)
        if second is None:
            return None
        assert not second[0], 'a second solution: not unique'
        return max(cpu1 + second[2] - 2 * start_cpu, 0.0) * 1000
    finally:
        os.unlink(f.name)

def start_cost(solver):
    """CPU seconds of one process on an empty formula (the median of 5)."""
    costs = []
    with tempfile.NamedTemporaryFile('w', suffix='.cnf', delete=False) as f:
        f.write('p cnf 1 1\n1 0\n')
    for _ in range(5):
        costs.append(run_solver(solver, f.name, 10)[2])
    os.unlink(f.name)
    return sorted(costs)[2]

def gecode_ms(binary, index, givens, n, timeout):
    """Gecode's reported runtime (ms) for two solutions of instance
    `index`, asserted unique with a solution that keeps the givens; None
    on a timeout."""
    try:
        out = subprocess.run([binary, '-solutions', '2', str(index)], capture_output=True,
                             text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return None
    ms = float(re.search(r'runtime:.*\(([\d.]+) ms\)', out).group(1))
    assert re.search(r'solutions:\s+1\b', out), 'Gecode: not unique'
    rows = [l.split() for l in out.split('Initial')[0].splitlines()[1:] if l.strip()]
    solution = [value(c) for r in rows for c in r]
    assert len(solution) == n * n and all(not g or g == v for g, v in zip(givens, solution)), \
        'Gecode solved another puzzle'
    return ms

def bitdoku_ms(binary, line, n, repeat, timeout):
    with tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False) as f:
        f.write((line + '\n') * repeat)
    try:
        before = child_cpu()
        box = '%dx%d' % box_shape(n)
        out = subprocess.run([binary, 'count', '-u', '--box', box, '--alphabet', 'digits',
                              f.name],
                             capture_output=True, text=True, timeout=timeout).stdout
        cpu = child_cpu() - before
    except subprocess.TimeoutExpired:
        return None
    finally:
        os.unlink(f.name)
    assert out.split() == ['unique'] * repeat, out[:80]
    return cpu * 1000 / repeat

def print_medians(times, puzzles):
    """Prints a line a tool: the median of its times (ms) over the puzzles it
    was timed on, and how many of `puzzles` those are (a timeout, or a SAT
    time under SAT_RESOLUTION_MS, is not timed)."""
    for tool, ms in times.items():
        ms = sorted(ms)
        median = '%.4f ms' % ms[len(ms) // 2] if ms else '-'
        print('median %-8s %s  (timed on %d of %d)' % (tool, median, len(ms), puzzles))

def main():
    bd, size_file, n, repeat = sys.argv[1:5]
    rest = sys.argv[5:]
    gecode = rest.pop(0) if rest and 'sudoku' in os.path.basename(rest[0]) else None
    solvers = rest or ['cadical', 'minisat']
    n, repeat = int(n), int(repeat)
    timeout = float(os.environ.get('SAT_TIMEOUT', '60'))
    starts = {s: start_cost(s) for s in solvers}
    print('# process start (CPU ms): ' + ', '.join('%s %.2f' % (s, starts[s] * 1000)
                                                   for s in solvers))
    lines = [l.strip() for l in open(size_file) if l.strip() and not l.startswith('#')]
    peers = (['gecode'] if gecode else []) + solvers
    print('%-4s %12s' % ('line', 'bitdoku ms') + ''.join(' %12s %8s' % (p + ' ms', 'ratio')
                                                          for p in peers))
    ratios = []
    times = {t: [] for t in ['bitdoku'] + peers}
    print('# load average at the start: %.2f %.2f %.2f' % os.getloadavg())
    for i, line in enumerate(lines):
        givens = [value(c) for c in line]
        assert len(givens) == n * n, 'line %d: not %d symbols' % (i, n * n)
        ours = bitdoku_ms(bd, line, n, repeat, timeout * repeat)
        row = '%-4d %12s' % (i, 'timeout' if ours is None else '%.4f' % ours)
        if ours is not None:
            times['bitdoku'].append(ours)
        best = None
        for p in peers:
            ms = (gecode_ms(gecode, i, givens, n, timeout) if p == 'gecode'
                  else sat_unique(p, givens, n, timeout, starts[p]))
            if ms is None:
                row += ' %12s %8s' % ('timeout', '')
                continue
            if p != 'gecode' and ms < SAT_RESOLUTION_MS:
                row += ' %12s %8s' % ('<%.1f' % SAT_RESOLUTION_MS, '')
                continue
            times[p].append(ms)
            best = ms if best is None else min(best, ms)
            row += ' %12.3f %8s' % (ms, '%.1f' % (ms / ours) if ours else '')
        print(row, flush=True)
        if ours is None and best is not None:
            ratios.append(0.0)              # a peer answered, bitdoku did not
        elif ours is not None:
            ratios.append(float('inf') if best is None or not ours else best / ours)
    print('# load average at the end: %.2f %.2f %.2f' % os.getloadavg())
    print_medians(times, len(lines))
    ratios.sort()
    if ratios:
        print('puzzles %d  ratio to the fastest peer: min %.1f  median %.1f' % (
            len(ratios), ratios[0], ratios[len(ratios) // 2]))

if __name__ == '__main__':
    main()
