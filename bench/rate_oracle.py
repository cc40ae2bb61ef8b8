#!/usr/bin/env python3
"""rate_oracle.py - a second, independent rater for the easy end of the scale.

    bench/rate_oracle.py < FILE               the rating of each puzzle
    bench/rate_oracle.py --check BITDOKU FILE...   compare with `BITDOKU rate`

Reads puzzles with one solution (it does not check that; one 81-cell line
each, '#' lines skipped) and prints, per puzzle, the rating that bitdoku's
rules imply when the puzzle falls to the techniques up to the hidden pair
(3.4), as 'RATING TECHNIQUE', or '>3.4'.
With --check, runs `BITDOKU rate` on each FILE and counts the puzzles where
the two agree (the same rating and technique; or both above 3.4); any
disagreement is printed and makes the exit status 1.

It does not walk the engine's path. It uses a property of these techniques:
each is monotone (fewer candidates never stop one that applied from firing
or make it remove less), so the candidates left when a set of techniques is
applied until none fires do not depend on the order. So a person who always
takes the easiest step that applies needs, at worst, the technique T_k with
the smallest k such that techniques 1..k solve the puzzle; and needs T_k,
since without it they would stall. The rating is T_k's.

Written from the rules of the techniques (bitdoku.h's table), set for set,
on sets of cells: nothing is shared with the C engine.
"""
import sys

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
UNITS = ROWS + COLS + BOXES
PEERS = [set() for _ in range(81)]
for unit in UNITS:
    for a in unit:
        PEERS[a].update(x for x in unit if x != a)


class State:
    def __init__(self, puzzle):
        self.value = [0] * 81
        self.cand = [set(range(1, 10)) for _ in range(81)]
        for cell, ch in enumerate(puzzle):
            if ch in '123456789':
                self.place(cell, int(ch))

    def place(self, cell, digit):
        self.value[cell] = digit
        self.cand[cell] = set()
        for p in PEERS[cell]:
            self.cand[p].discard(digit)

    def solved(self):
        return all(self.value)

    def places(self, unit, digit):
        return [x for x in unit if digit in self.cand[x]]


def full_house(s):
    for unit in UNITS:
        empty = [x for x in unit if not s.value[x]]
        if len(empty) == 1 and len(s.cand[empty[0]]) == 1:
            s.place(empty[0], next(iter(s.cand[empty[0]])))
            return True
    return False


def hidden_single(s, units):
    for unit in units:
        for d in range(1, 10):
            where = s.places(unit, d)
            if len(where) == 1:
                s.place(where[0], d)
                return True
    return False


def naked_single(s):
    for cell in range(81):
        if not s.value[cell] and len(s.cand[cell]) == 1:
            s.place(cell, next(iter(s.cand[cell])))
            return True
    return False


def remove(s, cells, digits):
    hit = False
    for x in cells:
        for d in digits:
            if d in s.cand[x]:
                s.cand[x].discard(d)
                hit = True
    return hit


def locked(s, from_units, to_units):
    for a in from_units:
        for d in range(1, 10):
            where = set(s.places(a, d))
            if len(where) < 2:
                continue
            for b in to_units:
                if where <= set(b) and remove(s, set(b) - set(a), [d]):
                    return True
    return False


def naked_pair(s):
    for unit in UNITS:
        pairs = [x for x in unit if len(s.cand[x]) == 2]
        for i, a in enumerate(pairs):
            for b in pairs[i + 1:]:
                if s.cand[a] == s.cand[b] and remove(s, set(unit) - {a, b}, s.cand[a]):
                    return True
    return False


def x_wing(s):
    for d in range(1, 10):
        for base, cover in ((ROWS, COLS), (COLS, ROWS)):
            spots = [frozenset(i for i, x in enumerate(line) if d in s.cand[x]) for line in base]
            for i in range(9):
                for j in range(i + 1, 9):
                    if len(spots[i]) == 2 and spots[i] == spots[j]:
                        targets = set()
                        for k in spots[i]:
                            targets |= set(cover[k])
                        if remove(s, targets - set(base[i]) - set(base[j]), [d]):
                            return True
    return False


def hidden_pair(s):
    for unit in UNITS:
        spots = {d: frozenset(s.places(unit, d)) for d in range(1, 10)}
        for a in range(1, 10):
            for b in range(a + 1, 10):
                if len(spots[a]) == 2 and spots[a] == spots[b]:
                    if remove(s, spots[a], set(range(1, 10)) - {a, b}):
                        return True
    return False


TECHNIQUES = [
    (1.0, 'full-house', full_house),
    (1.2, 'hidden-single-box', lambda s: hidden_single(s, BOXES)),
    (1.5, 'hidden-single-line', lambda s: hidden_single(s, ROWS + COLS)),
    (2.3, 'naked-single', naked_single),
    (2.6, 'pointing', lambda s: locked(s, BOXES, ROWS + COLS)),
    (2.8, 'claiming', lambda s: locked(s, ROWS + COLS, BOXES)),
    (3.0, 'naked-pair', naked_pair),
    (3.2, 'x-wing', x_wing),
    (3.4, 'hidden-pair', hidden_pair),
]


def solves(puzzle, k):
    s = State(puzzle)
    while not s.solved():
        if not any(fn(s) for _, _, fn in TECHNIQUES[:k]):
            return False
    return True


def rate(puzzle):
    if all(ch in '123456789' for ch in puzzle):
        return '0.0 none'
    for k in range(1, len(TECHNIQUES) + 1):
        if solves(puzzle, k):
            rating, name, _ = TECHNIQUES[k - 1]
            return '%.1f %s' % (rating, name)
    return '>3.4'


def puzzles(stream):
    for line in stream:
        line = line.strip()
        if len(line) == 81 and not line.startswith('#'):
            yield line.replace('0', '.')


def check(bitdoku, path):
    import subprocess
    with open(path) as stream:
        mine = [rate(p) for p in puzzles(stream)]
    theirs = subprocess.run([bitdoku, 'rate', path], check=True, capture_output=True,
                            text=True).stdout.splitlines()
    bad = 0
    for i, (want, got) in enumerate(zip(mine, theirs)):
        fields = got.split()
        if want == '>3.4':
            same = len(fields) == 3 and float(fields[0]) > 3.4
        else:
            same = len(fields) == 3 and '%s %s' % (fields[0], fields[2]) == want
        if not same:
            bad += 1
            print('%s: puzzle %d: oracle %s, bitdoku %s' % (path, i + 1, want, got))
    if len(mine) != len(theirs):
        bad += 1
        print('%s: %d puzzles, %d answers' % (path, len(mine), len(theirs)))
    print('%s: %d puzzles, %d agree, %d by the oracle above 3.4' % (
        path, len(mine), len(mine) - bad, mine.count('>3.4')))
    return bad == 0


if len(sys.argv) > 2 and sys.argv[1] == '--check':
    ok = all([check(sys.argv[2], path) for path in sys.argv[3:]])
    sys.exit(0 if ok else 1)
for puzzle in puzzles(sys.stdin):
    print(rate(puzzle))
