//! The machine-level IR: a vISA kernel as data.
//!
//! A [`Kernel`] owns its variables ([`Var`], addressed by [`VarId`]), its inputs (`.input`), and its blocks of
//! [`Inst`]s, each exactly one vISA instruction. Operands address variables in bytes ([`Src::offset`],
//! [`Dst::offset`], [`Raw::offset`]); the printer turns a byte offset into vISA's `(row, column)` with the
//! kernel's GRF size, so nothing above the printer computes rows.

use std::fmt;

/// A vISA element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    UB,
    B,
    UW,
    W,
    UD,
    D,
    UQ,
    Q,
    HF,
    F,
    DF,
    /// Packed signed 4-bit integers, eight in a dword: only an immediate's type (`0x76543210:v`).
    V,
    /// Packed unsigned 4-bit integers: only an immediate's type (`:uv`).
    UV,
}

impl Type {
    pub fn bytes(self) -> u32 {
        match self {
            Type::UB | Type::B => 1,
            Type::UW | Type::W | Type::HF => 2,
            Type::UD | Type::D | Type::F | Type::V | Type::UV => 4,
            Type::UQ | Type::Q | Type::DF => 8,
        }
    }

    /// The type's spelling in `.visaasm` (`type=ud`, `0x1:ud`).
    pub fn name(self) -> &'static str {
        match self {
            Type::UB => "ub",
            Type::B => "b",
            Type::UW => "uw",
            Type::W => "w",
            Type::UD => "ud",
            Type::D => "d",
            Type::UQ => "uq",
            Type::Q => "q",
            Type::HF => "hf",
            Type::F => "f",
            Type::DF => "df",
            Type::V => "v",
            Type::UV => "uv",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Type::HF | Type::F | Type::DF)
    }

    pub fn is_signed(self) -> bool {
        matches!(self, Type::B | Type::W | Type::D | Type::Q) || self.is_float()
    }

    /// The integer type of this width and signedness.
    pub fn int(bytes: u32, signed: bool) -> Option<Type> {
        Some(match (bytes, signed) {
            (1, false) => Type::UB,
            (1, true) => Type::B,
            (2, false) => Type::UW,
            (2, true) => Type::W,
            (4, false) => Type::UD,
            (4, true) => Type::D,
            (8, false) => Type::UQ,
            (8, true) => Type::Q,
            _ => return None,
        })
    }

    /// The same width with the other signedness (floats unchanged).
    pub fn with_sign(self, signed: bool) -> Type {
        if self.is_float() {
            self
        } else {
            Type::int(self.bytes(), signed).unwrap_or(self)
        }
    }
}

/// Index of a variable in [`Kernel::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Index of a label in [`Kernel::labels`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LabelId(pub u32);

/// Alignment of a general variable (`align=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The element type's natural alignment (printed as `byte`, `word`, `dword` or `qword`).
    Natural,
    /// One GRF: needed by message payloads and results, and chosen for vectors of a GRF or more.
    Grf,
}

/// A register category (IGC's `GenXCategory`): what kind of vISA variable a value lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// A general register variable: `elems` elements of `ty`.
    General { ty: Type, elems: u32, align: Align },
    /// A predicate (flag) variable of `elems` bits.
    Predicate { elems: u32 },
    /// An address register variable of `elems` elements.
    Address { elems: u32 },
    /// A surface (binding-table index) variable.
    Surface,
    /// A sampler state variable.
    Sampler,
}

/// Where a variable comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Declared by the kernel (`.decl`).
    Declared,
    /// Declared as a view of another general variable at a byte offset (`.decl ... alias=<base, offset>`):
    /// a bitcast costs no instruction.
    Alias { base: VarId, offset: u32 },
    /// One of vISA's predefined variables, spelled as vISA spells it (`%thread_x`, `%group_id_y`, `%slm`):
    /// never declared.
    Predefined(&'static str),
}

/// A variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub category: Category,
    pub origin: Origin,
    /// What the variable holds, for the reader (`// %name` after the declaration); not part of the program.
    pub note: String,
}

impl Var {
    /// Bytes of a general variable (0 for other categories).
    pub fn bytes(&self) -> u32 {
        match self.category {
            Category::General { ty, elems, .. } => ty.bytes() * elems,
            _ => 0,
        }
    }

    /// The element type of a general variable.
    pub fn ty(&self) -> Option<Type> {
        match self.category {
            Category::General { ty, .. } => Some(ty),
            _ => None,
        }
    }
}

/// A source modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Modifier {
    #[default]
    None,
    Neg,
    Abs,
    NegAbs,
    /// Logical not (integer sources of logic instructions).
    Not,
}

/// A source region `<vstride;width,hstride>` in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub vstride: u32,
    pub width: u32,
    pub hstride: u32,
}

impl Region {
    /// `<0;1,0>`: one element, broadcast.
    pub const SCALAR: Region = Region { vstride: 0, width: 1, hstride: 0 };

    /// The byte offset (from the region's start) of each of `n` elements of `bytes` each.
    pub fn element_offsets(&self, n: u32, bytes: u32) -> impl Iterator<Item = u32> + '_ {
        let width = self.width.max(1);
        (0..n).map(move |i| ((i / width) * self.vstride + (i % width) * self.hstride) * bytes)
    }
}

/// A source operand reading a region of a general variable (through its own type).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Src {
    pub var: VarId,
    /// Byte offset of the region's first element in the variable.
    pub offset: u32,
    pub region: Region,
    pub modifier: Modifier,
}

/// An immediate: the value's bits (zero-extended), and its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Imm {
    pub bits: u64,
    pub ty: Type,
}

/// A source read through an address variable (`r[A(k),offset]<vstride;width,hstride>:type`): the elements
/// start `offset` bytes after the address element `addr_elem` of `addr` holds. Multi-indirect
/// (`r[A(k),offset]<width,hstride>:type`): row `i` (of `region.width` elements) starts at address element
/// `addr_elem + i`; `region.vstride` is unused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IndirectSrc {
    pub addr: VarId,
    pub addr_elem: u32,
    pub offset: i32,
    pub region: Region,
    pub ty: Type,
    pub modifier: Modifier,
    pub multi: bool,
}

/// A source: a region, an immediate, or a region read through an address variable.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operand {
    Region(Src),
    Imm(Imm),
    Indirect(IndirectSrc),
}

/// A destination region: elements `hstride` apart from byte `offset` of a general variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dst {
    pub var: VarId,
    pub offset: u32,
    pub hstride: u32,
}

/// A raw operand (message payloads and results): a general variable from a byte offset (`V12.0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Raw {
    pub var: VarId,
    pub offset: u32,
}

/// Execution size and mask: `(M1, 16)`, `(M5_NM, 8)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    pub size: u32,
    /// First channel of the execution mask the instruction uses (a multiple of 4).
    pub offset: u32,
    /// `NoMask`: ignore the execution mask.
    pub no_mask: bool,
}

impl Exec {
    pub fn simd(size: u32) -> Exec {
        Exec { size, offset: 0, no_mask: false }
    }
}

/// How a predicate's elements decide a channel: its own element, or any / all of the variable's elements
/// (`(P1.any)`, `(P1.all)`: one decision for every channel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PredCtrl {
    #[default]
    Lane,
    Any,
    All,
}

/// A predicate on an instruction: `(P1)`, `(!P1)`, `(P1.any)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pred {
    pub var: VarId,
    pub negate: bool,
    pub ctrl: PredCtrl,
}

impl Pred {
    /// Channel i by element i of `var`.
    pub fn lane(var: VarId, negate: bool) -> Pred {
        Pred { var, negate, ctrl: PredCtrl::Lane }
    }
}

/// A comparison relation (`cmp.lt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl Relation {
    pub fn name(self) -> &'static str {
        match self {
            Relation::Eq => "eq",
            Relation::Ne => "ne",
            Relation::Gt => "gt",
            Relation::Ge => "ge",
            Relation::Lt => "lt",
            Relation::Le => "le",
        }
    }
}

/// Where a compare writes: a predicate variable, or a general destination (0 / all ones per lane).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpDst {
    Pred(VarId),
    General(Dst),
}

/// One vISA instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    /// An ALU instruction: `[(P)] op[.sat] (M, n) dst src...` (`mov`, `add`, `sel`, `mad`, ...); the opcode's
    /// operand count is [`crate::opcodes::alu`]'s.
    Alu { op: &'static str, sat: bool, exec: Exec, pred: Option<Pred>, dst: Dst, srcs: Vec<Operand> },
    /// `addc (M, n) dst carry src0 src1`: an unsigned add that also writes each lane's carry (0 or 1); with
    /// `borrow`, `subb`: the unsigned difference `src0 - src1` and each lane's borrow (0 or 1).
    AddC { exec: Exec, borrow: bool, dst: Dst, carry: Dst, srcs: [Operand; 2] },
    /// `cmp.rel (M, n) dst src0 src1`.
    Cmp { rel: Relation, exec: Exec, dst: CmpDst, srcs: [Operand; 2] },
    /// `setp (M, n) P value`: bit i of `value` (an immediate or a scalar) into lane i of a predicate.
    Setp { exec: Exec, dst: VarId, value: Operand },
    /// `op (M, n) P P [P]`: logic on predicate variables (`and`, `or`, `xor`, `not`), unpredicated.
    PredLogic { op: &'static str, exec: Exec, dst: VarId, srcs: Vec<VarId> },
    /// `mov (M1_NM, 1) dst P`: a predicate's bits as an unsigned integer (element 0 in the low bit).
    PredToGeneral { dst: Dst, src: VarId },
    /// `[(P)] jmp (M1, 1) label`.
    Jmp { pred: Option<Pred>, target: LabelId },
    /// `[(P)] goto (M1, n) label`: SIMD control flow. Forward, the active channels whose predicate holds are
    /// turned off and wait at `target`; when none is left active, execution goes on where channels wait.
    Goto { exec: Exec, pred: Option<Pred>, target: LabelId },
    /// A whole-variable copy (`dst` and `src` of the same bytes, both general or both predicates), made by
    /// the lowering where a value must reach another variable (a phi's incoming value, a `wrregion`'s old
    /// value). [`crate::coalesce`] removes it when the two variables do not interfere and expands the others
    /// into moves; the printer never sees one.
    Copy { dst: VarId, src: VarId, reason: CopyReason },
    /// `ret (M1, 1)`: the end of the kernel.
    Ret,
    /// `oword_ld[_unaligned] (owords) surface offset dst`: `offset` in owords (aligned) or bytes (unaligned).
    OwordLd { owords: u32, unaligned: bool, modified: bool, surface: VarId, offset: Operand, dst: Raw },
    /// `oword_st (owords) surface offset src`, `offset` in owords.
    OwordSt { owords: u32, surface: VarId, offset: Operand, src: Raw },
    /// `svm_block_ld (owords) address dst`: a block read from a 64-bit shared-virtual-memory address.
    SvmBlockLd { owords: u32, address: Operand, dst: Raw },
    /// `svm_block_st (owords) address src`.
    SvmBlockSt { owords: u32, address: Operand, src: Raw },
    /// `media_ld.<modifier> (width, height) surface plane x y dst`.
    MediaLd { modifier: u32, width: u32, height: u32, surface: VarId, plane: u32, x: Operand, y: Operand, dst: Raw },
    /// `media_st.<modifier> (width, height) surface plane x y src`.
    MediaSt { modifier: u32, width: u32, height: u32, surface: VarId, plane: u32, x: Operand, y: Operand, src: Raw },
    /// `addr_add (M1, n) A(k)<1> &base+offset index`: address element(s) `dst_elem..` of address variable `dst`
    /// become the address of byte `offset` of general variable `base` plus `index` bytes (a scalar or a region of
    /// `ud`/`uw` byte offsets, one per address element).
    AddrAdd { exec: Exec, dst: VarId, dst_elem: u32, base: VarId, offset: u32, index: Operand },
    /// `[(P)] mov (M, n) r[A(k),offset]<hstride>:type src`: a move whose destination is addressed through an
    /// address variable.
    MovIndirect { exec: Exec, pred: Option<Pred>, addr: VarId, addr_elem: u32, offset: i32, hstride: u32, ty: Type, src: Operand },
    /// A per-lane memory message, a barrier, a fence or a surface binding ([`crate::message`]).
    Message(crate::message::Message),
}

impl Inst {
    /// Calls `f` on every variable the instruction names (operands, destinations, predicates, surfaces).
    pub fn for_each_var(&mut self, mut f: impl FnMut(&mut VarId)) {
        let operand = |op: &mut Operand, f: &mut dyn FnMut(&mut VarId)| match op {
            Operand::Region(src) => f(&mut src.var),
            Operand::Indirect(src) => f(&mut src.addr),
            Operand::Imm(_) => {}
        };
        let pred = |p: &mut Option<Pred>, f: &mut dyn FnMut(&mut VarId)| {
            if let Some(p) = p {
                f(&mut p.var);
            }
        };
        match self {
            Inst::Alu { pred: p, dst, srcs, .. } => {
                pred(p, &mut f);
                f(&mut dst.var);
                srcs.iter_mut().for_each(|s| operand(s, &mut f));
            }
            Inst::AddC { dst, carry, srcs, .. } => {
                f(&mut dst.var);
                f(&mut carry.var);
                srcs.iter_mut().for_each(|s| operand(s, &mut f));
            }
            Inst::Cmp { dst, srcs, .. } => {
                match dst {
                    CmpDst::Pred(v) => f(v),
                    CmpDst::General(d) => f(&mut d.var),
                }
                srcs.iter_mut().for_each(|s| operand(s, &mut f));
            }
            Inst::Setp { dst, value, .. } => {
                f(dst);
                operand(value, &mut f);
            }
            Inst::PredLogic { dst, srcs, .. } => {
                f(dst);
                srcs.iter_mut().for_each(&mut f);
            }
            Inst::PredToGeneral { dst, src } => {
                f(&mut dst.var);
                f(src);
            }
            Inst::Jmp { pred: p, .. } | Inst::Goto { pred: p, .. } => pred(p, &mut f),
            Inst::Copy { dst, src, .. } => {
                f(dst);
                f(src);
            }
            Inst::Ret => {}
            Inst::OwordLd { surface, offset, dst, .. } => {
                f(surface);
                operand(offset, &mut f);
                f(&mut dst.var);
            }
            Inst::OwordSt { surface, offset, src, .. } => {
                f(surface);
                operand(offset, &mut f);
                f(&mut src.var);
            }
            Inst::SvmBlockLd { address, dst, .. } => {
                operand(address, &mut f);
                f(&mut dst.var);
            }
            Inst::SvmBlockSt { address, src, .. } => {
                operand(address, &mut f);
                f(&mut src.var);
            }
            Inst::MediaLd { surface, x, y, dst, .. } => {
                f(surface);
                operand(x, &mut f);
                operand(y, &mut f);
                f(&mut dst.var);
            }
            Inst::MediaSt { surface, x, y, src, .. } => {
                f(surface);
                operand(x, &mut f);
                operand(y, &mut f);
                f(&mut src.var);
            }
            Inst::AddrAdd { dst, base, index, .. } => {
                f(dst);
                f(base);
                operand(index, &mut f);
            }
            Inst::MovIndirect { pred: p, addr, src, .. } => {
                pred(p, &mut f);
                f(addr);
                operand(src, &mut f);
            }
            Inst::Message(message) => message.visit(&mut |var, _| f(var)),
        }
    }

    /// The variables the instruction names.
    pub fn vars(&self) -> Vec<VarId> {
        let mut out = Vec::new();
        self.clone().for_each_var(|v| out.push(*v));
        out
    }
}

/// Why the lowering asked for a [`Inst::Copy`] (the `-stats` counters of the copies that stay).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CopyReason {
    /// A phi's incoming value reaching the phi's variable at the end of a predecessor.
    Phi,
    /// A `wrregion`'s old value copied into the new value's variable before the write.
    WrRegionOld,
    /// The unselected value of a select under the execution mask (SIMD control flow), copied before the
    /// masked move of the selected one.
    MaskedSelectOld,
    /// A message operand that does not start a GRF of its variable, copied into a GRF-aligned one.
    Payload,
    /// A predicated load's `old` value, copied into the result before the message writes the enabled lanes.
    Merge,
    /// A global's value read (`vload`) into a variable of its own, or a value written (`vstore`) into the
    /// global's variable.
    Global,
}

impl CopyReason {
    pub const ALL: [CopyReason; 6] = [
        CopyReason::Phi,
        CopyReason::WrRegionOld,
        CopyReason::MaskedSelectOld,
        CopyReason::Payload,
        CopyReason::Merge,
        CopyReason::Global,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CopyReason::Phi => "phi",
            CopyReason::WrRegionOld => "wrregion-old",
            CopyReason::MaskedSelectOld => "masked-select-old",
            CopyReason::Payload => "payload",
            CopyReason::Merge => "merge",
            CopyReason::Global => "global",
        }
    }
}

/// A block: a label and the instructions up to the next one.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub label: LabelId,
    pub insts: Vec<Inst>,
}

/// A kernel argument placed in the thread payload: `.input var offset=N size=M`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    pub var: VarId,
    /// Byte offset in the GRF file (r1 starts at one GRF).
    pub offset: u32,
    pub size: u32,
    /// An implicit argument the runtime fills (`.implicit_LOCAL_ID`, `LOCAL_SIZE`, `GROUP_COUNT`: vISA's
    /// spelling of the kind), or `None` for a kernel argument.
    pub implicit: Option<&'static str>,
}

/// One vISA kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub name: String,
    /// Bytes in one GRF of the target (32 up to Xe-HPG, 64 on Xe-HPC): rows of region operands.
    pub grf_bytes: u32,
    pub slm_size: u32,
    pub vars: Vec<Var>,
    pub inputs: Vec<Input>,
    pub labels: Vec<String>,
    pub blocks: Vec<Block>,
    /// SIMD control flow's implicit edges: `(join, exit)` when reaching the block labelled `join` with no
    /// channel enabled (after the channels waiting there are re-enabled) continues at `exit`, as the
    /// finalizer's `join` instruction does; nothing of the `join` block runs on that edge.
    pub join_exits: Vec<(LabelId, LabelId)>,
}

impl Kernel {
    pub fn new(name: &str, grf_bytes: u32) -> Kernel {
        Kernel {
            name: name.to_string(),
            grf_bytes,
            slm_size: 0,
            vars: Vec::new(),
            inputs: Vec::new(),
            labels: Vec::new(),
            blocks: Vec::new(),
            join_exits: Vec::new(),
        }
    }

    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.0 as usize]
    }

    pub fn add_var(&mut self, category: Category, origin: Origin, note: impl Into<String>) -> VarId {
        self.vars.push(Var { category, origin, note: note.into() });
        VarId(self.vars.len() as u32 - 1)
    }

    /// A general variable of `elems` elements of `ty`, GRF-aligned from one GRF of data up.
    pub fn add_general(&mut self, ty: Type, elems: u32, note: impl Into<String>) -> VarId {
        let align = if ty.bytes() * elems >= self.grf_bytes { Align::Grf } else { Align::Natural };
        self.add_var(Category::General { ty, elems, align }, Origin::Declared, note)
    }

    /// A view of `base` from byte `offset` as `elems` elements of `ty` (a vISA alias).
    pub fn add_alias(&mut self, base: VarId, offset: u32, ty: Type, elems: u32, note: impl Into<String>) -> VarId {
        let root = self.root_of(base);
        let offset = offset + self.offset_in_root(base);
        self.add_var(Category::General { ty, elems, align: Align::Natural }, Origin::Alias { base: root, offset }, note)
    }

    /// The declared (or predefined) variable an alias chain ends at.
    pub fn root_of(&self, mut id: VarId) -> VarId {
        for _ in 0..self.vars.len() {
            match self.var(id).origin {
                Origin::Alias { base, .. } => id = base,
                _ => break,
            }
        }
        id
    }

    /// Byte offset of `id` in its root variable.
    pub fn offset_in_root(&self, mut id: VarId) -> u32 {
        let mut total = 0;
        for _ in 0..self.vars.len() {
            match self.var(id).origin {
                Origin::Alias { base, offset } => {
                    total += offset;
                    id = base;
                }
                _ => break,
            }
        }
        total
    }

    pub fn add_label(&mut self, name: impl Into<String>) -> LabelId {
        self.labels.push(name.into());
        LabelId(self.labels.len() as u32 - 1)
    }

    /// Every instruction, in block order.
    pub fn insts(&self) -> impl Iterator<Item = &Inst> {
        self.blocks.iter().flat_map(|block| block.insts.iter())
    }

    /// The names the printer gives the variables, by index: `V<32+n>` for general variables, `P<1+n>`,
    /// `A<n>`, `T<6+n>`, `S<1+n>` by category, counting each category's declared variables in order (vISA
    /// reserves V0-V31, P0, T0-T5 for its predefined variables), or the predefined variable's own name.
    pub fn var_names(&self) -> Vec<String> {
        let mut counts = [0u32; 5];
        self.vars
            .iter()
            .map(|var| {
                if let Origin::Predefined(name) = var.origin {
                    return name.to_string();
                }
                let (slot, prefix, first) = match var.category {
                    Category::General { .. } => (0, "V", 32),
                    Category::Predicate { .. } => (1, "P", 1),
                    Category::Address { .. } => (2, "A", 0),
                    Category::Surface => (3, "T", 6),
                    Category::Sampler => (4, "S", 1),
                };
                counts[slot] += 1;
                format!("{prefix}{}", first + counts[slot] - 1)
            })
            .collect()
    }
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::print::render(self))
    }
}
