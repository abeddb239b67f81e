//! Jump tidying after coalescing: a loop's bottom test `(!c) jmp exit; jmp header` with `exit` next becomes
//! `(c) jmp header`; a jump to the next block goes; a block nothing jumps to joins the block it falls out of,
//! unless it falls out of a jump (or is a join a `goto` names).

mod support;

use genx_visa::jumps::tidy;
use genx_visa::*;

/// `add (M1, 1) dst dst imm:d`.
fn add(dst: VarId, imm: u64) -> Inst {
    support::add(dst, dst, imm)
}

#[test]
fn a_bottom_test_becomes_one_jump_and_unnamed_blocks_merge() {
    let mut k = Kernel::new("k", 32);
    let x = k.add_general(Type::D, 1, "x");
    let p = k.add_var(Category::Predicate { elems: 1 }, Origin::Declared, "p");
    let [entry, piece, header, exit] = ["k_BB_0", "k_BB_1", "k_BB_2", "k_BB_3"].map(|n| k.add_label(n));
    k.blocks.push(Block { label: entry, insts: vec![add(x, 1)] });
    k.blocks.push(Block { label: piece, insts: vec![add(x, 2), Inst::Jmp { pred: None, target: header }] });
    k.blocks.push(Block {
        label: header,
        insts: vec![
            add(x, 3),
            Inst::Jmp { pred: Some(Pred::lane(p, true)), target: exit },
            Inst::Jmp { pred: None, target: header },
        ],
    });
    k.blocks.push(Block { label: exit, insts: vec![Inst::Ret] });
    let stats = tidy(&mut k);
    assert_eq!(stats, genx_visa::jumps::JumpStats { jumps_removed: 2, blocks_merged: 1 });
    // entry + piece (nothing names piece, its jump to the next block gone), then header (named by its own
    // back edge) ending in the one jump back, then exit (after a jump: it keeps its block).
    assert_eq!(k.blocks.len(), 3);
    assert_eq!(k.blocks[0].insts, vec![add(x, 1), add(x, 2)]);
    assert_eq!(k.blocks[1].label, header);
    assert_eq!(k.blocks[1].insts.last(), Some(&Inst::Jmp { pred: Some(Pred::lane(p, false)), target: header }));
    assert_eq!(k.blocks[2].label, exit);
    assert_eq!(verify(&k), Ok(()));
}

#[test]
fn a_goto_target_and_a_block_after_a_jump_keep_their_labels() {
    let mut k = Kernel::new("k", 32);
    let x = k.add_general(Type::D, 1, "x");
    let p = k.add_var(Category::Predicate { elems: 16 }, Origin::Declared, "p");
    let [entry, join, dead] = ["k_BB_0", "k_BB_1", "k_BB_2"].map(|n| k.add_label(n));
    let goto = Inst::Goto { exec: Exec::simd(16), pred: Some(Pred::lane(p, false)), target: join };
    k.blocks.push(Block { label: entry, insts: vec![add(x, 1), goto] });
    k.blocks.push(Block { label: join, insts: vec![add(x, 2), Inst::Ret] });
    k.blocks.push(Block { label: dead, insts: vec![add(x, 3), Inst::Ret] });
    let stats = tidy(&mut k);
    assert_eq!(stats, genx_visa::jumps::JumpStats::default());
    assert_eq!(k.blocks.len(), 3);
}

/// A kernel `header: add; <test>; edge: jmp header; exit: ret`, `test` the header's jumps (given the edge and
/// exit labels and the predicate), for the fold of a test over an edge block.
fn test_over_edge_block(test: impl Fn(LabelId, LabelId, VarId) -> Vec<Inst>) -> (Kernel, VarId, VarId, [LabelId; 3]) {
    let mut k = Kernel::new("k", 32);
    let x = k.add_general(Type::D, 1, "x");
    let p = k.add_var(Category::Predicate { elems: 1 }, Origin::Declared, "p");
    let labels = ["k_BB_0", "k_BB_0_edge0", "k_BB_1"].map(|n| k.add_label(n));
    let [header, edge, exit] = labels;
    let mut insts = vec![add(x, 1)];
    insts.extend(test(edge, exit, p));
    k.blocks.push(Block { label: header, insts });
    k.blocks.push(Block { label: edge, insts: vec![Inst::Jmp { pred: None, target: header }] });
    k.blocks.push(Block { label: exit, insts: vec![Inst::Ret] });
    (k, x, p, labels)
}

#[test]
fn a_test_jumping_over_an_unnamed_jump_becomes_the_negated_jump() {
    let (mut k, x, p, [header, _, exit]) =
        test_over_edge_block(|_, exit, p| vec![Inst::Jmp { pred: Some(Pred::lane(p, true)), target: exit }]);
    let stats = tidy(&mut k);
    assert_eq!(stats, genx_visa::jumps::JumpStats { jumps_removed: 1, blocks_merged: 1 });
    assert_eq!(k.blocks.len(), 2);
    assert_eq!(k.blocks[0].insts, vec![add(x, 1), Inst::Jmp { pred: Some(Pred::lane(p, false)), target: header }]);
    assert_eq!(k.blocks[1].label, exit);
    assert_eq!(verify(&k), Ok(()));
}

#[test]
fn a_middle_block_another_jump_names_is_not_folded() {
    // The edge block is named by the header's first jump: another path reaches it.
    let (mut k, ..) = test_over_edge_block(|edge, exit, p| {
        vec![
            Inst::Jmp { pred: Some(Pred::lane(p, false)), target: edge },
            Inst::Jmp { pred: Some(Pred::lane(p, true)), target: exit },
        ]
    });
    let before = k.blocks.clone();
    assert_eq!(tidy(&mut k), genx_visa::jumps::JumpStats::default());
    assert_eq!(k.blocks, before);
}

/// `header: add; (p) goto exit; edge: jmp header; exit: ret` (the SIMD loop's bottom test, `exit` its join),
/// with the back jump's target given.
fn simd_bottom_test(back_to_header: bool) -> (Kernel, VarId, [LabelId; 4]) {
    let mut k = Kernel::new("k", 32);
    let x = k.add_general(Type::D, 1, "x");
    let p = k.add_var(Category::Predicate { elems: 8 }, Origin::Declared, "p");
    let labels = ["k_BB_0", "k_BB_1", "k_BB_2", "k_BB_3"].map(|n| k.add_label(n));
    let [header, edge, exit, after] = labels;
    let goto = Inst::Goto {
        exec: Exec::simd(8),
        pred: Some(Pred::lane(p, false)),
        target: exit,
    };
    let back = if back_to_header { header } else { after };
    k.blocks.push(Block {
        label: header,
        insts: vec![add(x, 1), goto],
    });
    k.blocks.push(Block {
        label: edge,
        insts: vec![Inst::Jmp {
            pred: None,
            target: back,
        }],
    });
    k.blocks.push(Block {
        label: exit,
        insts: vec![add(x, 2), Inst::Ret],
    });
    k.blocks.push(Block {
        label: after,
        insts: vec![Inst::Ret],
    });
    (k, p, labels)
}

#[test]
fn a_simd_bottom_test_becomes_one_backward_goto() {
    let (mut k, p, [header, _, exit, _]) = simd_bottom_test(true);
    let stats = tidy(&mut k);
    assert_eq!(stats.jumps_removed, 1);
    // The channels where p was false left for the exit; now the others go back and they wait at the exit,
    // the next instruction.
    assert_eq!(
        k.blocks[0].insts.last(),
        Some(&Inst::Goto {
            exec: Exec::simd(8),
            pred: Some(Pred::lane(p, true)),
            target: header
        })
    );
    assert_eq!(k.blocks[1].label, exit);
    assert_eq!(verify(&k), Ok(()));
}

#[test]
fn a_goto_over_a_forward_jump_stays() {
    // A forward goto parks its channels; the jump after it moves the others on: not one goto.
    let (mut k, _, [_, edge, _, _]) = simd_bottom_test(false);
    let stats = tidy(&mut k);
    assert_eq!(stats.jumps_removed, 0);
    assert_eq!(k.blocks[1].label, edge);
    assert!(matches!(k.blocks[0].insts.last(), Some(Inst::Goto { .. })));
}
