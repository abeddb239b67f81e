; _GENX_VOLATILE_ globals (annotated "genx_volatile") in the form IGC reads: each becomes a global of its
; flattened vector type (same name, linkage, alignment; the initializer flattened), read and written only whole
; with genx.vload / genx.vstore; a partial access is vload + rdregion, or vload + wrregion + vstore, at its
; byte offset (a run-time index becomes the region's i16 index). Accesses from several functions are rewritten.
; A global that is not annotated keeps its type and its plain loads and stores.
; RUN: %opt -passes=genx-cm-lower,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; The pass consumes the annotations, so the program it is validated against is this file without them.
; RUN: sed -e '/^@llvm.global.annotations/,/section "llvm.metadata"$/d' -e '/section "llvm.metadata"$/d' %s > %t.before.ll
; RUN: %validate %t.before.ll %t.ll
; RUN: %cmc -passes=genx-cm-lower,genx-verify -S %s | diff %t.ll -

; CHECK-NOT: %class.vector* @g
; CHECK-DAG: @g = global <8 x i32> zeroinitializer, align 32 #[[VOL:[0-9]+]]
; CHECK-DAG: @m = global <16 x float> <float 1.000000e+00, float 2.000000e+00, {{.*}}>, align 64 #[[BOUND:[0-9]+]]
; CHECK-DAG: @a = internal global <4 x i32> <i32 1, i32 2, i32 3, i32 4>, align 16 #[[VOL]]
; CHECK-DAG: @plain = dso_local global %class.vector zeroinitializer, align 32{{$}}

%class.vector = type { <8 x i32> }
%class.matrix = type { <16 x float> }

@.str.vol = private unnamed_addr constant [14 x i8] c"genx_volatile\00", section "llvm.metadata"
@.str.off = private unnamed_addr constant [21 x i8] c"genx_byte_offset=256\00", section "llvm.metadata"
@.str.file = private unnamed_addr constant [6 x i8] c"k.cpp\00", section "llvm.metadata"
@g = dso_local global %class.vector zeroinitializer, align 32
@m = dso_local global %class.matrix { <16 x float> <float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0, float 9.0, float 10.0, float 11.0, float 12.0, float 13.0, float 14.0, float 15.0, float 16.0> }, align 64
@a = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@plain = dso_local global %class.vector zeroinitializer, align 32
@llvm.global.annotations = appending global [4 x { i8*, i8*, i8*, i32, i8* }] [
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%class.vector* @g to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 1, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%class.matrix* @m to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 2, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast (%class.matrix* @m to i8*), i8* getelementptr inbounds ([21 x i8], [21 x i8]* @.str.off, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 2, i8* null },
  { i8*, i8*, i8*, i32, i8* } { i8* bitcast ([4 x i32]* @a to i8*), i8* getelementptr inbounds ([14 x i8], [14 x i8]* @.str.vol, i32 0, i32 0), i8* getelementptr inbounds ([6 x i8], [6 x i8]* @.str.file, i32 0, i32 0), i32 3, i8* null }
], section "llvm.metadata"

; Whole stores and loads (the first through a constant GEP to the class's vector field) are vstore / vload; a
; whole load of another type (a format view) is a vload and a bitcast.
; CHECK-LABEL: define <16 x i16> @whole(<8 x i32> %v)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.genx.vstore.v8i32.p0v8i32(<8 x i32> %v, <8 x i32>* @g)
; CHECK-NEXT:    %g.v = call <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>* @g)
; CHECK-NEXT:    %w = bitcast <8 x i32> %g.v to <16 x i16>
; CHECK-NEXT:    ret <16 x i16> %w
define <16 x i16> @whole(<8 x i32> %v) {
entry:
  store <8 x i32> %v, <8 x i32>* getelementptr inbounds (%class.vector, %class.vector* @g, i64 0, i32 0), align 32
  %w = load <16 x i16>, <16 x i16>* bitcast (%class.vector* @g to <16 x i16>*), align 32
  ret <16 x i16> %w
}

; An element written at a constant index (g(2) = x): vload, a one-element wrregion at byte 8, vstore. A
; sub-vector read at byte 16 (g.select<4, 1>(4)): vload and a rdregion.
; CHECK-LABEL: define <4 x i32> @element(i32 %x)
; CHECK:         %[[OLD:.*]] = call <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>* @g)
; CHECK-NEXT:    %[[NEW:.*]] = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %[[OLD]], i32 %x, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT:    call void @llvm.genx.vstore.v8i32.p0v8i32(<8 x i32> %[[NEW]], <8 x i32>* @g)
; CHECK-NEXT:    %[[ALL:.*]] = call <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>* @g)
; CHECK-NEXT:    %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %[[ALL]], i32 0, i32 4, i32 1, i16 16, i32 undef)
define <4 x i32> @element(i32 %x) {
entry:
  store i32 %x, i32* getelementptr inbounds (%class.vector, %class.vector* @g, i64 0, i32 0, i64 2), align 4
  %r = load <4 x i32>, <4 x i32>* bitcast (i32* getelementptr inbounds (%class.vector, %class.vector* @g, i64 0, i32 0, i64 4) to <4 x i32>*), align 16
  ret <4 x i32> %r
}

; A run-time element of the matrix, read and incremented in a subroutine the way the CM headers index a vector
; (an i8 GEP by i * 4): the index becomes the regions' i16 offset; the matrix initializer is kept.
; CHECK-LABEL: define float @bump(i32 %i)
; CHECK:         %[[V:.*]] = call <16 x float> @llvm.genx.vload.v16f32.p0v16f32(<16 x float>* @m)
; CHECK-NEXT:    %e = call float @llvm.genx.rdregionf.f32.v16f32.i16(<16 x float> %[[V]], i32 0, i32 1, i32 1, i16 %[[OFF:[^,]+]], i32 undef)
; CHECK:         %[[W:.*]] = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> %{{.*}}, float %e1, i32 0, i32 1, i32 1, i16 %[[OFF]], i32 undef, i1 true)
; CHECK-NEXT:    call void @llvm.genx.vstore.v16f32.p0v16f32(<16 x float> %[[W]], <16 x float>* @m)
define float @bump(i32 %i) {
entry:
  %k = and i32 %i, 15
  %bytes = mul nsw i32 %k, 4
  %ext = sext i32 %bytes to i64
  %p8 = getelementptr inbounds i8, i8* bitcast (%class.matrix* @m to i8*), i64 %ext
  %p = bitcast i8* %p8 to float*
  %e = load float, float* %p, align 4
  %e1 = fadd float %e, 1.0
  store float %e1, float* %p, align 4
  ret float %e1
}

; A C array made volatile: its elements, through GEPs of the array type (a[j] with j run-time, a[3]).
; CHECK-LABEL: define i32 @array(i32 %j, i32 %x)
; CHECK:         call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %{{.*}}, i32 %x, i32 0, i32 1, i32 1, i16 %{{.*}}, i32 undef, i1 true)
; CHECK:         call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %{{.*}}, i32 0, i32 1, i32 1, i16 12, i32 undef)
define i32 @array(i32 %j, i32 %x) {
entry:
  %k = and i32 %j, 3
  %idx = zext i32 %k to i64
  %p = getelementptr inbounds [4 x i32], [4 x i32]* @a, i64 0, i64 %idx
  store i32 %x, i32* %p, align 4
  %r = load i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @a, i64 0, i64 3), align 4
  ret i32 %r
}

; Not annotated: untouched.
; CHECK-LABEL: define void @not_volatile(<8 x i32> %v)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    store <8 x i32> %v, <8 x i32>* getelementptr inbounds (%class.vector, %class.vector* @plain, i64 0, i32 0), align 32
define void @not_volatile(<8 x i32> %v) {
entry:
  store <8 x i32> %v, <8 x i32>* getelementptr inbounds (%class.vector, %class.vector* @plain, i64 0, i32 0), align 32
  ret void
}

; CHECK-DAG: attributes #[[VOL]] = { "genx_volatile" }
; CHECK-DAG: attributes #[[BOUND]] = { "genx_byte_offset"="256" "genx_volatile" }
