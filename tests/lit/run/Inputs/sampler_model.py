# The CPU sampler model of passes/exec/src/intrinsics/mem/sampler.rs written again independently (bilinear, clamp to
# edge, sample_unorm words f · 255 · 256 rounded half up), on a W x H r8g8b8a8_unorm image: writes what the
# kernel `bilinear` of sampler-bilinear.cpp stores (64 bytes per channel of sample16, then 32 words of sample32).
import math, struct, sys
W, H = 4, 2
img = open(sys.argv[1], 'rb').read()
f32 = lambda x: struct.unpack('<f', struct.pack('<f', x))[0]
def texel(x, y):
    return [f32(img[4 * (y * W + x) + c] / 255.0) for c in range(4)]
def axis(c, n):
    c = 0.0 if math.isnan(c) else min(max(c, -1.0), 2.0)
    t = c * n - 0.5
    first = math.floor(t)
    cl = lambda i: min(max(i, 0), n - 1)
    return cl(first), cl(first + 1), t - first
def sample(u, v):
    (x0, x1, fx), (y0, y1, fy) = axis(u, W), axis(v, H)
    out = [0.0] * 4
    for (x, wx) in ((x0, 1 - fx), (x1, fx)):
        for (y, wy) in ((y0, 1 - fy), (y1, fy)):
            if wx * wy == 0.0:
                continue
            t = texel(x, y)
            for c in range(4):
                out[c] += wx * wy * t[c]
    return [f32(x) for x in out]
us = [f32(f32(i * 0.125) - 0.5) for i in range(16)]
vs = [f32(f32((i & 3) * 0.25) + f32(0.1)) for i in range(16)]
lanes = [sample(u, v) for u, v in zip(us, vs)]
data = b''.join(struct.pack('<16f', *[lanes[i][c] for i in range(16)]) for c in range(4))
words = []
for p in range(32):
    u, v = f32(0.0 + (p % 8) * 0.25), f32(0.0 + (p // 8) * 0.5)
    words.append(math.floor(min(max(sample(u, v)[0], 0.0), 1.0) * 255 * 256 + 0.5))
data += struct.pack('<32H', *words)
open(sys.argv[2], 'wb').write(data)
