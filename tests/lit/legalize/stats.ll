; The pass counts, in LLVM's statistics (-stats, opt and cmc alike): bales split and the pieces they became
; (2 + 8 + 3 + 3 + 2), members un-baled, byte moves retyped, 64-bit operations emulated, illegal predicates cut
; and indirect reads made multi-indirect. Remarks come out the same from opt and cmc. (No "target-cpu": the
; default platform, icllp.)
; RUN: %opt -passes=genx-legalize -stats -disable-output %s 2>&1 | FileCheck %s
; RUN: %cmc -passes=genx-legalize -stats -S %s -o %t.stats.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -pass-remarks-missed=genx-legalize -S %s -o %t.ll 2>%t.opt.remarks
; RUN: %cmc -passes=genx-legalize -pass-remarks=genx-legalize -pass-remarks-missed=genx-legalize -S %s -o %t.cmc.ll 2>%t.cmc.remarks
; RUN: diff %t.ll %t.cmc.ll
; RUN: diff %t.opt.remarks %t.cmc.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.opt.remarks
; RUN: %validate %s %t.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; CHECK-DAG: 5 genx-legalize - bales split into legal pieces
; CHECK-DAG: 18 genx-legalize - legal pieces the split bales became
; CHECK-DAG: 1 genx-legalize - members un-baled to make a bale legal
; CHECK-DAG: 1 genx-legalize - byte moves done as i32 or i16 moves
; CHECK-DAG: 1 genx-legalize - 64-bit integer operations emulated on 32-bit halves
; CHECK-DAG: 1 genx-legalize - illegal predicates cut into vISA predicates
; CHECK-DAG: 2 genx-legalize - indirect reads converted to multi-indirect

; REMARK-DAG: remark: {{.*}}: split 32-wide add into 2×16: two-GRF rule (32 × 4 bytes > 64)
; REMARK-DAG: remark: {{.*}}: un-baled %r from %d: its region allows only 1 element, the instruction needs at least 4
; REMARK-DAG: remark: {{.*}}: byte move of 32 x i8 done as 8 x i32
; REMARK-DAG: remark: {{.*}}: i64 add emulated on 32-bit halves
; REMARK-DAG: remark: {{.*}}: split 16-wide add into 2×8: indirect source %i read as multi-indirect

define <32 x i32> @add(<32 x i32> %a, <32 x i32> %b) {
entry:
  %s = add <32 x i32> %a, %b
  ret <32 x i32> %s
}

define <8 x float> @dp4(<32 x float> %v, <8 x float> %b) {
entry:
  %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 3, i16 0, i32 undef)
  %d = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %r, <8 x float> %b)
  ret <8 x float> %d
}

define <32 x i8> @bytes(<64 x i8> %a) {
entry:
  %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v64i8.i16(<64 x i8> %a, i32 0, i32 32, i32 1, i16 32, i32 undef)
  ret <32 x i8> %r
}

define <8 x i64> @long(<8 x i64> %a, <8 x i64> %b) {
entry:
  %s = add <8 x i64> %a, %b
  ret <8 x i64> %s
}

define <13 x i16> @predicate(<13 x i16> %a, <13 x i16> %b) {
entry:
  %c = icmp slt <13 x i16> %a, %b
  %s = select <13 x i1> %c, <13 x i16> %a, <13 x i16> %b
  ret <13 x i16> %s
}

define <16 x i32> @indirect(<64 x i32> %v, i16 %j, <16 x i32> %b) {
entry:
  %i = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v, i32 0, i32 16, i32 1, i16 %j, i32 undef)
  %s = add <16 x i32> %i, %b
  ret <16 x i32> %s
}

declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.dp4.v8f32(<8 x float>, <8 x float>)
declare <32 x i8> @llvm.genx.rdregioni.v32i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
