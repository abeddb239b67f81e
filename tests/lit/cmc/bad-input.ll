; Bad input gives one located error line and a non-zero exit, and never an output file.
; RUN: not %cmc -passes=no-such-pass -S %s -o %t.out 2>&1 | FileCheck %s --check-prefix=PIPELINE
; RUN: not test -e %t.out
; RUN: not %cmc -passes=genx-verify -S %S/Inputs/does-not-exist.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not test -e %t.out
; RUN: not %cmc -passes=genx-verify -S %S/Inputs/syntax-error.ll -o %t.out 2>&1 | FileCheck %s --check-prefix=SYNTAX
; RUN: not test -e %t.out
; RUN: not %cmc -no-such-flag %s 2>&1 | FileCheck %s --check-prefix=FLAG

; PIPELINE: cmc: error: invalid pass pipeline: unknown pass name 'no-such-pass'
; MISSING: cmc: error: no such file: '{{.*}}does-not-exist.ll'
; SYNTAX: syntax-error.ll:4:10: error:
; FLAG: error: unexpected argument '-n' found
define void @f() {
entry:
  ret void
}
