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
//! Globals: every thread starts with its own copy of each per-thread global (a CM file-scope variable, which lives
//! in a GPU thread's registers: [`Global::per_thread`](crate::program::Global)) holding the machine's value of it,
//! i.e. its initializer; what a thread writes there is seen by no other thread and is gone when it finishes.
//! Constants and global-memory variables are shared by all threads.
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
    /// Groups of a parallel dispatch run a second time because they read what an earlier group of their batch
    /// wrote.
    pub reruns: u64,
}

impl DispatchReport {
    /// Adds one group's counts (all but `groups`).
    fn add(&mut self, other: &DispatchReport) {
        self.threads += other.threads;
        self.barriers += other.barriers;
        self.slices += other.slices;
        self.reruns += other.reruns;
    }
}

/// The largest SLM allocation made for a group (far above any hardware's SLM; guards the host's memory).
const MAX_SLM_BYTES: u64 = 1 << 30;

/// The most threads in one group: the hardware's limit, which the passes rely on
/// ([`genx_passes::platform::MAX_GROUP_THREADS`]).
const MAX_GROUP_THREADS: u64 = genx_passes::platform::MAX_GROUP_THREADS as u64;

/// The arguments of each thread, from its ids (shared by the worker threads of a parallel dispatch).
pub type ArgsFn<'a> = &'a (dyn Fn(&ThreadIds) -> Vec<Value> + Sync);

/// Runs `kernel` on every thread of `grid`; `args` gives each thread's arguments from its ids.
pub fn dispatch(machine: &mut Machine, kernel: FuncId, args: ArgsFn<'_>, grid: Grid) -> Result<DispatchReport, Trap> {
    dispatch_observed(machine, kernel, args, grid, &mut |_, _| {})
}

/// [`dispatch`], calling `after_group(groups done, groups in all)` after each group (for a progress line).
pub fn dispatch_observed(
    machine: &mut Machine,
    kernel: FuncId,
    args: ArgsFn<'_>,
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

    let [gx, gy, gz] = grid.groups;
    let groups: Vec<[u32; 3]> =
        (0..gz).flat_map(|z| (0..gy).flat_map(move |y| (0..gx).map(move |x| [x, y, z]))).collect();
    let total = groups.len() as u64;
    let job = Job { kernel, args, grid, slm_bytes, name: &name };
    let mut report = DispatchReport::default();
    if !machine.parallel || total < 2 || rayon::current_num_threads() < 2 {
        for &group in &groups {
            let result = job.group(machine, group, &mut report);
            report.groups += 1;
            after_group(report.groups, total);
            result?;
        }
        return Ok(report);
    }

    // Parallel: batches of groups run on views of the memory as it was when the batch started; then, in group
    // order, each group's writes are committed, unless it read a granule an earlier group of the batch wrote, in
    // which case it runs again on the memory as it now is (and is committed). Every group thus sees exactly
    // what it would see run alone in group order.
    let batch = 16 * rayon::current_num_threads();
    let template = machine.template();
    for chunk in groups.chunks(batch) {
        let shared = machine.memory.share();
        let results: Vec<Outcome> = {
            use rayon::prelude::*;
            let (template, job, shared) = (&template, &job, &shared);
            chunk.par_iter().map(|&group| job.on_view(template, shared.clone(), group)).collect()
        };
        machine.memory.restore(shared);
        let mut written = std::collections::HashSet::new();
        for (&group, mut outcome) in chunk.iter().zip(results) {
            if outcome.overlay.reads_any(&written) {
                let shared = machine.memory.share();
                outcome = job.on_view(&template, shared.clone(), group);
                machine.memory.restore(shared);
                report.reruns += 1;
            }
            written.extend(outcome.overlay.written());
            machine.memory.commit(&outcome.overlay);
            machine.printed.extend_from_slice(&outcome.printed);
            report.add(&outcome.report);
            report.groups += 1;
            after_group(report.groups, total);
            outcome.result?;
        }
    }
    Ok(report)
}

/// What every group of a dispatch shares.
struct Job<'a> {
    kernel: FuncId,
    args: ArgsFn<'a>,
    grid: Grid,
    slm_bytes: u64,
    name: &'a str,
}

/// One group's run on a view: what it wrote and printed, and how it ended.
struct Outcome {
    overlay: crate::memory::Overlay,
    printed: Vec<u8>,
    report: DispatchReport,
    result: Result<(), Trap>,
}

impl Job<'_> {
    /// Runs `group` on `machine` with a fresh SLM; a scheduling fault becomes a trap naming the kernel.
    fn group(&self, machine: &mut Machine, group: [u32; 3], report: &mut DispatchReport) -> Result<(), Trap> {
        let [x, y, z] = group;
        let slm = (self.slm_bytes > 0)
            .then(|| machine.memory.allocate(format!("SLM of group ({x},{y},{z})"), AllocKind::Slm, self.slm_bytes));
        let result = run_group(machine, self.kernel, self.args, self.grid, group, slm, report);
        if let Some(base) = slm {
            machine.memory.free(base);
        }
        result?.map_err(|message| Trap {
            function: self.name.to_string(),
            instruction: "<dispatch>".to_string(),
            fault: Fault::Other(message),
        })
    }

    /// Runs `group` on a view of `shared`.
    fn on_view(&self, template: &crate::interp::Template<'_>, shared: crate::memory::Shared, group: [u32; 3]) -> Outcome {
        let mut machine = template.machine(shared);
        let mut report = DispatchReport::default();
        let result = self.group(&mut machine, group, &mut report);
        let printed = std::mem::take(&mut machine.printed);
        Outcome { overlay: machine.memory.into_overlay(), printed, report, result }
    }
}

/// Runs one group to completion. The outer error is a thread's trap, the inner one a scheduling fault (a sentence).
fn run_group(
    machine: &mut Machine,
    kernel: FuncId,
    args: ArgsFn<'_>,
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
                threads.push(Some(machine.start_thread(kernel, args(&ids), ids)?));
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
                    if let Some(state) = thread.take() {
                        machine.retire(state);
                    }
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
