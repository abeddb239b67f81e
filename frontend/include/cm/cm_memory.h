// Memory builtins of CM (cmlangspec §4.4-§4.6, "Shared Virtual Memory"): SurfaceIndex messages (OWord block,
// media block, scattered, untyped, DWORD atomics), shared local memory, SVM, barriers and fences.
//
// Lowering (docs/cmc-compat.md §3), through the neutral calls of cm_common.h:
//   read(idx, off, v) / write(idx, off, v)        OWord block: genx.oword.ld(0, bti, off/16) / oword.st(bti, off/16, v);
//                                                 read(DWALIGNED(idx), off, v): genx.oword.ld.unaligned(0, bti, off)
//   read(idx, x, y, m) / write(idx, x, y, m)      media block: genx.media.ld(mod, bti, 0, width bytes, x, y) /
//                                                 media.st(mod, bti, 0, width, x, y, data); a row whose width is
//                                                 not a power of two (or under 4 bytes) travels padded to one
//                                                 (vISA MEDIA_LD "rounded block width"), reshaped by rdregion /
//                                                 wrregion; TOP_FIELD(idx) / BOTTOM_FIELD(idx) set the modifier.
//   read/write(idx, g, eoff, v)                    scattered (element units): genx.gather.masked.scaled2 /
//   read_scaled/write_scaled                       scatter.scaled (log2 of the element size, bytes = units · size);
//                                                 1- and 2-byte elements travel in dword lanes.
//   read_untyped/write_untyped                     genx.gather4.masked.scaled2 / scatter4.scaled (offsets in dwords)
//   write_atomic<OP>(...)                          genx.dword.atomic2.<op>(pred, bti, byte offsets, src...)
//   cm_slm_init / cm_slm_alloc                     __details::__cm_builtin_slm_init / __cm_builtin_slm_alloc (the
//                                                 front end's builtins: the kernel's SLM size, the bump allocator)
//   cm_slm_read/write[_scaled], read4/write4,     the surface messages above on BTI 254 with the SLM buffer's byte
//   cm_slm_atomic, cm_slm_block_read/write         offset as the global offset
//   cm_slm_load (surface or SVM address)           the group's threads copy 16-byte blocks, then cm_barrier()
//   cm_svm_block_read/write[_unaligned]            genx.svm.block.ld[.unaligned] / svm.block.st (i64 address)
//   cm_svm_scatter_read/write                      genx.svm.gather / svm.scatter (4- and 8-byte elements)
//   cm_svm_atomic                                  genx.svm.atomic.<op>(pred, addresses, src..., old)
//   cm_barrier, cm_fence(m), cm_slm_fence(m)       genx.barrier, genx.fence(m | 1), genx.fence(m | 0x21)
// The SVM functions also take a pointer where they take an svmptr_t. cm_slm_atomic and cm_svm_atomic take the
// operation as an ordinary argument in the spec; it must be a constant, so they are macros passing it on as a
// template argument.
//
// Channel masks: ChannelMaskType names the enabled channels (CM_R_ENABLE = 1 ... CM_ABGR_ENABLE = 15), as the
// gather4/scatter4 intrinsics take them; SLM_ChannelMaskType keeps cmc's inverted values (SLM_R_ENABLE = 14:
// the channels not accessed) and is converted.
//
//   write(idx, ATOMIC_<op>, g, eoff, src.., ret)  the legacy form of write_atomic (offsets in dwords, ret may be NULL)
//   read_typed/write_typed                         genx.gather4.typed / scatter4.typed (channel mask, u, v, r)
//   write_typed_atomic<OP>                         genx.typed.atomic.<op>(pred, bti, src..., u, v, r, lod)
//   read_plane/write_plane                         media block with the plane operand
//   MODIFIED/TOP_FIELD/BOTTOM_FIELD/MODIFIED_*(idx) media-block modifiers (vISA MEDIA_LD values 1-5), the same as
//   read(idx, GENX_MODIFIED, x, y, m) and the other GENX_<attribute> spellings (CmBufferAttrib, below)
//   cm_wait / cm_signal                            genx.wait / nothing up to Gen10; refused from Gen11 (software
//                                                  scoreboard)
// Not here: read_transpose (refused in cm_sampler.h),
// the LSC family (cm_load/cm_store/...), sampler (cm_sampler.h), VME and raw sends, cm_ptr_read4/write4, cm_sbarrier, named
// barriers.
#pragma once
#ifndef __CM_HEADERS_CM_MEMORY_H
#define __CM_HEADERS_CM_MEMORY_H
#include <cm/cm_common.h>
#include <cm/cm_vector.h>
#include <cm/cm_math.h>
#include <cm/cm_thread.h>

__CM_GENX_DECL(oword_ld)
__CM_GENX_DECL(oword_ld_unaligned)
__CM_GENX_DECL(oword_st)
__CM_GENX_DECL(media_ld)
__CM_GENX_DECL(media_st)
__CM_GENX_DECL(gather_masked_scaled2)
__CM_GENX_DECL(scatter_scaled)
__CM_GENX_DECL(gather4_masked_scaled2)
__CM_GENX_DECL(scatter4_scaled)
__CM_GENX_DECL(dword_atomic2_add)
__CM_GENX_DECL(dword_atomic2_sub)
__CM_GENX_DECL(dword_atomic2_inc)
__CM_GENX_DECL(dword_atomic2_dec)
__CM_GENX_DECL(dword_atomic2_min)
__CM_GENX_DECL(dword_atomic2_max)
__CM_GENX_DECL(dword_atomic2_xchg)
__CM_GENX_DECL(dword_atomic2_cmpxchg)
__CM_GENX_DECL(dword_atomic2_and)
__CM_GENX_DECL(dword_atomic2_or)
__CM_GENX_DECL(dword_atomic2_xor)
__CM_GENX_DECL(dword_atomic2_imin)
__CM_GENX_DECL(dword_atomic2_imax)
__CM_GENX_DECL(dword_atomic2_fmax)
__CM_GENX_DECL(dword_atomic2_fmin)
__CM_GENX_DECL(dword_atomic2_fcmpwr)
__CM_GENX_DECL(dword_atomic2_fadd)
__CM_GENX_DECL(dword_atomic2_fsub)
__CM_GENX_DECL(svm_block_ld)
__CM_GENX_DECL(svm_block_ld_unaligned)
__CM_GENX_DECL(svm_block_st)
__CM_GENX_DECL(svm_gather)
__CM_GENX_DECL(svm_scatter)
__CM_GENX_DECL(svm_atomic_add)
__CM_GENX_DECL(svm_atomic_sub)
__CM_GENX_DECL(svm_atomic_inc)
__CM_GENX_DECL(svm_atomic_dec)
__CM_GENX_DECL(svm_atomic_min)
__CM_GENX_DECL(svm_atomic_max)
__CM_GENX_DECL(svm_atomic_xchg)
__CM_GENX_DECL(svm_atomic_cmpxchg)
__CM_GENX_DECL(svm_atomic_and)
__CM_GENX_DECL(svm_atomic_or)
__CM_GENX_DECL(svm_atomic_xor)
__CM_GENX_DECL(svm_atomic_imin)
__CM_GENX_DECL(svm_atomic_imax)
__CM_GENX_DECL(svm_atomic_fmax)
__CM_GENX_DECL(svm_atomic_fmin)
__CM_GENX_DECL(svm_atomic_fcmpwr)
__CM_GENX_DECL(barrier)
__CM_GENX_DECL(sbarrier)
__CM_GENX_DECL(fence)
__CM_GENX_DECL(wait)
__CM_GENX_DECL(gather4_typed)
__CM_GENX_DECL(scatter4_typed)
__CM_GENX_DECL(typed_atomic_add)
__CM_GENX_DECL(typed_atomic_sub)
__CM_GENX_DECL(typed_atomic_inc)
__CM_GENX_DECL(typed_atomic_dec)
__CM_GENX_DECL(typed_atomic_min)
__CM_GENX_DECL(typed_atomic_max)
__CM_GENX_DECL(typed_atomic_xchg)
__CM_GENX_DECL(typed_atomic_cmpxchg)
__CM_GENX_DECL(typed_atomic_and)
__CM_GENX_DECL(typed_atomic_or)
__CM_GENX_DECL(typed_atomic_xor)
__CM_GENX_DECL(typed_atomic_imin)
__CM_GENX_DECL(typed_atomic_imax)
__CM_GENX_DECL(typed_atomic_fmax)
__CM_GENX_DECL(typed_atomic_fmin)
__CM_GENX_DECL(typed_atomic_fcmpwr)
__CM_GENX_DECL(typed_atomic_fadd)
__CM_GENX_DECL(typed_atomic_fsub)

// ---- enumerations ------------------------------------------------------------------------------------------

// The atomic operations. ATOMIC_<op> is a constant of its own type (__details::__cm_atomic_op<code>) that converts
// to CmAtomicOpType in constant expressions, so it serves both as a template argument (write_atomic<ATOMIC_INC>)
// and as the operation argument of the legacy write(idx, ATOMIC_INC, ...) form, which selects the operation at
// compile time from the argument's type (Intel's headers define ATOMIC_<op> as macros as well). Each macro names
// the enumerator of its own name (a macro is not expanded inside its own expansion).
enum CmAtomicOpType {
  ATOMIC_ADD = 0x0,
  ATOMIC_SUB = 0x1,
  ATOMIC_INC = 0x2,
  ATOMIC_DEC = 0x3,
  ATOMIC_MIN = 0x4,
  ATOMIC_MAX = 0x5,
  ATOMIC_XCHG = 0x6,
  ATOMIC_CMPXCHG = 0x7,
  ATOMIC_AND = 0x8,
  ATOMIC_OR = 0x9,
  ATOMIC_XOR = 0xa,
  ATOMIC_MINSINT = 0xb,
  ATOMIC_MAXSINT = 0xc,
  ATOMIC_FMAX = 0x10,
  ATOMIC_FMIN = 0x11,
  ATOMIC_FCMPWR = 0x12,
  ATOMIC_FADD = 0x13,
  ATOMIC_FSUB = 0x14,
  ATOMIC_PREDEC = 0xff,
};
namespace __details {
template <int _Code> struct __cm_atomic_op {
  constexpr operator CmAtomicOpType() const { return (CmAtomicOpType)_Code; }
};
} // namespace __details

// Surface attributes (Intel's CmBufferAttrib): the second argument of read / write / cm_slm_block_read in the
// spelling read(idx, GENX_MODIFIED, x, y, m), which the qualifier macros produce too (MODIFIED(idx) is
// `idx, GENX_MODIFIED`, as in Intel's headers). Like ATOMIC_<op>, GENX_<attribute> is a constant of its own type
// (__details::__cm_buffer_attr<value>) that converts to CmBufferAttrib, so the message is chosen at compile time
// and the attribute reaches it as an immediate. An attribute a message cannot take is refused at the user's call.
//   media block read   GENX_NONE, TOP_FIELD, BOTTOM_FIELD, MODIFIED, MODIFIED_TOP_FIELD, MODIFIED_BOTTOM_FIELD:
//                      vISA MEDIA_LD's modifier (visa_igc_common_header.h: modified 1, top field 2, bottom
//                      field 3, modified top 4, modified bottom 5)
//   media block write  GENX_NONE, TOP_FIELD, BOTTOM_FIELD (MEDIA_ST takes only these)
//   OWord block read   GENX_NONE, DWALIGNED, MODIFIED, MODIFIED_DWALIGNED, CONSTANT, CONSTANT_DWALIGNED: the
//                      DWALIGNED ones select the unaligned read (genx.oword.ld.unaligned, offset in bytes); MODIFIED
//                      and CONSTANT are the plain read (the dataport's caching hints have no vISA operand)
enum CmBufferAttrib {
  GENX_NONE = 0,
  GENX_TOP_FIELD = 1,
  GENX_BOTTOM_FIELD = 2,
  GENX_DWALIGNED = 3,
  GENX_MODIFIED = 4,
  GENX_MODIFIED_TOP_FIELD = 5,
  GENX_MODIFIED_BOTTOM_FIELD = 6,
  GENX_MODIFIED_DWALIGNED = 7,
  GENX_CONSTANT = 8,
  GENX_CONSTANT_DWALIGNED = 9
};
namespace __details {
template <int _A> struct __cm_buffer_attr {
  constexpr operator CmBufferAttrib() const { return (CmBufferAttrib)_A; }
};
// MEDIA_LD's modifier of an attribute, or -1 when a media block read cannot take it.
constexpr int __cm_media_ld_modifier(int __a) {
  return __a == GENX_NONE ? 0 : __a == GENX_MODIFIED ? 1 : __a == GENX_TOP_FIELD ? 2 : __a == GENX_BOTTOM_FIELD ? 3
       : __a == GENX_MODIFIED_TOP_FIELD ? 4 : __a == GENX_MODIFIED_BOTTOM_FIELD ? 5 : -1;
}
// MEDIA_ST's modifier of an attribute, or -1 when a media block write cannot take it.
constexpr int __cm_media_st_modifier(int __a) {
  return __a == GENX_NONE ? 0 : __a == GENX_TOP_FIELD ? 2 : __a == GENX_BOTTOM_FIELD ? 3 : -1;
}
constexpr bool __cm_dwaligned_attr(int __a) {
  return __a == GENX_DWALIGNED || __a == GENX_MODIFIED_DWALIGNED || __a == GENX_CONSTANT_DWALIGNED;
}
constexpr bool __cm_oword_read_attr(int __a) {
  return __a == GENX_NONE || __a == GENX_MODIFIED || __a == GENX_CONSTANT || __cm_dwaligned_attr(__a);
}
} // namespace __details
#define GENX_NONE (::__details::__cm_buffer_attr<GENX_NONE>{})
#define GENX_TOP_FIELD (::__details::__cm_buffer_attr<GENX_TOP_FIELD>{})
#define GENX_BOTTOM_FIELD (::__details::__cm_buffer_attr<GENX_BOTTOM_FIELD>{})
#define GENX_DWALIGNED (::__details::__cm_buffer_attr<GENX_DWALIGNED>{})
#define GENX_MODIFIED (::__details::__cm_buffer_attr<GENX_MODIFIED>{})
#define GENX_MODIFIED_TOP_FIELD (::__details::__cm_buffer_attr<GENX_MODIFIED_TOP_FIELD>{})
#define GENX_MODIFIED_BOTTOM_FIELD (::__details::__cm_buffer_attr<GENX_MODIFIED_BOTTOM_FIELD>{})
#define GENX_MODIFIED_DWALIGNED (::__details::__cm_buffer_attr<GENX_MODIFIED_DWALIGNED>{})
#define GENX_CONSTANT (::__details::__cm_buffer_attr<GENX_CONSTANT>{})
#define GENX_CONSTANT_DWALIGNED (::__details::__cm_buffer_attr<GENX_CONSTANT_DWALIGNED>{})
#define TOP_FIELD(__x) __x, GENX_TOP_FIELD
#define BOTTOM_FIELD(__x) __x, GENX_BOTTOM_FIELD
#define DWALIGNED(__x) __x, GENX_DWALIGNED
#define MODIFIED(__x) __x, GENX_MODIFIED
#define MODIFIED_TOP_FIELD(__x) __x, GENX_MODIFIED_TOP_FIELD
#define MODIFIED_BOTTOM_FIELD(__x) __x, GENX_MODIFIED_BOTTOM_FIELD
#define MODIFIED_DWALIGNED(__x) __x, GENX_MODIFIED_DWALIGNED
#define CONSTANT(__x) __x, GENX_CONSTANT
#define CONSTANT_DWALIGNED(__x) __x, GENX_CONSTANT_DWALIGNED
#define ATOMIC_ADD (::__details::__cm_atomic_op<ATOMIC_ADD>{})
#define ATOMIC_SUB (::__details::__cm_atomic_op<ATOMIC_SUB>{})
#define ATOMIC_INC (::__details::__cm_atomic_op<ATOMIC_INC>{})
#define ATOMIC_DEC (::__details::__cm_atomic_op<ATOMIC_DEC>{})
#define ATOMIC_MIN (::__details::__cm_atomic_op<ATOMIC_MIN>{})
#define ATOMIC_MAX (::__details::__cm_atomic_op<ATOMIC_MAX>{})
#define ATOMIC_XCHG (::__details::__cm_atomic_op<ATOMIC_XCHG>{})
#define ATOMIC_CMPXCHG (::__details::__cm_atomic_op<ATOMIC_CMPXCHG>{})
#define ATOMIC_AND (::__details::__cm_atomic_op<ATOMIC_AND>{})
#define ATOMIC_OR (::__details::__cm_atomic_op<ATOMIC_OR>{})
#define ATOMIC_XOR (::__details::__cm_atomic_op<ATOMIC_XOR>{})
#define ATOMIC_MINSINT (::__details::__cm_atomic_op<ATOMIC_MINSINT>{})
#define ATOMIC_MAXSINT (::__details::__cm_atomic_op<ATOMIC_MAXSINT>{})
#define ATOMIC_FMAX (::__details::__cm_atomic_op<ATOMIC_FMAX>{})
#define ATOMIC_FMIN (::__details::__cm_atomic_op<ATOMIC_FMIN>{})
#define ATOMIC_FCMPWR (::__details::__cm_atomic_op<ATOMIC_FCMPWR>{})
#define ATOMIC_FADD (::__details::__cm_atomic_op<ATOMIC_FADD>{})
#define ATOMIC_FSUB (::__details::__cm_atomic_op<ATOMIC_FSUB>{})
#define ATOMIC_PREDEC (::__details::__cm_atomic_op<ATOMIC_PREDEC>{})
// ATOMIC_REVSUB (new = src0 - old, cmlangspec §4.4) has no vISA atomic operation (VISAAtomicOps ends the integer
// ones at IMAX/PREDEC), so IGC's vector-compute backend cannot take it: refused where it is written. It stands for
// ATOMIC_SUB afterwards only so that its error is the only one.
#define ATOMIC_REVSUB                                                                                              \
  __CM_REFUSE("ATOMIC_REVSUB", "vISA has no reverse-subtract atomic operation (compute src0 - old with an "        \
                               "ATOMIC_CMPXCHG loop)")                                                              \
  ATOMIC_SUB

enum ChannelMaskType {
  CM_R_ENABLE = 1,
  CM_G_ENABLE = 2,
  CM_GR_ENABLE = 3,
  CM_B_ENABLE = 4,
  CM_BR_ENABLE = 5,
  CM_BG_ENABLE = 6,
  CM_BGR_ENABLE = 7,
  CM_A_ENABLE = 8,
  CM_AR_ENABLE = 9,
  CM_AG_ENABLE = 10,
  CM_AGR_ENABLE = 11,
  CM_AB_ENABLE = 12,
  CM_ABR_ENABLE = 13,
  CM_ABG_ENABLE = 14,
  CM_ABGR_ENABLE = 15
};

// cmc's values: the channels *not* accessed.
enum SLM_ChannelMaskType {
  SLM_R_ENABLE = 14,
  SLM_G_ENABLE = 13,
  SLM_GR_ENABLE = 12,
  SLM_B_ENABLE = 11,
  SLM_BR_ENABLE = 10,
  SLM_BG_ENABLE = 9,
  SLM_BGR_ENABLE = 8,
  SLM_A_ENABLE = 7,
  SLM_AR_ENABLE = 6,
  SLM_AG_ENABLE = 5,
  SLM_AGR_ENABLE = 4,
  SLM_AB_ENABLE = 3,
  SLM_ABR_ENABLE = 2,
  SLM_ABG_ENABLE = 1,
  SLM_ABGR_ENABLE = 0
};

// cm_fence flags.
#define CM_GLOBAL_COHERENT_FENCE 1
#define CM_L3_FLUSH_INSTRUCTIONS 2
#define CM_L3_FLUSH_TEXTURE_DATA 4
#define CM_L3_FLUSH_CONSTANT_DATA 8
#define CM_L3_FLUSH_RW_DATA 0x10
#define CM_LOCAL_BARRIER 0x20
#define CM_L1_FLUSH_RO_DATA 0x40
#define CM_L1_FLUASH_RO_DATA CM_L1_FLUSH_RO_DATA // the spelling of the spec (§4.14)
#define CM_SW_BARRIER 0x80

namespace __details {

// ---- surfaces and their qualifiers -------------------------------------------------------------------------

__CM_INLINE unsigned __cm_bti(SurfaceIndex __idx) { return __idx.get_index(); }

constexpr unsigned __cm_slm_bti = 254;

// Rows and columns of an object (a vector is one row).
template <typename _X> struct __cm_rows_cols {
  static constexpr int __rows = __cm_object_traits<_X>::__rows ? __cm_object_traits<_X>::__rows : 1;
  static constexpr int __cols = __cm_object_traits<_X>::__cols;
};

template <typename _T> constexpr int __cm_log2_size = sizeof(_T) == 1 ? 0 : sizeof(_T) == 2 ? 1 : sizeof(_T) == 4 ? 2 : 3;

// ---- OWord block -------------------------------------------------------------------------------------------

template <typename _X> constexpr bool __cm_oword_size_ok() {
  constexpr int __bytes = __cm_count<_X> * (int)sizeof(__cm_elem_of<_X>);
  return __bytes == 16 || __bytes == 32 || __bytes == 64 || __bytes == 128;
}

template <bool _Unaligned, typename _X> __CM_INLINE void __cm_oword_read(unsigned __bti, unsigned __offset, _X &&__v) {
  using _D = __cm_plain<_X>;
  static_assert(__cm_oword_size_ok<_D>(), "an OWord block is 16, 32, 64 or 128 bytes");
  using _V = __cm_vec<__cm_elem_of<_D>, __cm_count<_D>>;
  if constexpr (_Unaligned)
    __v.__cm_write(__cm_genx_oword_ld_unaligned<_V>(0, __bti, __offset));
  else
    __v.__cm_write(__cm_genx_oword_ld<_V>(0, __bti, __offset >> 4));
}

template <typename _X> __CM_INLINE void __cm_oword_write(unsigned __bti, unsigned __offset, const _X &__v) {
  static_assert(__cm_oword_size_ok<_X>(), "an OWord block is 16, 32, 64 or 128 bytes");
  __cm_genx_oword_st<void>(__bti, __offset >> 4, __v.__cm_read());
}

// ---- media block -------------------------------------------------------------------------------------------

// Bytes a row of `width` bytes occupies in the message: the next power of two, at least 4.
constexpr int __cm_media_pitch(int __width) { return __width <= 4 ? 4 : 2 * __cm_media_pitch((__width + 1) / 2); }

// Rows one media block message moves at most: a message carries at most 256 bytes and 64 rows (vISA MEDIA_LD /
// MEDIA_ST's table of legal widths and heights: a row pitch of 4 bytes up to 64 rows, 8 up to 32, 16 up to 16,
// 32 up to 8, 64 up to 4). A taller block travels as bands of consecutive rows, one message each, at rows y,
// y + H, ...: the same bytes the one big message would move, since each row's bytes (and its clamping at the
// surface's edges, or dropping on a write) depend only on that row. With TOP_FIELD / BOTTOM_FIELD, y counts rows
// of the field, so the bands' rows are the field's rows too.
constexpr int __cm_media_rows(int __width) { return 256 / __cm_media_pitch(__width) < 64 ? 256 / __cm_media_pitch(__width) : 64; }

template <int _Mod, typename _T, int _R, int _C, int _W, int _R0>
__CM_INLINE __cm_vec<_T, _R * _C> __cm_media_read_bands(__cm_vec<_T, _R * _C> __acc, unsigned __bti, int __x, int __y, int __plane) {
  constexpr int _H = _R - _R0 < __cm_media_rows(_W) ? _R - _R0 : __cm_media_rows(_W);
  constexpr int _P = __cm_media_pitch(_W) / (int)sizeof(_T);
  __cm_vec<_T, _H * _P> __band = __cm_genx_media_ld<__cm_vec<_T, _H * _P>>(_Mod, __bti, __plane, _W, __x, __y + _R0);
  if constexpr (_P == _C)
    __acc = __cm_region_write<_T, _R * _C>(__acc, __band, _C, _C, 1, _R0 * _C);
  else
    __acc = __cm_region_write<_T, _R * _C>(__acc, __cm_region_read<_T, _H * _C>(__band, _P, _C, 1, 0), _C, _C, 1, _R0 * _C);
  if constexpr (_R0 + _H < _R)
    return __cm_media_read_bands<_Mod, _T, _R, _C, _W, _R0 + _H>(__acc, __bti, __x, __y, __plane);
  else
    return __acc;
}

template <int _Mod, typename _T, int _R, int _C, int _W, int _R0>
__CM_INLINE void __cm_media_write_bands(__cm_vec<_T, _R * _C> __all, unsigned __bti, int __x, int __y, int __plane) {
  constexpr int _H = _R - _R0 < __cm_media_rows(_W) ? _R - _R0 : __cm_media_rows(_W);
  constexpr int _P = __cm_media_pitch(_W) / (int)sizeof(_T);
  __cm_vec<_T, _H * _C> __rows = __cm_region_read<_T, _H * _C>(__all, _C, _C, 1, _R0 * _C);
  if constexpr (_P == _C)
    __cm_genx_media_st<void>(_Mod, __bti, __plane, _W, __x, __y + _R0, __rows);
  else {
    __cm_vec<_T, _H * _P> __padded = (_T)0;
    __cm_genx_media_st<void>(_Mod, __bti, __plane, _W, __x, __y + _R0, __cm_region_write<_T, _H * _P>(__padded, __rows, _P, _C, 1, 0));
  }
  if constexpr (_R0 + _H < _R)
    __cm_media_write_bands<_Mod, _T, _R, _C, _W, _R0 + _H>(__all, __bti, __x, __y, __plane);
}

template <int _Mod, typename _X> __CM_INLINE void __cm_media_read(unsigned __bti, int __x, int __y, _X &&__m, int __plane = 0) {
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  constexpr int _R = __cm_rows_cols<_D>::__rows, _C = __cm_rows_cols<_D>::__cols, _W = _C * (int)sizeof(_T);
  static_assert(_W <= 64, "a media block row is at most 64 bytes");
  constexpr int _P = __cm_media_pitch(_W) / (int)sizeof(_T);
  if constexpr (_R > __cm_media_rows(_W)) {
    __cm_vec<_T, _R * _C> __all;
    __m.__cm_write(__cm_media_read_bands<_Mod, _T, _R, _C, _W, 0>(__all, __bti, __x, __y, __plane));
  } else if constexpr (_P == _C)
    __m.__cm_write(__cm_genx_media_ld<__cm_vec<_T, _R * _C>>(_Mod, __bti, __plane, _W, __x, __y));
  else
    __m.__cm_write(__cm_region_read<_T, _R * _C>(__cm_genx_media_ld<__cm_vec<_T, _R * _P>>(_Mod, __bti, __plane, _W, __x, __y), _P, _C, 1, 0));
}

template <int _Mod, typename _X> __CM_INLINE void __cm_media_write(unsigned __bti, int __x, int __y, const _X &__m, int __plane = 0) {
  using _T = __cm_elem_of<_X>;
  constexpr int _R = __cm_rows_cols<_X>::__rows, _C = __cm_rows_cols<_X>::__cols, _W = _C * (int)sizeof(_T);
  static_assert(_W <= 64, "a media block row is at most 64 bytes");
  constexpr int _P = __cm_media_pitch(_W) / (int)sizeof(_T);
  if constexpr (_R > __cm_media_rows(_W))
    __cm_media_write_bands<_Mod, _T, _R, _C, _W, 0>(__m.__cm_read(), __bti, __x, __y, __plane);
  else if constexpr (_P == _C)
    __cm_genx_media_st<void>(_Mod, __bti, __plane, _W, __x, __y, __m.__cm_read());
  else {
    __cm_vec<_T, _R * _P> __padded = (_T)0;
    __cm_genx_media_st<void>(_Mod, __bti, __plane, _W, __x, __y, __cm_region_write<_T, _R * _P>(__padded, __m.__cm_read(), _P, _C, 1, 0));
  }
}

// ---- scattered ---------------------------------------------------------------------------------------------

template <typename _T, int _N> __CM_INLINE __cm_vec<unsigned short, _N> __cm_all_lanes() {
  __cm_vec<unsigned short, _N> __p = (unsigned short)1;
  return __p;
}

// Gathers N elements of T at byte offsets `g + off[i]` of a BTI.
template <typename _T, int _N, typename _P>
__CM_INLINE __cm_vec<_T, _N> __cm_gather(unsigned __bti, unsigned __g, __cm_vec<unsigned, _N> __off, _P __pred) {
  static_assert(sizeof(_T) <= 4, "scattered messages move 1-, 2- or 4-byte elements");
  if constexpr (sizeof(_T) == 4)
    return __cm_genx_gather_masked_scaled2<__cm_vec<_T, _N>>(__cm_log2_size<_T>, (short)0, __bti, __g, __off, __pred);
  else
    return __cm_cvt<_T, _N>(
        __cm_genx_gather_masked_scaled2<__cm_vec<unsigned, _N>>(__cm_log2_size<_T>, (short)0, __bti, __g, __off, __pred));
}

template <typename _T, int _N, typename _P>
__CM_INLINE void __cm_scatter(unsigned __bti, unsigned __g, __cm_vec<unsigned, _N> __off, __cm_vec<_T, _N> __data, _P __pred) {
  static_assert(sizeof(_T) <= 4, "scattered messages move 1-, 2- or 4-byte elements");
  if constexpr (sizeof(_T) == 4)
    __cm_genx_scatter_scaled<void>(__pred, __cm_log2_size<_T>, (short)0, __bti, __g, __off, __data);
  else
    __cm_genx_scatter_scaled<void>(__pred, __cm_log2_size<_T>, (short)0, __bti, __g, __off, __cm_cvt<unsigned, _N>(__data));
}

// Scattered read/write at byte `base + (g + eoff[i]) * unit`, the unit being the element size (1 for the _scaled
// forms).
template <bool _Scaled, typename _E, typename _X>
__CM_INLINE void __cm_scattered_read(unsigned __bti, unsigned __base, unsigned __g, const _E &__eoff, _X &&__v) {
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  constexpr int _N = __cm_count<_D>;
  constexpr unsigned __unit = _Scaled ? 1 : sizeof(_T);
  __v.__cm_write(__cm_gather<_T, _N>(__bti, __base + __g * __unit, __cm_operand<unsigned, _N>(__eoff) * __unit, __cm_all_lanes<_T, _N>()));
}

template <bool _Scaled, typename _E, typename _X>
__CM_INLINE void __cm_scattered_write(unsigned __bti, unsigned __base, unsigned __g, const _E &__eoff, const _X &__v) {
  using _T = __cm_elem_of<_X>;
  constexpr int _N = __cm_width<_E, _X>;
  constexpr unsigned __unit = _Scaled ? 1 : sizeof(_T);
  __cm_scatter<_T, _N>(__bti, __base + __g * __unit, __cm_operand<unsigned, _N>(__eoff) * __unit, __cm_operand<_T, _N>(__v),
                     __cm_all_lanes<_T, _N>());
}

// ---- untyped (4-channel) -----------------------------------------------------------------------------------

// Offsets in dwords, or in bytes when _Scaled (cm_slm_read4_scaled / cm_slm_write4_scaled).
template <bool _Scaled = false, typename _E, typename _X>
__CM_INLINE void __cm_untyped_read(unsigned __mask, unsigned __bti, unsigned __g, const _E &__eoff, _X &&__m) {
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  constexpr int _N = __cm_count<_E>;
  static_assert(sizeof(_T) == 4, "untyped messages move dwords");
  __m.__cm_write(__cm_genx_gather4_masked_scaled2<__cm_vec<_T, __cm_count<_D>>>(__mask, (short)0, __bti, __g,
                                                                        __cm_operand<unsigned, _N>(__eoff) * (_Scaled ? 1u : 4u),
                                                                        __cm_all_lanes<_T, _N>()));
}

template <bool _Scaled = false, typename _E, typename _X>
__CM_INLINE void __cm_untyped_write(unsigned __mask, unsigned __bti, unsigned __g, const _E &__eoff, const _X &__m) {
  using _T = __cm_elem_of<_X>;
  constexpr int _N = __cm_count<_E>;
  static_assert(sizeof(_T) == 4, "untyped messages move dwords");
  __cm_genx_scatter4_scaled<void>(__cm_all_lanes<_T, _N>(), __mask, (short)0, __bti, __g, __cm_operand<unsigned, _N>(__eoff) * (_Scaled ? 1u : 4u),
                                  __m.__cm_read());
}

// ---- atomics -----------------------------------------------------------------------------------------------

constexpr int __cm_atomic_sources(int __op) {
  return __op == ATOMIC_INC || __op == ATOMIC_DEC || __op == ATOMIC_PREDEC      ? 0
         : __op == ATOMIC_CMPXCHG || __op == ATOMIC_FCMPWR ? 2
                                                       : 1;
}

template <int _I, typename _A, typename... _R> __CM_INLINE decltype(auto) __cm_nth(_A &&__a, _R &&...__r) {
  if constexpr (_I == 0)
    return static_cast<_A &&>(__a);
  else
    return __cm_nth<_I - 1>(static_cast<_R &&>(__r)...);
}

// The element type of an atomic: that of its first source or result object, else uint.
template <typename... _S> struct __cm_atomic_elem_t { using __type = unsigned; };
template <typename _S, typename... _R> struct __cm_atomic_elem_t<_S, _R...> {
  using __type = __cm_cond<__cm_obj<_S>, __cm_elem_of<_S>, unsigned>;
};

#define __CM_ATOMIC_CASE(__op, __name, ...)                                                                             \
  if constexpr (_Op == __op)                                                                                          \
    return __cm_genx_##__name<_V>(__VA_ARGS__);                                                                       \
  else

// genx.dword.atomic2.<op>(pred, bti, byte offsets, src...).
template <int _Op, typename _T, int _N, typename _P>
__CM_INLINE __cm_vec<_T, _N> __cm_dword_atomic(_P __pred, unsigned __bti, __cm_vec<unsigned, _N> __off, __cm_vec<_T, _N> __s0,
                                             __cm_vec<_T, _N> __s1) {
  using _V = __cm_vec<_T, _N>;
  __CM_ATOMIC_CASE(ATOMIC_ADD, dword_atomic2_add, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_SUB, dword_atomic2_sub, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_INC, dword_atomic2_inc, __pred, __bti, __off)
  __CM_ATOMIC_CASE(ATOMIC_DEC, dword_atomic2_dec, __pred, __bti, __off)
  __CM_ATOMIC_CASE(ATOMIC_MIN, dword_atomic2_min, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_MAX, dword_atomic2_max, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_XCHG, dword_atomic2_xchg, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_CMPXCHG, dword_atomic2_cmpxchg, __pred, __bti, __off, __s0, __s1)
  __CM_ATOMIC_CASE(ATOMIC_AND, dword_atomic2_and, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_OR, dword_atomic2_or, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_XOR, dword_atomic2_xor, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_MINSINT, dword_atomic2_imin, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_MAXSINT, dword_atomic2_imax, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_FMAX, dword_atomic2_fmax, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_FMIN, dword_atomic2_fmin, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_FCMPWR, dword_atomic2_fcmpwr, __pred, __bti, __off, __s0, __s1)
  __CM_ATOMIC_CASE(ATOMIC_FADD, dword_atomic2_fadd, __pred, __bti, __off, __s0)
  __CM_ATOMIC_CASE(ATOMIC_FSUB, dword_atomic2_fsub, __pred, __bti, __off, __s0)
  // ATOMIC_PREDEC (§4.4: new = old - 1, returns new) has no message of its own: ATOMIC_DEC, whose result (old)
  // minus one is the new value.
  if constexpr (_Op == ATOMIC_PREDEC)
    return __cm_genx_dword_atomic2_dec<_V>(__pred, __bti, __off) - (_T)1;
  else {
    static_assert(_Op != _Op, "this atomic operation has no DWORD atomic message");
    return __s0;
  }
}

// genx.svm.atomic.<op>(pred, addresses, src..., old).
template <int _Op, typename _T, int _N, typename _P>
__CM_INLINE __cm_vec<_T, _N> __cm_svm_atomic_op(_P __pred, __cm_vec<unsigned long long, _N> __addr, __cm_vec<_T, _N> __s0,
                                              __cm_vec<_T, _N> __s1) {
  using _V = __cm_vec<_T, _N>;
  _V __old = (_T)0;
  __CM_ATOMIC_CASE(ATOMIC_ADD, svm_atomic_add, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_SUB, svm_atomic_sub, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_INC, svm_atomic_inc, __pred, __addr, __old)
  __CM_ATOMIC_CASE(ATOMIC_DEC, svm_atomic_dec, __pred, __addr, __old)
  __CM_ATOMIC_CASE(ATOMIC_MIN, svm_atomic_min, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_MAX, svm_atomic_max, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_XCHG, svm_atomic_xchg, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_CMPXCHG, svm_atomic_cmpxchg, __pred, __addr, __s0, __s1, __old)
  __CM_ATOMIC_CASE(ATOMIC_AND, svm_atomic_and, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_OR, svm_atomic_or, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_XOR, svm_atomic_xor, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_MINSINT, svm_atomic_imin, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_MAXSINT, svm_atomic_imax, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_FMAX, svm_atomic_fmax, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_FMIN, svm_atomic_fmin, __pred, __addr, __s0, __old)
  __CM_ATOMIC_CASE(ATOMIC_FCMPWR, svm_atomic_fcmpwr, __pred, __addr, __s0, __s1, __old)
  // ATOMIC_PREDEC: ATOMIC_DEC's result (old) minus one, as for the DWORD atomics.
  if constexpr (_Op == ATOMIC_PREDEC)
    return __cm_genx_svm_atomic_dec<_V>(__pred, __addr, __old) - (_T)1;
  else {
    static_assert(_Op != _Op, "this atomic operation has no SVM atomic message");
    return __s0;
  }
}
#undef __CM_ATOMIC_CASE

// write_atomic's trailing arguments: the operation's sources (0, 1 or 2), then optionally the result.
template <int _Op, int _N, typename _P, typename... _S>
__CM_INLINE void __cm_write_atomic(_P __pred, unsigned __bti, __cm_vec<unsigned, _N> __off, _S &&...__rest) {
  constexpr int _K = __cm_atomic_sources(_Op), _L = sizeof...(_S);
  static_assert(_L == _K || _L == _K + 1, "write_atomic: wrong number of sources for this operation");
  using _T = typename __cm_atomic_elem_t<__cm_plain<_S>...>::__type;
  static_assert(sizeof(_T) == 4, "DWORD atomics take 32-bit elements");
  __cm_vec<_T, _N> __s0 = (_T)0, __s1 = (_T)0;
  if constexpr (_K >= 1)
    __s0 = __cm_operand<_T, _N>(__cm_nth<0>(static_cast<_S &&>(__rest)...));
  if constexpr (_K >= 2)
    __s1 = __cm_operand<_T, _N>(__cm_nth<1>(static_cast<_S &&>(__rest)...));
  __cm_vec<_T, _N> __old = __cm_dword_atomic<_Op, _T, _N>(__pred, __bti, __off, __s0, __s1);
  if constexpr (_L == _K + 1)
    __cm_put<_N>(__cm_nth<_K>(static_cast<_S &&>(__rest)...), __old);
}

} // namespace __details

// ---- OWord block read/write --------------------------------------------------------------------------------

template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void read(SurfaceIndex __idx, int __offset, _X &&__v) {
  __details::__cm_oword_read<false>(__details::__cm_bti(__idx), __offset, static_cast<_X &&>(__v));
}
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void read(SurfaceIndex __idx, __details::__cm_buffer_attr<_A>, int __offset, _X &&__v)
    __attribute__((__diagnose_if__(!__details::__cm_oword_read_attr(_A),
                                   "read(idx, attribute, offset, v): an OWord block read takes GENX_NONE, DWALIGNED, "
                                   "MODIFIED, MODIFIED_DWALIGNED, CONSTANT or CONSTANT_DWALIGNED",
                                   "error"))) {
  __details::__cm_oword_read<__details::__cm_dwaligned_attr(_A)>(__details::__cm_bti(__idx), __offset,
                                                             static_cast<_X &&>(__v));
}
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void write(SurfaceIndex __idx, int __offset, const _X &__v) {
  __details::__cm_oword_write(__details::__cm_bti(__idx), __offset, __v);
}
// An OWord read of an SLM buffer (an unsigned) instead of a surface, as the usage note of cmlangspec §4.6's
// cm_slm_block_read spells it (read(DWALIGNED(slmBuffer), ...)): refused at the call with the function to use.
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
void read(unsigned __slm, __details::__cm_buffer_attr<_A>, int __offset, _X &&__v)
    __attribute__((__diagnose_if__(true, "read() reads a surface (a SurfaceIndex); an SLM buffer is read with "
                                         "cm_slm_block_read(buffer, [attribute,] offset, v)", "error")));
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
void read(unsigned __slm, int __offset, _X &&__v)
    __attribute__((__diagnose_if__(true, "read() reads a surface (a SurfaceIndex); an SLM buffer is read with "
                                         "cm_slm_block_read(buffer, [attribute,] offset, v)", "error")));

// ---- media block read/write --------------------------------------------------------------------------------

template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void read(SurfaceIndex __idx, int __x, int __y, _X &&__m) {
  __details::__cm_media_read<0>(__details::__cm_bti(__idx), __x, __y, static_cast<_X &&>(__m));
}
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void read(SurfaceIndex __idx, __details::__cm_buffer_attr<_A>, int __x, int __y, _X &&__m)
    __attribute__((__diagnose_if__(__details::__cm_media_ld_modifier(_A) < 0,
                                   "read(idx, attribute, x, y, m): a media block read takes GENX_NONE, TOP_FIELD, "
                                   "BOTTOM_FIELD, MODIFIED, MODIFIED_TOP_FIELD or MODIFIED_BOTTOM_FIELD",
                                   "error"))) {
  constexpr int _Mod = __details::__cm_media_ld_modifier(_A);
  __details::__cm_media_read<_Mod < 0 ? 0 : _Mod>(__details::__cm_bti(__idx), __x, __y, static_cast<_X &&>(__m));
}
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void write(SurfaceIndex __idx, int __x, int __y, const _X &__m) {
  __details::__cm_media_write<0>(__details::__cm_bti(__idx), __x, __y, __m);
}
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void write(SurfaceIndex __idx, __details::__cm_buffer_attr<_A>, int __x, int __y, const _X &__m)
    __attribute__((__diagnose_if__(__details::__cm_media_st_modifier(_A) < 0,
                                   "write(idx, attribute, x, y, m): a media block write takes GENX_NONE, TOP_FIELD or "
                                   "BOTTOM_FIELD",
                                   "error"))) {
  constexpr int _Mod = __details::__cm_media_st_modifier(_A);
  __details::__cm_media_write<_Mod < 0 ? 0 : _Mod>(__details::__cm_bti(__idx), __x, __y, __m);
}

// ---- scattered read/write ----------------------------------------------------------------------------------

template <typename _E, typename _X,
          typename = __details::__cm_if<__details::__cm_obj<_E> && __details::__cm_obj<_X>>>
__CM_INLINE void read(SurfaceIndex __idx, unsigned __global_offset, const _E &__element_offset, _X &&__v) {
  __details::__cm_scattered_read<false>(__details::__cm_bti(__idx), 0, __global_offset, __element_offset, static_cast<_X &&>(__v));
}
template <typename _E, typename _X,
          typename = __details::__cm_if<__details::__cm_obj<_E> && __details::__cm_obj<_X>>>
__CM_INLINE void write(SurfaceIndex __idx, unsigned __global_offset, const _E &__element_offset, const _X &__v) {
  __details::__cm_scattered_write<false>(__details::__cm_bti(__idx), 0, __global_offset, __element_offset, __v);
}
// The scalar form: one element at (global_offset + element_offset) elements.
template <typename _V, typename = __details::__cm_if<__details::__cm_ok<_V> && __details::__cm_count<_V> == 0>>
__CM_INLINE void write(SurfaceIndex __idx, unsigned __global_offset, unsigned __element_offset, const _V &__value) {
  using namespace __details;
  using _T = __cm_elem_of<_V>;
  __cm_vec<unsigned, 1> __off = __element_offset * (unsigned)sizeof(_T);
  __cm_vec<_T, 1> __data = (_T)__value;
  __cm_scatter<_T, 1>(__cm_bti(__idx), __global_offset * (unsigned)sizeof(_T), __off, __data, __cm_all_lanes<_T, 1>());
}
template <typename _E, typename _X,
          typename = __details::__cm_if<__details::__cm_obj<_E> && __details::__cm_obj<_X>>>
__CM_INLINE void read_scaled(SurfaceIndex __idx, unsigned __global_offset, const _E &__element_offset, _X &&__v) {
  __details::__cm_scattered_read<true>(__details::__cm_bti(__idx), 0, __global_offset, __element_offset, static_cast<_X &&>(__v));
}
template <typename _E, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void write_scaled(SurfaceIndex __idx, unsigned __global_offset, const _E &__element_offset, const _X &__v) {
  __details::__cm_scattered_write<true>(__details::__cm_bti(__idx), 0, __global_offset, __element_offset, __v);
}

// ---- untyped read/write ------------------------------------------------------------------------------------

template <typename _X, typename _E, typename = __details::__cm_if<__details::__cm_obj<_X> && __details::__cm_obj<_E>>>
__CM_INLINE void read_untyped(SurfaceIndex __idx, ChannelMaskType __mask, _X &&__m, const _E &__u) {
  __details::__cm_untyped_read(__mask, __details::__cm_bti(__idx), 0, __u, static_cast<_X &&>(__m));
}
template <typename _X, typename _E, typename = __details::__cm_if<__details::__cm_obj<_X> && __details::__cm_obj<_E>>>
__CM_INLINE void write_untyped(SurfaceIndex __idx, ChannelMaskType __mask, const _X &__m, const _E &__u) {
  __details::__cm_untyped_write(__mask, __details::__cm_bti(__idx), 0, __u, __m);
}

// ---- DWORD atomics -----------------------------------------------------------------------------------------

// write_atomic<OP>([mask,] idx, element_offset (dwords) [, src0 [, src1]] [, ret]).
template <CmAtomicOpType _Op, typename _E, typename... _S, typename = __details::__cm_if<__details::__cm_obj<_E>>>
__CM_INLINE void write_atomic(SurfaceIndex __idx, const _E &__element_offset, _S &&...__rest) {
  using namespace __details;
  constexpr int _N = __cm_count<_E>;
  __cm_write_atomic<_Op, _N>(__cm_all_lanes<unsigned, _N>(), __cm_bti(__idx), __cm_operand<unsigned, _N>(__element_offset) * 4u,
                           static_cast<_S &&>(__rest)...);
}
template <CmAtomicOpType _Op, typename _M, typename _E, typename... _S,
          typename = __details::__cm_if<__details::__cm_obj<_M> && __details::__cm_obj<_E>>>
__CM_INLINE void write_atomic(const _M &__mask, SurfaceIndex __idx, const _E &__element_offset, _S &&...__rest) {
  using namespace __details;
  constexpr int _N = __cm_width<_M, _E>;
  __cm_write_atomic<_Op, _N>(__cm_operand<unsigned short, _N>(__mask) & (unsigned short)1, __cm_bti(__idx),
                           __cm_operand<unsigned, _N>(__element_offset) * 4u, static_cast<_S &&>(__rest)...);
}

// Legacy DWORD atomics (before write_atomic): write(idx, ATOMIC_<op>, global_offset, element_offset
// [, src0 [, src1]], ret), offsets in dwords; `ret` receives the old values, or is NULL (0) when not wanted.
template <int _Op, typename _E, typename... _S, typename = __details::__cm_if<__details::__cm_obj<_E>>>
__CM_INLINE void write(SurfaceIndex __idx, __details::__cm_atomic_op<_Op>, unsigned __global_offset, const _E &__element_offset,
                       _S &&...__rest) {
  using namespace __details;
  constexpr int _N = __cm_count<_E>, _K = __cm_atomic_sources(_Op);
  static_assert(sizeof...(_S) == _K + 1, "write(idx, ATOMIC_op, ...): the operation's sources, then the result or NULL");
  __cm_vec<unsigned, _N> __off = (__cm_operand<unsigned, _N>(__element_offset) + __global_offset) * 4u;
  auto __pred = __cm_all_lanes<unsigned, _N>();
  constexpr bool __keep = __cm_obj<decltype(__cm_nth<_K>(static_cast<_S &&>(__rest)...))>;
  if constexpr (__keep)
    __cm_write_atomic<_Op, _N>(__pred, __cm_bti(__idx), __off, static_cast<_S &&>(__rest)...);
  else if constexpr (_K == 0)
    __cm_write_atomic<_Op, _N>(__pred, __cm_bti(__idx), __off);
  else if constexpr (_K == 1)
    __cm_write_atomic<_Op, _N>(__pred, __cm_bti(__idx), __off, __cm_nth<0>(static_cast<_S &&>(__rest)...));
  else
    __cm_write_atomic<_Op, _N>(__pred, __cm_bti(__idx), __off, __cm_nth<0>(static_cast<_S &&>(__rest)...),
                             __cm_nth<1>(static_cast<_S &&>(__rest)...));
}

// ---- typed surfaces ----------------------------------------------------------------------------------------

namespace __details {
// Argument I of a typed message's trailing arguments as an N-lane uint vector, or 0 when there are fewer
// (the absent coordinates v, r, lod).
template <int _I, int _N, typename... _C> __CM_INLINE __cm_vec<unsigned, _N> __cm_coord(const _C &...__c) {
  if constexpr (_I < (int)sizeof...(_C))
    return __cm_operand<unsigned, _N>(__cm_nth<_I>(__c...));
  else
    return 0u;
}
} // namespace __details

// read_typed(idx, channels, m, u [, v [, r]]): for each of the N lanes of u, the enabled RGBA channels of the
// texel at (u, v, r), channel-major into m (one row of N per enabled channel); genx.gather4.typed.
template <typename _X, typename _U, typename... _C,
          typename = __details::__cm_if<__details::__cm_obj<_X> && __details::__cm_obj<_U> && (sizeof...(_C) <= 2)>>
__CM_INLINE void read_typed(SurfaceIndex __idx, ChannelMaskType __mask, _X &&__m, const _U &__u, const _C &...__vr) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  constexpr int _N = __cm_count<_U>;
  static_assert(sizeof(_T) == 4, "read_typed moves dwords");
  static_assert(__cm_count<_D> % _N == 0, "read_typed: the matrix holds a row of N per enabled channel");
  __cm_vec<_T, __cm_count<_D>> __old = (_T)0;
  __m.__cm_write(__cm_genx_gather4_typed<__cm_vec<_T, __cm_count<_D>>>(
      (int)__mask, __cm_all_lanes<_T, _N>(), __cm_bti(__idx), __cm_operand<unsigned, _N>(__u), __cm_coord<0, _N>(__vr...),
      __cm_coord<1, _N>(__vr...), __old));
}
// write_typed(idx, channels, m, u [, v [, r]]): the inverse (genx.scatter4.typed).
template <typename _X, typename _U, typename... _C,
          typename = __details::__cm_if<__details::__cm_obj<_X> && __details::__cm_obj<_U> && (sizeof...(_C) <= 2)>>
__CM_INLINE void write_typed(SurfaceIndex __idx, ChannelMaskType __mask, const _X &__m, const _U &__u, const _C &...__vr) {
  using namespace __details;
  using _T = __cm_elem_of<_X>;
  constexpr int _N = __cm_count<_U>;
  static_assert(sizeof(_T) == 4, "write_typed moves dwords");
  static_assert(__cm_count<_X> % _N == 0, "write_typed: the matrix holds a row of N per enabled channel");
  __cm_genx_scatter4_typed<void>((int)__mask, __cm_all_lanes<_T, _N>(), __cm_bti(__idx), __cm_operand<unsigned, _N>(__u),
                                 __cm_coord<0, _N>(__vr...), __cm_coord<1, _N>(__vr...), __m.__cm_read());
}

namespace __details {
#define __CM_TYPED_CASE(__op, __name, ...)                                                                              \
  if constexpr (_Op == __op)                                                                                          \
    return __cm_genx_##__name<_V>(__pred, __bti, __VA_ARGS__);                                                            \
  else
// genx.typed.atomic.<op>(pred, bti, src..., u, v, r, lod).
template <int _Op, typename _T, int _N, typename _P>
__CM_INLINE __cm_vec<_T, _N> __cm_typed_atomic(_P __pred, unsigned __bti, __cm_vec<_T, _N> __s0, __cm_vec<_T, _N> __s1,
                                             __cm_vec<unsigned, _N> __u, __cm_vec<unsigned, _N> __v, __cm_vec<unsigned, _N> __r,
                                             __cm_vec<unsigned, _N> __lod) {
  using _V = __cm_vec<_T, _N>;
  __CM_TYPED_CASE(ATOMIC_ADD, typed_atomic_add, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_SUB, typed_atomic_sub, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_INC, typed_atomic_inc, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_DEC, typed_atomic_dec, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_MIN, typed_atomic_min, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_MAX, typed_atomic_max, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_XCHG, typed_atomic_xchg, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_CMPXCHG, typed_atomic_cmpxchg, __s0, __s1, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_AND, typed_atomic_and, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_OR, typed_atomic_or, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_XOR, typed_atomic_xor, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_MINSINT, typed_atomic_imin, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_MAXSINT, typed_atomic_imax, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_FMAX, typed_atomic_fmax, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_FMIN, typed_atomic_fmin, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_FADD, typed_atomic_fadd, __s0, __u, __v, __r, __lod)
  __CM_TYPED_CASE(ATOMIC_FSUB, typed_atomic_fsub, __s0, __u, __v, __r, __lod)
  // ATOMIC_PREDEC: ATOMIC_DEC's result (old) minus one, as for the DWORD atomics.
  if constexpr (_Op == ATOMIC_PREDEC)
    return __cm_genx_typed_atomic_dec<_V>(__pred, __bti, __u, __v, __r, __lod) - (_T)1;
  else {
    static_assert(_Op != _Op, "this atomic operation has no typed atomic message");
    return __s0;
  }
}
#undef __CM_TYPED_CASE

template <int _Op, int _N, typename _P, typename _D, typename... _A>
__CM_INLINE void __cm_write_typed_atomic(_P __pred, unsigned __bti, _D &&__ret, const _A &...__a) {
  constexpr int _K = __cm_atomic_sources(_Op), _L = sizeof...(_A);
  static_assert(_L >= _K + 1 && _L <= _K + 4,
                "write_typed_atomic: the result, the operation's sources, then u [, v [, r [, lod]]]");
  using _T = __cm_elem_of<_D>;
  static_assert(sizeof(_T) == 4, "typed atomics take 32-bit elements");
  __cm_vec<_T, _N> __s0 = (_T)0, __s1 = (_T)0;
  if constexpr (_K >= 1)
    __s0 = __cm_operand<_T, _N>(__cm_nth<0>(__a...));
  if constexpr (_K >= 2)
    __s1 = __cm_operand<_T, _N>(__cm_nth<1>(__a...));
  __cm_put<_N>(static_cast<_D &&>(__ret),
              __cm_typed_atomic<_Op, _T, _N>(__pred, __bti, __s0, __s1, __cm_coord<_K, _N>(__a...),
                                          __cm_coord<_K + 1, _N>(__a...), __cm_coord<_K + 2, _N>(__a...),
                                          __cm_coord<_K + 3, _N>(__a...)));
}
} // namespace __details

// write_typed_atomic<OP>([mask,] idx, ret, [src0, [src1,]] u [, v [, r [, lod]]]): per lane (of those whose
// mask element has its LSB set), the operation on the texel at (u, v, r, lod) of a typed surface; `ret` receives
// the old values.
template <CmAtomicOpType _Op, typename _D, typename... _A, typename = __details::__cm_if<__details::__cm_obj<_D>>>
__CM_INLINE void write_typed_atomic(SurfaceIndex __idx, _D &&__ret, const _A &...__a) {
  using namespace __details;
  constexpr int _N = __cm_count<_D>;
  __details::__cm_write_typed_atomic<_Op, _N>(__cm_all_lanes<unsigned, _N>(), __cm_bti(__idx), static_cast<_D &&>(__ret), __a...);
}
template <CmAtomicOpType _Op, typename _M, typename _D, typename... _A,
          typename = __details::__cm_if<__details::__cm_obj<_M> && __details::__cm_obj<_D>>>
__CM_INLINE void write_typed_atomic(const _M &__mask, SurfaceIndex __idx, _D &&__ret, const _A &...__a) {
  using namespace __details;
  constexpr int _N = __cm_count<_D>;
  __details::__cm_write_typed_atomic<_Op, _N>(__cm_operand<unsigned short, _N>(__mask) & (unsigned short)1, __cm_bti(__idx),
                                          static_cast<_D &&>(__ret), __a...);
}

// ---- planar surfaces ---------------------------------------------------------------------------------------

enum CmSurfacePlaneIndex { GENX_SURFACE_Y_PLANE = 0, GENX_SURFACE_U_PLANE = 1, GENX_SURFACE_UV_PLANE = 1, GENX_SURFACE_V_PLANE = 2 };

// read_plane / write_plane(idx, plane, x, y, m): a media block of one plane of a planar (NV12, ...) surface; the
// plane (a CmSurfacePlaneIndex, or an int as the spec's write_plane takes) must be a constant (genx.media.ld/st's
// plane operand).
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void read_plane(SurfaceIndex __idx, int __plane, int __x, int __y, _X &&__m) {
  __details::__cm_media_read<0>(__details::__cm_bti(__idx), __x, __y, static_cast<_X &&>(__m), __plane);
}
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void write_plane(SurfaceIndex __idx, int __plane, int __x, int __y, const _X &__m) {
  __details::__cm_media_write<0>(__details::__cm_bti(__idx), __x, __y, __m, __plane);
}
// The same qualified as the spec's §4.5 allows (read_plane(TOP_FIELD(idx), plane, x, y, m)): the attribute is the
// media block's modifier, as for read / write.
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void read_plane(SurfaceIndex __idx, __details::__cm_buffer_attr<_A>, int __plane, int __x, int __y, _X &&__m)
    __attribute__((__diagnose_if__(__details::__cm_media_ld_modifier(_A) < 0,
                                   "read_plane(idx, attribute, plane, x, y, m): a media block read takes GENX_NONE, "
                                   "TOP_FIELD, BOTTOM_FIELD, MODIFIED, MODIFIED_TOP_FIELD or MODIFIED_BOTTOM_FIELD",
                                   "error"))) {
  constexpr int _Mod = __details::__cm_media_ld_modifier(_A);
  __details::__cm_media_read<_Mod < 0 ? 0 : _Mod>(__details::__cm_bti(__idx), __x, __y, static_cast<_X &&>(__m), __plane);
}
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void write_plane(SurfaceIndex __idx, __details::__cm_buffer_attr<_A>, int __plane, int __x, int __y,
                             const _X &__m)
    __attribute__((__diagnose_if__(__details::__cm_media_st_modifier(_A) < 0,
                                   "write_plane(idx, attribute, plane, x, y, m): a media block write takes GENX_NONE, "
                                   "TOP_FIELD or BOTTOM_FIELD",
                                   "error"))) {
  constexpr int _Mod = __details::__cm_media_st_modifier(_A);
  __details::__cm_media_write<_Mod < 0 ? 0 : _Mod>(__details::__cm_bti(__idx), __x, __y, __m, __plane);
}

// ---- thread dependencies -----------------------------------------------------------------------------------

// cm_wait(mask) / cm_signal(): the media walker's thread dependencies. Up to Gen10 the hardware scoreboard does
// the work (vISA WAIT; signalling is implicit at thread end, so cm_signal does nothing). From Gen11 on, Intel's
// cmc implements them in software through a scoreboard surface the runtime binds, which this compiler does not
// implement: there the calls are refused at the user's line.
#if defined(CM_GENX) && CM_GENX < 1100
__CM_INLINE void cm_wait(unsigned char __mask = 0) { __details::__cm_genx_wait<void>(__mask); }
__CM_INLINE void cm_signal() {}
#else
void cm_wait(unsigned char __mask = 0xff)
    __attribute__((__diagnose_if__(true, "cm_wait is not supported on this platform: Gen11 and later implement thread "
                                     "dependencies with a software scoreboard, which this compiler does not",
                               "error")));
void cm_signal()
    __attribute__((__diagnose_if__(true, "cm_signal is not supported on this platform: Gen11 and later implement thread "
                                     "dependencies with a software scoreboard, which this compiler does not",
                               "error")));
#endif

// ---- shared local memory -----------------------------------------------------------------------------------

__CM_INLINE void cm_slm_init(unsigned __size) { __details::__cm_builtin_slm_init(__size); }
__CM_INLINE unsigned cm_slm_alloc(unsigned __size) { return __details::__cm_builtin_slm_alloc(__size); }

template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_read(unsigned __slm, const _A &__addr, _X &&__dst) {
  __details::__cm_scattered_read<false>(__details::__cm_slm_bti, __slm, 0, __addr,
                                      static_cast<_X &&>(__dst));
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_read_scaled(unsigned __slm, const _A &__addr, _X &&__dst) {
  __details::__cm_scattered_read<true>(__details::__cm_slm_bti, __slm, 0, __addr, static_cast<_X &&>(__dst));
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_write(unsigned __slm, const _A &__addr, const _X &__src) {
  __details::__cm_scattered_write<false>(__details::__cm_slm_bti, __slm, 0, __addr, __src);
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_write_scaled(unsigned __slm, const _A &__addr, const _X &__src) {
  __details::__cm_scattered_write<true>(__details::__cm_slm_bti, __slm, 0, __addr, __src);
}

// read4/write4: addresses in dwords (bytes for _scaled); mask in cmc's inverted SLM_ChannelMaskType.
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_read4(unsigned __slm, const _A &__addr, _X &&__dst, SLM_ChannelMaskType __mask) {
  __details::__cm_untyped_read(~(unsigned)__mask & 15u, __details::__cm_slm_bti, __slm, __addr, static_cast<_X &&>(__dst));
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_write4(unsigned __slm, const _A &__addr, const _X &__src, SLM_ChannelMaskType __mask) {
  __details::__cm_untyped_write(~(unsigned)__mask & 15u, __details::__cm_slm_bti, __slm, __addr, __src);
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_read4_scaled(unsigned __slm, const _A &__addr, _X &&__dst, SLM_ChannelMaskType __mask) {
  __details::__cm_untyped_read<true>(~(unsigned)__mask & 15u, __details::__cm_slm_bti, __slm, __addr,
                                     static_cast<_X &&>(__dst));
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_write4_scaled(unsigned __slm, const _A &__addr, const _X &__src, SLM_ChannelMaskType __mask) {
  __details::__cm_untyped_write<true>(~(unsigned)__mask & 15u, __details::__cm_slm_bti, __slm, __addr, __src);
}

template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_block_read(unsigned __slm, int __offset, _X &&__v) {
  __details::__cm_oword_read<false>(__details::__cm_slm_bti, __slm + __offset, static_cast<_X &&>(__v));
}
template <int _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_block_read(unsigned __slm, __details::__cm_buffer_attr<_A>, int __offset, _X &&__v)
    __attribute__((__diagnose_if__(!__details::__cm_oword_read_attr(_A),
                                   "cm_slm_block_read(slm, attribute, offset, v): an SLM block read takes GENX_NONE, "
                                   "DWALIGNED or MODIFIED_DWALIGNED",
                                   "error"))) {
  __details::__cm_oword_read<__details::__cm_dwaligned_attr(_A)>(__details::__cm_slm_bti, __slm + __offset,
                                                             static_cast<_X &&>(__v));
}
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_slm_block_write(unsigned __slm, int __offset, const _X &__v) {
  __details::__cm_oword_write(__details::__cm_slm_bti, __slm + __offset, __v);
}

namespace __details {
// cm_slm_atomic(slm, op, addr (dwords), dst [, src0 [, src1]]); dst may be NULL.
template <int _Op, typename _A, typename _D, typename... _S>
__CM_INLINE void __cm_slm_atomic(unsigned __slm, const _A &__addr, _D &&__dst, _S &&...__src) {
  constexpr int _N = __cm_count<_A>;
  __cm_vec<unsigned, _N> __off = __cm_operand<unsigned, _N>(__addr) * 4u + __slm;
  if constexpr (__cm_obj<_D>)
    __cm_write_atomic<_Op, _N>(__cm_all_lanes<unsigned, _N>(), __cm_slm_bti, __off, static_cast<_S &&>(__src)...,
                             static_cast<_D &&>(__dst));
  else
    __cm_write_atomic<_Op, _N>(__cm_all_lanes<unsigned, _N>(), __cm_slm_bti, __off, static_cast<_S &&>(__src)...);
}
} // namespace __details
#define cm_slm_atomic(__slm, __op, ...) (__details::__cm_slm_atomic<(__op)>((__slm), __VA_ARGS__))

__CM_INLINE void cm_barrier() { __details::__cm_genx_barrier<void>(); }
// cm_sbarrier(flag): the split barrier, signal (1) and wait (0) as two calls; flag must be a constant
// (genx.sbarrier's immediate operand).
__CM_INLINE void cm_sbarrier(unsigned __flag) { __details::__cm_genx_sbarrier<void>((unsigned char)__flag); }
__CM_INLINE void cm_fence(unsigned char __mask = CM_GLOBAL_COHERENT_FENCE) {
  __details::__cm_genx_fence<void>((unsigned char)(__mask | 1));
}
__CM_INLINE void cm_slm_fence(unsigned char __mask = CM_GLOBAL_COHERENT_FENCE) {
  __details::__cm_genx_fence<void>((unsigned char)(__mask | 0x21));
}

// cm_slm_load: the group's threads copy `size` bytes (a multiple of 256) from the surface at `offset` into the SLM
// buffer, 16 bytes per thread and step, then meet at a barrier.
__CM_INLINE void cm_slm_load(unsigned __slm, SurfaceIndex __idx, unsigned __offset, unsigned __size) {
  using namespace __details;
  unsigned __threads = cm_linear_local_size();
  for (unsigned __at = cm_linear_local_id() * 16; __at < __size; __at += __threads * 16) {
    __cm_vec<unsigned, 4> __block = __cm_genx_oword_ld_unaligned<__cm_vec<unsigned, 4>>(0, __cm_bti(__idx), __offset + __at);
    __cm_genx_oword_st<void>(__cm_slm_bti, (__slm + __at) >> 4, __block);
  }
  cm_barrier();
}
// The stateless form: from SVM at `address + offset`.
__CM_INLINE void cm_slm_load(unsigned __slm, svmptr_t __address, unsigned __offset, unsigned __size) {
  using namespace __details;
  unsigned __threads = cm_linear_local_size();
  for (unsigned __at = cm_linear_local_id() * 16; __at < __size; __at += __threads * 16) {
    __cm_vec<unsigned, 4> __block =
        __cm_genx_svm_block_ld_unaligned<__cm_vec<unsigned, 4>>((unsigned long long)(__address + __offset + __at));
    __cm_genx_oword_st<void>(__cm_slm_bti, (__slm + __at) >> 4, __block);
  }
  cm_barrier();
}

// ---- shared virtual memory ---------------------------------------------------------------------------------

namespace __details {
__CM_INLINE unsigned long long __cm_address(svmptr_t __addr) { return __addr; }
template <typename _T> __CM_INLINE unsigned long long __cm_address(_T *__p) { return (unsigned long long)__p; }
} // namespace __details

template <typename _P, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_svm_block_read(_P __addr, _X &&__v) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  static_assert(__cm_oword_size_ok<_D>(), "an SVM block is 16, 32, 64 or 128 bytes");
  __v.__cm_write(__cm_genx_svm_block_ld<__cm_vec<__cm_elem_of<_D>, __cm_count<_D>>>(__cm_address(__addr)));
}
template <typename _P, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_svm_block_read_unaligned(_P __addr, _X &&__v) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  static_assert(__cm_oword_size_ok<_D>(), "an SVM block is 16, 32, 64 or 128 bytes");
  __v.__cm_write(__cm_genx_svm_block_ld_unaligned<__cm_vec<__cm_elem_of<_D>, __cm_count<_D>>>(__cm_address(__addr)));
}
template <typename _P, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_svm_block_write(_P __addr, const _X &__v) {
  using namespace __details;
  static_assert(__cm_oword_size_ok<_X>(), "an SVM block is 16, 32, 64 or 128 bytes");
  __cm_genx_svm_block_st<void>(__cm_address(__addr), __v.__cm_read());
}

// Scattered SVM access: one 4- or 8-byte element per address.
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_svm_scatter_read(const _A &__addr, _X &&__v) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  constexpr int _N = __cm_width<_A, _D>;
  static_assert(sizeof(_T) == 4 || sizeof(_T) == 8, "cm_svm_scatter_read moves 4- or 8-byte elements");
  __cm_vec<_T, _N> __old = (_T)0;
  __v.__cm_write(__cm_genx_svm_gather<__cm_vec<_T, _N>>(__cm_all_lanes<_T, _N>(), 0,
                                                    __cm_operand<unsigned long long, _N>(__addr), __old));
}
template <typename _A, typename _X, typename = __details::__cm_if<__details::__cm_obj<_A> && __details::__cm_obj<_X>>>
__CM_INLINE void cm_svm_scatter_write(const _A &__addr, const _X &__v) {
  using namespace __details;
  using _T = __cm_elem_of<_X>;
  constexpr int _N = __cm_width<_A, _X>;
  static_assert(sizeof(_T) == 4 || sizeof(_T) == 8, "cm_svm_scatter_write moves 4- or 8-byte elements");
  __cm_genx_svm_scatter<void>(__cm_all_lanes<_T, _N>(), 0, __cm_operand<unsigned long long, _N>(__addr), __v.__cm_read());
}

namespace __details {
// cm_svm_atomic(op, addresses, dst [, src0 [, src1]]).
template <int _Op, typename _A, typename _D, typename... _S>
__CM_INLINE void __cm_svm_atomic(const _A &__addr, _D &&__dst, _S &&...__src) {
  constexpr int _N = __cm_count<_A>, _K = __cm_atomic_sources(_Op);
  static_assert(sizeof...(_S) == _K, "cm_svm_atomic: wrong number of sources for this operation");
  using _T = __cm_elem_of<_D>;
  __cm_vec<_T, _N> __s0 = (_T)0, __s1 = (_T)0;
  if constexpr (_K >= 1)
    __s0 = __cm_operand<_T, _N>(__cm_nth<0>(static_cast<_S &&>(__src)...));
  if constexpr (_K >= 2)
    __s1 = __cm_operand<_T, _N>(__cm_nth<1>(static_cast<_S &&>(__src)...));
  __cm_put<_N>(static_cast<_D &&>(__dst), __cm_svm_atomic_op<_Op, _T, _N>(__cm_all_lanes<_T, _N>(),
                                                                   __cm_operand<unsigned long long, _N>(__addr), __s0, __s1));
}
} // namespace __details
#define cm_svm_atomic(__op, ...) (__details::__cm_svm_atomic<(__op)>(__VA_ARGS__))

// cm_get_value (§4.15): the index an abstract handle stands for, e.g. to build a raw-send descriptor.
__CM_INLINE unsigned cm_get_value(SurfaceIndex __idx) { return __idx.get_index(); }
__CM_INLINE unsigned cm_get_value(SamplerIndex __idx) { return __idx.get_index(); }

// Refused at the call with the reason (§4.14, §4.15, §4.18).
__CM_REFUSED_FUNCTION(cm_send, "raw send messages (genx.raw.send) are not implemented")
__CM_REFUSED_FUNCTION(cm_sends, "raw split-send messages (genx.raw.sends) are not implemented")
__CM_REFUSED_FUNCTION(cm_pause, "the timed pause (a write of the pause register) is not implemented")
__CM_REFUSED_FUNCTION(cm_svm_gather4_scaled, "the SVM gather4 message is not implemented; use cm_svm_scatter_read per channel")
__CM_REFUSED_FUNCTION(cm_svm_scatter4_scaled, "the SVM scatter4 message is not implemented; use cm_svm_scatter_write per channel")

// cm_label (§4.16) is deprecated in cmc and ignored, as there.
template <typename... _A> __CM_INLINE void cm_label(_A &&...) {}

#endif
