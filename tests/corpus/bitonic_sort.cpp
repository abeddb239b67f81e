// kernels: bitonic_sort32
// march: icllp tgllp
// Sorts 32 unsigned keys per thread (ascending) with the full bitonic network: log2(32) = 5 phases, each a series
// of compare-exchange steps between elements i and i + stride expressed as strided selects of the key vector,
// followed by a direction flip for alternate blocks. Keys are read and written with OWord block messages.
#include <cm/cm.h>

template <int STRIDE>
inline void compare_exchange(vector_ref<unsigned, 32> keys, vector<ushort, 16> descending) {
  matrix_ref<unsigned, 32 / (2 * STRIDE), 2 * STRIDE> m = keys.format<unsigned, 32 / (2 * STRIDE), 2 * STRIDE>();
  vector<unsigned, 16> lo = m.template select<32 / (2 * STRIDE), 1, STRIDE, 1>(0, 0);
  vector<unsigned, 16> hi = m.template select<32 / (2 * STRIDE), 1, STRIDE, 1>(0, STRIDE);
  vector<unsigned, 16> small = cm_min<unsigned>(lo, hi);
  vector<unsigned, 16> large = cm_max<unsigned>(lo, hi);
  vector<unsigned, 16> first = small, second = large;
  first.merge(large, descending);
  second.merge(small, descending);
  m.template select<32 / (2 * STRIDE), 1, STRIDE, 1>(0, 0) = first;
  m.template select<32 / (2 * STRIDE), 1, STRIDE, 1>(0, STRIDE) = second;
}

// Lane j of a compare-exchange step works on pair (j / stride, j % stride); its block of size 2^phase is
// descending when bit `phase` of the pair's first element index is set.
template <int STRIDE, int PHASE> inline vector<ushort, 16> direction() {
  vector<ushort, 16> j;
  for (int i = 0; i < 16; i++)
    j(i) = i;
  vector<ushort, 16> first = (j / STRIDE) * (2 * STRIDE) + (j % STRIDE);
  return (first >> PHASE) & 1;
}

extern "C" _GENX_MAIN_ void bitonic_sort32(SurfaceIndex data) {
  unsigned base = cm_linear_global_id() * 128;
  vector<unsigned, 32> keys;
  read(data, base, keys);
  compare_exchange<1>(keys, direction<1, 1>());
  compare_exchange<2>(keys, direction<2, 2>());
  compare_exchange<1>(keys, direction<1, 2>());
  compare_exchange<4>(keys, direction<4, 3>());
  compare_exchange<2>(keys, direction<2, 3>());
  compare_exchange<1>(keys, direction<1, 3>());
  compare_exchange<8>(keys, direction<8, 4>());
  compare_exchange<4>(keys, direction<4, 4>());
  compare_exchange<2>(keys, direction<2, 4>());
  compare_exchange<1>(keys, direction<1, 4>());
  vector<ushort, 16> up = 0;
  compare_exchange<16>(keys, up);
  compare_exchange<8>(keys, up);
  compare_exchange<4>(keys, up);
  compare_exchange<2>(keys, up);
  compare_exchange<1>(keys, up);
  write(data, base, keys);
}
