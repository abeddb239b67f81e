// kernels: spmv_csr
// march: icllp tgllp
// y = A x for a sparse matrix in CSR form, one thread per 8 rows with one lane per row: row pointers are read
// with an OWord block, then each lane walks its row in steps of one element, gathering the column index, the
// value and x[column] with scattered reads while any lane has elements left (SIMD control flow), and y is written
// as one block.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void spmv_csr(SurfaceIndex row_ptr, SurfaceIndex cols, SurfaceIndex vals, SurfaceIndex x,
                                     SurfaceIndex y) {
  unsigned first_row = cm_linear_global_id() * 8;
  vector<unsigned, 16> ptr;
  read(DWALIGNED(row_ptr), first_row * 4, ptr);
  vector<unsigned, 8> at = ptr.select<8, 1>(0);
  vector<unsigned, 8> end = ptr.select<8, 1>(1);
  vector<float, 8> sum = 0.0f;
  SIMD_IF_BEGIN(at < end)
    SIMD_DO_WHILE_BEGIN
      vector<unsigned, 8> col;
      vector<float, 8> v, xv;
      read(cols, 0, at, col);
      read(vals, 0, at, v);
      read(x, 0, col, xv);
      sum += v * xv;
      at += 1;
    SIMD_DO_WHILE_END(at < end)
  SIMD_IF_END
  write(y, first_row * 4, sum);
}
