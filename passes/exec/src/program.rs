//! The decoded form of a module: what the interpreter runs.
//!
//! A module is decoded once ([`crate::decode`]) into this compact, LLVM-free form: values become frame slots,
//! constants are pooled and pre-evaluated, GEPs become `base + constant + Σ index × stride`, callees are resolved
//! (a function of the module, an LLVM intrinsic, or a GenX intrinsic with its semantics function), and every
//! instruction keeps its printed IR for error messages.
//!
//! Invariant: a function whose `unsupported` is `Some` is never run; the reason names the construct.

use crate::intrinsics::SemFn;
use crate::value::{Ty, Value};

pub type Slot = u32;
pub type BlockId = u32;
pub type FuncId = u32;
pub type GlobalId = u32;

/// Where an operand's value comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// An argument or instruction result of the current frame.
    Slot(Slot),
    /// A pooled constant.
    Const(u32),
    /// The address of a global plus a byte offset (constant GEP / bitcast / ptrtoint of a global).
    Global { id: GlobalId, offset: i64 },
    /// The address of a function (function pointers are not executable; kept so that decoding does not fail).
    Function(FuncId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FPTrunc,
    FPExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

/// Integer predicates, in LLVM's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IPred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

/// Float predicates: the comparison and whether unordered operands make it true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FPred {
    pub lt: bool,
    pub eq: bool,
    pub gt: bool,
    /// true for the `u*` predicates (and `true`/`uno`).
    pub unordered: bool,
}

/// A callee, resolved at decode time.
#[derive(Clone, Debug)]
pub enum Callee {
    /// A function of the module with a body.
    Function(FuncId),
    /// An intrinsic with executable semantics (GenX or LLVM), and its full name.
    Intrinsic(SemFn, String),
}

#[derive(Clone, Debug)]
pub enum Op {
    Bin { op: BinOp, a: Operand, b: Operand },
    FNeg(Operand),
    ICmp { pred: IPred, a: Operand, b: Operand },
    FCmp { pred: FPred, a: Operand, b: Operand },
    Select { cond: Operand, a: Operand, b: Operand },
    Cast { op: CastOp, a: Operand },
    ExtractElement { vector: Operand, index: Operand },
    InsertElement { vector: Operand, element: Operand, index: Operand },
    /// Mask entries index the concatenation of `a` and `b`; -1 is an undef lane.
    Shuffle { a: Operand, b: Operand, mask: Vec<i32> },
    ExtractValue { aggregate: Operand, indices: Vec<u32> },
    InsertValue { aggregate: Operand, element: Operand, indices: Vec<u32> },
    /// `count` elements of `elem_bytes` each.
    Alloca { elem_bytes: u64, count: Operand, align: u64 },
    Load { ptr: Operand, align: u64 },
    Store { value: Operand, ptr: Operand, align: u64 },
    /// `ptr + offset + Σ index_i × stride_i` (indices sign-extended).
    Gep { ptr: Operand, offset: i64, terms: Vec<(Operand, i64)> },
    Call { callee: Callee, args: Vec<Operand> },
    Freeze(Operand),
}

#[derive(Clone, Debug)]
pub struct Inst {
    /// Where the result goes (`None` for void results and stores).
    pub dest: Option<Slot>,
    /// The result type (`Void` when none); also the stored type for stores.
    pub ty: Ty,
    /// Operand types, in operand order, where an operation needs them (casts, calls, stores).
    pub operand_tys: Vec<Ty>,
    pub op: Op,
    /// Index into [`Function::texts`].
    pub text: u32,
}

#[derive(Clone, Debug)]
pub struct Phi {
    pub dest: Slot,
    pub ty: Ty,
    pub incoming: Vec<(BlockId, Operand)>,
    pub text: u32,
}

#[derive(Clone, Debug)]
pub enum Terminator {
    Ret(Option<Operand>),
    Br(BlockId),
    CondBr { cond: Operand, then: BlockId, otherwise: BlockId },
    Switch { value: Operand, default: BlockId, cases: Vec<(u64, BlockId)> },
    Unreachable,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub name: String,
    pub phis: Vec<Phi>,
    pub insts: Vec<Inst>,
    pub terminator: Terminator,
    pub terminator_text: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallingConv {
    /// `spir_kernel` (or a `"CMGenxMain"` function).
    Kernel,
    Other,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<Ty>,
    pub param_names: Vec<String>,
    pub ret: Ty,
    pub blocks: Vec<Block>,
    /// Number of frame slots: parameters first, then instruction results.
    pub slots: u32,
    pub conv: CallingConv,
    /// Printed IR of each instruction, for messages.
    pub texts: Vec<String>,
    /// Why this function cannot be executed, naming the construct; `None` when it can.
    pub unsupported: Option<String>,
    pub is_declaration: bool,
    /// Shared local memory the kernel needs, in bytes (`"VCSLMSize"`, or the SLM operand of `!genx.kernels`).
    pub slm_bytes: u64,
}

#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub ty: Ty,
    pub bytes: u64,
    pub align: u64,
    /// The initializer's bytes, with per-byte definedness (`None`: no initializer, all undef).
    pub init: Option<(Vec<u8>, Vec<bool>)>,
    /// Whether each GPU thread has its own copy: a variable (not `constant`) of the private address space 0, as
    /// CM's file-scope variables are (they live in the thread's registers, `_GENX_VOLATILE_` ones included). A
    /// constant, or a variable of another address space (OpenCL-style global memory), is one object for all
    /// threads. See [`crate::grid`].
    pub per_thread: bool,
}

/// A decoded module.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
    pub constants: Vec<Value>,
}

impl Program {
    pub fn function(&self, name: &str) -> Option<(FuncId, &Function)> {
        self.functions.iter().enumerate().find(|(_, f)| f.name == name).map(|(i, f)| (i as FuncId, f))
    }

    /// The functions with bodies, in module order.
    pub fn defined_functions(&self) -> impl Iterator<Item = (FuncId, &Function)> {
        self.functions.iter().enumerate().filter(|(_, f)| !f.is_declaration).map(|(i, f)| (i as FuncId, f))
    }
}
