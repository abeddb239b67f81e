//! The vISA route's fuzzer: generated region programs made kernels, through the route's passes and
//! `genx-visa-emit`, and the emitted vISA validated against the kernel's IR on the executors.
//!
//! Why: the lit tests check each lowering family on hand-written kernels; the generator ([`crate::generate`])
//! mixes regions (1D, 2D, variable offsets, masks), bitcasts, extensions, element access, shuffles and
//! arithmetic over `i8`..`i64`, `half` and `float` vectors the way no hand-written test does, so every bale
//! shape genx-legalize leaves reaches the emitter, the coalescer and the printer.
//!
//! Algorithm, per program: the generated function (vector and `i16` offset arguments, one returned value) is
//! made a CM kernel ([`kernel`]): the same body, one more argument (a buffer, `i32`), and the returned value's
//! bytes stored there by `oword.st` (zero-padded to a power of two of at least 16 bytes, in stores of at most
//! 128); the kernel is a `!genx.kernels` entry for `platform`. The kernel goes through `pipeline` (the route's
//! passes: the middle end and `genx-legalize`), then `genx_visa_emit` emits it; its `.visaasm` text is read
//! back by the vISA executor's reader and validated against the kernel's IR as it was before the passes
//! ([`crate::visa::validate`], the arguments bound as IGC binds them: values at their `.input`s, the buffer at
//! binding-table index 1). Outcomes: the two levels agree; the emitter refused the kernel with a located
//! "not lowered" error (counted by reason: a construct the route does not take yet is not a failure of this
//! fuzzer); or a [`Failure`]: a pass error, an emitter internal error (the vISA fails its verifier), a
//! `.visaasm` the reader rejects, a mismatch, or a kernel the executor cannot validate.
//!
//! Not covered: GenX_IR acceptance (an external tool, run by the lit tests and `scripts/visa-route-report.sh`),
//! control flow and messages other than the final stores (the generator makes neither).

use std::collections::BTreeMap;
use std::fmt::Write;

use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::memory_buffer::MemoryBuffer;
use genx_passes::pipeline::{self, PipelineOptions};
use genx_passes::visa_emit;

use crate::decode::decode_str;
use crate::fuzz::Failure;
use crate::generate::{self, Shape};
use crate::validate::{Options, Verdict};
use crate::visa::validate::{validate, ArgBinding};

/// The binding-table index of the output buffer (the first surface IGC numbers).
const OUTPUT_BTI: u32 = 1;

/// What one program came to.
#[derive(Debug)]
pub enum Outcome {
    /// The vISA agrees with the IR on `trials` trials (`discarded` more were undefined in the IR).
    Agree { trials: u64, discarded: u64 },
    /// The emitter refused the kernel with this located error.
    Refused(String),
}

/// Counts of one run.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    pub programs: u64,
    pub agreed: u64,
    pub trials: u64,
    /// Refused kernels by reason (the error's text after the instruction, numbers and names left out).
    pub refused: BTreeMap<String, u64>,
}

impl Counts {
    pub fn refusals(&self) -> u64 {
        self.refused.values().sum()
    }
}

/// Bytes of one element of an IR scalar type the generator uses.
fn element_bytes(ty: &str) -> Option<u32> {
    match ty {
        "i8" => Some(1),
        "i16" | "half" => Some(2),
        "i32" | "float" => Some(4),
        "i64" | "double" => Some(8),
        _ => None,
    }
}

/// Lanes and element bytes of `<N x T>` or `T`.
fn shape_of(ty: &str) -> Option<(u32, u32)> {
    match ty.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        Some(inner) => {
            let (n, elem) = inner.split_once(" x ")?;
            Some((n.trim().parse().ok()?, element_bytes(elem.trim())?))
        }
        None => Some((1, element_bytes(ty)?)),
    }
}

/// Program `seed` of `shape` as a CM kernel for `platform` (see the module note), and its function's name.
pub fn kernel(seed: u64, shape: Shape, platform: &str) -> Result<(String, String), String> {
    let generated = generate::program(seed, shape);
    let function = generated.function;
    let mut head = None;
    let mut body = Vec::new();
    let mut declarations = Vec::new();
    let mut result = None;
    for line in generated.ir.lines() {
        if let Some(rest) = line.strip_prefix("define ") {
            head = Some(rest.to_string());
        } else if line.starts_with("declare ") {
            declarations.push(line.to_string());
        } else if let Some(rest) = line.trim().strip_prefix("ret ") {
            result = rest.rsplit_once(' ').map(|(ty, name)| (ty.to_string(), name.to_string()));
        } else if line.starts_with("  ") {
            body.push(line.to_string());
        }
    }
    let head = head.ok_or("the generated program has no define")?;
    let (ty, value) = result.ok_or("the generated program has no ret")?;
    let params = head
        .split_once('(')
        .and_then(|(_, rest)| rest.rsplit_once(')'))
        .map(|(params, _)| params.to_string())
        .ok_or("the generated define has no parameter list")?;
    let param_types: Vec<&str> = params.split(", ").filter_map(|p| p.rsplit_once(' ').map(|(t, _)| t)).collect();
    let (lanes, elem) = shape_of(&ty).ok_or_else(|| format!("a result of type {ty}"))?;
    let bytes = lanes * elem;
    let padded = bytes.next_power_of_two().max(16);

    let mut ir = String::new();
    let _ = writeln!(ir, "define void @{function}({params}, i32 %fuzz.out) #0 {{\nentry:");
    for line in &body {
        let _ = writeln!(ir, "{line}");
    }
    let mut declare = |line: String| {
        if !declarations.contains(&line) {
            declarations.push(line);
        }
    };
    let _ = writeln!(ir, "  %fuzz.bytes = bitcast {ty} {value} to <{bytes} x i8>");
    let mut stored = "%fuzz.bytes".to_string();
    if padded != bytes {
        let name = format!("@llvm.genx.wrregioni.v{padded}i8.v{bytes}i8.i16.i1");
        let _ = writeln!(
            ir,
            "  %fuzz.padded = call <{padded} x i8> {name}(<{padded} x i8> zeroinitializer, <{bytes} x i8> %fuzz.bytes, i32 0, i32 {bytes}, i32 1, i16 0, i32 undef, i1 true)"
        );
        declare(format!("declare <{padded} x i8> {name}(<{padded} x i8>, <{bytes} x i8>, i32, i32, i32, i16, i32, i1)"));
        stored = "%fuzz.padded".to_string();
    }
    let chunk = padded.min(128);
    declare(format!("declare void @llvm.genx.oword.st.v{chunk}i8(i32, i32, <{chunk} x i8>)"));
    for (k, start) in (0..padded).step_by(chunk as usize).enumerate() {
        let part = if chunk == padded {
            stored.clone()
        } else {
            let name = format!("@llvm.genx.rdregioni.v{chunk}i8.v{padded}i8.i16");
            let _ = writeln!(
                ir,
                "  %fuzz.part{k} = call <{chunk} x i8> {name}(<{padded} x i8> {stored}, i32 {chunk}, i32 {chunk}, i32 1, i16 {start}, i32 undef)"
            );
            declare(format!("declare <{chunk} x i8> {name}(<{padded} x i8>, i32, i32, i32, i16, i32)"));
            format!("%fuzz.part{k}")
        };
        let _ = writeln!(ir, "  call void @llvm.genx.oword.st.v{chunk}i8(i32 %fuzz.out, i32 {}, <{chunk} x i8> {part})", start / 16);
    }
    ir.push_str("  ret void\n}\n\n");
    for line in &declarations {
        let _ = writeln!(ir, "{line}");
    }
    let mut types: Vec<&str> = param_types.clone();
    types.push("i32");
    let list = |f: &dyn Fn(usize) -> String| (0..types.len()).map(f).collect::<Vec<_>>().join(", ");
    let last = types.len() - 1;
    let _ = writeln!(ir, "\nattributes #0 = {{ \"CMGenxMain\" \"target-cpu\"=\"{platform}\" }}\n");
    let _ = writeln!(ir, "!genx.kernels = !{{!0}}");
    let _ = writeln!(ir, "!0 = !{{void ({})* @{function}, !\"{function}\", !1, i32 0, !2, !2, !3, i32 0}}", types.join(", "));
    let _ = writeln!(ir, "!1 = !{{{}}}", list(&|i| format!("i32 {}", if i == last { 2 } else { 0 })));
    let _ = writeln!(ir, "!2 = !{{{}}}", list(&|_| "i32 0".to_string()));
    let _ = writeln!(ir, "!3 = !{{{}}}", list(&|i| format!("!\"{}\"", if i == last { "buffer_t" } else { "" })));
    Ok((ir, function))
}

/// A refusal's reason without the parts that differ between programs (value names, numbers).
fn reason(message: &str) -> String {
    let text = message.rsplit_once(": ").map_or(message, |(_, reason)| reason);
    text.chars().map(|c| if c.is_ascii_digit() { 'N' } else { c }).collect()
}

/// Program `seed` through `pipeline` and the emitter on `platform`, validated.
pub fn check(seed: u64, shape: Shape, platform: &str, pipeline_text: &str, options: Options) -> Result<Outcome, Failure> {
    let fail = |stage, message: String, program: &str, output: Option<String>| Failure {
        seed,
        stage,
        message,
        program: program.to_string(),
        output,
    };
    let (ir, function) = kernel(seed, shape, platform).map_err(|m| fail("kernel", m, "", None))?;
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "fuzz-kernel.ll");
    let module = context.create_module_from_ir(buffer).map_err(|m| fail("parse", m.to_string(), &ir, None))?;
    let full = format!("genx-verify,{pipeline_text}");
    pipeline::run(&module, &full, PipelineOptions::default()).map_err(|e| fail("pipeline", e.to_string(), &ir, None))?;
    let after = module.print_to_string().to_string();
    let emitted = match visa_emit::emit_module(module.as_mut_ptr()) {
        Ok(mut emitted) if emitted.len() == 1 => emitted.remove(0),
        Ok(emitted) => return Err(fail("emit", format!("{} kernels emitted, 1 expected", emitted.len()), &ir, Some(after))),
        Err(errors) => {
            let message = errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n");
            if message.contains("internal error") {
                return Err(fail("emit", message, &ir, Some(after)));
            }
            return Ok(Outcome::Refused(reason(message.lines().next().unwrap_or(""))));
        }
    };
    let text = emitted.text();
    let with_visa = |m: String| fail("vISA", m, &ir, Some(format!("{after}\n--- .visaasm ---\n{text}")));
    let visa = crate::visa::reader::read(&text).map_err(|e| with_visa(format!("the reader rejects it: {e}")))?;
    let program = decode_str(&ir, "fuzz-kernel.ll").map_err(|m| fail("decode", m, &ir, None))?;
    let mut bindings = vec![ArgBinding::Value; ir::argument_count(&ir)];
    if let Some(last) = bindings.last_mut() {
        *last = ArgBinding::Surface(OUTPUT_BTI);
    }
    match validate(&program, &function, &visa, &bindings, options, false).verdict {
        Verdict::Agree { trials, discarded, .. } => Ok(Outcome::Agree { trials, discarded }),
        Verdict::Mismatch(mismatch) => Err(with_visa(mismatch.to_string())),
        Verdict::CannotValidate { function, reason } => Err(with_visa(format!("cannot validate '{function}': {reason}"))),
    }
}

mod ir {
    /// Arguments of the (only) define of `ir`.
    pub fn argument_count(ir: &str) -> usize {
        ir.lines()
            .find(|l| l.starts_with("define "))
            .and_then(|l| l.split_once('(')?.1.rsplit_once(')').map(|(p, _)| p.split(", ").count()))
            .unwrap_or(0)
    }
}

/// Runs `count` programs from `first_seed` on `platform`; stops at the first failure.
pub fn run(
    first_seed: u64,
    count: u64,
    shape: Shape,
    platform: &str,
    pipeline_text: &str,
    options: Options,
) -> Result<Counts, Box<Failure>> {
    let mut counts = Counts::default();
    for seed in first_seed..first_seed + count {
        match check(seed, shape, platform, pipeline_text, options).map_err(Box::new)? {
            Outcome::Agree { trials, .. } => {
                counts.agreed += 1;
                counts.trials += trials;
            }
            Outcome::Refused(why) => *counts.refused.entry(why).or_default() += 1,
        }
        counts.programs += 1;
    }
    Ok(counts)
}
