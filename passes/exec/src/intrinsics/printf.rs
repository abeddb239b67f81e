//! Device `printf`: formats into the calling thread's output buffer.
//!
//! Why: CM kernels print with `printf`, and the runtime shows what each thread printed after the kernel, thread by
//! thread. The front end emits IGC's vector-compute form, a variadic call `i32 @printf(i8 addrspace(2)* fmt, ...)`
//! whose format is a constant global (IGC 1.0.12504.6 `GenXPrintfResolution.cpp`'s header: "call spir_func i32
//! (i8 as(2)*, ...) @printf(i8 as(2)* %str)"); the executor gives the call that meaning directly.
//!
//! Semantics (OpenCL C 1.2 §6.12.13 "printf", which CM's printf follows; C99 §7.19.6.1 for the conversions):
//! - The format is read from memory up to its NUL. Conversions: `%d %i` (signed), `%u`, `%x %X`, `%o`, `%c`,
//!   `%s` (a pointer to a NUL-terminated string), `%f %F %e %E %g %G %a %A` (a `double` argument, or a `float` one
//!   when the call passes it unpromoted), `%p`, `%%`; flags `- + space # 0`, a width and a precision (numbers or
//!   `*` from the arguments), length modifiers `hh h l ll` (`l` is 64-bit, as in OpenCL) and OpenCL's vector
//!   specifier `vN` (N = 2, 3, 4, 8, 16; the argument is a vector, its elements printed comma-separated, each with
//!   the conversion; `hl` is OpenCL's 32-bit length for vectors).
//! - An integer argument narrower than the conversion's length is extended (signed conversions sign-extend), a
//!   wider one is truncated, as C's varargs promotion and the conversion do.
//! - An argument of the wrong kind for its conversion (a float for `%d`, an integer for `%f`) is undefined in C;
//!   the call fails.
//! - The result is 0 on success and −1 when the format cannot be interpreted (OpenCL: "printf returns 0 if it
//!   was executed successfully and -1 otherwise"); a format error prints nothing for that call.
//! - Output goes to [`Ctx::printf`], the thread's own buffer; [`crate::grid`] hands the buffers over in thread order.
//!
//! Not handled: `%n` (refused, −1), wide characters (`%lc`, `%ls`), `long double`.

use crate::intrinsics::SemFn;
use crate::machine::{Call, Ctx};
use crate::memory::{Fault, Memory};
use crate::value::{sign_extend, Elem, Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[("printf", printf)];

/// The longest string `%s` or the format reads before giving up on finding its NUL.
const MAX_STRING: usize = 1 << 16;

fn printf(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let status = match format(ctx, call) {
        Ok(text) => {
            ctx.printf.extend_from_slice(&text);
            0
        }
        Err(Bad) => u64::MAX,
    };
    let elem = call.ret.lanes().map_or(Elem::Int(32), |(e, _)| e);
    Ok(Value::scalar(elem, status & elem.mask()))
}

/// A format the executor cannot interpret (printf returns −1).
struct Bad;

/// Reads a NUL-terminated string at `address`.
fn string(memory: &Memory, address: u64) -> Result<Vec<u8>, Bad> {
    let mut out = Vec::new();
    while out.len() < MAX_STRING {
        let (byte, defined) = memory.read(address.wrapping_add(out.len() as u64), 1).map_err(|_| Bad)?;
        if !defined[0] {
            return Err(Bad);
        }
        if byte[0] == 0 {
            return Ok(out);
        }
        out.push(byte[0]);
    }
    Err(Bad)
}

/// One parsed conversion specification.
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: Option<usize>,
    precision: Option<usize>,
    /// Bits of the integer argument the length modifier names (32 without one).
    int_bits: u32,
    vector: Option<usize>,
    conversion: u8,
}

/// The arguments after the format, consumed in order.
struct Args<'a> {
    values: &'a [Value],
    next: usize,
}

impl<'a> Args<'a> {
    fn take(&mut self) -> Result<&'a Lanes, Bad> {
        let value = self.values.get(self.next).ok_or(Bad)?;
        self.next += 1;
        value.lanes().ok_or(Bad)
    }
}

fn format(ctx: &Ctx<'_>, call: &Call<'_>) -> Result<Vec<u8>, Bad> {
    let fmt = call.args.first().and_then(Value::lanes).ok_or(Bad)?;
    if fmt.undef[0] {
        return Err(Bad);
    }
    let fmt = string(ctx.memory, fmt.bits[0])?;
    format_values(ctx.memory, &fmt, &call.args[1..]).map(|(text, _)| text)
}

/// Formats `fmt` with `values` (a `%s` argument is an address in `memory`): the text and how many of the values
/// the format consumed, or `None` when the format cannot be interpreted with them. Also used by the vISA
/// executor's validation, which rebuilds printf calls from IGC's printf buffer (`crate::visa::printf`).
pub(crate) fn format_printf(memory: &Memory, fmt: &[u8], values: &[Value]) -> Option<(Vec<u8>, usize)> {
    format_values(memory, fmt, values).ok()
}

fn format_values(memory: &Memory, fmt: &[u8], values: &[Value]) -> Result<(Vec<u8>, usize), Bad> {
    let mut args = Args { values, next: 0 };
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            out.push(b'%');
            i += 1;
            continue;
        }
        let mut spec = Spec { int_bits: 32, ..Spec::default() };
        while let Some(&c) = fmt.get(i) {
            match c {
                b'-' => spec.left = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        spec.width = number(&fmt, &mut i, &mut args)?;
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            spec.precision = Some(number(&fmt, &mut i, &mut args)?.unwrap_or(0));
        }
        if fmt.get(i) == Some(&b'v') {
            i += 1;
            let n = number(&fmt, &mut i, &mut Args { values: &[], next: 0 })?.ok_or(Bad)?;
            if ![2, 3, 4, 8, 16].contains(&n) {
                return Err(Bad);
            }
            spec.vector = Some(n);
        }
        let rest = &fmt[i..];
        let (bits, skip) = if rest.starts_with(b"hh") {
            (8, 2)
        } else if rest.starts_with(b"hl") {
            (32, 2)
        } else if rest.starts_with(b"h") {
            (16, 1)
        } else if rest.starts_with(b"ll") {
            (64, 2)
        } else if rest.starts_with(b"l") {
            (64, 1)
        } else {
            (32, 0)
        };
        spec.int_bits = bits;
        i += skip;
        spec.conversion = *fmt.get(i).ok_or(Bad)?;
        i += 1;
        let value = args.take()?;
        match spec.vector {
            None => {
                if value.len() != 1 {
                    return Err(Bad);
                }
                convert(memory, &spec, value, 0, &mut out)?;
            }
            Some(n) => {
                if value.len() != n {
                    return Err(Bad);
                }
                for lane in 0..n {
                    if lane > 0 {
                        out.push(b',');
                    }
                    convert(memory, &spec, value, lane, &mut out)?;
                }
            }
        }
    }
    Ok((out, args.next))
}

/// A width or precision: digits, `*` (the next argument), or nothing.
fn number(fmt: &[u8], i: &mut usize, args: &mut Args<'_>) -> Result<Option<usize>, Bad> {
    if fmt.get(*i) == Some(&b'*') {
        *i += 1;
        let value = args.take()?;
        if value.undef[0] {
            return Err(Bad);
        }
        return Ok(Some((sign_extend(value.bits[0], value.elem.bits()).max(0) as usize).min(4096)));
    }
    let start = *i;
    while fmt.get(*i).is_some_and(u8::is_ascii_digit) {
        *i += 1;
    }
    if *i == start {
        return Ok(None);
    }
    let text = std::str::from_utf8(&fmt[start..*i]).map_err(|_| Bad)?;
    text.parse::<usize>().map(|n| Some(n.min(4096))).map_err(|_| Bad)
}

/// Formats lane `lane` of `value` by `spec`.
fn convert(memory: &Memory, spec: &Spec, value: &Lanes, lane: usize, out: &mut Vec<u8>) -> Result<(), Bad> {
    if value.undef[lane] {
        return Err(Bad);
    }
    let bits = value.bits[lane];
    let elem = value.elem;
    // A floating-point argument for an integer conversion is undefined (C99 §7.19.6.1p9): the call fails, as a
    // non-float argument for a float conversion does below.
    if elem.is_float() && b"diuxXoc".contains(&spec.conversion) {
        return Err(Bad);
    }
    // The integer argument as the conversion's length sees it.
    let unsigned = {
        let arg_bits = elem.bits().min(64);
        let wide = if matches!(elem, Elem::Int(_)) { sign_extend(bits, arg_bits) as u64 } else { bits };
        if spec.int_bits >= 64 {
            wide
        } else {
            wide & ((1u64 << spec.int_bits) - 1)
        }
    };
    let signed = sign_extend(unsigned, spec.int_bits);
    let (prefix, body): (&str, String) = match spec.conversion {
        b'd' | b'i' => (sign(spec, signed < 0), digits(signed.unsigned_abs().to_string(), spec.precision)),
        b'u' => ("", digits(unsigned.to_string(), spec.precision)),
        b'x' => ("", prefixed(spec, format!("{unsigned:x}"), "0x", unsigned)),
        b'X' => ("", prefixed(spec, format!("{unsigned:X}"), "0X", unsigned)),
        b'o' => {
            let text = digits(format!("{unsigned:o}"), spec.precision);
            ("", if spec.alt && !text.starts_with('0') { format!("0{text}") } else { text })
        }
        b'c' => {
            pad(spec, &[unsigned as u8], false, out);
            return Ok(());
        }
        b's' => {
            let mut text = string(memory, bits)?;
            if let Some(p) = spec.precision {
                text.truncate(p);
            }
            pad(spec, &text, false, out);
            return Ok(());
        }
        b'p' => ("", format!("0x{bits:x}")),
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            let x = match elem {
                Elem::Double => f64::from_bits(bits),
                Elem::Float => f32::from_bits(bits as u32) as f64,
                Elem::Half => half::f16::from_bits(bits as u16).to_f64(),
                _ => return Err(Bad),
            };
            (sign(spec, x.is_sign_negative() && !x.is_nan()), float(spec, x.abs()))
        }
        _ => return Err(Bad),
    };
    let mut text = prefix.as_bytes().to_vec();
    text.extend_from_slice(body.as_bytes());
    // The 0 flag pads numbers after their sign (ignored with a precision for integers, and for inf/nan).
    let numeric_zero = spec.zero
        && !spec.left
        && !(spec.precision.is_some() && b"diuxXo".contains(&spec.conversion))
        && !body.eq_ignore_ascii_case("inf")
        && !body.eq_ignore_ascii_case("nan");
    pad(spec, &text, numeric_zero, out);
    Ok(())
}

/// The sign a signed conversion prints: `-`, or the `+` / space flag's, or nothing.
fn sign(spec: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// Integer digits with a minimum count (C: precision 0 with the value 0 prints nothing).
fn digits(text: String, precision: Option<usize>) -> String {
    match precision {
        Some(0) if text == "0" => String::new(),
        Some(p) if text.len() < p => format!("{}{text}", "0".repeat(p - text.len())),
        _ => text,
    }
}

fn prefixed(spec: &Spec, text: String, prefix: &str, value: u64) -> String {
    let text = digits(text, spec.precision);
    if spec.alt && value != 0 {
        format!("{prefix}{text}")
    } else {
        text
    }
}

/// `%f %e %g %a` of a non-negative (or NaN) value, without the sign.
fn float(spec: &Spec, x: f64) -> String {
    let upper = spec.conversion.is_ascii_uppercase();
    let text = if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        "inf".to_string()
    } else {
        let precision = spec.precision.unwrap_or(6);
        match spec.conversion.to_ascii_lowercase() {
            b'f' => format!("{x:.precision$}"),
            b'e' => exponent(x, precision),
            b'g' => {
                let p = precision.max(1);
                let e = if x == 0.0 { 0 } else { x.abs().log10().floor() as i32 };
                // C: use %e when the exponent (after rounding to p digits) is < -4 or >= p.
                let rounded = exponent(x, p - 1);
                let e = rounded.rsplit('e').next().and_then(|t| t.parse::<i32>().ok()).unwrap_or(e);
                let mut t = if e < -4 || e >= p as i32 {
                    rounded
                } else {
                    format!("{x:.*}", (p as i32 - 1 - e).max(0) as usize)
                };
                if !spec.alt {
                    t = strip_zeros(&t);
                }
                t
            }
            _ => hex_float(x, spec.precision),
        }
    };
    if upper {
        text.to_ascii_uppercase()
    } else {
        text
    }
}

/// C's `%e`: `d.ddddde±XX`.
fn exponent(x: f64, precision: usize) -> String {
    let text = format!("{x:.precision$e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    format!("{mantissa}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
}

/// Removes trailing zeros of the fraction (and a trailing point) of a `%g` result.
fn strip_zeros(text: &str) -> String {
    let (mantissa, exp) = match text.find('e') {
        Some(at) => (&text[..at], &text[at..]),
        None => (text, ""),
    };
    let mantissa = if mantissa.contains('.') { mantissa.trim_end_matches('0').trim_end_matches('.') } else { mantissa };
    format!("{mantissa}{exp}")
}

/// C's `%a` for a finite non-negative value.
fn hex_float(x: f64, precision: Option<usize>) -> String {
    if x == 0.0 {
        return format!(
            "0x0{}p+0",
            precision.filter(|&p| p > 0).map_or(String::new(), |p| format!(".{}", "0".repeat(p)))
        );
    }
    let bits = x.to_bits();
    let (mut exp, mut mantissa) = (((bits >> 52) & 0x7ff) as i64, bits & ((1 << 52) - 1));
    let lead = if exp == 0 {
        exp = -1022;
        0
    } else {
        exp -= 1023;
        1
    };
    let mut digits = format!("{mantissa:013x}");
    if let Some(p) = precision.filter(|&p| p < 13) {
        // Round the mantissa to p hex digits (ties away from zero, as glibc's default rounding of the last digit).
        let shift = 4 * (13 - p) as u32;
        let rounded = (mantissa + (1 << (shift - 1))) >> shift;
        mantissa = rounded;
        digits =
            if p == 0 { String::new() } else { format!("{:0width$x}", mantissa & ((1 << (4 * p)) - 1), width = p) };
        let lead = lead + (mantissa >> (4 * p)) as i64;
        let point = if digits.is_empty() { "" } else { "." };
        return format!("0x{lead}{point}{digits}p{}{}", if exp < 0 { '-' } else { '+' }, exp.abs());
    }
    let digits = digits.trim_end_matches('0');
    let point = if digits.is_empty() { "" } else { "." };
    format!("0x{lead}{point}{digits}p{}{}", if exp < 0 { '-' } else { '+' }, exp.abs())
}

/// Writes `text` padded to the spec's width (left-justified, zero-padded after a sign/prefix, or right-justified).
fn pad(spec: &Spec, text: &[u8], zero: bool, out: &mut Vec<u8>) {
    let width = spec.width.unwrap_or(0);
    if text.len() >= width {
        out.extend_from_slice(text);
        return;
    }
    let fill = width - text.len();
    if spec.left {
        out.extend_from_slice(text);
        out.extend(std::iter::repeat_n(b' ', fill));
    } else if zero {
        // After a sign and a 0x prefix.
        let mut split = usize::from(matches!(text.first(), Some(b'-' | b'+' | b' ')));
        if text[split..].starts_with(b"0x") || text[split..].starts_with(b"0X") {
            split += 2;
        }
        out.extend_from_slice(&text[..split]);
        out.extend(std::iter::repeat_n(b'0', fill));
        out.extend_from_slice(&text[split..]);
    } else {
        out.extend(std::iter::repeat_n(b' ', fill));
        out.extend_from_slice(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{AllocKind, Memory};
    use crate::value::Ty;

    /// Runs printf on `format` (placed in memory) and `args`; returns (status, text).
    fn run(format: &str, args: Vec<Value>) -> (u64, String) {
        let mut memory = Memory::new();
        let mut bytes = format.as_bytes().to_vec();
        bytes.push(0);
        let fmt = memory.allocate_with("fmt", AllocKind::Global, bytes);
        let hello = memory.allocate_with("s", AllocKind::Global, b"hello\0".to_vec());
        let args: Vec<Value> = std::iter::once(Value::scalar(Elem::Ptr(2), fmt))
            .chain(args.into_iter().map(|a| match a {
                Value::Lanes(l) if l.elem == Elem::Ptr(2) && l.bits[0] == 0 => Value::scalar(Elem::Ptr(2), hello),
                other => other,
            }))
            .collect();
        let (status, printed) =
            crate::intrinsics::call_on(printf, "printf", Ty::Scalar(Elem::Int(32)), args, &mut memory);
        let status = status.unwrap().lanes().unwrap().bits[0];
        (status, String::from_utf8(printed).unwrap())
    }

    fn i32v(v: i32) -> Value {
        Value::scalar(Elem::Int(32), v as u32 as u64)
    }

    #[test]
    fn integers_strings_and_characters() {
        let s = Value::scalar(Elem::Ptr(2), 0);
        let (status, text) = run(
            "%d|%5u|%-4x|%08X|%c|%s|%.3s|%+d|%%|%#x|%ld",
            vec![
                i32v(-7),
                i32v(42),
                i32v(255),
                i32v(0xbeef),
                i32v(65),
                s.clone(),
                s,
                i32v(3),
                i32v(16),
                Value::scalar(Elem::Int(64), 1 << 40),
            ],
        );
        assert_eq!(status, 0);
        assert_eq!(text, "-7|   42|ff  |0000BEEF|A|hello|hel|+3|%|0x10|1099511627776");
        assert_eq!(run("%u %hhd %hd", vec![i32v(-1), i32v(0x1ff), i32v(0x18000)]).1, "4294967295 -1 -32768");
        assert_eq!(run("[%*d] [%.*d]", vec![i32v(4), i32v(7), i32v(3), i32v(7)]).1, "[   7] [007]");
    }

    #[test]
    fn floats_follow_c() {
        let d = |x: f64| Value::scalar(Elem::Double, x.to_bits());
        let (_, text) = run(
            "%f %.2f %e %g %g %g %G %8.3f %a",
            vec![
                d(1.5),
                d(-2.345),
                d(12345.678),
                d(0.0001),
                d(1e-5),
                d(123456789.0),
                d(f64::INFINITY),
                d(3.14159),
                d(1.0),
            ],
        );
        assert_eq!(text, "1.500000 -2.35 1.234568e+04 0.0001 1e-05 1.23457e+08 INF    3.142 0x1p+0");
        let f = Value::scalar(Elem::Float, 0.25f32.to_bits() as u64);
        assert_eq!(run("%f|%05.1f", vec![f, d(-1.25)]).1, "0.250000|-01.2");
    }

    #[test]
    fn vectors_and_bad_formats() {
        let v = Value::Lanes(Lanes::new(Elem::Int(32), vec![1, 2, 3, 4]));
        assert_eq!(run("<%v4d>", vec![v.clone()]).1, "<1,2,3,4>");
        assert_eq!(run("<%v4hlx>", vec![v.clone()]).1, "<1,2,3,4>");
        // Too few arguments, an unknown conversion, a vector size mismatch: -1 and nothing printed.
        for (format, args) in [("%d %d", vec![i32v(1)]), ("%q", vec![i32v(1)]), ("%v2d", vec![v])] {
            let (status, text) = run(format, args);
            assert_eq!((status, text.as_str()), (0xffff_ffff, ""), "{format}");
        }
    }
}
