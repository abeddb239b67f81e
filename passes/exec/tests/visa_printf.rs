//! IGC's printf buffer read back as text (`genx_exec::visa::printf`): records built by hand as IGC's printf
//! implementation writes them (format index, then per argument a code and its dwords), read with a table of
//! strings and the text the IR printed. Then the CM runtime's printf buffer (`genx_exec::visa::cm_printf`,
//! docs/cm-printf.md): records with their strings inline, built by hand as the protocol lays them out.

use genx_exec::visa::cm_printf;
use genx_exec::visa::printf::{decode, PrintfError, PRINTF_START};

/// A buffer holding `records` (dwords) after the offset dword, which points past them.
fn buffer(records: &[u32]) -> (Vec<u8>, Vec<bool>) {
    let mut bytes: Vec<u8> = Vec::new();
    let end = PRINTF_START + 4 * records.len() as u32;
    bytes.extend_from_slice(&end.to_le_bytes());
    for r in records {
        bytes.extend_from_slice(&r.to_le_bytes());
    }
    bytes.resize(256, 0);
    let defined = vec![true; bytes.len()];
    (bytes, defined)
}

fn strings() -> Vec<Vec<u8>> {
    vec![b"after read".to_vec(), b"x=%d y=%u (%s)\n".to_vec(), b"f=%.1f\n".to_vec()]
}

#[test]
fn records_print_the_irs_text() {
    // Index 7 is "x=%d y=%u (%s)\n" (ints -3 and 5, %s index 9 = "after read"), index 8 is "f=%.1f\n" (2.5).
    let (bytes, defined) = buffer(&[7, 3, -3i32 as u32, 3, 5, 5, 9, 8, 4, 2.5f32.to_bits(), 7, 3, 1, 3, 2, 5, 9]);
    let expected = b"x=-3 y=5 (after read)\nf=2.5\nx=1 y=2 (after read)\n";
    assert_eq!(decode(&bytes, &defined, &strings(), expected), Ok(expected.to_vec()));
}

#[test]
fn a_wrong_value_or_code_or_index_is_caught() {
    let expected = b"x=-3 y=5 (after read)\nf=2.5\n";
    // y = 6 instead of 5.
    let (bytes, defined) = buffer(&[7, 3, -3i32 as u32, 3, 6, 5, 9, 8, 4, 2.5f32.to_bits()]);
    assert!(matches!(decode(&bytes, &defined, &strings(), expected), Err(PrintfError::Differs(_))));
    // The float written with the int code.
    let (bytes, defined) = buffer(&[7, 3, -3i32 as u32, 3, 5, 5, 9, 8, 3, 2.5f32.to_bits()]);
    assert!(matches!(decode(&bytes, &defined, &strings(), expected), Err(PrintfError::Differs(_))));
    // The second record reuses index 7, which already holds the first format.
    let (bytes, defined) = buffer(&[7, 3, -3i32 as u32, 3, 5, 5, 9, 7, 4, 2.5f32.to_bits()]);
    assert!(matches!(decode(&bytes, &defined, &strings(), expected), Err(PrintfError::Differs(_))));
}

#[test]
fn a_vector_argument_is_unsupported() {
    let (bytes, defined) = buffer(&[7, 11, 1, 2, 3, 4]);
    assert!(matches!(decode(&bytes, &defined, &strings(), b"x"), Err(PrintfError::Unsupported(_))));
}

// ---- the CM runtime's protocol ----------------------------------------------------------------------------------

/// One CM printf record: a header (object type, data type, the scalar's bits in dwords 6 and 7), and for a
/// string or format its 128-byte text field.
fn cm_record(object: u32, data: u32, bits: u64, text: Option<&[u8]>) -> Vec<u8> {
    let mut header = [0u32; 8];
    header[0] = object;
    header[1] = data;
    header[6] = bits as u32;
    header[7] = (bits >> 32) as u32;
    let mut out: Vec<u8> = header.iter().flat_map(|d| d.to_le_bytes()).collect();
    if let Some(text) = text {
        let mut field = text.to_vec();
        field.resize(128, 0);
        out.extend_from_slice(&field);
    }
    out
}

/// A fresh CM printf buffer holding `records` from byte 32, dword 0 pointing past them.
fn cm_buffer(records: &[Vec<u8>]) -> (Vec<u8>, Vec<bool>) {
    let mut bytes = cm_printf::fresh_buffer();
    let mut at = cm_printf::CM_PRINTF_START as usize;
    for r in records {
        bytes[at..at + r.len()].copy_from_slice(r);
        at += r.len();
    }
    bytes[..4].copy_from_slice(&(at as u32).to_le_bytes());
    let defined = vec![true; bytes.len()];
    (bytes, defined)
}

#[test]
fn cm_records_print_each_call_with_its_arguments() {
    let (bytes, defined) = cm_buffer(&[
        cm_record(5, 0, 0, Some(b"i=%d c=%hhd s=%hd l=%lld %s\n")),
        cm_record(3, 3, -3i32 as u32 as u64, None),
        cm_record(3, 0, 0xff, None),
        cm_record(3, 5, 0x8000, None),
        cm_record(3, 7, (-5i64) as u64, None),
        cm_record(4, 0, 0, Some(b"abc")),
        cm_record(5, 0, 0, Some(b"f=%.2f d=%.1f\n")),
        cm_record(3, 2, 2.5f32.to_bits() as u64, None),
        cm_record(3, 9, 0.25f64.to_bits(), None),
    ]);
    assert_eq!(
        cm_printf::decode(&bytes, &defined).map(|t| String::from_utf8_lossy(&t).into_owned()),
        Ok("i=-3 c=-1 s=-32768 l=-5 abc\nf=2.50 d=0.2\n".to_string())
    );
}

#[test]
fn cm_records_a_call_the_formatter_refuses_prints_nothing() {
    // A float for %d: OpenCL's printf fails (the IR's returns -1 and prints nothing); the next call prints.
    let (bytes, defined) = cm_buffer(&[
        cm_record(5, 0, 0, Some(b"%d\n")),
        cm_record(3, 2, 1.0f32.to_bits() as u64, None),
        cm_record(5, 0, 0, Some(b"ok\n")),
    ]);
    assert_eq!(cm_printf::decode(&bytes, &defined), Ok(b"ok\n".to_vec()));
}

#[test]
fn cm_records_that_are_not_the_protocol_are_caught() {
    // An unknown object type, an unknown data type, text without a NUL, an undefined header dword.
    let (bytes, defined) = cm_buffer(&[cm_record(7, 0, 0, None)]);
    assert!(matches!(cm_printf::decode(&bytes, &defined), Err(PrintfError::Differs(_))));
    let (bytes, defined) = cm_buffer(&[cm_record(5, 0, 0, Some(b"%d")), cm_record(3, 11, 1, None)]);
    assert!(matches!(cm_printf::decode(&bytes, &defined), Err(PrintfError::Differs(_))));
    let (bytes, defined) = cm_buffer(&[cm_record(5, 0, 0, Some(&[b'x'; 128]))]);
    assert!(matches!(cm_printf::decode(&bytes, &defined), Err(PrintfError::Differs(_))));
    let (bytes, mut defined) = cm_buffer(&[cm_record(5, 0, 0, Some(b"x"))]);
    defined[32] = false;
    assert!(matches!(cm_printf::decode(&bytes, &defined), Err(PrintfError::Differs(_))));
    // The protocol's vector record is not read.
    let (bytes, defined) = cm_buffer(&[cm_record(2, 3, 0, None)]);
    assert!(matches!(cm_printf::decode(&bytes, &defined), Err(PrintfError::Unsupported(_))));
}
