; _GENX_VOLATILE_ globals genx-cm-lower cannot keep in registers: each an error naming the global and why, at
; the instruction that decided it (with its source location when the IR has one), and a failing run.
; RUN: not %opt -passes=genx-cm-lower -disable-output %s 2>&1 | FileCheck %s

%class.vector = type { <8 x i32> }
%struct.mixed = type { <4 x i32>, <4 x float> }

@.str.vol = private unnamed_addr constant [14 x i8] c"genx_volatile\00", section "llvm.metadata"
@.str.file = private unnamed_addr constant [6 x i8] c"k.cpp\00", section "llvm.metadata"
@passed = dso_local global %class.vector zeroinitializer, align 32
@copied = dso_local global %class.vector zeroinitializer, align 32
@mixed = dso_local global %struct.mixed zeroinitializer, align 32
@huge = dso_local global [2048 x i32] zeroinitializer, align 32
@stored = dso_local global %class.vector zeroinitializer, align 32
@llvm.global.annotations = appending global [5 x { i8*, i8*, i8*, i32, i8* }] [
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%class.vector* @passed to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 1, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%class.vector* @copied to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 2, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%struct.mixed* @mixed to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 3, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast ([2048 x i32]* @huge to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 4, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%class.vector* @stored to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 5, i8* null }
], section "llvm.metadata"

; Its address goes to a function that is not inlined: the callee could do anything with it.
; CHECK-DAG: k.cpp:12:3: error: genx-cm-lower: in function 'pass_address', block 'entry': {{.*}}: _GENX_VOLATILE_ global 'passed' cannot be kept in registers: its address escapes: it is passed to a call of @consume
declare void @consume(i32*)
define void @pass_address() {
entry:
  call void @consume(i32* getelementptr inbounds (%class.vector, %class.vector* @passed, i64 0, i32 0, i64 0)), !dbg !9
  ret void
}

; A memcpy out of it (a copy that was not split into loads and stores).
; CHECK-DAG: error: genx-cm-lower: in function 'copy_out'{{.*}}_GENX_VOLATILE_ global 'copied' cannot be kept in registers: its address escapes: it is passed to a call of @llvm.memcpy.p0i8.p0i8.i64
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
define void @copy_out(i8* %dst) {
entry:
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %dst, i8* bitcast (%class.vector* @copied to i8*), i64 32, i1 false)
  ret void
}

; No one element type: a register variable of GenX has one.
; CHECK-DAG: error: genx-cm-lower: _GENX_VOLATILE_ global 'mixed' cannot be kept in registers: its type mixes base types i32 and float

; Larger than the register file.
; CHECK-DAG: error: genx-cm-lower: _GENX_VOLATILE_ global 'huge' cannot be kept in registers: it has 8192 bytes, more than the 4096 a promoted array may have

; Its address stored to memory.
; CHECK-DAG: error: genx-cm-lower: in function 'store_address'{{.*}}_GENX_VOLATILE_ global 'stored' cannot be kept in registers: its address escapes: it is stored to memory
define void @store_address(%class.vector** %slot) {
entry:
  store %class.vector* @stored, %class.vector** %slot
  ret void
}

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}
!0 = !{i32 7, !"Dwarf Version", i32 5}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!3 = !DIFile(filename: "k.cpp", directory: "/src")
!8 = !DISubroutineType(types: !{})
!7 = distinct !DISubprogram(name: "pass_address", scope: !3, file: !3, line: 10, type: !8, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !2)
!9 = !DILocation(line: 12, column: 3, scope: !7)
