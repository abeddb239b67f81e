//! A vISA kernel as the executor holds it: variables, inputs, labels and instructions with resolved operands.
//!
//! What: the result of reading a `.visaasm` file ([`super::reader`]). Every name is resolved to an index while
//! reading, so execution never looks a name up; every instruction keeps its source line for faults.
//!
//! Storage model (vISA `5_operands.md`): a general variable is a byte array of `elems * size(type)` bytes; an
//! alias (`alias=<V, off>`) is a view of its root variable at a byte offset, so every general variable has a
//! *root* and an offset in it. Address variables hold byte addresses into general variables (a root and an
//! offset); predicate variables hold one bit per element; surface and sampler variables hold an index.
//!
//! Invariants: `Var::root` of a root is itself, and a root has no alias; operands refer to variables of the kind
//! their position needs (checked by the reader); label targets are instruction indices in `0..=insts.len()`.

/// Index of a variable in [`Kernel::vars`].
pub type VarId = u32;

/// vISA element types (`2_datatypes.md`), plus the packed immediate vectors `v`, `uv`, `vf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VType {
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
    /// Packed signed 4-bit integers (an immediate of 8 lanes).
    V,
    /// Packed unsigned 4-bit integers.
    UV,
    /// Packed 8-bit restricted floats (an immediate of 4 lanes).
    VF,
    Bool,
}

impl VType {
    pub fn parse(text: &str) -> Option<VType> {
        Some(match text.to_ascii_lowercase().as_str() {
            "ub" => VType::UB,
            "b" => VType::B,
            "uw" => VType::UW,
            "w" => VType::W,
            "ud" => VType::UD,
            "d" => VType::D,
            "uq" => VType::UQ,
            "q" => VType::Q,
            "hf" => VType::HF,
            "f" => VType::F,
            "df" => VType::DF,
            "v" => VType::V,
            "uv" => VType::UV,
            "vf" => VType::VF,
            "bool" => VType::Bool,
            _ => return None,
        })
    }

    /// Bytes of one element (a packed vector immediate counts as its 4-byte container).
    pub fn size(self) -> usize {
        match self {
            VType::UB | VType::B | VType::Bool => 1,
            VType::UW | VType::W | VType::HF => 2,
            VType::UD | VType::D | VType::F | VType::V | VType::UV | VType::VF => 4,
            VType::UQ | VType::Q | VType::DF => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, VType::HF | VType::F | VType::DF | VType::VF)
    }

    pub fn is_signed(self) -> bool {
        matches!(self, VType::B | VType::W | VType::D | VType::Q | VType::V)
    }

    pub fn bits(self) -> u32 {
        8 * self.size() as u32
    }

    pub fn name(self) -> &'static str {
        match self {
            VType::UB => "ub",
            VType::B => "b",
            VType::UW => "uw",
            VType::W => "w",
            VType::UD => "ud",
            VType::D => "d",
            VType::UQ => "uq",
            VType::Q => "q",
            VType::HF => "hf",
            VType::F => "f",
            VType::DF => "df",
            VType::V => "v",
            VType::UV => "uv",
            VType::VF => "vf",
            VType::Bool => "bool",
        }
    }
}

/// What a variable is (`v_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    General,
    Address,
    Predicate,
    Surface,
    Sampler,
}

/// Variables vISA predefines (`5_operands.md` "Predefined Variables"); their values come from the thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predef {
    Null,
    ThreadX,
    ThreadY,
    GroupId(usize),
    LocalId(usize),
    LocalSize(usize),
    GroupCount(usize),
    Tsc,
    R0,
    /// `%hw_id`: unique among the threads that run at the same time. The executors run groups one after
    /// another, so it is the thread's linear local id (x fastest); IGC uses it to place each thread's private
    /// stack (`%sp`) in the private memory.
    HwId,
    /// `%color`: the colour of a media-walker dispatch; the executors dispatch without colouring, so it is 0
    /// (as `llvm.genx.get.color` on the IR executor).
    Color,
    /// A register with no meaning to a kernel's results (`%arg`, `%sp`, `%sr0`, `%cr0`, ...): storage, initially
    /// undefined.
    Storage,
    /// `%slm` (T0): shared local memory.
    Slm,
    /// T5: stateless (flat) accesses (`%scratch` in IGC's dumps; "T5 (stateless)" in the instruction pages).
    Stateless,
    /// T2: the CM runtime's printf buffer (binding-table index 2), bound by the executors at
    /// [`super::cm_printf::CM_PRINTF_BTI`].
    CmPrintf,
    /// A predefined surface with no model here (T1, T3, T4).
    OtherSurface,
}

#[derive(Clone, Debug)]
pub struct Var {
    pub name: String,
    pub kind: VarKind,
    pub ty: VType,
    pub elems: u32,
    /// The root variable and this variable's byte offset in it (a root: itself and 0).
    pub root: VarId,
    pub offset: u32,
    pub predef: Option<Predef>,
}

impl Var {
    pub fn bytes(&self) -> usize {
        self.elems as usize * self.ty.size()
    }
}

/// An `.input` (explicit kernel argument) or `.implicit_<KIND>` (an argument IGC adds) directive.
#[derive(Clone, Debug)]
pub struct Input {
    pub var: VarId,
    /// Byte offset in the GRF file of the thread payload.
    pub offset: u32,
    pub size: u32,
    /// The kind after `.implicit_` (`LOCAL_ID`, `LOCAL_SIZE`, `GROUP_COUNT`, `UNDEFINED_12`, ...), or `None`.
    pub implicit: Option<String>,
}

/// Source modifier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Modifier {
    #[default]
    None,
    Neg,
    Abs,
    NegAbs,
}

/// A source operand.
#[derive(Clone, Debug)]
pub enum Src {
    /// `V(row,col)<vs;w,hs>`: element `i` is at element `col + (i / w) * vs + (i % w) * hs` of row `row`.
    Direct { var: VarId, row: u32, col: u32, vs: u32, w: u32, hs: u32, ty: VType, modifier: Modifier },
    /// `r[A(k),imm]<vs;w,hs>:ty` (one address) or `r[A(k),imm]<w,hs>:ty` (`multi`: row `r` uses address
    /// element `k + r`).
    Indirect { addr: VarId, elem: u32, imm: i32, vs: u32, w: u32, hs: u32, multi: bool, ty: VType, modifier: Modifier },
    Imm { bits: u64, ty: VType },
    /// `&V + off`: the address of a general variable.
    AddrOf { var: VarId, offset: i32 },
    /// `A(k)<w>`: an address variable's elements.
    Addr { var: VarId, elem: u32 },
    /// A predicate variable as a value.
    Pred { var: VarId },
}

impl Src {
    pub fn ty(&self) -> VType {
        match self {
            Src::Direct { ty, .. } | Src::Indirect { ty, .. } | Src::Imm { ty, .. } => *ty,
            Src::AddrOf { .. } | Src::Addr { .. } => VType::UW,
            Src::Pred { .. } => VType::Bool,
        }
    }

    pub fn modifier(&self) -> Modifier {
        match self {
            Src::Direct { modifier, .. } | Src::Indirect { modifier, .. } => *modifier,
            _ => Modifier::None,
        }
    }
}

/// A destination operand.
#[derive(Clone, Debug)]
pub enum Dst {
    /// `V(row,col)<hs>`.
    Direct { var: VarId, row: u32, col: u32, hs: u32, ty: VType },
    /// `r[A(k),imm]<hs>:ty`.
    Indirect { addr: VarId, elem: u32, imm: i32, hs: u32, ty: VType },
    Pred { var: VarId },
    Addr { var: VarId, elem: u32 },
}

impl Dst {
    pub fn ty(&self) -> VType {
        match self {
            Dst::Direct { ty, .. } | Dst::Indirect { ty, .. } => *ty,
            Dst::Pred { .. } => VType::Bool,
            Dst::Addr { .. } => VType::UW,
        }
    }
}

/// A raw operand `V.off`: the variable's bytes from `off` on (`%null.0` when `var` is the null variable).
#[derive(Clone, Copy, Debug)]
pub struct Raw {
    pub var: VarId,
    pub offset: u32,
}

/// `(P)`, `(!P)`, `(P.any)`, `(!P.all)`.
#[derive(Clone, Copy, Debug)]
pub struct Predicate {
    pub var: VarId,
    pub negate: bool,
    pub ctrl: PredCtrl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PredCtrl {
    /// Channel `i` uses element `i`.
    Lane,
    Any,
    All,
}

/// `(Mk[_NM], n)`: `n` channels starting at channel `4 (k - 1)` of the execution mask, or all of them (`_NM`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    pub size: u32,
    pub offset: u32,
    pub no_mask: bool,
}

impl Exec {
    pub const SCALAR_NM: Exec = Exec { size: 1, offset: 0, no_mask: true };
}

/// Comparison of `cmp.<op>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

/// ALU and math operations: one destination, sources evaluated per channel (`6_instructions.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AluOp {
    Mov,
    Add,
    Mul,
    Mad,
    Mulh,
    Avg,
    Div,
    Mod,
    Min,
    Max,
    Sel,
    And,
    Or,
    Xor,
    Not,
    Shl,
    Shr,
    Asr,
    Rol,
    Ror,
    Cmp(Cond),
    Fbh,
    Fbl,
    Lzd,
    Cbit,
    Bfrev,
    Bfe,
    Bfi,
    /// DP4A.md: src0 plus the dot product of the four bytes of src1 and src2.
    Dp4a,
    Frc,
    Rndd,
    Rndu,
    Rnde,
    Rndz,
    Inv,
    Sqrt,
    Rsqrt,
    Log,
    Exp,
    Sin,
    Cos,
    Pow,
    Dp2,
    Dp3,
    Dp4,
    Dph,
    Line,
    /// `pln` (printed `plane` by IGC).
    Plane,
    Lrp,
}

/// Atomic operations (`DWORD_ATOMIC.md` operation table), with their source counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    Add,
    Sub,
    Inc,
    Dec,
    Min,
    Max,
    Xchg,
    Cmpxchg,
    And,
    Or,
    Xor,
    Imin,
    Imax,
    Predec,
    Fmax,
    Fmin,
    Fcmpwr,
    Fadd,
    Fsub,
}

impl AtomicOp {
    /// The spellings GenX_IR's lexer accepts (`visa/CISA.l`: `minsint`/`maxsint` for the signed forms).
    pub fn parse(text: &str) -> Option<AtomicOp> {
        Some(match text {
            "add" => AtomicOp::Add,
            "sub" => AtomicOp::Sub,
            "inc" => AtomicOp::Inc,
            "dec" => AtomicOp::Dec,
            "min" => AtomicOp::Min,
            "max" => AtomicOp::Max,
            "xchg" => AtomicOp::Xchg,
            "cmpxchg" => AtomicOp::Cmpxchg,
            "and" => AtomicOp::And,
            "or" => AtomicOp::Or,
            "xor" => AtomicOp::Xor,
            "minsint" => AtomicOp::Imin,
            "maxsint" => AtomicOp::Imax,
            "fmax" => AtomicOp::Fmax,
            "fmin" => AtomicOp::Fmin,
            "fcmpwr" => AtomicOp::Fcmpwr,
            "fadd" => AtomicOp::Fadd,
            "fsub" => AtomicOp::Fsub,
            _ => return None,
        })
    }
}

/// The address space operand of a message: a surface variable.
pub type Surface = VarId;

#[derive(Clone, Debug)]
pub enum Op {
    /// An ALU instruction (`dsts` has one element, two for `addc`/`subb`, whose second is the carry/borrow).
    Alu { op: AluOp, sat: bool, dst: Dst, srcs: Vec<Src> },
    /// `addc`/`subb dst carry src0 src1`.
    Carry { borrow: bool, dst: Dst, carry: Dst, a: Src, b: Src },
    /// `madw dst src0 src1 src2`: low halves at `dst`, high halves one GRF-aligned block later.
    Madw { dst: Dst, srcs: [Src; 3] },
    /// `movs T src`: a surface (or sampler) variable takes an index.
    Movs { dst: VarId, src: Src },
    /// `movs V T(0)`: the index a surface (or sampler) variable holds, into a general variable.
    MovsIndex { dst: Dst, state: VarId },
    /// `setp P src`: the predicate's bits from a value.
    Setp { dst: VarId, src: Src },
    /// `addr_add A src0 src1`.
    AddrAdd { dst: Dst, a: Src, b: Src },
    Goto { target: usize },
    Jmp { target: usize },
    Call { target: usize },
    Ret,
    /// `barrier`, and `sbarrier.wait` (the split barrier's wait is where the group meets, as at `barrier`).
    Barrier,
    /// `sbarrier.signal`: nothing to do here; every thread has signalled once all have reached their wait.
    BarrierSignal,
    Fence,
    /// `lifetime.start V` / `lifetime.end V` (`LIFETIME.md`): outside the markers the variable (with its
    /// aliases) holds nothing; both make its whole root undefined, so a use outside them is not compared.
    Lifetime { var: VarId, start: bool },
    OwordLd { owords: u32, unaligned: bool, surface: Surface, offset: Src, dst: Raw },
    OwordSt { owords: u32, surface: Surface, offset: Src, src: Raw },
    MediaLd { modifier: u32, width: u32, height: u32, surface: Surface, plane: u32, x: Src, y: Src, dst: Raw },
    MediaSt { modifier: u32, width: u32, height: u32, surface: Surface, plane: u32, x: Src, y: Src, src: Raw },
    /// `gather_scaled.<blocks>`: `blocks` bytes per channel.
    GatherScaled { blocks: u32, surface: Surface, offset: Src, offsets: Raw, dst: Raw },
    ScatterScaled { blocks: u32, surface: Surface, offset: Src, offsets: Raw, src: Raw },
    /// `gather4_scaled.<RGBA>`: `mask` bit 0 = R.
    Gather4Scaled { mask: u32, surface: Surface, offset: Src, offsets: Raw, dst: Raw },
    Scatter4Scaled { mask: u32, surface: Surface, offset: Src, offsets: Raw, src: Raw },
    DwordAtomic { op: AtomicOp, bits: u32, surface: Surface, offsets: Raw, src0: Raw, src1: Raw, dst: Raw },
    SvmBlockLd { owords: u32, address: Src, dst: Raw },
    SvmBlockSt { owords: u32, address: Src, src: Raw },
    SvmGather { block_size: u32, blocks: u32, addresses: Raw, dst: Raw },
    SvmScatter { block_size: u32, blocks: u32, addresses: Raw, src: Raw },
    SvmAtomic { op: AtomicOp, bits: u32, addresses: Raw, dst: Raw, src0: Raw, src1: Raw },
    /// `gather4_typed.<RGBA>` / `scatter4_typed`: `coords` are the raw operands u, v, r, lod (`%null` reads 0).
    Gather4Typed { mask: u32, surface: Surface, coords: [Raw; 4], dst: Raw },
    Scatter4Typed { mask: u32, surface: Surface, coords: [Raw; 4], src: Raw },
    /// `typed_atomic.<op>[.16] T u v r lod src0 src1 dst`.
    TypedAtomic { op: AtomicOp, bits: u32, surface: Surface, coords: [Raw; 4], src0: Raw, src1: Raw, dst: Raw },
    /// `load.<RGBA> (SIMD) T u v r dst`: the sampler-less LOAD at integer coordinates.
    SamplerLoad { mask: u32, surface: Surface, coords: [Raw; 3], dst: Raw },
    /// `sample.<RGBA> (SIMD) S T u v r dst`: filtered sampling at normalized float coordinates, through the CPU
    /// sampler model (`intrinsics::mem::sampler`) with the state of the sampler variable's index.
    Sample { mask: u32, sampler: VarId, surface: Surface, coords: [Raw; 3], dst: Raw },
    /// `sample_unorm.<RGBA>.<format> S T u v delta_u delta_v dst`: a block of 8x4 pixels as unorm words.
    SampleUnorm { mask: u32, format: u32, sampler: VarId, surface: Surface, coords: [Src; 4], dst: Raw },
    /// `avs.<RGBA> T S u v delta_u delta_v u2d group_id vertical_block <format> v2d <mode> ief_bypass dst`: the
    /// adaptive video scaler's block; `scalars` are u, v, delta_u, delta_v, u2d, vertical_block, v2d (the group
    /// id and IEF bypass change nothing in the model and are not kept).
    Avs { mask: u32, format: u32, mode: u32, sampler: VarId, surface: Surface, scalars: [Src; 7], dst: Raw },
}

impl Op {
    /// The surface a message addresses, if it is a surface message.
    pub fn surface(&self) -> Option<Surface> {
        match self {
            Op::OwordLd { surface, .. }
            | Op::OwordSt { surface, .. }
            | Op::MediaLd { surface, .. }
            | Op::MediaSt { surface, .. }
            | Op::GatherScaled { surface, .. }
            | Op::ScatterScaled { surface, .. }
            | Op::Gather4Scaled { surface, .. }
            | Op::Scatter4Scaled { surface, .. }
            | Op::DwordAtomic { surface, .. }
            | Op::Gather4Typed { surface, .. }
            | Op::Scatter4Typed { surface, .. }
            | Op::TypedAtomic { surface, .. }
            | Op::SamplerLoad { surface, .. }
            | Op::Sample { surface, .. }
            | Op::SampleUnorm { surface, .. }
            | Op::Avs { surface, .. } => Some(*surface),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Inst {
    pub pred: Option<Predicate>,
    pub exec: Exec,
    pub op: Op,
    /// 1-based line in the file.
    pub line: u32,
}

/// One `.kernel` of a file.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    pub vars: Vec<Var>,
    pub inputs: Vec<Input>,
    pub insts: Vec<Inst>,
    /// Label name → the index of the instruction it precedes.
    pub labels: Vec<(String, usize)>,
    /// The first instruction executed (the first `.function`'s label, else 0).
    pub entry: usize,
    /// `.kernel_attr SLMSize` (in KB, as vISA writes it), if present.
    pub slm_kb: Option<u32>,
    /// The source text of each line, for faults.
    pub source: Vec<String>,
    /// Bytes of one GRF (32 on the platforms IGC's text does not name; rows of a region are GRFs).
    pub grf_bytes: u32,
}

impl Kernel {
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id as usize]
    }

    /// Whether `id` is `%null` or an alias of it: reads are undefined, writes are dropped.
    pub fn is_null(&self, id: VarId) -> bool {
        self.vars[self.vars[id as usize].root as usize].predef == Some(Predef::Null)
    }

    /// The source line of instruction `index`, trimmed of IGC's `/// $n` comment.
    pub fn line_text(&self, line: u32) -> String {
        let text = self.source.get(line.saturating_sub(1) as usize).map(String::as_str).unwrap_or("");
        text.split("///").next().unwrap_or("").trim().to_string()
    }
}
