// kernels: nbody_forces
// march: icllp tgllp
// One step of an all-pairs n-body simulation, 16 bodies per thread, a group of 8 threads: the group stages
// tiles of 128 body positions and masses (x, y, z, m as four arrays) in shared local memory, and each thread
// accumulates the softened gravitational acceleration of every staged body on its own 16, then writes the three
// acceleration components.
#include <cm/cm.h>

#define THREADS 8
#define TILE (THREADS * 16)

extern "C" _GENX_MAIN_ void nbody_forces(SurfaceIndex pos, SurfaceIndex acc_out, unsigned n) {
  cm_slm_init(TILE * 16);
  unsigned tile = cm_slm_alloc(TILE * 16);
  unsigned lid = cm_linear_local_id();
  unsigned gid = cm_linear_global_id();

  vector<float, 16> px, py, pz;
  read(pos, gid * 64, px);
  read(pos, n * 4 + gid * 64, py);
  read(pos, n * 8 + gid * 64, pz);
  vector<float, 16> ax = 0.0f, ay = 0.0f, az = 0.0f;

  for (unsigned base = 0; base < n; base += TILE) {
    cm_barrier();
    for (int c = 0; c < 4; c++) {
      vector<float, 16> part;
      read(pos, c * n * 4 + (base + lid * 16) * 4, part);
      cm_slm_block_write(tile, c * TILE * 4 + lid * 64, part);
    }
    cm_barrier();
    for (int j = 0; j < TILE; j += 4) {
      vector<float, 4> qx, qy, qz, qm;
      cm_slm_block_read(tile, j * 4, qx);
      cm_slm_block_read(tile, TILE * 4 + j * 4, qy);
      cm_slm_block_read(tile, TILE * 8 + j * 4, qz);
      cm_slm_block_read(tile, TILE * 12 + j * 4, qm);
#pragma unroll
      for (int q = 0; q < 4; q++) {
        vector<float, 16> dx = qx(q) - px, dy = qy(q) - py, dz = qz(q) - pz;
        vector<float, 16> r2 = dx * dx + dy * dy + dz * dz + 0.01f;
        vector<float, 16> inv = cm_rsqrt(r2);
        vector<float, 16> s = qm(q) * inv * inv * inv;
        ax += s * dx;
        ay += s * dy;
        az += s * dz;
      }
    }
  }
  write(acc_out, gid * 64, ax);
  write(acc_out, n * 4 + gid * 64, ay);
  write(acc_out, n * 8 + gid * 64, az);
}
