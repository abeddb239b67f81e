; GenX passes are real new-PM passes with their pipeline names: the pass manager's trace and -print-after see
; "genx-verify" (not an anonymous template), and a GenX pass mixes with LLVM's own passes in one pipeline.
; RUN: %opt -passes=genx-verify -print-after=genx-verify -disable-output %s 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %opt -passes='genx-verify,function(instcombine),genx-verify' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s --check-prefix=TRACE
; RUN: %opt -passes='function(genx-verify)' -S %s | FileCheck %s --check-prefix=NESTED

; PRINT: *** IR Dump After genx-verify on f ***
; TRACE: Running pass: genx-verify on f
; TRACE: Running pass: InstCombinePass on f
; TRACE: Running pass: genx-verify on f
; NESTED: define i32 @f(
define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 0
  ret i32 %y
}
