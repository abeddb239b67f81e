; genx-constant-loads: a load of a constant global at a constant offset (through bitcast and getelementptr
; expressions, across the fields of a packed struct) is replaced by the constant it reads; floats keep their
; exact bits (a NaN payload included); a load of a global that can change and a volatile load are left alone
; (a load past the initializer too: load-past-initializer-left-alone.ll). The rewritten kernel agrees with the
; original on the CPU; opt and cmc write the same IR.
; RUN: %opt -passes=genx-constant-loads -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-constant-loads -S %s -o %t.cmc.ll && diff %t.ll %t.cmc.ll

; CHECK-LABEL: define void @tables(
; CHECK-NEXT: %w = sext <8 x i16> <i16 8, i16 9, i16 7, i16 0, i16 23, i16 0, i16 45, i16 99> to <8 x i32>
; CHECK-NEXT: %f = fadd <2 x float> <float 1.500000e+00, float 0x7FF8000020000000>, %x
; CHECK-NEXT: %m = load i32, i32* @mutable, align 4
; CHECK-NEXT: %v = load volatile i32, i32* bitcast (<{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }>* @table to i32*), align 4

@table = internal constant <{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }> <{ i16 4, i16 6, <{ i16, i16, i16 }> <{ i16 8, i16 9, i16 7 }>, [3 x i16] [i16 0, i16 23, i16 0], i16 45, i16 99 }>, align 2
@floats = internal constant [2 x i32] [i32 1069547520, i32 2143289345]
@mutable = internal global i32 7

define void @tables(<2 x float> %x, i32* %out) #0 {
  %t = load <8 x i16>, <8 x i16>* bitcast (<{ i16, i16, i16 }>* getelementptr (<{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }>, <{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }>* @table, i32 0, i32 2) to <8 x i16>*), align 2
  %w = sext <8 x i16> %t to <8 x i32>
  %fl = load <2 x float>, <2 x float>* bitcast ([2 x i32]* @floats to <2 x float>*), align 4
  %f = fadd <2 x float> %fl, %x
  %m = load i32, i32* @mutable, align 4
  %v = load volatile i32, i32* bitcast (<{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }>* @table to i32*), align 4
  %e = extractelement <8 x i32> %w, i32 6
  %s = add i32 %e, %m
  store i32 %s, i32* %out, align 4
  ret void
}

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (<2 x float>, i32*)* @tables, !"tables", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"", !"svmptr_t"}
