//! The `.visaasm` reader: the textual vISA that IGC dumps (`cmc -mdump_asm`) and `GenX_IR` assembles.
//!
//! Grammar: `8_appendix_visa_assembly_syntax.md` of intel/intel-graphics-compiler (tag igc-1.0.12504.6), as IGC
//! 1.0.12504 prints it. A file holds one kernel: `.version`, `.kernel "name"`, `.decl` of general (`v_type=G`),
//! address (`A`), predicate (`P`), surface (`T`) and sampler (`S`) variables (`type=`, `num_elts=`, `align=`,
//! `alias=<V, offset>`), `.input V offset=N size=N` and IGC's `.implicit_<KIND> V offset=N size=N`,
//! `.kernel_attr`, `.function "label"` (the kernel's entry when first, else a subroutine), labels `name:`, and one
//! instruction per line. Comments: lines starting `//`, a trailing `/// $n`, `/* ... */`.
//!
//! Algorithm: two passes over the lines. The first reads every `.decl` (aliases may name a variable declared
//! later), then resolves each alias chain to its root variable and byte offset; the second reads everything else,
//! resolving names to indices as it goes; label references are resolved at the end (a `goto` may jump forward).
//!
//! Invariants: a malformed file is a [`ReadError`] with its line and column, never a panic; every operand refers
//! to a variable of the kind its position needs; a region never has a zero width.
//!
//! Not handled (an error naming the construct): more than one `.kernel` in a file; instructions outside the
//! families of [`super::program::Op`] (sampler and VME messages, `raw_send`, LSC, `dpas`, typed messages).

use std::collections::HashMap;

use super::program::*;

mod surface_messages;

/// A located error: 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: u32,
    pub col: u32,
    pub message: String,
    /// The text is well formed but uses a construct the executor does not implement (named in `message`).
    pub unsupported: bool,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.col, self.message)
    }
}

type Result<T> = std::result::Result<T, ReadError>;

/// Bytes of a GRF on every platform whose vISA this reader is used for (icllp, tgllp).
pub const GRF_BYTES: u32 = 32;

/// Predefined general variables: name, type, elements, meaning.
const PREDEFINED: &[(&str, VType, u32, Predef)] = &[
    ("%null", VType::UD, 1, Predef::Null),
    ("%thread_x", VType::UW, 1, Predef::ThreadX),
    ("%thread_y", VType::UW, 1, Predef::ThreadY),
    ("%group_id_x", VType::UD, 1, Predef::GroupId(0)),
    ("%group_id_y", VType::UD, 1, Predef::GroupId(1)),
    ("%group_id_z", VType::UD, 1, Predef::GroupId(2)),
    ("%tsc", VType::UD, 5, Predef::Tsc),
    ("%r0", VType::UD, 8, Predef::R0),
    ("%arg", VType::UD, 256, Predef::Storage),
    ("%retval", VType::UD, 256, Predef::Storage),
    ("%sp", VType::UQ, 1, Predef::Storage),
    ("%fp", VType::UQ, 1, Predef::Storage),
    ("%hw_id", VType::UD, 1, Predef::HwId),
    ("%sr0", VType::UD, 4, Predef::Storage),
    ("%cr0", VType::UD, 3, Predef::Storage),
    ("%ce0", VType::UD, 1, Predef::Storage),
    ("%dbg0", VType::UD, 2, Predef::Storage),
    ("%color", VType::UW, 1, Predef::Color),
    ("%impl_arg_buf_ptr", VType::UQ, 1, Predef::Storage),
    ("%local_id_buf_ptr", VType::UQ, 1, Predef::Storage),
    ("%msg0", VType::UD, 3, Predef::Storage),
    ("%local_id_x", VType::UD, 1, Predef::LocalId(0)),
    ("%local_id_y", VType::UD, 1, Predef::LocalId(1)),
    ("%local_id_z", VType::UD, 1, Predef::LocalId(2)),
    ("%local_size_x", VType::UD, 1, Predef::LocalSize(0)),
    ("%local_size_y", VType::UD, 1, Predef::LocalSize(1)),
    ("%local_size_z", VType::UD, 1, Predef::LocalSize(2)),
    ("%group_count_x", VType::UD, 1, Predef::GroupCount(0)),
    ("%group_count_y", VType::UD, 1, Predef::GroupCount(1)),
    ("%group_count_z", VType::UD, 1, Predef::GroupCount(2)),
];

/// Predefined surfaces T0-T5 (IGC's names and the numbered ones).
const PREDEFINED_SURFACES: &[(&[&str], Predef)] = &[
    (&["%slm", "T0"], Predef::Slm),
    (&["T1"], Predef::OtherSurface),
    (&["T2"], Predef::CmPrintf),
    (&["TSS", "T3"], Predef::OtherSurface),
    (&["%bss", "T4"], Predef::OtherSurface),
    (&["%scratch", "T5"], Predef::Stateless),
];

/// Reads one kernel from `text`.
pub fn read(text: &str) -> Result<Kernel> {
    let lines: Vec<&str> = text.lines().collect();
    let mut reader = Reader::new();
    let cleaned = strip_comments(&lines);
    // Pass 1: declarations.
    let mut decls = Vec::new();
    for (i, line) in cleaned.iter().enumerate() {
        let toks = tokens(line);
        if toks.first().is_some_and(|t| t.text == ".decl") {
            decls.push(reader.decl(i as u32 + 1, &toks)?);
        }
    }
    reader.resolve_aliases(decls)?;
    // Pass 2: everything else.
    for (i, line) in cleaned.iter().enumerate() {
        let toks = tokens(line);
        reader.line(i as u32 + 1, &toks)?;
    }
    reader.finish(lines.iter().map(|l| l.to_string()).collect())
}

/// A whitespace-separated token and its 1-based column.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    col: u32,
}

fn err<T>(line: u32, col: u32, message: impl Into<String>) -> Result<T> {
    Err(ReadError { line, col, message: message.into(), unsupported: false })
}

/// Lines with comments blanked out (columns kept).
fn strip_comments(lines: &[&str]) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut in_block = false;
    for line in lines {
        let mut kept = String::with_capacity(line.len());
        let bytes: Vec<char> = line.chars().collect();
        let mut i = 0;
        let mut in_string = false;
        while i < bytes.len() {
            let c = bytes[i];
            if in_block {
                if c == '*' && bytes.get(i + 1) == Some(&'/') {
                    in_block = false;
                    kept.push_str("  ");
                    i += 2;
                    continue;
                }
                kept.push(' ');
                i += 1;
                continue;
            }
            if c == '"' {
                in_string = !in_string;
            }
            if !in_string && c == '/' && bytes.get(i + 1) == Some(&'/') {
                break;
            }
            if !in_string && c == '/' && bytes.get(i + 1) == Some(&'*') {
                in_block = true;
                kept.push_str("  ");
                i += 2;
                continue;
            }
            kept.push(c);
            i += 1;
        }
        out.push(kept);
    }
    out
}

/// Splits a line on whitespace; a parenthesised group containing spaces (`(M1, 16)`, `(32, 8)`) stays one token,
/// and so does a quoted string.
fn tokens(line: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].1.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let mut depth = 0i32;
        let mut in_string = false;
        while i < chars.len() {
            let c = chars[i].1;
            if c == '"' {
                in_string = !in_string;
            } else if !in_string {
                match c {
                    '(' | '<' | '[' => depth += 1,
                    ')' | '>' | ']' => depth -= 1,
                    c if c.is_whitespace() && depth <= 0 => break,
                    _ => {}
                }
            }
            i += 1;
        }
        let begin = chars[start].0;
        let end = if i < chars.len() { chars[i].0 } else { line.len() };
        out.push(Tok { text: &line[begin..end], col: start as u32 + 1 });
    }
    out
}

/// An integer: decimal, `0x` hex, optionally negative.
fn parse_int(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let value = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()? as i64
    } else {
        digits.parse::<i64>().ok()?
    };
    Some(if negative { value.wrapping_neg() } else { value })
}

struct PendingDecl {
    line: u32,
    col: u32,
    name: String,
    kind: VarKind,
    ty: VType,
    elems: u32,
    alias: Option<(String, u32, u32)>,
}

struct Reader {
    vars: Vec<Var>,
    names: HashMap<String, VarId>,
    kernel: Option<String>,
    inputs: Vec<Input>,
    insts: Vec<Inst>,
    labels: Vec<(String, usize)>,
    functions: Vec<String>,
    /// Label uses to resolve: instruction index, label name, line, column.
    label_uses: Vec<(usize, String, u32, u32)>,
    slm_kb: Option<u32>,
}

impl Reader {
    fn new() -> Reader {
        let mut reader = Reader {
            vars: Vec::new(),
            names: HashMap::new(),
            kernel: None,
            inputs: Vec::new(),
            insts: Vec::new(),
            labels: Vec::new(),
            functions: Vec::new(),
            label_uses: Vec::new(),
            slm_kb: None,
        };
        for &(name, ty, elems, predef) in PREDEFINED {
            reader.add_var(name, VarKind::General, ty, elems, Some(predef));
        }
        for &(names, predef) in PREDEFINED_SURFACES {
            let id = reader.add_var(names[0], VarKind::Surface, VType::UD, 1, Some(predef));
            for alias in &names[1..] {
                reader.names.insert(alias.to_string(), id);
            }
        }
        reader
    }

    fn add_var(&mut self, name: &str, kind: VarKind, ty: VType, elems: u32, predef: Option<Predef>) -> VarId {
        let id = self.vars.len() as VarId;
        self.vars.push(Var { name: name.to_string(), kind, ty, elems, root: id, offset: 0, predef });
        self.names.insert(name.to_string(), id);
        id
    }

    fn decl(&mut self, line: u32, toks: &[Tok<'_>]) -> Result<PendingDecl> {
        let Some(name) = toks.get(1) else { return err(line, toks[0].col, ".decl without a variable name") };
        let mut kind = None;
        let mut ty = None;
        let mut elems = 1u32;
        let mut alias = None;
        for tok in &toks[2..] {
            let Some((key, value)) = tok.text.split_once('=') else {
                return err(line, tok.col, format!("expected key=value in .decl, found '{}'", tok.text));
            };
            match key {
                "v_type" => {
                    kind = Some(match value {
                        "G" => VarKind::General,
                        "A" => VarKind::Address,
                        "P" => VarKind::Predicate,
                        "T" => VarKind::Surface,
                        "S" => VarKind::Sampler,
                        _ => return err(line, tok.col, format!("unknown v_type '{value}'")),
                    })
                }
                "type" => {
                    ty = Some(VType::parse(value).ok_or_else(|| ReadError {
                        line,
                        col: tok.col,
                        message: format!("unknown type '{value}'"),
                        unsupported: false,
                    })?)
                }
                "num_elts" => {
                    elems = match parse_int(value) {
                        Some(n) if (1..=65536).contains(&n) => n as u32,
                        _ => return err(line, tok.col, format!("num_elts must be 1..=65536, found '{value}'")),
                    }
                }
                "align" => {
                    if !matches!(value, "byte" | "word" | "dword" | "qword" | "oword" | "GRF" | "2GRF" | "hword" | "wordx32") {
                        return err(line, tok.col, format!("unknown alignment '{value}'"));
                    }
                }
                "alias" => {
                    let inner = value.strip_prefix('<').and_then(|v| v.strip_suffix('>'));
                    let parsed = inner.and_then(|v| v.split_once(',')).and_then(|(target, offset)| {
                        Some((target.trim().to_string(), u32::try_from(parse_int(offset.trim())?).ok()?))
                    });
                    match parsed {
                        Some((target, offset)) => alias = Some((target, offset, tok.col)),
                        None => return err(line, tok.col, format!("expected alias=<variable, offset>, found '{value}'")),
                    }
                }
                "v_name" | "attrs" | "attr" => {}
                _ => return err(line, tok.col, format!("unknown .decl attribute '{key}'")),
            }
        }
        let Some(kind) = kind else { return err(line, name.col, format!("'{}' has no v_type", name.text)) };
        let ty = match kind {
            VarKind::General => match ty {
                Some(ty) if !matches!(ty, VType::V | VType::UV | VType::VF | VType::Bool) => ty,
                Some(ty) => return err(line, name.col, format!("a general variable cannot have type {}", ty.name())),
                None => return err(line, name.col, format!("general variable '{}' has no type", name.text)),
            },
            VarKind::Address => VType::UW,
            VarKind::Predicate => VType::Bool,
            VarKind::Surface | VarKind::Sampler => VType::UD,
        };
        if alias.is_some() && kind != VarKind::General {
            return err(line, name.col, "only general variables can alias");
        }
        Ok(PendingDecl { line, col: name.col, name: name.text.to_string(), kind, ty, elems, alias })
    }

    fn resolve_aliases(&mut self, decls: Vec<PendingDecl>) -> Result<()> {
        let first = self.vars.len();
        for d in &decls {
            if self.names.contains_key(&d.name) {
                return err(d.line, d.col, format!("variable '{}' is declared twice (or is predefined)", d.name));
            }
            self.add_var(&d.name, d.kind, d.ty, d.elems, None);
        }
        // Resolve each alias to its root, following chains (bounded: a cycle is an error).
        for (k, d) in decls.iter().enumerate() {
            let Some((target, offset, col)) = &d.alias else { continue };
            let id = first + k;
            let mut root = match self.names.get(target) {
                Some(&t) => t,
                None => return err(d.line, *col, format!("alias of unknown variable '{target}'")),
            };
            let target_bytes = self.vars[root as usize].bytes();
            if self.vars[root as usize].predef != Some(Predef::Null) && *offset as usize + self.vars[id].bytes() > target_bytes {
                return err(
                    d.line,
                    *col,
                    format!("alias '{}' ({} bytes at offset {offset}) does not fit in '{target}' ({target_bytes} bytes)", d.name, self.vars[id].bytes()),
                );
            }
            let mut total = *offset;
            let mut hops = 0;
            while let Some((next, more)) = decls.get((root as usize).wrapping_sub(first)).and_then(|t| {
                t.alias.as_ref().map(|(n, o, _)| (n.clone(), *o))
            }) {
                hops += 1;
                if hops > decls.len() {
                    return err(d.line, *col, format!("alias chain of '{}' is cyclic", d.name));
                }
                total += more;
                root = match self.names.get(&next) {
                    Some(&t) => t,
                    None => return err(d.line, *col, format!("alias of unknown variable '{next}'")),
                };
            }
            let root_var = &self.vars[root as usize];
            if root_var.kind != VarKind::General {
                return err(d.line, *col, format!("'{}' aliases '{}', which is not a general variable", d.name, target));
            }
            // A predefined variable is a root like any other: an alias is a view of its storage (`5_operands.md`
            // allows aliases of %r0, %arg and %retval; IGC also aliases %sp and %fp, as 64-bit `q` views, and
            // GenX_IR accepts an alias of any predefined variable). An alias of %null reads undefined and drops
            // its writes, whatever its size.
            if root_var.predef == Some(Predef::Null) {
                self.vars[id].root = root;
                self.vars[id].offset = 0;
                continue;
            }
            if total as usize + self.vars[id].bytes() > root_var.bytes() {
                return err(
                    d.line,
                    *col,
                    format!("alias '{}' ({} bytes at offset {total}) does not fit in '{}' ({} bytes)", d.name, self.vars[id].bytes(), root_var.name, root_var.bytes()),
                );
            }
            self.vars[id].root = root;
            self.vars[id].offset = total;
        }
        Ok(())
    }

    fn lookup(&self, line: u32, col: u32, name: &str, kinds: &[VarKind]) -> Result<VarId> {
        match self.names.get(name) {
            Some(&id) if kinds.contains(&self.vars[id as usize].kind) => Ok(id),
            Some(&id) => err(line, col, format!("'{name}' is a {:?} variable here, expected {:?}", self.vars[id as usize].kind, kinds)),
            None => err(line, col, format!("unknown variable '{name}'")),
        }
    }

    fn line(&mut self, line: u32, toks: &[Tok<'_>]) -> Result<()> {
        let Some(first) = toks.first() else { return Ok(()) };
        let text = first.text;
        if text == ".decl" {
            return Ok(());
        }
        if text == ".version" {
            return Ok(());
        }
        if text == ".kernel" {
            if self.kernel.is_some() {
                return err(line, first.col, "a second .kernel: one kernel per file");
            }
            let Some(name) = toks.get(1) else { return err(line, first.col, ".kernel without a name") };
            self.kernel = Some(name.text.trim_matches('"').to_string());
            return Ok(());
        }
        if text == ".input" || text.starts_with(".implicit_") {
            return self.input(line, toks);
        }
        if text == ".kernel_attr" || text == ".attr" {
            for tok in &toks[1..] {
                if let Some(value) = tok.text.strip_prefix("SLMSize=") {
                    self.slm_kb = Some(parse_int(value).and_then(|v| u32::try_from(v).ok()).ok_or_else(|| ReadError {
                        line,
                        col: tok.col,
                        message: format!("SLMSize must be a number, found '{value}'"),
                        unsupported: false,
                    })?);
                }
            }
            return Ok(());
        }
        if text == ".function" || text == ".global_function" {
            let Some(name) = toks.get(1) else { return err(line, first.col, ".function without a name") };
            self.functions.push(name.text.trim_matches('"').to_string());
            return Ok(());
        }
        if text.starts_with('.') {
            return err(line, first.col, format!("unknown directive '{text}'"));
        }
        if toks.len() == 1 && text.ends_with(':') {
            let name = &text[..text.len() - 1];
            if name.is_empty() {
                return err(line, first.col, "empty label");
            }
            if self.labels.iter().any(|(l, _)| l == name) {
                return err(line, first.col, format!("label '{name}' is defined twice"));
            }
            self.labels.push((name.to_string(), self.insts.len()));
            return Ok(());
        }
        if self.kernel.is_none() {
            return err(line, first.col, "an instruction before .kernel");
        }
        let inst = self.instruction(line, toks)?;
        self.insts.push(inst);
        Ok(())
    }

    fn input(&mut self, line: u32, toks: &[Tok<'_>]) -> Result<()> {
        let implicit = toks[0].text.strip_prefix(".implicit_").map(str::to_string);
        let Some(var) = toks.get(1) else { return err(line, toks[0].col, "input without a variable") };
        let id = self.lookup(line, var.col, var.text, &[VarKind::General, VarKind::Surface, VarKind::Sampler])?;
        let (mut offset, mut size) = (None, None);
        for tok in &toks[2..] {
            let parsed = tok.text.split_once('=').and_then(|(k, v)| Some((k, u32::try_from(parse_int(v)?).ok()?)));
            match parsed {
                Some(("offset", v)) => offset = Some(v),
                Some(("size", v)) => size = Some(v),
                _ => return err(line, tok.col, format!("expected offset=N or size=N, found '{}'", tok.text)),
            }
        }
        let (Some(offset), Some(size)) = (offset, size) else {
            return err(line, toks[0].col, "an input needs offset= and size=");
        };
        if self.vars[id as usize].kind == VarKind::General && size as usize > self.vars[id as usize].bytes() {
            return err(line, var.col, format!("input size {size} exceeds the {} bytes of '{}'", self.vars[id as usize].bytes(), var.text));
        }
        self.inputs.push(Input { var: id, offset, size, implicit });
        Ok(())
    }

    fn instruction(&mut self, line: u32, toks: &[Tok<'_>]) -> Result<Inst> {
        let mut at = 0;
        let mut pred = None;
        if toks[0].text.starts_with('(') && !toks[0].text.starts_with("(M") {
            pred = Some(self.predicate(line, toks[0])?);
            at = 1;
        }
        let Some(mnemonic) = toks.get(at) else { return err(line, toks[0].col, "a predicate without an instruction") };
        at += 1;
        let mut parts = mnemonic.text.split('.');
        let base = parts.next().unwrap_or("").to_ascii_lowercase();
        let suffixes: Vec<&str> = parts.collect();
        let rest = &toks[at..];
        let mut cx = Cx { reader: self, line, mnemonic: *mnemonic, rest, next: 0 };
        let (exec, op) = cx.op(&base, &suffixes)?;
        if cx.next != rest.len() {
            let extra = rest[cx.next];
            return err(line, extra.col, format!("unexpected operand '{}' for {}", extra.text, mnemonic.text));
        }
        Ok(Inst { pred, exec, op, line })
    }

    fn predicate(&self, line: u32, tok: Tok<'_>) -> Result<Predicate> {
        let inner = tok.text.trim_start_matches('(').trim_end_matches(')');
        let (negate, name) = match inner.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, inner),
        };
        let (name, ctrl) = match name.split_once('.') {
            Some((n, "any")) => (n, PredCtrl::Any),
            Some((n, "all")) => (n, PredCtrl::All),
            Some((_, other)) => return err(line, tok.col, format!("unknown predicate control '.{other}'")),
            None => (name, PredCtrl::Lane),
        };
        let var = self.lookup(line, tok.col, name, &[VarKind::Predicate])?;
        Ok(Predicate { var, negate, ctrl })
    }

    fn finish(self, source: Vec<String>) -> Result<Kernel> {
        let Some(name) = self.kernel else { return err(1, 1, "no .kernel directive") };
        let mut insts = self.insts;
        for (index, label, line, col) in &self.label_uses {
            let Some(&(_, target)) = self.labels.iter().find(|(l, _)| l == label) else {
                return err(*line, *col, format!("unknown label '{label}'"));
            };
            match &mut insts[*index].op {
                Op::Call { target: t } => {
                    if !self.functions.iter().any(|f| f == label) {
                        return err(*line, *col, format!("call target '{label}' is not a .function"));
                    }
                    *t = target;
                }
                Op::Goto { target: t } | Op::Jmp { target: t } => *t = target,
                _ => {}
            }
        }
        let entry = match self.functions.first() {
            Some(f) => match self.labels.iter().find(|(l, _)| l == f) {
                Some(&(_, at)) => at,
                None => 0,
            },
            None => 0,
        };
        Ok(Kernel {
            name,
            vars: self.vars,
            inputs: self.inputs,
            insts,
            labels: self.labels,
            entry,
            slm_kb: self.slm_kb,
            source,
            grf_bytes: GRF_BYTES,
        })
    }
}

/// The operands of one instruction, read left to right.
struct Cx<'r, 't> {
    reader: &'r mut Reader,
    line: u32,
    mnemonic: Tok<'t>,
    rest: &'t [Tok<'t>],
    next: usize,
}

impl<'t> Cx<'_, 't> {
    fn fail<T>(&self, col: u32, message: impl Into<String>) -> Result<T> {
        err(self.line, col, message)
    }

    fn take(&mut self, what: &str) -> Result<Tok<'t>> {
        match self.rest.get(self.next) {
            Some(&tok) => {
                self.next += 1;
                Ok(tok)
            }
            None => {
                let col = self.rest.last().map_or(self.mnemonic.col, |t| t.col + t.text.len() as u32);
                self.fail(col, format!("{} needs {what}", self.mnemonic.text))
            }
        }
    }

    /// `(M1, 16)`, `(M1_NM, 1)`.
    fn exec(&mut self) -> Result<Exec> {
        let tok = self.take("an execution size (Mk, n)")?;
        let inner = tok.text.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
        let parsed = inner.and_then(|t| t.split_once(',')).and_then(|(mask, size)| {
            let mask = mask.trim();
            let (mask, no_mask) = match mask.strip_suffix("_NM") {
                Some(m) => (m, true),
                None => (mask, false),
            };
            let k: u32 = mask.strip_prefix('M')?.parse().ok()?;
            let size = parse_int(size.trim())?;
            ((1..=8).contains(&k) && [1, 2, 4, 8, 16, 32].contains(&size)).then_some(Exec {
                size: size as u32,
                offset: 4 * (k - 1),
                no_mask,
            })
        });
        match parsed {
            Some(exec) if exec.offset + exec.size <= 32 || exec.size == 32 && exec.offset == 0 => Ok(exec),
            _ => self.fail(tok.col, format!("expected an execution size (Mk[_NM], 1|2|4|8|16|32), found '{}'", tok.text)),
        }
    }

    /// A parenthesised list of numbers: `(2)`, `(32,8)`.
    fn numbers(&mut self, what: &str, count: usize) -> Result<Vec<u32>> {
        let tok = self.take(what)?;
        let inner = tok.text.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
        let values: Option<Vec<u32>> =
            inner.map(|t| t.split(',').map(|v| parse_int(v.trim()).and_then(|v| u32::try_from(v).ok())).collect()).and_then(|v| v);
        match values {
            Some(v) if v.len() == count => Ok(v),
            _ => self.fail(tok.col, format!("expected {what}, found '{}'", tok.text)),
        }
    }

    fn number(&mut self, what: &str) -> Result<u32> {
        let tok = self.take(what)?;
        match parse_int(tok.text).and_then(|v| u32::try_from(v).ok()) {
            Some(v) => Ok(v),
            None => self.fail(tok.col, format!("expected {what}, found '{}'", tok.text)),
        }
    }

    fn label(&mut self, index: usize) -> Result<()> {
        let tok = self.take("a label")?;
        self.reader.label_uses.push((index, tok.text.to_string(), self.line, tok.col));
        Ok(())
    }

    fn surface(&mut self) -> Result<Surface> {
        let tok = self.take("a surface")?;
        self.reader.lookup(self.line, tok.col, tok.text, &[VarKind::Surface])
    }

    fn raw(&mut self) -> Result<Raw> {
        let tok = self.take("a raw operand V.offset")?;
        let Some((name, offset)) = tok.text.rsplit_once('.') else {
            return self.fail(tok.col, format!("expected a raw operand V.offset, found '{}'", tok.text));
        };
        let var = self.reader.lookup(self.line, tok.col, name, &[VarKind::General])?;
        let Some(offset) = parse_int(offset).and_then(|v| u32::try_from(v).ok()) else {
            return self.fail(tok.col, format!("bad raw operand offset in '{}'", tok.text));
        };
        if offset as usize > self.reader.vars[var as usize].bytes() {
            return self.fail(tok.col, format!("raw offset {offset} is past the end of '{name}'"));
        }
        Ok(Raw { var, offset })
    }

    /// `name(a,b)` → (name, [a, b]).
    fn call_form<'a>(&self, col: u32, text: &'a str) -> Result<(&'a str, Vec<i64>)> {
        let Some(open) = text.find('(') else { return self.fail(col, format!("expected name(row,col) in '{text}'")) };
        let Some(close) = text[open..].find(')') else { return self.fail(col, format!("unclosed '(' in '{text}'")) };
        let args: Option<Vec<i64>> = text[open + 1..open + close].split(',').map(|a| parse_int(a.trim())).collect();
        match args {
            Some(args) => Ok((&text[..open], args)),
            None => self.fail(col, format!("expected numbers in '{}'", &text[open..open + close + 1])),
        }
    }

    /// `<a;b,c>`, `<a,b>` or `<a>` → numbers.
    fn angle(&self, col: u32, text: &str) -> Result<Vec<u32>> {
        let Some(inner) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) else {
            return self.fail(col, format!("expected a region <...>, found '{text}'"));
        };
        let values: Option<Vec<u32>> =
            inner.split([';', ',']).map(|v| parse_int(v.trim()).and_then(|v| u32::try_from(v).ok())).collect();
        match values {
            Some(v) => Ok(v),
            None => self.fail(col, format!("bad region '{text}'")),
        }
    }

    fn src(&mut self) -> Result<Src> {
        let tok = self.take("a source operand")?;
        self.src_of(tok)
    }

    /// `(~)` is the printed form of the not modifier, which logic instructions read as the negate modifier
    /// (`5_operands.md`: on `and`/`or`/`xor`/`not` negation is bitwise), so it reads as [`Modifier::Neg`].
    fn src_of(&mut self, tok: Tok<'_>) -> Result<Src> {
        let (line, col) = (self.line, tok.col);
        let mut text = tok.text;
        let mut modifier = Modifier::None;
        for (prefix, m) in [("(-abs)", Modifier::NegAbs), ("(abs)", Modifier::Abs), ("(-)", Modifier::Neg), ("(~)", Modifier::Neg), ("-", Modifier::Neg)] {
            if let Some(rest) = text.strip_prefix(prefix) {
                if prefix == "-" && rest.starts_with(|c: char| c.is_ascii_digit()) {
                    break; // a negative immediate
                }
                modifier = m;
                text = rest;
                break;
            }
        }
        if let Some(rest) = text.strip_prefix('&') {
            // `&V[offset]` (GenX_IR's form) or `&V+offset` / `&V-offset`.
            let (name, offset) = match (rest.find('['), rest.find(['+', '-'])) {
                (Some(at), _) if rest.ends_with(']') => {
                    (&rest[..at], parse_int(&rest[at + 1..rest.len() - 1]).unwrap_or(i64::MAX))
                }
                (_, Some(at)) => (&rest[..at], parse_int(&rest[at..].trim_start_matches('+')).unwrap_or(i64::MAX)),
                _ => (rest, 0),
            };
            let var = self.reader.lookup(line, col, name, &[VarKind::General])?;
            let Ok(offset) = i32::try_from(offset) else { return self.fail(col, format!("bad address offset in '{text}'")) };
            return Ok(Src::AddrOf { var, offset });
        }
        if let Some(rest) = text.strip_prefix("r[") {
            let (addr, elem, imm, region, ty) = self.indirect(col, rest)?;
            let (vs, w, hs, multi) = match region.as_slice() {
                [vs, w, hs] => (*vs, *w, *hs, false),
                [w, hs] => (0, *w, *hs, true),
                _ => return self.fail(col, format!("expected <vs;w,hs> or <w,hs> in '{text}'")),
            };
            if w == 0 {
                return self.fail(col, "region width 0");
            }
            return Ok(Src::Indirect { addr, elem, imm, vs, w, hs, multi, ty, modifier });
        }
        if let Some((value, ty)) = text.rsplit_once(':') {
            if !value.contains('(') {
                let Some(ty) = VType::parse(ty) else { return self.fail(col, format!("unknown immediate type in '{text}'")) };
                let bits = immediate(value, ty).ok_or_else(|| ReadError { line, col, message: format!("bad immediate '{text}'"), unsupported: false })?;
                return Ok(Src::Imm { bits, ty });
            }
        }
        let (name, args) = if text.contains('(') { self.call_form(col, text)? } else { (text, Vec::new()) };
        let Some(&id) = self.reader.names.get(name) else { return self.fail(col, format!("unknown variable '{name}'")) };
        let var = &self.reader.vars[id as usize];
        match var.kind {
            VarKind::Predicate => Ok(Src::Pred { var: id }),
            VarKind::Address => {
                let elem = *args.first().unwrap_or(&0);
                Ok(Src::Addr { var: id, elem: u32::try_from(elem).unwrap_or(u32::MAX) })
            }
            VarKind::General => {
                let [row, c] = args[..] else { return self.fail(col, format!("expected {name}(row,col)<vs;w,hs>")) };
                let region_text = &text[text.find('<').unwrap_or(text.len())..];
                let region = self.angle(col, region_text)?;
                let [vs, w, hs] = region[..] else { return self.fail(col, format!("expected <vs;w,hs> in '{text}'")) };
                if w == 0 {
                    return self.fail(col, "region width 0");
                }
                let (Ok(row), Ok(c)) = (u32::try_from(row), u32::try_from(c)) else { return self.fail(col, "negative offset") };
                Ok(Src::Direct { var: id, row, col: c, vs, w, hs, ty: var.ty, modifier })
            }
            VarKind::Surface | VarKind::Sampler => self.fail(col, format!("'{name}' is not a value")),
        }
    }

    /// The inside of `r[A(k),imm]<...>:ty` after `r[`.
    fn indirect(&self, col: u32, rest: &str) -> Result<(VarId, u32, i32, Vec<u32>, VType)> {
        let Some(close) = rest.find(']') else { return self.fail(col, "unclosed r[") };
        let inside = &rest[..close];
        let Some((addr_part, imm)) = inside.rsplit_once(',') else { return self.fail(col, "expected r[A(k),offset]") };
        let (name, args) = self.call_form(col, addr_part)?;
        let addr = self.reader.lookup(self.line, col, name, &[VarKind::Address])?;
        let elem = u32::try_from(*args.first().unwrap_or(&0)).unwrap_or(u32::MAX);
        let Some(imm) = parse_int(imm.trim()).and_then(|v| i32::try_from(v).ok()) else {
            return self.fail(col, "bad indirect offset");
        };
        let after = &rest[close + 1..];
        let Some((region, ty)) = after.rsplit_once(':') else { return self.fail(col, "an indirect operand needs :type") };
        let region = self.angle(col, region)?;
        let Some(ty) = VType::parse(ty) else { return self.fail(col, format!("unknown type '{ty}'")) };
        Ok((addr, elem, imm, region, ty))
    }

    fn dst(&mut self) -> Result<Dst> {
        let tok = self.take("a destination")?;
        let (line, col, text) = (self.line, tok.col, tok.text);
        if let Some(rest) = text.strip_prefix("r[") {
            let (addr, elem, imm, region, ty) = self.indirect(col, rest)?;
            let [hs] = region[..] else { return self.fail(col, "an indirect destination has <hs>") };
            return Ok(Dst::Indirect { addr, elem, imm, hs, ty });
        }
        let (name, args) = if text.contains('(') { self.call_form(col, text)? } else { (text, Vec::new()) };
        let id = self.reader.lookup(line, col, name, &[VarKind::General, VarKind::Predicate, VarKind::Address])?;
        let var = &self.reader.vars[id as usize];
        match var.kind {
            VarKind::Predicate => Ok(Dst::Pred { var: id }),
            VarKind::Address => Ok(Dst::Addr { var: id, elem: u32::try_from(*args.first().unwrap_or(&0)).unwrap_or(u32::MAX) }),
            _ => {
                let [row, c] = args[..] else { return self.fail(col, format!("expected {name}(row,col)<hs>")) };
                let region = self.angle(col, &text[text.find('<').unwrap_or(text.len())..])?;
                let [hs] = region[..] else { return self.fail(col, "a destination has <hs>") };
                let (Ok(row), Ok(c)) = (u32::try_from(row), u32::try_from(c)) else { return self.fail(col, "negative offset") };
                Ok(Dst::Direct { var: id, row, col: c, hs: hs.max(1), ty: var.ty })
            }
        }
    }

    fn op(&mut self, base: &str, suffixes: &[&str]) -> Result<(Exec, Op)> {
        let col = self.mnemonic.col;
        let sat = suffixes.contains(&"sat");
        let alu = |op: AluOp, n: usize, cx: &mut Self| -> Result<(Exec, Op)> {
            let exec = cx.exec()?;
            let dst = cx.dst()?;
            let mut srcs = Vec::with_capacity(n);
            for _ in 0..n {
                srcs.push(cx.src()?);
            }
            Ok((exec, Op::Alu { op, sat, dst, srcs }))
        };
        let unary = [
            ("mov", AluOp::Mov),
            ("not", AluOp::Not),
            ("fbh", AluOp::Fbh),
            ("fbl", AluOp::Fbl),
            ("lzd", AluOp::Lzd),
            ("cbit", AluOp::Cbit),
            ("bfrev", AluOp::Bfrev),
            ("frc", AluOp::Frc),
            ("rndd", AluOp::Rndd),
            ("rndu", AluOp::Rndu),
            ("rnde", AluOp::Rnde),
            ("rndz", AluOp::Rndz),
            ("inv", AluOp::Inv),
            ("sqrt", AluOp::Sqrt),
            ("rsqrt", AluOp::Rsqrt),
            ("log", AluOp::Log),
            ("exp", AluOp::Exp),
            ("sin", AluOp::Sin),
            ("cos", AluOp::Cos),
        ];
        let binary = [
            ("add", AluOp::Add),
            ("mul", AluOp::Mul),
            ("mulh", AluOp::Mulh),
            ("avg", AluOp::Avg),
            ("div", AluOp::Div),
            ("mod", AluOp::Mod),
            ("min", AluOp::Min),
            ("max", AluOp::Max),
            ("sel", AluOp::Sel),
            ("and", AluOp::And),
            ("or", AluOp::Or),
            ("xor", AluOp::Xor),
            ("shl", AluOp::Shl),
            ("shr", AluOp::Shr),
            ("asr", AluOp::Asr),
            ("rol", AluOp::Rol),
            ("ror", AluOp::Ror),
            ("pow", AluOp::Pow),
            ("dp2", AluOp::Dp2),
            ("dp3", AluOp::Dp3),
            ("dp4", AluOp::Dp4),
            ("dph", AluOp::Dph),
            ("line", AluOp::Line),
            ("plane", AluOp::Plane),
        ];
        let ternary = [("mad", AluOp::Mad), ("bfe", AluOp::Bfe), ("lrp", AluOp::Lrp), ("dp4a", AluOp::Dp4a)];
        if let Some(&(_, op)) = unary.iter().find(|(n, _)| *n == base) {
            return alu(op, 1, self);
        }
        if let Some(&(_, op)) = binary.iter().find(|(n, _)| *n == base) {
            return alu(op, 2, self);
        }
        if let Some(&(_, op)) = ternary.iter().find(|(n, _)| *n == base) {
            return alu(op, 3, self);
        }
        let index = self.reader.insts.len();
        match base {
            "bfi" => alu(AluOp::Bfi, 4, self),
            "cmp" => {
                let cond = match suffixes.first().map(|s| s.to_ascii_lowercase()).as_deref() {
                    Some("eq") => Cond::Eq,
                    Some("ne") => Cond::Ne,
                    Some("gt") => Cond::Gt,
                    Some("ge") => Cond::Ge,
                    Some("lt") => Cond::Lt,
                    Some("le") => Cond::Le,
                    _ => return self.fail(col, format!("cmp needs .eq/.ne/.gt/.ge/.lt/.le, found '{}'", self.mnemonic.text)),
                };
                alu(AluOp::Cmp(cond), 2, self)
            }
            "addc" | "subb" => {
                let exec = self.exec()?;
                let (dst, carry, a, b) = (self.dst()?, self.dst()?, self.src()?, self.src()?);
                Ok((exec, Op::Carry { borrow: base == "subb", dst, carry, a, b }))
            }
            "madw" => {
                let exec = self.exec()?;
                let dst = self.dst()?;
                Ok((exec, Op::Madw { dst, srcs: [self.src()?, self.src()?, self.src()?] }))
            }
            "movs" => {
                let exec = self.exec()?;
                let names_state = self.rest.get(self.next).is_some_and(|tok| {
                    let name = tok.text.split('(').next().unwrap_or("");
                    self.reader.lookup(self.line, tok.col, name, &[VarKind::Surface, VarKind::Sampler]).is_ok()
                });
                if !names_state {
                    // movs V T(0): the state variable's index into a general destination.
                    let dst = self.dst()?;
                    let tok = self.take("a surface or sampler source")?;
                    let name = tok.text.split('(').next().unwrap_or("");
                    let state = self.reader.lookup(self.line, tok.col, name, &[VarKind::Surface, VarKind::Sampler])?;
                    return Ok((exec, Op::MovsIndex { dst, state }));
                }
                let tok = self.take("a surface or sampler destination")?;
                let name = tok.text.split('(').next().unwrap_or("");
                let dst = self.reader.lookup(self.line, tok.col, name, &[VarKind::Surface, VarKind::Sampler])?;
                Ok((exec, Op::Movs { dst, src: self.src()? }))
            }
            "setp" => {
                let exec = self.exec()?;
                let tok = self.take("a predicate")?;
                let dst = self.reader.lookup(self.line, tok.col, tok.text, &[VarKind::Predicate])?;
                Ok((exec, Op::Setp { dst, src: self.src()? }))
            }
            "addr_add" => {
                let exec = self.exec()?;
                let dst = self.dst()?;
                if !matches!(dst, Dst::Addr { .. }) {
                    return self.fail(col, "addr_add writes an address variable");
                }
                Ok((exec, Op::AddrAdd { dst, a: self.src()?, b: self.src()? }))
            }
            "goto" | "jmp" | "call" | "fcall" => {
                let exec = self.exec()?;
                self.label(index)?;
                let op = match base {
                    "goto" => Op::Goto { target: 0 },
                    "jmp" => Op::Jmp { target: 0 },
                    _ => Op::Call { target: 0 },
                };
                Ok((exec, op))
            }
            "ret" | "fret" => Ok((self.exec()?, Op::Ret)),
            "lifetime" => {
                let start = match suffixes.first().copied() {
                    Some("start") => true,
                    Some("end") => false,
                    _ => return self.fail(col, format!("lifetime needs .start or .end, found '{}'", self.mnemonic.text)),
                };
                let tok = self.take("a variable")?;
                let var = self.reader.lookup(self.line, tok.col, tok.text, &[VarKind::General, VarKind::Address, VarKind::Predicate])?;
                Ok((Exec::SCALAR_NM, Op::Lifetime { var, start }))
            }
            "barrier" => Ok((Exec::SCALAR_NM, Op::Barrier)),
            "sbarrier" => match suffixes.first().copied() {
                Some("signal") => Ok((Exec::SCALAR_NM, Op::BarrierSignal)),
                Some("wait") => Ok((Exec::SCALAR_NM, Op::Barrier)),
                _ => self.fail(col, format!("sbarrier needs .signal or .wait, found '{}'", self.mnemonic.text)),
            },
            "fence_global" | "fence_local" | "fence_sw" | "fence" => Ok((Exec::SCALAR_NM, Op::Fence)),
            "oword_ld" | "oword_ld_unaligned" => {
                let [owords] = self.numbers("a size in owords (n)", 1)?[..] else { unreachable!() };
                self.check_owords(owords)?;
                let surface = self.surface()?;
                let offset = self.src()?;
                Ok((Exec::SCALAR_NM, Op::OwordLd { owords, unaligned: base == "oword_ld_unaligned", surface, offset, dst: self.raw()? }))
            }
            "oword_st" => {
                let [owords] = self.numbers("a size in owords (n)", 1)?[..] else { unreachable!() };
                self.check_owords(owords)?;
                let surface = self.surface()?;
                let offset = self.src()?;
                Ok((Exec::SCALAR_NM, Op::OwordSt { owords, surface, offset, src: self.raw()? }))
            }
            "svm_block_ld" | "svm_block_st" => {
                let [owords] = self.numbers("a size in owords (n)", 1)?[..] else { unreachable!() };
                self.check_owords(owords)?;
                let address = self.src()?;
                let raw = self.raw()?;
                let op = if base == "svm_block_ld" {
                    Op::SvmBlockLd { owords, address, dst: raw }
                } else {
                    Op::SvmBlockSt { owords, address, src: raw }
                };
                Ok((Exec::SCALAR_NM, op))
            }
            "media_ld" | "media_st" => {
                let modifier = match suffixes.first().copied() {
                    None | Some("nomod") => 0,
                    Some("modified") => 1,
                    Some("top") => 2,
                    Some("bottom") => 3,
                    Some("top_mod") => 4,
                    Some("bottom_mod") => 5,
                    Some(other) => return self.fail(col, format!("unknown media modifier '.{other}'")),
                };
                let [width, height] = self.numbers("(block width, block height)", 2)?[..] else { unreachable!() };
                if !(1..=64).contains(&width) || !(1..=64).contains(&height) {
                    return self.fail(col, format!("media block {width}x{height} is outside 1..=64"));
                }
                let surface = self.surface()?;
                let plane = self.number("a plane")?;
                let (x, y) = (self.src()?, self.src()?);
                let raw = self.raw()?;
                let op = if base == "media_ld" {
                    Op::MediaLd { modifier, width, height, surface, plane, x, y, dst: raw }
                } else {
                    Op::MediaSt { modifier, width, height, surface, plane, x, y, src: raw }
                };
                Ok((Exec::SCALAR_NM, op))
            }
            "gather_scaled" | "scatter_scaled" => {
                let blocks = match suffixes.first().and_then(|s| parse_int(s)) {
                    Some(b @ (1 | 2 | 4)) => b as u32,
                    _ => return self.fail(col, format!("{base} needs .1, .2 or .4, found '{}'", self.mnemonic.text)),
                };
                let exec = self.exec()?;
                let surface = self.surface()?;
                let offset = self.src()?;
                let offsets = self.raw()?;
                let raw = self.raw()?;
                let op = if base == "gather_scaled" {
                    Op::GatherScaled { blocks, surface, offset, offsets, dst: raw }
                } else {
                    Op::ScatterScaled { blocks, surface, offset, offsets, src: raw }
                };
                Ok((exec, op))
            }
            "gather4_scaled" | "scatter4_scaled" => {
                let mask = channel_mask(suffixes.first().copied().unwrap_or(""))
                    .ok_or_else(|| ReadError {
                        line: self.line,
                        col,
                        message: format!("{base} needs channels .R/.RG/.RGBA..., found '{}'", self.mnemonic.text),
                        unsupported: false,
                    })?;
                let exec = self.exec()?;
                let surface = self.surface()?;
                let offset = self.src()?;
                let offsets = self.raw()?;
                let raw = self.raw()?;
                let op = if base == "gather4_scaled" {
                    Op::Gather4Scaled { mask, surface, offset, offsets, dst: raw }
                } else {
                    Op::Scatter4Scaled { mask, surface, offset, offsets, src: raw }
                };
                Ok((exec, op))
            }
            "dword_atomic" => {
                let op = self.atomic_op(suffixes)?;
                let bits = if suffixes.contains(&"16") { 16 } else { 32 };
                let exec = self.exec()?;
                let surface = self.surface()?;
                let offsets = self.raw()?;
                let (src0, src1, dst) = (self.raw()?, self.raw()?, self.raw()?);
                Ok((exec, Op::DwordAtomic { op, bits, surface, offsets, src0, src1, dst }))
            }
            "svm_atomic" => {
                let op = self.atomic_op(suffixes)?;
                let bits = if suffixes.contains(&"16") {
                    16
                } else if suffixes.contains(&"64") {
                    64
                } else {
                    32
                };
                let exec = self.exec()?;
                let addresses = self.raw()?;
                let (dst, src0, src1) = (self.raw()?, self.raw()?, self.raw()?);
                Ok((exec, Op::SvmAtomic { op, bits, addresses, dst, src0, src1 }))
            }
            "svm_gather" | "svm_scatter" => {
                let sizes: Option<Vec<u32>> = suffixes.iter().map(|s| parse_int(s).and_then(|v| u32::try_from(v).ok())).collect();
                let (block_size, blocks) = match sizes.as_deref() {
                    Some([b @ (1 | 4 | 8), n @ (1 | 2 | 4 | 8)]) => (*b, *n),
                    _ => return self.fail(col, format!("{base} needs .<block size 1|4|8>.<blocks 1|2|4|8>, found '{}'", self.mnemonic.text)),
                };
                let exec = self.exec()?;
                let addresses = self.raw()?;
                let raw = self.raw()?;
                let op = if base == "svm_gather" {
                    Op::SvmGather { block_size, blocks, addresses, dst: raw }
                } else {
                    Op::SvmScatter { block_size, blocks, addresses, src: raw }
                };
                Ok((exec, op))
            }
            "gather4_typed" | "scatter4_typed" | "typed_atomic" | "load" | "sample" | "sample_unorm" | "avs" => {
                self.surface_message(base, suffixes)
            }
            other => Err(ReadError {
                line: self.line,
                col,
                message: format!("instruction '{other}' is not supported by the vISA executor"),
                unsupported: true,
            }),
        }
    }

    fn check_owords(&self, owords: u32) -> Result<()> {
        if [1, 2, 4, 8].contains(&owords) {
            Ok(())
        } else {
            self.fail(self.mnemonic.col, format!("{owords} owords: the size must be 1, 2, 4 or 8"))
        }
    }

    fn atomic_op(&self, suffixes: &[&str]) -> Result<AtomicOp> {
        match suffixes.first().and_then(|s| AtomicOp::parse(&s.to_ascii_lowercase())) {
            Some(op) => Ok(op),
            None => self.fail(self.mnemonic.col, format!("unknown atomic operation in '{}'", self.mnemonic.text)),
        }
    }
}

/// `R`, `RG`, `RGBA`, `GB`, ... → bit mask (R = bit 0).
fn channel_mask(text: &str) -> Option<u32> {
    let mut mask = 0;
    for c in text.chars() {
        let bit = match c.to_ascii_uppercase() {
            'R' => 1,
            'G' => 2,
            'B' => 4,
            'A' => 8,
            _ => return None,
        };
        if mask & bit != 0 {
            return None;
        }
        mask |= bit;
    }
    (mask != 0).then_some(mask)
}

/// The bits of an immediate of type `ty`: hex is the raw bit pattern (IGC prints floats so), decimal is a value.
fn immediate(text: &str, ty: VType) -> Option<u64> {
    let mask = if ty.bits() >= 64 { u64::MAX } else { (1u64 << ty.bits()) - 1 };
    if ty.is_float() && !text.starts_with("0x") && !text.starts_with("-0x") {
        let value: f64 = text.parse().ok()?;
        return Some(match ty {
            VType::DF => value.to_bits(),
            VType::F => (value as f32).to_bits() as u64,
            VType::HF => crate::ops::from_f64(crate::value::Elem::Half, value),
            _ => return None,
        });
    }
    Some(parse_int(text)? as u64 & mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_operands_are_located() {
        let text = ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=d num_elts=8 align=GRF\n.function \"k_BB\"\nk_BB:\n    add (M1, 8) V32(0,0)<1> V32(0,0)<1;1 0x1:d\n    ret (M1, 1)\n";
        let e = read(text).unwrap_err();
        assert_eq!((e.line, e.col), (6, 29), "{e}");
        let e = read(&text.replace("V32(0,0)<1;1", "V99(0,0)<1;1,0>")).unwrap_err();
        assert!(e.message.contains("unknown variable 'V99'"), "{e}");
        let e = read(&text.replace("add (M1, 8)", "add (M9, 8)")).unwrap_err();
        assert_eq!(e.line, 6, "{e}");
    }

    #[test]
    fn aliases_resolve_to_their_root_and_offset() {
        let text = ".version 4.1\n.kernel \"k\"\n.decl B v_type=G type=d num_elts=2 alias=<A, 4>\n.decl A v_type=G type=d num_elts=4\n.decl C v_type=G type=ub num_elts=4 alias=<B, 4>\nret (M1, 1)\n";
        let k = read(text).unwrap();
        let c = &k.vars[*k.vars.iter().position(|v| v.name == "C").as_ref().unwrap()];
        assert_eq!(k.var(c.root).name, "A");
        assert_eq!(c.offset, 8);
        let e = read(&text.replace("alias=<B, 4>", "alias=<B, 8>")).unwrap_err();
        assert!(e.message.contains("does not fit"), "{e}");
    }

    #[test]
    fn every_byte_sequence_is_an_answer_not_a_panic() {
        let base = ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=d num_elts=8 align=GRF\n.decl P1 v_type=P num_elts=8\n.decl A0 v_type=A num_elts=2\n.function \"k_BB\"\nk_BB:\n    (!P1) goto (M1, 8) k_BB\n    add (M1, 8) r[A0(0),4]<1>:d V32(0,0)<1;1,0> 0x1:d\n    media_ld.nomod (32,8) T5 0 V32(0,0)<0;1,0> 0x0:ud V32.0\n    ret (M1, 1)\n";
        for cut in 0..base.len() {
            let _ = read(&base[..cut]);
            let mut damaged = base.as_bytes().to_vec();
            damaged[cut] = b"(<;,)>:x."[cut % 9];
            let _ = read(&String::from_utf8_lossy(&damaged));
        }
    }
}
