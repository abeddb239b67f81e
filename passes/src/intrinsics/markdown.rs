//! Renders the intrinsic table as Markdown: the content of `docs/intrinsics.md`.
//!
//! The output is a pure function of the table (no dates, no paths), so the committed file can be compared with a
//! fresh rendering; `tests/intrinsics_table.rs` does that and rewrites the file under `GENX_BLESS=1`.

use std::fmt::Write as _;

use super::{all, families, IntrinsicDesc, OverloadDesc, Role, Ty};

/// The whole of `docs/intrinsics.md`.
pub fn render_markdown() -> String {
    let mut out = String::new();
    let table = all();
    let families = families();
    out.push_str("# GenX intrinsics\n\n");
    out.push_str(
        "<!-- Generated from intrinsics.td by genx_passes::intrinsics::render_markdown(); do not edit.\n     \
         Regenerate with: GENX_BLESS=1 cargo test -p genx-passes --test intrinsics_table -->\n\n",
    );
    let _ = writeln!(
        out,
        "The `llvm.genx.*` intrinsics of intel-vc-intrinsics 0.11 that `intrinsics.td` describes: {} intrinsics in \
         {} families.\n",
        table.len(),
        families.len()
    );
    out.push_str("How to read an entry:\n\n");
    out.push_str(
        "- **Types.** Fixed types are in LLVM syntax. `anyint #n`, `anyfloat #n`, `anyvector #n`, `anyptr #n` and \
         `any #n` introduce overloaded type #n, bound per call, with its constraint in brackets; `same as #n` \
         repeats a bound type. Overloaded types are numbered result first (struct fields left to right), then \
         operands; the mangled name appends one `.type` per overloaded type in that order.\n",
    );
    out.push_str(
        "- **Roles.** `value`: any value, undef included; `imm`: a compile-time constant, not undef (IGC encodes \
         it into the instruction); `imm or undef`: a constant or undef.\n",
    );
    out.push_str(
        "- **Attributes.** The function attributes vc-intrinsics attaches; every intrinsic is `nounwind`. Without \
         `readnone`/`readonly` a call counts as having side effects.\n\n",
    );

    out.push_str("## Contents\n\n");
    for family in families {
        let count = table.iter().filter(|d| d.family == family.key).count();
        let _ = writeln!(out, "- [{}](#{}): {count}", text(family.title), slug(family.title));
    }
    out.push('\n');

    for family in families {
        let _ = writeln!(out, "## {}\n\n{}\n", text(family.title), text(family.doc));
        for desc in table.iter().filter(|d| d.family == family.key) {
            render_intrinsic(&mut out, desc);
        }
    }
    out
}

fn render_intrinsic(out: &mut String, desc: &IntrinsicDesc) {
    let _ = writeln!(out, "### `{}`\n\n{}\n", desc.name, text(desc.doc));
    let mut mangled = desc.name.to_string();
    for index in 0..desc.overloads.len() {
        let _ = write!(mangled, ".<#{index}>");
    }
    let attrs = desc.attrs.to_ir_string();
    let _ = writeln!(out, "Mangled name: `{mangled}`. Attributes: `{attrs}`.\n");

    out.push_str("| # | operand | type | role | notes |\n|---|---|---|---|---|\n");
    let mut next_overload = 0usize;
    let result = match (&desc.ret, desc.ret_fields.is_empty()) {
        (Ty::Struct(fields), false) => {
            let parts: Vec<String> = fields
                .iter()
                .zip(desc.ret_fields)
                .map(|(field, name)| format!("{name}: {}", type_text(field, desc, &mut next_overload)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
        (ty, _) => type_text(ty, desc, &mut next_overload),
    };
    let _ = writeln!(out, "| result | | {result} | | |");
    for (index, operand) in desc.operands.iter().enumerate() {
        let role = match operand.role {
            Role::Value => "value",
            Role::Imm => "imm",
            Role::ImmOrUndef => "imm or undef",
        };
        let ty = type_text(&operand.ty, desc, &mut next_overload);
        let _ = writeln!(out, "| {index} | `{}` | {ty} | {role} | {} |", operand.name, text(operand.doc));
    }
    if desc.variadic {
        let _ = writeln!(out, "| {}… | … | any | value | any number of further operands |", desc.operands.len());
    }
    out.push('\n');
}

/// The documentation spelling of a type; numbers overloaded types in order of appearance.
fn type_text(ty: &Ty, desc: &IntrinsicDesc, next_overload: &mut usize) -> String {
    match ty {
        Ty::Match(index) => format!("same as #{index}"),
        Ty::Struct(fields) => {
            let parts: Vec<String> = fields.iter().map(|f| type_text(f, desc, next_overload)).collect();
            format!("{{ {} }}", parts.join(", "))
        }
        overloaded if overloaded.is_overloaded() => {
            let index = *next_overload;
            *next_overload += 1;
            let kind = match overloaded {
                Ty::AnyInt => "anyint",
                Ty::AnyFloat => "anyfloat",
                Ty::AnyVector => "anyvector",
                Ty::AnyPtr => "anyptr",
                _ => "any",
            };
            match desc.overloads.get(index) {
                Some(overload) => match constraint_text(overload) {
                    Some(constraint) => format!("{kind} #{index} [{constraint}]"),
                    None => format!("{kind} #{index}"),
                },
                None => format!("{kind} #{index}"),
            }
        }
        fixed => format!("`{fixed}`"),
    }
}

fn constraint_text(overload: &OverloadDesc) -> Option<String> {
    let elems: Vec<String> = overload.elems.iter().map(|e| e.to_string()).collect();
    if overload.lanes != 0 && elems.len() == 1 {
        return Some(format!("`<{} x {}>`", overload.lanes, elems[0]));
    }
    let mut parts = Vec::new();
    if overload.lanes != 0 {
        parts.push(format!("{} lanes", overload.lanes));
    }
    if !elems.is_empty() {
        parts.push(format!("{} elements", elems.join("/")));
    }
    if overload.no_i1 {
        parts.push("not i1".to_string());
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// Free text for Markdown: `<` and `>` outside code spans become entities (so `<N x i1>` is not read as HTML).
fn text(prose: &str) -> String {
    let mut out = String::with_capacity(prose.len());
    let mut in_code = false;
    for c in prose.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                out.push(c);
            }
            '<' if !in_code => out.push_str("&lt;"),
            '>' if !in_code => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

/// GitHub's heading anchor: lower case, blanks to dashes, other punctuation dropped.
fn slug(title: &str) -> String {
    title
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}
