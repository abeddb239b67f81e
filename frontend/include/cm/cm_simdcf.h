// SIMD control flow: SIMD_IF_BEGIN / SIMD_ELSEIF / SIMD_ELSE / SIMD_IF_END, SIMD_DO_WHILE_BEGIN /
// SIMD_DO_WHILE_END, SIMD_BREAK / SIMD_CONTINUE. Conventions: cm_common.h.
//
// Each channel (element) of the condition follows its own path:
//   SIMD_IF_BEGIN(v > 0)  r = v;  SIMD_ELSE  r = -v;  SIMD_IF_END
// runs `r = v` for the channels where v > 0 and `r = -v` for the others. The header writes the constructs as
// ordinary C++ control flow on `__details::__cm_genx_simdcf_any<bool>(cond)` (true when any channel's condition
// holds); genx-cm-lower makes that `llvm.genx.simdcf.any(<N x i1> cond != 0)` and genx-simdcf-lower turns the
// branches into simdcf.goto/join with an execution mask, predicating the statements inside.
//
// Rules (as cmc): the condition is a vector, matrix or reference of 2, 4, 8, 16 or 32 elements (non-zero
// elements are true); nested SIMD control flow has the same width; statements inside are that wide or scalar
// (scalar statements run once per thread while any channel is enabled); reductions (cm_sum, ...) see only the
// enabled channels. A scalar condition is ordinary control flow. SIMD_BREAK and SIMD_CONTINUE leave or
// restart the innermost SIMD_DO_WHILE for the channels that reach them.
#pragma once
#ifndef __CM_HEADERS_CM_SIMDCF_H
#define __CM_HEADERS_CM_SIMDCF_H
#include <cm/cm_common.h>

__CM_GENX_DECL(simdcf_any)

namespace __details {
// The condition of a SIMD branch: whether any channel takes it.
template <typename _C>
__CM_INLINE typename __enable_if<__cm_object_traits<_C>::__cm_is_object, bool>::__type __cm_simdcf_cond(const _C &__cond) {
  using _E = typename __cm_object_traits<_C>::__elem;
  constexpr int _N = __cm_object_traits<_C>::__n;
  static_assert(_N >= 2 && _N <= 32 && (_N & (_N - 1)) == 0,
                "SIMD control flow: the condition must have 2, 4, 8, 16 or 32 elements");
  return __cm_genx_simdcf_any<bool>(__cond.__cm_read() != (_E)0);
}

// A scalar condition: ordinary control flow.
template <typename _T>
__CM_INLINE typename __enable_if<__is_arith<_T>, bool>::__type __cm_simdcf_cond(_T __cond) {
  return __cond != (_T)0;
}
} // namespace __details

#define SIMD_IF_BEGIN(...) if (__details::__cm_simdcf_cond(__VA_ARGS__)) {
#define SIMD_ELSEIF(...)                                                                                           \
  }                                                                                                                \
  else if (__details::__cm_simdcf_cond(__VA_ARGS__)) {
#define SIMD_ELSE                                                                                                  \
  }                                                                                                                \
  else {
#define SIMD_IF_END }
#define SIMD_DO_WHILE_BEGIN do {
#define SIMD_DO_WHILE_END(...)                                                                                     \
  }                                                                                                                \
  while (__details::__cm_simdcf_cond(__VA_ARGS__));
#define SIMD_BREAK break;
#define SIMD_CONTINUE continue;

#endif
