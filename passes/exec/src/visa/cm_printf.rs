//! The CM runtime's printf buffer (`docs/cm-printf.md`), as a vISA kernel writes it through the predefined
//! surface `T2`, read back as the text it prints.
//!
//! Why: a kernel finalized through vISA for the CM runtime prints by writing self-describing records into the
//! buffer the runtime binds at binding-table index 2 ("static buffer 1"); the runtime prints them after the
//! kernel. The executors run such a kernel with a buffer of their own and turn the records into text with the IR
//! executor's formatter, so `cmc run k.visaasm` prints what `cmc run` of the kernel's IR prints, and validation
//! compares that text with the IR's.
//!
//! The protocol (Intel's CM compiler `cm_printf.h` and `CGCMBuiltin.cpp`'s `EmitCMPrintf`, the media driver's
//! `cm_printf_host.cpp` / `CmDeviceRTBase::CreatePrintBuffer`): the runtime zeroes the buffer and stores 32 (the
//! buffer header's size) in dword 0, the offset of the free space. A printf reserves its bytes with an atomic
//! add on dword 0 and writes records there: a 32-byte header (dword 0 the object type: 3 scalar, 4 string,
//! 5 format; dword 1 the data type: 0 char, 1 uchar, 2 float, 3 int, 4 uint, 5 short, 6 ushort, 7 qword,
//! 8 uqword, 9 double; dwords 6 and 7 a scalar's bits, low first), followed for a string or format by a 128-byte
//! field holding the text up to its NUL. The reader walks the records from byte 32 to dword 0's value; a format
//! record starts a call and the records after it are its arguments.
//!
//! Semantics here: each call is formatted as a whole by the IR executor's `printf` formatter
//! ([`crate::intrinsics::printf`]), with each scalar as the type its data type names (a char as an 8-bit
//! integer, a short as a 16-bit one, a qword as a 64-bit one) and each string as a `%s` argument; a call the
//! formatter refuses prints nothing, as the IR's printf then does. Each thread gets its own buffer, and its text is
//! appended in thread order, as the IR executor prints ([`super::run`]).
//!
//! Not handled (reported as unsupported): the protocol's vector and matrix records (object types 1 and 2); the
//! CM emitter never writes them.

use crate::intrinsics::printf::format_printf;
use crate::machine::{Surface, SurfaceKind, Surfaces};
use crate::memory::{AllocKind, Memory};
use crate::value::{Elem, Value};

use super::printf::PrintfError;
use super::program::{Kernel, Predef};

/// The binding-table index under which the executors bind a thread's CM printf buffer: outside 0..=255, so that
/// it never meets a kernel surface at index 2 (the route binds kernel surfaces from index 1, IGC's assignment).
pub const CM_PRINTF_BTI: u32 = 0x100 | 2;

/// Bytes of the CM printf buffer given to each thread.
pub const CM_PRINTF_BYTES: usize = 64 * 1024;

/// What the runtime leaves in dword 0 of a fresh buffer: the records start after the 32-byte buffer header.
pub const CM_PRINTF_START: u32 = 32;

const HEADER_BYTES: usize = 32;
const STRING_BYTES: usize = 128;

/// Whether some message of `kernel` addresses the printf buffer `T2`.
pub fn uses_buffer(kernel: &Kernel) -> bool {
    kernel.insts.iter().any(|inst| inst.op.surface().is_some_and(|s| kernel.var(s).predef == Some(Predef::CmPrintf)))
}

/// A fresh buffer: zeros, and the free space's offset in dword 0.
pub fn fresh_buffer() -> Vec<u8> {
    let mut bytes = vec![0u8; CM_PRINTF_BYTES];
    bytes[..4].copy_from_slice(&CM_PRINTF_START.to_le_bytes());
    bytes
}

/// Allocates a fresh buffer in `memory` and binds it in `surfaces` at [`CM_PRINTF_BTI`]; returns its address.
pub fn bind_buffer(memory: &mut Memory, surfaces: &mut Surfaces) -> u64 {
    let base = memory.allocate_with("CM printf buffer", AllocKind::Buffer, fresh_buffer());
    surfaces.insert(
        CM_PRINTF_BTI,
        Surface { name: "CM printf buffer".to_string(), base, kind: SurfaceKind::Buffer { size: CM_PRINTF_BYTES as u64 } },
    );
    base
}

/// One argument record: a scalar of this element type and bits, or a string.
enum Arg {
    Scalar(Elem, u64),
    String(Vec<u8>),
}

/// The text the records of `bytes` (with definedness) print.
pub fn decode(bytes: &[u8], defined: &[bool]) -> Result<Vec<u8>, PrintfError> {
    let dword = |at: usize| -> Result<u32, PrintfError> {
        if at + 4 <= bytes.len() && defined[at..at + 4].iter().all(|&d| d) {
            Ok(u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()))
        } else {
            Err(PrintfError::Differs(format!("CM printf buffer: the dword at byte {at} is undefined")))
        }
    };
    let end = (dword(0)? as usize).min(bytes.len());
    let mut out = Vec::new();
    let mut call: Option<(Vec<u8>, Vec<Arg>)> = None;
    let mut at = CM_PRINTF_START as usize;
    while at + HEADER_BYTES <= end {
        let object = dword(at)?;
        let data = dword(at + 4)?;
        match object {
            4 | 5 => {
                let field = at + HEADER_BYTES;
                let text = (field..(field + STRING_BYTES).min(bytes.len()))
                    .map(|i| if defined[i] { Ok(bytes[i]) } else { Err(i) })
                    .take_while(|b| *b != Ok(0))
                    .collect::<Result<Vec<u8>, usize>>()
                    .map_err(|i| PrintfError::Differs(format!("CM printf record at byte {at}: its text byte {i} is undefined")))?;
                if text.len() == STRING_BYTES {
                    return Err(PrintfError::Differs(format!("CM printf record at byte {at}: its text has no NUL")));
                }
                if object == 5 {
                    finish(call.take(), &mut out);
                    call = Some((text, Vec::new()));
                } else if let Some((_, args)) = call.as_mut() {
                    args.push(Arg::String(text));
                }
                at += HEADER_BYTES + STRING_BYTES;
            }
            3 => {
                let (elem, bits) = match data {
                    0 | 1 => (Elem::Int(8), 0xff),
                    5 | 6 => (Elem::Int(16), 0xffff),
                    3 | 4 => (Elem::Int(32), 0xffff_ffff),
                    7 | 8 => (Elem::Int(64), u64::MAX),
                    2 => (Elem::Float, 0xffff_ffff),
                    9 => (Elem::Double, u64::MAX),
                    other => {
                        return Err(PrintfError::Differs(format!("CM printf record at byte {at}: unknown data type {other}")))
                    }
                };
                let low = dword(at + 24)? as u64;
                let high = if bits == u64::MAX { dword(at + 28)? as u64 } else { 0 };
                if let Some((_, args)) = call.as_mut() {
                    args.push(Arg::Scalar(elem, (low | high << 32) & bits));
                }
                at += HEADER_BYTES;
            }
            1 | 2 => {
                return Err(PrintfError::Unsupported(format!(
                    "CM printf record at byte {at}: a {} record",
                    if object == 1 { "matrix" } else { "vector" }
                )))
            }
            other => {
                return Err(PrintfError::Differs(format!("CM printf record at byte {at}: unknown object type {other}")))
            }
        }
    }
    finish(call, &mut out);
    Ok(out)
}

/// Formats one call (format and arguments) into `out`; a call the formatter refuses prints nothing.
fn finish(call: Option<(Vec<u8>, Vec<Arg>)>, out: &mut Vec<u8>) {
    let Some((format, args)) = call else { return };
    let mut memory = Memory::new();
    let values: Vec<Value> = args
        .into_iter()
        .map(|arg| match arg {
            Arg::Scalar(elem, bits) => Value::scalar(elem, bits),
            Arg::String(mut text) => {
                text.push(0);
                Value::scalar(Elem::Int(64), memory.allocate_with("printf string", AllocKind::Global, text))
            }
        })
        .collect();
    if let Some((text, _)) = format_printf(&memory, &format, &values) {
        out.extend_from_slice(&text);
    }
}
