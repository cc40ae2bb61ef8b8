#!/bin/sh
# bench/run.sh DIR [BUILD_DIR] - runs the benchmark over the standard sets
# found in DIR (the file names of the tdoku benchmark suite; see
# bench/README.md) and prints a markdown table: our speed in both modes,
# the effort figures, the reference speeds and our ratio to them, and the
# CPU time per puzzle of the whole bitdoku CLI on the file.
#
# Environment: BENCH_ARGS (extra bench options, e.g. "--min-time 3"),
# CLI_REPEAT (how many CLI runs to add up; default 3).
set -eu

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
    echo "usage: bench/run.sh DIR [BUILD_DIR]" >&2
    exit 2
fi
dir=$1
build=${2:-build}
bench=$build/bench/bench
cli=$build/bitdoku
repeat=${CLI_REPEAT:-3}
[ -x "$bench" ] || { echo "run.sh: $bench not built" >&2; exit 2; }

# name, file, best reference (k puzzles/s, uniqueness mode) and its solver,
# tdoku's figure: from the reference table of the public sets' README.
sets="kaggle|puzzles0_kaggle_like_100k.txt|1000|fsss2|716
17_clue|puzzles2_17_clue.txt|243|jczsolve|233
top1465|puzzles3_magictour_top1465.txt|84|tdoku|84
1905_11+|puzzles5_forum_hardest_1905_11+.txt|15.0|tdoku|15.0
1106|puzzles6_forum_hardest_1106.txt|9.6|tdoku|9.6
serg|puzzles7_serg_benchmark.txt|312|tdoku|312"

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT

# CPU seconds (user + system) of `repeat` runs of the CLI on a file.
cli_seconds() {
    total=0
    i=0
    while [ "$i" -lt "$repeat" ]; do
        /usr/bin/time -o "$timing" -f "%U %S" "$cli" "$@" >/dev/null 2>&1 || true
        total=$(echo "$total $(tail -n 1 "$timing")" | awk '{print $1 + $2 + $3}')
        i=$((i + 1))
    done
    echo "$total"
}

echo "| set | puzzles | first: puzzles/s | unique: puzzles/s | unique: µs/puzzle | % no guess | guesses/puzzle (unique) | best reference | ratio | tdoku | ratio to tdoku | CLI solve µs/puzzle | CLI --unique µs/puzzle |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
echo "$sets" | while IFS='|' read -r name file best best_by tdoku; do
    path=$dir/$file
    [ -f "$path" ] || continue
    # shellcheck disable=SC2086
    rows=$("$bench" ${BENCH_ARGS:-} "$path" | grep -E '\| (first|unique) \|')
    first=$(echo "$rows" | awk -F'|' '$3 ~ /first/ {print $5 + 0}')
    unique_row=$(echo "$rows" | awk -F'|' '$3 ~ /unique/')
    n=$(echo "$unique_row" | awk -F'|' '{print $4 + 0}')
    pps=$(echo "$unique_row" | awk -F'|' '{print $5 + 0}')
    us=$(echo "$unique_row" | awk -F'|' '{gsub(/ /, "", $6); print $6}')
    noguess=$(echo "$unique_row" | awk -F'|' '{gsub(/ /, "", $7); print $7}')
    guesses=$(echo "$unique_row" | awk -F'|' '{gsub(/ /, "", $8); print $8}')
    cli_solve="-"
    cli_unique="-"
    if [ -x "$cli" ]; then
        s=$(cli_seconds solve "$path")
        u=$(cli_seconds count --unique "$path")
        cli_solve=$(echo "$s $repeat $n" | awk '{printf "%.1f", $1 / $2 / $3 * 1e6}')
        cli_unique=$(echo "$u $repeat $n" | awk '{printf "%.1f", $1 / $2 / $3 * 1e6}')
    fi
    echo "$name $n $first $pps $us $noguess $guesses $best $best_by $tdoku $cli_solve $cli_unique" | awk '{
        printf "| %s | %d | %.1fk/s | %.1fk/s | %s | %s | %s | %sk/s (%s) | %.2f | %sk/s | %.2f | %s | %s |\n",
            $1, $2, $3 / 1000, $4 / 1000, $5, $6, $7, $8, $9, $4 / 1000 / $8, $10, $4 / 1000 / $10, $11, $12 }'
done
