; The pass counts what it lowers, per kind, in LLVM's statistics (-stats), and counts what it leaves alone.
; %cat keeps lanes 0..3 of %z in place and moves lanes 4..7 of %splat: one move.
; RUN: %opt -passes=genx-lowering -stats -disable-output %s 2>&1 | FileCheck %s
; RUN: %cmc -passes=genx-lowering -stats -S %s -o /dev/null 2>&1 | FileCheck %s
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: %validate %s %t.ll

; CHECK-DAG: 2 genx-lowering - extractelement lowered to rdregion
; CHECK-DAG: 2 genx-lowering - insertelement lowered to wrregion
; CHECK-DAG: 1 genx-lowering - element accesses lowered with a variable index (indirect region)
; CHECK-DAG: 1 genx-lowering - vector trunc lowered to bitcast + strided rdregion
; CHECK-DAG: 1 genx-lowering - zext/sext/uitofp from i1 lowered to select
; CHECK-DAG: 1 genx-lowering - shufflevector splats lowered to one <0;1,0> rdregion
; CHECK-DAG: 1 genx-lowering - shufflevectors lowered to one rdregion
; CHECK-DAG: 1 genx-lowering - shufflevectors lowered to a rdregion/wrregion sequence
; CHECK-DAG: 1 genx-lowering - region moves emitted for shufflevector sequences
; CHECK-DAG: 1 genx-lowering - i1 shufflevectors lowered to rdpredregion/wrpredregion
; CHECK-DAG: 1 genx-lowering - i1 shufflevectors lowered through i16 data
; CHECK-DAG: 1 genx-lowering - shufflevectors with no defined lane replaced by undef
; CHECK-DAG: 1 genx-lowering - candidate instructions left unchanged (see -pass-remarks-missed)
define void @everything(<8 x i32> %v, i32 %i, <8 x i64> %w, <8 x i1> %p, <16 x i1> %q, <8 x i32>* %out) {
entry:
  %e0 = extractelement <8 x i32> %v, i32 0
  %e1 = extractelement <8 x i32> %v, i32 %i
  %sum = add i32 %e0, %e1
  %ins = insertelement <8 x i32> %v, i32 %sum, i32 3
  %t = trunc <8 x i64> %w to <8 x i32>
  %z = zext <8 x i1> %p to <8 x i32>
  %splat = shufflevector <8 x i32> %ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %rev = shufflevector <8 x i32> %t, <8 x i32> undef, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %cat = shufflevector <8 x i32> %z, <8 x i32> %splat, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 12, i32 13, i32 14, i32 15>
  %hi = shufflevector <16 x i1> %q, <16 x i1> undef, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %prev = shufflevector <8 x i1> %hi, <8 x i1> undef, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %none = shufflevector <8 x i32> %v, <8 x i32> undef, <8 x i32> undef
  %bad = extractelement <8 x i32> %v, i32 8
  %r0 = add <8 x i32> %cat, %rev
  %r1 = select <8 x i1> %prev, <8 x i32> %r0, <8 x i32> %none
  %r2 = insertelement <8 x i32> %r1, i32 %bad, i32 0
  store <8 x i32> %r2, <8 x i32>* %out
  ret void
}
