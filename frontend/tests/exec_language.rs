//! The language forms real CM code writes and standard C++ spells differently, executed: function templates
//! calling select/replicate/format/iselect on dependent objects without `template`, a function template's
//! vector_ref parameters deduced from vectors and writing into the caller's vector, replicate on a matrix from a run-time (i, j) in every form,
//! vectors and matrices initialised from C arrays (two dimensions, smaller and bigger arrays, another element
//! type) and the saturating constructor. Each output element is compared with a plain-Rust model.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

const short table[2][4] = {{-3, 5, 7, -11}, {13, -17, 19, 23}};
static const unsigned short three[3] = {100, 200, 300};
const int ten[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

// Writes through the reference: out[k] = in[2k] + in[2k+1] * 2 (format as shorts, then back).
template <typename T, int N> void pairs(vector_ref<T, N> in, vector_ref<T, N / 2> out) {
  out = in.select<N / 2, 2>(0) + in.select<N / 2, 2>(1) * 2;
}
template <typename T, int N> T first_of_twice(vector<T, N> &v) {
  vector<T, 2 * N> twice = v.replicate<2>();
  vector<ushort, 2> idx = 0;
  idx(1) = N;
  return twice.iselect(idx)(1) + v.format<short>()(0);
}

extern "C" _GENX_MAIN_ void language(int *in [[type("svmptr_t")]], int *out [[type("svmptr_t")]], int i, int j) {
  vector<int, 16> a;
  cm_svm_block_read(in, a);
  matrix<int, 4, 4> m = a;
  vector<int, 8> halves;
  pairs(a, halves); // deduced through the references, as cmc does; halves is written
  vector<int, 32> r;
  r.select<8, 1>(0) = halves;
  r.select<8, 1>(8) = m.replicate<2, 4>(i, j) + m.replicate<4, 1, 2>(i, 0);
  r.select<8, 1>(16) = m.replicate<2, 2, 4, 1>(i, 1) - m.replicate<2, 4>(j);
  vector<int, 8> init2d(table);
  vector<int, 8> small(three);
  vector<int, 8> big(ten);
  r.select<4, 1>(24) = init2d.select<4, 2>(1) + big.select<4, 1>(4);
  r.select<3, 1>(28) = small.select<3, 1>(0);
  vector<uchar, 1> sat(a.select<1, 1>(0), SAT);
  r(31) = sat(0) + first_of_twice(a);
  cm_svm_block_write(out, r);
}
"#;

fn model(a: &[i32; 16], i: usize, j: usize) -> Vec<i32> {
    let mut r = vec![0i32; 32];
    for k in 0..8 {
        r[k] = a[2 * k].wrapping_add(a[2 * k + 1].wrapping_mul(2));
    }
    // replicate<REP, VS, W, HS>(start): element (b, w) is start + b * VS + w * HS.
    let rep = |start: usize, rep: usize, vs: usize, w: usize, hs: usize| -> Vec<i32> {
        (0..rep * w).map(|k| a[start + (k / w) * vs + (k % w) * hs]).collect()
    };
    let x = rep(i * 4 + j, 2, 0, 4, 1);
    let y = rep(i * 4, 4, 1, 2, 1);
    let z = rep(i * 4 + 1, 2, 2, 4, 1);
    let u = rep(j * 4, 2, 0, 4, 1);
    for k in 0..8 {
        r[8 + k] = x[k].wrapping_add(y[k]);
        r[16 + k] = z[k].wrapping_sub(u[k]);
    }
    let table = [-3, 5, 7, -11, 13, -17, 19, 23];
    for k in 0..4 {
        r[24 + k] = table[1 + 2 * k] + (5 + k as i32);
    }
    r[28..31].copy_from_slice(&[100, 200, 300]);
    let sat = a[0].clamp(0, 255);
    // twice = a, a; idx = (0, 16): element 1 is a[0]; format<short>()(0) is the low half of a[0].
    r[31] = sat.wrapping_add(a[0]).wrapping_add(a[0] as i16 as i32);
    r
}

#[test]
fn language_forms_compute_what_cm_says() {
    let compiled = compile("language", SOURCE, &[]);
    for (seed, i, j) in [(0x1a_0001u64, 1usize, 2usize), (0x1a_0002, 0, 0), (0x1a_0003, 2, 3)] {
        let mut rng = Rng::new(seed);
        let mut a = [0i32; 16];
        for v in a.iter_mut() {
            *v = match rng.below(3) {
                0 => rng.next_u32() as i32,
                _ => rng.below(601) as i32 - 300,
            };
        }
        let mut run = compiled.run();
        let input = run.svm(u32_bytes(&a.map(|v| v as u32)));
        let output = run.svm(vec![0; 128]);
        run.dispatch(
            "language",
            Grid::linear(1, 1),
            &[Arg::Svm(input), Arg::Svm(output), Arg::U32(i as u32), Arg::U32(j as u32)],
        );
        let got: Vec<i32> = bytes_u32(&run.svm_bytes(output)).into_iter().map(|v| v as i32).collect();
        assert_same("r", seed, &got, &model(&a, i, j));
    }
}
