//! The systolic matrix multiply: `llvm.genx.dpas` and `llvm.genx.dpas.nosrc0` (CM's `cm_dpas`).
//!
//! What: `result[r][c] = acc[r][c] + Σ_{k<depth} Σ_{o<ops} A(r, k, o) × B(k, c, o)` for the `repeat` rows `r` of A
//! (src2) and the `exec` columns `c` of B (src1); `nosrc0` has no accumulator (0). The result has `exec × repeat`
//! lanes, so `exec` is the result's lane count over the repeat count.
//!
//! Operand layout (docs/genx-ir.md; vISA's DPAS page of IGC igc-1.0.12504.6): the `info` constant holds the
//! src1 precision in bits 0-7, src2's in 8-15, the systolic depth in 16-23 and the repeat count in 24-31, in
//! vISA's GenPrecision numbering (1 u1, 2 s1, 3 u2, 4 s2, 5 u4, 6 s4, 7 u8, 8 s8, 9 bf16, 10 fp16, 12 tf32).
//! Both sources are dword vectors holding packed elements. `ops`, the products per channel and depth step, is the
//! number of elements of the wider format a dword holds (at most 8). Each source is read as one stream of its
//! packed elements, least significant bits first: B's element `(k, c, o)` is number `(k × exec + c) × ops + o`,
//! A's element `(r, k, o)` is number `(r × depth + k) × ops + o` (for equal formats: dword `k × exec + c` of B
//! and dword `r × depth + k` of A, element `o` of each).
//!
//! Arithmetic: integer formats multiply and add exactly and wrap to the 32-bit result; float formats (half,
//! bfloat16, tf32: a float whose low 13 mantissa bits are ignored) are summed exactly in f64 and rounded once to
//! the result type. The hardware's float accumulation order and intermediate rounding are not specified by the
//! vISA page, so a float result may differ from the GPU's in the last bits; translation validation compares two
//! runs of this same model, which is what it needs.
//!
//! Not handled: `dpasw` (its src2 rows come from the paired thread of a fused EU, which a one-thread model does
//! not have: a [`Fault::Other`] naming it), `dpas2` and bf8 (no CM source produces them). A result lane is undef when its accumulator lane or
//! a dword it reads is undef.

use super::{lanes, result_shape, scalar};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::ops::{from_f64, to_f64};
use crate::value::{sign_extend, Elem, Lanes, Value};

pub(super) const TABLE: &[(&str, super::SemFn)] = &[
    ("llvm.genx.dpas", dpas::<true>),
    ("llvm.genx.dpas.nosrc0", dpas::<false>),
    ("llvm.genx.dpasw", dpasw),
    ("llvm.genx.dpasw.nosrc0", dpasw),
];

/// A source format: element width and how one element reads.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Format {
    Int { bits: u32, signed: bool },
    Half,
    BFloat16,
    TensorFloat32,
}

impl Format {
    /// The format of a GenPrecision number.
    fn of(precision: u64) -> Option<Format> {
        Some(match precision {
            1..=8 => Format::Int {
                bits: 1 << ((precision - 1) / 2),
                signed: precision % 2 == 0,
            },
            9 => Format::BFloat16,
            10 => Format::Half,
            12 => Format::TensorFloat32,
            _ => return None,
        })
    }

    fn bits(self) -> u32 {
        match self {
            Format::Int { bits, .. } => bits,
            Format::Half | Format::BFloat16 => 16,
            Format::TensorFloat32 => 32,
        }
    }

    /// Element number `index` of the packed stream in `dwords`, exactly (`None` when its dword is undef).
    fn element(self, dwords: &Lanes, index: usize) -> Option<f64> {
        let bits = self.bits() as usize;
        let (word, shift) = (index * bits / 32, (index * bits) % 32);
        if dwords.undef[word] {
            return None;
        }
        let raw = (dwords.bits[word] >> shift) & ((1u64 << bits) - 1);
        Some(match self {
            Format::Int { bits, signed: true } => sign_extend(raw, bits) as f64,
            Format::Int { .. } => raw as f64,
            Format::Half => to_f64(Elem::Half, raw),
            Format::BFloat16 => f32::from_bits((raw as u32) << 16) as f64,
            Format::TensorFloat32 => f32::from_bits(raw as u32 & !0x1fff) as f64,
        })
    }
}

fn dpas<const ACC: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let bad = |what: String| Fault::Other(format!("{}: {what}", call.name));
    let first = usize::from(ACC);
    let (b, a) = (lanes(call, first)?, lanes(call, first + 1)?);
    let info = scalar(call, first + 2)?;
    let format = |shift: u32| {
        Format::of((info >> shift) & 0xff)
            .ok_or_else(|| bad(format!("info {info:#x}: unknown precision")))
    };
    let (f1, f2) = (format(0)?, format(8)?);
    let (depth, repeat) = (
        ((info >> 16) & 0xff) as usize,
        ((info >> 24) & 0xff) as usize,
    );
    let (elem, n) = result_shape(call)?;
    if repeat == 0 || n % repeat != 0 || depth == 0 {
        return Err(bad(format!(
            "{n} result lanes do not fit repeat count {repeat}, depth {depth}"
        )));
    }
    let exec = n / repeat;
    let ops = (32 / f1.bits().max(f2.bits())).min(8) as usize;
    let (need_b, need_a) = (
        depth * exec * ops * f1.bits() as usize,
        repeat * depth * ops * f2.bits() as usize,
    );
    if b.elem != Elem::Int(32)
        || a.elem != Elem::Int(32)
        || b.len() * 32 < need_b
        || a.len() * 32 < need_a
    {
        return Err(bad(format!(
            "sources of {} and {} dwords, {} and {} bits needed",
            b.len(),
            a.len(),
            need_b,
            need_a
        )));
    }
    let acc = if ACC { Some(lanes(call, 0)?) } else { None };
    if acc.is_some_and(|acc| acc.len() != n || acc.elem != elem) {
        return Err(bad(format!(
            "the accumulator is not {n} lanes of the result type"
        )));
    }
    let mut out = Lanes::undef(elem, n);
    let integer = matches!(f1, Format::Int { .. });
    for r in 0..repeat {
        'lanes: for c in 0..exec {
            let lane = r * exec + c;
            if acc.is_some_and(|acc| acc.undef[lane]) {
                continue;
            }
            let mut int_sum: i64 = 0;
            let mut float_sum: f64 = 0.0;
            for k in 0..depth {
                for o in 0..ops {
                    let (Some(x), Some(y)) =
                        (f2.element(a, (r * depth + k) * ops + o), f1.element(b, (k * exec + c) * ops + o))
                    else {
                        continue 'lanes;
                    };
                    if integer {
                        int_sum = int_sum.wrapping_add((x as i64).wrapping_mul(y as i64));
                    } else {
                        float_sum += x * y;
                    }
                }
            }
            let bits = match (elem, acc) {
                (Elem::Int(_), acc) => {
                    let start = acc.map_or(0, |acc| acc.bits[lane] as i64);
                    (start.wrapping_add(int_sum) as u64) & elem.mask()
                }
                (_, acc) => from_f64(
                    elem,
                    acc.map_or(0.0, |acc| to_f64(elem, acc.bits[lane])) + float_sum,
                ),
            };
            out.set(lane, bits);
        }
    }
    Ok(Value::Lanes(out))
}

fn dpasw(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    Err(Fault::Other(format!(
        "{}: dpasw takes half of its src2 rows from the paired thread of a fused EU, which the executor does not model",
        call.name
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Memory;
    use crate::value::Ty;

    fn dwords(values: &[u32]) -> Value {
        Value::Lanes(Lanes::new(
            Elem::Int(32),
            values.iter().map(|&v| v as u64).collect(),
        ))
    }

    /// s8 x s8, depth 8, repeat 1, exec 8: every B dword holds (1, 2, -1, 0) and A's dword k holds (k, 1, 1, 1),
    /// so each lane is acc + Σ_k (k + 2 - 1) = acc + 28 + 8.
    #[test]
    fn signed_bytes_sum_products_per_channel() {
        let b = dwords(&[u32::from_le_bytes([1, 2, 0xff, 0]); 64]);
        let a = dwords(
            &(0..8)
                .map(|k| u32::from_le_bytes([k, 1, 1, 1]))
                .collect::<Vec<_>>(),
        );
        let acc = Value::Lanes(Lanes::new(
            Elem::Int(32),
            (0..8).map(|i| i as u64).collect(),
        ));
        let info = Value::scalar(Elem::Int(32), 1 << 24 | 8 << 16 | 8 << 8 | 8);
        let (got, _) = crate::intrinsics::call_on(
            dpas::<true>,
            "llvm.genx.dpas",
            Ty::Vector(Elem::Int(32), 8),
            vec![acc, b, a, info],
            &mut Memory::new(),
        );
        let got = got.unwrap();
        let lanes = got.lanes().unwrap();
        assert_eq!(lanes.bits, (0..8).map(|i| i + 36).collect::<Vec<u64>>());
    }

    /// fp16 x fp16 without an accumulator: B's halves are all 1.0, A row r's are r + 1, so each lane of row r is
    /// 16 × (r + 1).
    #[test]
    fn halves_without_accumulator() {
        let one = half::f16::from_f32(1.0).to_bits() as u32;
        let b = dwords(&[one | one << 16; 64]);
        let a = dwords(
            &(0..2u32)
                .flat_map(|r| {
                    let h = half::f16::from_f32((r + 1) as f32).to_bits() as u32;
                    [h | h << 16; 8]
                })
                .collect::<Vec<_>>(),
        );
        let info = Value::scalar(Elem::Int(32), 2 << 24 | 8 << 16 | 10 << 8 | 10);
        let (got, _) = crate::intrinsics::call_on(
            dpas::<false>,
            "llvm.genx.dpas.nosrc0",
            Ty::Vector(Elem::Float, 16),
            vec![b, a, info],
            &mut Memory::new(),
        );
        let got = got.unwrap();
        let values: Vec<f64> = got
            .lanes()
            .unwrap()
            .bits
            .iter()
            .map(|&b| to_f64(Elem::Float, b))
            .collect();
        assert_eq!(values, [[16.0; 8], [32.0; 8]].concat());
    }
}
