//! Copy coalescing on the machine IR: a [`Inst::Copy`] whose two variables do not interfere
//! ([`crate::liveness`]) disappears, the two variables becoming one; the copies that stay (a value that must
//! survive the write of the other) are expanded into moves and counted by reason.
//!
//! # Why
//! The lowering asks for a copy wherever a value must reach another variable (a phi's incoming value at the
//! end of a predecessor, a `wrregion`'s old value before the write, the unselected value of a masked select)
//! without deciding whether it is needed; the decision is made here once, with liveness over the whole
//! kernel, so loops and joins are handled like straight-line code.
//!
//! # Algorithm
//! Chaitin-style aggressive coalescing over the interference graph of roots: copies in program order; the
//! classes of the copy's two roots merge when they do not interfere and are compatible (both general
//! variables of the same bytes or both predicates of the same width, not two kernel inputs, not a predefined
//! variable, an input's placement satisfying the other's alignment). The merged class's interference is the
//! union of the two. A general variable merged away becomes an alias at offset 0 of the class's survivor (an
//! input if there is one, else the variable declared first), so instructions keep their operand types; it is
//! renamed to the survivor in every instruction when it is the same view (same type and element count, or
//! a predicate), and the printer leaves unused aliases out. Finally copies between the same bytes are deleted
//! and the others become moves: `mov` of the destination's type (the source through an alias of that type),
//! at most `max_move(type)` elements each, NoMask in a kernel with SIMD control flow (a copy moves the whole
//! value); predicates are copied with `and P P`. Last, a `mov` of an immediate into a whole variable that
//! already holds that constant in the block goes (two variables set to the same constant became one).
//!
//! # Invariants
//! Merging two non-interfering variables keeps every value any instruction reads (the liveness argument);
//! after [`coalesce`] no `Copy` is left and every alias names a root as its base.

use std::collections::HashMap;

use crate::ir::*;
use crate::liveness;

/// What coalescing did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoalesceStats {
    /// Copies removed (their two variables became one).
    pub removed: u64,
    /// Copies that stay, by reason.
    pub kept: Vec<(CopyReason, u64)>,
    /// Moves the kept copies became.
    pub moves: u64,
}

impl CoalesceStats {
    pub fn kept(&self, reason: CopyReason) -> u64 {
        self.kept.iter().find(|(r, _)| *r == reason).map_or(0, |(_, n)| *n)
    }
    pub fn kept_total(&self) -> u64 {
        self.kept.iter().map(|(_, n)| n).sum()
    }
}

fn is_input(kernel: &Kernel, v: VarId) -> Option<u32> {
    kernel.inputs.iter().find(|i| i.var == v).map(|i| i.offset)
}

/// Coalesces and expands every [`Inst::Copy`] of `kernel`.
pub fn coalesce(kernel: &mut Kernel, max_move: &dyn Fn(Type) -> u32) -> CoalesceStats {
    let live = liveness::analyze(kernel);
    let simd_cf = liveness::has_simd_cf(kernel);
    let n = kernel.vars.len();
    let mut interference = live.interference;
    let mut rep: Vec<u32> = (0..n as u32).collect();
    fn find(rep: &mut [u32], v: u32) -> u32 {
        let mut r = v;
        while rep[r as usize] != r {
            r = rep[r as usize];
        }
        rep[v as usize] = r;
        r
    }
    let copies: Vec<(VarId, VarId)> = kernel
        .insts()
        .filter_map(|i| match i {
            Inst::Copy { dst, src, .. } => Some((*dst, *src)),
            _ => None,
        })
        .collect();
    let grf = kernel.grf_bytes.max(1);
    for (dst, src) in copies {
        let (a, b) = (kernel.root_of(dst), kernel.root_of(src));
        if kernel.offset_in_root(dst) != 0 || kernel.offset_in_root(src) != 0 {
            continue;
        }
        let (ra, rb) = (find(&mut rep, a.0), find(&mut rep, b.0));
        if ra == rb || interference[ra as usize].contains(VarId(rb)) {
            continue;
        }
        let (va, vb) = (kernel.var(VarId(ra)), kernel.var(VarId(rb)));
        if matches!(va.origin, Origin::Predefined(_)) || matches!(vb.origin, Origin::Predefined(_)) {
            continue;
        }
        let (ia, ib) = (is_input(kernel, VarId(ra)), is_input(kernel, VarId(rb)));
        let compatible = match (va.category, vb.category) {
            (Category::General { align: aa, .. }, Category::General { align: ab, .. }) => {
                va.bytes() == vb.bytes()
                    && match (ia, ib) {
                        (Some(_), Some(_)) => false,
                        (Some(off), None) => ab == Align::Natural || off % grf == 0,
                        (None, Some(off)) => aa == Align::Natural || off % grf == 0,
                        (None, None) => true,
                    }
            }
            (Category::Predicate { elems: ea }, Category::Predicate { elems: eb }) => ea == eb,
            _ => false,
        };
        if !compatible {
            continue;
        }
        let (keep, gone) = if ib.is_some() || (ia.is_none() && rb < ra) { (rb, ra) } else { (ra, rb) };
        rep[gone as usize] = keep;
        let others = interference[gone as usize].clone();
        interference[keep as usize].union(&others);
        for c in others.iter() {
            interference[c.0 as usize].remove(VarId(gone));
            interference[c.0 as usize].insert(VarId(keep));
        }
        if let (Category::General { align: Align::Grf, .. }, Category::General { ty, elems, .. }) =
            (kernel.var(VarId(gone)).category, kernel.var(VarId(keep)).category)
        {
            kernel.vars[keep as usize].category = Category::General { ty, elems, align: Align::Grf };
        }
        if matches!(kernel.var(VarId(gone)).category, Category::General { .. }) {
            kernel.vars[gone as usize].origin = Origin::Alias { base: VarId(keep), offset: 0 };
        }
    }
    // A variable merged away is renamed to its survivor when it is the same view (every predicate; a general
    // variable of the survivor's type and element count); aliases point at roots.
    let renamed: HashMap<VarId, VarId> = (0..n as u32)
        .filter_map(|v| {
            let r = find(&mut rep, v);
            let (var, survivor) = (&kernel.vars[v as usize], &kernel.vars[r as usize]);
            let same = match (var.category, survivor.category) {
                (Category::Predicate { .. }, _) => true,
                (Category::General { ty, elems, .. }, Category::General { ty: t2, elems: e2, .. }) => {
                    ty == t2 && elems == e2
                }
                _ => false,
            };
            (r != v && same).then_some((VarId(v), VarId(r)))
        })
        .collect();
    for i in 0..n {
        if let Origin::Alias { .. } = kernel.vars[i].origin {
            let (root, offset) = (kernel.root_of(VarId(i as u32)), kernel.offset_in_root(VarId(i as u32)));
            kernel.vars[i].origin = Origin::Alias { base: root, offset };
        }
    }
    let mut stats = CoalesceStats { kept: CopyReason::ALL.iter().map(|&r| (r, 0)).collect(), ..Default::default() };
    let mut blocks = std::mem::take(&mut kernel.blocks);
    for block in &mut blocks {
        let mut out = Vec::with_capacity(block.insts.len());
        for mut inst in std::mem::take(&mut block.insts) {
            rename(&mut inst, &renamed);
            match inst {
                Inst::Copy { dst, src, reason } => {
                    let same = kernel.root_of(dst) == kernel.root_of(src)
                        && kernel.offset_in_root(dst) == kernel.offset_in_root(src);
                    if same {
                        stats.removed += 1;
                        continue;
                    }
                    if let Some(entry) = stats.kept.iter_mut().find(|(r, _)| *r == reason) {
                        entry.1 += 1;
                    }
                    let before = out.len();
                    expand_copy(kernel, dst, src, simd_cf, max_move, &mut out);
                    stats.moves += (out.len() - before) as u64;
                }
                other => out.push(other),
            }
        }
        block.insts = out;
    }
    kernel.blocks = blocks;
    drop_repeated_constants(kernel, simd_cf);
    stats
}

/// Deletes a `mov` of an immediate into a whole variable that holds that constant already (set so earlier in
/// the block, nothing written into it since): two variables set to the same constant that became one leave
/// the second write behind.
fn drop_repeated_constants(kernel: &mut Kernel, simd_cf: bool) {
    let mut blocks = std::mem::take(&mut kernel.blocks);
    for block in &mut blocks {
        let mut holds: HashMap<VarId, liveness::ConstantKey> = HashMap::new();
        block.insts.retain(|inst| {
            let access = liveness::access(kernel, inst, simd_cf);
            let kills = access.writes.iter().all(|w| w.1);
            let constant = liveness::whole_constant(kernel, inst, kills);
            if let Some((root, key)) = constant {
                if holds.get(&root) == Some(&key) {
                    return false;
                }
            }
            for (w, _) in &access.writes {
                holds.remove(w);
            }
            if let Some((root, key)) = constant {
                holds.insert(root, key);
            }
            true
        });
    }
    kernel.blocks = blocks;
}

fn rename(inst: &mut Inst, renamed: &HashMap<VarId, VarId>) {
    if renamed.is_empty() {
        return;
    }
    inst.for_each_var(|v| {
        if let Some(&to) = renamed.get(v) {
            *v = to;
        }
    });
}

/// The moves of a copy that stays.
fn expand_copy(
    kernel: &mut Kernel,
    dst: VarId,
    src: VarId,
    no_mask: bool,
    max_move: &dyn Fn(Type) -> u32,
    out: &mut Vec<Inst>,
) {
    if let Category::Predicate { elems } = kernel.var(dst).category {
        let exec = Exec { size: elems, offset: 0, no_mask: true };
        out.push(Inst::PredLogic { op: "and", exec, dst, srcs: vec![src, src] });
        return;
    }
    let ty = kernel.var(dst).ty().unwrap_or(Type::UD);
    let elems = kernel.var(dst).bytes() / ty.bytes();
    let src = if kernel.var(src).ty() == Some(ty) {
        src
    } else {
        let elems_src = kernel.var(src).bytes() / ty.bytes();
        kernel.add_alias(src, 0, ty, elems_src.max(1), "")
    };
    let limit = max_move(ty).max(1);
    let mut at = 0;
    while at < elems {
        let mut size = if limit.is_power_of_two() { limit } else { 1 };
        while size > elems - at {
            size /= 2;
        }
        let offset = at * ty.bytes();
        let region = if size == 1 { Region::SCALAR } else { Region { vstride: 1, width: 1, hstride: 0 } };
        out.push(Inst::Alu {
            op: "mov",
            sat: false,
            exec: Exec { size, offset: 0, no_mask },
            pred: None,
            dst: Dst { var: dst, offset, hstride: 1 },
            srcs: vec![Operand::Region(Src { var: src, offset, region, modifier: Modifier::None })],
        });
        at += size;
    }
}
