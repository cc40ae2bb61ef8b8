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
# each puzzle's caption gives its level as rate gives it
expect "generate html levels" "$(grep -o 'seed 1 · [a-z]*' $cli/draw_generate_html/stdout | sed 's/.* //')" \
    "$(printf '%s\n' "$made" | $bitdoku rate | cut -d' ' -f2)"

# generate -f svg --solution: seed 2's puzzle, then its solution.
both=$($bitdoku generate --seed 2 --solution)
p=${both% *}
s=${both#* }
got=$($awk_grids $cli/draw_generate_svg/stdout)
expect "generate svg" "$got" "$p $(kinds $p $p)
$s $(kinds $p $s)"
expect "generate svg level" "$(grep -o '<title>Puzzle 1: seed 2 · [a-z]*</title>' $cli/draw_generate_svg/stdout | sed 's/.* //; s/<.*//')" \
    "$(printf '%s\n' "$p" | $bitdoku rate | cut -d' ' -f2)"

# The centre of candidate d of cell rRcC, in tenths of a unit: cells of 48
# units from a margin of 4, the candidates in thirds of a cell (16 units)
# in rows of three, 1 2 3 / 4 5 6 / 7 8 9:
# x = 4 + 48 (C - 1) + 16 ((d - 1) % 3) + 8, y = 4 + 48 (R - 1) + 16 int((d - 1) / 3) + 8.
# A candidate's digit is written 3.9 units below its centre; a ring is a
# circle of radius 7.2 at the centre; a strike runs from 6 units left and
# below the centre to 6 right and above.
geometry='
    function cx(r, c, d) { return 40 + 480 * (c - 1) + 160 * ((d - 1) % 3) + 80 }
    function cy(r, c, d) { return 40 + 480 * (r - 1) + 160 * int((d - 1) / 3) + 80 }
    function t(v) { return v % 10 ? sprintf("%d.%d", int(v / 10), v % 10) : sprintf("%d", v / 10) }
    function node(s, n) { n[1] = substr(s, 2, 1); n[2] = substr(s, 4, 1); n[3] = substr(s, length(s), 1)
                          n[4] = s ~ /<>/ ? "off" : "on" }'
# centres [strike|ring|text|cell] CANDIDATE...: what the picture draws at each
# candidate written rRcC=d or rRcC<>d (a cell: its shaded square).
centres() {
    what=$1
    shift
    printf '%s\n' "$@" | awk "$geometry"' { node($0, n); x = cx(n[1], n[2], n[3]); y = cy(n[1], n[2], n[3])
        if (what == "strike") printf "M%s %sL%s %s\n", t(x - 60), t(y + 60), t(x + 60), t(y - 60)
        if (what == "ring") printf "<circle cx=\"%s\" cy=\"%s\" r=\"7.2\"/>\n", t(x), t(y)
        if (what == "text") printf "<text x=\"%s\" y=\"%s\">%s</text>\n", t(x), t(y + 39), n[3]
        if (what == "cell") printf "<rect x=\"%d\" y=\"%d\" width=\"48\" height=\"48\"/>\n", 4 + 48 * (n[2] - 1), 4 + 48 * (n[1] - 1) }' what=$what
}
# group FILL FILE: the lines of the picture's group of that fill.
group() { sed -n "/^<g fill=\"$1\"/,/^<\/g>/p" "$2" | grep -v '^<'"/\?g"; }

# explain --hint -f svg: the README's example three placements on. Its
# next placement comes after eliminations (named after "after: "): the
# picture draws the placement on the candidates those eliminations left,
# none of their struck candidates drawn, its digit ringed in the placing
# colour at its centre (r1c6=9: (4 + 48 * 5 + 16 * 2 + 8, 4 + 16 * 2 + 8)
# = (284, 44)), its cell shaded, and nothing struck; the caption is the
# hint's text as explain --hint writes it, its "after:" list too. The
# digit is the puzzle's solution's.
p=$(puzzle_of $cli/draw_hint_svg/stdin 1)
hint=$(printf '%s\n' "$p" | $bitdoku explain --hint)
hint_place=${hint%% *}
eliminated=$(printf '%s\n' "${hint#* after: }" | grep -o 'r[1-9]c[1-9]<>[1-9]')
s=$(printf '%s\n' "$p" | $bitdoku solve)
expect "hint placement" "$hint_place" "r1c6=9"
r=${hint_place#r}; r=${r%%c*}; c=${hint_place#*c}; c=${c%%=*}
expect "hint digit" "${hint_place#*=}" "$(printf '%s' "$s" | cut -c $(((r - 1) * 9 + c)))"
expect "hint eliminations" "$(printf '%s\n' "$eliminated" | wc -l | tr -d ' ')" 6
got=$($awk_grids $cli/draw_hint_svg/stdout)
expect "hint svg" "$got" "$p $(kinds $p $p) $hint"
expect "hint svg ring" "$(group '#8ce99a' $cli/draw_hint_svg/stdout)" "$(centres ring "$hint_place")"
expect "hint svg placed digit" "$(grep -c "$(centres text "$hint_place")" $cli/draw_hint_svg/stdout)" 1
expect "hint svg cell" "$(group '#d3f9d8' $cli/draw_hint_svg/stdout)" "$(centres cell "$hint_place")"
for gone in $eliminated; do
    expect "hint svg without $gone" "$(grep -c "$(centres text "$gone")" $cli/draw_hint_svg/stdout)" 0
done
# r2c6 and r3c6 keep their 4, 5, 8 and 9 (the givens of column 6, of
# rows 2 and 3 and of box 2 rule out 1, 3 and 7; the pointing steps 2 and 6)
for kept in r2c6=4 r2c6=5 r2c6=8 r2c6=9 r3c6=4 r3c6=5 r3c6=8 r3c6=9; do
    expect "hint svg with $kept" "$(grep -c "$(centres text "$kept")" $cli/draw_hint_svg/stdout)" 1
done
expect "hint svg strikes" "$(grep -c 'stroke="#c92a2a"' $cli/draw_hint_svg/stdout)" 0

# explain --hint -f svg of a chain: the case's pencil marks are the path
# of magictour's puzzle 698 before its 17th step, worked out here from
# the path's text (the puzzle's candidates, then each step's placement,
# which takes its digit from the cell's row, column and box, and its
# removals); the hint is that step. Its links are drawn between the
# centres of their candidates, each cut 8 units short of both ends
# (rounded to tenths, half away from zero), none between candidates 16
# units apart or less (neighbours in a cell); an inference to "on" (=) is
# solid, one to "off" (<>) dashed; in the order of the text, branch by
# branch. A link that shares a stretch of its line with another (here
# three in column 9, two in row 7) is a curve bowed off the line to
# alternate sides, the first of each crowd towards the board's middle, a
# third further out; its ends cut 8 units short towards the curve's
# control point. The chain's candidates are ringed, their cells shaded (the
# placed cell in the placing colour), the removal struck, the placement
# ringed in the placing colour.
case_in=$cli/draw_chain_svg/stdin
orig=$(sed -n 's/^# \([1-9.]\{81\}\),$/\1/p' $case_in)
path=$(printf '%s\n' "$orig" | $bitdoku explain)
marks=$(printf '%s\n' "$path" | head -n 16 | awk -v p="$orig" '
    function peer(a, b) { return a != b && (int(a / 9) == int(b / 9) || a % 9 == b % 9 ||
        (int(a / 27) == int(b / 27) && int(a % 9 / 3) == int(b % 9 / 3))) }
    function place(c, d,   i) { v[c] = d; for (i = 1; i <= 9; i++) k[c, i] = 0
        for (i = 0; i < 81; i++) if (peer(i, c)) k[i, d] = 0 }
    BEGIN { for (c = 0; c < 81; c++) { v[c] = substr(p, c + 1, 1); v[c] = v[c] == "." ? 0 : v[c]
                for (d = 1; d <= 9; d++) k[c, d] = !v[c] }
            for (c = 0; c < 81; c++) if (v[c]) for (i = 0; i < 81; i++) if (peer(i, c)) k[i, v[c]] = 0 }
    function cell(s) { return (substr(s, 2, 1) - 1) * 9 + substr(s, 4, 1) - 1 }
    /^r[1-9]c[1-9]=[1-9] / { place(cell($1), substr($1, 6, 1)) }
    / => / { s = $0; sub(/.* => /, "", s); n = split(s, part, /, /)
             for (i = 1; i <= n; i++)
                 if (part[i] ~ /<>/) k[cell(part[i]), substr(part[i], 7, 1)] = 0
                 else place(cell(part[i]), substr(part[i], 6, 1)) }
    END { for (r = 0; r < 9; r++) { line = ""
              for (c = r * 9; c < r * 9 + 9; c++) { g = v[c] ? v[c] : ""
                  if (!v[c]) for (d = 1; d <= 9; d++) if (k[c, d]) g = g d
                  line = line (line == "" ? "" : " ") g }
              print line } }')
expect "chain marks" "$(grep -v '^#' $case_in)" "$marks"
chain=$($bitdoku explain --hint $case_in)
expect "chain hint" "$chain" "$(printf '%s\n' "$path" | line 17)"
expect "chain kind" "${chain%%:*}" "cell forcing chains r8c8"
branches=$(printf '%s\n' "$chain" | sed 's/^[^:]*: //; s/ => .*//' | tr ';' '\n' | sed 's/^ //')
expect "chain branches" "$(printf '%s\n' "$branches" | wc -l | tr -d ' ')" 3
want=$(printf '%s\n' "$branches" | awk "$geometry"' {
    n = split($0, nodes, / -> /)
    for (i = 1; i < n; i++) {
        node(nodes[i], a); node(nodes[i + 1], b); k++
        X1[k] = cx(a[1], a[2], a[3]); Y1[k] = cy(a[1], a[2], a[3])
        X2[k] = cx(b[1], b[2], b[3]); Y2[k] = cy(b[1], b[2], b[3]); on[k] = b[4] == "on"
        L[k] = sqrt((X2[k] - X1[k]) ^ 2 + (Y2[k] - Y1[k]) ^ 2)
    } }
    # links i and j, both drawn, on one line with more than a point in common
    function shared(i, j,   dx, dy, t1, t2, lo, hi) {
        if (L[i] <= 160 || L[j] <= 160) return 0
        dx = X2[i] - X1[i]; dy = Y2[i] - Y1[i]
        if (dx * (Y1[j] - Y1[i]) != dy * (X1[j] - X1[i]) || dx * (Y2[j] - Y1[i]) != dy * (X2[j] - X1[i])) return 0
        t1 = dx * (X1[j] - X1[i]) + dy * (Y1[j] - Y1[i]); t2 = dx * (X2[j] - X1[i]) + dy * (Y2[j] - Y1[i])
        lo = t1 < t2 ? t1 : t2; hi = t1 < t2 ? t2 : t1
        return (hi < L[i] ^ 2 ? hi : L[i] ^ 2) > (lo > 0 ? lo : 0) }
    function r(v) { return v < 0 ? -int(-v + 0.5) : int(v + 0.5) }
    END { for (i = 1; i <= k; i++) {
        if (L[i] <= 160) continue
        slot[i] = -1; split("", taken)
        for (j = 1; j <= k; j++) if (j != i && shared(i, j)) { slot[i] = 0; if (j < i) taken[slot[j]] = 1 }
        if (slot[i] == 0) while (slot[i] in taken) slot[i]++
        dx = X2[i] - X1[i]; dy = Y2[i] - Y1[i]
        printf "<path %sd=\"M", on[i] ? "" : "stroke-dasharray=\"4 3\" "
        if (slot[i] < 0) {
            ox = r(80 * dx / L[i]); oy = r(80 * dy / L[i])
            printf "%s %sL%s %s\"/>\n", t(X1[i] + ox), t(Y1[i] + oy), t(X2[i] - ox), t(Y2[i] - oy)
            continue
        }
        # bowed 11.2 units (slot / 2 + 1) times at its middle, even slots
        # towards the board'"'"'s middle (2200, 2200), odd ones away; but a
        # row or column with room for only k bows and a half outside it
        # (up to the grid'"'"'s edge, 4 or 436 units) bows slots 2k and on
        # inwards, k + 1, k + 2 ... times: the control point twice as far
        # off the chord
        mx = (X1[i] + X2[i]) / 2; my = (Y1[i] + Y2[i]) / 2
        nx = dy / L[i]; ny = -dx / L[i]
        if (nx * (2200 - mx) + ny * (2200 - my) < 0) { nx = -nx; ny = -ny }
        outer = 99
        if (dy == 0) { room = ny > 0 ? Y1[i] - 40 : 4360 - Y1[i]; outer = room < 56 ? 0 : int((room - 56) / 112) }
        if (dx == 0) { room = nx > 0 ? X1[i] - 40 : 4360 - X1[i]; outer = room < 56 ? 0 : int((room - 56) / 112) }
        level = slot[i] < 2 * outer ? int(slot[i] / 2) + 1 : slot[i] - outer + 1
        depth = 112 * level * (slot[i] < 2 * outer && slot[i] % 2 ? -1 : 1)
        qx = r(mx + 2 * depth * nx); qy = r(my + 2 * depth * ny)
        l1 = sqrt((qx - X1[i]) ^ 2 + (qy - Y1[i]) ^ 2); l2 = sqrt((qx - X2[i]) ^ 2 + (qy - Y2[i]) ^ 2)
        printf "%s %sQ%s %s %s %s\"/>\n", t(X1[i] + r(80 * (qx - X1[i]) / l1)), t(Y1[i] + r(80 * (qy - Y1[i]) / l1)),
            t(qx), t(qy), t(X2[i] + r(80 * (qx - X2[i]) / l2)), t(Y2[i] + r(80 * (qy - Y2[i]) / l2))
    } }')
got=$(grep '^<path \(d=\|stroke-dasharray\)' $cli/draw_chain_svg/stdout)
expect "chain links" "$got" "$want"
expect "chain solid and dashed" "$(printf '%s\n' "$got" | grep -c dasharray) $(printf '%s\n' "$got" | grep -vc dasharray)" "3 5"
conclusion=${chain#* => }
removed=$(printf '%s\n' "$conclusion" | grep -o 'r[1-9]c[1-9]<>[1-9]')
placed=$(printf '%s\n' "$conclusion" | grep -o 'r[1-9]c[1-9]=[1-9]')
expect "chain conclusion" "$removed $placed" "r7c9<>2 r7c9=8"
# r7c9's 2 struck: centre (4 + 384 + 16 + 8, 4 + 288 + 8) = (412, 300)
expect "chain strike" "$(grep -c "d=\"$(centres strike $removed)\"" $cli/draw_chain_svg/stdout)" 1
candidates=$(printf '%s\n' "$branches" | grep -o 'r[1-9]c[1-9][<>=]*[1-9]' | sed 's/<>/=/' | sort -u)
expect "chain rings" "$(group '#a5d8ff' $cli/draw_chain_svg/stdout | sort)" "$(centres ring $candidates | sort)"
expect "chain ring count" "$(printf '%s\n' "$candidates" | wc -l | tr -d ' ')" 11
expect "chain placement" "$(group '#8ce99a' $cli/draw_chain_svg/stdout)" "$(centres ring "$placed")"
expect "chain cells" "$(group '#d0ebff' $cli/draw_chain_svg/stdout | sort)" \
    "$(centres cell $(printf '%s\n' "$candidates" | grep -v "^${placed%=*}=") | sort -u)"
expect "chain placed cell" "$(group '#d3f9d8' $cli/draw_chain_svg/stdout)" "$(centres cell "$placed")"

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
expect "hint html words" "$(grep -o '<b>[1-3]</b> [a-z0-9=]*' $cli/draw_hint_html/stdout | tr '\n' ' ')" \
    "<b>1</b> $hint_place <b>2</b> solved <b>3</b> no "

# What is wrong with a grid without solution: each picture shows the grid
# as it came (its digits all drawn as givens) and under it the words that
# explain writes for it in text (the case explain_wrong_entries checks
# those); the HTML page says them under the puzzle.
wrong_dir=$cli/explain_wrong_entries
pictures=$($awk_grids $cli/draw_wrong_svg/stdout)
for f in wrong clash; do
    g=$(puzzle_of $wrong_dir/$f.txt 1 | tr 0 .)
    words=$($bitdoku explain --hint $wrong_dir/$f.txt)
    expect "wrong entries: $f words" "${words%%:*}" "no solution"
    [ $f = wrong ] && got=$(printf '%s\n' "$pictures" | line 1) || got=$(printf '%s\n' "$pictures" | line 2)
    expect "wrong entries: $f svg" "$got" "$g $(kinds $g $g) $words"
done
html_words=$(grep -o '<p class="cap">[^<]*</p>' $cli/draw_wrong_html/stdout | sed 's/<[^>]*>//g')
expect "wrong entries: html words" "$html_words" "$($bitdoku explain $wrong_dir/clash.txt)"
expect "wrong entries: html grid" "$($awk_grids $cli/draw_wrong_html/stdout)" "$g $(kinds $g $g)"

[ $problems = 0 ] && echo "the golden pictures show what they should"
[ $problems = 0 ]
