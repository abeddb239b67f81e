//! Executable semantics of intrinsics, one file per family.
//!
//! Each family file exports a `TABLE` of `(base name, semantics function)`; [`resolve`] finds the function for a
//! full, mangled callee name by its longest base-name prefix ending at a `.` (so `llvm.genx.rdregioni.v4i32.v8i32.i16`
//! resolves to `llvm.genx.rdregioni`, and `llvm.fabs.v8f32` to `llvm.fabs`). Each intrinsic's meaning is written
//! once, here, from the formulas of docs/genx-ir.md (GenX) or the LangRef (LLVM), and unit-tested in its family file.
//!
//! A semantics function gets the evaluated arguments with their types and the result type, and returns the result
//! or a [`Fault`]. Conventions shared by all families:
//! - an undef input lane gives an undef output lane (never a guess);
//! - an input the IR contract forbids (a region outside its vector, an unaligned variable offset) is
//!   [`Fault::Undefined`], so the translation validator discards that input instead of comparing garbage.

use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Elem, Lanes, Value};

mod alu;
mod dpas;
mod env;
mod llvm;
mod math;
pub(crate) mod mem;
mod region;
pub(crate) mod printf;
mod simdcf;

/// The semantics of one intrinsic.
pub type SemFn = fn(&mut Ctx<'_>, &Call<'_>) -> Result<Value, Fault>;

/// Every family's table.
const FAMILIES: &[&[(&str, SemFn)]] = &[
    region::TABLE, env::TABLE, llvm::TABLE, alu::TABLE, math::TABLE, mem::TABLE, simdcf::TABLE, printf::TABLE, dpas::TABLE,
];

/// The semantics of the intrinsic called `name` (full mangled name), if implemented.
pub fn resolve(name: &str) -> Option<SemFn> {
    let mut best: Option<(&str, SemFn)> = None;
    for table in FAMILIES {
        for &(base, sem) in table.iter() {
            let matches = name == base || (name.starts_with(base) && name.as_bytes().get(base.len()) == Some(&b'.'));
            if matches && best.is_none_or(|(b, _)| base.len() > b.len()) {
                best = Some((base, sem));
            }
        }
    }
    best.map(|(_, sem)| sem)
}

/// The base names of every implemented intrinsic (for coverage reports).
pub fn implemented() -> impl Iterator<Item = &'static str> {
    FAMILIES.iter().flat_map(|table| table.iter().map(|(name, _)| *name))
}

// ---- helpers shared by the family files --------------------------------------------------------------------

/// Argument `i` as lanes.
pub(crate) fn lanes<'a>(call: &'a Call<'_>, i: usize) -> Result<&'a Lanes, Fault> {
    call.args
        .get(i)
        .and_then(Value::lanes)
        .ok_or_else(|| Fault::Other(format!("{}: operand {i} is missing or not a scalar/vector", call.name)))
}

/// Argument `i` as a defined constant-like scalar (region parameters, message controls).
pub(crate) fn scalar(call: &Call<'_>, i: usize) -> Result<u64, Fault> {
    let l = lanes(call, i)?;
    if l.undef[0] {
        return Err(Fault::Undefined(format!("{}: operand {i} is undef", call.name)));
    }
    Ok(l.bits[0])
}

/// Argument `i` as a signed scalar.
pub(crate) fn signed(call: &Call<'_>, i: usize) -> Result<i64, Fault> {
    let l = lanes(call, i)?;
    if l.undef[0] {
        return Err(Fault::Undefined(format!("{}: operand {i} is undef", call.name)));
    }
    Ok(crate::value::sign_extend(l.bits[0], l.elem.bits()))
}

/// Lane type and count of the result.
pub(crate) fn result_shape(call: &Call<'_>) -> Result<(Elem, usize), Fault> {
    call.ret
        .lanes()
        .map(|(e, n)| (e, n as usize))
        .ok_or_else(|| Fault::Other(format!("{}: unexpected result type {}", call.name, call.ret)))
}

/// Calls `sem` on `args` over `memory` for a lone thread with no surfaces, as a unit test of a family does; the
/// argument types come from the values; returns the result and what the call printed.
#[cfg(test)]
pub(crate) fn call_on(
    sem: SemFn,
    name: &str,
    ret: crate::value::Ty,
    args: Vec<Value>,
    memory: &mut crate::memory::Memory,
) -> (Result<Value, Fault>, Vec<u8>) {
    use crate::value::Ty;
    let arg_tys: Vec<Ty> = args
        .iter()
        .map(|a| match a.lanes() {
            Some(l) if l.len() == 1 => Ty::Scalar(l.elem),
            Some(l) => Ty::Vector(l.elem, l.len() as u32),
            None => Ty::Void,
        })
        .collect();
    let (surfaces, ids) = (crate::machine::Surfaces::new(), crate::machine::ThreadIds::single());
    let mut printed = Vec::new();
    let mut ctx = Ctx {
        memory,
        surfaces: &surfaces,
        samplers: &Default::default(),
        ids: &ids,
        slm: None,
        barrier: false,
        bounds: Default::default(),
        printf: &mut printed,
    };
    let result = sem(&mut ctx, &Call { name, ret: &ret, arg_tys: &arg_tys, args: &args });
    (result, printed)
}
