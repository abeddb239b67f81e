//! `genx-column-write`: a 2D region write with short rows becomes one strided write per column.
//!
//! # Why
//! A destination region is one-dimensional in Gen ISA, so IGC writes a 2D `wrregion` one row at a time: a
//! bitonic compare-exchange at distance 2 writes its 16 minima into rows of 2 of a 32-element vector
//! (`<4; 2, 1>`), eight moves of two lanes, and as many again for the maxima. Written by columns instead, each
//! column is a 1D region with stride `vstride` (`<0; 8, 4>` here), two moves of eight lanes, reading its column of
//! the value with a strided source region. IGC does not make that choice itself.
//!
//! # What
//! An unmasked `wrregion` with a constant offset and a 2D region of `w` columns and `h` rows, `1 < w < h`,
//! horizontal stride `s`, vertical stride `v` with `0 < v ≤ 4` elements (the largest destination stride) and
//! `v > w·s` (rows do not interleave, and leave gaps: with `v = w·s` the rows follow each other, a 1D region
//! of stride `s` that legal 1D pieces write, and a block read into `<4; 4, 1>` rows is written in place by the
//! message), becomes `w` `wrregion`s in a chain: column `j` writes `h` elements with
//! the 1D region `<0; h, v>` at the region's offset plus `j·s` elements, from `rdregion(New, <0; h, w>` at
//! element `j`).
//!
//! # Proof of exactness
//! Element `(r, c)` of the 2D region is vector element `offset + r·v + c·s`, written with New's element
//! `r·w + c`. Column `j`'s write puts New's element `r·w + j` at `offset + j·s + r·v` for each row `r`: the same
//! element with the same value. The columns write disjoint elements (distinct `(r, c)`, and the original region
//! writes each element once, which `genx-verify` checks), so their order does not matter, and every element
//! outside the region keeps Old's value in both. The tests check it by translation validation (`%validate`).
//!
//! # Not handled
//! Masked writes (the mask would have to be split too), indirect offsets, and regions whose vertical stride
//! exceeds 4 elements (no single instruction writes such a column).

use inkwell::values::{AsValueRef, FunctionValue};

use genx_region::Region;

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::region_ir::{self, Index, WrRegion};

/// The largest horizontal stride of a destination region, in elements (Gen ISA).
const MAX_DST_STRIDE: i32 = 4;

/// Whether writing `region` by columns takes fewer instructions, and is possible.
fn by_columns(region: &Region) -> bool {
    let w = region.width as i32;
    let h = region.rows() as i32;
    w > 1
        && h > w
        && region.stride > 0
        && region.vstride > 0
        && region.vstride <= MAX_DST_STRIDE
        && region.vstride > w * region.stride
        && region.num_elements == region.width * region.rows()
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = region_ir::memo_scope();
    let function = function.as_value_ref();
    // The calls first, read when their turn comes: a write replaced earlier may be a later one's Old.
    let calls: Vec<_> =
        ir::blocks(function).flat_map(ir::instructions).filter(|&i| region_ir::is_wrregion(i)).collect();
    let mut changed = false;
    let mut split = 0u64;
    for call in calls {
        let Some(wr) = WrRegion::read(call) else { continue };
        if wr.index != Index::Direct || wr.region.masked || wr.region.indirect.is_indirect() || !by_columns(&wr.region)
        {
            continue;
        }
        let r = wr.region;
        let (w, h, eb) = (r.width, r.rows(), r.elem_bytes);
        let built = region_ir::with_builder_before(wr.call, |builder| -> Result<_, String> {
            let mut value = wr.old;
            for j in 0..w {
                let column = Region::new(eb, h, w as i32, 1, 0, (j * eb) as i32).canonical();
                let part = region_ir::build_rdregion(builder, wr.new, &column, Index::Direct, false, "")?;
                let offset = r.offset + j as i32 * r.stride * eb as i32;
                let target = Region::new(eb, h, 0, h, r.vstride, offset).canonical();
                value = region_ir::build_wrregion(builder, value, part, &target, Index::Direct, None, "")?;
            }
            Ok(value)
        });
        match built {
            Ok(value) => {
                region_ir::replace_and_erase(wr.call, value);
                split += 1;
                changed = true;
            }
            Err(reason) => cx.remark(RemarkKind::Missed, c"NotSplit", wr.call, &reason),
        }
    }
    cx.count(c"writes-by-columns", c"2D region writes split into one strided write per column", split);
    changed
}
