; GenX passes report LLVM statistics (-stats) and appear in LLVM's pass timing under their pipeline names, in
; opt (the plugin prints its counters when opt's LLVM was built without statistics) and in cmc.
; RUN: %opt -passes=genx-verify -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %cmc -passes=genx-verify -stats -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; LLVM's own spelling through -mllvm: the table is printed at exit (it used to abort there, writing to a stream
; static destruction had already torn down).
; RUN: %cmc -passes=genx-verify -mllvm -stats -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes=genx-verify -time-passes -disable-output %s 2>&1 | FileCheck %s --check-prefix=TIME
; RUN: %cmc -passes=genx-verify -ftime-report -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME

; STATS: ... Statistics Collected ...
; STATS: 2 genx-verify - GenX intrinsic calls checked
; TIME: Pass execution timing report
; TIME: genx-verify
define <4 x i32> @f(<8 x i32> %v) {
entry:
  %a = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 2, i16 0, i32 undef)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 2, i16 4, i32 undef)
  %s = add <4 x i32> %a, %b
  ret <4 x i32> %s
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
