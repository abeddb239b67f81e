//! SIMD control flow: `goto`/`join` and the execution-mask intrinsics of CM's SIMD `if` / `else` / `do-while`.
//!
//! Why: CM's `SIMD_IF_BEGIN(cond)` and `SIMD_DO_WHILE_END(cond)` make each channel of a thread follow its own path.
//! Clang emits them as `br (simdcf.any(cond))` with `simdcf.predicate` around reductions; CMSimdCFLowering rewrites
//! that into the IR model of the hardware: one `<32 x i1>` EM (execution mask) global initialised to all ones, one
//! RM (resume mask) alloca per join point initialised to zero, `simdcf.goto` / `simdcf.join` calls whose scalar
//! result feeds an ordinary `br`, and stores/wrregions/selects predicated by a slice of EM. GenXSimdCFConformance
//! later either keeps them as real goto/join or lowers them to the and/or/any formulas below, so the formulas are
//! the executable meaning. This file gives both forms that meaning.
//!
//! Semantics (EM has N lanes, N = 32 in practice; the condition and RM have W <= N lanes; subEM = EM[0..W)):
//! - `goto(EM, RM, C) -> {EM', RM', br}`: `RM' = RM | (subEM & ~C)`; `subEM' = subEM & C`; lanes W..N of EM are
//!   unchanged; `br = !any(subEM')`. A channel whose C is *true* stays enabled (falls through); an enabled channel
//!   whose C is false is parked in the join's RM. CMSimdCFLowering therefore passes `C = ~cond` for a branch whose
//!   true edge (`cond`) goes to the join (UIP), and `br` sends the thread to the JIP when no channel is left.
//! - `join(EM, RM) -> {EM', br}`: `subEM' = subEM | RM`; `br = !any(subEM')`. The join's RM is not returned: the
//!   lowering stores zero to it after the join.
//! - `savemask(EM) -> i32`: EM's lanes as bits (lane i = bit i), the saved mask of an unmask region.
//! - `unmask(saved, all) -> EM'`: `all` (the constant 0xFFFFFFFF) as a mask: every channel enabled.
//! - `remask(EM, saved) -> EM'`: `saved` as a mask: the mask from before the unmask region.
//! - `get.em(EM) -> EM`: a copy (it only pins where EM is read).
//! - `simdcf.any(v) -> i1`: true when any lane is set.
//!
//! Unlowered (pre-CMSimdCFLowering) code is executed as scalar control flow with every channel enabled — there is
//! no EM to consult before the lowering makes one. So `simdcf.predicate(v, default)` returns `v` (the lowering's
//! `select(EM slice, v, default)` with EM all ones), `unmask.begin()` returns 0xFFFFFFFF (the `savemask` of an
//! all-ones EM, which is what the lowering substitutes) and `unmask.end(saved)` does nothing. This agrees with the
//! lowered program exactly when every channel is enabled at those points (outside SIMD control flow, or when all
//! channels of every `simdcf.any` agree); inside divergent SIMD control flow unlowered code is not the program's
//! meaning and must be compared only after CMSimdCFLowering.
//!
//! Undef: mask lanes combine like the executor's `and`/`or`/`xor` (an undef operand lane gives an undef result
//! lane) and `br`/`any` like `llvm.genx.any` (true as soon as a defined lane is set, undef if none is set but some
//! lane is undef). This makes goto/join execute exactly like their GenXSimdCFConformance lowering, so that pass can
//! be validated. `savemask` of a mask with an undef lane, and `unmask`/`remask` of an undef `i32`, are undef.
//!
//! Invariants: every operand that must be a vector of i1 is checked (a fault names the intrinsic and operand);
//! lane counts are checked (W <= N, RM and C of a goto have equal widths, savemask's EM has at most 32 lanes).
//! Not handled: nothing of the IR model is left out; whether a goto/join is *conformant* (one live EM, forward
//! JIPs) is GenXSimdCFConformance's question, not the executor's — non-conformant uses still get these formulas.

use super::{lanes, result_shape, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Elem, Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.genx.simdcf.goto", goto),
    ("llvm.genx.simdcf.join", join),
    ("llvm.genx.simdcf.savemask", savemask),
    ("llvm.genx.simdcf.unmask", unmask),
    ("llvm.genx.simdcf.remask", remask),
    ("llvm.genx.simdcf.get.em", get_em),
    ("llvm.genx.simdcf.any", any),
    ("llvm.genx.simdcf.predicate", predicate),
    ("llvm.genx.unmask.begin", unmask_begin),
    ("llvm.genx.unmask.end", unmask_end),
];

/// One mask lane: `None` is undef.
type Bit = Option<bool>;

fn bit(l: &Lanes, i: usize) -> Bit {
    (!l.undef[i]).then_some(l.bits[i] & 1 != 0)
}

fn and(a: Bit, b: Bit) -> Bit {
    Some(a? && b?)
}

fn or(a: Bit, b: Bit) -> Bit {
    Some(a? || b?)
}

fn set(l: &mut Lanes, i: usize, b: Bit) {
    match b {
        Some(b) => l.set(i, b as u64),
        None => {
            l.bits[i] = 0;
            l.undef[i] = true;
        }
    }
}

/// `any` over mask bits, precise like `llvm.genx.any`: a defined set lane decides, else an undef lane makes it undef.
fn any_bit(bits: impl Iterator<Item = Bit> + Clone) -> Bit {
    if bits.clone().any(|b| b == Some(true)) {
        Some(true)
    } else if bits.clone().any(|b| b.is_none()) {
        None
    } else {
        Some(false)
    }
}

fn i1(b: Bit) -> Value {
    match b {
        Some(b) => Value::bool(b),
        None => Value::Lanes(Lanes::undef(Elem::Int(1), 1)),
    }
}

/// Operand `i`, which must be a vector (or scalar) of i1.
fn mask<'a>(call: &'a Call<'_>, i: usize) -> Result<&'a Lanes, Fault> {
    let l = lanes(call, i)?;
    if l.elem != Elem::Int(1) {
        return Err(Fault::Other(format!("{}: operand {i} must be a vector of i1, not of {}", call.name, l.elem)));
    }
    Ok(l)
}

/// Checks that a `width`-lane condition or RM fits in the `em`-lane execution mask.
fn check_width(call: &Call<'_>, em: usize, width: usize) -> Result<(), Fault> {
    if width > em {
        return Err(Fault::Other(format!(
            "{}: a {width}-lane mask is wider than the {em}-lane execution mask",
            call.name
        )));
    }
    Ok(())
}

fn goto(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (em, rm, cond) = (mask(call, 0)?, mask(call, 1)?, mask(call, 2)?);
    let width = cond.len();
    if rm.len() != width {
        return Err(Fault::Other(format!(
            "{}: the resume mask has {} lanes but the condition has {width}",
            call.name,
            rm.len()
        )));
    }
    check_width(call, em.len(), width)?;
    let (mut new_em, mut new_rm) = (em.clone(), rm.clone());
    for i in 0..width {
        let (e, c) = (bit(em, i), bit(cond, i));
        set(&mut new_rm, i, or(bit(rm, i), and(e, c.map(|c| !c))));
        set(&mut new_em, i, and(e, c));
    }
    let branch = any_bit((0..width).map(|i| bit(&new_em, i))).map(|b| !b);
    Ok(Value::Agg(vec![Value::Lanes(new_em), Value::Lanes(new_rm), i1(branch)]))
}

fn join(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (em, rm) = (mask(call, 0)?, mask(call, 1)?);
    let width = rm.len();
    check_width(call, em.len(), width)?;
    let mut new_em = em.clone();
    for i in 0..width {
        set(&mut new_em, i, or(bit(em, i), bit(rm, i)));
    }
    let branch = any_bit((0..width).map(|i| bit(&new_em, i))).map(|b| !b);
    Ok(Value::Agg(vec![Value::Lanes(new_em), i1(branch)]))
}

fn savemask(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let em = mask(call, 0)?;
    let (elem, _) = result_shape(call)?;
    if em.len() > elem.bits() as usize {
        return Err(Fault::Other(format!("{}: a {}-lane execution mask does not fit in {elem}", call.name, em.len())));
    }
    if em.any_undef() {
        return Ok(Value::Lanes(Lanes::undef(elem, 1)));
    }
    let bits = em.bits.iter().enumerate().fold(0u64, |acc, (i, &b)| acc | (b & 1) << i);
    Ok(Value::scalar(elem, bits))
}

/// The integer operand `i` spread over the result mask, lane j = bit j (as `bitcast i32 to <32 x i1>`).
fn spread(call: &Call<'_>, i: usize) -> Result<Value, Fault> {
    let word = lanes(call, i)?;
    let (elem, n) = result_shape(call)?;
    if elem != Elem::Int(1) || n > word.elem.bits() as usize {
        return Err(Fault::Other(format!("{}: cannot make a {} mask from {}", call.name, call.ret, word.elem)));
    }
    if word.undef[0] {
        return Ok(Value::Lanes(Lanes::undef(elem, n)));
    }
    Ok(Value::Lanes(Lanes::new(elem, (0..n).map(|j| word.bits[0] >> j & 1).collect())))
}

fn unmask(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    spread(call, 1)
}

fn remask(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    mask(call, 0)?;
    spread(call, 1)
}

fn get_em(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    Ok(Value::Lanes(mask(call, 0)?.clone()))
}

fn any(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let v = mask(call, 0)?;
    Ok(i1(any_bit((0..v.len()).map(|i| bit(v, i)))))
}

fn predicate(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (value, default) = (lanes(call, 0)?, lanes(call, 1)?);
    if value.len() != default.len() || value.elem != default.elem {
        return Err(Fault::Other(format!("{}: the value and the default differ in type", call.name)));
    }
    Ok(Value::Lanes(value.clone()))
}

fn unmask_begin(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, _) = result_shape(call)?;
    Ok(Value::scalar(elem, u64::MAX))
}

fn unmask_end(_: &mut Ctx<'_>, _: &Call<'_>) -> Result<Value, Fault> {
    Ok(Value::Void)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Memory;
    use crate::value::Ty;

    fn mask_of(bits: &[u64]) -> Value {
        Value::Lanes(Lanes::new(Elem::Int(1), bits.to_vec()))
    }

    /// Calls `sem` with `args`; argument and result types are derived from the values and `ret`.
    fn call(sem: SemFn, name: &str, ret: Ty, args: Vec<Value>) -> Result<Value, Fault> {
        crate::intrinsics::call_on(sem, name, ret, args, &mut Memory::new()).0
    }

    fn goto_of(em: &[u64], rm: &[u64], cond: &[u64]) -> Value {
        let ret = Ty::Struct(vec![
            Ty::Vector(Elem::Int(1), em.len() as u32),
            Ty::Vector(Elem::Int(1), rm.len() as u32),
            Ty::Scalar(Elem::Int(1)),
        ]);
        call(goto, "llvm.genx.simdcf.goto", ret, vec![mask_of(em), mask_of(rm), mask_of(cond)]).unwrap()
    }

    #[test]
    fn goto_parks_enabled_channels_whose_condition_is_false() {
        // EM: 8 lanes, lanes 0..4 the SIMD4 slice; lane 1 already disabled; lanes 4..8 must not change.
        let out = goto_of(&[1, 0, 1, 1, 1, 0, 1, 0], &[0, 1, 0, 0], &[1, 1, 0, 0]);
        assert_eq!(
            out,
            Value::Agg(vec![mask_of(&[1, 0, 0, 0, 1, 0, 1, 0]), mask_of(&[0, 1, 1, 1]), Value::bool(false)])
        );
        // Every enabled channel parked: branch to the JIP.
        let out = goto_of(&[1, 1, 0, 0], &[0, 0], &[0, 0]);
        assert_eq!(out, Value::Agg(vec![mask_of(&[0, 0, 0, 0]), mask_of(&[1, 1]), Value::bool(true)]));
    }

    #[test]
    fn join_resumes_parked_channels() {
        let ret = Ty::Struct(vec![Ty::Vector(Elem::Int(1), 4), Ty::Scalar(Elem::Int(1))]);
        let out = call(join, "llvm.genx.simdcf.join", ret.clone(), vec![mask_of(&[0, 0, 0, 1]), mask_of(&[0, 1])]);
        assert_eq!(out.unwrap(), Value::Agg(vec![mask_of(&[0, 1, 0, 1]), Value::bool(false)]));
        // Lane 3 is outside the RM's width: it does not keep the thread in the join block.
        let out = call(join, "llvm.genx.simdcf.join", ret, vec![mask_of(&[0, 0, 0, 1]), mask_of(&[0, 0])]);
        assert_eq!(out.unwrap(), Value::Agg(vec![mask_of(&[0, 0, 0, 1]), Value::bool(true)]));
    }

    #[test]
    fn undef_condition_lanes_stay_undef_but_a_live_lane_decides_the_branch() {
        let mut cond = Lanes::new(Elem::Int(1), vec![1, 0]);
        cond.undef[1] = true;
        let ret = Ty::Struct(vec![Ty::Vector(Elem::Int(1), 2), Ty::Vector(Elem::Int(1), 2), Ty::Scalar(Elem::Int(1))]);
        let out = call(goto, "g", ret, vec![mask_of(&[1, 1]), mask_of(&[0, 0]), Value::Lanes(cond)]).unwrap();
        let Value::Agg(fields) = out else { panic!() };
        assert_eq!(fields[0].lanes().unwrap().undef, vec![false, true]);
        assert_eq!(fields[1].lanes().unwrap().undef, vec![false, true]);
        assert_eq!(fields[2], Value::bool(false));
    }

    #[test]
    fn widths_are_checked() {
        let ret = Ty::Struct(vec![Ty::Vector(Elem::Int(1), 2), Ty::Scalar(Elem::Int(1))]);
        let err = call(join, "llvm.genx.simdcf.join", ret, vec![mask_of(&[1, 1]), mask_of(&[0, 0, 0, 0])]);
        assert!(err.unwrap_err().to_string().contains("wider than the 2-lane execution mask"));
    }

    #[test]
    fn savemask_unmask_remask_round_trip() {
        let em: Vec<u64> = (0..32).map(|i| (i % 3 == 0) as u64).collect();
        let v32 = Ty::Vector(Elem::Int(1), 32);
        let saved = call(savemask, "s", Ty::Scalar(Elem::Int(32)), vec![mask_of(&em)]).unwrap();
        let expected: u64 = (0..32).filter(|i| i % 3 == 0).map(|i| 1u64 << i).sum();
        assert_eq!(saved, Value::scalar(Elem::Int(32), expected));
        let all = Value::scalar(Elem::Int(32), 0xFFFF_FFFF);
        let unmasked = call(unmask, "u", v32.clone(), vec![saved.clone(), all]).unwrap();
        assert_eq!(unmasked, mask_of(&[1; 32]));
        let remasked = call(remask, "r", v32, vec![unmasked, saved]).unwrap();
        assert_eq!(remasked, mask_of(&em));
    }

    #[test]
    fn unlowered_markers_run_with_every_channel_enabled() {
        let v = Value::Lanes(Lanes::new(Elem::Int(32), vec![5, 6]));
        let d = Value::Lanes(Lanes::new(Elem::Int(32), vec![0, 0]));
        assert_eq!(call(predicate, "p", Ty::Vector(Elem::Int(32), 2), vec![v.clone(), d]).unwrap(), v);
        let begin = call(unmask_begin, "b", Ty::Scalar(Elem::Int(32)), vec![]).unwrap();
        assert_eq!(begin, Value::scalar(Elem::Int(32), 0xFFFF_FFFF));
        assert_eq!(call(any, "a", Ty::Scalar(Elem::Int(1)), vec![mask_of(&[0, 0, 1])]).unwrap(), Value::bool(true));
        assert_eq!(call(any, "a", Ty::Scalar(Elem::Int(1)), vec![mask_of(&[0, 0])]).unwrap(), Value::bool(false));
    }
}
