; What SIMD control flow cannot hold is a located error (function, block, instruction, and file:line:col when
; the instruction has a !dbg location); the pass fails and no output is written.
; RUN: not %opt -passes=genx-simdcf-lower -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.ll
; RUN: not %cmc -passes=genx-simdcf-lower -S %s -o %t.cmc.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.cmc.ll

; A SIMD16 SIMD_IF nested in a SIMD8 one.
; CHECK-DAG: error: genx-simdcf-lower: in function 'nested_widths', block 'outer': %any16 = call i1 @llvm.genx.simdcf.any.v16i1(<16 x i1> %c16): mixing SIMD control flow widths: a SIMD16 branch inside SIMD8 control flow
define void @nested_widths(<8 x i1> %c8, <16 x i1> %c16) {
entry:
  %any8 = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c8)
  br i1 %any8, label %outer, label %end
outer:
  %any16 = call i1 @llvm.genx.simdcf.any.v16i1(<16 x i1> %c16)
  br i1 %any16, label %inner, label %end
inner:
  br label %end
end:
  ret void
}

; A 16-element store inside SIMD8 control flow, with its source location.
; CHECK-DAG: k.cm:12:7: error: genx-simdcf-lower: in function 'wide_store', block 'then': store <16 x i32> %v, <16 x i32>* %p, align 64, !dbg !{{[0-9]+}}: mixing SIMD widths: a store has 16 elements inside SIMD8 control flow (statements there must be 8 wide or scalar)
define void @wide_store(<8 x i1> %c, <16 x i32> %v, <16 x i32>* %p) !dbg !5 {
entry:
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end
then:
  store <16 x i32> %v, <16 x i32>* %p, !dbg !8
  br label %end
end:
  ret void
}

; A 4-element value computed inside SIMD8 control flow and used after it.
; CHECK-DAG: error: genx-simdcf-lower: in function 'narrow_value', block 'then': %n = add <4 x i32> %x, %x: mixing SIMD widths: a value used in another block has 4 elements inside SIMD8 control flow
define <4 x i32> @narrow_value(<8 x i1> %c, <4 x i32> %x) {
entry:
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end
then:
  %n = add <4 x i32> %x, %x
  br label %end
end:
  %r = phi <4 x i32> [ %x, %entry ], [ %n, %then ]
  ret <4 x i32> %r
}

; A return inside SIMD control flow.
; CHECK-DAG: error: genx-simdcf-lower: in function 'early_return', block 'then': ret void: return, switch or unreachable inside SIMD control flow
define void @early_return(<8 x i1> %c) {
entry:
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end
then:
  ret void
end:
  ret void
}

; simdcf.any that decides no branch.
; CHECK-DAG: error: genx-simdcf-lower: in function 'loose_any', block 'entry': %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c): llvm.genx.simdcf.any must be the condition of a branch
define i1 @loose_any(<8 x i1> %c) {
entry:
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  ret i1 %any
}

; A width that is not a power of two.
; CHECK-DAG: error: genx-simdcf-lower: in function 'odd_width', block 'entry': %any = call i1 @llvm.genx.simdcf.any.v6i1(<6 x i1> %c): illegal SIMD control flow width 6
define void @odd_width(<6 x i1> %c) {
entry:
  %any = call i1 @llvm.genx.simdcf.any.v6i1(<6 x i1> %c)
  br i1 %any, label %then, label %end
then:
  br label %end
end:
  ret void
}

; A call of a real function, and a memory write without a predicate operand.
; CHECK-DAG: error: genx-simdcf-lower: in function 'calls', block 'then': call void @helper(): a call of 'helper' inside SIMD control flow is not supported
; CHECK-DAG: error: genx-simdcf-lower: in function 'calls', block 'then': call void @llvm.genx.oword.st.v8i32(i32 1, i32 0, <8 x i32> %v): 'llvm.genx.oword.st' writes memory and has no predicate operand
define void @calls(<8 x i1> %c, <8 x i32> %v) {
entry:
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end
then:
  call void @helper()
  call void @llvm.genx.oword.st.v8i32(i32 1, i32 0, <8 x i32> %v)
  br label %end
end:
  ret void
}

declare void @helper()
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i1 @llvm.genx.simdcf.any.v6i1(<6 x i1>)
declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)
declare i1 @llvm.genx.simdcf.any.v16i1(<16 x i1>)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "cm", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "k.cm", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "wide_store", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 12, column: 7, scope: !5)
