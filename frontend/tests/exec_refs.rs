//! References at run-time positions, executed: a select of a 2D block at a run-time start (its offsets are
//! gathered at run time: an indirect region), writes through such a reference (an indirect wrregion), element
//! access in a loop (a run-time index into the root's storage), a matrix_ref parameter whose rows are passed on
//! as vector_ref parameters, and a format of a strided reference written back. Compared with a Rust model.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

_GENX_ void bump(vector_ref<int, 4> row, int by) { row += by; }

_GENX_ void rows(matrix_ref<int, 2, 4> block, int by) {
  bump(block.row(0), by);
  bump(block.row(1), 2 * by);
}

extern "C" _GENX_MAIN_ void refs(int *in [[type("svmptr_t")]], int *out [[type("svmptr_t")]], int i, int j) {
  vector<int, 32> a;
  cm_svm_block_read(in, a);
  matrix<int, 4, 8> m = a;
  // A 2x4 block; then 2 of its 8 elements from run-time element j (row-major within the block).
  vector<int, 2> picked = m.select<2, 2, 4, 1>(1, 2).format<int>().select<2, 3>(j);
  // Written through the same run-time chain.
  m.select<2, 2, 4, 1>(0, 1).format<int>().select<2, 3>(j) = picked * 10;
  // Element access in a loop with a run-time bound.
  int sum = 0;
  for (int k = 0; k < i; k++)
    sum += a[k];
  // Reference parameters, nested.
  rows(m.select<2, 1, 4, 2>(2, 0), sum);
  // Bytes 2 and 3 of ints 0, 2, 4, 6 of row 3 (a format of a strided reference), negated.
  m.row(3).select<4, 2>(0).format<short>().select<4, 2>(1) = -m.row(3).select<4, 2>(0).format<short>().select<4, 2>(1);
  cm_svm_block_write(out, m);
}
"#;

fn model(a: &[i32; 32], i: usize, j: usize) -> Vec<i32> {
    let mut m = *a;
    let at = |r: usize, c: usize| r * 8 + c;
    // Block rows 1 and 3, columns 2..5; element e of the block is (row e / 4, column e % 4).
    let block_elem = |base_r: usize, base_c: usize, e: usize| at(base_r + 2 * (e / 4), base_c + e % 4);
    let picked: Vec<i32> = (0..2).map(|k| a[block_elem(1, 2, j + 3 * k)]).collect();
    for k in 0..2 {
        m[block_elem(0, 1, j + 3 * k)] = picked[k].wrapping_mul(10);
    }
    let sum: i32 = a[..i].iter().fold(0i32, |s, &v| s.wrapping_add(v));
    // Block rows 2 and 3, columns 0, 2, 4, 6.
    for c in 0..4 {
        m[at(2, 2 * c)] = m[at(2, 2 * c)].wrapping_add(sum);
        m[at(3, 2 * c)] = m[at(3, 2 * c)].wrapping_add(sum.wrapping_mul(2));
    }
    for c in 0..4 {
        let v = m[at(3, 2 * c)] as u32;
        let high = (v >> 16) as u16 as i16;
        let negated = high.wrapping_neg() as u16 as u32;
        m[at(3, 2 * c)] = ((negated << 16) | (v & 0xffff)) as i32;
    }
    m.to_vec()
}

#[test]
fn references_at_run_time_positions() {
    let compiled = compile("refs", SOURCE, &[]);
    for (seed, i, j) in [(0xcf_0001u64, 5usize, 1usize), (0xcf_0002, 0, 2), (0xcf_0003, 32, 0)] {
        let mut rng = Rng::new(seed);
        let a: [i32; 32] = std::array::from_fn(|_| rng.next_u32() as i32 >> (rng.below(3) * 8));
        let mut run = compiled.run();
        let input = run.svm(u32_bytes(&a.map(|v| v as u32)));
        let output = run.svm(vec![0; 128]);
        run.dispatch(
            "refs",
            Grid::linear(1, 1),
            &[Arg::Svm(input), Arg::Svm(output), Arg::U32(i as u32), Arg::U32(j as u32)],
        );
        let got: Vec<i32> = bytes_u32(&run.svm_bytes(output)).into_iter().map(|v| v as i32).collect();
        assert_same("m", seed, &got, &model(&a, i, j));
    }
}

const STORAGE: &str = r#"
#include <cm/cm.h>

struct S { vector<int, 8> a; matrix<float, 2, 4> b; };
_GENX_VOLATILE_ vector<short, 16> gv;

extern "C" _GENX_MAIN_ void storage(int *out [[type("svmptr_t")]], int i) {
  vector<int, 8> arr[4];
  for (int k = 0; k < 4; k++)
    arr[k] = k;
  arr[i].select<4, 2>(1) = 7;
  S s;
  s.a = arr[1];
  s.b = 0;
  s.b.row(1) = s.a.select<4, 1>(2);
  gv.select<8, 2>(0) = s.a;
  vector<int, 8> r = arr[2] + s.a + s.b.format<int>() + gv.select<8, 1>(0);
  cm_svm_block_write(out, r);
}
"#;

/// Vectors in an array (at a run-time index), in a struct, and in a global are roots of references too.
#[test]
fn vectors_in_arrays_structs_and_globals() {
    let compiled = compile("storage", STORAGE, &[]);
    for i in 0..4usize {
        let mut arr: Vec<[i32; 8]> = (0..4).map(|k| [k as i32; 8]).collect();
        for e in [1, 3, 5, 7] {
            arr[i][e] = 7;
        }
        let a = arr[1];
        let mut b = [0f32; 8];
        for c in 0..4 {
            b[4 + c] = a[2 + c] as f32;
        }
        let mut gv = [0i16; 16];
        for k in 0..8 {
            gv[2 * k] = a[k] as i16;
        }
        let expected: Vec<i32> = (0..8).map(|e| arr[2][e] + a[e] + b[e].to_bits() as i32 + gv[e] as i32).collect();
        let mut run = compiled.run();
        let output = run.svm(vec![0; 32]);
        run.dispatch("storage", Grid::linear(1, 1), &[Arg::Svm(output), Arg::U32(i as u32)]);
        let got: Vec<i32> = bytes_u32(&run.svm_bytes(output)).into_iter().map(|v| v as i32).collect();
        assert_same("r", i as u64, &got, &expected);
    }
}
