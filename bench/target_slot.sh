#!/bin/sh
# bench/target_slot.sh - the target wall-time table: every set of
# puzzles/target/ (the random sets, stress, issue 15's puzzles, the
# adversarial sets and the sets grown by gen_adversarial's families; an
# optimizer older than issue 27 takes seconds a grid on the
# target_grown*_none sets, so leave those out of `sets` for such a
# "before") through target_bench, best of 3 runs per puzzle, and
# 10,000 P1074-style puzzles (25-35 givens) through the whole `bitdoku
# target` process, for two commits built side by side: "before" and "after".
#
#   bench/target_slot.sh prepare DIR [BEFORE [AFTER]]
#       builds both commits (default f35e981 and HEAD) from `git archive`
#       into DIR/before and DIR/after (release build), both with the
#       target_bench.c and target_sweep.c of AFTER (the same harness on both
#       libraries), and
#       writes DIR/p1074.txt (gen_target -s 1074 10000 25 35). CPU-heavy:
#       run it before the quiet slot.
#   bench/target_slot.sh run DIR [ROUNDS]
#       the timings, in the quiet slot: ROUNDS (default 3) rounds, each
#       running before then after on every set; the tables go to
#       DIR/round-N-{before,after}.md and the P1074 process times (user+sys
#       seconds, three runs each) to DIR/p1074.md; then, once per build,
#       target_sweep over every 2-given class and 4,000 random 3-given
#       puzzles (DIR/sweep-{2,3}-{before,after}.md); the load average before
#       and after goes beside them. Also checks that both builds print the
#       same scores on the 10,000 puzzles.
#
# Speed is only ever compared between builds run in the same slot: the
# machine is shared, and only a quiet slot gives wall times worth keeping.
set -eu

usage() {
    echo "usage: bench/target_slot.sh prepare DIR [BEFORE [AFTER]]" >&2
    echo "       bench/target_slot.sh run DIR [ROUNDS]" >&2
    exit 2
}

[ $# -ge 2 ] || usage
mode=$1
dir=$2
sets="target_00 target_05 target_10 target_17 target_20 target_25 target_30 target_p1074
target_stress target_issue15 target_adversarial target_adversarial2 target_adversarial3
target_adversarial4 target_adversarial5 target_grown_sparse target_grown_wide target_grown_ring
target_grown_mid target_grown_few target_grown_none
target_grown2_sparse target_grown2_wide target_grown2_ring target_grown2_mid target_grown2_few
target_grown2_none target_grown3_sparse target_grown3_wide target_grown3_ring target_grown3_mid
target_grown3_few target_grown3_none
target_grown4_sparse target_grown4_wide target_grown4_ring target_grown4_mid target_grown4_few
target_grown4_none target_grown5_sparse target_grown5_wide target_grown5_ring
target_grown6_sparse target_grown6_wide target_grown6_ring target_grown7_sparse
target_grown7_wide target_grown8_sparse target_grown8_ring target_grown8_wide
target_grown9_sparse target_grown9_ring target_grown14_sparse target_grown15_sparse
target_grown16_wide"

build_one() {   # build_one NAME COMMIT HARNESS_COMMIT
    rm -rf "$dir/$1"
    mkdir -p "$dir/$1"
    git archive "$2" | tar -x -C "$dir/$1"
    git show "$3:bench/target_bench.c" > "$dir/$1/bench/target_bench.c"
    git show "$3:bench/target_sweep.c" > "$dir/$1/bench/target_sweep.c"
    cmake -S "$dir/$1" -B "$dir/$1/build" -DCMAKE_BUILD_TYPE=Release > /dev/null
    cmake --build "$dir/$1/build" -j 2 --target bitdoku target_bench target_sweep gen_target \
        > /dev/null
}

cpu_seconds() {   # cpu_seconds COMMAND...: user+sys seconds of COMMAND
    /usr/bin/time -f '%U %S' -o "$dir/time.tmp" "$@" > /dev/null
    awk '{printf "%.3f", $1 + $2}' "$dir/time.tmp"
}

case $mode in
prepare)
    before=${3:-f35e981}
    after=${4:-HEAD}
    mkdir -p "$dir"
    build_one before "$before" "$after"
    build_one after "$after" "$after"
    "$dir/after/build/bench/gen_target" -s 1074 10000 25 35 "$dir/p1074.txt"
    git rev-parse "$before" "$after" > "$dir/commits.txt"
    echo "prepared $dir: before $before, after $after"
    ;;
run)
    rounds=${3:-3}
    [ -x "$dir/before/build/bitdoku" ] && [ -x "$dir/after/build/bitdoku" ] \
        || { echo "target_slot.sh: run 'prepare $dir' first" >&2; exit 2; }
    files=""
    for s in $sets; do
        files="$files puzzles/target/$s.txt"
    done
    { date -u; cat /proc/loadavg; } > "$dir/load.txt"
    echo "| build | run | 10,000 puzzles, user+sys s | per puzzle us |" > "$dir/p1074.md"
    echo "|---|---|---|---|" >> "$dir/p1074.md"
    round=1
    while [ "$round" -le "$rounds" ]; do
        for b in before after; do
            # shellcheck disable=SC2086
            "$dir/$b/build/bench/target_bench" -r 3 -n 1 $files > "$dir/round-$round-$b.md"
            for run in 1 2 3; do
                t=$(cpu_seconds "$dir/$b/build/bitdoku" target "$dir/p1074.txt")
                echo "| $b | $round.$run | $t | $(echo "$t" | awk '{printf "%.1f", $1 * 100}') |" \
                    >> "$dir/p1074.md"
            done
        done
        round=$((round + 1))
    done
    for b in before after; do
        "$dir/$b/build/bench/target_sweep" -w 3 > "$dir/sweep-2-$b.md"
        "$dir/$b/build/bench/target_sweep" -g 3 -c 4000 -s 15 -w 3 > "$dir/sweep-3-$b.md"
    done
    { date -u; cat /proc/loadavg; } >> "$dir/load.txt"
    "$dir/before/build/bitdoku" target "$dir/p1074.txt" > "$dir/p1074-before.out"
    "$dir/after/build/bitdoku" target "$dir/p1074.txt" > "$dir/p1074-after.out"
    if cmp -s "$dir/p1074-before.out" "$dir/p1074-after.out"; then
        echo "same scores on the 10,000 puzzles" >> "$dir/load.txt"
    else
        echo "SCORES DIFFER on the 10,000 puzzles" >> "$dir/load.txt"
    fi
    cat "$dir/load.txt"
    for f in "$dir"/round-*.md "$dir"/sweep-*.md; do
        echo
        echo "$(basename "$f" .md):"
        cat "$f"
    done
    echo
    cat "$dir/p1074.md"
    ;;
*)
    usage
    ;;
esac
