//! Copy coalescing on the machine IR: copies between variables that do not interfere disappear; a copy whose
//! source is still read after the destination is written stays, as a move, counted with its reason; a jump
//! inside a block keeps what its target reads alive.

mod support;

use genx_visa::coalesce::coalesce;
use genx_visa::*;
use support::add;

fn max_move(_: Type) -> u32 {
    16
}

/// `x = in + 1; y = copy x; z = y + 2; [read x again]`.
fn kernel(read_x_after: bool) -> (Kernel, VarId, VarId, VarId) {
    let mut k = Kernel::new("k", 32);
    let input = k.add_general(Type::D, 1, "in");
    k.inputs.push(Input { var: input, offset: 32, size: 4, implicit: None });
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
    k.inputs.push(Input { var: input, offset: 32, size: 4, implicit: None });
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

/// `x = in + 1; y = copy x; y = y + 2; A = &x; z = r[A]`: the indirect read reads x after y is written.
#[test]
fn an_indirect_read_keeps_the_variable_it_points_into_alive() {
    let (mut k, x, y, z) = kernel(false);
    let addr = k.add_var(Category::Address { elems: 1 }, Origin::Declared, "");
    let indirect = Operand::Indirect(IndirectSrc {
        addr,
        addr_elem: 0,
        offset: 0,
        region: Region::SCALAR,
        ty: Type::D,
        modifier: Modifier::None,
        multi: false,
    });
    let insts = &mut k.blocks[0].insts;
    insts[3] = Inst::AddrAdd {
        exec: Exec { size: 1, offset: 0, no_mask: true },
        dst: addr,
        dst_elem: 0,
        base: x,
        offset: 0,
        index: Operand::Imm(Imm { bits: 0, ty: Type::UW }),
    };
    let exec = Exec::simd(1);
    let dst = Dst { var: z, offset: 0, hstride: 1 };
    insts.insert(4, Inst::Alu { op: "mov", sat: false, exec, pred: None, dst, srcs: vec![indirect] });
    let stats = coalesce(&mut k, &max_move);
    assert_eq!((stats.removed, stats.kept(CopyReason::Phi)), (0, 1));
    assert_ne!(k.root_of(x), k.root_of(y));
    assert_eq!(verify(&k), Ok(()));
}

/// A predicated load's merge copy: removed when the old value dies at the load (the message then writes into
/// the old value's variable), kept when a message reads the old value afterwards.
#[test]
fn a_merge_copy_goes_when_the_old_value_dies_at_the_load() {
    for read_old_after in [false, true] {
        let mut k = Kernel::new("k", 32);
        let buf = k.add_var(Category::Surface, Origin::Declared, "buf");
        k.inputs.push(Input { var: buf, offset: 32, size: 4, implicit: None });
        let grf = |k: &mut Kernel, note: &str| {
            k.add_var(Category::General { ty: Type::D, elems: 8, align: Align::Grf }, Origin::Declared, note)
        };
        let (offsets, old, result) = (grf(&mut k, "offsets"), grf(&mut k, "old"), grf(&mut k, "result"));
        let p = k.add_var(Category::Predicate { elems: 8 }, Origin::Declared, "p");
        let label = k.add_label("k_BB_0");
        let gather = |store: bool, pred: Option<Pred>, data: VarId| {
            Inst::Message(Message::Scaled {
                store,
                blocks: 4,
                exec: Exec::simd(8),
                pred,
                surface: buf,
                offset: Operand::Imm(Imm { bits: 0, ty: Type::UD }),
                offsets: Raw { var: offsets, offset: 0 },
                data: Raw { var: data, offset: 0 },
            })
        };
        let mut insts = vec![
            gather(false, None, offsets),
            gather(false, None, old),
            Inst::Setp { exec: Exec::simd(8), dst: p, value: Operand::Imm(Imm { bits: 0x0f, ty: Type::UD }) },
            Inst::Copy { dst: result, src: old, reason: CopyReason::Merge },
            gather(false, Some(Pred::lane(p, false)), result),
            gather(true, None, result),
        ];
        if read_old_after {
            insts.push(gather(true, None, old));
        }
        insts.push(Inst::Ret);
        k.blocks.push(Block { label, insts });
        let stats = coalesce(&mut k, &max_move);
        assert_eq!(stats.kept(CopyReason::Merge), read_old_after as u64, "{k:?}");
        assert_eq!(k.root_of(old) == k.root_of(result), !read_old_after);
        assert_eq!(verify(&k), Ok(()));
    }
}

/// A kernel with one dword input `in`.
fn kernel_with_input() -> (Kernel, VarId) {
    let mut k = Kernel::new("k", 32);
    let input = k.add_general(Type::D, 1, "in");
    k.inputs.push(Input { var: input, offset: 32, size: 4, implicit: None });
    (k, input)
}

/// `a = in + 1; b = copy a; c = copy a; [a = a + 1]; use b; use c`: the two copies of one value.
fn two_copies_of_one_value(write_between: bool) -> (Kernel, VarId, VarId) {
    let (mut k, input) = kernel_with_input();
    let [a, b, c, z] = ["a", "b", "c", "z"].map(|n| k.add_general(Type::D, 1, n));
    let label = k.add_label("k_BB_0");
    let mut insts = vec![
        add(a, input, 1),
        Inst::Copy {
            dst: b,
            src: a,
            reason: CopyReason::Phi,
        },
    ];
    if write_between {
        insts.push(add(a, a, 5));
    }
    insts.push(Inst::Copy {
        dst: c,
        src: a,
        reason: CopyReason::Phi,
    });
    insts.extend([add(z, b, 2), add(z, c, 3), add(z, a, 4), Inst::Ret]);
    k.blocks.push(Block { label, insts });
    (k, b, c)
}

#[test]
fn two_copies_of_the_same_value_do_not_interfere() {
    // b is live when c is written, but both hold a's value (value-based interference): one variable.
    let (k, b, c) = two_copies_of_one_value(false);
    assert!(!genx_visa::liveness::analyze(&k).interferes(b, c));
    // Negative: a written between the copies, b and c hold different values.
    let (k, b, c) = two_copies_of_one_value(true);
    assert!(genx_visa::liveness::analyze(&k).interferes(b, c));
}

/// `mov x = 7; mov y = 7; [mov y = 8]; use x; use y; y = copy x`.
fn two_constants(same: bool) -> (Kernel, VarId, VarId) {
    let mut k = Kernel::new("k", 32);
    let [x, y, z] = ["x", "y", "z"].map(|n| k.add_general(Type::D, 1, n));
    let label = k.add_label("k_BB_0");
    let mov = |dst: VarId, imm: u64| Inst::Alu {
        op: "mov",
        sat: false,
        exec: Exec::simd(1),
        pred: None,
        dst: Dst {
            var: dst,
            offset: 0,
            hstride: 1,
        },
        srcs: vec![Operand::Imm(Imm {
            bits: imm,
            ty: Type::D,
        })],
    };
    let insts = vec![
        mov(x, 7),
        mov(y, if same { 7 } else { 8 }),
        add(z, x, 1),
        add(z, y, 2),
        Inst::Copy {
            dst: y,
            src: x,
            reason: CopyReason::Phi,
        },
        add(z, y, 3),
        Inst::Ret,
    ];
    k.blocks.push(Block { label, insts });
    (k, x, y)
}

#[test]
fn variables_set_to_one_constant_merge_and_the_repeated_write_goes() {
    let (mut k, x, y) = two_constants(true);
    coalesce(&mut k, &max_move);
    assert_eq!(k.root_of(x), k.root_of(y));
    let movs = k
        .insts()
        .filter(|i| matches!(i, Inst::Alu { op: "mov", .. }))
        .count();
    assert_eq!(movs, 1, "{:?}", k.blocks[0].insts);
    assert_eq!(verify(&k), Ok(()));
    // Negative: different constants interfere; both writes stay.
    let (mut k, x, y) = two_constants(false);
    coalesce(&mut k, &max_move);
    assert_ne!(k.root_of(x), k.root_of(y));
}

#[test]
fn a_join_exit_keeps_what_its_exit_reads_alive() {
    // entry: r = in + 1; t = in + 2; (p) goto join; join: use t; r = in + 7 (a kill); exit: use r. With the
    // join's exit (no channel enabled: nothing of join runs, r = in + 1 reaches exit) r is live when t is
    // written, so the two interfere; without it r looks dead there.
    let build = |with_exit: bool| {
        let (mut k, input) = kernel_with_input();
        let [r, t, z] = ["r", "t", "z"].map(|n| k.add_general(Type::D, 1, n));
        let p = k.add_var(Category::Predicate { elems: 8 }, Origin::Declared, "p");
        let [entry, join, exit] = ["k_BB_0", "k_BB_1", "k_BB_2"].map(|n| k.add_label(n));
        let goto = Inst::Goto {
            exec: Exec::simd(8),
            pred: Some(Pred::lane(p, false)),
            target: join,
        };
        // NoMask adds: in a kernel with gotos only those kill.
        let nm = |mut inst: Inst| {
            if let Inst::Alu { exec, .. } = &mut inst {
                exec.no_mask = true;
            }
            inst
        };
        k.blocks.push(Block {
            label: entry,
            insts: vec![nm(add(r, input, 1)), nm(add(t, input, 2)), goto],
        });
        k.blocks.push(Block {
            label: join,
            insts: vec![nm(add(z, t, 1)), nm(add(r, input, 7))],
        });
        k.blocks.push(Block {
            label: exit,
            insts: vec![nm(add(z, r, 3)), Inst::Ret],
        });
        if with_exit {
            k.join_exits.push((join, exit));
        }
        (genx_visa::liveness::analyze(&k), r, t)
    };
    let (live, r, t) = build(true);
    assert!(live.interferes(r, t));
    let (live, r, t) = build(false);
    assert!(!live.interferes(r, t));
}
