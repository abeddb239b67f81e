//! The GenX intrinsic table: every `llvm.genx.*` intrinsic of intel-vc-intrinsics 0.11, described once.
//!
//! **Where the facts live.** `intrinsics.td` (workspace root) is the single source of truth. `passes/build.rs`
//! runs `llvm-tblgen-14 --dump-json` on it, validates every record (`passes/build/intrinsics.rs`) and writes
//! `$OUT_DIR/intrinsics_table.rs`, included below. `docs/intrinsics.md` is rendered from the same table
//! ([`render_markdown`]), and `tests/intrinsics_table.rs` checks every record against the installed
//! `GenXIntrinsicDescription.gen` (names, decoded signatures, overloaded positions, attributes).
//!
//! **Model.** An intrinsic ([`IntrinsicDesc`]) has a result type and operand types ([`Ty`]). A type is fixed
//! (`i32`, `<4 x float>`), an *overloaded type variable* (`AnyInt`, `AnyFloat`, `AnyVector`, `AnyPtr`, `Any`,
//! bound per call), or `Match(n)`: "the same type as overloaded type #n". Overloaded types are numbered in LLVM's
//! order (`LLVMMatchType`): the result first (struct result fields left to right), then the operands; the
//! intrinsic's mangled name appends one `.type` per overloaded type in that order ([`mangled_name`]). Each
//! overloaded type may carry a constraint the LLVM-level table cannot express ([`OverloadDesc`]: element type,
//! "not i1", lane count). Each operand has a [`Role`]: a run-time value, or an immediate IGC reads at compile
//! time. [`Attrs`] are the function attributes vc-intrinsics attaches.
//!
//! **Invariants** (established by the generator, relied upon here):
//! - [`all`] is sorted by full name, names are unique and start with `llvm.genx.`;
//! - every `Match(n)` refers to an overloaded type defined before it, and `overloads` lists every overloaded
//!   type, in mangling order, with the position ([`Slot`]) that defines it;
//! - variadic operands (`llvm.genx.output`, `llvm.genx.jump.table`) are not listed in `operands`; `variadic` is set;
//! - documentation strings are single lines.
//!
//! **Known table quirk.** vc-intrinsics 0.11 declares `llvm.genx.add3c` with a result field type (`intvector`)
//! its generator encodes as nothing, so the installed table's type encoding describes `{anyint, anyint}
//! (#1, #1, #1)`: three operands and two overloaded result fields. We describe that decoded signature (it is what
//! `GenXIntrinsic::getDeclaration` builds); its "overloaded argument" table still claims operand 0 (see the test).
//!
//! Pure Rust: nothing here touches LLVM types; [`IrType`] is the LLVM-free description of an IR type that the
//! verifier builds from `LLVMTypeRef`s.

mod markdown;
mod types;

use std::fmt;

pub use markdown::render_markdown;
pub use types::{mangle_type, mangled_name, IrType};

/// A type constraint in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Void,
    I1,
    I8,
    I16,
    I32,
    I64,
    Half,
    Float,
    Double,
    /// Overloaded: an integer or integer vector (LLVM's `llvm_anyint_ty`; i1 included unless the overload's
    /// constraint says otherwise).
    AnyInt,
    /// Overloaded: a floating-point scalar or vector.
    AnyFloat,
    /// Overloaded: any vector.
    AnyVector,
    /// Overloaded: any pointer.
    AnyPtr,
    /// Overloaded: any first-class type.
    Any,
    /// The same type as overloaded type #n (LLVM `LLVMMatchType<n>` numbering: result first).
    Match(u8),
    /// A fixed vector.
    Vector(u32, &'static Ty),
    /// A literal struct (results only).
    Struct(&'static [Ty]),
}

/// What an operand must be at the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Any value of the operand's type, including undef.
    Value,
    /// A compile-time constant (not undef): IGC encodes it into the instruction.
    Imm,
    /// A compile-time constant or undef.
    ImmOrUndef,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OperandDesc {
    pub name: &'static str,
    pub ty: Ty,
    pub role: Role,
    /// One line, possibly empty.
    pub doc: &'static str,
}

/// Function attributes, as vc-intrinsics 0.11 attaches them (`GET_INTRINSIC_ATTRIBUTES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attrs {
    /// Always set: every GenX intrinsic is nounwind.
    pub nounwind: bool,
    pub readnone: bool,
    pub readonly: bool,
    pub writeonly: bool,
    pub argmemonly: bool,
    pub inaccessiblememonly: bool,
    pub convergent: bool,
    pub noduplicate: bool,
    pub noreturn: bool,
    /// Never set: vc-intrinsics 0.11 attaches no `willreturn`, so LLVM may not assume termination.
    pub willreturn: bool,
    /// Neither readnone nor readonly: the call may write memory or otherwise act, so it is never removed as dead
    /// and never reordered across other such calls.
    pub has_side_effects: bool,
}

impl Attrs {
    /// The attributes in LLVM IR spelling, e.g. `"nounwind readnone"`.
    pub fn to_ir_string(&self) -> String {
        let all = [
            ("convergent", self.convergent),
            ("argmemonly", self.argmemonly),
            ("inaccessiblememonly", self.inaccessiblememonly),
            ("noduplicate", self.noduplicate),
            ("noreturn", self.noreturn),
            ("nounwind", self.nounwind),
            ("readnone", self.readnone),
            ("readonly", self.readonly),
            ("willreturn", self.willreturn),
            ("writeonly", self.writeonly),
        ];
        all.iter().filter(|(_, on)| *on).map(|(name, _)| *name).collect::<Vec<_>>().join(" ")
    }
}

/// A position in a signature that defines an overloaded type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The whole result.
    Ret,
    /// Field `n` of a struct result.
    RetField(u8),
    /// Operand `n`.
    Operand(u8),
}

/// One overloaded type of an intrinsic, with the constraint on what it may be bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverloadDesc {
    /// Where the type variable is introduced.
    pub slot: Slot,
    /// Its kind: one of `AnyInt`, `AnyFloat`, `AnyVector`, `AnyPtr`, `Any`.
    pub kind: Ty,
    /// If not empty, the scalar type (or the vector's element type) must be one of these.
    pub elems: &'static [Ty],
    /// The scalar (or element) type must not be i1.
    pub no_i1: bool,
    /// If not 0, the type must be a vector of exactly this many lanes.
    pub lanes: u32,
}

impl OverloadDesc {
    /// Whether `ty` may be bound to this overloaded type.
    pub fn accepts(&self, ty: &IrType) -> bool {
        if !self.kind.accepts(ty) {
            return false;
        }
        let (lanes, elem) = match ty {
            IrType::Vector(lanes, elem) => (Some(*lanes), &**elem),
            scalar => (None, scalar),
        };
        if self.lanes != 0 && lanes != Some(self.lanes) {
            return false;
        }
        if self.no_i1 && *elem == IrType::Int(1) {
            return false;
        }
        self.elems.is_empty() || self.elems.iter().any(|e| e.accepts(elem))
    }
}

impl fmt::Display for OverloadDesc {
    /// A noun phrase: "an integer or integer vector with i16 elements".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        let mut extra = Vec::new();
        if self.lanes != 0 {
            extra.push(format!("{} lanes", self.lanes));
        }
        if !self.elems.is_empty() {
            let elems: Vec<String> = self.elems.iter().map(|e| e.to_string()).collect();
            extra.push(format!("{} elements", elems.join(" or ")));
        }
        if self.no_i1 {
            extra.push("elements not i1".to_string());
        }
        if !extra.is_empty() {
            write!(f, " with {}", extra.join(", "))?;
        }
        Ok(())
    }
}

/// One intrinsic.
#[derive(Debug)]
pub struct IntrinsicDesc {
    /// The full name without mangling, e.g. `llvm.genx.rdregioni`.
    pub name: &'static str,
    pub ret: Ty,
    /// Names of the fields of a struct result (empty otherwise).
    pub ret_fields: &'static [&'static str],
    pub operands: &'static [OperandDesc],
    /// Takes any number of further operands after `operands`.
    pub variadic: bool,
    /// Every overloaded type, in mangling order.
    pub overloads: &'static [OverloadDesc],
    pub attrs: Attrs,
    /// The family key, e.g. `region` (see [`families`]).
    pub family: &'static str,
    /// One line.
    pub doc: &'static str,
    /// How the vISA back end lowers a call (`intrinsics.td`'s `Visa`), when it does.
    pub visa: Option<VisaLowering>,
}

/// An intrinsic's vISA lowering: a form (how operands map; see `intrinsics.td`) and the vISA name (an opcode
/// or a predefined variable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VisaLowering {
    pub form: &'static str,
    pub name: &'static str,
}

impl IntrinsicDesc {
    /// The positions that introduce overloaded types, in mangling order.
    pub fn overloaded(&self) -> impl Iterator<Item = Slot> + '_ {
        self.overloads.iter().map(|o| o.slot)
    }

    /// The name without the `llvm.genx.` prefix, e.g. `rdregioni`.
    pub fn short_name(&self) -> &'static str {
        &self.name["llvm.genx.".len()..]
    }

    /// The operand called `name`, with its index.
    pub fn operand(&self, name: &str) -> Option<(usize, &'static OperandDesc)> {
        self.operands.iter().enumerate().find(|(_, op)| op.name == name)
    }

    /// Checks a call's result and argument types against the signature and returns the overloaded types it binds,
    /// in mangling order (what [`mangled_name`] takes). Handles struct results field by field, `Match`, and the
    /// overloads' constraints. Errors are sentences naming the position.
    pub fn bind(&self, ret: &IrType, args: &[IrType]) -> Result<Vec<IrType>, String> {
        let arity_ok =
            if self.variadic { args.len() >= self.operands.len() } else { args.len() == self.operands.len() };
        if !arity_ok {
            return Err(format!(
                "'{}' takes {}{} operand{}, but the call passes {}",
                self.name,
                if self.variadic { "at least " } else { "" },
                self.operands.len(),
                if self.operands.len() == 1 { "" } else { "s" },
                args.len()
            ));
        }
        let mut bound = Vec::with_capacity(self.overloads.len());
        self.bind_one(&self.ret, ret, &"the result", &mut bound)?;
        for (index, (operand, actual)) in self.operands.iter().zip(args).enumerate() {
            // The position is formatted only for an error (binding runs for every declaration a pass makes).
            let what = Lazy(move |f: &mut std::fmt::Formatter<'_>| write!(f, "operand {index} ('{}')", operand.name));
            self.bind_one(&operand.ty, actual, &what, &mut bound)?;
        }
        Ok(bound)
    }

    fn bind_one(
        &self,
        expected: &Ty,
        actual: &IrType,
        what: &dyn std::fmt::Display,
        bound: &mut Vec<IrType>,
    ) -> Result<(), String> {
        match expected {
            Ty::Match(index) => match bound.get(*index as usize) {
                Some(ty) if ty == actual => Ok(()),
                Some(ty) => Err(format!(
                    "{what} has type {actual}, but '{}' requires the same type as overloaded type {index} ({ty})",
                    self.name
                )),
                None => Err(format!("{what}: table error: overloaded type {index} is not bound yet")),
            },
            Ty::Struct(fields) => match actual {
                IrType::Struct(actual_fields) if actual_fields.len() == fields.len() => {
                    for (index, (field, actual_field)) in fields.iter().zip(actual_fields).enumerate() {
                        let field_what = Lazy(move |f: &mut std::fmt::Formatter<'_>| write!(f, "field {index} of {what}"));
                        self.bind_one(field, actual_field, &field_what, bound)?;
                    }
                    Ok(())
                }
                _ => Err(format!("{what} has type {actual}, but '{}' requires {expected}", self.name)),
            },
            constraint if constraint.is_overloaded() => {
                let overload = self
                    .overloads
                    .get(bound.len())
                    .ok_or_else(|| format!("{what}: table error: more overloaded positions than overloads"))?;
                if !overload.accepts(actual) {
                    return Err(format!("{what} has type {actual}, but '{}' requires {overload}", self.name));
                }
                bound.push(actual.clone());
                Ok(())
            }
            fixed => {
                if fixed.accepts(actual) {
                    Ok(())
                } else {
                    Err(format!("{what} has type {actual}, but '{}' requires {fixed}", self.name))
                }
            }
        }
    }
}

impl Ty {
    /// An overloaded type variable (`Any*`), not `Match` and not a struct containing one.
    pub fn is_overloaded(&self) -> bool {
        matches!(self, Ty::AnyInt | Ty::AnyFloat | Ty::AnyVector | Ty::AnyPtr | Ty::Any)
    }

    /// Whether this type is or contains an overloaded type variable.
    pub fn contains_overload(&self) -> bool {
        match self {
            Ty::Struct(fields) => fields.iter().any(Ty::contains_overload),
            other => other.is_overloaded(),
        }
    }

    /// The fixed IR type, for types without overloads or matches.
    pub fn fixed(&self) -> Option<IrType> {
        Some(match self {
            Ty::Void => IrType::Void,
            Ty::I1 => IrType::Int(1),
            Ty::I8 => IrType::Int(8),
            Ty::I16 => IrType::Int(16),
            Ty::I32 => IrType::Int(32),
            Ty::I64 => IrType::Int(64),
            Ty::Half => IrType::Half,
            Ty::Float => IrType::Float,
            Ty::Double => IrType::Double,
            Ty::Vector(lanes, elem) => IrType::Vector(*lanes, Box::new(elem.fixed()?)),
            Ty::Struct(fields) => IrType::Struct(fields.iter().map(Ty::fixed).collect::<Option<_>>()?),
            _ => return None,
        })
    }

    /// Whether `ty` satisfies this constraint on its own: the LLVM-level kind of an overloaded type (without the
    /// overload's extra constraint, see [`OverloadDesc::accepts`]), or equality with a fixed type. `Match` accepts
    /// anything here (it needs the bound types: see [`IntrinsicDesc::bind`]).
    pub fn accepts(&self, ty: &IrType) -> bool {
        let is_fp = |t: &IrType| matches!(t, IrType::Half | IrType::Float | IrType::Double);
        match self {
            Ty::AnyInt => match ty {
                IrType::Int(_) => true,
                IrType::Vector(_, elem) => matches!(**elem, IrType::Int(_)),
                _ => false,
            },
            Ty::AnyFloat => match ty {
                IrType::Vector(_, elem) => is_fp(elem),
                scalar => is_fp(scalar),
            },
            Ty::AnyVector => matches!(ty, IrType::Vector(..)),
            Ty::AnyPtr => matches!(ty, IrType::Ptr { .. }),
            Ty::Any => *ty != IrType::Void,
            Ty::Match(_) => true,
            Ty::Struct(fields) => match ty {
                IrType::Struct(actual) => {
                    actual.len() == fields.len() && fields.iter().zip(actual).all(|(f, a)| f.accepts(a))
                }
                _ => false,
            },
            Ty::Vector(lanes, elem) => match ty {
                IrType::Vector(actual_lanes, actual_elem) => lanes == actual_lanes && elem.accepts(actual_elem),
                _ => false,
            },
            fixed => fixed.fixed().as_ref() == Some(ty),
        }
    }
}

impl fmt::Display for Ty {
    /// Fixed types in LLVM syntax; overloaded ones as a noun phrase.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::AnyInt => f.write_str("an integer or integer vector"),
            Ty::AnyFloat => f.write_str("a floating-point scalar or vector"),
            Ty::AnyVector => f.write_str("a vector"),
            Ty::AnyPtr => f.write_str("a pointer"),
            Ty::Any => f.write_str("any type"),
            Ty::Match(index) => write!(f, "the same type as overloaded type {index}"),
            Ty::Struct(fields) => types::write_struct(f, fields),
            Ty::Vector(lanes, elem) => write!(f, "<{lanes} x {elem}>"),
            fixed => write!(f, "{}", fixed.fixed().expect("a fixed scalar type")),
        }
    }
}

/// A family of intrinsics: a section of docs/intrinsics.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyDesc {
    /// The value of [`IntrinsicDesc::family`], e.g. `region`.
    pub key: &'static str,
    pub title: &'static str,
    pub doc: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/intrinsics_table.rs"));

/// Every intrinsic, sorted by name.
pub fn all() -> &'static [IntrinsicDesc] {
    &TABLE
}

/// Every family, in documentation order.
pub fn families() -> &'static [FamilyDesc] {
    &FAMILIES
}

/// The intrinsic with exactly this (unmangled) name.
pub fn get(name: &str) -> Option<&'static IntrinsicDesc> {
    TABLE.binary_search_by(|desc| desc.name.cmp(name)).ok().map(|index| &TABLE[index])
}

/// Text formatted only when displayed.
struct Lazy<F>(F);

impl<F: Fn(&mut std::fmt::Formatter<'_>) -> std::fmt::Result> std::fmt::Display for Lazy<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (self.0)(f)
    }
}

/// Longest record name that is the whole of `name` or followed by '.': returns the record and the mangling suffix
/// (without the leading '.'; empty when `name` is the bare record name).
///
/// `llvm.genx.oword.ld.unaligned.v4i32` finds `llvm.genx.oword.ld.unaligned` (not `llvm.genx.oword.ld`) with
/// suffix `v4i32`. The suffix is not checked here: compare it with [`mangled_name`].
pub fn lookup(name: &str) -> Option<(&'static IntrinsicDesc, &str)> {
    if !name.starts_with("llvm.genx.") {
        return None;
    }
    // Passes ask about the same few mangled names over and over (every call of every sweep): remember the answer
    // per name, as the index of the record and the length of its name.
    thread_local! {
        static SEEN: std::cell::RefCell<std::collections::HashMap<Box<str>, Option<(usize, usize)>>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let found = SEEN.with(|seen| {
        if let Some(&found) = seen.borrow().get(name) {
            return found;
        }
        let found = search(name).map(|(desc, base_len)| (desc as *const IntrinsicDesc as usize - TABLE.as_ptr() as usize, base_len));
        seen.borrow_mut().insert(name.into(), found);
        found
    });
    found.map(|(byte_offset, base_len)| {
        let desc = &TABLE[byte_offset / std::mem::size_of::<IntrinsicDesc>()];
        (desc, name.get(base_len + 1..).unwrap_or(""))
    })
}

/// [`lookup`] without the memo: the record and the length of its name within `name`.
fn search(name: &str) -> Option<(&'static IntrinsicDesc, usize)> {
    if let Some(desc) = get(name) {
        return Some((desc, name.len()));
    }
    // Candidate prefixes end just before a '.', longest first.
    name.char_indices().rev().filter(|(_, c)| *c == '.').find_map(|(dot, _)| get(&name[..dot]).map(|desc| (desc, dot)))
}
