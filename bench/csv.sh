#!/bin/sh
# bench/csv.sh [BUILD_DIR] - CSV reading and `check` against line input,
# whole CLI. From puzzles/kaggle_sample.csv (69 Kaggle puzzles and their
# solutions, `quizzes,solutions`, `0` blanks) it makes, in a temporary
# directory, the same 1,000,000 pairs three ways: a CSV with its header
# (k.csv), the puzzles as lines (lines.txt) and the solutions as lines
# (sols.txt). Then it times, interleaved and REPEAT times over:
#
#   solve lines.txt            the baseline: line input
#   solve k.csv                CSV input, same puzzles
#   solve --csv k.csv          CSV in and out
#   check lines.txt sols.txt   check, two line inputs read in step
#   check k.csv                check, the solutions column of the CSV
#
# and prints each run's CPU time (user + system, /usr/bin/time) and the
# median, with ratios to the baseline. With CALLGRIND=1 it also counts
# instructions (valgrind --tool=callgrind) on the first 100,000 pairs,
# which other work on the machine does not disturb.
#
# Environment: REPEAT (default 5), PAIRS (default 1000000), CALLGRIND.
set -eu

build=${1:-build}
cli=$build/bitdoku
repeat=${REPEAT:-5}
pairs=${PAIRS:-1000000}
here=$(dirname "$0")
sample=$here/../puzzles/kaggle_sample.csv
[ -x "$cli" ] || { echo "csv.sh: $cli not built" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tail -n +2 "$sample" > "$work/rows"
n=$(wc -l < "$work/rows")
i=0
while [ $((i * n)) -lt "$pairs" ]; do
    cat "$work/rows"
    i=$((i + 1))
done | head -n "$pairs" > "$work/body"
{ head -n 1 "$sample"; cat "$work/body"; } > "$work/k.csv"
cut -d, -f1 "$work/body" > "$work/lines.txt"
cut -d, -f2 "$work/body" > "$work/sols.txt"
rm "$work/rows" "$work/body"

runs="solve lines.txt|solve k.csv|solve --csv k.csv|check lines.txt sols.txt|check k.csv"

# CPU seconds (user + system) of one run.
cpu() {
    (cd "$work" && /usr/bin/time -o time.txt -f "%U %S" "$OLDPWD/$cli" "$@" > /dev/null) || true
    awk '{ print $1 + $2 }' "$work/time.txt"
}

echo "load before: $(uptime | sed 's/.*load average: //')"
round=1
while [ "$round" -le "$repeat" ]; do
    echo "$runs" | tr '|' '\n' | while read -r run; do
        # shellcheck disable=SC2086
        echo "$run|$(cpu $run)"
    done
    round=$((round + 1))
done > "$work/times"
echo "load after: $(uptime | sed 's/.*load average: //')"

median() {
    grep -F "$1|" "$work/times" | cut -d'|' -f2 | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
base=$(median "solve lines.txt")
echo
echo "| run ($pairs pairs) | CPU s, each run | median | ratio to solve lines.txt |"
echo "|---|---|---|---|"
echo "$runs" | tr '|' '\n' | while read -r run; do
    all=$(grep -F "$run|" "$work/times" | cut -d'|' -f2 | tr '\n' ' ')
    m=$(median "$run")
    echo "| \`$run\` | $all| $m | $(echo "$m $base" | awk '{ printf "%.2f", $1 / $2 }') |"
done

echo
echo "check k.csv / check lines.txt sols.txt: $(echo "$(median "check k.csv") $(median "check lines.txt sols.txt")" | awk '{ printf "%.2f", $1 / $2 }')"

if [ "${CALLGRIND:-}" = 1 ]; then
    head -n 100001 "$work/k.csv" > "$work/k100.csv"
    head -n 100000 "$work/lines.txt" > "$work/l100.txt"
    head -n 100000 "$work/sols.txt" > "$work/s100.txt"
    echo
    echo "| run (100,000 pairs) | instructions | per pair |"
    echo "|---|---|---|"
    for run in "solve l100.txt" "solve k100.csv" "solve --csv k100.csv" \
               "check l100.txt s100.txt" "check k100.csv"; do
        # shellcheck disable=SC2086
        ir=$(cd "$work" && valgrind --tool=callgrind --callgrind-out-file=/dev/null \
                 "$OLDPWD/$cli" $run 2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,)
        echo "| \`$run\` | $ir | $((ir / 100000)) |"
    done
fi
