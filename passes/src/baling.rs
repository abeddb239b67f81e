//! Baling: which LLVM instructions become one vISA instruction (a *bale*), and the rewrites that make every
//! bale a tree of single-use values. `print<genx-baling>` / `print<genx-baling-codegen>` print the result.
//!
//! # What
//! A vISA instruction does more than one LLVM instruction: it reads each source through a region (`rdregion`),
//! possibly with a source modifier (negate, absolute value, not, an extension), computes (the *main*
//! instruction), may saturate, and writes its destination through a region (`wrregion`), possibly predicated.
//! The baling analysis groups the instructions one vISA instruction will do into a bale (docs/genx-ir.md §2.2, IGC's
//! `GenXBaling`): a tree whose root, the *head*, is the one instruction not baled into anything; every other
//! member has exactly one use, inside the bale. Each instruction gets a [`BaleInfo`]: its [`Role`] in its bale
//! and a 16-bit map of which of its operands are baled into it. The largest shape is
//!
//! ```text
//! [wrregion] <- [sat] <- main <- {modifier chain} <- rdregion <- index add
//! ```
//!
//! per source operand; a bale may have no main instruction (`rdregion -> modifier -> wrregion` is a move).
//! [`analyze`] is the pure analysis; [`bale_function`] first makes the IR balable (the rewrites below) and is
//! what genx-legalize and the printers run.
//!
//! # Why: where bales come from
//! | CM source | bale |
//! |---|---|
//! | `c.select<8,1>(0) = a.select<8,2>(0) + b.select<8,2>(1)` | `wrregion <- add <- rdregion, rdregion` |
//! | `r = -cm_abs<int>(v)`, `r = ~m` | `NEGMOD`/`ABSMOD`/`NOTMOD` modifiers on a main instruction's operands |
//! | `vector<int,8> w = v8_short + v8_ushort` (mixed types) | `ZEXT`/`SEXT` baled into the add |
//! | `cm_add<float>(a, b, SAT)` | `sat <- fadd` |
//! | `v(i)` with a variable `i`, `v.select<4,1>(i + 2)` | `rdregion <- add` (`ADDRADD`, offset in the address immediate) |
//! | `v = (a > b)` with `v` an int vector of 0/-1 | `select(cmp, -1, 0)` baled into the cmp (`CMPDST`) |
//! | `SIMD_IF_BEGIN(m > 0)`, `v.merge(x, mask)` | `br <- any(cmp)`, `wrregion` with a predicate (CodeGen only) |
//!
//! # Algorithm
//! [`bale_function`] runs, in order:
//! 1. **Redirect** ([`redirect_wrregion_new_uses`], IGC's prologue): when `V` feeds a direct, unpredicated
//!    `W = wrregion(A, V, R)` and has later uses in the same block, those uses read `rdregion(W, R)` instead, so
//!    `V` has one use and can bale into the write.
//! 2. **Analysis** ([`analyze`]; blocks in depth-first preorder from the entry so definitions come before uses,
//!    instructions in order), one rule per kind of instruction (`analysis.rs`): wrregion, wrpredregion,
//!    wrpredpredregion, sat, rdregion, rdpredregion, branch, store, inline asm, select-into-cmp, and every other
//!    instruction as a potential main instruction, whose operands bale a modifier or a rdregion when the operand
//!    accepts it (`operands.rs`, with the intrinsics' operand descriptions of `arg_info.rs` and the region checks
//!    of `regions.rs`). When run by [`bale_function`] the analysis also rewrites, as IGC does: a modifier with a
//!    constant operand is folded away, and a select that bales nothing becomes a predicated wrregion when one
//!    arm can bale into a write.
//! 3. **Cloning** (`transform.rs`, IGC's `doClones`): each baled operand with more than one use is cloned for
//!    its bale, the clone taking the original's [`BaleInfo`]; the clone's own baled operands are then cloned in
//!    turn (deepest last). In CodeGen baling, a cloned region's index computation is cloned too.
//!
//! A `rdregion` bales into a user in another block only when its source is not also updated in place (the Old
//! value of a `wrregion`, or a phi's incoming value): emitted at the user, the read would keep the old vector
//! alive across the update and force a copy of all of it (`util::read_would_outlive_updates`; our rule).
//!
//! Kinds ([`BalingKind`]): **Legalization** (IGC's first baling, before genx-legalize) waives the region
//! restrictions of intrinsic operands when the main instruction can be split, and refuses a multi-use rdregion
//! when a user is a bitcast or the region is indirect; **CodeGen** (the final baling) checks every restriction and
//! also bales predicates: `rdpredregion`, predicate `not` (`NOTP`), `all`/`any` (`ALLANY`), predicate
//! shufflevectors (`SHUFFLEPRED`), and goto/join → extractvalue → conditional branch. The platform
//! ([`Platform`]) decides the GRF size that raw operands (message payloads and results) and GRF- or
//! oword-aligned operands are checked against, and whether a multi-indirect byte region can be an operand.
//!
//! For genx-legalize: [`Bales::head_of`], [`Bales::members`], [`Bales::main_inst`], [`Bales::parent`] read the
//! bales; [`Bales::unbale`], [`Bales::set_info`] and [`Bales::reprocess`] (IGC's `processInst`, for new
//! instructions) update them; [`arg_info`] has each intrinsic's execution-size rule and operand restrictions.
//!
//! # Printer format (`print<genx-baling>` = Legalization kind, `print<genx-baling-codegen>` = CodeGen)
//! Runs [`bale_function`] for the function's platform ([`platform::of_function`], the `"target-cpu"`
//! attribute) and writes to stderr (stdout carries IR), per function:
//!
//! ```text
//! bales of 'f' (legalization, icllp):
//! bale %w: %w = WRREGION{1} (%s = MAININST{0,1} (%a = RDREGION, %b = RDREGION))
//! bale %c: %c = MAININST
//! <blank line>
//! ```
//!
//! One line per bale, heads in instruction order. A member is written `NAME = ROLE{operands}`: the operand set
//! (omitted when empty) lists the baled operand numbers; the members baled into it follow in parentheses, in
//! operand order, separated by `, ` — so the line is the bale tree in preorder. `NAME` is `%name`, `%N` for an
//! unnamed value, or `<opcode>@<block>#<index>` for an instruction without a value (a store, a branch). A bale
//! is printed for every instruction the analysis considered (the candidates of every rule: main instructions,
//! intrinsic calls, regions, global stores, and conditional branches that bale something); phis, loads, plain
//! stores, bitcasts and other instructions no vISA instruction is made from are not listed. If the invariant
//! fails, a line `invariant violated: <reason>` follows the function's bales.
//!
//! # Invariants
//! * After [`bale_function`], every non-head member has exactly one use, inside its bale (except a goto/join,
//!   baled into the extractvalue of its `!any` result, which feeds a branch): [`Bales::violations`] checks it.
//! * The rewrites preserve the function's values (translation validation in the lit tests); the analysis
//!   itself never changes IR. Nothing panics; IR the rules do not recognise is simply not baled.
//! * No operation that touches memory is baled across an instruction that writes memory (or reads it, when the
//!   operation writes), since baling moves it to the head's position.
//!
//! # Not handled (IGC does these)
//! Two-address sends whose rdregion/wrregion legalization has split (only the unsplit case bales); the
//! `faddr` role; global-variable details (`genx_volatile` is invisible to the C API: stores to a global bale a
//! wrregion as `GSTORE`, but the gstore normalisation, phi propagation and global-load exceptions are not done,
//! and global loads count as memory accesses); the vload-kill check; the special clone of a rdregion of a
//! predefined-register read; constant-predicate and shufflevector cases of "same mask as operand"; the rest of
//! IGC's prologue (bitcast-of-bitcast folding, single-incoming phi removal, inline-assembly extractvalue
//! reordering); the alignment marks IGC puts on live ranges. No optimization remarks explain refusals yet;
//! instructions created by the rewrites after their block was analysed (an inverted select condition) get no
//! info of their own.
//!
//! Deliberate differences from IGC's code, following docs/genx-ir.md §2.2 and the instruction set: `fsub 0.0, x` is
//! not a negation (only `fsub -0.0, x` is, since `+0.0 - +0.0 = +0.0`); an extension bales only an abs
//! modifier or a rdregion, never another extension; `fneg` and the abs intrinsics bale into a wrregion or a
//! saturation like the other modifiers (IGC leaves them out because they are not `BinaryOperator`s); a splat is
//! "scalar" for `SCALARORCONTIGUOUS` operands; a wrregion also bales a disjoint `or` index (`ADDROR`); every
//! predicate baling, `rdpredregion` and predicate `not` included, is CodeGen-only (IGC's code bales those two in
//! its first baling too, against its own design note).

mod analysis;
pub mod arg_info;
#[rustfmt::skip] // a large data table, kept one field per line
mod arg_info_table;
mod memory;
mod operands;
mod print;
mod regions;
mod transform;
pub(crate) mod util;

use std::collections::HashMap;

use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::PassCx;
use crate::llvm_sys::prelude::*;
use crate::platform::{self, Platform};

pub use regions::can_split;
pub use transform::{clone_multi_use_members, redirect_wrregion_new_uses};

/// The role of an instruction in its bale (IGC's `BaleInfo::Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The main instruction (also: any instruction not otherwise classified).
    MainInst,
    /// A `wrregion` (the destination region).
    WrRegion,
    /// `llvm.genx.sat` or an integer saturation intrinsic.
    Saturate,
    /// `xor x, -1` on a non-predicate: the logic not source modifier.
    NotMod,
    /// `fneg x`, `sub 0, x`, `fsub -0.0, x`: the negate source modifier.
    NegMod,
    /// `llvm.genx.absi`, `llvm.genx.absf`, `llvm.fabs`: the absolute-value source modifier.
    AbsMod,
    /// A `rdregion` (a source region).
    RdRegion,
    /// A constant `add`/`sub` computing a region index (the constant goes to the address immediate).
    AddrAdd,
    /// A disjoint constant `or` computing a region index.
    AddrOr,
    /// A `rdpredregion` (part of a predicate).
    RdPredRegion,
    /// `llvm.genx.all` / `llvm.genx.any` baled into a branch or select condition.
    AllAny,
    /// A predicate `not` baled into a predicate use.
    NotP,
    /// A `zext` (not from i1): an unsigned source type.
    ZExt,
    /// A `sext` (not from i1): a signed source type.
    SExt,
    /// A predicate shufflevector replicating a slice.
    ShufflePred,
    /// A `wrpredregion`.
    WrPredRegion,
    /// A `wrpredpredregion`.
    WrPredPredRegion,
    /// `select(cmp, -1, 0)` baled into the cmp's destination.
    CmpDst,
    /// A store of a wrregion to a global variable.
    GStore,
    /// `llvm.genx.read.predef.reg` / `write.predef.reg`.
    RegIntr,
}

impl Role {
    /// The role's name as the printer writes it (IGC's enumerator).
    pub fn name(self) -> &'static str {
        match self {
            Role::MainInst => "MAININST",
            Role::WrRegion => "WRREGION",
            Role::Saturate => "SATURATE",
            Role::NotMod => "NOTMOD",
            Role::NegMod => "NEGMOD",
            Role::AbsMod => "ABSMOD",
            Role::RdRegion => "RDREGION",
            Role::AddrAdd => "ADDRADD",
            Role::AddrOr => "ADDROR",
            Role::RdPredRegion => "RDPREDREGION",
            Role::AllAny => "ALLANY",
            Role::NotP => "NOTP",
            Role::ZExt => "ZEXT",
            Role::SExt => "SEXT",
            Role::ShufflePred => "SHUFFLEPRED",
            Role::WrPredRegion => "WRPREDREGION",
            Role::WrPredPredRegion => "WRPREDPREDREGION",
            Role::CmpDst => "CMPDST",
            Role::GStore => "GSTORE",
            Role::RegIntr => "REGINTR",
        }
    }

    /// A source modifier (negate, abs, not, or an extension).
    pub fn is_modifier(self) -> bool {
        matches!(self, Role::NegMod | Role::AbsMod | Role::NotMod | Role::ZExt | Role::SExt)
    }
}

/// The baling facts of one instruction: its role, and which operands are baled into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaleInfo {
    pub role: Role,
    /// Bit `n` set: operand `n` (an instruction) is baled into this one.
    pub operands: u16,
}

impl Default for BaleInfo {
    fn default() -> Self {
        BaleInfo::new(Role::MainInst)
    }
}

impl BaleInfo {
    pub fn new(role: Role) -> BaleInfo {
        BaleInfo { role, operands: 0 }
    }

    pub fn is_operand_baled(&self, n: u32) -> bool {
        n < 16 && self.operands >> n & 1 == 1
    }

    pub fn set_operand_baled(&mut self, n: u32) {
        if n < 16 {
            self.operands |= 1 << n;
        }
    }

    pub fn clear_operand_baled(&mut self, n: u32) {
        if n < 16 {
            self.operands &= !(1 << n);
        }
    }

    /// The baled operand numbers, ascending.
    pub fn baled_operands(self) -> impl Iterator<Item = u32> {
        (0..16).filter(move |&n| self.is_operand_baled(n))
    }
}

/// Which baling: IGC's `BK_Legalization` (before legalization) or `BK_CodeGen` (the final one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BalingKind {
    Legalization,
    CodeGen,
}

impl BalingKind {
    pub fn name(self) -> &'static str {
        match self {
            BalingKind::Legalization => "legalization",
            BalingKind::CodeGen => "codegen",
        }
    }
}

/// One member of a bale, as [`Bales::members`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaleMember {
    pub inst: LLVMValueRef,
    pub info: BaleInfo,
    /// The member this one is baled into, and the operand number there (`None` for the head).
    pub parent: Option<(LLVMValueRef, u32)>,
}

/// A broken invariant: `inst` is baled into `user` but does not have exactly one use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub inst: LLVMValueRef,
    pub user: LLVMValueRef,
    pub message: String,
}

/// The baling of one function: a [`BaleInfo`] per considered instruction.
#[derive(Clone)]
pub struct Bales {
    function: LLVMValueRef,
    platform: Platform,
    kind: BalingKind,
    infos: HashMap<LLVMValueRef, BaleInfo>,
}

impl Bales {
    pub fn function(&self) -> LLVMValueRef {
        self.function
    }

    pub fn platform(&self) -> &Platform {
        &self.platform
    }

    pub fn kind(&self) -> BalingKind {
        self.kind
    }

    /// The info of `inst` (a main instruction baling nothing when the analysis did not consider it).
    pub fn info(&self, inst: LLVMValueRef) -> BaleInfo {
        self.infos.get(&inst).copied().unwrap_or_default()
    }

    /// Whether the analysis considered `inst` (it has an info of its own).
    pub fn is_considered(&self, inst: LLVMValueRef) -> bool {
        self.infos.contains_key(&inst)
    }

    pub fn role(&self, inst: LLVMValueRef) -> Role {
        self.info(inst).role
    }

    /// Replaces the info of `inst` (genx-legalize uses this to unbale or to describe instructions it creates).
    pub fn set_info(&mut self, inst: LLVMValueRef, info: BaleInfo) {
        self.infos.insert(inst, info);
    }

    /// Forgets `inst` (before erasing it).
    pub fn remove(&mut self, inst: LLVMValueRef) {
        self.infos.remove(&inst);
    }

    /// The instruction `inst` is baled into, if any (IGC's `getBaleParent`): its single user, when that user
    /// bales the operand; for a goto/join, the extractvalue of its `!any` result when that bales it.
    pub fn parent(&self, inst: LLVMValueRef) -> Option<LLVMValueRef> {
        analysis::bale_parent(self, inst)
    }

    pub fn is_baled(&self, inst: LLVMValueRef) -> bool {
        self.parent(inst).is_some()
    }

    /// The head of the bale containing `inst`.
    pub fn head_of(&self, mut inst: LLVMValueRef) -> LLVMValueRef {
        // A chain of single uses ends; the bound guards against a cycle through a malformed use list.
        for _ in 0..4096 {
            match self.parent(inst) {
                Some(parent) => inst = parent,
                None => break,
            }
        }
        inst
    }

    /// Removes `inst` from the bale it is baled into (clears the bit in its parent).
    pub fn unbale(&mut self, inst: LLVMValueRef) {
        if let Some(parent) = self.parent(inst) {
            let mut info = self.info(parent);
            for n in info.baled_operands().collect::<Vec<_>>() {
                if util::operand(parent, n) == inst {
                    info.clear_operand_baled(n);
                }
            }
            self.set_info(parent, info);
        }
    }

    /// The members of the bale headed by `head`: the head first, then depth-first in operand order (a member's
    /// baled operands, lowest operand number first, each followed by its own members). Reversed, every member
    /// comes after the members baled into it (IGC's `Bale` iteration order: definitions before uses).
    pub fn members(&self, head: LLVMValueRef) -> Vec<BaleMember> {
        let mut out = Vec::new();
        self.collect_members(head, None, &mut out, 0);
        out
    }

    fn collect_members(
        &self,
        inst: LLVMValueRef,
        parent: Option<(LLVMValueRef, u32)>,
        out: &mut Vec<BaleMember>,
        depth: u32,
    ) {
        let info = self.info(inst);
        out.push(BaleMember { inst, info, parent });
        if depth > 64 {
            return;
        }
        for n in info.baled_operands() {
            if let Some(op) = util::operand_inst(inst, n) {
                self.collect_members(op, Some((inst, n)), out, depth + 1);
            }
        }
    }

    /// The main instruction of the bale headed by `head`, if it has one (IGC's `Bale::getMainInst`): below the
    /// wrregion, saturation or global store at the top, the member with role `MAININST`.
    pub fn main_inst(&self, head: LLVMValueRef) -> Option<LLVMValueRef> {
        let mut inst = head;
        for _ in 0..8 {
            let info = self.info(inst);
            let next = match info.role {
                Role::WrRegion => 1,
                Role::GStore | Role::Saturate => 0,
                Role::MainInst => return Some(inst),
                _ => return None,
            };
            if !info.is_operand_baled(next) {
                return None;
            }
            inst = util::operand_inst(inst, next)?;
        }
        None
    }

    /// The bale heads among the considered instructions, in function order (blocks in layout order).
    pub fn heads(&self) -> Vec<LLVMValueRef> {
        crate::ir::blocks(self.function)
            .flat_map(crate::ir::instructions)
            .filter(|&inst| self.is_considered(inst) && !self.is_baled(inst))
            .collect()
    }

    /// Every place the invariant "a non-head member has exactly one use, inside its bale" fails.
    pub fn violations(&self) -> Vec<Violation> {
        analysis::violations(self)
    }

    /// Recomputes the info of one instruction (and of the predicate instructions it bales), as the analysis
    /// would: for instructions genx-legalize creates or changes (IGC's `processInst`).
    pub fn reprocess(&mut self, inst: LLVMValueRef) {
        analysis::reprocess(self, inst);
    }
}

/// Runs the baling analysis over `function` for `platform`: a pure analysis, the IR is not changed. Before
/// [`clone_multi_use_members`] (or outside [`bale_function`]) some baled operands may have several uses.
pub fn analyze(function: LLVMValueRef, platform: &Platform, kind: BalingKind) -> Bales {
    analysis::run(function, platform, kind, false).0
}

/// What [`bale_function`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Uses of a wrregion's New value redirected to a rdregion of the wrregion.
    pub redirected: usize,
    /// Modifiers with constant operands folded away.
    pub folded: usize,
    /// Selects turned into predicated wrregions.
    pub selects: usize,
    /// Baled instructions cloned so that each has one use.
    pub cloned: usize,
}

impl Changes {
    pub fn any(&self) -> bool {
        self.redirected + self.folded + self.selects + self.cloned > 0
    }
}

/// Makes `function` balable and bales it: the redirect pre-pass, the analysis (folding constant modifiers and
/// turning selects into predicated wrregions as it goes), and cloning of multi-use baled operands. The result
/// satisfies the single-use invariant.
pub fn bale_function(function: LLVMValueRef, platform: &Platform, kind: BalingKind) -> (Bales, Changes) {
    let redirected = redirect_wrregion_new_uses(function);
    let (mut bales, rewrites) = analysis::run(function, platform, kind, true);
    let cloned = transform::clone_baled_operands(&mut bales);
    let changes = Changes { redirected, folded: rewrites.folded, selects: rewrites.selects, cloned };
    (bales, changes)
}

/// The invariant checker: [`Bales::violations`] as a result.
pub fn check_invariant(bales: &Bales) -> Result<(), Vec<Violation>> {
    let violations = bales.violations();
    if violations.is_empty() {
        Ok(())
    } else {
        Err(violations)
    }
}

fn print_pass(function: FunctionValue<'_>, cx: &mut PassCx, kind: BalingKind) -> bool {
    let function = function.as_value_ref();
    let platform = match platform::of_function(function) {
        Ok(platform) => platform,
        Err(unknown) => {
            cx.diagnostics.report(crate::diag::Diagnostic::at_function(
                crate::diag::Severity::Error,
                cx.pass,
                function,
                format!("{unknown} (from the \"target-cpu\" attribute)"),
            ));
            return false;
        }
    };
    let (bales, changes) = bale_function(function, platform, kind);
    cx.count(c"redirected", c"wrregion New values whose other uses now read the wrregion", changes.redirected as u64);
    cx.count(c"folded", c"modifiers with constant operands folded", changes.folded as u64);
    cx.count(c"selects", c"selects turned into predicated wrregions", changes.selects as u64);
    cx.count(c"cloned", c"baled instructions cloned to have a single use", changes.cloned as u64);
    eprint!("{}", print::render(&bales));
    changes.any()
}

/// Pass body of `print<genx-baling>`: bales for legalization and prints the bales to stderr.
pub fn print_legalization(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    print_pass(function, cx, BalingKind::Legalization)
}

/// Pass body of `print<genx-baling-codegen>`: bales for code generation and prints the bales to stderr.
pub fn print_codegen(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    print_pass(function, cx, BalingKind::CodeGen)
}
