; Un-baling: when a member of a bale cannot go as narrow as the rest of the bale needs, it leaves the bale (a
; missed remark says why) and the bale is processed again; the member is then legalized as a bale of its own.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -pass-remarks-missed=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -pass-remarks=genx-legalize -pass-remarks-missed=genx-legalize -S %s -o %t.cmc.ll 2>%t.cmc.remarks
; RUN: diff %t.ll %t.cmc.ll
; RUN: diff %t.remarks %t.cmc.remarks
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; dp4 needs SIMD4 at least, but a stride-3 source can only be read one element at a time: the read is un-baled,
; moved element by element into a temporary, and the dp4 reads that whole.
; REMARK: remark: {{.*}}: un-baled %r from %d: its region allows only 1 element, the instruction needs at least 4
; REMARK-NEXT: remark: {{.*}}: split 8-wide move into 8×1: stride 3 is not 0 or a power of two (source <24;8,3> at byte 0 of %r)
; CHECK-LABEL: define <8 x float> @dp4_min_width(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r.split0 = call <1 x float> @llvm.genx.rdregionf.v1f32.v32f32.i16(<32 x float> %v, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %r.join0 = call <8 x float> @llvm.genx.wrregionf.v8f32.v1f32.i16.i1(<8 x float> undef, <1 x float> %r.split0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %r.split1 = call <1 x float> @llvm.genx.rdregionf.v1f32.v32f32.i16(<32 x float> %v, i32 0, i32 1, i32 1, i16 12, i32 undef)
; CHECK: %r.join7 = call <8 x float>
; CHECK-NEXT: %d = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %r.join7, <8 x float> %b)
define <8 x float> @dp4_min_width(<32 x float> %v, <8 x float> %b) #0 {
entry:
  %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 3, i16 0, i32 undef)
  %d = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %r, <8 x float> %b)
  ret <8 x float> %d
}

; v.select<32,1>(1) = v.select<32,1>(0) + 1: the source overlaps the written region of the same vector. Splitting
; the bale would keep the old and the new vector live together, so the write is un-baled: the add is done into a
; temporary (2 × SIMD16), then the temporary is written (destination GRF crossing: 4 × 8).
; REMARK-NEXT: remark: {{.*}}: un-baled %s from %w: a source reads the written vector's old value and the bale is split (old and new would be live together)
; REMARK-NEXT: remark: {{.*}}: split 32-wide move into 4×8: GRF crossing rule (destination <32;32,1> at byte 4 of %w)
; REMARK-NEXT: remark: {{.*}}: split 32-wide add into 2×16: GRF crossing rule (source <32;32,1> at byte 0 of %r); two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <40 x i32> @overlapping_update(
; CHECK: %s.split0{{[0-9]*}} = add <16 x i32> %r.split0,
; CHECK: %s.join16 = call <32 x i32>
; CHECK: %w.join0 = call <40 x i32> @llvm.genx.wrregioni.v40i32.v8i32.i16.i1(<40 x i32> %v, <8 x i32> %s.split0, i32 0, i32 8, i32 1, i16 4, i32 undef, i1 true)
; CHECK: %w.join24 = call <40 x i32>
; CHECK-NEXT: ret <40 x i32> %w.join24
define <40 x i32> @overlapping_update(<40 x i32> %v) #0 {
entry:
  %r = call <32 x i32> @llvm.genx.rdregioni.v32i32.v40i32.i16(<40 x i32> %v, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %s = add <32 x i32> %r, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %w = call <40 x i32> @llvm.genx.wrregioni.v40i32.v32i32.i16.i1(<40 x i32> %v, <32 x i32> %s, i32 0, i32 32, i32 1, i16 4, i32 undef, i1 true)
  ret <40 x i32> %w
}

; Negative for the un-baling: v.select<32,1>(0) += x reads exactly the region it writes. Each piece's elements
; are untouched by the earlier pieces, so the bale is split as a whole and the second piece reads the result of
; the first (an in-place update, no second copy of v live).
; REMARK-NEXT: remark: {{.*}}: split 32-wide add into 2×16: GRF crossing rule (source <32;32,1> at byte 0 of %r); two-GRF rule (32 × 4 bytes > 64)
; CHECK-LABEL: define <40 x i32> @in_place_update(
; CHECK: %w.join0 = call <40 x i32> @llvm.genx.wrregioni.v40i32.v16i32.i16.i1(<40 x i32> %v, <16 x i32> %s.split0, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %r.split16 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v40i32.i16(<40 x i32> %w.join0, i32 8, i32 8, i32 1, i16 64, i32 undef)
define <40 x i32> @in_place_update(<40 x i32> %v, <32 x i32> %x) #0 {
entry:
  %r = call <32 x i32> @llvm.genx.rdregioni.v32i32.v40i32.i16(<40 x i32> %v, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %s = add <32 x i32> %r, %x
  %w = call <40 x i32> @llvm.genx.wrregioni.v40i32.v32i32.i16.i1(<40 x i32> %v, <32 x i32> %s, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  ret <40 x i32> %w
}

; A predicated write with destination stride 8 can only write one element at a time, but a predicate cannot be
; split below 8: the predicated write goes to a contiguous copy of the region (read 2 at a time, stride 8 spans
; GRFs), which is then written unpredicated, element by element.
; REMARK-NEXT: remark: {{.*}}: the predicate cannot be split as finely as the destination region: predicated write into a contiguous copy
; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 16×1: destination stride 8 is above 4 (destination <128;16,8> at byte 0 of %w)
; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 8×2: GRF crossing rule (source <128;16,8> at byte 0 of %w.separatepred.rd)
; REMARK-NOT: remark
; CHECK-LABEL: define <128 x i32> @predicate_on_strided_write(
; CHECK: %w.separatepred.wr = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %w.separatepred.rd.join14, <16 x i32> %new, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %m)
; CHECK: %w.join15 = call <128 x i32> @llvm.genx.wrregioni.v128i32.v1i32.i16.i1(<128 x i32> %w.join14, <1 x i32> %w.separatepred.wr.split15, i32 0, i32 1, i32 1, i16 480, i32 undef, i1 true)
define <128 x i32> @predicate_on_strided_write(<128 x i32> %old, <16 x i32> %new, <16 x i1> %m) #0 {
entry:
  %w = call <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.v16i1(<128 x i32> %old, <16 x i32> %new, i32 0, i32 16, i32 8, i16 0, i32 undef, <16 x i1> %m)
  ret <128 x i32> %w
}

declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.dp4.v8f32(<8 x float>, <8 x float>)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v40i32.i16(<40 x i32>, i32, i32, i32, i16, i32)
declare <40 x i32> @llvm.genx.wrregioni.v40i32.v32i32.i16.i1(<40 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)
declare <128 x i32> @llvm.genx.wrregioni.v128i32.v16i32.i16.v16i1(<128 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)

attributes #0 = { "target-cpu"="icllp" }
