//! 2D surface formats: media block clamping by element of the format, and typed reads and writes converting
//! through it. Each clamping test is built so that the per-byte rule gives a different answer, which the test
//! states next to the per-element one.

use genx_exec::decode::decode_str;
use genx_exec::format::SurfaceFormat;
use genx_exec::interp::Machine;
use genx_exec::machine::{BoundsPolicy, Surface, SurfaceKind, ThreadIds};
use genx_exec::memory::{AllocKind, Fault};
use genx_exec::value::{Elem, Lanes, Value};

const KERNELS: &str = r#"
define <16 x i8> @ld16(i32 %x, i32 %y) {
  %v = call <16 x i8> @llvm.genx.media.ld.v16i8(i32 0, i32 1, i32 0, i32 16, i32 %x, i32 %y)
  ret <16 x i8> %v
}
define void @st8(i32 %x, i32 %y, <8 x i8> %v) {
  call void @llvm.genx.media.st.v8i8(i32 0, i32 1, i32 0, i32 8, i32 %x, i32 %y, <8 x i8> %v)
  ret void
}
define <8 x float> @typed_ld_rgba(<2 x i32> %u, <2 x i32> %v) {
  %r = call <8 x float> @llvm.genx.gather4.typed.v8f32.v2i1.v2i32(i32 15, <2 x i1> <i1 1, i1 1>, i32 1, <2 x i32> %u, <2 x i32> %v, <2 x i32> zeroinitializer, <8 x float> undef)
  ret <8 x float> %r
}
define <2 x i32> @typed_ld_r(<2 x i32> %u, <2 x i32> %v) {
  %r = call <2 x i32> @llvm.genx.gather4.typed.v2i32.v2i1.v2i32(i32 1, <2 x i1> <i1 1, i1 1>, i32 1, <2 x i32> %u, <2 x i32> %v, <2 x i32> zeroinitializer, <2 x i32> undef)
  ret <2 x i32> %r
}
define void @typed_st_rg(<2 x i32> %u, <2 x i32> %v, <4 x float> %data) {
  call void @llvm.genx.scatter4.typed.v2i1.v2i32.v4f32(i32 3, <2 x i1> <i1 1, i1 1>, i32 1, <2 x i32> %u, <2 x i32> %v, <2 x i32> zeroinitializer, <4 x float> %data)
  ret void
}
declare <16 x i8> @llvm.genx.media.ld.v16i8(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v8i8(i32, i32, i32, i32, i32, i32, <8 x i8>)
declare <8 x float> @llvm.genx.gather4.typed.v8f32.v2i1.v2i32(i32, <2 x i1>, i32, <2 x i32>, <2 x i32>, <2 x i32>, <8 x float>)
declare <2 x i32> @llvm.genx.gather4.typed.v2i32.v2i1.v2i32(i32, <2 x i1>, i32, <2 x i32>, <2 x i32>, <2 x i32>, <2 x i32>)
declare void @llvm.genx.scatter4.typed.v2i1.v2i32.v4f32(i32, <2 x i1>, i32, <2 x i32>, <2 x i32>, <2 x i32>, <4 x float>)
"#;

/// A machine with surface 1: `width` elements of `format` by `height` rows, byte i of the storage = i + 1.
fn with_surface(
    program: &genx_exec::program::Program,
    format: SurfaceFormat,
    width: u32,
    height: u32,
) -> (Machine<'_>, u64) {
    let mut machine = Machine::new(program);
    let pitch = width * format.bytes();
    let bytes: Vec<u8> = (0..pitch * height).map(|i| (i + 1) as u8).collect();
    let base = machine.memory.allocate_with("img", AllocKind::Buffer, bytes);
    let kind = SurfaceKind::Image2D { width: pitch, height, pitch, format };
    machine.surfaces.insert(1, Surface { name: "img".into(), base, kind });
    (machine, base)
}

fn call(machine: &mut Machine<'_>, function: &str, args: Vec<Value>) -> Result<Value, genx_exec::interp::Trap> {
    let (id, f) = machine.program.function(function).expect("function exists");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    machine.run(id, args, ThreadIds::single(), None)
}

fn i32s(values: &[i64]) -> Value {
    let bits = values.iter().map(|&v| v as u32 as u64).collect();
    Value::Lanes(Lanes::new(Elem::Int(32), bits))
}

fn bytes_of(value: &Value) -> Vec<u64> {
    value.lanes().unwrap().bits.clone()
}

/// The first row of a 16-byte read at (x, 0).
fn read_row(format: SurfaceFormat, width: u32, x: i64) -> Vec<u64> {
    let program = decode_str(KERNELS, "formats.ll").unwrap();
    let (mut machine, _) = with_surface(&program, format, width, 1);
    bytes_of(&call(&mut machine, "ld16", vec![i32s(&[x]), i32s(&[0])]).unwrap())
}

#[test]
fn right_edge_of_a_four_byte_format_replicates_the_last_pixel() {
    for format in [SurfaceFormat::B8G8R8A8Unorm, SurfaceFormat::R8G8B8A8Uint, SurfaceFormat::R32Float] {
        // Two 4-byte pixels (bytes 1..=8); a 16-byte read from byte 4: pixel 1, then pixel 1 three more times.
        let row = read_row(format, 2, 4);
        assert_eq!(row, [5, 6, 7, 8, 5, 6, 7, 8, 5, 6, 7, 8, 5, 6, 7, 8], "{format}");
        // The per-byte rule would give 5, 6, 7, 8, 8, 8, ...
        assert_ne!(row[4..8], [8, 8, 8, 8]);
    }
}

#[test]
fn left_edge_of_a_four_byte_format_replicates_the_first_pixel() {
    // From byte -8: two pixels left of the surface read pixel 0 (bytes 1..=4), then pixels 0 and 1.
    let row = read_row(SurfaceFormat::B8G8R8A8Uint, 2, -8);
    assert_eq!(row, [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8]);
    // Per byte: 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, ...
    assert_ne!(row[1], 1);
}

#[test]
fn two_byte_format_replicates_its_two_byte_edge_element() {
    // Four R16 elements (bytes 1..=8); from byte 4: elements 2 and 3, then element 3 (7, 8) repeated.
    let row = read_row(SurfaceFormat::R16Uint, 4, 4);
    assert_eq!(row, [5, 6, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8]);
    assert_ne!(row[8..10], [8, 8], "the per-byte rule");
}

#[test]
fn one_byte_format_replicates_the_edge_byte() {
    // Eight R8 elements; from byte 4: 5, 6, 7, 8, then 8 repeated; the per-element rule is the per-byte rule here,
    // and differs from what the same bytes give as one 4-byte pixel per element.
    let row = read_row(SurfaceFormat::R8Uint, 8, 4);
    assert_eq!(row, [5, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    assert_ne!(row, read_row(SurfaceFormat::R8G8B8A8Uint, 2, 4));
}

#[test]
fn writes_past_the_edge_are_dropped_by_element() {
    let program = decode_str(KERNELS, "formats.ll").unwrap();
    for format in [SurfaceFormat::B8G8R8A8Uint, SurfaceFormat::R16Uint, SurfaceFormat::R8Uint] {
        // A 12-byte wide surface; an 8-byte write at x = 8 lands its first 4 bytes, drops the rest.
        let (mut machine, base) = with_surface(&program, format, 12 / format.bytes(), 2);
        let data = Value::Lanes(Lanes::new(Elem::Int(8), (101..109).collect()));
        call(&mut machine, "st8", vec![i32s(&[8]), i32s(&[1]), data]).unwrap();
        let (bytes, _) = machine.memory.read(base, 24).unwrap();
        let mut want: Vec<u8> = (1..=24).collect();
        want[20..24].copy_from_slice(&[101, 102, 103, 104]);
        assert_eq!(bytes[..], want[..], "{format}");
    }
}

#[test]
fn typed_reads_convert_through_the_format() {
    let program = decode_str(KERNELS, "formats.ll").unwrap();
    let (mut machine, _) = with_surface(&program, SurfaceFormat::B8G8R8A8Unorm, 2, 2);
    // Lane 0 reads pixel (1, 0) = bytes 5, 6, 7, 8 (B, G, R, A); lane 1 pixel (0, 1) = 9, 10, 11, 12.
    let v = call(&mut machine, "typed_ld_rgba", vec![i32s(&[1, 0]), i32s(&[0, 1])]).unwrap();
    let floats: Vec<f32> = bytes_of(&v).iter().map(|&b| f32::from_bits(b as u32)).collect();
    let unorm = |b: u8| b as f32 / 255.0;
    // Channel-major: R of both lanes, then G, B, A.
    assert_eq!(floats, [7, 11, 6, 10, 5, 9, 8, 12].map(unorm));

    let (mut machine, _) = with_surface(&program, SurfaceFormat::R16Uint, 2, 2);
    let v = call(&mut machine, "typed_ld_r", vec![i32s(&[1, 0]), i32s(&[1, 0])]).unwrap();
    assert_eq!(bytes_of(&v), [u16::from_le_bytes([7, 8]) as u64, u16::from_le_bytes([1, 2]) as u64]);
}

#[test]
fn typed_writes_convert_and_keep_the_channels_not_written() {
    let program = decode_str(KERNELS, "formats.ll").unwrap();
    let (mut machine, base) = with_surface(&program, SurfaceFormat::R8G8B8A8Unorm, 2, 1);
    // R and G of pixels 0 and 1: R = 1.0, 0.5; G = 0.0, 2.0 (clamped to 1.0).
    let data = Value::Lanes(Lanes::new(Elem::Float, [1.0f32, 0.5, 0.0, 2.0].map(|f| f.to_bits() as u64).to_vec()));
    call(&mut machine, "typed_st_rg", vec![i32s(&[0, 1]), i32s(&[0, 0]), data]).unwrap();
    let (bytes, _) = machine.memory.read(base, 8).unwrap();
    assert_eq!(bytes[..], [255, 0, 3, 4, 128, 255, 7, 8]);
}

#[test]
fn typed_access_outside_the_surface_reports_or_behaves_as_hardware() {
    let program = decode_str(KERNELS, "formats.ll").unwrap();
    let (mut machine, _) = with_surface(&program, SurfaceFormat::R32Uint, 2, 2);
    let trap = call(&mut machine, "typed_ld_r", vec![i32s(&[2, 0]), i32s(&[0, 0])]).unwrap_err();
    assert!(matches!(trap.fault, Fault::OutOfBounds { lane: Some(0), .. }), "{trap}");
    machine.bounds = BoundsPolicy::Hardware;
    let v = call(&mut machine, "typed_ld_r", vec![i32s(&[2, 0]), i32s(&[0, 1])]).unwrap();
    assert_eq!(bytes_of(&v), [0, u32::from_le_bytes([9, 10, 11, 12]) as u64]);
}
