// kernels: kmeans_assign
// march: icllp tgllp
// The assignment step of k-means on 2D float points, K = 8 centroids: each thread takes 16 points (x and y read
// with OWord blocks), computes the squared distance to every centroid (read once as a 16-float block: x0 y0 x1
// y1 ...), keeps the nearest with a compare and merge, writes each point's cluster and adds its coordinates and a
// count to the cluster's running sums with integer atomics on 24.8 fixed-point values.
#include <cm/cm.h>

#define K 8

extern "C" _GENX_MAIN_ void kmeans_assign(SurfaceIndex points_x, SurfaceIndex points_y, SurfaceIndex centroids,
                                          SurfaceIndex cluster, SurfaceIndex sums) {
  unsigned gid = cm_linear_global_id();
  vector<float, 16> x, y;
  read(points_x, gid * 64, x);
  read(points_y, gid * 64, y);
  vector<float, 2 * K> c;
  read(centroids, 0, c);

  vector<float, 16> best = 3.0e38f;
  vector<unsigned, 16> which = 0;
#pragma unroll
  for (int j = 0; j < K; j++) {
    vector<float, 16> dx = x - c(2 * j);
    vector<float, 16> dy = y - c(2 * j + 1);
    vector<float, 16> d = dx * dx + dy * dy;
    which.merge(j, d < best);
    best.merge(d, d < best);
  }
  write(cluster, gid * 64, which);

  vector<int, 16> fx = x * 256.0f, fy = y * 256.0f;
  vector<unsigned, 16> one = 1;
  write_atomic<ATOMIC_ADD>(sums, which * 3, fx);
  write_atomic<ATOMIC_ADD>(sums, which * 3 + 1, fy);
  write_atomic<ATOMIC_ADD>(sums, which * 3 + 2, one);
}
