#!/usr/bin/env python3
"""se_compare.py - bitdoku's ratings against Sudoku Explainer's (and skfr's).

    bench/se_compare.py [--bitdoku BIN] [--skfr SKFR] [--name NAME]
                        [--speed [--speed-only]] [--rounds R] [--min-puzzles N] [--no-list]
                        SE_RATINGS

SE_RATINGS holds Sudoku Explainer's ratings, one puzzle a line as serate
prints them with --format='%g %r/%p/%d ...': the 81-character puzzle, then
ER/EP/ED, then anything (elapsed time, CPU seconds); a line whose second
field is not ER/EP/ED (e.g. 'timeout') is a puzzle SE did not finish, left
out. This script never builds or runs SE: the file is made outside the
project (bench/README.md says how).

It rates the same puzzles with `BIN rate --ep-ed` (default build/bitdoku)
and, with --skfr, with skfr (dobrichev/skfr's command-line rater, run in a
temporary directory: `skfr --input=NAME` reads NAME.txt and writes
NAME_rat.txt and NAME_N_rat.txt, 'PUZZLE ED=ER/EP/ED'), and prints one
table row a rater (markdown): puzzles, the share with ER, EP and ED all
equal to SE's, ER equal, ER within 0.1, the Spearman rank correlation of
ER with SE's; then every puzzle where a rater differs from SE, as
'puzzle SE skfr bitdoku' (unless --no-list).

With --speed it also times the raters on the list, one after the other in
the same run, --rounds times (default 1; the median is printed): the list repeated until it holds at least --min-puzzles
puzzles (default 2000), CPU time (user + system) of each whole program from
getrusage, per puzzle; --speed-only skips the comparison.
"""
import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile

RATING = re.compile(r'^(\d+\.\d)/(\d+\.\d)/(\d+\.\d)$')


def tenths(s):
    """'10.5' -> 105."""
    a, b = s.split('.')
    return int(a) * 10 + int(b)


def read_se(path):
    """Puzzles and SE's (ER, EP, ED) in tenths, in file order; unfinished ones skipped."""
    out = []
    skipped = 0
    for line in open(path):
        f = line.split()
        if len(f) < 2 or len(f[0]) < 81:
            continue
        m = RATING.match(f[1])
        if not m:
            skipped += 1
            continue
        out.append((f[0][:81], tuple(tenths(x) for x in m.groups())))
    return out, skipped


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_bitdoku(binary, puzzles, path):
    """bitdoku's (ER, EP, ED) per puzzle, or the text it printed; and its CPU seconds."""
    with open(path, 'w') as f:
        f.write(''.join(p + '\n' for p in puzzles))
    t = cpu_children()
    out = subprocess.run([binary, 'rate', '--ep-ed', path], capture_output=True,
                         text=True, check=False).stdout.splitlines()
    t = cpu_children() - t
    res = []
    for line in out:
        m = RATING.match(line.split()[0]) if line.split() else None
        res.append(tuple(tenths(x) for x in m.groups()) if m else line.strip())
    return res, t


def run_skfr(binary, puzzles, tmp):
    """skfr's (ER, EP, ED) per puzzle (None where it printed nothing), and its CPU seconds."""
    base = os.path.join(tmp, 'skfrin')
    with open(base + '.txt', 'w') as f:
        f.write(''.join(p + '\n' for p in puzzles))
    env = dict(os.environ, OMP_NUM_THREADS='1')
    t = cpu_children()
    subprocess.run([binary, '--input=' + base], cwd=tmp, env=env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = cpu_children() - t
    got = {}
    for name in (base + '_rat.txt', base + '_N_rat.txt'):
        if not os.path.exists(name):
            continue
        for line in open(name):
            f = line.split()
            if len(f) >= 2 and f[1].startswith('ED='):
                m = RATING.match(f[1][3:])
                if m:
                    got.setdefault(f[0][:81], tuple(tenths(x) for x in m.groups()))
    norm = [p.replace('0', '.') for p in puzzles]
    return [got.get(p) for p in norm], t


def ranks(xs):
    """Average ranks (ties share the mean of their positions), from 1."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    """Pearson correlation of the average ranks; None when either side is constant."""
    if len(a) < 2:
        return None
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    sab = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    saa = sum((x - ma) ** 2 for x in ra)
    sbb = sum((y - mb) ** 2 for y in rb)
    if saa == 0 or sbb == 0:
        return None
    return sab / (saa * sbb) ** 0.5


def fmt(t):
    return '-' if t is None else '%d.%d' % divmod(t, 10)


def fmt3(r):
    if r is None:
        return 'none'
    if isinstance(r, str):
        return r.replace(' ', '_')
    return '/'.join(fmt(x) for x in r)


def row(name, rater, se, got):
    """One markdown row: the shares against SE over the puzzles the rater rated."""
    pairs = [(s, g) for s, g in zip(se, got) if isinstance(g, tuple)]
    n = len(se)
    rated = len(pairs)
    all3 = sum(1 for s, g in pairs if s == g)
    er = sum(1 for s, g in pairs if s[0] == g[0])
    er1 = sum(1 for s, g in pairs if abs(s[0] - g[0]) <= 1)
    rho = spearman([s[0] for s, _ in pairs], [g[0] for _, g in pairs])
    pct = lambda k: '%.1f%% (%d)' % (100.0 * k / n, k) if n else '-'
    return '| %s | %s | %d | %d | %s | %s | %s | %s |' % (
        name, rater, n, rated, pct(all3), pct(er), pct(er1),
        '-' if rho is None else '%.4f' % rho)


def compare(a, name, puzzles, se, skipped, tmp):
    """Rates the puzzles with bitdoku (and skfr) and prints the table and the disagreements."""
    ours, _ = run_bitdoku(a.bitdoku, puzzles, os.path.join(tmp, 'in.txt'))
    sk = run_skfr(a.skfr, puzzles, tmp)[0] if a.skfr else None
    print('| list | rater | puzzles | rated | ER, EP, ED equal | ER equal | ER within 0.1 | Spearman ER |')
    print('|---|---|---|---|---|---|---|---|')
    if sk is not None:
        print(row(name, 'skfr', se, sk))
    print(row(name, 'bitdoku', se, ours))
    if skipped:
        print('\n%d puzzle(s) of the file have no SE rating (SE did not finish): left out.' % skipped)
    if not a.no_list:
        diff = [i for i in range(len(se))
                if ours[i] != se[i] or (sk is not None and sk[i] != se[i])]
        print('\n%d puzzle(s) where a rater differs from SE (puzzle SE skfr bitdoku):' % len(diff))
        for i in diff:
            print('%s %s %s %s' % (puzzles[i], fmt3(se[i]),
                                   fmt3(sk[i]) if sk is not None else '-', fmt3(ours[i])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('se')
    ap.add_argument('--bitdoku', default='build/bitdoku')
    ap.add_argument('--skfr')
    ap.add_argument('--name')
    ap.add_argument('--speed', action='store_true')
    ap.add_argument('--speed-only', action='store_true')
    ap.add_argument('--min-puzzles', type=int, default=2000)
    ap.add_argument('--rounds', type=int, default=1)
    ap.add_argument('--no-list', action='store_true')
    a = ap.parse_args()
    name = a.name or os.path.splitext(os.path.basename(a.se))[0]
    se_rows, skipped = read_se(a.se)
    puzzles = [p for p, _ in se_rows]
    se = [r for _, r in se_rows]
    tmp = tempfile.mkdtemp(prefix='se_compare.')
    try:
        if not a.speed_only:
            compare(a, name, puzzles, se, skipped, tmp)
        if (a.speed or a.speed_only) and puzzles:
            k = max(1, -(-a.min_puzzles // len(puzzles)))
            rep = puzzles * k
            tbs, tss = [], []
            for _ in range(a.rounds):
                tbs.append(run_bitdoku(a.bitdoku, rep, os.path.join(tmp, 'speed.txt'))[1])
                if a.skfr:
                    tss.append(run_skfr(a.skfr, rep, tmp)[1])
            tb = sorted(tbs)[len(tbs) // 2]
            line = '\nspeed %s: %d puzzles (the list %d times), %d round(s), median CPU per puzzle: bitdoku %.6f s' % (
                name, len(rep), k, a.rounds, tb / len(rep))
            if a.skfr:
                ts = sorted(tss)[len(tss) // 2]
                line += ', skfr %.6f s (skfr / bitdoku %.1f)' % (ts / len(rep), ts / tb if tb else 0)
            print(line)
    finally:
        shutil.rmtree(tmp)


if __name__ == '__main__':
    main()
