; The meaning of neutral-calls.ll in plain LLVM IR (the reference its lowering is validated against).
define <4 x i32> @rd_strided(<8 x i32> %v) {
entry:
  %r = shufflevector <8 x i32> %v, <8 x i32> undef, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  ret <4 x i32> %r
}

define <8 x float> @wr_masked(<8 x float> %old, <8 x float> %new, <8 x i16> %mask) {
entry:
  %m = icmp ne <8 x i16> %mask, zeroinitializer
  %r = select <8 x i1> %m, <8 x float> %new, <8 x float> %old
  ret <8 x float> %r
}

define i16 @any_lane(<8 x i16> %v) {
entry:
  %m = icmp ne <8 x i16> %v, zeroinitializer
  %b = bitcast <8 x i1> %m to i8
  %any = icmp ne i8 %b, 0
  %r = zext i1 %any to i16
  ret i16 %r
}

define <4 x i16> @folded(<8 x i32> %v) {
entry:
  ret <4 x i16> <i16 14, i16 10, i16 6, i16 2>
}
