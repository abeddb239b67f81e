//! Reader of intel-vc-intrinsics' generated `GenXIntrinsicDescription.gen` (version 0.11), for the table test.
//!
//! The file is C++ fragments selected by `#ifdef GET_INTRINSIC_*`; we read five of them:
//! - `NAME_TABLE`: the names, in intrinsic-id order (id 1 is the first entry);
//! - `OVERLOAD_TABLE`: a bitset `OTable`, bit `id % 8` of byte `id / 8`: "has an overloaded type";
//! - `OVERLOAD_ARGS_TABLE` / `OVERLOAD_RET_TABLE`: which argument positions / whether the result are overloaded
//!   (computed by the generator from its Python source, *not* from the type encoding);
//! - `GENERATOR_GLOBAL`: the type encoding, LLVM's IIT scheme (`IIT_Table`, `IIT_LongEncodingTable`);
//! - `ATTRIBUTES`: per name an attribute-set number, and per number the `Attribute::` kinds.
//!
//! **IIT decoding** mirrors LLVM 14's `DecodeIITType` (vc-intrinsics carries a copy with the same `IIT_*`
//! values): a table word without bit 31 holds up to eight 4-bit codes, least significant first (`do { push(v &
//! 0xF); v >>= 4; } while (v)`, so trailing zero codes are lost; an `IIT_ARG` at the very end then reads argument
//! info 0, as LLVM does); a word with bit 31 is an offset into the byte table, where a signature ends at code 0.
//! The first type is the result, then parameters follow until a 0 code. `IIT_ARG` (15) is followed by
//! `argument number << 3 | kind` (0 any, 1 int, 2 float, 3 vector, 4 pointer, 7 match). vc-intrinsics' Python
//! generator encodes a reference to an earlier overloaded type not as kind 7 but by repeating that type's
//! argument byte: a repeated number means "same type as".

use std::collections::{BTreeMap, BTreeSet};

/// A decoded IIT type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IitType {
    Void,
    Int(u32),
    Half,
    Float,
    Double,
    Vector(u32, Box<IitType>),
    Pointer(u32, Box<IitType>),
    Struct(Vec<IitType>),
    /// `IIT_ARG`: overloaded type `number` of kind `kind` (a new one, or a repetition meaning "same as").
    Argument {
        number: u32,
        kind: u32,
    },
    VarArg,
}

/// A decoded signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub ret: IitType,
    pub params: Vec<IitType>,
    pub variadic: bool,
}

/// Everything the .gen says about one intrinsic.
#[derive(Clone, Debug)]
pub struct GenEntry {
    /// Full name, e.g. `llvm.genx.rdregioni`.
    pub name: String,
    /// `OTable`: the intrinsic has an overloaded type.
    pub overloaded: bool,
    /// `OVERLOAD_ARGS_TABLE`: argument positions the generator calls overloaded.
    pub overloaded_args: BTreeSet<usize>,
    /// `OVERLOAD_RET_TABLE`: the result is (or contains) an overloaded type.
    pub overloaded_ret: bool,
    pub signature: Signature,
    /// `Attribute::` kinds, e.g. `NoUnwind`, `ReadNone`.
    pub attrs: BTreeSet<String>,
    /// The IIT type codes the signature uses (not the argument-info or address-space bytes).
    pub codes: Vec<u8>,
}

/// Text between `#ifdef <macro>` and its `#endif`.
fn section<'a>(text: &'a str, macro_name: &str) -> Result<&'a str, String> {
    let start_marker = format!("#ifdef {macro_name}");
    let start = text.find(&start_marker).ok_or_else(|| format!("section {macro_name} not found"))?;
    let body = &text[start + start_marker.len()..];
    let end = body.find("\n#endif").ok_or_else(|| format!("section {macro_name} is not closed"))?;
    Ok(&body[..end])
}

/// The contents of the first `{ ... }` initializer after `marker`.
fn braces_after<'a>(text: &'a str, marker: &str) -> Result<&'a str, String> {
    let at = text.find(marker).ok_or_else(|| format!("`{marker}` not found"))?;
    let rest = &text[at..];
    let open = rest.find('{').ok_or_else(|| format!("no initializer after `{marker}`"))?;
    let close = rest[open..].find("};").ok_or_else(|| format!("unterminated initializer after `{marker}`"))?;
    Ok(&rest[open + 1..open + close])
}

fn parse_u32(token: &str) -> Result<u32, String> {
    let token = token.trim();
    if let Some(hex) = token.strip_prefix("0x").or_else(|| token.strip_prefix("0X")) {
        u32::from_str_radix(hex, 16).map_err(|e| format!("bad hex `{token}`: {e}"))
    } else {
        token.parse().map_err(|e| format!("bad number `{token}`: {e}"))
    }
}

/// Parses the whole file.
pub fn parse(text: &str) -> Result<Vec<GenEntry>, String> {
    // Names, in id order.
    let names: Vec<String> = section(text, "GET_INTRINSIC_NAME_TABLE")?
        .lines()
        .filter_map(|line| line.trim().strip_prefix("MANGLE(\"").and_then(|rest| rest.split('"').next()))
        .map(str::to_string)
        .collect();
    if names.is_empty() {
        return Err("the name table is empty".to_string());
    }
    // Enum names (`genx_3d_load`) to names, from the enum section's comments.
    let mut by_enum: BTreeMap<String, String> = BTreeMap::new();
    for line in section(text, "GET_INTRINSIC_ENUM_VALUES")?.lines() {
        if let Some((enumerator, comment)) = line.split_once(',') {
            if let Some(name) = comment.trim().strip_prefix("// ") {
                by_enum.insert(enumerator.trim().to_string(), name.trim().to_string());
            }
        }
    }
    let enum_name = |e: &str| -> Result<String, String> {
        by_enum.get(e).cloned().ok_or_else(|| format!("enumerator `{e}` is not in the enum section"))
    };

    // OTable.
    let otable_text = braces_after(section(text, "GET_INTRINSIC_OVERLOAD_TABLE")?, "OTable[]")?;
    let mut otable = Vec::new();
    for entry in otable_text.split(',') {
        let mut byte = 0u32;
        let mut rest = entry;
        while let Some(at) = rest.find("(1U<<") {
            let after = &rest[at + 5..];
            let end = after.find(')').ok_or("unterminated bit in OTable")?;
            byte |= 1 << parse_u32(&after[..end])?;
            rest = &after[end..];
        }
        otable.push(byte);
    }

    // Overloaded argument positions.
    let mut overloaded_args: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    let args_text = section(text, "GET_INTRINSIC_OVERLOAD_ARGS_TABLE")?;
    for chunk in args_text.split("case GenXIntrinsic::").skip(1) {
        let (enumerator, body) = chunk.split_once(':').ok_or("malformed case in the overload-args table")?;
        let mut positions = BTreeSet::new();
        for line in body.lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("case ") {
                if let Some((number, tail)) = rest.split_once(':') {
                    if tail.contains("return true") {
                        positions.insert(parse_u32(number)? as usize);
                    }
                }
            }
        }
        overloaded_args.insert(enum_name(enumerator.trim())?, positions);
    }

    // Overloaded results.
    let mut overloaded_ret = BTreeSet::new();
    for line in section(text, "GET_INTRINSIC_OVERLOAD_RET_TABLE")?.lines() {
        if let Some(rest) = line.trim().strip_prefix("case GenXIntrinsic::") {
            overloaded_ret.insert(enum_name(rest.trim_end_matches(':').trim())?);
        }
    }

    // Type encodings.
    let generator = section(text, "GET_INTRINSIC_GENERATOR_GLOBAL")?;
    let mut words = Vec::new();
    for token in braces_after(generator, "IIT_Table[]")?.split(',') {
        let token = token.trim();
        if token.is_empty() {
            continue;
        }
        if let Some(offset) = token.strip_prefix("(1U<<31) |") {
            words.push((1u32 << 31) | parse_u32(offset)?);
        } else {
            words.push(parse_u32(token)?);
        }
    }
    let long_text = braces_after(generator, "IIT_LongEncodingTable[]")?;
    let mut long_table = Vec::new();
    for line in long_text.lines() {
        // Drop the `/* offset */` comments.
        let line = match (line.find("/*"), line.find("*/")) {
            (Some(a), Some(b)) => format!("{}{}", &line[..a], &line[b + 2..]),
            _ => line.to_string(),
        };
        for token in line.split(',') {
            let token = token.trim();
            if !token.is_empty() {
                let value = parse_u32(token)?;
                long_table.push(u8::try_from(value).map_err(|_| format!("long-table byte {value} out of range"))?);
            }
        }
    }

    // Attributes.
    let attributes = section(text, "GET_INTRINSIC_ATTRIBUTES")?;
    let mut set_of: BTreeMap<String, u32> = BTreeMap::new();
    for line in braces_after(attributes, "IntrinsicsToAttributesMap[]")?.lines() {
        if let Some((number, comment)) = line.split_once(',') {
            if let Some(name) = comment.trim().strip_prefix("// ") {
                set_of.insert(name.trim().to_string(), parse_u32(number)?);
            }
        }
    }
    let mut sets: BTreeMap<u32, BTreeSet<String>> = BTreeMap::new();
    for chunk in attributes.split("case ").skip(1) {
        let Some((number, body)) = chunk.split_once(':') else { continue };
        let Ok(number) = parse_u32(number) else { continue };
        let Some(list) = body.split("Atts[] = {").nth(1).and_then(|rest| rest.split('}').next()) else { continue };
        let kinds = list.split(',').filter_map(|k| k.trim().strip_prefix("Attribute::")).map(str::to_string);
        sets.insert(number, kinds.collect());
    }

    if words.len() != names.len() {
        return Err(format!("{} type encodings for {} names", words.len(), names.len()));
    }
    let mut entries = Vec::new();
    for (index, name) in names.iter().enumerate() {
        let id = index + 1;
        let byte = otable.get(id / 8).copied().ok_or_else(|| format!("OTable has no byte for {name}"))?;
        let (signature, codes) =
            decode_signature(words[index], &long_table).map_err(|e| format!("{name}: cannot decode its type: {e}"))?;
        let set = set_of.get(name).ok_or_else(|| format!("{name} has no attribute set"))?;
        entries.push(GenEntry {
            name: name.clone(),
            overloaded: byte & (1 << (id % 8)) != 0,
            overloaded_args: overloaded_args.get(name).cloned().ok_or_else(|| format!("{name}: no args entry"))?,
            overloaded_ret: overloaded_ret.contains(name),
            signature,
            attrs: sets.get(set).cloned().ok_or_else(|| format!("{name}: attribute set {set} is not defined"))?,
            codes,
        });
    }
    Ok(entries)
}

/// Decodes one `IIT_Table` word into a signature; also returns the type codes read.
pub fn decode_signature(word: u32, long_table: &[u8]) -> Result<(Signature, Vec<u8>), String> {
    let infos: Vec<u8> = if word >> 31 != 0 {
        let offset = (word & 0x7fff_ffff) as usize;
        long_table.get(offset..).ok_or_else(|| format!("long-table offset {offset} out of range"))?.to_vec()
    } else {
        let mut nibbles = Vec::new();
        let mut value = word;
        loop {
            nibbles.push((value & 0xf) as u8);
            value >>= 4;
            if value == 0 {
                break;
            }
        }
        nibbles
    };
    let mut next = 0usize;
    let mut codes = Vec::new();
    let ret = decode_type(&infos, &mut next, &mut codes)?;
    let mut params = Vec::new();
    while next < infos.len() && infos[next] != 0 {
        params.push(decode_type(&infos, &mut next, &mut codes)?);
    }
    let variadic = params.last() == Some(&IitType::VarArg);
    if variadic {
        params.pop();
    }
    if params.contains(&IitType::VarArg) {
        return Err("a variadic marker before the last parameter".to_string());
    }
    Ok((Signature { ret, params, variadic }, codes))
}

/// LLVM 14's `DecodeIITType`, restricted to the codes a GenX table can contain; others are errors.
fn decode_type(infos: &[u8], next: &mut usize, codes: &mut Vec<u8>) -> Result<IitType, String> {
    let code = *infos.get(*next).ok_or("the encoding ends inside a type")?;
    *next += 1;
    codes.push(code);
    let element = |lanes: u32, next: &mut usize, codes: &mut Vec<u8>| -> Result<IitType, String> {
        Ok(IitType::Vector(lanes, Box::new(decode_type(infos, next, codes)?)))
    };
    Ok(match code {
        0 => IitType::Void,
        1 => IitType::Int(1),
        2 => IitType::Int(8),
        3 => IitType::Int(16),
        4 => IitType::Int(32),
        5 => IitType::Int(64),
        6 => IitType::Half,
        7 => IitType::Float,
        8 => IitType::Double,
        9 => element(2, next, codes)?,
        10 => element(4, next, codes)?,
        11 => element(8, next, codes)?,
        12 => element(16, next, codes)?,
        13 => element(32, next, codes)?,
        16 => element(64, next, codes)?,
        28 => element(1, next, codes)?,
        36 => element(512, next, codes)?,
        37 => element(1024, next, codes)?,
        14 => IitType::Pointer(0, Box::new(decode_type(infos, next, codes)?)),
        27 => {
            let space = *infos.get(*next).ok_or("IIT_ANYPTR without an address space")? as u32;
            *next += 1;
            IitType::Pointer(space, Box::new(decode_type(infos, next, codes)?))
        }
        15 => {
            // As LLVM: an IIT_ARG at the very end of the data reads argument info 0.
            let info = infos.get(*next).copied().unwrap_or(0) as u32;
            if *next < infos.len() {
                *next += 1;
            }
            IitType::Argument { number: info >> 3, kind: info & 7 }
        }
        29 => IitType::VarArg,
        20 => IitType::Struct(Vec::new()),
        21..=24 | 38..=40 => {
            let count = match code {
                21..=24 => code as usize - 19,
                _ => code as usize - 32,
            };
            let mut fields = Vec::with_capacity(count);
            for _ in 0..count {
                fields.push(decode_type(infos, next, codes)?);
            }
            IitType::Struct(fields)
        }
        other => return Err(format!("IIT code {other} is not one a GenX table uses")),
    })
}
