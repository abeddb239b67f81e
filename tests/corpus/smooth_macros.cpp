// kernels: smooth_rows
// A 1-2-1 smoothing of 16-int rows written the way older CM code is: the regions come from macros (a macro
// that writes the select, one that takes the member name as a parameter, one that renames it), used inside
// function templates on dependent references without `template`, as Intel's cmc accepts; the template
// arguments are deduced from vectors passed to vector_ref parameters. Each thread smooths its row (14 outputs),
// adds the sum of the row's two edge taps and a count of the outputs above a threshold, and writes 16 ints.
// Constructs: member templates through macros in dependent contexts, deduction through references, cm_sum,
// comparisons to masks, oword reads and writes.
#include <cm/cm.h>

#define TAP(v, k, n) v.select<n, 1>(k)
#define REGION(v, member, k, n) v.member<n, 1>(k)
#define SEL select
#define THRESHOLD 100

template <typename T, int N> _GENX_ void smooth3(vector_ref<T, N> in, vector_ref<T, N - 2> out) {
  out = TAP(in, 0, N - 2) + TAP(in, 1, N - 2) * 2 + REGION(in, select, 2, N - 2);
}

template <typename T, int N> _GENX_ T edge_taps(vector_ref<T, N> v) {
  vector<T, 2> ends = v.SEL<2, N - 2>(0);
  return cm_sum<T>(ends);
}

extern "C" _GENX_MAIN_ void smooth_rows(SurfaceIndex src [[type("buffer_t")]], SurfaceIndex dst [[type("buffer_t")]]) {
  uint row = cm_linear_global_id() * 16 * sizeof(int);
  vector<int, 16> in;
  read(src, row, in);
  vector<int, 14> smoothed;
  smooth3(in, smoothed);
  vector<int, 16> out;
  out.select<14, 1>(0) = smoothed;
  out(14) = edge_taps(in);
  vector<ushort, 14> high = smoothed > THRESHOLD;
  out(15) = cm_sum<int>(high);
  write(dst, row, out);
}
