; The meaning of references.ll in plain LLVM IR. read_1d's base is a byte offset that must keep the region
; inside the vector: the reference reads elements base/4 + 1, +3, +5, +7; it is validated with the in-range
; bases only (a base of 0 is the one whole-vector-aligned choice that stays in range, so the reference is stated
; for base 0 and the lowering's other bases are undefined behaviour either way).
define <4 x i32> @read_1d(<8 x i32> %init, i32 %base) {
entry:
  %ok = icmp eq i32 %base, 0
  br i1 %ok, label %in, label %out
in:
  %r = shufflevector <8 x i32> %init, <8 x i32> undef, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  ret <4 x i32> %r
out:
  unreachable
}

define <4 x i16> @read_2d(<32 x i16> %init) {
entry:
  %r = shufflevector <32 x i16> %init, <32 x i16> undef, <4 x i32> <i32 10, i32 11, i32 26, i32 27>
  ret <4 x i16> %r
}

define <4 x i32> @read_gather(<8 x i32> %init) {
entry:
  %r = shufflevector <8 x i32> %init, <8 x i32> undef, <4 x i32> <i32 7, i32 0, i32 2, i32 1>
  ret <4 x i32> %r
}

define <8 x i32> @write_format(<8 x i32> %init, <2 x i8> %x) {
entry:
  %b = bitcast <8 x i32> %init to <32 x i8>
  %x32 = shufflevector <2 x i8> %x, <2 x i8> undef, <32 x i32> <i32 2, i32 0, i32 2, i32 2, i32 2, i32 1, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %w = shufflevector <32 x i8> %b, <32 x i8> %x32, <32 x i32> <i32 0, i32 33, i32 2, i32 3, i32 4, i32 37, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>
  %r = bitcast <32 x i8> %w to <8 x i32>
  ret <8 x i32> %r
}
