; A kernel with a VME surface argument (kind 3), which IGC's SPIR-V path cannot express.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define dllexport void @motion(i32 %vme, i32 %out) #0 {
entry:
  ret void
}

attributes #0 = { noinline nounwind "CMGenxMain" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @motion, !"motion", !1, i32 0, !2, !2, !3, i32 0, i32 0}
!1 = !{i32 3, i32 2}
!2 = !{i32 0, i32 0}
!3 = !{!"", !"buffer_t"}
