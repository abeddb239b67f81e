//! genx-visa-emit, constants written into registers: [`Lowering::write_constant`] (every constant vector the
//! emitter materializes: by chunks of eight lanes, the cheapest of moves of runs, a packed immediate, the
//! previous chunk plus a constant, a packed immediate of the steps scaled and offset; float lanes that are all
//! integers as that dword constant converted by moves, when fewer), and loads of constant
//! data: a `load` of a constant global at a constant offset (what `genx-constant-loads` folds before the
//! middle end, reaching here only when that pass did not run) is a constant whose lanes are written the same
//! way (bytes and words in dwords, two or four lanes per immediate). The bytes are `constant_loads::loaded_bytes`'.

use genx_visa::{Dst, Exec, Imm, Inst, Modifier, Operand, Region, Src, Type, VarId};
use llvm_sys::prelude::*;

use super::{element_type, error, immediate_type, Lowering, R};
use crate::constant_loads::loaded_bytes;
use crate::ir;
use crate::region_ir;

impl Lowering<'_> {
    /// `load T, T* <constant pointer>`.
    pub(super) fn constant_load(&mut self, inst: LLVMValueRef) -> R<()> {
        let bytes = loaded_bytes(inst).map_err(|why| error(inst, why))?;
        let ty = ir::type_of(inst);
        let Some(elem) = element_type(ty) else {
            return Err(error(inst, "a constant load of a type without a vISA register type"));
        };
        let size = bytes.len();
        if size != (elem.bytes() * region_ir::lanes(ty)) as usize {
            return Err(error(inst, "a constant load whose type is not whole elements"));
        }
        // Bytes and words are written as dwords (two or four lanes per immediate: half or a quarter of the
        // moves, and longer runs of equal values) when the value is whole dwords; the variable is then
        // GRF-aligned, as a dword alias needs its base at least dword-aligned.
        let packed = elem.bytes() < 4 && size % 4 == 0;
        let var = self.new_var(inst, packed)?;
        self.define(inst, var);
        let elem = if packed { Type::UD } else { elem };
        let values: Vec<u64> = bytes
            .chunks(elem.bytes() as usize)
            .map(|chunk| chunk.iter().rev().fold(0u64, |acc, &b| acc << 8 | b as u64))
            .collect();
        let view = self.view(var, elem);
        self.write_constant(view, &values, elem);
        Ok(())
    }

    /// Writes constant `lanes` into `var` (of element type `ty`). Integer words and dwords go by chunks of
    /// eight lanes, each the cheapest of: moves of its runs of equal elements; one move of a packed immediate
    /// (`:v`, eight signed 4-bit values, or `:uv`, unsigned); the previous chunk plus a constant (one `add`:
    /// `0..15` is `0x76543210:uv` then `+ 8`); a packed immediate plus the chunk's least value (two
    /// instructions). Everything else is moves of runs.
    pub(super) fn write_constant(&mut self, var: VarId, lanes: &[u64], ty: Type) {
        const CHUNK: usize = 8;
        if ty == Type::F && self.write_integral_floats(var, lanes) {
            return;
        }
        let packable = matches!(ty, Type::W | Type::UW | Type::D | Type::UD);
        // Wide runs (a splat of sixteen is one move) beat chunks whenever there is no more than one per chunk.
        if !packable || lanes.len() % CHUNK != 0 || self.run_count(lanes, ty) <= lanes.len() / CHUNK {
            self.write_runs(var, lanes, 0, ty);
            return;
        }
        let bits = ty.bytes() * 8;
        let value = |lane: u64| -> i64 {
            let lane = lane & ((1u64 << bits) - 1);
            if ty.is_signed() && lane >> (bits - 1) & 1 == 1 {
                lane as i64 - (1i64 << bits)
            } else {
                lane as i64
            }
        };
        let pack = |values: &[i64]| values.iter().enumerate().fold(0u64, |acc, (i, &v)| acc | ((v as u64) & 0xf) << (4 * i));
        let whole = Region { vstride: 1, width: 1, hstride: 0 };
        for (k, chunk) in lanes.chunks(CHUNK).enumerate() {
            let base = k * CHUNK;
            let values: Vec<i64> = chunk.iter().map(|&l| value(l)).collect();
            let runs = self.run_count(chunk, ty);
            let dst = Dst { var, offset: base as u32 * ty.bytes(), hstride: 1 };
            let exec = Exec::simd(CHUNK as u32);
            let mov = |imm: Imm| Inst::Alu { op: "mov", sat: false, exec, pred: None, dst, srcs: vec![Operand::Imm(imm)] };
            let arith = |op: &'static str, src: Operand, c: i64| Inst::Alu {
                op,
                sat: false,
                exec,
                pred: None,
                dst,
                srcs: vec![src, Operand::Imm(Imm { bits: (c as u64) & ((1u64 << bits) - 1), ty })],
            };
            let add = |src: Operand, c: i64| arith("add", src, c);
            let previous: Option<i64> = (k > 0)
                .then(|| {
                    let prev = &lanes[base - CHUNK..base];
                    let c = value(chunk[0]).wrapping_sub(value(prev[0]));
                    chunk.iter().zip(prev).all(|(&x, &p)| value(x).wrapping_sub(value(p)) == c).then_some(c)
                })
                .flatten();
            let (lo, hi) = (*values.iter().min().unwrap_or(&0), *values.iter().max().unwrap_or(&0));
            // Gen instructions each form costs after the finalizer: a packed immediate into dwords goes through a
            // word register first (two), into words it is one.
            let packed_cost = if ty.bytes() == 2 { 1 } else { 2 };
            let packed = if (-8..=7).contains(&lo) && (-8..=7).contains(&hi) {
                Some(Type::V)
            } else if lo >= 0 && hi <= 15 {
                Some(Type::UV)
            } else {
                None
            };
            let shifted_fits = hi - lo <= 15;
            // An arithmetic-like chunk (`0, 4, 8, ..`): a packed immediate of the steps over the least value,
            // scaled by their common factor (a shift when it is a power of two), plus the least value.
            let factor = values.iter().fold(0u64, |g, &v| crate::promote_array::gcd(g, (v - lo) as u64)) as i64;
            let scaled = (factor > 1 && (hi - lo) / factor <= 15).then_some(factor);
            let scaled_cost = packed_cost + 1 + usize::from(lo != 0);
            let best = [
                Some((runs, 0)),
                previous.map(|_| (1, 1)),
                packed.map(|_| (packed_cost, 2)),
                shifted_fits.then_some((packed_cost + 1, 3)),
                scaled.map(|_| (scaled_cost, 4)),
            ]
            .into_iter()
            .flatten()
            .min()
            .map_or(0, |(_, form)| form);
            match (best, previous, packed) {
                (1, Some(c), _) => {
                    let src = Src { var, offset: (base - CHUNK) as u32 * ty.bytes(), region: whole, modifier: Modifier::None };
                    self.insts.push(add(Operand::Region(src), c));
                }
                (2, _, Some(packed)) => self.insts.push(mov(Imm { bits: pack(&values), ty: packed })),
                (3, _, _) => {
                    let shifted: Vec<i64> = values.iter().map(|v| v - lo).collect();
                    self.insts.push(mov(Imm { bits: pack(&shifted), ty: Type::UV }));
                    let src = Src { var, offset: base as u32 * ty.bytes(), region: whole, modifier: Modifier::None };
                    self.insts.push(add(Operand::Region(src), lo));
                }
                (4, _, _) if scaled.is_some() => {
                    let factor = scaled.unwrap_or(1);
                    let steps: Vec<i64> = values.iter().map(|v| (v - lo) / factor).collect();
                    self.insts.push(mov(Imm { bits: pack(&steps), ty: Type::UV }));
                    let src = Src { var, offset: base as u32 * ty.bytes(), region: whole, modifier: Modifier::None };
                    let (op, by) = if factor & (factor - 1) == 0 { ("shl", i64::from(factor.trailing_zeros())) } else { ("mul", factor) };
                    self.insts.push(arith(op, Operand::Region(src), by));
                    if lo != 0 {
                        self.insts.push(add(Operand::Region(src), lo));
                    }
                }
                _ => self.write_runs(var, chunk, base, ty),
            }
        }
    }

    /// Float `lanes` that are all integers (`<0.0, 1.0, .., 15.0>`, what genx-lane-loop leaves for a float
    /// conversion of the loop counter) written as the dword constant of those integers, by
    /// [`Self::write_constant`]'s chunks, then converted by moves into `var`, when that takes fewer
    /// instructions than moves of the float runs. Exact: each lane is an integer of magnitude at most 2^24, which
    /// the conversion of its dword gives back exactly; negative zero is not an integer's conversion and stays a
    /// run. Returns whether it wrote `var`; otherwise nothing was added.
    fn write_integral_floats(&mut self, var: VarId, lanes: &[u64]) -> bool {
        let ints: Option<Vec<u64>> = lanes
            .iter()
            .map(|&l| {
                let f = f32::from_bits(l as u32);
                let integral = f.fract() == 0.0 && f.abs() <= (1u32 << 24) as f32 && l as u32 != 0x8000_0000;
                integral.then_some(f as i32 as u32 as u64)
            })
            .collect();
        let Some(ints) = ints else { return false };
        let runs = self.run_count(lanes, Type::F);
        if runs <= 2 {
            return false;
        }
        let (insts, vars) = (self.insts.len(), self.k.vars.len());
        let tmp = self.k.add_general(Type::D, lanes.len() as u32, "");
        self.write_constant(tmp, &ints, Type::D);
        let width = self.move_width(Type::F) as usize;
        // Conversion moves of powers of two lanes, the widest that fit.
        let mut sizes = Vec::new();
        let mut at = 0usize;
        while at < lanes.len() {
            let size = 1usize << width.min(lanes.len() - at).ilog2();
            sizes.push((at, size));
            at += size;
        }
        if self.insts.len() - insts + sizes.len() >= runs {
            self.insts.truncate(insts);
            self.k.vars.truncate(vars);
            return false;
        }
        let whole = Region { vstride: 1, width: 1, hstride: 0 };
        for (at, size) in sizes {
            let src = Src { var: tmp, offset: at as u32 * 4, region: whole, modifier: Modifier::None };
            self.insts.push(Inst::Alu {
                op: "mov",
                sat: false,
                exec: Exec::simd(size as u32),
                pred: None,
                dst: Dst { var, offset: at as u32 * 4, hstride: 1 },
                srcs: vec![Operand::Region(src)],
            });
        }
        true
    }

    /// The moves of `lanes`' runs of equal elements, as widths [`Self::write_runs`] uses.
    fn run_sizes(&self, lanes: &[u64], ty: Type) -> Vec<usize> {
        let limit = self.move_width(ty);
        let mut sizes = Vec::new();
        let mut at = 0usize;
        while at < lanes.len() {
            let mut size = (limit as usize).min((lanes.len() - at).next_power_of_two());
            while size > 1 && (at + size > lanes.len() || lanes[at..at + size].iter().any(|&l| l != lanes[at])) {
                size /= 2;
            }
            sizes.push(size);
            at += size;
        }
        sizes
    }

    fn run_count(&self, lanes: &[u64], ty: Type) -> usize {
        self.run_sizes(lanes, ty).len()
    }

    /// Moves of `lanes`' runs of equal elements into `var` from lane `base`.
    fn write_runs(&mut self, var: VarId, lanes: &[u64], base: usize, ty: Type) {
        let mut at = 0usize;
        for size in self.run_sizes(lanes, ty) {
            let dst = Dst { var, offset: (base + at) as u32 * ty.bytes(), hstride: 1 };
            let src = Operand::Imm(Imm { bits: lanes[at], ty: immediate_type(ty) });
            self.insts.push(Inst::Alu {
                op: "mov",
                sat: false,
                exec: Exec::simd(size as u32),
                pred: None,
                dst,
                srcs: vec![src],
            });
            at += size;
        }
    }

    /// The widest legal move of `ty` elements: two GRFs, at most the platform's largest execution size.
    fn move_width(&self, ty: Type) -> u32 {
        (2 * self.k.grf_bytes / ty.bytes()).min(self.platform.max_exec_size()).min(32).max(1)
    }
}
