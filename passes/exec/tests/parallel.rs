//! Parallel dispatch gives exactly the serial result: groups that race on the same bytes (a non-atomic
//! read-modify-write of one counter, a running log of what each group saw, a "last writer" slot) and print end in
//! the state and output of running the groups one after another in group order, whatever the number of worker
//! threads.

use genx_exec::decode::decode_str;
use genx_exec::grid::{dispatch, Grid};
use genx_exec::interp::Machine;
use genx_exec::memory::AllocKind;
use genx_exec::value::{Elem, Value};

const RACE: &str = r#"
@fmt = internal addrspace(2) constant [13 x i8] c"group %d:%d\0A\00"

define spir_kernel void @race(i32 addrspace(1)* %counter, i32 addrspace(1)* %log, i32 addrspace(1)* %last) {
entry:
  %g = call i32 @llvm.genx.group.id.x()
  %old = load i32, i32 addrspace(1)* %counter
  %g1 = add i32 %g, 1
  %new = add i32 %old, %g1
  store i32 %new, i32 addrspace(1)* %counter
  %slot = getelementptr i32, i32 addrspace(1)* %log, i32 %g
  store i32 %old, i32 addrspace(1)* %slot
  store i32 %g, i32 addrspace(1)* %last
  %f = getelementptr [13 x i8], [13 x i8] addrspace(2)* @fmt, i32 0, i32 0
  %p = call i32 (i8 addrspace(2)*, ...) @printf(i8 addrspace(2)* %f, i32 %g, i32 %old)
  ret void
}

declare i32 @llvm.genx.group.id.x()
declare i32 @printf(i8 addrspace(2)*, ...)
"#;

/// Runs `race` over `groups` groups; returns (counter, log, last, printed) and the groups run again.
fn run(groups: u32, parallel: bool) -> ((u32, Vec<u32>, u32, String), u64) {
    let program = decode_str(RACE, "race.ll").unwrap();
    let (kernel, f) = program.function("race").unwrap();
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    let mut machine = Machine::new(&program);
    machine.parallel = parallel;
    let counter = machine.memory.allocate_with("counter", AllocKind::Buffer, vec![0; 4]);
    let log = machine.memory.allocate_with("log", AllocKind::Buffer, vec![0; 4 * groups as usize]);
    let last = machine.memory.allocate_with("last", AllocKind::Buffer, vec![0; 4]);
    let args = [counter, log, last].map(|b| Value::scalar(Elem::Ptr(1), b)).to_vec();
    let report = dispatch(&mut machine, kernel, &|_| args.clone(), Grid::linear(groups, 1)).unwrap();
    assert_eq!(report.groups, groups as u64);
    let word = |address: u64| u32::from_le_bytes(machine.memory.read(address, 4).unwrap().0[..].try_into().unwrap());
    let log = (0..groups as u64).map(|g| word(log + 4 * g)).collect();
    ((word(counter), log, word(last), String::from_utf8(machine.printed.clone()).unwrap()), report.reruns)
}

#[test]
fn racing_groups_end_as_in_group_order_on_any_number_of_workers() {
    let groups = 40;
    let (serial, reruns) = run(groups, false);
    assert_eq!(reruns, 0);
    // The serial meaning: group g saw the sum of 1..=g, the counter holds the sum of 1..=groups, the last group
    // wrote `last`, and the lines come in group order.
    assert_eq!(serial.0, groups * (groups + 1) / 2);
    assert_eq!(serial.1, (0..groups).map(|g| g * (g + 1) / 2).collect::<Vec<_>>());
    assert_eq!(serial.2, groups - 1);
    let lines: String = (0..groups).map(|g| format!("group {g}:{}\n", g * (g + 1) / 2)).collect();
    assert_eq!(serial.3, lines);
    for workers in [1, 2, 4] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(workers).build().unwrap();
        let (parallel, reruns) = pool.install(|| run(groups, true));
        assert_eq!(parallel, serial, "{workers} workers");
        // With workers, every group after the first of its batch read the counter an earlier one wrote.
        assert_eq!(reruns > 0, workers > 1, "{workers} workers: {reruns} reruns");
    }
}
