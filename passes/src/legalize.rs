//! `genx-legalize`: split every bale to the execution sizes and regions the platform allows, emulate what
//! it lacks (`i64` on Gen11/Xe-LP/Xe-HPG), and cut illegal predicates into vISA predicates.
//!
//! # Why
//! CM code is written at the width of the data, not of the machine: `matrix<uchar,8,32> in;
//! matrix<float,6,24> f = in.select<6,1,24,1>(1,3);` is one 144-wide conversion, `vector<int,32> a + b` one
//! SIMD32 add. One vISA instruction can do much less: a power-of-two execution size of at most 32, at most two
//! GRFs of destination (`width × max(dst EB, src0 EB) <= 2 GRF`: SIMD16 for `float` on a 32-byte GRF), source
//! regions that respect the GRF crossing rules, predicates of at most 32 bits. The front end and the middle
//! end keep wide values (a vISA register can be any size); this pass cuts each *instruction* — each bale
//! (docs/genx-ir.md §2.2: the `rdregion`s, modifiers, main instruction, saturation and `wrregion` that become one
//! vISA instruction) — into legal pieces, reading each source piece with a sub-region and writing each result
//! piece into the whole value with a `wrregion`. The paper's linear filter,
//! `in.select<6,1,24,1>(1,3)` of `matrix<uchar,8,32>` converted to `float` on a 32-byte GRF, becomes nine
//! SIMD16 moves reading `<8;8,1>`, `<16;8,1>` (the rest of one row and the start of the next), `<8;8,1>` per
//! two rows (the golden test, `tests/lit/legalize/golden-linear-filter.ll`).
//!
//! # Algorithm
//! 0. **Fold** every compare of a predicate's own materialisation into the predicate (`src/truth.rs`,
//!    which the emitter runs again): on whole vectors, before a split hides the chain behind region writes.
//!    Bitwise operations on bytes are done on dwords (`logic_width.rs`: the finalizer would split a byte
//!    destination in even and odd halves). **Expand** (`expand.rs`) what vISA has no single instruction for: integer division and remainder by a
//!    constant ±2^k (shifts with the sign fix-up), `getelementptr` with a run-time index (64-bit address
//!    arithmetic), saturating multiplies of 32-bit operands (on the 64-bit product), `uimad`/`simad` (mul,
//!    mulh, addc). Division by anything else stays for vISA's `div`/`mod`.
//! 1. **Check types**: `double` on a platform without fp64, and 64-bit integer arithmetic the emulation cannot do
//!    (division by a run-time value or a constant other than ±2^k, conversions to and from floating point, ALU
//!    intrinsics on `i64`), are located errors naming the platform (`i64 udiv is not supported on icllp`);
//!    nothing more is changed then.
//! 2. **Bale** the function (`baling::bale_function`, legalization kind: single-use bales).
//! 3. **Sweep** every block backwards, bale by bale (`process.rs`, IGC's `GenXLegalization`). For each bale
//!    head the whole execution width is cut from element 0: the width of the next piece is the minimum over
//!    the members of the destination region limit (the `wrregion`), the source region limits (each
//!    `rdregion`), the non-region limit (main instruction and modifiers) and the predicate limits (a
//!    compare's result, a select's condition, a write mask), reduced to an allowed execution size
//!    (`width.rs`: the rules as pure functions). When a member cannot go as narrow as the main instruction must
//!    (a `dp4` needs 4), or a predicate's minimum is more than a region allows, that member is **un-baled**
//!    and the bale restarted; when a source reads the `wrregion`'s Old vector (a region of it, or all of it as a plain operand) and a split is needed, the
//!    `wrregion` is un-baled (so Old and the new value are not live together), unless every such read is
//!    provably untouched by the earlier pieces (then later pieces read the previous piece's result). All
//!    pieces are planned before anything is emitted; then every member is cloned per piece on its sub-region
//!    (`Region::subregion`), the pieces are joined by a chain of `wrregion`s from `undef` (or from the
//!    original Old when the head is a `wrregion`), and the bale is erased (`emit.rs`). Each piece is also
//!    checked as a region of its own (what the hardware and the verifier see: a piece of an indirect region
//!    that fills its vector no longer pins its index), and narrowed if needed. Source pieces of a compressed
//!    instruction (more than one GRF of data per operand) that are 1D are written as two rows, `<8;8,1>` for
//!    16 contiguous elements, as vISA shows the two halves. A single-indirect read that can only do one
//!    element becomes a multi-indirect read of 4 or 8 (per-element addresses). Byte moves (a lone
//!    `rdregion`, a lone `wrregion`, or the two baled) are first retyped to `i32` or `i16` moves, unless a
//!    word they move or keep mixes defined and undefined bytes (`undef.rs`), and on `i64`-emulating
//!    platforms 64-bit moves to 32-bit moves (`moves.rs`).
//! 4. **Emulate `i64`** (`emulate.rs`) on emulating platforms: add/sub (with `addc`/`subb`), and/or/xor, mul,
//!    shifts (`emulate/shifts.rs`), select, compares, extensions and truncation on 32-bit halves; then bale and sweep again, so the halves'
//!    regions and the 64-bit moves left around them are legalized too.
//! 5. **Predicates** (`predicates.rs`): predicate phis and the `wrpredregion` chains that join split compares
//!    are cut into their vISA parts (32-bit parts, then descending powers of two: 37 → 32,4,1; 13 → 8,4,1;
//!    9 → 8,1); `all`/`any` and int↔predicate bitcasts of illegal predicates are done per part.
//!
//! Every split is a remark (`-pass-remarks=genx-legalize`, opt and cmc): `split 32-wide add into 2×16:
//! two-GRF rule (32 × 4 bytes > 64)`; every un-bale a missed remark (`-pass-remarks-missed=genx-legalize`).
//! Statistics (`-stats`): `expanded`, `splits`, `pieces`, `unbaled`, `byte-moves`, `i64-moves`, `emulated`,
//! `predicates`, `multi-indirect`, `truth-folds`, `byte-logic`.
//!
//! Code map: `width.rs` (the limits, pure, unit-tested), `process.rs` (the sweep, deciding widths, un-baling),
//! `emit.rs` (the split), `moves.rs` + `undef.rs` (move retyping), `logic_width.rs`, `expand.rs`, `emulate.rs` (i64), `predicates.rs`,
//! `check.rs` (`genx-verify-legal`), `align.rs` (index alignment), `build.rs` (instruction building).
//!
//! # Invariants
//! In: GenX IR after lowering and region collapsing; the platform from the function's `"target-cpu"`
//! ([`platform::of_function`]). Out: every bale legalization splits is legal for the platform —
//! [`check_legal`] (the pass `genx-verify-legal`) checks the same rules independently of how the pass got
//! there; values are unchanged (translation validation in the lit tests and the fuzz test). Nothing panics; a
//! bale whose pieces cannot be expressed is left whole with a missed remark (and the verifier reports it).
//!
//! # Not handled (IGC does)
//! Splitting to isolate dead elements (GenXLiveElements); LSC messages; bales ending in a store to a global
//! (`GSTORE`); the splat of a scalar select condition to a `v16i1`/`v32i1` predicate and the lowering of
//! `all`/`any` used other than by a branch (both concern code generation, not widths); 64-bit division by a
//! run-time value and 64-bit conversions to and from floating point under emulation; multiply-high sequences for
//! division by constants other than ±2^k; the 4×GRF SIMD32 64-bit rule of platforms with efficient SIMD32 (none in
//! the platform table). IGC lowers `mul i64` in GenXLowering; it is emulated here, since genx-lowering does
//! not yet. Unused intrinsic declarations the split leaves (`<13 x i1>` wrpredregion) are not removed.

mod align;
mod build;
mod check;
mod emit;
mod emulate;
mod expand;
mod logic_width;
mod moves;
mod predicates;
mod process;
mod undef;
pub mod width;

/// Declares and calls an intrinsic (GenX or LLVM) at a builder's position; `ir_write::Writer` offers it.
pub(crate) use build::call_intrinsic;

use inkwell::values::{AsValueRef, FunctionValue};

use crate::baling::{self, BalingKind};
use crate::diag::PassCx;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::platform::{self, Platform};

pub use check::check_legal;

use emulate::{classify, is_double, op_name, I64Use};
use process::Legalizer;

/// Whether SIMD32 is unusable: a fused-EU platform and a module with stack calls (IGC's rule; the jmpi-to-goto
/// transformation of vISA would otherwise apply to more than it should).
pub(crate) fn simd32_unusable(function: LLVMValueRef, platform: &Platform) -> bool {
    if !platform.features.fused_eu {
        return false;
    }
    let module = ir::module_of(function);
    // SAFETY: `f` is a function of the live module; the key is passed with its length (no NUL needed); only the null
    // test is used.
    ir::functions(module).any(|f| unsafe {
        const KEY: &str = "CMStackCall";
        !LLVMGetStringAttributeAtIndex(f, crate::llvm_sys::LLVMAttributeFunctionIndex, KEY.as_ptr() as *const _, KEY.len() as u32)
            .is_null()
    })
}

fn platform_of(function: LLVMValueRef, cx: &mut PassCx) -> Option<&'static Platform> {
    match platform::of_function(function) {
        Ok(platform) => Some(platform),
        Err(unknown) => {
            cx.error(format!("function '{}': {unknown} (from the \"target-cpu\" attribute)", ir::value_name(function)));
            None
        }
    }
}

/// The element count of `inst`'s result or operand vector type that is over `limits::MAX_VECTOR_ELEMENTS`.
fn oversized_vector(inst: LLVMValueRef) -> Option<u64> {
    let count = ir::operand_count(inst);
    std::iter::once(ir::type_of(inst))
        .chain((0..count).map(|n| ir::type_of(ir::operand(inst, n))))
        .filter(|&ty| ir::type_kind(ty) == crate::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind)
        .map(|ty| u64::from(ir::vector_size(ty)))
        .find(|&lanes| lanes > crate::limits::MAX_VECTOR_ELEMENTS)
}

/// What `inst` needs that the platform lacks however it is compiled: a vector over the element limit, an
/// IEEE-exact division or square root without fp64, or `double` without fp64 (IGC emulates the `i64` operations genx-legalize cannot, so those are not here).
fn missing_on_platform(inst: LLVMValueRef, platform: &Platform) -> Option<String> {
    if let Some(lanes) = oversized_vector(inst) {
        return Some(format!(
            "a vector of {lanes} elements is over the limit of {} elements (splitting it would not end)",
            crate::limits::MAX_VECTOR_ELEMENTS
        ));
    }
    if let Some(name) = crate::region_ir::genx_base_name(inst) {
        if name == "llvm.genx.slm.init" {
            let bytes = ir::const_int(ir::call_arg(inst, 0)).map(|n| n as u64);
            if let Some(why) = bytes.and_then(|bytes| platform.slm_over_limit(bytes)) {
                return Some(format!("'{name}' asks for {why}"));
            }
        }
        if matches!(name, "llvm.genx.ieee.div" | "llvm.genx.ieee.sqrt") && !platform.has_ieee_div_sqrt() {
            return Some(format!(
                "IEEE-exact '{name}' is not supported on {}: its vISA expansion (madm) needs fp64 hardware",
                platform.name
            ));
        }
    }
    if !platform.features.fp64 && ir::opcode(inst) != Some(LLVMOpcode::LLVMPHI) {
        let count = ir::operand_count(inst);
        let uses_double = is_double(ir::type_of(inst))
            || (0..count).any(|n| is_double(ir::type_of(ir::operand(inst, n))));
        if uses_double {
            return Some(format!(
                "double-precision (fp64) '{}' is not supported on {}: the platform has no fp64",
                op_name(inst),
                platform.name
            ));
        }
    }
    None
}

/// Instructions the type checks skip: terminators and reads of predefined registers.
fn skipped_by_type_checks(inst: LLVMValueRef) -> bool {
    let is_terminator = ir::is_terminator(inst);
    is_terminator || process::intrinsic_base(inst).is_some_and(|b| b.contains("predef.reg"))
}

/// Step 1: the located errors for types the platform lacks, and vectors over the element limit. Returns whether there were any.
fn check_types(function: LLVMValueRef, platform: &Platform, cx: &mut PassCx) -> bool {
    let mut errors = false;
    for inst in ir::blocks(function).flat_map(ir::instructions) {
        if skipped_by_type_checks(inst) {
            continue;
        }
        if let Some(message) = missing_on_platform(inst, platform) {
            cx.error_at(inst, message);
            errors = true;
            continue;
        }
        if !platform.features.native_i64 {
            let verdict = classify(inst);
            let refused = if platform.features.emulate_i64 { verdict == I64Use::Unsupported } else { verdict != I64Use::None };
            if refused {
                let why = if platform.features.emulate_i64 {
                    "64-bit integers are emulated with 32-bit halves there, and this operation has no emulation"
                } else {
                    "the platform has no 64-bit integers"
                };
                cx.error_at(inst, format!("i64 {} is not supported on {}: {why}", op_name(inst), platform.name));
                errors = true;
            }
        }
    }
    errors
}

/// Pass body of `genx-legalize`.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    let Some(platform) = platform_of(function, cx) else { return false };
    // Before any split: the pieces of a split chain are joined by region writes the fold does not look through.
    let truth_folds = crate::truth::fold(function);
    let byte_logic = logic_width::widen_function(function, cx);
    let expanded = expand::expand_function(function, cx) + truth_folds + byte_logic;
    if check_types(function, platform, cx) {
        return expanded > 0;
    }
    let (bales, changes) = baling::bale_function(function, platform, BalingKind::Legalization);
    let mut lz = Legalizer {
        function,
        platform,
        target: width::Target::of(platform),
        bales,
        cx,
        stats: Default::default(),
        no_simd32: simd32_unusable(function, platform),
        changed: changes.any() || expanded > 0,
        maybe_dead: Vec::new(),
    };
    lz.sweep();
    if platform.features.emulate_i64 {
        let emulated = emulate::emulate_function(&mut lz);
        if emulated > 0 {
            lz.stats.emulated += emulated;
            lz.changed = true;
            let (bales, _) = baling::bale_function(function, platform, BalingKind::Legalization);
            lz.bales = bales;
            lz.sweep();
        }
    }
    predicates::fix_illegal_predicates(&mut lz);
    lz.erase_dead();
    let stats = lz.stats;
    let changed = lz.changed;
    cx.count(c"splits", c"bales split into legal pieces", stats.splits);
    cx.count(c"pieces", c"legal pieces the split bales became", stats.pieces);
    cx.count(c"unbaled", c"members un-baled to make a bale legal", stats.unbaled);
    cx.count(c"byte-moves", c"byte moves done as i32 or i16 moves", stats.byte_moves);
    cx.count(c"i64-moves", c"64-bit moves done as 32-bit moves", stats.i64_moves);
    cx.count(c"expanded", c"divisions by powers of two and multiply-adds rewritten", expanded - truth_folds - byte_logic);
    cx.count(c"byte-logic", c"bitwise byte operations done on dwords (and subtractions from all ones made nots)", byte_logic);
    cx.count(c"truth-folds", c"compares of a predicate's own materialisation folded into the predicate, and chains over one made one select", truth_folds);
    cx.count(c"emulated", c"64-bit integer operations emulated on 32-bit halves", stats.emulated);
    cx.count(c"predicates", c"illegal predicates cut into vISA predicates", stats.predicates);
    cx.count(c"multi-indirect", c"indirect reads converted to multi-indirect", stats.multi_indirect);
    changed
}

/// Pass body of `genx-verify-target`: what the platform cannot do at all, checked before IGC sees the kernel
/// (the compile path runs it at every optimisation level): `double` and IEEE-exact div/sqrt without fp64,
/// vectors over the element limit (step 1's checks, less the `i64` ones, which IGC emulates), and SLM over the
/// platform's limit (a kernel's `!genx.kernels` size or `"VCSLMSize"`, an `llvm.genx.slm.init` call), as located
/// errors.
///
/// Not checked: values or live vectors larger than the register file. IGC 1.0.12504 compiles them by spilling
/// (measured on icllp, tgllp and skl: one `<8192 x i32>` value, 8 times the 4 KiB GRF file, live across a kernel
/// compiles with 28 KiB of spill; sixteen live 2 KiB matrices of a CM kernel spill too; a 32 KiB
/// `genx_volatile` global spills), and warns that a private array over its 8 KiB stack may overflow, so
/// refusing them would refuse kernels IGC builds. The CM headers refuse one object over the GRF file (CM spec
/// 2.2.1), and a direct or indirect region cannot address past the 32 KiB its `i16` offset reaches (genx-verify).
pub fn verify_target_run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    let Some(platform) = platform_of(function, cx) else { return false };
    if let Some(message) = kernel_slm_over_limit(function, platform) {
        cx.error_in_function(function, message);
    }
    for inst in ir::blocks(function).flat_map(ir::instructions).filter(|&inst| !skipped_by_type_checks(inst)) {
        if let Some(message) = missing_on_platform(inst, platform) {
            cx.error_at(inst, message);
        }
    }
    false
}

/// The SLM a kernel asks for, when it is over the platform's limit: its `!genx.kernels` entry (GenX IR) or its
/// `"VCSLMSize"` attribute (SPIR-V-ready IR); `None` for a function that is not a kernel.
fn kernel_slm_over_limit(function: LLVMValueRef, platform: &Platform) -> Option<String> {
    let module = ir::module_of(function);
    let (bytes, from) = match crate::visa_emit::kernel_entries(module).into_iter().find(|e| e.function == function) {
        Some(entry) => (entry.slm_size, "its !genx.kernels entry"),
        None => {
            let text = ir::string_attribute(function, "VCSLMSize")?;
            (text.trim().parse::<u64>().unwrap_or(u64::MAX), "its \"VCSLMSize\" attribute")
        }
    };
    let why = platform.slm_over_limit(bytes)?;
    Some(format!("kernel '{}' asks for {why} ({from})", ir::value_name(function)))
}

/// Pass body of `genx-verify-legal`: reports every illegal bale (see [`check_legal`]) as a located error.
pub fn verify_run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    let Some(platform) = platform_of(function, cx) else { return false };
    for (inst, message) in check_legal(function, platform) {
        cx.error_at(inst, format!("not legal on {}: {message}", platform.name));
    }
    false
}
