; With a !dbg location on the instruction, the message starts with file:line:col, like clang's.
; RUN: not %opt -passes=genx-verify -disable-output %s 2>&1 | FileCheck %s
; RUN: not %cmc -passes=genx-verify -S %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: linear.cm:12:7: error: genx-verify: in function 'k', block 'entry': %r = {{.*}}: region offset 2 bytes is not a multiple of the element size (4 bytes)
define <4 x i32> @k(<16 x i32> %v) !dbg !5 {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 2, i32 undef), !dbg !8
  ret <4 x i32> %r
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "linear.cm", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 12, column: 7, scope: !5)
