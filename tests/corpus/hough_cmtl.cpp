// kernels: gradient_angles
// The gradient-angle step of a Hough transform with the CM template library: the angle of each pixel's gradient
// by cmtl::cm_atan2 binned into 8 sectors of pi/4 (CM_CONST_PI), the magnitude by cm_sqrt<16>, a bin index
// table made with cm_vector, and cmtl::cm_floor to the sector.
// Constructs: #include <cm/cmtl.h>, cm_vector, cmtl::cm_atan2, cmtl::cm_floor<int>, cm_sqrt<N> with an explicit
// size, CM_CONST_PI, cm_max, merge with a mask.
#include <cm/cmtl.h>

extern "C" _GENX_MAIN_ void gradient_angles(SurfaceIndex gx_buf, SurfaceIndex gy_buf, SurfaceIndex out) {
  uint off = cm_linear_global_id() * 64;
  vector<float, 16> gx, gy;
  read(gx_buf, off, gx);
  read(gy_buf, off, gy);
  vector<float, 16> angle = cmtl::cm_atan2(gy, gx);
  vector<float, 16> magnitude = cm_sqrt<16>(gx * gx + gy * gy);
  vector<int, 16> sector = cmtl::cm_floor<int>((angle + CM_CONST_PI) * (4.0f / CM_CONST_PI));
  sector = cm_max<int>(sector, 0);
  sector.merge(7, sector > 7);
  cm_vector(weights, int, 16, 1, 0);
  vector<int, 16> packed = sector * 65536 + cm_rnde<int>(magnitude) * weights;
  write(out, off, packed);
}
