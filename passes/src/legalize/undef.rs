//! Which bytes of a vector may be `undef`, for the byte-move retyping.
//!
//! Retyping a byte move to `i16`/`i32` moves whole words: the moved elements and every element of the written
//! vector round-trip through wider lanes. A word whose bytes are partly defined and partly `undef` (a lane a
//! `shufflevector` left undefined next to a defined one, a byte `wrregion` into `undef`) is, for LLVM's undef
//! semantics and for the executor that validates the pass, no longer defined as a whole: the defined bytes would
//! be lost. So a byte move is retyped only when every word it moves or keeps is all defined or all `undef`.
//!
//! The analysis follows data movement (regions, bitcasts, shuffles, element accesses, selects, phis) byte by
//! byte; element-wise arithmetic makes a lane possibly undefined when an operand lane may be. Arguments, loads
//! and call results are taken as defined (kernel data comes from defined memory and arguments).

use std::collections::HashMap;

use genx_region::Region;

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, element_bytes, element_type, lanes, Index, RdRegion, WrRegion};

use super::build::{is_vector, opcode, operand};

/// What is known about one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Byte {
    Defined,
    Undef,
    Maybe,
}

fn join(a: Byte, b: Byte) -> Byte {
    if a == b {
        a
    } else {
        Byte::Maybe
    }
}

/// Bytes per lane of a value's type (a scalar is one lane; i1 lanes count as one byte).
fn lane_bytes(ty: LLVMTypeRef) -> usize {
    let elem = element_type(ty);
    element_bytes(elem).map(|b| b as usize).unwrap_or(1)
}

pub(super) struct Analysis {
    memo: HashMap<LLVMValueRef, Vec<Byte>>,
    in_progress: Vec<LLVMValueRef>,
}

impl Analysis {
    pub(super) fn new() -> Analysis {
        Analysis { memo: HashMap::new(), in_progress: Vec::new() }
    }

    /// Whether every `word`-byte word of `value` is all defined or all undef.
    pub(super) fn words_whole(&mut self, value: LLVMValueRef, word: usize) -> bool {
        let bytes = self.bytes(value, 0);
        bytes.chunks(word.max(1)).all(|w| w.iter().all(|&b| b == Byte::Defined) || w.iter().all(|&b| b == Byte::Undef))
    }

    fn all(value: LLVMValueRef, state: Byte) -> Vec<Byte> {
        let ty = ir::type_of(value);
        vec![state; lanes(ty) as usize * lane_bytes(ty)]
    }

    /// Per lane, from per-byte states.
    fn lanes_of(bytes: &[Byte], lane: usize) -> Vec<Byte> {
        bytes.chunks(lane.max(1)).map(|c| c.iter().copied().reduce(join).unwrap_or(Byte::Defined)).collect()
    }

    fn bytes(&mut self, value: LLVMValueRef, depth: u32) -> Vec<Byte> {
        if let Some(known) = self.memo.get(&value) {
            return known.clone();
        }
        let ty = ir::type_of(value);
        let total = lanes(ty) as usize * lane_bytes(ty);
        if depth > 48 {
            return vec![Byte::Maybe; total];
        }
        if self.in_progress.contains(&value) {
            // A phi cycle: its own contribution is what the other incomings give.
            return vec![Byte::Defined; total];
        }
        self.in_progress.push(value);
        let result = self.compute(value, depth);
        self.in_progress.pop();
        let result = if result.len() == total { result } else { vec![Byte::Maybe; total] };
        self.memo.insert(value, result.clone());
        result
    }

    fn constant(&mut self, value: LLVMValueRef) -> Vec<Byte> {
        let ty = ir::type_of(value);
        let lb = lane_bytes(ty);
        if ir::is_undef(value) {
            return Self::all(value, Byte::Undef);
        }
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        unsafe {
            if is_vector(ty) && !LLVMIsAConstantVector(value).is_null() {
                let n = lanes(ty);
                let mut out = Vec::with_capacity(n as usize * lb);
                for i in 0..n {
                    let element = ir::operand(value, i);
                    let state = if ir::is_undef(element) { Byte::Undef } else { Byte::Defined };
                    out.extend(std::iter::repeat_n(state, lb));
                }
                return out;
            }
        }
        Self::all(value, Byte::Defined)
    }

    fn compute(&mut self, value: LLVMValueRef, depth: u32) -> Vec<Byte> {
        let ty = ir::type_of(value);
        let lb = lane_bytes(ty);
        if ir::is_constant(value) {
            return self.constant(value);
        }
        let Some(op) = opcode(value) else { return Self::all(value, Byte::Defined) };
        let d = depth + 1;
        use LLVMOpcode::*;
        match op {
            LLVMBitCast => {
                let source = self.bytes(operand(value, 0), d);
                if source.len() == lanes(ty) as usize * lb {
                    source
                } else {
                    Self::all(value, Byte::Maybe)
                }
            }
            LLVMPHI => {
                let count = ir::incoming_count(value);
                let mut acc: Option<Vec<Byte>> = None;
                for i in 0..count {
                    let incoming = self.bytes(ir::incoming_value(value, i), d);
                    acc = Some(match acc {
                        None => incoming,
                        Some(a) => a.iter().zip(&incoming).map(|(&x, &y)| join(x, y)).collect(),
                    });
                }
                acc.unwrap_or_else(|| Self::all(value, Byte::Defined))
            }
            LLVMShuffleVector => {
                let a = operand(value, 0);
                let n_a = lanes(ir::type_of(a)) as usize;
                let ba = self.bytes(a, d);
                let bb = self.bytes(operand(value, 1), d);
                let n = lanes(ty);
                let mut out = Vec::with_capacity(n as usize * lb);
                for i in 0..n {
                    let m = ir::mask_value(value, i);
                    let lane: Vec<Byte> = if m < 0 {
                        vec![Byte::Undef; lb]
                    } else if (m as usize) < n_a {
                        ba.get(m as usize * lb..(m as usize + 1) * lb).map(<[Byte]>::to_vec).unwrap_or(vec![Byte::Maybe; lb])
                    } else {
                        let k = m as usize - n_a;
                        bb.get(k * lb..(k + 1) * lb).map(<[Byte]>::to_vec).unwrap_or(vec![Byte::Maybe; lb])
                    };
                    out.extend(lane);
                }
                out
            }
            LLVMSelect => {
                let a = self.bytes(operand(value, 1), d);
                let b = self.bytes(operand(value, 2), d);
                a.iter().zip(&b).map(|(&x, &y)| join(x, y)).collect()
            }
            LLVMCall => {
                if let Some(r) = RdRegion::read(value) {
                    let input = self.bytes(r.input, d);
                    return read_bytes(&input, &r.region, r.index, lb, lanes(ty));
                }
                if let Some(w) = WrRegion::read(value) {
                    let old = self.bytes(w.old, d);
                    let new = self.bytes(w.new, d);
                    return write_bytes(old, &new, &w, lb);
                }
                if region_ir::is_rdregion(value) || region_ir::is_wrregion(value) {
                    return Self::all(value, Byte::Maybe);
                }
                Self::all(value, Byte::Defined)
            }
            LLVMLoad | LLVMExtractValue | LLVMAlloca => Self::all(value, Byte::Defined),
            _ => {
                // Element-wise: a lane is defined when every operand's lane is.
                let n = lanes(ty) as usize;
                let mut state = vec![Byte::Defined; n];
                let count = ir::data_operand_count(value);
                for k in 0..count {
                    let o = operand(value, k);
                    let oty = ir::type_of(o);
                    if ir::type_kind(oty) == LLVMTypeKind::LLVMLabelTypeKind {
                        continue;
                    }
                    let ob = self.bytes(o, d);
                    let per_lane = Self::lanes_of(&ob, lane_bytes(oty));
                    if per_lane.len() == n {
                        for i in 0..n {
                            if per_lane[i] != Byte::Defined {
                                state[i] = Byte::Maybe;
                            }
                        }
                    } else if per_lane.iter().any(|&b| b != Byte::Defined) {
                        state.iter_mut().for_each(|s| *s = Byte::Maybe);
                    }
                }
                state.into_iter().flat_map(|s| std::iter::repeat_n(s, lb)).collect()
            }
        }
    }
}

fn read_bytes(input: &[Byte], region: &Region, index: Index, lb: usize, n: u32) -> Vec<Byte> {
    if index != Index::Direct {
        let state = input.iter().copied().reduce(join).unwrap_or(Byte::Defined);
        let state = if state == Byte::Defined { Byte::Defined } else { Byte::Maybe };
        return vec![state; n as usize * lb];
    }
    let Ok(elements) = region.direct_elements() else { return vec![Byte::Maybe; n as usize * lb] };
    let mut out = Vec::with_capacity(n as usize * lb);
    for e in elements {
        let start = e as usize * lb;
        match input.get(start..start + lb) {
            Some(bytes) if e >= 0 => out.extend_from_slice(bytes),
            _ => out.extend(std::iter::repeat_n(Byte::Maybe, lb)),
        }
    }
    out
}

fn write_bytes(mut old: Vec<Byte>, new: &[Byte], w: &WrRegion, lb: usize) -> Vec<Byte> {
    let new_lanes = lanes(ir::type_of(w.new)) as usize;
    if w.index != Index::Direct {
        let any_new = new.iter().copied().reduce(join).unwrap_or(Byte::Defined);
        return old.into_iter().map(|b| join(b, any_new)).collect();
    }
    let Ok(elements) = w.region.direct_elements() else { return vec![Byte::Maybe; old.len()] };
    let mask = if w.region.masked { ir::const_int_vector(w.mask) } else { None };
    for (i, e) in elements.into_iter().enumerate() {
        let start = e as usize * lb;
        if e < 0 || start + lb > old.len() || (i + 1) * lb > new.len() || i >= new_lanes {
            continue;
        }
        let written = &new[i * lb..(i + 1) * lb];
        let on = if !w.region.masked { Some(true) } else { mask.as_ref().and_then(|m| m.get(i)).map(|&b| b & 1 == 1) };
        for k in 0..lb {
            old[start + k] = match on {
                Some(true) => written[k],
                Some(false) => old[start + k],
                None => join(old[start + k], written[k]),
            };
        }
    }
    old
}
