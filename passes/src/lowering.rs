//! `genx-lowering`: generic vector instructions become region intrinsics (docs/genx-ir.md §1.3, §2.4).
//!
//! # Why
//! Clang's CM code generation, promote-array and the ESIMD/ISPC front ends all write element accesses and
//! permutations with LLVM's own vector instructions: `v[i]` is `extractelement`/`insertelement`,
//! `vector<char,16> c = vector<int,16>(...)` a `trunc`, `v.replicate<8>(i)`, `v.select<4,2>(1)` after
//! InstCombine, `merge` of two vectors and `vector<ushort,N>(pred)` a `shufflevector` or a `zext` from `i1`.
//! The GenX back end only knows regions (`rdregion`/`wrregion`, `rdpredregion`/`wrpredregion`): a region is
//! one operand of one vISA instruction, so after this pass every vector access is in the one vocabulary that
//! region collapsing, baling and legalization reason about.
//!
//! # What, instruction by instruction
//! * `extractelement <N x T> %v, %i` → `rdregion` of one element with a scalar result; `insertelement` →
//!   `wrregion` with a scalar New. A constant index gives the byte offset `i*EB` (an `i16`); a variable index
//!   becomes an indirect region whose offset is `zext/trunc(i) to i16` times `EB` at run time.
//! * `trunc <N x iS> to <N x iD>` (D ∈ {8,16,32}, S ∈ {16,32,64}) → `bitcast` to `<N*S/D x iD>` and the
//!   strided read `<0; N, S/D>` from 0: the low part of each element, the little-endian first `iD`. A trunc
//!   of a plain constant is replaced by the truncated constant. A trunc of integer arithmetic (add, shift,
//!   zext, ...) is left to IGC, whose InstCombine narrows the arithmetic through it (`narrowable_by_igc`).
//! * `fptoui`/`fptosi <N x float>` to `<N x i8>` → the conversion to `<N x i32>` and the strided byte read
//!   `<0; N, 4>` (IGC converts to bytes in two moves per GRF; see `lower_fp_to_byte`).
//! * first, integer idioms over truth values (`lowering/truth_idioms.rs`): clang's vector `?:` blends under a
//!   `sext`-of-`i1` mask, masked values, compares of a materialised `i1`, `x + zext(c)`-style conditional
//!   operations and materialised masks → `select`s on the `i1`; then selects and whole-vector merges between
//!   a compare's own integer operands → `genx.smin`/`smax`/`umin`/`umax` (`lowering/min_max.rs`).
//! * `zext`/`sext`/`uitofp` from `i1` (scalar or vector) → `select %c, 1 | -1 | 1.0, 0`.
//! * `shufflevector` (in `lowering/shuffle.rs`): a mask that reads one operand as a region (1D or 2D with
//!   constant strides, negative strides included; a splat is `<0;1,0>`) → one `rdregion`; otherwise a
//!   sequence of region moves `wrregion(acc, rdregion(op, src), dst)` from `undef` (or from the operand
//!   whose lanes are most often already in place), where each move takes as many lanes as form a region on
//!   both sides (`lowering/mask.rs`). Undefined mask lanes are free: they may read anything and are not
//!   written. On `i1` vectors: a contiguous slice → `rdpredregion`; slices placed into `undef` or into an
//!   operand (unslice, concatenation, insertion; at most two pieces) → `wrpredregion`s; anything else is
//!   widened to `i16` by `select`, moved as data, and compared back `!= 0`.
//!
//! # Algorithm
//! One walk collects the candidates (so rewriting never disturbs the walk); each is planned (all refusals
//! happen here, as pure checks), then emitted right before the instruction, which is replaced and erased.
//! Emitted instructions never need lowering themselves (no `trunc`, `zext`, shuffle or conversion to bytes is
//! created), so one pass reaches the fixed point. Should emission fail after all, the instructions emitted for that candidate
//! are erased again and the IR is left as it was.
//!
//! Cost: one [`Emitter`] per run holds the builder, the name buffer, the shuffle scratch vectors and a
//! [`region_ir::RegionCalls`] (the run's `i32`/`i16` constants, vector types and region declarations, found in
//! its tables rather than asked of LLVM per call), so a candidate allocates nothing of its own; names are
//! spelled from the candidate's name read once; statistics are counted in locals and handed to `-stats` once
//! per run. Splitting a shuffle mask into moves fits only the prefix lengths that can be regions
//! (`lowering/mask.rs`), so it is linear in the mask in practice.
//!
//! # Invariants
//! In: LLVM 14 IR with typed pointers, fixed-width vectors. Out: every lowered call passes `genx-verify`
//! (names, operand roles, regions inside their vectors, no element written twice) and computes the same
//! values on every input for which the original is defined (checked by `cmc validate` in the lit tests).
//! A variable index outside the vector gives poison in LLVM but an out-of-range region (undefined behaviour)
//! after lowering, as in IGC: CM programs do not index outside their vectors. A constant index outside the
//! vector or an `undef` index (a poison result) is left alone.
//!
//! # Not handled
//! Left unchanged with a missed remark (`-pass-remarks-missed=genx-lowering`): a constant-index element of
//! `llvm.genx.local.id`/`local.id16`/`local.size` (IGC makes these implicit kernel arguments and compiles the
//! `extractelement` better; see `is_implicit_argument`), element accesses on `i1`
//! vectors (predicates are not held in data regions) and on vectors of pointers or odd-width integers;
//! variable indices into vectors larger than an `i16` byte offset can address; `trunc` to `i1` (a comparison,
//! not a region) or between other widths than i16/i32/i64 → i8/i16/i32. Not candidates at all: scalar
//! `trunc`s and `sitofp` from `i1`. The rest of §2.4 (vector `i1` selects, byte widening, LLVM intrinsics,
//! `mul i64`, add sinking into region indices) is not done yet.

use inkwell::values::{AsValueRef, FunctionValue};

use genx_region::Region;

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, element_type, lanes, Index};
use crate::ir_write::{self, Writer};

mod mask;
mod min_max;
mod shuffle;
mod truth_idioms;

/// A statistic of this pass (`-stats`); its name and description are `STATS[stat as usize]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stat {
    Extract,
    Insert,
    VariableIndex,
    Trunc,
    TruncFolded,
    FloatToByte,
    BoolExt,
    ShuffleSplat,
    ShuffleRegion,
    ShuffleSequence,
    ShuffleMoves,
    ShuffleUndef,
    PredShuffle,
    PredWidened,
    TruthCompare,
    MaskBlend,
    TruthOp,
    TruthSelect,
    MinMax,
    NotLowered,
}

/// Name and description of each [`Stat`], in its order.
const STATS: [(&std::ffi::CStr, &std::ffi::CStr); 20] = [
    (c"extractelement", c"extractelement lowered to rdregion"),
    (c"insertelement", c"insertelement lowered to wrregion"),
    (c"variable-index", c"element accesses lowered with a variable index (indirect region)"),
    (c"trunc", c"vector trunc lowered to bitcast + strided rdregion"),
    (c"trunc-folded", c"vector trunc of a constant replaced by the truncated constant"),
    (c"float-to-byte", c"vector fptoui/fptosi float to i8 lowered to a dword conversion + strided rdregion"),
    (c"bool-ext", c"zext/sext/uitofp from i1 lowered to select"),
    (c"shuffle-splat", c"shufflevector splats lowered to one <0;1,0> rdregion"),
    (c"shuffle-region", c"shufflevectors lowered to one rdregion"),
    (c"shuffle-sequence", c"shufflevectors lowered to a rdregion/wrregion sequence"),
    (c"shuffle-moves", c"region moves emitted for shufflevector sequences"),
    (c"shuffle-undef", c"shufflevectors with no defined lane replaced by undef"),
    (c"pred-shuffle", c"i1 shufflevectors lowered to rdpredregion/wrpredregion"),
    (c"pred-shuffle-widened", c"i1 shufflevectors lowered through i16 data"),
    (c"truth-compare", c"compares of a truth value (a materialised i1) folded into the i1"),
    (c"mask-blend", c"and/or/xor blends under a sext-of-i1 mask lowered to select"),
    (c"truth-op", c"add/sub/or/xor of a truth value lowered to a select of the operation"),
    (c"truth-select", c"truth values computed by and/trunc/ext chains lowered to one select"),
    (c"min-max", c"selects and merges between a compare's own operands lowered to integer min/max"),
    (c"not-lowered", c"candidate instructions left unchanged (see -pass-remarks-missed)"),
];
const _: () = assert!(STATS.len() == Stat::NotLowered as usize + 1, "one STATS entry per Stat, in order");

/// Counts per [`Stat`], kept in an array indexed by the statistic and handed to [`PassCx::count`] once per run.
#[derive(Clone, Copy, Default)]
struct Tally([u64; STATS.len()]);

impl Tally {
    fn add(&mut self, stat: Stat, n: u64) {
        self.0[stat as usize] += n;
    }

    fn add_all(&mut self, counts: &[(Stat, u64)]) {
        for &(stat, n) in counts {
            self.add(stat, n);
        }
    }
}

/// What planning and emitting one candidate gives: the replacement value (its statistics are pending in the
/// [`Emitter`]), `None` when the instruction is not this pass's business, or the reason it is refused.
type Lowered = Result<Option<LLVMValueRef>, String>;

/// Whether an instruction with this opcode is a candidate (the lowering functions check the rest).
fn is_candidate(opcode: LLVMOpcode) -> bool {
    matches!(
        opcode,
        LLVMOpcode::LLVMExtractElement
            | LLVMOpcode::LLVMInsertElement
            | LLVMOpcode::LLVMShuffleVector
            | LLVMOpcode::LLVMTrunc
            | LLVMOpcode::LLVMZExt
            | LLVMOpcode::LLVMSExt
            | LLVMOpcode::LLVMUIToFP
            | LLVMOpcode::LLVMFPToUI
            | LLVMOpcode::LLVMFPToSI
    )
}

/// Pass body: lowers every candidate instruction of `function`.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = crate::region_ir::memo_scope();
    let function = function.as_value_ref();
    let idioms = truth_idioms::rewrite(function);
    let mut totals = Tally::default();
    totals.add(Stat::TruthCompare, idioms.compares);
    totals.add(Stat::MaskBlend, idioms.blends);
    totals.add(Stat::TruthOp, idioms.conditional_ops);
    totals.add(Stat::TruthSelect, idioms.materialisations);
    let min_max = min_max::rewrite(function);
    totals.add(Stat::MinMax, min_max);
    let mut changed = idioms != truth_idioms::Counts::default() || min_max > 0;
    let candidates: Vec<(LLVMValueRef, LLVMOpcode)> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter_map(|inst| {
            let opcode = ir::opcode(inst)?;
            is_candidate(opcode).then_some((inst, opcode))
        })
        .collect();
    // Inserts left to their splat shuffles (see `splat_seed`), erased at the end once unused.
    let mut seeds = Vec::new();
    let mut emitter = (!candidates.is_empty()).then(|| Emitter::new(function));
    for (inst, opcode) in candidates {
        let Some(emitter) = emitter.as_mut() else { break };
        emitter.start(inst);
        let outcome = match opcode {
            LLVMOpcode::LLVMExtractElement => lower_extract(inst, emitter),
            LLVMOpcode::LLVMInsertElement => lower_insert(inst, emitter),
            LLVMOpcode::LLVMShuffleVector => shuffle::lower(inst, emitter),
            LLVMOpcode::LLVMTrunc => lower_trunc(inst, emitter),
            LLVMOpcode::LLVMFPToUI | LLVMOpcode::LLVMFPToSI => lower_fp_to_byte(inst, opcode, emitter),
            _ => lower_bool_ext(inst, opcode, emitter),
        };
        match outcome {
            Ok(Some(value)) => {
                emitter.finish(value);
                totals.add_all(&emitter.pending);
                changed = true;
            }
            Ok(None) => {
                emitter.rollback();
                if opcode == LLVMOpcode::LLVMInsertElement && splat_seed(inst).is_some() {
                    seeds.push(inst);
                }
            }
            Err(reason) => {
                emitter.rollback();
                totals.add(Stat::NotLowered, 1);
                cx.remark(RemarkKind::Missed, c"NotLowered", inst, &reason);
            }
        }
    }
    for &inst in &seeds {
        if region_ir::erase_if_dead(inst) {
            changed = true;
        }
    }
    for (&(name, desc), n) in STATS.iter().zip(totals.0) {
        cx.count(name, desc, n);
    }
    changed
}

// ---- emission ---------------------------------------------------------------------------------------------

/// The name of an emitted value, relative to its candidate's name `c`: none, `c.<suffix>`, or
/// `c.<prefix><k>`. Always none when the candidate has no name.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Name {
    None,
    Suffix(&'static str),
    Indexed(&'static str, usize),
}

/// Builds instructions right before one candidate at a time, and can take them all back. There is one per
/// run: its builder, name buffer and scratch vectors are reused from candidate to candidate.
pub(crate) struct Emitter {
    pub builder: LLVMBuilderRef,
    pub context: LLVMContextRef,
    module: LLVMModuleRef,
    /// The candidate being lowered.
    inst: LLVMValueRef,
    /// The instruction before the candidate when emission started (null at the start of a block).
    before: LLVMValueRef,
    /// `<candidate>.` followed by the suffix of the name built last (see [`Name`]); a reused buffer.
    name: String,
    /// The length of `<candidate>.` at the start of `name` (0 when the candidate has no name), once read.
    stem_len: Option<usize>,
    /// The candidate's statistics, added to the run's when it is lowered.
    pending: Vec<(Stat, u64)>,
    /// Reused buffers of the shuffle lowering.
    pub(crate) scratch: shuffle::Scratch,
    /// The types, constants and declarations of the region calls built in this run.
    pub(crate) calls: region_ir::RegionCalls,
}

impl Emitter {
    fn new(function: LLVMValueRef) -> Emitter {
        // SAFETY: the module and context are live; the builder created here is owned by the emitter and disposed in
        // its `Drop`.
        unsafe {
            let module = ir::module_of(function);
            let context = ir::module_context(module);
            Emitter {
                builder: LLVMCreateBuilderInContext(context),
                context,
                module,
                inst: std::ptr::null_mut(),
                before: std::ptr::null_mut(),
                name: String::new(),
                stem_len: None,
                pending: Vec::new(),
                scratch: shuffle::Scratch::default(),
                calls: region_ir::RegionCalls::for_run(module),
            }
        }
    }

    /// Starts emitting for `inst`, right before it.
    fn start(&mut self, inst: LLVMValueRef) {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            LLVMPositionBuilderBefore(self.builder, inst);
            self.before = ir::previous_instruction(inst);
        }
        self.inst = inst;
        self.stem_len = None;
        self.pending.clear();
    }

    /// Counts `n` of `stat` for the candidate (kept only if it is lowered).
    pub fn count(&mut self, stat: Stat, n: u64) {
        self.pending.push((stat, n));
    }

    /// `name` spelled out (empty when the candidate has none), valid until the next name is built.
    fn name(&mut self, name: Name) -> &str {
        spell(&mut self.name, &mut self.stem_len, self.inst, name)
    }

    /// [`Emitter::name`] as a C string for the LLVM builders (empty when it holds a NUL).
    fn c_name(&mut self, name: Name) -> *const std::ffi::c_char {
        if self.name(name).is_empty() || self.name.contains('\0') {
            return c"".as_ptr();
        }
        self.name.push('\0');
        self.name.as_ptr() as *const std::ffi::c_char
    }

    /// Replaces the candidate by `value` (which takes its name) and erases it.
    fn finish(&mut self, value: LLVMValueRef) {
        region_ir::replace_and_erase(self.inst, value);
    }

    /// Erases everything emitted so far, last first (each is used only by later ones).
    fn rollback(&mut self) {
        loop {
            let previous = ir::previous_instruction(self.inst);
            if previous.is_null() || previous == self.before {
                break;
            }
            ir_write::erase(previous);
        }
    }

    pub fn rdregion(
        &mut self,
        input: LLVMValueRef,
        region: &Region,
        index: Index,
        scalar: bool,
        name: Name,
    ) -> Result<LLVMValueRef, String> {
        let name = spell(&mut self.name, &mut self.stem_len, self.inst, name);
        self.calls.rdregion(self.builder, input, region, index, scalar, name)
    }

    pub fn wrregion(
        &mut self,
        old: LLVMValueRef,
        new: LLVMValueRef,
        region: &Region,
        index: Index,
        name: Name,
    ) -> Result<LLVMValueRef, String> {
        let name = spell(&mut self.name, &mut self.stem_len, self.inst, name);
        self.calls.wrregion(self.builder, old, new, region, index, None, name)
    }

    /// A call of the GenX intrinsic `base` returning `ret`.
    pub fn intrinsic(
        &mut self,
        base: &str,
        ret: LLVMTypeRef,
        args: &mut [LLVMValueRef],
        name: Name,
    ) -> Result<LLVMValueRef, String> {
        let mut types = [std::ptr::null_mut(); 4];
        let function = if args.len() <= types.len() {
            for (ty, &arg) in types.iter_mut().zip(args.iter()) {
                *ty = ir::type_of(arg);
            }
            region_ir::declare_intrinsic(self.module, base, ret, &types[..args.len()])?
        } else {
            let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
            region_ir::declare_intrinsic(self.module, base, ret, &types)?
        };
        let builder = self.builder;
        Ok(region_ir::build_call(builder, function, args, self.name(name)))
    }

    pub fn i32(&self, value: i64) -> LLVMValueRef {
        ir_write::const_int(ir_write::int_type(self.context, 32), value as u64, true)
    }
}

impl Drop for Emitter {
    fn drop(&mut self) {
        // SAFETY: the emitter owns its builder (created in `Emitter::new`) and disposes it exactly once, here.
        unsafe { LLVMDisposeBuilder(self.builder) };
    }
}

/// `name` spelled out in `buffer` for the candidate `inst` (empty when it has none); `stem_len` is the length
/// of `<candidate>.` at the start of `buffer` once read (see [`Emitter`]).
fn spell<'b>(buffer: &'b mut String, stem_len: &mut Option<usize>, inst: LLVMValueRef, name: Name) -> &'b str {
    let (suffix, k) = match name {
        Name::None => return "",
        Name::Suffix(suffix) => (suffix, None),
        Name::Indexed(prefix, k) => (prefix, Some(k)),
    };
    let stem_len = match *stem_len {
        Some(len) => len,
        None => {
            // `<candidate>.` is read once per candidate and kept at the start of the buffer.
            buffer.clear();
            ir::with_name_bytes(inst, |stem| {
                if !stem.is_empty() {
                    match std::str::from_utf8(stem) {
                        Ok(stem) => buffer.push_str(stem),
                        Err(_) => buffer.push_str(&String::from_utf8_lossy(stem)),
                    }
                    buffer.push('.');
                }
            });
            *stem_len.insert(buffer.len())
        }
    };
    if stem_len == 0 {
        return "";
    }
    buffer.truncate(stem_len);
    buffer.push_str(suffix);
    if let Some(k) = k {
        push_decimal(buffer, k);
    }
    buffer
}

/// Appends `k` in decimal (what `format!("{k}")` writes, without the formatting machinery).
fn push_decimal(out: &mut String, k: usize) {
    if k < 10 {
        out.push((b'0' + k as u8) as char);
        return;
    }
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = k;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    // ASCII digits: always UTF-8.
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
}

/// `value` repeated into a constant vector of `n` lanes, or `value` itself for a scalar type.
fn splat_constant(value: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if ir::type_kind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
            return value;
        }
        let n = ir::vector_size(ty);
        LLVMConstVector(vec![value; n as usize].as_mut_ptr(), n)
    }
}

// ---- shared checks ----------------------------------------------------------------------------------------

fn is_fixed_vector(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
}

fn is_bool(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMIntegerTypeKind && ir::int_width(ty) == 1
}

fn int_bits(ty: LLVMTypeRef) -> Option<u32> {
    (ir::type_kind(ty) == LLVMTypeKind::LLVMIntegerTypeKind).then(|| ir::int_width(ty))
}

/// The element size of a data region over elements of type `element`, or why there is none.
pub(crate) fn region_element_bytes(element: LLVMTypeRef) -> Result<u32, String> {
    if ir::type_kind(element) == LLVMTypeKind::LLVMPointerTypeKind {
        return Err("the vector holds pointers; data regions take integer or floating-point elements".to_string());
    }
    region_ir::element_bytes(element).ok_or_else(|| {
        format!("{} elements cannot live in a data region (sizes 1, 2, 4, 8 bytes)", ir::type_to_string(element))
    })
}

// ---- extractelement / insertelement -----------------------------------------------------------------------

/// Where an element access lands: a constant region, or a one-element indirect region.
enum Position {
    Constant(Region),
    Variable(LLVMValueRef),
}

/// Checks an element access of `vector_ty` at `index` and says where it lands.
fn element_position(vector_ty: LLVMTypeRef, index: LLVMValueRef) -> Result<(u32, Position), String> {
    let element = element_type(vector_ty);
    if is_bool(element) {
        return Err("an element of an i1 vector is a predicate bit, not held in a data region".to_string());
    }
    let eb = region_element_bytes(element)?;
    let n = lanes(vector_ty);
    if ir::is_undef(index) {
        return Err("the index is undef, so the result is poison; nothing to lower".to_string());
    }
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    if unsafe { !LLVMIsAConstantInt(index).is_null() } {
        if int_bits(ir::type_of(index)).is_none_or(|bits| bits > 64) {
            return Err("the constant index is wider than 64 bits".to_string());
        }
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        let value = unsafe { LLVMConstIntGetZExtValue(index) };
        if value >= n as u64 {
            return Err(format!("constant index {value} is outside the {n}-element vector, so the result is poison"));
        }
        let offset = value * eb as u64;
        if offset > i16::MAX as u64 {
            return Err(format!("byte offset {offset} does not fit the i16 offset of a region"));
        }
        return Ok((eb, Position::Constant(Region::element(eb, value as u32))));
    }
    if n as u64 * eb as u64 > 1 << 15 {
        return Err(format!("a {}-byte vector is too large for a variable i16 byte offset", n as u64 * eb as u64));
    }
    Ok((eb, Position::Variable(index)))
}

/// The region and runtime index of an element access; a variable index becomes `zext/trunc(i) to i16 * EB`.
fn emit_position(e: &mut Emitter, eb: u32, position: Position) -> (Region, Index) {
    match position {
        Position::Constant(region) => (region, Index::Direct),
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        Position::Variable(index) => unsafe {
            let i16_ty = ir_write::int_type(e.context, 16);
            let mut offset = LLVMBuildIntCast2(e.builder, index, i16_ty, 0, e.c_name(Name::Suffix("idx")));
            if eb > 1 {
                let scale = ir_write::const_int(i16_ty, eb as u64, false);
                offset = LLVMBuildMul(e.builder, offset, scale, e.c_name(Name::Suffix("offset")));
            }
            (Region::element(eb, 0).with_single_indirect(), Index::Value(offset))
        },
    }
}

fn count_access(e: &mut Emitter, first: Stat, position: &Position) {
    e.count(first, 1);
    e.count(Stat::VariableIndex, matches!(position, Position::Variable(_)) as u64);
}

/// The scalar and lane of LLVM's splat idiom `insertelement undef, %s, k` when every user of the insert is a
/// `shufflevector` whose defined lanes all read lane `k` of it (a splat of `%s`), else `None`.
///
/// Such an insert is not lowered on its own: each of its shuffles becomes one stride-0 `rdregion` of `%s` seen
/// as a `<1 x T>` (`shuffle::lower`), the form IGC's own lowering gives a splat, and the insert is erased when
/// its last shuffle is gone. Lowered separately, the insert would be a `wrregion` into `undef` read back by a
/// `<0;1,0>` region, which IGC compiles to a move more than the splat (measured on the corpus' radix sort and
/// prefix sum).
pub(crate) fn splat_seed(insert: LLVMValueRef) -> Option<(LLVMValueRef, u32)> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMIsAInsertElementInst(insert).is_null() || !ir::is_undef(ir::operand(insert, 0)) {
            return None;
        }
        let vector_ty = ir::type_of(insert);
        let n = lanes(vector_ty);
        let element = element_type(vector_ty);
        if is_bool(element) || region_element_bytes(element).is_err() {
            return None;
        }
        let index = ir::operand(insert, 2);
        if LLVMIsAConstantInt(index).is_null() || int_bits(ir::type_of(index)).is_none_or(|b| b > 64) {
            return None;
        }
        let lane = LLVMConstIntGetZExtValue(index);
        if lane >= n as u64 {
            return None;
        }
        let lane = lane as u32;
        let splats_lane = |user: LLVMValueRef| {
            if LLVMIsAShuffleVectorInst(user).is_null() {
                return false;
            }
            let operand0 = ir::operand(user, 0) == insert;
            let operand1 = ir::operand(user, 1) == insert;
            let mut any = false;
            for i in 0..lanes(ir::type_of(user)) {
                let m = ir::mask_value(user, i);
                if m < 0 {
                    continue;
                }
                let reads_seed = (operand0 && m as u32 == lane) || (operand1 && m as u32 == n + lane);
                if !reads_seed {
                    return false;
                }
                any = true;
            }
            any
        };
        ir::users(insert).into_iter().all(splats_lane).then(|| (ir::operand(insert, 1), lane))
    }
}

fn lower_extract(inst: LLVMValueRef, e: &mut Emitter) -> Lowered {
    let (vector, index) = (ir::operand(inst, 0), ir::operand(inst, 1));
    let vector_ty = ir::type_of(vector);
    if !is_fixed_vector(vector_ty) {
        return Ok(None);
    }
    if is_implicit_argument(vector) && ir::is_constant(index) {
        return Err("an element of the work-group's local id or size is left as it is: IGC makes these implicit \
                    kernel arguments and reads an extractelement of one better than a region (measured)"
            .to_string());
    }
    let (eb, position) = element_position(vector_ty, index)?;
    count_access(e, Stat::Extract, &position);
    let (region, index) = emit_position(e, eb, position);
    let read = e.rdregion(vector, &region, index, true, Name::None)?;
    Ok(Some(read))
}

/// Whether `vector` is `llvm.genx.local.id`/`local.id16`/`local.size`: the values IGC's CMImpParam turns into
/// implicit kernel arguments. A constant-index element of one is left as an `extractelement`: as a region read,
/// IGC's 32-bit multiplies of such elements (`cm_linear_global_id`) took one more move on the printf kernel of
/// the corpus, and on no corpus kernel fewer.
fn is_implicit_argument(vector: LLVMValueRef) -> bool {
    matches!(
        region_ir::genx_base_name(vector),
        Some("llvm.genx.local.id" | "llvm.genx.local.id16" | "llvm.genx.local.size")
    )
}

fn lower_insert(inst: LLVMValueRef, e: &mut Emitter) -> Lowered {
    let (vector, value, index) = (ir::operand(inst, 0), ir::operand(inst, 1), ir::operand(inst, 2));
    let vector_ty = ir::type_of(inst);
    if !is_fixed_vector(vector_ty) {
        return Ok(None);
    }
    if splat_seed(inst).is_some() {
        // Its shuffles read the scalar directly; erased by `run` once they have.
        return Ok(None);
    }
    let (eb, position) = element_position(vector_ty, index)?;
    count_access(e, Stat::Insert, &position);
    let (region, index) = emit_position(e, eb, position);
    let write = e.wrregion(vector, value, &region, index, Name::None)?;
    Ok(Some(write))
}

// ---- trunc --------------------------------------------------------------------------------------------------

fn lower_trunc(inst: LLVMValueRef, e: &mut Emitter) -> Lowered {
    let source = ir::operand(inst, 0);
    let source_ty = ir::type_of(source);
    if !is_fixed_vector(source_ty) {
        return Ok(None);
    }
    let result_ty = ir::type_of(inst);
    let (Some(src_bits), Some(dst_bits)) = (int_bits(element_type(source_ty)), int_bits(element_type(result_ty))) else {
        return Ok(None);
    };
    if dst_bits == 1 {
        return Err("a trunc to i1 is a comparison of the low bit, not a region".to_string());
    }
    if !matches!(dst_bits, 8 | 16 | 32) || !matches!(src_bits, 16 | 32 | 64) {
        return Err(format!("i{src_bits} to i{dst_bits}: only i16/i32/i64 to i8/i16/i32 is a strided region"));
    }
    if ir::is_constant(source) {
        // A trunc of a constant is a constant (the builder would fold the bitcast into a constant expression).
        if !ir::is_plain_constant(source) {
            return Err("a trunc of a constant expression is left to constant folding".to_string());
        }
        e.count(Stat::TruncFolded, 1);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        return Ok(Some(unsafe { LLVMConstTrunc(source, result_ty) }));
    }
    if narrowable_by_igc(source) {
        return Err("the source is integer arithmetic that IGC narrows through the trunc; a region would hide it"
            .to_string());
    }
    let ratio = src_bits / dst_bits;
    let n = lanes(source_ty);
    let wide_n = n as u64 * ratio as u64;
    if wide_n > u32::MAX as u64 {
        return Err("the vector is too long".to_string());
    }
    let region = Region::new(dst_bits / 8, n, 0, n, ratio as i32, 0).canonical();
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let cast = unsafe {
        let parts_ty = ir_write::vector_type(element_type(result_ty), wide_n as u32);
        LLVMBuildBitCast(e.builder, source, parts_ty, e.c_name(Name::Suffix("parts")))
    };
    let read = e.rdregion(cast, &region, Index::Direct, false, Name::None)?;
    e.count(Stat::Trunc, 1);
    Ok(Some(read))
}

/// Whether a `trunc` of `source` is left for IGC: `source` is integer arithmetic of the kind LLVM's InstCombine
/// (which IGC runs before its own lowering) evaluates in the narrow type when its result is truncated, e.g.
/// `trunc(add(zext a, zext b))` becomes an add of the narrow values. Lowered to a region read, the trunc hides
/// that from IGC, and the arithmetic stays wide: measured +17 % instructions on a 3x3 Gaussian blur and +30 % on
/// a Sobel filter of the corpus (`cargo bench -p cmc --bench codegen_report`). IGC's own lowering writes the
/// same strided read afterwards, so nothing is lost by leaving it.
fn narrowable_by_igc(source: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        ir::is_instruction(source)
            && matches!(
                LLVMGetInstructionOpcode(source),
                LLVMAdd | LLVMSub | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMShl | LLVMLShr | LLVMAShr | LLVMZExt
                    | LLVMSExt | LLVMTrunc | LLVMSelect
            )
    }
}

// ---- float to bytes ---------------------------------------------------------------------------------------

/// `fptoui`/`fptosi <N x float> to <N x i8>` → the same conversion to `<N x i32>` and the strided read of the
/// low bytes (as `lower_trunc` writes it). IGC converts float to bytes in two steps, a move to bytes at
/// stride 4 and a second move packing them, two instructions per GRF; converting to dwords is one move per GRF
/// and the strided read is the packing move it needed anyway (measured: 3 fewer instructions on the linear
/// filter's 144 bytes). Exact: where the byte conversion is defined (the truncated value fits the byte), the
/// dword conversion gives the same value and its low byte is that value; elsewhere the original is poison.
fn lower_fp_to_byte(inst: LLVMValueRef, opcode: LLVMOpcode, e: &mut Emitter) -> Lowered {
    let source_ty = ir::type_of(ir::operand(inst, 0));
    let result_ty = ir::type_of(inst);
    if !is_fixed_vector(result_ty) || int_bits(element_type(result_ty)) != Some(8) {
        return Ok(None);
    }
    if ir::type_kind(element_type(source_ty)) != LLVMTypeKind::LLVMFloatTypeKind {
        return Ok(None);
    }
    let n = lanes(result_ty);
    if n as u64 * 4 > u32::MAX as u64 {
        return Err("the vector is too long".to_string());
    }
    let source = ir::operand(inst, 0);
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let dwords = unsafe {
        let dword_ty = ir_write::vector_type(ir_write::int_type(e.context, 32), n);
        let name = e.c_name(Name::Suffix("dw"));
        if opcode == LLVMOpcode::LLVMFPToUI {
            LLVMBuildFPToUI(e.builder, source, dword_ty, name)
        } else {
            LLVMBuildFPToSI(e.builder, source, dword_ty, name)
        }
    };
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let cast = unsafe {
        let parts_ty = ir_write::vector_type(element_type(result_ty), n * 4);
        LLVMBuildBitCast(e.builder, dwords, parts_ty, e.c_name(Name::Suffix("parts")))
    };
    let region = Region::new(1, n, 0, n, 4, 0).canonical();
    let read = e.rdregion(cast, &region, Index::Direct, false, Name::None)?;
    e.count(Stat::FloatToByte, 1);
    Ok(Some(read))
}

// ---- zext / sext / uitofp from i1 ---------------------------------------------------------------------------

fn lower_bool_ext(inst: LLVMValueRef, opcode: LLVMOpcode, e: &mut Emitter) -> Lowered {
    let condition = ir::operand(inst, 0);
    if !is_bool(element_type(ir::type_of(condition))) {
        return Ok(None);
    }
    let ty = ir::type_of(inst);
    let element = element_type(ty);
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let one = unsafe {
        match opcode {
            LLVMOpcode::LLVMZExt => ir_write::const_int(element, 1, false),
            LLVMOpcode::LLVMSExt => ir_write::all_ones(element),
            _ => LLVMConstReal(element, 1.0),
        }
    };
    let select =
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMBuildSelect(e.builder, condition, splat_constant(one, ty), ir_write::zero(ty), c"".as_ptr()) };
    e.count(Stat::BoolExt, 1);
    Ok(Some(select))
}

/// `icmp ne %value, zeroinitializer` (used to turn widened predicates back into `i1`).
pub(crate) fn emit_nonzero(e: &mut Emitter, value: LLVMValueRef, name: Name) -> LLVMValueRef {
    let zero = ir_write::zero(ir::type_of(value));
    // Empty when the name holds a NUL, as `Emitter::c_name` makes it.
    let name = std::ffi::CString::new(e.name(name)).unwrap_or_default();
    Writer::over(e.builder, |w| w.icmp_named(LLVMIntPredicate::LLVMIntNE, value, zero, &name))
}

/// `select %condition, 1, 0` of type `ty` (a widened predicate).
pub(crate) fn emit_widen(e: &mut Emitter, condition: LLVMValueRef, ty: LLVMTypeRef, name: Name) -> LLVMValueRef {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let one = splat_constant(ir_write::const_int(element_type(ty), 1, false), ty);
        LLVMBuildSelect(e.builder, condition, one, ir_write::zero(ty), e.c_name(name))
    }
}
