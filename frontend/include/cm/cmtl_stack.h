// The cached stacks of the CM template library (cmlangspec §6.5), included by <cm/cmtl.h>.
//
// A cached stack is W stacks side by side, one per SIMD channel, each holding elements of T. The top CACHESIZE
// elements of every channel live in registers (`stack`, a W x CACHESIZE*STACKCOUNT matrix the caller owns); older
// ones are spilled to a linear surface in blocks of CACHESIZE. STACKCOUNT > 1 keeps that many logical stacks in
// one object (Intel's header: they are pushed and popped together, `element` is then STACKCOUNT x W).
//
//   CachedStackInit<T, W, CACHESIZE[, STACKCOUNT]>(context, context_ii, MaxSize)
//   CachedStackPush<T, W, CACHESIZE[, STACKCOUNT]>(surf, context, context_ii, stack, element)   every channel
//   CachedStackTop<T, W, CACHESIZE[, STACKCOUNT]>(surf, context, context_ii, stack, element)    the tops
//   CachedStackTop<T, W, CACHESIZE, STACKCOUNT>(surf, context, context_ii, stack, element, index)  stack `index` only
//   CachedStackPop<T, W, CACHESIZE[, STACKCOUNT]>(surf, context, context_ii, stack, element, mask) the tops, then pop
//                                               the channels whose mask is 1 (0 / 1 only)
//   CachedStackPop<T, W, CACHESIZE, STACKCOUNT>(surf, context, context_ii, stack, mask)   pop without the tops
//   CachedStackEmpty<W[, STACKCOUNT]>(context, context_ii, isEmpty)   isEmpty(c) = 1 when channel c is empty
//
// State (the layout of Intel's header, so that a program that sizes its surface or reads `context` as Intel's does
// keeps working): context is matrix<short, 2, W*STACKCOUNT>: row 0 lanes 0..W-1 hold k, the column of each
// channel's top in its cache row (-1: the cache row holds nothing), row 1 the channel numbers. context_ii is
// matrix<int, 2, W>: row 0 the byte offset in the surface where the channel's next spilled block goes, row 1 where
// its first one went. Channel c of the thread at thread origin x owns the surface bytes from
// (x*W + c) * MaxSize * STACKCOUNT * sizeof(T) on (MaxSize * STACKCOUNT * sizeof(T) of them).
// Push: k += 1; every channel whose cache row is full (k == CACHESIZE) writes the row to its next block (OWord block
// writes of 128 bytes) and starts over at k = 0; the element goes to column k (+ CACHESIZE * s for stack s).
// Pop: k -= mask; a channel whose k falls to -1 and has spilled a block reads it back (k = CACHESIZE - 1); one
// that has not is empty (k = -1 at its first offset). A channel is empty when its next-block offset plus k is
// below its first offset (the test Intel's header makes).
// As in the spec, the caller must not push onto a full stack nor pop an empty channel. Unlike Intel's header, popping
// the last element of a channel does not step back before the channel's area (Intel's reads the block there and,
// on the next push that fills the row, writes it back there, over the previous channel's stack). CACHESIZE * sizeof(T) must be a multiple of
// 128 (refused at the call otherwise) and MaxSize * STACKCOUNT * sizeof(T) of 16 (the OWord block alignment).
#pragma once
#ifndef __CM_HEADERS_CMTL_STACK_H
#define __CM_HEADERS_CMTL_STACK_H
#include <cm/cm.h>
#include <cm/cmtl_transform.h>

namespace cmtl {

template <typename _T, int _W, unsigned _CS, unsigned _SC, typename _C, typename _I, typename _S>
constexpr bool __cmtl_stack_ok() {
  return (_CS * sizeof(_T)) % 128 == 0 && _SC > 0 && __cmtl_matrix_is<short, 2, _W * (int)_SC, _C>() &&
         __cmtl_matrix_is<int, 2, _W, _I>() && __cmtl_matrix_is<_T, _W, (int)(_CS * _SC), _S>();
}
#define __CMTL_STACK_DIAGNOSE(__name, __ok)                                                                           \
  __attribute__((__diagnose_if__(!(__ok), "cmtl::" #__name "<T, W, CACHESIZE, STACKCOUNT>: context must be "          \
                                 "matrix<short, 2, W*STACKCOUNT>, context_ii matrix<int, 2, W>, stack "                \
                                 "matrix<T, W, CACHESIZE*STACKCOUNT> (or references), CACHESIZE*sizeof(T) a "          \
                                 "multiple of 128",                                                                   \
                                 "error")))

template <typename _T, int _W, unsigned _CS, unsigned _SC = 1, typename _C, typename _I>
__CM_INLINE void CachedStackInit(_C &&__context, _I &&__context_ii, unsigned __max_size)
    __CMTL_STACK_DIAGNOSE(CachedStackInit, (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, matrix<_T, _W, (int)(_CS * _SC)>>())) {
  if constexpr (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, matrix<_T, _W, (int)(_CS * _SC)>>()) {
    vector<short, _W> __lanes;
    __lanes.__cm_write(__details::__cm_lane_iota<short, _W>());
    matrix<short, 2, _W * (int)_SC> __c = 0;
    __c.row(0) = (short)-1;
    for (int __s = 0; __s < (int)_SC; __s++)
      __c.row(1).template select<_W, 1>(__s * _W) = __lanes;
    vector<int, _W> __first = (vector<int, _W>(__lanes) + (int)(get_thread_origin_x() * _W)) *
                              (int)(__max_size * _SC * sizeof(_T));
    __context = __c;
    __context_ii.row(0) = __first;
    __context_ii.row(1) = __first;
  }
}

// Row-major indices in `stack` of every channel's top: for logical stack s, lanes s*W.. hold c*CACHESIZE*STACKCOUNT
// + k(c) + s*CACHESIZE. An empty channel (k = -1) reads column 0 (its top is undefined; this keeps the read inside
// the cache).
template <int _W, unsigned _CS, unsigned _SC>
__CM_INLINE vector<unsigned short, _W * (int)_SC> __cmtl_stack_tops(vector<short, _W> __k) {
  __k.merge((short)0, __k < 0);
  vector<unsigned short, _W> __lanes;
  __lanes.__cm_write(__details::__cm_lane_iota<unsigned short, _W>());
  vector<unsigned short, _W * (int)_SC> __at;
  for (int __s = 0; __s < (int)_SC; __s++)
    __at.template select<_W, 1>(__s * _W) = __lanes * (unsigned short)(_CS * _SC) + __k + (short)(__s * _CS);
  return __at;
}

template <typename _T, int _W, unsigned _CS, unsigned _SC = 1, typename _C, typename _I, typename _S, typename _E>
__CM_INLINE void CachedStackTop(SurfaceIndex, const _C &__context, const _I &__context_ii, const _S &__stack, _E &&__element)
    __CMTL_STACK_DIAGNOSE(CachedStackTop, (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() &&
                                           __details::__cm_count<_E> == _W * (int)_SC)) {
  if constexpr (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() && __details::__cm_count<_E> == _W * (int)_SC) {
    matrix<short, 2, _W * (int)_SC> __c = __context;
    vector<short, _W> __k = __c.row(0).template select<_W, 1>(0);
    matrix<_T, _W, (int)(_CS * _SC)> __st = __stack;
    vector<_T, _W * (int)_SC> __tops = __st.template format<_T>().iselect(__cmtl_stack_tops<_W, _CS, _SC>(__k));
    __element = __tops;
  }
}
template <typename _T, int _W, unsigned _CS, unsigned _SC, typename _C, typename _I, typename _S, typename _E>
__CM_INLINE void CachedStackTop(SurfaceIndex __surf, const _C &__context, const _I &__context_ii, const _S &__stack,
                                _E &&__element, int __index)
    __CMTL_STACK_DIAGNOSE(CachedStackTop, (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() && __details::__cm_count<_E> == _W)) {
  if constexpr (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() && __details::__cm_count<_E> == _W) {
    matrix<short, 2, _W * (int)_SC> __c = __context;
    vector<short, _W> __k = __c.row(0).template select<_W, 1>(0);
    __k += (short)(__index * (int)_CS);
    matrix<_T, _W, (int)(_CS * _SC)> __st = __stack;
    vector<unsigned short, _W * (int)_SC> __at = __cmtl_stack_tops<_W, _CS, _SC>(__k);
    vector<_T, _W> __tops = __st.template format<_T>().iselect(__at.template select<_W, 1>(0));
    __element = __tops;
  }
}

// Spills the full cache rows (k == CACHESIZE) or refills the empty ones (k == -1, pos already moved back to the
// block to refill from, so pos >= first): the row of channel c moves to or from bytes [pos(c), pos(c) + CACHESIZE*STACKCOUNT*sizeof(T))
// in 128-byte OWord blocks.
template <bool _Spill, typename _T, int _W, unsigned _CS, unsigned _SC>
__CM_INLINE void __cmtl_stack_move(SurfaceIndex __surf, const vector<short, _W> &__k, const vector<int, _W> &__pos,
                                   const vector<int, _W> &__first, matrix<_T, _W, (int)(_CS * _SC)> &__st) {
  constexpr int _B = 128 / (int)sizeof(_T), _N = (int)(_CS * _SC) / _B;
  for (int __ch = 0; __ch < _W; __ch++) {
    if (_Spill ? __k(__ch) == (short)_CS : (__k(__ch) == (short)-1 && __pos(__ch) >= __first(__ch))) {
      for (int __j = 0; __j < _N; __j++) {
        vector<_T, _B> __blk;
        if constexpr (_Spill) {
          __blk = __st.row(__ch).template select<_B, 1>(__j * _B);
          write(__surf, __pos(__ch) + 128 * __j, __blk);
        } else {
          read(__surf, __pos(__ch) + 128 * __j, __blk);
          __st.row(__ch).template select<_B, 1>(__j * _B) = __blk;
        }
      }
    }
  }
}

template <typename _T, int _W, unsigned _CS, unsigned _SC = 1, typename _C, typename _I, typename _S, typename _E>
__CM_INLINE void CachedStackPush(SurfaceIndex __surf, _C &&__context, _I &&__context_ii, _S &&__stack, const _E &__element)
    __CMTL_STACK_DIAGNOSE(CachedStackPush, (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() &&
                                            __details::__cm_count<_E> == _W * (int)_SC)) {
  if constexpr (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() && __details::__cm_count<_E> == _W * (int)_SC) {
    matrix<short, 2, _W * (int)_SC> __c = __context;
    vector<short, _W> __k = __c.row(0).template select<_W, 1>(0);
    vector<int, _W> __pos = __context_ii.row(0);
    matrix<_T, _W, (int)(_CS * _SC)> __st = __stack;
    __k += 1;
    vector<unsigned short, _W> __full = __k == (short)_CS;
    if (__full.any()) {
      __cmtl_stack_move<true, _T, _W, _CS, _SC>(__surf, __k, __pos, __pos, __st);
      __pos.merge(__pos + (int)(_CS * _SC * sizeof(_T)), __full);
      __k.merge((short)0, __full);
    }
    vector<unsigned short, _W * (int)_SC> __at = __cmtl_stack_tops<_W, _CS, _SC>(__k);
    vector<_T, _W * (int)_SC> __new = __element;
    vector<_T, _W * (int)(_CS * _SC)> __flat = __st.template format<_T>();
    for (int __i = 0; __i < _W * (int)_SC; __i++)
      __flat(__at(__i)) = __new(__i);
    __c.row(0).template select<_W, 1>(0) = __k;
    __context = __c;
    __context_ii.row(0) = __pos;
    __stack = __flat.template format<_T, _W, (int)(_CS * _SC)>();
  }
}

template <typename _T, int _W, unsigned _CS, unsigned _SC = 1, typename _C, typename _I, typename _S, typename _M>
__CM_INLINE void CachedStackPop(SurfaceIndex __surf, _C &&__context, _I &&__context_ii, _S &&__stack, const _M &__mask)
    __CMTL_STACK_DIAGNOSE(CachedStackPop, (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() && __details::__cm_count<_M> == _W)) {
  if constexpr (__cmtl_stack_ok<_T, _W, _CS, _SC, _C, _I, _S>() && __details::__cm_count<_M> == _W) {
    matrix<short, 2, _W * (int)_SC> __c = __context;
    vector<short, _W> __k = __c.row(0).template select<_W, 1>(0);
    vector<int, _W> __pos = __context_ii.row(0);
    vector<short, _W> __m = __mask;
    __k -= __m;
    // A channel whose cache row ran out refills it from its previous block, if it has spilled one; one that has
    // not is empty and stays at k = -1.
    vector<int, _W> __first = __context_ii.row(1);
    vector<unsigned short, _W> __refill = (__k == (short)-1) & (__pos > __first);
    if (__refill.any()) {
      matrix<_T, _W, (int)(_CS * _SC)> __st = __stack;
      __pos.merge(__pos - (int)(_CS * _SC * sizeof(_T)), __refill);
      __cmtl_stack_move<false, _T, _W, _CS, _SC>(__surf, __k, __pos, __first, __st);
      __k.merge((short)(_CS - 1), __refill);
      __stack = __st;
    }
    __c.row(0).template select<_W, 1>(0) = __k;
    __context = __c;
    __context_ii.row(0) = __pos;
  }
}
template <typename _T, int _W, unsigned _CS, unsigned _SC = 1, typename _C, typename _I, typename _S, typename _E, typename _M>
__CM_INLINE void CachedStackPop(SurfaceIndex __surf, _C &&__context, _I &&__context_ii, _S &&__stack, _E &&__element,
                                const _M &__mask) {
  CachedStackTop<_T, _W, _CS, _SC>(__surf, __context, __context_ii, __stack, __element);
  CachedStackPop<_T, _W, _CS, _SC>(__surf, __context, __context_ii, __stack, __mask);
}

template <int _W, unsigned _SC = 1, typename _C, typename _I, typename _E>
__CM_INLINE void CachedStackEmpty(const _C &__context, const _I &__context_ii, _E &&__empty_out)
    __attribute__((__diagnose_if__(!__cmtl_matrix_is<short, 2, _W * (int)_SC, _C>() || !__cmtl_matrix_is<int, 2, _W, _I>() ||
                                       __details::__cm_count<_E> != _W,
                                   "cmtl::CachedStackEmpty<W, STACKCOUNT>: context must be matrix<short, 2, "
                                   "W*STACKCOUNT>, context_ii matrix<int, 2, W>, isEmpty a vector of W shorts",
                                   "error"))) {
  if constexpr (__cmtl_matrix_is<short, 2, _W * (int)_SC, _C>() && __cmtl_matrix_is<int, 2, _W, _I>() &&
                __details::__cm_count<_E> == _W) {
    matrix<short, 2, _W * (int)_SC> __c = __context;
    matrix<int, 2, _W> __ii = __context_ii;
    vector<int, _W> __depth = __ii.row(0) + __c.row(0).template select<_W, 1>(0) - __ii.row(1);
    vector<short, _W> __empty = __depth < 0;
    __empty_out = __empty;
  }
}
#undef __CMTL_STACK_DIAGNOSE

} // namespace cmtl

#endif
