"""Writes the output buffer tests/lit/run/sampler-modes.test expects: eight floats, then sixteen 16-bit words, as
typed on the command line (the values themselves are worked out by hand in the test)."""
import struct
import sys

path, *values = sys.argv[1:]
if len(values) != 24:
    sys.exit("pack_expected.py: give 8 floats and 16 words")
open(path, "wb").write(struct.pack("<8f16H", *map(float, values[:8]), *map(int, values[8:])))
