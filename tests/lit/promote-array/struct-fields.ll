; A struct whose fields all flatten to one base type (CM `struct { int x, y; int z[2]; }`) is promoted like an
; array: field offsets come from the data layout. A struct mixing base types is refused.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

%point = type { i32, i32, [2 x i32] }
%mixed = type { i32, float }

; CHECK-LABEL: define i32 @same_type_fields(
; CHECK: %s.vec = alloca <4 x i32>, align 4
; CHECK: call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %s.v, i32 %a, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
; CHECK: %z.m.i16 = trunc i32 %z.m to i16
; CHECK-NEXT: %zp.scaled = mul i16 %z.m.i16, 4
; CHECK: %region.index = add i16 %zp.scaled, 8
; CHECK-NEXT: call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %s.v{{[0-9]*}}, i32 %b, i32 0, i32 1, i32 1, i16 %region.index, i32 undef, i1 true)
; CHECK: %y = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %s.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 4, i32 undef)
; CHECK: %z1 = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %s.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 12, i32 undef)
define i32 @same_type_fields(i32 %a, i32 %b, i32 %z) {
entry:
  %s = alloca %point, align 4
  %yp = getelementptr %point, %point* %s, i32 0, i32 1
  store i32 %a, i32* %yp
  %z.m = and i32 %z, 1
  %zp = getelementptr %point, %point* %s, i32 0, i32 2, i32 %z.m
  store i32 %b, i32* %zp
  %xp = getelementptr %point, %point* %s, i32 0, i32 0
  store i32 0, i32* %xp
  %y = load i32, i32* %yp
  %z1p = getelementptr %point, %point* %s, i32 0, i32 2, i32 1
  %z1 = load i32, i32* %z1p
  %r = add i32 %y, %z1
  ret i32 %r
}

; Not promoted: the fields are i32 and float, so there is no one element type for the vector.
; REMARK: remark: <unknown>:0:0: alloca %m not promoted: its type mixes base types i32 and float
; CHECK-LABEL: define float @mixed_fields(
; CHECK-NEXT: entry:
; CHECK-NEXT: %m = alloca %mixed, align 4
define float @mixed_fields(float %f) {
entry:
  %m = alloca %mixed, align 4
  %fp = getelementptr %mixed, %mixed* %m, i32 0, i32 1
  store float %f, float* %fp
  %r = load float, float* %fp
  ret float %r
}
