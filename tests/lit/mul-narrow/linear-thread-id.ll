; cm_linear_global_id() as CM's headers write it: group * (LX*LY*LZ) + lx + LX*(ly + LY*lz). Every local size
; is at most 1024 (the hardware's largest group), so each becomes a 16-bit value extended, once, where it is
; read: IGC then multiplies by it in one instruction. The local ids are left alone (IGC reads them from 16-bit
; payload words already), and so are the group ids and counts (no bound). Validation draws thread ids from
; every grid the executor allows on half of its trials.
; RUN: %opt -passes=genx-mul-narrow -pass-remarks-missed=genx-mul-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-mul-narrow -S %s | diff %t.ll -

; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; CHECK-LABEL: define i32 @linear_global_id(
; CHECK:        %gy.gz = mul i32 %GY, %gz
; CHECK:        %g = add i32 %gx,
; CHECK:        [[X:%.*]] = extractelement <3 x i32> %sizes, i32 0
; CHECK-NEXT:   [[SX:%.*]] = trunc i32 [[X]] to i16
; CHECK-NEXT:   %LX = zext i16 [[SX]] to i32
; CHECK-NEXT:   [[Y:%.*]] = extractelement <3 x i32> %sizes, i32 1
; CHECK-NEXT:   [[SY:%.*]] = trunc i32 [[Y]] to i16
; CHECK-NEXT:   %LY = zext i16 [[SY]] to i32
; CHECK-NEXT:   %LXY = mul i32 %LX, %LY
; CHECK-NEXT:   [[Z:%.*]] = extractelement <3 x i32> %sizes, i32 2
; CHECK-NEXT:   [[SZ:%.*]] = trunc i32 [[Z]] to i16
; CHECK-NEXT:   %LZ = zext i16 [[SZ]] to i32
; CHECK-NEXT:   %volume = mul i32 %LXY, %LZ
; CHECK-NEXT:   %base = mul i32 %g, %volume
; CHECK:        %lz = extractelement <3 x i32> %ids, i32 2
; CHECK-NEXT:   %ly.lz = mul i32 %LY, %lz
; CHECK-NEXT:   %row = add i32 %ly, %ly.lz
; CHECK-NEXT:   %lx.row = mul i32 %LX, %row
define i32 @linear_global_id() {
entry:
  %gx = call i32 @llvm.genx.group.id.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %gz = call i32 @llvm.genx.group.id.z()
  %counts = call <3 x i32> @llvm.genx.group.count.v3i32()
  %GX = extractelement <3 x i32> %counts, i32 0
  %GY = extractelement <3 x i32> %counts, i32 1
  %gy.gz = mul i32 %GY, %gz
  %gyz = add i32 %gy, %gy.gz
  %gx.gyz = mul i32 %GX, %gyz
  %g = add i32 %gx, %gx.gyz
  %sizes = call <3 x i32> @llvm.genx.local.size.v3i32()
  %LX = extractelement <3 x i32> %sizes, i32 0
  %LY = extractelement <3 x i32> %sizes, i32 1
  %LXY = mul i32 %LX, %LY
  %LZ = extractelement <3 x i32> %sizes, i32 2
  %volume = mul i32 %LXY, %LZ
  %base = mul i32 %g, %volume
  %ids = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lx = extractelement <3 x i32> %ids, i32 0
  %ly = extractelement <3 x i32> %ids, i32 1
  %lz = extractelement <3 x i32> %ids, i32 2
  %ly.lz = mul i32 %LY, %lz
  %row = add i32 %ly, %ly.lz
  %lx.row = mul i32 %LX, %row
  %local = add i32 %lx, %lx.row
  %id = add i32 %base, %local
  ret i32 %id
}

declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare i32 @llvm.genx.group.id.z()
declare <3 x i32> @llvm.genx.group.count.v3i32()
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <3 x i32> @llvm.genx.local.id.v3i32()
