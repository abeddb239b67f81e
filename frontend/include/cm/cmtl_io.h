// The I/O part of the CM template library (cmlangspec §6.1 "I/O", §6.3.1 DumpSLM), included by <cm/cmtl.h>.
//
//   cmtl::ReadBlock<T, H, W>(idx, h, v, block, surfaceWidth = 0)       an H x W block of pixels at pixel column h,
//   cmtl::ReadBlock<T, H, W>(idx, GENX_<attr>, h, v, block, surfaceWidth = 0)  row v of a 2D surface, any H and W
//   cmtl::WriteBlock<T, H, W>(idx, h, v, block)                       the same, written
//   cmtl::ReadLinear<T, W>(idx, pos, v) / WriteLinear<T, W>(idx, pos, v)  W pixels at pixel `pos` of a buffer
//   cmtl::DumpSLM(slm, idx, size)                                     SLM bytes [slm, slm + size) to the surface's
//                                                                     bytes [0, size) (size rounded up to 16)
// T is a type of the size of one pixel (char for A8, short for V8U8, int for A8R8G8B8); the block or vector is a
// matrix / vector or a reference to one (the explicit <T, H, W> must agree with it).
//
// Algorithm. A block is cut into tiles that are legal media blocks: at most 28 bytes wide for 1- and 2-byte pixels
// (so that an unaligned write, below, still fits 32 bytes) and 32 bytes for wider ones, and at most 256 bytes in
// the message (rows x the row's padded pitch, cm_memory.h's __cm_media_pitch), never more than 64 rows. Each tile
// is one media read / write; the tiles cover the block exactly, so any H and W work and the cut is made at compile
// time. At the borders the media messages do what the spec asks of ReadBlock / WriteBlock: a read outside the
// surface returns the nearest edge pixel (border replication), a write outside it is dropped. Two things the
// hardware does not do are added:
//   - a media block write needs a dword-aligned x; a tile of 1- or 2-byte pixels at an unaligned x is written by
//     reading the dword-aligned rows around it, replacing its bytes and writing the rows back (a read-modify-write:
//     bytes of the surrounding dwords outside the block are written back unchanged, so another thread writing
//     them at the same time may be overwritten, as with any read-modify-write);
//   - `surfaceWidth` (pixels, non-zero): for 1- and 2-byte pixels on a surface whose width in bytes is not a
//     multiple of 4 the hardware does not replicate the right edge; when the block crosses that edge, the read
//     starts at most at the last pixel and every column at or past the edge is replaced by the last pixel.
// Linear I/O is scattered reads / writes (element offsets 0..k-1 from `pos`), in pieces of 16, 8, 4, 2 and 1
// elements: no alignment is needed and elements out of the buffer read 0 and are not written (the dataport's rule).
// DumpSLM copies 128 bytes at a time (an SLM block read, an OWord block write), the rest 16 at a time (Intel's
// copies whole 256-byte pieces, writing up to 255 bytes more than asked).
//
// Not handled: pixels of 8 bytes in ReadLinear / WriteLinear (scattered messages move 1, 2 and 4 bytes: refused
// at the call); a CmBufferAttrib held in a variable (the attribute is the GENX_<attr> constant, as for read).
#pragma once
#ifndef __CM_HEADERS_CMTL_IO_H
#define __CM_HEADERS_CMTL_IO_H
#include <cm/cm.h>

namespace cmtl {

// ---- tiles -------------------------------------------------------------------------------------------------

// Columns of a tile of _T pixels, rows of a tile of `__cols` columns.
template <typename _T> constexpr int __cmtl_tile_cols = sizeof(_T) < 4 ? 28 / (int)sizeof(_T) : 32 / (int)sizeof(_T);
template <typename _T> constexpr int __cmtl_tile_rows(int __cols) {
  return 256 / __details::__cm_media_pitch(__cols * (int)sizeof(_T)) < 64 ? 256 / __details::__cm_media_pitch(__cols * (int)sizeof(_T))
                                                                          : 64;
}
constexpr int __cmtl_min(int __a, int __b) { return __a < __b ? __a : __b; }

// Whether `_X` is a matrix (or matrix_ref) whose element, rows and columns agree with an explicit <_T, _H, _W>
// (void / 0 when not given).
template <typename _T, int _H, int _W, typename _X> constexpr bool __cmtl_block_ok() {
  using _D = __details::__cm_plain<_X>;
  if constexpr (!__details::__cm_obj<_X>)
    return false;
  else
    return __details::__cm_object_traits<_D>::__rows > 0 &&
           (__details::__cm_is_same<_T, void>::__value || __details::__cm_is_same<_T, __details::__cm_elem_of<_D>>::__value) &&
           (_H == 0 || _H == __details::__cm_rows_cols<_D>::__rows) && (_W == 0 || _W == __details::__cm_rows_cols<_D>::__cols);
}
template <typename _T, int _W, typename _X> constexpr bool __cmtl_vector_ok() {
  using _D = __details::__cm_plain<_X>;
  if constexpr (!__details::__cm_obj<_X>)
    return false;
  else
    return __details::__cm_object_traits<_D>::__rows == 0 && sizeof(__details::__cm_elem_of<_D>) <= 4 &&
           (__details::__cm_is_same<_T, void>::__value || __details::__cm_is_same<_T, __details::__cm_elem_of<_D>>::__value) &&
           (_W == 0 || _W == __details::__cm_count<_D>);
}

// No attribute: the plain media read.
struct __cmtl_no_attr {};
template <typename _X> __CM_INLINE void __cmtl_media_read(SurfaceIndex __idx, __cmtl_no_attr, int __x, int __y, _X &&__m) {
  read(__idx, __x, __y, static_cast<_X &&>(__m));
}
template <int _A, typename _X>
__CM_INLINE void __cmtl_media_read(SurfaceIndex __idx, __details::__cm_buffer_attr<_A> __a, int __x, int __y, _X &&__m) {
  read(__idx, __a, __x, __y, static_cast<_X &&>(__m));
}

// Reads the tiles from (_R0, _C0) on: rows first, then the next column strip.
template <int _R0, int _C0, typename _T, int _H, int _W, typename _Attr, typename _X>
__CM_INLINE void __cmtl_read_tiles(SurfaceIndex __idx, _Attr __a, int __h, int __v, _X &__block) {
  constexpr int _CC = __cmtl_min(_W - _C0, __cmtl_tile_cols<_T>);
  constexpr int _RC = __cmtl_min(_H - _R0, __cmtl_tile_rows<_T>(_CC));
  __cmtl_media_read(__idx, __a, (__h + _C0) * (int)sizeof(_T), __v + _R0, __block.template select<_RC, 1, _CC, 1>(_R0, _C0));
  if constexpr (_R0 + _RC < _H)
    __cmtl_read_tiles<_R0 + _RC, _C0, _T, _H, _W>(__idx, __a, __h, __v, __block);
  else if constexpr (_C0 + _CC < _W)
    __cmtl_read_tiles<0, _C0 + _CC, _T, _H, _W>(__idx, __a, __h, __v, __block);
}

// One tile written at byte column __x: directly when __x is dword-aligned, else by read-modify-write of the
// dword-aligned bytes around it.
template <typename _T, int _RC, int _CC, typename _S>
__CM_INLINE void __cmtl_write_tile(SurfaceIndex __idx, int __x, int __y, const _S &__tile) {
  if constexpr (sizeof(_T) % 4 != 0) {
    if (__x & 3) {
      constexpr int _B = _CC * (int)sizeof(_T);
      constexpr int _BA = (_B + 3 + 3) & ~3;
      int __x0 = __x & ~3;
      matrix<unsigned char, _RC, _BA> __rows;
      read(__idx, __x0, __y, __rows);
      matrix<_T, _RC, _CC> __copy = __tile;
      __rows.template select<_RC, 1, _B, 1>(0, __x - __x0) = __copy.template format<unsigned char, _RC, _B>();
      write(__idx, __x0, __y, __rows);
      return;
    }
  }
  write(__idx, __x, __y, __tile);
}

template <int _R0, int _C0, typename _T, int _H, int _W, typename _X>
__CM_INLINE void __cmtl_write_tiles(SurfaceIndex __idx, int __h, int __v, _X &__block) {
  constexpr int _CC = __cmtl_min(_W - _C0, __cmtl_tile_cols<_T>);
  constexpr int _RC = __cmtl_min(_H - _R0, __cmtl_tile_rows<_T>(_CC));
  __cmtl_write_tile<_T, _RC, _CC>(__idx, (__h + _C0) * (int)sizeof(_T), __v + _R0,
                                  __block.template select<_RC, 1, _CC, 1>(_R0, _C0));
  if constexpr (_R0 + _RC < _H)
    __cmtl_write_tiles<_R0 + _RC, _C0, _T, _H, _W>(__idx, __h, __v, __block);
  else if constexpr (_C0 + _CC < _W)
    __cmtl_write_tiles<0, _C0 + _CC, _T, _H, _W>(__idx, __h, __v, __block);
}

template <typename _Attr, typename _X>
__CM_INLINE void __cmtl_read_block(SurfaceIndex __idx, _Attr __a, int __h, int __v, _X &__block, unsigned __surface_width) {
  using _D = __details::__cm_plain<_X>;
  using _T = __details::__cm_elem_of<_D>;
  constexpr int _H = __details::__cm_rows_cols<_D>::__rows, _W = __details::__cm_rows_cols<_D>::__cols;
  const int __sw = (int)__surface_width;
  if (sizeof(_T) % 4 == 0 || __sw == 0 || (__sw * (int)sizeof(_T)) % 4 == 0 || __h + _W <= __sw) {
    __cmtl_read_tiles<0, 0, _T, _H, _W>(__idx, __a, __h, __v, __block);
    return;
  }
  // The block crosses the right edge of a surface whose width is not dword-aligned: start at most at the last
  // pixel, then repeat the last pixel in every column at or past the edge.
  int __start = __h < __sw ? __h : __sw - 1;
  __cmtl_read_tiles<0, 0, _T, _H, _W>(__idx, __a, __start, __v, __block);
  int __last = __sw - 1 - __start;
  vector<int, _W> __cols;
  __cols.__cm_write(__details::__cm_lane_iota<int, _W>());
  vector<unsigned short, _W> __past = __cols > __last;
  for (int __i = 0; __i < _H; __i++) {
    vector<_T, _W> __edge = __block(__i, __last);
    __block.row(__i).merge(__edge, __past);
  }
}

// ---- ReadBlock / WriteBlock --------------------------------------------------------------------------------

template <typename _T = void, int _H = 0, int _W = 0, typename _X>
__CM_INLINE void ReadBlock(SurfaceIndex __idx, int __h_pix_pos, int __v_pix_pos, _X &&__block, unsigned __surface_width = 0)
    __attribute__((__diagnose_if__(!__cmtl_block_ok<_T, _H, _W, _X>(),
                                   "cmtl::ReadBlock<T, HEIGHT, WIDTH>: the block must be a matrix or matrix_ref of "
                                   "HEIGHT x WIDTH elements of T",
                                   "error"))) {
  if constexpr (__cmtl_block_ok<_T, _H, _W, _X>())
    __cmtl_read_block(__idx, __cmtl_no_attr{}, __h_pix_pos, __v_pix_pos, __block, __surface_width);
}
template <typename _T = void, int _H = 0, int _W = 0, int _A, typename _X>
__CM_INLINE void ReadBlock(SurfaceIndex __idx, __details::__cm_buffer_attr<_A> __attr, int __h_pix_pos, int __v_pix_pos,
                           _X &&__block, unsigned __surface_width = 0)
    __attribute__((__diagnose_if__(!__cmtl_block_ok<_T, _H, _W, _X>(),
                                   "cmtl::ReadBlock<T, HEIGHT, WIDTH>: the block must be a matrix or matrix_ref of "
                                   "HEIGHT x WIDTH elements of T",
                                   "error")))
    __attribute__((__diagnose_if__(__details::__cm_media_ld_modifier(_A) < 0,
                                   "cmtl::ReadBlock(idx, attribute, ...): a media block read takes GENX_NONE, "
                                   "TOP_FIELD, BOTTOM_FIELD, MODIFIED, MODIFIED_TOP_FIELD or MODIFIED_BOTTOM_FIELD",
                                   "error"))) {
  if constexpr (__cmtl_block_ok<_T, _H, _W, _X>() && __details::__cm_media_ld_modifier(_A) >= 0)
    __cmtl_read_block(__idx, __attr, __h_pix_pos, __v_pix_pos, __block, __surface_width);
}

template <typename _T = void, int _H = 0, int _W = 0, typename _X>
__CM_INLINE void WriteBlock(SurfaceIndex __idx, int __h_pix_pos, int __v_pix_pos, _X &&__block)
    __attribute__((__diagnose_if__(!__cmtl_block_ok<_T, _H, _W, _X>(),
                                   "cmtl::WriteBlock<T, HEIGHT, WIDTH>: the block must be a matrix or matrix_ref of "
                                   "HEIGHT x WIDTH elements of T",
                                   "error"))) {
  if constexpr (__cmtl_block_ok<_T, _H, _W, _X>()) {
    using _D = __details::__cm_plain<_X>;
    __cmtl_write_tiles<0, 0, __details::__cm_elem_of<_D>, __details::__cm_rows_cols<_D>::__rows, __details::__cm_rows_cols<_D>::__cols>(
        __idx, __h_pix_pos, __v_pix_pos, __block);
  }
}

// ---- ReadLinear / WriteLinear ------------------------------------------------------------------------------

constexpr int __cmtl_linear_piece(int __left) {
  return __left >= 16 ? 16 : __left >= 8 ? 8 : __left >= 4 ? 4 : __left >= 2 ? 2 : 1;
}

// Reads (or writes) elements _O.. of `__v` at pixels pos + _O.., one scattered message per piece.
template <bool _Write, int _O, int _N, typename _X> __CM_INLINE void __cmtl_linear(SurfaceIndex __idx, int __pos, _X &__v) {
  constexpr int _K = __cmtl_linear_piece(_N - _O);
  vector<unsigned, _K> __offsets;
  __offsets.__cm_write(__details::__cm_lane_iota<unsigned, _K>());
  if constexpr (_Write)
    write(__idx, (unsigned)(__pos + _O), __offsets, __v.template select<_K, 1>(_O));
  else
    read(__idx, (unsigned)(__pos + _O), __offsets, __v.template select<_K, 1>(_O));
  if constexpr (_O + _K < _N)
    __cmtl_linear<_Write, _O + _K, _N>(__idx, __pos, __v);
}

template <typename _T = void, int _W = 0, typename _X>
__CM_INLINE void ReadLinear(SurfaceIndex __idx, int __pix_pos, _X &&__v)
    __attribute__((__diagnose_if__(!__cmtl_vector_ok<_T, _W, _X>(),
                                   "cmtl::ReadLinear<T, WIDTH>: the destination must be a vector or vector_ref of "
                                   "WIDTH elements of T, T of 1, 2 or 4 bytes",
                                   "error"))) {
  if constexpr (__cmtl_vector_ok<_T, _W, _X>())
    __cmtl_linear<false, 0, __details::__cm_count<_X>>(__idx, __pix_pos, __v);
}
template <typename _T = void, int _W = 0, typename _X>
__CM_INLINE void WriteLinear(SurfaceIndex __idx, int __pix_pos, _X &&__v)
    __attribute__((__diagnose_if__(!__cmtl_vector_ok<_T, _W, _X>(),
                                   "cmtl::WriteLinear<T, WIDTH>: the source must be a vector or vector_ref of WIDTH "
                                   "elements of T, T of 1, 2 or 4 bytes",
                                   "error"))) {
  if constexpr (__cmtl_vector_ok<_T, _W, _X>())
    __cmtl_linear<true, 0, __details::__cm_count<_X>>(__idx, __pix_pos, __v);
}

// ---- DumpSLM -----------------------------------------------------------------------------------------------

__CM_INLINE void DumpSLM(unsigned __slm, SurfaceIndex __idx, unsigned __size) {
  unsigned __i = 0;
  for (; __i + 128 <= __size; __i += 128) {
    vector<unsigned, 32> __chunk;
    cm_slm_block_read(__slm, (int)__i, __chunk);
    write(__idx, (int)__i, __chunk);
  }
  for (; __i < __size; __i += 16) {
    vector<unsigned, 4> __chunk;
    cm_slm_block_read(__slm, (int)__i, __chunk);
    write(__idx, (int)__i, __chunk);
  }
}

} // namespace cmtl

#endif
