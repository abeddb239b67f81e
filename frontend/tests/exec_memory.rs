//! The memory builtins of cm_memory.h executed against byte-level models of the messages: scattered reads and
//! writes of 1-, 2- and 4-byte elements (element and byte offsets), the scalar scattered write, untyped 4-channel
//! reads and writes (channel order, dword offsets), OWord reads at a dword-aligned offset (DWALIGNED), media reads of
//! a field (TOP_FIELD), SLM's read4/write4 with cmc's inverted channel masks (a round trip in SLM), and cm_slm_load
//! from a surface and from SVM by a group of threads.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

// Surface 0: 1024 random bytes; surface 1: the output; offsets come from surface 2 (16 uint).
extern "C" _GENX_MAIN_ void scattered(SurfaceIndex data, SurfaceIndex out, SurfaceIndex offsets, uint g) {
  vector<uint, 16> off;
  read(offsets, 0, off);
  vector<uchar, 16> b;
  vector<ushort, 16> s;
  vector<uint, 16> w;
  vector<uint, 16> scaled;
  read(data, g, off, b);                  // bytes at g + off
  read(data, g, off, s);                  // shorts at 2 (g + off)
  read(data, g, off, w);                  // dwords at 4 (g + off)
  read_scaled(data, 2 * g, off * 4, scaled); // dwords at bytes 2g + 4 off
  write(out, 0, off, b);                  // bytes at off
  write(out, 64, off, s);                 // shorts at 2 (64 + off)
  write(out, 64, off, w);                 // dwords at 4 (64 + off)
  write(out, 384, off, scaled);
  write(out, 1020, 3u, g);                // one dword at 4 * 1023
}

// Untyped: R and G of 8 dword offsets, written back as B and R of others.
extern "C" _GENX_MAIN_ void untyped(SurfaceIndex data, SurfaceIndex out, SurfaceIndex offsets) {
  vector<uint, 8> u, v;
  read(offsets, 0, u);
  read(offsets, 32, v);
  matrix<uint, 2, 8> m;
  read_untyped(data, CM_GR_ENABLE, m, u);
  write_untyped(out, CM_BR_ENABLE, m, v);
  vector<uint, 8> unaligned;
  read(DWALIGNED(data), 20, unaligned);
  write(out, 512, unaligned);
}

// TOP_FIELD: rows 0, 2, 4, ... of the image; BOTTOM_FIELD rows 1, 3, ...
extern "C" _GENX_MAIN_ void fields(SurfaceIndex image, SurfaceIndex out) {
  matrix<uchar, 4, 16> top, bottom;
  read(TOP_FIELD(image), 8, 1, top);
  read(BOTTOM_FIELD(image), 8, 1, bottom);
  write(out, 0, top.format<uint>());
  write(out, 64, bottom.format<uint>());
}

// SLM: write4 the R, G and A channels of 16 addresses, read4 back B and G (B was never written: read it after
// writing it from a second write4 with B only).
extern "C" _GENX_MAIN_ void slm4(SurfaceIndex data, SurfaceIndex out) {
  cm_slm_init(1024);
  uint slm = cm_slm_alloc(1024);
  vector<uint, 16> addr;
  read(data, 0, addr);
  vector<uint, 64> src;
  read(data, 64, src.select<32, 1>(0));
  read(data, 192, src.select<32, 1>(32));
  cm_slm_write4(slm, addr, src.select<48, 1>(0), SLM_AGR_ENABLE);
  cm_slm_write4(slm, addr, src.select<16, 1>(48), SLM_B_ENABLE);
  vector<uint, 32> back;
  cm_slm_read4(slm, addr, back, SLM_BG_ENABLE);
  write(out, 0, back);
}

// cm_slm_load from a surface and from SVM, shared by the group's 4 threads; thread 0 copies SLM out.
extern "C" _GENX_MAIN_ void slm_load(SurfaceIndex data, svmptr_t svm, SurfaceIndex out) {
  cm_slm_init(768);
  uint a = cm_slm_alloc(512);
  uint b = cm_slm_alloc(256);
  cm_slm_load(a, data, 64, 512);
  cm_slm_load(b, svm, 16, 256);
  if (cm_linear_local_id() == 0) {
    for (int k = 0; k < 512; k += 64) {
      vector<uint, 16> v;
      cm_slm_block_read(a, k, v);
      write(out, k, v);
    }
    for (int k = 0; k < 256; k += 64) {
      vector<uint, 16> v;
      cm_slm_block_read(b, k, v);
      write(out, 512 + k, v);
    }
  }
}
"#;

#[test]
fn slm_load_from_a_surface_and_from_svm() {
    let seed = 0x6e6d_0005;
    let mut rng = Rng::new(seed);
    let (surface, svm) = (rng.bytes(1024), rng.bytes(512));
    let compiled = compile("slm_load", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, surface.clone());
    let address = run.svm(svm.clone());
    run.buffer(2, vec![0; 768]);
    run.dispatch("slm_load", Grid::linear(2, 4), &[Arg::Surface(0), Arg::Svm(address), Arg::Surface(2)]);
    let expected: Vec<u8> = surface[64..576].iter().chain(&svm[16..272]).copied().collect();
    assert_same("SLM contents", seed, &run.surface_bytes(2), &expected);
}

#[test]
fn scattered_and_scalar_writes() {
    let seed = 0x6e6d_0001;
    let mut rng = Rng::new(seed);
    let data = rng.bytes(1024);
    let g = 5u32;
    // Distinct element offsets, so that the writes do not overlap.
    let mut pool: Vec<u32> = (0..40).collect();
    let off: Vec<u32> = (0..16).map(|_| pool.swap_remove(rng.below(pool.len() as u32) as usize)).collect();
    let compiled = compile("scattered", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, data.clone());
    run.buffer(1, vec![0; 4096]);
    run.buffer(2, u32_bytes(&off));
    run.dispatch("scattered", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::U32(g)]);
    let word = |at: usize, n: usize| -> u32 { (0..n).map(|k| (data[at + k] as u32) << (8 * k)).sum() };
    let mut expected = vec![0u8; 4096];
    for &o in &off {
        let o = o as usize;
        expected[o] = data[g as usize + o];
        let s = word(2 * (g as usize + o), 2);
        expected[2 * (64 + o)..2 * (64 + o) + 2].copy_from_slice(&(s as u16).to_le_bytes());
        let w = word(4 * (g as usize + o), 4);
        expected[4 * (64 + o)..4 * (64 + o) + 4].copy_from_slice(&w.to_le_bytes());
        let scaled = word(2 * g as usize + 4 * o, 4);
        expected[4 * (384 + o)..4 * (384 + o) + 4].copy_from_slice(&scaled.to_le_bytes());
    }
    expected[4 * 1023..4096].copy_from_slice(&g.to_le_bytes());
    let got = run.machine.memory.allocation(run.machine.surfaces[&1].base).unwrap().bytes.clone();
    assert_same("scattered output bytes", seed, &got, &expected);
}

#[test]
fn untyped_channels_and_unaligned_oword() {
    let seed = 0x6e6d_0002;
    let mut rng = Rng::new(seed);
    let data = rng.u32s(256);
    let u: Vec<u32> = (0..8).map(|_| rng.below(250)).collect();
    let v: Vec<u32> = (0..8).map(|i| i * 4).collect(); // disjoint 4-dword records
    let compiled = compile("untyped", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&data));
    run.buffer(1, vec![0; 1024]);
    run.buffer(2, u32_bytes(&[u.clone(), v.clone()].concat()));
    run.dispatch("untyped", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2)]);
    let mut expected = vec![0u32; 256];
    for i in 0..8 {
        // m row 0 = R (dword u), row 1 = G (dword u + 1); written as B (v + 2) and R (v + 0), in R, B order:
        // the first enabled channel (R) takes row 0, the second (B) row 1.
        expected[v[i] as usize] = data[u[i] as usize];
        expected[v[i] as usize + 2] = data[u[i] as usize + 1];
    }
    expected[128..136].copy_from_slice(&data[5..13]);
    let got = run.machine.memory.allocation(run.machine.surfaces[&1].base).unwrap().bytes.clone();
    assert_same("untyped output", seed, &bytes_u32(&got), &expected);
}

#[test]
fn media_fields() {
    let seed = 0x6e6d_0003;
    let (width, height) = (32usize, 16usize);
    let image = Rng::new(seed).bytes(width * height);
    let compiled = compile("fields", SOURCE, &[]);
    let mut run = compiled.run();
    run.image(0, width as u32, height as u32, image.clone());
    run.buffer(1, vec![0; 128]);
    run.dispatch("fields", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    let mut expected = Vec::new();
    for parity in 0..2 {
        for i in 0..4 {
            let row = 2 * (1 + i) + parity;
            expected.extend_from_slice(&image[row * width + 8..row * width + 24]);
        }
    }
    assert_same("field rows", seed, &run.surface_bytes(1), &expected);
}

#[test]
fn slm_four_channel_round_trip() {
    let seed = 0x6e6d_0004;
    let mut rng = Rng::new(seed);
    // 16 distinct, 4-dword-aligned record addresses (in dwords) inside 1024 bytes of SLM.
    let mut pool: Vec<u32> = (0..64).map(|k| k * 4).collect();
    let addr: Vec<u32> = (0..16).map(|_| pool.swap_remove(rng.below(pool.len() as u32) as usize)).collect();
    let src = rng.u32s(64);
    let mut data = u32_bytes(&addr);
    data.extend(u32_bytes(&src));
    let compiled = compile("slm4", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, data);
    run.buffer(1, vec![0; 128]);
    run.dispatch("slm4", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    // write4 AGR: R = src[0..16], G = src[16..32], A = src[32..48]; write4 B = src[48..64].
    // read4 BG returns G then B: G = src[16..32], B = src[48..64].
    let expected: Vec<u32> = src[16..32].iter().chain(&src[48..64]).copied().collect();
    assert_same("channels read back", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}

// Media blocks taller than one message carries (256 bytes, rows by pitch: 64-byte rows at most 4, 32-byte rows at
// most 8): cm_memory.h moves them as bands of rows; each band's rows clamp at the image's edge as the whole
// block's would, and a field block's bands are field rows.
const TALL: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void tall(SurfaceIndex img, SurfaceIndex out, SurfaceIndex fld, int x, int y) {
  matrix<float, 8, 16> f;   // 64-byte rows: bands of 4
  read(img, 0, y, f);
  matrix<uchar, 10, 24> b;  // 24-byte rows travel padded to 32: bands of 8 and 2
  read(img, x, y, b);
  matrix<uchar, 12, 20> t;  // field rows 1..13 of the top field: bands of 8 and 4
  read(TOP_FIELD(img), x, 1, t);
  write(out, 0, 0, f);
  write(out, 0, 8, b);
  write(out, 32, 8, t);
  write(BOTTOM_FIELD(fld), 4, 0, b);
}
"#;

#[test]
fn media_blocks_taller_than_one_message() {
    let seed = 0x6e6d_0005;
    let (w, h) = (64usize, 24usize);
    let image = Rng::new(seed).bytes(w * h);
    let compiled = compile("tall", TALL, &[]);
    assert_eq!(compiled.ir.matches("call <256 x i8> @llvm.genx.media.ld").count()
        + compiled.ir.matches("call <64 x float> @llvm.genx.media.ld").count()
        + compiled.ir.matches("call <64 x i8> @llvm.genx.media.ld").count()
        + compiled.ir.matches("call <128 x i8> @llvm.genx.media.ld").count(), 6,
        "three tall reads, two bands each:\n{}", compiled.ir);
    let (x, y) = (40usize, 20usize);
    let mut run = compiled.run();
    run.image(0, w as u32, h as u32, image.clone());
    run.image(1, w as u32, h as u32, vec![0; w * h]);
    run.image(2, 32, 24, vec![0; 32 * 24]);
    run.dispatch("tall", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2), Arg::U32(x as u32), Arg::U32(y as u32)]);
    let pixel = |row: usize, col: usize| image[row.min(h - 1) * w + col];
    // The top field is rows 0, 2, ..., 22: 12 field rows; field row r is image row 2r, clamped to the field.
    let top = |field_row: usize, col: usize| image[2 * field_row.min(h / 2 - 1) * w + col];
    let mut want = vec![0u8; w * h];
    for i in 0..8 {
        for j in 0..64 {
            want[i * w + j] = pixel(y + i, j);
        }
    }
    for i in 0..10 {
        for j in 0..24 {
            want[(8 + i) * w + j] = pixel(y + i, x + j);
        }
    }
    for i in 0..12 {
        for j in 0..20 {
            want[(8 + i) * w + 32 + j] = top(1 + i, x + j);
        }
    }
    assert_same("tall blocks", seed, &run.surface_bytes(1), &want);
    // b's rows to the bottom field's rows 0..10: image rows 1, 3, ..., 19, columns 4..28.
    let mut field = vec![0u8; 32 * 24];
    for i in 0..10 {
        for j in 0..24 {
            field[(2 * i + 1) * 32 + 4 + j] = pixel(y + i, x + j);
        }
    }
    assert_same("tall field write", seed, &run.surface_bytes(2), &field);
}
