//! What each operand of a GenX intrinsic accepts when it becomes a vISA instruction: the facts of IGC's
//! `cisa_gen_intrinsics.json` that baling and legalization read.
//!
//! An intrinsic's description is a list of fields ([`ArgInfo`]), one per vISA operand that names an IR value:
//! the result (operand `-1`) or call argument `n`. A field has a category — a *general* operand (a register
//! region, which can take a rdregion and maybe source modifiers), a *raw* operand (a whole GRF-aligned block:
//! send payloads and results), a *two-address* operand (the old value of a partially written raw result), or the
//! *predication* operand — and flags: signedness, alignment (oword or GRF), a region restriction, which source
//! modifiers are allowed, saturation behaviour, `DIRECTONLY` (no indirect region), `NOIMM`.
//!
//! The table itself (`arg_info_table.rs`) is generated from `intrinsics.td`'s `GxOperandFacts` records, which
//! record these facts as read from IGC's instruction description (tag igc-1.0.12504.6,
//! `cisa_gen_intrinsics.json`); intrinsics that description does not cover (the region and predicate intrinsics, `absi`/`absf`,
//! `convert`, the SIMD CF intrinsics, ...) have no entry, which baling reads as "no operand can be baled, and the
//! result is neither general nor raw", exactly as IGC does.

/// Operand category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// A general (register region) operand or result.
    General,
    /// A raw operand or result: a contiguous, GRF-aligned block.
    Raw,
    /// A raw operand that is not a vISA operand of its own but the old value of the (raw) result.
    TwoAddr,
    /// The explicit predicate operand.
    Predication,
}

/// Region restriction of a general operand (IGC's `RESTRICTION` field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    None,
    /// Fixed size 4 vector, contiguous.
    Fixed4,
    /// Contiguous region.
    Contiguous,
    /// A scalar (splat) or contiguous region.
    ScalarOrContiguous,
    /// The operand is twice the execution width.
    TwiceWidth,
    /// Horizontal stride 1 (and, as IGC assumes for the dot products, width at least 4).
    Stride1,
    /// Only a region that legalization will not split (the intrinsic cannot be split: `umadw`/`smadw`).
    OnlyLegalRegion,
}

/// Source modifiers a general operand accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    /// None (IGC's `MODIFIER_DEFAULT`).
    None,
    /// Arithmetic: negate, absolute value, and extensions.
    Arith,
    /// Logic: not, and extensions.
    Logic,
    /// Extensions only.
    ExtOnly,
}

/// Saturation behaviour of a general result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saturation {
    /// Not saturated; a float result may bale into a following `sat`.
    Default,
    /// The instruction saturates.
    Saturated,
    /// A float result must not bale into a `sat`.
    NoSat,
    /// An integer result may bale into a `sat` (the instruction cannot overflow).
    IntAllowed,
}

/// One operand field of an intrinsic description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgInfo {
    pub category: Category,
    /// `-1` for the result, else the call argument number.
    pub operand: i8,
    pub signed: bool,
    pub unsigned: bool,
    pub owaligned: bool,
    pub grfaligned: bool,
    pub noimm: bool,
    pub direct_only: bool,
    pub null_allowed: bool,
    pub restriction: Restriction,
    pub modifier: Modifier,
    pub saturation: Saturation,
}

/// Constructors and flag setters, in the order the generated table uses them.
impl ArgInfo {
    const fn new(category: Category, operand: i8) -> ArgInfo {
        ArgInfo {
            category,
            operand,
            signed: false,
            unsigned: false,
            owaligned: false,
            grfaligned: false,
            noimm: false,
            direct_only: false,
            null_allowed: false,
            restriction: Restriction::None,
            modifier: Modifier::None,
            saturation: Saturation::Default,
        }
    }
    pub const fn general(operand: i8) -> ArgInfo {
        ArgInfo::new(Category::General, operand)
    }
    pub const fn raw(operand: i8) -> ArgInfo {
        ArgInfo::new(Category::Raw, operand)
    }
    pub const fn two_addr(operand: i8) -> ArgInfo {
        ArgInfo::new(Category::TwoAddr, operand)
    }
    pub const fn predication(operand: i8) -> ArgInfo {
        ArgInfo::new(Category::Predication, operand)
    }
    pub const fn signed(mut self) -> ArgInfo {
        self.signed = true;
        self
    }
    pub const fn unsigned(mut self) -> ArgInfo {
        self.unsigned = true;
        self
    }
    pub const fn owaligned(mut self) -> ArgInfo {
        self.owaligned = true;
        self
    }
    pub const fn grfaligned(mut self) -> ArgInfo {
        self.grfaligned = true;
        self
    }
    pub const fn noimm(mut self) -> ArgInfo {
        self.noimm = true;
        self
    }
    pub const fn direct_only(mut self) -> ArgInfo {
        self.direct_only = true;
        self
    }
    pub const fn null_allowed(mut self) -> ArgInfo {
        self.null_allowed = true;
        self
    }
    pub const fn fixed4(self) -> ArgInfo {
        self.restrict(Restriction::Fixed4)
    }
    pub const fn contiguous(self) -> ArgInfo {
        self.restrict(Restriction::Contiguous)
    }
    pub const fn scalar_or_contiguous(self) -> ArgInfo {
        self.restrict(Restriction::ScalarOrContiguous)
    }
    pub const fn twice_width(self) -> ArgInfo {
        self.restrict(Restriction::TwiceWidth)
    }
    pub const fn stride1(self) -> ArgInfo {
        self.restrict(Restriction::Stride1)
    }
    pub const fn only_legal_region(self) -> ArgInfo {
        self.restrict(Restriction::OnlyLegalRegion)
    }
    const fn restrict(mut self, restriction: Restriction) -> ArgInfo {
        self.restriction = restriction;
        self
    }
    pub const fn arith(mut self) -> ArgInfo {
        self.modifier = Modifier::Arith;
        self
    }
    pub const fn logic(mut self) -> ArgInfo {
        self.modifier = Modifier::Logic;
        self
    }
    pub const fn ext_only(mut self) -> ArgInfo {
        self.modifier = Modifier::ExtOnly;
        self
    }
    pub const fn saturated(mut self) -> ArgInfo {
        self.saturation = Saturation::Saturated;
        self
    }
    pub const fn no_sat(mut self) -> ArgInfo {
        self.saturation = Saturation::NoSat;
        self
    }
    pub const fn int_sat(mut self) -> ArgInfo {
        self.saturation = Saturation::IntAllowed;
        self
    }

    /// Whether this field describes the result.
    pub fn is_result(&self) -> bool {
        self.operand < 0
    }
}

/// Which execution sizes an intrinsic allows, or where its execution size comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecSize {
    /// No execution-size field (a shared-function message whose size is implied).
    None,
    /// Any of 1, 2, 4, 8, 16, 32.
    Any,
    AtLeast2,
    AtLeast4,
    AtLeast8,
    /// Any but 2.
    Not2,
    /// Any, executed with NoMask.
    NoMask,
    /// The width of call argument `n` (the predicate of a message).
    FromArg(u8),
    /// Given by constant call argument `n`.
    FromByte(u8),
}

impl ExecSize {
    /// The allowed execution sizes as a bit mask (bit k = SIMD 2^k), IGC's `getExecSizeAllowedBits`; sizes that
    /// come from an argument allow everything here (the argument decides).
    pub fn allowed_mask(self) -> u32 {
        match self {
            ExecSize::AtLeast2 => 0x3e,
            ExecSize::AtLeast4 => 0x3c,
            ExecSize::AtLeast8 => 0x38,
            ExecSize::Not2 => 0x3d,
            _ => 0x3f,
        }
    }
}

/// The description of one intrinsic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntrinsicInfo {
    /// Base name (`llvm.genx.ssmul`, `llvm.fma`).
    pub name: &'static str,
    pub exec_size: ExecSize,
    /// The instruction can be predicated by a wrregion mask (IGC's `IMPLICITPRED`, `getPredAllowed`).
    pub implicit_pred: bool,
    /// The intrinsic works lane by lane.
    pub elementwise: bool,
    pub fields: &'static [ArgInfo],
}

impl IntrinsicInfo {
    /// The field of the result, if it is described.
    pub fn result(&self) -> Option<&'static ArgInfo> {
        self.fields.iter().find(|f| f.is_result())
    }

    /// The (first) field of call argument `n`.
    pub fn arg(&self, n: u32) -> Option<&'static ArgInfo> {
        self.fields.iter().find(|f| f.operand >= 0 && f.operand as u32 == n)
    }

    /// Whether the result is a raw operand (a message's destination: a whole GRF-aligned block).
    pub fn has_raw_result(&self) -> bool {
        self.result().is_some_and(|r| r.category == Category::Raw)
    }
}

/// Whether `value` calls an intrinsic whose result is raw (a message's destination), as baling and the vISA
/// emitter both ask.
pub fn has_raw_result(value: crate::llvm_sys::prelude::LLVMValueRef) -> bool {
    super::util::callee_base(value).and_then(get).is_some_and(IntrinsicInfo::has_raw_result)
}

/// The description of the intrinsic with base name `name` (`llvm.genx.ssmul`, not the mangled name).
pub fn get(name: &str) -> Option<&'static IntrinsicInfo> {
    let table = super::arg_info_table::TABLE;
    table.binary_search_by(|info| info.name.cmp(name)).ok().map(|i| &table[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_names_are_known_intrinsics() {
        let table = super::super::arg_info_table::TABLE;
        for pair in table.windows(2) {
            assert!(pair[0].name < pair[1].name, "{} / {}", pair[0].name, pair[1].name);
        }
        for info in table {
            if info.name != "llvm.fma" {
                assert!(crate::intrinsics::get(info.name).is_some(), "{} is not in intrinsics.td", info.name);
            }
        }
    }

    #[test]
    fn spot_checks() {
        let dp4 = get("llvm.genx.dp4").unwrap();
        assert_eq!(dp4.exec_size, ExecSize::AtLeast4);
        assert_eq!(dp4.arg(0).unwrap().restriction, Restriction::Stride1);
        assert!(dp4.arg(0).unwrap().owaligned);
        let umadw = get("llvm.genx.umadw").unwrap();
        assert_eq!(umadw.arg(2).unwrap().restriction, Restriction::OnlyLegalRegion);
        let ssmul = get("llvm.genx.ssmul").unwrap();
        assert_eq!(ssmul.arg(1).unwrap().modifier, Modifier::Arith);
        assert!(ssmul.implicit_pred && ssmul.elementwise);
        let oword_st = get("llvm.genx.oword.st").unwrap();
        assert_eq!(oword_st.arg(2).unwrap().category, Category::Raw);
        let gather = get("llvm.genx.svm.gather").unwrap();
        assert_eq!(gather.arg(0).unwrap().category, Category::Predication);
        assert_eq!(gather.arg(3).unwrap().category, Category::TwoAddr);
        assert_eq!(get("llvm.genx.frc").unwrap().result().unwrap().saturation, Saturation::NoSat);
        assert!(get("llvm.genx.rdregioni").is_none());
        assert!(get("llvm.genx.absi").is_none());
    }
}
