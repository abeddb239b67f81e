//! Golden tests of the memory intrinsics: every family run end to end on hand-made surfaces, SLM and SVM buffers,
//! each result checked against a value worked out by hand in the comment above it.

use genx_exec::decode::decode_str;
use genx_exec::format::SurfaceFormat;
use genx_exec::interp::{Machine, Trap};
use genx_exec::machine::{BoundsPolicy, Surface, SurfaceKind, ThreadIds};
use genx_exec::memory::{AllocKind, Fault};
use genx_exec::program::Program;
use genx_exec::value::{Elem, Lanes, Value};

fn program(ir: &str) -> Program {
    decode_str(ir, "memory.ll").expect("test IR parses")
}

fn run(machine: &mut Machine<'_>, function: &str, args: Vec<Value>, slm: Option<u64>) -> Result<Value, Trap> {
    let (id, f) = machine.program.function(function).expect("function exists");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    machine.run(id, args, ThreadIds::single(), slm)
}

fn ints(bits: u8, values: &[u64]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(bits), values.to_vec()))
}

fn preds(values: &[u64]) -> Value {
    ints(1, values)
}

fn ptr(address: u64) -> Value {
    Value::scalar(Elem::Ptr(0), address)
}

/// Binds a buffer surface holding `bytes` at `bti`; returns its base address.
fn buffer(machine: &mut Machine<'_>, bti: u32, bytes: Vec<u8>) -> u64 {
    let size = bytes.len() as u64;
    let name = format!("buf{bti}");
    let base = machine.memory.allocate_with(name.clone(), AllocKind::Buffer, bytes);
    machine.surfaces.insert(bti, Surface { name, base, kind: SurfaceKind::Buffer { size } });
    base
}

/// Binds a 2D surface of `height` rows of `pitch` bytes, `width` of them pixels.
fn image(machine: &mut Machine<'_>, bti: u32, width: u32, height: u32, pitch: u32, bytes: Vec<u8>) -> u64 {
    assert_eq!(bytes.len(), (height * pitch) as usize);
    let base = machine.memory.allocate_with("img", AllocKind::Buffer, bytes);
    machine
        .surfaces
        .insert(bti, Surface { name: "img".into(), base, kind: SurfaceKind::Image2D { width, height, pitch, format: SurfaceFormat::DEFAULT } });
    base
}

/// Little-endian u32 words as bytes.
fn words(values: impl IntoIterator<Item = u32>) -> Vec<u8> {
    values.into_iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn word_at(machine: &Machine<'_>, address: u64) -> u32 {
    let (bytes, defined) = machine.memory.read(address, 4).unwrap();
    assert!(defined.iter().all(|&d| d));
    u32::from_le_bytes(bytes[..].try_into().unwrap())
}

fn lanes_of(value: &Value) -> &Lanes {
    value.lanes().expect("a vector result")
}

/// A vector value's lanes as `Some(bits)` / `None` for undef.
fn maybe(value: &Value) -> Vec<Option<u64>> {
    let l = lanes_of(value);
    l.bits.iter().zip(&l.undef).map(|(&b, &u)| if u { None } else { Some(b) }).collect()
}

// ---- OWord block ---------------------------------------------------------------------------------------------

const OWORD: &str = r#"
define <8 x i32> @ld2(i32 %bti, i32 %owords) {
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %bti, i32 %owords)
  ret <8 x i32> %v
}
define <4 x i32> @ld_unaligned(i32 %bti, i32 %bytes) {
  %v = call <4 x i32> @llvm.genx.oword.ld.unaligned.v4i32(i32 0, i32 %bti, i32 %bytes)
  ret <4 x i32> %v
}
define void @st(i32 %bti, i32 %owords, <4 x i32> %v) {
  call void @llvm.genx.oword.st.v4i32(i32 %bti, i32 %owords, <4 x i32> %v)
  ret void
}
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare <4 x i32> @llvm.genx.oword.ld.unaligned.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
"#;

/// Lane k of a read of bytes `from..` of a buffer whose byte i holds i.
fn le_counting(from: u32, lanes: u32) -> Vec<u64> {
    (0..lanes).map(|k| u32::from_le_bytes([0, 1, 2, 3].map(|b| (from + 4 * k + b) as u8)) as u64).collect()
}

#[test]
fn oword_block_read_of_two_owords_from_oword_offset_two_reads_bytes_32_to_63() {
    let p = program(OWORD);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, (0..128).collect());
    // Offset 2 counts owords: bytes 32..64, i.e. lanes 0x23222120, 0x27262524, ...
    let v = run(&mut m, "ld2", vec![ints(32, &[1]), ints(32, &[2])], None).unwrap();
    assert_eq!(v, ints(32, &le_counting(32, 8)));
    assert_eq!(lanes_of(&v).bits[0], 0x2322_2120);
}

#[test]
fn unaligned_oword_read_takes_a_byte_offset_which_must_be_dword_aligned() {
    let p = program(OWORD);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, (0..128).collect());
    // 36 is a byte offset (not 36 owords): bytes 36..52.
    let v = run(&mut m, "ld_unaligned", vec![ints(32, &[1]), ints(32, &[36])], None).unwrap();
    assert_eq!(v, ints(32, &le_counting(36, 4)));
    let trap = run(&mut m, "ld_unaligned", vec![ints(32, &[1]), ints(32, &[38])], None).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
}

#[test]
fn oword_block_write_stores_at_sixteen_times_the_offset() {
    let p = program(OWORD);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, vec![0; 64]);
    run(&mut m, "st", vec![ints(32, &[1]), ints(32, &[1]), ints(32, &[0xA, 0xB, 0xC, 0xD])], None).unwrap();
    let got: Vec<u32> = (0..16).map(|k| word_at(&m, base + 4 * k)).collect();
    let mut want = vec![0u32; 16];
    want[4..8].copy_from_slice(&[0xA, 0xB, 0xC, 0xD]);
    assert_eq!(got, want);
}

#[test]
fn oword_read_past_the_buffer_reports_the_surface_address_or_reads_zero_on_hardware() {
    let p = program(OWORD);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 3, (0..128).collect());
    // Owords 7..9 are bytes 112..144 of a 128-byte buffer.
    let trap = run(&mut m, "ld2", vec![ints(32, &[3]), ints(32, &[7])], None).unwrap_err();
    match &trap.fault {
        Fault::OutOfBounds { address, size, write, lane, nearest } => {
            assert_eq!((*address, *size, *write, *lane), (base + 112, 32, false, None));
            assert!(nearest.as_deref().unwrap().contains("surface 3 'buf3'"), "{trap}");
        }
        other => panic!("{other}"),
    }
    m.bounds = BoundsPolicy::Hardware;
    let v = run(&mut m, "ld2", vec![ints(32, &[3]), ints(32, &[7])], None).unwrap();
    let mut want = le_counting(112, 4);
    want.extend([0, 0, 0, 0]);
    assert_eq!(v, ints(32, &want));
}

#[test]
fn oword_write_past_the_buffer_is_dropped_on_hardware() {
    let p = program(OWORD);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, vec![0; 24]);
    m.bounds = BoundsPolicy::Hardware;
    // Oword 1 is bytes 16..32; only 16..24 exist.
    run(&mut m, "st", vec![ints(32, &[1]), ints(32, &[1]), ints(32, &[5, 6, 7, 8])], None).unwrap();
    assert_eq!((word_at(&m, base + 16), word_at(&m, base + 20)), (5, 6));
    assert_eq!(word_at(&m, base), 0);
}

#[test]
fn unbound_surface_is_a_fault_naming_the_bound_ones() {
    let p = program(OWORD);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, vec![0; 32]);
    let trap = run(&mut m, "ld2", vec![ints(32, &[9]), ints(32, &[0])], None).unwrap_err();
    assert!(trap.to_string().contains("surface index 9 is not bound (bound: 1)"), "{trap}");
}

// ---- scaled scattered ----------------------------------------------------------------------------------------

const SCATTERED: &str = r#"
define <4 x i32> @gather_dw(<4 x i32> %off, <4 x i1> %p) {
  %v = call <4 x i32> @llvm.genx.gather.masked.scaled2.v4i32.v4i32.v4i1(i32 2, i16 0, i32 1, i32 8, <4 x i32> %off, <4 x i1> %p)
  ret <4 x i32> %v
}
define <4 x i32> @gather_bytes(<4 x i1> %p, <4 x i32> %off, <4 x i32> %old) {
  %v = call <4 x i32> @llvm.genx.gather.scaled.v4i32.v4i1.v4i32(<4 x i1> %p, i32 0, i16 0, i32 1, i32 0, <4 x i32> %off, <4 x i32> %old)
  ret <4 x i32> %v
}
define <4 x i32> @gather_all(i32 %bti, <4 x i32> %off) {
  %v = call <4 x i32> @llvm.genx.gather.scaled2.v4i32.v4i32(i32 2, i16 0, i32 %bti, i32 0, <4 x i32> %off)
  ret <4 x i32> %v
}
define void @scatter_words(<4 x i1> %p, <4 x i32> %off, <4 x i32> %data) {
  call void @llvm.genx.scatter.scaled.v4i1.v4i32.v4i32(<4 x i1> %p, i32 1, i16 0, i32 1, i32 4, <4 x i32> %off, <4 x i32> %data)
  ret void
}
declare <4 x i32> @llvm.genx.gather.masked.scaled2.v4i32.v4i32.v4i1(i32, i16, i32, i32, <4 x i32>, <4 x i1>)
declare <4 x i32> @llvm.genx.gather.scaled.v4i32.v4i1.v4i32(<4 x i1>, i32, i16, i32, i32, <4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.genx.gather.scaled2.v4i32.v4i32(i32, i16, i32, i32, <4 x i32>)
declare void @llvm.genx.scatter.scaled.v4i1.v4i32.v4i32(<4 x i1>, i32, i16, i32, i32, <4 x i32>, <4 x i32>)
"#;

#[test]
fn scattered_dword_read_adds_the_global_offset_and_leaves_disabled_lanes_undef() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, words((0..64).map(|k| 1000 + k)));
    // Byte offsets 8 + [0, 4, 12, 40] = 8, 12, 20, 48: words 2, 3, 5, 12. Lane 1 is disabled.
    let v = run(&mut m, "gather_dw", vec![ints(32, &[0, 4, 12, 40]), preds(&[1, 0, 1, 1])], None).unwrap();
    assert_eq!(maybe(&v), vec![Some(1002), None, Some(1005), Some(1012)]);
}

#[test]
fn scattered_byte_read_zero_extends_and_takes_old_values_for_disabled_lanes() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, (100..164).collect());
    // One byte per lane at 1, 2, 5, 9 (bytes 101, 102, 105, 109); lane 2 disabled keeps its old 7.
    let args = vec![preds(&[1, 1, 0, 1]), ints(32, &[1, 2, 5, 9]), ints(32, &[7, 7, 7, 7])];
    let v = run(&mut m, "gather_bytes", args, None).unwrap();
    assert_eq!(v, ints(32, &[101, 102, 7, 109]));
}

#[test]
fn scattered_write_stores_the_low_bytes_of_enabled_lanes_only() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, vec![0; 32]);
    // Two-byte blocks at 4 + [0, 2, 8, 10]; lane 2 disabled; upper halves 0xAABB/0xCCDD are not written.
    let args =
        vec![preds(&[1, 1, 0, 1]), ints(32, &[0, 2, 8, 10]), ints(32, &[0xAABB_1111, 0xCCDD_2222, 0x3333, 0x4444])];
    run(&mut m, "scatter_words", args, None).unwrap();
    let (bytes, _) = m.memory.read(base, 32).unwrap();
    let mut want = vec![0u8; 32];
    want[4..8].copy_from_slice(&[0x11, 0x11, 0x22, 0x22]);
    want[14..16].copy_from_slice(&[0x44, 0x44]);
    assert_eq!(bytes, &want[..]);
}

#[test]
fn scattered_lane_outside_the_buffer_names_the_lane_and_reads_zero_on_hardware() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words(0..8));
    // 8 + 24 = 32 is the buffer's end: lane 3 is out of bounds.
    let trap = run(&mut m, "gather_dw", vec![ints(32, &[0, 4, 8, 24]), preds(&[1, 1, 1, 1])], None).unwrap_err();
    assert!(
        matches!(trap.fault, Fault::OutOfBounds { address, lane: Some(3), write: false, .. } if address == base + 32),
        "{trap}"
    );
    // A disabled lane never accesses memory.
    let v = run(&mut m, "gather_dw", vec![ints(32, &[0, 4, 8, 24]), preds(&[1, 1, 1, 0])], None).unwrap();
    assert_eq!(maybe(&v), vec![Some(2), Some(3), Some(4), None]);
    m.bounds = BoundsPolicy::Hardware;
    let v = run(&mut m, "gather_dw", vec![ints(32, &[0, 4, 8, 24]), preds(&[1, 1, 1, 1])], None).unwrap();
    assert_eq!(v, ints(32, &[2, 3, 4, 0]));
}

#[test]
fn undef_offset_on_an_enabled_lane_is_undefined_but_not_on_a_disabled_one() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, words(0..16));
    let mut off = Lanes::new(Elem::Int(32), vec![0, 0, 4, 8]);
    off.undef[1] = true;
    let trap = run(&mut m, "gather_dw", vec![Value::Lanes(off.clone()), preds(&[1, 1, 1, 1])], None).unwrap_err();
    assert!(matches!(&trap.fault, Fault::Undefined(why) if why.contains("lane 1")), "{trap}");
    let v = run(&mut m, "gather_dw", vec![Value::Lanes(off), preds(&[1, 0, 1, 1])], None).unwrap();
    assert_eq!(maybe(&v), vec![Some(2), None, Some(3), Some(4)]);
}

#[test]
fn slm_is_bti_254_and_needs_the_kernel_to_have_slm() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    let slm = m.memory.allocate_with("slm", AllocKind::Slm, words([5, 6, 7, 8]));
    let v = run(&mut m, "gather_all", vec![ints(32, &[254]), ints(32, &[12, 8, 4, 0])], Some(slm)).unwrap();
    assert_eq!(v, ints(32, &[8, 7, 6, 5]));
    let trap = run(&mut m, "gather_all", vec![ints(32, &[254]), ints(32, &[0, 0, 0, 0])], None).unwrap_err();
    assert!(trap.to_string().contains("the kernel has no SLM"), "{trap}");
    // SLM is bounded by its allocation like a surface.
    let trap = run(&mut m, "gather_all", vec![ints(32, &[254]), ints(32, &[16, 0, 0, 0])], Some(slm)).unwrap_err();
    assert!(
        matches!(&trap.fault, Fault::OutOfBounds { lane: Some(0), nearest: Some(n), .. } if n.starts_with("SLM")),
        "{trap}"
    );
}

#[test]
fn stateless_bti_255_uses_offsets_as_flat_addresses() {
    let p = program(SCATTERED);
    let mut m = Machine::new(&p);
    // Flat addresses of this memory model lie above 4 GiB, out of reach of 32-bit offsets: every lane faults.
    let trap = run(&mut m, "gather_all", vec![ints(32, &[255]), ints(32, &[0x100, 0, 0, 0])], None).unwrap_err();
    assert!(matches!(trap.fault, Fault::OutOfBounds { address: 0x100, lane: Some(0), .. }), "{trap}");
}

// ---- untyped 4-channel ----------------------------------------------------------------------------------------

const UNTYPED: &str = r#"
define <8 x i32> @gather4_rb(<4 x i32> %off, <4 x i1> %p) {
  %v = call <8 x i32> @llvm.genx.gather4.masked.scaled2.v8i32.v4i32.v4i1(i32 5, i16 0, i32 1, i32 0, <4 x i32> %off, <4 x i1> %p)
  ret <8 x i32> %v
}
define <12 x i32> @gather4_old(<4 x i1> %p, <4 x i32> %off, <12 x i32> %old) {
  %v = call <12 x i32> @llvm.genx.gather4.scaled.v12i32.v4i1.v4i32(<4 x i1> %p, i32 14, i16 0, i32 1, i32 4, <4 x i32> %off, <12 x i32> %old)
  ret <12 x i32> %v
}
define void @scatter4_rg(<2 x i1> %p, <2 x i32> %off, <4 x i32> %data) {
  call void @llvm.genx.scatter4.scaled.v2i1.v2i32.v4i32(<2 x i1> %p, i32 3, i16 0, i32 1, i32 0, <2 x i32> %off, <4 x i32> %data)
  ret void
}
declare <8 x i32> @llvm.genx.gather4.masked.scaled2.v8i32.v4i32.v4i1(i32, i16, i32, i32, <4 x i32>, <4 x i1>)
declare <12 x i32> @llvm.genx.gather4.scaled.v12i32.v4i1.v4i32(<4 x i1>, i32, i16, i32, i32, <4 x i32>, <12 x i32>)
declare void @llvm.genx.scatter4.scaled.v2i1.v2i32.v4i32(<2 x i1>, i32, i16, i32, i32, <2 x i32>, <4 x i32>)
"#;

#[test]
fn gather4_returns_enabled_channels_channel_major() {
    let p = program(UNTYPED);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, words(0..64));
    // Mask 0b0101 enables R and B (set bits are the channels read). Lane i's texel starts at word off/4 =
    // 0, 4, 8, 12: R = that word, B = the word two further. All R first, then all B; lane 3 disabled.
    let v = run(&mut m, "gather4_rb", vec![ints(32, &[0, 16, 32, 48]), preds(&[1, 1, 1, 0])], None).unwrap();
    assert_eq!(maybe(&v), vec![Some(0), Some(4), Some(8), None, Some(2), Some(6), Some(10), None]);
}

#[test]
fn gather4_with_old_values_keeps_them_for_disabled_lanes() {
    let p = program(UNTYPED);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, words(0..64));
    // Mask 0b1110: G, B, A. Global offset 4 + [0, 16, 32, 48] = words 1, 5, 9, 13; G/B/A are +1/+2/+3.
    let old: Vec<u64> = (900..912).collect();
    let args = vec![preds(&[1, 0, 1, 1]), ints(32, &[0, 16, 32, 48]), ints(32, &old)];
    let v = run(&mut m, "gather4_old", args, None).unwrap();
    assert_eq!(v, ints(32, &[2, 901, 10, 14, 3, 905, 11, 15, 4, 909, 12, 16]));
}

#[test]
fn gather4_address_must_be_dword_aligned() {
    let p = program(UNTYPED);
    let mut m = Machine::new(&p);
    buffer(&mut m, 1, words(0..64));
    let trap = run(&mut m, "gather4_rb", vec![ints(32, &[0, 2, 32, 48]), preds(&[1, 1, 1, 1])], None).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
}

#[test]
fn scatter4_writes_the_channel_major_layout() {
    let p = program(UNTYPED);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, vec![0; 32]);
    // Mask 0b0011 (R, G), texels at words 0 and 4; data R0 R1 G0 G1 = 1 2 3 4.
    run(&mut m, "scatter4_rg", vec![preds(&[1, 1]), ints(32, &[0, 16]), ints(32, &[1, 2, 3, 4])], None).unwrap();
    let got: Vec<u32> = (0..8).map(|k| word_at(&m, base + 4 * k)).collect();
    assert_eq!(got, vec![1, 3, 0, 0, 2, 4, 0, 0]);
}

// ---- atomics -------------------------------------------------------------------------------------------------

const ATOMIC: &str = r#"
define <4 x i32> @add(<4 x i1> %p, <4 x i32> %off, <4 x i32> %src) {
  %v = call <4 x i32> @llvm.genx.dword.atomic2.add.v4i32.v4i1.v4i32(<4 x i1> %p, i32 1, <4 x i32> %off, <4 x i32> %src)
  ret <4 x i32> %v
}
define <2 x i32> @inc(<2 x i1> %p, <2 x i32> %off, <2 x i32> %old) {
  %v = call <2 x i32> @llvm.genx.dword.atomic.inc.v2i32.v2i1(<2 x i1> %p, i32 1, <2 x i32> %off, <2 x i32> %old)
  ret <2 x i32> %v
}
define <2 x i32> @cmpxchg(<2 x i32> %off, <2 x i32> %src0, <2 x i32> %src1) {
  %v = call <2 x i32> @llvm.genx.dword.atomic2.cmpxchg.v2i32.v2i1(<2 x i1> <i1 1, i1 1>, i32 1, <2 x i32> %off, <2 x i32> %src0, <2 x i32> %src1)
  ret <2 x i32> %v
}
define <2 x i32> @imin(<2 x i32> %off, <2 x i32> %src) {
  %v = call <2 x i32> @llvm.genx.dword.atomic2.imin.v2i32.v2i1.v2i32(<2 x i1> <i1 1, i1 1>, i32 1, <2 x i32> %off, <2 x i32> %src)
  ret <2 x i32> %v
}
define <2 x float> @fadd(<2 x i32> %off, <2 x float> %src) {
  %v = call <2 x float> @llvm.genx.dword.atomic2.fadd.v2f32.v2i1.v2i32(<2 x i1> <i1 1, i1 1>, i32 254, <2 x i32> %off, <2 x float> %src)
  ret <2 x float> %v
}
define <2 x i64> @svm_add(<2 x i64> %addr, <2 x i64> %src) {
  %v = call <2 x i64> @llvm.genx.svm.atomic.add.v2i64.v2i1.v2i64(<2 x i1> <i1 1, i1 0>, <2 x i64> %addr, <2 x i64> %src, <2 x i64> <i64 -1, i64 -2>)
  ret <2 x i64> %v
}
declare <4 x i32> @llvm.genx.dword.atomic2.add.v4i32.v4i1.v4i32(<4 x i1>, i32, <4 x i32>, <4 x i32>)
declare <2 x i32> @llvm.genx.dword.atomic.inc.v2i32.v2i1(<2 x i1>, i32, <2 x i32>, <2 x i32>)
declare <2 x i32> @llvm.genx.dword.atomic2.cmpxchg.v2i32.v2i1(<2 x i1>, i32, <2 x i32>, <2 x i32>, <2 x i32>)
declare <2 x i32> @llvm.genx.dword.atomic2.imin.v2i32.v2i1.v2i32(<2 x i1>, i32, <2 x i32>, <2 x i32>)
declare <2 x float> @llvm.genx.dword.atomic2.fadd.v2f32.v2i1.v2i32(<2 x i1>, i32, <2 x i32>, <2 x float>)
declare <2 x i64> @llvm.genx.svm.atomic.add.v2i64.v2i1.v2i64(<2 x i1>, <2 x i64>, <2 x i64>, <2 x i64>)
"#;

#[test]
fn atomic_add_returns_old_values_in_lane_order_and_updates_memory() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words([10, 20, 30, 40]));
    // Lanes 0 and 1 both add to word 0: lane 0 sees 10 (-> 11), lane 1 sees 11 (-> 13). Lane 2 is disabled
    // (no oldval operand: undef, word 1 untouched); lane 3 adds 5 to word 3.
    let args = vec![preds(&[1, 1, 0, 1]), ints(32, &[0, 0, 4, 12]), ints(32, &[1, 2, 100, 5])];
    let v = run(&mut m, "add", args, None).unwrap();
    assert_eq!(maybe(&v), vec![Some(10), Some(11), None, Some(40)]);
    let got: Vec<u32> = (0..4).map(|k| word_at(&m, base + 4 * k)).collect();
    assert_eq!(got, vec![13, 20, 30, 45]);
}

#[test]
fn atomic_inc_with_oldval_returns_it_for_disabled_lanes() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words([10, 20, 30]));
    let v = run(&mut m, "inc", vec![preds(&[1, 0]), ints(32, &[4, 8]), ints(32, &[77, 88])], None).unwrap();
    assert_eq!(v, ints(32, &[20, 88]));
    assert_eq!((word_at(&m, base + 4), word_at(&m, base + 8)), (21, 30));
}

#[test]
fn atomic_cmpxchg_writes_src0_where_memory_equals_src1() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words([10, 20]));
    // Lane 0: 10 == src1 10, so 99 is written; lane 1: 20 != 21, unchanged.
    let v = run(&mut m, "cmpxchg", vec![ints(32, &[0, 4]), ints(32, &[99, 98]), ints(32, &[10, 21])], None).unwrap();
    assert_eq!(v, ints(32, &[10, 20]));
    assert_eq!((word_at(&m, base), word_at(&m, base + 4)), (99, 20));
}

#[test]
fn atomic_imin_compares_signed() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words([5, (-3i32) as u32]));
    // min(5, -1) = -1; min(-3, 7) = -3.
    run(&mut m, "imin", vec![ints(32, &[0, 4]), ints(32, &[0xFFFF_FFFF, 7])], None).unwrap();
    assert_eq!((word_at(&m, base), word_at(&m, base + 4)), (0xFFFF_FFFF, (-3i32) as u32));
}

#[test]
fn atomic_fadd_on_slm_adds_floats() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let slm = m.memory.allocate_with("slm", AllocKind::Slm, words([1.5f32.to_bits(), 10.0f32.to_bits()]));
    let src = Value::Lanes(Lanes::new(Elem::Float, vec![2.25f32.to_bits() as u64, (-4.0f32).to_bits() as u64]));
    let v = run(&mut m, "fadd", vec![ints(32, &[0, 4]), src], Some(slm)).unwrap();
    assert_eq!(lanes_of(&v).bits, vec![1.5f32.to_bits() as u64, 10.0f32.to_bits() as u64]);
    assert_eq!(f32::from_bits(word_at(&m, slm)), 3.75);
    assert_eq!(f32::from_bits(word_at(&m, slm + 4)), 6.0);
}

#[test]
fn atomic_out_of_bounds_names_the_lane_or_is_dropped_on_hardware() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words([10, 20]));
    let args = || vec![preds(&[1, 1, 1, 1]), ints(32, &[0, 8, 4, 0]), ints(32, &[1, 1, 1, 1])];
    let trap = run(&mut m, "add", args(), None).unwrap_err();
    assert!(matches!(trap.fault, Fault::OutOfBounds { lane: Some(1), address, .. } if address == base + 8), "{trap}");
    let mut m = Machine::new(&p);
    let base = buffer(&mut m, 1, words([10, 20]));
    m.bounds = BoundsPolicy::Hardware;
    // Lane 1 reads zero and its write is dropped; the others proceed in lane order.
    let v = run(&mut m, "add", args(), None).unwrap();
    assert_eq!(v, ints(32, &[10, 0, 20, 11]));
    assert_eq!((word_at(&m, base), word_at(&m, base + 4)), (12, 21));
}

#[test]
fn svm_atomic_add_on_i64_keeps_oldval_for_disabled_lanes() {
    let p = program(ATOMIC);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with(
        "svm",
        AllocKind::Buffer,
        [1u64 << 40, 7].iter().flat_map(|w| w.to_le_bytes()).collect(),
    );
    let v = run(&mut m, "svm_add", vec![ints(64, &[base, base + 8]), ints(64, &[3, 3])], None).unwrap();
    assert_eq!(v, ints(64, &[1 << 40, u64::MAX - 1]));
    let (bytes, _) = m.memory.read(base, 16).unwrap();
    assert_eq!(u64::from_le_bytes(bytes[..8].try_into().unwrap()), (1 << 40) + 3);
    assert_eq!(u64::from_le_bytes(bytes[8..].try_into().unwrap()), 7);
}

// ---- media block ---------------------------------------------------------------------------------------------

const MEDIA: &str = r#"
define <16 x i8> @ld4x4(i32 %x, i32 %y) {
  %v = call <16 x i8> @llvm.genx.media.ld.v16i8(i32 0, i32 2, i32 0, i32 4, i32 %x, i32 %y)
  ret <16 x i8> %v
}
define <8 x i8> @ld3x2(i32 %x, i32 %y) {
  %v = call <8 x i8> @llvm.genx.media.ld.v8i8(i32 0, i32 2, i32 0, i32 3, i32 %x, i32 %y)
  ret <8 x i8> %v
}
define <8 x i8> @ld_bottom_field(i32 %x, i32 %y) {
  %v = call <8 x i8> @llvm.genx.media.ld.v8i8(i32 3, i32 2, i32 0, i32 4, i32 %x, i32 %y)
  ret <8 x i8> %v
}
define void @st8x2(i32 %x, i32 %y, <16 x i8> %v) {
  call void @llvm.genx.media.st.v16i8(i32 0, i32 2, i32 0, i32 8, i32 %x, i32 %y, <16 x i8> %v)
  ret void
}
declare <16 x i8> @llvm.genx.media.ld.v16i8(i32, i32, i32, i32, i32, i32)
declare <8 x i8> @llvm.genx.media.ld.v8i8(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v16i8(i32, i32, i32, i32, i32, i32, <16 x i8>)
"#;

/// An 8x4 image with a 16-byte pitch: pixel (x, y) = 16y + x, padding bytes 0xEE.
fn counting_image(m: &mut Machine<'_>) -> u64 {
    let bytes =
        (0..4u32).flat_map(|y| (0..16u32).map(move |x| if x < 8 { (16 * y + x) as u8 } else { 0xEE })).collect();
    image(m, 2, 8, 4, 16, bytes)
}

#[test]
fn media_read_straddling_the_right_and_bottom_edges_returns_clamped_edge_pixels() {
    let p = program(MEDIA);
    let mut m = Machine::new(&p);
    counting_image(&mut m);
    // 4x4 block at (6, 2): columns 6, 7, 7, 7 (clamped to width-1 = 7), rows 2, 3, 3, 3 (clamped to 3).
    let v = run(&mut m, "ld4x4", vec![ints(32, &[6]), ints(32, &[2])], None).unwrap();
    #[rustfmt::skip]
    let want = [38, 39, 39, 39,
                54, 55, 55, 55,
                54, 55, 55, 55,
                54, 55, 55, 55];
    assert_eq!(v, ints(8, &want));
    // Whatever the bounds policy: clamping is the documented behaviour, not an error.
    m.bounds = BoundsPolicy::Hardware;
    assert_eq!(run(&mut m, "ld4x4", vec![ints(32, &[6]), ints(32, &[2])], None).unwrap(), ints(8, &want));
}

#[test]
fn media_read_left_of_and_above_the_surface_clamps_to_column_and_row_zero() {
    let p = program(MEDIA);
    let mut m = Machine::new(&p);
    counting_image(&mut m);
    // (-2, -1): columns 0, 0, 0, 1; rows 0, 0, 1, 2.
    let v = run(&mut m, "ld4x4", vec![ints(32, &[(-2i32) as u32 as u64]), ints(32, &[(-1i32) as u32 as u64])], None)
        .unwrap();
    assert_eq!(v, ints(8, &[0, 0, 0, 1, 0, 0, 0, 1, 16, 16, 16, 17, 32, 32, 32, 33]));
}

#[test]
fn media_read_rows_are_padded_to_the_rounded_width_with_undef() {
    let p = program(MEDIA);
    let mut m = Machine::new(&p);
    counting_image(&mut m);
    // Width 3 rounds up to a 4-byte row: bytes 3 and 7 are padding.
    let v = run(&mut m, "ld3x2", vec![ints(32, &[1]), ints(32, &[1])], None).unwrap();
    assert_eq!(maybe(&v), vec![Some(17), Some(18), Some(19), None, Some(33), Some(34), Some(35), None]);
}

#[test]
fn media_bottom_field_reads_odd_rows() {
    let p = program(MEDIA);
    let mut m = Machine::new(&p);
    counting_image(&mut m);
    // Bottom field rows 0, 1 are surface rows 1, 3.
    let v = run(&mut m, "ld_bottom_field", vec![ints(32, &[0]), ints(32, &[0])], None).unwrap();
    assert_eq!(v, ints(8, &[16, 17, 18, 19, 48, 49, 50, 51]));
}

#[test]
fn media_write_partially_outside_drops_only_the_outside_part() {
    let p = program(MEDIA);
    let mut m = Machine::new(&p);
    let base = image(&mut m, 2, 8, 4, 8, vec![0; 32]);
    // An 8x2 block at (4, 3): row 3 columns 4..8 are written with the block's first four bytes; columns 8..12
    // and all of row 4 are outside and dropped.
    let data: Vec<u64> = (1..=16).collect();
    run(&mut m, "st8x2", vec![ints(32, &[4]), ints(32, &[3]), ints(8, &data)], None).unwrap();
    let (bytes, _) = m.memory.read(base, 32).unwrap();
    let mut want = vec![0u8; 32];
    want[28..32].copy_from_slice(&[1, 2, 3, 4]);
    assert_eq!(bytes, &want[..]);
}

#[test]
fn media_out_of_bounds_on_a_width_not_dword_aligned_is_undefined() {
    let p = program(MEDIA);
    let mut m = Machine::new(&p);
    image(&mut m, 2, 6, 2, 8, vec![0; 16]);
    let trap = run(&mut m, "ld4x4", vec![ints(32, &[4]), ints(32, &[0])], None).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
    // In bounds it is fine.
    run(&mut m, "ld3x2", vec![ints(32, &[0]), ints(32, &[0])], None).unwrap();
}

// ---- SVM -------------------------------------------------------------------------------------------------------

const SVM: &str = r#"
define <4 x i32> @block_ld(i64 %a) {
  %v = call <4 x i32> @llvm.genx.svm.block.ld.v4i32.i64(i64 %a)
  ret <4 x i32> %v
}
define void @block_st(i64 %a, <8 x i32> %v) {
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %a, <8 x i32> %v)
  ret void
}
define <4 x i32> @gather2(<2 x i64> %a) {
  %v = call <4 x i32> @llvm.genx.svm.gather.v4i32.v2i1.v2i64(<2 x i1> <i1 1, i1 1>, i32 1, <2 x i64> %a, <4 x i32> undef)
  ret <4 x i32> %v
}
define <8 x i8> @gather_bytes(<2 x i1> %p, <2 x i64> %a, <8 x i8> %old) {
  %v = call <8 x i8> @llvm.genx.svm.gather.v8i8.v2i1.v2i64(<2 x i1> %p, i32 1, <2 x i64> %a, <8 x i8> %old)
  ret <8 x i8> %v
}
define void @scatter(<4 x i64> %a, <4 x i32> %v) {
  call void @llvm.genx.svm.scatter.v4i1.v4i64.v4i32(<4 x i1> <i1 1, i1 1, i1 1, i1 1>, i32 0, <4 x i64> %a, <4 x i32> %v)
  ret void
}
define <4 x i32> @gather4(i64 %a, <2 x i64> %off) {
  %v = call <4 x i32> @llvm.genx.svm.gather4.scaled.v4i32.i1.v2i64(i1 1, i32 9, i16 0, i64 %a, <2 x i64> %off, <4 x i32> undef)
  ret <4 x i32> %v
}
declare <4 x i32> @llvm.genx.svm.block.ld.v4i32.i64(i64)
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
declare <4 x i32> @llvm.genx.svm.gather.v4i32.v2i1.v2i64(<2 x i1>, i32, <2 x i64>, <4 x i32>)
declare <8 x i8> @llvm.genx.svm.gather.v8i8.v2i1.v2i64(<2 x i1>, i32, <2 x i64>, <8 x i8>)
declare void @llvm.genx.svm.scatter.v4i1.v4i64.v4i32(<4 x i1>, i32, <4 x i64>, <4 x i32>)
declare <4 x i32> @llvm.genx.svm.gather4.scaled.v4i32.i1.v2i64(i1, i32, i16, i64, <2 x i64>, <4 x i32>)
"#;

#[test]
fn svm_block_read_and_write() {
    let p = program(SVM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("svm", AllocKind::Buffer, words(0..16));
    assert_eq!(run(&mut m, "block_ld", vec![ints(64, &[base + 16])], None).unwrap(), ints(32, &[4, 5, 6, 7]));
    let trap = run(&mut m, "block_ld", vec![ints(64, &[base + 4])], None).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "not oword-aligned: {trap}");
    run(&mut m, "block_st", vec![ints(64, &[base + 32]), ints(32, &[90, 91, 92, 93, 94, 95, 96, 97])], None).unwrap();
    assert_eq!((word_at(&m, base + 28), word_at(&m, base + 32), word_at(&m, base + 60)), (7, 90, 97));
}

#[test]
fn svm_gather_of_two_dword_blocks_is_block_major() {
    let p = program(SVM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("svm", AllocKind::Buffer, words(0..16));
    // Lane 0 at word 0, lane 1 at word 4, two blocks each: [A0[0], A1[0], A0[1], A1[1]] = [0, 4, 1, 5].
    let v = run(&mut m, "gather2", vec![ints(64, &[base, base + 16])], None).unwrap();
    assert_eq!(v, ints(32, &[0, 4, 1, 5]));
}

#[test]
fn svm_byte_gather_fills_four_byte_slots_per_lane() {
    let p = program(SVM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("svm", AllocKind::Buffer, (0..32).collect());
    // Two 1-byte blocks per lane in a 4-byte slot: lane 0 = bytes 3, 4, undef, undef; lane 1 disabled = old.
    let args = vec![preds(&[1, 0]), ints(64, &[base + 3, base + 9]), ints(8, &[70, 71, 72, 73, 74, 75, 76, 77])];
    let v = run(&mut m, "gather_bytes", args, None).unwrap();
    assert_eq!(maybe(&v), vec![Some(3), Some(4), None, None, Some(74), Some(75), Some(76), Some(77)]);
}

#[test]
fn svm_scatter_out_of_bounds_reports_the_lane_and_address() {
    let p = program(SVM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("svm", AllocKind::Buffer, vec![0; 16]);
    // Lane 2 writes at base + 16, just past the 16-byte buffer.
    let trap =
        run(&mut m, "scatter", vec![ints(64, &[base, base + 4, base + 16, base + 8]), ints(32, &[1, 2, 3, 4])], None)
            .unwrap_err();
    match &trap.fault {
        Fault::OutOfBounds { address, size, write, lane, nearest } => {
            assert_eq!((*address, *size, *write, *lane), (base + 16, 4, true, Some(2)));
            assert!(nearest.as_deref().unwrap().contains("'svm'"), "{trap}");
        }
        other => panic!("{other}"),
    }
    // Whatever the bounds policy: SVM has no surface to clamp to.
    m.bounds = BoundsPolicy::Hardware;
    let again =
        run(&mut m, "scatter", vec![ints(64, &[base, base + 4, base + 16, base + 8]), ints(32, &[1, 2, 3, 4])], None);
    assert!(matches!(again.unwrap_err().fault, Fault::OutOfBounds { lane: Some(2), .. }));
}

#[test]
fn svm_gather4_with_a_scalar_predicate_reads_enabled_channels() {
    let p = program(SVM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("svm", AllocKind::Buffer, words(0..16));
    // Mask 0b1001: R and A. Texels at base + 8 + [0, 16] = words 2 and 6; A is 3 words on.
    let v = run(&mut m, "gather4", vec![ints(64, &[base + 8]), ints(64, &[0, 16])], None).unwrap();
    assert_eq!(v, ints(32, &[2, 6, 5, 9]));
}

// ---- predefined surfaces, pointers ------------------------------------------------------------------------------

const MISC: &str = r#"
@bss = internal global i32 0
define <4 x i32> @predef(i32 %bti) {
  call void @llvm.genx.write.predef.surface.p0i32(i32* @bss, i32 %bti)
  %v = call <4 x i32> @llvm.genx.oword.ld.predef.surface.v4i32.p0i32(i32 0, i32* @bss, i32 1)
  ret <4 x i32> %v
}
define <2 x i32> @predef_atomic(i32 %bti) {
  call void @llvm.genx.write.predef.surface.p0i32(i32* @bss, i32 %bti)
  %v = call <2 x i32> @llvm.genx.dword.atomic2.xchg.predef.surface.v2i32.v2i1.p0i32.v2i32(<2 x i1> <i1 1, i1 1>, i32* @bss, <2 x i32> <i32 0, i32 4>, <2 x i32> <i32 8, i32 9>)
  ret <2 x i32> %v
}
define i64 @convert(i32 addrspace(1)* %p) {
  %a = call i64 @llvm.genx.address.convert.i64.p1i32(i32 addrspace(1)* %p)
  ret i64 %a
}
define <4 x i32> @vload_vstore(<4 x i32>* %p, <4 x i32> %v) {
  %old = call <4 x i32> @llvm.genx.vload.v4i32.p0v4i32(<4 x i32>* %p)
  call void @llvm.genx.vstore.v4i32.p0v4i32(<4 x i32> %v, <4 x i32>* %p)
  ret <4 x i32> %old
}
declare void @llvm.genx.write.predef.surface.p0i32(i32*, i32)
declare <4 x i32> @llvm.genx.oword.ld.predef.surface.v4i32.p0i32(i32, i32*, i32)
declare <2 x i32> @llvm.genx.dword.atomic2.xchg.predef.surface.v2i32.v2i1.p0i32.v2i32(<2 x i1>, i32*, <2 x i32>, <2 x i32>)
declare i64 @llvm.genx.address.convert.i64.p1i32(i32 addrspace(1)*)
declare <4 x i32> @llvm.genx.vload.v4i32.p0v4i32(<4 x i32>*)
declare void @llvm.genx.vstore.v4i32.p0v4i32(<4 x i32>, <4 x i32>*)
"#;

#[test]
fn predef_surface_forms_use_the_bti_written_into_the_variable() {
    let p = program(MISC);
    let mut m = Machine::new(&p);
    buffer(&mut m, 6, words(0..16));
    assert_eq!(run(&mut m, "predef", vec![ints(32, &[6])], None).unwrap(), ints(32, &[4, 5, 6, 7]));
    let base = buffer(&mut m, 7, words([1, 2]));
    assert_eq!(run(&mut m, "predef_atomic", vec![ints(32, &[7])], None).unwrap(), ints(32, &[1, 2]));
    assert_eq!((word_at(&m, base), word_at(&m, base + 4)), (8, 9));
}

#[test]
fn address_convert_is_the_identity_on_pointer_bits() {
    let p = program(MISC);
    let mut m = Machine::new(&p);
    let v = run(&mut m, "convert", vec![Value::scalar(Elem::Ptr(1), 0x1_2345_6780)], None).unwrap();
    assert_eq!(v, ints(64, &[0x1_2345_6780]));
}

#[test]
fn vload_and_vstore_are_load_and_store() {
    let p = program(MISC);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("v", AllocKind::Private, words([1, 2, 3, 4]));
    let old = run(&mut m, "vload_vstore", vec![ptr(base), ints(32, &[5, 6, 7, 8])], None).unwrap();
    assert_eq!(old, ints(32, &[1, 2, 3, 4]));
    assert_eq!(word_at(&m, base + 12), 8);
}

// ---- LLVM memory intrinsics ---------------------------------------------------------------------------------------

const LLVM_MEM: &str = r#"
define void @copy(i8* %d, i8* %s, i64 %n) {
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %d, i8* %s, i64 %n, i1 false)
  ret void
}
define void @move(i8* %d, i8* %s, i64 %n) {
  call void @llvm.memmove.p0i8.p0i8.i64(i8* %d, i8* %s, i64 %n, i1 false)
  ret void
}
define void @set(i8* %d, i8 %b, i64 %n) {
  call void @llvm.memset.p0i8.i64(i8* %d, i8 %b, i64 %n, i1 false)
  ret void
}
define <4 x i32> @mload(<4 x i32>* %p, <4 x i1> %m) {
  %v = call <4 x i32> @llvm.masked.load.v4i32.p0v4i32(<4 x i32>* %p, i32 4, <4 x i1> %m, <4 x i32> <i32 -1, i32 -2, i32 -3, i32 -4>)
  ret <4 x i32> %v
}
define void @mstore(<4 x i32>* %p, <4 x i32> %v, <4 x i1> %m) {
  call void @llvm.masked.store.v4i32.p0v4i32(<4 x i32> %v, <4 x i32>* %p, i32 4, <4 x i1> %m)
  ret void
}
define <4 x i32> @mgather(<4 x i32*> %p, <4 x i1> %m) {
  %v = call <4 x i32> @llvm.masked.gather.v4i32.v4p0i32(<4 x i32*> %p, i32 4, <4 x i1> %m, <4 x i32> zeroinitializer)
  ret <4 x i32> %v
}
define void @mscatter(<4 x i32*> %p, <4 x i32> %v, <4 x i1> %m) {
  call void @llvm.masked.scatter.v4i32.v4p0i32(<4 x i32> %v, <4 x i32*> %p, i32 4, <4 x i1> %m)
  ret void
}
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare void @llvm.memmove.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)
declare <4 x i32> @llvm.masked.load.v4i32.p0v4i32(<4 x i32>*, i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4i32.p0v4i32(<4 x i32>, <4 x i32>*, i32, <4 x i1>)
declare <4 x i32> @llvm.masked.gather.v4i32.v4p0i32(<4 x i32*>, i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.scatter.v4i32.v4p0i32(<4 x i32>, <4 x i32*>, i32, <4 x i1>)
"#;

#[test]
fn memcpy_memmove_and_memset() {
    let p = program(LLVM_MEM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("b", AllocKind::Buffer, (0..16).collect());
    run(&mut m, "copy", vec![ptr(base + 8), ptr(base), ints(64, &[4])], None).unwrap();
    assert_eq!(m.memory.read(base + 8, 4).unwrap().0[..], [0, 1, 2, 3]);
    // Overlapping memcpy is undefined; memmove copies as if through a buffer.
    let trap = run(&mut m, "copy", vec![ptr(base + 1), ptr(base), ints(64, &[4])], None).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
    run(&mut m, "move", vec![ptr(base + 1), ptr(base), ints(64, &[4])], None).unwrap();
    assert_eq!(m.memory.read(base, 6).unwrap().0[..], [0, 0, 1, 2, 3, 5]);
    run(&mut m, "set", vec![ptr(base + 12), ints(8, &[0xAB]), ints(64, &[4])], None).unwrap();
    assert_eq!(m.memory.read(base + 11, 5).unwrap().0[..], [3, 0xAB, 0xAB, 0xAB, 0xAB]);
    // Zero bytes touch nothing, even through a dangling pointer.
    run(&mut m, "set", vec![ptr(8), ints(8, &[0]), ints(64, &[0])], None).unwrap();
}

#[test]
fn masked_load_and_store_touch_enabled_lanes_only() {
    let p = program(LLVM_MEM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("b", AllocKind::Buffer, words([10, 20, 30, 40]));
    let v = run(&mut m, "mload", vec![ptr(base), preds(&[1, 0, 0, 1])], None).unwrap();
    assert_eq!(v, ints(32, &[10, 0xFFFF_FFFE, 0xFFFF_FFFD, 40]));
    run(&mut m, "mstore", vec![ptr(base), ints(32, &[1, 2, 3, 4]), preds(&[0, 1, 0, 1])], None).unwrap();
    let got: Vec<u32> = (0..4).map(|k| word_at(&m, base + 4 * k)).collect();
    assert_eq!(got, vec![10, 2, 30, 4]);
}

#[test]
fn masked_gather_and_scatter_use_per_lane_pointers_and_name_the_faulting_lane() {
    let p = program(LLVM_MEM);
    let mut m = Machine::new(&p);
    let base = m.memory.allocate_with("b", AllocKind::Buffer, words([10, 20, 30, 40]));
    let ptrs = |a: [u64; 4]| Value::Lanes(Lanes::new(Elem::Ptr(0), a.to_vec()));
    let v =
        run(&mut m, "mgather", vec![ptrs([base + 12, base, base + 64, base + 4]), preds(&[1, 1, 0, 1])], None).unwrap();
    assert_eq!(v, ints(32, &[40, 10, 0, 20]));
    let trap = run(&mut m, "mgather", vec![ptrs([base + 12, base, base + 64, base + 4]), preds(&[1, 1, 1, 1])], None)
        .unwrap_err();
    assert!(matches!(trap.fault, Fault::OutOfBounds { lane: Some(2), .. }), "{trap}");
    // Equal addresses: the later lane wins.
    run(
        &mut m,
        "mscatter",
        vec![ptrs([base, base, base + 8, base + 12]), ints(32, &[1, 2, 3, 4]), preds(&[1, 1, 0, 1])],
        None,
    )
    .unwrap();
    let got: Vec<u32> = (0..4).map(|k| word_at(&m, base + 4 * k)).collect();
    assert_eq!(got, vec![2, 20, 30, 4]);
}
