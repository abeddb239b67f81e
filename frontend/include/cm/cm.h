// The CM header library of this compiler. cmc includes it implicitly (as Intel's cmc does), so CM sources need
// no #include; an explicit `#include <cm/cm.h>` is harmless.
//
// Layout (one topic per file; see cm_common.h for the conventions every file follows):
//   cm_macros.h  the public macros of Intel's cm.h (CM_INLINE, CM_NODEBUG, _GENX_STACKCALL_, ...)
//   cm_common.h  storage types, the neutral intrinsic-call convention, attributes and predefined macros
//   cm_vector.h  vector, matrix, vector_ref, matrix_ref, the select family, format, merge, operators, any/all
//   cm_reduce.h  cm_sum, cm_prod, cm_reduced_min/max
//   cm_math.h    core and common math builtins (cm_add ... cm_unpack_mask), saturate<T>
//   cm_thread.h  thread and group ids, legacy get_thread_origin_x/y
//   cm_memory.h  SurfaceIndex memory (oword, media, scattered, untyped, atomics), SLM, SVM, barriers, fences
//   cm_printf.h  printf, cm_printf
//   cm_sampler.h sample16, sample32, load16, cm_avs_sampler
//   cm_simdcf.h  SIMD_IF_BEGIN/ELSEIF/ELSE/IF_END, SIMD_DO_WHILE_BEGIN/END, SIMD_BREAK/CONTINUE
#pragma once
#ifndef __CM_HEADERS_CM_H
#define __CM_HEADERS_CM_H
#include <cm/cm_common.h>
#include <cm/cm_macros.h>
#include <cm/cm_vector.h>
#if __has_include(<cm/cm_reduce.h>)
#include <cm/cm_reduce.h>
#endif
#if __has_include(<cm/cm_math.h>)
#include <cm/cm_math.h>
#endif
#include <cm/cm_dpas.h>
#if __has_include(<cm/cm_thread.h>)
#include <cm/cm_thread.h>
#endif
#if __has_include(<cm/cm_memory.h>)
#include <cm/cm_memory.h>
#endif
#include <cm/cm_printf.h>
#include <cm/cm_sampler.h>
#if __has_include(<cm/cm_simdcf.h>)
#include <cm/cm_simdcf.h>
#endif
#endif
