//! Address commoning on the machine IR, after coalescing: an `addr_add` that computes the address the previous
//! one computed is deleted and its users read the earlier address variable (IGC's GenXAddressCommoning, in
//! its simplest form).
//!
//! # Why
//! The lowering sets one address variable per indirect operand, right before it. When genx-legalize splits an
//! indirect region into pieces (a 28-byte row written at a runtime offset becomes 16 + 8 + 4 bytes), every
//! piece's index is the same runtime value plus a constant, which the operand takes as its immediate
//! (`r[A(0),16]`), so the pieces' `addr_add`s compute the same address once coalescing has made the pieces'
//! variables one: IGC sets it once for a whole 8-row block write, our lowering once per piece (24 `addr_add`s
//! for the same 24 moves in cmtl::WriteBlock's unaligned path).
//!
//! # Algorithm
//! One walk over each block, remembering the last `addr_add` seen: a later `addr_add` with the same execution
//! (size, NoMask), the same first element, an address variable of the same size, the same base (the same
//! root variable at the same byte, through aliases), the same constant offset and the same index operand is
//! deleted, and its address variable is renamed to the remembered one in every instruction. The memory is
//! forgotten at any other `addr_add` (it becomes the one remembered, so that at most one address is live
//! across anything else, as the lowering arranges), at an instruction that writes the index's variable, and at
//! a jump, `goto` or `ret` (and at each block's start: a block is entered from elsewhere).
//!
//! # Invariants
//! Each address variable is still written by exactly one `addr_add`, before its uses (the survivor comes
//! first). An address is `&base + offset + index` at the time of the `addr_add`; the base's location never
//! changes, and the index is not written between the two, so the deleted one would have set the same value.
//!
//! # Not handled
//! Addresses that differ by a constant (IGC also folds `&V + i + 32` into the operand's immediate of an
//! address `&V + i`), and sharing across blocks.

use std::collections::HashMap;

use crate::ir::*;
use crate::liveness;

/// The fields of an `addr_add` that decide the address it computes (with its base as root and byte).
#[derive(Clone, Debug, PartialEq)]
struct Key {
    exec: Exec,
    dst_elem: u32,
    elems: u32,
    base: (VarId, u32),
    offset: u32,
    index: Operand,
}

fn key_of(kernel: &Kernel, inst: &Inst) -> Option<(Key, VarId)> {
    let Inst::AddrAdd {
        exec,
        dst,
        dst_elem,
        base,
        offset,
        index,
    } = inst
    else {
        return None;
    };
    let Category::Address { elems } = kernel.var(*dst).category else {
        return None;
    };
    let base = (kernel.root_of(*base), kernel.offset_in_root(*base));
    Some((
        Key {
            exec: *exec,
            dst_elem: *dst_elem,
            elems,
            base,
            offset: *offset,
            index: index.clone(),
        },
        *dst,
    ))
}

/// The root variable an index operand reads, if any.
fn index_root(kernel: &Kernel, index: &Operand) -> Option<VarId> {
    match index {
        Operand::Region(src) => Some(kernel.root_of(src.var)),
        _ => None,
    }
}

/// Deletes the `addr_add`s that repeat the previous one's address; returns how many.
pub fn common_addresses(kernel: &mut Kernel) -> u64 {
    let simd_cf = liveness::has_simd_cf(kernel);
    let mut renamed: HashMap<VarId, VarId> = HashMap::new();
    let mut removed = 0;
    for b in 0..kernel.blocks.len() {
        let insts = std::mem::take(&mut kernel.blocks[b].insts);
        let mut kept = Vec::with_capacity(insts.len());
        let mut last: Option<(Key, VarId)> = None;
        for inst in insts {
            if let Some((key, addr)) = key_of(kernel, &inst) {
                if let Some((_, survivor)) = last.as_ref().filter(|(k, _)| *k == key) {
                    renamed.insert(addr, *survivor);
                    removed += 1;
                    continue;
                }
                last = Some((key, addr));
                kept.push(inst);
                continue;
            }
            if matches!(inst, Inst::Jmp { .. } | Inst::Goto { .. } | Inst::Ret) {
                last = None;
            } else if let Some((key, _)) = &last {
                let written = liveness::access(kernel, &inst, simd_cf).writes;
                if index_root(kernel, &key.index)
                    .is_some_and(|root| written.iter().any(|(w, _)| *w == root))
                {
                    last = None;
                }
            }
            kept.push(inst);
        }
        kernel.blocks[b].insts = kept;
    }
    if !renamed.is_empty() {
        for block in &mut kernel.blocks {
            for inst in &mut block.insts {
                inst.for_each_var(|v| {
                    if let Some(&to) = renamed.get(v) {
                        *v = to;
                    }
                });
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kernel() -> (Kernel, VarId, VarId, VarId) {
        let mut k = Kernel::new("k", 32);
        let data = k.add_general(Type::UB, 256, "");
        let index = k.add_general(Type::UW, 1, "");
        let src = k.add_general(Type::UB, 16, "");
        k.add_label("k_BB_0");
        (k, data, index, src)
    }

    fn addr_add(k: &mut Kernel, base: VarId, index: VarId) -> (Inst, VarId) {
        let addr = k.add_var(Category::Address { elems: 1 }, Origin::Declared, "");
        let index = Operand::Region(Src {
            var: index,
            offset: 0,
            region: Region::SCALAR,
            modifier: Modifier::None,
        });
        (
            Inst::AddrAdd {
                exec: Exec {
                    size: 1,
                    offset: 0,
                    no_mask: true,
                },
                dst: addr,
                dst_elem: 0,
                base,
                offset: 0,
                index,
            },
            addr,
        )
    }

    fn write(addr: VarId, offset: i32, src: VarId) -> Inst {
        let src = Operand::Region(Src {
            var: src,
            offset: 0,
            region: Region {
                vstride: 1,
                width: 1,
                hstride: 0,
            },
            modifier: Modifier::None,
        });
        Inst::MovIndirect {
            exec: Exec::simd(16),
            pred: None,
            addr,
            addr_elem: 0,
            offset,
            hstride: 1,
            ty: Type::UB,
            src,
        }
    }

    fn addresses_used(k: &Kernel) -> Vec<VarId> {
        k.insts()
            .filter_map(|i| match i {
                Inst::MovIndirect { addr, .. } => Some(*addr),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn pieces_share_the_first_address() {
        let (mut k, data, index, src) = kernel();
        let (a0, x0) = addr_add(&mut k, data, index);
        let (a1, x1) = addr_add(&mut k, data, index);
        k.blocks.push(Block {
            label: LabelId(0),
            insts: vec![a0, write(x0, 0, src), a1, write(x1, 16, src)],
        });
        assert_eq!(common_addresses(&mut k), 1);
        assert_eq!(
            k.insts()
                .filter(|i| matches!(i, Inst::AddrAdd { .. }))
                .count(),
            1
        );
        assert_eq!(addresses_used(&k), vec![x0, x0]);
    }

    #[test]
    fn a_written_index_or_another_address_in_between_keeps_both() {
        let (mut k, data, index, src) = kernel();
        let (a0, x0) = addr_add(&mut k, data, index);
        let (a1, x1) = addr_add(&mut k, data, index);
        let set_index = Inst::Alu {
            op: "mov",
            sat: false,
            exec: Exec {
                size: 1,
                offset: 0,
                no_mask: true,
            },
            pred: None,
            dst: Dst {
                var: index,
                offset: 0,
                hstride: 1,
            },
            srcs: vec![Operand::Imm(Imm {
                bits: 3,
                ty: Type::UW,
            })],
        };
        k.blocks.push(Block {
            label: LabelId(0),
            insts: vec![a0, write(x0, 0, src), set_index, a1, write(x1, 16, src)],
        });
        assert_eq!(common_addresses(&mut k), 0);
        // Another variable's address in between.
        let (mut k, data, index, src) = kernel();
        let other = k.add_general(Type::UB, 64, "");
        let (a0, x0) = addr_add(&mut k, data, index);
        let (b0, y0) = addr_add(&mut k, other, index);
        let (a1, x1) = addr_add(&mut k, data, index);
        k.blocks.push(Block {
            label: LabelId(0),
            insts: vec![
                a0,
                write(x0, 0, src),
                b0,
                write(y0, 0, src),
                a1,
                write(x1, 16, src),
            ],
        });
        assert_eq!(common_addresses(&mut k), 0);
    }
}
