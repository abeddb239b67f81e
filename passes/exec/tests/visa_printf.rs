//! IGC's printf buffer read back as text (`genx_exec::visa::printf`): records built by hand as IGC's printf
//! implementation writes them (format index, then per argument a code and its dwords), read with a table of
//! strings and the text the IR printed.

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
