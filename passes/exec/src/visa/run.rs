//! Running a vISA kernel over a thread grid, for `cmc run k.visaasm`.
//!
//! The schedule is the IR executor's ([`crate::grid`]): groups one after another (x fastest), each with a fresh
//! SLM allocation of the kernel's `SLMSize`; the threads of a group run in local-id order, each until its next
//! `barrier` or its end, round after round; a round where some threads end while others wait at a barrier is a
//! fault (on hardware the group hangs). Every thread gets the same `.input` bytes and its own ids.

use super::exec::{Thread, VisaYield};
use super::program::{Kernel, VarId};
use crate::grid::{DispatchReport, Grid};
use crate::interp::Trap;
use crate::machine::{BoundsPolicy, Surfaces, ThreadIds};
use crate::memory::{AllocKind, Fault, Memory};

/// Runs `kernel` on every thread of `grid`; `inputs` are the bytes (and definedness) of each input variable.
pub fn dispatch(
    kernel: &Kernel,
    memory: &mut Memory,
    surfaces: &Surfaces,
    inputs: &[(VarId, Vec<u8>, Vec<bool>)],
    grid: Grid,
    bounds: BoundsPolicy,
) -> Result<DispatchReport, Trap> {
    let fault = |message: String| Trap { function: kernel.name.clone(), instruction: "<dispatch>".into(), fault: Fault::Other(message) };
    if grid.groups.contains(&0) || grid.local_size.contains(&0) {
        return Err(fault(format!("empty grid: {grid:?}")));
    }
    let mut report = DispatchReport::default();
    let slm_bytes = kernel.slm_kb.unwrap_or(0) as u64 * 1024;
    let [gx, gy, gz] = grid.groups;
    let [lx, ly, lz] = grid.local_size;
    for group in (0..gz).flat_map(|z| (0..gy).flat_map(move |y| (0..gx).map(move |x| [x, y, z]))) {
        let slm = (slm_bytes > 0).then(|| memory.allocate(format!("SLM of group {group:?}"), AllocKind::Slm, slm_bytes));
        let mut threads: Vec<Option<Thread<'_>>> = Vec::new();
        for local in (0..lz).flat_map(|z| (0..ly).flat_map(move |y| (0..lx).map(move |x| [x, y, z]))) {
            let ids = ThreadIds { group_id: group, local_id: local, local_size: grid.local_size, group_count: grid.groups };
            let mut thread = Thread::new(kernel, ids);
            for (var, bytes, defined) in inputs {
                thread.set_input(*var, bytes, defined);
            }
            threads.push(Some(thread));
        }
        let result = 'rounds: loop {
            let (mut waiting, mut finished) = (0usize, 0usize);
            for slot in threads.iter_mut() {
                let Some(thread) = slot else { continue };
                report.slices += 1;
                match thread.resume(memory, surfaces, slm, bounds) {
                    Ok(VisaYield::Barrier) => waiting += 1,
                    Ok(VisaYield::Finished) => {
                        finished += 1;
                        report.threads += 1;
                        *slot = None;
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
        result?;
        report.groups += 1;
    }
    Ok(report)
}
