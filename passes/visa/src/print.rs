//! The `.visaasm` printer: a [`Kernel`] as the text `GenX_IR` assembles.
//!
//! Layout (what IGC's own dumps look like, and what GenX_IR's grammar needs): `.version 4.1`, `.kernel`, the
//! declarations in creation order, declared variables before aliases, the `.input`s, the kernel
//! attributes, then `.function "<kernel>_BB_0"` immediately before the entry label (without it GenX_IR
//! assembles `ret` as a subroutine return instead of the end-of-thread message), then the blocks. A region
//! operand prints its byte offset as `(row, column)`: row = offset / GRF bytes, column = the rest in
//! elements of the operand's type.

use std::fmt::Write;

use crate::ir::*;

/// The `.visaasm` text of `kernel`.
pub fn render(kernel: &Kernel) -> String {
    let names = kernel.var_names();
    let p = Printer { kernel, names: &names };
    let mut out = String::new();
    let _ = writeln!(out, ".version 4.1");
    let _ = writeln!(out, ".kernel \"{}\"", kernel.name);
    // Declared variables first, then the aliases something names (a coalesced variable can become an alias of
    // a later input, and one renamed to its survivor is named by nothing).
    let mut named = vec![false; kernel.vars.len()];
    for var in kernel.insts().flat_map(Inst::vars).chain(kernel.inputs.iter().map(|i| i.var)) {
        named[var.0 as usize] = true;
    }
    let order = (0..kernel.vars.len())
        .filter(|&i| !matches!(kernel.vars[i].origin, Origin::Alias { .. }))
        .chain((0..kernel.vars.len()).filter(|&i| matches!(kernel.vars[i].origin, Origin::Alias { .. }) && named[i]));
    // A declared variable is aligned for the widest type an alias views it as (a pair of dwords read as one
    // qword: vISA requires the base to be at least type-aligned to each alias).
    let mut widest = vec![0u32; kernel.vars.len()];
    for (index, var) in kernel.vars.iter().enumerate() {
        if let (Origin::Alias { base, .. }, Category::General { ty, .. }, true) = (&var.origin, &var.category, named[index]) {
            let root = kernel.root_of(*base).0 as usize;
            widest[root] = widest[root].max(ty.bytes());
        }
    }
    for index in order {
        let var = &kernel.vars[index];
        let name = &names[index];
        let decl = match (&var.category, &var.origin) {
            (_, Origin::Predefined(_)) => continue,
            (Category::General { ty, elems, align }, origin) => {
                let placement = match origin {
                    Origin::Alias { base, offset } => {
                        format!("alias=<{}, {offset}>", names[base.0 as usize])
                    }
                    _ => format!(
                        "align={}",
                        match align {
                            Align::Grf => "GRF",
                            Align::Natural => match ty.bytes().max(widest[index]) {
                                1 => "byte",
                                2 => "word",
                                4 => "dword",
                                _ => "qword",
                            },
                        }
                    ),
                };
                format!(".decl {name} v_type=G type={} num_elts={elems} {placement}", ty.name())
            }
            (Category::Predicate { elems }, _) => format!(".decl {name} v_type=P num_elts={elems}"),
            (Category::Address { elems }, _) => format!(".decl {name} v_type=A num_elts={elems}"),
            (Category::Surface, _) => format!(".decl {name} v_type=T num_elts=1"),
            (Category::Sampler, _) => format!(".decl {name} v_type=S num_elts=1"),
        };
        if var.note.is_empty() {
            let _ = writeln!(out, "{decl}");
        } else {
            let _ = writeln!(out, "{decl:<72} // {}", var.note);
        }
    }
    for input in &kernel.inputs {
        let directive = input.implicit.map_or_else(|| ".input".to_string(), |kind| format!(".implicit_{kind}"));
        let _ = writeln!(out, "{directive} {} offset={} size={}", names[input.var.0 as usize], input.offset, input.size);
    }
    let _ = writeln!(out, ".kernel_attr SLMSize={}", kernel.slm_size.div_ceil(1024));
    let _ = writeln!(out, ".kernel_attr Target=\"cm\"");
    for (index, block) in kernel.blocks.iter().enumerate() {
        if index == 0 {
            let _ = writeln!(out, ".function \"{}\"", kernel.labels[block.label.0 as usize]);
        }
        let _ = writeln!(out, "\n{}:", kernel.labels[block.label.0 as usize]);
        for inst in &block.insts {
            let _ = writeln!(out, "    {}", p.inst(inst));
        }
    }
    out
}

struct Printer<'a> {
    kernel: &'a Kernel,
    names: &'a [String],
}

impl Printer<'_> {
    fn name(&self, var: VarId) -> &str {
        &self.names[var.0 as usize]
    }

    fn ty(&self, var: VarId) -> Type {
        self.kernel.var(var).ty().unwrap_or(Type::UD)
    }

    /// `(row,column)` of a byte offset in `var`.
    fn position(&self, var: VarId, offset: u32) -> String {
        let grf = self.kernel.grf_bytes.max(1);
        format!("({},{})", offset / grf, offset % grf / self.ty(var).bytes())
    }

    fn exec(&self, exec: &Exec) -> String {
        let mask = exec.offset / 4 + 1;
        format!("(M{mask}{}, {})", if exec.no_mask { "_NM" } else { "" }, exec.size)
    }

    fn pred(&self, pred: &Option<Pred>) -> String {
        match pred {
            Some(pred) => format!(
                "({}{}{}) ",
                if pred.negate { "!" } else { "" },
                self.name(pred.var),
                match pred.ctrl {
                    PredCtrl::Lane => "",
                    PredCtrl::Any => ".any",
                    PredCtrl::All => ".all",
                }
            ),
            None => String::new(),
        }
    }

    fn dst(&self, dst: &Dst) -> String {
        format!("{}{}<{}>", self.name(dst.var), self.position(dst.var, dst.offset), dst.hstride)
    }

    fn operand(&self, operand: &Operand) -> String {
        match operand {
            Operand::Imm(imm) => format!("0x{:x}:{}", imm.bits, imm.ty.name()),
            Operand::Indirect(src) => {
                let Region { vstride, width, hstride } = src.region;
                let region =
                    if src.multi { format!("<{width},{hstride}>") } else { format!("<{vstride};{width},{hstride}>") };
                format!(
                    "{}{}{region}:{}",
                    modifier_text(src.modifier),
                    self.indirect(src.addr, src.addr_elem, src.offset),
                    src.ty.name()
                )
            }
            Operand::Region(src) => {
                let modifier = modifier_text(src.modifier);
                let Region { vstride, width, hstride } = src.region;
                format!(
                    "{modifier}{}{}<{vstride};{width},{hstride}>",
                    self.name(src.var),
                    self.position(src.var, src.offset)
                )
            }
        }
    }

    fn indirect(&self, addr: VarId, addr_elem: u32, offset: i32) -> String {
        format!("r[{}({addr_elem}),{offset}]", self.name(addr))
    }

    fn raw(&self, raw: &Raw) -> String {
        format!("{}.{}", self.name(raw.var), raw.offset)
    }

    fn inst(&self, inst: &Inst) -> String {
        match inst {
            Inst::Alu { op, sat, exec, pred, dst, srcs } => {
                let mut text = format!(
                    "{}{op}{} {} {}",
                    self.pred(pred),
                    if *sat { ".sat" } else { "" },
                    self.exec(exec),
                    self.dst(dst)
                );
                for src in srcs {
                    text.push(' ');
                    text.push_str(&self.operand(src));
                }
                text
            }
            Inst::Cmp { rel, exec, dst, srcs } => {
                let dst = match dst {
                    CmpDst::Pred(var) => self.name(*var).to_string(),
                    CmpDst::General(dst) => self.dst(dst),
                };
                format!(
                    "cmp.{} {} {dst} {} {}",
                    rel.name(),
                    self.exec(exec),
                    self.operand(&srcs[0]),
                    self.operand(&srcs[1])
                )
            }
            Inst::AddC { exec, borrow, dst, carry, srcs } => format!(
                "{} {} {} {} {} {}",
                if *borrow { "subb" } else { "addc" },
                self.exec(exec),
                self.dst(dst),
                self.dst(carry),
                self.operand(&srcs[0]),
                self.operand(&srcs[1])
            ),
            Inst::Setp { exec, dst, value } => {
                format!("setp {} {} {}", self.exec(exec), self.name(*dst), self.operand(value))
            }
            Inst::Jmp { pred, target } => {
                format!("{}jmp (M1, 1) {}", self.pred(pred), self.kernel.labels[target.0 as usize])
            }
            Inst::Goto { exec, pred, target } => {
                format!("{}goto {} {}", self.pred(pred), self.exec(exec), self.kernel.labels[target.0 as usize])
            }
            Inst::PredLogic { op, exec, dst, srcs } => {
                let mut text = format!("{op} {} {}", self.exec(exec), self.name(*dst));
                for src in srcs {
                    text.push(' ');
                    text.push_str(self.name(*src));
                }
                text
            }
            Inst::PredToGeneral { dst, src } => {
                format!("mov (M1_NM, 1) {} {}", self.dst(dst), self.name(*src))
            }
            // The verifier refuses a kernel that still has one; coalescing expands them.
            Inst::Copy { dst, src, reason } => {
                format!("// copy {} <- {} ({})", self.name(*dst), self.name(*src), reason.name())
            }
            Inst::Ret => "ret (M1, 1)".to_string(),
            Inst::OwordLd { owords, unaligned, modified, surface, offset, dst } => format!(
                "oword_ld{}{} ({owords}) {} {} {}",
                if *unaligned { "_unaligned" } else { "" },
                if *modified { ".mod" } else { "" },
                self.name(*surface),
                self.operand(offset),
                self.raw(dst)
            ),
            Inst::OwordSt { owords, surface, offset, src } => {
                format!("oword_st ({owords}) {} {} {}", self.name(*surface), self.operand(offset), self.raw(src))
            }
            Inst::SvmBlockLd { owords, address, dst } => {
                format!("svm_block_ld ({owords}) {} {}", self.operand(address), self.raw(dst))
            }
            Inst::SvmBlockSt { owords, address, src } => {
                format!("svm_block_st ({owords}) {} {}", self.operand(address), self.raw(src))
            }
            Inst::MediaLd { modifier, width, height, surface, plane, x, y, dst } => format!(
                "media_ld.{} ({width},{height}) {} {plane} {} {} {}",
                media_modifier(*modifier),
                self.name(*surface),
                self.operand(x),
                self.operand(y),
                self.raw(dst)
            ),
            Inst::MediaSt { modifier, width, height, surface, plane, x, y, src } => format!(
                "media_st.{} ({width},{height}) {} {plane} {} {} {}",
                media_modifier(*modifier),
                self.name(*surface),
                self.operand(x),
                self.operand(y),
                self.raw(src)
            ),
            Inst::AddrAdd { exec, dst, dst_elem, base, offset, index } => {
                let base = if *offset == 0 {
                    format!("&{}", self.name(*base))
                } else {
                    format!("&{}[{offset}]", self.name(*base))
                };
                format!("addr_add {} {}({dst_elem})<1> {base} {}", self.exec(exec), self.name(*dst), self.operand(index))
            }
            Inst::MovIndirect { exec, pred, addr, addr_elem, offset, hstride, ty, src } => format!(
                "{}mov {} {}<{hstride}>:{} {}",
                self.pred(pred),
                self.exec(exec),
                self.indirect(*addr, *addr_elem, *offset),
                ty.name(),
                self.operand(src)
            ),
            Inst::Message(message) => crate::message::print(self, message),
        }
    }
}

impl crate::message::Spell for Printer<'_> {
    fn name(&self, var: VarId) -> &str {
        Printer::name(self, var)
    }
    fn exec(&self, exec: &Exec) -> String {
        Printer::exec(self, exec)
    }
    fn pred(&self, pred: &Option<Pred>) -> String {
        Printer::pred(self, pred)
    }
    fn operand(&self, operand: &Operand) -> String {
        Printer::operand(self, operand)
    }
    fn raw(&self, raw: &Raw) -> String {
        Printer::raw(self, raw)
    }
}

/// A source modifier's spelling.
fn modifier_text(modifier: Modifier) -> &'static str {
    match modifier {
        Modifier::None => "",
        Modifier::Neg => "(-)",
        Modifier::Abs => "(abs)",
        Modifier::NegAbs => "(-abs)",
        Modifier::Not => "(~)",
    }
}

/// The media block modifier's spelling (vISA's `MEDIA_LD_mod` / `MEDIA_ST_mod`).
fn media_modifier(modifier: u32) -> &'static str {
    match modifier {
        1 => "modified",
        2 => "top",
        3 => "bottom",
        4 => "top_mod",
        5 => "bottom_mod",
        _ => "nomod",
    }
}
