; Refusals of genx-cm-lower, each an error naming the function and the call (with its source location when
; the IR has one), and a failing run.
; RUN: not %opt -passes=genx-cm-lower -disable-output %s 2>&1 | FileCheck %s

; A must-be-constant region parameter computed at run time (a width from a variable).
; CHECK: k.cpp:7:3: error: genx-cm-lower: in function 'width_not_constant', block 'entry': {{.*}}: operand 2 ('width') of llvm.genx.rdregioni must be a compile-time constant
define <4 x i32> @width_not_constant(<8 x i32> %v, i32 %w) {
entry:
  %r = call <4 x i32> @_ZN7details19__cm_genx_rdregioniIDv4_iJDv8_iiiisiEEET_DpT0_(<8 x i32> %v, i32 0, i32 %w, i32 1, i16 0, i32 -1), !dbg !9
  ret <4 x i32> %r
}

; A neutral name that is no intrinsic.
; CHECK: error: genx-cm-lower: in function 'no_such_intrinsic'{{.*}}'__cm_genx_no_such' names no GenX intrinsic ('llvm.genx.no.such' is not in the intrinsic table)
define i32 @no_such_intrinsic(i32 %x) {
entry:
  %r = call i32 @_ZN7details17__cm_genx_no_suchIiJiEEET_DpT0_(i32 %x)
  ret i32 %r
}

; A reference whose object is not known (here: a pointer parameter).
; CHECK: error: genx-cm-lower: in function 'unknown_root'{{.*}}the reference does not reach a vector or matrix object after inlining
define <4 x i32> @unknown_root(i8* %p) {
entry:
  %r = call <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iDv4_tEET_PviT0_(i8* %p, i32 0, <4 x i16> <i16 0, i16 4, i16 8, i16 12>)
  ret <4 x i32> %r
}

; cm_slm_init with a size known only at run time.
; CHECK: error: genx-cm-lower: in function 'slm_not_constant'{{.*}}cm_slm_init needs a constant size
define void @slm_not_constant(i32 %n) {
entry:
  call void @_ZN7details21__cm_builtin_slm_initEj(i32 %n)
  ret void
}

declare <4 x i32> @_ZN7details19__cm_genx_rdregioniIDv4_iJDv8_iiiisiEEET_DpT0_(<8 x i32>, i32, i32, i32, i16, i32)
declare i32 @_ZN7details17__cm_genx_no_suchIiJiEEET_DpT0_(i32)
declare <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iDv4_tEET_PviT0_(i8*, i32, <4 x i16>)
declare void @_ZN7details21__cm_builtin_slm_initEj(i32)

!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "k.cpp", directory: "/tmp")
!3 = distinct !DISubprogram(name: "width_not_constant", scope: !2, file: !2, line: 5, type: !4, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !1)
!4 = !DISubroutineType(types: !5)
!5 = !{}
!9 = !DILocation(line: 7, column: 3, scope: !3)

; A builtin called with another shape than cm_common.h's (here a reference read without its offsets).
; CHECK: error: genx-cm-lower: in function 'bad_shape'{{.*}}a header-library builtin called with an unexpected signature (3 operands expected)
define <4 x i32> @bad_shape(i8* %p) {
entry:
  %r = call <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iEET_Pvi(i8* %p, i32 0)
  ret <4 x i32> %r
}
declare <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iEET_Pvi(i8*, i32)
