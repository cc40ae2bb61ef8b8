# grids.awk - reads the 9x9 grids back out of bitdoku's SVG pictures (a
# stream of documents, or an HTML page of inline <svg> elements), one line
# per picture: its 81 values ('.' blank) and their kinds (g given, s
# solved, p placed, '.' blank), then the text of the picture's caption
# lines joined by spaces (if any), its entities &lt; &gt; &amp; read back.
#
# It knows the pictures' geometry as svg.c states it: cells of 48 units
# from a margin of 4, values in the group of font-size 30, the digit's
# centre x = 28 + 48 * column and baseline y = 38.5 + 48 * row; the kind
# from the group's fill (#000 bold: given, #5c5f66: solved, #2b8a3e:
# placed). Candidates (smaller fonts) and the caption (monospace) are
# told apart by their group.
/<svg / {
    values = ""; kinds = ""; caption = ""
    for (i = 0; i < 81; i++) { v[i] = "."; k[i] = "." }
    group = ""; kind = ""
}
/<g text-anchor="middle"/ { group = ($0 ~ /font-size="30"/) ? "values" : "cands" }
/<g font-family="monospace"/ { group = "caption" }
/<g font-weight="bold" fill="#000">/ { kind = "g" }
/<g fill="#5c5f66">/ { kind = "s" }
/<g font-weight="bold" fill="#2b8a3e">/ { kind = "p" }
/<text / && group == "values" {
    x = $0; sub(/.*x="/, "", x); sub(/".*/, "", x)
    y = $0; sub(/.*y="/, "", y); sub(/".*/, "", y)
    d = $0; sub(/.*">/, "", d); sub(/<.*/, "", d)
    col = (x - 28) / 48; row = (y - 38.5) / 48
    if (col != int(col) || row != int(row) || col < 0 || col > 8 || row < 0 || row > 8) {
        print "grids.awk: a value off the grid: " $0 > "/dev/stderr"; bad = 1
    } else { v[row * 9 + col] = d; k[row * 9 + col] = kind }
}
/<text / && group == "caption" {
    t = $0; sub(/^<text[^>]*>/, "", t); sub(/<\/text>.*/, "", t)
    gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&amp;/, "\\&", t)
    caption = caption (caption == "" ? "" : " ") t
}
/<\/svg>/ {
    for (i = 0; i < 81; i++) { values = values v[i]; kinds = kinds k[i] }
    print values " " kinds (caption == "" ? "" : " " caption)
    group = ""
}
END { exit bad }
