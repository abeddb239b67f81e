; What a split copies: every member of the bale — binary operators, casts, compares, selects, GenX and LLVM
; ALU intrinsics, saturation and source modifiers (negate, zext) — at the piece's width, with each operand's
; piece read by a rdregion (or sliced, for a constant). Intrinsics are re-declared at the narrower type. A FIXED4
; operand (`line`'s coefficients) is passed whole to every piece; a TWICEWIDTH operand (`pln`'s uv) is sliced at
; twice the piece's width. Integer division is at most SIMD16 on platforms with divrem32.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: split 32-wide fma into 2×16: two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <32 x float> @fma_sat(
; CHECK: %f.split0 = call <16 x float> @llvm.fma.v16f32(<16 x float> %a.split0, <16 x float> %b.split0, <16 x float> %c.split0)
; CHECK-NEXT: %s.split0 = call <16 x float> @llvm.genx.sat.v16f32(<16 x float> %f.split0)
; CHECK: %f.split16 = call <16 x float> @llvm.fma.v16f32(
; CHECK-NEXT: %s.split16 = call <16 x float> @llvm.genx.sat.v16f32(<16 x float> %f.split16)
define <32 x float> @fma_sat(<32 x float> %a, <32 x float> %b, <32 x float> %c) #0 {
entry:
  %f = call <32 x float> @llvm.fma.v32f32(<32 x float> %a, <32 x float> %b, <32 x float> %c)
  %s = call <32 x float> @llvm.genx.sat.v32f32(<32 x float> %f)
  ret <32 x float> %s
}

; REMARK-NEXT: remark: {{.*}}: split 32-wide genx.smax into 2×16: two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <32 x i32> @smax(
; CHECK: %m.split0 = call <16 x i32> @llvm.genx.smax.v16i32.v16i32(<16 x i32> %a.split0, <16 x i32> <i32 7, i32 7,
; CHECK: %m.split16 = call <16 x i32> @llvm.genx.smax.v16i32.v16i32(<16 x i32> %a.split16, <16 x i32> <i32 7, i32 7,
define <32 x i32> @smax(<32 x i32> %a) #0 {
entry:
  %m = call <32 x i32> @llvm.genx.smax.v32i32.v32i32(<32 x i32> %a, <32 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  ret <32 x i32> %m
}

; A zext baled into the add (a source modifier) is split with it.
; REMARK-NEXT: remark: {{.*}}: split 32-wide add into 2×16: two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <32 x i32> @zext_add(
; CHECK: %z.split0 = zext <16 x i16> %h.split0 to <16 x i32>
; CHECK-NEXT: %b.split0 = call <16 x i32>
; CHECK-NEXT: %s.split0 = add <16 x i32> %z.split0, %b.split0
define <32 x i32> @zext_add(<32 x i16> %h, <32 x i32> %b) #0 {
entry:
  %z = zext <32 x i16> %h to <32 x i32>
  %s = add <32 x i32> %z, %b
  ret <32 x i32> %s
}

; A negated strided read (a move with a source modifier, no main instruction).
; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 2×8: GRF crossing rule (source <32;16,2> at byte 0 of %r)
; CHECK-LABEL: define <16 x i32> @negated_read(
; CHECK: %r.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT: %n.split0 = sub <8 x i32> zeroinitializer, %r.split0
define <16 x i32> @negated_read(<32 x i32> %v) #0 {
entry:
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %n = sub <16 x i32> zeroinitializer, %r
  ret <16 x i32> %n
}

; A select with a scalar condition keeps it in every piece.
; REMARK-NEXT: remark: {{.*}}: split 32-wide select into 2×16: two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <32 x float> @scalar_condition(
; CHECK: %s.split0 = select i1 %c, <16 x float> %a.split0, <16 x float> %b.split0
; CHECK: %s.split16 = select i1 %c, <16 x float> %a.split16, <16 x float> %b.split16
define <32 x float> @scalar_condition(i1 %c, <32 x float> %a, <32 x float> %b) #0 {
entry:
  %s = select i1 %c, <32 x float> %a, <32 x float> %b
  ret <32 x float> %s
}

; line(p, x) = p[0] * x + p[3]: the 4 coefficients are FIXED4, passed whole.
; REMARK-NEXT: remark: {{.*}}: split 32-wide genx.line into 2×16: two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <32 x float> @line(
; CHECK: %l.split0 = call <16 x float> @llvm.genx.line.v16f32(<4 x float> %p, <16 x float> %x.split0)
; CHECK: %l.split16 = call <16 x float> @llvm.genx.line.v16f32(<4 x float> %p, <16 x float> %x.split16)
define <32 x float> @line(<4 x float> %p, <32 x float> %x) #0 {
entry:
  %l = call <32 x float> @llvm.genx.line.v32f32(<4 x float> %p, <32 x float> %x)
  ret <32 x float> %l
}

; pln(p, uv): uv is TWICEWIDTH, two floats per lane: a SIMD8 piece reads 16 floats of uv (two GRFs), so the
; 32-wide pln becomes four SIMD8 plns, each reading its 16 floats from element 16k.
; REMARK-NEXT: remark: {{.*}}: split 32-wide genx.pln into 4×8: GRF crossing rule (operand %uv)
; CHECK-LABEL: define <32 x float> @pln(
; CHECK: %uv.split0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %uv, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %r.split0 = call <8 x float> @llvm.genx.pln.v8f32.v16f32(<4 x float> %p, <16 x float> %uv.split0)
; CHECK: %uv.split48 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %uv, i32 0, i32 16, i32 1, i16 192, i32 undef)
; CHECK-NEXT: %r.split24 = call <8 x float> @llvm.genx.pln.v8f32.v16f32(<4 x float> %p, <16 x float> %uv.split48)
define <32 x float> @pln(<4 x float> %p, <64 x float> %uv) #0 {
entry:
  %r = call <32 x float> @llvm.genx.pln.v32f32.v64f32(<4 x float> %p, <64 x float> %uv)
  ret <32 x float> %r
}

; SIMD32 i16 division: two GRFs of data, but integer division is at most SIMD16 (divrem32).
; REMARK-NEXT: remark: {{.*}}: split 32-wide sdiv into 2×16: execution size 32 is not allowed
; REMARK-NOT: remark
; CHECK-LABEL: define <32 x i16> @divide(
; CHECK: %q.split0 = sdiv <16 x i16>
; CHECK: %q.split16 = sdiv <16 x i16>
define <32 x i16> @divide(<32 x i16> %a, <32 x i16> %b) #0 {
entry:
  %q = sdiv <32 x i16> %a, %b
  ret <32 x i16> %q
}

declare <32 x float> @llvm.fma.v32f32(<32 x float>, <32 x float>, <32 x float>)
declare <32 x float> @llvm.genx.sat.v32f32(<32 x float>)
declare <32 x i32> @llvm.genx.smax.v32i32.v32i32(<32 x i32>, <32 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.line.v32f32(<4 x float>, <32 x float>)
declare <32 x float> @llvm.genx.pln.v32f32.v64f32(<4 x float>, <64 x float>)

attributes #0 = { "target-cpu"="icllp" }
