; Device printf through the vISA route writes the CM runtime's printf records (docs/cm-printf.md) into the
; predefined surface T2 (binding-table index 2, where the CM runtime binds its printf buffer): one
; dword_atomic.add reserves the records' bytes (160 per format or %s string, 32 per scalar), then NoMask
; oword_st's write the headers (object type, data type, the value in dwords 6-7) and the strings inline, so no
; string table is needed. Each argument type has its data type: i32 int (3), i8 char (0), i16 short (5), i64
; qword (7, both dwords), float (2), double (9, both dwords), a %s literal a string record (4); a constant is
; written as part of its header. A printf under a branch works the same. GenX_IR accepts the kernel for icllp
; and tgllp, and it agrees with its IR on the vISA executor (the records read back as text and compared with
; what the IR prints). Negative: the format record's object type (5) written as a string's (4), and the int
; argument's data type (3) written as float's (2): the text no longer agrees.
; REQUIRES: genx-ir
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output && GenX_IR k.visaasm -platform TGLLP -output
; RUN: %validate -v %s k.visaasm | FileCheck %s --check-prefix=AGREE
; RUN: sed -e 's/(0,0)<1> 0x5:v$/(0,0)<1> 0x4:v/' k.visaasm > no-format.visaasm
; RUN: not diff -q k.visaasm no-format.visaasm > /dev/null
; RUN: bash -c '%validate %s no-format.visaasm; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=NEG
; RUN: sed -e 's/(0,0)<1> 0x33:v$/(0,0)<1> 0x23:v/' k.visaasm > int-as-float.visaasm
; RUN: not diff -q k.visaasm int-as-float.visaasm > /dev/null
; RUN: bash -c '%validate %s int-as-float.visaasm; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=NEG

; CHECK: .kernel "print"
; CHECK: print_BB_0:
; 160 (format) + 5 * 32 (scalars) + 160 ("abc") = 480 bytes, reserved on T2's dword 0:
; CHECK: mov (M1_NM, 1) [[OFF:V[0-9]+]](0,0)<1> 0x0:ud
; CHECK-NEXT: mov (M1_NM, 1) [[SIZE:V[0-9]+]](0,0)<1> 0x1e0:ud
; CHECK-NEXT: dword_atomic.add (M1_NM, 1) T2 [[OFF]].0 [[SIZE]].0 %null.0 [[OLD:V[0-9]+]].0
; CHECK-NEXT: shr (M1_NM, 1) [[OW:V[0-9]+]](0,0)<1> [[OLD]](0,0)<0;1,0> 0x4:ud
; The format record: header (object 5, data 0) and "i=%d c=%hhd ..." inline, one store of 8 owords (its
; text field past the NUL covered with zeros):
; CHECK-NEXT: mov (M1_NM, 8) [[FMT:V[0-9]+]](0,0)<1> 0x5:v
; CHECK-NEXT: mov (M1_NM, 1) [[FMT]](1,0)<1> 0x64253d69:ud
; CHECK: oword_st (8) T2 [[OW]](0,0)<0;1,0> [[FMT]].0
; The scalar headers (3 = scalar; 3 int, 0 char, 5 short, 7 qword, 2 float) and the string header (4):
; CHECK: mov (M1_NM, 8) [[REC:V[0-9]+]](0,0)<1> 0x33:v
; CHECK-NEXT: mov (M1_NM, 8) [[REC]](1,0)<1> 0x3:v
; CHECK-NEXT: mov (M1_NM, 8) [[REC]](2,0)<1> 0x53:v
; CHECK-NEXT: mov (M1_NM, 8) [[REC]](3,0)<1> 0x73:v
; The values into dword 6 (two dwords for the i64), as their own types:
; CHECK: mov (M1_NM, 1) {{V[0-9]+}}(0,6)<1> {{V[0-9]+}}(0,0)<0;1,0>
; CHECK: mov (M1_NM, 2) [[REC]](3,6)<1> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK: add (M1_NM, 1) [[AT:V[0-9]+]](0,0)<1> [[OW]](0,0)<0;1,0> 0xa:ud
; CHECK-NEXT: oword_st (8) T2 [[AT]](0,0)<0;1,0> [[REC]].0
; Under the branch: the second printf (x, the double's two dwords, the constant -7 in its header):
; CHECK: print_BB_1:
; CHECK: dword_atomic.add (M1_NM, 1) T2
; CHECK: mov (M1_NM, 8) {{V[0-9]+}}(1,0)<1> 0x93:uv
; CHECK: mov (M1_NM, 1) {{V[0-9]+}}(0,6)<1> 0xfffffff9:ud
; AGREE: cmc validate: 1 function(s) agree on 64 trial(s)
; NEG: cmc validate: mismatch in function 'print'
; NEG: at: printf output

@fmt = private unnamed_addr addrspace(2) constant [40 x i8] c"i=%d c=%hhd s=%hd l=%lld f=%f w=%s end\0A\00"
@word = private unnamed_addr addrspace(2) constant [4 x i8] c"abc\00"
@fmt2 = private unnamed_addr addrspace(2) constant [18 x i8] c"x=%u d=%.3f k=%d\0A\00"

define void @print(i32 %x, i64 %l, float %f, double %d) #0 {
entry:
  %c = trunc i32 %x to i8
  %s = trunc i32 %x to i16
  %p = icmp sgt i32 %x, 0
  %r = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([40 x i8], [40 x i8] addrspace(2)* @fmt, i64 0, i64 0), i32 %x, i8 %c, i16 %s, i64 %l, float %f, i8 addrspace(2)* getelementptr inbounds ([4 x i8], [4 x i8] addrspace(2)* @word, i64 0, i64 0))
  br i1 %p, label %then, label %done
then:
  %r2 = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* getelementptr inbounds ([18 x i8], [18 x i8] addrspace(2)* @fmt2, i64 0, i64 0), i32 %x, double %d, i32 -7)
  br label %done
done:
  ret void
}

declare i32 @printf(i8 addrspace(2)*, ...)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i64, float, double)* @print, !"print", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{!"", !"", !"", !""}
