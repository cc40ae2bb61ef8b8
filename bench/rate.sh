#!/bin/sh
# bench/rate.sh DIR [BUILD_DIR] - the rating benchmark (bench/README.md):
#
#   1. soundness: every step of every solution path of 17_clue and top1465
#      (the whole sets, from DIR) checked against the solution Dancing Links
#      finds (build/bench/rate_bench --check);
#   2. speed, single thread, in ROUNDS interleaved rounds: per set, the
#      library (rate_bench: bd_rate on puzzles in memory, CPU time), the
#      whole CLI (`bitdoku rate FILE > /dev/null`, user + system time) and
#      qqwing's own `qqwing --solve --stats` on the same puzzles (user +
#      system time; at most QQWING_MAX puzzles of a set);
#   3. the distributions of ratings and levels on each set (from 2.);
#   4. calibration against qqwing's levels: QQWING_N puzzles of each of
#      `qqwing --generate N --difficulty simple|easy|intermediate|expert
#      --one-line` (kept in QQWING_DIR, made once), rated by `bitdoku rate`:
#      the mean rating per qqwing level and the confusion table.
#
# Environment: ROUNDS (default 3), QQWING_N (default 1000), QQWING_MAX
# (default 5000), QQWING_DIR (default bench-qqwing in the build directory),
# MIN_TIME (rate_bench --min-time, default 1).
set -eu

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
    echo "usage: bench/rate.sh DIR [BUILD_DIR]" >&2
    exit 2
fi
dir=$1
build=${2:-build}
bench=$build/bench/rate_bench
cli=$build/bitdoku
rounds=${ROUNDS:-3}
qq_n=${QQWING_N:-1000}
qq_max=${QQWING_MAX:-5000}
qq_dir=${QQWING_DIR:-$build/bench-qqwing}
min_time=${MIN_TIME:-1}
[ -x "$bench" ] && [ -x "$cli" ] || { echo "rate.sh: build $bench and $cli first" >&2; exit 2; }
have_qqwing=$(command -v qqwing >/dev/null 2>&1 && echo yes || echo no)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sets="kaggle|puzzles0_kaggle_like_100k.txt
17_clue|puzzles2_17_clue.txt
top1465|puzzles3_magictour_top1465.txt
1905_11+|puzzles5_forum_hardest_1905_11+.txt"

# Plain copies (no comments, no CR) for qqwing, which reads bare lines.
echo "$sets" | while IFS='|' read -r name file; do
    if [ -f "$dir/$file" ]; then
        tr -d '\r' < "$dir/$file" | grep -E '^[0-9.]{81}$' > "$work/$name.txt"
    fi
done

# CPU seconds (user + system) of one command, its output discarded.
cpu() {
    /usr/bin/time -o "$work/time" -f "%U %S" "$@" > /dev/null 2>&1 || true
    awk '{ print $1 + $2 }' "$work/time"
}

echo "## Soundness"
echo
echo "Load before: $(uptime | sed 's/.*load/load/')"
echo
files=""
for name in top1465 17_clue; do
    if [ -f "$work/$name.txt" ]; then
        files="$files $work/$name.txt"
    fi
done
# shellcheck disable=SC2086
"$bench" --check --min-time 0 $files | sed -n '/unique | steps/,$p'
echo

echo "## Speed, one thread ($rounds interleaved rounds)"
echo
echo "Load before: $(uptime | sed 's/.*load/load/')"
echo
echo "| set | round | bd_rate puzzles/s | bd_rate µs/puzzle | CLI rate puzzles/s | qqwing --solve --stats puzzles/s (puzzles) |"
echo "|---|---|---|---|---|---|"
round=1
while [ "$round" -le "$rounds" ]; do
    echo "$sets" | while IFS='|' read -r name file; do
        [ -f "$work/$name.txt" ] || continue
        row=$("$bench" --min-time "$min_time" "$work/$name.txt" | tail -n 1)
        if [ "$round" -eq 1 ]; then
            echo "$row" >> "$work/distributions"
        fi
        n=$(wc -l < "$work/$name.txt")
        cli_s=$(cpu "$cli" rate "$work/$name.txt")
        qq="-"
        if [ "$have_qqwing" = yes ]; then
            head -n "$qq_max" "$work/$name.txt" > "$work/qq_in"
            qq_n_set=$(wc -l < "$work/qq_in")
            qq_s=$(cpu sh -c "qqwing --solve --stats < '$work/qq_in'")
            qq=$(echo "$qq_n_set $qq_s" | awk '{ printf "%s (%d)", ($2 > 0 ? sprintf("%.0f", $1 / $2) : "-"), $1 }')
        fi
        echo "$row" | awk -F'|' -v name="$name" -v round="$round" -v n="$n" -v cli="$cli_s" -v qq="$qq" \
            '{ printf "| %s | %d | %.0f | %.2f | %s | %s |\n", name, round, $4, $5,
                      (cli > 0 ? sprintf("%.0f", n / cli) : "-"), qq }'
    done
    round=$((round + 1))
done
echo
echo "Load after: $(uptime | sed 's/.*load/load/')"
echo

echo "## Distributions"
echo
echo "| set | puzzles | slowest µs | p99 µs | mean rating | easy | medium | hard | fiendish | diabolical | beyond |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
awk -F'|' '{ printf "|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n", $2, $3, $6, $7, $8, $9, $10, $11, $12, $13, $14 }' \
    "$work/distributions"
echo
for name in kaggle 1905_11+; do
    [ -f "$work/$name.txt" ] || continue
    echo "Ratings of $name (rating: puzzles):"
    echo
    "$cli" rate "$work/$name.txt" | awk '{ n[$1]++ } END { for (r in n) print r, n[r] }' | sort -n \
        | awk '{ printf "%s%s: %d", sep, $1, $2; sep = ", " } END { print "" }'
    echo
done

[ "$have_qqwing" = yes ] || { echo "(qqwing not installed: no calibration)"; exit 0; }
echo "## Calibration against qqwing's levels ($qq_n puzzles each)"
echo
mkdir -p "$qq_dir"
levels="simple easy intermediate expert"
for level in $levels; do
    file=$qq_dir/$level-$qq_n.txt
    [ -s "$file" ] || qqwing --generate "$qq_n" --difficulty "$level" --one-line > "$file"
done
echo "| qqwing level | puzzles | mean rating | easy | medium | hard | fiendish | diabolical | beyond |"
echo "|---|---|---|---|---|---|---|---|---|"
for level in $levels; do
    "$cli" rate "$qq_dir/$level-$qq_n.txt" | awk -v level="$level" '
        { n++; sum += $1; count[$2]++ }
        END { printf "| %s | %d | %.2f | %d | %d | %d | %d | %d | %d |\n", level, n, sum / n,
              count["easy"], count["medium"], count["hard"], count["fiendish"],
              count["diabolical"], count["beyond"] }'
done
echo
echo "Hardest technique by qqwing level:"
echo
for level in $levels; do
    printf '%s: ' "$level"
    "$cli" rate "$qq_dir/$level-$qq_n.txt" | awk '{ n[$3]++ } END { for (t in n) print n[t], t }' \
        | sort -rn | awk '{ printf "%s%s %d", sep, $2, $1; sep = ", " } END { print "" }'
    echo
done
