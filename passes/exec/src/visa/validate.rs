//! Validation across levels: a kernel's LLVM IR against its vISA, on the same random inputs and surfaces.
//!
//! How IGC maps a kernel's IR arguments onto vISA (observed on every kernel of the project's corpus with IGC
//! 1.0.12504.6, and read in IGC's `GenXBTIAssignment.cpp` and `CMKernelArgOffset.cpp` at that tag):
//! - The thread payload (IGC's OpenCL output): `r0` is the header, `r1` the packed local ids
//!   (`.implicit_LOCAL_ID offset=32 size=6`: three words x, y, z; the CM runtime's layout, IGC's
//!   `-binary-format=cm` output and ours, has three dwords after the implicit arguments, `size=12`), and cross-thread data starts at GRF byte 64 (`r2`): IGC's implicit arguments first
//!   (`.implicit_UNDEFINED_12 offset=64 size=8` is the private memory base ([`super::run::implicit_input`]), `.implicit_LOCAL_SIZE` and
//!   `.implicit_GROUP_COUNT` three dwords each), then every explicit argument, in argument order, each at its own
//!   `.input V offset=N size=N`. So the `k`-th `.input` directive is IR argument `k`, and the value it receives
//!   is the argument's bytes (an SVM pointer's 64-bit address, a scalar's or vector's little-endian bytes, a
//!   surface's binding-table index).
//! - Surfaces and samplers: IGC does not read them from the payload. Its BTI assignment gives each one a
//!   constant index and replaces the argument by it (`movs T8 0x1` in the vISA): first the read-only images and
//!   samplers (samplers numbered separately), then every other surface and every SVM pointer argument, in
//!   argument order, starting at 1 (0 is reserved for the debugger's SIP on the path IGC takes here). The caller
//!   computes those indices ([`ArgBinding`]); the IR runs with the same values as its surface arguments, so both
//!   levels address the same surfaces.
//! - Predefined variables come from the same [`ThreadIds`] the IR executor gives `llvm.genx.group.id.*` and
//!   friends; SLM is a fresh allocation of the IR kernel's `"VCSLMSize"` bytes for both.
//!
//! Trials: each draws the IR arguments (with the IR validator's contract-respecting generator), runs the IR, and,
//! when the IR finishes, runs the vISA on the same bytes in a memory laid out the same way (the same allocation
//! order gives the same addresses, so SVM pointers are equal at both levels); then every byte of every buffer and
//! surface the IR defines must be equal in the vISA run. Surfaces are bound on demand as in
//! [`crate::validate`], and both levels use the hardware's bounds rule ([`BoundsPolicy::Hardware`]: reads outside
//! a surface give zeros, writes are dropped), which vISA documents for every surface message, so random offsets
//! exercise kernels instead of being discarded. A 64-bit integer argument gets a buffer's address on every other
//! trial (CM passes SVM pointers as `uint64_t`), a random value on the others; on odd trials buffers and
//! surfaces hold small dwords (0 to 3), so that loop bounds and indices read from memory stay in range. Verdicts and exit codes are the
//! IR validator's.
//!
//! Floats (`docs/visa-proof.md`): in a kernel whose vISA writes floats, a dword (or a half's word) that is a
//! NaN at both levels agrees whatever its encoding (IEEE 754 leaves a NaN result's sign and payload open). IGC contracts `fmul` +
//! `fadd` into `mad` by default (one rounding instead of two); a trial whose vISA differs from the IR is run
//! again with float `mad` rounded twice, and counts as agreeing only if every byte then agrees: the difference
//! is that contraction's and nothing else. Both are counted in [`FloatNotes`] and reported; integers and every
//! other difference are compared bit for bit.
//!
//! SPIR-V builtin variables (`__spirv_BuiltInGlobalInvocationId`, ... that DPC++ ESIMD's IR reads): the IR run's
//! copies hold the thread's ids ([`spirv_builtin`]), the values IGC computes from the payload in the vISA.

use super::exec::{Thread, VisaYield};
use super::program::{AluOp, Kernel, Op, VarKind};
use super::printf::{ir_strings, PrintfError, PRINTF_BYTES, PRINTF_START};
use super::run::{implicit_input, Bases, PRIVATE_BYTES};
use crate::interp::{Machine, Trap};
use crate::machine::{BoundsPolicy, Surface, SurfaceNeed, Surfaces, ThreadIds};
use crate::memory::{encode_lanes, AllocKind, Fault, Memory};
use crate::program::{FuncId, Program};
use crate::validate::{
    argument_hints, describe_inputs, draw, hash, trial_surface, Input, Mismatch, Options, Outcome, Rng, Verdict,
    MAX_SURFACES,
};
use crate::value::{Elem, Lanes, Ty, Value};

/// How one IR argument reaches the vISA kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgBinding {
    /// By value: its bytes at its `.input`.
    Value,
    /// An SVM pointer: a buffer's address at its `.input`.
    Pointer,
    /// A surface with this binding-table index (also the IR argument's value).
    Surface(u32),
    /// A sampler with this index.
    Sampler(u32),
}

/// Validates `kernel` (vISA) against IR function `function` of `ir`.
/// With `contraction`, a trial the vISA fails only because of a float `mad` is run again with `mad` rounded
/// twice (see the module note).
pub fn validate(ir: &Program, function: &str, kernel: &Kernel, bindings: &[ArgBinding], options: Options, contraction: bool) -> Report {
    let mut floats = FloatNotes::default();
    let verdict = verdict(ir, function, kernel, bindings, options, contraction, &mut floats);
    Report { verdict, floats }
}

/// Whether some ALU instruction of `kernel` writes a float (`op`: only that operation).
fn writes_floats(kernel: &Kernel, op: Option<AluOp>) -> bool {
    kernel.insts.iter().any(|inst| match &inst.op {
        Op::Alu { op: o, dst, .. } => dst.ty().is_float() && op.is_none_or(|want| want == *o),
        _ => false,
    })
}

fn verdict(
    ir: &Program,
    function: &str,
    kernel: &Kernel,
    bindings: &[ArgBinding],
    options: Options,
    contraction: bool,
    notes: &mut FloatNotes,
) -> Verdict {
    let float_kernel = writes_floats(kernel, None);
    let strings = ir_strings(ir);
    let float_mad = contraction && writes_floats(kernel, Some(AluOp::Mad));
    let cannot = |reason: String| Verdict::CannotValidate { function: kernel.name.clone(), reason };
    let Some((func, f)) = ir.function(function) else {
        return cannot(format!("the IR has no function '{function}'"));
    };
    if let Some(reason) = &f.unsupported {
        return cannot(format!("in the IR: {reason}"));
    }
    // SPIR-V builtin variables (DPC++ ESIMD's `__spirv_BuiltInGlobalInvocationId`, ...) get the thread's ids
    // ([`spirv_builtin`]); one this module does not know cannot be given a value.
    if let Some(builtin) = ir.globals.iter().find(|g| g.name.starts_with("__spirv_BuiltIn") && spirv_builtin(&g.name, &ThreadIds::single()).is_none()) {
        return cannot(format!("the IR reads SPIR-V builtin variable @{}, which the executors do not model", builtin.name));
    }
    if bindings.len() != f.params.len() {
        return cannot(format!("{} argument bindings for {} IR arguments", bindings.len(), f.params.len()));
    }
    let Some(param_of_input) = match_inputs(kernel, bindings) else {
        return cannot(format!(
            "the vISA kernel's .input arguments ({}) do not match the IR's arguments ({:?})",
            kernel.inputs.iter().filter(|i| i.implicit.is_none()).map(|i| kernel.var(i.var).name.as_str()).collect::<Vec<_>>().join(", "),
            bindings
        ));
    };
    if let Err(what) = super::run::check_implicit_inputs(kernel, Bases { private: 0, printf: Some(0) }) {
        return cannot(what);
    }
    // The IR's "VCSLMSize" when it has one, else the vISA's own SLMSize (in KB): the same SLM for both.
    let slm_bytes = f.slm_bytes.max(kernel.slm_kb.unwrap_or(0) as u64 * 1024);
    let hints = argument_hints(ir, f);
    let mut rng = Rng::new(options.seed ^ hash(&kernel.name));
    let (mut kept, mut discarded) = (0u64, 0u64);
    let mut first_discard = None;
    for trial in 0..options.trials {
        let args: Vec<Input> = f
            .params
            .iter()
            .zip(bindings)
            .zip(&hints)
            .map(|((ty, binding), hint)| match (binding, ty) {
                (ArgBinding::Pointer, _) | (_, Ty::Scalar(Elem::Ptr(_))) => Input::Buffer(buffer(&mut rng, trial, options.buffer_bytes)),
                // CM passes SVM pointers as 64-bit integers too: every other trial gives one a buffer's address.
                (ArgBinding::Value, Ty::Scalar(Elem::Int(64))) if trial % 2 == 0 => {
                    Input::Buffer(buffer(&mut rng, trial, options.buffer_bytes))
                }
                (ArgBinding::Surface(index) | ArgBinding::Sampler(index), Ty::Scalar(elem)) => {
                    Input::Value(Value::scalar(*elem, *index as u64))
                }
                (_, Ty::Scalar(elem)) => Input::Value(Value::Lanes(Lanes::new(*elem, vec![draw(*elem, hint, &mut rng)]))),
                (_, Ty::Vector(elem, n)) => {
                    Input::Value(Value::Lanes(Lanes::new(*elem, (0..*n).map(|_| draw(*elem, hint, &mut rng)).collect())))
                }
                (_, other) => Input::Value(Value::zero(other)),
            })
            .collect();
        let ids = ThreadIds {
            group_id: [rng.below(4) as u32, rng.below(4) as u32, 0],
            local_id: [0; 3],
            local_size: [1; 3],
            group_count: [4, 4, 1],
        };
        let seed = (hash(&kernel.name) ^ (trial as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) & !1 | (trial as u64 & 1);
        let mut bound: Vec<(u32, SurfaceNeed)> = Vec::new();
        let before = loop {
            let outcome = run_ir(ir, func, slm_bytes, &args, ids, options, seed, &bound);
            match &outcome {
                Err(Trap { fault: Fault::Unbound { bti, need, .. }, .. })
                    if bound.len() < MAX_SURFACES && !bound.iter().any(|(b, _)| b == bti) =>
                {
                    bound.push((*bti, *need))
                }
                _ => break outcome,
            }
        };
        let before = match before {
            Ok(outcome) => outcome,
            Err(trap) => match trap.fault {
                Fault::Unsupported(_) => return cannot(format!("in the IR: {trap}")),
                _ => {
                    discarded += 1;
                    first_discard.get_or_insert_with(|| trap.to_string());
                    continue;
                }
            },
        };
        kept += 1;
        let after_options = Options { step_limit: options.step_limit.saturating_mul(crate::validate::AFTER_STEP_FACTOR), ..options };
        let mismatch = |place: String, b: String, a: String| {
            Verdict::Mismatch(Box::new(Mismatch {
                function: kernel.name.clone(),
                trial,
                inputs: describe(f, &args, ids),
                place,
                before: b,
                after: a,
            }))
        };
        let run = |mad_rounds_twice: bool| {
            run_visa(ir, slm_bytes, kernel, &param_of_input, &args, ids, after_options, seed, &bound, mad_rounds_twice)
        };
        let after = match run(false) {
            Ok(outcome) => outcome,
            Err(trap) => {
                if let Fault::Unsupported(_) = trap.fault {
                    return cannot(trap.to_string());
                }
                return mismatch("execution".to_string(), "runs to completion".to_string(), format!("stops: {trap}"));
            }
        };
        let mut nan_encodings = 0;
        let difference = match compare_runs(&before, &after, float_kernel, &strings, &mut nan_encodings) {
            Ok(difference) => difference,
            Err(what) => return cannot(what),
        };
        if let Some((place, b, a)) = difference {
            // IGC contracts fmul + fadd into one mad by default: when the vISA with mad rounded twice matches
            // every byte, the difference is that contraction's and nothing else.
            let mut twice_nans = 0;
            let explained = float_mad
                && run(true).is_ok_and(|again| matches!(compare_runs(&before, &again, float_kernel, &strings, &mut twice_nans), Ok(None)));
            if !explained {
                return mismatch(place, format!("IR {b}"), format!("vISA {a}"));
            }
            notes.contracted_trials += 1;
            notes.first_contracted.get_or_insert((place, format!("IR {b}"), format!("vISA {a}")));
            nan_encodings = twice_nans;
        }
        notes.nan_encodings += nan_encodings;
    }
    if kept == 0 && options.trials > 0 {
        return cannot(format!(
            "every trial hit undefined behaviour or left its buffers in the IR; the first: {}",
            first_discard.unwrap_or_default()
        ));
    }
    Verdict::Agree { functions: 1, trials: kept, discarded }
}

/// What the float rules accepted (see the module note), so that it is reported, never silent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FloatNotes {
    /// Dwords that are NaN at both levels with different encodings (sign or payload).
    pub nan_encodings: u64,
    /// Trials where the vISA as written (fused `mad`) differs from the IR, and the vISA with float `mad`
    /// rounded twice matches every byte; the first such difference, as (place, IR, vISA).
    pub contracted_trials: u64,
    pub first_contracted: Option<(String, String, String)>,
}

/// A validation's verdict and what the float rules accepted on the way.
#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub floats: FloatNotes,
}

/// The IR's run: what it left in memory and what it printed.
struct IrRun {
    outcome: Outcome,
    printed: Vec<u8>,
}

/// The vISA's run: what it left in memory and its printf buffer, if it has one.
struct VisaRun {
    outcome: Outcome,
    printf: Option<PrintfBuffer>,
}

/// A printf buffer the vISA wrote (bytes and definedness), by its protocol.
enum PrintfBuffer {
    /// IGC's (`.implicit_UNDEFINED_11`): string indices, read back with the IR's strings ([`super::printf`]).
    Igc(Vec<u8>, Vec<bool>),
    /// The CM runtime's (`T2`): strings inline ([`super::cm_printf`]).
    Cm(Vec<u8>, Vec<bool>),
}

/// The first difference between the runs: memory ([`compare_memory`]), then printf output (the vISA's buffer
/// read back: IGC's with the IR's strings, [`super::printf::decode`]; the CM runtime's as it is,
/// [`super::cm_printf::decode`]).
/// `Err` names a construct the printf decoder does not read.
fn compare_runs(
    before: &IrRun,
    after: &VisaRun,
    float_kernel: bool,
    strings: &[Vec<u8>],
    nan_encodings: &mut u64,
) -> Result<Option<(String, String, String)>, String> {
    if let Some(difference) = compare_memory(&before.outcome, &after.outcome, float_kernel, nan_encodings) {
        return Ok(Some(difference));
    }
    let decoded = match &after.printf {
        Some(PrintfBuffer::Igc(bytes, defined)) => Some(super::printf::decode(bytes, defined, strings, &before.printed)),
        Some(PrintfBuffer::Cm(bytes, defined)) => Some(super::cm_printf::decode(bytes, defined)),
        None => None,
    };
    let printed = match decoded {
        Some(Ok(text)) => text,
        Some(Err(PrintfError::Differs(why))) => return Ok(Some(("printf output".to_string(), show_text(&before.printed), why))),
        Some(Err(PrintfError::Unsupported(what))) => return Err(what),
        None => Vec::new(),
    };
    Ok((printed != before.printed).then(|| ("printf output".to_string(), show_text(&before.printed), show_text(&printed))))
}

fn show_text(text: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(text))
}

/// Compares every byte the IR defines; in a kernel that computes floats, a differing byte inside a dword that
/// both levels define and that is a NaN at both is accepted and counted in `nan_encodings`. Returns the first
/// difference that is not accepted, as (place, IR value, vISA value), each with its dword.
fn compare_memory(before: &Outcome, after: &Outcome, float_kernel: bool, nan_encodings: &mut u64) -> Option<(String, String, String)> {
    for (name, bytes, defined) in &before.memory {
        let Some((_, after_bytes, after_defined)) = after.memory.iter().find(|(n, _, _)| n == name) else {
            return Some((name.clone(), "present".to_string(), "missing".to_string()));
        };
        let dword = |b: &[u8], d: &[bool], at: usize| -> Option<u32> {
            (at + 4 <= b.len() && d[at..at + 4].iter().all(|&x| x)).then(|| u32::from_le_bytes(b[at..at + 4].try_into().unwrap()))
        };
        let mut i = 0;
        while i < bytes.len() {
            if !defined[i] || (i < after_bytes.len() && after_defined[i] && after_bytes[i] == bytes[i]) {
                i += 1;
                continue;
            }
            let at = i & !3;
            let pair = dword(bytes, defined, at).zip(dword(after_bytes, after_defined, at));
            if let (true, Some((b, a))) = (float_kernel, pair) {
                if f32::from_bits(b).is_nan() && f32::from_bits(a).is_nan() {
                    *nan_encodings += 1;
                    i = at + 4;
                    continue;
                }
            }
            // The same for a half: the word holding the byte is a NaN at both levels.
            let half = i & !1;
            let word = |b: &[u8], d: &[bool]| {
                (half + 2 <= b.len() && d[half] && d[half + 1]).then(|| u16::from_le_bytes([b[half], b[half + 1]]))
            };
            if let (true, Some(b), Some(a)) = (float_kernel, word(bytes, defined), word(after_bytes, after_defined)) {
                if is_half_nan(b) && is_half_nan(a) {
                    *nan_encodings += 1;
                    i = half + 2;
                    continue;
                }
            }
            let shown = |b: &[u8], d: &[bool]| {
                if i >= b.len() || !d[i] {
                    return "undef".to_string();
                }
                match dword(b, d, at) {
                    Some(w) => format!("0x{:02x} (dword 0x{w:08x}, as float {:e})", b[i], f32::from_bits(w)),
                    None => format!("0x{:02x}", b[i]),
                }
            };
            return Some((format!("{name}, byte {i}"), shown(bytes, defined), shown(after_bytes, after_defined)));
        }
    }
    None
}

/// Whether half bits `h` are a NaN (exponent all ones, mantissa not zero).
fn is_half_nan(h: u16) -> bool {
    h & 0x7c00 == 0x7c00 && h & 0x03ff != 0
}

/// The value of SPIR-V builtin variable `name` (`__spirv_BuiltIn<Name>`, SPIR-V spec 3.21 "BuiltIn", with the
/// OpenCL environment's meanings) for a thread with `ids`: the three dimensions, or `None` for a builtin that is
/// not one of these ids. The global offset is 0, as every dispatch of the executors.
pub fn spirv_builtin(name: &str, ids: &ThreadIds) -> Option<[u64; 3]> {
    let dims = |f: &dyn Fn(usize) -> u64| [f(0), f(1), f(2)];
    Some(match name.strip_prefix("__spirv_BuiltIn")? {
        "GlobalInvocationId" => dims(&|d| ids.global_id(d) as u64),
        "LocalInvocationId" => dims(&|d| ids.local_id[d] as u64),
        "WorkgroupId" => dims(&|d| ids.group_id[d] as u64),
        "WorkgroupSize" => dims(&|d| ids.local_size[d] as u64),
        "NumWorkgroups" => dims(&|d| ids.group_count[d] as u64),
        "GlobalSize" => dims(&|d| ids.group_count[d] as u64 * ids.local_size[d] as u64),
        "GlobalOffset" => [0; 3],
        _ => return None,
    })
}

/// Which IR argument each `.input` receives: explicit inputs follow the IR's arguments in order, except that a
/// surface or sampler argument may have no input (IGC replaced it by its index), and an input of a surface
/// variable belongs to a surface or sampler argument. `None` when they cannot be matched so.
fn match_inputs(kernel: &Kernel, bindings: &[ArgBinding]) -> Option<Vec<Option<usize>>> {
    let mut out = vec![None; kernel.inputs.len()];
    let explicit: Vec<usize> = (0..kernel.inputs.len()).filter(|&k| kernel.inputs[k].implicit.is_none()).collect();
    let mut next = 0;
    for (param, binding) in bindings.iter().enumerate() {
        let input_kind = explicit.get(next).map(|&k| kernel.var(kernel.inputs[k].var).kind);
        match binding {
            ArgBinding::Surface(_) | ArgBinding::Sampler(_) => {
                if matches!(input_kind, Some(VarKind::Surface | VarKind::Sampler)) {
                    out[explicit[next]] = Some(param);
                    next += 1;
                }
            }
            ArgBinding::Value | ArgBinding::Pointer => {
                if input_kind != Some(VarKind::General) {
                    return None;
                }
                out[explicit[next]] = Some(param);
                next += 1;
            }
        }
    }
    (next == explicit.len()).then_some(out)
}

/// Surface contents depend on the trial's seed and the index only, so both levels see the same.
fn surface_bytes(seed: u64, bti: u32, size: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed ^ (bti as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93));
    buffer(&mut rng, seed as u32, size)
}

/// Random bytes on even trials; on odd trials small dwords (0 to 3), so that loop bounds and indices a kernel
/// reads from memory stay small and in range.
fn buffer(rng: &mut Rng, trial: u32, size: u64) -> Vec<u8> {
    if trial % 2 == 1 {
        return (0..size).map(|i| if i % 4 == 0 { rng.below(4) as u8 } else { 0 }).collect();
    }
    (0..size).map(|_| rng.next() as u8).collect()
}

/// Allocates the trial's surfaces and buffers (in that order) and SLM; returns the argument values, the names
/// and bases of what is compared, and the SLM base.
fn lay_out(
    memory: &mut Memory,
    surfaces: &mut Surfaces,
    args: &[Input],
    param_elems: &[Elem],
    options: Options,
    seed: u64,
    bound: &[(u32, SurfaceNeed)],
    slm_bytes: u64,
) -> (Vec<Value>, Vec<(String, u64)>, Option<u64>) {
    let mut compared = Vec::new();
    for &(bti, need) in bound {
        let kind = trial_surface(need, options.buffer_bytes);
        let size = kind.storage_bytes();
        let name = format!("surface {bti}");
        let base = memory.allocate_with(name.clone(), AllocKind::Buffer, surface_bytes(seed, bti, size));
        surfaces.insert(bti, Surface { name: name.clone(), base, kind });
        compared.push((name, base));
    }
    let mut values = Vec::with_capacity(args.len());
    for (index, arg) in args.iter().enumerate() {
        match arg {
            Input::Value(v) => values.push(v.clone()),
            Input::Buffer(bytes) => {
                let name = format!("buffer of argument {index}");
                let base = memory.allocate_with(name.clone(), AllocKind::Buffer, bytes.clone());
                values.push(Value::scalar(param_elems[index], base));
                compared.push((name, base));
            }
        }
    }
    let slm = (slm_bytes > 0).then(|| memory.allocate("SLM", AllocKind::Slm, slm_bytes));
    (values, compared, slm)
}

fn collect(memory: &Memory, compared: Vec<(String, u64)>) -> Outcome {
    let memory = compared
        .into_iter()
        .filter_map(|(name, base)| memory.allocation(base).map(|a| (name, a.bytes.clone(), a.defined.clone())))
        .collect();
    Outcome { ret: Value::Void, memory }
}

fn param_elems(ir: &Program, func: FuncId) -> Vec<Elem> {
    ir.functions[func as usize]
        .params
        .iter()
        .map(|ty| ty.lanes().map(|(e, _)| e).unwrap_or(Elem::Int(64)))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn run_ir(
    ir: &Program,
    func: FuncId,
    slm_bytes: u64,
    args: &[Input],
    ids: ThreadIds,
    options: Options,
    seed: u64,
    bound: &[(u32, SurfaceNeed)],
) -> Result<IrRun, Trap> {
    let mut machine = Machine::new(ir);
    machine.step_limit = options.step_limit;
    machine.bounds = BoundsPolicy::Hardware;
    let (values, compared, slm) =
        lay_out(&mut machine.memory, &mut machine.surfaces, args, &param_elems(ir, func), options, seed, bound, slm_bytes);
    for (index, global) in ir.globals.iter().enumerate() {
        if let Some(value) = spirv_builtin(&global.name, &ids) {
            // Three elements of 64 bits (`<3 x i64>`, SPIR-V's 64-bit addressing) or of 32 bits.
            let width = if global.bytes >= 24 { 8 } else { 4 };
            let bytes: Vec<u8> = value.iter().flat_map(|v| v.to_le_bytes()[..width].to_vec()).collect();
            let base = machine.global_base(index);
            machine.memory.write(base, &bytes, &vec![true; bytes.len()]).map_err(|fault| Trap {
                function: global.name.clone(),
                instruction: "<SPIR-V builtin>".into(),
                fault,
            })?;
        }
    }
    let mut thread = machine.start(func, values, ids)?;
    while let crate::interp::Yield::Barrier = machine.resume(&mut thread, slm)? {}
    Ok(IrRun { outcome: collect(&machine.memory, compared), printed: std::mem::take(&mut thread.printf) })
}

#[allow(clippy::too_many_arguments)]
fn run_visa(
    ir: &Program,
    slm_bytes: u64,
    kernel: &Kernel,
    param_of_input: &[Option<usize>],
    args: &[Input],
    ids: ThreadIds,
    options: Options,
    seed: u64,
    bound: &[(u32, SurfaceNeed)],
    mad_rounds_twice: bool,
) -> Result<VisaRun, Trap> {
    let mut memory = Memory::new();
    // The IR's globals take the first addresses of its memory; the same sizes here keep the addresses equal.
    for global in &ir.globals {
        memory.allocate(format!("IR global @{}", global.name), AllocKind::Global, global.bytes);
    }
    let func = ir.function(&kernel.name).map(|(id, _)| id);
    let elems = match func {
        Some(id) => param_elems(ir, id),
        None => vec![Elem::Int(64); args.len()],
    };
    let mut surfaces = Surfaces::new();
    let (values, compared, slm) = lay_out(&mut memory, &mut surfaces, args, &elems, options, seed, bound, slm_bytes);
    let mut thread = Thread::new(kernel, ids);
    thread.step_limit = options.step_limit;
    thread.mad_rounds_twice = mad_rounds_twice;
    let private = memory.allocate("private memory", AllocKind::Private, PRIVATE_BYTES);
    let has_printf = kernel.inputs.iter().any(|i| i.implicit.as_deref() == Some("UNDEFINED_11"));
    let printf = has_printf.then(|| {
        let mut bytes = vec![0u8; PRINTF_BYTES as usize];
        bytes[..4].copy_from_slice(&PRINTF_START.to_le_bytes());
        memory.allocate_with("printf buffer", AllocKind::Buffer, bytes)
    });
    let cm_printf = super::cm_printf::uses_buffer(kernel).then(|| super::cm_printf::bind_buffer(&mut memory, &mut surfaces));
    for (k, input) in kernel.inputs.iter().enumerate() {
        let size = input.size as usize;
        let (bytes, defined) = match input.implicit.as_deref() {
            None => match param_of_input[k] {
                Some(param) => value_bytes(&values[param], size),
                None => continue,
            },
            Some(kind) => implicit_input(kind, &ids, Bases { private, printf }, size)
                .map_err(|what| Trap { function: kernel.name.clone(), instruction: "<inputs>".into(), fault: Fault::Unsupported(what) })?,
        };
        if kernel.var(input.var).kind != VarKind::General && kernel.var(input.var).kind != VarKind::Surface && kernel.var(input.var).kind != VarKind::Sampler {
            continue;
        }
        thread.set_input(input.var, &bytes, &defined);
    }
    loop {
        match thread.resume(&mut memory, &surfaces, slm, BoundsPolicy::Hardware)? {
            VisaYield::Finished => break,
            VisaYield::Barrier => continue,
        }
    }
    let read = |base: u64| memory.allocation(base).map(|a| (a.bytes.clone(), a.defined.clone()));
    let printf = match (printf.and_then(read), cm_printf.and_then(read)) {
        (Some((bytes, defined)), _) => Some(PrintfBuffer::Igc(bytes, defined)),
        (None, Some((bytes, defined))) => Some(PrintfBuffer::Cm(bytes, defined)),
        (None, None) => None,
    };
    Ok(VisaRun { outcome: collect(&memory, compared), printf })
}

/// A value's little-endian bytes, `size` of them (padded with undefined bytes).
fn value_bytes(value: &Value, size: usize) -> (Vec<u8>, Vec<bool>) {
    let mut bytes = vec![0u8; size];
    let mut defined = vec![false; size];
    if let Value::Lanes(lanes) = value {
        encode_lanes(lanes, &mut bytes, &mut defined);
    }
    (bytes, defined)
}

fn describe(f: &crate::program::Function, args: &[Input], ids: ThreadIds) -> Vec<String> {
    let mut out = describe_inputs(f, args);
    out.push(format!("group id ({}, {}, {})", ids.group_id[0], ids.group_id[1], ids.group_id[2]));
    out
}
