; Implicit inputs: llvm.genx.local.size and group.count read .implicit_LOCAL_SIZE and .implicit_GROUP_COUNT
; (three dwords each), placed as IGC's -binary-format=cm output places CM implicit arguments: after the
; explicit arguments, from the start of the last free zone, group count first (the surface takes 32..36, so
; group count is at 36 and local size at 48), and local.id reads .implicit_LOCAL_ID (three dwords, as IGC's -binary-format=cm output
; declares it for the CM runtime) from a new GRF (64). local.size, group.count and local.id are views of their
; inputs (no instruction); local.id16 narrows the dwords with two moves (2 + 1 lanes). group.id.* are vISA's predefined variables. The vISA validates against the IR on the executor
; (local ids 0, local size 1, group counts 4 x 4 x 1 there).
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[LS:V[0-9]+]] v_type=G type=d num_elts=3 align=dword // implicit LOCAL_SIZE
; CHECK-DAG: .decl [[GC:V[0-9]+]] v_type=G type=d num_elts=3 align=dword // implicit GROUP_COUNT
; CHECK-DAG: .decl [[LID:V[0-9]+]] v_type=G type=ud num_elts=3 align=dword // implicit LOCAL_ID
; CHECK: .input {{T[0-9]+}} offset=32 size=4
; CHECK-NEXT: .implicit_GROUP_COUNT [[GC]] offset=36 size=12
; CHECK-NEXT: .implicit_LOCAL_SIZE [[LS]] offset=48 size=12
; CHECK-NEXT: .implicit_LOCAL_ID [[LID]] offset=64 size=12
; CHECK: mov (M1, 2) [[ID:V[0-9]+]](0,0)<1> [[LID]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 1) [[ID]](0,2)<1> [[LID]](0,2)<0;1,0>
; CHECK: %group_id_y

define void @ids(i32 %buf) #0 {
  %ls = call <3 x i32> @llvm.genx.local.size.v3i32()
  %gc = call <3 x i32> @llvm.genx.group.count.v3i32()
  %id = call <3 x i32> @llvm.genx.local.id.v3i32()
  %id16 = call <3 x i16> @llvm.genx.local.id16.v3i16()
  %idw = zext <3 x i16> %id16 to <3 x i32>
  %gy = call i32 @llvm.genx.group.id.y()
  %a0 = add <3 x i32> %ls, %id
  %a = add <3 x i32> %a0, %idw
  %b = mul <3 x i32> %gc, %a
  %w0 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v3i32.i16.i1(<8 x i32> zeroinitializer, <3 x i32> %b, i32 0, i32 3, i32 1, i16 0, i32 undef, i1 true)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %w0, i32 %gy, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %w1)
  ret void
}

declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <3 x i32> @llvm.genx.group.count.v3i32()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <3 x i16> @llvm.genx.local.id16.v3i16()
declare i32 @llvm.genx.group.id.y()
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v3i32.i16.i1(<8 x i32>, <3 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @ids, !"ids", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
