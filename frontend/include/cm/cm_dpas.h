// CM's systolic matrix multiply: cm_dpas and cm_dpasw (CM spec 4.3, "DPAS"), and the CmPrecisionType values that
// name the element formats of their sources.
//
// What the builtins compute: for each of RepeatCount rows of A (src2) and each of the ExecSize columns of B
// (src1), the dot product over SystolicDepth * OpsPerChannel elements, added to the accumulator (src0). Both
// sources are passed as 32-bit elements (int/uint) holding packed narrow elements; the precision template
// arguments say what is packed.
//
// IR: `llvm.genx.dpas(acc, src1, src2, i32 info)`, `llvm.genx.dpas.nosrc0(src1, src2, info)` (the accumulator
// argument is the int 0), `llvm.genx.dpasw` / `llvm.genx.dpasw.nosrc0` likewise, with
//   info = RepeatCount << 24 | SystolicDepth << 16 | (P2 + 1) << 8 | (P1 + 1)
// (IGC 1.0.12504's cisa_gen_intrinsics.json reads the src1 precision from bits 0-7, src2's from 8-15, the depth
// from 16-23 and the repeat count from 24-31, in vISA's GenPrecision numbering, which is CmPrecisionType + 1).
//
// Sizes (ExecSize = CM_GRF_WIDTH / 32: 8 on Xe-HPG, 16 on Xe-HPC; OpsPerChannel = the packed elements per dword
// of the wider source format, at most 8): the accumulator and result have ExecSize * RepeatCount elements, src1
// has SystolicDepth * OpsPerChannel * ExecSize / (32 / bits(P1)) dwords, src2 RepeatCount * SystolicDepth *
// OpsPerChannel / (32 / bits(P2)) dwords (dpasw: (RepeatCount + 1) / 2 rows, the other half comes from the
// paired thread).
//
// Platforms: DPAS from Xe-HPG (CM_HAS_DPAS: acm-g10, pvc); DPASW only on Xe-HPG (CM_HAS_DPASW, not Xe-HPC);
// TF32 only on Xe-HPC (CM_HAS_TF32); a half accumulator only on Xe-HPC (CM_HAS_DPAS_ACC_HALF). Elsewhere the
// builtins are refused at the user's call. Every other misuse (a bad combination of formats, a wrong size, a
// depth other than 8, a repeat count outside 1..8) is a static_assert the front end reports at the user's line.
//
// Not handled: a result type other than the accumulator's (Intel's form with an explicit result type is
// accepted only when the two agree), bfloat16 accumulators (no bf16 element type), BF8/HF8 formats.
#pragma once
#ifndef __CM_HEADERS_CM_DPAS_H
#define __CM_HEADERS_CM_DPAS_H

enum class CmPrecisionType {
  CM_Precision_U2 = 2,
  CM_Precision_S2 = 3,
  CM_Precision_U4 = 4,
  CM_Precision_S4 = 5,
  CM_Precision_U8 = 6,
  CM_Precision_S8 = 7,
  CM_Precision_BF16 = 8,
  CM_Precision_FP16 = 9,
  CM_Precision_TF32 = 11,
};

#define CM_PRECISION_U2 CmPrecisionType::CM_Precision_U2
#define CM_PRECISION_S2 CmPrecisionType::CM_Precision_S2
#define CM_PRECISION_U4 CmPrecisionType::CM_Precision_U4
#define CM_PRECISION_S4 CmPrecisionType::CM_Precision_S4
#define CM_PRECISION_U8 CmPrecisionType::CM_Precision_U8
#define CM_PRECISION_S8 CmPrecisionType::CM_Precision_S8
#define CM_PRECISION_BF CmPrecisionType::CM_Precision_BF16
#define CM_PRECISION_HF CmPrecisionType::CM_Precision_FP16
#define CM_PRECISION_TF32 CmPrecisionType::CM_Precision_TF32

__CM_GENX_DECL(dpas)
__CM_GENX_DECL(dpas_nosrc0)
__CM_GENX_DECL(dpasw)
__CM_GENX_DECL(dpasw_nosrc0)

namespace __details {
// Bits of one element of format `p`.
constexpr int __cm_dpas_bits(CmPrecisionType __p) {
  switch (__p) {
  case CmPrecisionType::CM_Precision_U2:
  case CmPrecisionType::CM_Precision_S2:
    return 2;
  case CmPrecisionType::CM_Precision_U4:
  case CmPrecisionType::CM_Precision_S4:
    return 4;
  case CmPrecisionType::CM_Precision_U8:
  case CmPrecisionType::CM_Precision_S8:
    return 8;
  case CmPrecisionType::CM_Precision_BF16:
  case CmPrecisionType::CM_Precision_FP16:
    return 16;
  case CmPrecisionType::CM_Precision_TF32:
    return 32;
  }
  return 32;
}
constexpr bool __cm_dpas_is_int(CmPrecisionType __p) { return __cm_dpas_bits(__p) <= 8; }

// The shape of one dpas: element counts of the accumulator and of both sources (in dwords).
template <CmPrecisionType _P1, CmPrecisionType _P2, int _D, int _RC, bool _W> struct __cm_dpas_shape {
  static constexpr int __exec = (CM_GRF_WIDTH) / 32;
  static constexpr int __per1 = 32 / __cm_dpas_bits(_P1), __per2 = 32 / __cm_dpas_bits(_P2);
  static constexpr int __ops = (__per1 < __per2 ? __per1 : __per2) > 8 ? 8 : (__per1 < __per2 ? __per1 : __per2);
  static constexpr int __rows2 = _W ? (_RC + 1) / 2 : _RC;
  static constexpr int __acc = __exec * _RC;
  static constexpr int __src1 = _D * __ops * __exec / __per1;
  static constexpr int __src2 = __rows2 * _D * __ops / __per2;
  static constexpr unsigned __info = unsigned(_RC) << 24 | unsigned(_D) << 16 |
                                     unsigned(int(_P2) + 1) << 8 | unsigned(int(_P1) + 1);
};

// Whether the formats and the accumulator element type `A` make a dpas this platform has.
template <CmPrecisionType _P1, CmPrecisionType _P2, typename _A> constexpr bool __cm_dpas_types_ok() {
  if (__cm_dpas_is_int(_P1) && __cm_dpas_is_int(_P2))
    return __cm_same<_A, int> || __cm_same<_A, unsigned>;
  if (_P1 != _P2)
    return false;
  if (_P1 == CmPrecisionType::CM_Precision_FP16) {
#if defined(CM_HAS_DPAS_ACC_HALF)
    return __cm_same<_A, float> || __cm_same<_A, half>;
#else
    return __cm_same<_A, float>;
#endif
  }
  if (_P1 == CmPrecisionType::CM_Precision_BF16)
    return __cm_same<_A, float>;
#if defined(CM_HAS_TF32)
  if (_P1 == CmPrecisionType::CM_Precision_TF32)
    return __cm_same<_A, float>;
#endif
  return false;
}

// The checks every form makes, then the call of `llvm.genx.<dpas|dpasw>[.nosrc0]`; `acc` is ignored when
// `NoAcc`. The result is saturated when `flag` is SAT.
template <CmPrecisionType _P1, CmPrecisionType _P2, int _D, int _RC, bool _W, bool _NoAcc, typename _A,
          typename _X, typename _Y, typename _Z>
__CM_INLINE ::vector<_A, _NoAcc ? __cm_dpas_shape<_P1, _P2, _D, _RC, _W>::__acc : __cm_count<_X>> __cm_dpas_call(const _X &__acc, const _Y &__src1,
                                                                                  const _Z &__src2, int __flag) {
  using _S = __cm_dpas_shape<_P1, _P2, _D, _RC, _W>;
  static_assert(__cm_dpas_types_ok<_P1, _P2, _A>(),
                "cm_dpas: this combination of source formats and accumulator type is not a DPAS this platform has "
                "(integer formats take an int or uint accumulator; HF, BF and TF32 a float one, on both sources)");
  static_assert(_D == 8, "cm_dpas: the systolic depth must be 8");
  static_assert(_RC >= 1 && _RC <= 8, "cm_dpas: the repeat count must be 1 to 8");
  static_assert(__cm_count<_Y> > 0 && sizeof(__cm_elem_of<_Y>) == 4 && __cm_is_int<__cm_elem_of<_Y>>,
                "cm_dpas: src1 must be a vector of 32-bit integers (the packed elements; use format<int>())");
  static_assert(__cm_count<_Z> > 0 && sizeof(__cm_elem_of<_Z>) == 4 && __cm_is_int<__cm_elem_of<_Z>>,
                "cm_dpas: src2 must be a vector of 32-bit integers (the packed elements; use format<int>())");
  static_assert(__cm_count<_Y> == _S::__src1, "cm_dpas: src1 has the wrong number of elements for these formats and "
                                              "this systolic depth (SystolicDepth * OpsPerChannel * ExecSize / "
                                              "elements per dword)");
  static_assert(__cm_count<_Z> == _S::__src2, "cm_dpas: src2 has the wrong number of elements for these formats and "
                                              "this repeat count (RepeatCount * SystolicDepth * OpsPerChannel / "
                                              "elements per dword; half the repeat count, rounded up, for dpasw)");
  using _R = __cm_vec<_A, _S::__acc>;
  __cm_vec<__cm_elem_of<_Y>, _S::__src1> __b = __src1.__cm_read();
  __cm_vec<__cm_elem_of<_Z>, _S::__src2> __a = __src2.__cm_read();
  _R __r;
  if constexpr (_NoAcc) {
    (void)__acc;
    if constexpr (_W)
      __r = __cm_genx_dpasw_nosrc0<_R>(__b, __a, _S::__info);
    else
      __r = __cm_genx_dpas_nosrc0<_R>(__b, __a, _S::__info);
  } else {
    static_assert(__cm_count<_X> == _S::__acc && __cm_same<__cm_elem_of<_X>, _A>,
                  "cm_dpas: the accumulator must have ExecSize * RepeatCount elements of the result type");
    _R __c = __acc.__cm_read();
    if constexpr (_W)
      __r = __cm_genx_dpasw<_R>(__c, __b, __a, _S::__info);
    else
      __r = __cm_genx_dpas<_R>(__c, __b, __a, _S::__info);
  }
  return ::vector<_A, _S::__acc>::__cm_from(__cm_pick<_A, _S::__acc>(__flag, __cm_sat_to<_A, _S::__acc, _A>(__r), __r));
}
} // namespace __details

// The two forms cm_dpas and cm_dpasw share: with an accumulator, `<P1, P2, SystolicDepth, RepeatCount>(acc,
// src1, src2 [, SAT])`, of acc's type; without one, `<P1, P2, SystolicDepth, RepeatCount, A>(0, src1, src2 [, SAT])`.
#define __CM_DPAS_FORMS(__name, _W)                                                                                   \
  template <CmPrecisionType _P1, CmPrecisionType _P2, int _D, int _RC, typename _X, typename _Y, typename _Z,         \
            typename = __details::__cm_if<__details::__cm_obj<_X>>>                                                     \
  __CM_INLINE ::vector<__details::__cm_elem_of<_X>, __details::__cm_count<_X>> __name(                                 \
      const _X &__acc, const _Y &__src1, const _Z &__src2, int __flag = _GENX_NOSAT) {                                  \
    return __details::__cm_dpas_call<_P1, _P2, _D, _RC, _W, false, __details::__cm_elem_of<_X>>(__acc, __src1, __src2,  \
                                                                                              __flag);                \
  }                                                                                                                    \
  template <CmPrecisionType _P1, CmPrecisionType _P2, int _D, int _RC, typename _A, typename _Y, typename _Z,         \
            typename = __details::__cm_if<__details::__cm_arithmetic<_A> && __details::__cm_obj<_Y>>>                   \
  __CM_INLINE ::vector<_A, __details::__cm_dpas_shape<_P1, _P2, _D, _RC, _W>::__acc> __name(                            \
      int __zero, const _Y &__src1, const _Z &__src2, int __flag = _GENX_NOSAT) {                                       \
    return __details::__cm_dpas_call<_P1, _P2, _D, _RC, _W, true, _A>(__zero, __src1, __src2, __flag);                  \
  }

// Refuses `name<P1, P2, ...>(...)` at the user's call with `reason`.
#define __CM_DPAS_REFUSED(__name, __reason)                                                                           \
  template <CmPrecisionType _P1, CmPrecisionType _P2, auto... _Rest, typename... _Args>                               \
  int __name(const _Args &...) __attribute__((__diagnose_if__(true, __reason, "error")));

#if defined(CM_HAS_DPAS)
// cm_dpas: acc + src2 x src1 (the two shared forms), and the form with the result type spelt,
// cm_dpas<P1, P2, R, SystolicDepth, RepeatCount>(acc, src1, src2 [, SAT]).
__CM_DPAS_FORMS(cm_dpas, false)
template <CmPrecisionType _P1, CmPrecisionType _P2, typename _R, int _D, int _RC, typename _X, typename _Y,
          typename _Z, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE ::vector<_R, __details::__cm_count<_X>> cm_dpas(const _X &__acc, const _Y &__src1, const _Z &__src2,
                                                           int __flag = _GENX_NOSAT) {
  static_assert(__details::__cm_same<_R, __details::__cm_elem_of<_X>>,
                "cm_dpas: a result type other than the accumulator's is not supported");
  return __details::__cm_dpas_call<_P1, _P2, _D, _RC, false, false, _R>(__acc, __src1, __src2, __flag);
}
#else
__CM_DPAS_REFUSED(cm_dpas, "cm_dpas is not supported on this platform: the DPAS systolic array exists from Xe-HPG on "
                           "(-march=acm-g10 or pvc)")
template <CmPrecisionType _P1, CmPrecisionType _P2, typename _R, auto... _Rest, typename... _Args>
int cm_dpas(const _Args &...)
    __attribute__((__diagnose_if__(true, "cm_dpas is not supported on this platform: the DPAS systolic array exists "
                                         "from Xe-HPG on (-march=acm-g10 or pvc)",
                                   "error")));
#endif

#if defined(CM_HAS_DPASW)
// cm_dpasw: dpas whose src2 rows are shared by the two threads of a fused EU pair (this thread passes
// (RepeatCount + 1) / 2 of them).
__CM_DPAS_FORMS(cm_dpasw, true)
#else
__CM_DPAS_REFUSED(cm_dpasw, "cm_dpasw is not supported on this platform: the paired-thread DPASW exists only on "
                            "Xe-HPG (-march=acm-g10)")
#endif
#undef __CM_DPAS_FORMS
#undef __CM_DPAS_REFUSED

#endif
