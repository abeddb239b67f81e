//! Constant folding of the GenX integer ALU intrinsics that are pure functions of their operands.
//!
//! `genx-passes` cannot call the executor (`genx-exec` depends on this crate), so each folded intrinsic is
//! written here once more, from the same sources (vc-intrinsics' Intrinsic_definitions.py and the vISA pages),
//! and every one is checked against the executor by translation validation in
//! `tests/lit/const-fold/alu-intrinsics.ll`. Semantics in brief (x = result signedness, y = operands):
//!
//! | intrinsic | lane value |
//! |---|---|
//! | `absi(a)` | `|a|` (signed; `|MIN|` wraps to MIN) |
//! | `smin/smax/umin/umax(a, b)` | the signed / unsigned minimum / maximum |
//! | `add3(a, b, c)` | `a + b + c` of the sign-extended operands, wrapped to the result |
//! | `xyadd.sat(a, b)` | `a + b` read with signedness y, clamped to the result's range with signedness x |
//! | `xytrunc.sat(a)` | `a` read with signedness y, clamped to the result's range with signedness x |
//! | `cbit(a)` | number of set bits of `a` |
//! | `lzd(a)` | leading zeros at `a`'s width (the width for 0) |
//! | `rol/ror(a, n)` | rotate by `n mod width` |
//! | `bfn(a, b, c, f)` | bit `a + 2b + 4c` of the 8-bit truth table `f` (a constant), bit by bit |
//! | `bfrev(a)` | the 32 bits reversed (32-bit only) |
//! | `fbl` / `ufbh` / `sfbh(a)` | trailing zeros / leading zeros / leading sign copies; all ones if none (32-bit) |
//! | `ubfe/sbfe(w, o, a)` | bits `o .. o+w` of `a` (w, o & 31, cut at bit 31), zero- or sign-extended (32-bit only) |
//! | `bfi(w, o, ins, base)` | `ins << o` inserted into `base` under the field mask (w, o & 31; 32-bit only) |
//!
//! An undef lane in any operand gives an undef result lane (as the executor does). The 32-bit-only
//! instructions are not folded at other widths (vISA does not define them there).

/// One foldable intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AluOp {
    Absi,
    MinMax { signed: bool, max: bool },
    Add3,
    AddSat { result_signed: bool, operand_signed: bool },
    TruncSat { result_signed: bool, operand_signed: bool },
    Cbit,
    Lzd,
    Rotate { left: bool },
    Bfn,
    Bfrev,
    Fbl,
    Fbh { signed: bool },
    Bfe { signed: bool },
    Bfi,
}

impl AluOp {
    /// The operation of a GenX intrinsic base name, when it is one this folder knows.
    pub fn from_name(name: &str) -> Option<AluOp> {
        let op = name.strip_prefix("llvm.genx.")?;
        let signedness = |prefix: &str| -> Option<(bool, bool)> {
            let mut chars = prefix.chars();
            let letter = |c: Option<char>| match c {
                Some('s') => Some(true),
                Some('u') => Some(false),
                _ => None,
            };
            let pair = (letter(chars.next())?, letter(chars.next())?);
            chars.next().is_none().then_some(pair)
        };
        Some(match op {
            "absi" => AluOp::Absi,
            "smin" => AluOp::MinMax { signed: true, max: false },
            "smax" => AluOp::MinMax { signed: true, max: true },
            "umin" => AluOp::MinMax { signed: false, max: false },
            "umax" => AluOp::MinMax { signed: false, max: true },
            "add3" => AluOp::Add3,
            "cbit" => AluOp::Cbit,
            "lzd" => AluOp::Lzd,
            "rol" => AluOp::Rotate { left: true },
            "ror" => AluOp::Rotate { left: false },
            "bfn" => AluOp::Bfn,
            "bfrev" => AluOp::Bfrev,
            "fbl" => AluOp::Fbl,
            "ufbh" => AluOp::Fbh { signed: false },
            "sfbh" => AluOp::Fbh { signed: true },
            "ubfe" => AluOp::Bfe { signed: false },
            "sbfe" => AluOp::Bfe { signed: true },
            "bfi" => AluOp::Bfi,
            _ => {
                if let Some(prefix) = op.strip_suffix("add.sat") {
                    let (result_signed, operand_signed) = signedness(prefix)?;
                    AluOp::AddSat { result_signed, operand_signed }
                } else if let Some(prefix) = op.strip_suffix("trunc.sat") {
                    let (result_signed, operand_signed) = signedness(prefix)?;
                    AluOp::TruncSat { result_signed, operand_signed }
                } else {
                    return None;
                }
            }
        })
    }

    /// Number of per-lane operands (`bfn`'s truth table is separate).
    pub fn arity(self) -> usize {
        match self {
            AluOp::Absi
            | AluOp::TruncSat { .. }
            | AluOp::Cbit
            | AluOp::Lzd
            | AluOp::Bfrev
            | AluOp::Fbl
            | AluOp::Fbh { .. } => 1,
            AluOp::MinMax { .. } | AluOp::AddSat { .. } | AluOp::Rotate { .. } => 2,
            AluOp::Add3 | AluOp::Bfn | AluOp::Bfe { .. } => 3,
            AluOp::Bfi => 4,
        }
    }

    /// Whether vISA defines the operation for 32-bit operands only.
    pub fn dwords_only(self) -> bool {
        matches!(self, AluOp::Bfrev | AluOp::Fbl | AluOp::Fbh { .. } | AluOp::Bfe { .. } | AluOp::Bfi)
    }

    /// Whether the result may have a different element width from operand 0.
    pub fn result_width_may_differ(self) -> bool {
        matches!(self, AluOp::TruncSat { .. } | AluOp::Cbit | AluOp::AddSat { .. } | AluOp::Add3)
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The exact integer held by `width` bits, signed or unsigned.
fn int(bits: u64, width: u32, signed: bool) -> i128 {
    let bits = bits & mask(width);
    if signed && width > 0 && width < 128 && bits >> (width - 1) & 1 == 1 {
        bits as i128 - (1i128 << width)
    } else {
        bits as i128
    }
}

/// Clamps an exact value into the `width`-bit range of the given signedness.
fn clamp(value: i128, width: u32, signed: bool) -> u64 {
    let (lo, hi) =
        if signed { (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1) } else { (0, (1i128 << width) - 1) };
    value.clamp(lo, hi) as u64 & mask(width)
}

/// One result lane. `x` holds the operand lanes, `w` operand 0's width, `rw` the result's width, `table`
/// `bfn`'s truth table. `None`: the lane is undefined.
pub fn eval(op: AluOp, x: &[u64], w: u32, rw: u32, table: u64) -> Option<u64> {
    let arg = |k: usize| x.get(k).copied().unwrap_or(0) & mask(w);
    let value = match op {
        AluOp::Absi => int(arg(0), w, true).unsigned_abs() as u64,
        AluOp::MinMax { signed, max } => {
            let (a, b) = (int(arg(0), w, signed), int(arg(1), w, signed));
            (if max { a.max(b) } else { a.min(b) }) as u64
        }
        AluOp::Add3 => (int(arg(0), w, true) + int(arg(1), w, true) + int(arg(2), w, true)) as u64,
        AluOp::AddSat { result_signed, operand_signed } => {
            clamp(int(arg(0), w, operand_signed) + int(arg(1), w, operand_signed), rw, result_signed)
        }
        AluOp::TruncSat { result_signed, operand_signed } => clamp(int(arg(0), w, operand_signed), rw, result_signed),
        AluOp::Cbit => arg(0).count_ones() as u64,
        AluOp::Lzd => (arg(0).leading_zeros() - (64 - w)) as u64,
        AluOp::Rotate { left } => {
            let s = (x.get(1).copied().unwrap_or(0) % w as u64) as u32;
            let v = arg(0);
            if s == 0 {
                v
            } else {
                let (l, r) = if left { (s, w - s) } else { (w - s, s) };
                (v << l | v >> r) & mask(w)
            }
        }
        AluOp::Bfn => {
            let mut out = 0u64;
            for k in 0..8 {
                if table >> k & 1 != 0 {
                    let pick = |v: u64, bit: u32| if k & bit != 0 { v } else { !v };
                    out |= pick(arg(0), 1) & pick(arg(1), 2) & pick(arg(2), 4);
                }
            }
            out & mask(w)
        }
        AluOp::Bfrev => (arg(0) as u32).reverse_bits() as u64,
        AluOp::Fbl => {
            if arg(0) == 0 {
                u32::MAX as u64
            } else {
                arg(0).trailing_zeros() as u64
            }
        }
        AluOp::Fbh { signed } => {
            let v = arg(0) as u32;
            match (signed, v) {
                (_, 0) | (true, u32::MAX) => u32::MAX as u64,
                (true, _) if v >> 31 == 1 => (!v).leading_zeros() as u64,
                _ => v.leading_zeros() as u64,
            }
        }
        AluOp::Bfe { signed } => {
            let (width, offset) = ((arg(0) & 0x1f) as u32, (arg(1) & 0x1f) as u32);
            if width == 0 {
                0
            } else {
                let field = (int(arg(2), 32, signed) >> offset) as u64 & mask(width);
                if signed {
                    int(field, width, true) as u64
                } else {
                    field
                }
            }
        }
        AluOp::Bfi => {
            let (width, offset) = (arg(0) & 0x1f, arg(1) & 0x1f);
            let field = ((1u64 << width) - 1) << offset & 0xffff_ffff;
            ((arg(2) << offset) & field) | (arg(3) & !field)
        }
    };
    Some(value & mask(rw))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        assert_eq!(
            AluOp::from_name("llvm.genx.suadd.sat"),
            Some(AluOp::AddSat { result_signed: true, operand_signed: false })
        );
        assert_eq!(
            AluOp::from_name("llvm.genx.ustrunc.sat"),
            Some(AluOp::TruncSat { result_signed: false, operand_signed: true })
        );
        assert_eq!(AluOp::from_name("llvm.genx.ssadd3.sat"), None);
        assert_eq!(AluOp::from_name("llvm.genx.xuadd.sat"), None);
        assert_eq!(AluOp::from_name("llvm.genx.smin"), Some(AluOp::MinMax { signed: true, max: false }));
    }

    #[test]
    fn lanes() {
        assert_eq!(eval(AluOp::Absi, &[0x80], 8, 8, 0), Some(0x80));
        assert_eq!(eval(AluOp::Absi, &[0xff], 8, 8, 0), Some(1));
        assert_eq!(eval(AluOp::MinMax { signed: true, max: false }, &[0xff, 1], 8, 8, 0), Some(0xff));
        assert_eq!(eval(AluOp::MinMax { signed: false, max: false }, &[0xff, 1], 8, 8, 0), Some(1));
        assert_eq!(eval(AluOp::Add3, &[0xffff_ffff, 2, 3], 32, 32, 0), Some(4));
        assert_eq!(eval(AluOp::AddSat { result_signed: true, operand_signed: true }, &[0x7f, 1], 8, 8, 0), Some(0x7f));
        assert_eq!(
            eval(AluOp::TruncSat { result_signed: false, operand_signed: true }, &[0xffff_ffff], 32, 8, 0),
            Some(0)
        );
        assert_eq!(eval(AluOp::Cbit, &[0xf0f0], 16, 32, 0), Some(8));
        assert_eq!(eval(AluOp::Lzd, &[0], 16, 16, 0), Some(16));
        assert_eq!(eval(AluOp::Rotate { left: true }, &[0x81, 1], 8, 8, 0), Some(0x03));
        assert_eq!(eval(AluOp::Rotate { left: false }, &[0x81, 9], 8, 8, 0), Some(0xc0));
        assert_eq!(eval(AluOp::Bfn, &[0b1100, 0b1010, 0, 0], 8, 8, 0x88), Some(0b1000));
        assert_eq!(eval(AluOp::Bfrev, &[1], 32, 32, 0), Some(0x8000_0000));
        assert_eq!(eval(AluOp::Fbh { signed: true }, &[0xffff_fff0], 32, 32, 0), Some(28));
        assert_eq!(eval(AluOp::Bfe { signed: true }, &[4, 4, 0xf0], 32, 32, 0), Some(0xffff_ffff));
        assert_eq!(eval(AluOp::Bfi, &[4, 8, 0xab, 0xffff_ffff], 32, 32, 0), Some(0xffff_fbff));
    }
}
