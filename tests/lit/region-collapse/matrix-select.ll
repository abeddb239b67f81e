; The CM matrix select MUST become one region. The front end emits `m.select<VS,VSt,HS,HSt>(i,j)` on an RxC
; matrix as a read of the rows, `rdregion(m, <VSt*C; C, 1>(i*C*es), pw C)`, then a read of the columns,
; `rdregion(rows, <C; HS, HSt>(j*es), pw C)` (docs/cmc-compat.md §3). Byte offsets are function arguments here
; (`%i.off` = i*C*es, `%j.off` = j*es), so that validation draws them in range.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; STATS-DAG: 6 genx-region-collapse - rdregion pairs combined into one rdregion
; STATS-DAG: 2 genx-region-collapse - region identities simplified

; matrix<int,8,8> m; m.select<2,2,4,1>(1,2): rows 1 and 3, columns 2..5 = <16;4,1> at byte 40.
; CHECK-LABEL: define <8 x i32> @constant_i_j(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 16, i32 4, i32 1, i16 40, i32 undef)
; CHECK-NEXT: ret <8 x i32> %sel
define <8 x i32> @constant_i_j(<64 x i32> %m) {
entry:
  %rows = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 16, i32 8, i32 1, i16 32, i32 8)
  %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %rows, i32 8, i32 4, i32 1, i16 8, i32 8)
  ret <8 x i32> %sel
}

; m.select<2,2,4,1>(i,2): the rows' runtime index carries over, the column offset joins the constant part.
; CHECK-LABEL: define <8 x i32> @variable_i(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IDX:.+]] = add i16 %i.off, 8
; CHECK-NEXT: %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 16, i32 4, i32 1, i16 %[[IDX]], i32 8)
; CHECK-NEXT: ret <8 x i32> %sel
define <8 x i32> @variable_i(<64 x i32> %m, i16 %i.off) {
entry:
  %rows = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 16, i32 8, i32 1, i16 %i.off, i32 8)
  %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %rows, i32 8, i32 4, i32 1, i16 8, i32 8)
  ret <8 x i32> %sel
}

; m.select<2,2,4,1>(1,j): the column byte index j*4 is split into a row (j*4 / 32) and a column (j*4 % 32) of
; the rows read, and recombined as row*64 + column; the parent width keeps each row inside one matrix row.
; CHECK-LABEL: define <8 x i32> @variable_j(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[COL:.+]] = and i16 %j.off, 31
; CHECK-NEXT: %[[ROW:.+]] = lshr i16 %j.off, 5
; CHECK-NEXT: %[[ROWB:.+]] = shl i16 %[[ROW]], 6
; CHECK-NEXT: %[[IDX:.+]] = add i16 %[[ROWB]], %[[COL]]
; CHECK-NEXT: %[[IDX2:.+]] = add i16 %[[IDX]], 32
; CHECK-NEXT: %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 16, i32 4, i32 1, i16 %[[IDX2]], i32 8)
; CHECK-NEXT: ret <8 x i32> %sel
define <8 x i32> @variable_j(<64 x i32> %m, i16 %j.off) {
entry:
  %rows = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 16, i32 8, i32 1, i16 32, i32 8)
  %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %rows, i32 8, i32 4, i32 1, i16 %j.off, i32 8)
  ret <8 x i32> %sel
}

; m.select<2,2,4,1>(i,j): both indices variable; the rows' index is added last.
; CHECK-LABEL: define <8 x i32> @variable_i_j(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[COL:.+]] = and i16 %j.off, 31
; CHECK-NEXT: %[[ROW:.+]] = lshr i16 %j.off, 5
; CHECK-NEXT: %[[ROWB:.+]] = shl i16 %[[ROW]], 6
; CHECK-NEXT: %[[IDX:.+]] = add i16 %[[ROWB]], %[[COL]]
; CHECK-NEXT: %[[IDX2:.+]] = add i16 %[[IDX]], %i.off
; CHECK-NEXT: %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 16, i32 4, i32 1, i16 %[[IDX2]], i32 8)
; CHECK-NEXT: ret <8 x i32> %sel
define <8 x i32> @variable_i_j(<64 x i32> %m, i16 %i.off, i16 %j.off) {
entry:
  %rows = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 16, i32 8, i32 1, i16 %i.off, i32 8)
  %sel = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %rows, i32 8, i32 4, i32 1, i16 %j.off, i32 8)
  ret <8 x i32> %sel
}

; matrix<float,8,16>; m.select<4,1,4,2>(2,j): consecutive rows make the rows read one linear block, so the
; column index only needs scaling by the (unit) outer stride; the combined read keeps the parent width 16.
; CHECK-LABEL: define <16 x float> @consecutive_rows_variable_j(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IDX:.+]] = add i16 %j.off, 128
; CHECK-NEXT: %sel = call <16 x float> @llvm.genx.rdregionf.v16f32.v128f32.i16(<128 x float> %m, i32 16, i32 4, i32 2, i16 %[[IDX]], i32 16)
; CHECK-NEXT: ret <16 x float> %sel
define <16 x float> @consecutive_rows_variable_j(<128 x float> %m, i16 %j.off) {
entry:
  %rows = call <64 x float> @llvm.genx.rdregionf.v64f32.v128f32.i16(<128 x float> %m, i32 16, i32 16, i32 1, i16 128, i32 16)
  %sel = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %rows, i32 16, i32 4, i32 2, i16 %j.off, i32 16)
  ret <16 x float> %sel
}

; matrix<short,4,8>; m.select<2,2,4,2>(i,1) with strided columns.
; CHECK-LABEL: define <8 x i16> @strided_columns_variable_i(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IDX:.+]] = add i16 %i.off, 2
; CHECK-NEXT: %sel = call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %m, i32 16, i32 4, i32 2, i16 %[[IDX]], i32 8)
; CHECK-NEXT: ret <8 x i16> %sel
define <8 x i16> @strided_columns_variable_i(<32 x i16> %m, i16 %i.off) {
entry:
  %rows = call <16 x i16> @llvm.genx.rdregioni.v16i16.v32i16.i16(<32 x i16> %m, i32 16, i32 8, i32 1, i16 %i.off, i32 8)
  %sel = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %rows, i32 8, i32 4, i32 2, i16 2, i32 8)
  ret <8 x i16> %sel
}

; m.row(i) = select<1,0,8,1>(i,0): the column read is the whole row, an identity the pre-step removes.
; CHECK-LABEL: define <8 x i32> @row_i(
; CHECK-NEXT: entry:
; CHECK-NEXT: %rows = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 0, i32 8, i32 1, i16 %i.off, i32 8)
; CHECK-NEXT: ret <8 x i32> %rows
define <8 x i32> @row_i(<64 x i32> %m, i16 %i.off) {
entry:
  %rows = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 0, i32 8, i32 1, i16 %i.off, i32 8)
  %row = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %rows, i32 8, i32 8, i32 1, i16 0, i32 8)
  ret <8 x i32> %row
}

; m.column(j) = select<8,1,1,1>(0,j): the rows read is the whole matrix (simplified away), leaving the column.
; CHECK-LABEL: define <8 x i32> @column_j(
; CHECK-NEXT: entry:
; CHECK-NEXT: %col = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 8, i32 1, i32 1, i16 %j.off, i32 8)
; CHECK-NEXT: ret <8 x i32> %col
define <8 x i32> @column_j(<64 x i32> %m, i16 %j.off) {
entry:
  %rows = call <64 x i32> @llvm.genx.rdregioni.v64i32.v64i32.i16(<64 x i32> %m, i32 8, i32 8, i32 1, i16 0, i32 8)
  %col = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %rows, i32 8, i32 1, i32 1, i16 %j.off, i32 8)
  ret <8 x i32> %col
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <64 x float> @llvm.genx.rdregionf.v64f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.rdregioni.v16i16.v32i16.i16(<32 x i16>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.rdregioni.v64i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
