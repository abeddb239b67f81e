//! Running a vISA kernel: one hardware thread's variables, execution mask and control flow.
//!
//! State (vISA `3_execution_model.md`, `5_operands.md`): every root general variable is a byte array with
//! per-bit definedness (a mask per byte; aliases are views of their root); predicate variables hold one bit per
//! element, address variables hold (root variable, byte offset) pairs, surface and sampler variables an index.
//! Reading a byte never written gives an undefined lane, as in the IR executor, so a kernel's output that
//! depends on it is not compared. An element is a defined value only when all its bits are; the bitwise
//! instructions (`mov`, `and`, `or`, `xor`, `not`, `shl`, `shr` between same-size integers, a predicate moved
//! into a general register, `setp`) carry definedness bit by bit instead ([`Thread::src_lane_bits`],
//! [`Thread::dst_write_bits`]), so that a predicate taken apart and put back together through a dword (the
//! emitter's `rdpredregion`/`wrpredregion`) keeps the defined lanes defined next to undefined ones.
//!
//! Channels: an instruction `(Mk[_NM], n)` runs channels `0..n`, channel `i` using bit `4(k-1) + i` of the
//! 32-bit execution mask (ignored with `_NM`) and element `i` of its predicate (`.any`/`.all` reduce the
//! predicate's elements to one value for every channel). The execution mask starts with every channel on.
//!
//! SIMD control flow (`GOTO.md`, `JMP.md`, `CALL.md`, `RET.md`): a forward `goto` turns off the active channels
//! whose predicate holds and parks them at the target, where they are turned back on when execution reaches it;
//! when no channel is left active, execution continues at the nearest later point where channels are parked. A
//! backward `goto` jumps when any active channel's predicate holds; the active channels whose predicate does not
//! hold are parked at the next instruction. `jmp` is a scalar (uniform) branch on channel 0 of its predicate;
//! `call` pushes the return point; `ret` with an empty stack ends the thread.
//!
//! Faults carry the kernel name and the instruction's source line. Not handled: `%cr0` rounding and denormal
//! modes (execution always rounds to nearest even and keeps denormals, as the IR executor does); an access
//! through an address outside its variable (reported, not modelled as the GRF file's neighbour). An address
//! element is a 16-bit GRF byte address: `addr_add` wraps (`alu::address_word`), so an element may point before
//! its variable as long as the operand's immediate brings the access back inside.

use super::alu;
use super::message;
use super::program::*;
use crate::interp::Trap;
use crate::machine::{BoundsPolicy, Ctx, Samplers, Surfaces, ThreadIds, SLM_BTI, STATELESS_BTI};
use crate::memory::{Fault, Memory};

/// An element value read from an operand: raw bits of its type, or undefined.
pub type Lane = Option<u64>;

/// The definedness mask of a byte whose bits are all defined.
const DEFINED: u8 = 0xff;

/// Why [`Thread::resume`] returned.
#[derive(Debug, PartialEq, Eq)]
pub enum VisaYield {
    Finished,
    Barrier,
}

/// One thread of a kernel.
pub struct Thread<'k> {
    pub kernel: &'k Kernel,
    /// Bytes and definedness of each root general variable (empty for aliases and non-general variables):
    /// `defined[v][b]` has bit k set when bit k of byte b is defined.
    pub(super) bytes: Vec<Vec<u8>>,
    pub(super) defined: Vec<Vec<u8>>,
    preds: Vec<Vec<Option<bool>>>,
    addrs: Vec<Vec<Option<(VarId, i64)>>>,
    surfaces: Vec<Option<u32>>,
    em: u32,
    /// Channels parked at each instruction index (forward gotos, and backward gotos' fall-through channels).
    parked: Vec<u32>,
    stack: Vec<usize>,
    pc: usize,
    pub steps: u64,
    pub step_limit: u64,
    pub ids: ThreadIds,
    /// Float `mad` rounds the product, then the sum (as LLVM's separate `fmul` and `fadd`), instead of once.
    pub mad_rounds_twice: bool,
    /// The sampler states by index its filtered sampling messages use (empty: every sampler has the default).
    pub samplers: std::sync::Arc<Samplers>,
}

impl<'k> Thread<'k> {
    /// A thread at the kernel's entry with its predefined variables set from `ids` and every other byte undefined.
    pub fn new(kernel: &'k Kernel, ids: ThreadIds) -> Thread<'k> {
        let n = kernel.vars.len();
        let mut thread = Thread {
            kernel,
            bytes: vec![Vec::new(); n],
            defined: vec![Vec::new(); n],
            preds: vec![Vec::new(); n],
            addrs: vec![Vec::new(); n],
            surfaces: vec![None; n],
            em: u32::MAX,
            parked: vec![0; kernel.insts.len() + 1],
            stack: Vec::new(),
            pc: kernel.entry,
            steps: 0,
            step_limit: crate::interp::DEFAULT_STEP_LIMIT,
            ids,
            mad_rounds_twice: false,
            samplers: Default::default(),
        };
        for (id, var) in kernel.vars.iter().enumerate() {
            match var.kind {
                VarKind::General if var.root as usize == id => {
                    thread.bytes[id] = vec![0; var.bytes()];
                    thread.defined[id] = vec![0; var.bytes()];
                }
                VarKind::Predicate => thread.preds[id] = vec![None; var.elems as usize],
                VarKind::Address => thread.addrs[id] = vec![None; var.elems as usize],
                _ => {}
            }
            let set = |t: &mut Thread<'_>, values: &[u64]| {
                let size = var.ty.size();
                for (i, v) in values.iter().enumerate() {
                    let bytes = v.to_le_bytes();
                    t.bytes[id][i * size..(i + 1) * size].copy_from_slice(&bytes[..size]);
                    t.defined[id][i * size..(i + 1) * size].fill(DEFINED);
                }
            };
            match var.predef {
                Some(Predef::ThreadX) => set(&mut thread, &[ids.global_id(0) as u64]),
                Some(Predef::ThreadY) => set(&mut thread, &[ids.global_id(1) as u64]),
                Some(Predef::GroupId(d)) => set(&mut thread, &[ids.group_id[d] as u64]),
                Some(Predef::LocalId(d)) => set(&mut thread, &[ids.local_id[d] as u64]),
                Some(Predef::LocalSize(d)) => set(&mut thread, &[ids.local_size[d] as u64]),
                Some(Predef::GroupCount(d)) => set(&mut thread, &[ids.group_count[d] as u64]),
                Some(Predef::HwId) => set(&mut thread, &[hw_id(&ids) as u64]),
                Some(Predef::Color) => set(&mut thread, &[0]),
                Some(Predef::R0) => {
                    // r0.1, r0.6, r0.7 hold the group ids (where IGC places %group_id_x/y/z); the rest is
                    // dispatch state with no meaning to a kernel's results.
                    for (dword, value) in [(1, ids.group_id[0]), (6, ids.group_id[1]), (7, ids.group_id[2])] {
                        thread.bytes[id][dword * 4..dword * 4 + 4].copy_from_slice(&value.to_le_bytes());
                        thread.defined[id][dword * 4..dword * 4 + 4].fill(DEFINED);
                    }
                }
                Some(Predef::Slm) => thread.surfaces[id] = Some(SLM_BTI),
                Some(Predef::Stateless) => thread.surfaces[id] = Some(STATELESS_BTI),
                Some(Predef::CmPrintf) => thread.surfaces[id] = Some(super::cm_printf::CM_PRINTF_BTI),
                _ => {}
            }
        }
        thread
    }

    /// Writes an input's bytes (an argument) into its variable, or an index into a surface/sampler variable.
    pub fn set_input(&mut self, var: VarId, bytes: &[u8], defined: &[bool]) {
        let v = self.kernel.var(var);
        match v.kind {
            VarKind::General => {
                let (root, offset) = (v.root as usize, v.offset as usize);
                let n = bytes.len().min(self.bytes[root].len().saturating_sub(offset));
                self.bytes[root][offset..offset + n].copy_from_slice(&bytes[..n]);
                for (mask, &d) in self.defined[root][offset..offset + n].iter_mut().zip(defined) {
                    *mask = if d { DEFINED } else { 0 };
                }
            }
            VarKind::Surface | VarKind::Sampler => {
                if defined.iter().take(4).all(|&d| d) && bytes.len() >= 4 {
                    self.surfaces[var as usize] = Some(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]));
                }
            }
            _ => {}
        }
    }

    fn trap(&self, fault: Fault) -> Trap {
        let instruction = match self.kernel.insts.get(self.pc) {
            Some(inst) => format!("line {}: {}", inst.line, self.kernel.line_text(inst.line)),
            None => "<end>".to_string(),
        };
        Trap { function: self.kernel.name.clone(), instruction, fault }
    }

    /// Runs until the thread ends or reaches a barrier.
    pub fn resume(
        &mut self,
        memory: &mut Memory,
        surfaces: &Surfaces,
        slm: Option<u64>,
        bounds: BoundsPolicy,
    ) -> Result<VisaYield, Trap> {
        let ids = self.ids;
        let samplers = std::sync::Arc::clone(&self.samplers);
        loop {
            if self.pc > self.kernel.insts.len() {
                return Err(self.trap(Fault::Other("control reached past the end of the kernel".to_string())));
            }
            if self.parked[self.pc] != 0 {
                self.em |= self.parked[self.pc];
                self.parked[self.pc] = 0;
            }
            if self.pc == self.kernel.insts.len() {
                return Ok(VisaYield::Finished);
            }
            self.steps += 1;
            if self.steps > self.step_limit {
                return Err(self.trap(Fault::StepLimit(self.step_limit)));
            }
            let kernel = self.kernel;
            let inst = &kernel.insts[self.pc];
            // vISA has no printf call (IGC resolved it into buffer writes): the buffer stays empty.
            let mut ctx = Ctx { memory, surfaces, samplers: &samplers, ids: &ids, slm, barrier: false, bounds, printf: &mut Vec::new() };
            match self.step(inst, &mut ctx) {
                Ok(Flow::Next) => self.pc += 1,
                Ok(Flow::Jump(target)) => self.pc = target,
                Ok(Flow::End) => return Ok(VisaYield::Finished),
                Ok(Flow::Barrier) => {
                    self.pc += 1;
                    return Ok(VisaYield::Barrier);
                }
                Err(fault) => return Err(self.trap(fault)),
            }
        }
    }

    // ---- channels -------------------------------------------------------------------------------------------

    /// The predicate's value for channel `i`, or `None` when it is undefined.
    fn pred_bit(&self, pred: &Predicate, i: usize) -> Result<bool, Fault> {
        let bits = &self.preds[pred.var as usize];
        let value = match pred.ctrl {
            PredCtrl::Lane => bits.get(i).copied().flatten(),
            PredCtrl::Any => bits.iter().try_fold(false, |acc, b| b.map(|b| acc || b)),
            PredCtrl::All => bits.iter().try_fold(true, |acc, b| b.map(|b| acc && b)),
        };
        match value {
            Some(v) => Ok(v != pred.negate),
            None => Err(Fault::Undefined(format!(
                "predicate '{}' element {i} is undefined",
                self.kernel.var(pred.var).name
            ))),
        }
    }

    /// Channels a per-lane ALU instruction writes, and those among them whose predicate element is undefined:
    /// such a channel either keeps its old value or takes the result, so what it holds afterwards is undefined
    /// (as `sel` under an undefined predicate gives an undefined element), not undefined behaviour. A compare
    /// of undefined data makes such a predicate, and a select on it is a predicated instruction after baling.
    /// Control flow and messages under an undefined predicate stay undefined behaviour (`enabled`).
    pub(super) fn enabled_or_unknown(&self, inst: &Inst) -> Result<(Vec<bool>, Vec<bool>), Fault> {
        let n = inst.exec.size as usize;
        let (mut on, mut unknown) = (Vec::with_capacity(n), vec![false; n]);
        for i in 0..n {
            let mut enabled = self.mask_on(inst.exec, i);
            if let (true, Some(pred)) = (enabled, &inst.pred) {
                match self.pred_bit(pred, i) {
                    Ok(bit) => enabled = bit,
                    Err(Fault::Undefined(_)) if pred.ctrl == PredCtrl::Lane => unknown[i] = true,
                    Err(other) => return Err(other),
                }
            }
            on.push(enabled);
        }
        Ok((on, unknown))
    }

    /// Element `i` of a predicate variable (no negation).
    pub(super) fn pred_value(&self, var: VarId, i: usize) -> Result<bool, Fault> {
        match self.preds[var as usize].get(i).copied().flatten() {
            Some(b) => Ok(b),
            None => Err(Fault::Undefined(format!("predicate '{}' element {i} is undefined", self.kernel.var(var).name))),
        }
    }

    /// Whether the execution mask enables channel `i`.
    pub(super) fn mask_on(&self, exec: Exec, i: usize) -> bool {
        exec.no_mask || (self.em >> (exec.offset as usize + i)) & 1 != 0
    }

    /// Channels an instruction writes: execution mask and predicate.
    pub(super) fn enabled(&self, inst: &Inst) -> Result<Vec<bool>, Fault> {
        let mut out = Vec::with_capacity(inst.exec.size as usize);
        for i in 0..inst.exec.size as usize {
            let mut on = self.mask_on(inst.exec, i);
            if on {
                if let Some(pred) = &inst.pred {
                    on = self.pred_bit(pred, i)?;
                }
            }
            out.push(on);
        }
        Ok(out)
    }

    fn step(&mut self, inst: &Inst, ctx: &mut Ctx<'_>) -> Result<Flow, Fault> {
        match &inst.op {
            Op::Goto { target } => self.goto(inst, *target),
            Op::Jmp { target } => {
                let taken = match &inst.pred {
                    Some(pred) => self.pred_bit(pred, 0)?,
                    None => true,
                };
                Ok(if taken { Flow::Jump(*target) } else { Flow::Next })
            }
            Op::Call { target } => {
                if self.stack.len() >= 1024 {
                    return Err(Fault::Other("call depth exceeds 1024".to_string()));
                }
                self.stack.push(self.pc + 1);
                Ok(Flow::Jump(*target))
            }
            Op::Ret => Ok(match self.stack.pop() {
                Some(back) => Flow::Jump(back),
                None => Flow::End,
            }),
            Op::Barrier => Ok(Flow::Barrier),
            Op::BarrierSignal | Op::Fence => Ok(Flow::Next),
            Op::Lifetime { var, .. } => {
                self.forget(*var);
                Ok(Flow::Next)
            }
            Op::Alu { .. }
            | Op::Carry { .. }
            | Op::Madw { .. }
            | Op::Movs { .. }
            | Op::MovsIndex { .. }
            | Op::Setp { .. }
            | Op::AddrAdd { .. } => {
                alu::execute(self, inst)?;
                Ok(Flow::Next)
            }
            _ => {
                message::execute(self, inst, ctx)?;
                Ok(Flow::Next)
            }
        }
    }

    fn goto(&mut self, inst: &Inst, target: usize) -> Result<Flow, Fault> {
        let n = inst.exec.size as usize;
        let mut active = 0u32;
        let mut taking = 0u32;
        for i in 0..n {
            let bit = 1u32 << (inst.exec.offset as usize + i);
            if self.em & bit == 0 {
                continue;
            }
            active |= bit;
            let take = match &inst.pred {
                Some(pred) => self.pred_bit(pred, i)?,
                None => true,
            };
            if take {
                taking |= bit;
            }
        }
        if n == 1 {
            // A uniform branch: every channel follows channel 0's decision.
            return Ok(if taking != 0 { Flow::Jump(target) } else { Flow::Next });
        }
        if target > self.pc {
            self.em &= !taking;
            self.parked[target] |= taking;
            if self.em & active != 0 || active == 0 {
                return Ok(Flow::Next);
            }
            // No channel left: continue where the nearest parked channels wait.
            let next = (self.pc + 1..self.parked.len()).find(|&at| self.parked[at] != 0).unwrap_or(target);
            Ok(Flow::Jump(next))
        } else {
            if taking == 0 {
                return Ok(Flow::Next);
            }
            let staying = active & !taking;
            self.em &= !staying;
            self.parked[self.pc + 1] |= staying;
            Ok(Flow::Jump(target))
        }
    }

    // ---- operands -------------------------------------------------------------------------------------------

    /// Reads `size` bytes at byte `offset` of general variable `var` (relative to the variable).
    pub(super) fn read_bytes(&self, var: VarId, offset: i64, size: usize) -> Result<(Vec<u8>, Vec<bool>), Fault> {
        let v = self.kernel.var(var);
        if self.kernel.is_null(var) {
            return Ok((vec![0; size], vec![false; size]));
        }
        let root = v.root as usize;
        let at = offset + v.offset as i64;
        if at < 0 || at as usize + size > self.bytes[root].len() {
            return Err(Fault::Undefined(format!(
                "access of {size} bytes at byte {offset} of '{}' ({} bytes) leaves the variable",
                v.name,
                v.bytes()
            )));
        }
        let at = at as usize;
        Ok((self.bytes[root][at..at + size].to_vec(), self.defined[root][at..at + size].iter().map(|&m| m == DEFINED).collect()))
    }

    pub(super) fn write_bytes(&mut self, var: VarId, offset: i64, bytes: &[u8], defined: &[bool]) -> Result<(), Fault> {
        let masks: Vec<u8> = defined.iter().map(|&d| if d { DEFINED } else { 0 }).collect();
        self.write_masked(var, offset, bytes, &masks)
    }

    /// Writes bytes with a definedness mask per byte.
    fn write_masked(&mut self, var: VarId, offset: i64, bytes: &[u8], defined: &[u8]) -> Result<(), Fault> {
        let v = self.kernel.var(var);
        if self.kernel.is_null(var) {
            return Ok(());
        }
        let root = v.root as usize;
        let at = offset + v.offset as i64;
        if at < 0 || at as usize + bytes.len() > self.bytes[root].len() {
            return Err(Fault::Undefined(format!(
                "write of {} bytes at byte {offset} of '{}' ({} bytes) leaves the variable",
                bytes.len(),
                v.name,
                v.bytes()
            )));
        }
        let at = at as usize;
        self.bytes[root][at..at + bytes.len()].copy_from_slice(bytes);
        self.defined[root][at..at + bytes.len()].copy_from_slice(defined);
        Ok(())
    }

    /// One element (the hot path of every operand: no allocation).
    fn read_lane(&self, var: VarId, offset: i64, ty: VType) -> Result<Lane, Fault> {
        let v = self.kernel.var(var);
        let size = ty.size();
        let root = v.root as usize;
        let at = offset + v.offset as i64;
        if self.kernel.is_null(var) || at < 0 || at as usize + size > self.bytes[root].len() {
            let (bytes, defined) = self.read_bytes(var, offset, size)?;
            return Ok(defined.iter().all(|&d| d).then(|| bytes.iter().rev().fold(0u64, |acc, b| acc << 8 | *b as u64)));
        }
        let at = at as usize;
        if self.defined[root][at..at + size].iter().any(|&d| d != DEFINED) {
            return Ok(None);
        }
        Ok(Some(self.bytes[root][at..at + size].iter().rev().fold(0u64, |acc, b| acc << 8 | *b as u64)))
    }

    /// One element with its definedness bit by bit: (bits, mask of the defined bits).
    fn read_lane_bits(&self, var: VarId, offset: i64, ty: VType) -> Result<(u64, u64), Fault> {
        let size = ty.size();
        if self.kernel.is_null(var) {
            return Ok((0, 0));
        }
        // The bounds check and its fault are read_bytes's.
        self.read_bytes(var, offset, size)?;
        let v = self.kernel.var(var);
        let at = (offset + v.offset as i64) as usize;
        let root = v.root as usize;
        let fold = |bytes: &[u8]| bytes.iter().rev().fold(0u64, |acc, b| acc << 8 | *b as u64);
        Ok((fold(&self.bytes[root][at..at + size]), fold(&self.defined[root][at..at + size])))
    }

    fn address(&self, addr: VarId, elem: u32) -> Result<(VarId, i64), Fault> {
        let v = self.kernel.var(addr);
        match self.addrs[addr as usize].get(elem as usize) {
            Some(Some(a)) => Ok(*a),
            Some(None) => Err(Fault::Undefined(format!("address variable '{}' element {elem} is undefined", v.name))),
            None => Err(Fault::Undefined(format!("address variable '{}' has no element {elem}", v.name))),
        }
    }

    /// Where element `i` of a register source operand is: (variable, byte offset, type); `None` for an
    /// immediate, a predicate or an address.
    fn src_place(&self, src: &Src, i: usize) -> Result<Option<(VarId, i64, VType)>, Fault> {
        let grf = self.kernel.grf_bytes as i64;
        Ok(match src {
            Src::Direct { var, row, col, vs, w, hs, ty, .. } => {
                let (r, c) = (i as i64 / *w as i64, i as i64 % *w as i64);
                let elem = *col as i64 + r * *vs as i64 + c * *hs as i64;
                Some((*var, *row as i64 * grf + elem * ty.size() as i64, *ty))
            }
            Src::Indirect { addr, elem, imm, vs, w, hs, multi, ty, .. } => {
                let (r, c) = (i as i64 / *w as i64, i as i64 % *w as i64);
                let (var, base, rel) = if *multi {
                    let (var, base) = self.address(*addr, elem + r as u32)?;
                    (var, base, c * *hs as i64)
                } else {
                    let (var, base) = self.address(*addr, *elem)?;
                    (var, base, r * *vs as i64 + c * *hs as i64)
                };
                Some((var, base + *imm as i64 + rel * ty.size() as i64, *ty))
            }
            _ => None,
        })
    }

    /// Element `i` of a source operand with its definedness bit by bit (see the module note): (raw bits of
    /// `src.ty()`, mask of the defined bits). A predicate gives element `i`'s bit.
    pub(super) fn src_lane_bits(&self, src: &Src, i: usize) -> Result<(u64, u64), Fault> {
        match self.src_place(src, i)? {
            Some((var, offset, ty)) => self.read_lane_bits(var, offset, ty),
            None => Ok(match self.src_lane(src, i)? {
                Some(bits) => (bits, if matches!(src, Src::Pred { .. }) { 1 } else { u64::MAX }),
                None => (0, 0),
            }),
        }
    }

    /// Element `i` of a source operand (before its modifier), as raw bits of `src.ty()`.
    pub(super) fn src_lane(&self, src: &Src, i: usize) -> Result<Lane, Fault> {
        match src {
            Src::Direct { .. } | Src::Indirect { .. } => {
                let (var, offset, ty) = self.src_place(src, i)?.expect("a register operand has a place");
                self.read_lane(var, offset, ty)
            }
            Src::Imm { bits, ty } => Ok(Some(match ty {
                VType::V => {
                    let nibble = (bits >> (4 * (i % 8))) & 0xf;
                    crate::value::sign_extend(nibble, 4) as u64
                }
                VType::UV => (bits >> (4 * (i % 8))) & 0xf,
                VType::VF => alu::vf_to_f32((bits >> (8 * (i % 4))) as u8).to_bits() as u64,
                _ => *bits,
            })),
            Src::AddrOf { .. } | Src::Addr { .. } => Err(Fault::Other("an address is not a value here".to_string())),
            Src::Pred { var } => Ok(self.preds[*var as usize].get(i).copied().flatten().map(u64::from)),
        }
    }

    /// The type an immediate vector's lanes have once unpacked.
    pub(super) fn lane_type(src: &Src) -> VType {
        match src.ty() {
            VType::V => VType::W,
            VType::UV => VType::UW,
            VType::VF => VType::F,
            ty => ty,
        }
    }

    /// Writes element `i` of a destination.
    pub(super) fn dst_write(&mut self, dst: &Dst, i: usize, bits: Lane) -> Result<(), Fault> {
        self.dst_write_bits(dst, i, bits.unwrap_or(0), if bits.is_some() { u64::MAX } else { 0 })
    }

    /// Writes element `i` of a destination with its definedness bit by bit (a predicate element is defined
    /// when bit 0 is).
    pub(super) fn dst_write_bits(&mut self, dst: &Dst, i: usize, bits: u64, defined: u64) -> Result<(), Fault> {
        let grf = self.kernel.grf_bytes as i64;
        let (var, offset, ty) = match dst {
            Dst::Direct { var, row, col, hs, ty } => {
                (*var, *row as i64 * grf + (*col as i64 + i as i64 * *hs as i64) * ty.size() as i64, *ty)
            }
            Dst::Indirect { addr, elem, imm, hs, ty } => {
                let (var, base) = self.address(*addr, *elem)?;
                (var, base + *imm as i64 + i as i64 * *hs as i64 * ty.size() as i64, *ty)
            }
            Dst::Pred { var } => {
                let slot = self.preds[*var as usize].get_mut(i).ok_or_else(|| {
                    Fault::Undefined(format!("predicate '{}' has no element {i}", self.kernel.var(*var).name))
                })?;
                *slot = (defined & 1 != 0).then_some(bits & 1 != 0);
                return Ok(());
            }
            Dst::Addr { .. } => return Err(Fault::Other("an address destination takes an address".to_string())),
        };
        let size = ty.size();
        self.write_masked(var, offset, &bits.to_le_bytes()[..size], &defined.to_le_bytes()[..size])
    }

    pub(super) fn set_address(&mut self, var: VarId, elem: usize, value: Option<(VarId, i64)>) -> Result<(), Fault> {
        let name = &self.kernel.var(var).name;
        let slot = self.addrs[var as usize]
            .get_mut(elem)
            .ok_or_else(|| Fault::Undefined(format!("address variable '{name}' has no element {elem}")))?;
        *slot = value;
        Ok(())
    }

    /// Element `i` of an address-valued source (`&V + off` or `A(k)`).
    pub(super) fn address_src(&self, src: &Src, i: usize) -> Result<(VarId, i64), Fault> {
        match src {
            Src::AddrOf { var, offset } => {
                let v = self.kernel.var(*var);
                Ok((v.root, v.offset as i64 + *offset as i64))
            }
            Src::Addr { var, elem } => self.address(*var, elem + i as u32),
            _ => Err(Fault::Other("addr_add's first source must be an address".to_string())),
        }
    }

    /// Makes a variable's whole storage (its root's, for a general variable) undefined.
    fn forget(&mut self, var: VarId) {
        let v = self.kernel.var(var);
        match v.kind {
            VarKind::General => self.defined[v.root as usize].fill(0),
            VarKind::Predicate => self.preds[var as usize].fill(None),
            VarKind::Address => self.addrs[var as usize].fill(None),
            VarKind::Surface | VarKind::Sampler => {}
        }
    }

    pub(super) fn set_surface(&mut self, var: VarId, value: Option<u32>) {
        self.surfaces[var as usize] = value;
    }

    pub(super) fn set_pred(&mut self, var: VarId, i: usize, value: Option<bool>) -> Result<(), Fault> {
        let name = &self.kernel.var(var).name;
        let slot = self.preds[var as usize]
            .get_mut(i)
            .ok_or_else(|| Fault::Undefined(format!("predicate '{name}' has no element {i}")))?;
        *slot = value;
        Ok(())
    }

    /// The binding-table index a surface variable holds.
    pub(super) fn bti(&self, surface: VarId) -> Result<u32, Fault> {
        let v = self.kernel.var(surface);
        if v.predef == Some(Predef::OtherSurface) {
            return Err(Fault::Unsupported(format!("predefined surface '{}'", v.name)));
        }
        self.surfaces[surface as usize]
            .ok_or_else(|| Fault::Undefined(format!("surface variable '{}' holds no index", v.name)))
    }
}

/// `%hw_id` of a thread: its linear local id (x fastest), unique within the group that runs at a time.
pub fn hw_id(ids: &ThreadIds) -> u32 {
    let [x, y, z] = ids.local_id;
    let [sx, sy, _] = ids.local_size;
    x + sx * (y + sy * z)
}

enum Flow {
    Next,
    Jump(usize),
    End,
    Barrier,
}
