//! Region checks of `genx-verify` (docs/genx-ir.md §1.2–§1.3).
//!
//! Only constant parameters are checked: a variable offset's range is a run-time property. The element mapping
//! used here is the normative one: `src(i) = offset/EB + (i / width) * vstride + (i % width) * stride`.

use llvm_sys::prelude::LLVMValueRef;

use crate::intrinsics::{IntrinsicDesc, IrType};
use crate::region_ir::{rd, wr};
use crate::ir;

/// Elements and element type of a vector or scalar type: `(count, element)`.
fn shape(ty: &IrType) -> (u32, &IrType) {
    match ty {
        IrType::Vector(count, element) => (*count, element),
        scalar => (1, scalar),
    }
}

/// Element size in bytes of a region element type, `None` for types regions cannot hold (i1, odd widths).
fn element_bytes(ty: &IrType) -> Option<i64> {
    match ty {
        IrType::Int(bits @ (8 | 16 | 32 | 64)) => Some(*bits as i64 / 8),
        IrType::Half => Some(2),
        IrType::Float => Some(4),
        IrType::Double => Some(8),
        IrType::Ptr { .. } => Some(8),
        _ => None,
    }
}

pub(super) fn check(
    desc: &IntrinsicDesc,
    call: LLVMValueRef,
    ret: &IrType,
    args: &[IrType],
    problems: &mut Vec<String>,
) {
    match desc.name {
        "llvm.genx.rdregioni" | "llvm.genx.rdregionf" => check_rdregion(call, ret, args, problems),
        "llvm.genx.wrregioni" | "llvm.genx.wrregionf" | "llvm.genx.wrconstregion" => {
            check_wrregion(call, ret, args, problems)
        }
        "llvm.genx.rdpredregion" => check_rdpredregion(call, ret, args, problems),
        "llvm.genx.wrpredregion" | "llvm.genx.wrpredpredregion" => check_wrpredregion(call, ret, args, problems),
        _ => {}
    }
}

/// The constant parameters of one region, read from the call.
struct RegionParams {
    vstride: Option<i64>,
    width: Option<i64>,
    stride: Option<i64>,
    /// Constant scalar byte offset; `None` when variable or a vector.
    offset: Option<i64>,
    /// Number of entries of a vector (multi-indirect) offset.
    offset_rows: Option<u32>,
}

fn read_params(call: LLVMValueRef, vstride: u32, width: u32, stride: u32, offset: u32, offset_ty: &IrType) -> RegionParams {
    let arg = |index| ir::call_arg(call, index);
    RegionParams {
        vstride: ir::const_int(arg(vstride)),
        width: ir::const_int(arg(width)),
        stride: ir::const_int(arg(stride)),
        offset: ir::const_int(arg(offset)),
        offset_rows: match offset_ty {
            IrType::Vector(rows, _) => Some(*rows),
            _ => None,
        },
    }
}

/// Checks one region of `size` elements of `eb` bytes over a vector of `len` elements.
/// `is_write` adds the "no element written twice" rule.
fn check_region(params: &RegionParams, size: u32, eb: i64, len: u32, is_write: bool, problems: &mut Vec<String>) {
    let (Some(vstride), Some(width), Some(stride)) = (params.vstride, params.width, params.stride) else {
        return; // The Imm role check has already reported non-constant parameters.
    };
    let size = size as i64;
    if width <= 0 {
        problems.push(format!("region width must be positive, but it is {width}"));
        return;
    }
    if size % width != 0 {
        problems.push(format!(
            "region width {width} does not divide the {size} elements of the region (rows must be whole)"
        ));
        return;
    }
    let rows = size / width;
    if let Some(offset_rows) = params.offset_rows {
        if offset_rows as i64 != rows {
            problems.push(format!(
                "the vector offset has {offset_rows} entries, but the region has {rows} row{} (one offset per row)",
                if rows == 1 { "" } else { "s" }
            ));
        }
        return;
    }
    let Some(offset) = params.offset else { return };
    if offset % eb != 0 {
        problems.push(format!(
            "region offset {offset} bytes is not a multiple of the element size ({eb} bytes)"
        ));
        return;
    }
    let base = offset / eb;
    let mut written = std::collections::HashSet::new();
    for i in 0..size {
        let (r, c) = (i / width, i % width);
        // A 1D region (width == size) ignores vstride.
        let element = base + if rows == 1 { c * stride } else { r * vstride + c * stride };
        if element < 0 || element >= len as i64 {
            problems.push(format!(
                "region <{vstride};{width},{stride}> at byte offset {offset} reaches element {element} (region element {i}), outside the {len}-element vector"
            ));
            return;
        }
        if is_write && !written.insert(element) {
            problems.push(format!(
                "region <{vstride};{width},{stride}> at byte offset {offset} writes element {element} more than once; a destination region must not overlap itself"
            ));
            return;
        }
    }
}

fn check_rdregion(call: LLVMValueRef, ret: &IrType, args: &[IrType], problems: &mut Vec<String>) {
    let (len, input_element) = shape(&args[rd::INPUT as usize]);
    let (size, result_element) = shape(ret);
    if input_element != result_element {
        problems.push(format!(
            "the result element type {result_element} differs from the input element type {input_element}"
        ));
        return;
    }
    let Some(eb) = element_bytes(input_element) else {
        problems.push(format!("regions cannot hold {input_element} elements"));
        return;
    };
    let params = read_params(call, rd::VSTRIDE, rd::WIDTH, rd::STRIDE, rd::OFFSET, &args[rd::OFFSET as usize]);
    check_region(&params, size, eb, len, false, problems);
}

fn check_wrregion(call: LLVMValueRef, ret: &IrType, args: &[IrType], problems: &mut Vec<String>) {
    let old = &args[wr::OLD as usize];
    if ret != old {
        problems.push(format!("the result type {ret} differs from the old value's type {old}"));
        return;
    }
    let (len, old_element) = shape(old);
    let (size, new_element) = shape(&args[wr::NEW as usize]);
    if old_element != new_element {
        problems.push(format!(
            "the new value's element type {new_element} differs from the old value's element type {old_element}"
        ));
        return;
    }
    let Some(eb) = element_bytes(old_element) else {
        problems.push(format!("regions cannot hold {old_element} elements"));
        return;
    };
    match &args[wr::MASK as usize] {
        IrType::Int(1) => {}
        IrType::Vector(lanes, element) if **element == IrType::Int(1) && *lanes == size => {}
        mask => {
            problems.push(format!("the mask must be i1 or <{size} x i1> (one bit per written element), but it is {mask}"));
            return;
        }
    }
    let params = read_params(call, wr::VSTRIDE, wr::WIDTH, wr::STRIDE, wr::OFFSET, &args[wr::OFFSET as usize]);
    check_region(&params, size, eb, len, true, problems);
}

/// rdpredregion(P, offset in elements): `R[i] = P[offset + i]`.
fn check_rdpredregion(call: LLVMValueRef, ret: &IrType, args: &[IrType], problems: &mut Vec<String>) {
    let (len, _) = shape(&args[0]);
    let (size, _) = shape(ret);
    if let Some(offset) = ir::const_int(ir::call_arg(call, 1)) {
        check_predicate_range(offset, size, len, problems);
    }
}

/// wrpredregion(Old, New, offset in elements): `W[offset + i] = New[i]`.
fn check_wrpredregion(call: LLVMValueRef, ret: &IrType, args: &[IrType], problems: &mut Vec<String>) {
    if ret != &args[0] {
        problems.push(format!("the result type {ret} differs from the old value's type {}", args[0]));
        return;
    }
    let (len, _) = shape(&args[0]);
    let (size, _) = shape(&args[1]);
    if let Some(offset) = ir::const_int(ir::call_arg(call, 2)) {
        check_predicate_range(offset, size, len, problems);
    }
}

fn check_predicate_range(offset: i64, size: u32, len: u32, problems: &mut Vec<String>) {
    if offset < 0 || offset + size as i64 > len as i64 {
        problems.push(format!(
            "predicate region of {size} element{} at offset {offset} lies outside the {len}-element predicate",
            if size == 1 { "" } else { "s" }
        ));
    }
}
