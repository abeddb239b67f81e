//! Generator of the intrinsic table: `intrinsics.td` → `$OUT_DIR/intrinsics_table.rs`, and of the operand facts
//! baling and legalization read (`GxOperandFacts` records) → `$OUT_DIR/arg_info_table.rs`.
//!
//! Phases:
//! 1. run `llvm-tblgen --dump-json intrinsics.td` (TableGen does the parsing, `foreach`/`multiclass` expansion and
//!    field resolution; we only read its JSON);
//! 2. read every record deriving from `GenX` into a plain model, resolving the type, operand, role, memory, flag
//!    and family records it refers to, and validate it: every error is one sentence naming the record (and the
//!    operand) so a wrong `.td` edit fails the build with a message, never with a panic;
//! 3. write the static Rust table, sorted by full intrinsic name (the order `intrinsics::lookup` searches), and the
//!    family list sorted by `Order`.
//!
//! The generated file is `include!`d by `passes/src/intrinsics/mod.rs`; it only names types defined there.
//! Invariants established here (and relied upon there): names are unique, start with `llvm.genx.` and are sorted;
//! every `Match(n)` refers to an overloaded type defined earlier in LLVM's order (result first); `overloads` lists
//! every overloaded type in that order; variadic operands appear only last and are not listed as operands;
//! documentation strings are single lines.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Runs TableGen on `td`, validates the records and writes `out_dir/intrinsics_table.rs`.
pub fn generate(tblgen: &Path, td: &Path, out_dir: &Path) -> Result<(), String> {
    println!("cargo:rerun-if-changed={}", td.display());
    let output = Command::new(tblgen).arg("--dump-json").arg(td).output().map_err(|err| {
        format!(
            "cannot run `{}` ({err}); install the LLVM development packages with `sudo bash scripts/setup.sh`",
            tblgen.display()
        )
    })?;
    if !output.status.success() {
        return Err(format!(
            "`{} --dump-json {}` failed:\n{}",
            tblgen.display(),
            td.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let json: Value = serde_json::from_slice(&output.stdout)
        .map_err(|err| format!("`{} --dump-json` printed JSON that does not parse: {err}", tblgen.display()))?;
    let table = read_table(&json).map_err(|err| format!("{}: {err}", td.display()))?;
    let facts = read_operand_facts(&json, &table).map_err(|err| format!("{}: {err}", td.display()))?;
    for (file, code) in [("intrinsics_table.rs", render(&table)), ("arg_info_table.rs", render_operand_facts(&facts))] {
        let path = out_dir.join(file);
        std::fs::write(&path, code).map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Operand facts (`GxOperandFacts` records) → `$OUT_DIR/arg_info_table.rs`, `baling::arg_info`'s table
// ---------------------------------------------------------------------------------------------------------------

/// One intrinsic's operand facts.
struct OperandFacts {
    name: String,
    /// The `ExecSize` variant as Rust (`Any`, `FromArg(1)`).
    exec_size: String,
    implicit_pred: bool,
    elementwise: bool,
    /// Each operand's builder expression (`A::general(0).unsigned()`).
    operands: Vec<String>,
}

/// The operand kinds and flags of `Op` records: each is the `ArgInfo` builder method of the same name.
const OPERAND_KINDS: &[&str] = &["general", "raw", "two_addr", "predication"];
const OPERAND_FLAGS: &[&str] = &[
    "signed",
    "unsigned",
    "owaligned",
    "grfaligned",
    "noimm",
    "direct_only",
    "null_allowed",
    "fixed4",
    "contiguous",
    "scalar_or_contiguous",
    "twice_width",
    "stride1",
    "only_legal_region",
    "arith",
    "logic",
    "ext_only",
    "saturated",
    "no_sat",
    "int_sat",
];

fn read_operand_facts(json: &Value, table: &Table) -> Result<Vec<OperandFacts>, String> {
    let records = Records { json };
    let mut out = Vec::new();
    for record_name in records.instances("GxOperandFacts") {
        let record = records.record(&record_name)?;
        let name = string_field(record, &format!("record `{record_name}`"), "Intrinsic")?;
        let owner = format!("the operand facts of `{name}`");
        // `llvm.fma` is LLVM's, not a GenX intrinsic; GenX code generation treats it as one.
        let arity = match table.intrinsics.iter().find(|i| i.name == name) {
            Some(intrinsic) if intrinsic.variadic => i64::from(u8::MAX),
            Some(intrinsic) => intrinsic.operands.len() as i64,
            None if name == "llvm.fma" => 3,
            None => return Err(format!("{owner}: `{name}` is not an intrinsic of this file")),
        };
        let exec_text = string_field(record, &owner, "ExecSize")?;
        let exec_size = match exec_text.split_once(' ') {
            Some(("from-arg", n)) | Some(("from-byte", n)) if n.parse::<i64>().is_ok_and(|n| (0..arity).contains(&n)) => {
                let variant = if exec_text.starts_with("from-arg") { "FromArg" } else { "FromByte" };
                format!("{variant}({n})")
            }
            _ => match exec_text.as_str() {
                "none" => "None",
                "any" => "Any",
                "at-least-2" => "AtLeast2",
                "at-least-4" => "AtLeast4",
                "at-least-8" => "AtLeast8",
                "not-2" => "Not2",
                "no-mask" => "NoMask",
                other => return Err(format!("{owner}: execution size `{other}` is not one of the documented forms")),
            }
            .to_string(),
        };
        let mut operands = Vec::new();
        for (index, value) in list_field(record, &owner, "Operands")?.iter().enumerate() {
            let op = records.record(&def_ref(value, &owner, &format!("operand fact {index}"))?)?;
            let operand = int_field(op, &owner, "Operand")?;
            if !(-1..arity).contains(&operand) {
                return Err(format!("{owner}: operand {operand} does not exist ({arity} operands)"));
            }
            let kind = string_field(op, &owner, "Kind")?;
            if !OPERAND_KINDS.contains(&kind.as_str()) {
                return Err(format!("{owner}: operand {operand}: kind `{kind}` is not one of {OPERAND_KINDS:?}"));
            }
            let mut expr = format!("A::{kind}({operand})");
            for flag in list_field(op, &owner, "Flags")? {
                let flag = flag.as_str().unwrap_or("");
                if !OPERAND_FLAGS.contains(&flag) {
                    return Err(format!("{owner}: operand {operand}: `{flag}` is not one of {OPERAND_FLAGS:?}"));
                }
                let _ = write!(expr, ".{flag}()");
            }
            operands.push(expr);
        }
        out.push(OperandFacts {
            name,
            exec_size,
            implicit_pred: bit_field(record, &owner, "ImplicitPred")?,
            elementwise: bit_field(record, &owner, "Elementwise")?,
            operands,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in out.windows(2) {
        if pair[0].name == pair[1].name {
            return Err(format!("`{}` has two GxOperandFacts records", pair[0].name));
        }
    }
    Ok(out)
}

fn render_operand_facts(facts: &[OperandFacts]) -> String {
    let mut out = String::from(
        "// Generated by passes/build/intrinsics.rs from intrinsics.td's GxOperandFacts records. Do not edit.\n\n\
         /// Every described intrinsic, sorted by name.\n\
         pub(super) static TABLE: &[IntrinsicInfo] = &[\n",
    );
    for f in facts {
        let _ = writeln!(
            out,
            "    IntrinsicInfo {{ name: {:?}, exec_size: {}, implicit_pred: {}, elementwise: {}, fields: &[{}] }},",
            f.name,
            f.exec_size,
            f.implicit_pred,
            f.elementwise,
            f.operands.join(", ")
        );
    }
    out.push_str("];\n");
    out
}

// ---------------------------------------------------------------------------------------------------------------
// Model
// ---------------------------------------------------------------------------------------------------------------

struct Table {
    families: Vec<Family>,
    intrinsics: Vec<Intrinsic>,
}

struct Family {
    def: String,
    order: i64,
    key: String,
    title: String,
    doc: String,
}

struct Intrinsic {
    record: String,
    name: String,
    family: String,
    ret: Type,
    ret_fields: Vec<String>,
    operands: Vec<Operand>,
    variadic: bool,
    overloads: Vec<Overload>,
    memory: Memory,
    flags: BTreeSet<String>,
    doc: String,
    /// `(form, name)` of the vISA lowering, when there is one (the record's `Visa`).
    visa: Option<(String, String)>,
}

struct Operand {
    name: String,
    ty: Type,
    role: &'static str,
    doc: String,
}

#[derive(Clone)]
enum Type {
    /// `Ty::<variant>` of a fixed scalar (or void).
    Scalar(&'static str),
    Vector(u32, &'static str),
    /// An overloaded type variable: `Ty::<variant>` of its kind.
    Overload(&'static str),
    Match(u8),
    Struct(Vec<Type>),
}

struct Overload {
    slot: String,
    kind: &'static str,
    elems: Vec<&'static str>,
    no_i1: bool,
    lanes: u32,
}

#[derive(Clone, Copy)]
struct Memory {
    readnone: bool,
    readonly: bool,
    writeonly: bool,
}

/// The flags `intrinsics.td` may attach, as `Attrs` field names.
const FLAGS: &[&str] = &["convergent", "noduplicate", "noreturn", "argmemonly", "inaccessiblememonly"];

// ---------------------------------------------------------------------------------------------------------------
// Reading the JSON
// ---------------------------------------------------------------------------------------------------------------

/// Access to the records of one `--dump-json` document.
struct Records<'a> {
    json: &'a Value,
}

impl<'a> Records<'a> {
    fn record(&self, name: &str) -> Result<&'a Value, String> {
        self.json.get(name).filter(|v| v.is_object()).ok_or_else(|| format!("record `{name}` is missing"))
    }

    fn instances(&self, class: &str) -> Vec<String> {
        self.json
            .get("!instanceof")
            .and_then(|m| m.get(class))
            .and_then(Value::as_array)
            .map(|list| list.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    }

    fn is_a(&self, name: &str, class: &str) -> bool {
        self.json
            .get(name)
            .and_then(|r| r.get("!superclasses"))
            .and_then(Value::as_array)
            .is_some_and(|classes| classes.iter().any(|c| c.as_str() == Some(class)))
    }
}

fn field<'a>(record: &'a Value, owner: &str, field: &str) -> Result<&'a Value, String> {
    match record.get(field) {
        Some(Value::Null) | None => Err(format!("{owner}: field `{field}` is not set")),
        Some(value) => Ok(value),
    }
}

fn string_field(record: &Value, owner: &str, name: &str) -> Result<String, String> {
    field(record, owner, name)?
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{owner}: field `{name}` is not a string"))
}

fn int_field(record: &Value, owner: &str, name: &str) -> Result<i64, String> {
    field(record, owner, name)?.as_i64().ok_or_else(|| format!("{owner}: field `{name}` is not an integer"))
}

fn bit_field(record: &Value, owner: &str, name: &str) -> Result<bool, String> {
    match int_field(record, owner, name)? {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(format!("{owner}: bit `{name}` is {other}")),
    }
}

/// The record a `def` value refers to.
fn def_ref(value: &Value, owner: &str, what: &str) -> Result<String, String> {
    value
        .get("def")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("{owner}: {what} is not a record reference"))
}

fn list_field<'a>(record: &'a Value, owner: &str, name: &str) -> Result<&'a Vec<Value>, String> {
    field(record, owner, name)?.as_array().ok_or_else(|| format!("{owner}: field `{name}` is not a list"))
}

fn read_table(json: &Value) -> Result<Table, String> {
    let records = Records { json };
    let families = read_families(&records)?;
    let family_keys: BTreeMap<&str, &str> = families.iter().map(|f| (f.def.as_str(), f.key.as_str())).collect();

    let mut intrinsics = Vec::new();
    for record in records.instances("GenX") {
        intrinsics.push(read_intrinsic(&records, &record, &family_keys)?);
    }
    if intrinsics.is_empty() {
        return Err("no record derives from class `GenX`".to_string());
    }
    intrinsics.sort_by(|a, b| a.name.cmp(&b.name));
    for pair in intrinsics.windows(2) {
        if pair[0].name == pair[1].name {
            return Err(format!(
                "records `{}` and `{}` both describe `{}`",
                pair[0].record, pair[1].record, pair[0].name
            ));
        }
    }
    for family in &families {
        if !intrinsics.iter().any(|i| i.family == family.key) {
            return Err(format!("family `{}` ({}) has no intrinsic", family.def, family.key));
        }
    }
    Ok(Table { families, intrinsics })
}

fn read_families(records: &Records) -> Result<Vec<Family>, String> {
    let mut families = Vec::new();
    for def in records.instances("GxFamily") {
        let record = records.record(&def)?;
        let owner = format!("family `{def}`");
        let family = Family {
            order: int_field(record, &owner, "Order")?,
            key: string_field(record, &owner, "Key")?,
            title: string_field(record, &owner, "Title")?,
            doc: string_field(record, &owner, "Doc")?,
            def,
        };
        check_line(&family.title, &owner, "title")?;
        check_line(&family.doc, &owner, "doc")?;
        if family.key.is_empty() || !family.key.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            return Err(format!("{owner}: key `{}` must be lower-case letters and dashes", family.key));
        }
        families.push(family);
    }
    families.sort_by_key(|f| f.order);
    for pair in families.windows(2) {
        if pair[0].order == pair[1].order {
            return Err(format!("families `{}` and `{}` have the same Order", pair[0].def, pair[1].def));
        }
        if pair[0].key == pair[1].key {
            return Err(format!("families `{}` and `{}` have the same Key", pair[0].def, pair[1].def));
        }
    }
    let keys: BTreeSet<&str> = families.iter().map(|f| f.key.as_str()).collect();
    if keys.len() != families.len() {
        return Err("two families share a Key".to_string());
    }
    Ok(families)
}

/// A documentation string: one line, no surrounding blanks.
fn check_line(text: &str, owner: &str, what: &str) -> Result<(), String> {
    if text.contains('\n') || text.contains('\r') {
        return Err(format!("{owner}: the {what} must be a single line"));
    }
    if text.trim() != text {
        return Err(format!("{owner}: the {what} has leading or trailing blanks"));
    }
    if text.contains('|') {
        return Err(format!("{owner}: the {what} must not contain `|` (it is rendered in a Markdown table)"));
    }
    Ok(())
}

/// Overload bookkeeping while walking a signature in LLVM's order.
struct Walk<'r> {
    records: &'r Records<'r>,
    owner: String,
    overloads: Vec<Overload>,
}

impl Walk<'_> {
    /// Resolves the type record `def` found at `slot` (a `Slot` expression) of the signature.
    fn ty(&mut self, def: &str, slot: &str, what: &str, in_struct: bool) -> Result<Type, String> {
        let records = self.records;
        let record = records.record(def)?;
        let owner = format!("{}: {what}", self.owner);
        if records.is_a(def, "GxScalar") {
            let spelling = string_field(record, &owner, "Spelling")?;
            let variant =
                scalar_variant(&spelling).ok_or_else(|| format!("{owner}: unknown scalar spelling `{spelling}`"))?;
            if variant == "Void" && (in_struct || what != "the result") {
                return Err(format!("{owner}: `void` is only allowed as the whole result"));
            }
            Ok(Type::Scalar(variant))
        } else if records.is_a(def, "GxVector") {
            let lanes = int_field(record, &owner, "Lanes")?;
            let elem = def_ref(field(record, &owner, "Elem")?, &owner, "the vector element")?;
            let spelling = string_field(records.record(&elem)?, &owner, "Spelling")?;
            let variant = scalar_variant(&spelling)
                .filter(|v| *v != "Void")
                .ok_or_else(|| format!("{owner}: `{spelling}` cannot be a vector element"))?;
            if !(1..=1024).contains(&lanes) {
                return Err(format!("{owner}: a vector of {lanes} lanes"));
            }
            Ok(Type::Vector(lanes as u32, variant))
        } else if records.is_a(def, "GxOverload") {
            let kind_name = string_field(record, &owner, "Kind")?;
            let kind = match kind_name.as_str() {
                "int" => "AnyInt",
                "float" => "AnyFloat",
                "vector" => "AnyVector",
                "ptr" => "AnyPtr",
                "any" => "Any",
                other => return Err(format!("{owner}: unknown overload kind `{other}`")),
            };
            let mut elems = Vec::new();
            for elem in list_field(record, &owner, "Elems")? {
                let elem = def_ref(elem, &owner, "an element constraint")?;
                let spelling = string_field(records.record(&elem)?, &owner, "Spelling")?;
                let variant = scalar_variant(&spelling)
                    .filter(|v| *v != "Void")
                    .ok_or_else(|| format!("{owner}: `{spelling}` cannot constrain an element type"))?;
                let is_int = variant.starts_with('I');
                if (kind == "AnyInt" && !is_int) || (kind == "AnyFloat" && is_int) || kind == "AnyPtr" {
                    return Err(format!("{owner}: element constraint `{spelling}` contradicts kind `{kind_name}`"));
                }
                elems.push(variant);
            }
            let no_i1 = bit_field(record, &owner, "NoI1")?;
            if no_i1 && (kind == "AnyFloat" || kind == "AnyPtr" || elems.contains(&"I1")) {
                return Err(format!("{owner}: `NoI1` does not fit this overload"));
            }
            let lanes = int_field(record, &owner, "Lanes")?;
            if !(0..=1024).contains(&lanes) || (lanes != 0 && kind == "AnyPtr") {
                return Err(format!("{owner}: invalid lane constraint {lanes}"));
            }
            self.overloads.push(Overload { slot: slot.to_string(), kind, elems, no_i1, lanes: lanes as u32 });
            Ok(Type::Overload(kind))
        } else if records.is_a(def, "GxSame") {
            let index = int_field(record, &owner, "Index")?;
            if index < 0 || index as usize >= self.overloads.len() {
                return Err(format!(
                    "{owner}: `Same{index}` refers to overloaded type #{index}, but only {} {} defined before it \
                     (the result first, then the operands)",
                    self.overloads.len(),
                    if self.overloads.len() == 1 { "is" } else { "are" }
                ));
            }
            Ok(Type::Match(index as u8))
        } else if records.is_a(def, "GxStruct") {
            if in_struct || what != "the result" {
                return Err(format!("{owner}: a struct is only allowed as the whole result"));
            }
            let fields = list_field(record, &owner, "Fields")?;
            let names = list_field(record, &owner, "Names")?;
            if fields.len() < 2 || fields.len() != names.len() {
                return Err(format!("{owner}: a struct needs at least two fields and one name per field"));
            }
            let mut types = Vec::new();
            for (index, field) in fields.iter().enumerate() {
                let def = def_ref(field, &owner, "a struct field")?;
                let slot = format!("Slot::RetField({index})");
                types.push(self.ty(&def, &slot, &format!("field {index} of the result"), true)?);
            }
            Ok(Type::Struct(types))
        } else if records.is_a(def, "GxVarArgs") {
            Err(format!("{owner}: `VarArgs` is only allowed as the last operand"))
        } else {
            Err(format!("{owner}: `{def}` is not a type record"))
        }
    }
}

fn scalar_variant(spelling: &str) -> Option<&'static str> {
    Some(match spelling {
        "void" => "Void",
        "i1" => "I1",
        "i8" => "I8",
        "i16" => "I16",
        "i32" => "I32",
        "i64" => "I64",
        "half" => "Half",
        "float" => "Float",
        "double" => "Double",
        _ => return None,
    })
}

/// The vISA lowering forms genx-passes' `visa_emit` implements (see `intrinsics.td`'s `Visa`).
const VISA_FORMS: &[&str] = &[
    "alu-ss", "alu-su", "alu-us", "alu-uu", "sat-ss", "sat-su", "sat-us", "sat-uu", "predef", "oword-ld", "oword-st",
    "media-ld", "media-st", "svm-ld", "svm-st", "gather-scaled", "scatter-scaled", "gather4-scaled", "scatter4-scaled",
    "gather4-typed", "scatter4-typed", "svm-gather", "svm-scatter", "dword-atomic", "svm-atomic", "typed-atomic", "barrier", "sbarrier",
    "fence", "implicit", "carry", "sampler", "sample-unorm", "avs", "plane",
];

/// `Visa = "<form> <name>"`, or empty.
fn read_visa(text: &str, owner: &str) -> Result<Option<(String, String)>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    match text.split_once(' ') {
        Some((form, name)) if VISA_FORMS.contains(&form) && !name.is_empty() && !name.contains(' ') => {
            Ok(Some((form.to_string(), name.to_string())))
        }
        _ => Err(format!("{owner}: `Visa = \"{text}\"` is not \"<form> <name>\" with a form of {VISA_FORMS:?}")),
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

fn read_intrinsic(records: &Records, record_name: &str, families: &BTreeMap<&str, &str>) -> Result<Intrinsic, String> {
    let record = records.record(record_name)?;
    let owner = format!("record `{record_name}`");
    let Some(stem) = record_name.strip_prefix("genx_") else {
        return Err(format!("{owner}: GenX records are named `genx_<name with _ for .>`"));
    };
    let name = string_field(record, &owner, "Name")?;
    if name != format!("llvm.genx.{}", stem.replace('_', ".")) || stem.is_empty() || stem.contains("__") {
        return Err(format!("{owner}: its name `{name}` does not follow from the record name"));
    }

    let family_def = def_ref(field(record, &owner, "Family")?, &owner, "`Family`")?;
    let family = families
        .get(family_def.as_str())
        .ok_or_else(|| format!("{owner}: `{family_def}` is not a GxFamily"))?
        .to_string();

    let doc = string_field(record, &owner, "Doc")?;
    if doc.is_empty() {
        return Err(format!("{owner}: the doc is empty"));
    }
    check_line(&doc, &owner, "doc")?;
    let visa = read_visa(&string_field(record, &owner, "Visa")?, &owner)?;

    let mut walk = Walk { records, owner: owner.clone(), overloads: Vec::new() };
    let ret_def = def_ref(field(record, &owner, "Result")?, &owner, "`Result`")?;
    let ret = walk.ty(&ret_def, "Slot::Ret", "the result", false)?;
    let ret_fields = if records.is_a(&ret_def, "GxStruct") {
        let names = list_field(records.record(&ret_def)?, &owner, "Names")?;
        let mut out = Vec::new();
        for name in names {
            let name = name.as_str().ok_or_else(|| format!("{owner}: a struct field name is not a string"))?;
            if !is_identifier(name) {
                return Err(format!("{owner}: struct field name `{name}` is not a lower-case identifier"));
            }
            out.push(name.to_string());
        }
        out
    } else {
        Vec::new()
    };

    let operand_list = list_field(record, &owner, "Operands")?;
    let mut operands: Vec<Operand> = Vec::new();
    let mut variadic = false;
    for (index, value) in operand_list.iter().enumerate() {
        let op_def = def_ref(value, &owner, &format!("operand {index}"))?;
        let op = records.record(&op_def)?;
        let op_name = string_field(op, &owner, "Name")?;
        let what = format!("operand {index} (`{op_name}`)");
        if !is_identifier(&op_name) {
            return Err(format!("{owner}: {what}: the name must be a lower-case identifier"));
        }
        if operands.iter().any(|o| o.name == op_name) {
            return Err(format!("{owner}: two operands are named `{op_name}`"));
        }
        let op_doc = string_field(op, &owner, "Doc")?;
        check_line(&op_doc, &owner, &format!("doc of {what}"))?;
        let role_def = def_ref(field(op, &owner, "Role")?, &owner, &format!("the role of {what}"))?;
        let role = match string_field(records.record(&role_def)?, &owner, "Key")?.as_str() {
            "value" => "Value",
            "imm" => "Imm",
            "imm-or-undef" => "ImmOrUndef",
            other => return Err(format!("{owner}: {what}: unknown role `{other}`")),
        };
        let ty_def = def_ref(field(op, &owner, "Type")?, &owner, &format!("the type of {what}"))?;
        if records.is_a(&ty_def, "GxVarArgs") {
            if index + 1 != operand_list.len() {
                return Err(format!("{owner}: {what}: `VarArgs` must be the last operand"));
            }
            if role != "Value" {
                return Err(format!("{owner}: {what}: variadic operands cannot be immediates"));
            }
            variadic = true;
            continue;
        }
        let ty = walk.ty(&ty_def, &format!("Slot::Operand({index})"), &what, false)?;
        operands.push(Operand { name: op_name, ty, role, doc: op_doc });
    }
    if operands.len() > 255 {
        return Err(format!("{owner}: too many operands"));
    }

    let memory_def = def_ref(field(record, &owner, "Memory")?, &owner, "`Memory`")?;
    let memory_record = records.record(&memory_def)?;
    let memory_owner = format!("{owner}: memory `{memory_def}`");
    let memory = Memory {
        readnone: bit_field(memory_record, &memory_owner, "ReadNone")?,
        readonly: bit_field(memory_record, &memory_owner, "ReadOnly")?,
        writeonly: bit_field(memory_record, &memory_owner, "WriteOnly")?,
    };
    if [memory.readnone, memory.readonly, memory.writeonly].iter().filter(|b| **b).count() > 1 {
        return Err(format!("{memory_owner}: at most one of ReadNone, ReadOnly, WriteOnly may be set"));
    }

    let mut flags = BTreeSet::new();
    for flag in list_field(record, &owner, "Flags")? {
        let flag_def = def_ref(flag, &owner, "a flag")?;
        let attribute = string_field(records.record(&flag_def)?, &owner, "Attribute")?;
        if !FLAGS.contains(&attribute.as_str()) {
            return Err(format!("{owner}: unknown flag attribute `{attribute}`"));
        }
        if !flags.insert(attribute.clone()) {
            return Err(format!("{owner}: flag `{attribute}` given twice"));
        }
    }

    Ok(Intrinsic {
        record: record_name.to_string(),
        name,
        family,
        ret,
        ret_fields,
        operands,
        variadic,
        overloads: walk.overloads,
        memory,
        flags,
        doc,
        visa,
    })
}

// ---------------------------------------------------------------------------------------------------------------
// Writing Rust
// ---------------------------------------------------------------------------------------------------------------

fn ty_expr(ty: &Type) -> String {
    match ty {
        Type::Scalar(variant) | Type::Overload(variant) => format!("Ty::{variant}"),
        Type::Vector(lanes, elem) => format!("Ty::Vector({lanes}, &Ty::{elem})"),
        Type::Match(index) => format!("Ty::Match({index})"),
        Type::Struct(fields) => {
            format!("Ty::Struct(&[{}])", fields.iter().map(ty_expr).collect::<Vec<_>>().join(", "))
        }
    }
}

fn render(table: &Table) -> String {
    let mut out = String::new();
    out.push_str("// @generated by passes/build/intrinsics.rs from intrinsics.td; do not edit.\n\n");
    let _ = writeln!(out, "pub(super) static FAMILIES: [FamilyDesc; {}] = [", table.families.len());
    for family in &table.families {
        let _ = writeln!(
            out,
            "    FamilyDesc {{ key: {:?}, title: {:?}, doc: {:?} }},",
            family.key, family.title, family.doc
        );
    }
    out.push_str("];\n\n");

    let _ = writeln!(out, "pub(super) static TABLE: [IntrinsicDesc; {}] = [", table.intrinsics.len());
    for intrinsic in &table.intrinsics {
        let _ = writeln!(out, "    IntrinsicDesc {{");
        let _ = writeln!(out, "        name: {:?},", intrinsic.name);
        let _ = writeln!(out, "        ret: {},", ty_expr(&intrinsic.ret));
        let _ = writeln!(out, "        ret_fields: &{:?},", intrinsic.ret_fields);
        out.push_str("        operands: &[\n");
        for op in &intrinsic.operands {
            let _ = writeln!(
                out,
                "            OperandDesc {{ name: {:?}, ty: {}, role: Role::{}, doc: {:?} }},",
                op.name,
                ty_expr(&op.ty),
                op.role,
                op.doc
            );
        }
        out.push_str("        ],\n");
        let _ = writeln!(out, "        variadic: {},", intrinsic.variadic);
        out.push_str("        overloads: &[\n");
        for overload in &intrinsic.overloads {
            let elems: Vec<String> = overload.elems.iter().map(|e| format!("Ty::{e}")).collect();
            let _ = writeln!(
                out,
                "            OverloadDesc {{ slot: {}, kind: Ty::{}, elems: &[{}], no_i1: {}, lanes: {} }},",
                overload.slot,
                overload.kind,
                elems.join(", "),
                overload.no_i1,
                overload.lanes
            );
        }
        out.push_str("        ],\n");
        let m = intrinsic.memory;
        let flag = |name: &str| intrinsic.flags.contains(name);
        let _ = writeln!(
            out,
            "        attrs: Attrs {{ nounwind: true, readnone: {}, readonly: {}, writeonly: {}, argmemonly: {}, \
             inaccessiblememonly: {}, convergent: {}, noduplicate: {}, noreturn: {}, willreturn: false, \
             has_side_effects: {} }},",
            m.readnone,
            m.readonly,
            m.writeonly,
            flag("argmemonly"),
            flag("inaccessiblememonly"),
            flag("convergent"),
            flag("noduplicate"),
            flag("noreturn"),
            !(m.readnone || m.readonly),
        );
        let _ = writeln!(out, "        family: {:?},", intrinsic.family);
        let _ = writeln!(out, "        doc: {:?},", intrinsic.doc);
        match &intrinsic.visa {
            Some((form, name)) => {
                let _ = writeln!(out, "        visa: Some(VisaLowering {{ form: {form:?}, name: {name:?} }}),");
            }
            None => out.push_str("        visa: None,\n"),
        }
        out.push_str("    },\n");
    }
    out.push_str("];\n");
    out
}
