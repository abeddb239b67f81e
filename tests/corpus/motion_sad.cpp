// kernels: block_sad
// Motion search by sum of absolute differences: each thread compares a 16x4 block of the current frame with 4
// candidate positions of the reference frame (media block reads at a per-candidate offset), accumulates cm_sada2
// pair sums per row, reduces with cm_sum and keeps the best candidate with cm_min.
// Constructs: cm_sad2, cm_sada2 with SAT, matrix rows, a reference passed to a helper, cm_sum, the legacy
// media walker origin.
#include <cm/cm.h>

_GENX_ inline uint block_cost(matrix_ref<uchar, 4, 16> cur, matrix_ref<uchar, 4, 16> ref) {
  vector<ushort, 16> acc = cm_sad2<ushort>(cur.row(0), ref.row(0));
#pragma unroll
  for (int r = 1; r < 4; r++)
    acc = cm_sada2<ushort>(cur.row(r), ref.row(r), acc, SAT);
  // The pair sums sit in the even lanes.
  return cm_sum<uint>(acc.select<8, 2>(0));
}

extern "C" _GENX_MAIN_ void block_sad(SurfaceIndex cur [[type("image2d_t read_only")]],
                                      SurfaceIndex ref [[type("image2d_t read_only")]], SurfaceIndex costs) {
  int x = get_thread_origin_x() * 16, y = get_thread_origin_y() * 4;
  matrix<uchar, 4, 16> block, candidate;
  read(cur, x, y, block);
  vector<uint, 4> cost;
#pragma unroll
  for (int c = 0; c < 4; c++) {
    read(ref, x + c - 2, y, candidate);
    cost(c) = block_cost(block, candidate);
  }
  vector<uint, 4> best = cm_min<uint>(cost.select<2, 1>(0), cost.select<2, 1>(2)).replicate<2>();
  vector<uint, 8> record;
  record.select<4, 1>(0) = cost;
  record.select<4, 1>(4) = best;
  write(costs, (get_thread_origin_y() * 64 + get_thread_origin_x()) * 32, record);
}
