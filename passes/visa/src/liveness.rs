//! Liveness on the machine IR: which root variables hold a value that is still to be read, at every
//! instruction, and the interference graph the coalescer ([`crate::coalesce`]) works on.
//!
//! # Model
//! The unit is a *root* variable (a declared or predefined variable; an alias reads and writes its root).
//! An instruction [`access`]es variables: it reads some and writes some; a write *kills* its root (ends the
//! previous value's life) only when it writes every byte of the root, unpredicated, on every channel (NoMask,
//! or a kernel without SIMD control flow, where the execution mask is all on); any other write is partial and
//! keeps the old bytes alive. A message's destination and an indirect move's target are always partial writes
//! (lanes may be disabled; the target's bytes are known only at run time). Partial writes that together cover
//! their root also kill it: straight-line writes of a block (unpredicated, on every channel, contiguous bytes)
//! whose byte ranges cover the whole root with no read of it between them and no jump among them (a constant
//! written by moves of its runs, a value written piece by piece): the first of them kills the previous value
//! ([`group_kills`]). An indirect operand, and an
//! `addr_add` taking a variable's address, read that variable ([`address_base`]: each address variable is set
//! by one `addr_add`, right before its use). Control flow: a block falls through to the next one unless it ends with an
//! unpredicated `jmp` or `ret`; a `jmp` or `goto` anywhere in a block also goes to its label (the lowering
//! puts an edge's copies after a conditional jump), an unpredicated `jmp` ends what runs; a join block
//! ([`Kernel::join_exits`]) also goes from its start to its exit (no channel enabled there).
//!
//! # Algorithm
//! Two dataflow problems, iterated to their fixed points with bit sets over the sets at block entries and
//! walked instruction by instruction (joining the target's set at every jump):
//! * backward *liveness*: a read makes a root live, a killing write makes it dead;
//! * forward *maybe-defined*: a write defines a root; inputs, surfaces, samplers and predefined variables
//!   are defined at entry.
//!
//! A variable is live at a point when both hold: a variable whose first write is partial (a region written
//! into an undefined variable) is not live before that write, so it does not interfere with everything above
//! it. Interference (Chaitin's rule): at each write of root `d`, `d` interferes with every other root live and
//! defined after the instruction, except, for a whole-variable [`Inst::Copy`] into `d`, the roots holding
//! the copied value there (its source, and earlier copies of the same value in the block with neither side
//! written since: value-based interference, as Boissinot et al.'s out-of-SSA; the edge copies of two phis
//! taking the same value), and likewise for a whole-variable `mov` of an immediate (roots set to the same
//! constant in the block). Two non-interfering roots then hold the same bytes wherever both are live.
//!
//! # Invariants
//! The analysis reads the kernel only; interference is symmetric and irreflexive.

use std::collections::HashMap;

use crate::ir::*;

/// A set of root variables, one bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarSet(Vec<u64>);

impl VarSet {
    pub fn new(n: usize) -> VarSet {
        VarSet(vec![0; n.div_ceil(64)])
    }
    pub fn insert(&mut self, v: VarId) {
        self.0[v.0 as usize / 64] |= 1 << (v.0 % 64);
    }
    pub fn remove(&mut self, v: VarId) {
        self.0[v.0 as usize / 64] &= !(1 << (v.0 % 64));
    }
    pub fn contains(&self, v: VarId) -> bool {
        self.0.get(v.0 as usize / 64).is_some_and(|w| w >> (v.0 % 64) & 1 != 0)
    }
    /// `self |= other`; whether anything changed.
    pub fn union(&mut self, other: &VarSet) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let new = *a | b;
            changed |= new != *a;
            *a = new;
        }
        changed
    }
    pub fn intersect(&mut self, other: &VarSet) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
    pub fn iter(&self) -> impl Iterator<Item = VarId> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64).filter(move |b| bits >> b & 1 != 0).map(move |b| VarId((w * 64 + b) as u32))
        })
    }
}

/// What one instruction does to variables (as roots).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Access {
    pub reads: Vec<VarId>,
    /// Roots written, and whether the write kills (covers the whole root on every channel).
    pub writes: Vec<(VarId, bool)>,
}

/// Whether the kernel has SIMD control flow (a `goto`): then an instruction without NoMask writes only the
/// channels the execution mask enables.
pub fn has_simd_cf(kernel: &Kernel) -> bool {
    kernel.insts().any(|inst| matches!(inst, Inst::Goto { .. }))
}

/// The variables `inst` reads and writes, as roots.
pub fn access(kernel: &Kernel, inst: &Inst, simd_cf: bool) -> Access {
    let mut a = Access::default();
    let root = |v: VarId| kernel.root_of(v);
    // An indirect operand reads its address variable and the variable the address points into.
    let operand = |a: &mut Access, op: &Operand| match op {
        Operand::Region(src) => a.reads.push(root(src.var)),
        Operand::Indirect(src) => {
            a.reads.push(src.addr);
            a.reads.extend(address_base(kernel, src.addr).map(root));
        }
        Operand::Imm(_) => {}
    };
    let pred = |a: &mut Access, pred: &Option<Pred>| {
        if let Some(p) = pred {
            a.reads.push(p.var);
        }
    };
    // Whether `bytes` bytes written contiguously from byte `offset` of `var` cover its root.
    let covers = |var: VarId, offset: u32, bytes: u32| {
        let r = root(var);
        kernel.offset_in_root(var) + offset == 0 && bytes >= kernel.var(r).bytes()
    };
    let masked = |exec: &Exec| simd_cf && !exec.no_mask;
    let dst_write = |a: &mut Access, dst: &Dst, exec: &Exec, predicated: bool| {
        let elem = kernel.var(dst.var).ty().map_or(1, Type::bytes);
        let contiguous = dst.hstride == 1 || exec.size == 1;
        let full = !predicated && !masked(exec) && contiguous && covers(dst.var, dst.offset, exec.size * elem);
        a.writes.push((root(dst.var), full));
    };
    let raw_read = |a: &mut Access, raw: &Raw| a.reads.push(root(raw.var));
    let raw_write = |a: &mut Access, raw: &Raw, bytes: u32| {
        a.writes.push((root(raw.var), !simd_cf && covers(raw.var, raw.offset, bytes)));
    };
    match inst {
        Inst::Alu { exec, pred: p, dst, srcs, .. } => {
            pred(&mut a, p);
            srcs.iter().for_each(|s| operand(&mut a, s));
            dst_write(&mut a, dst, exec, p.is_some());
        }
        Inst::AddC { exec, dst, carry, srcs, .. } => {
            srcs.iter().for_each(|s| operand(&mut a, s));
            dst_write(&mut a, dst, exec, false);
            dst_write(&mut a, carry, exec, false);
        }
        Inst::Cmp { exec, dst, srcs, .. } => {
            srcs.iter().for_each(|s| operand(&mut a, s));
            match dst {
                CmpDst::Pred(p) => {
                    let full = !masked(exec)
                        && matches!(kernel.var(*p).category, Category::Predicate { elems } if elems <= exec.size);
                    a.writes.push((*p, full));
                }
                CmpDst::General(dst) => dst_write(&mut a, dst, exec, false),
            }
        }
        Inst::Setp { exec, dst, value } => {
            operand(&mut a, value);
            let full = matches!(kernel.var(*dst).category, Category::Predicate { elems } if elems <= exec.size)
                && !masked(exec);
            a.writes.push((*dst, full));
        }
        Inst::PredLogic { exec, dst, srcs, .. } => {
            a.reads.extend(srcs.iter().copied());
            let full = matches!(kernel.var(*dst).category, Category::Predicate { elems } if elems <= exec.size)
                && !masked(exec);
            a.writes.push((*dst, full));
        }
        Inst::PredToGeneral { dst, src } => {
            a.reads.push(*src);
            dst_write(&mut a, dst, &Exec { size: 1, offset: 0, no_mask: true }, false);
        }
        Inst::Jmp { pred: p, .. } => pred(&mut a, p),
        Inst::Goto { pred: p, .. } => pred(&mut a, p),
        Inst::Ret => {}
        Inst::Copy { dst, src, .. } => {
            a.reads.push(root(*src));
            let full = match kernel.var(*dst).category {
                Category::General { .. } => covers(*dst, 0, kernel.var(*dst).bytes()),
                _ => true,
            };
            a.writes.push((root(*dst), full));
        }
        Inst::OwordLd { surface, offset, dst, owords, .. } => {
            a.reads.push(*surface);
            operand(&mut a, offset);
            raw_write(&mut a, dst, owords * 16);
        }
        Inst::OwordSt { surface, offset, src, .. } => {
            a.reads.push(*surface);
            operand(&mut a, offset);
            raw_read(&mut a, src);
        }
        Inst::SvmBlockLd { owords, address, dst } => {
            operand(&mut a, address);
            raw_write(&mut a, dst, owords * 16);
        }
        Inst::SvmBlockSt { address, src, .. } => {
            operand(&mut a, address);
            raw_read(&mut a, src);
        }
        Inst::MediaLd { surface, x, y, dst, width, height, .. } => {
            a.reads.push(*surface);
            operand(&mut a, x);
            operand(&mut a, y);
            raw_write(&mut a, dst, width.next_power_of_two().max(4) * height);
        }
        Inst::MediaSt { surface, x, y, src, .. } => {
            a.reads.push(*surface);
            operand(&mut a, x);
            operand(&mut a, y);
            raw_read(&mut a, src);
        }
        Inst::AddrAdd { exec, dst, dst_elem, base, index, .. } => {
            // Taking the base's address keeps it live: the indirect access that follows reads or writes it.
            a.reads.push(root(*base));
            operand(&mut a, index);
            let full = *dst_elem == 0
                && matches!(kernel.var(*dst).category, Category::Address { elems } if elems <= exec.size);
            a.writes.push((*dst, full));
        }
        Inst::MovIndirect { pred: p, addr, src, .. } => {
            pred(&mut a, p);
            operand(&mut a, src);
            a.reads.push(*addr);
            // A region of the base variable: a partial write.
            if let Some(base) = address_base(kernel, *addr) {
                a.writes.push((root(base), false));
            }
        }
        Inst::Message(message) => {
            // A message's destination is written partially (conservatively: predicated lanes, channel layout).
            let mut message = message.clone();
            message.visit(&mut |var, written| {
                if written {
                    a.writes.push((root(*var), false));
                } else if matches!(kernel.var(*var).category, Category::Address { .. }) {
                    a.reads.push(*var);
                    a.reads.extend(address_base(kernel, *var).map(root));
                } else {
                    a.reads.push(root(*var));
                }
            });
        }
    }
    a
}

/// The general variable an address variable points into: the base of the `addr_add` that sets it (the
/// lowering writes each address variable once, right before its use).
pub fn address_base(kernel: &Kernel, addr: VarId) -> Option<VarId> {
    kernel.insts().find_map(|inst| match inst {
        Inst::AddrAdd { dst, base, .. } if *dst == addr => Some(*base),
        _ => None,
    })
}

/// What a whole-variable `mov` of an immediate writes: the immediate's bits and type, the destination's type
/// and the execution size (equal keys, equal bytes).
pub type ConstantKey = (u64, Type, Option<Type>, u32);

/// The root `inst` sets wholly to a constant and the constant's key: an unpredicated, unsaturated `mov` of an
/// immediate from the root's first byte whose write kills the root (`kills`, from [`access`]).
pub fn whole_constant(kernel: &Kernel, inst: &Inst, kills: bool) -> Option<(VarId, ConstantKey)> {
    match inst {
        Inst::Alu { op: "mov", sat: false, pred: None, exec, dst, srcs } if kills && dst.offset == 0 => {
            let root = kernel.root_of(dst.var);
            if kernel.offset_in_root(dst.var) != 0 || kernel.var(dst.var).bytes() != kernel.var(root).bytes() {
                return None;
            }
            match srcs.as_slice() {
                [Operand::Imm(imm)] => Some((root, (imm.bits, imm.ty, kernel.var(dst.var).ty(), exec.size))),
                _ => None,
            }
        }
        _ => None,
    }
}

/// For each whole-variable write of block `b` that writes a known value (by index): the other roots that hold
/// that value right after it, from a walk of the block where every root holds a value of its own at the
/// block's start. Known values: an [`Inst::Copy`] writes its source's (the source and earlier copies of the
/// same value, neither written since, hold it), an unpredicated `mov` of an immediate to the whole root the
/// immediate's (two roots set to the same constant hold the same bytes); any other write makes a new value.
fn copies_of_same_value(kernel: &Kernel, accesses: &[Access], b: usize) -> HashMap<usize, Vec<VarId>> {
    let mut value: HashMap<VarId, usize> = HashMap::new();
    let mut constants: HashMap<ConstantKey, usize> = HashMap::new();
    let mut same = HashMap::new();
    let whole = |v: VarId| {
        let r = kernel.root_of(v);
        kernel.offset_in_root(v) == 0 && kernel.var(v).bytes() == kernel.var(r).bytes()
    };
    let kills = |i: usize| accesses[i].writes.iter().all(|w| w.1);
    // Value numbers: instruction indices for new values, then constants, then (from the top) a root's own.
    let first_constant = kernel.blocks[b].insts.len();
    for (i, inst) in kernel.blocks[b].insts.iter().enumerate() {
        let known = match inst {
            Inst::Copy { dst, src, .. } if whole(*dst) && whole(*src) && kills(i) => {
                let s = kernel.root_of(*src);
                // A root never written in this block holds its own value.
                Some((*dst, *value.entry(s).or_insert(usize::MAX - s.0 as usize)))
            }
            _ => whole_constant(kernel, inst, kills(i)).map(|(root, key)| {
                let next = first_constant + constants.len();
                (root, *constants.entry(key).or_insert(next))
            }),
        };
        match known {
            Some((dst, v)) => {
                let d = kernel.root_of(dst);
                value.insert(d, v);
                same.insert(i, value.iter().filter(|&(&r, &x)| x == v && r != d).map(|(&r, _)| r).collect());
            }
            None => {
                for &(w, _) in &accesses[i].writes {
                    value.insert(w, i);
                }
            }
        }
    }
    same
}

/// Where control goes at an instruction: to a label (a jump or goto; `alone` when nothing after it runs),
/// or nowhere (`ret`).
enum Exit {
    To { block: usize, alone: bool },
    End,
}

fn exit(kernel: &Kernel, inst: &Inst) -> Option<Exit> {
    let block_of = |label: LabelId| kernel.blocks.iter().position(|b| b.label == label);
    match inst {
        Inst::Jmp { pred, target } => block_of(*target).map(|block| Exit::To { block, alone: pred.is_none() }),
        Inst::Goto { target, .. } => block_of(*target).map(|block| Exit::To { block, alone: false }),
        Inst::Ret => Some(Exit::End),
        _ => None,
    }
}

/// Whether block `index` runs into the next block at its end.
fn falls_through(kernel: &Kernel, index: usize) -> bool {
    !matches!(kernel.blocks[index].insts.last(), Some(Inst::Ret) | Some(Inst::Jmp { pred: None, .. }))
        && index + 1 < kernel.blocks.len()
}

/// The bytes `[start, end)` of its root that `inst` writes on every channel, unpredicated and contiguous (a
/// write [`group_kills`] may combine with others); `None` for any other write.
fn covered_bytes(kernel: &Kernel, inst: &Inst, simd_cf: bool) -> Option<(VarId, u32, u32)> {
    let Inst::Alu { exec, pred: None, dst, .. } = inst else { return None };
    if (simd_cf && !exec.no_mask) || !(dst.hstride == 1 || exec.size == 1) {
        return None;
    }
    let elem = kernel.var(dst.var).ty()?.bytes();
    let start = kernel.offset_in_root(dst.var) + dst.offset;
    Some((kernel.root_of(dst.var), start, start + exec.size * elem))
}

/// Marks as killing the first of a block's straight-line partial writes that cover their root together (see
/// the module note). Backward over each block, per root: the byte ranges written since the last read of it (a
/// read, or a jump out of the block's straight line, forgets them); a write whose range completes the
/// coverage of its root kills it.
fn group_kills(kernel: &Kernel, simd_cf: bool, accesses: &mut [Vec<Access>], exits: &[Vec<Option<Exit>>]) {
    for (b, block) in kernel.blocks.iter().enumerate() {
        let mut written: std::collections::HashMap<VarId, Vec<(u32, u32)>> = std::collections::HashMap::new();
        for i in (0..block.insts.len()).rev() {
            if exits[b][i].is_some() {
                written.clear();
            }
            if let Some((root, start, end)) = covered_bytes(kernel, &block.insts[i], simd_cf) {
                let ranges = written.entry(root).or_default();
                ranges.push((start, end));
                if covers(ranges, kernel.var(root).bytes()) {
                    for write in accesses[b][i].writes.iter_mut().filter(|(w, _)| *w == root) {
                        write.1 = true;
                    }
                }
            }
            for r in &accesses[b][i].reads {
                written.remove(r);
            }
        }
    }
}

/// Whether byte ranges cover `[0, size)`.
fn covers(ranges: &[(u32, u32)], size: u32) -> bool {
    let mut sorted = ranges.to_vec();
    sorted.sort_unstable();
    let mut reached = 0;
    for (start, end) in sorted {
        if start > reached {
            return false;
        }
        reached = reached.max(end);
    }
    reached >= size
}

/// Liveness and interference of one kernel.
pub struct Liveness {
    /// Per block: roots live at its end (live and maybe defined).
    pub live_out: Vec<VarSet>,
    /// Symmetric interference, one bit set per root.
    pub interference: Vec<VarSet>,
    /// Per block: roots read before any write on some path from its start (whether or not defined there).
    pub live_in: Vec<VarSet>,
}

impl Liveness {
    pub fn interferes(&self, a: VarId, b: VarId) -> bool {
        self.interference[a.0 as usize].contains(b)
    }
}

/// Computes liveness and the interference graph of `kernel`.
///
/// A jump may sit inside a block (the lowering puts an edge's copies after a conditional jump), so both
/// problems walk instructions, joining the target's set at every jump.
pub fn analyze(kernel: &Kernel) -> Liveness {
    let n = kernel.vars.len();
    let simd_cf = has_simd_cf(kernel);
    let accesses: Vec<Vec<Access>> = kernel
        .blocks
        .iter()
        .map(|b| b.insts.iter().map(|i| access(kernel, i, simd_cf)).collect())
        .collect();
    let exits: Vec<Vec<Option<Exit>>> =
        kernel.blocks.iter().map(|b| b.insts.iter().map(|i| exit(kernel, i)).collect()).collect();
    let mut accesses = accesses;
    group_kills(kernel, simd_cf, &mut accesses, &exits);
    let blocks = kernel.blocks.len();
    let falls: Vec<bool> = (0..blocks).map(|b| falls_through(kernel, b)).collect();
    // A join block's implicit exit when no channel is enabled: an edge from its start.
    let block_of = |label: LabelId| kernel.blocks.iter().position(|b| b.label == label);
    let join_exit: Vec<Option<usize>> = kernel
        .blocks
        .iter()
        .map(|b| kernel.join_exits.iter().find(|(j, _)| *j == b.label).and_then(|&(_, e)| block_of(e)))
        .collect();
    // Backward liveness: the set live before each block, and a walk that gives the set after each instruction.
    let walk_back = |b: usize, live_in: &[VarSet], mut visit: Option<&mut dyn FnMut(usize, &VarSet)>| -> VarSet {
        let mut live = if falls[b] { live_in[b + 1].clone() } else { VarSet::new(n) };
        for i in (0..accesses[b].len()).rev() {
            match &exits[b][i] {
                Some(Exit::To { block, alone: true }) => live = live_in[*block].clone(),
                Some(Exit::To { block, alone: false }) => {
                    live.union(&live_in[*block]);
                }
                Some(Exit::End) => live = VarSet::new(n),
                None => {}
            }
            if let Some(visit) = visit.as_mut() {
                visit(i, &live);
            }
            for &(w, full) in &accesses[b][i].writes {
                if full {
                    live.remove(w);
                }
            }
            for &r in &accesses[b][i].reads {
                live.insert(r);
            }
        }
        if let Some(exit) = join_exit[b] {
            live.union(&live_in[exit]);
        }
        live
    };
    let mut live_in = vec![VarSet::new(n); blocks];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..blocks).rev() {
            let inn = walk_back(b, &live_in, None);
            if inn != live_in[b] {
                live_in[b] = inn;
                changed = true;
            }
        }
    }
    // Maybe-defined, forward: the set defined on entry to each block.
    let mut entry = VarSet::new(n);
    for input in &kernel.inputs {
        entry.insert(kernel.root_of(input.var));
    }
    for (i, var) in kernel.vars.iter().enumerate() {
        if matches!(var.origin, Origin::Predefined(_)) || matches!(var.category, Category::Surface | Category::Sampler)
        {
            entry.insert(VarId(i as u32));
        }
    }
    let mut def_in = vec![VarSet::new(n); blocks];
    if blocks > 0 {
        def_in[0] = entry;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..blocks {
            let mut defined = def_in[b].clone();
            if let Some(exit) = join_exit[b] {
                changed |= def_in[exit].union(&defined);
            }
            let mut reaches_end = true;
            for (i, acc) in accesses[b].iter().enumerate() {
                for &(w, _) in &acc.writes {
                    defined.insert(w);
                }
                match &exits[b][i] {
                    Some(Exit::To { block, alone }) => {
                        changed |= def_in[*block].union(&defined);
                        if *alone {
                            reaches_end = false;
                            break;
                        }
                    }
                    Some(Exit::End) => {
                        reaches_end = false;
                        break;
                    }
                    None => {}
                }
            }
            if reaches_end && b + 1 < blocks {
                changed |= def_in[b + 1].union(&defined);
            }
        }
    }
    let mut interference = vec![VarSet::new(n); n];
    let mut live_out = vec![VarSet::new(n); blocks];
    for b in 0..blocks {
        // Defined-after sets, forward.
        let mut defined = def_in[b].clone();
        let mut defined_after = Vec::with_capacity(accesses[b].len());
        for acc in &accesses[b] {
            for &(w, _) in &acc.writes {
                defined.insert(w);
            }
            defined_after.push(defined.clone());
        }
        let same_value = copies_of_same_value(kernel, &accesses[b], b);
        let mut edges: Vec<(VarId, VarId)> = Vec::new();
        let mut visit = |i: usize, live: &VarSet| {
            let mut after = live.clone();
            after.intersect(&defined_after[i]);
            let same = same_value.get(&i);
            for &(w, _) in &accesses[b][i].writes {
                for l in after.iter() {
                    if l != w && !same.is_some_and(|same| same.contains(&l)) {
                        edges.push((w, l));
                    }
                }
            }
        };
        walk_back(b, &live_in, Some(&mut visit));
        for (a, c) in edges {
            interference[a.0 as usize].insert(c);
            interference[c.0 as usize].insert(a);
        }
        let mut out = if falls[b] { live_in[b + 1].clone() } else { VarSet::new(n) };
        for exit in exits[b].iter().flatten() {
            if let Exit::To { block, .. } = exit {
                out.union(&live_in[*block]);
            }
        }
        out.intersect(&defined);
        live_out[b] = out;
    }
    // Two roots written by the same instruction (addc's sum and carry) interfere.
    for acc in accesses.iter().flatten() {
        for &(a, _) in &acc.writes {
            for &(c, _) in &acc.writes {
                if a != c {
                    interference[a.0 as usize].insert(c);
                }
            }
        }
    }
    Liveness { live_out, interference, live_in }
}
