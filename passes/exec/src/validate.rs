//! Translation validation: do two modules (before and after a pipeline) compute the same thing?
//!
//! For every function with a body in `before`, the function of the same name in `after` is run on the same
//! random inputs, and the results are compared: the return value lane by lane, and every byte of memory the
//! run could write (the buffers behind pointer arguments, and the module's globals). Only what `before` defines
//! is compared: a lane or byte `before` leaves undef may be anything in `after`.
//!
//! Inputs respect the contracts of the IR, so that trials exercise code instead of undefined behaviour: an
//! integer argument that reaches a region's offset (directly, or through casts and the addition of a constant)
//! is drawn from the element-aligned offsets that keep the region inside its vector; one that reaches an
//! `extractelement`/`insertelement` index is drawn in range. A trial on which `before` itself hits undefined
//! behaviour or leaves its buffers is discarded, not compared.
//!
//! Thread ids: even trials run a thread of a small grid of one-thread groups; odd trials a thread anywhere in a
//! grid the hardware could dispatch (`random_thread_ids`: up to `MAX_GROUP_THREADS` threads per group, group
//! counts up to `2^32 - 1`), so a pass relying on a bound of the ids is checked against every value it allows.
//!
//! Surfaces: a trial that reaches a binding-table index no surface is bound to is run again with a surface of
//! random contents bound there (a buffer of `buffer_bytes`, or a 256x64-byte 2D surface for a media block
//! message), until it binds no new index; `after` runs with the same surfaces, and their bytes are compared like
//! the buffers. Surface contents depend on the function, the trial and the index only, so both sides see the same.
//!
//! Verdicts: every function agrees on every kept trial; a mismatch (function, trial inputs, where, both
//! values); or a function that cannot be validated, with the construct that prevents it.

use std::collections::HashMap;

use crate::interp::{Machine, Trap};
use crate::machine::{Surface, SurfaceKind, SurfaceNeed, ThreadIds};
use crate::memory::{AllocKind, Fault};
use crate::program::{BinOp, Callee, CastOp, FuncId, Function, Op, Operand, Program, Slot};
use crate::value::{format_lane, Elem, Lanes, Ty, Value};

/// Options of one validation.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Trials per function.
    pub trials: u32,
    pub seed: u64,
    /// Bytes of each buffer behind a pointer argument.
    pub buffer_bytes: u64,
    /// Steps (executed instructions) a trial of `before` may take; beyond it the trial is discarded. `after` gets
    /// [`AFTER_STEP_FACTOR`] times as many: a pass may legitimately multiply the instructions a loop iteration
    /// executes (legalization splits a 32-wide operation into narrower pieces, lowering turns a shuffle into several
    /// region moves), and a trial `before` finishes must not be reported as a mismatch because `after` needs more
    /// steps. A loop a pass makes endless still stops, at the larger limit, and is reported.
    pub step_limit: u64,
}

/// A function with this many trials past the step limit before any finished is not validated.
const STEP_LIMIT_TRIALS: u32 = 4;

/// How many times `before`'s step limit `after` may take (see [`Options::step_limit`]).
pub const AFTER_STEP_FACTOR: u64 = 16;

impl Default for Options {
    fn default() -> Self {
        Options { trials: 64, seed: 0x5eed_c0de, buffer_bytes: 4096, step_limit: 2_000_000 }
    }
}

/// A difference between `before` and `after`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub function: String,
    pub trial: u32,
    /// The arguments of the trial, printed.
    pub inputs: Vec<String>,
    /// Where the results differ (`return value, lane 3`, `buffer of argument 0 ('%p'), byte 12`).
    pub place: String,
    pub before: String,
    pub after: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "mismatch in function '{}' on trial {}", self.function, self.trial)?;
        writeln!(f, "  inputs: {}", self.inputs.join(", "))?;
        writeln!(f, "  at: {}", self.place)?;
        writeln!(f, "  before: {}", self.before)?;
        write!(f, "  after:  {}", self.after)
    }
}

/// The result of validating two modules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every function agreed on every kept trial.
    Agree { functions: usize, trials: u64, discarded: u64 },
    Mismatch(Box<Mismatch>),
    /// A function cannot be validated; the reason names the construct.
    CannotValidate { function: String, reason: String },
}

/// Validates every function of `before` against `after`.
pub fn validate(before: &Program, after: &Program, options: Options) -> Verdict {
    let mut trials = 0u64;
    let mut discarded = 0u64;
    let mut functions = 0usize;
    // By name, once: looking each function up by a scan is quadratic in the number of functions.
    let after_functions: HashMap<&str, (FuncId, &Function)> =
        after.functions.iter().enumerate().rev().map(|(i, f)| (f.name.as_str(), (i as FuncId, f))).collect();
    for (id, function) in before.defined_functions() {
        let cannot = |reason: String| Verdict::CannotValidate { function: function.name.clone(), reason };
        if let Some(reason) = &function.unsupported {
            return cannot(reason.clone());
        }
        let Some(&(after_id, after_function)) = after_functions.get(function.name.as_str()) else {
            return cannot("the function does not exist after the pipeline".to_string());
        };
        if after_function.params != function.params || after_function.ret != function.ret {
            return cannot("its signature changed".to_string());
        }
        if let Some(reason) = &after_function.unsupported {
            return cannot(format!("after the pipeline: {reason}"));
        }
        let hints = argument_hints(before, function);
        let mut rng = Rng::new(options.seed ^ hash(&function.name));
        let mut kept = 0u64;
        let mut first_discard: Option<String> = None;
        let mut step_limited = 0u32;
        for trial in 0..options.trials {
            let inputs = generate_inputs(function, &hints, options.buffer_bytes, &mut rng);
            let mut ids = ThreadIds {
                group_id: [rng.below(4) as u32, rng.below(4) as u32, 0],
                local_id: [0; 3],
                local_size: [1; 3],
                group_count: [4, 4, 1],
            };
            if trial % 2 == 1 {
                ids = random_thread_ids(&mut Rng::new(rng.next() ^ 0x1d5));
            }
            let mut surfaces = SurfacePlan { seed: hash(&function.name) ^ (trial as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), bound: Vec::new() };
            let outcome_before = loop {
                let outcome = execute(before, id, &inputs, ids, options, &surfaces);
                match &outcome {
                    Err(Trap { fault: Fault::Unbound { bti, need, .. }, .. })
                        if surfaces.bound.len() < MAX_SURFACES && !surfaces.bound.iter().any(|(b, _)| b == bti) =>
                    {
                        surfaces.bound.push((*bti, *need));
                    }
                    _ => break outcome,
                }
            };
            let before_result = match outcome_before {
                Ok(result) => result,
                Err(trap) => match &trap.fault {
                    Fault::Undefined(_) | Fault::OutOfBounds { .. } => {
                        discarded += 1;
                        first_discard.get_or_insert_with(|| trap.to_string());
                        continue;
                    }
                    Fault::Unsupported(_) => return cannot(trap.to_string()),
                    Fault::StepLimit(_) if kept == 0 && step_limited + 1 >= STEP_LIMIT_TRIALS => {
                        // Runs this long are expensive (each is a whole step budget) and rarely end on a later
                        // input: give up on the function instead of spending the budget on every trial.
                        return cannot(format!(
                            "{STEP_LIMIT_TRIALS} trials ran past the step limit before any finished; the last: {trap}"
                        ));
                    }
                    Fault::Other(_) | Fault::Unbound { .. } | Fault::StepLimit(_) => {
                        step_limited += u32::from(matches!(trap.fault, Fault::StepLimit(_)));
                        discarded += 1;
                        first_discard.get_or_insert_with(|| trap.to_string());
                        continue;
                    }
                },
            };
            kept += 1;
            let after_options = Options { step_limit: options.step_limit.saturating_mul(AFTER_STEP_FACTOR), ..options };
            let after_result = match execute(after, after_id, &inputs, ids, after_options, &surfaces) {
                Ok(result) => result,
                Err(trap) => {
                    return Verdict::Mismatch(Box::new(Mismatch {
                        function: function.name.clone(),
                        trial,
                        inputs: describe_inputs(function, &inputs),
                        place: "execution".to_string(),
                        before: "runs to completion".to_string(),
                        after: format!("stops: {trap}"),
                    }));
                }
            };
            if let Some((place, b, a)) = compare(&before_result, &after_result) {
                return Verdict::Mismatch(Box::new(Mismatch {
                    function: function.name.clone(),
                    trial,
                    inputs: describe_inputs(function, &inputs),
                    place,
                    before: b,
                    after: a,
                }));
            }
        }
        if kept == 0 && options.trials > 0 {
            return cannot(format!(
                "every trial hit undefined behaviour or left its buffers in the original; the first: {}",
                first_discard.unwrap_or_default()
            ));
        }
        trials += kept;
        functions += 1;
    }
    Verdict::Agree { functions, trials, discarded }
}

/// One argument of a trial.
#[derive(Clone, Debug)]
pub(crate) enum Input {
    Value(Value),
    /// A buffer of these bytes, passed by its address.
    Buffer(Vec<u8>),
}

/// What a run leaves behind for comparison.
pub(crate) struct Outcome {
    pub(crate) ret: Value,
    /// Contents of each pointer argument's buffer (in argument order) and of each global (by name).
    pub(crate) memory: Vec<(String, Vec<u8>, Vec<bool>)>,
}

/// At most this many surfaces are bound for one trial.
pub(crate) const MAX_SURFACES: usize = 16;

/// The surface bound where a trial reached an unbound index needing `need`: a buffer of `buffer_bytes`, a
/// 2D image of 256 elements (of the format the message asked for) by 64 rows, or for a media block message an
/// NV12 surface of 256x64 pixels (its plane 0 is a 256x64 byte image). Both validators (IR against IR, IR
/// against vISA) bind these.
pub(crate) fn trial_surface(need: SurfaceNeed, buffer_bytes: u64) -> SurfaceKind {
    match need {
        SurfaceNeed::Buffer => SurfaceKind::Buffer { size: buffer_bytes },
        SurfaceNeed::Image(format) => {
            let width = 256 * format.bytes();
            SurfaceKind::Image2D { width, height: 64, pitch: width, format }
        }
        SurfaceNeed::Media => SurfaceKind::Nv12 { width: 256, height: 64, pitch: 256 },
    }
}

/// The surfaces of one trial: binding-table index and the kind of surface bound there; contents drawn from
/// `seed`.
struct SurfacePlan {
    seed: u64,
    bound: Vec<(u32, SurfaceNeed)>,
}

fn execute(
    program: &Program,
    func: FuncId,
    inputs: &[Input],
    ids: ThreadIds,
    options: Options,
    surfaces: &SurfacePlan,
) -> Result<Outcome, Trap> {
    let mut machine = Machine::new(program);
    machine.step_limit = options.step_limit;
    let mut surface_bases = Vec::with_capacity(surfaces.bound.len());
    for &(bti, need) in &surfaces.bound {
        let kind = trial_surface(need, options.buffer_bytes);
        let size = kind.storage_bytes();
        let mut rng = Rng::new(surfaces.seed ^ (bti as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        let bytes: Vec<u8> = (0..size).map(|_| rng.next() as u8).collect();
        let name = format!("surface {bti}");
        let base = machine.memory.allocate_with(name.clone(), AllocKind::Buffer, bytes);
        machine.surfaces.insert(bti, Surface { name: name.clone(), base, kind });
        surface_bases.push((name, base));
    }
    let mut args = Vec::with_capacity(inputs.len());
    let mut buffers = Vec::new();
    let function = &program.functions[func as usize];
    for (index, input) in inputs.iter().enumerate() {
        match input {
            Input::Value(value) => args.push(value.clone()),
            Input::Buffer(bytes) => {
                let name = format!("buffer of argument {index} ('%{}')", function.param_names[index]);
                let base = machine.memory.allocate_with(name.clone(), AllocKind::Buffer, bytes.clone());
                let Ty::Scalar(elem) = function.params[index] else { unreachable!("buffers are pointer arguments") };
                args.push(Value::scalar(elem, base));
                buffers.push((name, base));
            }
        }
    }
    let ret = machine.run(func, args, ids, None)?;
    let mut memory = Vec::new();
    for (name, base) in buffers {
        let allocation = machine.memory.allocation(base).expect("argument buffers are never freed");
        memory.push((name, allocation.bytes.clone(), allocation.defined.clone()));
    }
    for (name, base) in surface_bases {
        let allocation = machine.memory.allocation(base).expect("surfaces are never freed");
        memory.push((name, allocation.bytes.clone(), allocation.defined.clone()));
    }
    for global in &program.globals {
        if let Some(bytes) = global_bytes(&machine, program, &global.name) {
            memory.push((format!("global @{}", global.name), bytes.0, bytes.1));
        }
    }
    Ok(Outcome { ret, memory })
}

fn global_bytes(machine: &Machine<'_>, program: &Program, name: &str) -> Option<(Vec<u8>, Vec<bool>)> {
    let index = program.globals.iter().position(|g| g.name == name)?;
    let base = machine.global_base(index);
    let allocation = machine.memory.allocation(base)?;
    Some((allocation.bytes.clone(), allocation.defined.clone()))
}

/// The first difference, as (place, before, after).
pub(crate) fn compare(before: &Outcome, after: &Outcome) -> Option<(String, String, String)> {
    if let Some((path, b, a)) = compare_values(&before.ret, &after.ret) {
        return Some((format!("return value{path}"), b, a));
    }
    let after_memory: HashMap<&str, (&Vec<u8>, &Vec<bool>)> =
        after.memory.iter().map(|(n, b, d)| (n.as_str(), (b, d))).collect();
    for (name, bytes, defined) in &before.memory {
        let Some((after_bytes, after_defined)) = after_memory.get(name.as_str()) else {
            return Some((name.clone(), "present".to_string(), "missing".to_string()));
        };
        for i in 0..bytes.len() {
            if !defined[i] {
                continue;
            }
            let same = i < after_bytes.len() && after_defined[i] && after_bytes[i] == bytes[i];
            if !same {
                let shown = |b: &[u8], d: &[bool]| {
                    if i < b.len() && d[i] {
                        format!("0x{:02x}", b[i])
                    } else {
                        "undef".to_string()
                    }
                };
                return Some((format!("{name}, byte {i}"), shown(bytes, defined), shown(after_bytes, after_defined)));
            }
        }
    }
    None
}

/// Compares two values; returns the path of the first lane `before` defines that `after` does not reproduce.
fn compare_values(before: &Value, after: &Value) -> Option<(String, String, String)> {
    match (before, after) {
        (Value::Void, Value::Void) => None,
        (Value::Lanes(b), Value::Lanes(a)) if b.len() == a.len() => {
            for i in 0..b.len() {
                if b.undef[i] {
                    continue;
                }
                if a.undef[i] || !same_bits(b.elem, b.bits[i], a.bits[i]) {
                    let path = if b.len() == 1 { String::new() } else { format!(", lane {i}") };
                    return Some((
                        path,
                        format_lane(b.elem, b.bits[i], false),
                        format_lane(a.elem, a.bits[i], a.undef[i]),
                    ));
                }
            }
            None
        }
        (Value::Agg(b), Value::Agg(a)) if b.len() == a.len() => b.iter().zip(a).enumerate().find_map(|(i, (x, y))| {
            compare_values(x, y).map(|(path, vb, va)| (format!(", field {i}{path}"), vb, va))
        }),
        _ => Some((String::new(), format!("{before:?}"), format!("{after:?}"))),
    }
}

/// Bit equality, except that any NaN equals any NaN (payloads are not part of a value's meaning here).
fn same_bits(elem: Elem, a: u64, b: u64) -> bool {
    if a == b {
        return true;
    }
    elem.is_float() && crate::ops::to_f64(elem, a).is_nan() && crate::ops::to_f64(elem, b).is_nan()
}

// ---- input generation -----------------------------------------------------------------------------------

/// How to draw one integer argument (or each lane of a vector argument).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Hint {
    Any,
    /// `(k*scale + addend) / divisor` for `k` in `lo..=hi` (a region offset in bytes, or an in-range index, reached
    /// through `argument * divisor - addend`), preferring `k` that make the division exact and keep every row of
    /// `rows` inside one parent-width block.
    Range { lo: i64, hi: i64, scale: i64, addend: i64, divisor: i64, rows: Vec<RowPromise> },
}

/// A region row that must not cross a multiple of `parent_width`: elements `k + first ..= k + last`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RowPromise {
    parent_width: i64,
    first: i64,
    last: i64,
}

impl RowPromise {
    fn holds(&self, k: i64) -> bool {
        (k + self.first).div_euclid(self.parent_width) == (k + self.last).div_euclid(self.parent_width)
    }
}

/// Finds, for each parameter, the constraints its uses put on its values.
pub(crate) fn argument_hints(program: &Program, function: &Function) -> Vec<Hint> {
    let mut hints = vec![Hint::Any; function.params.len()];
    // Defining instruction of each slot, for tracing an operand back to a parameter.
    let mut defs: HashMap<Slot, &Op> = HashMap::new();
    for block in &function.blocks {
        for inst in &block.insts {
            if let Some(dest) = inst.dest {
                defs.insert(dest, &inst.op);
            }
        }
    }
    let params = function.params.len() as Slot;
    for block in &function.blocks {
        for inst in &block.insts {
            let constraint = match &inst.op {
                Op::Call { callee: Callee::Intrinsic(_, name), args } => region_constraint(program, name, args, inst),
                Op::ExtractElement { index, .. } | Op::InsertElement { index, .. } => match inst.operand_tys.first() {
                    Some(Ty::Vector(_, n)) => Some((index.clone(), 0, *n as i64 - 1, 1, Vec::new())),
                    _ => None,
                },
                _ => None,
            };
            let Some((operand, lo, hi, scale, rows)) = constraint else { continue };
            if let Some((param, factor, addend)) = trace_to_param(program, &operand, &defs, params) {
                // operand = param * factor + addend, and the operand must be k * scale.
                let new = Hint::Range { lo, hi, scale, addend: -addend, divisor: factor, rows };
                hints[param as usize] = intersect(&hints[param as usize], &new);
            }
        }
    }
    hints
}

/// For a region call with constant parameters, the operand holding the offset and the range of element
/// starts (scaled to bytes) that keep the region inside its vector.
fn region_constraint(
    program: &Program,
    name: &str,
    args: &[Operand],
    inst: &crate::program::Inst,
) -> Option<(Operand, i64, i64, i64, Vec<RowPromise>)> {
    let (vector_ty, n, first_param) = if name.starts_with("llvm.genx.rdregion") {
        (inst.operand_tys.first()?, inst.ty.lanes()?.1 as i64, 1)
    } else if name.starts_with("llvm.genx.wrregion") {
        (inst.operand_tys.first()?, inst.operand_tys.get(1)?.lanes()?.1 as i64, 2)
    } else {
        return None;
    };
    let (elem, len) = vector_ty.lanes()?;
    let offset_ty = inst.operand_tys.get(first_param + 3)?;
    if offset_ty.is_vector() {
        return None; // multi-indirect: drawn as Any; such trials may be discarded
    }
    // vstride, width and stride must be constants for the range to be known; otherwise the argument stays Any.
    let constant = |i: usize| -> Option<i64> { inst_constant(program, args.get(i)?) };
    let (vs, w, s) = (constant(first_param)?, constant(first_param + 1)?, constant(first_param + 2)?);
    if w <= 0 || n % w != 0 {
        return None;
    }
    let rows = n / w;
    let (mut min, mut max) = (i64::MAX, i64::MIN);
    for i in 0..n {
        let (r, c) = (i / w, i % w);
        let e = if rows == 1 { c * s } else { r * vs + c * s };
        min = min.min(e);
        max = max.max(e);
    }
    let (lo, hi) = (-min, len as i64 - 1 - max);
    let mut promises = Vec::new();
    if let Some(parent_width) = constant(first_param + 4).filter(|&pw| pw > 0) {
        for r in 0..rows {
            let row: Vec<i64> = (0..w).map(|c| if rows == 1 { c * s } else { r * vs + c * s }).collect();
            let (first, last) = (*row.iter().min()?, *row.iter().max()?);
            promises.push(RowPromise { parent_width, first, last });
        }
    }
    (lo <= hi).then(|| (args[first_param + 3].clone(), lo, hi, elem.store_bytes() as i64, promises))
}

/// Values allowed by both hints (`Any` when they cannot be combined exactly).
fn intersect(a: &Hint, b: &Hint) -> Hint {
    match (a, b) {
        (Hint::Any, other) | (other, Hint::Any) => other.clone(),
        (
            Hint::Range { lo: lo_a, hi: hi_a, scale: s_a, addend: d_a, divisor: m_a, rows: rows_a },
            Hint::Range { lo: lo_b, hi: hi_b, scale: s_b, addend: d_b, divisor: m_b, rows: rows_b },
        ) if s_a == s_b && m_a == m_b && (d_b - d_a) % s_a == 0 => {
            // Express b's range in a's terms: v = k*s + d_b = (k + (d_b - d_a)/s)*s + d_a.
            let shift = (d_b - d_a) / s_a;
            let (lo, hi) = ((*lo_a).max(lo_b + shift), (*hi_a).min(hi_b + shift));
            let rows = rows_a
                .iter()
                .cloned()
                .chain(rows_b.iter().map(|r| RowPromise { first: r.first - shift, last: r.last - shift, ..*r }))
                .collect();
            if lo <= hi {
                Hint::Range { lo, hi, scale: *s_a, addend: *d_a, divisor: *m_a, rows }
            } else {
                Hint::Any
            }
        }
        _ => Hint::Any,
    }
}

fn inst_constant(program: &Program, operand: &Operand) -> Option<i64> {
    let Operand::Const(id) = operand else { return None };
    let lanes = program.constants.get(*id as usize)?.lanes()?;
    (!lanes.undef[0]).then(|| crate::value::sign_extend(lanes.bits[0], lanes.elem.bits()))
}

/// Follows casts, additions of constants and multiplications (or left shifts) by constants from `operand` back
/// to a parameter: returns the parameter `p`, `factor` and `addend` with `operand = p * factor + addend` (the way
/// the CM front end computes region offsets such as `i * C * sizeof(T)`).
fn trace_to_param(
    program: &Program,
    operand: &Operand,
    defs: &HashMap<Slot, &Op>,
    params: Slot,
) -> Option<(Slot, i64, i64)> {
    let mut current = operand.clone();
    // operand = current * factor + addend
    let (mut factor, mut addend) = (1i64, 0i64);
    for _ in 0..8 {
        let Operand::Slot(slot) = current else { return None };
        if slot < params {
            return Some((slot, factor, addend));
        }
        let constant_side = |a: &Operand, b: &Operand| match (inst_constant(program, a), inst_constant(program, b)) {
            (_, Some(k)) => Some((a.clone(), k)),
            (Some(k), _) => Some((b.clone(), k)),
            _ => None,
        };
        match defs.get(&slot)? {
            Op::Cast { op: CastOp::Trunc | CastOp::ZExt | CastOp::SExt, a } => current = a.clone(),
            Op::Bin { op: BinOp::Add, a, b } => {
                let (rest, k) = constant_side(a, b)?;
                addend = addend.checked_add(k.checked_mul(factor)?)?;
                current = rest;
            }
            Op::Bin { op: BinOp::Mul, a, b } => {
                let (rest, k) = constant_side(a, b)?;
                factor = factor.checked_mul(k)?;
                current = rest;
            }
            Op::Bin { op: BinOp::Shl, a, b } => {
                let k = inst_constant(program, b).filter(|k| (0..32).contains(k))?;
                factor = factor.checked_mul(1 << k)?;
                current = a.clone();
            }
            _ => return None,
        }
    }
    None
}

fn generate_inputs(function: &Function, hints: &[Hint], buffer_bytes: u64, rng: &mut Rng) -> Vec<Input> {
    function
        .params
        .iter()
        .zip(hints)
        .map(|(ty, hint)| match ty {
            Ty::Scalar(Elem::Ptr(_)) => {
                Input::Buffer((0..buffer_bytes).map(|_| rng.next() as u8).collect())
            }
            Ty::Scalar(elem) => Input::Value(Value::Lanes(Lanes::new(*elem, vec![draw(*elem, hint, rng)]))),
            Ty::Vector(elem, n) => {
                Input::Value(Value::Lanes(Lanes::new(*elem, (0..*n).map(|_| draw(*elem, hint, rng)).collect())))
            }
            other => Input::Value(Value::zero(other)),
        })
        .collect()
}

/// One lane's bits.
pub(crate) fn draw(elem: Elem, hint: &Hint, rng: &mut Rng) -> u64 {
    if let (Hint::Range { lo, hi, scale, addend, divisor, rows }, Elem::Int(_)) = (hint, elem) {
        let fits = |k: i64| (k * scale + addend) % divisor == 0 && rows.iter().all(|row| row.holds(k));
        let mut k = lo + rng.below((hi - lo + 1) as u64) as i64;
        for _ in 0..64 {
            if fits(k) {
                break;
            }
            k = lo + rng.below((hi - lo + 1) as u64) as i64;
        }
        if !fits(k) {
            // A small range: look for any fitting start before giving up (the trial may then be discarded).
            k = (*lo..=*hi).find(|&k| fits(k)).unwrap_or(k);
        }
        return (((k * scale + addend) / divisor) as u64) & elem.mask();
    }
    match elem {
        Elem::Int(1) => rng.next() & 1,
        Elem::Int(bits) => {
            // Mostly small values (they reach interesting code), sometimes edge values, sometimes anything.
            let v = match rng.below(8) {
                0 => [0u64, 1, u64::MAX, 1 << (bits - 1), (1u64 << (bits - 1)).wrapping_sub(1)][rng.below(5) as usize],
                1..=4 => rng.below(64),
                5 => rng.below(64).wrapping_neg(),
                _ => rng.next(),
            };
            v & elem.mask()
        }
        Elem::Half | Elem::Float | Elem::Double => {
            let v = match rng.below(16) {
                0 => [0.0, -0.0, 1.0, -1.0, f64::INFINITY, f64::NAN][rng.below(6) as usize],
                1..=7 => (rng.below(200) as f64 - 100.0) / 4.0,
                _ => (rng.next() as f64 / u64::MAX as f64 - 0.5) * 2000.0,
            };
            crate::ops::from_f64(elem, v)
        }
        Elem::Ptr(_) => 0,
    }
}

pub(crate) fn describe_inputs(function: &Function, inputs: &[Input]) -> Vec<String> {
    inputs
        .iter()
        .enumerate()
        .map(|(i, input)| {
            let name = &function.param_names[i];
            match input {
                Input::Value(Value::Lanes(lanes)) => {
                    let shown: Vec<String> =
                        (0..lanes.len()).map(|k| format_lane(lanes.elem, lanes.bits[k], lanes.undef[k])).collect();
                    if lanes.len() == 1 {
                        format!("%{name} = {}", shown[0])
                    } else {
                        format!("%{name} = <{}>", shown.join(", "))
                    }
                }
                Input::Value(other) => format!("%{name} = {other:?}"),
                Input::Buffer(bytes) => format!("%{name} = buffer of {} random bytes", bytes.len()),
            }
        })
        .collect()
}

/// xorshift64*: small, fast, reproducible from the seed.
/// The ids of a thread anywhere in a grid the hardware could dispatch: local sizes whose product is at most
/// [`genx_passes::platform::MAX_GROUP_THREADS`], local ids below them, group counts small or up to `2^32 - 1`,
/// group ids below them. Odd trials use these (even trials a thread of a small one-thread-per-group grid), so
/// a pass that relies on a bound of these ids is checked against every value the bound allows.
fn random_thread_ids(rng: &mut Rng) -> ThreadIds {
    let max = genx_passes::platform::MAX_GROUP_THREADS as u64;
    let x = 1 + rng.below(max);
    let y = 1 + rng.below(max / x);
    let z = 1 + rng.below(max / (x * y));
    let local_size = [x as u32, y as u32, z as u32];
    let mut count = || (1 + if rng.below(2) == 0 { rng.below(8) } else { rng.below(u32::MAX as u64) }) as u32;
    let group_count = [count(), count(), count()];
    let group_id = group_count.map(|n| rng.below(n as u64) as u32);
    let local_id = local_size.map(|n| rng.below(n as u64) as u32);
    ThreadIds { group_id, local_id, local_size, group_count }
}

pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

pub(crate) fn hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}
