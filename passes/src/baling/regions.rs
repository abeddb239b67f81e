//! Region questions of baling: is a region acceptable on an operand of a vISA instruction, can a raw operand
//! take it, is an index computation an in-range constant addition, and what alignment an index is known to have.
//!
//! Every region is read with [`RdRegion::read`] / [`WrRegion::read`] and brought to canonical form first, as
//! IGC's `CMRegion` constructor does when it reads a region from IR (docs/genx-ir.md §1.4).

use genx_region::Region;

use super::arg_info::{ArgInfo, Category, Restriction};
use super::util::{callee_base, opcode, operand, splat_int};
use super::BalingKind;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::platform::Platform;
use crate::region_ir::{Index, RdRegion, WrRegion};

/// A region with its runtime index, canonical.
#[derive(Clone, Copy, Debug)]
pub(super) struct ReadRegion {
    pub region: Region,
    pub index: Index,
}

/// The canonical region of a `rdregion` call; `None` when its parameters are not constants.
pub(super) fn rdregion_region(call: LLVMValueRef) -> Option<ReadRegion> {
    let rd = RdRegion::read(call)?;
    Some(ReadRegion { region: rd.region.canonical(), index: rd.index })
}

/// The canonical region of a `wrregion` call (with `masked` set for a predicated write).
pub(super) fn wrregion_region(call: LLVMValueRef) -> Option<ReadRegion> {
    let wr = WrRegion::read(call)?;
    Some(ReadRegion { region: wr.region.canonical(), index: wr.index })
}

/// What is known of a runtime index: `value ≡ extra (mod 2^log)`. `log == 0` means nothing is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Alignment {
    pub log: u32,
    pub extra: u64,
}

impl Alignment {
    const UNKNOWN: Alignment = Alignment { log: 0, extra: 0 };
    /// Enough bits for any index (indices are i16).
    const MAX_LOG: u32 = 32;

    fn constant(c: i64) -> Alignment {
        Alignment { log: Self::MAX_LOG, extra: (c as u64) & Self::mask(Self::MAX_LOG) }
    }

    fn mask(log: u32) -> u64 {
        if log >= 64 {
            u64::MAX
        } else {
            (1u64 << log) - 1
        }
    }

    fn add(self, other: Alignment) -> Alignment {
        let log = self.log.min(other.log);
        Alignment { log, extra: (self.extra.wrapping_add(other.extra)) & Self::mask(log) }
    }

    fn shl(self, k: u32) -> Alignment {
        let log = (self.log + k).min(Self::MAX_LOG);
        Alignment { log, extra: (self.extra << k.min(63)) & Self::mask(log) }
    }

    /// Whether the value is a multiple of `2^k`.
    pub fn is_aligned(self, k: u32) -> bool {
        self.log >= k && self.extra & Self::mask(k) == 0
    }
}

/// The alignment of an index value (IGC's `AlignmentInfo`, reduced to what index computations use: constants,
/// `shl`/`mul` by constants, `and` with a constant, `add`, extensions and truncations).
pub(super) fn alignment_of(value: LLVMValueRef) -> Alignment {
    alignment_at_depth(value, 0)
}

fn alignment_at_depth(value: LLVMValueRef, depth: u32) -> Alignment {
    if let Some(c) = splat_int(value) {
        return Alignment::constant(c);
    }
    if depth > 8 {
        return Alignment::UNKNOWN;
    }
    let recurse = |v| alignment_at_depth(v, depth + 1);
    match opcode(value) {
        Some(LLVMOpcode::LLVMShl) => match splat_int(operand(value, 1)) {
            Some(k) if (0..32).contains(&k) => recurse(operand(value, 0)).shl(k as u32),
            _ => Alignment::UNKNOWN,
        },
        Some(LLVMOpcode::LLVMMul) => {
            let (a, b) = (operand(value, 0), operand(value, 1));
            let (x, c) = match (splat_int(a), splat_int(b)) {
                (_, Some(c)) => (a, c),
                (Some(c), _) => (b, c),
                _ => return Alignment::UNKNOWN,
            };
            if c == 0 {
                return Alignment::constant(0);
            }
            let k = c.trailing_zeros();
            // x * c = (x * odd) << k: the low k bits are zero, nothing more is known in general.
            let base = recurse(x);
            if c == 1 << k {
                base.shl(k)
            } else {
                Alignment { log: k, extra: 0 }
            }
        }
        Some(LLVMOpcode::LLVMAnd) => {
            let (a, b) = (operand(value, 0), operand(value, 1));
            match (splat_int(a), splat_int(b)) {
                (_, Some(c)) | (Some(c), _) => {
                    let k = c.trailing_zeros().min(Alignment::MAX_LOG);
                    Alignment { log: k, extra: 0 }
                }
                _ => Alignment::UNKNOWN,
            }
        }
        Some(LLVMOpcode::LLVMAdd) => recurse(operand(value, 0)).add(recurse(operand(value, 1))),
        Some(LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc) => recurse(operand(value, 0)),
        _ => Alignment::UNKNOWN,
    }
}

/// The platform and kind a region check runs for.
#[derive(Clone, Copy)]
pub(super) struct Target<'p> {
    pub platform: &'p Platform,
    pub kind: BalingKind,
}

impl Target<'_> {
    /// IGC's `isRegionOKForIntrinsic`: may `region` be the operand (or result) described by `info`?
    ///
    /// Under legalization baling every restriction is waived when the main instruction can be split (legalization
    /// may then make the region legal). Otherwise: indirect regions are refused on `DIRECTONLY` operands; oword
    /// or GRF alignment is checked (of the constant offset, of a 2D vstride, and of an indirect index, which
    /// only an instruction that can be split may have); the restriction (contiguous, stride 1 with width ≥ 4,
    /// only a legal unsplit region) must hold. Our addition: a multi-indirect byte region is refused on a
    /// platform without byte multi-indirect regioning (XeHPC), as no operand can encode it there.
    pub fn region_ok(&self, info: &ArgInfo, rr: &ReadRegion, can_split: bool) -> bool {
        if info.category != Category::General {
            return false;
        }
        if self.kind == BalingKind::Legalization && can_split {
            return true;
        }
        let r = &rr.region;
        let indirect = r.indirect.is_indirect();
        if indirect && info.direct_only {
            return false;
        }
        if r.is_multi_indirect() && r.elem_bytes == 1 && !self.platform.features.byte_multi_indirect {
            return false;
        }
        let grf = self.platform.grf_bytes;
        let elements_per_grf = (grf / r.elem_bytes.max(1)).max(1) as i32;
        let index_alignment = match rr.index {
            Index::Value(v) => alignment_of(v).add(Alignment::constant(r.offset as i64)),
            Index::Direct => Alignment::constant(r.offset as i64),
        };
        if info.grfaligned {
            if indirect && !can_split {
                return false;
            }
            if !index_alignment.is_aligned(grf.trailing_zeros()) {
                return false;
            }
            if r.is_2d() && r.vstride.rem_euclid(elements_per_grf) != 0 {
                return false;
            }
        }
        if info.owaligned {
            if indirect && !can_split {
                return false;
            }
            if !index_alignment.is_aligned(4) {
                return false;
            }
            if r.is_2d() && r.vstride.rem_euclid((elements_per_grf / 2).max(1)) != 0 {
                return false;
            }
        }
        match info.restriction {
            // A scalar (splat) region is accepted by name; IGC's test of it never matches a canonical splat of
            // more than one element, which we take to be an oversight.
            Restriction::ScalarOrContiguous => r.is_splat() || r.is_contiguous(),
            Restriction::Fixed4 | Restriction::Contiguous => r.is_contiguous(),
            Restriction::Stride1 => r.stride == 1 && r.width >= 4,
            Restriction::OnlyLegalRegion => r.width == r.num_elements && r.stride == 1,
            Restriction::TwiceWidth | Restriction::None => true,
        }
    }

    /// IGC's `isRegionOKForRaw`: direct, starting on a GRF boundary, one contiguous row.
    pub fn region_ok_for_raw(&self, rr: &ReadRegion) -> bool {
        let r = &rr.region;
        !r.indirect.is_indirect()
            && r.offset.rem_euclid(self.platform.grf_bytes as i32) == 0
            && r.width == r.num_elements
            && r.stride == 1
    }

    /// IGC's `isValueRegionOKForRaw` for a read: `value` is a `rdregion` (not of a predefined register) whose
    /// region a raw operand can take.
    pub fn rdregion_ok_for_raw(&self, value: LLVMValueRef) -> bool {
        if !super::util::is_rdregion(value) {
            return false;
        }
        if matches!(callee_base(operand(value, 0)), Some("llvm.genx.read.predef.reg")) {
            return false;
        }
        rdregion_region(value).is_some_and(|rr| self.region_ok_for_raw(&rr))
    }
}

/// A constant index addition `add x, C` / `sub x, C` (or `llvm.genx.add.addr`): the constant (negated for sub).
pub(super) fn index_add_offset(value: LLVMValueRef) -> Option<i64> {
    let sign = match opcode(value)? {
        LLVMOpcode::LLVMAdd => 1,
        LLVMOpcode::LLVMSub => -1,
        LLVMOpcode::LLVMCall if callee_base(value) == Some("llvm.genx.add.addr") => 1,
        _ => return None,
    };
    splat_int(operand(value, 1)).map(|c| c * sign)
}

/// IGC's `isBalableIndexAdd`: a constant index addition with the constant in [-512, 511] (the immediate address
/// offset range, G4_MIN_ADDR_IMM..G4_MAX_ADDR_IMM).
pub(super) fn is_balable_index_add(value: LLVMValueRef) -> bool {
    index_add_offset(value).is_some_and(|c| (-512..=511).contains(&c))
}

/// IGC's `isBalableIndexOr`: `or x, C` where `x` provably has no bit of `C` set (so the `or` is an addition),
/// with `C` at most 511.
pub(super) fn is_balable_index_or(value: LLVMValueRef) -> bool {
    if opcode(value) != Some(LLVMOpcode::LLVMOr) {
        return false;
    }
    let Some(c) = splat_int(operand(value, 1)) else { return false };
    if c == 0 {
        return true;
    }
    if !(0..=511).contains(&c) {
        return false;
    }
    let known = alignment_of(operand(value, 0));
    let bits_needed = 64 - (c as u64).leading_zeros();
    known.is_aligned(bits_needed)
}

/// Whether legalization may split `inst` (everything but dpas and the wide multiplies, whose operands must then
/// already be legal): baling waives operand region restrictions only for instructions that can be split.
pub fn can_split(inst: LLVMValueRef) -> bool {
    !matches!(
        callee_base(inst),
        Some(
            "llvm.genx.dpas"
                | "llvm.genx.dpas2"
                | "llvm.genx.dpasw"
                | "llvm.genx.dpas.nosrc0"
                | "llvm.genx.dpasw.nosrc0"
                | "llvm.genx.bdpas"
                | "llvm.genx.umadw"
                | "llvm.genx.smadw"
        )
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_arithmetic() {
        let a = Alignment::constant(48);
        assert!(a.is_aligned(4) && !a.is_aligned(5));
        let x = Alignment { log: 5, extra: 0 };
        assert!(x.add(Alignment::constant(32)).is_aligned(5));
        assert!(!x.add(Alignment::constant(16)).is_aligned(5));
        assert!(x.add(Alignment::constant(16)).is_aligned(4));
        assert!(Alignment::UNKNOWN.shl(4).is_aligned(4));
        assert!(!Alignment::UNKNOWN.is_aligned(1));
        assert!(Alignment::UNKNOWN.is_aligned(0));
    }
}
