#!/bin/sh
# xmllint.sh BITDOKU TESTS_DIR PUZZLES_DIR - every picture bitdoku draws
# checked by xmllint (Debian: libxml2-utils): each SVG document
# well-formed, each HTML page well-formed XML (it is written polyglot) and
# parseable by libxml2's HTML parser with no complaint but that it does not
# know the SVG elements inline in it (an HTML 4 parser). The pictures are
# the golden cases' (tests/cli/draw_*) and fresh ones: every layout, paper
# and place of the answers, explain's paths and hints over puzzles of every
# kind, generate, and a title full of what must be escaped.
# Exit 77 (skipped) without xmllint.
set -u
bitdoku=$1
tests=$2
puzzles=$3
if ! command -v xmllint > /dev/null 2>&1; then
    echo "xmllint.sh: SKIPPED: xmllint not found (Debian: apt-get install libxml2-utils)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
problems=0
checked=0
problem() { echo "xmllint.sh: $*"; problems=$((problems + 1)); }

# An HTML page: well-formed, and parsed as HTML with no other complaint.
check_html() {
    checked=$((checked + 1))
    xmllint --noout "$1" 2> "$work/err" || { problem "$2: not well-formed:"; head -5 "$work/err"; }
    xmllint --html --noout "$1" > "$work/err" 2>&1
    awk '/HTML parser error : Tag (svg|g|rect|path|text|circle|title) invalid$/ { skip = 2; next }
         skip > 0 { skip--; next }
         { print }' "$work/err" > "$work/left"
    [ -s "$work/left" ] && { problem "$2: the HTML parser complains:"; head -6 "$work/left"; }
    return 0
}

# A stream of SVG documents, split at their XML declarations.
check_svgs() {
    rm -f "$work"/doc.*
    awk -v dir="$work" '/^<\?xml / { n++ } { print > (dir "/doc." n) }' "$1"
    found=0
    for doc in "$work"/doc.*; do
        [ -f "$doc" ] || continue
        found=$((found + 1))
        checked=$((checked + 1))
        xmllint --noout "$doc" 2> "$work/err" || { problem "$2 ($doc): not well-formed:"; head -5 "$work/err"; }
    done
    [ $found -gt 0 ] || problem "$2: no SVG document"
}

check_file() {
    if head -c 15 "$1" | grep -q '<!DOCTYPE html>'; then
        check_html "$1" "$2"
    else
        check_svgs "$1" "$2"
    fi
}

for case in "$tests"/cli/draw_*/; do    # those whose output is pictures
    [ -s "$case/stdout" ] && [ "$(head -c 1 "$case/stdout")" = "<" ] &&
        check_file "$case/stdout" "$(basename "$case")"
done

# draw NAME ARGS...: runs bitdoku and checks what it drew.
draw() {
    name=$1
    shift
    "$bitdoku" "$@" > "$work/out" 2> /dev/null
    check_file "$work/out" "$name"
}

head -n 13 "$puzzles/kaggle_sample.txt" > "$work/kaggle13"
for per in 1 2 4 6; do
    for paper in a4 letter; do
        for answers in end beside none; do
            draw "solve html $per $paper $answers" solve -f html --per-page $per --paper $paper \
                --answers $answers "$work/kaggle13"
        done
    done
done
draw "solve html candidates" solve -f html --candidates "$work/kaggle13"
draw "solve svg candidates" solve -f svg --candidates "$puzzles/classic.txt"
# puzzles of every kind for explain, each explained in a second or less:
# the README's example, the empty grid (many solutions), three of
# magictour's top 1465 (dynamic forcing chains), Kaggle's easy ones, and
# pencil marks whose next placement is a cell forcing chain
grep -v '^#' "$puzzles/classic.txt" | sed -n '1p; $p' > "$work/mixed"
grep -v '^#' "$puzzles/hard_sample.txt" | head -n 3 >> "$work/mixed"
cat "$work/kaggle13" >> "$work/mixed"
chain="$tests/cli/draw_chain_svg/stdin"
draw "explain html" explain -f html "$work/mixed" "$chain"
draw "explain hint html" explain --hint -f html "$work/mixed" "$chain"
draw "explain hint svg" explain --hint -f svg "$work/mixed" "$chain"
draw "generate html" generate --seed 9 --count 13 -f html
draw "generate html beside" generate --seed 9 --count 5 -f html --answers beside --candidates
draw "generate unsolvable html" generate --seed 9 --count 3 --unsolvable -f html
draw "generate svg" generate --seed 9 --count 5 -f svg --solution --candidates
draw "pencil marks svg" solve -f svg --candidates "$tests/cli/pencil_marks_solve_count/a729.txt" \
    "$tests/cli/pencil_marks_solve_count/b9.txt"
draw "pencil marks html" solve -f html "$tests/cli/pencil_marks_solve_count/a729.txt" \
    "$tests/cli/pencil_marks_solve_count/b9.txt"
draw "pencil marks explain" explain -f html "$tests/cli/pencil_marks_solve_count/a9.txt"
title=$(printf 'a<b>&c"d'"'"'e \001f\377g \303\251 ]]> &amp;')
draw "escaped title" solve -f html --title "$title" "$work/kaggle13"
draw "escaped title, explain" explain --hint -f html --title "$title" "$work/kaggle13"

echo "xmllint.sh: $checked documents checked, $problems problems"
[ $problems = 0 ]
