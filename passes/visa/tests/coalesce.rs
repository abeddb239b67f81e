//! Copy coalescing on the machine IR: copies between variables that do not interfere disappear; a copy whose
//! source is still read after the destination is written stays, as a move, counted with its reason; a jump
//! inside a block keeps what its target reads alive.

use genx_visa::coalesce::coalesce;
use genx_visa::*;

fn scalar(var: VarId) -> Operand {
    Operand::Region(Src { var, offset: 0, region: Region::SCALAR, modifier: Modifier::None })
}

fn add(dst: VarId, a: VarId, imm: u64) -> Inst {
    Inst::Alu {
        op: "add",
        sat: false,
        exec: Exec::simd(1),
        pred: None,
        dst: Dst { var: dst, offset: 0, hstride: 1 },
        srcs: vec![scalar(a), Operand::Imm(Imm { bits: imm, ty: Type::D })],
    }
}

fn max_move(_: Type) -> u32 {
    16
}

/// `x = in + 1; y = copy x; z = y + 2; [read x again]`.
fn kernel(read_x_after: bool) -> (Kernel, VarId, VarId, VarId) {
    let mut k = Kernel::new("k", 32);
    let input = k.add_general(Type::D, 1, "in");
    k.inputs.push(Input { var: input, offset: 32, size: 4 });
    let x = k.add_general(Type::D, 1, "x");
    let y = k.add_general(Type::D, 1, "y");
    let z = k.add_general(Type::D, 1, "z");
    let label = k.add_label("k_BB_0");
    let mut insts = vec![add(x, input, 1), Inst::Copy { dst: y, src: x, reason: CopyReason::Phi }, add(y, y, 2)];
    if read_x_after {
        insts.push(add(z, x, 3));
    } else {
        insts.push(add(z, y, 3));
    }
    insts.push(Inst::Ret);
    k.blocks.push(Block { label, insts });
    (k, x, y, z)
}

#[test]
fn a_copy_between_non_interfering_variables_disappears() {
    let (mut k, x, y, _) = kernel(false);
    let stats = coalesce(&mut k, &max_move);
    assert_eq!(stats.removed, 1);
    assert_eq!(stats.kept_total(), 0);
    assert_eq!(k.root_of(x), k.root_of(y));
    assert!(k.insts().all(|i| !matches!(i, Inst::Copy { .. })));
    assert_eq!(verify(&k), Ok(()));
}

#[test]
fn a_copy_whose_source_is_read_after_stays_as_a_move() {
    let (mut k, x, y, _) = kernel(true);
    let stats = coalesce(&mut k, &max_move);
    assert_eq!(stats.removed, 0);
    assert_eq!(stats.kept(CopyReason::Phi), 1);
    assert_eq!(stats.moves, 1);
    assert_ne!(k.root_of(x), k.root_of(y));
    assert!(matches!(&k.blocks[0].insts[1], Inst::Alu { op: "mov", .. }));
    assert_eq!(verify(&k), Ok(()));
}

#[test]
fn a_conditional_jump_keeps_its_targets_reads_alive() {
    // The lost copy: x = in + 1; (p) jmp L; in = copy x; ret; L: z = in + 3. The copy runs only on the
    // fall-through, so L reads in's old value: in is live where x is written, and the two cannot share.
    let mut k = Kernel::new("k", 32);
    let input = k.add_general(Type::D, 1, "in");
    k.inputs.push(Input { var: input, offset: 32, size: 4 });
    let x = k.add_general(Type::D, 1, "x");
    let z = k.add_general(Type::D, 1, "z");
    let p = k.add_var(Category::Predicate { elems: 1 }, Origin::Declared, "p");
    let (l0, l1) = (k.add_label("k_BB_0"), k.add_label("k_BB_1"));
    k.blocks.push(Block {
        label: l0,
        insts: vec![
            add(x, input, 1),
            Inst::Setp { exec: Exec::simd(1), dst: p, value: Operand::Imm(Imm { bits: 1, ty: Type::UD }) },
            Inst::Jmp { pred: Some(Pred::lane(p, false)), target: l1 },
            Inst::Copy { dst: input, src: x, reason: CopyReason::Phi },
            Inst::Ret,
        ],
    });
    k.blocks.push(Block { label: l1, insts: vec![add(z, input, 3), Inst::Ret] });
    let stats = coalesce(&mut k, &max_move);
    assert_eq!(stats.removed, 0, "{:?}", stats);
    assert_eq!(stats.kept(CopyReason::Phi), 1);
    assert_ne!(k.root_of(x), k.root_of(input));
    assert_eq!(verify(&k), Ok(()));
}
