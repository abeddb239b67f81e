//! The interpreter: runs decoded functions thread by thread.
//!
//! A thread's state is data (a stack of frames), not Rust recursion, so a thread can stop at a `barrier` and be
//! resumed after the other threads of its group reach it ([`crate::grid`]). Phis are evaluated as a parallel copy
//! on block entry. Allocas live until their frame returns. A step budget stops runaway loops.
//!
//! Invariant: every fault is returned as a [`Trap`] naming the function and the instruction; nothing panics on
//! any input program or argument values.

use std::borrow::Cow;

use crate::machine::{BoundsPolicy, Call, Ctx, Samplers, Surfaces, ThreadIds};
use crate::memory::{AllocKind, Fault, Memory};
use crate::ops;
use crate::program::*;
use crate::value::{Elem, Lanes, Ty, Value};

/// A fault located in the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trap {
    pub function: String,
    /// The printed instruction.
    pub instruction: String,
    pub fault: Fault,
}

impl std::fmt::Display for Trap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "in function '{}', at `{}`: {}", self.function, self.instruction, self.fault)
    }
}

impl std::error::Error for Trap {}

/// The default step budget per thread.
pub const DEFAULT_STEP_LIMIT: u64 = 50_000_000;

/// A program loaded into memory: globals allocated, surfaces bound.
pub struct Machine<'p> {
    pub program: &'p Program,
    pub memory: Memory,
    pub surfaces: Surfaces,
    /// Sampler states by index, for filtered sampling.
    pub samplers: Samplers,
    /// The address of each global as the code being run sees it: the machine's own allocations, except while
    /// [`Machine::resume`] runs a thread of a dispatch, which sees its own copies of the per-thread globals.
    global_bases: Vec<u64>,
    pub step_limit: u64,
    pub bounds: BoundsPolicy,
    /// `printf` output of the threads run so far by [`crate::grid::dispatch`], in thread order.
    pub printed: Vec<u8>,
    /// Whether [`crate::grid::dispatch`] may run thread groups in parallel (same results; see there).
    pub parallel: bool,
}

/// What a worker of a parallel dispatch needs to make its own [`Machine`] over a view of the memory.
pub struct Template<'p> {
    program: &'p Program,
    surfaces: Surfaces,
    samplers: Samplers,
    global_bases: Vec<u64>,
    step_limit: u64,
    bounds: BoundsPolicy,
    next_base: u64,
}

impl<'p> Template<'p> {
    /// A machine over a view of `shared` (see [`Memory::view`]).
    pub fn machine(&self, shared: crate::memory::Shared) -> Machine<'p> {
        Machine {
            program: self.program,
            memory: Memory::view(self.next_base, shared),
            surfaces: self.surfaces.clone(),
            samplers: self.samplers.clone(),
            global_bases: self.global_bases.clone(),
            step_limit: self.step_limit,
            bounds: self.bounds,
            printed: Vec::new(),
            parallel: false,
        }
    }
}

struct Frame {
    func: FuncId,
    slots: Vec<Value>,
    block: BlockId,
    index: usize,
    allocas: Vec<u64>,
    /// Where the caller wants the result.
    dest: Option<Slot>,
}

/// One thread's execution state.
pub struct ThreadState {
    frames: Vec<Frame>,
    pub ids: ThreadIds,
    steps: u64,
    /// What the thread printed with `printf`, in order.
    pub printf: Vec<u8>,
    /// For a thread of a dispatch ([`Machine::start_thread`]): the address of each global as this thread sees
    /// it, its own copy for a [`per_thread`](crate::program::Global::per_thread) one. `None` for a call on the
    /// machine's globals ([`Machine::start`]).
    globals: Option<Vec<u64>>,
}

/// Why [`Machine::resume`] returned.
#[derive(Debug)]
pub enum Yield {
    Finished(Value),
    Barrier,
}

impl<'p> Machine<'p> {
    pub fn new(program: &'p Program) -> Self {
        let mut memory = Memory::new();
        let global_bases = program
            .globals
            .iter()
            .map(|global| {
                let base = memory.allocate(global.name.clone(), AllocKind::Global, global.bytes);
                if let Some((bytes, defined)) = &global.init {
                    // The allocation was just made with exactly this size.
                    let _ = memory.write(base, bytes, defined);
                }
                base
            })
            .collect();
        Machine {
            program,
            memory,
            surfaces: Surfaces::new(),
            samplers: Samplers::new(),
            global_bases,
            step_limit: DEFAULT_STEP_LIMIT,
            bounds: BoundsPolicy::default(),
            printed: Vec::new(),
            parallel: false,
        }
    }

    /// What a worker needs to make a machine like this one over a view of its memory.
    pub fn template(&self) -> Template<'p> {
        Template {
            program: self.program,
            surfaces: self.surfaces.clone(),
            samplers: self.samplers.clone(),
            global_bases: self.global_bases.clone(),
            step_limit: self.step_limit,
            bounds: self.bounds,
            next_base: self.memory.next_base(),
        }
    }

    /// Address of global number `index` of the program.
    pub fn global_base(&self, index: usize) -> u64 {
        self.global_bases[index]
    }

    /// Prepares a thread that will run `func` on `args`.
    pub fn start(&mut self, func: FuncId, args: Vec<Value>, ids: ThreadIds) -> Result<ThreadState, Trap> {
        let function = &self.program.functions[func as usize];
        let trap = |fault| Trap { function: function.name.clone(), instruction: "<entry>".to_string(), fault };
        if let Some(reason) = &function.unsupported {
            return Err(trap(Fault::Unsupported(reason.clone())));
        }
        if function.is_declaration {
            return Err(trap(Fault::Unsupported(format!("'{}' has no body", function.name))));
        }
        if args.len() != function.params.len() {
            return Err(trap(Fault::Other(format!(
                "'{}' takes {} arguments, {} given",
                function.name,
                function.params.len(),
                args.len()
            ))));
        }
        let mut thread = ThreadState { frames: Vec::new(), ids, steps: 0, printf: Vec::new(), globals: None };
        thread.frames.push(new_frame(function, func, args, None));
        Ok(thread)
    }

    /// Prepares a thread of a dispatch: like [`Machine::start`], but the thread gets its own copy of every
    /// per-thread global, holding what the machine's global holds now (its initializer, unless a call on the
    /// machine changed it), as each GPU thread starts with the program's initial values in its registers. The
    /// copies are freed by [`Machine::retire`].
    pub fn start_thread(&mut self, func: FuncId, args: Vec<Value>, ids: ThreadIds) -> Result<ThreadState, Trap> {
        let mut thread = self.start(func, args, ids)?;
        let mut bases = self.global_bases.clone();
        for (index, global) in self.program.globals.iter().enumerate() {
            if !global.per_thread {
                continue;
            }
            let image = self.memory.allocation(self.global_bases[index]).map(|a| (a.bytes.clone(), a.defined.clone()));
            let [x, y, z] = ids.local_id;
            let [gx, gy, gz] = ids.group_id;
            let name = format!("{} of thread ({x},{y},{z}) of group ({gx},{gy},{gz})", global.name);
            let base = self.memory.allocate(name, AllocKind::Global, global.bytes);
            if let Some((bytes, defined)) = image {
                // The allocation was just made with the same size as the machine's.
                let _ = self.memory.write(base, &bytes, &defined);
            }
            bases[index] = base;
        }
        thread.globals = Some(bases);
        Ok(thread)
    }

    /// Frees what [`Machine::start_thread`] gave a finished (or abandoned) thread.
    pub fn retire(&mut self, thread: ThreadState) {
        let Some(bases) = thread.globals else { return };
        for (index, global) in self.program.globals.iter().enumerate() {
            if global.per_thread {
                self.memory.free(bases[index]);
            }
        }
    }

    /// Runs `func` to completion as one thread (a barrier is a no-op for a lone thread); its printf output is
    /// appended to [`Machine::printed`].
    pub fn run(&mut self, func: FuncId, args: Vec<Value>, ids: ThreadIds, slm: Option<u64>) -> Result<Value, Trap> {
        let mut thread = self.start(func, args, ids)?;
        let result = loop {
            match self.resume(&mut thread, slm) {
                Ok(Yield::Barrier) => continue,
                Ok(Yield::Finished(value)) => break Ok(value),
                Err(trap) => break Err(trap),
            }
        };
        self.printed.append(&mut thread.printf);
        result
    }

    fn operand<'a>(&'a self, slots: &'a [Value], operand: &Operand) -> Cow<'a, Value> {
        match operand {
            Operand::Slot(slot) => Cow::Borrowed(&slots[*slot as usize]),
            Operand::Const(id) => Cow::Borrowed(&self.program.constants[*id as usize]),
            Operand::Global { id, offset } => {
                Cow::Owned(Value::scalar(Elem::Ptr(0), self.global_bases[*id as usize].wrapping_add(*offset as u64)))
            }
            Operand::Function(id) => Cow::Owned(Value::scalar(Elem::Ptr(0), 0xF000_0000_0000_0000 | *id as u64)),
        }
    }

    /// Runs `thread` until it finishes or reaches a barrier.
    pub fn resume(&mut self, thread: &mut ThreadState, slm: Option<u64>) -> Result<Yield, Trap> {
        // A thread of a dispatch sees its own globals while it runs.
        let own = thread.globals.take();
        let machine_globals = own.map(|bases| std::mem::replace(&mut self.global_bases, bases));
        let result = self.run_slice(thread, slm);
        if let Some(machine_globals) = machine_globals {
            thread.globals = Some(std::mem::replace(&mut self.global_bases, machine_globals));
        }
        result
    }

    /// [`Machine::resume`] with the thread's globals in place.
    fn run_slice(&mut self, thread: &mut ThreadState, slm: Option<u64>) -> Result<Yield, Trap> {
        let program = self.program;
        loop {
            let depth = thread.frames.len() - 1;
            let frame = &thread.frames[depth];
            let function = &program.functions[frame.func as usize];
            let block = &function.blocks[frame.block as usize];
            thread.steps += 1;
            if thread.steps > self.step_limit {
                let text = block.insts.get(frame.index).map_or(block.terminator_text, |i| i.text);
                return Err(Trap {
                    function: function.name.clone(),
                    instruction: function.texts[text as usize].clone(),
                    fault: Fault::StepLimit(self.step_limit),
                });
            }
            let located = |fault: Fault, text: u32| Trap {
                function: function.name.clone(),
                instruction: function.texts.get(text as usize).cloned().unwrap_or_default(),
                fault,
            };

            if frame.index < block.insts.len() {
                let inst = &block.insts[frame.index];
                thread.frames[depth].index += 1;
                match self.execute(inst, thread, depth, slm) {
                    Ok(Flow::Next) => {}
                    Ok(Flow::Barrier) => return Ok(Yield::Barrier),
                    Ok(Flow::Call(func, args, dest)) => {
                        let callee = &program.functions[func as usize];
                        if let Some(reason) = &callee.unsupported {
                            return Err(located(Fault::Unsupported(format!("{}: {reason}", callee.name)), inst.text));
                        }
                        thread.frames.push(new_frame(callee, func, args, dest));
                    }
                    Err(fault) => return Err(located(fault, inst.text)),
                }
                continue;
            }

            // The terminator.
            let slots = &thread.frames[depth].slots;
            let next = match &block.terminator {
                Terminator::Ret(value) => {
                    let result = value.as_ref().map_or(Value::Void, |v| self.operand(slots, v).into_owned());
                    let finished = thread.frames.pop().expect("a frame is running");
                    for base in finished.allocas {
                        self.memory.free(base);
                    }
                    match thread.frames.last_mut() {
                        None => return Ok(Yield::Finished(result)),
                        Some(caller) => {
                            if let Some(dest) = finished.dest {
                                caller.slots[dest as usize] = result;
                            }
                            continue;
                        }
                    }
                }
                Terminator::Br(target) => *target,
                Terminator::CondBr { cond, then, otherwise } => {
                    match self.operand(slots, cond).lanes().map(|l| (l.undef[0], l.bits[0])) {
                        Some((false, bits)) => {
                            if bits & 1 != 0 {
                                *then
                            } else {
                                *otherwise
                            }
                        }
                        _ => {
                            return Err(located(
                                Fault::Undefined("branch on an undef condition".to_string()),
                                block.terminator_text,
                            ))
                        }
                    }
                }
                Terminator::Switch { value, default, cases } => {
                    match self.operand(slots, value).lanes().map(|l| (l.undef[0], l.bits[0])) {
                        Some((false, bits)) => cases.iter().find(|(k, _)| *k == bits).map_or(*default, |(_, b)| *b),
                        _ => {
                            return Err(located(
                                Fault::Undefined("switch on an undef value".to_string()),
                                block.terminator_text,
                            ))
                        }
                    }
                }
                Terminator::Unreachable => {
                    return Err(located(Fault::Undefined("reached `unreachable`".to_string()), block.terminator_text))
                }
            };
            self.enter_block(thread, depth, next).map_err(|(fault, text)| located(fault, text))?;
        }
    }

    /// Moves a frame to `target`, evaluating its phis as one parallel copy.
    fn enter_block(&self, thread: &mut ThreadState, depth: usize, target: BlockId) -> Result<(), (Fault, u32)> {
        let frame = &thread.frames[depth];
        let function = &self.program.functions[frame.func as usize];
        let from = frame.block;
        let block = &function.blocks[target as usize];
        let mut values = Vec::with_capacity(block.phis.len());
        for phi in &block.phis {
            let Some((_, operand)) = phi.incoming.iter().find(|(pred, _)| *pred == from) else {
                return Err((Fault::Other("phi has no incoming value for the predecessor".to_string()), phi.text));
            };
            values.push(self.operand(&frame.slots, operand).into_owned());
        }
        let frame = &mut thread.frames[depth];
        for (phi, value) in block.phis.iter().zip(values) {
            frame.slots[phi.dest as usize] = value;
        }
        frame.block = target;
        frame.index = 0;
        Ok(())
    }

    fn execute(&mut self, inst: &Inst, thread: &mut ThreadState, depth: usize, slm: Option<u64>) -> Result<Flow, Fault> {
        let slots = &thread.frames[depth].slots;
        let lanes_of = |value: &'_ Value| -> Result<Lanes, Fault> {
            value.lanes().cloned().ok_or_else(|| Fault::Other("expected a scalar or vector operand".to_string()))
        };
        let result: Value = match &inst.op {
            Op::Bin { op, a, b } => {
                let a = lanes_of(&self.operand(slots, a))?;
                let b = lanes_of(&self.operand(slots, b))?;
                Value::Lanes(ops::binary(*op, &a, &b)?)
            }
            Op::FNeg(a) => Value::Lanes(ops::fneg(&lanes_of(&self.operand(slots, a))?)),
            Op::ICmp { pred, a, b } => {
                let a = lanes_of(&self.operand(slots, a))?;
                let b = lanes_of(&self.operand(slots, b))?;
                Value::Lanes(ops::icmp(*pred, &a, &b))
            }
            Op::FCmp { pred, a, b } => {
                let a = lanes_of(&self.operand(slots, a))?;
                let b = lanes_of(&self.operand(slots, b))?;
                Value::Lanes(ops::fcmp(*pred, &a, &b))
            }
            Op::Select { cond, a, b } => {
                let cond = lanes_of(&self.operand(slots, cond))?;
                let (a, b) = (self.operand(slots, a), self.operand(slots, b));
                match (a.as_ref(), b.as_ref()) {
                    (Value::Lanes(x), Value::Lanes(y)) => Value::Lanes(ops::select(&cond, x, y)),
                    (x, y) => {
                        if cond.undef[0] {
                            Value::undef(&inst.ty)
                        } else if cond.bits[0] & 1 != 0 {
                            x.clone()
                        } else {
                            y.clone()
                        }
                    }
                }
            }
            Op::Cast { op, a } => {
                let a = lanes_of(&self.operand(slots, a))?;
                let mut out = ops::cast(*op, &a, &inst.ty)?;
                if let Some((elem, _)) = inst.ty.lanes() {
                    out.elem = elem;
                }
                Value::Lanes(out)
            }
            Op::ExtractElement { vector, index } => {
                let vector = lanes_of(&self.operand(slots, vector))?;
                let index = lanes_of(&self.operand(slots, index))?;
                let mut out = Lanes::undef(vector.elem, 1);
                let i = index.bits[0] as usize;
                if !index.undef[0] && i < vector.len() {
                    out.bits[0] = vector.bits[i];
                    out.undef[0] = vector.undef[i];
                }
                Value::Lanes(out)
            }
            Op::InsertElement { vector, element, index } => {
                let mut vector = lanes_of(&self.operand(slots, vector))?;
                let element = lanes_of(&self.operand(slots, element))?;
                let index = lanes_of(&self.operand(slots, index))?;
                let i = index.bits[0] as usize;
                if index.undef[0] || i >= vector.len() {
                    vector = Lanes::undef(vector.elem, vector.len()); // poison
                } else {
                    vector.bits[i] = element.bits[0];
                    vector.undef[i] = element.undef[0];
                }
                Value::Lanes(vector)
            }
            Op::Shuffle { a, b, mask } => {
                let a = lanes_of(&self.operand(slots, a))?;
                let b = lanes_of(&self.operand(slots, b))?;
                let mut out = Lanes::undef(a.elem, mask.len());
                for (i, &m) in mask.iter().enumerate() {
                    if m < 0 {
                        continue;
                    }
                    let m = m as usize;
                    let (source, j) = if m < a.len() { (&a, m) } else { (&b, m - a.len()) };
                    if j < source.len() {
                        out.bits[i] = source.bits[j];
                        out.undef[i] = source.undef[j];
                    }
                }
                Value::Lanes(out)
            }
            Op::ExtractValue { aggregate, indices } => {
                let mut value = self.operand(slots, aggregate).into_owned();
                for &i in indices {
                    value = match value {
                        Value::Agg(mut fields) if (i as usize) < fields.len() => fields.swap_remove(i as usize),
                        _ => return Err(Fault::Other("extractvalue index out of range".to_string())),
                    };
                }
                value
            }
            Op::InsertValue { aggregate, element, indices } => {
                let mut value = self.operand(slots, aggregate).into_owned();
                let element = self.operand(slots, element).into_owned();
                insert_value(&mut value, indices, element)?;
                value
            }
            Op::Alloca { elem_bytes, count, align: _ } => {
                let count = lanes_of(&self.operand(slots, count))?;
                if count.undef[0] {
                    return Err(Fault::Undefined("alloca of an undef element count".to_string()));
                }
                let bytes = elem_bytes.saturating_mul(count.bits[0]);
                genx_passes::limits::checked_size(bytes, genx_passes::limits::MAX_BUFFER_BYTES, "alloca bytes")
                    .map_err(Fault::Other)?;
                let name = format!("alloca in '{}'", self.program.functions[thread.frames[depth].func as usize].name);
                let base = self.memory.allocate(name, AllocKind::Private, bytes);
                thread.frames[depth].allocas.push(base);
                Value::scalar(Elem::Ptr(0), base)
            }
            Op::Load { ptr, align: _ } => {
                let address = address_of(&self.operand(slots, ptr))?;
                self.memory.load(address, &inst.ty)?
            }
            Op::Store { value, ptr, align: _ } => {
                let address = address_of(&self.operand(slots, ptr))?;
                let value = self.operand(slots, value).into_owned();
                self.memory.store(address, &value, &inst.operand_tys[0])?;
                Value::Void
            }
            Op::Gep { ptr, offset, terms } => {
                let mut address = address_of(&self.operand(slots, ptr))?.wrapping_add(*offset as u64);
                for (index, stride) in terms {
                    let index = lanes_of(&self.operand(slots, index))?;
                    if index.undef[0] {
                        return Ok(self.finish(inst, thread, depth, Value::undef(&inst.ty)));
                    }
                    let i = crate::value::sign_extend(index.bits[0], index.elem.bits());
                    address = address.wrapping_add((i.wrapping_mul(*stride)) as u64);
                }
                Value::scalar(Elem::Ptr(0), address)
            }
            Op::Call { callee, args } => {
                let args: Vec<Value> = args.iter().map(|a| self.operand(slots, a).into_owned()).collect();
                match callee {
                    Callee::Function(func) => return Ok(Flow::Call(*func, args, inst.dest)),
                    Callee::Intrinsic(sem, name) => {
                        let call = Call { name, ret: &inst.ty, arg_tys: &inst.operand_tys, args: &args };
                        let mut ctx = Ctx {
                            memory: &mut self.memory,
                            surfaces: &self.surfaces,
                            samplers: &self.samplers,
                            ids: &thread.ids,
                            slm,
                            barrier: false,
                            bounds: self.bounds,
                            printf: &mut thread.printf,
                        };
                        let value = sem(&mut ctx, &call)?;
                        if ctx.barrier {
                            self.finish(inst, thread, depth, value);
                            return Ok(Flow::Barrier);
                        }
                        value
                    }
                }
            }
            Op::Freeze(a) => {
                let mut value = self.operand(slots, a).into_owned();
                freeze(&mut value);
                value
            }
        };
        Ok(self.finish(inst, thread, depth, result))
    }

    fn finish(&self, inst: &Inst, thread: &mut ThreadState, depth: usize, value: Value) -> Flow {
        if let Some(dest) = inst.dest {
            thread.frames[depth].slots[dest as usize] = value;
        }
        Flow::Next
    }
}

enum Flow {
    Next,
    Barrier,
    Call(FuncId, Vec<Value>, Option<Slot>),
}

fn new_frame(function: &Function, func: FuncId, args: Vec<Value>, dest: Option<Slot>) -> Frame {
    let mut slots = args;
    slots.resize(function.slots as usize, Value::Void);
    Frame { func, slots, block: 0, index: 0, allocas: Vec::new(), dest }
}

fn address_of(value: &Value) -> Result<u64, Fault> {
    match value.lanes() {
        Some(lanes) if lanes.len() == 1 && !lanes.undef[0] => Ok(lanes.bits[0]),
        Some(lanes) if lanes.len() == 1 => Err(Fault::Undefined("memory access through an undef pointer".to_string())),
        _ => Err(Fault::Unsupported("memory access through a vector of pointers".to_string())),
    }
}

fn insert_value(value: &mut Value, indices: &[u32], element: Value) -> Result<(), Fault> {
    match indices.split_first() {
        None => {
            *value = element;
            Ok(())
        }
        Some((&i, rest)) => match value {
            Value::Agg(fields) if (i as usize) < fields.len() => insert_value(&mut fields[i as usize], rest, element),
            _ => Err(Fault::Other("insertvalue index out of range".to_string())),
        },
    }
}

/// `freeze`: undef lanes become an arbitrary defined value (zero).
fn freeze(value: &mut Value) {
    match value {
        Value::Lanes(lanes) => {
            for i in 0..lanes.len() {
                if lanes.undef[i] {
                    lanes.set(i, 0);
                }
            }
        }
        Value::Agg(fields) => fields.iter_mut().for_each(freeze),
        Value::Void => {}
    }
}

/// The types of a function's parameters, for callers building arguments.
pub fn param_types(program: &Program, func: FuncId) -> &[Ty] {
    &program.functions[func as usize].params
}
