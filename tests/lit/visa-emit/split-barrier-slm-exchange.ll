; The split barrier (cm_sbarrier: genx.sbarrier 1 = signal, 0 = wait) is vISA's `sbarrier.signal` and
; `sbarrier.wait` (SBARRIER.md), accepted by GenX_IR for tgllp and icllp. Each thread of a group of four writes
; its eight dwords to SLM, signals, waits, then reads its neighbour's: with the wait meeting the group, thread i
; gets thread (i+1) % 4's values, at both levels (the IR and the vISA run on the CPU executor give the same
; bytes). A wait that let a thread through before the others had written would give it zeros (SLM starts empty).
; Negative: an operand other than 1 or 0 is a located error naming the instruction.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; RUN: %cmc run %s --local 4 --arg surface:1 --surface 1=zeros:128:%t.ir.bin
; RUN: %cmc run %t.visaasm --local 4 --arg surface:1 --surface 1=zeros:128:%t.visa.bin
; RUN: od -An -tu4 -w128 %t.visa.bin | FileCheck %s --check-prefix=BYTES
; RUN: cmp %t.ir.bin %t.visa.bin
; RUN: sed -e 's/sbarrier(i8 0)/sbarrier(i8 2)/' %s | not %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output 2>&1 | FileCheck %s --check-prefix=BAD
; REQUIRES: genx-ir

; CHECK: scatter_scaled.4 (M1, 8) %slm
; CHECK-NEXT: sbarrier.signal
; CHECK-NEXT: sbarrier.wait
; CHECK: gather_scaled.4 (M1, 8) %slm
; BYTES: 100 101 102 103 104 105 106 107 200 201 202 203 204 205 206 207 300 301 302 303 304 305 306 307 0 1 2 3 4 5 6 7
; BAD: error: genx-visa-emit: in function 'exchange'{{.*}}call void @llvm.genx.sbarrier(i8 2): the split barrier's operand must be 1 (signal) or 0 (wait), found 2

define void @exchange(i32 %buf) #0 {
  %ids = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lid = extractelement <3 x i32> %ids, i32 0
  %lid1 = add i32 %lid, 1
  %next = and i32 %lid1, 3
  %lid100 = mul i32 %lid, 100
  %lid100.v = bitcast i32 %lid100 to <1 x i32>
  %lid100.s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v1i32.i16(<1 x i32> %lid100.v, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %mine = add <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, %lid100.s
  %at = mul i32 %lid, 32
  %at.v = bitcast i32 %at to <1 x i32>
  %at.s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v1i32.i16(<1 x i32> %at.v, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %mine.off = add <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>, %at.s
  call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 2, i16 0, i32 254, i32 0, <8 x i32> %mine.off, <8 x i32> %mine)
  call void @llvm.genx.sbarrier(i8 1)
  call void @llvm.genx.sbarrier(i8 0)
  %from = mul i32 %next, 32
  %from.v = bitcast i32 %from to <1 x i32>
  %from.s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v1i32.i16(<1 x i32> %from.v, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %theirs.off = add <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>, %from.s
  %theirs = call <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32 2, i16 0, i32 254, i32 0, <8 x i32> %theirs.off, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  %owords = lshr i32 %at, 4
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %owords, <8 x i32> %theirs)
  ret void
}

declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v1i32.i16(<1 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1>, i32, i16, i32, i32, <8 x i32>, <8 x i32>)
declare void @llvm.genx.sbarrier(i8)
declare <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32, i16, i32, i32, <8 x i32>, <8 x i1>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @exchange, !"exchange", !1, i32 256, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
