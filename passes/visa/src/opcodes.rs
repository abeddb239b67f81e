//! The ALU opcodes of vISA this IR knows, with their source counts (the vISA specification's instruction
//! pages, `documentation/visa/instructions/*.md` of IGC igc-1.0.12504.6). One table, read by the verifier and
//! by whoever builds [`crate::Inst::Alu`].

/// One ALU opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AluOpcode {
    /// The mnemonic, as `.visaasm` spells it.
    pub name: &'static str,
    /// Number of source operands.
    pub srcs: usize,
    /// Whether `.sat` is allowed.
    pub saturates: bool,
    /// Only floating-point operands (the math unit's functions).
    pub float_only: bool,
}

const fn op(name: &'static str, srcs: usize, saturates: bool, float_only: bool) -> AluOpcode {
    AluOpcode { name, srcs, saturates, float_only }
}

/// Every ALU opcode, by name.
pub static ALU: &[AluOpcode] = &[
    op("mov", 1, true, false),
    op("sel", 2, true, false),
    op("min", 2, true, false),
    op("max", 2, true, false),
    op("add", 2, true, false),
    op("avg", 2, true, false),
    op("mul", 2, true, false),
    op("mulh", 2, false, false),
    op("mad", 3, true, false),
    // Integer `div` too (vISA DIV: B, W, D and their unsigned types; `.sat` is for float only, and the emitter
    // never saturates an integer division).
    op("div", 2, true, false),
    op("mod", 2, true, false),
    op("and", 2, false, false),
    op("or", 2, false, false),
    op("xor", 2, false, false),
    op("not", 1, false, false),
    op("shl", 2, true, false),
    op("shr", 2, true, false),
    op("asr", 2, true, false),
    op("rol", 2, false, false),
    op("ror", 2, false, false),
    op("cbit", 1, false, false),
    op("fbh", 1, false, false),
    op("fbl", 1, false, false),
    op("bfrev", 1, false, false),
    op("lzd", 1, false, false),
    op("frc", 1, true, true),
    op("rndd", 1, true, true),
    op("rndu", 1, true, true),
    op("rnde", 1, true, true),
    op("rndz", 1, true, true),
    op("inv", 1, true, true),
    op("log", 1, true, true),
    op("exp", 1, true, true),
    op("sqrt", 1, true, true),
    op("rsqrt", 1, true, true),
    op("sin", 1, true, true),
    op("cos", 1, true, true),
    op("pow", 2, true, true),
    op("dp2", 2, true, true),
    op("dp3", 2, true, true),
    op("dp4", 2, true, true),
    op("dph", 2, true, true),
    op("lrp", 3, true, true),
    // `plane`: src0's elements 0, 1 and 3 are the coefficients (a scalar region at their start), src1 the
    // u/v pairs, two GRFs per 8 channels (`PLANE.md`). `line`: src0's elements 0 and 3, src1 per channel.
    op("plane", 2, true, true),
    op("line", 2, true, true),
    op("bfe", 3, false, false),
    op("bfi", 4, false, false),
    // `dp4a` (Xe-LP on): src0 + the dot product of the four bytes of src1 and src2; D and UD only.
    op("dp4a", 3, true, false),
];

/// The ALU opcode called `name`.
pub fn alu(name: &str) -> Option<&'static AluOpcode> {
    ALU.iter().find(|op| op.name == name)
}
