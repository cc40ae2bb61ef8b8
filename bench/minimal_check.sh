#!/bin/sh
# bench/minimal_check.sh BITDOKU FILE OPTION...
#
# Checks, by Dancing Links (-e dlx), that each puzzle of FILE (one a line,
# as `bitdoku generate` writes them, `.` for a blank) is minimal: one
# solution, and two or more once any single given is taken away. OPTION...
# is what `count` needs to read the lines, e.g. `--size 16 --alphabet
# digits`. Prints a line per puzzle (its line number, whether it is unique,
# its givens, how many are proved needed) and exits 1 if any puzzle is not
# unique or any given is not needed.
#   bitdoku generate --size 16 --seed 1 --count 3 > g16.txt
#   bench/minimal_check.sh build/bitdoku g16.txt --size 16 --alphabet digits
set -u
bin=$1 file=$2
shift 2
status=0 line=0
while IFS= read -r puzzle; do
    line=$((line + 1))
    unique=$(printf '%s\n' "$puzzle" | "$bin" count -l 2 -e dlx "$@")
    # Each given taken away in turn: one puzzle a line, counted in one run.
    counts=$(printf '%s\n' "$puzzle" | awk '{
        for (i = 1; i <= length($0); i++)
            if (substr($0, i, 1) != ".")
                print substr($0, 1, i - 1) "." substr($0, i + 1) }' \
        | "$bin" count -l 2 -e dlx "$@")
    givens=$(printf '%s\n' "$counts" | grep -c .)
    needed=$(printf '%s\n' "$counts" | grep -c '^2+\{0,1\}$')
    echo "puzzle $line: unique $unique, $givens givens, $needed proved needed"
    [ "$unique" = 1 ] && [ "$needed" = "$givens" ] || status=1
done < "$file"
exit $status
