//! Thread-environment and synchronisation intrinsics.
//!
//! Ids come from the dispatch grid ([`crate::machine::ThreadIds`]): `group.id.{x,y,z}`, `local.id` / `local.id16`,
//! `local.size`, `group.count` (3-element vectors, x first), and `thread.x/y`, the media-walker thread origin,
//! defined here as the global id (group id × local size + local id) of a one-thread-per-work-item dispatch.
//! `barrier` suspends the thread until its group arrives, and so does the wait of the split barrier (`sbarrier(0)`;
//! its signal does nothing); `fence` orders nothing in a sequential model.
//! `timestamp` is not deterministic on hardware, so it is undef here (a kernel's output must not depend on it).
//! `r0` is the thread payload header: as `<8 x i32>` its dwords 1, 6 and 7 hold the group id x, y and z (where
//! IGC's vISA places `%group_id_x/y/z`); its other dwords (thread ids, dispatch state) are hardware state and
//! undef. `sr0`, the state register, is undef. `get.hwid` is the thread's linear local id (as vISA's `%hw_id` on
//! the vISA executor: unique among the threads that run at once); `get.color` is 0 (a dispatch without
//! media-walker colouring, as vISA's `%color` there).

use super::{result_shape, scalar, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.genx.group.id.x", group_id_x),
    ("llvm.genx.group.id.y", group_id_y),
    ("llvm.genx.group.id.z", group_id_z),
    ("llvm.genx.local.id", local_id),
    ("llvm.genx.local.id16", local_id),
    ("llvm.genx.local.size", local_size),
    ("llvm.genx.group.count", group_count),
    ("llvm.genx.thread.x", thread_x),
    ("llvm.genx.thread.y", thread_y),
    ("llvm.genx.barrier", barrier),
    ("llvm.genx.sbarrier", sbarrier),
    ("llvm.genx.fence", nothing),
    ("llvm.genx.timestamp", undef_result),
    ("llvm.genx.r0", r0),
    ("llvm.genx.get.hwid", get_hwid),
    ("llvm.genx.get.color", get_color),
    ("llvm.genx.sr0", undef_result),
];

/// A result of the call's type holding `values` (a scalar takes the first).
fn ids(call: &Call<'_>, values: [u32; 3]) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let bits = (0..n).map(|i| values.get(i).copied().unwrap_or(0) as u64).collect();
    Ok(Value::Lanes(Lanes::new(elem, bits)))
}

fn group_id_x(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [ctx.ids.group_id[0], 0, 0])
}
fn group_id_y(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [ctx.ids.group_id[1], 0, 0])
}
fn group_id_z(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [ctx.ids.group_id[2], 0, 0])
}
fn local_id(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, ctx.ids.local_id)
}
fn local_size(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, ctx.ids.local_size)
}
fn group_count(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, ctx.ids.group_count)
}
fn thread_x(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [ctx.ids.global_id(0), 0, 0])
}
fn thread_y(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [ctx.ids.global_id(1), 0, 0])
}
fn barrier(ctx: &mut Ctx<'_>, _: &Call<'_>) -> Result<Value, Fault> {
    ctx.barrier = true;
    Ok(Value::Void)
}
/// The split barrier: the wait (`sbarrier(0)`) is where the group's threads meet, as at `barrier`; the signal
/// (`sbarrier(1)`) does nothing here. Every thread has signalled when all have reached their wait, and the writes a
/// thread makes between its signal and its wait becoming visible at the meeting is one of the orders the hardware
/// allows.
fn sbarrier(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    if scalar(call, 0)? & 0xff == 0 {
        ctx.barrier = true;
    }
    Ok(Value::Void)
}
fn nothing(_: &mut Ctx<'_>, _: &Call<'_>) -> Result<Value, Fault> {
    Ok(Value::Void)
}
fn undef_result(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    Ok(Value::undef(call.ret))
}

fn get_hwid(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [crate::visa::exec::hw_id(&ctx.ids), 0, 0])
}
fn get_color(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ids(call, [0, 0, 0])
}

fn r0(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let mut lanes = Lanes::undef(elem, n);
    if elem == crate::value::Elem::Int(32) && n == 8 {
        for (dword, id) in [(1, ctx.ids.group_id[0]), (6, ctx.ids.group_id[1]), (7, ctx.ids.group_id[2])] {
            lanes.set(dword, id as u64);
        }
    }
    Ok(Value::Lanes(lanes))
}
