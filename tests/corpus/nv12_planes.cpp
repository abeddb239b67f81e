// kernels: nv12_invert
// Inverts an NV12 frame in place, plane by plane: the Y plane in 16x8 blocks and the interleaved UV plane
// (half height) in 16x4 blocks, with read_plane / write_plane; a TOP_FIELD read of the luma shows the field
// modifiers.
// Constructs: read_plane / write_plane with GENX_SURFACE_Y_PLANE / GENX_SURFACE_UV_PLANE, TOP_FIELD, media walker.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void nv12_invert(SurfaceIndex frame [[type("image2d_t read_write")]], SurfaceIndex fields) {
  int x = get_thread_origin_x() * 16, y = get_thread_origin_y() * 8;
  matrix<uchar, 8, 16> luma;
  read_plane(frame, GENX_SURFACE_Y_PLANE, x, y, luma);
  luma = 255 - luma;
  write_plane(frame, GENX_SURFACE_Y_PLANE, x, y, luma);
  matrix<uchar, 4, 16> chroma;
  read_plane(frame, GENX_SURFACE_UV_PLANE, x, y / 2, chroma);
  chroma = 255 - chroma;
  write_plane(frame, GENX_SURFACE_UV_PLANE, x, y / 2, chroma);
  matrix<uchar, 4, 16> top;
  read(TOP_FIELD(fields), x, y / 2, top);
  write(fields, x, y / 2, top);
}
