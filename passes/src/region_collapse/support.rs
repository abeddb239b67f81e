//! IR helpers of `genx-region-collapse`: use lists, bitcast chains, moving-safety checks, constant splats and
//! the emission of the algebra's index programs.
//!
//! These would fit in `ir.rs` / `region_ir.rs`, but those files are shared; they live here until a second
//! pass needs them. Nothing here panics on unexpected IR: a helper that cannot answer returns `None` or the
//! conservative answer.

use genx_region::{IndexOpcode, IndexOperand, IndexProgram, Region};

use crate::ir;
pub(super) use crate::ir::{has_one_use, has_uses};
pub(super) use crate::region_ir::replace_uses;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, element_type, genx_base_name, lanes};
use crate::ir_write;

pub(super) use crate::ir::{c_name, opcode};

pub(super) fn operand(inst: LLVMValueRef, index: u32) -> LLVMValueRef {
    ir::operand(inst, index)
}

/// The base name of a GenX intrinsic call (`None` for anything else, including non-instructions).
pub(super) fn genx_name(value: LLVMValueRef) -> Option<&'static str> {
    if opcode(value) == Some(LLVMOpcode::LLVMCall) {
        genx_base_name(value)
    } else {
        None
    }
}

pub(super) fn is_bitcast(value: LLVMValueRef) -> bool {
    opcode(value) == Some(LLVMOpcode::LLVMBitCast)
}

/// Calls `f` on each user of `value`, once per use (what `users(value)` lists, without the list).
pub(super) fn for_each_user(value: LLVMValueRef, mut f: impl FnMut(LLVMValueRef)) {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let mut use_ = LLVMGetFirstUse(value);
        while !use_.is_null() {
            f(LLVMGetUser(use_));
            use_ = LLVMGetNextUse(use_);
        }
    }
}

/// The user of `value`'s first use (what `users(value).first()` is, without listing the others).
pub(super) fn first_user(value: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let first = LLVMGetFirstUse(value);
        if first.is_null() {
            None
        } else {
            Some(LLVMGetUser(first))
        }
    }
}

/// The name of a value to create: another value's name with a suffix (`%x.index`), or none. The text is built
/// only when an instruction is created with it: most rewrites create no bitcast, index or extension.
#[derive(Clone, Copy)]
pub(super) struct Name<'a> {
    /// The value whose name is the stem (null: no name).
    stem: LLVMValueRef,
    suffix: &'a str,
}

impl<'a> Name<'a> {
    pub(super) const NONE: Name<'static> = Name { stem: std::ptr::null_mut(), suffix: "" };

    pub(super) fn suffixed(stem: LLVMValueRef, suffix: &'a str) -> Self {
        Name { stem, suffix }
    }

    /// The name as text (the stem's name read as `ir::value_name` does).
    pub(super) fn text(&self) -> String {
        if self.stem.is_null() {
            return String::new();
        }
        let mut text = ir::value_name(self.stem);
        text.push_str(self.suffix);
        text
    }

    /// The name for the C API: [`c_name`] of [`Name::text`], built in one allocation when the stem's name is
    /// valid UTF-8 (as LLVM's names nearly always are).
    pub(super) fn c_string(&self) -> std::ffi::CString {
        if self.stem.is_null() {
            return std::ffi::CString::default();
        }
        let fast = ir::with_name_bytes(self.stem, |stem| {
            std::str::from_utf8(stem).ok()?;
            let mut bytes = Vec::with_capacity(stem.len() + self.suffix.len() + 1);
            bytes.extend_from_slice(stem);
            bytes.extend_from_slice(self.suffix.as_bytes());
            // What `c_name` does to the text.
            bytes.iter_mut().filter(|b| **b == 0).for_each(|b| *b = b' ');
            std::ffi::CString::new(bytes).ok()
        });
        fast.unwrap_or_else(|| c_name(&self.text()))
    }
}

/// `value` with every bitcast instruction in front of it looked through.
pub(super) fn strip_bitcasts(mut value: LLVMValueRef) -> LLVMValueRef {
    while is_bitcast(value) {
        value = operand(value, 0);
    }
    value
}

pub(super) fn is_vector(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
}

/// Whether a type (or its element type) is a pointer: such values are never bitcast to other element types.
pub(super) fn has_pointer_elements(ty: LLVMTypeRef) -> bool {
    ir::type_kind(element_type(ty)) == LLVMTypeKind::LLVMPointerTypeKind
}

/// Whether the element type of `ty` is `i1`.
pub(super) fn has_i1_elements(ty: LLVMTypeRef) -> bool {
    let elem = element_type(ty);
    ir::type_kind(elem) == LLVMTypeKind::LLVMIntegerTypeKind && ir::int_width(elem) == 1
}

/// Bits of one scalar of integer or floating-point type (`None` for pointers and other types).
fn scalar_bits(ty: LLVMTypeRef) -> Option<u32> {
    match ir::type_kind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => Some(ir::int_width(ty)),
        LLVMTypeKind::LLVMHalfTypeKind => Some(16),
        LLVMTypeKind::LLVMFloatTypeKind => Some(32),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(64),
        _ => None,
    }
}

/// Total bits of a scalar or vector of integers/floats.
pub(super) fn total_bits(ty: LLVMTypeRef) -> Option<u32> {
    scalar_bits(element_type(ty))?.checked_mul(lanes(ty))
}

/// Whether `value` can be bitcast to a vector of `elem` (sizes divide; no pointers involved).
pub(super) fn can_bitcast_to_element(value: LLVMValueRef, elem: LLVMTypeRef) -> bool {
    let ty = ir::type_of(value);
    if element_type(ty) == elem {
        return true;
    }
    match (total_bits(ty), scalar_bits(elem)) {
        (Some(total), Some(bits)) => bits > 0 && total % bits == 0,
        _ => false,
    }
}

/// A bitcast of `value` to `ty` before the builder's position, looking through a bitcast `value` already is
/// (IGC's `createBitCast`): returns `value` itself, or the bitcast's input, when one already has type `ty`.
pub(super) fn bitcast_to(builder: LLVMBuilderRef, value: LLVMValueRef, ty: LLVMTypeRef, name: Name) -> LLVMValueRef {
    if ir::type_of(value) == ty {
        return value;
    }
    let mut input = value;
    if is_bitcast(value) {
        let source = operand(value, 0);
        if !has_pointer_elements(ir::type_of(source)) {
            input = source;
        }
    }
    if ir::type_of(input) == ty {
        return input;
    }
    let name = name.c_string();
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe { LLVMBuildBitCast(builder, input, ty, name.as_ptr()) }
}

/// `value` viewed as a vector of `elem`: unchanged when its element type already is `elem` (a scalar stays a
/// scalar), otherwise bitcast. Check [`can_bitcast_to_element`] first.
pub(super) fn bitcast_to_element(
    builder: LLVMBuilderRef,
    value: LLVMValueRef,
    elem: LLVMTypeRef,
    name: Name,
) -> LLVMValueRef {
    let ty = ir::type_of(value);
    if element_type(ty) == elem {
        return value;
    }
    let count = total_bits(ty).unwrap_or(0) / scalar_bits(elem).unwrap_or(1).max(1);
    bitcast_to(builder, value, ir_write::vector_type(elem, count), name)
}

/// Whether `value` (through bitcasts) is a read or write of a predefined register: regions of those are never
/// collapsed (docs/genx-ir.md §2.1).
pub(super) fn is_predef_reg(value: LLVMValueRef) -> bool {
    matches!(
        genx_name(strip_bitcasts(value)),
        Some("llvm.genx.read.predef.reg" | "llvm.genx.write.predef.reg")
    )
}

/// Whether `value` (through bitcasts) is a load of a global variable or a `genx.vload`: a value whose uses IGC
/// keeps ahead of any memory write (volatile globals are reloaded, not kept in registers across a store). The C
/// API cannot read a global's `genx_volatile` attribute, so every global counts.
pub(super) fn is_global_load(value: LLVMValueRef) -> bool {
    let value = strip_bitcasts(value);
    match opcode(value) {
        Some(LLVMOpcode::LLVMLoad) => {
            let mut pointer = ir::operand(value, 0);
            for _ in 0..8 {
                if ir::is_global_variable(pointer) {
                    return true;
                }
                if ir::is_constant_expr(pointer) || is_bitcast(pointer) {
                    pointer = ir::operand(pointer, 0);
                } else {
                    break;
                }
            }
            false
        },
        Some(LLVMOpcode::LLVMCall) => genx_name(value) == Some("llvm.genx.vload"),
        _ => false,
    }
}

/// Whether an instruction may write memory (or otherwise act on the outside world).
fn may_write_memory(inst: LLVMValueRef) -> bool {
    match opcode(inst) {
        Some(
            LLVMOpcode::LLVMStore
            | LLVMOpcode::LLVMAtomicRMW
            | LLVMOpcode::LLVMAtomicCmpXchg
            | LLVMOpcode::LLVMFence
            | LLVMOpcode::LLVMInvoke,
        ) => true,
        Some(LLVMOpcode::LLVMCall) => match region_ir::genx_desc(inst) {
            Some(desc) => desc.attrs.has_side_effects,
            None => true,
        },
        _ => false,
    }
}

/// Whether moving a use from `from` down to `to` may cross a memory write: true unless both are in one block,
/// `from` before `to`, and nothing between them may write memory.
pub(super) fn writes_between(from: LLVMValueRef, to: LLVMValueRef) -> bool {
    if ir::parent_block(from) != ir::parent_block(to) {
        return true;
    }
    let mut inst = ir::next_instruction(from);
    while !inst.is_null() {
        if inst == to {
            return false;
        }
        if may_write_memory(inst) {
            return true;
        }
        inst = ir::next_instruction(inst);
    }
    true
}

/// Whether two values are certainly the same bits: equal after looking through bitcasts, or two non-volatile
/// loads of the same pointer in one block with no memory write between them.
pub(super) fn bitwise_identical(a: LLVMValueRef, b: LLVMValueRef) -> bool {
    let (a, b) = (strip_bitcasts(a), strip_bitcasts(b));
    if a == b {
        return true;
    }
    let is_plain_load = |v| opcode(v) == Some(LLVMOpcode::LLVMLoad) && !ir::is_volatile(v);
    if !is_plain_load(a) || !is_plain_load(b) || ir::type_of(a) != ir::type_of(b) || operand(a, 0) != operand(b, 0) {
        return false;
    }
    !writes_between(a, b) || !writes_between(b, a)
}

/// The element every lane of a constant vector holds (`None` when lanes differ or `value` is not such a
/// constant). Undef is not a splat here.
pub(super) fn splat_value(value: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let ty = ir::type_of(value);
        if !is_vector(ty) || ir::is_undef(value) {
            return None;
        }
        let n = ir::vector_size(ty);
        if !LLVMIsAConstantAggregateZero(value).is_null() {
            return Some(ir_write::zero(ir::element_of(ty)));
        }
        let first = ir::constant_element(value, 0)?;
        for i in 1..n {
            if ir::constant_element(value, i)? != first {
                return None;
            }
        }
        Some(first)
    }
}

/// Emits an index program of the algebra (`i16` operations, or the type of `inner`) before the builder's
/// position. `outer` is the outer region's index, when the program uses it. Returns the combined index.
pub(super) fn emit_index(
    builder: LLVMBuilderRef,
    program: &IndexProgram,
    inner: LLVMValueRef,
    outer: Option<LLVMValueRef>,
    name: Name,
) -> Option<LLVMValueRef> {
    let ty = ir::type_of(inner);
    if outer.is_some_and(|o| ir::type_of(o) != ty) {
        return None;
    }
    let mut temps: Vec<LLVMValueRef> = Vec::with_capacity(program.ops.len());
    let value = |temps: &[LLVMValueRef], v: IndexOperand| -> Option<LLVMValueRef> {
        Some(match v {
            IndexOperand::Inner => inner,
            IndexOperand::Outer => outer?,
            IndexOperand::Const(c) => ir_write::const_int(ty, c as u64, true),
            IndexOperand::Temp(n) => *temps.get(n)?,
        })
    };
    let name = if program.ops.is_empty() { Default::default() } else { name.c_string() };
    for op in &program.ops {
        let (a, b) = (value(&temps, op.lhs)?, value(&temps, op.rhs)?);
        let n = name.as_ptr();
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        let result = unsafe {
            match op.opcode {
                IndexOpcode::Add => LLVMBuildAdd(builder, a, b, n),
                IndexOpcode::Mul => LLVMBuildMul(builder, a, b, n),
                IndexOpcode::Shl => LLVMBuildShl(builder, a, b, n),
                IndexOpcode::UDiv => LLVMBuildUDiv(builder, a, b, n),
                IndexOpcode::LShr => LLVMBuildLShr(builder, a, b, n),
                IndexOpcode::URem => LLVMBuildURem(builder, a, b, n),
                IndexOpcode::And => LLVMBuildAnd(builder, a, b, n),
            }
        };
        temps.push(result);
    }
    value(&temps, program.result)
}

/// Rebuilds a GenX call with some arguments replaced and a new result type, keeping every other operand
/// exactly (so a split-off constant offset stays in its original `add`). The intrinsic is re-declared for the
/// new types.
pub(super) fn rebuild_call(
    builder: LLVMBuilderRef,
    call: LLVMValueRef,
    replace: &[(u32, LLVMValueRef)],
    ret: LLVMTypeRef,
    name: &str,
) -> Result<LLVMValueRef, String> {
    let base = genx_base_name(call).ok_or("not a GenX intrinsic call")?;
    let mut args: Vec<LLVMValueRef> = (0..ir::call_arg_count(call)).map(|i| ir::call_arg(call, i)).collect();
    for &(index, value) in replace {
        if let Some(slot) = args.get_mut(index as usize) {
            *slot = value;
        }
    }
    let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
    let module = ir::module_of(ir::parent_function(call));
    let function = region_ir::declare_intrinsic(module, base, ret, &types)?;
    Ok(region_ir::build_call(builder, function, &mut args, name))
}

/// Moves a region's constant offset into an explicit `add` on its runtime index (named `name`), so that the
/// built call does not get `region_ir`'s generic name for it. Direct regions are returned unchanged.
pub(super) fn offset_into_index(
    builder: LLVMBuilderRef,
    region: &Region,
    index: region_ir::Index,
    name: Name,
) -> (Region, region_ir::Index) {
    match index {
        region_ir::Index::Value(value) if region.offset != 0 && !is_vector(ir::type_of(value)) => {
            let mut r = *region;
            let addend = ir_write::const_int(ir::type_of(value), r.offset as i64 as u64, true);
            r.offset = 0;
            let name = name.c_string();
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            let sum = unsafe { LLVMBuildAdd(builder, value, addend, name.as_ptr()) };
            (r, region_ir::Index::Value(sum))
        }
        other => (*region, other),
    }
}

/// A region with its mask flag and parent width dropped, canonical: what two regions must share to select the
/// same elements in the same order.
pub(super) fn shape_key(region: &Region) -> Region {
    let mut r = *region;
    r.masked = false;
    r.parent_width = None;
    r.canonical()
}

/// Whether a region steps backwards (a negative stride, or a negative vstride between rows).
pub(super) fn steps_backwards(region: &Region) -> bool {
    region.stride < 0 || (region.is_2d() && region.vstride < 0)
}

/// `%name`, or a description for an unnamed value, for remarks.
pub(super) fn describe(value: LLVMValueRef) -> String {
    let name = ir::value_name(value);
    if name.is_empty() {
        "an unnamed value".to_string()
    } else {
        format!("%{name}")
    }
}

/// Text formatted only when displayed: refusals are recorded on every sweep but shown (and compared) only for
/// the sweep that reaches the fixpoint.
#[derive(Clone, Copy)]
pub(super) struct LazyText<F>(pub F);

/// `format!` made lazy: a [`LazyText`] owning what it shows (values are captured by copy or move).
macro_rules! lazy {
    ($($arg:tt)*) => {
        $crate::region_collapse::support::LazyText(move |f: &mut std::fmt::Formatter<'_>| write!(f, $($arg)*))
    };
}
pub(super) use lazy;

impl<F: Fn(&mut std::fmt::Formatter<'_>) -> std::fmt::Result> std::fmt::Display for LazyText<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (self.0)(f)
    }
}
