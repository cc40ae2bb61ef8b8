#!/bin/sh
# bench/side_by_side.sh [-r ROUNDS] [-t SECONDS] [-p HARNESS] DIR BUILD_DIR...
#
# SECONDS (a whole number, default 1): how long each solver runs on a set.
# One interleaved side-by-side run over the standard sets found in DIR (the
# file names of bench/run.sh): in each round and for each set, a peer
# harness (optional: the path of tdoku's run_benchmark, built outside this
# repository, with its solvers tdoku and fsss2), then `bench` of each build
# directory, in uniqueness and first-solution mode, all timed by the wall
# clock; then the whole CLI of each build, wall time with -j 1 and -j 2
# for solve and count --unique, and CPU time (user + system) of
# `bitdoku FILE` (perf's task-clock, or /usr/bin/time where perf does not
# run; on the longer input below) against `bench --mode first` CPU time per
# puzzle.
#
# The -j timings run on a longer input than the set: its puzzle lines
# repeated R times (at least 20,000 puzzles), R chosen once before the
# rounds so that `bitdoku solve -j 1` (first build) takes at least SECONDS
# of wall time (otherwise process and thread start-up would dominate:
# kaggle alone is 0.1 s, top1465 0.01 s).
# Each round times -j 1 and -j 2 alternately twice and keeps the best of
# each. Before the rounds, the output (stdout, stderr, exit status) of -j 2
# is compared with that of -j 1 on the same input, for solve and count -u,
# per build: a difference is reported and makes the script exit 1.
# Prints the figures of each round as they come (on stderr) and a markdown
# table of the medians over the rounds (ratios are medians of the per-round
# ratios, so load that changes between rounds cancels out).
set -eu

rounds=3
seconds=1
harness=
while getopts r:t:p: opt; do
    case $opt in
    r) rounds=$OPTARG ;;
    t) seconds=$OPTARG ;;
    p) harness=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ] || [ ! -d "$1" ]; then
    echo "usage: bench/side_by_side.sh [-r ROUNDS] [-t SECONDS] [-p HARNESS] DIR BUILD_DIR..." >&2
    exit 2
fi
dir=$1
shift
for build in "$@"; do
    [ -x "$build/bench/bench" ] && [ -x "$build/bitdoku" ] || {
        echo "side_by_side.sh: $build: bench or bitdoku not built" >&2
        exit 2
    }
done
sets="kaggle puzzles0_kaggle_like_100k.txt
17_clue puzzles2_17_clue.txt
top1465 puzzles3_magictour_top1465.txt
1905_11+ puzzles5_forum_hardest_1905_11+.txt
1106 puzzles6_forum_hardest_1106.txt
serg puzzles7_serg_benchmark.txt"

log=$(mktemp)
timing=$(mktemp)
work=$(mktemp -d)
trap 'rm -rf "$log" "$timing" "$work"' EXIT

# record SET KEY VALUE: one figure of the current round (of -r ROUNDS).
record() {
    echo "$1 $2 $3" >> "$log"
    echo "round $round: $1 $2 $3" >&2
}

# Wall seconds of one command, output to /dev/null.
wall() {
    start=$(date +%s%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s%N)
    echo "$start $end" | awk '{printf "%.4f", ($2 - $1) / 1e9}'
}

# The best (smallest) wall seconds of A and of B over two alternating runs
# each: prints "A_SECONDS B_SECONDS".
best_pair() {
    args_a=$1
    args_b=$2
    shift 2
    best_a=
    best_b=
    for _ in 1 2; do
        # shellcheck disable=SC2086
        ta=$(wall "$@" $args_a)
        # shellcheck disable=SC2086
        tb=$(wall "$@" $args_b)
        best_a=$(echo "$ta $best_a" | awk '{print ($2 == "" || $1 < $2) ? $1 : $2}')
        best_b=$(echo "$tb $best_b" | awk '{print ($2 == "" || $1 < $2) ? $1 : $2}')
    done
    echo "$best_a $best_b"
}

# Checksum of one run's stdout, stderr and exit status.
output_sum() {
    status=0
    "$@" > "$work/out" 2> "$work/err" || status=$?
    echo "$(cksum < "$work/out") $(cksum < "$work/err") $status"
}

# CPU milliseconds (user + system, all threads) of one command: perf's
# task-clock where perf runs, else /usr/bin/time (to 10 ms).
cpu_ms() {
    if perf stat -x, -e task-clock -o "$timing" "$@" > /dev/null 2>&1; then
        awk -F, '/task-clock/ {print $1 + 0}' "$timing"
    else
        /usr/bin/time -o "$timing" -f "%U %S" "$@" > /dev/null 2>&1 || true
        awk '{print ($1 + $2) * 1000}' "$timing"
    fi
}

# The -j input of each set: its puzzle lines repeated until solve -j 1
# takes SECONDS; then the -j 1 / -j 2 output check for every build.
first_build=$1
mismatch=$work/mismatch
echo "$sets" | while read -r name file; do
    path=$dir/$file
    [ -f "$path" ] || continue
    grep '^[0-9.]' "$path" > "$work/$name.one"
    # Start from 20,000 puzzles or more, so that the first timing is not
    # mostly start-up; then scale to SECONDS (with a tenth to spare).
    reps=$(( (20000 + $(wc -l < "$work/$name.one") - 1) / $(wc -l < "$work/$name.one") ))
    while :; do
        i=0
        : > "$work/$name.txt"
        while [ "$i" -lt "$reps" ]; do
            cat "$work/$name.one" >> "$work/$name.txt"
            i=$((i + 1))
        done
        t=$(wall "$first_build/bitdoku" solve -j 1 "$work/$name.txt")
        next=$(echo "$t $seconds $reps" | awk '{
            if ($1 >= $2) print 0
            else { r = int($3 * $2 * 1.1 / ($1 > 0.001 ? $1 : 0.001)) + 1; print (r < 2 * $3 ? 2 * $3 : r) } }')
        [ "$next" -eq 0 ] && break
        reps=$next
    done
    echo "$reps" > "$work/$name.reps"
    echo "$name: -j input = $reps x $(wc -l < "$work/$name.one") puzzles (solve -j 1: $t s)" >&2
    for build in "$@"; do
        for cmd in solve count; do
            extra=
            [ "$cmd" = count ] && extra=--unique
            # shellcheck disable=SC2086
            one=$(output_sum "$build/bitdoku" $cmd $extra -j 1 "$work/$name.txt")
            # shellcheck disable=SC2086
            two=$(output_sum "$build/bitdoku" $cmd $extra -j 2 "$work/$name.txt")
            if [ "$one" != "$two" ]; then
                echo "side_by_side.sh: $build: $name: $cmd -j 2 output differs from -j 1" >&2
                echo "$build $name $cmd" >> "$mismatch"
            fi
        done
    done
    rm -f "$work/out" "$work/err"
done

round=1
while [ "$round" -le "$rounds" ]; do
    echo "$sets" | while read -r name file; do
        path=$dir/$file
        [ -f "$path" ] || continue
        if [ -n "$harness" ]; then
            for mode in unique first; do
                flag=
                [ "$mode" = first ] && flag=-f
                # shellcheck disable=SC2086
                "$harness" $flag -s tdoku,fsss2 -t "$seconds" -w 1 -r 0 -c 1 "$path" 2>/dev/null |
                    awk -F, '$5 == "tdoku" || $5 == "fsss2" {print $5, $6}' |
                    while read -r solver rate; do record "$name" "$solver.$mode" "$rate"; done
            done
        fi
        b=0
        for build in "$@"; do
            b=$((b + 1))
            "$build/bench/bench" --clock wall --min-time "$seconds" "$path" |
                awk -F'|' '$3 ~ /first|unique/ {gsub(/ /, "", $3); print $3, $5 + 0}' |
                while read -r mode rate; do record "$name" "b$b.$mode" "$rate"; done
            cpu_first=$("$build/bench/bench" --mode first --min-time "$seconds" "$path" |
                awk -F'|' '$3 ~ /first/ {print $6 + 0}')
            record "$name" "b$b.first_cpu_us" "$cpu_first"
            for cmd in solve count; do
                extra=
                [ "$cmd" = count ] && extra=--unique
                # shellcheck disable=SC2086
                pair=$(best_pair "-j 1 $work/$name.txt" "-j 2 $work/$name.txt" "$build/bitdoku" $cmd $extra)
                record "$name" "b$b.$cmd.j1" "${pair% *}"
                record "$name" "b$b.$cmd.j2" "${pair#* }"
            done
            if [ "$round" -eq 1 ] && [ "$b" -eq 1 ]; then
                record "$name" "reps" "$(cat "$work/$name.reps")"
                record "$name" "j_puzzles" "$(($(cat "$work/$name.reps") * $(wc -l < "$work/$name.one")))"
            fi
            ms=$(cpu_ms "$build/bitdoku" "$work/$name.txt")
            jn=$(($(cat "$work/$name.reps") * $(wc -l < "$work/$name.one")))
            record "$name" "b$b.cli_cpu_us" "$(echo "$ms $jn" | awk '{print $1 / $2 * 1e3}')"
        done
    done
    round=$((round + 1))
done

builds=$#
awk -v builds="$builds" -v harness="$harness" '
function median(key,    n, i, j, t, v) {
    n = split(vals[key], v, " ")
    for (i = 2; i <= n; i++)
        for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
    return n ? (n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2) : ""
}
function k(x) { return x >= 1e6 ? sprintf("%.2fM", x / 1e6) : x >= 1e4 ? sprintf("%.0fk", x / 1e3) : sprintf("%.1fk", x / 1e3) }
{ if (!($1 in seen)) { seen[$1] = 1; order[++nsets] = $1 }
  vals[$1 " " $2] = vals[$1 " " $2] " " $3
  cnt[$1 " " $2]++; round_of[$1 " " $2 " " cnt[$1 " " $2]] = $3 }
function ratio(set, a, b,    i, r) {   # median of per-round a / b
    r = ""
    for (i = 1; i <= cnt[set " " a]; i++)
        if (round_of[set " " b " " i] > 0)
            r = r " " round_of[set " " a " " i] / round_of[set " " b " " i]
    vals["ratio"] = r
    return median("ratio")
}
END {
    for (m = 1; m <= 2; m++) {
        mode = m == 1 ? "unique" : "first"
        printf "\n%s mode, puzzles/s (wall clock), median of rounds:\n\n", mode
        printf "| set |%s", harness != "" ? " tdoku | fsss2 |" : ""
        for (b = 1; b <= builds; b++) printf " build %d |%s", b, harness != "" ? " ratio to tdoku |" : ""
        printf "\n|---|%s", harness != "" ? "---|---|" : ""
        for (b = 1; b <= builds; b++) printf "---|%s", harness != "" ? "---|" : ""
        printf "\n"
        for (s = 1; s <= nsets; s++) {
            set = order[s]
            printf "| %s |", set
            if (harness != "")
                printf " %s | %s |", k(median(set " tdoku." mode)), k(median(set " fsss2." mode))
            for (b = 1; b <= builds; b++) {
                printf " %s |", k(median(set " b" b "." mode))
                if (harness != "")
                    printf " %.2f |", ratio(set, "b" b "." mode, "tdoku." mode)
            }
            printf "\n"
        }
    }
    printf "\nThe whole CLI: wall seconds with -j 1 and -j 2 (best of 2 per round; the input: the set repeated R times) and speed-up, and CPU per puzzle of `bitdoku FILE` (the same input) against `bench --mode first` (CPU):\n\n"
    printf "| set | build | -j input: puzzles (R) | solve -j 1 | solve -j 2 | speed-up | count -u -j 1 | count -u -j 2 | speed-up | CLI CPU µs | in memory µs | CLI / in memory |\n"
    printf "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    for (s = 1; s <= nsets; s++)
        for (b = 1; b <= builds; b++) {
            set = order[s]; p = set " b" b
            printf "| %s | %d | %d (%d) | %.3f | %.3f | %.2f | %.3f | %.3f | %.2f | %.2f | %.2f | %.2f |\n", set, b,
                median(set " j_puzzles"), median(set " reps"),
                median(p ".solve.j1"), median(p ".solve.j2"), ratio(set, "b" b ".solve.j1", "b" b ".solve.j2"),
                median(p ".count.j1"), median(p ".count.j2"), ratio(set, "b" b ".count.j1", "b" b ".count.j2"),
                median(p ".cli_cpu_us"), median(p ".first_cpu_us"), ratio(set, "b" b ".cli_cpu_us", "b" b ".first_cpu_us")
        }
}' "$log"
if [ -s "$mismatch" ]; then
    echo "side_by_side.sh: -j 2 output differs from -j 1:" >&2
    cat "$mismatch" >&2
    exit 1
fi
