#!/bin/sh
# check.sh BITDOKU TESTS_DIR - what the golden pictures (tests/cli/draw_*)
# show, read back (grids.awk) and compared with answers found apart from
# the pictures: Kaggle's published solution, the text that bitdoku writes
# for the same puzzles (solve, generate, explain: each checked by golden
# cases of its own), and positions worked out by hand. The golden cases pin
# the pictures byte for byte; this says that those bytes show the right
# thing.
set -u
bitdoku=$1
cli=$2/cli
awk_grids="awk -f $2/draw/grids.awk"
problems=0
problem() { echo "check.sh: $*"; problems=$((problems + 1)); }
# expect WHAT ACTUAL WANTED
expect() { [ "$2" = "$3" ] || problem "$1: got '$2', expected '$3'"; }
# The kinds a grid of givens (puzzle) and a grid shown over it give:
# g where the puzzle gives, s where only the shown grid has a digit.
kinds() {
    awk -v p="$1" -v s="$2" 'BEGIN { for (i = 1; i <= 81; i++) {
        a = substr(p, i, 1); b = substr(s, i, 1)
        printf "%s", a != "." ? "g" : b != "." ? "s" : "." } print "" }'
}
line() { sed -n "$1p"; }
puzzle_of() { grep -v '^#' "$1" | sed -n "$2p"; }

# solve -f svg: the README's puzzle and Kaggle's published solution.
p=$(puzzle_of $cli/draw_solve_svg/stdin 1)
kaggle=864371259325849761971265843436192587198657432257483916689734125713528694542916378
got=$($awk_grids $cli/draw_solve_svg/stdout)
expect "solve svg" "$got" "$kaggle $(kinds $p $kaggle)"

# generate -f html --per-page 2: the three puzzles of seed 1 as generate
# writes them, then on the answer page their solutions (unique: count -u).
pages=$($awk_grids $cli/draw_generate_html/stdout)
expect "generate html pictures" "$(printf '%s\n' "$pages" | wc -l | tr -d ' ')" 6
made=$($bitdoku generate --seed 1 --count 3)
expect "generate html unique" "$(printf '%s\n' "$made" | $bitdoku count -u | sort -u)" unique
for i in 1 2 3; do
    p=$(printf '%s\n' "$made" | line $i)
    s=$(printf '%s\n' "$p" | $bitdoku solve)
    expect "generate html puzzle $i" "$(printf '%s\n' "$pages" | line $i)" "$p $(kinds $p $p)"
    expect "generate html answer $i" "$(printf '%s\n' "$pages" | line $((i + 3)))" "$s $(kinds $p $s)"
done
expect "generate html sheets" "$(grep -c '<div class="sheet' $cli/draw_generate_html/stdout)" 3
expect "generate html answer sheet" "$(grep -c 'answers, page 3' $cli/draw_generate_html/stdout)" 1

# generate -f svg --solution: seed 2's puzzle, then its solution.
both=$($bitdoku generate --seed 2 --solution)
p=${both% *}
s=${both#* }
got=$($awk_grids $cli/draw_generate_svg/stdout)
expect "generate svg" "$got" "$p $(kinds $p $p)
$s $(kinds $p $s)"

# explain --hint -f svg: the pointing step strikes r2c1's and r2c3's 7,
# whose centres are (4 + 8, 52 + 40) and (100 + 8, 92): strokes of 6 each
# way. The caption is the hint as text, escaped.
p=$(puzzle_of $cli/draw_hint_svg/stdin 1)
hint=$(printf '%s\n' "$p" | $bitdoku explain --hint | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
got=$($awk_grids $cli/draw_hint_svg/stdout)
expect "hint svg" "$got" "$p $(kinds $p $p) $hint"
expect "hint svg strokes" "$(grep -c 'd="M6 98L18 86 M102 98L114 86"' $cli/draw_hint_svg/stdout)" 1

# explain --hint -f svg of an X-chain: its links between the centres of
# the digit's candidates (digit d of cell rRcC at x = 4 + 48 (C - 1) + 16
# ((d - 1) % 3) + 8, y = 4 + 48 (R - 1) + 16 int((d - 1) / 3) + 8), each
# cut 8 units short of both ends (rounded to tenths, half away from zero);
# '=' in the chain is a strong link (solid), '-' a weak one (dashed); the
# chain's cells ringed, the removed candidate struck.
p=$(puzzle_of $cli/draw_chain_svg/stdin 1)
chain=$(printf '%s\n' "$p" | $bitdoku explain --hint)
expect "chain hint" "$chain" "X-chain 8 r1c4=r1c2-r2c3=r5c3-r5c9=r7c9 => r7c4<>8"
want=$(printf '%s\n' "$chain" | awk '{
    d = $2; split($3, node, /[=-]/); seps = $3; gsub(/[^=-]/, "", seps)
    for (i = 1; i < length(node); i++) {
        split(substr(node[i], 2), a, "c"); split(substr(node[i + 1], 2), b, "c")
        x1 = 40 + 480 * (a[2] - 1) + 160 * ((d - 1) % 3) + 80; y1 = 40 + 480 * (a[1] - 1) + 160 * int((d - 1) / 3) + 80
        x2 = 40 + 480 * (b[2] - 1) + 160 * ((d - 1) % 3) + 80; y2 = 40 + 480 * (b[1] - 1) + 160 * int((d - 1) / 3) + 80
        len = sqrt((x2 - x1) ^ 2 + (y2 - y1) ^ 2)
        ox = r(80 * (x2 - x1) / len); oy = r(80 * (y2 - y1) / len)
        printf "<path %sd=\"M%s %sL%s %s\"/>\n", substr(seps, i, 1) == "=" ? "" : "stroke-dasharray=\"4 3\" ",
            t(x1 + ox), t(y1 + oy), t(x2 - ox), t(y2 - oy)
    } }
    function r(v) { return v < 0 ? -int(-v + 0.5) : int(v + 0.5) }
    function t(v) { return v % 10 ? sprintf("%d.%d", int(v / 10), v % 10) : sprintf("%d", v / 10) }')
got=$(grep '^<path \(d=\|stroke-dasharray\)' $cli/draw_chain_svg/stdout)
expect "chain links" "$got" "$want"
# r7c4's 8 struck: centre (4 + 144 + 16 + 8, 4 + 288 + 32 + 8) = (172, 332)
expect "chain strike" "$(grep -c 'd="M166 338L178 326"' $cli/draw_chain_svg/stdout)" 1
expect "chain rings" "$(sed -n '/<g fill="#a5d8ff">/,/<\/g>/p' $cli/draw_chain_svg/stdout | grep -c '<circle')" 6

# explain -f html: step k is drawn on the puzzle with the first k - 1
# placements of explain's text made; then the solution with the rating
# line; then the second puzzle with "multiple solutions".
p=$(puzzle_of $cli/draw_explain_html/stdin 1)
q=$(puzzle_of $cli/draw_explain_html/stdin 2)
steps=$(printf '%s\n' "$p" | $bitdoku explain)
pictures=$($awk_grids $cli/draw_explain_html/stdout)
grid=$p
k=0
for place in $(printf '%s\n' "$steps" | grep -o '^r[1-9]c[1-9]=[1-9]'); do
    k=$((k + 1))
    expect "explain html step $k" "$(printf '%s\n' "$pictures" | line $k | cut -d' ' -f1)" "$grid"
    r=${place#r}; r=${r%%c*}; c=${place#*c}; c=${c%%=*}; d=${place#*=}
    at=$(((r - 1) * 9 + c))
    grid=$(printf '%s' "$grid" | awk -v at=$at -v d=$d '{ print substr($0, 1, at - 1) d substr($0, at + 1) }')
done
expect "explain html steps" $k 4
s=$(printf '%s\n' "$steps" | tail -n 1)
expect "explain html solution" "$grid" "$s"
expect "explain html end" "$(printf '%s\n' "$pictures" | line 5 | cut -d' ' -f1,2)" "$s $(kinds $p $s)"
expect "explain html rating" "$(grep -c "$(printf '%s\n' "$steps" | grep '^rating')" $cli/draw_explain_html/stdout)" 1
expect "explain html second" "$(printf '%s\n' "$pictures" | line 6 | cut -d' ' -f1)" "$q"
expect "explain html words" "$(grep -c '<p class="cap">multiple solutions</p>' $cli/draw_explain_html/stdout)" 1

# solve -f html --answers beside: the puzzle, its solution beside it, then
# the malformed record's empty grid and "error".
p=$(puzzle_of $cli/draw_booklet_options/stdin 1)
got=$($awk_grids $cli/draw_booklet_options/stdout)
empty=$(printf '%081d' 0 | tr 0 .)
expect "booklet beside" "$got" "$p $(kinds $p $p)
$kaggle $(kinds $p $kaggle)
$empty $empty"
# the title, and the heads of the two sheets (one puzzle a page)
expect "booklet title" "$(grep -c "Tom &amp; Jerry&#39;s &lt;&quot;puzzles&quot;&gt;" $cli/draw_booklet_options/stdout)" 3
expect "booklet letter" "$(grep -c '@page { size: 215.9mm 279.4mm; margin: 12mm; }' $cli/draw_booklet_options/stdout)" 1

# solve -f html of pencil marks: the solution beside the puzzle is the
# one the case pencil_marks_solve_count found by a brute force of its own
# (line 5 of its stdout: its a729.txt, the same marks on one line);
# the puzzle shows its marks: r1c3 (left 100) only 2 and 4, at (100 + 16
# + 8, 4 + 8 + 3.9) and (100 + 8, 4 + 16 + 8 + 3.9), and r3c5 (left 196,
# top 100) 1, 3 and 5.
got=$($awk_grids $cli/draw_pencil_marks/stdout | line 2 | cut -d' ' -f1)
expect "pencil marks solution" "$got" "$(sed -n 5p $cli/pencil_marks_solve_count/stdout)"
for text in 'x="124" y="15.9">2<' 'x="108" y="31.9">4<' 'x="204" y="111.9">1<' \
            'x="236" y="111.9">3<' 'x="220" y="127.9">5<'; do
    expect "pencil marks $text" "$(grep -c "<text $text" $cli/draw_pencil_marks/stdout)" 1
done
for text in 'x="108" y="15.9">1<' 'x="140" y="15.9">3<' 'x="220" y="111.9">2<'; do
    expect "pencil marks without $text" "$(grep -c "<text $text" $cli/draw_pencil_marks/stdout)" 0
done

# solve -f svg: a puzzle without solution keeps its givens and says so; a
# malformed record is an empty grid and "error".
p=$(puzzle_of $cli/draw_malformed_svg/stdin 1)
got=$($awk_grids $cli/draw_malformed_svg/stdout)
expect "malformed svg" "$got" "$p $(kinds $p $p) no solution
$empty $empty error"

# explain --hint -f html: the hint, "solved", "no solution".
got=$($awk_grids $cli/draw_hint_html/stdout | cut -d' ' -f1)
want=$(grep -v '^#' $cli/draw_hint_html/stdin)
expect "hint html grids" "$got" "$want"
expect "hint html words" "$(grep -o '<b>[1-3]</b> [a-z]*' $cli/draw_hint_html/stdout | tr '\n' ' ')" \
    "<b>1</b> pointing <b>2</b> solved <b>3</b> no "

[ $problems = 0 ] && echo "the golden pictures show what they should"
[ $problems = 0 ]
