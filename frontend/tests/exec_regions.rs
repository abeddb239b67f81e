//! The region constructs of cm_vector.h, executed: 1D and 2D select (constant and run-time starts), row,
//! column, replicate (two forms), iselect, format, merge (vector mask and integer mask, one and two sources),
//! references as function parameters written back, a reference of a reference, element access, comparisons,
//! any/all and shape-agnostic assignment. The kernel runs on genx-exec and every element it writes is compared
//! with a plain-Rust model of the same statements.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

_GENX_ void scale(vector_ref<int, 8> v, int k) { v = v * k; }

extern "C" _GENX_MAIN_ void regions(int *in [[type("svmptr_t")]], int *out [[type("svmptr_t")]], int i) {
  vector<int, 32> a;
  cm_svm_block_read(in, a);
  matrix<int, 4, 8> m = a;
  vector<int, 32> r = 0;
  r.select<8, 1>(0) = a.select<8, 2>(1);
  r.select<4, 1>(8) = m.select<2, 2, 2, 3>(1, 1);
  r.select<4, 1>(12) = m.column(5);
  r.select<8, 1>(16) = a.replicate<2, 8, 4, 1>(i);
  vector<int, 8> x = a.select<8, 1>(8);
  x.merge(a.select<8, 1>(16), a.select<8, 1>(0) > a.select<8, 1>(24));
  r.select<8, 1>(24) = x;
  scale(r.select<8, 1>(24), 3);
  const unsigned short at[4] = {31, 0, 7, 19};
  vector<unsigned short, 4> idx(at);
  vector<int, 4> picked = a.iselect(idx);
  vector<int, 8> y = a.select<2, 1>(4).replicate<4>();
  y.merge(picked.replicate<2>(), a.select<8, 1>(0), 0xA5);
  m.row(2).select<4, 2>(0) += 100;
  m.select<2, 1, 2, 1>(0, 6) = y.select<4, 2>(1);
  vector<short, 8> halves = a.format<short>().select<8, 2>(1);
  m.row(3) = halves;
  r(2) = m(3, 7) + a[i];
  r(5) = (a > 0).any() + 2 * (a > -2000000000).all() + 4 * (a == a).all();
  vector<int, 4> window = a.select<4, 1>(i);
  m.column(0) = window;
  cm_svm_block_write(out, r);
  cm_svm_block_write(out + 32, m);
}
"#;

/// The kernel's statements on plain arrays.
fn model(a: &[i32; 32], i: usize) -> (Vec<i32>, Vec<i32>) {
    let mut m = *a; // 4 x 8, row-major
    let mut r = [0i32; 32];
    for k in 0..8 {
        r[k] = a[1 + 2 * k];
    }
    // select<2,2,2,3>(1,1): rows 1 and 3, columns 1 and 4.
    let block = [m[8 + 1], m[8 + 4], m[24 + 1], m[24 + 4]];
    r[8..12].copy_from_slice(&block);
    for row in 0..4 {
        r[12 + row] = m[row * 8 + 5];
    }
    for b in 0..2 {
        for w in 0..4 {
            r[16 + b * 4 + w] = a[i + b * 8 + w];
        }
    }
    let mut x: Vec<i32> = a[8..16].to_vec();
    for k in 0..8 {
        if a[k] > a[24 + k] {
            x[k] = a[16 + k];
        }
    }
    for k in 0..8 {
        r[24 + k] = x[k].wrapping_mul(3);
    }
    let picked = [a[31], a[0], a[7], a[19]];
    let mut y: Vec<i32> = (0..8).map(|k| a[4 + k % 2]).collect();
    for k in 0..8 {
        y[k] = if 0xA5 & (1 << k) != 0 { picked[k % 4] } else { a[k] };
    }
    for k in 0..4 {
        m[16 + 2 * k] = m[16 + 2 * k].wrapping_add(100);
    }
    m[6] = y[1];
    m[7] = y[3];
    m[14] = y[5];
    m[15] = y[7];
    for k in 0..8 {
        // The high half of int k, sign-extended.
        m[24 + k] = (a[k] >> 16) as i16 as i32;
    }
    r[2] = m[31].wrapping_add(a[i]);
    let any = a.iter().any(|&v| v > 0) as i32;
    let all = a.iter().all(|&v| v > -2_000_000_000) as i32;
    r[5] = any + 2 * all + 4;
    for row in 0..4 {
        m[row * 8] = a[i + row];
    }
    (r.to_vec(), m.to_vec())
}

#[test]
fn regions_compute_what_cm_says() {
    let compiled = compile("regions", SOURCE, &[]);
    for (seed, i) in [(0xce_0001u64, 3usize), (0xce_0002, 0), (0xce_0003, 7)] {
        let mut rng = Rng::new(seed);
        let mut a = [0i32; 32];
        for v in a.iter_mut() {
            // Mostly small values of both signs, some large ones (format's high halves), one very negative.
            *v = match rng.below(4) {
                0 => rng.next_u32() as i32,
                _ => rng.below(2001) as i32 - 1000,
            };
        }
        if seed == 0xce_0002 {
            a[9] = -2_100_000_000; // makes all() false
        }
        let mut run = compiled.run();
        let input = run.svm(u32_bytes(&a.map(|v| v as u32)));
        let output = run.svm(vec![0; 256]);
        run.dispatch("regions", Grid::linear(1, 1), &[Arg::Svm(input), Arg::Svm(output), Arg::U32(i as u32)]);
        let got: Vec<i32> = bytes_u32(&run.svm_bytes(output)).into_iter().map(|v| v as i32).collect();
        let (r, m) = model(&a, i);
        assert_same("r", seed, &got[..32], &r);
        assert_same("m", seed, &got[32..], &m);
    }
}
