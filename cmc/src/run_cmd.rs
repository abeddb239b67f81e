//! `cmc run`: execute a kernel on the CPU, with buffers and surfaces loaded from and saved to files.
//!
//! This is the CPU emulation mode CM programmers lost when intel/cm-cpu-emulation was discontinued, built on the
//! same executor that validates the compiler's passes.
//!
//! ```text
//! cmc run k.ll [-k NAME] [--groups X[,Y[,Z]]] [--local X[,Y[,Z]]]
//!        [--surface BTI=buffer:IN[:OUT]] [--surface BTI=image2d:WxH[xPITCH]:IN[:OUT]] [--surface BTI=zeros:BYTES[:OUT]]
//!        --arg SPEC ...
//! ```
//! One `--arg` per kernel parameter, in order: a scalar (`7`, `-3`, `0x10`, `1.5`), a vector (`1,2,3,4`), an SVM
//! buffer (`buffer:IN[:OUT]`, `zeros:BYTES[:OUT]`), or a surface index (`surface:BTI`, for `SurfaceIndex` and
//! `buffer_t`/`image2d_t` parameters). Image widths are in bytes. `OUT` files are written after the run, each
//! atomically; nothing is written when the kernel faults.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use genx_exec::grid::{self, Grid};
use genx_exec::interp::Machine;
use genx_exec::machine::{BoundsPolicy, Surface, SurfaceKind, ThreadIds};
use genx_exec::memory::AllocKind;
use genx_exec::value::{Elem, Lanes, Ty, Value};
use genx_passes::limits::{checked_size, parse_size, MAX_BUFFER_BYTES};

use crate::output;

#[derive(Parser, Debug)]
#[command(name = "cmc run", about = "Run a GenX kernel on the CPU")]
struct Args {
    /// The kernel's module (LLVM IR, `.ll` or `.bc`), or a vISA kernel (`.visaasm`).
    input: PathBuf,
    /// The kernel to run (default: the module's only kernel).
    #[arg(short = 'k', long = "kernel")]
    kernel: Option<String>,
    /// Thread groups in each dimension.
    #[arg(long, default_value = "1")]
    groups: String,
    /// Threads per group in each dimension.
    #[arg(long, default_value = "1")]
    local: String,
    /// One per kernel parameter, in order.
    #[arg(long = "arg", allow_hyphen_values = true)]
    args: Vec<String>,
    /// Bind a surface: `BTI=buffer:IN[:OUT]`, `BTI=image2d:WxH[xPITCH]:IN[:OUT]`, `BTI=zeros:BYTES[:OUT]`.
    #[arg(long = "surface")]
    surfaces: Vec<String>,
    /// Out-of-bounds surface accesses behave as on hardware (reads give 0, writes are dropped) instead of
    /// stopping with an error.
    #[arg(long)]
    hardware_bounds: bool,
}

/// A buffer or surface to save after the run.
pub struct Output {
    pub path: String,
    pub base: u64,
}

pub fn main(argv: &[std::ffi::OsString]) -> ExitCode {
    let args: Args = match crate::args::parse_subcommand(argv) {
        Ok(args) => args,
        Err(status) => return status,
    };
    match run(&args) {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("cmc run: error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<String, String> {
    if args.input.extension().is_some_and(|e| e == "visaasm") {
        let grid = Grid { groups: dims(&args.groups, "--groups")?, local_size: dims(&args.local, "--local")? };
        let request = crate::run_visa::Request { input: &args.input, grid, args: &args.args, surfaces: &args.surfaces, hardware_bounds: args.hardware_bounds };
        return crate::run_visa::run(&request);
    }
    let program = genx_exec::decode::decode_file(&args.input)?;
    let kernels: Vec<_> = program
        .defined_functions()
        .filter(|(_, f)| f.conv == genx_exec::program::CallingConv::Kernel)
        .map(|(id, f)| (id, f.name.clone()))
        .collect();
    let (kernel, name) = match &args.kernel {
        Some(name) => program
            .function(name)
            .map(|(id, f)| (id, f.name.clone()))
            .ok_or_else(|| format!("no function '{name}' in '{}'", args.input.display()))?,
        None => match kernels.as_slice() {
            [only] => only.clone(),
            [] => return Err(format!("'{}' has no kernel (spir_kernel); name a function with -k", args.input.display())),
            many => {
                return Err(format!(
                    "'{}' has {} kernels ({}); choose one with -k",
                    args.input.display(),
                    many.len(),
                    many.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(", ")
                ))
            }
        },
    };
    let function = &program.functions[kernel as usize];
    if function.params.len() != args.args.len() {
        return Err(format!(
            "kernel '{name}' takes {} argument{} ({}), but {} --arg given",
            function.params.len(),
            if function.params.len() == 1 { "" } else { "s" },
            function.params.iter().zip(&function.param_names).map(|(t, n)| format!("{t} %{n}")).collect::<Vec<_>>().join(", "),
            args.args.len()
        ));
    }
    let grid = Grid { groups: dims(&args.groups, "--groups")?, local_size: dims(&args.local, "--local")? };

    let mut machine = Machine::new(&program);
    machine.bounds = if args.hardware_bounds { BoundsPolicy::Hardware } else { BoundsPolicy::Report };
    let mut outputs = Vec::new();
    for spec in &args.surfaces {
        bind_surface(&mut machine, spec, &mut outputs)?;
    }
    let mut values = Vec::with_capacity(function.params.len());
    for (index, (spec, ty)) in args.args.iter().zip(&function.params).enumerate() {
        let what = format!("argument {index} (%{})", function.param_names[index]);
        values.push(argument(&mut machine, spec, ty, &what, &mut outputs)?);
    }
    let report = grid::dispatch(&mut machine, kernel, &|_: &ThreadIds| values.clone(), grid)
        .map_err(|trap| format!("kernel '{name}': {trap}"))?;
    for out in &outputs {
        let allocation = machine.memory.allocation(out.base).expect("output allocations live until the end");
        output::write(std::path::Path::new(&out.path), &allocation.bytes)?;
    }
    Ok(format!(
        "cmc run: kernel '{name}' ran {} thread(s) in {} group(s); wrote {} file(s)",
        report.threads,
        report.groups,
        outputs.len()
    ))
}

/// `X[,Y[,Z]]`, each at least 1.
fn dims(text: &str, flag: &str) -> Result<[u32; 3], String> {
    let mut out = [1u32; 3];
    let parts: Vec<&str> = text.split([',', 'x']).collect();
    if parts.len() > 3 {
        return Err(format!("{flag} takes at most three sizes, got '{text}'"));
    }
    for (i, part) in parts.iter().enumerate() {
        out[i] = part
            .trim()
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("{flag}: '{part}' is not a positive size"))?;
    }
    Ok(out)
}

/// Reads an input file, or makes `BYTES` zero bytes for `zeros:BYTES` (at most one allocation's limit).
fn contents(kind: &str, source: &str) -> Result<Vec<u8>, String> {
    if kind == "zeros" {
        let bytes = parse_size(source, MAX_BUFFER_BYTES, &format!("zeros:{source}: bytes"))?;
        return Ok(vec![0; bytes]);
    }
    let bytes = genx_passes::input::read(std::path::Path::new(source))?;
    checked_size(bytes.len() as u64, MAX_BUFFER_BYTES, &format!("'{source}': bytes"))?;
    Ok(bytes)
}

pub(crate) fn bind_surface(machine: &mut Machine<'_>, spec: &str, outputs: &mut Vec<Output>) -> Result<(), String> {
    let (bti, rest) = spec.split_once('=').ok_or_else(|| format!("--surface '{spec}': expected BTI=KIND:..."))?;
    let bti: u32 = bti.trim().parse().map_err(|_| format!("--surface '{spec}': '{bti}' is not a binding-table index"))?;
    let fields: Vec<&str> = rest.split(':').collect();
    let (kind, bytes, out, surface_kind) = match fields.as_slice() {
        ["buffer" | "zeros", source, tail @ ..] if tail.len() <= 1 => {
            let bytes = contents(fields[0], source)?;
            let size = bytes.len() as u64;
            (fields[0], bytes, tail.first().copied(), SurfaceKind::Buffer { size })
        }
        ["image2d", shape, source, tail @ ..] if tail.len() <= 1 => {
            let numbers: Vec<u32> = shape
                .split('x')
                .map(|n| n.parse().map_err(|_| format!("--surface '{spec}': bad image shape '{shape}' (WIDTHxHEIGHT[xPITCH], width in bytes)")))
                .collect::<Result<_, _>>()?;
            let (width, height, pitch) = match numbers.as_slice() {
                [w, h] => (*w, *h, *w),
                [w, h, p] if p >= w => (*w, *h, *p),
                _ => return Err(format!("--surface '{spec}': image shape is WIDTHxHEIGHT[xPITCH] with PITCH >= WIDTH")),
            };
            let bytes = contents("file", source)?;
            let needed = pitch as u64 * height as u64;
            if (bytes.len() as u64) < needed {
                return Err(format!("--surface '{spec}': '{source}' has {} bytes, the image needs {needed}", bytes.len()));
            }
            ("image2d", bytes, tail.first().copied(), SurfaceKind::Image2D { width, height, pitch })
        }
        _ => return Err(format!("--surface '{spec}': expected buffer:IN[:OUT], zeros:BYTES[:OUT] or image2d:WxH[xPITCH]:IN[:OUT]")),
    };
    let name = format!("surface {bti} ({kind})");
    let base = machine.memory.allocate_with(name.clone(), AllocKind::Buffer, bytes);
    if machine.surfaces.insert(bti, Surface { name, base, kind: surface_kind }).is_some() {
        return Err(format!("surface {bti} is bound twice"));
    }
    if let Some(path) = out {
        outputs.push(Output { path: path.to_string(), base });
    }
    Ok(())
}

pub(crate) fn argument(machine: &mut Machine<'_>, spec: &str, ty: &Ty, what: &str, outputs: &mut Vec<Output>) -> Result<Value, String> {
    if let Some(bti) = spec.strip_prefix("surface:") {
        let bti: u64 = parse_int(bti).ok_or_else(|| format!("{what}: '{bti}' is not a surface index"))?;
        if !machine.surfaces.contains_key(&(bti as u32)) {
            return Err(format!("{what}: surface {bti} is not bound; add --surface {bti}=..."));
        }
        return match ty.lanes() {
            Some((elem, 1)) => Ok(Value::Lanes(Lanes::new(elem, vec![bti]))),
            _ => Err(format!("{what}: a surface index needs a scalar parameter, not {ty}")),
        };
    }
    if let Some((kind, rest)) = spec.split_once(':').filter(|(k, _)| *k == "buffer" || *k == "zeros") {
        let Ty::Scalar(elem @ Elem::Ptr(_)) = ty else {
            return Err(format!("{what}: {kind}: needs a pointer parameter, not {ty}"));
        };
        let (source, out) = match rest.split_once(':') {
            Some((source, out)) => (source, Some(out)),
            None => (rest, None),
        };
        let bytes = contents(kind, source)?;
        let base = machine.memory.allocate_with(format!("{what} ({kind})"), AllocKind::Buffer, bytes);
        if let Some(path) = out {
            outputs.push(Output { path: path.to_string(), base });
        }
        return Ok(Value::scalar(*elem, base));
    }
    let (elem, lanes) = ty.lanes().ok_or_else(|| format!("{what}: parameters of type {ty} are not supported"))?;
    let items: Vec<&str> = spec.split(',').map(str::trim).collect();
    if items.len() != lanes as usize {
        return Err(format!("{what}: {ty} needs {lanes} value(s), '{spec}' has {}", items.len()));
    }
    let bits = items
        .iter()
        .map(|item| parse_lane(item, elem).ok_or_else(|| format!("{what}: '{item}' is not a {elem}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::Lanes(Lanes::new(elem, bits)))
}

fn parse_int(text: &str) -> Option<u64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok()?,
        None => digits.parse().ok()?,
    };
    Some(if negative { magnitude.wrapping_neg() } else { magnitude })
}

fn parse_lane(text: &str, elem: Elem) -> Option<u64> {
    match elem {
        Elem::Half | Elem::Float | Elem::Double => {
            text.parse::<f64>().ok().map(|v| genx_exec::ops::from_f64(elem, v))
        }
        _ => parse_int(text).map(|v| v & elem.mask()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_literals() {
        assert_eq!(dims("4,2", "--groups").unwrap(), [4, 2, 1]);
        assert_eq!(dims("2x3x4", "--local").unwrap(), [2, 3, 4]);
        assert!(dims("0", "--local").is_err());
        assert_eq!(parse_lane("-1", Elem::Int(8)), Some(0xff));
        assert_eq!(parse_lane("0x10", Elem::Int(32)), Some(16));
        assert_eq!(parse_lane("1.5", Elem::Float), Some(1.5f32.to_bits() as u64));
        assert_eq!(parse_lane("x", Elem::Int(32)), None);
    }
}
