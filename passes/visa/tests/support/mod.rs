//! Instruction builders shared by the machine-IR tests.

use genx_visa::*;

/// A read of `var`'s first element as a scalar.
fn scalar(var: VarId) -> Operand {
    Operand::Region(Src { var, offset: 0, region: Region::SCALAR, modifier: Modifier::None })
}

/// `add (M1, 1) dst a imm:d`.
pub fn add(dst: VarId, a: VarId, imm: u64) -> Inst {
    Inst::Alu {
        op: "add",
        sat: false,
        exec: Exec::simd(1),
        pred: None,
        dst: Dst { var: dst, offset: 0, hstride: 1 },
        srcs: vec![scalar(a), Operand::Imm(Imm { bits: imm, ty: Type::D })],
    }
}
