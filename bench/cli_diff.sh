#!/bin/sh
# bench/cli_diff.sh [-k] [-v] [-q|--quick] OLD_BITDOKU NEW_BITDOKU [PUZZLE_DIR]
#
# A before/after check of the whole command line: runs two bitdoku binaries
# on the same cases and reports every case where their stdout, stderr or
# exit status differ. Exit status 0: no difference; 1: some difference;
# 2: usage error. Meant for changes that must not change behaviour (moves,
# splits, refactoring): build the commit before and the commit after, then
#     bench/cli_diff.sh ../before/build/bitdoku build/bitdoku
#
# The cases (about 2,300 runs of each binary, a few minutes):
# - every golden case under tests/cli/ of this tree, replayed as its
#   run_case.cmake runs it (args or command, stdin, in the case directory);
# - inputs: from PUZZLE_DIR (default /work/shared/puzzles) the first 2,000
#   lines of each set (all of a smaller one) and the files of its sizes/
#   (not 9x9: each answered by errors, which must be the same), this
#   tree's puzzles/ and puzzles/target/, and hostile input made here
#   (empty, blank lines, CRLF, CR, BOM, NUL, binary bytes, lines too short,
#   too long or over 1024 bytes, letters, clashes, count lines right and
#   wrong, text after 'end', broken grids, bad CSV, no final newline);
# - on each input: solve (-j 1, -j 2), count -u (-j 1, -j 2), count -l,
#   rate, check with the input alone, --csv, -f grid, --stats; and on the
#   first 100 lines of every longer input and all of a shorter one: target
#   (-j 1, -j 2, -g, --stats, and -e dlx with --max-nodes: the Dancing
#   Links optimizer takes seconds a puzzle on the adversarial sets),
#   explain, solve -e dlx, count -u -e dlx, --order rows with --max-nodes,
#   solve --all, count -l 5, rate -j 2; plain count (no limit) where it
#   ends soon (the standard sets, puzzles/, hostile input; not the sparse
#   target sets);
# - check with two inputs (each set against answers made by OLD's solve,
#   some answers spoiled, some missing or extra) and on CSV rows;
# - target --exhaustive on a few puzzles, -n/--max-nodes limits, -t with a
#   limit nothing reaches, explain --hint on half-solved grids, every
#   --format on line and grid input, CSV and TSV in and out;
# - generate with fixed seeds and most options (counts, givens, ranges,
#   symmetries, difficulties, --solution, --unsolvable, formats, --csv,
#   --tries that give up, -j 2, --stats);
# - usage errors, --help, --version, missing files, a directory, stdin
#   and '-', output to /dev/full, a reader that goes away.
#
# What is normalised before comparing: each binary's own path, where it
# appears in its output (the golden cases that run a shell command see it
# as $BITDOKU), is replaced by BITDOKU. The --stats summaries hold times and
# rates that differ from run to run: in runs with --stats, every number
# followed by " s", " ms" or " puzzles/s" on stderr is replaced by '#'
# (the counts, guesses, nodes and the seed are compared as they are).
# -t/--timeout is only given limits that no puzzle here comes near, or
# values that are usage errors. generate always gets --seed.
#
# -q (--quick) runs fewer cases on smaller samples, for minutes rather
# than the better part of an hour on a loaded machine: every golden case;
# on the first 50 lines of each set and of this tree's puzzles/ files (not
# 2,000 and all), its sizes/ and the hostile input: solve, solve -j 2,
# count -u, check, --csv and --stats; on the first 10 lines of the longer
# ones: target, explain, solve -e dlx, solve --all; not the options one by
# one, check with two inputs, generate or the usage errors (the golden
# cases hold examples of each).
# -v prints every case, -k keeps the work directory (inputs, and the two
# outputs of each differing case under diff/). A case that runs over 120 s
# is killed (status 124, the same for both if both hang).
set -u

usage() {
    echo "usage: bench/cli_diff.sh [-k] [-v] [-q|--quick] OLD_BITDOKU NEW_BITDOKU [PUZZLE_DIR]" >&2
    exit 2
}

keep=0
verbose=0
sample_lines=2000    # of each set
few_lines=100        # for the costlier commands
quick_mode=0
quick() {
    quick_mode=1
    sample_lines=50
    few_lines=10
}
for arg in "$@"; do
    case $arg in --quick) quick ;; esac
done
for arg in "$@"; do
    shift
    [ "$arg" = --quick ] || set -- "$@" "$arg"
done
while getopts kvq opt; do
    case $opt in
    k) keep=1 ;;
    v) verbose=1 ;;
    q) quick ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || [ $# -eq 3 ] || usage
sets=${3:-/work/shared/puzzles}

# absolute PATH: the path of an existing file, from the root.
absolute() {
    echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
}

for bin in "$1" "$2"; do
    if [ ! -f "$bin" ] || [ ! -x "$bin" ]; then
        echo "cli_diff.sh: $bin: not an executable file" >&2
        exit 2
    fi
done
[ -d "$sets" ] || { echo "cli_diff.sh: $sets: not a directory" >&2; exit 2; }
old=$(absolute "$1")
new=$(absolute "$2")
sets=$(cd "$sets" && pwd)
repo=$(cd "$(dirname "$0")/.." && pwd)
limit=120

work=$(mktemp -d)
cleanup() {
    if [ "$keep" -eq 1 ]; then
        echo "cli_diff.sh: work directory kept: $work" >&2
    else
        rm -rf "$work"
    fi
}
trap cleanup EXIT
trap 'exit 2' INT TERM
in=$work/in
mkdir -p "$in" "$work/diff"

runs=0
differing=0

# ---------------------------------------------------------------------------
# Running and comparing

# sed_escape TEXT: TEXT as a literal in a sed pattern and replacement.
sed_escape() {
    printf '%s\n' "$1" | sed 's/[]\/$*.^[]/\\&/g'
}

# run_with BIN SIDE KIND DIR STDIN ARG...: one run of the current case by
# BIN, into $work/SIDE.out, .err, .st. KIND "args": ARG... are the
# arguments; KIND "sh": ARG is a shell command run with $BITDOKU set.
run_with() {
    bin=$1 side=$2 kind=$3 dir=$4 stdin=$5
    shift 5
    if [ "$kind" = sh ]; then
        (cd "$dir" && BITDOKU=$bin timeout "$limit" sh -c "$1") \
            < "$stdin" > "$work/$side.out" 2> "$work/$side.err"
    else
        (cd "$dir" && timeout "$limit" "$bin" "$@") \
            < "$stdin" > "$work/$side.out" 2> "$work/$side.err"
    fi
    echo $? > "$work/$side.st"
    # The binary's path as BITDOKU, wherever it shows.
    for stream in out err; do
        if grep -qF "$bin" "$work/$side.$stream"; then
            pattern=$(sed_escape "$bin")
            sed "s/$pattern/BITDOKU/g" "$work/$side.$stream" > "$work/norm"
            mv "$work/norm" "$work/$side.$stream"
        fi
    done
}

# untime FILE: the times and rates of --stats lines masked.
untime() {
    sed -E 's/[0-9]+(\.[0-9]+)? (s|ms|puzzles\/s)([^A-Za-z0-9]|$)/# \2\3/g' "$1" > "$work/norm"
    mv "$work/norm" "$1"
}

# show SIDE STREAM: the first lines where the two outputs of STREAM differ.
show() {
    diff "$work/old.$1" "$work/new.$1" | head -n 8 | cut -c 1-160 | sed 's/^/    /'
}

# compare NAME FILTER: compares the two runs of case NAME; FILTER "stats"
# masks the timing figures of stderr first.
compare() {
    name=$1
    if [ "$2" = stats ]; then
        untime "$work/old.err"
        untime "$work/new.err"
    fi
    runs=$((runs + 1))
    what=
    cmp -s "$work/old.out" "$work/new.out" || what="$what stdout"
    cmp -s "$work/old.err" "$work/new.err" || what="$what stderr"
    cmp -s "$work/old.st" "$work/new.st" || what="$what status"
    if [ -z "$what" ]; then
        [ "$verbose" -eq 1 ] && echo "same: $name (status $(cat "$work/new.st"))"
        return 0
    fi
    differing=$((differing + 1))
    echo "DIFFERS: $name:$what (status $(cat "$work/old.st") -> $(cat "$work/new.st"))"
    case $what in *stdout*) echo "  stdout, old < > new:"; show out ;; esac
    case $what in *stderr*) echo "  stderr, old < > new:"; show err ;; esac
    if [ "$keep" -eq 1 ]; then
        safe=$(printf '%s' "$name" | tr -c 'A-Za-z0-9_.+-' '_')
        for side in old new; do
            for stream in out err st; do
                cp "$work/$side.$stream" "$work/diff/$safe.$side.$stream"
            done
        done
    fi
}

# case_run FILTER NAME KIND DIR STDIN ARG...: both binaries, then compare.
case_run() {
    filter=$1 name=$2
    shift 2
    run_with "$old" old "$@"
    run_with "$new" new "$@"
    compare "$name" "$filter"
}

# c NAME ARG...: a case with arguments, in $in, no input on stdin.
c() {
    name=$1
    shift
    case_run plain "$name" args "$in" /dev/null "$@"
}

# ci NAME STDIN ARG...: the same with STDIN (a file in $in) on stdin.
ci() {
    name=$1 stdin=$2
    shift 2
    case_run plain "$name" args "$in" "$in/$stdin" "$@"
}

# cs NAME ARG...: a case with --stats among its arguments (times masked).
cs() {
    name=$1
    shift
    case_run stats "$name" args "$in" /dev/null "$@"
}

# csh NAME COMMAND: a shell command with $BITDOKU, in $in.
csh() {
    case_run plain "$1" sh "$in" /dev/null "$2"
}

# ---------------------------------------------------------------------------
# Inputs

# Samples of the standard sets: the first 2,000 lines of each (all of a
# smaller one), and their first 100 lines for the costlier commands.
for f in "$sets"/*.txt "$sets"/*.csv; do
    [ -f "$f" ] || continue
    base=set_$(basename "$f")
    head -n "$sample_lines" "$f" > "$in/$base"
    if [ "$(wc -l < "$in/$base")" -gt "$few_lines" ]; then
        head -n "$few_lines" "$f" > "$in/few_$base"
    fi
done
for f in "$sets"/sizes/*; do
    [ -f "$f" ] && cp "$f" "$in/size_$(basename "$f")"
done
for f in "$repo"/puzzles/*.txt "$repo"/puzzles/*.csv "$repo"/puzzles/target/*.txt; do
    [ -f "$f" ] || continue
    base=repo_$(basename "$f")
    if [ "$sample_lines" -lt 2000 ]; then
        head -n "$sample_lines" "$f" > "$in/$base"
    else
        cp "$f" "$in/$base"
    fi
    if [ "$(wc -l < "$in/$base")" -gt "$few_lines" ]; then
        head -n "$few_lines" "$f" > "$in/few_$base"
    fi
done

# Hostile input, made here.
kaggle=$repo/puzzles/kaggle_sample.txt
p1=$(sed -n 1p "$kaggle")
p2=$(sed -n 2p "$kaggle")
p3=$(sed -n 3p "$kaggle")
h=$in/bad
: > "${h}_empty.txt"
printf '\n' > "${h}_newline.txt"
printf '\n\n   \n\t\n' > "${h}_blank_lines.txt"
head -n 10 "$kaggle" | sed 's/$/\r/' > "${h}_crlf.txt"
head -n 5 "$kaggle" | tr '\n' '\r' > "${h}_cr_only.txt"
{ printf '\357\273\277'; head -n 5 "$kaggle"; } > "${h}_bom.txt"
{ printf '\357\273\277'; head -n 5 "$kaggle" | sed 's/$/\r/'; } > "${h}_bom_crlf.txt"
printf '%s\n%s' "$p1" "$p2" > "${h}_no_final_newline.txt"
{
    echo "$p1" | cut -c 1-80
    echo "${p1}7"
    echo "$p1" | sed 's/\./x/'
    echo "$p1" | sed 's/^./5/; s/^\(.\)./\15/'
    echo "$p1" | tr '.' '0'
    echo "$p2 # a comment"
    echo "$p2	# after a tab"
    echo "# a comment line"
    echo "$p3" | sed 's/./& /g'
    printf '%081d\n' 0
    echo "$p1" | sed 's/\./1/g'
    echo "$p3$p3"
    echo "$p3" | sed 's/\(.\{40\}\)/\1 junk /'
    echo "１２３"
    echo "$p2"
} > "${h}_lines.txt"
{ echo "$p1"; printf 'ab\000cd\n'; echo "$p2"; printf '%s\000\n' "$p3"; } > "${h}_nul.txt"
awk 'BEGIN { for (i = 0; i < 256; i++) printf "%c", i; printf "\n" }' < /dev/null > "${h}_bytes.txt"
{
    echo "$p1"
    awk 'BEGIN { for (i = 0; i < 1100; i++) printf " "; print "# a long comment" }' < /dev/null
    printf '%s' "$p2"
    awk 'BEGIN { for (i = 0; i < 2000; i++) printf " "; print "" }' < /dev/null
    awk 'BEGIN { for (i = 0; i < 5000; i++) printf "1"; print "" }' < /dev/null
    echo "$p3"
} > "${h}_long_lines.txt"
{ echo 3; echo "$p1"; echo "$p2"; echo "$p3"; } > "${h}_count_ok.txt"
{ echo 5; echo "$p1"; echo "$p2"; echo "$p3"; } > "${h}_count_short.txt"
{ echo 1; echo "$p1"; echo "$p2"; } > "${h}_count_long.txt"
{ echo 1234567; echo "$p1"; } > "${h}_count_7_digits.txt"
{ echo "$p1"; echo end; echo "$p2"; echo trailing text; } > "${h}_after_end.txt"
{ echo "$p1"; echo end; echo "# only a comment"; } > "${h}_end_comment.txt"
# Grids: the first puzzle as 9 lines, spaced, broken in several ways.
echo "$p1" | sed 's/.\{9\}/&\n/g' | sed '/^$/d' > "$in/grid_compact.txt"
sed 's/./& /g; s/ $//' "$in/grid_compact.txt" > "$in/grid_spaced.txt"
{ head -n 4 "$in/grid_compact.txt"; echo; tail -n 5 "$in/grid_compact.txt"; } > "${h}_grid_blank_inside.txt"
head -n 8 "$in/grid_compact.txt" > "${h}_grid_8_lines.txt"
{ head -n 3 "$in/grid_compact.txt"; echo "$p2"; tail -n 6 "$in/grid_compact.txt"; } > "${h}_grid_cut.txt"
{ sed 's/$/5/' "$in/grid_compact.txt"; } > "${h}_grid_10_cells.txt"
{ cat "$in/grid_compact.txt"; echo; cat "$in/grid_spaced.txt"; echo; echo "$p2"; } > "$in/mixed_shapes.txt"
# CSV and TSV.
cp "$repo/puzzles/kaggle_sample.csv" "$in/k.csv"
tr ',' '\t' < "$in/k.csv" > "$in/k.tsv"
head -n 1 "$in/k.csv" > "${h}_csv_header_only.csv"
{ head -n 3 "$in/k.csv"; echo '"unterminated,quote'; sed -n 4,5p "$in/k.csv"; } > "${h}_csv_quote.csv"
{ head -n 3 "$in/k.csv"; sed -n 4p "$in/k.csv" | awk -F, '{ print $2 "," $1 }'; echo 'a,b,c'; sed -n 5p "$in/k.csv" | sed 's/$/,extra/'; } > "${h}_csv_rows.csv"
{ echo 'id,puzzle'; echo "1,$p1"; echo "2,\"$p2\""; echo "3,$p3"; } > "$in/id_puzzle.csv"
head -n 5 "$in/k.csv" | sed 's/$/\r/' > "${h}_csv_crlf.csv"

# ---------------------------------------------------------------------------
# The golden cases of tests/cli/, replayed as run_case.cmake runs them.
for case_dir in "$repo"/tests/cli/*/; do
    case_dir=${case_dir%/}
    name=golden_$(basename "$case_dir")
    stdin=/dev/null
    [ -f "$case_dir/stdin" ] && stdin=$case_dir/stdin
    if [ -f "$case_dir/command" ]; then
        case_run plain "$name" sh "$case_dir" "$stdin" "$(cat "$case_dir/command")"
    elif [ -f "$case_dir/args" ]; then
        # One argument a line; empty lines give none (as in CMake's list).
        set --
        while IFS= read -r arg || [ -n "$arg" ]; do
            [ -n "$arg" ] && set -- "$@" "$arg"
        done < "$case_dir/args"
        case_run plain "$name" args "$case_dir" "$stdin" "$@"
    else
        case_run plain "$name" args "$case_dir" "$stdin"
    fi
done

# ---------------------------------------------------------------------------
# Every command on every input.
cd "$in" || exit 2
all_inputs=
few_inputs=
small_inputs=
for f in *; do
    case $f in
    few_*) few_inputs="$few_inputs $f" ;;
    *) all_inputs="$all_inputs $f" ;;
    esac
done
for f in $all_inputs; do
    [ "$(wc -l < "$f")" -le "$few_lines" ] && small_inputs="$small_inputs $f"
done
costly_inputs="$few_inputs $small_inputs"

if [ "$quick_mode" -eq 1 ]; then
    for f in $all_inputs; do
        c "solve $f" "$f"
        c "solve -j 2 $f" solve -j 2 "$f"
        c "count -u $f" count -u "$f"
        c "check $f" check "$f"
        c "solve --csv $f" solve --csv "$f"
        cs "solve --stats $f" --stats "$f"
    done
    for f in $few_inputs; do
        c "target $f" target "$f"
        c "explain $f" explain "$f"
        c "solve -e dlx $f" -e dlx "$f"
        c "solve --all $f" solve --all "$f"
    done
    echo "cli_diff.sh: $runs cases (--quick), each run by both binaries; $differing differ"
    [ "$differing" -eq 0 ]
    exit
fi

for f in $all_inputs; do
    c "solve $f" "$f"
    c "solve -j 2 $f" solve -j 2 "$f"
    c "count -u $f" count -u "$f"
    c "count -u -j 2 $f" count --unique --jobs=2 "$f"
    c "count -l 1000 $f" count -l 1000 "$f"
    c "rate $f" rate "$f"
    c "check $f" check "$f"
    c "solve --csv $f" solve --csv "$f"
    c "solve -f grid $f" -f grid "$f"
    cs "solve --stats $f" --stats "$f"
    cs "count -u -s -j 2 $f" count -u -s -j 2 "$f"
done
for f in $all_inputs; do
    case $f in repo_target_* | size_*) continue ;; esac
    c "count $f" count "$f"
done
for f in $costly_inputs; do
    c "target $f" target "$f"
    c "target -j 2 $f" target -j 2 "$f"
    c "target -g $f" target -g "$f"
    c "target -e dlx -n 100000 $f" target -e dlx -n 100000 "$f"
    cs "target -s $f" target -s "$f"
    c "explain $f" explain "$f"
    c "rate -j 2 $f" rate -j 2 "$f"
    c "solve -e dlx $f" -e dlx "$f"
    c "count -u -e dlx $f" count -u -e dlx "$f"
    c "solve -o rows -n 20000 $f" solve -o rows -n 20000 "$f"
    c "solve --all $f" solve --all "$f"
    c "solve --all -j 2 $f" solve -a -j 2 "$f"
    c "count -l 5 $f" count -l 5 "$f"
done

# ---------------------------------------------------------------------------
# Options one by one.

# Limits: nodes (cut short: status 3), a timeout nothing reaches.
hard=set_puzzles5_forum_hardest_1905_11+.txt
[ -f "$hard" ] || hard=repo_hard_sample.txt
few_hard=few_$hard
[ -f "$few_hard" ] || few_hard=$hard
for n in 1 10 50 300; do
    c "solve -n $n" solve -n "$n" "$few_hard"
    c "count -u --max-nodes=$n" count -u --max-nodes="$n" "$few_hard"
    c "count -u -n $n -j 2" count -u -n "$n" -j 2 "$few_hard"
    c "target -n $n" target -n "$n" repo_target_adversarial.txt
    c "target -n $n -g" target -n "$n" -g repo_target_05.txt
    c "solve --all -n $n" solve --all -n "$n" repo_target_30.txt
    c "count -n $n" count -n "$n" repo_target_17.txt
    c "rate -n $n" rate -n "$n" "$few_hard"
done
c "solve -t 1000" solve -t 1000 "$few_hard"
c "count -u --timeout=500.5 -j 2" count -u --timeout=500.5 -j 2 "$few_hard"
c "target -t 1000" target -t 1000 repo_target_25.txt
for n in 1 2 3 1000; do
    c "solve --all -l $n" solve --all -l "$n" repo_target_30.txt
    c "count -l $n" count -l "$n" repo_target_20.txt
done
c "count -l 0 (few solutions)" count -l 0 set_puzzles7_serg_benchmark.txt

# target --exhaustive on a few (complete enumeration, or cut by nodes).
head -n 20 "$kaggle" > kaggle20.txt
head -n 5 repo_target_30.txt > target30_5.txt
c "target --exhaustive kaggle" target --exhaustive kaggle20.txt
c "target --exhaustive -g" target --exhaustive -g kaggle20.txt
c "target --exhaustive -n 200000" target --exhaustive -n 200000 target30_5.txt
c "target --exhaustive -j 2 -n 100000" target --exhaustive -j 2 -n 100000 target30_5.txt
c "target --exhaustive -e dlx" target --exhaustive -e dlx kaggle20.txt

# Engines and orders together.
for e in dfs dlx; do
    for o in mrv rows; do
        c "solve -e $e -o $o" solve -e "$e" -o "$o" -n 100000 "$few_hard"
        c "count -u -e $e -o $o" count -u --engine="$e" --order="$o" -n 100000 kaggle20.txt
        c "target -e $e -o $o" target -e "$e" -o "$o" target30_5.txt
    done
done

# Formats, on line input and grid input.
for fmt in auto line grid compact pretty; do
    for f in kaggle20.txt grid_compact.txt grid_spaced.txt mixed_shapes.txt repo_classic.txt; do
        c "solve -f $fmt $f" solve -f "$fmt" "$f"
        c "solve --all -l 3 -f $fmt $f" solve --all -l 3 --format="$fmt" "$f"
        c "target -g -f $fmt $f" target -g -f "$fmt" "$f"
        c "explain -f $fmt $f" explain -f "$fmt" "$f"
    done
    c "solve -f $fmt --csv" solve -f "$fmt" --csv kaggle20.txt
done

# CSV and TSV, in and out.
for f in k.csv k.tsv id_puzzle.csv bad_csv_rows.csv bad_csv_quote.csv bad_csv_crlf.csv; do
    for cmd in solve count target rate explain check; do
        c "$cmd $f" "$cmd" "$f"
        c "$cmd --csv $f" "$cmd" --csv "$f"
    done
    c "count -u --csv -j 2 $f" count -u --csv -j 2 "$f"
    c "solve -f grid $f" solve -f grid "$f"
done
for f in kaggle20.txt repo_target_10.txt grid_spaced.txt; do
    for cmd in solve "count -l 1000" target rate explain; do
        # shellcheck disable=SC2086
        c "$cmd --csv $f" $cmd --csv "$f"
    done
    c "target -g --csv $f" target -g --csv "$f"
    c "solve --all --csv $f" solve --all --csv -l 2 "$f"
done

# explain --hint: half-solved grids (the first 40 cells from the solution),
# solved grids, a clash.
"$old" solve few_set_puzzles2_17_clue.txt > clue_answers.txt 2> /dev/null
paste -d ' ' few_set_puzzles2_17_clue.txt clue_answers.txt 2> /dev/null |
    awk 'NF == 2 && length($1) == 81 && length($2) == 81 { print substr($2, 1, 40) substr($1, 41) }' > half_solved.txt
for f in half_solved.txt clue_answers.txt repo_kaggle_sample.solutions.txt kaggle20.txt bad_lines.txt grid_spaced.txt; do
    c "explain --hint $f" explain --hint "$f"
    c "explain --hint -j 2 $f" explain --hint -j 2 "$f"
done
c "explain half solved" explain half_solved.txt

# check, two inputs read in step: answers made by OLD's solve, spoiled,
# missing or extra.
for f in set_* repo_*; do
    case $f in *solutions*) continue ;; esac
    "$old" solve "$f" > "answers_$f" 2> /dev/null
    c "check $f answers" check "$f" "answers_$f"
    c "check -j 2 $f answers" check -j 2 "$f" "answers_$f"
    # Every 7th answer with its first two cells swapped, every 11th blanked.
    awk 'NR % 7 == 0 && length($0) >= 81 { $0 = substr($0, 2, 1) substr($0, 1, 1) substr($0, 3) }
         NR % 11 == 0 { $0 = "" } { print }' "answers_$f" > "spoiled_$f"
    c "check $f spoiled" check "$f" "spoiled_$f"
    c "check --csv $f spoiled" check --csv "$f" "spoiled_$f"
    head -n 5 "answers_$f" > "short_$f"
    c "check $f missing answers" check "$f" "short_$f"
    c "check short extra answers" check "short_$f" "answers_$f"
done
c "check kaggle two files" check "$kaggle" "$repo/puzzles/kaggle_sample.solutions.txt"
c "check puzzles against themselves" check kaggle20.txt kaggle20.txt
c "check grid answers" check grid_compact.txt grid_spaced.txt
c "check - stdin" check - repo_kaggle_sample.solutions.txt
c "check three inputs" check kaggle20.txt kaggle20.txt kaggle20.txt
ci "check stdin csv" k.csv check
ci "check - csv -j 2" k.csv check -j 2 -

# generate, fixed seeds.
for seed in 1 2 18446744073709551615; do
    c "generate --seed $seed" generate --seed "$seed" -c 20
    c "generate --seed $seed -j 2" generate --seed "$seed" -c 20 -j 2
    c "generate --seed $seed --givens 30" generate --seed "$seed" --count=50 --givens=30
    c "generate --seed $seed --givens 24-28" generate --seed "$seed" -c 20 --givens 24-28
    c "generate --seed $seed --solution" generate --seed "$seed" -c 5 --solution
    c "generate --seed $seed --unsolvable" generate --seed "$seed" -c 10 --unsolvable
    c "generate --seed $seed --minimal --givens 26" generate --seed "$seed" -c 5 --minimal --givens 26
    cs "generate --seed $seed --stats" generate --seed "$seed" -c 10 --stats
    cs "generate --seed $seed --stats -j 2" generate --seed "$seed" -c 10 -s -j 2
done
for sym in none rot180 rot90 mirror diagonal random; do
    c "generate --symmetry $sym" generate --seed 7 -c 10 --symmetry "$sym"
    c "generate --symmetry $sym -j 2" generate --seed 7 -c 10 --symmetry="$sym" -j 2
done
for level in easy medium hard fiendish diabolical beyond; do
    c "generate --difficulty $level" generate --seed 11 -c 3 --difficulty "$level"
done
c "generate --difficulty hard -j 2" generate --seed 11 -c 6 --difficulty hard -j 2
for fmt in line grid compact pretty; do
    c "generate -f $fmt" generate --seed 3 -c 3 -f "$fmt"
    c "generate -f $fmt --solution" generate --seed 3 -c 2 -f "$fmt" --solution
done
c "generate --csv" generate --seed 4 -c 5 --csv
c "generate --csv --solution" generate --seed 4 -c 5 --csv --solution
c "generate gives up" generate --seed 5 -c 2 --givens 18 --tries 3
cs "generate gives up --stats" generate --seed 5 -c 2 --givens 18 --tries 3 --stats
c "generate --tries 1" generate --seed 5 -c 5 --tries 1 --difficulty fiendish
c "generate --givens 81" generate --seed 6 -c 2 --givens 81
c "generate --givens 17-81" generate --seed 6 -c 2 --givens 17-81
c "generate --symmetry rot90 --givens 30" generate --seed 8 -c 4 --symmetry rot90 --givens 30
c "generate with a file" generate --seed 1 kaggle20.txt
for bad in "--givens 16" "--givens 82" "--givens 30-20" "--givens x" "--symmetry bogus" \
    "--difficulty bogus" "-c 0" "-c -1" "--seed -1" "--seed 18446744073709551616" "--seed x" \
    "--tries 0" "--unsolvable --solution" "--unsolvable --difficulty hard"; do
    # shellcheck disable=SC2086
    c "generate $bad" generate --seed 1 $bad
done

# Usage errors and the like.
for args in "--help" "-h" "--version" "-V" "bogus" "--bogus" "-x" "-e" "-e bogus" "-o bogus" \
    "-f bogus" "-j 0" "-j 65" "-j x" "-j 2x" "-l -1" "-l x" "-n -1" "-n x" "-t -1" "-t x" \
    "-t 0x10" "-t 1e999" "--limit=" "--engine=" "--eng=dlx" "--un" "--max-n=5" \
    "solve --exhaustive" "solve -g" "count --hint" "rate --all" "solve -u" "target -a" \
    "explain -u" "check -g" "solve solve" "help" "-- -x" "-s --help" "count -u -l 5" \
    "count --unique=2" "--jobs" "--csv=1" "-j 64" "-ej" "-uj2"; do
    # shellcheck disable=SC2086
    c "usage: $args" $args kaggle20.txt
done
cs "usage: --stat" --stat kaggle20.txt
cs "usage: -j 64 -s" -j 64 -s kaggle20.txt

# Files: missing, a directory, stdin, '-', several.
c "missing file" solve no_such_file.txt
c "missing and present" solve kaggle20.txt no_such_file.txt kaggle20.txt
c "a directory" solve .
c "a directory, count" count -u . kaggle20.txt
ci "stdin" kaggle20.txt
ci "stdin -" kaggle20.txt solve -
ci "stdin twice" kaggle20.txt solve - kaggle20.txt -
ci "stdin grid" grid_spaced.txt -f pretty
ci "stdin -j 2" set_puzzles7_serg_benchmark.txt count -j 2
c "several files -j 2" count -u -j 2 kaggle20.txt repo_hard_sample.txt bad_lines.txt grid_spaced.txt
c "several files target" target kaggle20.txt bad_after_end.txt repo_target_10.txt

# Output that fails or goes away ($BITDOKU is expanded by the case's shell).
# shellcheck disable=SC2016
bd='$BITDOKU'
csh "write to /dev/full" "$bd solve kaggle20.txt > /dev/full"
csh "write to /dev/full -j 2" "$bd count -u -j 2 kaggle20.txt > /dev/full"
csh "generate to /dev/full" "$bd generate --seed 1 -c 3 > /dev/full"
csh "reader goes away" "$bd solve set_puzzles2_17_clue.txt | head -n 3"
csh "reader goes away -j 2" "$bd count -u -j 2 set_puzzles2_17_clue.txt | head -n 3"

echo "cli_diff.sh: $runs cases, each run by both binaries; $differing differ"
[ "$differing" -eq 0 ]
