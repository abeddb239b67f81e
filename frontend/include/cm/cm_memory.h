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
//   cm_slm_init / cm_slm_alloc                     details::__cm_builtin_slm_init / __cm_builtin_slm_alloc (the
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
//   MODIFIED/TOP_FIELD/BOTTOM_FIELD/MODIFIED_*(idx) media-block modifiers (vISA MEDIA_LD values 1-5)
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

// The atomic operations. ATOMIC_<op> is a constant of its own type (details::__cm_atomic_op<code>) that converts
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
namespace details {
template <int Code> struct __cm_atomic_op {
  constexpr operator CmAtomicOpType() const { return (CmAtomicOpType)Code; }
};
} // namespace details
#define ATOMIC_ADD (::details::__cm_atomic_op<ATOMIC_ADD>{})
#define ATOMIC_SUB (::details::__cm_atomic_op<ATOMIC_SUB>{})
#define ATOMIC_INC (::details::__cm_atomic_op<ATOMIC_INC>{})
#define ATOMIC_DEC (::details::__cm_atomic_op<ATOMIC_DEC>{})
#define ATOMIC_MIN (::details::__cm_atomic_op<ATOMIC_MIN>{})
#define ATOMIC_MAX (::details::__cm_atomic_op<ATOMIC_MAX>{})
#define ATOMIC_XCHG (::details::__cm_atomic_op<ATOMIC_XCHG>{})
#define ATOMIC_CMPXCHG (::details::__cm_atomic_op<ATOMIC_CMPXCHG>{})
#define ATOMIC_AND (::details::__cm_atomic_op<ATOMIC_AND>{})
#define ATOMIC_OR (::details::__cm_atomic_op<ATOMIC_OR>{})
#define ATOMIC_XOR (::details::__cm_atomic_op<ATOMIC_XOR>{})
#define ATOMIC_MINSINT (::details::__cm_atomic_op<ATOMIC_MINSINT>{})
#define ATOMIC_MAXSINT (::details::__cm_atomic_op<ATOMIC_MAXSINT>{})
#define ATOMIC_FMAX (::details::__cm_atomic_op<ATOMIC_FMAX>{})
#define ATOMIC_FMIN (::details::__cm_atomic_op<ATOMIC_FMIN>{})
#define ATOMIC_FCMPWR (::details::__cm_atomic_op<ATOMIC_FCMPWR>{})
#define ATOMIC_FADD (::details::__cm_atomic_op<ATOMIC_FADD>{})
#define ATOMIC_FSUB (::details::__cm_atomic_op<ATOMIC_FSUB>{})
#define ATOMIC_PREDEC (::details::__cm_atomic_op<ATOMIC_PREDEC>{})

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
#define CM_SW_BARRIER 0x80

namespace details {

// ---- surfaces and their qualifiers -------------------------------------------------------------------------

__CM_INLINE unsigned __cm_bti(SurfaceIndex idx) { return idx.get_index(); }

// A surface (or SLM buffer) with a qualifier. The media-block qualifiers carry vISA MEDIA_LD's modifier values
// (visa_igc_common_header.h: modified 1, top field 2, bottom field 3, modified top 4, modified bottom 5); MEDIA_ST
// takes top and bottom field only. DWALIGNED and CONSTANT_DWALIGNED select the unaligned OWord read; MODIFIED
// and CONSTANT on an OWord read are the plain read (the dataport's caching hints have no vISA operand).
enum {
  __CM_Q_MODIFIED = 1,
  __CM_Q_TOP = 2,
  __CM_Q_BOTTOM = 3,
  __CM_Q_MODIFIED_TOP = 4,
  __CM_Q_MODIFIED_BOTTOM = 5,
  __CM_Q_DWALIGNED = 16,
  __CM_Q_CONSTANT = 17
};
constexpr bool __cm_media_read_q(int q) { return q >= __CM_Q_MODIFIED && q <= __CM_Q_MODIFIED_BOTTOM; }
constexpr bool __cm_media_write_q(int q) { return q == __CM_Q_TOP || q == __CM_Q_BOTTOM; }
template <int Q, typename S> struct __cm_qualified {
  S target;
};
template <int Q, typename S> __CM_INLINE __cm_qualified<Q, S> __cm_qualify(S s) { return __cm_qualified<Q, S>{s}; }

constexpr unsigned __cm_slm_bti = 254;

// Rows and columns of an object (a vector is one row).
template <typename X> struct __cm_rows_cols {
  static constexpr int rows = cm_object_traits<X>::rows ? cm_object_traits<X>::rows : 1;
  static constexpr int cols = cm_object_traits<X>::cols;
};

template <typename T> constexpr int __cm_log2_size = sizeof(T) == 1 ? 0 : sizeof(T) == 2 ? 1 : sizeof(T) == 4 ? 2 : 3;

// ---- OWord block -------------------------------------------------------------------------------------------

template <typename X> constexpr bool __cm_oword_size_ok() {
  constexpr int bytes = __cm_count<X> * (int)sizeof(__cm_elem_of<X>);
  return bytes == 16 || bytes == 32 || bytes == 64 || bytes == 128;
}

template <bool Unaligned, typename X> __CM_INLINE void __cm_oword_read(unsigned bti, unsigned offset, X &&v) {
  using D = __cm_plain<X>;
  static_assert(__cm_oword_size_ok<D>(), "an OWord block is 16, 32, 64 or 128 bytes");
  using V = __cm_vec<__cm_elem_of<D>, __cm_count<D>>;
  if constexpr (Unaligned)
    v.__cm_write(__cm_genx_oword_ld_unaligned<V>(0, bti, offset));
  else
    v.__cm_write(__cm_genx_oword_ld<V>(0, bti, offset >> 4));
}

template <typename X> __CM_INLINE void __cm_oword_write(unsigned bti, unsigned offset, const X &v) {
  static_assert(__cm_oword_size_ok<X>(), "an OWord block is 16, 32, 64 or 128 bytes");
  __cm_genx_oword_st<void>(bti, offset >> 4, v.__cm_read());
}

// ---- media block -------------------------------------------------------------------------------------------

// Bytes a row of `width` bytes occupies in the message: the next power of two, at least 4.
constexpr int __cm_media_pitch(int width) { return width <= 4 ? 4 : 2 * __cm_media_pitch((width + 1) / 2); }

template <int Mod, typename X> __CM_INLINE void __cm_media_read(unsigned bti, int x, int y, X &&m, int plane = 0) {
  using D = __cm_plain<X>;
  using T = __cm_elem_of<D>;
  constexpr int R = __cm_rows_cols<D>::rows, C = __cm_rows_cols<D>::cols, W = C * (int)sizeof(T);
  static_assert(W <= 64, "a media block row is at most 64 bytes");
  constexpr int P = __cm_media_pitch(W) / (int)sizeof(T);
  if constexpr (P == C)
    m.__cm_write(__cm_genx_media_ld<__cm_vec<T, R * C>>(Mod, bti, plane, W, x, y));
  else
    m.__cm_write(__cm_region_read<T, R * C>(__cm_genx_media_ld<__cm_vec<T, R * P>>(Mod, bti, plane, W, x, y), P, C, 1, 0));
}

template <int Mod, typename X> __CM_INLINE void __cm_media_write(unsigned bti, int x, int y, const X &m, int plane = 0) {
  using T = __cm_elem_of<X>;
  constexpr int R = __cm_rows_cols<X>::rows, C = __cm_rows_cols<X>::cols, W = C * (int)sizeof(T);
  static_assert(W <= 64, "a media block row is at most 64 bytes");
  constexpr int P = __cm_media_pitch(W) / (int)sizeof(T);
  if constexpr (P == C)
    __cm_genx_media_st<void>(Mod, bti, plane, W, x, y, m.__cm_read());
  else {
    __cm_vec<T, R * P> padded = (T)0;
    __cm_genx_media_st<void>(Mod, bti, plane, W, x, y, __cm_region_write<T, R * P>(padded, m.__cm_read(), P, C, 1, 0));
  }
}

// ---- scattered ---------------------------------------------------------------------------------------------

template <typename T, int N> __CM_INLINE __cm_vec<unsigned short, N> __cm_all_lanes() {
  __cm_vec<unsigned short, N> p = (unsigned short)1;
  return p;
}

// Gathers N elements of T at byte offsets `g + off[i]` of a BTI.
template <typename T, int N, typename P>
__CM_INLINE __cm_vec<T, N> __cm_gather(unsigned bti, unsigned g, __cm_vec<unsigned, N> off, P pred) {
  static_assert(sizeof(T) <= 4, "scattered messages move 1-, 2- or 4-byte elements");
  if constexpr (sizeof(T) == 4)
    return __cm_genx_gather_masked_scaled2<__cm_vec<T, N>>(__cm_log2_size<T>, (short)0, bti, g, off, pred);
  else
    return __cm_cvt<T, N>(
        __cm_genx_gather_masked_scaled2<__cm_vec<unsigned, N>>(__cm_log2_size<T>, (short)0, bti, g, off, pred));
}

template <typename T, int N, typename P>
__CM_INLINE void __cm_scatter(unsigned bti, unsigned g, __cm_vec<unsigned, N> off, __cm_vec<T, N> data, P pred) {
  static_assert(sizeof(T) <= 4, "scattered messages move 1-, 2- or 4-byte elements");
  if constexpr (sizeof(T) == 4)
    __cm_genx_scatter_scaled<void>(pred, __cm_log2_size<T>, (short)0, bti, g, off, data);
  else
    __cm_genx_scatter_scaled<void>(pred, __cm_log2_size<T>, (short)0, bti, g, off, __cm_cvt<unsigned, N>(data));
}

// Scattered read/write at byte `base + (g + eoff[i]) * unit`, the unit being the element size (1 for the _scaled
// forms).
template <bool Scaled, typename E, typename X>
__CM_INLINE void __cm_scattered_read(unsigned bti, unsigned base, unsigned g, const E &eoff, X &&v) {
  using D = __cm_plain<X>;
  using T = __cm_elem_of<D>;
  constexpr int N = __cm_count<D>;
  constexpr unsigned unit = Scaled ? 1 : sizeof(T);
  v.__cm_write(__cm_gather<T, N>(bti, base + g * unit, __cm_operand<unsigned, N>(eoff) * unit, __cm_all_lanes<T, N>()));
}

template <bool Scaled, typename E, typename X>
__CM_INLINE void __cm_scattered_write(unsigned bti, unsigned base, unsigned g, const E &eoff, const X &v) {
  using T = __cm_elem_of<X>;
  constexpr int N = __cm_width<E, X>;
  constexpr unsigned unit = Scaled ? 1 : sizeof(T);
  __cm_scatter<T, N>(bti, base + g * unit, __cm_operand<unsigned, N>(eoff) * unit, __cm_operand<T, N>(v),
                     __cm_all_lanes<T, N>());
}

// ---- untyped (4-channel) -----------------------------------------------------------------------------------

template <typename E, typename X>
__CM_INLINE void __cm_untyped_read(unsigned mask, unsigned bti, unsigned g, const E &eoff, X &&m) {
  using D = __cm_plain<X>;
  using T = __cm_elem_of<D>;
  constexpr int N = __cm_count<E>;
  static_assert(sizeof(T) == 4, "untyped messages move dwords");
  m.__cm_write(__cm_genx_gather4_masked_scaled2<__cm_vec<T, __cm_count<D>>>(mask, (short)0, bti, g,
                                                                        __cm_operand<unsigned, N>(eoff) * 4u,
                                                                        __cm_all_lanes<T, N>()));
}

template <typename E, typename X>
__CM_INLINE void __cm_untyped_write(unsigned mask, unsigned bti, unsigned g, const E &eoff, const X &m) {
  using T = __cm_elem_of<X>;
  constexpr int N = __cm_count<E>;
  static_assert(sizeof(T) == 4, "untyped messages move dwords");
  __cm_genx_scatter4_scaled<void>(__cm_all_lanes<T, N>(), mask, (short)0, bti, g, __cm_operand<unsigned, N>(eoff) * 4u,
                                  m.__cm_read());
}

// ---- atomics -----------------------------------------------------------------------------------------------

constexpr int __cm_atomic_sources(int op) {
  return op == ATOMIC_INC || op == ATOMIC_DEC || op == ATOMIC_PREDEC      ? 0
         : op == ATOMIC_CMPXCHG || op == ATOMIC_FCMPWR ? 2
                                                       : 1;
}

template <int I, typename A, typename... R> __CM_INLINE decltype(auto) __cm_nth(A &&a, R &&...r) {
  if constexpr (I == 0)
    return static_cast<A &&>(a);
  else
    return __cm_nth<I - 1>(static_cast<R &&>(r)...);
}

// The element type of an atomic: that of its first source or result object, else uint.
template <typename... S> struct __cm_atomic_elem_t { using type = unsigned; };
template <typename S, typename... R> struct __cm_atomic_elem_t<S, R...> {
  using type = __cm_cond<__cm_obj<S>, __cm_elem_of<S>, unsigned>;
};

#define __CM_ATOMIC_CASE(op, name, ...)                                                                             \
  if constexpr (Op == op)                                                                                          \
    return __cm_genx_##name<V>(__VA_ARGS__);                                                                       \
  else

// genx.dword.atomic2.<op>(pred, bti, byte offsets, src...).
template <int Op, typename T, int N, typename P>
__CM_INLINE __cm_vec<T, N> __cm_dword_atomic(P pred, unsigned bti, __cm_vec<unsigned, N> off, __cm_vec<T, N> s0,
                                             __cm_vec<T, N> s1) {
  using V = __cm_vec<T, N>;
  __CM_ATOMIC_CASE(ATOMIC_ADD, dword_atomic2_add, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_SUB, dword_atomic2_sub, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_INC, dword_atomic2_inc, pred, bti, off)
  __CM_ATOMIC_CASE(ATOMIC_DEC, dword_atomic2_dec, pred, bti, off)
  __CM_ATOMIC_CASE(ATOMIC_MIN, dword_atomic2_min, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_MAX, dword_atomic2_max, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_XCHG, dword_atomic2_xchg, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_CMPXCHG, dword_atomic2_cmpxchg, pred, bti, off, s0, s1)
  __CM_ATOMIC_CASE(ATOMIC_AND, dword_atomic2_and, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_OR, dword_atomic2_or, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_XOR, dword_atomic2_xor, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_MINSINT, dword_atomic2_imin, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_MAXSINT, dword_atomic2_imax, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_FMAX, dword_atomic2_fmax, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_FMIN, dword_atomic2_fmin, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_FCMPWR, dword_atomic2_fcmpwr, pred, bti, off, s0, s1)
  __CM_ATOMIC_CASE(ATOMIC_FADD, dword_atomic2_fadd, pred, bti, off, s0)
  __CM_ATOMIC_CASE(ATOMIC_FSUB, dword_atomic2_fsub, pred, bti, off, s0) {
    static_assert(Op != Op, "this atomic operation has no DWORD atomic message (ATOMIC_PREDEC)");
    return s0;
  }
}

// genx.svm.atomic.<op>(pred, addresses, src..., old).
template <int Op, typename T, int N, typename P>
__CM_INLINE __cm_vec<T, N> __cm_svm_atomic_op(P pred, __cm_vec<unsigned long long, N> addr, __cm_vec<T, N> s0,
                                              __cm_vec<T, N> s1) {
  using V = __cm_vec<T, N>;
  V old = (T)0;
  __CM_ATOMIC_CASE(ATOMIC_ADD, svm_atomic_add, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_SUB, svm_atomic_sub, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_INC, svm_atomic_inc, pred, addr, old)
  __CM_ATOMIC_CASE(ATOMIC_DEC, svm_atomic_dec, pred, addr, old)
  __CM_ATOMIC_CASE(ATOMIC_MIN, svm_atomic_min, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_MAX, svm_atomic_max, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_XCHG, svm_atomic_xchg, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_CMPXCHG, svm_atomic_cmpxchg, pred, addr, s0, s1, old)
  __CM_ATOMIC_CASE(ATOMIC_AND, svm_atomic_and, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_OR, svm_atomic_or, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_XOR, svm_atomic_xor, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_MINSINT, svm_atomic_imin, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_MAXSINT, svm_atomic_imax, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_FMAX, svm_atomic_fmax, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_FMIN, svm_atomic_fmin, pred, addr, s0, old)
  __CM_ATOMIC_CASE(ATOMIC_FCMPWR, svm_atomic_fcmpwr, pred, addr, s0, s1, old) {
    static_assert(Op != Op, "this atomic operation has no SVM atomic message");
    return s0;
  }
}
#undef __CM_ATOMIC_CASE

// write_atomic's trailing arguments: the operation's sources (0, 1 or 2), then optionally the result.
template <int Op, int N, typename P, typename... S>
__CM_INLINE void __cm_write_atomic(P pred, unsigned bti, __cm_vec<unsigned, N> off, S &&...rest) {
  constexpr int K = __cm_atomic_sources(Op), L = sizeof...(S);
  static_assert(L == K || L == K + 1, "write_atomic: wrong number of sources for this operation");
  using T = typename __cm_atomic_elem_t<__cm_plain<S>...>::type;
  static_assert(sizeof(T) == 4, "DWORD atomics take 32-bit elements");
  __cm_vec<T, N> s0 = (T)0, s1 = (T)0;
  if constexpr (K >= 1)
    s0 = __cm_operand<T, N>(__cm_nth<0>(static_cast<S &&>(rest)...));
  if constexpr (K >= 2)
    s1 = __cm_operand<T, N>(__cm_nth<1>(static_cast<S &&>(rest)...));
  __cm_vec<T, N> old = __cm_dword_atomic<Op, T, N>(pred, bti, off, s0, s1);
  if constexpr (L == K + 1)
    __cm_put<N>(__cm_nth<K>(static_cast<S &&>(rest)...), old);
}

} // namespace details

#define DWALIGNED(x) (details::__cm_qualify<details::__CM_Q_DWALIGNED>(x))
#define MODIFIED_DWALIGNED(x) (details::__cm_qualify<details::__CM_Q_DWALIGNED>(x))
#define CONSTANT_DWALIGNED(x) (details::__cm_qualify<details::__CM_Q_DWALIGNED>(x))
#define CONSTANT(x) (details::__cm_qualify<details::__CM_Q_CONSTANT>(x))
#define MODIFIED(x) (details::__cm_qualify<details::__CM_Q_MODIFIED>(x))
#define TOP_FIELD(x) (details::__cm_qualify<details::__CM_Q_TOP>(x))
#define BOTTOM_FIELD(x) (details::__cm_qualify<details::__CM_Q_BOTTOM>(x))
#define MODIFIED_TOP_FIELD(x) (details::__cm_qualify<details::__CM_Q_MODIFIED_TOP>(x))
#define MODIFIED_BOTTOM_FIELD(x) (details::__cm_qualify<details::__CM_Q_MODIFIED_BOTTOM>(x))

// ---- OWord block read/write --------------------------------------------------------------------------------

template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void read(SurfaceIndex idx, int offset, X &&v) {
  details::__cm_oword_read<false>(details::__cm_bti(idx), offset, static_cast<X &&>(v));
}
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void read(details::__cm_qualified<details::__CM_Q_DWALIGNED, SurfaceIndex> idx, int offset, X &&v) {
  details::__cm_oword_read<true>(details::__cm_bti(idx.target), offset, static_cast<X &&>(v));
}
template <int Q, typename X,
          typename = details::__cm_if<details::__cm_obj<X> && (Q == details::__CM_Q_MODIFIED || Q == details::__CM_Q_CONSTANT)>>
__CM_INLINE void read(details::__cm_qualified<Q, SurfaceIndex> idx, int offset, X &&v) {
  details::__cm_oword_read<false>(details::__cm_bti(idx.target), offset, static_cast<X &&>(v));
}
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void write(SurfaceIndex idx, int offset, const X &v) {
  details::__cm_oword_write(details::__cm_bti(idx), offset, v);
}

// ---- media block read/write --------------------------------------------------------------------------------

template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void read(SurfaceIndex idx, int x, int y, X &&m) {
  details::__cm_media_read<0>(details::__cm_bti(idx), x, y, static_cast<X &&>(m));
}
template <int Q, typename X, typename = details::__cm_if<details::__cm_obj<X> && details::__cm_media_read_q(Q)>>
__CM_INLINE void read(details::__cm_qualified<Q, SurfaceIndex> idx, int x, int y, X &&m) {
  details::__cm_media_read<Q>(details::__cm_bti(idx.target), x, y, static_cast<X &&>(m));
}
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void write(SurfaceIndex idx, int x, int y, const X &m) {
  details::__cm_media_write<0>(details::__cm_bti(idx), x, y, m);
}
template <int Q, typename X, typename = details::__cm_if<details::__cm_obj<X> && details::__cm_media_write_q(Q)>>
__CM_INLINE void write(details::__cm_qualified<Q, SurfaceIndex> idx, int x, int y, const X &m) {
  details::__cm_media_write<Q>(details::__cm_bti(idx.target), x, y, m);
}

// ---- scattered read/write ----------------------------------------------------------------------------------

template <typename E, typename X,
          typename = details::__cm_if<details::__cm_obj<E> && details::__cm_obj<X>>>
__CM_INLINE void read(SurfaceIndex idx, unsigned global_offset, const E &element_offset, X &&v) {
  details::__cm_scattered_read<false>(details::__cm_bti(idx), 0, global_offset, element_offset, static_cast<X &&>(v));
}
template <typename E, typename X,
          typename = details::__cm_if<details::__cm_obj<E> && details::__cm_obj<X>>>
__CM_INLINE void write(SurfaceIndex idx, unsigned global_offset, const E &element_offset, const X &v) {
  details::__cm_scattered_write<false>(details::__cm_bti(idx), 0, global_offset, element_offset, v);
}
// The scalar form: one element at (global_offset + element_offset) elements.
template <typename V, typename = details::__cm_if<details::__cm_ok<V> && details::__cm_count<V> == 0>>
__CM_INLINE void write(SurfaceIndex idx, unsigned global_offset, unsigned element_offset, const V &value) {
  using namespace details;
  using T = __cm_elem_of<V>;
  __cm_vec<unsigned, 1> off = element_offset * (unsigned)sizeof(T);
  __cm_vec<T, 1> data = (T)value;
  __cm_scatter<T, 1>(__cm_bti(idx), global_offset * (unsigned)sizeof(T), off, data, __cm_all_lanes<T, 1>());
}
template <typename E, typename X,
          typename = details::__cm_if<details::__cm_obj<E> && details::__cm_obj<X>>>
__CM_INLINE void read_scaled(SurfaceIndex idx, unsigned global_offset, const E &element_offset, X &&v) {
  details::__cm_scattered_read<true>(details::__cm_bti(idx), 0, global_offset, element_offset, static_cast<X &&>(v));
}
template <typename E, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void write_scaled(SurfaceIndex idx, unsigned global_offset, const E &element_offset, const X &v) {
  details::__cm_scattered_write<true>(details::__cm_bti(idx), 0, global_offset, element_offset, v);
}

// ---- untyped read/write ------------------------------------------------------------------------------------

template <typename X, typename E, typename = details::__cm_if<details::__cm_obj<X> && details::__cm_obj<E>>>
__CM_INLINE void read_untyped(SurfaceIndex idx, ChannelMaskType mask, X &&m, const E &u) {
  details::__cm_untyped_read(mask, details::__cm_bti(idx), 0, u, static_cast<X &&>(m));
}
template <typename X, typename E, typename = details::__cm_if<details::__cm_obj<X> && details::__cm_obj<E>>>
__CM_INLINE void write_untyped(SurfaceIndex idx, ChannelMaskType mask, const X &m, const E &u) {
  details::__cm_untyped_write(mask, details::__cm_bti(idx), 0, u, m);
}

// ---- DWORD atomics -----------------------------------------------------------------------------------------

// write_atomic<OP>([mask,] idx, element_offset (dwords) [, src0 [, src1]] [, ret]).
template <CmAtomicOpType Op, typename E, typename... S, typename = details::__cm_if<details::__cm_obj<E>>>
__CM_INLINE void write_atomic(SurfaceIndex idx, const E &element_offset, S &&...rest) {
  using namespace details;
  constexpr int N = __cm_count<E>;
  __cm_write_atomic<Op, N>(__cm_all_lanes<unsigned, N>(), __cm_bti(idx), __cm_operand<unsigned, N>(element_offset) * 4u,
                           static_cast<S &&>(rest)...);
}
template <CmAtomicOpType Op, typename M, typename E, typename... S,
          typename = details::__cm_if<details::__cm_obj<M> && details::__cm_obj<E>>>
__CM_INLINE void write_atomic(const M &mask, SurfaceIndex idx, const E &element_offset, S &&...rest) {
  using namespace details;
  constexpr int N = __cm_width<M, E>;
  __cm_write_atomic<Op, N>(__cm_operand<unsigned short, N>(mask) & (unsigned short)1, __cm_bti(idx),
                           __cm_operand<unsigned, N>(element_offset) * 4u, static_cast<S &&>(rest)...);
}

// Legacy DWORD atomics (before write_atomic): write(idx, ATOMIC_<op>, global_offset, element_offset
// [, src0 [, src1]], ret), offsets in dwords; `ret` receives the old values, or is NULL (0) when not wanted.
template <int Op, typename E, typename... S, typename = details::__cm_if<details::__cm_obj<E>>>
__CM_INLINE void write(SurfaceIndex idx, details::__cm_atomic_op<Op>, unsigned global_offset, const E &element_offset,
                       S &&...rest) {
  using namespace details;
  constexpr int N = __cm_count<E>, K = __cm_atomic_sources(Op);
  static_assert(sizeof...(S) == K + 1, "write(idx, ATOMIC_op, ...): the operation's sources, then the result or NULL");
  __cm_vec<unsigned, N> off = (__cm_operand<unsigned, N>(element_offset) + global_offset) * 4u;
  auto pred = __cm_all_lanes<unsigned, N>();
  constexpr bool keep = __cm_obj<decltype(__cm_nth<K>(static_cast<S &&>(rest)...))>;
  if constexpr (keep)
    __cm_write_atomic<Op, N>(pred, __cm_bti(idx), off, static_cast<S &&>(rest)...);
  else if constexpr (K == 0)
    __cm_write_atomic<Op, N>(pred, __cm_bti(idx), off);
  else if constexpr (K == 1)
    __cm_write_atomic<Op, N>(pred, __cm_bti(idx), off, __cm_nth<0>(static_cast<S &&>(rest)...));
  else
    __cm_write_atomic<Op, N>(pred, __cm_bti(idx), off, __cm_nth<0>(static_cast<S &&>(rest)...),
                             __cm_nth<1>(static_cast<S &&>(rest)...));
}

// ---- typed surfaces ----------------------------------------------------------------------------------------

namespace details {
// Argument I of a typed message's trailing arguments as an N-lane uint vector, or 0 when there are fewer
// (the absent coordinates v, r, lod).
template <int I, int N, typename... C> __CM_INLINE __cm_vec<unsigned, N> __cm_coord(const C &...c) {
  if constexpr (I < (int)sizeof...(C))
    return __cm_operand<unsigned, N>(__cm_nth<I>(c...));
  else
    return 0u;
}
} // namespace details

// read_typed(idx, channels, m, u [, v [, r]]): for each of the N lanes of u, the enabled RGBA channels of the
// texel at (u, v, r), channel-major into m (one row of N per enabled channel); genx.gather4.typed.
template <typename X, typename U, typename... C,
          typename = details::__cm_if<details::__cm_obj<X> && details::__cm_obj<U> && (sizeof...(C) <= 2)>>
__CM_INLINE void read_typed(SurfaceIndex idx, ChannelMaskType mask, X &&m, const U &u, const C &...vr) {
  using namespace details;
  using D = __cm_plain<X>;
  using T = __cm_elem_of<D>;
  constexpr int N = __cm_count<U>;
  static_assert(sizeof(T) == 4, "read_typed moves dwords");
  static_assert(__cm_count<D> % N == 0, "read_typed: the matrix holds a row of N per enabled channel");
  __cm_vec<T, __cm_count<D>> old = (T)0;
  m.__cm_write(__cm_genx_gather4_typed<__cm_vec<T, __cm_count<D>>>(
      (int)mask, __cm_all_lanes<T, N>(), __cm_bti(idx), __cm_operand<unsigned, N>(u), __cm_coord<0, N>(vr...),
      __cm_coord<1, N>(vr...), old));
}
// write_typed(idx, channels, m, u [, v [, r]]): the inverse (genx.scatter4.typed).
template <typename X, typename U, typename... C,
          typename = details::__cm_if<details::__cm_obj<X> && details::__cm_obj<U> && (sizeof...(C) <= 2)>>
__CM_INLINE void write_typed(SurfaceIndex idx, ChannelMaskType mask, const X &m, const U &u, const C &...vr) {
  using namespace details;
  using T = __cm_elem_of<X>;
  constexpr int N = __cm_count<U>;
  static_assert(sizeof(T) == 4, "write_typed moves dwords");
  static_assert(__cm_count<X> % N == 0, "write_typed: the matrix holds a row of N per enabled channel");
  __cm_genx_scatter4_typed<void>((int)mask, __cm_all_lanes<T, N>(), __cm_bti(idx), __cm_operand<unsigned, N>(u),
                                 __cm_coord<0, N>(vr...), __cm_coord<1, N>(vr...), m.__cm_read());
}

namespace details {
#define __CM_TYPED_CASE(op, name, ...)                                                                              \
  if constexpr (Op == op)                                                                                          \
    return __cm_genx_##name<V>(pred, bti, __VA_ARGS__);                                                            \
  else
// genx.typed.atomic.<op>(pred, bti, src..., u, v, r, lod).
template <int Op, typename T, int N, typename P>
__CM_INLINE __cm_vec<T, N> __cm_typed_atomic(P pred, unsigned bti, __cm_vec<T, N> s0, __cm_vec<T, N> s1,
                                             __cm_vec<unsigned, N> u, __cm_vec<unsigned, N> v, __cm_vec<unsigned, N> r,
                                             __cm_vec<unsigned, N> lod) {
  using V = __cm_vec<T, N>;
  __CM_TYPED_CASE(ATOMIC_ADD, typed_atomic_add, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_SUB, typed_atomic_sub, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_INC, typed_atomic_inc, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_DEC, typed_atomic_dec, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_MIN, typed_atomic_min, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_MAX, typed_atomic_max, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_XCHG, typed_atomic_xchg, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_CMPXCHG, typed_atomic_cmpxchg, s0, s1, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_AND, typed_atomic_and, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_OR, typed_atomic_or, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_XOR, typed_atomic_xor, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_MINSINT, typed_atomic_imin, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_MAXSINT, typed_atomic_imax, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_FMAX, typed_atomic_fmax, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_FMIN, typed_atomic_fmin, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_FADD, typed_atomic_fadd, s0, u, v, r, lod)
  __CM_TYPED_CASE(ATOMIC_FSUB, typed_atomic_fsub, s0, u, v, r, lod) {
    static_assert(Op != Op, "this atomic operation has no typed atomic message");
    return s0;
  }
}
#undef __CM_TYPED_CASE

template <int Op, int N, typename P, typename D, typename... A>
__CM_INLINE void __cm_write_typed_atomic(P pred, unsigned bti, D &&ret, const A &...a) {
  constexpr int K = __cm_atomic_sources(Op), L = sizeof...(A);
  static_assert(L >= K + 1 && L <= K + 4,
                "write_typed_atomic: the result, the operation's sources, then u [, v [, r [, lod]]]");
  using T = __cm_elem_of<D>;
  static_assert(sizeof(T) == 4, "typed atomics take 32-bit elements");
  __cm_vec<T, N> s0 = (T)0, s1 = (T)0;
  if constexpr (K >= 1)
    s0 = __cm_operand<T, N>(__cm_nth<0>(a...));
  if constexpr (K >= 2)
    s1 = __cm_operand<T, N>(__cm_nth<1>(a...));
  __cm_put<N>(static_cast<D &&>(ret),
              __cm_typed_atomic<Op, T, N>(pred, bti, s0, s1, __cm_coord<K, N>(a...),
                                          __cm_coord<K + 1, N>(a...), __cm_coord<K + 2, N>(a...),
                                          __cm_coord<K + 3, N>(a...)));
}
} // namespace details

// write_typed_atomic<OP>([mask,] idx, ret, [src0, [src1,]] u [, v [, r [, lod]]]): per lane (of those whose
// mask element has its LSB set), the operation on the texel at (u, v, r, lod) of a typed surface; `ret` receives
// the old values.
template <CmAtomicOpType Op, typename D, typename... A, typename = details::__cm_if<details::__cm_obj<D>>>
__CM_INLINE void write_typed_atomic(SurfaceIndex idx, D &&ret, const A &...a) {
  using namespace details;
  constexpr int N = __cm_count<D>;
  details::__cm_write_typed_atomic<Op, N>(__cm_all_lanes<unsigned, N>(), __cm_bti(idx), static_cast<D &&>(ret), a...);
}
template <CmAtomicOpType Op, typename M, typename D, typename... A,
          typename = details::__cm_if<details::__cm_obj<M> && details::__cm_obj<D>>>
__CM_INLINE void write_typed_atomic(const M &mask, SurfaceIndex idx, D &&ret, const A &...a) {
  using namespace details;
  constexpr int N = __cm_count<D>;
  details::__cm_write_typed_atomic<Op, N>(__cm_operand<unsigned short, N>(mask) & (unsigned short)1, __cm_bti(idx),
                                          static_cast<D &&>(ret), a...);
}

// ---- planar surfaces ---------------------------------------------------------------------------------------

enum CmSurfacePlaneIndex { GENX_SURFACE_Y_PLANE = 0, GENX_SURFACE_U_PLANE = 1, GENX_SURFACE_UV_PLANE = 1, GENX_SURFACE_V_PLANE = 2 };

// read_plane / write_plane(idx, plane, x, y, m): a media block of one plane of a planar (NV12, ...) surface; the
// plane (a CmSurfacePlaneIndex, or an int as the spec's write_plane takes) must be a constant (genx.media.ld/st's
// plane operand).
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void read_plane(SurfaceIndex idx, int plane, int x, int y, X &&m) {
  details::__cm_media_read<0>(details::__cm_bti(idx), x, y, static_cast<X &&>(m), plane);
}
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void write_plane(SurfaceIndex idx, int plane, int x, int y, const X &m) {
  details::__cm_media_write<0>(details::__cm_bti(idx), x, y, m, plane);
}

// ---- thread dependencies -----------------------------------------------------------------------------------

// cm_wait(mask) / cm_signal(): the media walker's thread dependencies. Up to Gen10 the hardware scoreboard does
// the work (vISA WAIT; signalling is implicit at thread end, so cm_signal does nothing). From Gen11 on, Intel's
// cmc implements them in software through a scoreboard surface the runtime binds, which this compiler does not
// implement: there the calls are refused at the user's line.
#if defined(CM_GENX) && CM_GENX < 1100
__CM_INLINE void cm_wait(unsigned char mask = 0) { details::__cm_genx_wait<void>(mask); }
__CM_INLINE void cm_signal() {}
#else
void cm_wait(unsigned char mask = 0xff)
    __attribute__((diagnose_if(true, "cm_wait is not supported on this platform: Gen11 and later implement thread "
                                     "dependencies with a software scoreboard, which this compiler does not",
                               "error")));
void cm_signal()
    __attribute__((diagnose_if(true, "cm_signal is not supported on this platform: Gen11 and later implement thread "
                                     "dependencies with a software scoreboard, which this compiler does not",
                               "error")));
#endif

// ---- shared local memory -----------------------------------------------------------------------------------

__CM_INLINE void cm_slm_init(unsigned size) { details::__cm_builtin_slm_init(size); }
__CM_INLINE unsigned cm_slm_alloc(unsigned size) { return details::__cm_builtin_slm_alloc(size); }

template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_slm_read(unsigned slm, const A &addr, X &&dst) {
  details::__cm_scattered_read<false>(details::__cm_slm_bti, slm, 0, addr,
                                      static_cast<X &&>(dst));
}
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_slm_read_scaled(unsigned slm, const A &addr, X &&dst) {
  details::__cm_scattered_read<true>(details::__cm_slm_bti, slm, 0, addr, static_cast<X &&>(dst));
}
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_slm_write(unsigned slm, const A &addr, const X &src) {
  details::__cm_scattered_write<false>(details::__cm_slm_bti, slm, 0, addr, src);
}
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_slm_write_scaled(unsigned slm, const A &addr, const X &src) {
  details::__cm_scattered_write<true>(details::__cm_slm_bti, slm, 0, addr, src);
}

// read4/write4: addresses in dwords (bytes for _scaled); mask in cmc's inverted SLM_ChannelMaskType.
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_slm_read4(unsigned slm, const A &addr, X &&dst, SLM_ChannelMaskType mask) {
  details::__cm_untyped_read(~(unsigned)mask & 15u, details::__cm_slm_bti, slm, addr, static_cast<X &&>(dst));
}
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_slm_write4(unsigned slm, const A &addr, const X &src, SLM_ChannelMaskType mask) {
  details::__cm_untyped_write(~(unsigned)mask & 15u, details::__cm_slm_bti, slm, addr, src);
}

template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void cm_slm_block_read(unsigned slm, int offset, X &&v) {
  details::__cm_oword_read<false>(details::__cm_slm_bti, slm + offset, static_cast<X &&>(v));
}
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void cm_slm_block_read(details::__cm_qualified<details::__CM_Q_DWALIGNED, unsigned> slm, int offset,
                                   X &&v) {
  details::__cm_oword_read<true>(details::__cm_slm_bti, slm.target + offset, static_cast<X &&>(v));
}
template <typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void cm_slm_block_write(unsigned slm, int offset, const X &v) {
  details::__cm_oword_write(details::__cm_slm_bti, slm + offset, v);
}

namespace details {
// cm_slm_atomic(slm, op, addr (dwords), dst [, src0 [, src1]]); dst may be NULL.
template <int Op, typename A, typename D, typename... S>
__CM_INLINE void __cm_slm_atomic(unsigned slm, const A &addr, D &&dst, S &&...src) {
  constexpr int N = __cm_count<A>;
  __cm_vec<unsigned, N> off = __cm_operand<unsigned, N>(addr) * 4u + slm;
  if constexpr (__cm_obj<D>)
    __cm_write_atomic<Op, N>(__cm_all_lanes<unsigned, N>(), __cm_slm_bti, off, static_cast<S &&>(src)...,
                             static_cast<D &&>(dst));
  else
    __cm_write_atomic<Op, N>(__cm_all_lanes<unsigned, N>(), __cm_slm_bti, off, static_cast<S &&>(src)...);
}
} // namespace details
#define cm_slm_atomic(slm, op, ...) (details::__cm_slm_atomic<(op)>((slm), __VA_ARGS__))

__CM_INLINE void cm_barrier() { details::__cm_genx_barrier<void>(); }
__CM_INLINE void cm_fence(unsigned char mask = CM_GLOBAL_COHERENT_FENCE) {
  details::__cm_genx_fence<void>((unsigned char)(mask | 1));
}
__CM_INLINE void cm_slm_fence(unsigned char mask = CM_GLOBAL_COHERENT_FENCE) {
  details::__cm_genx_fence<void>((unsigned char)(mask | 0x21));
}

// cm_slm_load: the group's threads copy `size` bytes (a multiple of 256) from the surface at `offset` into the SLM
// buffer, 16 bytes per thread and step, then meet at a barrier.
__CM_INLINE void cm_slm_load(unsigned slm, SurfaceIndex idx, unsigned offset, unsigned size) {
  using namespace details;
  unsigned threads = cm_linear_local_size();
  for (unsigned at = cm_linear_local_id() * 16; at < size; at += threads * 16) {
    __cm_vec<unsigned, 4> block = __cm_genx_oword_ld_unaligned<__cm_vec<unsigned, 4>>(0, __cm_bti(idx), offset + at);
    __cm_genx_oword_st<void>(__cm_slm_bti, (slm + at) >> 4, block);
  }
  cm_barrier();
}
// The stateless form: from SVM at `address + offset`.
__CM_INLINE void cm_slm_load(unsigned slm, svmptr_t address, unsigned offset, unsigned size) {
  using namespace details;
  unsigned threads = cm_linear_local_size();
  for (unsigned at = cm_linear_local_id() * 16; at < size; at += threads * 16) {
    __cm_vec<unsigned, 4> block =
        __cm_genx_svm_block_ld_unaligned<__cm_vec<unsigned, 4>>((unsigned long long)(address + offset + at));
    __cm_genx_oword_st<void>(__cm_slm_bti, (slm + at) >> 4, block);
  }
  cm_barrier();
}

// ---- shared virtual memory ---------------------------------------------------------------------------------

namespace details {
__CM_INLINE unsigned long long __cm_address(svmptr_t addr) { return addr; }
template <typename T> __CM_INLINE unsigned long long __cm_address(T *p) { return (unsigned long long)p; }
} // namespace details

template <typename P, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void cm_svm_block_read(P addr, X &&v) {
  using namespace details;
  using D = __cm_plain<X>;
  static_assert(__cm_oword_size_ok<D>(), "an SVM block is 16, 32, 64 or 128 bytes");
  v.__cm_write(__cm_genx_svm_block_ld<__cm_vec<__cm_elem_of<D>, __cm_count<D>>>(__cm_address(addr)));
}
template <typename P, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void cm_svm_block_read_unaligned(P addr, X &&v) {
  using namespace details;
  using D = __cm_plain<X>;
  static_assert(__cm_oword_size_ok<D>(), "an SVM block is 16, 32, 64 or 128 bytes");
  v.__cm_write(__cm_genx_svm_block_ld_unaligned<__cm_vec<__cm_elem_of<D>, __cm_count<D>>>(__cm_address(addr)));
}
template <typename P, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE void cm_svm_block_write(P addr, const X &v) {
  using namespace details;
  static_assert(__cm_oword_size_ok<X>(), "an SVM block is 16, 32, 64 or 128 bytes");
  __cm_genx_svm_block_st<void>(__cm_address(addr), v.__cm_read());
}

// Scattered SVM access: one 4- or 8-byte element per address.
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_svm_scatter_read(const A &addr, X &&v) {
  using namespace details;
  using D = __cm_plain<X>;
  using T = __cm_elem_of<D>;
  constexpr int N = __cm_width<A, D>;
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "cm_svm_scatter_read moves 4- or 8-byte elements");
  __cm_vec<T, N> old = (T)0;
  v.__cm_write(__cm_genx_svm_gather<__cm_vec<T, N>>(__cm_all_lanes<T, N>(), 0,
                                                    __cm_operand<unsigned long long, N>(addr), old));
}
template <typename A, typename X, typename = details::__cm_if<details::__cm_obj<A> && details::__cm_obj<X>>>
__CM_INLINE void cm_svm_scatter_write(const A &addr, const X &v) {
  using namespace details;
  using T = __cm_elem_of<X>;
  constexpr int N = __cm_width<A, X>;
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "cm_svm_scatter_write moves 4- or 8-byte elements");
  __cm_genx_svm_scatter<void>(__cm_all_lanes<T, N>(), 0, __cm_operand<unsigned long long, N>(addr), v.__cm_read());
}

namespace details {
// cm_svm_atomic(op, addresses, dst [, src0 [, src1]]).
template <int Op, typename A, typename D, typename... S>
__CM_INLINE void __cm_svm_atomic(const A &addr, D &&dst, S &&...src) {
  constexpr int N = __cm_count<A>, K = __cm_atomic_sources(Op);
  static_assert(sizeof...(S) == K, "cm_svm_atomic: wrong number of sources for this operation");
  using T = __cm_elem_of<D>;
  __cm_vec<T, N> s0 = (T)0, s1 = (T)0;
  if constexpr (K >= 1)
    s0 = __cm_operand<T, N>(__cm_nth<0>(static_cast<S &&>(src)...));
  if constexpr (K >= 2)
    s1 = __cm_operand<T, N>(__cm_nth<1>(static_cast<S &&>(src)...));
  __cm_put<N>(static_cast<D &&>(dst), __cm_svm_atomic_op<Op, T, N>(__cm_all_lanes<T, N>(),
                                                                   __cm_operand<unsigned long long, N>(addr), s0, s1));
}
} // namespace details
#define cm_svm_atomic(op, ...) (details::__cm_svm_atomic<(op)>(__VA_ARGS__))

#endif
