//! The verifier: what must hold of a [`Kernel`] before it is printed and handed to the finalizer. Each
//! failure is a sentence naming the block, the instruction's index in it and the operand, so a lowering bug is
//! found here rather than as a GenX_IR parse error or, worse, wrong code.
//!
//! Checked:
//! * variables: a general variable has 1..=4096 elements; an alias's base is a root (not an alias), is general, and
//!   the alias lies inside the base; predefined variables are not inputs;
//! * inputs: a general, surface or sampler variable; size = the variable's bytes (4 for surfaces and samplers);
//!   offset from one GRF (r0 is the thread header) to the end of the 128-GRF payload; an input smaller than a
//!   GRF does not cross a GRF boundary, a larger one starts a GRF; no two overlap;
//! * instructions: execution size 1, 2, 4, 8, 16 or 32 and mask offset a multiple of 4 with offset + size <=
//!   32 (a NoMask instruction may use any); ALU opcodes known with their source count, `.sat` where allowed;
//!   every region operand names a general variable and every element it reads or writes lies inside it
//!   (aliases included, as offsets in their root); region parameters are vISA's (width 1..16, power of two,
//!   dividing the execution size; strides 0 or powers of two up to 32; destination stride 1, 2 or 4); a
//!   predicate names a predicate variable of at least offset + size bits, a compare's predicate destination
//!   too (and a setp's); surfaces are surface variables; raw operands start a GRF of a GRF-aligned root and the message's
//!   bytes fit; oword counts 1, 2, 4 or 8 (SVM blocks too, with a 64-bit
//!   address); media blocks at most 64 bytes wide, 64 rows high; indirect operands name an address
//!   variable with the elements they use, with an immediate offset in -512..=511, and `addr_add` a general base; the per-lane messages as
//!   [`crate::message`] lists;
//! * control: labels are defined once and every jump and goto names one; the last block ends with `ret`;
//!   predicate logic has predicate operands only, a predicate moved to a general variable fits it, and no
//!   [`Inst::Copy`] is left (coalescing expands them).
//!
//! Not checked: the GRF-crossing rules of regions (the finalizer splits what crosses), operand type
//! combinations per opcode, and whether a variable is defined before it is read.

use std::collections::HashSet;

use crate::ir::*;
use crate::opcodes;

/// Verifies `kernel`; the errors, if any, one sentence each.
pub fn verify(kernel: &Kernel) -> Result<(), Vec<String>> {
    let mut v = Verifier { kernel, errors: Vec::new(), names: kernel.var_names() };
    v.vars();
    v.inputs();
    v.blocks();
    if v.errors.is_empty() {
        Ok(())
    } else {
        Err(v.errors)
    }
}

struct Verifier<'a> {
    kernel: &'a Kernel,
    errors: Vec<String>,
    names: Vec<String>,
}

fn is_pow2_upto(n: u32, max: u32) -> bool {
    n.is_power_of_two() && n <= max
}

impl Verifier<'_> {
    fn name(&self, var: VarId) -> &str {
        self.names.get(var.0 as usize).map(String::as_str).unwrap_or("<unknown>")
    }

    fn exists(&self, var: VarId) -> bool {
        (var.0 as usize) < self.kernel.vars.len()
    }

    fn vars(&mut self) {
        for (index, var) in self.kernel.vars.iter().enumerate() {
            let name = &self.names[index];
            if let Category::General { elems, .. } = var.category {
                if !(1..=4096).contains(&elems) {
                    self.errors.push(format!("variable {name}: {elems} elements (1 to 4096 allowed)"));
                }
            }
            if let Origin::Alias { base, offset } = var.origin {
                if base.0 as usize >= self.kernel.vars.len() || base.0 as usize == index {
                    self.errors.push(format!("alias {name}: its base does not exist"));
                    continue;
                }
                if matches!(self.kernel.var(base).origin, Origin::Alias { .. }) {
                    self.errors.push(format!("alias {name}: its base {} is itself an alias", self.names[base.0 as usize]));
                    continue;
                }
                let base_var = self.kernel.var(base);
                if !matches!(base_var.category, Category::General { .. })
                    || !matches!(var.category, Category::General { .. })
                {
                    self.errors.push(format!("alias {name}: only general variables alias"));
                } else if offset + var.bytes() > base_var.bytes() {
                    self.errors.push(format!(
                        "alias {name}: bytes {offset}..{} lie outside its base {} ({} bytes)",
                        offset + var.bytes(),
                        self.names[base.0 as usize],
                        base_var.bytes()
                    ));
                }
            }
        }
    }

    fn inputs(&mut self) {
        let grf = self.kernel.grf_bytes;
        let mut placed: Vec<(u32, u32, VarId)> = Vec::new();
        for input in &self.kernel.inputs {
            if !self.exists(input.var) {
                self.errors.push(format!("input {}: no such variable", input.var.0));
                continue;
            }
            let var = self.kernel.var(input.var);
            let name = self.name(input.var).to_string();
            let expected = match (&var.category, &var.origin) {
                (_, Origin::Predefined(_)) => {
                    self.errors.push(format!("input {name}: a predefined variable cannot be an input"));
                    continue;
                }
                (Category::General { .. }, _) => var.bytes(),
                (Category::Surface | Category::Sampler, _) => 4,
                _ => {
                    self.errors.push(format!("input {name}: predicates and addresses cannot be inputs"));
                    continue;
                }
            };
            if input.size != expected {
                self.errors.push(format!("input {name}: size {} but the variable has {expected} bytes", input.size));
            }
            let (start, end) = (input.offset, input.offset + input.size);
            if start < grf || end > 128 * grf {
                self.errors
                    .push(format!("input {name}: bytes {start}..{end} lie outside the payload ({grf}..{})", 128 * grf));
            }
            if input.size <= grf && start / grf != (end - 1) / grf {
                self.errors.push(format!("input {name}: bytes {start}..{end} cross a GRF boundary"));
            }
            if input.size > grf && start % grf != 0 {
                self.errors.push(format!("input {name}: a input of more than a GRF must start a GRF (offset {start})"));
            }
            for &(other_start, other_end, other) in &placed {
                if start < other_end && other_start < end {
                    self.errors.push(format!("input {name}: overlaps input {}", self.name(other)));
                }
            }
            placed.push((start, end, input.var));
        }
    }

    fn blocks(&mut self) {
        let mut defined = HashSet::new();
        for block in &self.kernel.blocks {
            if block.label.0 as usize >= self.kernel.labels.len() {
                self.errors.push(format!("block label {} does not exist", block.label.0));
            } else if !defined.insert(block.label) {
                self.errors.push(format!("label {} is defined twice", self.kernel.labels[block.label.0 as usize]));
            }
        }
        for block in &self.kernel.blocks {
            let label = self.kernel.labels.get(block.label.0 as usize).cloned().unwrap_or_default();
            for (index, inst) in block.insts.iter().enumerate() {
                let mut errors = Vec::new();
                self.inst(inst, &defined, &mut errors);
                for error in errors {
                    self.errors.push(format!("{label}, instruction {index}: {error}"));
                }
            }
        }
        match self.kernel.blocks.last().and_then(|block| block.insts.last()) {
            Some(Inst::Ret) => {}
            _ => self.errors.push("the kernel does not end with ret".to_string()),
        }
    }

    fn exec(&self, exec: &Exec, errors: &mut Vec<String>) {
        if !is_pow2_upto(exec.size, 32) {
            errors.push(format!("execution size {} (1, 2, 4, 8, 16 or 32 allowed)", exec.size));
        }
        if exec.offset % 4 != 0 || exec.offset + exec.size > 32 {
            errors.push(format!("mask offset {} with execution size {}", exec.offset, exec.size));
        }
    }

    /// Checks that `var` is a general variable and that `n` elements at the given byte offsets fit in it.
    fn fits(&self, what: &str, var: VarId, last_byte: u32, errors: &mut Vec<String>) -> bool {
        if !self.exists(var) {
            errors.push(format!("{what}: no such variable {}", var.0));
            return false;
        }
        let v = self.kernel.var(var);
        if !matches!(v.category, Category::General { .. }) {
            errors.push(format!("{what}: {} is not a general variable", self.name(var)));
            return false;
        }
        // Predefined variables have no size here; the finalizer knows them.
        if !matches!(v.origin, Origin::Predefined(_)) && last_byte > v.bytes() {
            errors.push(format!("{what}: reaches byte {last_byte} of {} ({} bytes)", self.name(var), v.bytes()));
            return false;
        }
        true
    }

    fn operand(&self, what: &str, operand: &Operand, exec: &Exec, errors: &mut Vec<String>) {
        let src = match operand {
            Operand::Region(src) => src,
            Operand::Imm(_) => return,
            Operand::Indirect(src) => {
                self.region(what, &src.region, exec, errors);
                let rows = if src.multi { exec.size / src.region.width.max(1) } else { 1 };
                self.address(what, src.addr, src.addr_elem, rows, src.offset, errors);
                return;
            }
        };
        if !self.region(what, &src.region, exec, errors) {
            return;
        }
        if !self.exists(src.var) {
            errors.push(format!("{what}: no such variable {}", src.var.0));
            return;
        }
        let bytes = self.kernel.var(src.var).ty().map_or(1, Type::bytes);
        let last = src.region.element_offsets(exec.size, bytes).max().unwrap_or(0) + src.offset + bytes;
        if src.offset % bytes != 0 {
            errors.push(format!("{what}: byte offset {} is not a multiple of the element size", src.offset));
        }
        self.fits(what, src.var, last, errors);
    }

    /// An indirect operand's address: `elems` elements from `elem` of an address variable, and an immediate
    /// byte offset in vISA's range (-512..=511).
    fn address(&self, what: &str, addr: VarId, elem: u32, elems: u32, offset: i32, errors: &mut Vec<String>) {
        if !self.exists(addr) {
            errors.push(format!("{what}: no such address variable {}", addr.0));
            return;
        }
        match self.kernel.var(addr).category {
            Category::Address { elems: n } if elem + elems <= n => {}
            Category::Address { elems: n } => errors.push(format!(
                "{what}: address elements {elem}..{} of {} ({n} elements)",
                elem + elems,
                self.name(addr)
            )),
            _ => errors.push(format!("{what}: {} is not an address variable", self.name(addr))),
        }
        if !(-512..=511).contains(&offset) {
            errors.push(format!("{what}: indirect offset {offset} (-512 to 511 bytes allowed)"));
        }
    }

    /// Whether a source region's parameters are vISA's for `exec`.
    fn region(&self, what: &str, region: &Region, exec: &Exec, errors: &mut Vec<String>) -> bool {
        let Region { vstride, width, hstride } = *region;
        if !is_pow2_upto(width, 16) || (exec.size % width != 0 && width != 1) || width > exec.size {
            errors.push(format!("{what}: width {width} with execution size {}", exec.size));
            return false;
        }
        for stride in [vstride, hstride] {
            if stride != 0 && !is_pow2_upto(stride, 32) {
                errors.push(format!("{what}: stride {stride} (0 or a power of two up to 32 allowed)"));
                return false;
            }
        }
        true
    }

    fn dst(&self, dst: &Dst, exec: &Exec, errors: &mut Vec<String>) {
        if ![1, 2, 4].contains(&dst.hstride) {
            errors.push(format!("destination: stride {} (1, 2 or 4 allowed)", dst.hstride));
            return;
        }
        if !self.exists(dst.var) {
            errors.push(format!("destination: no such variable {}", dst.var.0));
            return;
        }
        let bytes = self.kernel.var(dst.var).ty().map_or(1, Type::bytes);
        let last = dst.offset + ((exec.size - 1) * dst.hstride + 1) * bytes;
        if dst.offset % bytes != 0 {
            errors.push(format!("destination: byte offset {} is not a multiple of the element size", dst.offset));
        }
        self.fits("destination", dst.var, last, errors);
    }

    fn pred(&self, pred: &Option<Pred>, exec: &Exec, errors: &mut Vec<String>) {
        if let Some(pred) = pred {
            self.pred_var("predicate", pred.var, exec, errors);
        }
    }

    fn pred_var(&self, what: &str, var: VarId, exec: &Exec, errors: &mut Vec<String>) {
        if !self.exists(var) {
            errors.push(format!("{what}: no such variable {}", var.0));
            return;
        }
        match self.kernel.var(var).category {
            Category::Predicate { elems } if elems >= exec.size => {}
            Category::Predicate { elems } => {
                errors.push(format!("{what}: {} has {elems} bits for execution size {}", self.name(var), exec.size))
            }
            _ => errors.push(format!("{what}: {} is not a predicate variable", self.name(var))),
        }
    }

    fn surface(&self, var: VarId, errors: &mut Vec<String>) {
        if !self.exists(var) || !matches!(self.kernel.var(var).category, Category::Surface) {
            errors.push(format!("surface operand {} is not a surface variable", self.name(var)));
        }
    }

    fn raw(&self, what: &str, raw: &Raw, bytes: u32, errors: &mut Vec<String>) {
        if !self.fits(what, raw.var, raw.offset + bytes, errors) {
            return;
        }
        let root = self.kernel.root_of(raw.var);
        let at = self.kernel.offset_in_root(raw.var) + raw.offset;
        let aligned = matches!(self.kernel.var(root).category, Category::General { align: Align::Grf, .. });
        if !aligned || at % self.kernel.grf_bytes != 0 {
            errors.push(format!("{what}: {} at byte {at} does not start a GRF", self.name(raw.var)));
        }
    }

    fn scalar_operand(&self, what: &str, operand: &Operand, errors: &mut Vec<String>) {
        self.operand(what, operand, &Exec::simd(1), errors);
    }

    fn inst(&self, inst: &Inst, labels: &HashSet<LabelId>, errors: &mut Vec<String>) {
        match inst {
            Inst::Alu { op, sat, exec, pred, dst, srcs } => {
                self.exec(exec, errors);
                match opcodes::alu(op) {
                    None => errors.push(format!("unknown ALU opcode '{op}'")),
                    Some(info) => {
                        if info.srcs != srcs.len() {
                            errors.push(format!("{op} takes {} sources, not {}", info.srcs, srcs.len()));
                        }
                        if *sat && !info.saturates {
                            errors.push(format!("{op} cannot saturate"));
                        }
                        if info.float_only && !self.kernel.var(dst.var).ty().is_some_and(Type::is_float) {
                            errors.push(format!("{op} needs a floating-point destination"));
                        }
                    }
                }
                self.pred(pred, exec, errors);
                self.dst(dst, exec, errors);
                for (n, src) in srcs.iter().enumerate() {
                    self.operand(&format!("source {n}"), src, exec, errors);
                }
            }
            Inst::Cmp { exec, dst, srcs, .. } => {
                self.exec(exec, errors);
                match dst {
                    CmpDst::Pred(var) => self.pred_var("compare destination", *var, exec, errors),
                    CmpDst::General(dst) => self.dst(dst, exec, errors),
                }
                for (n, src) in srcs.iter().enumerate() {
                    self.operand(&format!("source {n}"), src, exec, errors);
                }
            }
            Inst::AddC { exec, dst, carry, srcs, .. } => {
                self.exec(exec, errors);
                self.dst(dst, exec, errors);
                self.dst(carry, exec, errors);
                for (n, src) in srcs.iter().enumerate() {
                    self.operand(&format!("source {n}"), src, exec, errors);
                }
                for (what, var) in [("destination", dst.var), ("carry", carry.var)] {
                    if self.exists(var) && self.kernel.var(var).ty() != Some(Type::UD) {
                        errors.push(format!("addc {what}: {} is not ud", self.name(var)));
                    }
                }
            }
            Inst::Setp { exec, dst, value } => {
                self.exec(exec, errors);
                self.pred_var("setp destination", *dst, exec, errors);
                self.scalar_operand("setp value", value, errors);
            }
            Inst::Jmp { pred, target } => {
                self.pred(pred, &Exec::simd(1), errors);
                if !labels.contains(target) {
                    errors.push(format!("jmp to label {} that no block defines", target.0));
                }
            }
            Inst::Goto { exec, pred, target } => {
                self.exec(exec, errors);
                if let Some(p) = pred {
                    self.pred_var("goto predicate", p.var, exec, errors);
                }
                if !labels.contains(target) {
                    errors.push(format!("goto to label {} that no block defines", target.0));
                }
            }
            Inst::PredLogic { op, exec, dst, srcs } => {
                self.exec(exec, errors);
                let arity = match *op {
                    "and" | "or" | "xor" => 2,
                    "not" => 1,
                    other => {
                        errors.push(format!("'{other}' is not a predicate logic operation"));
                        return;
                    }
                };
                if srcs.len() != arity {
                    errors.push(format!("{op} of predicates takes {arity} sources, not {}", srcs.len()));
                }
                self.pred_var("destination", *dst, exec, errors);
                for src in srcs {
                    self.pred_var("source", *src, exec, errors);
                }
            }
            Inst::PredToGeneral { dst, src } => {
                let one = Exec { size: 1, offset: 0, no_mask: true };
                self.dst(dst, &one, errors);
                self.pred_var("source", *src, &one, errors);
                if let (true, Category::Predicate { elems }) = (self.exists(*src), self.kernel.var(*src).category) {
                    let ok = self.kernel.var(dst.var).ty().is_some_and(|t| {
                        matches!(t, Type::UB | Type::UW | Type::UD) && t.bytes() * 8 >= elems
                    });
                    if !ok {
                        errors.push(format!("a {elems}-bit predicate moves into ub, uw or ud of as many bits"));
                    }
                }
            }
            Inst::Copy { .. } => errors.push("a copy left for coalescing (coalesce::coalesce expands them)".to_string()),
            Inst::Ret => {}
            Inst::OwordLd { owords, surface, offset, dst, .. } => {
                if ![1, 2, 4, 8].contains(owords) {
                    errors.push(format!("oword_ld of {owords} owords (1, 2, 4 or 8 allowed)"));
                }
                self.surface(*surface, errors);
                self.scalar_operand("offset", offset, errors);
                self.raw("destination", dst, owords * 16, errors);
            }
            Inst::OwordSt { owords, surface, offset, src } => {
                if ![1, 2, 4, 8].contains(owords) {
                    errors.push(format!("oword_st of {owords} owords (1, 2, 4 or 8 allowed)"));
                }
                self.surface(*surface, errors);
                self.scalar_operand("offset", offset, errors);
                self.raw("source", src, owords * 16, errors);
            }
            Inst::SvmBlockLd { owords, address, dst: raw } | Inst::SvmBlockSt { owords, address, src: raw } => {
                if ![1, 2, 4, 8].contains(owords) {
                    errors.push(format!("svm block message of {owords} owords (1, 2, 4 or 8 allowed)"));
                }
                let wide = match address {
                    Operand::Imm(imm) => imm.ty.bytes() == 8,
                    Operand::Region(src) => self.exists(src.var) && self.kernel.var(src.var).ty().is_some_and(|t| t.bytes() == 8),
                    Operand::Indirect(src) => src.ty.bytes() == 8,
                };
                if !wide {
                    errors.push("svm address: not a 64-bit operand".to_string());
                }
                self.scalar_operand("svm address", address, errors);
                self.raw("payload", raw, owords * 16, errors);
            }
            Inst::MediaLd { modifier, width, height, surface, x, y, dst, .. }
            | Inst::MediaSt { modifier, width, height, surface, x, y, src: dst, .. } => {
                if *modifier > 5 {
                    errors.push(format!("media block modifier {modifier} (0 to 5 allowed)"));
                }
                if !(1..=64).contains(width) || !(1..=64).contains(height) {
                    errors.push(format!("media block {width}x{height} (at most 64 bytes by 64 rows)"));
                }
                self.surface(*surface, errors);
                self.scalar_operand("x", x, errors);
                self.scalar_operand("y", y, errors);
                // Each row of the block takes the next power of two of its width, at least 4 bytes.
                let pitch = width.next_power_of_two().max(4);
                self.raw("payload", dst, pitch * height, errors);
            }
            Inst::AddrAdd { exec, dst, dst_elem, base, offset, index } => {
                self.exec(exec, errors);
                self.address("addr_add destination", *dst, *dst_elem, exec.size, 0, errors);
                self.fits("addr_add base", *base, offset + 1, errors);
                self.operand("addr_add index", index, exec, errors);
            }
            Inst::MovIndirect { exec, pred, addr, addr_elem, offset, hstride, src, .. } => {
                self.exec(exec, errors);
                self.pred(pred, exec, errors);
                if ![1, 2, 4].contains(hstride) {
                    errors.push(format!("indirect destination: stride {hstride} (1, 2 or 4 allowed)"));
                }
                self.address("indirect destination", *addr, *addr_elem, 1, *offset, errors);
                self.operand("source 0", src, exec, errors);
            }
            Inst::Message(message) => crate::message::verify(self, message, errors),
        }
    }
}

impl crate::message::Check for Verifier<'_> {
    fn exec(&self, exec: &Exec, errors: &mut Vec<String>) {
        Verifier::exec(self, exec, errors)
    }
    fn pred(&self, pred: &Option<Pred>, exec: &Exec, errors: &mut Vec<String>) {
        Verifier::pred(self, pred, exec, errors)
    }
    fn surface(&self, var: VarId, errors: &mut Vec<String>) {
        Verifier::surface(self, var, errors)
    }
    fn category(&self, var: VarId) -> Option<Category> {
        self.exists(var).then(|| self.kernel.var(var).category)
    }
    fn scalar_operand(&self, what: &str, operand: &Operand, errors: &mut Vec<String>) {
        Verifier::scalar_operand(self, what, operand, errors)
    }
    fn raw(&self, what: &str, raw: &Raw, bytes: u32, errors: &mut Vec<String>) {
        Verifier::raw(self, what, raw, bytes, errors)
    }
    fn grf_bytes(&self) -> u32 {
        self.kernel.grf_bytes
    }
}
