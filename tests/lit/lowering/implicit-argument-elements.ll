; A constant-index element of llvm.genx.local.id or llvm.genx.local.size stays an extractelement: IGC turns
; these into implicit kernel arguments and compiles the extractelement of one better than a region read (the
; corpus's printf kernel, whose cm_linear_global_id multiplies such elements, took one move more with regions).
; Elements of the other payload vectors (group.count here) and variable-index elements are still lowered.
; RUN: %opt -passes=genx-lowering,genx-verify -pass-remarks-missed=genx-lowering -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; REMARK: remark: {{.*}}an element of the work-group's local id or size is left as it is
; CHECK-LABEL: define i32 @linear_local_id(
; CHECK:        %sx = extractelement <3 x i32> %size, i32 0
; CHECK:        %ix = extractelement <3 x i32> %id, i32 0
; CHECK:        %iy = extractelement <3 x i32> %id, i32 1
; CHECK:        %gx = call i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32> %count, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK:        %iv = call i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32> %id, i32 0, i32 1, i32 1, i16 %{{.*}}, i32 undef)
define i32 @linear_local_id(i32 %k) {
entry:
  %size = call <3 x i32> @llvm.genx.local.size.v3i32()
  %id = call <3 x i32> @llvm.genx.local.id.v3i32()
  %count = call <3 x i32> @llvm.genx.group.count.v3i32()
  %sx = extractelement <3 x i32> %size, i32 0
  %ix = extractelement <3 x i32> %id, i32 0
  %iy = extractelement <3 x i32> %id, i32 1
  %gx = extractelement <3 x i32> %count, i32 0
  %m = mul i32 %iy, %sx
  %l = add i32 %m, %ix
  %g = mul i32 %l, %gx
  %i = and i32 %k, 1
  %iv = extractelement <3 x i32> %id, i32 %i
  %r = add i32 %g, %iv
  ret i32 %r
}

declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <3 x i32> @llvm.genx.group.count.v3i32()
