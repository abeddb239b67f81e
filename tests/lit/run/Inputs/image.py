# Writes or checks the 2D images of media-region-add.ll.
#   image.py make IN        -- a 64-byte-wide, 16-row image of int32: v[r][c] = 100*r + c
#   image.py zeros OUT      -- the 32-byte-wide, 16-row output image, all zero
#   image.py check OUT      -- the 32-byte-wide result: out[r][4*tx + j] = v[r][8*tx + 2j] + v[r][8*tx + 2j + 1]
import struct
import sys

ROWS, IN_INTS, OUT_INTS = 16, 16, 8


def value(r, c):
    return 100 * r + c


if sys.argv[1] == "make":
    with open(sys.argv[2], "wb") as f:
        f.write(struct.pack("<%di" % (ROWS * IN_INTS), *[value(r, c) for r in range(ROWS) for c in range(IN_INTS)]))
elif sys.argv[1] == "zeros":
    with open(sys.argv[2], "wb") as f:
        f.write(bytes(ROWS * OUT_INTS * 4))
else:
    data = open(sys.argv[2], "rb").read()
    out = struct.unpack("<%di" % (ROWS * OUT_INTS), data)
    bad = 0
    for r in range(ROWS):
        for c in range(OUT_INTS):
            tx, j = divmod(c, 4)
            want = value(r, 8 * tx + 2 * j) + value(r, 8 * tx + 2 * j + 1)
            if out[r * OUT_INTS + c] != want:
                print("mismatch at row %d column %d: %d, expected %d" % (r, c, out[r * OUT_INTS + c], want))
                bad += 1
    print("checked %d elements, %d wrong" % (ROWS * OUT_INTS, bad))
