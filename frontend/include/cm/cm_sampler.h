// Sampler messages (cmlangspec §4.9 "Sampler"): sample16, sample32, load16 and the AVS media sampler.
//
// Lowering, through the neutral calls of cm_common.h:
//   sample16(m, channels, surface, sampler, u [, v [, r]])   genx.sample(channels, sampler, surface, u, v, r):
//                                                            one row of 16 per enabled channel
//   load16(m, channels, surface, u [, v [, r]])              genx.load(channels, surface, u, v, r) on integer
//                                                            texel coordinates
// (Intel's cmc uses genx.3d.sample / 3d.load from Gen9 on; IGC 1.0.12504's vector-compute backend aborts on
// those from SPIR-V for icllp and tgllp, and accepts genx.sample / genx.load, the SAMPLE and LOAD messages.)
//   sample32(m, channels, surface, sampler, u, v, du, dv [, ofc])
//                                                            genx.sample.unorm(channels | ofc << 4, ...): 32
//                                                            pixels of 16-bit unorm per enabled channel
//   cm_avs_sampler(m, channels, surface, sampler, u, v, du, dv, u2d [, group, vblock, ofc, v2d, mode, bypass])
//                                                            genx.avs
// cm_3d_sample / cm_3d_load, the video-analytics functions (cm_va_*) and read_transpose are refused at the
// user's line with the reason (see the end of this file).
// The channel mask, output format and AVS mode must be constants (the intrinsics' immediate operands); a
// variable one is a located error from genx-cm-lower. A constant mask must enable at least one channel and the
// matrix must hold at least a row per enabled channel (errors at the user's call). The coordinates after u may be
// omitted (v and r default to 0), as in the spec.
#pragma once
#ifndef __CM_HEADERS_CM_SAMPLER_H
#define __CM_HEADERS_CM_SAMPLER_H
#include <cm/cm_common.h>
#include <cm/cm_vector.h>
#include <cm/cm_math.h>
#include <cm/cm_memory.h>

__CM_GENX_DECL(sample)
__CM_GENX_DECL(load)
__CM_GENX_DECL(sample_unorm)
__CM_GENX_DECL(avs)

enum OutputFormatControl { CM_16_FULL = 0, CM_16_DOWN_SAMPLE = 1, CM_8_FULL = 2, CM_8_DOWN_SAMPLE = 3 };
enum AVSExecMode { CM_AVS_16x4 = 0, CM_AVS_8x4 = 1, CM_AVS_16x8 = 2, CM_AVS_4x4 = 3 };
// The 3D sampler operations (vISA 3D_SAMPLE / 3D_LOAD opcodes), named so that code spelling them reaches the
// refusal of cm_3d_sample / cm_3d_load below.
enum CM3DSampleOp {
  CM_3D_SAMPLE = 0,
  CM_3D_SAMPLE_B = 1,
  CM_3D_SAMPLE_L = 2,
  CM_3D_SAMPLE_C = 3,
  CM_3D_SAMPLE_D = 4,
  CM_3D_SAMPLE_B_C = 5,
  CM_3D_SAMPLE_L_C = 6,
  CM_3D_LOD = 9,
  CM_3D_SAMPLE_D_C = 20,
  CM_3D_SAMPLE_LZ = 24,
  CM_3D_SAMPLE_C_LZ = 25,
  CM_3D_SAMPLE_NULLMASK_ENABLE = 32
};
enum CM3DLoadOp { CM_3D_LOAD = 7, CM_3D_LOAD_LZ = 26, CM_3D_LOAD_2DMS_W = 28, CM_3D_LOAD_MCS = 29 };

namespace __details {

constexpr int __cm_channel_count(int __mask) { return (__mask & 1) + (__mask >> 1 & 1) + (__mask >> 2 & 1) + (__mask >> 3 & 1); }

template <typename _X> constexpr bool __cm_sampler_rows_ok = __cm_rows_cols<_X>::__cols == 16;
} // namespace __details

// The channel mask of a sampler message, checked at the user's call when it is a constant (it must be; a variable
// one is genx-cm-lower's located error): one of the 15 ChannelMaskType values (a mask enabling no channel is
// rejected by IGC without a message), and the matrix holds a row of `row` elements per enabled channel.
#define __CM_SAMPLER_MASK_OK(__name, __row)                                                                           \
  __attribute__((__diagnose_if__(__mask < CM_R_ENABLE || __mask > CM_ABGR_ENABLE,                                  \
                                 __name ": the channel mask must enable at least one channel (CM_R_ENABLE ... "      \
                                      "CM_ABGR_ENABLE)",                                                           \
                                 "error")))                                                                        \
  __attribute__((__diagnose_if__(__mask >= CM_R_ENABLE && __mask <= CM_ABGR_ENABLE &&                              \
                                     __details::__cm_count<__details::__cm_plain<_X>> <                               \
                                         (__row) * __details::__cm_channel_count(__mask),                              \
                                 __name ": the matrix has fewer rows than the channel mask enables channels",        \
                                 "error")))


// sample16(m, channels, surface, sampler, u [, v [, r]]): the enabled channels of 16 texels at normalized
// coordinates, one row of 16 per enabled channel (float or dword elements).
template <typename _X, typename _U, typename _V = float, typename _R = float,
          typename = __details::__cm_if<__details::__cm_obj<_X> && __details::__cm_ok<_U>>>
__CM_INLINE void sample16(_X &&__m, ChannelMaskType __mask, SurfaceIndex __surface, SamplerIndex __sampler, const _U &__u,
                          const _V &__v = 0.0f, const _R &__r = 0.0f) __CM_SAMPLER_MASK_OK("sample16", 16) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  static_assert(sizeof(_T) == 4, "sample16 returns float or dword elements");
  static_assert(__cm_count<_D> % 16 == 0, "sample16: the matrix holds rows of 16");
  __m.__cm_write(__cm_genx_sample<__cm_vec<_T, __cm_count<_D>>>((int)__mask, __sampler.get_index(), __surface.get_index(),
      __cm_operand<float, 16>(__u), __cm_operand<float, 16>(__v), __cm_operand<float, 16>(__r)));
}

// load16(m, channels, surface, u [, v [, r]]): the enabled channels of 16 texels at integer coordinates.
template <typename _X, typename _U, typename _V = unsigned, typename _R = unsigned,
          typename = __details::__cm_if<__details::__cm_obj<_X> && __details::__cm_ok<_U>>>
__CM_INLINE void load16(_X &&__m, ChannelMaskType __mask, SurfaceIndex __surface, const _U &__u, const _V &__v = 0u,
                        const _R &__r = 0u) __CM_SAMPLER_MASK_OK("load16", 16) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  using _T = __cm_elem_of<_D>;
  static_assert(sizeof(_T) == 4, "load16 returns float or dword elements");
  static_assert(__cm_count<_D> % 16 == 0, "load16: the matrix holds rows of 16");
  __m.__cm_write(__cm_genx_load<__cm_vec<_T, __cm_count<_D>>>((int)__mask, __surface.get_index(),
      __cm_operand<unsigned, 16>(__u), __cm_operand<unsigned, 16>(__v), __cm_operand<unsigned, 16>(__r)));
}

// sample32(m, channels, surface, sampler, u, v, du, dv [, ofc]): 32 pixels from (u, v) stepping (du, dv), 16-bit
// unorm, one row of 32 per enabled channel (a vector_ref<ushort, 32> for one channel).
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void sample32(_X &&__m, ChannelMaskType __mask, SurfaceIndex __surface, SamplerIndex __sampler, float __u, float __v,
                          float __du, float __dv, OutputFormatControl __ofc = CM_16_FULL)
    __CM_SAMPLER_MASK_OK("sample32", 32) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  static_assert(__cm_same<__cm_elem_of<_D>, unsigned short>, "sample32 returns ushort elements");
  static_assert(__cm_count<_D> % 32 == 0, "sample32: the matrix holds rows of 32");
  __m.__cm_write(__cm_genx_sample_unorm<__cm_vec<unsigned short, __cm_count<_D>>>(
      (int)__mask | (int)__ofc << 4, __sampler.get_index(), __surface.get_index(), __u, __v, __du, __dv));
}

// cm_avs_sampler(m, channels, surface, sampler, u, v, du, dv, u2d [, group, vblock, ofc, v2d, mode, bypass]):
// the adaptive video scaler (genx.avs); the result's shape follows the mode and format (cmlangspec §4.9).
template <typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_avs_sampler(_X &&__m, ChannelMaskType __mask, SurfaceIndex __surface, SamplerIndex __sampler, float __u,
                                float __v, float __du, float __dv, float __u2d, int __group = -1, int __vblock = -1,
                                OutputFormatControl __ofc = CM_16_FULL, float __v2d = 0.0f,
                                AVSExecMode __mode = CM_AVS_16x4, bool __ief_bypass = false) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  __m.__cm_write(__cm_genx_avs<__cm_vec<__cm_elem_of<_D>, __cm_count<_D>>>(
      (int)__mask, __sampler.get_index(), __surface.get_index(), __u, __v, __du, __dv, __u2d, __group, __vblock, (int)__ofc, __v2d,
      (int)__mode, (char)__ief_bypass));
}

// Sampler functions of the spec this compiler does not implement, refused where they are called (the user's line)
// with the reason, instead of an unknown identifier or an error inside the headers.
__CM_REFUSED_FUNCTION(cm_3d_sample, "IGC 1.0.12504's vector-compute backend aborts on the 3D sampler messages for "
                                    "icllp and tgllp (use sample16 or load16)")
__CM_REFUSED_FUNCTION(cm_3d_load, "IGC 1.0.12504's vector-compute backend aborts on the 3D sampler messages for "
                                  "icllp and tgllp (use load16)")
__CM_REFUSED_FUNCTION(cm_va_2d_convolve, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_erode, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_dilate, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_min_max, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_min_max_filter, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_centroid, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_boolean_centroid, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_lbp_creation, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_lbp_correlation, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_correlation_search, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_flood_fill, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_1d_convolution, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_1pixel_convolve, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_2d_convolve_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_min_max_filter_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_erode_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_dilate_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_1d_convolution_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_1pixel_convolve_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_lbp_creation_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(cm_va_lbp_correlation_hdc, "the video-analytics sampler functions are not implemented")
__CM_REFUSED_FUNCTION(read_transpose, "IGC 1.0.12504's vector-compute backend has no lowering for llvm.genx.transpose.ld (vISA TRANSPOSE_LD) (IGC aborts with 'Unsupported intrinsic!')")
// The modes of the functions above (cmlangspec §4.5, §4.9-§4.11), named so that code spelling them reaches the
// refusal of the call rather than an unknown identifier.
enum CM_READ_SIZE { CM_READ_1 = 0, CM_READ_2 = 1, CM_READ_4 = 2, CM_READ_8 = 3 };
enum CONVExecMode { CM_CONV_16x4 = 0, CM_CONV_16x1 = 1, CM_CONV_1x1 = 2 };
enum MMFExecMode { CM_MMF_16x4 = 0, CM_MMF_16x1 = 2, CM_MMF_1x1 = 3 };
enum MMFEnableMode { CM_MINMAX_ENABLE = 0, CM_MAX_ENABLE = 1, CM_MIN_ENABLE = 2 };
enum EDExecMode { CM_ED_64x4 = 0, CM_ED_32x4 = 1, CM_ED_64x1 = 2, CM_ED_32x1 = 3 };
enum LBPCreationExecMode { CM_LBP_CREATION_5x5 = 0, CM_LBP_CREATION_3x3 = 1, CM_LBP_CREATION_BOTH = 2 };
enum CM_FORMAT_SIZE { CM_HDC_FORMAT_16S = 0, CM_HDC_FORMAT_8U = 1 };

// Video motion estimation (cmlangspec §2.3 VmeIndex, §4.12 run_vme_*): not implemented (vISA's VME instructions
// end with Gen11; see docs/cm-compat.md). A VmeIndex anywhere in the user's code (a kernel parameter) is refused
// where it is written; the VME functions are refused where they are called; their payload types and modes are
// named so that code spelling them reaches those refusals.
struct __attribute__((__unavailable__("VmeIndex and the VME functions (cmlangspec 4.12) are not supported by this "
                                      "compiler: it implements no video motion estimation (vISA's VME instructions "
                                      "end with Gen11)"))) VmeIndex {};
typedef matrix<unsigned char, 4, 32> vme_InputMrfType;
typedef matrix<unsigned char, 4, 32> vme_OutputGrfType;
typedef matrix<unsigned char, 1, 32> vme_OutputGrfShortType;
enum VMEStreamMode { VME_STREAM_DISABLE = 0, VME_STREAM_OUT = 1, VME_STREAM_IN = 2, VME_STREAM_IN_OUT = 3 };
enum VMESearchCtrl {
  VME_SEARCH_SINGLE_REF_SINGLE_REC_SINGLE_START = 0,
  VME_SEARCH_SINGLE_REF_SINGLE_REC_DUAL_START = 1,
  VME_SEARCH_SINGLE_REF_DUAL_REC = 3,
  VME_SEARCH_DUAL_REF_DUAL_REC = 7
};
#define __CM_VME_WHY "video motion estimation is not implemented (vISA's VME instructions end with Gen11)"
__CM_REFUSED_FUNCTION(run_vme_intra, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(run_vme_inter, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(run_vme_all, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(run_vme_ime, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(run_vme_sic, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(run_vme_fbr, __CM_VME_WHY)

// The rest of §4.12's VME functions (run_vme_idm, the HEVC forms of §4.12.4-§4.12.5), refused the same way.
__CM_REFUSED_FUNCTION(run_vme_idm, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_ime, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_sic, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_sc, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_hpm_u, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_hpm_b, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_fbr, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_rpm, __CM_VME_WHY)
__CM_REFUSED_FUNCTION(cm_vme_hevc_srm, __CM_VME_WHY)

#endif
