; A kernel IGC refuses: a 512-byte SVM block load (the limit is 128 bytes), with debug info so that the error can
; name the kernel's source line.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define dllexport void @too_wide(i64 %buf) #0 !dbg !10 {
entry:
  %v = call <64 x i64> @llvm.genx.svm.block.ld.unaligned.v64i64.i64(i64 %buf), !dbg !13
  call void @llvm.genx.svm.block.st.i64.v64i64(i64 %buf, <64 x i64> %v), !dbg !14
  ret void, !dbg !14
}

declare <64 x i64> @llvm.genx.svm.block.ld.unaligned.v64i64.i64(i64)
declare void @llvm.genx.svm.block.st.i64.v64i64(i64, <64 x i64>)

attributes #0 = { noinline nounwind "CMGenxMain" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!genx.kernels = !{!5}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "too_wide.cpp", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = !{void (i64)* @too_wide, !"too_wide", !6, i32 0, !7, !7, !8, i32 0, i32 0}
!6 = !{i32 0}
!7 = !{i32 0}
!8 = !{!"svmptr_t"}
!10 = distinct !DISubprogram(name: "too_wide", scope: !1, file: !1, line: 7, type: !11, scopeLine: 7, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{null}
!13 = !DILocation(line: 9, column: 3, scope: !10)
!14 = !DILocation(line: 10, column: 1, scope: !10)
