; Debug-info intrinsics (llvm.dbg.value, llvm.dbg.declare) compute nothing: the executor skips them, so a
; function with debug info validates against its stripped self instead of being refused for its metadata operands.
; RUN: %validate -v %s %S/Inputs/region-add.ll | FileCheck %s
; CHECK: cmc validate: 1 function(s) agree on 64 trial(s) (0 discarded
define <4 x i32> @f(<16 x i32> %v, i16 %off, <4 x i32> %n) !dbg !5 {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 %off, i32 undef), !dbg !9
  call void @llvm.dbg.value(metadata <4 x i32> %r, metadata !8, metadata !DIExpression()), !dbg !9
  %s = add <4 x i32> %r, %n, !dbg !9
  call void @llvm.dbg.value(metadata <4 x i32> %s, metadata !8, metadata !DIExpression()), !dbg !9
  ret <4 x i32> %s, !dbg !9
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "f.cpp", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, unit: !0, spFlags: DISPFlagDefinition | DISPFlagOptimized)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocalVariable(name: "r", scope: !5, file: !1, line: 2, type: !10)
!9 = !DILocation(line: 2, column: 3, scope: !5)
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
