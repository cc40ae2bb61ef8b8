#!/bin/sh
# browser.sh BITDOKU PUZZLES_DIR TESTS_DIR - the pages and pictures rendered
# by a real browser, headless Chromium (Debian: chromium), and looked at
# with poppler-utils: a 12-puzzle booklet printed to PDF has the pages its
# layout promises (pdfinfo), of the paper asked for, each with ink on it
# (pdftoppm, dark pixels counted); so do other layouts and an explained
# path; a hint renders to a PNG of the picture's size; a hint that strikes
# a candidate (the golden case draw_chain_svg's forcing chains) prints its
# strike red, and its links that share column 9 print bowed apart. Exit
# 77 (skipped) where Chromium or poppler-utils are missing.
set -u
bitdoku=$1
puzzles=$2
tests=$3
browser=
for name in chromium chromium-browser google-chrome; do
    command -v $name > /dev/null 2>&1 && { browser=$name; break; }
done
if [ -z "$browser" ]; then
    echo "browser.sh: SKIPPED: no headless Chromium found (Debian: apt-get install chromium)"
    exit 77
fi
for tool in pdfinfo pdftoppm od; do
    if ! command -v $tool > /dev/null 2>&1; then
        echo "browser.sh: SKIPPED: $tool not found (Debian: apt-get install poppler-utils)"
        exit 77
    fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
problems=0
problem() { echo "browser.sh: $*"; problems=$((problems + 1)); }

# run_browser ARGS...: headless, offline, with a profile of its own.
run_browser() {
    profile=$(mktemp -d "$work/profile.XXXXXX")
    $browser --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" "$@" >> "$work/browser.log" 2>&1
}

# to_pdf PAGE PDF: prints a page, without the browser's header and footer.
to_pdf() {
    run_browser --no-pdf-header-footer --print-to-pdf-no-header --print-to-pdf="$2" "$1"
    [ -s "$2" ] || { problem "$1: no PDF printed"; tail -5 "$work/browser.log"; return 1; }
}

# Dark pixels (below 128 of 255) of a binary PGM image.
dark_pixels() {
    # header: P5, width height, maxval, each on its own line (pdftoppm)
    size=$(sed -n 2p "$1")
    header=$(head -n 3 "$1" | wc -c)
    tail -c +$((header + 1)) "$1" | od -An -v -tu1 |
        awk '{ for (i = 1; i <= NF; i++) if ($i < 128) n++ } END { print n + 0 }'
}

# check_pdf NAME PDF PAGES SIZE: the page count, the paper (pdfinfo's
# "Page size" in points: A4 594.96 x 841.92, Letter 612 x 792) and ink on
# every page below its head line (from 25 pixels down at 20 dpi: 32 mm).
check_pdf() {
    pages=$(pdfinfo "$2" | sed -n 's/^Pages: *//p')
    [ "$pages" = "$3" ] || problem "$1: $pages pages, expected $3"
    pdfinfo "$2" | grep -q "^Page size: *$4" || problem "$1: not $4: $(pdfinfo "$2" | grep '^Page size')"
    pdftoppm -gray -r 20 -y 25 "$2" "$work/page"
    n=0
    for image in "$work"/page-*.pgm; do
        n=$((n + 1))
        ink=$(dark_pixels "$image")
        # one answer grid of 53 mm at 20 dpi has some 400 dark pixels, a
        # page of puzzles thousands, a page with nothing on it none
        [ "$ink" -ge 200 ] || problem "$1: page $n has no ink ($ink dark pixels)"
    done
    [ "$n" = "$3" ] || problem "$1: $n pages rendered"
    rm -f "$work"/page-*.pgm
}

# The 12-puzzle booklet: 4 a page on A4 (3 sheets), answers 12 a page (1).
"$bitdoku" generate --seed 1 --count 12 -f html > "$work/book.html"
to_pdf "$work/book.html" "$work/book.pdf" && check_pdf "booklet" "$work/book.pdf" 4 "594.96 x 841.92"
# The same on Letter, 6 a page with the answers beside: 2 sheets.
"$bitdoku" generate --seed 1 --count 12 -f html --per-page 6 --paper letter --answers beside \
    > "$work/letter.html"
to_pdf "$work/letter.html" "$work/letter.pdf" && check_pdf "letter booklet" "$work/letter.pdf" 2 "612 x 792"
# One a page, 13 puzzles: 13 sheets and 2 of answers.
head -n 13 "$puzzles/kaggle_sample.txt" | "$bitdoku" solve -f html --per-page 1 > "$work/one.html"
to_pdf "$work/one.html" "$work/one.pdf" && check_pdf "one a page" "$work/one.pdf" 15 "594.96 x 841.92"
# An explained path: every page it prints has ink.
echo '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' |
    "$bitdoku" explain -f html > "$work/path.html"
if to_pdf "$work/path.html" "$work/path.pdf"; then
    pages=$(pdfinfo "$work/path.pdf" | sed -n 's/^Pages: *//p')
    [ "$pages" -ge 10 ] || problem "explained path: only $pages pages for 72 figures"
    check_pdf "explained path" "$work/path.pdf" "$pages" "594.96 x 841.92"
fi

# A hint as a PNG: the README's example three placements on.
step='4.....8.5.3..........7......2.....6.....8.4...4..1.......6.3.7.5.32.1...1.4......'
echo "$step" | "$bitdoku" explain --hint -f svg > "$work/step.svg"
width=$(sed -n 's/.* width="\([0-9]*\)" height.*/\1/p' "$work/step.svg" | head -n 1)
height=$(sed -n 's/.* height="\([0-9]*\)" viewBox.*/\1/p' "$work/step.svg" | head -n 1)
run_browser --hide-scrollbars --screenshot="$work/step.png" --window-size="$width,$height" \
    "$work/step.svg"
if [ -s "$work/step.png" ]; then
    # the PNG signature, then IHDR's width and height (bytes 17-24)
    signature=$(head -c 8 "$work/step.png" | od -An -tx1 | tr -d ' \n')
    [ "$signature" = 89504e470d0a1a0a ] || problem "step.png is not a PNG ($signature)"
    size=$(tail -c +17 "$work/step.png" | head -c 8 | od -An -tu1 |
           awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }')
    [ "$size" = "$width $height" ] || problem "step.png is $size, not $width $height"
else
    problem "no PNG of the step"
    tail -5 "$work/browser.log"
fi
# Red pixels (much red, little green and blue) of page 1 of a PDF at 200 dpi.
red_pixels() {
    rm -f "$work"/colour-*.ppm
    pdftoppm -r 200 -f 1 -l 1 "$1" "$work/colour"
    header=$(head -n 3 "$work"/colour-1.ppm | wc -c)
    tail -c +$((header + 1)) "$work"/colour-1.ppm | od -An -v -tu1 |
        awk '{ for (i = 1; i <= NF; i++) { c[k++ % 3] = $i; if (k % 3 == 0 && c[0] > 180 && c[1] < 110 && c[2] < 110) n++ } } END { print n + 0 }'
}
# A hint that strikes r7c9's 2 printed: the strike (and the struck
# digit) print red, the grid dark; the README's hint above, which strikes
# nothing, prints no red at all.
"$bitdoku" explain --hint -f html "$tests/cli/draw_chain_svg/stdin" > "$work/step.html"
if to_pdf "$work/step.html" "$work/step.pdf"; then
    check_pdf "explained step" "$work/step.pdf" 1 "594.96 x 841.92"
    red=$(red_pixels "$work/step.pdf")
    [ "$red" -ge 10 ] || problem "explained step: no red strokes ($red red pixels)"
fi
echo "$step" | "$bitdoku" explain --hint -f html > "$work/plain.html"
if to_pdf "$work/plain.html" "$work/plain.pdf"; then
    red=$(red_pixels "$work/plain.pdf")
    [ "$red" = 0 ] || problem "a hint without strikes: $red red pixels"
fi

# The chain hint's links as printed: three run down column 9 over shared
# stretches, so they are drawn bowed apart. Printed on a page the
# picture's size and rasterised at 96 dpi (a pixel a unit), row 6's
# stretch of column 9 (y 250-290; the given 6 there is black) shows link
# blue (#1c7ed6) both left (x 384-408) and right (x 414-430) of the
# column's candidate line x = 412, where straight links would leave both
# sides empty.
"$bitdoku" explain --hint -f svg "$tests/cli/draw_chain_svg/stdin" > "$work/chain.svg"
{
    echo '<!DOCTYPE html><html><head><style>@page { size: 440px 518px; margin: 0 }'
    echo 'body { margin: 0 } svg { display: block }</style></head><body>'
    sed 1d "$work/chain.svg"
    echo '</body></html>'
} > "$work/chain.html"
if to_pdf "$work/chain.html" "$work/chain.pdf"; then
    rm -f "$work"/links-*.ppm
    pdftoppm -r 96 -f 1 -l 1 "$work/chain.pdf" "$work/links"
    header=$(head -n 3 "$work"/links-1.ppm | wc -c)
    width=$(sed -n 2p "$work"/links-1.ppm | cut -d' ' -f1)
    sides=$(tail -c +$((header + 1)) "$work"/links-1.ppm | od -An -v -tu1 | awk -v w="$width" '
        { for (i = 1; i <= NF; i++) { c[k % 3] = $i; k++
              if (k % 3) continue
              p = k / 3 - 1; x = p % w; y = int(p / w)
              if (y < 250 || y > 290 || c[0] > 90 || c[1] < 90 || c[1] > 170 || c[2] < 170) continue
              if (x >= 384 && x <= 408) left++
              if (x >= 414 && x <= 430) right++ } }
        END { print left + 0, right + 0 }')
    [ "$width" = 440 ] || problem "chain links: the page rasterised $width pixels wide, not 440"
    [ "${sides% *}" -ge 10 ] && [ "${sides#* }" -ge 10 ] ||
        problem "chain links: not bowed apart in column 9 (link-blue pixels left, right: $sides)"
fi

[ $problems = 0 ] && echo "browser.sh: the pages and pictures render as they should ($browser)"
[ $problems = 0 ]
