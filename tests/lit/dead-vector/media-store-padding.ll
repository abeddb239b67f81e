; A media block write stores only the first `width` bytes of each row of its value; a row takes the rounded
; width (max(4, next power of two)) in the value, so the padding bytes are never read: the zeros a padded
; matrix was initialised with there become undef (don't-care lanes), and a write of the padding alone is
; deleted. A lane some other consumer reads stays.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Rows of 6 bytes padded to 8: the zeros at bytes 6 and 7 of each row are undef; bytes 0..5 come from %new.
; CHECK-LABEL: define void @padding_zeros(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %m = call <16 x i8> @llvm.genx.wrregioni.v16i8.v12i8.i16.i1(<16 x i8> undef, <12 x i8> %new, i32 8, i32 6, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   call void @llvm.genx.media.st.v16i8(i32 0, i32 %out, i32 0, i32 6, i32 0, i32 0, <16 x i8> %m)
define void @padding_zeros(i32 %out, <12 x i8> %new) {
entry:
  %m = call <16 x i8> @llvm.genx.wrregioni.v16i8.v12i8.i16.i1(<16 x i8> zeroinitializer, <12 x i8> %new, i32 8, i32 6, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.media.st.v16i8(i32 0, i32 %out, i32 0, i32 6, i32 0, i32 0, <16 x i8> %m)
  ret void
}

; Words: a 12-byte row is padded to 16 bytes (8 words, 6 stored). The write into the padding is deleted.
; CHECK-LABEL: define void @padding_write_deleted(
; CHECK-NEXT: entry:
; CHECK-NEXT:   call void @llvm.genx.media.st.v16i16(i32 0, i32 %out, i32 0, i32 12, i32 0, i32 0, <16 x i16> %v)
define void @padding_write_deleted(i32 %out, <16 x i16> %v, <2 x i16> %pad) {
entry:
  %m = call <16 x i16> @llvm.genx.wrregioni.v16i16.v2i16.i16.i1(<16 x i16> %v, <2 x i16> %pad, i32 8, i32 1, i32 0, i16 12, i32 undef, i1 true)
  call void @llvm.genx.media.st.v16i16(i32 0, i32 %out, i32 0, i32 12, i32 0, i32 0, <16 x i16> %m)
  ret void
}

; Negative: the padded value is also written with an OWord block write, which stores every byte, so its
; zeros stay.
; CHECK-LABEL: define void @padding_also_stored(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %m = call <16 x i8> @llvm.genx.wrregioni.v16i8.v12i8.i16.i1(<16 x i8> <i8 undef, i8 undef, i8 undef, i8 undef, i8 undef, i8 undef, i8 0, i8 0, i8 undef, i8 undef, i8 undef, i8 undef, i8 undef, i8 undef, i8 0, i8 0>, <12 x i8> %new, i32 8, i32 6, i32 1, i16 0, i32 undef, i1 true)
define void @padding_also_stored(i32 %out, i32 %buf, <12 x i8> %new) {
entry:
  %m = call <16 x i8> @llvm.genx.wrregioni.v16i8.v12i8.i16.i1(<16 x i8> zeroinitializer, <12 x i8> %new, i32 8, i32 6, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.media.st.v16i8(i32 0, i32 %out, i32 0, i32 6, i32 0, i32 0, <16 x i8> %m)
  call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 4, <16 x i8> %m)
  ret void
}

; Negative: a width that is already a power of two has no padding; every zero is stored.
; CHECK-LABEL: define void @no_padding(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %m = call <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8> <i8 undef, i8 undef, i8 undef, i8 undef, i8 0,
define void @no_padding(i32 %out, <4 x i8> %new) {
entry:
  %m = call <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8> zeroinitializer, <4 x i8> %new, i32 4, i32 4, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.media.st.v16i8(i32 0, i32 %out, i32 0, i32 4, i32 0, i32 0, <16 x i8> %m)
  ret void
}

declare <16 x i8> @llvm.genx.wrregioni.v16i8.v12i8.i16.i1(<16 x i8>, <12 x i8>, i32, i32, i32, i16, i32, i1)
declare <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8>, <4 x i8>, i32, i32, i32, i16, i32, i1)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v2i16.i16.i1(<16 x i16>, <2 x i16>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.media.st.v16i8(i32, i32, i32, i32, i32, i32, <16 x i8>)
declare void @llvm.genx.media.st.v16i16(i32, i32, i32, i32, i32, i32, <16 x i16>)
declare void @llvm.genx.oword.st.v16i8(i32, i32, <16 x i8>)
