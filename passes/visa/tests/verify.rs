//! The verifier's rules, one test per rule (each broken kernel differs from a valid one by the one fact the
//! test names), and the printer on the same valid kernel.

use genx_visa::*;

/// A BTI kernel on a 32-byte GRF: read 2 owords, add 7 to every other dword, write them back.
fn valid() -> (Kernel, VarId, VarId) {
    let mut k = Kernel::new("k", 32);
    let buf = k.add_var(Category::Surface, Origin::Declared, "%buf");
    let vec = k.add_general(Type::D, 8, "%v");
    k.inputs.push(Input { var: buf, offset: 32, size: 4, implicit: None });
    let entry = k.add_label("k_BB_0");
    let src =
        Src { var: vec, offset: 0, region: Region { vstride: 2, width: 1, hstride: 0 }, modifier: Modifier::None };
    k.blocks.push(Block {
        label: entry,
        insts: vec![
            Inst::OwordLd {
                owords: 2,
                unaligned: false,
                modified: false,
                surface: buf,
                offset: Operand::Imm(Imm { bits: 0, ty: Type::UD }),
                dst: Raw { var: vec, offset: 0 },
            },
            Inst::Alu {
                op: "add",
                sat: false,
                exec: Exec::simd(4),
                pred: None,
                dst: Dst { var: vec, offset: 0, hstride: 2 },
                srcs: vec![Operand::Region(src), Operand::Imm(Imm { bits: 7, ty: Type::D })],
            },
            Inst::OwordSt {
                owords: 2,
                surface: buf,
                offset: Operand::Imm(Imm { bits: 2, ty: Type::UD }),
                src: Raw { var: vec, offset: 0 },
            },
            Inst::Ret,
        ],
    });
    (k, buf, vec)
}

fn errors(k: &Kernel) -> String {
    match verify(k) {
        Ok(()) => String::new(),
        Err(errors) => errors.join("\n"),
    }
}

fn insts(k: &mut Kernel) -> &mut Vec<Inst> {
    &mut k.blocks[0].insts
}

#[test]
fn valid_kernel_prints_as_visaasm() {
    let (k, _, _) = valid();
    assert_eq!(errors(&k), "");
    let expected = "\
.version 4.1
.kernel \"k\"
.decl T6 v_type=T num_elts=1                                             // %buf
.decl V32 v_type=G type=d num_elts=8 align=GRF                           // %v
.input T6 offset=32 size=4
.kernel_attr SLMSize=0
.kernel_attr Target=\"cm\"
.function \"k_BB_0\"

k_BB_0:
    oword_ld (2) T6 0x0:ud V32.0
    add (M1, 4) V32(0,0)<2> V32(0,0)<2;1,0> 0x7:d
    oword_st (2) T6 0x2:ud V32.0
    ret (M1, 1)
";
    assert_eq!(render(&k), expected);
}

#[test]
fn positions_are_rows_and_columns_of_the_grf() {
    let (mut k, _, _) = valid();
    let big = k.add_general(Type::F, 32, "");
    let alias = k.add_alias(big, 64, Type::UW, 16, "");
    insts(&mut k).insert(
        0,
        Inst::Alu {
            op: "mov",
            sat: true,
            exec: Exec { size: 8, offset: 8, no_mask: true },
            pred: None,
            dst: Dst { var: big, offset: 36, hstride: 1 },
            srcs: vec![Operand::Region(Src {
                var: alias,
                offset: 2,
                region: Region { vstride: 8, width: 8, hstride: 1 },
                modifier: Modifier::NegAbs,
            })],
        },
    );
    assert_eq!(errors(&k), "");
    let text = render(&k);
    assert!(text.contains(".decl V34 v_type=G type=uw num_elts=16 alias=<V33, 64>"), "{text}");
    assert!(text.contains("mov.sat (M3_NM, 8) V33(1,1)<1> (-abs)V34(0,1)<8;8,1>"), "{text}");
}

#[test]
fn region_outside_its_variable() {
    let (mut k, _, vec) = valid();
    insts(&mut k)[1] = Inst::Alu {
        op: "mov",
        sat: false,
        exec: Exec::simd(8),
        pred: None,
        dst: Dst { var: vec, offset: 0, hstride: 1 },
        srcs: vec![Operand::Region(Src {
            var: vec,
            offset: 4,
            region: Region { vstride: 1, width: 1, hstride: 0 },
            modifier: Modifier::None,
        })],
    };
    assert!(errors(&k).contains("source 0: reaches byte 36 of V32 (32 bytes)"), "{}", errors(&k));
}

#[test]
fn destination_outside_its_variable() {
    let (mut k, _, _) = valid();
    if let Inst::Alu { dst, .. } = &mut insts(&mut k)[1] {
        dst.offset = 8;
    }
    assert!(errors(&k).contains("destination: reaches byte 36 of V32"), "{}", errors(&k));
}

#[test]
fn execution_size_and_mask() {
    let (mut k, _, _) = valid();
    if let Inst::Alu { exec, .. } = &mut insts(&mut k)[1] {
        *exec = Exec { size: 3, offset: 0, no_mask: false };
    }
    assert!(errors(&k).contains("execution size 3"), "{}", errors(&k));
    let (mut k, _, _) = valid();
    if let Inst::Alu { exec, .. } = &mut insts(&mut k)[1] {
        *exec = Exec { size: 4, offset: 30, no_mask: false };
    }
    assert!(errors(&k).contains("mask offset 30"), "{}", errors(&k));
}

#[test]
fn unknown_opcode_and_arity_and_saturation() {
    let (mut k, _, _) = valid();
    if let Inst::Alu { op, .. } = &mut insts(&mut k)[1] {
        *op = "frobnicate";
    }
    assert!(errors(&k).contains("unknown ALU opcode 'frobnicate'"));
    let (mut k, _, _) = valid();
    if let Inst::Alu { op, .. } = &mut insts(&mut k)[1] {
        *op = "mov";
    }
    assert!(errors(&k).contains("mov takes 1 sources, not 2"));
    let (mut k, _, _) = valid();
    if let Inst::Alu { op, sat, .. } = &mut insts(&mut k)[1] {
        *op = "and";
        *sat = true;
    }
    assert!(errors(&k).contains("and cannot saturate"));
}

#[test]
fn region_parameters() {
    let (mut k, _, _) = valid();
    if let Inst::Alu { srcs, .. } = &mut insts(&mut k)[1] {
        if let Operand::Region(src) = &mut srcs[0] {
            src.region = Region { vstride: 3, width: 1, hstride: 0 };
        }
    }
    assert!(errors(&k).contains("stride 3"), "{}", errors(&k));
    let (mut k, _, _) = valid();
    if let Inst::Alu { dst, .. } = &mut insts(&mut k)[1] {
        dst.hstride = 8;
    }
    assert!(errors(&k).contains("destination: stride 8"), "{}", errors(&k));
}

#[test]
fn predicates_must_be_predicate_variables_wide_enough() {
    let (mut k, _, vec) = valid();
    let p = k.add_var(Category::Predicate { elems: 2 }, Origin::Declared, "");
    if let Inst::Alu { pred, .. } = &mut insts(&mut k)[1] {
        *pred = Some(Pred::lane(p, true));
    }
    assert!(errors(&k).contains("predicate: P1 has 2 bits for execution size 4"), "{}", errors(&k));
    if let Inst::Alu { pred, .. } = &mut insts(&mut k)[1] {
        *pred = Some(Pred::lane(vec, false));
    }
    assert!(errors(&k).contains("V32 is not a predicate variable"), "{}", errors(&k));
}

#[test]
fn message_payload_must_start_a_grf() {
    let (mut k, _, _) = valid();
    let small = k.add_general(Type::D, 4, "");
    if let Inst::OwordLd { dst, .. } = &mut insts(&mut k)[0] {
        *dst = Raw { var: small, offset: 0 };
    }
    let e = errors(&k);
    assert!(e.contains("destination: reaches byte 32 of V33 (16 bytes)"), "{e}");
    let (mut k, _, vec) = valid();
    let big = k.add_general(Type::D, 32, "");
    let _ = vec;
    if let Inst::OwordLd { dst, .. } = &mut insts(&mut k)[0] {
        *dst = Raw { var: big, offset: 16 };
    }
    assert!(errors(&k).contains("at byte 16 does not start a GRF"), "{}", errors(&k));
}

#[test]
fn surfaces_must_be_surface_variables() {
    let (mut k, _, vec) = valid();
    if let Inst::OwordSt { surface, .. } = &mut insts(&mut k)[2] {
        *surface = vec;
    }
    assert!(errors(&k).contains("surface operand V32 is not a surface variable"));
}

#[test]
fn inputs_placement() {
    let (mut k, buf, vec) = valid();
    k.inputs.push(Input { var: vec, offset: 34, size: 32, implicit: None });
    let e = errors(&k);
    assert!(e.contains("input V32: a input of more than a GRF must start a GRF") || e.contains("overlaps"), "{e}");
    assert!(e.contains("input V32: overlaps input T6"), "{e}");
    let (mut k, _, _) = valid();
    k.inputs[0] = Input { var: buf, offset: 30, size: 4, implicit: None };
    let e = errors(&k);
    assert!(e.contains("lie outside the payload"), "{e}");
    assert!(e.contains("cross a GRF boundary"), "{e}");
    let (mut k, _, _) = valid();
    k.inputs[0].size = 8;
    assert!(errors(&k).contains("input T6: size 8 but the variable has 4 bytes"));
}

#[test]
fn alias_must_lie_inside_its_base() {
    let (mut k, _, vec) = valid();
    k.add_alias(vec, 16, Type::D, 8, "");
    assert!(errors(&k).contains("alias V33: bytes 16..48 lie outside its base V32 (32 bytes)"), "{}", errors(&k));
}

#[test]
fn control_flow() {
    let (mut k, _, _) = valid();
    insts(&mut k).pop();
    assert!(errors(&k).contains("the kernel does not end with ret"));
    let (mut k, _, _) = valid();
    let nowhere = k.add_label("nowhere");
    insts(&mut k).insert(0, Inst::Jmp { pred: None, target: nowhere });
    assert!(errors(&k).contains("jmp to label 1 that no block defines"), "{}", errors(&k));
    let (mut k, _, _) = valid();
    let again = k.blocks[0].clone();
    k.blocks.push(again);
    assert!(errors(&k).contains("label k_BB_0 is defined twice"));
}

#[test]
fn media_block_limits() {
    let (mut k, buf, _) = valid();
    let data = k.add_general(Type::UB, 256, "");
    let zero = Operand::Imm(Imm { bits: 0, ty: Type::D });
    insts(&mut k).insert(
        0,
        Inst::MediaLd {
            modifier: 0,
            width: 32,
            height: 8,
            surface: buf,
            plane: 0,
            x: zero,
            y: zero,
            dst: Raw { var: data, offset: 0 },
        },
    );
    assert_eq!(errors(&k), "");
    assert!(render(&k).contains("media_ld.nomod (32,8) T6 0 0x0:d 0x0:d V33.0"));
    if let Inst::MediaLd { height, .. } = &mut insts(&mut k)[0] {
        *height = 9;
    }
    assert!(errors(&k).contains("payload: reaches byte 288 of V33 (256 bytes)"), "{}", errors(&k));
}

/// A scaled gather, an atomic and an indirect read on the valid kernel's variables.
fn with_messages() -> (Kernel, VarId, VarId, VarId) {
    let (mut k, buf, vec) = valid();
    let addr = k.add_var(Category::Address { elems: 1 }, Origin::Declared, "");
    let out = k.add_general(Type::UD, 16, "%out");
    let raw = |var| Raw { var, offset: 0 };
    let extra = vec![
        Inst::Message(Message::Scaled {
            store: false,
            blocks: 4,
            exec: Exec::simd(8),
            pred: None,
            surface: buf,
            offset: Operand::Imm(Imm { bits: 0, ty: Type::UD }),
            offsets: raw(vec),
            data: raw(out),
        }),
        Inst::Message(Message::DwordAtomic {
            op: "add",
            exec: Exec::simd(8),
            pred: None,
            surface: buf,
            offsets: raw(vec),
            srcs: [Some(raw(out)), None],
            dst: Some(raw(out)),
        }),
        Inst::AddrAdd {
            exec: Exec { size: 1, offset: 0, no_mask: true },
            dst: addr,
            dst_elem: 0,
            base: vec,
            offset: 0,
            index: Operand::Imm(Imm { bits: 4, ty: Type::UW }),
        },
        Inst::Alu {
            op: "mov",
            sat: false,
            exec: Exec::simd(4),
            pred: None,
            dst: Dst { var: out, offset: 0, hstride: 1 },
            srcs: vec![Operand::Indirect(IndirectSrc {
                addr,
                addr_elem: 0,
                offset: 8,
                region: Region { vstride: 1, width: 1, hstride: 0 },
                ty: Type::D,
                modifier: Modifier::None,
                multi: false,
            })],
        },
    ];
    let at = insts(&mut k).len() - 1;
    insts(&mut k).splice(at..at, extra);
    (k, buf, vec, addr)
}

#[test]
fn messages_and_indirect_operands_print_as_visaasm() {
    let (k, _, _, _) = with_messages();
    assert_eq!(errors(&k), "");
    let text = render(&k);
    assert!(text.contains("    gather_scaled.4 (M1, 8) T6 0x0:ud V32.0 V33.0\n"), "{text}");
    assert!(text.contains("    dword_atomic.add (M1, 8) T6 V32.0 V33.0 %null.0 V33.0\n"), "{text}");
    assert!(text.contains("    addr_add (M1_NM, 1) A0(0)<1> &V32 0x4:uw\n"), "{text}");
    assert!(text.contains("    mov (M1, 4) V33(0,0)<1> r[A0(0),8]<1;1,0>:d\n"), "{text}");
}

#[test]
fn message_rules() {
    let (mut k, _, vec, _) = with_messages();
    // An atomic add needs its source; inc takes none.
    if let Inst::Message(Message::DwordAtomic { srcs, .. }) = &mut insts(&mut k)[4] {
        srcs[0] = None;
    }
    assert!(errors(&k).contains("atomic add takes 1 sources, not 0"), "{}", errors(&k));
    let (mut k, _, _, _) = with_messages();
    if let Inst::Message(Message::Scaled { blocks, data, .. }) = &mut insts(&mut k)[3] {
        *blocks = 3;
        data.offset = 4;
    }
    let e = errors(&k);
    assert!(e.contains("scaled message of 3 blocks"), "{e}");
    assert!(e.contains("data: V33 at byte 4 does not start a GRF"), "{e}");
    // The surface must be a surface variable.
    let (mut k, _, _, _) = with_messages();
    if let Inst::Message(Message::Scaled { surface, .. }) = &mut insts(&mut k)[3] {
        *surface = vec;
    }
    assert!(errors(&k).contains("surface operand V32 is not a surface variable"), "{}", errors(&k));
}

#[test]
fn indirect_operand_rules() {
    let (mut k, _, vec, _) = with_messages();
    if let Inst::Alu { srcs, .. } = &mut insts(&mut k)[6] {
        if let Operand::Indirect(src) = &mut srcs[0] {
            src.offset = 600;
            src.addr_elem = 1;
        }
    }
    let e = errors(&k);
    assert!(e.contains("indirect offset 600"), "{e}");
    assert!(e.contains("address elements 1..2 of A0 (1 elements)"), "{e}");
    let (mut k, _, _, _) = with_messages();
    if let Inst::AddrAdd { dst, .. } = &mut insts(&mut k)[5] {
        *dst = vec;
    }
    assert!(errors(&k).contains("addr_add destination: V32 is not an address variable"), "{}", errors(&k));
}

#[test]
fn an_alias_of_an_alias_is_refused() {
    let (mut k, _, vec) = valid();
    let a = k.add_alias(vec, 0, Type::UD, 8, "");
    k.add_var(Category::General { ty: Type::F, elems: 8, align: Align::Natural }, Origin::Alias { base: a, offset: 0 }, "");
    assert!(errors(&k).contains("is itself an alias"), "{}", errors(&k));
}

#[test]
fn a_copy_left_for_coalescing_is_refused() {
    let (mut k, _, vec) = valid();
    let other = k.add_general(Type::D, 8, "");
    insts(&mut k).insert(1, Inst::Copy { dst: other, src: vec, reason: CopyReason::Phi });
    assert!(errors(&k).contains("a copy left for coalescing"), "{}", errors(&k));
}

#[test]
fn predicate_logic_takes_predicates_of_its_arity() {
    let (mut k, _, vec) = valid();
    let p = k.add_var(Category::Predicate { elems: 8 }, Origin::Declared, "");
    let exec = Exec { size: 8, offset: 0, no_mask: true };
    insts(&mut k).insert(1, Inst::PredLogic { op: "and", exec, dst: p, srcs: vec![p] });
    assert!(errors(&k).contains("and of predicates takes 2 sources"), "{}", errors(&k));
    insts(&mut k)[1] = Inst::PredLogic { op: "not", exec, dst: p, srcs: vec![vec] };
    assert!(errors(&k).contains("is not a predicate variable"), "{}", errors(&k));
}

#[test]
fn a_goto_names_a_defined_label() {
    let (mut k, _, _) = valid();
    let nowhere = k.add_label("nowhere");
    insts(&mut k).insert(1, Inst::Goto { exec: Exec::simd(8), pred: None, target: nowhere });
    assert!(errors(&k).contains("goto to label"), "{}", errors(&k));
}

#[test]
fn a_predicate_moves_into_an_unsigned_register_wide_enough() {
    let (mut k, _, _) = valid();
    let p = k.add_var(Category::Predicate { elems: 16 }, Origin::Declared, "");
    let narrow = k.add_general(Type::UB, 1, "");
    insts(&mut k).insert(1, Inst::PredToGeneral { dst: Dst { var: narrow, offset: 0, hstride: 1 }, src: p });
    assert!(errors(&k).contains("moves into ub, uw or ud"), "{}", errors(&k));
}

#[test]
fn state_index_reads_a_surface_into_a_dword() {
    let (mut k, buf, vec) = valid();
    let index = k.add_general(Type::UD, 1, "");
    insts(&mut k).insert(0, Inst::Message(Message::ReadStateIndex { dst: index, state: buf }));
    assert_eq!(errors(&k), "");
    assert!(render(&k).contains("movs (M1_NM, 1) V33(0,0)<1> T6(0)"), "{}", render(&k));
    // The source must be a surface or sampler; the destination a dword general variable.
    insts(&mut k)[0] = Inst::Message(Message::ReadStateIndex { dst: index, state: vec });
    assert!(errors(&k).contains("movs: the source is not a surface or sampler variable"), "{}", errors(&k));
    let word = k.add_general(Type::UW, 1, "");
    insts(&mut k)[0] = Inst::Message(Message::ReadStateIndex { dst: word, state: buf });
    assert!(errors(&k).contains("movs: the destination is not a dword general variable"), "{}", errors(&k));
}

#[test]
fn avs_names_its_mode_and_format_and_fills_its_destination() {
    let (mut k, buf, _) = valid();
    let smp = k.add_var(Category::Sampler, Origin::Declared, "%smp");
    let out = k.add_general(Type::UW, 256, "%out");
    let f = |bits: u32| Operand::Imm(Imm { bits: bits as u64, ty: Type::F });
    let ud = Operand::Imm(Imm { bits: 0, ty: Type::UD });
    let avs = Message::Avs {
        channels: 15,
        format: 0,
        mode: 0,
        sampler: smp,
        surface: buf,
        coords: [f(0), f(0), f(0x3c23d70a), f(0x3c23d70a), f(0), f(0)],
        block: [ud, ud],
        ief_bypass: Operand::Imm(Imm { bits: 0, ty: Type::UW }),
        dst: Raw { var: out, offset: 0 },
    };
    insts(&mut k).insert(0, Inst::Message(avs));
    assert_eq!(errors(&k), "");
    let text = render(&k);
    assert!(
        text.contains("avs.RGBA T6 S1 0x0:f 0x0:f 0x3c23d70a:f 0x3c23d70a:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw V33.0\n"),
        "{text}"
    );
    // 16x8 delivers 128 pixels per channel: 1024 bytes, more than the 512 of the destination.
    if let Inst::Message(Message::Avs { mode, .. }) = &mut insts(&mut k)[0] {
        *mode = 2;
    }
    assert!(errors(&k).contains("destination: reaches byte 1024 of V33 (512 bytes)"), "{}", errors(&k));
    // 8x4 has no name in the text form.
    if let Inst::Message(Message::Avs { mode, format, .. }) = &mut insts(&mut k)[0] {
        (*mode, *format) = (1, 2);
    }
    assert!(errors(&k).contains("avs execution mode 1"), "{}", errors(&k));
    if let Inst::Message(Message::Avs { sampler, mode, .. }) = &mut insts(&mut k)[0] {
        (*sampler, *mode) = (buf, 0);
    }
    assert!(errors(&k).contains("avs: the sampler operand is not a sampler variable"), "{}", errors(&k));
}
