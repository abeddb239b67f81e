//! Golden tests of the thread grid: ids of every thread, dispatch order, barrier interleaving, per-group SLM, and
//! the fault for a barrier that not every thread of a group reaches.
//!
//! Kernels use plain LLVM loads and stores on SVM buffers, `llvm.genx.barrier`, and `oword.ld/st` on BTI 254 for
//! SLM. No intrinsic exposes the SLM base itself, so the test of SLM bookkeeping patches the decoded program: the
//! kernel's `llvm.genx.timestamp` call gets a probe as its semantics that returns `ctx.slm`.

use std::sync::Mutex;

use genx_exec::decode::decode_str;
use genx_exec::grid::{dispatch, DispatchReport, Grid};
use genx_exec::interp::Machine;
use genx_exec::machine::{Call, Ctx, ThreadIds};
use genx_exec::memory::{AllocKind, Fault};
use genx_exec::program::{Callee, FuncId, Op, Program};
use genx_exec::value::{Elem, Value};

fn program(ir: &str) -> Program {
    decode_str(ir, "grid.ll").expect("test IR parses")
}

fn kernel(program: &Program, name: &str) -> FuncId {
    let (id, f) = program.function(name).expect("kernel exists");
    assert!(f.unsupported.is_none(), "{:?}", f.unsupported);
    id
}

fn pointer(base: u64) -> Value {
    Value::scalar(Elem::Ptr(1), base)
}

/// `count` i32 slots, all undef.
fn buffer(machine: &mut Machine, name: &str, count: usize) -> u64 {
    machine.memory.allocate(name, AllocKind::Buffer, 4 * count as u64)
}

/// The i32 slots of a buffer, `None` where undef.
fn read(machine: &Machine, base: u64, count: usize) -> Vec<Option<u32>> {
    let (bytes, defined) = machine.memory.read(base, 4 * count as u64).unwrap();
    (0..count)
        .map(|i| {
            let slot = i * 4..i * 4 + 4;
            defined[slot.clone()].iter().all(|&d| d).then(|| u32::from_le_bytes(bytes[slot].try_into().unwrap()))
        })
        .collect()
}

/// A one-dimensional kernel `@signature` whose entry block first computes `%lid` (its local id), `%n` (the local
/// size), `%group`, `%base` (`%group * %n`) and `%gid` (`%base + %lid`), then runs `body`; the id intrinsics and
/// the barrier are declared.
fn linear_kernel(signature: &str, body: &str) -> String {
    format!(
        "define spir_kernel void @{signature} {{
entry:
  %l = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lid = extractelement <3 x i32> %l, i32 0
  %size = call <3 x i32> @llvm.genx.local.size.v3i32()
  %n = extractelement <3 x i32> %size, i32 0
  %group = call i32 @llvm.genx.group.id.x()
  %base = mul i32 %group, %n
  %gid = add i32 %base, %lid
{body}}}
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare i32 @llvm.genx.group.id.x()
declare void @llvm.genx.barrier()
"
    )
}

/// Dispatches kernel `name` of `ir` over `Grid::linear(groups, n)`, its arguments one fresh `groups * n`-slot i32
/// buffer per name of `buffers`, in order; returns the dispatch report and the slots of the last buffer.
fn run_linear(ir: &str, name: &str, buffers: &[&str], groups: u32, n: u32) -> (DispatchReport, Vec<Option<u32>>) {
    let program = program(ir);
    let id = kernel(&program, name);
    let total = (groups * n) as usize;
    let mut machine = Machine::new(&program);
    let bases: Vec<u64> = buffers.iter().map(|name| buffer(&mut machine, name, total)).collect();
    let args = |_: &ThreadIds| bases.iter().map(|&base| pointer(base)).collect();
    let report = dispatch(&mut machine, id, &args, Grid::linear(groups, n)).unwrap_or_else(|trap| panic!("{trap}"));
    let last = read(&machine, *bases.last().expect("a buffer"), total);
    (report, last)
}

const IDS: &str = r#"
define spir_kernel void @ids(i32 addrspace(1)* %out, i32 %index) {
entry:
  %g.x = call i32 @llvm.genx.group.id.x()
  %g.y = call i32 @llvm.genx.group.id.y()
  %g.z = call i32 @llvm.genx.group.id.z()
  %l = call <3 x i32> @llvm.genx.local.id.v3i32()
  %l.x = extractelement <3 x i32> %l, i32 0
  %l.y = extractelement <3 x i32> %l, i32 1
  %l.z = extractelement <3 x i32> %l, i32 2
  %gy.s = shl i32 %g.y, 4
  %gz.s = shl i32 %g.z, 8
  %lx.s = shl i32 %l.x, 12
  %ly.s = shl i32 %l.y, 16
  %lz.s = shl i32 %l.z, 20
  %p0 = or i32 %g.x, %gy.s
  %p1 = or i32 %p0, %gz.s
  %p2 = or i32 %p1, %lx.s
  %p3 = or i32 %p2, %ly.s
  %packed = or i32 %p3, %lz.s
  %size = call <3 x i32> @llvm.genx.local.size.v3i32()
  %count = call <3 x i32> @llvm.genx.group.count.v3i32()
  %s.x = extractelement <3 x i32> %size, i32 0
  %s.z = extractelement <3 x i32> %size, i32 2
  %c.y = extractelement <3 x i32> %count, i32 1
  %sz.s = shl i32 %s.z, 8
  %cy.s = shl i32 %c.y, 16
  %q0 = or i32 %s.x, %sz.s
  %shape = or i32 %q0, %cy.s
  %t.x = call i16 @llvm.genx.thread.x()
  %t.y = call i16 @llvm.genx.thread.y()
  %t.x32 = zext i16 %t.x to i32
  %t.y32 = zext i16 %t.y to i32
  %ty.s = shl i32 %t.y32, 16
  %thread = or i32 %t.x32, %ty.s
  %slot = mul i32 %index, 3
  %a = getelementptr i32, i32 addrspace(1)* %out, i32 %slot
  store i32 %packed, i32 addrspace(1)* %a
  %b = getelementptr i32, i32 addrspace(1)* %a, i32 1
  store i32 %shape, i32 addrspace(1)* %b
  %c = getelementptr i32, i32 addrspace(1)* %a, i32 2
  store i32 %thread, i32 addrspace(1)* %c
  ret void
}
declare i32 @llvm.genx.group.id.x()
declare i32 @llvm.genx.group.id.y()
declare i32 @llvm.genx.group.id.z()
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <3 x i32> @llvm.genx.group.count.v3i32()
declare i16 @llvm.genx.thread.x()
declare i16 @llvm.genx.thread.y()
"#;

#[test]
fn every_thread_runs_once_with_its_ids_in_group_then_local_order() {
    let program = program(IDS);
    let id = kernel(&program, "ids");
    let mut machine = Machine::new(&program);
    let grid = Grid { groups: [2, 3, 2], local_size: [2, 1, 3] };
    let total = 2 * 3 * 2 * 2 * 3;
    let out = buffer(&mut machine, "out", 3 * total);
    let started = Mutex::new(Vec::new());
    let args = |ids: &ThreadIds| {
        let mut started = started.lock().unwrap();
        started.push(*ids);
        vec![pointer(out), Value::scalar(Elem::Int(32), started.len() as u64 - 1)]
    };
    let report = dispatch(&mut machine, id, &args, grid).unwrap_or_else(|trap| panic!("{trap}"));
    assert_eq!(report, DispatchReport { groups: 12, threads: 72, barriers: 0, slices: 72, reruns: 0 });

    // Start order: groups x fastest, then y, then z; within a group local ids x fastest.
    let started = started.into_inner().unwrap();
    let mut expected = Vec::new();
    for gz in 0..2 {
        for gy in 0..3 {
            for gx in 0..2 {
                for lz in 0..3 {
                    for lx in 0..2 {
                        expected.push(ThreadIds {
                            group_id: [gx, gy, gz],
                            local_id: [lx, 0, lz],
                            local_size: [2, 1, 3],
                            group_count: [2, 3, 2],
                        });
                    }
                }
            }
        }
    }
    assert_eq!(started, expected);

    // What each thread saw through the id intrinsics.
    let values = read(&machine, out, 3 * total);
    for (i, ids) in expected.iter().enumerate() {
        let [gx, gy, gz] = ids.group_id;
        let [lx, ly, lz] = ids.local_id;
        let packed = gx | gy << 4 | gz << 8 | lx << 12 | ly << 16 | lz << 20;
        let shape = 2 | 3 << 8 | 3 << 16;
        let thread = (gx * 2 + lx) | (gy + ly) << 16; // global ids; local size y is 1
        assert_eq!(values[3 * i..3 * i + 3], [Some(packed), Some(shape), Some(thread)], "thread {ids:?}");
    }
}

/// Each thread stores its global id, waits at the barrier, then copies its right neighbour's (within the group)
/// value. Correct only if every thread of the group has stored before any reads.
const ROTATE_BODY: &str = "  %mine = getelementptr i32, i32 addrspace(1)* %buf, i32 %gid
  store i32 %gid, i32 addrspace(1)* %mine
  call void @llvm.genx.barrier()
  %next = add i32 %lid, 1
  %wrap = urem i32 %next, %n
  %src.index = add i32 %base, %wrap
  %src = getelementptr i32, i32 addrspace(1)* %buf, i32 %src.index
  %v = load i32, i32 addrspace(1)* %src
  %dst = getelementptr i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %v, i32 addrspace(1)* %dst
  ret void
";

#[test]
fn barrier_orders_the_stores_of_a_group_before_its_loads() {
    let ir = linear_kernel("rotate(i32 addrspace(1)* %buf, i32 addrspace(1)* %out)", ROTATE_BODY);
    let (groups, n) = (3u32, 8u32);
    let (report, out) = run_linear(&ir, "rotate", &["buf", "out"], groups, n);
    assert_eq!(report, DispatchReport { groups: 3, threads: 24, barriers: 3, slices: 48, reruns: 0 });
    let expected: Vec<Option<u32>> = (0..groups).flat_map(|g| (0..n).map(move |l| Some(g * n + (l + 1) % n))).collect();
    assert_eq!(out, expected);

    // The same threads run one after another to completion (the barrier ignored) read unwritten slots: the
    // schedule, not luck, makes the result above right.
    let program = program(&ir);
    let id = kernel(&program, "rotate");
    let total = (groups * n) as usize;
    let mut machine = Machine::new(&program);
    let (buf, out) = (buffer(&mut machine, "buf", total), buffer(&mut machine, "out", total));
    for g in 0..groups {
        for l in 0..n {
            let ids = ThreadIds {
                group_id: [g, 0, 0],
                local_id: [l, 0, 0],
                local_size: [n, 1, 1],
                group_count: [groups, 1, 1],
            };
            machine.run(id, vec![pointer(buf), pointer(out)], ids, None).unwrap();
        }
    }
    assert!(read(&machine, out, total).contains(&None));
}

/// Three rounds of "publish my value, barrier, add my right neighbour's, barrier".
const ROUNDS_BODY: &str = "  %mine = getelementptr i32, i32 addrspace(1)* %buf, i32 %gid
  %next = add i32 %lid, 1
  %wrap = urem i32 %next, %n
  %src.index = add i32 %base, %wrap
  %src = getelementptr i32, i32 addrspace(1)* %buf, i32 %src.index
  %init = mul i32 %gid, 10
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %init, %entry ], [ %acc.next, %loop ]
  store i32 %acc, i32 addrspace(1)* %mine
  call void @llvm.genx.barrier()
  %theirs = load i32, i32 addrspace(1)* %src
  %acc.next = add i32 %acc, %theirs
  call void @llvm.genx.barrier()
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 3
  br i1 %more, label %loop, label %exit
exit:
  %dst = getelementptr i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %acc.next, i32 addrspace(1)* %dst
  ret void
";

#[test]
fn repeated_barriers_in_a_loop_run_in_lockstep() {
    let ir = linear_kernel("rounds(i32 addrspace(1)* %buf, i32 addrspace(1)* %out)", ROUNDS_BODY);
    let (groups, n) = (2u32, 5u32);
    let (report, out) = run_linear(&ir, "rounds", &["buf", "out"], groups, n);
    // Six barriers per group; each thread is resumed once per barrier and once more to finish.
    assert_eq!(report, DispatchReport { groups: 2, threads: 10, barriers: 12, slices: 70, reruns: 0 });
    let mut expected = Vec::new();
    for g in 0..groups {
        let mut acc: Vec<u32> = (0..n).map(|l| (g * n + l) * 10).collect();
        for _ in 0..3 {
            acc = (0..n as usize).map(|l| acc[l] + acc[(l + 1) % n as usize]).collect();
        }
        expected.extend(acc.into_iter().map(Some));
    }
    assert_eq!(out, expected);
}

/// An SLM reduction in GenX IR: each thread first reads its SLM oword (it must be undef: the group's SLM is
/// fresh), then writes its input there (`oword.st` on BTI 254); after the barrier thread 0 reads the eight owords
/// back and sums their first dwords.
const SLM_REDUCE: &str = r#"
define spir_kernel void @slm_reduce(i32 addrspace(1)* %in, i32 addrspace(1)* %out, i32 addrspace(1)* %fresh) #0 {
entry:
  %l = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lid = extractelement <3 x i32> %l, i32 0
  %group = call i32 @llvm.genx.group.id.x()
  %base = mul i32 %group, 8
  %gid = add i32 %base, %lid
  %before = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 254, i32 %lid)
  %before.0 = extractelement <4 x i32> %before, i32 0
  %fresh.slot = getelementptr i32, i32 addrspace(1)* %fresh, i32 %gid
  store i32 %before.0, i32 addrspace(1)* %fresh.slot
  %in.slot = getelementptr i32, i32 addrspace(1)* %in, i32 %gid
  %v = load i32, i32 addrspace(1)* %in.slot
  %v.vec = insertelement <4 x i32> zeroinitializer, i32 %v, i32 0
  call void @llvm.genx.oword.st.v4i32(i32 254, i32 %lid, <4 x i32> %v.vec)
  call void @llvm.genx.barrier()
  %first = icmp eq i32 %lid, 0
  br i1 %first, label %read, label %done
read:
  %all = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 254, i32 0)
  %words = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %all, i32 0, i32 8, i32 4, i16 0, i32 undef)
  br label %sum
sum:
  %k = phi i32 [ 0, %read ], [ %k.next, %sum ]
  %acc = phi i32 [ 0, %read ], [ %acc.next, %sum ]
  %w = extractelement <8 x i32> %words, i32 %k
  %acc.next = add i32 %acc, %w
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, 8
  br i1 %more, label %sum, label %publish
publish:
  %out.slot = getelementptr i32, i32 addrspace(1)* %out, i32 %group
  store i32 %acc.next, i32 addrspace(1)* %out.slot
  br label %done
done:
  ret void
}
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare i32 @llvm.genx.group.id.x()
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.barrier()
attributes #0 = { "VCSLMSize"="128" }
"#;

#[test]
fn each_group_reduces_in_its_own_fresh_slm() {
    let program = program(SLM_REDUCE);
    let id = kernel(&program, "slm_reduce");
    assert_eq!(program.functions[id as usize].slm_bytes, 128);
    let groups = 4u32;
    let total = (groups * 8) as usize;
    let mut machine = Machine::new(&program);
    let input: Vec<u32> = (0..total as u32).map(|i| i * i + 3).collect();
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    let in_base = machine.memory.allocate_with("in", AllocKind::Buffer, bytes);
    let out = buffer(&mut machine, "out", groups as usize);
    let fresh = buffer(&mut machine, "fresh", total);
    let args = |_: &ThreadIds| vec![pointer(in_base), pointer(out), pointer(fresh)];
    let report = dispatch(&mut machine, id, &args, Grid::linear(groups, 8)).unwrap_or_else(|trap| panic!("{trap}"));
    assert_eq!(report, DispatchReport { groups: 4, threads: 32, barriers: 4, slices: 64, reruns: 0 });
    let sums: Vec<Option<u32>> = input.chunks(8).map(|group| Some(group.iter().sum())).collect();
    assert_eq!(read(&machine, out, groups as usize), sums);
    // Nothing a previous group left in SLM is visible to the next one.
    assert!(read(&machine, fresh, total).iter().all(Option::is_none));
}

/// Test probe: returns the thread's SLM base as an i64 after checking that it is an SLM allocation of the
/// kernel's declared size (no intrinsic exposes the base itself).
fn slm_base(ctx: &mut Ctx<'_>, _: &Call<'_>) -> Result<Value, Fault> {
    let base = ctx.slm.ok_or_else(|| Fault::Other("no SLM passed to the thread".to_string()))?;
    match ctx.memory.allocation(base) {
        Some(a) if a.kind == AllocKind::Slm && a.bytes.len() == 24 => Ok(Value::scalar(Elem::Int(64), base)),
        other => Err(Fault::Other(format!("SLM base 0x{base:x} designates {other:?}"))),
    }
}

/// Replaces the semantics of every `llvm.genx.timestamp` call of `program` by [`slm_base`].
fn probe_slm(program: &mut Program) {
    for function in &mut program.functions {
        for block in &mut function.blocks {
            for inst in &mut block.insts {
                if let Op::Call { callee: Callee::Intrinsic(sem, name), .. } = &mut inst.op {
                    if name.starts_with("llvm.genx.timestamp") {
                        *sem = slm_base;
                    }
                }
            }
        }
    }
}

/// Every thread records the SLM base it was given (the timestamp call is patched to [`slm_base`]).
const SLM_BASES: &str = r#"
define spir_kernel void @slm_bases(i64 addrspace(1)* %bases) #0 {
entry:
  %l = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lid = extractelement <3 x i32> %l, i32 0
  %group = call i32 @llvm.genx.group.id.x()
  %base = mul i32 %group, 3
  %gid = add i32 %base, %lid
  %slm = call i64 @llvm.genx.timestamp.i64()
  %slot = getelementptr i64, i64 addrspace(1)* %bases, i32 %gid
  store i64 %slm, i64 addrspace(1)* %slot
  ret void
}
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare i32 @llvm.genx.group.id.x()
declare i64 @llvm.genx.timestamp.i64()
attributes #0 = { "VCSLMSize"="24" }
"#;

#[test]
fn each_group_gets_one_slm_allocation_freed_after_it() {
    let mut program = program(SLM_BASES);
    probe_slm(&mut program);
    let id = kernel(&program, "slm_bases");
    let mut machine = Machine::new(&program);
    let bases = buffer(&mut machine, "bases", 2 * 12);
    dispatch(&mut machine, id, &|_| vec![pointer(bases)], Grid::linear(4, 3)).unwrap_or_else(|trap| panic!("{trap}"));
    let words = read(&machine, bases, 2 * 12);
    let seen: Vec<u64> = words.chunks(2).map(|w| u64::from(w[0].unwrap()) | u64::from(w[1].unwrap()) << 32).collect();
    let per_group: Vec<u64> = seen.chunks(3).map(|group| group[0]).collect();
    for (g, group) in seen.chunks(3).enumerate() {
        assert!(group.iter().all(|&b| b == group[0]), "threads of group {g} see different SLM: {group:x?}");
        assert!(!per_group[..g].contains(&group[0]), "group {g} reuses an SLM allocation: {per_group:x?}");
        assert!(machine.memory.allocation(group[0]).is_none(), "SLM of group {g} is still allocated");
    }
}

const DIVERGE: &str = r#"
define spir_kernel void @diverge() {
entry:
  %l = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lid = extractelement <3 x i32> %l, i32 0
  %group = call i32 @llvm.genx.group.id.x()
  %in.group1 = icmp eq i32 %group, 1
  %thread2 = icmp eq i32 %lid, 2
  %leave = and i1 %in.group1, %thread2
  br i1 %leave, label %early, label %wait
early:
  ret void
wait:
  call void @llvm.genx.barrier()
  ret void
}
declare <3 x i32> @llvm.genx.local.id.v3i32()
declare i32 @llvm.genx.group.id.x()
declare void @llvm.genx.barrier()
"#;

#[test]
fn a_barrier_missed_by_one_thread_is_a_fault_naming_kernel_and_group() {
    let program = program(DIVERGE);
    let id = kernel(&program, "diverge");
    let mut machine = Machine::new(&program);
    let trap = dispatch(&mut machine, id, &|_| vec![], Grid::linear(3, 4)).unwrap_err();
    assert_eq!(trap.function, "diverge");
    let message = trap.to_string();
    assert!(message.contains("barrier not reached by every thread of group (1,0,0)"), "{message}");
    assert!(message.contains("1 thread finished ((2,0,0))"), "{message}");
    assert!(message.contains("3 threads wait at barrier 1"), "{message}");
}

#[test]
fn empty_grids_and_unknown_kernels_are_refused() {
    let program = program(DIVERGE);
    let id = kernel(&program, "diverge");
    let mut machine = Machine::new(&program);
    let trap = dispatch(&mut machine, id, &|_| vec![], Grid { groups: [1, 0, 1], local_size: [1, 1, 1] }).unwrap_err();
    assert!(trap.to_string().contains("empty grid"), "{trap}");
    let trap = dispatch(&mut machine, 99, &|_| vec![], Grid::linear(1, 1)).unwrap_err();
    assert!(trap.to_string().contains("no function #99"), "{trap}");
    // A thread's own trap comes back unchanged: here, the wrong number of arguments.
    let trap = dispatch(&mut machine, id, &|_| vec![Value::bool(true)], Grid::linear(1, 1)).unwrap_err();
    assert!(trap.to_string().contains("takes 0 arguments, 1 given"), "{trap}");
}

/// `r0` carries the group ids in dwords 1, 6 and 7; the rest of the header is undef.
#[test]
fn r0_holds_the_group_ids() {
    let ir = r#"
define <8 x i32> @k() {
entry:
  %r0 = call <8 x i32> @llvm.genx.r0.v8i32()
  ret <8 x i32> %r0
}
declare <8 x i32> @llvm.genx.r0.v8i32()
"#;
    let program = program(ir);
    let id = kernel(&program, "k");
    let mut machine = Machine::new(&program);
    let ids = ThreadIds { group_id: [3, 4, 5], local_id: [0; 3], local_size: [1; 3], group_count: [8; 3] };
    let Value::Lanes(lanes) = machine.run(id, Vec::new(), ids, None).unwrap() else { panic!() };
    assert_eq!((lanes.bits[1], lanes.bits[6], lanes.bits[7]), (3, 4, 5));
    assert_eq!(lanes.undef, vec![true, false, true, true, true, true, false, false]);
}

/// Each thread adds its local id + 1 to the private `@count` (initially 5), waits at a barrier, and stores what it
/// sees there; it also adds 1 to the global-memory `@total` and reads the constant `@seven`.
const GLOBALS_HEAD: &str = "@count = internal global i32 5
@total = addrspace(1) global i32 0
@seven = internal constant i32 7

";
const GLOBALS_BODY: &str = "  %c = load i32, i32* @count
  %step = add i32 %lid, 1
  %c2 = add i32 %c, %step
  store i32 %c2, i32* @count
  %t = load i32, i32 addrspace(1)* @total
  %t2 = add i32 %t, 1
  store i32 %t2, i32 addrspace(1)* @total
  call void @llvm.genx.barrier()
  %seen = load i32, i32* @count
  %k = load i32, i32* @seven
  %v = add i32 %seen, %k
  %dst = getelementptr i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %v, i32 addrspace(1)* %dst
  ret void
";

#[test]
fn each_thread_has_its_own_private_globals_and_shares_the_others() {
    let program = program(&format!("{GLOBALS_HEAD}{}", linear_kernel("globals(i32 addrspace(1)* %out)", GLOBALS_BODY)));
    let id = kernel(&program, "globals");
    let (groups, n) = (3u32, 4u32);
    let total = (groups * n) as usize;
    let global = |machine: &Machine, name: &str| {
        let index = program.globals.iter().position(|g| g.name == name).unwrap();
        read(machine, machine.global_base(index), 1)[0]
    };
    for parallel in [false, true] {
        let mut machine = Machine::new(&program);
        machine.parallel = parallel;
        let live = machine.memory.allocation_count();
        let out = buffer(&mut machine, "out", total);
        dispatch(&mut machine, id, &|_| vec![pointer(out)], Grid::linear(groups, n)).unwrap();
        // Every thread started from the initializer 5 and saw only its own addition, across the barrier where
        // the other threads of its group had written theirs.
        let expected: Vec<Option<u32>> = (0..groups).flat_map(|_| (0..n).map(|l| Some(5 + l + 1 + 7))).collect();
        assert_eq!(read(&machine, out, total), expected, "parallel: {parallel}");
        // The machine's private global is untouched, the global-memory one counts every thread, and the threads'
        // copies are freed.
        assert_eq!(global(&machine, "count"), Some(5));
        assert_eq!(global(&machine, "total"), Some(total as u32));
        assert_eq!(machine.memory.allocation_count(), live + 1);
    }
    // A call on the machine (`run`, what translation validation does) works on the machine's own globals.
    let mut machine = Machine::new(&program);
    let out = buffer(&mut machine, "out", total);
    let ids = ThreadIds { group_id: [0, 0, 0], local_id: [2, 0, 0], local_size: [n, 1, 1], group_count: [1, 1, 1] };
    machine.run(id, vec![pointer(out)], ids, None).unwrap();
    assert_eq!(global(&machine, "count"), Some(8));
}
