//! Builtins the sweep of the code blocks in the spec's text (cmlangspec §4.3-§4.6) found missing, run on the CPU
//! against plain-Rust models: `cm_bfn<F>` (a three-input boolean function given as a BFN_X/BFN_Y/BFN_Z expression)
//! in both of its lowerings (the and/or/not minterms before Xe-HP, checked on icllp; genx.bfn from Xe-HP on,
//! checked on acm-g10), `ATOMIC_PREDEC` (new = old - 1, returning the new value) through `cm_slm_atomic` and
//! `write_atomic`, and `cm_slm_write4_scaled` / `cm_slm_read4_scaled` (the four-channel SLM messages with byte
//! addresses), whose layout is read back with the element-addressed messages, and `cm_sbarrier` (the split barrier:
//! a neighbour's SLM store is seen after the wait), and read_plane / write_plane qualified by TOP_FIELD /
//! BOTTOM_FIELD on NV12 surfaces.

mod support;

use genx_exec::grid::Grid;
use support::{bytes_u32, compile_for, u32_bytes, Arg, Rng};

const BFN: &str = r#"
extern "C" _GENX_MAIN_ void bfn(SurfaceIndex in, SurfaceIndex out) {
  vector<uint, 16> a, b, c;
  read(in, 0, a);
  read(in, 64, b);
  read(in, 128, c);
  write(out, 0, cm_bfn<~BFN_X & ~BFN_Y & ~BFN_Z>(a, b, c));
  write(out, 64, cm_bfn<(BFN_X & BFN_Y) | (~BFN_X & BFN_Z)>(a, b, c));
  write(out, 128, cm_bfn<BFN_X ^ BFN_Y ^ BFN_Z>(a, b, c));
  vector<ushort, 16> sa = a, sb = b, sc = c;
  vector<ushort, 16> s = cm_bfn<BFN_X | (BFN_Y & ~BFN_Z)>(sa, sb.select<16, 1>(0), sc);
  write(out, 192, s);
  vector<uint, 4> scalar = cm_bfn<BFN_X & ~BFN_Y>(a(0), b(0), c(0));
  write(out, 224, scalar);
}
"#;

/// The truth table of each call, in the kernel's order (the fourth is on 16-bit elements, the fifth on scalars).
const TABLES: [u8; 5] = [0x01, 0xCA, 0x96, 0xF4, 0x30];

/// Bit 4x + 2y + z of `table` for each bit of (x, y, z): BFN_X = 0xF0 is x.
fn bfn_model(table: u8, x: u32, y: u32, z: u32) -> u32 {
    (0..32).fold(0, |out, j| {
        let index = (x >> j & 1) * 4 + (y >> j & 1) * 2 + (z >> j & 1);
        out | ((table as u32 >> index) & 1) << j
    })
}

#[test]
fn cm_bfn_computes_the_expression_of_its_operands() {
    // The tables the BFNT operators must produce for the kernel's expressions.
    let (x, y, z) = (0xF0u8, 0xCCu8, 0xAAu8);
    assert_eq!([!x & !y & !z, (x & y) | (!x & z), x ^ y ^ z, x | (y & !z), x & !y], TABLES);
    for (platform, bfn_instruction) in [("icllp", false), ("acm-g10", true)] {
        let compiled = compile_for(&format!("bfn-{platform}"), BFN, &[], platform);
        assert_eq!(compiled.ir.contains("@llvm.genx.bfn"), bfn_instruction, "{platform}: lowering of cm_bfn\n{}", compiled.ir);
        for seed in [0x5bec_0001u64, 0x5bec_0002] {
            let mut rng = Rng::new(seed);
            let input = rng.u32s(48);
            let mut run = compiled.run();
            run.buffer(0, u32_bytes(&input));
            run.buffer(1, vec![0; 240]);
            run.dispatch("bfn", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
            let out = bytes_u32(&run.surface_bytes(1));
            let (a, b, c) = (&input[0..16], &input[16..32], &input[32..48]);
            for (call, &table) in TABLES.iter().enumerate().take(3) {
                let want: Vec<u32> = (0..16).map(|i| bfn_model(table, a[i], b[i], c[i])).collect();
                assert_eq!(&out[call * 16..call * 16 + 16], &want[..], "{platform} call {call} (seed {seed:#x})");
            }
            let halves: Vec<u32> = (0..8)
                .map(|k| {
                    let lane = |i: usize| bfn_model(TABLES[3], a[i], b[i], c[i]) & 0xffff;
                    lane(2 * k) | lane(2 * k + 1) << 16
                })
                .collect();
            assert_eq!(&out[48..56], &halves[..], "{platform} 16-bit call (seed {seed:#x})");
            assert_eq!(out[56..60], [bfn_model(TABLES[4], a[0], b[0], c[0]); 4], "{platform} scalar call (seed {seed:#x})");
        }
    }
}

const ATOMICS: &str = r#"
extern "C" _GENX_MAIN_ void predec(SurfaceIndex in, SurfaceIndex counters, SurfaceIndex out) {
  vector<uint, 16> a;
  read(in, 0, a);
  cm_slm_init(1024);
  uint slm = cm_slm_alloc(1024);
  vector<ushort, 16> addr;
  vector<uint, 16> offsets;
  for (int i = 0; i < 16; i++) {
    addr(i) = 15 - i;
    offsets(i) = i;
  }
  cm_slm_write(slm, addr, a);
  vector<uint, 16> pre, after, ret;
  cm_slm_atomic(slm, ATOMIC_PREDEC, addr, pre);
  cm_slm_atomic(slm, ATOMIC_PREDEC, addr, NULL);
  cm_slm_read(slm, addr, after);
  write(out, 0, pre);
  write(out, 64, after);
  write_atomic<ATOMIC_PREDEC>(counters, offsets, ret);
  write(out, 128, ret);

  // Four channels (R, G) at byte addresses 32 * i + 4 * (i & 1), then read back per element and per channel.
  vector<uint, 8> bytes;
  for (int i = 0; i < 8; i++) bytes(i) = 32 * i + 4 * (i & 1) + 512;
  vector<uint, 16> rg = a + 1000;
  cm_slm_write4_scaled(slm, bytes, rg, SLM_GR_ENABLE);
  vector<uint, 16> back;
  cm_slm_read4_scaled(slm, bytes, back, SLM_GR_ENABLE);
  write(out, 192, back);
  vector<ushort, 16> words;
  for (int i = 0; i < 8; i++) {
    words(i) = (32 * i + 4 * (i & 1) + 512) / 4;
    words(i + 8) = (32 * i + 4 * (i & 1) + 512) / 4 + 1;
  }
  vector<uint, 16> elements;
  cm_slm_read(slm, words, elements);
  write(out, 256, elements);
}
"#;

#[test]
fn predec_returns_the_new_value_and_scaled_read4_write4_take_bytes() {
    let compiled = compile_for("predec", ATOMICS, &[], "icllp");
    for seed in [0x5bec_0101u64, 0x5bec_0102] {
        let mut rng = Rng::new(seed);
        // Some zeros, so that the decrement wraps.
        let a: Vec<u32> = (0..16).map(|i| if i % 5 == 0 { 0 } else { rng.next_u32() }).collect();
        let counters: Vec<u32> = (0..16).map(|i| if i % 4 == 1 { 0 } else { rng.next_u32() }).collect();
        let mut run = compiled.run();
        run.buffer(0, u32_bytes(&a));
        run.buffer(1, u32_bytes(&counters));
        run.buffer(2, vec![0; 320]);
        run.dispatch("predec", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2)]);
        let out = bytes_u32(&run.surface_bytes(2));
        // Lane i addresses element 15 - i, which holds a[i].
        let pre: Vec<u32> = a.iter().map(|v| v.wrapping_sub(1)).collect();
        let after: Vec<u32> = a.iter().map(|v| v.wrapping_sub(2)).collect();
        assert_eq!(&out[0..16], &pre[..], "cm_slm_atomic ATOMIC_PREDEC returns old - 1 (seed {seed:#x})");
        assert_eq!(&out[16..32], &after[..], "two ATOMIC_PREDEC leave old - 2 (seed {seed:#x})");
        let decremented: Vec<u32> = counters.iter().map(|v| v.wrapping_sub(1)).collect();
        assert_eq!(&out[32..48], &decremented[..], "write_atomic<ATOMIC_PREDEC> returns old - 1 (seed {seed:#x})");
        assert_eq!(bytes_u32(&run.surface_bytes(1)), decremented, "write_atomic<ATOMIC_PREDEC> stores old - 1");
        let rg: Vec<u32> = a.iter().map(|v| v.wrapping_add(1000)).collect();
        assert_eq!(&out[48..64], &rg[..], "cm_slm_read4_scaled reads what cm_slm_write4_scaled wrote (seed {seed:#x})");
        // R of lane i at byte 512 + 32i + 4(i & 1), G one dword after: the element reads see rg's two rows.
        assert_eq!(&out[64..80], &rg[..], "cm_slm_write4_scaled's byte addresses (seed {seed:#x})");
    }
}

// cm_sbarrier: each thread of a group stores to SLM, signals, waits, and reads its neighbour's store.
const SPLIT_BARRIER: &str = r#"
extern "C" _GENX_MAIN_ void split_barrier(SurfaceIndex in, SurfaceIndex out) {
  cm_slm_init(256);
  uint slm = cm_slm_alloc(256);
  uint t = cm_linear_local_id(), n = cm_linear_local_size();
  vector<uint, 8> mine;
  read(in, 32 * t, mine);
  vector<ushort, 8> own, next;
  for (int i = 0; i < 8; i++) {
    own(i) = 8 * t + i;
    next(i) = 8 * ((t + 1) % n) + i;
  }
  cm_slm_write(slm, own, mine);
  cm_sbarrier(1);
  cm_sbarrier(0);
  vector<uint, 8> theirs;
  cm_slm_read(slm, next, theirs);
  write(out, 32 * (cm_group_id(0) * n + t), theirs);
}
"#;

#[test]
fn the_split_barrier_orders_slm_writes_before_the_wait() {
    let compiled = compile_for("split_barrier", SPLIT_BARRIER, &[], "tgllp");
    let (groups, threads) = (2usize, 8usize);
    let mut rng = Rng::new(0x5bec_0201);
    let input = rng.u32s(8 * threads);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&input));
    run.buffer(1, vec![0; 32 * groups * threads]);
    run.dispatch("split_barrier", Grid::linear(groups as u32, threads as u32), &[Arg::Surface(0), Arg::Surface(1)]);
    let out = bytes_u32(&run.surface_bytes(1));
    for g in 0..groups {
        for t in 0..threads {
            let neighbour = (t + 1) % threads;
            let at = (g * threads + t) * 8;
            assert_eq!(&out[at..at + 8], &input[neighbour * 8..neighbour * 8 + 8], "group {g} thread {t}");
        }
    }
}

// read_plane / write_plane qualified by a field (§4.5 "optionally qualified as specified above").
const PLANE_FIELDS: &str = r#"
extern "C" _GENX_MAIN_ void plane_fields(SurfaceIndex src, SurfaceIndex dst, SurfaceIndex out) {
  matrix<uchar, 4, 16> uv, y;
  read_plane(TOP_FIELD(src), GENX_SURFACE_UV_PLANE, 0, 0, uv);
  read_plane(BOTTOM_FIELD(src), GENX_SURFACE_Y_PLANE, 0, 1, y);
  write(out, 0, uv.format<uchar>());
  write(out, 64, y.format<uchar>());
  write_plane(BOTTOM_FIELD(dst), GENX_SURFACE_Y_PLANE, 0, 0, uv);
  write_plane(TOP_FIELD(dst), GENX_SURFACE_UV_PLANE, 0, 1, y.select<2, 1, 16, 1>(0, 0));
}
"#;

#[test]
fn plane_reads_and_writes_take_the_field_qualifiers() {
    let compiled = compile_for("plane_fields", PLANE_FIELDS, &[], "icllp");
    let mut rng = Rng::new(0x5bec_0301);
    let src = rng.bytes(16 * 16 * 3 / 2);
    let mut run = compiled.run();
    run.nv12(0, 16, 16, src.clone());
    run.nv12(1, 16, 16, vec![0; 16 * 24]);
    run.buffer(2, vec![0; 128]);
    run.dispatch("plane_fields", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1), Arg::Surface(2)]);
    let out = run.surface_bytes(2);
    let row = |bytes: &[u8], r: usize| bytes[r * 16..r * 16 + 16].to_vec();
    // The UV plane is rows 16..24 of the surface; its top field is UV rows 0, 2, 4, 6.
    let uv: Vec<u8> = [0, 2, 4, 6].iter().flat_map(|&r| row(&src, 16 + r)).collect();
    assert_eq!(&out[0..64], &uv[..], "read_plane(TOP_FIELD, UV)");
    // Field row 1 of the bottom field is surface row 3: rows 3, 5, 7, 9 of Y.
    let y: Vec<u8> = [3, 5, 7, 9].iter().flat_map(|&r| row(&src, r)).collect();
    assert_eq!(&out[64..128], &y[..], "read_plane(BOTTOM_FIELD, Y)");
    let dst = run.surface_bytes(1);
    for r in 0..24 {
        let want = match r {
            1 | 3 | 5 | 7 => uv[(r - 1) / 2 * 16..(r - 1) / 2 * 16 + 16].to_vec(),
            // The top field of UV from field row 1: UV rows 2 and 4.
            18 | 20 => y[(r - 18) / 2 * 16..(r - 18) / 2 * 16 + 16].to_vec(),
            _ => vec![0; 16],
        };
        assert_eq!(row(&dst, r), want, "write_plane with a field, surface row {r}");
    }
}

const DP4A: &str = r#"
extern "C" _GENX_MAIN_ void dp4a(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 8> acc, a, b;
  read(in, 0, acc);
  read(in, 32, a);
  read(in, 64, b);
  write(out, 0, cm_dp4a<int>(acc, a, b));
  write(out, 32, cm_dp4a<int>(acc, a, b, SAT));
  vector<uint, 8> uacc = acc;
  write(out, 64, cm_dp4a<uint>(uacc, a, b, SAT));
  write(out, 96, cm_dp4a<uint>(acc, a, b, SAT));
}
"#;

/// acc + Σ a.byte[k] * b.byte[k], the accumulator and the bytes read signed or unsigned (the accumulator's type).
fn dp4a_model(acc: u32, a: u32, b: u32, signed: bool) -> i64 {
    let byte = |x: u32, k: u32| if signed { (x >> (8 * k)) as u8 as i8 as i64 } else { (x >> (8 * k)) as u8 as i64 };
    let acc = if signed { acc as i32 as i64 } else { acc as i64 };
    acc + (0..4).map(|k| byte(a, k) * byte(b, k)).sum::<i64>()
}

#[test]
fn cm_dp4a_adds_the_byte_dot_product_to_the_accumulator() {
    let compiled = compile_for("dp4a-tgllp", DP4A, &[], "tgllp");
    for name in ["ssdp4a.v8", "ssdp4a.sat.v8", "uudp4a.sat.v8", "usdp4a.sat.v8"] {
        assert!(compiled.ir.contains(&format!("@llvm.genx.{name}")), "lowering {name}\n{}", compiled.ir);
    }
    for seed in [0xd4a0_0001u64, 0xd4a0_0002] {
        let mut rng = Rng::new(seed);
        let mut input = rng.u32s(24);
        // Accumulators near the limits, so the saturating forms clamp.
        input[0] = i32::MAX as u32 - 3;
        input[1] = i32::MIN as u32 + 2;
        input[2] = u32::MAX - 1;
        let mut run = compiled.run();
        run.buffer(0, u32_bytes(&input));
        run.buffer(1, vec![0; 128]);
        run.dispatch("dp4a", Grid::linear(1, 1), &[Arg::Surface(0), Arg::Surface(1)]);
        let out = bytes_u32(&run.surface_bytes(1));
        let (acc, a, b) = (&input[0..8], &input[8..16], &input[16..24]);
        for i in 0..8 {
            let s = dp4a_model(acc[i], a[i], b[i], true);
            let u = dp4a_model(acc[i], a[i], b[i], false);
            assert_eq!(out[i], s as u32, "wrapping, lane {i} (seed {seed:#x})");
            assert_eq!(out[8 + i], s.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32, "int SAT, lane {i}");
            assert_eq!(out[16 + i], u.clamp(0, u32::MAX as i64) as u32, "uint SAT, lane {i} (seed {seed:#x})");
            assert_eq!(out[24 + i], s.clamp(0, u32::MAX as i64) as u32, "int into uint SAT, lane {i} (seed {seed:#x})");
        }
    }
}
