//! The CM template library's transforms and I/O (`<cm/cmtl.h>`, cmlangspec §6.1, §6.3, §6.4, §6.6) run on the CPU
//! against plain-Rust models:
//! - the matrix transforms (mirrors, rotations, transposes, `map` with a random mapping), Pack / UnPack /
//!   UnpackSingle and the SLM channel transposes, on random matrices: exact;
//! - `ReadBlock` / `WriteBlock` of odd sizes (13 x 37 bytes, 7 x 29 bytes, 5 x 11 ints, 9 x 3 shorts) at random
//!   positions, many of them across every border of the image: a read returns the nearest edge pixel outside the
//!   image, a write changes exactly the block's pixels inside it (also at x offsets that are not dword-aligned,
//!   where WriteBlock writes back the bytes around the block unchanged); `surfaceWidth` repeats the last pixel of
//!   the logical width;
//! - `ReadLinear` / `WriteLinear` of 23 shorts and 37 bytes at unaligned positions, and DumpSLM.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const TRANSFORMS: &str = r#"
#include <cm/cmtl.h>

// Reads a 16x16 int matrix from `s` at byte `base` (8 OWord blocks).
inline void load16(SurfaceIndex s, unsigned base, matrix_ref<int, 16, 16> m) {
  for (int i = 0; i < 8; i++)
    read(s, base + 128 * i, m.select<2, 1, 16, 1>(2 * i, 0));
}
inline void store16(SurfaceIndex s, unsigned base, matrix_ref<int, 16, 16> m) {
  for (int i = 0; i < 8; i++)
    write(s, base + 128 * i, m.select<2, 1, 16, 1>(2 * i, 0));
}

extern "C" _GENX_MAIN_ void transforms(SurfaceIndex in, SurfaceIndex out) {
  matrix<int, 16, 16> a, b;
  load16(in, 0, a);
  cmtl::MirrorVertical<int, 16, 16>(a.select_all(), b.select_all());
  store16(out, 0 * 1024, b);
  cmtl::MirrorHorizontal_16x16(a.select_all(), b.select_all());
  store16(out, 1 * 1024, b);
  cmtl::Rotate90_16x16(a, b);
  store16(out, 2 * 1024, b);
  cmtl::Rotate180_16x16<int>(a.select_all(), b.select_all());
  store16(out, 3 * 1024, b);
  cmtl::Rotate270_16x16(a, b);
  store16(out, 4 * 1024, b);
  cmtl::Transpose_16x16(a.select_all(), b.select_all());
  store16(out, 5 * 1024, b);
  cmtl::ReverseTranspose_16x16(a, b.select_all());
  store16(out, 6 * 1024, b);

  // An 8x8 transpose and a 4x8 vertical mirror of parts of a, a map of the 8x8 corner by a random mapping.
  matrix<int, 8, 8> c = a.select<8, 1, 8, 1>(0, 0), d;
  cmtl::Transpose_8x8(c.select_all(), d.select_all());
  write(out, 7 * 1024, d.select<4, 1, 8, 1>(0, 0));
  write(out, 7 * 1024 + 128, d.select<4, 1, 8, 1>(4, 0));
  matrix<int, 4, 8> e = a.select<4, 1, 8, 1>(8, 8), f;
  cmtl::MirrorVertical(e, f);
  write(out, 7 * 1024 + 256, f);
  vector<ushort, 64> mapping;
  read(in, 1024, mapping.select<32, 1>(0));
  read(in, 1024 + 64, mapping.select<32, 1>(32));
  mapping &= 63;
  cmtl::map(c.select_all(), d.select_all(), mapping.select_all());
  write(out, 7 * 1024 + 384, d.select<4, 1, 8, 1>(0, 0));
  write(out, 7 * 1024 + 512, d.select<4, 1, 8, 1>(4, 0));

  // Pack the low and high halves of the first row's ints as shorts, then unpack.
  vector<short, 16> lo = a.row(0).format<short>().select<16, 2>(0), hi = a.row(1).format<short>().select<16, 2>(1);
  vector<int, 16> packed;
  cmtl::Pack<short, int, 16>(lo.select_all(), hi.select_all(), packed.select_all());
  write(out, 8 * 1024, packed);
  vector<short, 16> u1, u2, s2;
  cmtl::UnPack<short, int, 16>(u1.select_all(), u2.select_all(), a.row(2));
  cmtl::UnpackSingle<short, int, 16>(s2.select_all(), CMRT_LOC_SECOND, a.row(3));
  write(out, 8 * 1024 + 64, u1);
  write(out, 8 * 1024 + 96, u2);
  write(out, 8 * 1024 + 128, s2);

  // SLM channel transposes of 32 uints.
  vector<uint, 32> planar = a.select<2, 1, 16, 1>(4, 0).format<uint>(), rgba, back;
  cmtl::TransposeFromSLM<8>(rgba.select_all(), planar.select_all());
  cmtl::TransposeToSLM<8>(back.select_all(), rgba.select_all());
  write(out, 8 * 1024 + 256, rgba);
  write(out, 8 * 1024 + 384, back);
  cmtl::cm_assert_range(back, 0.0f, 1.0f);
}
"#;

fn at(m: &[u32], r: usize, c: usize, cols: usize) -> u32 {
    m[r * cols + c]
}

#[test]
fn cmtl_transforms_match_their_formulas() {
    let compiled = compile("cmtl_transforms", TRANSFORMS, &[]);
    for seed in [0x6c71_0001u64, 0x6c71_0002] {
        let mut rng = Rng::new(seed);
        let a = rng.u32s(256);
        let mapping: Vec<u16> = (0..64).map(|_| rng.below(64) as u16).collect();
        let mut input = u32_bytes(&a);
        input.extend(mapping.iter().flat_map(|m| m.to_le_bytes()));
        let mut run = compiled.run();
        run.buffer(0, input);
        run.buffer(1, vec![0; 9 * 1024]);
        run.dispatch("transforms", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
        let out = bytes_u32(&run.surface_bytes(1));
        let slot = |k: usize, n: usize| &out[k * 256..k * 256 + n];
        let square = |f: &dyn Fn(usize, usize) -> u32| -> Vec<u32> { (0..256).map(|i| f(i / 16, i % 16)).collect() };
        let formulas: [(&str, Vec<u32>); 7] = [
            ("MirrorVertical", square(&|i, j| at(&a, 15 - i, j, 16))),
            ("MirrorHorizontal_16x16", square(&|i, j| at(&a, i, 15 - j, 16))),
            ("Rotate90_16x16", square(&|i, j| at(&a, 15 - j, i, 16))),
            ("Rotate180_16x16", square(&|i, j| at(&a, 15 - i, 15 - j, 16))),
            ("Rotate270_16x16", square(&|i, j| at(&a, j, 15 - i, 16))),
            ("Transpose_16x16", square(&|i, j| at(&a, j, i, 16))),
            ("ReverseTranspose_16x16", square(&|i, j| at(&a, 15 - j, 15 - i, 16))),
        ];
        for (k, (what, want)) in formulas.iter().enumerate() {
            assert_same(what, seed, slot(k, 256), want);
        }
        let c: Vec<u32> = (0..64).map(|i| at(&a, i / 8, i % 8, 16)).collect();
        let transposed: Vec<u32> = (0..64).map(|i| c[(i % 8) * 8 + i / 8]).collect();
        assert_same("Transpose_8x8", seed, &out[7 * 256..7 * 256 + 64], &transposed);
        let mirrored: Vec<u32> = (0..32).map(|i| at(&a, 8 + 3 - i / 8, 8 + i % 8, 16)).collect();
        assert_same("MirrorVertical<int, 4, 8>", seed, &out[7 * 256 + 64..7 * 256 + 96], &mirrored);
        let mapped: Vec<u32> = mapping.iter().map(|&m| c[m as usize]).collect();
        assert_same("map", seed, &out[7 * 256 + 96..7 * 256 + 160], &mapped);

        let half = |v: u32, high: bool| if high { (v >> 16) as u16 } else { v as u16 } as u32;
        let packed: Vec<u32> = (0..16).map(|i| half(a[i], false) | half(a[16 + i], true) << 16).collect();
        assert_same("Pack", seed, &out[8 * 256..8 * 256 + 16], &packed);
        let shorts = |base: usize| -> Vec<u16> {
            out[base..base + 8].iter().flat_map(|w| [*w as u16, (*w >> 16) as u16]).collect()
        };
        let lows: Vec<u16> = (0..16).map(|i| a[32 + i] as u16).collect();
        let highs: Vec<u16> = (0..16).map(|i| (a[32 + i] >> 16) as u16).collect();
        let second: Vec<u16> = (0..16).map(|i| (a[48 + i] >> 16) as u16).collect();
        assert_same("UnPack (first)", seed, &shorts(8 * 256 + 16), &lows);
        assert_same("UnPack (second)", seed, &shorts(8 * 256 + 24), &highs);
        assert_same("UnpackSingle(CMRT_LOC_SECOND)", seed, &shorts(8 * 256 + 32), &second);
        let planar = &a[64..96];
        let rgba: Vec<u32> = (0..32).map(|i| planar[(i % 4) * 8 + i / 4]).collect();
        assert_same("TransposeFromSLM<8>", seed, &out[8 * 256 + 64..8 * 256 + 96], &rgba);
        assert_same("TransposeToSLM<8>", seed, &out[8 * 256 + 96..8 * 256 + 128], planar);
    }
}

const IO: &str = r#"
#include <cm/cmtl.h>

// Reads blocks of odd sizes at (h, v) of the image `img` into a buffer, writes a 7x29 block at (hw, vw) of `dst`.
extern "C" _GENX_MAIN_ void blocks(SurfaceIndex img, SurfaceIndex dst, SurfaceIndex out, int h, int v, int hw, int vw) {
  matrix<uchar, 13, 37> a;
  cmtl::ReadBlock<uchar, 13, 37>(img, h, v, a.select_all());
  cmtl::WriteLinear(out, 0, a.format<uchar>());
  matrix<uchar, 13, 37> b;
  cmtl::ReadBlock(img, h, v, b, 50);
  cmtl::WriteLinear<uchar, 481>(out, 512, b.format<uchar>());
  matrix<int, 5, 11> c;
  cmtl::ReadBlock(img, GENX_NONE, h & 3, v, c);
  cmtl::WriteLinear(out, 256, c.format<int>());
  matrix<short, 9, 3> d;
  cmtl::ReadBlock<short, 9, 3>(img, 10 + (h & 3), v, d.select_all());
  cmtl::WriteLinear(out, 640, d.format<short>());
  matrix<uchar, 7, 29> w = a.select<7, 1, 29, 1>(2, 3) + 1;
  cmtl::WriteBlock<uchar, 7, 29>(dst, hw, vw, w.select_all());
}

// ReadLinear / WriteLinear at unaligned positions; DumpSLM of 300 bytes.
extern "C" _GENX_MAIN_ void linear(SurfaceIndex in, SurfaceIndex out, SurfaceIndex dump, int p, int q) {
  vector<short, 23> s;
  cmtl::ReadLinear(in, p, s);
  vector<short, 23> s1 = s + 1;
  cmtl::WriteLinear<short, 23>(out, q, s1.select_all());
  vector<uchar, 37> b;
  cmtl::ReadLinear<uchar, 37>(in, p * 2 + 1, b.select_all());
  cmtl::WriteLinear(out, 2 * q + 101, b);
  cm_slm_init(512);
  uint slm = cm_slm_alloc(512);
  vector<uint, 32> fill;
  for (int i = 0; i < 4; i++) {
    read(in, 128 * i, fill);
    cm_slm_block_write(slm, 128 * i, fill);
  }
  cmtl::DumpSLM(slm, dump, 300);
}
"#;

const W: usize = 64;
const H: usize = 24;

/// The image byte at (x, y) clamped to the image (the media read's border rule on an R8 surface).
fn clamped(img: &[u8], x: i64, y: i64) -> u8 {
    img[y.clamp(0, H as i64 - 1) as usize * W + x.clamp(0, W as i64 - 1) as usize]
}

#[test]
fn cmtl_block_io_at_borders() {
    let compiled = compile("cmtl_io", IO, &[]);
    let seed = 0x6c71_0010u64;
    let mut rng = Rng::new(seed);
    let img = rng.bytes(W * H);
    // Positions inside, across each border and past the corners; write x offsets of every alignment.
    let mut cases = vec![(0, 0, 0, 0), (-5, -3, -9, -2), (40, 18, 43, 20), (58, 15, 61, 19), (-40, 30, 35, -6)];
    for _ in 0..6 {
        let h = rng.below(90) as i32 - 20;
        let v = rng.below(40) as i32 - 10;
        let hw = rng.below(90) as i32 - 30;
        let vw = rng.below(34) as i32 - 8;
        cases.push((h, v, hw, vw));
    }
    for (h, v, hw, vw) in cases {
        let dst_before = rng.bytes(W * H);
        let mut run = compiled.run();
        run.image(0, W as u32, H as u32, img.clone());
        run.image(1, W as u32, H as u32, dst_before.clone());
        run.buffer(2, vec![0; 2048]);
        let args = [h, v, hw, vw].map(|x| Arg::U32(x as u32));
        run.dispatch(
            "blocks",
            Grid::linear(1, 1),
            &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), args[0], args[1], args[2], args[3]],
        );
        let out = run.surface_bytes(2);
        let what = |s: &str| format!("{s} at h={h} v={v} hw={hw} vw={vw}");
        let (h, v) = (h as i64, v as i64);

        let a: Vec<u8> = (0..13 * 37).map(|i| clamped(&img, h + (i % 37) as i64, v + (i / 37) as i64)).collect();
        assert_same(&what("ReadBlock<uchar, 13, 37>"), seed, &out[..481], &a);

        // surfaceWidth 50: the 50 bytes of a row are the logical width; columns from 50 on repeat byte 49.
        let start = h.min(49);
        let b: Vec<u8> = (0..13 * 37)
            .map(|i| clamped(&img, (start + (i % 37) as i64).min(49), v + (i / 37) as i64))
            .collect();
        assert_same(&what("ReadBlock(..., surfaceWidth = 50)"), seed, &out[512..512 + 481], &b);

        // 5x11 ints at x = h & 3 pixels: rows clamp (the columns stay inside the 16 ints of a row).
        let x = h & 3;
        let c: Vec<u8> = (0..5 * 44).map(|i| clamped(&img, x * 4 + (i % 44) as i64, v + (i / 44) as i64)).collect();
        assert_same(&what("ReadBlock<int, 5, 11>"), seed, &out[256 * 4..256 * 4 + 220], &c);
        let xs = 10 + (h & 3);
        let d: Vec<u8> = (0..9 * 6).map(|i| clamped(&img, xs * 2 + (i % 6) as i64, v + (i / 6) as i64)).collect();
        assert_same(&what("ReadBlock<short, 9, 3>"), seed, &out[1280..1280 + 54], &d);

        // WriteBlock: the 7x29 block (a's rows 2.., columns 3.., plus one) where it lies inside the image.
        let mut want = dst_before.clone();
        for r in 0..7 {
            for col in 0..29 {
                let (x, y) = (hw as i64 + col, vw as i64 + r);
                if (0..W as i64).contains(&x) && (0..H as i64).contains(&y) {
                    want[y as usize * W + x as usize] = a[(r as usize + 2) * 37 + col as usize + 3].wrapping_add(1);
                }
            }
        }
        assert_same(&what("WriteBlock<uchar, 7, 29>"), seed, &run.surface_bytes(1), &want);
    }
}

#[test]
fn cmtl_linear_io_and_slm_dump() {
    let compiled = compile("cmtl_linear", IO, &[]);
    let seed = 0x6c71_0020u64;
    let mut rng = Rng::new(seed);
    let input = rng.bytes(512);
    for (p, q) in [(0, 0), (3, 7), (51, 13), (101, 90)] {
        let out_before = rng.bytes(512);
        let mut run = compiled.run();
        run.buffer(0, input.clone());
        run.buffer(1, out_before.clone());
        run.buffer(2, vec![0; 512]);
        run.dispatch(
            "linear",
            Grid::linear(1, 1),
            &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::U32(p as u32), Arg::U32(q as u32)],
        );
        let mut want = out_before.clone();
        for i in 0..23 {
            let s = u16::from_le_bytes([input[2 * (p + i)], input[2 * (p + i) + 1]]).wrapping_add(1);
            want[2 * (q + i)..2 * (q + i) + 2].copy_from_slice(&s.to_le_bytes());
        }
        for i in 0..37 {
            want[2 * q + 101 + i] = input[2 * p + 1 + i];
        }
        assert_same(&format!("ReadLinear / WriteLinear at p={p} q={q}"), seed, &run.surface_bytes(1), &want);
        // DumpSLM dumps whole 16-byte pieces: 300 bytes make 304; the rest of the surface stays 0.
        let mut dumped = input[..304].to_vec();
        dumped.resize(512, 0);
        assert_same("DumpSLM", seed, &run.surface_bytes(2), &dumped);
    }
}

const STACKS: &str = r#"
#include <cm/cmtl.h>
#define CACHESIZE 32

// 16 channel stacks: every step pops the channels whose random mask bit is set (those not empty), recording the
// tops, then pushes a new element on every channel; then the stacks are drained. Depths pass CACHESIZE, so cache
// rows are spilled to the surface and read back.
extern "C" _GENX_MAIN_ void stack_walk(SurfaceIndex stack_surf, SurfaceIndex in, SurfaceIndex out, int max_size) {
  matrix<short, 2, 16> context;
  matrix<int, 2, 16> context_ii;
  matrix<uint, 16, CACHESIZE> cache;
  cm_vector(lane, uint, 16, 0, 1);
  cmtl::CachedStackInit<uint, 16, CACHESIZE>(context.select_all(), context_ii.select_all(), max_size);
  for (int t = 0; t < STEPS; t++) {
    vector<short, 16> empty, m;
    cmtl::CachedStackEmpty<16>(context.select_all(), context_ii.select_all(), empty.select_all());
    read(in, 32 * t, m);
    vector<short, 16> mask = m & (1 - empty);
    vector<uint, 16> top;
    cmtl::CachedStackPop<uint, 16, CACHESIZE>(stack_surf, context.select_all(), context_ii.select_all(),
                                               cache.select_all(), top.select_all(), mask.select_all());
    top.merge(0xffffffffu, empty);
    write(out, 64 * t, top);
    vector<uint, 16> element = lane + t * 16;
    cmtl::CachedStackPush<uint, 16, CACHESIZE>(stack_surf, context, context_ii, cache, element);
  }
  for (int t = 0; t < STEPS; t++) {
    vector<short, 16> empty;
    cmtl::CachedStackEmpty<16>(context, context_ii, empty);
    vector<uint, 16> top;
    cmtl::CachedStackTop<uint, 16, CACHESIZE>(stack_surf, context, context_ii, cache, top);
    vector<short, 16> mask = 1 - empty;
    cmtl::CachedStackPop<uint, 16, CACHESIZE, 1>(stack_surf, context, context_ii, cache, mask);
    top.merge(0xffffffffu, empty);
    write(out, 64 * (STEPS + t), top);
  }
}
"#;

#[test]
fn cmtl_cached_stacks_match_a_model() {
    const STEPS: usize = 60;
    let compiled = compile("cmtl_stacks", STACKS, &["STEPS=60"]);
    let seed = 0x6c71_0030u64;
    let mut rng = Rng::new(seed);
    // Pop masks with probability 0.35: the depths drift past CACHESIZE (32).
    let masks: Vec<u16> = (0..STEPS * 16).map(|_| (rng.below(100) < 35) as u16).collect();
    let max_size = 128u32;
    let mut run = compiled.run();
    run.buffer(0, vec![0; 16 * max_size as usize * 4]);
    run.buffer(1, masks.iter().flat_map(|m| m.to_le_bytes()).collect());
    run.buffer(2, vec![0; 2 * STEPS * 64]);
    run.dispatch(
        "stack_walk",
        Grid::linear(1, 1),
        &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::U32(max_size)],
    );
    let out = bytes_u32(&run.surface_bytes(2));
    let mut stacks: Vec<Vec<u32>> = vec![Vec::new(); 16];
    let mut want = Vec::new();
    for t in 0..STEPS {
        for (lane, stack) in stacks.iter_mut().enumerate() {
            want.push(*stack.last().unwrap_or(&u32::MAX));
            if masks[t * 16 + lane] == 1 {
                stack.pop();
            }
        }
        for (lane, stack) in stacks.iter_mut().enumerate() {
            stack.push((t * 16 + lane) as u32);
        }
    }
    assert!(stacks.iter().any(|s| s.len() > 32), "the walk must spill a cache row");
    for _ in 0..STEPS {
        for stack in stacks.iter_mut() {
            want.push(*stack.last().unwrap_or(&u32::MAX));
            stack.pop();
        }
    }
    assert_same("CachedStackPush / Pop / Top / Empty", seed, &out, &want);
}

const TANH: &str = r#"
#include <cm/cmtl.h>
extern "C" _GENX_MAIN_ void tanh16(SurfaceIndex in, SurfaceIndex out) {
  vector<float, 16> x;
  matrix<float, 2, 8> m;
  read(in, 0, x);
  read(in, 64, m);
  write(out, 0, cmtl::cm_tanh(x));
  matrix<float, 2, 8> r = cmtl::cm_tanh_cody_waite(m);
  write(out, 64, r);
  vector<float, 16> s = cmtl::cm_tanh(x(3));
  write(out, 128, s);
}
"#;

/// The distance from `got` to `want` in units in the last place of `want` as an f32.
fn ulps(got: f32, want: f64) -> f64 {
    let magnitude = (want.abs() as f32).max(f32::MIN_POSITIVE);
    let ulp = f32::from_bits(magnitude.to_bits() + 1) - magnitude;
    (got as f64 - want).abs() / ulp as f64
}

#[test]
fn cmtl_tanh_is_within_two_ulps() {
    let compiled = compile("cmtl_tanh", TANH, &[]);
    for seed in [0x6c71_0040u64, 0x6c71_0041] {
        let mut rng = Rng::new(seed);
        // Both sides of the 0.4 switch, large values (saturating to 1), and the edge cases.
        let mut x: Vec<f32> = (0..8).map(|_| (rng.below(2001) as f32 - 1000.0) / 1250.0).collect();
        x.extend((0..4).map(|_| (rng.below(2001) as f32 - 1000.0) / 40.0));
        x.extend([0.4, -0.39999, 60.0, -1e-6]);
        x.extend((0..16).map(|_| (rng.below(2001) as f32 - 1000.0) / 500.0));
        let mut run = compiled.run();
        run.buffer(0, support::f32_bytes(&x));
        run.buffer(1, vec![0; 192]);
        run.dispatch("tanh16", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
        let got = support::bytes_f32(&run.surface_bytes(1));
        for (i, &g) in got.iter().enumerate() {
            let input = if i < 32 { x[i] } else { x[3] };
            let want = (input as f64).tanh();
            assert!(ulps(g, want) <= 2.0, "cm_tanh({input}) (seed {seed:#x}) = {g}, tanh = {want}");
        }
    }
}
