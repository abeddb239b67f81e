//! The builtins issue 14 added, run on the CPU against plain-Rust models: cm_sad2 / cm_sada2 (the arithmetic form
//! every platform after Gen9 gets), cm_lrp, cm_pln, math with an explicit element count (cm_sin<16>,
//! cm_rndd<int, 16>), and the CM template library (cm_vector, cmtl::cm_vector_assign, cm_floor / cm_ceil,
//! cm_fmod, cm_atan2). Integer results must match exactly; float results to the accuracy each function states
//! (the executor rounds lrp and pln once, cm_atan2's polynomial is within 1e-5 rad, cm_sin is the math unit's).
//! Also the surface attributes in Intel's spelling (`read(idx, GENX_TOP_FIELD, x, y, m)`, `GENX_DWALIGNED`), whose
//! field rows and unaligned offsets are checked against the source surfaces, with cm_rdtsc / cm_clock in the kernel.

mod support;

use genx_exec::grid::Grid;
use support::{bytes_f32, bytes_u32, compile, f32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cmtl.h>

extern "C" _GENX_MAIN_ void compat_ops(SurfaceIndex in, SurfaceIndex out, int start) {
  vector<uchar, 16> a, b;
  vector<ushort, 16> acc;
  vector<float, 16> x, y, z;
  vector<float, 4> coef;
  read(in, 0, a);
  read(in, 16, b);
  read(in, 32, acc);
  read(in, 64, x);
  read(in, 128, y);
  read(in, 192, z);
  read(in, 256, coef);
  vector<uint, 16> sad = cm_sad2<ushort>(a, b);
  vector<uint, 16> sada = cm_sada2<ushort>(a, b, acc, SAT);
  write(out, 0, sad);
  write(out, 64, sada);
  write(out, 128, cm_lrp<16>(x, y, z));
  write(out, 192, cm_pln(coef, x, y));
  write(out, 256, cmtl::cm_atan2(y, x));
  write(out, 320, cmtl::cm_fmod(x, y));
  vector<int, 16> fc = cmtl::cm_floor<int>(x) * 1000 + cmtl::cm_ceil<int>(y);
  write(out, 384, fc);
  cm_vector(seq, int, 16, -3, 7);
  vector<int, 16> assigned;
  cmtl::cm_vector_assign(assigned.select<8, 1>(0), start, -2);
  cmtl::cm_vector_assign<int, 8>(assigned.select<8, 1>(8), 5, 3);
  write(out, 448, seq + assigned * 100);
  write(out, 512, cm_sin<16>(x) + cm_rndd<int, 16>(y));
  vector<float, 16> s = x * 0.01f;
  write(out, 576, cm_asin(s) + cm_acos(s) * 2.0f + cm_atan(x) * 4.0f);
}
"#;

const SLOTS: usize = 10;

fn close(what: &str, seed: u64, got: &[f32], want: &[f64], tolerance: impl Fn(f64) -> f64) {
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let err = (g as f64 - w).abs();
        assert!(err <= tolerance(w), "{what} (seed {seed:#x}) lane {i}: got {g}, model {w} (error {err:e})");
    }
}

#[test]
fn compat_builtins_match_their_models() {
    let compiled = compile("compat_ops", SOURCE, &[]);
    for seed in [0x14c0_0001u64, 0x14c0_0002, 0x14c0_0003] {
        let mut rng = Rng::new(seed);
        let a = rng.bytes(16);
        let b = rng.bytes(16);
        // Accumulators near the top of the range, so that the saturating add saturates sometimes.
        let acc: Vec<u16> = (0..16)
            .map(|_| if rng.below(3) == 0 { 65535 - rng.below(300) as u16 } else { rng.next_u32() as u16 })
            .collect();
        let float = |rng: &mut Rng| (rng.below(20001) as f32 - 10000.0) / 137.0;
        let x: Vec<f32> = (0..16).map(|_| float(&mut rng)).collect();
        let y: Vec<f32> = (0..16)
            .map(|_| {
                let v = float(&mut rng);
                if v == 0.0 {
                    1.5
                } else {
                    v
                }
            })
            .collect();
        let z: Vec<f32> = (0..16).map(|_| float(&mut rng)).collect();
        let coef: Vec<f32> = (0..4).map(|_| float(&mut rng)).collect();
        let start = rng.below(1000) as i32 - 500;

        let mut input = a.clone();
        input.extend(&b);
        input.extend(acc.iter().flat_map(|v| v.to_le_bytes()));
        input.extend(f32_bytes(&x));
        input.extend(f32_bytes(&y));
        input.extend(f32_bytes(&z));
        input.extend(f32_bytes(&coef));
        input.resize(272, 0);

        let mut run = compiled.run();
        run.buffer(0, input);
        run.buffer(1, vec![0; SLOTS * 64]);
        run.dispatch("compat_ops", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::U32(start as u32)]);
        let out = run.surface_bytes(1);
        let words = bytes_u32(&out);
        let floats = bytes_f32(&out);
        let slot_u32 = |s: usize| &words[s * 16..s * 16 + 16];
        let slot_f32 = |s: usize| &floats[s * 16..s * 16 + 16];

        // sad2 / sada2: the even lanes hold the pair sums (the odd lanes are undefined by vISA).
        for pair in 0..8 {
            let sum: u32 = (0..2).map(|k| (a[2 * pair + k] as i32 - b[2 * pair + k] as i32).unsigned_abs()).sum();
            assert_eq!(slot_u32(0)[2 * pair], sum, "cm_sad2 pair {pair} (seed {seed:#x})");
            let saturated = (sum + acc[2 * pair] as u32).min(65535);
            assert_eq!(slot_u32(1)[2 * pair], saturated, "cm_sada2 pair {pair} (seed {seed:#x})");
        }
        let lrp: Vec<f64> = (0..16).map(|i| y[i] as f64 * x[i] as f64 + z[i] as f64 * (1.0 - x[i] as f64)).collect();
        close("cm_lrp", seed, slot_f32(2), &lrp, |w| w.abs() * 1e-6 + 1e-6);
        let pln: Vec<f64> =
            (0..16).map(|i| coef[0] as f64 * x[i] as f64 + coef[1] as f64 * y[i] as f64 + coef[3] as f64).collect();
        close("cm_pln", seed, slot_f32(3), &pln, |w| w.abs() * 1e-6 + 1e-6);
        let atan2: Vec<f64> = (0..16).map(|i| (y[i] as f64).atan2(x[i] as f64)).collect();
        close("cmtl::cm_atan2", seed, slot_f32(4), &atan2, |_| 2e-5);
        let fmod: Vec<f64> = (0..16).map(|i| (x[i] as f64) % (y[i] as f64)).collect();
        close("cmtl::cm_fmod", seed, slot_f32(5), &fmod, |w| w.abs() * 1e-5 + 1e-4);
        let floor_ceil: Vec<u32> =
            (0..16).map(|i| ((x[i].floor() as i32) * 1000 + y[i].ceil() as i32) as u32).collect();
        assert_eq!(slot_u32(6), &floor_ceil[..], "cmtl::cm_floor / cm_ceil (seed {seed:#x})");
        let sequence: Vec<u32> = (0..16)
            .map(|i| {
                let assigned = if i < 8 { start - 2 * i as i32 } else { 5 + 3 * (i as i32 - 8) };
                (-3 + 7 * i as i32 + assigned * 100) as u32
            })
            .collect();
        assert_eq!(slot_u32(7), &sequence[..], "cm_vector / cmtl::cm_vector_assign (seed {seed:#x})");
        let sin: Vec<f64> = (0..16).map(|i| (x[i] as f64).sin() + (y[i] as f64).floor()).collect();
        close("cm_sin<16> + cm_rndd<int, 16>", seed, slot_f32(8), &sin, |w| w.abs() * 1e-6 + 1e-5);
        let inverse: Vec<f64> = (0..16)
            .map(|i| {
                let s = (x[i] * 0.01f32) as f64;
                s.asin() + s.acos() * 2.0 + (x[i] as f64).atan() * 4.0
            })
            .collect();
        close("cm_asin + cm_acos + cm_atan", seed, slot_f32(9), &inverse, |_| 1e-4);
    }
}

// Surface attributes in Intel's spelling (read(idx, GENX_MODIFIED, x, y, m), the CmBufferAttrib constants) and the
// qualifier macros that expand to it, on media block and OWord reads and a media block write; cm_rdtsc and
// cm_clock run (the timestamp is not deterministic, so nothing depends on its value).
const ATTRIBUTES: &str = r#"
extern "C" _GENX_MAIN_ void attributes(SurfaceIndex img, SurfaceIndex buf, SurfaceIndex out, SurfaceIndex fields,
                                       uint off) {
  vector<uint, 4> stamp = cm_rdtsc();
  vector<uint, 2> clock = cm_clock();
  matrix<uchar, 4, 16> a, b, c, d;
  read(img, GENX_MODIFIED, 0, 2, a);
  read(img, GENX_TOP_FIELD, 0, 1, b);
  read(BOTTOM_FIELD(img), 0, 0, c);
  read(img, GENX_MODIFIED_BOTTOM_FIELD, 0, 2, d);
  write(out, 0, a);
  write(out, 64, b);
  write(out, 128, c);
  write(out, 192, d);
  vector<uint, 8> v, w, k;
  read(buf, GENX_DWALIGNED, off, v);
  read(MODIFIED_DWALIGNED(buf), off + 8, k);
  read(buf, GENX_MODIFIED, 32, w);
  write(out, 256, v);
  write(out, 288, w + k);
  write(fields, GENX_TOP_FIELD, 0, 0, a);
  write(BOTTOM_FIELD(fields), 0, 1, b);
}
"#;

#[test]
fn surface_attributes_select_the_fields_and_alignment() {
    let compiled = compile("attributes", ATTRIBUTES, &[]);
    assert!(compiled.ir.contains("@llvm.genx.timestamp"), "cm_rdtsc / cm_clock read the timestamp:\n{}", compiled.ir);
    for seed in [0x14c0_0101u64, 0x14c0_0102] {
        let mut rng = Rng::new(seed);
        let image = rng.bytes(16 * 16);
        let buffer = rng.bytes(64);
        let off = 4 * (1 + rng.below(3));
        let mut run = compiled.run();
        run.image(0, 16, 16, image.clone());
        run.buffer(1, buffer.clone());
        run.buffer(2, vec![0; 320]);
        run.image(3, 16, 16, vec![0; 256]);
        run.dispatch(
            "attributes",
            Grid::linear(1, 1),
            &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::Surface(3), Arg::U32(off)],
        );
        let out = run.surface_bytes(2);
        let rows = |surface_rows: &[usize]| -> Vec<u8> {
            surface_rows.iter().flat_map(|&r| image[r * 16..r * 16 + 16].to_vec()).collect()
        };
        // MODIFIED reads the rows as they are; a field is every other row (top: 0, 2, ...; bottom: 1, 3, ...).
        assert_eq!(&out[0..64], &rows(&[2, 3, 4, 5])[..], "GENX_MODIFIED (seed {seed:#x})");
        assert_eq!(&out[64..128], &rows(&[2, 4, 6, 8])[..], "GENX_TOP_FIELD from field row 1 (seed {seed:#x})");
        assert_eq!(&out[128..192], &rows(&[1, 3, 5, 7])[..], "BOTTOM_FIELD(img) (seed {seed:#x})");
        assert_eq!(&out[192..256], &rows(&[5, 7, 9, 11])[..], "GENX_MODIFIED_BOTTOM_FIELD (seed {seed:#x})");
        let words = bytes_u32(&buffer);
        let at = off as usize / 4;
        assert_eq!(bytes_u32(&out[256..288]), &words[at..at + 8], "GENX_DWALIGNED at byte {off} (seed {seed:#x})");
        let sum: Vec<u32> = (0..8).map(|i| words[8 + i].wrapping_add(words[at + 2 + i])).collect();
        assert_eq!(bytes_u32(&out[288..320]), sum, "GENX_MODIFIED + MODIFIED_DWALIGNED (seed {seed:#x})");
        // The field writes: a's rows to surface rows 0, 2, 4, 6; b's rows to field row 1.. of the bottom field,
        // surface rows 3, 5, 7, 9; the other rows keep their zeros.
        let fields = run.surface_bytes(3);
        let a = &out[0..64];
        let b = &out[64..128];
        for row in 0..16 {
            let want: Vec<u8> = match row {
                0 | 2 | 4 | 6 => a[row / 2 * 16..row / 2 * 16 + 16].to_vec(),
                3 | 5 | 7 | 9 => b[(row - 3) / 2 * 16..(row - 3) / 2 * 16 + 16].to_vec(),
                _ => vec![0; 16],
            };
            assert_eq!(&fields[row * 16..row * 16 + 16], &want[..], "field write, surface row {row} (seed {seed:#x})");
        }
    }
}
