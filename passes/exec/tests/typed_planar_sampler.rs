//! IR executor: typed atomics, typed messages on 1D and 3D images and out of bounds, media blocks on the planes of
//! an NV12 surface, and the sampler-less `genx.load`. Expected values are worked out by hand from the rules in
//! `intrinsics/mem/typed.rs`, `media.rs` and `sampler.rs`.

use genx_exec::decode::decode_str;
use genx_exec::format::SurfaceFormat;
use genx_exec::interp::{Machine, Trap};
use genx_exec::machine::{BoundsPolicy, Surface, SurfaceKind, ThreadIds};
use genx_exec::memory::{AllocKind, Fault};
use genx_exec::value::{Elem, Lanes, Value};

const KERNELS: &str = r#"
define <4 x i32> @atomic_add(<4 x i32> %u, <4 x i32> %v) {
  %r = call <4 x i32> @llvm.genx.typed.atomic.add.v4i32.v4i1.v4i32(<4 x i1> <i1 1, i1 1, i1 1, i1 0>, i32 1, <4 x i32> <i32 5, i32 5, i32 5, i32 5>, <4 x i32> %u, <4 x i32> %v, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer)
  ret <4 x i32> %r
}
define <4 x i32> @atomic_cmpxchg(<4 x i32> %u, <4 x i32> %new, <4 x i32> %cmp) {
  %r = call <4 x i32> @llvm.genx.typed.atomic.cmpxchg.v4i32.v4i1.v4i32(<4 x i1> <i1 1, i1 1, i1 1, i1 1>, i32 1, <4 x i32> %new, <4 x i32> %cmp, <4 x i32> %u, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer)
  ret <4 x i32> %r
}
define <4 x i32> @atomic_inc_lod(<4 x i32> %u, <4 x i32> %lod) {
  %r = call <4 x i32> @llvm.genx.typed.atomic.inc.v4i32.v4i1.v4i32(<4 x i1> <i1 1, i1 1, i1 1, i1 1>, i32 1, <4 x i32> %u, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer, <4 x i32> %lod)
  ret <4 x i32> %r
}
define <8 x i32> @typed_ld_rg(<4 x i32> %u, <4 x i32> %v, <4 x i32> %r) {
  %x = call <8 x i32> @llvm.genx.gather4.typed.v8i32.v4i1.v4i32(i32 3, <4 x i1> <i1 1, i1 1, i1 1, i1 1>, i32 1, <4 x i32> %u, <4 x i32> %v, <4 x i32> %r, <8 x i32> undef)
  ret <8 x i32> %x
}
define <16 x float> @typed_ld_rgba(<4 x i32> %u, <4 x i32> %v) {
  %x = call <16 x float> @llvm.genx.gather4.typed.v16f32.v4i1.v4i32(i32 15, <4 x i1> <i1 1, i1 1, i1 1, i1 1>, i32 1, <4 x i32> %u, <4 x i32> %v, <4 x i32> zeroinitializer, <16 x float> undef)
  ret <16 x float> %x
}
define <16 x i8> @plane_ld(i32 %plane.x, i32 %y) {
  %v = call <16 x i8> @llvm.genx.media.ld.v16i8(i32 0, i32 1, i32 1, i32 8, i32 %plane.x, i32 %y)
  ret <16 x i8> %v
}
define void @plane_st(i32 %x, i32 %y, <4 x i8> %d) {
  call void @llvm.genx.media.st.v4i8(i32 0, i32 1, i32 1, i32 4, i32 %x, i32 %y, <4 x i8> %d)
  ret void
}
define <16 x i8> @luma_ld(i32 %x, i32 %y) {
  %v = call <16 x i8> @llvm.genx.media.ld.v16i8(i32 0, i32 1, i32 0, i32 8, i32 %x, i32 %y)
  ret <16 x i8> %v
}
define <8 x float> @load_rg(<4 x i32> %u, <4 x i32> %v) {
  %x = call <8 x float> @llvm.genx.load.v8f32.v4i32(i32 3, i32 1, <4 x i32> %u, <4 x i32> %v, <4 x i32> zeroinitializer)
  ret <8 x float> %x
}
declare <4 x i32> @llvm.genx.typed.atomic.add.v4i32.v4i1.v4i32(<4 x i1>, i32, <4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.genx.typed.atomic.cmpxchg.v4i32.v4i1.v4i32(<4 x i1>, i32, <4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.genx.typed.atomic.inc.v4i32.v4i1.v4i32(<4 x i1>, i32, <4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>)
declare <8 x i32> @llvm.genx.gather4.typed.v8i32.v4i1.v4i32(i32, <4 x i1>, i32, <4 x i32>, <4 x i32>, <4 x i32>, <8 x i32>)
declare <16 x float> @llvm.genx.gather4.typed.v16f32.v4i1.v4i32(i32, <4 x i1>, i32, <4 x i32>, <4 x i32>, <4 x i32>, <16 x float>)
declare <16 x i8> @llvm.genx.media.ld.v16i8(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v4i8(i32, i32, i32, i32, i32, i32, <4 x i8>)
declare <8 x float> @llvm.genx.load.v8f32.v4i32(i32, i32, <4 x i32>, <4 x i32>, <4 x i32>)
"#;

/// A machine with `kind` bound at BTI 1 over `bytes`.
fn machine_with<'p>(program: &'p genx_exec::program::Program, kind: SurfaceKind, bytes: Vec<u8>) -> (Machine<'p>, u64) {
    let mut machine = Machine::new(program);
    assert_eq!(bytes.len() as u64, kind.storage_bytes());
    let base = machine.memory.allocate_with("img", AllocKind::Buffer, bytes);
    machine.surfaces.insert(1, Surface { name: "img".into(), base, kind });
    (machine, base)
}

fn call(machine: &mut Machine<'_>, function: &str, args: Vec<Value>) -> Result<Value, Trap> {
    let (id, f) = machine.program.function(function).expect("function exists");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    machine.run(id, args, ThreadIds::single(), None)
}

fn i32s(values: &[i64]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(32), values.iter().map(|&v| v as u32 as u64).collect()))
}

fn i8s(values: &[u8]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(8), values.iter().map(|&v| v as u64).collect()))
}

fn lanes(value: &Value) -> Vec<u64> {
    value.lanes().unwrap().bits.clone()
}

fn dwords(machine: &Machine<'_>, base: u64) -> Vec<u32> {
    let bytes = &machine.memory.allocation(base).unwrap().bytes;
    bytes.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
}

/// A 4x2 `r32_uint` image whose element (x, y) holds 100 + 10y + x.
fn r32_image(program: &genx_exec::program::Program) -> (Machine<'_>, u64) {
    let bytes = (0..8u32).flat_map(|i| (100 + 10 * (i / 4) + i % 4).to_le_bytes()).collect();
    machine_with(program, SurfaceKind::Image2D { width: 16, height: 2, pitch: 16, format: SurfaceFormat::R32Uint }, bytes)
}

#[test]
fn typed_atomic_add_returns_old_values_in_lane_order_and_skips_disabled_lanes() {
    let program = decode_str(KERNELS, "typed.ll").unwrap();
    let (mut machine, base) = r32_image(&program);
    // Lanes 0 and 1 hit (1, 1); lane 2 (3, 0); lane 3 is disabled.
    let r = call(&mut machine, "atomic_add", vec![i32s(&[1, 1, 3, 0]), i32s(&[1, 1, 0, 0])]).unwrap();
    assert_eq!(&lanes(&r)[..3], [111, 116, 103]);
    assert!(r.lanes().unwrap().undef[3], "a disabled lane of typed.atomic is undef");
    assert_eq!(dwords(&machine, base), [100, 101, 102, 108, 110, 121, 112, 113]);
}

#[test]
fn typed_atomic_cmpxchg_writes_src0_where_the_old_value_equals_src1() {
    let program = decode_str(KERNELS, "typed.ll").unwrap();
    let (mut machine, base) = r32_image(&program);
    let r = call(&mut machine, "atomic_cmpxchg", vec![i32s(&[0, 1, 2, 2]), i32s(&[7, 8, 9, 6]), i32s(&[100, 0, 102, 9])])
        .unwrap();
    // Lane 3 sees lane 2's write (9) and replaces it with 6.
    assert_eq!(lanes(&r), [100, 101, 102, 9]);
    assert_eq!(&dwords(&machine, base)[..4], [7, 101, 6, 103]);
}

#[test]
fn typed_atomics_out_of_bounds_lod_and_formats() {
    let program = decode_str(KERNELS, "typed.ll").unwrap();
    let (mut machine, base) = r32_image(&program);
    let trap = call(&mut machine, "atomic_inc_lod", vec![i32s(&[0, 4, 0, 0]), i32s(&[0; 4])]).unwrap_err();
    assert!(matches!(trap.fault, Fault::OutOfBounds { lane: Some(1), .. }), "{trap}");
    machine.bounds = BoundsPolicy::Hardware;
    let r = call(&mut machine, "atomic_inc_lod", vec![i32s(&[0, 4, 0, 0]), i32s(&[0; 4])]).unwrap();
    assert_eq!(lanes(&r)[1], 0, "an out-of-bounds atomic returns zero");
    assert_eq!(dwords(&machine, base)[..2], [100 + 3 + 1, 101]);
    let trap = call(&mut machine, "atomic_inc_lod", vec![i32s(&[0; 4]), i32s(&[0, 0, 1, 0])]).unwrap_err();
    assert!(matches!(&trap.fault, Fault::Unsupported(m) if m.contains("LOD")), "{trap}");
    let (mut machine, _) = machine_with(
        &program,
        SurfaceKind::Image2D { width: 4, height: 1, pitch: 4, format: SurfaceFormat::R8Uint },
        vec![0; 4],
    );
    let trap = call(&mut machine, "atomic_inc_lod", vec![i32s(&[0; 4]), i32s(&[0; 4])]).unwrap_err();
    assert!(trap.to_string().contains("needs r32_uint"), "{trap}");
}

#[test]
fn typed_reads_on_1d_and_3d_images_use_their_coordinates() {
    let program = decode_str(KERNELS, "typed.ll").unwrap();
    // 1D: 4 elements of r8g8b8a8_uint, byte i = i; v and r are ignored.
    let kind = SurfaceKind::Image1D { width: 16, format: SurfaceFormat::R8G8B8A8Uint };
    let (mut machine, _) = machine_with(&program, kind, (0..16).collect());
    let r = call(&mut machine, "typed_ld_rg", vec![i32s(&[0, 3, 1, 2]), i32s(&[5, 0, 9, 0]), i32s(&[0, 7, 0, 0])]).unwrap();
    assert_eq!(lanes(&r), [0, 12, 4, 8, 1, 13, 5, 9]);
    // 3D: 2x2x2 r32_uint, rows 8 bytes apart, slices 32 bytes apart (16 bytes of padding), element = 100z + 10y + x.
    let mut bytes = vec![0xaau8; 64];
    for (z, y, x) in (0..2).flat_map(|z| (0..2).flat_map(move |y| (0..2).map(move |x| (z, y, x)))) {
        let at = 32 * z + 8 * y + 4 * x;
        bytes[at..at + 4].copy_from_slice(&(100 * z as u32 + 10 * y as u32 + x as u32).to_le_bytes());
    }
    let kind = SurfaceKind::Image3D { width: 8, height: 2, depth: 2, pitch: 8, slice_pitch: 32, format: SurfaceFormat::R32Uint };
    let (mut machine, _) = machine_with(&program, kind, bytes);
    machine.bounds = BoundsPolicy::Hardware;
    let r = call(&mut machine, "typed_ld_rg", vec![i32s(&[1, 0, 1, 0]), i32s(&[1, 1, 0, 0]), i32s(&[1, 0, 1, 2])]).unwrap();
    // Lane 3's slice 2 is outside: R reads 0 (G, absent from r32_uint, reads 0 anyway).
    assert_eq!(lanes(&r), [111, 10, 101, 0, 0, 0, 0, 0]);
}

#[test]
fn an_out_of_bounds_typed_read_returns_one_in_alpha() {
    let program = decode_str(KERNELS, "typed.ll").unwrap();
    let kind = SurfaceKind::Image2D { width: 8, height: 1, pitch: 8, format: SurfaceFormat::R8G8B8A8Unorm };
    let (mut machine, _) = machine_with(&program, kind, vec![255, 0, 51, 0, 0, 0, 0, 0]);
    machine.bounds = BoundsPolicy::Hardware;
    let r = call(&mut machine, "typed_ld_rgba", vec![i32s(&[0, 2, 0, 0]), i32s(&[0, 0, 1, 0])]).unwrap();
    let f = |lane: usize| f32::from_bits(lanes(&r)[lane] as u32);
    // Channel-major: R of lanes 0..3, then G, B, A.
    assert_eq!([f(0), f(1), f(2)], [1.0, 0.0, 0.0]);
    assert_eq!([f(8), f(12), f(13), f(14)], [0.2, 0.0, 1.0, 1.0]);
}

/// A 16x4 NV12 surface: Y byte (x, y) = 16y + x, UV byte (x, y) = 0x80 + 16y + x.
fn nv12(program: &genx_exec::program::Program) -> (Machine<'_>, u64) {
    let bytes = (0..64u8).chain(0x80..0xa0).collect();
    machine_with(program, SurfaceKind::Nv12 { width: 16, height: 4, pitch: 16 }, bytes)
}

#[test]
fn media_blocks_on_the_uv_plane_clamp_by_pair_and_drop_writes_outside() {
    let program = decode_str(KERNELS, "planes.ll").unwrap();
    let (mut machine, base) = nv12(&program);
    // 8x2 at (12, 1) on the UV plane: columns 16..19 repeat the last pair (0x9e, 0x9f); row 2 repeats row 1.
    let r = call(&mut machine, "plane_ld", vec![i32s(&[12]), i32s(&[1])]).unwrap();
    let row = [0x9c, 0x9d, 0x9e, 0x9f, 0x9e, 0x9f, 0x9e, 0x9f];
    assert_eq!(lanes(&r), [row, row].concat());
    // A per-byte clamp would repeat 0x9f alone; the Y plane clamps by byte.
    let r = call(&mut machine, "luma_ld", vec![i32s(&[12]), i32s(&[3])]).unwrap();
    assert_eq!(&lanes(&r)[..8], [60, 61, 62, 63, 63, 63, 63, 63]);
    call(&mut machine, "plane_st", vec![i32s(&[12]), i32s(&[1]), i8s(&[1, 2, 3, 4])]).unwrap();
    call(&mut machine, "plane_st", vec![i32s(&[16]), i32s(&[0]), i8s(&[9, 9, 9, 9])]).unwrap();
    call(&mut machine, "plane_st", vec![i32s(&[0]), i32s(&[2]), i8s(&[9, 9, 9, 9])]).unwrap();
    let d = dwords(&machine, base);
    assert_eq!(d[16 + 4 + 3], 0x04030201, "UV row 1, bytes 12..15");
    assert_eq!(d[16..20], [0x83828180, 0x87868584, 0x8b8a8988, 0x8f8e8d8c], "writes outside the plane are dropped");
    assert_eq!(d[15], 0x3f3e3d3c, "the Y plane is untouched");
}

#[test]
fn plane_1_of_a_plain_image_is_an_error_naming_it() {
    let program = decode_str(KERNELS, "planes.ll").unwrap();
    let kind = SurfaceKind::Image2D { width: 16, height: 2, pitch: 16, format: SurfaceFormat::R8Uint };
    let (mut machine, _) = machine_with(&program, kind, vec![0; 32]);
    let trap = call(&mut machine, "plane_ld", vec![i32s(&[0]), i32s(&[0])]).unwrap_err();
    assert!(trap.to_string().contains("has no plane 1"), "{trap}");
}

#[test]
fn load_converts_texels_and_leaves_out_of_bounds_undefined() {
    let program = decode_str(KERNELS, "load.ll").unwrap();
    let kind = SurfaceKind::Image2D { width: 8, height: 2, pitch: 8, format: SurfaceFormat::R8G8B8A8Unorm };
    let (mut machine, _) = machine_with(&program, kind, vec![0, 255, 0, 0, 51, 102, 0, 0, 255, 0, 0, 0, 0, 51, 0, 0]);
    let r = call(&mut machine, "load_rg", vec![i32s(&[0, 1, 0, 1]), i32s(&[0, 0, 1, 1])]).unwrap();
    let f: Vec<f32> = lanes(&r).iter().map(|&b| f32::from_bits(b as u32)).collect();
    assert_eq!(f, [0.0, 0.2, 1.0, 0.0, 1.0, 0.4, 0.0, 0.2]);
    machine.bounds = BoundsPolicy::Hardware;
    let trap = call(&mut machine, "load_rg", vec![i32s(&[0, 2, 0, 0]), i32s(&[0, 0, 0, 0])]).unwrap_err();
    assert!(matches!(&trap.fault, Fault::Undefined(m) if m.contains("lane 1")), "{trap}");
    let trap = call(&mut machine, "load_rg", vec![i32s(&[0, -1, 0, 0]), i32s(&[0, 0, 0, 0])]).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
}
