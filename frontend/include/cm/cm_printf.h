// Device printf (cmlangspec §4.14 "printf"): printf(format, ...) and cm_printf(format, ...) print scalars with a
// C format string from a kernel; the host runtime prints the buffer after the kernel ran.
//
// Lowering: both are the C function `printf` (cm_printf through an asm label), so clang checks the format against
// the arguments (-Wformat, at the user's line) and applies C's default promotions (float becomes double). The
// front end's genx-cm-lower moves the format and every %s string to the constant address space and makes the
// call `i32 @printf(i8 addrspace(2)* format, ...)` (passes/src/cm_lower/printf.rs), the form IGC's vector-compute
// printf support reads; vc-bridge hands it to llvm-spirv as OpenCL's printf (OpExtInst printf).
//
// Rules (errors at the user's line): the format and %s arguments are string literals; arguments are scalars
// (print a vector's elements one by one).
#pragma once
#ifndef __CM_HEADERS_CM_PRINTF_H
#define __CM_HEADERS_CM_PRINTF_H

extern "C" int printf(const char *__format, ...) __attribute__((__format__(__printf__, 1, 2)));
extern "C" int cm_printf(const char *__format, ...) __asm__("printf") __attribute__((__format__(__printf__, 1, 2)));

#endif
