//! `genx-visa-emit`: a kernel's baled, legalized GenX IR lifted into a `genx_visa::Kernel`, one vISA instruction
//! per bale. `print<genx-visa-emit>` writes the `.visaasm` text to stderr (stdout carries IR); `cmc
//! -backend=visa` calls [`emit_module`] and hands the text to the finalizer (vc-bridge).
//!
//! # Why
//! The design this compiler exists for: our passes decide the code (regions, bales, legal widths), IGC's vISA
//! finalizer only allocates registers, schedules and encodes. After genx-legalize every bale is one legal vISA
//! instruction, so emission is a walk over bale heads.
//!
//! # Algorithm
//! 1. **Kernel description**: the function's `!genx.kernels` entry gives its name and argument kinds; the
//!    arguments become variables by kind (surface → `T`, sampler → `S`, general → `V` of the argument's type)
//!    and `.input`s placed as IGC's CM kernel-argument layout does (CMKernelArgOffset, argument reordering on):
//!    from one GRF (r0 is the thread header), largest argument first (argument order among equals), each at the
//!    lowest free offset aligned to its element size (to a GRF when larger than a GRF) that does not cross a
//!    GRF boundary unless it starts one.
//! 2. **Bale** the function for code generation (`baling::bale_function`, CodeGen kind).
//! 3. **Registers** (`lower.rs`): each value a bale head defines gets a variable of its category (`i1` values
//!    predicates, others general registers of their element type, signed); a bitcast is an alias of its operand's
//!    variable at offset 0 (no instruction); an operand read as another type (`zext` as unsigned, `lshr` of an
//!    unsigned source) reads through an alias. A `wrregion` writes into a fresh variable that starts as a copy of
//!    its Old value's; a phi's incoming values reach its variable by copies on the edges (`lower/control.rs`).
//!    Coalescing on the machine IR (`genx_visa::coalesce`, liveness over the whole kernel) removes every copy
//!    whose two variables do not interfere (two-address writes, phi coalescing) and expands the others into
//!    moves, counted in `-stats` with their reason.
//! 4. **Instructions** (`lower.rs`), bale by bale in block order: the main instruction's opcode (LLVM opcodes by
//!    a table there, GenX intrinsics by `intrinsics.td`'s `Visa` facts); each source through its baled modifiers
//!    (negate, abs, not, extension → operand type) and rdregion (a direct region of the input's variable);
//!    `llvm.genx.sat` as `.sat`; a `wrregion` head as the destination region and its mask as the predicate;
//!    constants as immediates (scalars and splats) or materialised by moves; compares to predicate variables (a
//!    `select` then is a predicated `sel`); other predicates (`lower/predicates.rs`); branches as `jmp`; SIMD
//!    control flow as `goto` and labels (`lower/simdcf.rs`); `ret` as `ret`.
//!
//! # Invariants
//! The emitted kernel passes `genx_visa::verify` (checked before it is returned: a failure is an internal
//! error naming the kernel). Anything not lowered is a located error naming the function, the instruction and
//! the construct; nothing falls back silently. The IR is only changed by baling's own rewrites.
//!
//! # Not handled yet
//! `switch`, multi-indirect regions, 2D destination regions, sampler, LSC and typed-atomic messages,
//! calls (the route inlines every call of a user function before the middle end, `inline_calls.rs`; a call
//! that reaches the emitter is one of a declaration), `simdcf.savemask`/`unmask`/`remask`, predicates of more than 32 elements, i64
//! on platforms that emulate it (genx-legalize emulates arithmetic; what remains is refused by the verifier or
//! here). The per-lane messages, barrier and fence are `message.rs`'s, the implicit inputs (local id, local
//! size, group count) `implicit.rs`'s, single-indirect regions `indirect.rs`'s, each with its own note.

mod lower;
mod pieces;
mod schedule;

use std::ffi::CString;

use inkwell::values::{AsValueRef, FunctionValue};
use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::baling::{self, BalingKind};
use crate::diag::{Diagnostic, PassCx, Severity};
use crate::ir;
use crate::platform;

/// The name this emitter reports under (diagnostics, statistics).
pub const NAME: &str = "genx-visa-emit";

/// What the register decisions did, for `-stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Copies the lowering asked for that coalescing removed (the two variables became one).
    pub coalesced: u64,
    /// Copies kept: a phi's incoming value still live where the phi's variable is written.
    pub copies_phi: u64,
    /// Copies kept: a `wrregion`'s old value still live after the write.
    pub copies_old_live: u64,
    /// Copies kept: the unselected value of a select under the execution mask, still live after it.
    pub copies_masked_select: u64,
    /// Copies kept: a message operand not at the start of a GRF of its variable.
    pub copies_payload: u64,
    /// Copies kept: a predicated load's `old` value into its result before the message writes the enabled lanes.
    pub copies_merge: u64,
    /// Copies kept: a global's value read or written (vload/vstore) while the other variable is still live.
    pub copies_global: u64,
    /// Moves the kept copies became.
    pub copy_moves: u64,
    /// `addr_add`s that repeated the previous one's address, removed (`genx_visa::address`).
    pub addresses_commoned: u64,
    /// `wrregion`s and predicated loads onto a constant old value (written by moves first).
    pub constant_olds: u64,
    /// Bitcasts emitted as aliases.
    pub aliases: u64,
    /// `wrregion`s that write elements back where they are (no instruction: the result is the source's variable).
    pub writes_in_place: u64,
    /// `icmp ne X, 0` folded into the predicate X materialises (`truth.rs`).
    pub truth_folds: u64,
    /// Message payloads read in place from a region of a vector (a view, no copy unless misaligned).
    pub payload_views: u64,
    /// genx-legalize's joins of split pieces read only piece by piece, taken apart (`pieces.rs`).
    pub split_joins: u64,
    /// Instructions whose place changed when each was sunk to just before its first use (`schedule.rs`).
    pub sunk: u64,
    /// vISA instructions emitted.
    pub instructions: u64,
}

impl Stats {
    /// Copies that stay in the code.
    pub fn copies(&self) -> u64 {
        self.copies_phi + self.copies_old_live + self.copies_masked_select + self.copies_payload + self.copies_merge + self.copies_global
    }
}

/// One kernel, emitted.
#[derive(Clone, Debug)]
pub struct Emitted {
    pub kernel: genx_visa::Kernel,
    pub stats: Stats,
}

impl Emitted {
    /// The `.visaasm` text.
    pub fn text(&self) -> String {
        genx_visa::render(&self.kernel)
    }
}

/// One `!genx.kernels` entry, as emission needs it.
#[derive(Clone, Debug)]
pub struct KernelEntry {
    pub function: LLVMValueRef,
    pub name: String,
    pub kinds: Vec<u64>,
    /// The argument descriptors (`"buffer_t"`, `"image2d_t read_only"`, `"svmptr_t"`), empty when absent.
    pub descriptors: Vec<String>,
    /// As written (64 bits: a size past 32 bits is over every platform's limit, never wrapped under it).
    pub slm_size: u64,
}

/// The kernels `!genx.kernels` describes, in its order (entries whose function is gone are skipped).
pub fn kernel_entries(module: LLVMModuleRef) -> Vec<KernelEntry> {
    let name = CString::new("genx.kernels").unwrap_or_default();
    let mut out = Vec::new();
    // SAFETY: reading metadata of a live module; every operand is checked for its kind before use.
    unsafe {
        let count = LLVMGetNamedMetadataNumOperands(module, name.as_ptr()) as usize;
        let mut nodes = vec![std::ptr::null_mut(); count];
        if count > 0 {
            LLVMGetNamedMetadataOperands(module, name.as_ptr(), nodes.as_mut_ptr());
        }
        for node in nodes {
            let operands = ir::md_operands(node);
            let Some(&function) = operands.first().filter(|f| !f.is_null() && !LLVMIsAFunction(**f).is_null()) else {
                continue;
            };
            let string = |v: LLVMValueRef| -> Option<String> {
                if v.is_null() {
                    return None;
                }
                let mut len = 0u32;
                let text = LLVMGetMDString(v, &mut len);
                (!text.is_null()).then(|| {
                    String::from_utf8_lossy(std::slice::from_raw_parts(text as *const u8, len as usize)).into_owned()
                })
            };
            let name = operands.get(1).and_then(|v| string(*v)).unwrap_or_else(|| ir::value_name(function));
            let int = |v: LLVMValueRef| {
                (!v.is_null() && !LLVMIsAConstantInt(v).is_null()).then(|| LLVMConstIntGetZExtValue(v))
            };
            let kinds = operands
                .get(2)
                .filter(|v| !v.is_null() && !LLVMIsAMDNode(**v).is_null())
                .map(|v| ir::md_operands(*v).into_iter().map(|k| int(k).unwrap_or(0)).collect())
                .unwrap_or_default();
            let slm_size = operands.get(3).and_then(|v| int(*v)).unwrap_or(0);
            let descriptors = operands
                .get(6)
                .filter(|v| !v.is_null() && !LLVMIsAMDNode(**v).is_null())
                .map(|v| ir::md_operands(*v).into_iter().map(|d| string(d).unwrap_or_default()).collect())
                .unwrap_or_default();
            out.push(KernelEntry { function, name, kinds, descriptors, slm_size });
        }
    }
    out
}

/// Emits one kernel. The function is baled for code generation first (which may rewrite it, as baling does).
pub fn emit_kernel(entry: &KernelEntry) -> Result<Emitted, Diagnostic> {
    let function = entry.function;
    let platform = platform::of_function(function).map_err(|unknown| {
        Diagnostic::at_function(
            Severity::Error,
            NAME,
            function,
            format!("{unknown} (from the \"target-cpu\" attribute)"),
        )
    })?;
    let truth_folds = crate::truth::fold(function);
    let split_joins = pieces::forward(function);
    let sunk = schedule::sink(function);
    let (bales, _) = baling::bale_function(function, platform, BalingKind::CodeGen);
    let mut emitted = lower::Lowering::run(entry, &bales, platform)?;
    emitted.stats.truth_folds = truth_folds;
    emitted.stats.split_joins = split_joins;
    emitted.stats.sunk = sunk;
    if let Err(errors) = genx_visa::verify(&emitted.kernel) {
        return Err(Diagnostic::at_function(
            Severity::Error,
            NAME,
            function,
            format!("internal error: the vISA of kernel '{}' fails verification: {}", entry.name, errors.join("; ")),
        ));
    }
    Ok(emitted)
}

/// Emits every kernel of `module`; the errors, one per kernel that could not be emitted.
pub fn emit_module(module: LLVMModuleRef) -> Result<Vec<Emitted>, Vec<Diagnostic>> {
    let entries = kernel_entries(module);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for entry in &entries {
        if ir::is_declaration(entry.function) {
            continue;
        }
        match emit_kernel(entry) {
            Ok(emitted) => out.push(emitted),
            Err(error) => errors.push(error),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Pass body of `print<genx-visa-emit>`: emits the function when it is a kernel and prints its `.visaasm` to
/// stderr; counts the register decisions.
pub fn print_pass(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    // SAFETY: the function belongs to a live module.
    let module = unsafe { LLVMGetGlobalParent(function) };
    let Some(entry) = kernel_entries(module).into_iter().find(|entry| entry.function == function) else {
        return false;
    };
    match emit_kernel(&entry) {
        Ok(emitted) => {
            count(cx, &emitted.stats);
            eprint!("{}", emitted.text());
        }
        Err(error) => cx.diagnostics.report(error),
    }
    true
}

/// Hands the register decisions to `-stats`.
pub fn count(cx: &PassCx, stats: &Stats) {
    cx.count(c"coalesced", c"copies removed by coalescing (the two variables became one)", stats.coalesced);
    cx.count(c"copies-phi", c"copies kept: a phi's incoming value still live where the phi is written", stats.copies_phi);
    cx.count(c"copies-old-live", c"copies kept: a wrregion's old value still used after it", stats.copies_old_live);
    cx.count(
        c"copies-masked-select",
        c"copies kept: a masked select's unselected value still used after it",
        stats.copies_masked_select,
    );
    cx.count(c"copies-payload", c"copies kept: a message operand not starting a GRF", stats.copies_payload);
    cx.count(c"copies-merge", c"copies kept: a predicated load's old value still live after the load", stats.copies_merge);
    cx.count(c"copies-global", c"copies kept: a global read or written while the other is still live", stats.copies_global);
    cx.count(c"copy-moves", c"moves the kept copies became", stats.copy_moves);
    cx.count(c"addresses-commoned", c"addr_adds repeating the previous one's address, removed", stats.addresses_commoned);
    cx.count(c"writes-in-place", c"wrregions writing elements back where they are (no move)", stats.writes_in_place);
    cx.count(c"truth-folds", c"compares of a predicate's own materialisation folded into the predicate, and chains over one made one select", stats.truth_folds);
    cx.count(c"split-joins", c"joins of split pieces read only piece by piece, taken apart (a variable per piece)", stats.split_joins);
    cx.count(c"sunk", c"instructions placed elsewhere, each just before its first use (depth-first order)", stats.sunk);
    cx.count(c"payload-views", c"message payloads that are a region of a vector, read in place", stats.payload_views);
    cx.count(c"constant-olds", c"wrregions and predicated loads onto a constant old value", stats.constant_olds);
    cx.count(c"aliases", c"bitcasts emitted as vISA aliases", stats.aliases);
    cx.count(c"instructions", c"vISA instructions emitted", stats.instructions);
}
