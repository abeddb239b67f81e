; Bitcasts are moved across regions so that a region sits next to the instruction that can bale it: a bitcast of
; a single-use rdregion becomes an rdregion of a bitcast; a wrregion whose New value is a bitcast is retyped to
; the New value's element type; a scalar/<1 x T> bitcast of New is looked through.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks-missed=genx-region-collapse -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

@g = internal global <16 x i32> zeroinitializer

; `v.select<8,1>(0).format<short>()`: the shorts are read directly.
; CHECK-LABEL: define <16 x i16> @read_then_bitcast(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <32 x i16>
; CHECK-NEXT: %s = call <16 x i16> @llvm.genx.rdregioni.v16i16.v32i16.i16(<32 x i16> %[[IN]], i32 0, i32 16, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %sum = add <16 x i16> %s, %s
define <16 x i16> @read_then_bitcast(<16 x i32> %v) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %s = bitcast <8 x i32> %r to <16 x i16>
  %sum = add <16 x i16> %s, %s
  ret <16 x i16> %sum
}

; A strided read of ints seen as shorts: each int becomes a pair of shorts, <4;2,1>.
; CHECK-LABEL: define <8 x i16> @strided_read_then_bitcast(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <32 x i16>
; CHECK-NEXT: %s = call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %[[IN]], i32 4, i32 2, i32 1, i16 4, i32 undef)
define <8 x i16> @strided_read_then_bitcast(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 4, i32 undef)
  %s = bitcast <4 x i32> %r to <8 x i16>
  ret <8 x i16> %s
}

; Not moved: the read has another use, so moving the bitcast would read the vector twice.
; CHECK-LABEL: define <16 x i16> @no_move_read_used_twice(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v,
; CHECK-NEXT: %s = bitcast <8 x i32> %r to <16 x i16>
define <16 x i16> @no_move_read_used_twice(<16 x i32> %v, <8 x i32>* %p) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %s = bitcast <8 x i32> %r to <16 x i16>
  store <8 x i32> %r, <8 x i32>* %p
  ret <16 x i16> %s
}

; A read of a global load is retyped even with other uses (the bitcast can fold into the load).
; CHECK-LABEL: define <16 x i16> @global_load_read_used_twice(
; CHECK-NEXT: entry:
; CHECK-NEXT: %l = load <16 x i32>, <16 x i32>* @g
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %l to <32 x i16>
; CHECK-NEXT: %s = call <16 x i16> @llvm.genx.rdregioni.v16i16.v32i16.i16(<32 x i16> %[[IN]], i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %l,
; CHECK-NEXT: store <8 x i32> %r, <8 x i32>* %p
define <16 x i16> @global_load_read_used_twice(<8 x i32>* %p) {
entry:
  %l = load <16 x i32>, <16 x i32>* @g
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %l, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %s = bitcast <8 x i32> %r to <16 x i16>
  store <8 x i32> %r, <8 x i32>* %p
  ret <16 x i16> %s
}

; Not moved: an indirect read keeps its element type (the index's alignment to other elements is unknown).
; REMARK: remark: <unknown>:0:0: cannot move the bitcast %s above the read %r: an indirect region cannot change its element type [retype-indirect]
; CHECK-LABEL: define <8 x i16> @no_move_indirect_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <4 x i32>
; CHECK-NEXT: %s = bitcast <4 x i32> %r to <8 x i16>
define <8 x i16> @no_move_indirect_read(<16 x i32> %v, i16 %i) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  %s = bitcast <4 x i32> %r to <8 x i16>
  ret <8 x i16> %s
}

; A write of shorts into a vector of ints is done on the shorts: Old is bitcast before, the result after.
; CHECK-LABEL: define <16 x i32> @write_of_bitcast(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[OLD:.+]] = bitcast <16 x i32> %a to <32 x i16>
; CHECK-NEXT: %[[W:.+]] = call <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16> %[[OLD]], <8 x i16> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT: %w = bitcast <32 x i16> %[[W]] to <16 x i32>
; CHECK-NEXT: ret <16 x i32> %w
define <16 x i32> @write_of_bitcast(<16 x i32> %a, <8 x i16> %x) {
entry:
  %n = bitcast <8 x i16> %x to <4 x i32>
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %n, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  ret <16 x i32> %w
}

; Not retyped: a write of ints into shorts would bitcast %a to ints, and an undefined short would then make
; its defined neighbour undefined too.
; REMARK: remark: <unknown>:0:0: cannot retype the write %w to the element type of its bitcast New value %n: that would bitcast %a to wider elements, merging lanes the write does not touch (an undefined lane would spoil its defined neighbours)
; CHECK-LABEL: define <32 x i16> @no_retype_wider(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n = bitcast <4 x i32> %x to <8 x i16>
; CHECK-NEXT: %w = call <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16> %a, <8 x i16> %n,
define <32 x i16> @no_retype_wider(<32 x i16> %a, <4 x i32> %x) {
entry:
  %n = bitcast <4 x i32> %x to <8 x i16>
  %w = call <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16> %a, <8 x i16> %n, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  ret <32 x i16> %w
}

; Not retyped: a masked write keeps its element type (its mask has one bit per int).
; REMARK: remark: <unknown>:0:0: cannot retype the write %w to the element type of its bitcast New value %n: a masked region cannot change its element type [retype-masked]
; CHECK-LABEL: define <16 x i32> @no_retype_masked_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n = bitcast <8 x i16> %x to <4 x i32>
; CHECK-NEXT: %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %n,
define <16 x i32> @no_retype_masked_write(<16 x i32> %a, <8 x i16> %x, <4 x i1> %p) {
entry:
  %n = bitcast <8 x i16> %x to <4 x i32>
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %n, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> %p)
  ret <16 x i32> %w
}

; A scalar made a one-element vector (`insertelement` lowered by GenXLowering) is written directly.
; CHECK-LABEL: define <8 x float> @unit_bitcast_new(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float> %a, float %x, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
; CHECK-NEXT: ret <8 x float> %w
define <8 x float> @unit_bitcast_new(<8 x float> %a, float %x) {
entry:
  %n = bitcast float %x to <1 x float>
  %w = call <8 x float> @llvm.genx.wrregionf.v8f32.v1f32.i16.i1(<8 x float> %a, <1 x float> %n, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  ret <8 x float> %w
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v1f32.i16.i1(<8 x float>, <1 x float>, i32, i32, i32, i16, i32, i1)
