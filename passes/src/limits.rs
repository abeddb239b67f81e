//! The limits on what the tools accept, and the one checked way to turn a user's number into a size.
//!
//! Why: a number from a command line (`--buffer-bytes=N`, `--arg zeros:N`) or from IR (`<4294967295 x i32>`,
//! `alloca [N x i8]`) must never reach `vec![0; n]` or LLVM unchecked: Rust panics ("capacity overflow"), the
//! allocator aborts, or the machine swaps. Every such number goes through [`checked_size`] (or
//! [`parse_size`]) against one of the limits below, and a refusal names the limit.
//!
//! | limit | value | where it is checked |
//! |---|---|---|
//! | [`MAX_INPUT_BYTES`] | 1 GiB | reading any input file or stdin (`input::read`) |
//! | [`MAX_BUFFER_BYTES`] | 1 GiB | one executor allocation: `cmc run` buffers and surfaces, `cmc validate --buffer-bytes`, IR allocas and globals |
//! | [`MAX_VECTOR_ELEMENTS`] | 65,536 | vector types in input IR (`input::parse`), the executor's decoder, `genx-legalize` |
//! | [`MAX_NESTING_DEPTH`] | 512 | brackets nested in textual IR (`input::parse`; LLVM's parser recurses on them) |
//!
//! The vector limit is far above any register file (the largest, Xe-HPC's 256 × 64 bytes, holds 16,384 bytes)
//! and far below what makes a pass or the executor allocate gigabytes; the nesting limit is far above what
//! compilers emit (single digits) and far below the depth at which LLVM's parser overflows an 8 MiB stack
//! (about 10,000 for nested constant expressions).

/// The largest input file (or stdin) read, in bytes.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// The largest single allocation of the executor (a buffer, a surface, an alloca, a global), in bytes.
pub const MAX_BUFFER_BYTES: u64 = 1 << 30;

/// The most elements of one vector type accepted in IR.
pub const MAX_VECTOR_ELEMENTS: u64 = 1 << 16;

/// The deepest nesting of brackets (`(`, `[`, `{`, `<`) accepted in textual IR.
pub const MAX_NESTING_DEPTH: usize = 512;

/// `value` as a size, when it is at most `limit`; otherwise an error naming `what`, the value and the limit.
pub fn checked_size(value: u64, limit: u64, what: &str) -> Result<usize, String> {
    if value > limit {
        return Err(format!("{what}: {value} is over the limit of {limit}"));
    }
    usize::try_from(value).map_err(|_| format!("{what}: {value} does not fit this machine's address space"))
}

/// A decimal (or `0x` hexadecimal) size from a command line, checked against `limit` as [`checked_size`] does.
pub fn parse_size(text: &str, limit: u64, what: &str) -> Result<usize, String> {
    let trimmed = text.trim();
    let value = match trimmed.strip_prefix("0x").or_else(|| trimmed.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => trimmed.parse::<u64>(),
    };
    match value {
        Ok(value) => checked_size(value, limit, what),
        // Only digits, yet no u64: too large.
        Err(_) if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("{what}: {trimmed} is over the limit of {limit}"))
        }
        Err(_) => Err(format!("{what}: '{text}' is not a size (a non-negative number)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_over_the_limit_name_it() {
        assert_eq!(parse_size("4096", MAX_BUFFER_BYTES, "zeros").unwrap(), 4096);
        assert_eq!(parse_size("0x10", MAX_BUFFER_BYTES, "zeros").unwrap(), 16);
        let err = parse_size("99999999999999999999999", MAX_BUFFER_BYTES, "zeros").unwrap_err();
        assert!(err.contains("over the limit of 1073741824"), "{err}");
        let err = checked_size(u64::MAX, MAX_BUFFER_BYTES, "--buffer-bytes").unwrap_err();
        assert!(err.starts_with("--buffer-bytes: 18446744073709551615 is over the limit"), "{err}");
        assert!(parse_size("-1", MAX_BUFFER_BYTES, "zeros").unwrap_err().contains("not a size"));
    }
}
