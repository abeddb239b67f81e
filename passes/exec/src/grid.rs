//! The thread grid: runs a kernel over every thread of every group, with barriers and per-group SLM.
//!
//! Why: a CM kernel is dispatched as an OpenCL-style grid of thread groups; threads of one group share an SLM
//! allocation and meet at `llvm.genx.barrier`. Running each thread to completion alone would give an SLM reduction
//! (write, barrier, read the neighbours' values) a wrong answer, so the threads of a group are interleaved at
//! their barriers.
//!
//! Schedule (deterministic): groups run one after another in group order (x fastest, then y, then z). A group gets
//! a fresh SLM allocation of the kernel's [`Function::slm_bytes`](crate::program::Function) (all bytes undef; none
//! when the kernel declares no SLM), freed after the group. Its threads are numbered by local id, x fastest. One
//! *round* runs thread 0 until it finishes or reaches a barrier, then thread 1, and so on; when every thread waits
//! at the barrier, the next round resumes them all. The group is done when every thread has finished.
//!
//! `printf` output: each thread prints into its own buffer; when its group ends (finished or stopped by a
//! fault), the group's buffers are appended to [`Machine::printed`] in thread order (x fastest), groups in group
//! order, as a CM runtime shows the printf buffer after the kernel: one thread's lines together, never interleaved.
//!
//! Invariants: a thread sees [`ThreadIds`] with its group id, local id, the group's local size and the grid's group
//! count; `thread.x/y` derive global ids from them. A round where some threads finish while others wait at a barrier
//! is a fault naming the kernel and the group ("barrier not reached by every thread of group (x,y,z)"): on hardware
//! such a kernel hangs or is undefined. Any trap of a thread stops the dispatch and is returned unchanged. SLM is
//! freed on every exit.
//!
//! Not handled: a kernel's result value is discarded (kernels return void); a trap does not say which thread raised
//! it (the [`Trap`] type has no place for it); the allocas of threads left suspended by a fault are not freed. The
//! order of memory effects between threads within a round is the round-robin order, one valid interleaving of
//! many: a kernel with a data race between barriers may behave differently on hardware.

use crate::interp::{Machine, ThreadState, Trap, Yield};
use crate::machine::ThreadIds;
use crate::memory::{AllocKind, Fault};
use crate::program::FuncId;
use crate::value::Value;

/// The dispatch shape: how many groups in each dimension, and how many threads in each group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub groups: [u32; 3],
    pub local_size: [u32; 3],
}

impl Grid {
    /// A one-dimensional grid of `groups` groups of `local_size` threads.
    pub fn linear(groups: u32, local_size: u32) -> Grid {
        Grid { groups: [groups, 1, 1], local_size: [local_size, 1, 1] }
    }
}

/// What a dispatch did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DispatchReport {
    /// Groups run.
    pub groups: u64,
    /// Threads run to completion.
    pub threads: u64,
    /// Group-wide barriers completed (each counts once per group, however many threads it released).
    pub barriers: u64,
    /// Times a thread was resumed: one per thread per round.
    pub slices: u64,
}

/// The largest SLM allocation made for a group (far above any hardware's SLM; guards the host's memory).
const MAX_SLM_BYTES: u64 = 1 << 30;

/// The most threads in one group (all of a group's threads are alive at once; hardware allows at most 1024).
const MAX_GROUP_THREADS: u64 = 1 << 16;

/// Runs `kernel` on every thread of `grid`; `args` gives each thread's arguments from its ids.
pub fn dispatch(
    machine: &mut Machine,
    kernel: FuncId,
    args: &dyn Fn(&ThreadIds) -> Vec<Value>,
    grid: Grid,
) -> Result<DispatchReport, Trap> {
    dispatch_observed(machine, kernel, args, grid, &mut |_, _| {})
}

/// [`dispatch`], calling `after_group(groups done, groups in all)` after each group (for a progress line).
pub fn dispatch_observed(
    machine: &mut Machine,
    kernel: FuncId,
    args: &dyn Fn(&ThreadIds) -> Vec<Value>,
    grid: Grid,
    after_group: &mut dyn FnMut(u64, u64),
) -> Result<DispatchReport, Trap> {
    let Some(function) = machine.program.functions.get(kernel as usize) else {
        return Err(Trap {
            function: format!("#{kernel}"),
            instruction: "<dispatch>".to_string(),
            fault: Fault::Other(format!("there is no function #{kernel} to dispatch")),
        });
    };
    let (name, slm_bytes) = (function.name.clone(), function.slm_bytes);
    let fault = |fault: Fault| Trap { function: name.clone(), instruction: "<dispatch>".to_string(), fault };
    if grid.groups.contains(&0) || grid.local_size.contains(&0) {
        return Err(fault(Fault::Other(format!("empty grid: {grid:?}"))));
    }
    let per_group: u64 = grid.local_size.iter().map(|&n| n as u64).product();
    if per_group > MAX_GROUP_THREADS {
        return Err(fault(Fault::Other(format!("{per_group} threads per group exceed {MAX_GROUP_THREADS}"))));
    }
    if slm_bytes > MAX_SLM_BYTES {
        return Err(fault(Fault::Other(format!("the kernel's {slm_bytes} bytes of SLM exceed {MAX_SLM_BYTES}"))));
    }

    let mut report = DispatchReport::default();
    let [gx, gy, gz] = grid.groups;
    for z in 0..gz {
        for y in 0..gy {
            for x in 0..gx {
                let group = [x, y, z];
                let slm = (slm_bytes > 0)
                    .then(|| machine.memory.allocate(format!("SLM of group ({x},{y},{z})"), AllocKind::Slm, slm_bytes));
                let result = run_group(machine, kernel, args, grid, group, slm, &mut report);
                if let Some(base) = slm {
                    machine.memory.free(base);
                }
                result?.map_err(|message| fault(Fault::Other(message)))?;
                report.groups += 1;
                after_group(report.groups, gx as u64 * gy as u64 * gz as u64);
            }
        }
    }
    Ok(report)
}

/// Runs one group to completion. The outer error is a thread's trap, the inner one a scheduling fault (a sentence).
fn run_group(
    machine: &mut Machine,
    kernel: FuncId,
    args: &dyn Fn(&ThreadIds) -> Vec<Value>,
    grid: Grid,
    group: [u32; 3],
    slm: Option<u64>,
    report: &mut DispatchReport,
) -> Result<Result<(), String>, Trap> {
    let [lx, ly, lz] = grid.local_size;
    // A thread's state while it runs; `None` once it has finished.
    let mut threads: Vec<Option<ThreadState>> = Vec::new();
    for z in 0..lz {
        for y in 0..ly {
            for x in 0..lx {
                let ids = ThreadIds {
                    group_id: group,
                    local_id: [x, y, z],
                    local_size: grid.local_size,
                    group_count: grid.groups,
                };
                threads.push(Some(machine.start(kernel, args(&ids), ids)?));
            }
        }
    }

    // Each thread's printf output, kept until the group ends and then appended in thread order.
    let mut printed: Vec<Vec<u8>> = vec![Vec::new(); threads.len()];
    let result = run_rounds(machine, &mut threads, &mut printed, group, slm, report);
    for (thread, mut text) in threads.into_iter().zip(printed) {
        if let Some(state) = thread {
            text.extend_from_slice(&state.printf);
        }
        machine.printed.extend_from_slice(&text);
    }
    result
}

/// The rounds of one group (see [`run_group`]); a finished thread's printf output moves to `printed`.
fn run_rounds(
    machine: &mut Machine,
    threads: &mut [Option<ThreadState>],
    printed: &mut [Vec<u8>],
    group: [u32; 3],
    slm: Option<u64>,
    report: &mut DispatchReport,
) -> Result<Result<(), String>, Trap> {
    let mut round = 0u64;
    loop {
        round += 1;
        // One round: every live thread runs to its next barrier or to its end.
        let (mut waiting, mut finished) = (Vec::new(), Vec::new());
        for (thread, text) in threads.iter_mut().zip(printed.iter_mut()) {
            let Some(state) = thread else { continue };
            report.slices += 1;
            match machine.resume(state, slm)? {
                Yield::Barrier => waiting.push(state.ids.local_id),
                Yield::Finished(_) => {
                    finished.push(state.ids.local_id);
                    *text = std::mem::take(&mut state.printf);
                    *thread = None;
                    report.threads += 1;
                }
            }
        }
        if waiting.is_empty() {
            return Ok(Ok(()));
        }
        if !finished.is_empty() {
            let [x, y, z] = group;
            return Ok(Err(format!(
                "barrier not reached by every thread of group ({x},{y},{z}): {} finished ({}) while {} wait at barrier {}",
                plural(finished.len(), "thread"),
                list(&finished),
                plural(waiting.len(), "thread"),
                round,
            )));
        }
        report.barriers += 1;
    }
}

fn plural(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Local ids as `(x,y,z), ...`, at most eight of them.
fn list(ids: &[[u32; 3]]) -> String {
    let mut text: Vec<String> = ids.iter().take(8).map(|[x, y, z]| format!("({x},{y},{z})")).collect();
    if ids.len() > 8 {
        text.push("...".to_string());
    }
    text.join(", ")
}
