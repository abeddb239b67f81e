// Thread and group ids of CM (cmlangspec §4.6 "ID and Size API Functions"), and the legacy media-walker origin.
//
// A CM thread is one work item of an OpenCL-style grid of groups. The builtins read the GenX thread-environment
// intrinsics (docs/cmc-compat.md §3, "older" form): genx.local.id / local.size / group.count (<3 x i32>, x first) and
// genx.group.id.x/y/z; get_thread_origin_x/y read genx.thread.x/y (i16). A dimension argument that is not a
// constant becomes an element read at a variable index. The linear forms number x fastest, then y, then z.
//
// cm_rdtsc() (cmlangspec §4.3, deprecated there for cm_clock) reads the timestamp register, genx.timestamp
// <4 x i32>: the low and high halves of the 64-bit count, a bit set when a context switch occurred, and an unused
// word; cm_clock() is its first two words. get_color (§4.13, genx.get.color), cm_get_hwid (§4.21, genx.get.hwid) and
// cm_get_r0 (§4.15, genx.r0 <8 x i32>) read the thread's payload. Not here: cm_get_sr0, cm_lane_id.
#pragma once
#ifndef __CM_HEADERS_CM_THREAD_H
#define __CM_HEADERS_CM_THREAD_H
#include <cm/cm_common.h>
#include <cm/cm_vector.h>

__CM_GENX_DECL(local_id)
__CM_GENX_DECL(local_size)
__CM_GENX_DECL(group_count)
__CM_GENX_DECL(group_id_x)
__CM_GENX_DECL(group_id_y)
__CM_GENX_DECL(group_id_z)
__CM_GENX_DECL(thread_x)
__CM_GENX_DECL(thread_y)
__CM_GENX_DECL(timestamp)
__CM_GENX_DECL(get_color)
__CM_GENX_DECL(get_hwid)
__CM_GENX_DECL(r0)

namespace __details {
__CM_INLINE __cm_vec<unsigned, 3> __cm_local_ids() { return __cm_genx_local_id<__cm_vec<unsigned, 3>>(); }
__CM_INLINE __cm_vec<unsigned, 3> __cm_local_sizes() { return __cm_genx_local_size<__cm_vec<unsigned, 3>>(); }
__CM_INLINE __cm_vec<unsigned, 3> __cm_group_counts() { return __cm_genx_group_count<__cm_vec<unsigned, 3>>(); }
__CM_INLINE __cm_vec<unsigned, 3> __cm_group_ids() {
  __cm_vec<unsigned, 3> __ids = {__cm_genx_group_id_x<unsigned>(), __cm_genx_group_id_y<unsigned>(),
                               __cm_genx_group_id_z<unsigned>()};
  return __ids;
}
// x + y*X + z*X*Y for ids (x, y, z) in a space of sizes (X, Y, Z).
__CM_INLINE unsigned __cm_linear(__cm_vec<unsigned, 3> __id, __cm_vec<unsigned, 3> __size) {
  return __id[0] + __size[0] * (__id[1] + __size[1] * __id[2]);
}
__CM_INLINE unsigned __cm_volume(__cm_vec<unsigned, 3> __size) { return __size[0] * __size[1] * __size[2]; }
} // namespace __details

__CM_INLINE unsigned cm_local_id(unsigned __dim) { return __details::__cm_local_ids()[__dim]; }
__CM_INLINE unsigned cm_local_size(unsigned __dim) { return __details::__cm_local_sizes()[__dim]; }
__CM_INLINE unsigned cm_group_id(unsigned __dim) { return __details::__cm_group_ids()[__dim]; }
__CM_INLINE unsigned cm_group_count(unsigned __dim) { return __details::__cm_group_counts()[__dim]; }
__CM_INLINE unsigned cm_global_id(unsigned __dim) {
  return cm_group_id(__dim) * cm_local_size(__dim) + cm_local_id(__dim);
}

__CM_INLINE unsigned cm_linear_local_id() {
  return __details::__cm_linear(__details::__cm_local_ids(), __details::__cm_local_sizes());
}
__CM_INLINE unsigned cm_linear_local_size() { return __details::__cm_volume(__details::__cm_local_sizes()); }
__CM_INLINE unsigned cm_linear_group_id() {
  return __details::__cm_linear(__details::__cm_group_ids(), __details::__cm_group_counts());
}
__CM_INLINE unsigned cm_linear_group_count() { return __details::__cm_volume(__details::__cm_group_counts()); }
// group * (X*Y*Z) + linear local id, in Horner form over the local sizes (x + X*(y + Y*(z + Z*group))): equal
// modulo 2^32, three multiplies instead of five (IGC's reassociation finds this form; the vISA route does not).
__CM_INLINE unsigned cm_linear_global_id() {
  __details::__cm_vec<unsigned, 3> __id = __details::__cm_local_ids(), __size = __details::__cm_local_sizes();
  return __id[0] + __size[0] * (__id[1] + __size[1] * (__id[2] + __size[2] * cm_linear_group_id()));
}
__CM_INLINE unsigned cm_linear_global_size() { return cm_linear_group_count() * cm_linear_local_size(); }

// The media-walker thread origin (legacy kernels dispatched one thread per block).
__CM_INLINE unsigned get_thread_origin_x() { return __details::__cm_genx_thread_x<unsigned short>(); }
__CM_INLINE unsigned get_thread_origin_y() { return __details::__cm_genx_thread_y<unsigned short>(); }
// The color of the thread's origin in the thread space (0 when the host defines none).
__CM_INLINE unsigned short get_color() { return __details::__cm_genx_get_color<unsigned short>(); }
// The hardware thread id (from r0) and the thread payload register r0 itself (for raw-send payloads).
__CM_INLINE unsigned cm_get_hwid() { return __details::__cm_genx_get_hwid<unsigned>(); }
__CM_INLINE vector<unsigned, 8> cm_get_r0() {
  return vector<unsigned, 8>::__cm_from(__details::__cm_genx_r0<__details::__cm_vec<unsigned, 8>>());
}

// The timestamp (the template parameter of Intel's declaration, `template <typename T = void>`, is unused).
template <typename _T = void> __CM_INLINE vector<unsigned, 4> cm_rdtsc() {
  return vector<unsigned, 4>::__cm_from(__details::__cm_genx_timestamp<__details::__cm_vec<unsigned, 4>>());
}
__CM_INLINE vector<unsigned, 2> cm_clock() {
  auto __t = __details::__cm_genx_timestamp<__details::__cm_vec<unsigned, 4>>();
  return vector<unsigned, 2>::__cm_from(__builtin_shufflevector(__t, __t, 0, 1));
}

#endif
