#!/bin/sh
# bench/generate.sh [-r ROUNDS] [-s SCALE] [BUILD_DIR] - puzzle generation,
# bitdoku beside qqwing, measured side by side in one run.
#
# Each round runs every configuration once, in the same order (so load
# that changes during the run falls on all of them alike):
#   qqwing --generate N --one-line        (minimal puzzles; qqwing's default)
#   bitdoku generate --count N            (minimal), with -j 1 and -j 2
#   bitdoku generate --givens 30, 24, 20, 19 (-j 1)
#   qqwing --generate N --symmetry rotate180 / bitdoku --symmetry rot180
#   qqwing --generate N --difficulty expert / bitdoku --difficulty hard,
#     fiendish, beyond (not the same scales: see bench/notebook/generate.md)
#   bitdoku generate --givens 18 and 17, a bounded number of tries
# timed by /usr/bin/time: wall clock and CPU time (user + system). Every
# run's output is checked: as many lines as puzzles asked for (a puzzle
# given up is reported on stderr and missing from the output; the table
# says how many were made). Prints each run on stderr as it comes, and a
# markdown table of the medians over the rounds; "x qqwing" is the median
# of the per-round ratios of CPU rates to qqwing's minimal rate, and
# "-j 2 / -j 1" that of the wall-clock rates.
#
# SCALE multiplies the counts (default 1: a round takes about 30 s).
set -eu

rounds=3
scale=1
while getopts r:s: opt; do
    case $opt in
    r) rounds=$OPTARG ;;
    s) scale=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
build=${1:-build}
bitdoku=$build/bitdoku
[ -x "$bitdoku" ] || { echo "generate.sh: $bitdoku not built" >&2; exit 2; }
command -v qqwing >/dev/null || { echo "generate.sh: qqwing not installed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

n() { echo $(($1 * scale)); }

# name|count|command (the count is substituted for @N; seeds change by round)
configs="qqwing|$(n 600)|qqwing --generate @N --one-line
minimal|$(n 10000)|$bitdoku generate --seed @S --count @N
minimal -j 2|$(n 10000)|$bitdoku generate --seed @S --count @N -j 2
givens 30|$(n 30000)|$bitdoku generate --seed @S --count @N --givens 30
givens 24|$(n 10000)|$bitdoku generate --seed @S --count @N --givens 24
givens 20|$(n 300)|$bitdoku generate --seed @S --count @N --givens 20
givens 19|$(n 20)|$bitdoku generate --seed @S --count @N --givens 19
qqwing rotate180|$(n 300)|qqwing --generate @N --one-line --symmetry rotate180
rot180|$(n 5000)|$bitdoku generate --seed @S --count @N --symmetry rot180
qqwing expert|$(n 200)|qqwing --generate @N --one-line --difficulty expert
hard|$(n 1000)|$bitdoku generate --seed @S --count @N --difficulty hard
fiendish|$(n 1000)|$bitdoku generate --seed @S --count @N --difficulty fiendish
beyond|$(n 300)|$bitdoku generate --seed @S --count @N --difficulty beyond
givens 18|$(n 4)|$bitdoku generate --seed @S --count @N --givens 18 --tries 100
givens 17|1|$bitdoku generate --seed @S --count @N --givens 17 --tries 100"

# One run: "made wall cpu" (cpu = user + system).
run() {
    count=$1 seed=$2 cmd=$3
    cmd=$(echo "$cmd" | sed "s/@N/$count/; s/@S/$seed/")
    /usr/bin/time -o "$work/time" -f "%e %U %S" sh -c "$cmd > $work/out 2> $work/err" || true
    made=$(grep -c . "$work/out" || true)
    tail -n 1 "$work/time" | awk -v made="$made" '{ printf "%d %.3f %.3f\n", made, $1, $2 + $3 }'
}

: > "$work/results"
round=1
while [ "$round" -le "$rounds" ]; do
    echo "round $round: load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    echo "$configs" | while IFS='|' read -r name count cmd; do
        result=$(run "$count" "$round" "$cmd")
        echo "  $name: $count asked, made/wall/cpu $result" >&2
        echo "$round|$name|$count|$result" >> "$work/results"
    done
    round=$((round + 1))
done
echo "after: load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# The table: per configuration the medians over the rounds.
awk -F'|' '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
        split($4, r, " ")       # made wall cpu
        name = $2; round = $1
        if (!(name in seen)) { seen[name] = 1; order[++names] = name }
        asked[name] = $3; made[name] += r[1]; runs[name]++
        wall_rate[name, round] = r[2] > 0 ? r[1] / r[2] : 0
        cpu_rate[name, round] = r[3] > 0 ? r[1] / r[3] : 0
        wall[name] = wall[name] " " r[2]; cpu[name] = cpu[name] " " r[3]
        rounds[round] = 1
    }
    END {
        print "| configuration | asked per run | made (all runs) | wall s | CPU s | puzzles/s (wall) | puzzles/s (CPU) | x qqwing (CPU) |"
        print "|---|---|---|---|---|---|---|---|"
        for (i = 1; i <= names; i++) {
            name = order[i]; wl = ""; cl = ""; xl = ""
            for (round in rounds) {
                wl = wl " " wall_rate[name, round]; cl = cl " " cpu_rate[name, round]
                if (cpu_rate["qqwing", round] > 0)
                    xl = xl " " cpu_rate[name, round] / cpu_rate["qqwing", round]
            }
            printf "| %s | %d | %d of %d | %.2f | %.2f | %.1f | %.1f | %.1f |\n", name, asked[name],
                made[name], asked[name] * runs[name], median(wall[name]), median(cpu[name]),
                median(wl), median(cl), median(xl)
        }
        jl = ""
        for (round in rounds)
            if (wall_rate["minimal", round] > 0)
                jl = jl " " wall_rate["minimal -j 2", round] / wall_rate["minimal", round]
        printf "\n-j 2 / -j 1 (minimal, wall clock, median of the rounds): %.2f\n", median(jl)
    }' "$work/results"
