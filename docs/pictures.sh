#!/bin/sh
# pictures.sh [BITDOKU] - makes the README's two pictures again, from
# bitdoku's own output rendered by headless Chromium (Debian: chromium,
# poppler-utils): docs/booklet.png, the first page of a 12-puzzle booklet
# printed to PDF and rasterized at 60 dpi; docs/step.png, a hint (cell
# forcing chains: the pencil marks of tests/cli/draw_chain_svg, puzzle 698
# of magictour's top 1465 list before its 17th step) as the browser draws
# its SVG. Run from anywhere; BITDOKU defaults to build/bitdoku.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bitdoku=${1:-$top/build/bitdoku}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
browser() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$work/profile" "$@" > /dev/null 2>&1
}
"$bitdoku" generate --seed 1 --count 12 -f html > "$work/booklet.html"
browser --no-pdf-header-footer --print-to-pdf="$work/booklet.pdf" "$work/booklet.html"
pdftoppm -png -r 60 -f 1 -l 1 -singlefile "$work/booklet.pdf" "$top/docs/booklet"
"$bitdoku" explain --hint -f svg "$top/tests/cli/draw_chain_svg/stdin" > "$work/step.svg"
size=$(sed -n 's/.* width="\([0-9]*\)" height="\([0-9]*\)" viewBox.*/\1,\2/p' "$work/step.svg")
browser --hide-scrollbars --window-size="$size" --screenshot="$top/docs/step.png" "$work/step.svg"
ls -l "$top/docs/booklet.png" "$top/docs/step.png"
