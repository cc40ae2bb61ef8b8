#!/usr/bin/env python3
"""Builds Gecode's sudoku example with the lines of a puzzle file as its
instances, for bench/sizes_side_by_side.py (its instance i is line i).

Usage: python3 bench/sizes_gecode.py GECODE_SRC SIZE_FILE OUT

GECODE_SRC is a folder holding Gecode 6.2.0's examples/sudoku.cpp and
examples/sudoku-instances.hh (unchanged; the rest of Gecode's source is
not needed). SIZE_FILE holds one puzzle a line
in the digits alphabet (lines starting with `#` skipped). OUT is the binary
to write; its name must contain `sudoku` (the side by side tells it from a
solver's name by that). The build folder is OUT.src beside it: sudoku.cpp
copied, and examples/sudoku-instances.hh with its list `examples[]`
replaced by the file's lines; built by `g++ -O2` against the installed
Gecode (Debian's libgecode-dev).
"""
import os, shutil, subprocess, sys

LIBS = ['gecodedriver', 'gecodesearch', 'gecodeminimodel', 'gecodeint', 'gecodekernel',
        'gecodesupport', 'gecodegist', 'gecodeset', 'gecodefloat']

def instances_header(original, lines):
    """Returns the text of `original` (sudoku-instances.hh) with the body of
    its list `examples[]` replaced by `lines`, each one C string."""
    start = original.index('const char* examples[] = {')
    end = original.index('const unsigned int n_examples', start)
    body = ''.join('    "%s",\n' % line for line in lines)
    return original[:start] + 'const char* examples[] = {\n' + body + '  };\n  ' + original[end:]

def main():
    gecode_src, size_file, out = sys.argv[1:4]
    examples = os.path.join(gecode_src, 'examples')
    assert 'sudoku' in os.path.basename(out), 'OUT must name sudoku'
    lines = [l.strip() for l in open(size_file) if l.strip() and not l.startswith('#')]
    src = out + '.src'
    os.makedirs(os.path.join(src, 'examples'), exist_ok=True)
    shutil.copy(os.path.join(examples, 'sudoku.cpp'), src)
    original = open(os.path.join(examples, 'sudoku-instances.hh')).read()
    with open(os.path.join(src, 'examples', 'sudoku-instances.hh'), 'w') as f:
        f.write(instances_header(original, lines))
    subprocess.run(['g++', '-O2', '-I', src, os.path.join(src, 'sudoku.cpp'), '-o', out]
                   + ['-l' + lib for lib in LIBS], check=True)

if __name__ == '__main__':
    main()
