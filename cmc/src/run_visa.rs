//! `cmc run k.visaasm`: a vISA kernel on the CPU ([`genx_exec::visa`]), with the same surfaces, buffers, grid
//! and output files as an IR kernel (see [`crate::run_cmd`]).
//!
//! One `--arg` per explicit `.input` of the kernel, in order: `surface:BTI` for a surface input, `buffer:IN[:OUT]`
//! or `zeros:BYTES[:OUT]` for an 8-byte input that holds an SVM address, otherwise the input's elements as
//! numbers (its variable's type, `size / element size` of them). Implicit inputs (`.implicit_LOCAL_ID`, ...)
//! are filled from each thread's ids.

use genx_exec::grid::Grid;
use genx_exec::interp::Machine;
use genx_exec::machine::BoundsPolicy;
use genx_exec::memory::encode_lanes;
use genx_exec::program::Program;
use genx_exec::value::{Elem, Ty, Value};
use genx_exec::visa::program::{VType, VarKind};

use crate::run_cmd::spec::Job;
use crate::run_cmd::{Outcome, Output};

fn elem_of(ty: VType) -> Elem {
    match ty {
        VType::UB | VType::B | VType::Bool => Elem::Int(8),
        VType::UW | VType::W => Elem::Int(16),
        VType::UD | VType::D | VType::V | VType::UV | VType::VF => Elem::Int(32),
        VType::UQ | VType::Q => Elem::Int(64),
        VType::HF => Elem::Half,
        VType::F => Elem::Float,
        VType::DF => Elem::Double,
    }
}

pub(crate) fn run(request: &Job) -> Result<Outcome, String> {
    let text = std::fs::read_to_string(&request.input).map_err(|err| format!("cannot read '{}': {err}", request.input.display()))?;
    let kernel = genx_exec::visa::reader::read(&text).map_err(|e| format!("{}:{e}", request.input.display()))?;
    let grid = Grid { groups: request.groups, local_size: request.local };
    let explicit: Vec<_> = kernel.inputs.iter().filter(|i| i.implicit.is_none()).collect();
    if explicit.len() != request.args.len() {
        return Err(format!(
            "kernel '{}' has {} .input argument(s) ({}), but {} --arg given",
            kernel.name,
            explicit.len(),
            explicit.iter().map(|i| kernel.var(i.var).name.as_str()).collect::<Vec<_>>().join(", "),
            request.args.len()
        ));
    }
    // The IR runner's surface and argument parsing works on a machine's memory and binding table; an empty
    // program gives one without globals.
    let empty = Program::default();
    let mut machine = Machine::new(&empty);
    let mut outputs: Vec<Output> = Vec::new();
    for spec in &request.surfaces {
        crate::run_cmd::bind_surface(&mut machine, spec, &mut outputs)?;
    }
    crate::run_cmd::bind_samplers(&mut machine, request)?;
    let mut inputs = Vec::new();
    for (index, (input, spec)) in explicit.iter().zip(&request.args).enumerate() {
        let var = kernel.var(input.var);
        let what = format!("input {index} ('{}')", var.name);
        let ty = if spec.starts_with("buffer:") || spec.starts_with("zeros:") {
            Ty::Scalar(Elem::Ptr(1))
        } else if spec.starts_with("surface:") || var.kind != VarKind::General {
            Ty::Scalar(Elem::Int(32))
        } else {
            let n = (input.size as usize / var.ty.size()).max(1) as u32;
            if n == 1 { Ty::Scalar(elem_of(var.ty)) } else { Ty::Vector(elem_of(var.ty), n) }
        };
        let value = crate::run_cmd::argument(&mut machine, spec, &ty, &what, &mut outputs)?;
        let mut bytes = vec![0u8; input.size as usize];
        let mut defined = vec![false; input.size as usize];
        if let Value::Lanes(lanes) = &value {
            encode_lanes(lanes, &mut bytes, &mut defined);
        }
        inputs.push((input.var, bytes, defined));
    }
    crate::run_cmd::check_before_running(request, &machine, &outputs)?;
    let bounds = if request.hardware_bounds { BoundsPolicy::Hardware } else { BoundsPolicy::Report };
    let mut printed = Vec::new();
    let result = genx_exec::visa::run::dispatch(&kernel, &mut machine.memory, &machine.surfaces, &machine.samplers, &inputs, grid, bounds, &mut printed);
    // What the threads printed before a fault is shown too, as for an IR kernel.
    crate::run_cmd::print_printf(&printed)?;
    let report = result.map_err(|trap| format!("kernel '{}': {trap}", kernel.name))?;
    let summary = format!(
        "cmc run: kernel '{}' ran {} thread(s) in {} group(s); wrote {} file(s)",
        kernel.name,
        report.threads,
        report.groups,
        outputs.len()
    );
    crate::run_cmd::finish(request, &machine, &outputs, summary)
}
