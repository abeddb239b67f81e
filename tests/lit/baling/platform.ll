; Target-dependent baling, the platform coming from each function's "target-cpu": a raw operand (a message payload)
; must start on a GRF boundary (32 bytes on icllp, 64 on pvc); an oword-aligned 2D operand's vstride must be a
; multiple of half a GRF; a multi-indirect byte region cannot be an operand on pvc (no byte multi-indirect
; regioning there). Legalization baling waives the last two for instructions legalization can split.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -
; RUN: %opt -passes='print<genx-baling-codegen>' -S %s -o %t.cg.ll 2>%t.cg.bales
; RUN: FileCheck %s --check-prefix=CG < %t.cg.bales
; RUN: %validate %s %t.cg.ll

; Byte offset 32 starts a GRF on icllp: the read is the store's payload.
; CHECK-LABEL: bales of 'raw_payload_icllp' (legalization, icllp):
; CHECK-NEXT: bale call@entry#2: call@entry#2 = MAININST{1} (%r = RDREGION)
; CHECK-EMPTY:
define void @raw_payload_icllp(<32 x i32> %a, <8 x i32>* %p) #0 {
entry:
  %addr = ptrtoint <8 x i32>* %p to i64
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %r)
  ret void
}

; On pvc byte 32 is mid-GRF: the read stays a move of its own (in both kinds: raw operands are never waived);
; byte 64 starts a GRF.
; CHECK-LABEL: bales of 'raw_payload_pvc' (legalization, pvc):
; CHECK-NEXT: bale %r: %r = RDREGION
; CHECK-NEXT: bale call@entry#2: call@entry#2 = MAININST
; CHECK-NEXT: bale call@entry#4: call@entry#4 = MAININST{1} (%s = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'raw_payload_pvc' (codegen, pvc):
; CG-NEXT: bale %r: %r = RDREGION
; CG-NEXT: bale call@entry#2: call@entry#2 = MAININST
; CG-NEXT: bale call@entry#4: call@entry#4 = MAININST{1} (%s = RDREGION)
; CG-EMPTY:
define void @raw_payload_pvc(<32 x i32> %a, <8 x i32>* %p) #1 {
entry:
  %addr = ptrtoint <8 x i32>* %p to i64
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %r)
  %s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %a, i32 0, i32 8, i32 1, i16 64, i32 undef)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %s)
  ret void
}

; dp4 operands are oword aligned: a 2D read with vstride 12 floats (48 bytes) is fine with 32-byte GRFs (multiple of
; 4 floats) but not with 64-byte GRFs (needs a multiple of 8) in code-generation baling.
; CHECK-LABEL: bales of 'dp4_vstride_icllp' (legalization, icllp):
; CHECK-NEXT: bale %d: %d = MAININST{0,1} (%x = RDREGION, %y = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'dp4_vstride_icllp' (codegen, icllp):
; CG-NEXT: bale %d: %d = MAININST{0,1} (%x = RDREGION, %y = RDREGION)
; CG-EMPTY:
define <8 x float> @dp4_vstride_icllp(<32 x float> %a, <32 x float> %b) #0 {
entry:
  %x = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %a, i32 12, i32 4, i32 1, i16 0, i32 undef)
  %y = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %b, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %d = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %x, <8 x float> %y)
  ret <8 x float> %d
}

; CHECK-LABEL: bales of 'dp4_vstride_pvc' (legalization, pvc):
; CHECK-NEXT: bale %d: %d = MAININST{0,1} (%x = RDREGION, %y = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'dp4_vstride_pvc' (codegen, pvc):
; CG-NEXT: bale %x: %x = RDREGION
; CG-NEXT: bale %d: %d = MAININST{1} (%y = RDREGION)
; CG-EMPTY:
define <8 x float> @dp4_vstride_pvc(<32 x float> %a, <32 x float> %b) #1 {
entry:
  %x = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %a, i32 12, i32 4, i32 1, i16 0, i32 undef)
  %y = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %b, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %d = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %x, <8 x float> %y)
  ret <8 x float> %d
}

; A multi-indirect byte read (one index per row of 4 bytes) is an operand on icllp, not on pvc.
; CHECK-LABEL: bales of 'byte_multi_indirect_icllp' (legalization, icllp):
; CHECK-NEXT: bale %x: %x = MAININST{0} (%r = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'byte_multi_indirect_icllp' (codegen, icllp):
; CG-NEXT: bale %x: %x = MAININST{0} (%r = RDREGION)
; CG-EMPTY:
define <8 x i8> @byte_multi_indirect_icllp(<64 x i8> %a, <2 x i16> %rows, <8 x i8> %b) #0 {
entry:
  %r = call <8 x i8> @llvm.genx.rdregioni.v8i8.v64i8.v2i16(<64 x i8> %a, i32 0, i32 4, i32 1, <2 x i16> %rows, i32 undef)
  %x = add <8 x i8> %r, %b
  ret <8 x i8> %x
}

; CHECK-LABEL: bales of 'byte_multi_indirect_pvc' (legalization, pvc):
; CHECK-NEXT: bale %x: %x = MAININST{0} (%r = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'byte_multi_indirect_pvc' (codegen, pvc):
; CG-NEXT: bale %r: %r = RDREGION
; CG-NEXT: bale %x: %x = MAININST
; CG-EMPTY:
define <8 x i8> @byte_multi_indirect_pvc(<64 x i8> %a, <2 x i16> %rows, <8 x i8> %b) #1 {
entry:
  %r = call <8 x i8> @llvm.genx.rdregioni.v8i8.v64i8.v2i16(<64 x i8> %a, i32 0, i32 4, i32 1, <2 x i16> %rows, i32 undef)
  %x = add <8 x i8> %r, %b
  ret <8 x i8> %x
}

; No "target-cpu": the default platform (icllp).
; CHECK-LABEL: bales of 'default_platform' (legalization, icllp):
define <8 x i8> @default_platform(<8 x i8> %a) {
entry:
  %x = add <8 x i8> %a, %a
  ret <8 x i8> %x
}

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="PVC" }

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.dp4.v8f32(<8 x float>, <8 x float>)
declare <8 x i8> @llvm.genx.rdregioni.v8i8.v64i8.v2i16(<64 x i8>, i32, i32, i32, <2 x i16>, i32)
