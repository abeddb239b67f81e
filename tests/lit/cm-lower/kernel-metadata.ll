; A kernel (annotated genx_main) gets "CMGenxMain" and a !genx.kernels entry in GenXMetadata.h's order:
; function, name, argument kinds, SLM size, argument offsets, input/output kinds, descriptors, named barriers,
; barrier count. A SurfaceIndex argument (a by-value class) is kind 2 and becomes its i32 index; descriptors
; come from [[type("...")]] annotations (on the by-value argument itself, or on a scalar's stack slot); the SLM
; size is the larger of cm_slm_init and the sum of cm_slm_alloc sizes, and each allocation is the running
; offset. Globals annotated genx_volatile / genx_byte_offset=N get those attributes. Every annotation is gone.
; RUN: %opt -passes=genx-cm-lower,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %cmc -passes=genx-cm-lower,genx-verify -S %s | diff %t.ll -

; CHECK-NOT: llvm.metadata
; CHECK: @g = global <8 x i32> zeroinitializer #[[GA:[0-9]+]]

%class.SurfaceIndex = type { i32 }

@.str.main = private unnamed_addr constant [10 x i8] c"genx_main\00", section "llvm.metadata"
@.str.file = private unnamed_addr constant [6 x i8] c"k.cpp\00", section "llvm.metadata"
@.str.buf = private unnamed_addr constant [21 x i8] c"cm_arg_type:buffer_t\00", section "llvm.metadata"
@.str.svm = private unnamed_addr constant [21 x i8] c"cm_arg_type:svmptr_t\00", section "llvm.metadata"
@.str.vol = private unnamed_addr constant [14 x i8] c"genx_volatile\00", section "llvm.metadata"
@.str.off = private unnamed_addr constant [20 x i8] c"genx_byte_offset=64\00", section "llvm.metadata"
@g = global <8 x i32> zeroinitializer
@llvm.global.annotations = appending global [3 x { i8*, i8*, i8*, i32, i8* }] [
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (void (%class.SurfaceIndex*, i64, i32)* @k to i8*), i8* getelementptr inbounds ([10 x i8], [10 x i8]* @.str.main, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 3, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (<8 x i32>* @g to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 1, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (<8 x i32>* @g to i8*), i8* getelementptr inbounds ([20 x i8], [20 x i8]* @.str.off, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 1, i8* null }
], section "llvm.metadata"

; CHECK-LABEL: define void @k(i32 %buf, i64 %p, i32 %n)
; CHECK-SAME: #[[KA:[0-9]+]] {
; CHECK:         %[[OBJ:.*]] = alloca %class.SurfaceIndex
; CHECK-NEXT:    %[[F:.*]] = getelementptr inbounds %class.SurfaceIndex, %class.SurfaceIndex* %[[OBJ]], i32 0, i32 0
; CHECK-NEXT:    store i32 %buf, i32* %[[F]]
; CHECK-NOT:     annotation
; CHECK:         %a0 = add i32 %n, 0
; CHECK-NEXT:    %a1 = add i32 %n, 128
; CHECK:         call void @llvm.genx.barrier()
define void @k(%class.SurfaceIndex* byval(%class.SurfaceIndex) %buf, i64 %p, i32 %n) {
entry:
  %slot = alloca i64
  store i64 %p, i64* %slot
  %b = bitcast %class.SurfaceIndex* %buf to i8*
  call void @llvm.var.annotation(i8* %b, i8* getelementptr inbounds ([21 x i8], [21 x i8]* @.str.buf, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 3, i8* null)
  %s = bitcast i64* %slot to i8*
  call void @llvm.var.annotation(i8* %s, i8* getelementptr inbounds ([21 x i8], [21 x i8]* @.str.svm, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 3, i8* null)
  call void @_ZN7details21__cm_builtin_slm_initEj(i32 200)
  %o0 = call i32 @_ZN7details22__cm_builtin_slm_allocEj(i32 128)
  %o1 = call i32 @_ZN7details22__cm_builtin_slm_allocEj(i32 256)
  %a0 = add i32 %n, %o0
  %a1 = add i32 %n, %o1
  %f = getelementptr inbounds %class.SurfaceIndex, %class.SurfaceIndex* %buf, i32 0, i32 0
  %bti = load i32, i32* %f
  call void @llvm.genx.barrier()
  ret void
}

declare void @llvm.var.annotation(i8*, i8*, i8*, i32, i8*)
declare void @_ZN7details21__cm_builtin_slm_initEj(i32)
declare i32 @_ZN7details22__cm_builtin_slm_allocEj(i32)
declare void @llvm.genx.barrier()

; CHECK-NOT: annotation
; CHECK: attributes #[[GA]] = { "genx_byte_offset"="64" "genx_volatile" }
; CHECK: attributes #[[KA]] = { "CMGenxMain" }
; CHECK: !genx.kernels = !{![[K:[0-9]+]]}
; CHECK: ![[K]] = !{void (i32, i64, i32)* @k, !"k", ![[KINDS:[0-9]+]], i32 384, ![[ZEROS:[0-9]+]], ![[ZEROS]], ![[DESCS:[0-9]+]], i32 0, i32 1}
; CHECK: ![[KINDS]] = !{i32 2, i32 0, i32 0}
; CHECK: ![[ZEROS]] = !{i32 0, i32 0, i32 0}
; CHECK: ![[DESCS]] = !{!"buffer_t", !"svmptr_t", !""}
