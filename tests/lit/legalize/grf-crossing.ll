; GRF crossing: a direct region may extend to the end of the GRF after the one holding its first element (two
; GRFs from where it starts); a byte region stays in one GRF on platforms without multi-indirect byte
; regioning (pvc). The width of each piece is decided at its start, so a region starting mid-GRF gets a smaller
; first piece.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; A 16-element i32 source starting at element 4 (byte 16): the second GRF ends at element 16, so 12 elements
; fit, rounded down to 8; then 8 more from element 12 (two GRFs from there reach element 24).
; REMARK: remark: {{.*}}: split 16-wide add into 2×8: GRF crossing rule (source <16;16,1> at byte 16 of %r)
; CHECK-LABEL: define <16 x i32> @source_mid_grf(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %b.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %s.split0 = add <8 x i32> %r.split0, %b.split0
; CHECK: %r.split8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 1, i16 48, i32 undef)
; CHECK: %s.split8 = add <8 x i32> %r.split8, %b.split8
define <16 x i32> @source_mid_grf(<32 x i32> %v, <16 x i32> %b) #0 {
entry:
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 16, i32 undef)
  %s = add <16 x i32> %r, %b
  ret <16 x i32> %s
}

; A strided source: 16 floats with stride 2 span 31 elements, four GRFs; 8 of them span 15 (two GRFs).
; REMARK-NEXT: remark: {{.*}}: split 16-wide fadd into 2×8: GRF crossing rule (source <32;16,2> at byte 0 of %r)
; CHECK-LABEL: define <16 x float> @strided_source(
; CHECK: %r.split0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK: %r.split8 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 2, i16 64, i32 undef)
define <16 x float> @strided_source(<32 x float> %v, <16 x float> %b) #0 {
entry:
  %r = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %s = fadd <16 x float> %r, %b
  ret <16 x float> %s
}

; A destination crossing: 16 i32 written from element 1 reach element 16, past the two GRFs that end at 15; the
; move is done 8 at a time.
; REMARK-NEXT: remark: {{.*}}: split 16-wide move into 2×8: GRF crossing rule (destination <16;16,1> at byte 4 of %w)
; CHECK-LABEL: define <32 x i32> @destination_crossing(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n.split0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %n, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %w.join0 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %old, <8 x i32> %n.split0, i32 0, i32 8, i32 1, i16 4, i32 undef, i1 true)
; CHECK-NEXT: %n.split8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %n, i32 0, i32 8, i32 1, i16 32, i32 undef)
; CHECK-NEXT: %w.join8 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %w.join0, <8 x i32> %n.split8, i32 0, i32 8, i32 1, i16 36, i32 undef, i1 true)
; CHECK-NEXT: ret <32 x i32> %w.join8
define <32 x i32> @destination_crossing(<32 x i32> %old, <16 x i32> %n) #0 {
entry:
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %old, <16 x i32> %n, i32 0, i32 16, i32 1, i16 4, i32 undef, i1 true)
  ret <32 x i32> %w
}

; Bytes on pvc stay inside one 64-byte GRF: 32 bytes from byte 40 are cut at byte 64 (24 fit, rounded down to
; 16; then 8 up to byte 64), then the last 8 start a new GRF.
; REMARK-NEXT: remark: {{.*}}: split 32-wide add into 16+8+8: GRF crossing rule (source <32;32,1> at byte 40 of %r)
; REMARK-NOT: remark
; CHECK-LABEL: define <32 x i8> @bytes_pvc(
; CHECK: %r.split0 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %v, i32 0, i32 16, i32 1, i16 40, i32 undef)
; CHECK: %r.split16 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v256i8.i16(<256 x i8> %v, i32 0, i32 8, i32 1, i16 56, i32 undef)
; CHECK: %r.split24 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v256i8.i16(<256 x i8> %v, i32 0, i32 8, i32 1, i16 64, i32 undef)
define <32 x i8> @bytes_pvc(<256 x i8> %v, <32 x i8> %b) #1 {
entry:
  %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8> %v, i32 0, i32 32, i32 1, i16 40, i32 undef)
  %s = add <32 x i8> %r, %b
  ret <32 x i8> %s
}

; Negative: on acm-g10 (byte multi-indirect regioning, 32-byte GRF) the same read may span two GRFs, to byte 96:
; legal as it is.
; CHECK-LABEL: define <32 x i8> @bytes_acm(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8> %v, i32 0, i32 32, i32 1, i16 40, i32 undef)
; CHECK-NEXT: %s = add <32 x i8> %r, %b
define <32 x i8> @bytes_acm(<256 x i8> %v, <32 x i8> %b) #2 {
entry:
  %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8> %v, i32 0, i32 32, i32 1, i16 40, i32 undef)
  %s = add <32 x i8> %r, %b
  ret <32 x i8> %s
}

; Negative: 8 i32 from element 4 end at element 11, inside two GRFs: nothing to do.
; CHECK-LABEL: define <8 x i32> @no_crossing(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %s = add <8 x i32> %r, %b
define <8 x i32> @no_crossing(<32 x i32> %v, <8 x i32> %b) #0 {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %s = add <8 x i32> %r, %b
  ret <8 x i32> %s
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="pvc" }
attributes #2 = { "target-cpu"="acm-g10" }
