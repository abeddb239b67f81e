// A 3x3 box ("linear") filter over an RGB image, one thread per 8x6-pixel block: Algorithm 2 of the C-for-Metal
// paper (Lueh et al., CGO 2021), written for this compiler.
//
// Each thread reads an 8x32-byte block of the input with one 2D media block read: 8 rows and 10 pixels of 3 bytes
// (30 bytes, padded to 32 for a good register layout), starting one pixel up and to the left of its output block.
// Nine 6x24 selects of that matrix, each shifted by one pixel (3 bytes) or one row, are converted to float and
// summed; the average of the nine neighbours becomes the 6x24-byte output block (8 pixels per row, 6 rows),
// written with one media block write. At the image border the media read clamps to the edge (a byte surface:
// each byte column outside the image reads the nearest byte column inside).
//
// Surfaces: 0 = input image, 1 = output image, both `width * 3` bytes wide. Dispatch one thread per output block
// (width / 8 by height / 6 threads); get_thread_origin_x/y say which block.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void linear_filter(SurfaceIndex input [[type("image2d_t read_only")]],
                                          SurfaceIndex output [[type("image2d_t write_only")]]) {
  int h_pos = get_thread_origin_x();
  int v_pos = get_thread_origin_y();

  matrix<uchar, 8, 32> in;  // the block and its one-pixel border
  matrix<float, 6, 24> sum; // running sum of the nine neighbours
  matrix<uchar, 6, 24> out; // 6 rows of 8 RGB pixels

  read(input, h_pos * 24 - 3, v_pos * 6 - 1, in);

  sum = in.select<6, 1, 24, 1>(1, 3); // the centre pixel
  sum += in.select<6, 1, 24, 1>(0, 0);
  sum += in.select<6, 1, 24, 1>(0, 3);
  sum += in.select<6, 1, 24, 1>(0, 6);
  sum += in.select<6, 1, 24, 1>(1, 0);
  sum += in.select<6, 1, 24, 1>(1, 6);
  sum += in.select<6, 1, 24, 1>(2, 0);
  sum += in.select<6, 1, 24, 1>(2, 3);
  sum += in.select<6, 1, 24, 1>(2, 6);

  out = sum * 0.1111f; // the average, converted back to bytes

  write(output, h_pos * 24, v_pos * 6, out);
}
