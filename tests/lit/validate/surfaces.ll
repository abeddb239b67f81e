; Surfaces are bound on demand: a trial that reaches an unbound binding-table index runs again with a surface of
; random contents there, `after` sees the same surfaces, and their bytes are compared. An equivalent rewrite
; (a shift for the add) agrees; one that stores at the wrong oword is caught at the surface's byte.
; RUN: %validate -v %S/Inputs/surface-copy.ll %s | FileCheck %s --check-prefix=AGREE
; AGREE: cmc validate: 1 function(s) agree on 64 trial(s) (0 discarded
; RUN: sed 's/i32 %%out, i32 1,/i32 %%out, i32 3,/' %s > %t.ll
; RUN: bash -c '%validate %S/Inputs/surface-copy.ll %t.ll; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=WRONG
; WRONG: cmc validate: mismatch in function 'k' on trial 0
; WRONG: at: surface {{[0-9]+}}, byte {{16|48}}
define void @k(i32 %in, i32 %out) {
entry:
  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 2)
  %d = shl <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 1, <4 x i32> %d)
  ret void
}
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
