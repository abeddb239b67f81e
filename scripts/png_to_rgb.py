"""Decode an 8-bit RGB or RGBA PNG (non-interlaced) to raw RGB bytes, cropped to a multiple of 8 pixels wide and
6 rows high (the linear filter's block), for `linear-filter-identity.sh`. Prints the cropped width and height.
Usage: png_to_rgb.py in.png out.rgb"""
import struct, sys, zlib
def decode(path):
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos+8]); body = data[pos+8:pos+8+n]; pos += 12 + n
        if kind == b'IHDR': w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT': idat += body
    assert depth == 8 and ctype in (2, 6) and interlace == 0
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat); stride = w * bpp
    out = bytearray(); prev = bytearray(stride)
    for y in range(h):
        f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
        for i in range(stride):
            a = line[i-bpp] if i >= bpp else 0; b = prev[i]; c = prev[i-bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        out += line if bpp == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3)
    return w, h, out
w, h, rgb = decode(sys.argv[1])
cw, ch = w - w % 8, h - h % 6
with open(sys.argv[2], 'wb') as f:
    for y in range(ch): f.write(rgb[y*w*3:(y*w+cw)*3])
print(cw, ch)
