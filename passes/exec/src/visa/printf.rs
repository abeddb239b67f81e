//! IGC's printf buffer, read back as text, so that a kernel's printf output is validated across levels.
//!
//! What IGC 1.0.12504.6 writes (its printf implementation for OpenCL-style binaries, `vc/BiF/PrintfIface.h`,
//! `lib/BiF/printf_not_cm_common.h`, `printf_ocl_genx.cpp`): the buffer's dword 0 is the offset (in bytes) of its
//! free space, which the runtime sets to 4; each printf call reserves its record with an atomic add on that dword
//! and writes, one dword each: the format string's *index*, then per argument a code and its data: `3` int (one
//! dword, chars and shorts too), `4` float (one), `5` string (the string's index), `6` long, `7` pointer and `8`
//! double (two dwords, low first).
//!
//! The indices: IGC numbers the strings in the order it emits their `print.format.index` instructions and puts
//! the table in the binary, not in the `.visaasm`. So the decoder takes the IR's candidate strings (every
//! constant global holding a NUL-terminated string) and the IR's printed text, and looks, record after record,
//! for the string whose formatting of the record gives the IR's next text; an index keeps the string it was given
//! first (two indices may hold equal strings: IGC gives each call site its own). The claim checked is therefore:
//! some consistent assignment of the IR's strings to IGC's indices makes the vISA print exactly what the IR
//! prints; argument values and codes are compared exactly (through the same formatter, the IR executor's).
//!
//! Not handled (reported as unsupported): vector arguments (`%v4d`; IGC's codes 9-14). Not handled: records whose `%s` index is first met before the
//! record's format resolves it (a choice is tried per string for each unresolved `%s`, at most
//! [`MAX_STRING_CHOICES`] combinations).

use std::collections::HashMap;

use crate::intrinsics::printf::format_printf;
use crate::memory::{AllocKind, Memory};
use crate::program::Program;
use crate::value::{Elem, Value};

/// Bytes of the printf buffer given to a kernel.
pub const PRINTF_BYTES: u64 = 64 * 1024;

/// The value the runtime leaves in dword 0 of a fresh printf buffer: the free space starts after it.
pub const PRINTF_START: u32 = 4;

/// At most this many combinations of strings are tried for one record's unresolved `%s` indices.
const MAX_STRING_CHOICES: usize = 4096;

/// One decoded argument: its value, or a string index.
#[derive(Clone, Copy)]
enum Arg {
    Value(Elem, u64),
    String(u32),
}

/// The IR's candidate strings: every global whose initializer holds a NUL-terminated string (the bytes before it).
pub fn ir_strings(ir: &Program) -> Vec<Vec<u8>> {
    ir.globals
        .iter()
        .filter_map(|g| {
            let (bytes, defined) = g.init.as_ref()?;
            let end = bytes.iter().position(|&b| b == 0)?;
            defined[..=end].iter().all(|&d| d).then(|| bytes[..end].to_vec())
        })
        .collect()
}

/// Why a printf buffer could not be read back as the IR's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrintfError {
    /// No string of the IR explains a record (where and why).
    Differs(String),
    /// A record uses what the decoder does not read (the construct).
    Unsupported(String),
}

/// Reads the printf buffer `bytes` (and definedness) back as the text it prints, guided by the IR's `expected`
/// text and `strings`.
pub fn decode(bytes: &[u8], defined: &[bool], strings: &[Vec<u8>], expected: &[u8]) -> Result<Vec<u8>, PrintfError> {
    let dword = |at: usize| -> Option<u32> {
        (at + 4 <= bytes.len() && defined[at..at + 4].iter().all(|&d| d)).then(|| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()))
    };
    let end = dword(0).ok_or_else(|| PrintfError::Differs("the printf buffer's offset dword is undefined".to_string()))? as usize;
    let end = end.min(bytes.len());
    // The strings as NUL-terminated globals of a scratch memory, for `%s` and the formatter.
    let mut memory = Memory::new();
    let addresses: Vec<u64> = strings
        .iter()
        .map(|s| {
            let mut z = s.clone();
            z.push(0);
            memory.allocate_with("printf string", AllocKind::Global, z)
        })
        .collect();
    let mut table: HashMap<u32, usize> = HashMap::new();
    let mut out = Vec::new();
    let mut at = PRINTF_START as usize;
    while at < end {
        let index = dword(at).ok_or_else(|| PrintfError::Differs(format!("printf record at byte {at}: its format index is undefined")))?;
        // Every argument the record may hold, with the byte after each.
        let mut args = Vec::new();
        let mut p = at + 4;
        while p < end {
            let (arg, size) = match dword(p) {
                Some(3) => (dword(p + 4).map(|v| Arg::Value(Elem::Int(32), v as u64)), 8),
                Some(4) => (dword(p + 4).map(|v| Arg::Value(Elem::Float, v as u64)), 8),
                Some(5) => (dword(p + 4).map(Arg::String), 8),
                Some(code @ (6..=8)) => {
                    let elem = if code == 8 { Elem::Double } else { Elem::Int(64) };
                    (dword(p + 4).zip(dword(p + 8)).map(|(lo, hi)| Arg::Value(elem, lo as u64 | (hi as u64) << 32)), 12)
                }
                Some(code @ 9..=14) => {
                    return Err(PrintfError::Unsupported(format!("printf of a vector argument (IGC's argument code {code})")))
                }
                _ => (None, 0),
            };
            let Some(arg) = arg else { break };
            p += size;
            args.push((arg, p));
        }
        let rest = &expected[out.len().min(expected.len())..];
        let formats: Vec<usize> = match table.get(&index) {
            Some(&s) => vec![s],
            None => (0..strings.len()).collect(),
        };
        let mut found = None;
        'formats: for &f in &formats {
            // Unresolved %s indices of this record get each string in turn.
            let unresolved: Vec<u32> = {
                let mut u: Vec<u32> = args
                    .iter()
                    .filter_map(|(a, _)| match a {
                        Arg::String(i) if !table.contains_key(i) && *i != index => Some(*i),
                        _ => None,
                    })
                    .collect();
                u.dedup();
                u
            };
            let combinations = strings.len().saturating_pow(unresolved.len() as u32).min(MAX_STRING_CHOICES);
            for combination in 0..combinations.max(1) {
                let mut chosen: HashMap<u32, usize> = HashMap::new();
                let mut c = combination;
                for &i in &unresolved {
                    chosen.insert(i, c % strings.len().max(1));
                    c /= strings.len().max(1);
                }
                chosen.insert(index, f);
                let values: Vec<Value> = args
                    .iter()
                    .map(|(a, _)| match *a {
                        Arg::Value(elem, bits) => Value::scalar(elem, bits),
                        Arg::String(i) => {
                            let s = table.get(&i).or(chosen.get(&i)).copied().unwrap_or(usize::MAX);
                            Value::scalar(Elem::Int(64), addresses.get(s).copied().unwrap_or(0))
                        }
                    })
                    .collect();
                let Some((text, used)) = format_printf(&memory, &strings[f], &values) else { continue };
                if rest.starts_with(&text) {
                    found = Some((text, used, chosen));
                    break 'formats;
                }
            }
        }
        let Some((text, used, chosen)) = found else {
            return Err(PrintfError::Differs(format!(
                "printf record at byte {at} (format index {index}, {} argument(s) read) prints nothing the IR prints next",
                args.len()
            )));
        };
        // Only the arguments the format used, and the string choices they made, are kept.
        for (i, s) in chosen {
            let used_here = i == index || args[..used].iter().any(|(a, _)| matches!(a, Arg::String(k) if *k == i));
            if used_here {
                table.entry(i).or_insert(s);
            }
        }
        out.extend_from_slice(&text);
        at = if used == 0 { at + 4 } else { args[used - 1].1 };
    }
    Ok(out)
}
