; `cmc -passes=` is opt in-process: the same pipeline text, the same output, LLVM's passes included.
; RUN: %opt -passes='genx-verify,function(instcombine)' -S %s -o %t.opt.ll
; RUN: %cmc -passes='genx-verify,function(instcombine)' -S %s -o %t.cmc.ll
; RUN: diff %t.opt.ll %t.cmc.ll
; RUN: FileCheck %s < %t.cmc.ll
; Single-dash, slash and colon spellings of cmc are accepted.
; RUN: %cmc /passes:genx-verify -S %s | FileCheck %s --check-prefix=SAME
; Bitcode output round-trips.
; RUN: %cmc -passes=genx-verify %s -o %t.bc
; RUN: llvm-dis-14 %t.bc -o - | FileCheck %s --check-prefix=SAME

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret i32 %x
; SAME: %y = add i32 %x, 0
define i32 @f(i32 %x) {
entry:
  %y = add i32 %x, 0
  ret i32 %y
}

; LLVM's own options reach LLVM: -print-after directly, anything else through -mllvm; unknown ones are errors.
; RUN: %cmc -passes=genx-verify -print-after=genx-verify -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: %cmc -passes=genx-verify -mllvm -print-after=genx-verify -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINT
; RUN: not %cmc -passes=genx-verify -mllvm -no-such-llvm-option -S %s 2>&1 | FileCheck %s --check-prefix=BADOPT
; PRINT: *** IR Dump After genx-verify on f ***
; BADOPT: cmc: error: bad LLVM option: {{.*}}Unknown command line argument '-no-such-llvm-option'

; Writing to a device writes through it: /dev/null stays a character device (no temporary file renamed over it).
; RUN: %cmc -passes=genx-verify -S %s -o /dev/null
; RUN: test -c /dev/null
