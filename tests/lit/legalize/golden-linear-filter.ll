; The paper's linear filter (§V): `in.select<6,1,24,1>(1,3)` of a `matrix<uchar,8,32>` converted to float on
; icllp (32-byte GRF). The conversion is 144 wide; a float destination allows 16 lanes (16 × 4 bytes = two GRFs),
; and each 16-lane piece reads 16 bytes that must lie within two GRFs of the matrix. Rows of 24 bytes from column
; 3 straddle the 32-byte rows, so the pieces alternate: 16 bytes inside a row (<8;8,1>), the last 8 bytes of a
; row with the first 8 of the next (<16;8,1>), the rest of that row (<8;8,1>). Nine SIMD16 moves; with the matrix
; at r3 (row 1 is r4) they read r4.3, r4.19, r5.11, r6.3, r6.19, r7.11, r8.3, r8.19, r9.11: byte offsets 35, 51,
; 75, 99, 115, 139, 163, 179, 203 of the matrix.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s --check-prefix=NINE < %t.ll
; RUN: %opt -passes='print<genx-baling>' -disable-output %t.ll 2>&1 | FileCheck %s --check-prefix=BALES
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: split 144-wide uitofp into 9×16: rest of the row, as a power of two (source <32;24,1> at byte 35 of %sel); two-GRF rule (144 × 4 bytes > 64)
; REMARK-NEXT: remark: {{.*}}: split 144-wide uitofp into 9×16: rest of the row, as a power of two (source <32;24,1> at byte 35 of %sel); two-GRF rule (144 × 4 bytes > 64)

; Nine bales (nine vISA instructions), each a read of the matrix, a conversion and a write of the result.
; BALES-LABEL: bales of 'linear_filter' (legalization, icllp):
; BALES-NEXT: bale %f.join0: %f.join0 = WRREGION{1} (%f.split0 = MAININST{0} (%sel.split0 = RDREGION))
; BALES-NEXT: bale %f.join16: %f.join16 = WRREGION{1} (%f.split16 = MAININST{0} (%sel.split16 = RDREGION))
; BALES-NEXT: bale %f.join32: %f.join32 = WRREGION{1} (%f.split32 = MAININST{0} (%sel.split32 = RDREGION))
; BALES-NEXT: bale %f.join48: %f.join48 = WRREGION{1} (%f.split48 = MAININST{0} (%sel.split48 = RDREGION))
; BALES-NEXT: bale %f.join64: %f.join64 = WRREGION{1} (%f.split64 = MAININST{0} (%sel.split64 = RDREGION))
; BALES-NEXT: bale %f.join80: %f.join80 = WRREGION{1} (%f.split80 = MAININST{0} (%sel.split80 = RDREGION))
; BALES-NEXT: bale %f.join96: %f.join96 = WRREGION{1} (%f.split96 = MAININST{0} (%sel.split96 = RDREGION))
; BALES-NEXT: bale %f.join112: %f.join112 = WRREGION{1} (%f.split112 = MAININST{0} (%sel.split112 = RDREGION))
; BALES-NEXT: bale %f.join128: %f.join128 = WRREGION{1} (%f.split128 = MAININST{0} (%sel.split128 = RDREGION))
; BALES-EMPTY:

; Exactly nine SIMD16 conversions per function, each reading 16 bytes of the i8 matrix.
; NINE-LABEL: define <144 x float> @linear_filter(
; NINE-COUNT-9: = uitofp <16 x i8> %sel.split{{[0-9]+}} to <16 x float>
; NINE-NOT: uitofp
; NINE-LABEL: define <192 x float> @linear_filter_into(
; NINE-COUNT-9: = uitofp <16 x i8> %sel.split{{[0-9]+}} to <16 x float>
; NINE-NOT: uitofp

; The result is returned: the pieces are joined by writes into undef.
; CHECK-LABEL: define <144 x float> @linear_filter(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sel.split0 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %m, i32 8, i32 8, i32 1, i16 35, i32 undef)
; CHECK-NEXT: %f.split0 = uitofp <16 x i8> %sel.split0 to <16 x float>
; CHECK-NEXT: %f.join0 = call <144 x float> @llvm.genx.wrregionf.v144f32.v16f32.i16.i1(<144 x float> undef, <16 x float> %f.split0, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %sel.split16 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %m, i32 16, i32 8, i32 1, i16 51, i32 undef)
; CHECK-NEXT: %f.split16 = uitofp <16 x i8> %sel.split16 to <16 x float>
; CHECK-NEXT: %f.join16 = call <144 x float> @llvm.genx.wrregionf.v144f32.v16f32.i16.i1(<144 x float> %f.join0, <16 x float> %f.split16, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
; CHECK-NEXT: %sel.split32 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %m, i32 8, i32 8, i32 1, i16 75, i32 undef)
; CHECK-NEXT: %f.split32 = uitofp <16 x i8> %sel.split32 to <16 x float>
; CHECK-NEXT: %f.join32 = call <144 x float> @llvm.genx.wrregionf.v144f32.v16f32.i16.i1(<144 x float> %f.join16, <16 x float> %f.split32, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
; CHECK-NEXT: %sel.split48 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %m, i32 8, i32 8, i32 1, i16 99, i32 undef)
; CHECK-NEXT: %f.split48 = uitofp <16 x i8> %sel.split48 to <16 x float>
; CHECK-NEXT: %f.join48 = call <144 x float> {{.*}}(<144 x float> %f.join32, <16 x float> %f.split48, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
; CHECK-NEXT: %sel.split64 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 16, i32 8, i32 1, i16 115, i32 undef)
; CHECK-NEXT: %f.split64 = uitofp <16 x i8> %sel.split64 to <16 x float>
; CHECK-NEXT: %f.join64 = call <144 x float> {{.*}}(<144 x float> %f.join48, <16 x float> %f.split64, i32 0, i32 16, i32 1, i16 256, i32 undef, i1 true)
; CHECK-NEXT: %sel.split80 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 8, i32 8, i32 1, i16 139, i32 undef)
; CHECK-NEXT: %f.split80 = uitofp <16 x i8> %sel.split80 to <16 x float>
; CHECK-NEXT: %f.join80 = call <144 x float> {{.*}}(<144 x float> %f.join64, <16 x float> %f.split80, i32 0, i32 16, i32 1, i16 320, i32 undef, i1 true)
; CHECK-NEXT: %sel.split96 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 8, i32 8, i32 1, i16 163, i32 undef)
; CHECK-NEXT: %f.split96 = uitofp <16 x i8> %sel.split96 to <16 x float>
; CHECK-NEXT: %f.join96 = call <144 x float> {{.*}}(<144 x float> %f.join80, <16 x float> %f.split96, i32 0, i32 16, i32 1, i16 384, i32 undef, i1 true)
; CHECK-NEXT: %sel.split112 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 16, i32 8, i32 1, i16 179, i32 undef)
; CHECK-NEXT: %f.split112 = uitofp <16 x i8> %sel.split112 to <16 x float>
; CHECK-NEXT: %f.join112 = call <144 x float> {{.*}}(<144 x float> %f.join96, <16 x float> %f.split112, i32 0, i32 16, i32 1, i16 448, i32 undef, i1 true)
; CHECK-NEXT: %sel.split128 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 8, i32 8, i32 1, i16 203, i32 undef)
; CHECK-NEXT: %f.split128 = uitofp <16 x i8> %sel.split128 to <16 x float>
; CHECK-NEXT: %f.join128 = call <144 x float> {{.*}}(<144 x float> %f.join112, <16 x float> %f.split128, i32 0, i32 16, i32 1, i16 512, i32 undef, i1 true)
; CHECK-NEXT: ret <144 x float> %f.join128
define <144 x float> @linear_filter(<256 x i8> %m) #0 {
entry:
  %sel = call <144 x i8> @llvm.genx.rdregioni.v144i8.v256i8.i16(<256 x i8> %m, i32 32, i32 24, i32 1, i16 35, i32 undef)
  %f = uitofp <144 x i8> %sel to <144 x float>
  ret <144 x float> %f
}

; The converted block is written into rows 1..6 of a matrix<float,8,24> result: the same nine reads, each piece
; written straight into the result (the first into %acc), one bale per piece.
; CHECK-LABEL: define <192 x float> @linear_filter_into(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sel.split0 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 8, i32 8, i32 1, i16 35, i32 undef)
; CHECK-NEXT: %f.split0 = uitofp <16 x i8> %sel.split0 to <16 x float>
; CHECK-NEXT: %out.join0 = call <192 x float> @llvm.genx.wrregionf.v192f32.v16f32.i16.i1(<192 x float> %acc, <16 x float> %f.split0, i32 0, i32 16, i32 1, i16 96, i32 undef, i1 true)
; CHECK-NEXT: %sel.split16 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 16, i32 8, i32 1, i16 51, i32 undef)
; CHECK-NEXT: %f.split16 = uitofp <16 x i8> %sel.split16 to <16 x float>
; CHECK-NEXT: %out.join16 = call <192 x float> {{.*}}(<192 x float> %out.join0, <16 x float> %f.split16, i32 0, i32 16, i32 1, i16 160, i32 undef, i1 true)
; CHECK-NEXT: %sel.split32 = call <16 x i8> {{.*}}(<256 x i8> %m, i32 8, i32 8, i32 1, i16 75, i32 undef)
; CHECK: %out.join128 = call <192 x float> {{.*}}(<192 x float> %out.join112, <16 x float> %f.split128, i32 0, i32 16, i32 1, i16 608, i32 undef, i1 true)
; CHECK-NEXT: ret <192 x float> %out.join128
define <192 x float> @linear_filter_into(<256 x i8> %m, <192 x float> %acc) #0 {
entry:
  %sel = call <144 x i8> @llvm.genx.rdregioni.v144i8.v256i8.i16(<256 x i8> %m, i32 32, i32 24, i32 1, i16 35, i32 undef)
  %f = uitofp <144 x i8> %sel to <144 x float>
  %out = call <192 x float> @llvm.genx.wrregionf.v192f32.v144f32.i16.i1(<192 x float> %acc, <144 x float> %f, i32 24, i32 24, i32 1, i16 96, i32 undef, i1 true)
  ret <192 x float> %out
}

declare <144 x i8> @llvm.genx.rdregioni.v144i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)
declare <192 x float> @llvm.genx.wrregionf.v192f32.v144f32.i16.i1(<192 x float>, <144 x float>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "target-cpu"="icllp" }
