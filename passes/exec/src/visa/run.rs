//! Running a vISA kernel over a thread grid, for `cmc run k.visaasm`.
//!
//! The schedule is the IR executor's ([`crate::grid`]): groups one after another (x fastest), each with a fresh
//! SLM allocation of the kernel's `SLMSize`; the threads of a group run in local-id order, each until its next
//! `barrier` or its end, round after round; a round where some threads end while others wait at a barrier is a
//! fault (on hardware the group hangs). Every thread gets the same `.input` bytes and its own ids.
//!
//! Implicit arguments ([`implicit_input`], also used by validation): IGC prints the kinds it has names for
//! (`LOCAL_ID`, `LOCAL_SIZE`, `GROUP_COUNT`) and the others as `UNDEFINED_<n>`, where `n` is the VC back end's
//! implicit argument kind (`vc/Utils/GenX/KernelInfo.h` at igc-1.0.12504.6: 11 the printf buffer, 12 the private
//! memory base, 13 linearization, 14 by-value SVM, 15 the implicit-argument buffer). The private base is the
//! address of a private-memory allocation of [`PRIVATE_BYTES`] per thread of a group; IGC places each thread's
//! stack at `base + %hw_id * stride` (its stride, e.g. 256 bytes), and `%hw_id` is the local linear id here, so
//! the threads of a group never share a stack. The printf buffer is given by validation only ([`Bases`]), which
//! reads it back with the IR's strings. `PSEUDO_INPUT` is no argument: it pins a `genx_volatile` global (CM's
//! `_GENX_VOLATILE_BINDING_`) to its GRF offset, and the host writes nothing there, so its bytes start
//! undefined (IGC also drops the global's initializer: `docs/visa-proof.md`); a kernel that reads the global
//! before writing it is then reported by validation as reading undefined bytes, never silently agreed. The
//! other kinds are not modelled.

use super::exec::{Thread, VisaYield};
use super::printf::PrintfError;
use super::program::{Kernel, VarId};
use crate::grid::{DispatchReport, Grid};
use crate::interp::Trap;
use crate::machine::{BoundsPolicy, Samplers, Surfaces, ThreadIds};
use crate::memory::{AllocKind, Fault, Memory};

/// Bytes of private memory per thread given through the private-base implicit argument.
pub const PRIVATE_BYTES: u64 = 64 * 1024;

/// Where the memories behind implicit arguments start.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bases {
    /// The private memory of the thread's group.
    pub private: u64,
    /// IGC's printf buffer ([`super::printf`]), when the caller can read it back (validation can, with the
    /// IR's strings; `cmc run` cannot: the string table is not in the `.visaasm`).
    pub printf: Option<u64>,
}

/// The bytes (and definedness) `size` bytes of implicit argument `kind` receive in a thread with `ids`; `Err`
/// names a kind that is not modelled.
pub fn implicit_input(kind: &str, ids: &ThreadIds, bases: Bases, size: usize) -> Result<(Vec<u8>, Vec<bool>), String> {
    Ok(match kind {
        // Three dwords in the CM runtime's layout (IGC's -binary-format=cm output, `size=12`), three packed words
        // in IGC's OpenCL one (`size=6`).
        "LOCAL_ID" => words(&ids.local_id.map(u64::from), if size >= 12 { 4 } else { 2 }, size),
        "LOCAL_SIZE" => words(&ids.local_size.map(u64::from), 4, size),
        "GROUP_COUNT" => words(&ids.group_count.map(u64::from), 4, size),
        "UNDEFINED_12" => words(&[bases.private], 8, size),
        "UNDEFINED_11" => match bases.printf {
            Some(base) => words(&[base], 8, size),
            None => {
                return Err("the printf buffer (implicit argument kind UNDEFINED_11): its string table is not in the .visaasm".to_string())
            }
        },
        "PSEUDO_INPUT" => (vec![0; size], vec![false; size]),
        other => return Err(format!("implicit argument kind {other}")),
    })
}

/// The text of the CM printf buffer at `base`, which is then freed.
fn read_printed(memory: &mut Memory, base: u64) -> Result<Vec<u8>, Fault> {
    let decoded = match memory.allocation(base) {
        Some(buffer) => super::cm_printf::decode(&buffer.bytes, &buffer.defined),
        None => Ok(Vec::new()),
    };
    memory.free(base);
    decoded.map_err(|error| match error {
        PrintfError::Differs(why) => Fault::Other(why),
        PrintfError::Unsupported(what) => Fault::Unsupported(what),
    })
}

/// Little-endian `width`-byte words of `values`, padded with undefined bytes to `size`.
fn words(values: &[u64], width: usize, size: usize) -> (Vec<u8>, Vec<bool>) {
    let mut bytes = Vec::with_capacity(size.max(values.len() * width));
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes()[..width]);
    }
    let defined = (0..size).map(|i| i < values.len() * width).collect();
    bytes.resize(size, 0);
    (bytes, defined)
}

/// Whether `kernel` has an implicit argument `implicit_input` cannot give with `bases`; `Err` names it.
pub fn check_implicit_inputs(kernel: &Kernel, bases: Bases) -> Result<(), String> {
    for input in &kernel.inputs {
        if let Some(kind) = &input.implicit {
            implicit_input(kind, &ThreadIds::single(), bases, input.size as usize)?;
        }
    }
    Ok(())
}

/// Runs `kernel` on every thread of `grid`; `inputs` are the bytes (and definedness) of each input variable.
/// What the threads print through the CM printf buffer (`T2`, [`super::cm_printf`]) is appended to `printed`,
/// thread after thread in local-id order within each group: each thread has a buffer of its own, read back when
/// it ends.
pub fn dispatch(
    kernel: &Kernel,
    memory: &mut Memory,
    surfaces: &Surfaces,
    samplers: &Samplers,
    inputs: &[(VarId, Vec<u8>, Vec<bool>)],
    grid: Grid,
    bounds: BoundsPolicy,
    printed: &mut Vec<u8>,
) -> Result<DispatchReport, Trap> {
    let fault = |message: String| Trap { function: kernel.name.clone(), instruction: "<dispatch>".into(), fault: Fault::Other(message) };
    if grid.groups.contains(&0) || grid.local_size.contains(&0) {
        return Err(fault(format!("empty grid: {grid:?}")));
    }
    let unsupported = |what: String| Trap { function: kernel.name.clone(), instruction: "<dispatch>".into(), fault: Fault::Unsupported(what) };
    check_implicit_inputs(kernel, Bases::default()).map_err(unsupported)?;
    let mut report = DispatchReport::default();
    let slm_bytes = kernel.slm_kb.unwrap_or(0) as u64 * 1024;
    let [gx, gy, gz] = grid.groups;
    let [lx, ly, lz] = grid.local_size;
    // One private memory for the whole dispatch: groups run one after another, so its threads' stacks are reused.
    let private_base = if kernel.inputs.iter().any(|i| i.implicit.as_deref() == Some("UNDEFINED_12")) {
        memory.allocate("private memory", AllocKind::Private, PRIVATE_BYTES * (lx as u64 * ly as u64 * lz as u64))
    } else {
        0
    };
    let cm_printf = super::cm_printf::uses_buffer(kernel);
    let samplers = std::sync::Arc::new(samplers.clone());
    for group in (0..gz).flat_map(|z| (0..gy).flat_map(move |y| (0..gx).map(move |x| [x, y, z]))) {
        let slm = (slm_bytes > 0).then(|| memory.allocate(format!("SLM of group {group:?}"), AllocKind::Slm, slm_bytes));
        let mut threads: Vec<Option<Thread<'_>>> = Vec::new();
        // Each thread's binding table with its own CM printf buffer, and the buffer's address (when it prints).
        let mut own: Vec<Option<(Surfaces, u64)>> = Vec::new();
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for local in (0..lz).flat_map(|z| (0..ly).flat_map(move |y| (0..lx).map(move |x| [x, y, z]))) {
            let ids = ThreadIds { group_id: group, local_id: local, local_size: grid.local_size, group_count: grid.groups };
            let mut thread = Thread::new(kernel, ids);
            thread.samplers = std::sync::Arc::clone(&samplers);
            for (var, bytes, defined) in inputs {
                thread.set_input(*var, bytes, defined);
            }
            for input in &kernel.inputs {
                if let Some(kind) = &input.implicit {
                    let (bytes, defined) = implicit_input(kind, &ids, Bases { private: private_base, printf: None }, input.size as usize).map_err(unsupported)?;
                    thread.set_input(input.var, &bytes, &defined);
                }
            }
            threads.push(Some(thread));
            own.push(cm_printf.then(|| {
                let mut table = surfaces.clone();
                let base = super::cm_printf::bind_buffer(memory, &mut table);
                (table, base)
            }));
            texts.push(Vec::new());
        }
        let result = 'rounds: loop {
            let (mut waiting, mut finished) = (0usize, 0usize);
            for (index, slot) in threads.iter_mut().enumerate() {
                let Some(thread) = slot else { continue };
                report.slices += 1;
                let table = own[index].as_ref().map_or(surfaces, |(table, _)| table);
                match thread.resume(memory, table, slm, bounds) {
                    Ok(VisaYield::Barrier) => waiting += 1,
                    Ok(VisaYield::Finished) => {
                        finished += 1;
                        report.threads += 1;
                        *slot = None;
                        if let Some((_, base)) = own[index].take() {
                            match read_printed(memory, base) {
                                Ok(text) => texts[index] = text,
                                Err(why) => {
                                    break 'rounds Err(Trap { function: kernel.name.clone(), instruction: "<printf>".into(), fault: why })
                                }
                            }
                        }
                    }
                    Err(trap) => break 'rounds Err(trap),
                }
            }
            if waiting == 0 {
                break Ok(());
            }
            if finished > 0 {
                break Err(fault(format!(
                    "barrier not reached by every thread of group {group:?}: {finished} finished while {waiting} wait"
                )));
            }
            report.barriers += 1;
        };
        if let Some(base) = slm {
            memory.free(base);
        }
        for text in texts {
            printed.extend_from_slice(&text);
        }
        result?;
        report.groups += 1;
    }
    Ok(report)
}
