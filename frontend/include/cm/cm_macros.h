// The public macros, typedefs and enumerations of Intel's <cm/cm.h> that CM programs use by name (cmlangspec
// §2 "Kernel and function attributes", §4 and Intel's cm_common.h), so that code written for Intel's cmc
// compiles unchanged. cm_common.h already defines the kernel attributes (_GENX_MAIN_, _GENX_, _GENX_VOLATILE_,
// _GENX_VOLATILE_BINDING_); cm_math.h defines SAT/_GENX_SAT/_GENX_NOSAT; cm_memory.h the atomic operations,
// channel masks, fence flags and surface qualifiers (DWALIGNED, MODIFIED, TOP_FIELD, ...).
//
// Meaning in this compiler (every non-kernel function is inlined, as cmc does by default):
//   CM_INLINE            inline
//   CM_NOINLINE          noinline; the front end inlines the function anyway (frontend/src/prepare.rs), which
//                        changes code size only, never the result
//   CM_NODEBUG           nodebug (the function gets no debug info of its own)
//   _GENX_STACKCALL_     accepted; the function is inlined like any other (cmc would emit a vISA stack call)
//   _CM_BUILTIN_         accepted and ignored (it marks Intel's own header functions)
//   _GENX_ROUNDING_MODE_(x), _GENX_FLOAT_CONTROL_(x), _CM_CALLABLE_, _CM_ENTRY_, _CM_INPUT_, _CM_OUTPUT_,
//   _CM_INPUT_OUTPUT_, _CM_OUTPUT_INPUT_, _SIMT8_/16_/32_
//                        refused with an error at the user's line naming the macro: kernels run with the default
//                        float control, and fast composition and SIMT entry points are not implemented
//   CM_STATIC_ERROR(c, m), CM_STATIC_WARNING(c, m)
//                        static_assert (a warning becomes an error: clang-14 has no static warning)
//   CM_1_0 ... CM_7_0, __INTEL_MDF, __INTEL_CM
//                        version numbers of the MDF/CM runtime, as cmc defines them
// The math constants (CM_CONST_E, CM_CONST_PI, CM_CONST_2PI, CM_DBL_EPSILON) are cmtl.h's, as in Intel's headers.
#pragma once
#ifndef __CM_HEADERS_CM_MACROS_H
#define __CM_HEADERS_CM_MACROS_H

#ifndef CM_1_0
#define CM_1_0 100
#endif
#ifndef CM_2_0
#define CM_2_0 200
#endif
#ifndef CM_2_1
#define CM_2_1 201
#endif
#ifndef CM_2_2
#define CM_2_2 202
#endif
#ifndef CM_2_3
#define CM_2_3 203
#endif
#ifndef CM_2_4
#define CM_2_4 204
#endif
#ifndef CM_3_0
#define CM_3_0 300
#endif
#ifndef CM_4_0
#define CM_4_0 400
#endif
#ifndef CM_5_0
#define CM_5_0 500
#endif
#ifndef CM_6_0
#define CM_6_0 600
#endif
#ifndef CM_7_0
#define CM_7_0 700
#endif
#ifndef __INTEL_MDF
#define __INTEL_MDF (CM_7_0 + 1)
#endif
#ifndef __INTEL_CM
#define __INTEL_CM (CM_7_0 + 1)
#endif

// Function attributes.
#define CM_INLINE inline
#define CM_NOINLINE __attribute__((__noinline__))
#define CM_NODEBUG __attribute__((__nodebug__))
#define CM_DEPRECATED(__message) __attribute__((__deprecated__(__message)))
#define _GENX_STACKCALL_
#define _CM_BUILTIN_
// Refused where the user writes them (a `GCC error` pragma reports at the macro's expansion, the user's line).
#define __CM_REFUSE(__what, __why) _Pragma(__CM_STRINGIFY(GCC error __what " is not supported by this compiler: " __why))
#define __CM_STRINGIFY(__x) #__x
#define _GENX_ROUNDING_MODE_(__mode) __CM_REFUSE("_GENX_ROUNDING_MODE_", "kernels run with the default float control (round to nearest even, IEEE mode)")
#define _GENX_FLOAT_CONTROL_(__mode) __CM_REFUSE("_GENX_FLOAT_CONTROL_", "kernels run with the default float control (round to nearest even, IEEE mode)")
#define _CM_CALLABLE_ __CM_REFUSE("_CM_CALLABLE_", "fast composition (callable kernels) is not implemented")
#define _CM_ENTRY_ __CM_REFUSE("_CM_ENTRY_", "fast composition (entry kernels) is not implemented")
#define _CM_INPUT_ __CM_REFUSE("_CM_INPUT_", "fast composition arguments are not implemented")
#define _CM_OUTPUT_ __CM_REFUSE("_CM_OUTPUT_", "fast composition arguments are not implemented")
#define _CM_INPUT_OUTPUT_ __CM_REFUSE("_CM_INPUT_OUTPUT_", "fast composition arguments are not implemented")
#define _CM_OUTPUT_INPUT_ __CM_REFUSE("_CM_OUTPUT_INPUT_", "fast composition arguments are not implemented")
#define _SIMT8_ __CM_REFUSE("_SIMT8_", "SIMT entry functions are not implemented")
#define _SIMT16_ __CM_REFUSE("_SIMT16_", "SIMT entry functions are not implemented")
#define _SIMT32_ __CM_REFUSE("_SIMT32_", "SIMT entry functions are not implemented")
// CM inline assembly (§5, `asm("vISA text" : outputs : inputs)`) is refused at the statement; the macro names only
// the keyword, so a declaration's `__asm__("name")` label (as cm_printf's) is unaffected.
#define asm(...) __CM_REFUSE("asm", "CM inline assembly (vISA text in asm statements) is not implemented") ((void)0)
#define __GLOBAL(_V) _V

// A function of Intel's library this compiler does not implement: declared so that a call is refused where it is
// written (the user's line) with the reason, instead of an unknown identifier or an error inside the headers.
// The templates take any arguments, with explicit template arguments that are types, values, or a type then values.
#define __CM_REFUSED_FUNCTION(__name, __why)                                                                          \
  template <typename... _T, typename... _A>                                                                          \
  void __name(_A &&...) __attribute__((__diagnose_if__(true, #__name " is not supported by this compiler: " __why, "error"))); \
  template <auto _P0, auto... _P, typename... _A>                                                                    \
  void __name(_A &&...) __attribute__((__diagnose_if__(true, #__name " is not supported by this compiler: " __why, "error"))); \
  template <typename _T0, auto _P0, auto... _P, typename... _A>                                                       \
  void __name(_A &&...) __attribute__((__diagnose_if__(true, #__name " is not supported by this compiler: " __why, "error")));

#define CM_STATIC_ERROR(_C, _M) static_assert((_C), "CM:e:" _M)
#define CM_STATIC_WARNING(_C, _M) static_assert((_C), "CM:w:" _M)

#ifndef NULL
#define NULL 0
#endif

// Typedefs of Intel's cm_common.h beyond the ones cm_common.h has.
typedef unsigned char U8;
typedef unsigned short U16;
typedef unsigned int U32;
#if __SIZEOF_POINTER__ == 8
typedef unsigned long long uintptr_t;
typedef long long ptrdiff_t;
#else
typedef unsigned int uintptr_t;
typedef int ptrdiff_t;
#endif

// Float control values (the operands of _GENX_FLOAT_CONTROL_, refused above; defined so code that names them
// elsewhere compiles).
enum CmFloatControl {
  CM_RTE = 0,
  CM_RTP = 1 << 4,
  CM_RTN = 2 << 4,
  CM_RTZ = 3 << 4,
  CM_DENORM_FTZ = 0,
  CM_DENORM_D_ALLOW = 1 << 6,
  CM_DENORM_F_ALLOW = 1 << 7,
  CM_DENORM_HF_ALLOW = 1 << 10,
  CM_FLOAT_MODE_IEEE = 0,
  CM_FLOAT_MODE_ALT = 1
};
#define CM_DENORM_ALLOW (CM_DENORM_D_ALLOW | CM_DENORM_F_ALLOW | CM_DENORM_HF_ALLOW)

#endif
