; Reads in different blocks: an outer read in a dominating block combines with inner reads in later blocks and
; in a loop; a phi between two reads is not looked through; unreachable blocks are not visited.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <4 x i32> @diamond(
; CHECK: then:
; CHECK-NEXT: %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 32, i32 undef)
; CHECK: else:
; CHECK-NEXT: %y = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 36, i32 undef)
; CHECK: join:
; CHECK-NEXT: %r = phi <4 x i32> [ %x, %then ], [ %y, %else ]
define <4 x i32> @diamond(<16 x i32> %v, i1 %c) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef)
  br i1 %c, label %then, label %else
then:
  %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 0, i32 undef)
  br label %join
else:
  %y = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  br label %join
join:
  %r = phi <4 x i32> [ %x, %then ], [ %y, %else ]
  ret <4 x i32> %r
}

; The inner read in a loop body reads the outer read of the preheader; the accumulator's phi is not touched.
; CHECK-LABEL: define <4 x i32> @loop(
; CHECK: body:
; CHECK-NEXT: %acc = phi <4 x i32> [ zeroinitializer, %entry ], [ %next, %body ]
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
; CHECK-NEXT: %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 8, i32 undef)
; CHECK-NEXT: %next = add <4 x i32> %acc, %x
define <4 x i32> @loop(<16 x i32> %v) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  br label %body
body:
  %acc = phi <4 x i32> [ zeroinitializer, %entry ], [ %next, %body ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 1, i16 8, i32 undef)
  %next = add <4 x i32> %acc, %x
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, 3
  br i1 %done, label %exit, label %body
exit:
  ret <4 x i32> %next
}

; Not combined: the inner read reads a phi of two reads, not a read.
; CHECK-LABEL: define <2 x i32> @phi_between(
; CHECK: join:
; CHECK-NEXT: %p = phi <8 x i32> [ %a, %entry ], [ %b, %other ]
; CHECK-NEXT: %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %p,
define <2 x i32> @phi_between(<16 x i32> %v, i1 %c) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  br i1 %c, label %join, label %other
other:
  %b = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
  br label %join
join:
  %p = phi <8 x i32> [ %a, %entry ], [ %b, %other ]
  %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %p, i32 0, i32 2, i32 1, i16 4, i32 undef)
  ret <2 x i32> %x
}

; Not visited: a block no path from the entry reaches.
; CHECK-LABEL: define <4 x i32> @unreachable_block(
; CHECK: dead:
; CHECK-NEXT: %a = call <8 x i32>
; CHECK-NEXT: %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a,
define <4 x i32> @unreachable_block(<16 x i32> %v) {
entry:
  ret <4 x i32> zeroinitializer
dead:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %x
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
