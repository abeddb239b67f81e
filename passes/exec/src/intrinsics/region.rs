//! Region and predicate-region intrinsics (docs/genx-ir.md §1.2), plus the identity-like constant/convert markers.
//!
//! Element mapping, with N result elements, width w, row r = i / w, column c = i % w, element size EB:
//! - direct or single indirect: `src(i) = offset/EB + r*vstride + c*stride` (a 1D region, w == N, has r = 0);
//! - multi-indirect (a vector offset, one per row): `src(i) = offset[r]/EB + c*stride`, vstride ignored.
//! rdregion reads `V[src(i)]`; wrregion copies Old and writes `New[i]` to `src(i)` where the mask is set.
//! A region reaching outside its vector, or a variable offset that is not a multiple of EB, is undefined
//! behaviour. `parent_width` (with a variable offset) promises that no row crosses a multiple-of-parent-width
//! element boundary of the input; it does not change values, but passes rely on it, so a broken promise is
//! undefined behaviour too.

use super::{lanes, result_shape, scalar, signed, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.genx.rdregioni", rdregion),
    ("llvm.genx.rdregionf", rdregion),
    ("llvm.genx.wrregioni", wrregion),
    ("llvm.genx.wrregionf", wrregion),
    ("llvm.genx.wrconstregion", wrregion),
    ("llvm.genx.rdpredregion", rdpredregion),
    ("llvm.genx.wrpredregion", wrpredregion),
    ("llvm.genx.wrpredpredregion", wrpredpredregion),
    ("llvm.genx.constanti", identity),
    ("llvm.genx.constantf", identity),
    ("llvm.genx.constantpred", identity),
    ("llvm.genx.convert", identity),
    ("llvm.genx.all", all),
    ("llvm.genx.any", any),
];

/// The source element of every region element, or `None` per element whose offset is undef.
/// `offset_arg` is the index of the offset operand; `len` the vector's length.
#[allow(clippy::too_many_arguments)]
fn element_map(
    call: &Call<'_>,
    n: usize,
    eb: u64,
    vstride: i64,
    width: i64,
    stride: i64,
    offset_arg: usize,
    parent_width_arg: usize,
    len: usize,
) -> Result<Vec<Option<usize>>, Fault> {
    if width <= 0 || n as i64 % width != 0 {
        return Err(Fault::Undefined(format!("{}: width {width} does not divide {n} elements", call.name)));
    }
    let offsets = lanes(call, offset_arg)?;
    let rows = n as i64 / width;
    let multi = offsets.len() > 1 || call.arg_tys[offset_arg].is_vector();
    if multi && offsets.len() as i64 != rows {
        return Err(Fault::Undefined(format!("{}: {} row offsets for {rows} rows", call.name, offsets.len())));
    }
    let mut map = Vec::with_capacity(n);
    for i in 0..n as i64 {
        let (r, c) = (i / width, i % width);
        let k = if multi { r as usize } else { 0 };
        if offsets.undef[k] {
            map.push(None);
            continue;
        }
        // Offsets are i16 byte offsets, unsigned in index arithmetic.
        let bytes = offsets.bits[k];
        if bytes % eb != 0 {
            return Err(Fault::Undefined(format!(
                "{}: byte offset {bytes} is not a multiple of the element size {eb}",
                call.name
            )));
        }
        let base = (bytes / eb) as i64;
        let element = if multi {
            base + c * stride
        } else if rows == 1 {
            base + c * stride
        } else {
            base + r * vstride + c * stride
        };
        if element < 0 || element >= len as i64 {
            return Err(Fault::Undefined(format!(
                "{}: region element {i} maps to element {element}, outside the {len}-element vector",
                call.name
            )));
        }
        map.push(Some(element as usize));
    }
    check_parent_width(call, &map, width, parent_width_arg)?;
    Ok(map)
}

/// A constant parent width on a region with a variable offset promises that each row stays inside one
/// `[k*pw, (k+1)*pw)` block of the input.
fn check_parent_width(call: &Call<'_>, map: &[Option<usize>], width: i64, parent_width_arg: usize) -> Result<(), Fault> {
    let Some(pw) = call.args.get(parent_width_arg).and_then(Value::lanes).filter(|l| !l.undef[0]).map(|l| l.bits[0] as i64)
    else {
        return Ok(());
    };
    // The decoder drops the parent width of regions with a constant offset (it is meaningless there), so a
    // defined parent width here always comes with a variable offset.
    if pw <= 0 {
        return Ok(());
    }
    for row in map.chunks(width as usize) {
        let elements: Vec<i64> = row.iter().flatten().map(|&e| e as i64).collect();
        if let (Some(first), Some(last)) = (elements.iter().min(), elements.iter().max()) {
            if first / pw != last / pw {
                return Err(Fault::Undefined(format!(
                    "{}: a row reads elements {first}..={last}, crossing a multiple of the parent width {pw}",
                    call.name
                )));
            }
        }
    }
    Ok(())
}

fn rdregion(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let input = lanes(call, 0)?;
    let (_, n) = result_shape(call)?;
    let eb = input.elem.store_bytes() as u64;
    let map = element_map(call, n, eb, signed(call, 1)?, signed(call, 2)?, signed(call, 3)?, 4, 5, input.len())?;
    let mut out = Lanes::undef(input.elem, n);
    for (i, source) in map.into_iter().enumerate() {
        if let Some(j) = source {
            out.bits[i] = input.bits[j];
            out.undef[i] = input.undef[j];
        }
    }
    Ok(Value::Lanes(out))
}

fn wrregion(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let old = lanes(call, 0)?;
    let new = lanes(call, 1)?;
    let mask = lanes(call, 7)?;
    let n = new.len();
    let eb = old.elem.store_bytes() as u64;
    let map = element_map(call, n, eb, signed(call, 2)?, signed(call, 3)?, signed(call, 4)?, 5, 6, old.len())?;
    let mut out = old.clone();
    for (i, dest) in map.into_iter().enumerate() {
        let m = if mask.len() == 1 { 0 } else { i };
        let Some(j) = dest else {
            // Unknown destination: every lane might be written.
            out.undef.iter_mut().for_each(|u| *u = true);
            continue;
        };
        if mask.undef[m] {
            out.undef[j] = true;
        } else if mask.bits[m] & 1 != 0 {
            out.bits[j] = new.bits[i];
            out.undef[j] = new.undef[i];
        }
    }
    Ok(Value::Lanes(out))
}

fn predicate_offset(call: &Call<'_>, arg: usize, n: usize, len: usize) -> Result<usize, Fault> {
    let offset = scalar(call, arg)? as usize;
    if offset + n > len {
        return Err(Fault::Undefined(format!(
            "{}: {n} elements at offset {offset} lie outside the {len}-element predicate",
            call.name
        )));
    }
    Ok(offset)
}

fn rdpredregion(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let input = lanes(call, 0)?;
    let (elem, n) = result_shape(call)?;
    let offset = predicate_offset(call, 1, n, input.len())?;
    Ok(Value::Lanes(Lanes {
        elem,
        bits: input.bits[offset..offset + n].to_vec(),
        undef: input.undef[offset..offset + n].to_vec(),
    }))
}

fn wrpredregion(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let mut out = lanes(call, 0)?.clone();
    let new = lanes(call, 1)?;
    let offset = predicate_offset(call, 2, new.len(), out.len())?;
    out.bits[offset..offset + new.len()].copy_from_slice(&new.bits);
    out.undef[offset..offset + new.len()].copy_from_slice(&new.undef);
    Ok(Value::Lanes(out))
}

/// `W[off+i] = Pred[off+i] ? New[i] : Old[off+i]`.
fn wrpredpredregion(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let mut out = lanes(call, 0)?.clone();
    let new = lanes(call, 1)?;
    let pred = lanes(call, 3)?;
    let offset = predicate_offset(call, 2, new.len(), out.len())?;
    for i in 0..new.len() {
        let j = offset + i;
        if pred.undef[j] {
            out.undef[j] = true;
        } else if pred.bits[j] & 1 != 0 {
            out.bits[j] = new.bits[i];
            out.undef[j] = new.undef[i];
        }
    }
    Ok(Value::Lanes(out))
}

fn identity(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    Ok(call.args[0].clone())
}

/// Reduces an i1 vector; the result is undef if an undef lane could change it.
fn reduce(call: &Call<'_>, want: u64) -> Result<Value, Fault> {
    let p = lanes(call, 0)?;
    // all: false as soon as a defined lane is 0; any: true as soon as a defined lane is 1.
    if (0..p.len()).any(|i| !p.undef[i] && p.bits[i] & 1 == want) {
        return Ok(Value::bool(want == 1));
    }
    if p.any_undef() {
        return Ok(Value::Lanes(Lanes::undef(crate::value::Elem::Int(1), 1)));
    }
    Ok(Value::bool(want != 1))
}

fn all(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    reduce(call, 0)
}

fn any(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    reduce(call, 1)
}
