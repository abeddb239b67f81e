//! SIMD control flow from CM source on the CPU executor: SIMD_IF / SIMD_ELSEIF / SIMD_ELSE (nested, with a
//! scattered write, a cm_sum under the mask and a scalar assigned in one leg) and SIMD_DO_WHILE with SIMD_BREAK and SIMD_CONTINUE, compared
//! with a plain-Rust reference that runs each channel on its own.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SIMD_IF: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void simd_if(SurfaceIndex in, SurfaceIndex out, SurfaceIndex marks, SurfaceIndex sums,
                                    SurfaceIndex totals_out) {
  unsigned t = cm_linear_global_id();
  vector<int, 16> v, w;
  read(in, t * 128, v);
  read(in, t * 128 + 64, w);
  vector<int, 16> r = w;
  vector<unsigned, 16> lane;
  for (int i = 0; i < 16; i++)
    lane(i) = t * 16 + i;
  vector<int, 16> sum = -1;
  int total = -1;
  SIMD_IF_BEGIN(v > 0)
    r = v * 3;
    SIMD_IF_BEGIN((v & 1) == 0)
      r += 100;
      vector<int, 16> mark = v;
      write(marks, 0, lane, mark);
    SIMD_IF_END
    sum = cm_sum<int>(v);
    total = cm_sum<int>(v);
  SIMD_ELSEIF(v < -1000)
    r = w - v;
  SIMD_ELSE
    r = -1;
  SIMD_IF_END
  write(out, t * 64, r);
  write(sums, t * 64, sum);
  vector<int, 8> totals = total;
  write(totals_out, t * 32, totals);
}
"#;

/// Per channel: the value of `r`, whether the channel writes its mark, and the thread's `cm_sum` over the
/// channels enabled in the first leg (broadcast to those channels; -1 in the others).
fn simd_if_reference(v: &[i32], w: &[i32]) -> (Vec<i32>, Vec<bool>, Vec<i32>) {
    let mut r = w.to_vec();
    let mut marked = vec![false; 16];
    let mut sum = None;
    for i in 0..16 {
        if v[i] > 0 {
            r[i] = v[i].wrapping_mul(3);
            if v[i] & 1 == 0 {
                r[i] = r[i].wrapping_add(100);
                marked[i] = true;
            }
            *sum.get_or_insert(0i32) = sum.unwrap_or(0).wrapping_add(v[i]);
        } else if v[i] < -1000 {
            r[i] = w[i].wrapping_sub(v[i]);
        } else {
            r[i] = -1;
        }
    }
    let sums = (0..16).map(|i| if v[i] > 0 { sum.unwrap_or(-1) } else { -1 }).collect();
    (r, marked, sums)
}

#[test]
fn simd_if_elseif_else_nested_with_memory_and_reduction() {
    let seed = 0x51d0_0001;
    let threads = 8usize;
    let mut rng = Rng::new(seed);
    // Small magnitudes mixed with large negative ones, so that every leg is taken; thread 0 has all channels
    // on the same side, thread 1 none in the first leg.
    let mut input: Vec<i32> = (0..threads * 32)
        .map(|_| match rng.below(4) {
            0 => -(rng.below(5000) as i32) - 1001,
            _ => rng.below(4000) as i32 - 2000,
        })
        .collect();
    for i in 0..16 {
        input[i] = i as i32 * 2 + 1;
        input[32 + i] = -(i as i32);
    }
    let compiled = compile("simd_if", SIMD_IF, &[]);
    let mut run = compiled.run();
    let as_u32: Vec<u32> = input.iter().map(|&x| x as u32).collect();
    let marks_init: Vec<u32> = (0..threads * 16).map(|i| 0xdead_0000 + i as u32).collect();
    run.buffer(0, u32_bytes(&as_u32));
    run.buffer(1, vec![0; threads * 64]);
    run.buffer(2, u32_bytes(&marks_init));
    run.buffer(3, vec![0; threads * 64]);
    run.buffer(4, vec![0; threads * 32]);
    run.dispatch(
        "simd_if",
        Grid::linear(threads as u32, 1),
        &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::Surface(3), Arg::Surface(4)],
    );
    let (mut out, mut marks, mut sums, mut totals) = (Vec::new(), marks_init.clone(), Vec::new(), Vec::new());
    for t in 0..threads {
        let (v, w) = (&input[t * 32..t * 32 + 16], &input[t * 32 + 16..t * 32 + 32]);
        let (r, marked, sum) = simd_if_reference(v, w);
        out.extend(r.iter().map(|&x| x as u32));
        for i in 0..16 {
            if marked[i] {
                marks[t * 16 + i] = v[i] as u32;
            }
        }
        sums.extend(sum.iter().map(|&x| x as u32));
        // A scalar assigned in the first leg only: the assignment stands when any channel took that leg (cmc).
        let positive = v.iter().filter(|&&x| x > 0).fold(0i32, |a, &x| a.wrapping_add(x));
        let total = if v.iter().any(|&x| x > 0) { positive } else { -1 };
        totals.extend(std::iter::repeat_n(total as u32, 8));
    }
    assert_same("r after SIMD_IF/ELSEIF/ELSE", seed, &bytes_u32(&run.surface_bytes(1)), &out);
    assert_same("marks written under the nested SIMD_IF", seed, &bytes_u32(&run.surface_bytes(2)), &marks);
    assert_same("cm_sum over the enabled channels", seed, &bytes_u32(&run.surface_bytes(3)), &sums);
    assert_same("a scalar assigned in one leg", seed, &bytes_u32(&run.surface_bytes(4)), &totals);
}

const SIMD_DO_WHILE: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void simd_loop(SurfaceIndex in, SurfaceIndex out) {
  unsigned t = cm_linear_global_id();
  vector<unsigned, 16> n, limit;
  read(in, t * 128, n);
  read(in, t * 128 + 64, limit);
  vector<unsigned, 16> i = 0, acc = 0, steps = 0;
  SIMD_DO_WHILE_BEGIN
    i += 1;
    SIMD_IF_BEGIN(i > limit)
      SIMD_BREAK;
    SIMD_IF_END
    steps += 1;
    SIMD_IF_BEGIN((i & 3) == 0)
      SIMD_CONTINUE;
    SIMD_IF_END
    acc += i * i;
  SIMD_DO_WHILE_END(i < n)
  write(out, t * 128, acc);
  write(out, t * 128 + 64, steps);
}
"#;

#[test]
fn simd_do_while_with_break_and_continue() {
    let seed = 0x51d0_0002;
    let threads = 8usize;
    let mut rng = Rng::new(seed);
    let input: Vec<u32> = (0..threads * 32).map(|_| rng.below(24)).collect();
    let compiled = compile("simd_loop", SIMD_DO_WHILE, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&input));
    run.buffer(1, vec![0; threads * 128]);
    run.dispatch("simd_loop", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    let mut expected = Vec::new();
    for t in 0..threads {
        let (n, limit) = (&input[t * 32..t * 32 + 16], &input[t * 32 + 16..t * 32 + 32]);
        let (mut accs, mut steps) = (vec![0u32; 16], vec![0u32; 16]);
        for c in 0..16 {
            let mut i = 0u32;
            loop {
                i += 1;
                if i > limit[c] {
                    break;
                }
                steps[c] += 1;
                if i & 3 != 0 {
                    accs[c] = accs[c].wrapping_add(i * i);
                }
                if i >= n[c] {
                    break;
                }
            }
        }
        expected.extend(accs);
        expected.extend(steps);
    }
    assert_same("acc and steps per channel", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}
