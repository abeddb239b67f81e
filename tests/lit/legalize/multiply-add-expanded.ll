; llvm.genx.uimad / simad ({hi, lo} of a*b + c in 64 bits; cm_imul's intrinsic) have no vISA instruction
; before madw: they become mul (low product), umulh/smulh (high product) and addc of c into the low product,
; whose carry goes into the high half (simad also adds c's sign, c >>a 31). The extractvalues take the new
; halves; a use of the whole pair gets it rebuilt with insertvalue. Translation validation compares both
; halves on random operands (edge values included: products of -1, INT_MIN, carries out of the low half).
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: 32x32+32 multiply-add done with mul, mulh and addc

; CHECK-LABEL: define <8 x i32> @unsigned_mad(
; CHECK: [[LO:%.*]] = mul <8 x i32> %a, %b
; CHECK: [[HI:%.*]] = call <8 x i32> @llvm.genx.umulh.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
; CHECK: [[SUM:%.*]] = call { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32> [[LO]], <8 x i32> %c)
; CHECK: [[CARRY:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[SUM]], 0
; CHECK: [[LOW:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[SUM]], 1
; CHECK: [[HIGH:%.*]] = add <8 x i32> [[HI]], [[CARRY]]
; CHECK: %x = xor <8 x i32> [[HIGH]], [[LOW]]
; CHECK-NOT: call {{.*}}uimad
define <8 x i32> @unsigned_mad(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c) #0 {
entry:
  %m = call { <8 x i32>, <8 x i32> } @llvm.genx.uimad.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c)
  %hi = extractvalue { <8 x i32>, <8 x i32> } %m, 0
  %lo = extractvalue { <8 x i32>, <8 x i32> } %m, 1
  %x = xor <8 x i32> %hi, %lo
  ret <8 x i32> %x
}

; CHECK-LABEL: define { <8 x i32>, <8 x i32> } @signed_mad_pair(
; CHECK: call <8 x i32> @llvm.genx.smulh.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
; CHECK: ashr <8 x i32> %c, <i32 31,
; CHECK: insertvalue { <8 x i32>, <8 x i32> } undef, <8 x i32>
; CHECK-NOT: call {{.*}}simad
define { <8 x i32>, <8 x i32> } @signed_mad_pair(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c) #1 {
entry:
  %m = call { <8 x i32>, <8 x i32> } @llvm.genx.simad.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c)
  ret { <8 x i32>, <8 x i32> } %m
}

declare { <8 x i32>, <8 x i32> } @llvm.genx.uimad.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare { <8 x i32>, <8 x i32> } @llvm.genx.simad.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="tgllp" }
