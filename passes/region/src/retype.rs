//! Changing a region's element type: the region that reads the same bytes as `EB'`-byte elements.
//!
//! # Why
//! CM's `v.format<T>()` is a bitcast, and bitcasts sit between regions everywhere: `m.format<short>()
//! .select<8,2>(1)` reads the high halves of `int`s, GenXEmulate views `i64` as `<2N x i32>`, and
//! legalization turns byte moves into `i32` moves. Collapsing a region through a bitcast, or moving a bitcast
//! from one side of a region to the other (docs/genx-ir.md §2.1 "bitcast new value", "bitcast of single-use
//! rdregion"), needs the same region expressed in another element size (IGC's `changeElementType`). Two
//! regions of different element sizes are brought to a common size with [`normalize_element_types`]
//! before [`crate::combine()`].
//!
//! # Algorithm (docs/genx-ir.md §1.4)
//! Refused for indirect and masked regions. The total size and the byte offset must be multiples of `EB'`
//! (checked claims: otherwise no `EB'` region covers the same bytes). On the canonical region:
//! * bigger, ratio `k = EB'/EB`: rows contiguous (`stride == 1`), `w % k == 0`, `vstride % k == 0` →
//!   `N, w, vstride /= k`;
//! * smaller, ratio `k = EB/EB'`: `stride == 1` or `w == 1` → `N, w, vstride *= k`, `stride = 1`; a 1D
//!   non-contiguous region becomes `<stride·k; k, 1>`;
//! * otherwise the new element list is computed and fitted exactly ([`crate::fit`]): for a bigger type each
//!   group of `k` old elements must be adjacent and start at a multiple of `k`
//!   ([`Refusal::RetypeSplitsNewElement`] otherwise), and the fit may still find no region
//!   ([`Refusal::RetypeNotExpressible`]).
//!
//! The byte sequence read is unchanged — not just the set of bytes: a property test compares the bytes in
//! order, which is what a bitcast of the read value needs.
//!
//! Differences from IGC 1.0.12504: the offset check uses the new element size (IGC checks
//! `offset % (EB'/EB)` in bytes, which e.g. lets an `i16` region at byte 2 become an `i32` region at byte
//! 2); and the exact fallback, which makes every refusal of a direct unmasked region a checked claim rather
//! than "the closed-form rules do not cover it".

use crate::fit::fit_shape;
use crate::refusal::{Operand, Refusal};
use crate::region::{is_valid_elem_bytes, Region};

fn to_i32(v: i64) -> Result<i32, Refusal> {
    i32::try_from(v).map_err(|_| Refusal::ArithmeticOverflow)
}

impl Region {
    /// The canonical region reading the same bytes, in the same order, as elements of `new_elem_bytes`
    /// bytes. See the module documentation.
    pub fn change_element_type(&self, new_elem_bytes: u32) -> Result<Region, Refusal> {
        if !is_valid_elem_bytes(new_elem_bytes) {
            return Err(Refusal::BadElementBytes(new_elem_bytes));
        }
        self.check_shape().map_err(|error| Refusal::Invalid {
            operand: Operand::Region,
            error,
        })?;
        if self.indirect.is_indirect() {
            return Err(Refusal::RetypeIndirect);
        }
        if self.masked {
            return Err(Refusal::RetypeMasked);
        }
        let r = self.canonical();
        let (eb, new) = (r.elem_bytes, new_elem_bytes);
        if new == eb {
            return Ok(r);
        }
        let total_bytes = r.num_elements as u64 * eb as u64;
        if total_bytes % new as u64 != 0 {
            return Err(Refusal::RetypeSizeNotMultiple {
                total_bytes,
                new_elem_bytes: new,
            });
        }
        if r.offset.rem_euclid(new as i32) != 0 {
            return Err(Refusal::RetypeMisalignedOffset {
                offset: r.offset,
                new_elem_bytes: new,
            });
        }
        let mut out = r;
        out.elem_bytes = new;
        if new > eb {
            let k = new / eb;
            if r.stride == 1 && r.width % k == 0 && r.vstride % k as i32 == 0 {
                out.num_elements /= k;
                out.width /= k;
                out.vstride /= k as i32;
                return Ok(out.canonical());
            }
            let old = r.direct_elements().map_err(|error| Refusal::Invalid {
                operand: Operand::Region,
                error,
            })?;
            let k = k as i64;
            let mut list = Vec::with_capacity(old.len() / k as usize);
            for group in old.chunks(k as usize) {
                let adjacent = group
                    .iter()
                    .enumerate()
                    .all(|(j, &e)| e == group[0] + j as i64);
                if !adjacent || group[0].rem_euclid(k) != 0 {
                    return Err(Refusal::RetypeSplitsNewElement);
                }
                list.push(group[0].div_euclid(k));
            }
            return fitted(out, &list);
        }
        let k = eb / new;
        let overflow = || Refusal::ArithmeticOverflow;
        out.num_elements = r.num_elements.checked_mul(k).ok_or_else(overflow)?;
        if r.stride == 1 || r.width == 1 {
            out.width = r.width.checked_mul(k).ok_or_else(overflow)?;
            out.vstride = to_i32(r.vstride as i64 * k as i64)?;
            out.stride = 1;
            return Ok(out.canonical());
        }
        if !r.is_2d() {
            out.vstride = to_i32(r.stride as i64 * k as i64)?;
            out.stride = 1;
            out.width = k;
            return Ok(out.canonical());
        }
        let old = r.direct_elements().map_err(|error| Refusal::Invalid {
            operand: Operand::Region,
            error,
        })?;
        let k = k as i64;
        let list: Vec<i64> = old
            .iter()
            .flat_map(|&e| (0..k).map(move |j| e * k + j))
            .collect();
        fitted(out, &list)
    }
}

/// `template` with the shape fitted to the new element list (whose first element matches its offset).
fn fitted(mut template: Region, list: &[i64]) -> Result<Region, Refusal> {
    let shape = fit_shape(list).ok_or(Refusal::RetypeNotExpressible)?;
    template.num_elements = list.len() as u32;
    template.width = shape.width;
    template.vstride = shape.vstride;
    template.stride = shape.stride;
    Ok(template.canonical())
}

/// Brings two regions to one element size (IGC's `normalizeElementType`): returns them, in the same order,
/// with equal element sizes. Tries, in order: the smaller size when `prefer_first` and the first region has
/// it; the bigger size; the smaller size. Fails with the last refusal when none works.
pub fn normalize_element_types(
    first: &Region,
    second: &Region,
    prefer_first: bool,
) -> Result<(Region, Region), Refusal> {
    if first.elem_bytes == second.elem_bytes {
        return Ok((*first, *second));
    }
    let first_is_big = first.elem_bytes > second.elem_bytes;
    let (big, small) = if first_is_big {
        (first, second)
    } else {
        (second, first)
    };
    let order = |big: Region, small: Region| {
        if first_is_big {
            (big, small)
        } else {
            (small, big)
        }
    };
    let prefer_small = !first_is_big && prefer_first;
    let to_small = || {
        big.change_element_type(small.elem_bytes)
            .map(|b| order(b, *small))
    };
    let to_big = || {
        small
            .change_element_type(big.elem_bytes)
            .map(|s| order(*big, s))
    };
    if prefer_small {
        to_small().or_else(|_| to_big())
    } else {
        to_big().or_else(|_| to_small())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(r: &Region) -> Vec<i64> {
        let eb = r.elem_bytes as i64;
        r.direct_elements()
            .unwrap()
            .iter()
            .flat_map(|&e| (0..eb).map(move |j| e * eb + j))
            .collect()
    }

    #[test]
    fn bigger_contiguous_rows() {
        // i16 <16;8,1>(4) N=16 -> i32 <8;4,1>(4) N=8.
        let r = Region::new(2, 16, 16, 8, 1, 4);
        let b = r.change_element_type(4).unwrap();
        assert_eq!(b, Region::new(4, 8, 8, 4, 1, 4));
        assert_eq!(bytes(&b), bytes(&r));
        // Width becoming 1 gives a 1D region with stride vstride: i16 <8;2,1>(0) N=4 -> i32 stride 4.
        assert_eq!(
            Region::new(2, 4, 8, 2, 1, 0)
                .change_element_type(4)
                .unwrap(),
            Region::new(4, 2, 0, 2, 4, 0)
        );
    }

    #[test]
    fn bigger_refusals() {
        // Stride 2: an i32 would be built from the low halves of two i32s... of i16 0 and 2.
        assert_eq!(
            Region::new(2, 4, 0, 4, 2, 0)
                .change_element_type(4)
                .unwrap_err(),
            Refusal::RetypeSplitsNewElement
        );
        // Odd number of i16s.
        assert_eq!(
            Region::new(2, 3, 0, 3, 1, 0)
                .change_element_type(4)
                .unwrap_err(),
            Refusal::RetypeSizeNotMultiple {
                total_bytes: 6,
                new_elem_bytes: 4
            }
        );
        // Offset 2 bytes cannot start an i32 (IGC would accept this one).
        assert_eq!(
            Region::new(2, 4, 0, 4, 1, 2)
                .change_element_type(4)
                .unwrap_err(),
            Refusal::RetypeMisalignedOffset {
                offset: 2,
                new_elem_bytes: 4
            }
        );
        assert_eq!(
            Region::new(2, 4, 0, 4, 1, 0)
                .with_single_indirect()
                .change_element_type(4)
                .unwrap_err(),
            Refusal::RetypeIndirect
        );
        assert_eq!(
            Region::new(2, 4, 0, 4, 1, 0)
                .with_mask()
                .change_element_type(4)
                .unwrap_err(),
            Refusal::RetypeMasked
        );
        assert_eq!(
            Region::new(2, 4, 0, 4, 1, 0)
                .change_element_type(3)
                .unwrap_err(),
            Refusal::BadElementBytes(3)
        );
    }

    #[test]
    fn smaller() {
        // Contiguous rows: i32 <8;4,1> N=8 -> i16 <16;8,1> N=16.
        let r = Region::new(4, 8, 8, 4, 1, 0);
        assert_eq!(
            r.change_element_type(2).unwrap(),
            Region::new(2, 16, 16, 8, 1, 0)
        );
        // 1D strided: i32 stride 2 N=4 -> i16 <4;2,1> N=8.
        let r = Region::new(4, 4, 0, 4, 2, 0);
        let s = r.change_element_type(2).unwrap();
        assert_eq!(s, Region::new(2, 8, 4, 2, 1, 0));
        assert_eq!(bytes(&s), bytes(&r));
        // Splat i32 -> i16 pairs repeated.
        let r = Region::new(4, 3, 0, 1, 0, 8);
        assert_eq!(
            r.change_element_type(2).unwrap(),
            Region::new(2, 6, 0, 2, 1, 8)
        );
    }

    #[test]
    fn smaller_2d_strided_needs_three_levels() {
        // LangRef region as i16: 16,17,20,21,24,25 | 30,31,... is not one region.
        assert_eq!(
            Region::new(4, 9, 7, 3, 2, 32)
                .change_element_type(2)
                .unwrap_err(),
            Refusal::RetypeNotExpressible
        );
        // A 2D-looking region whose rows continue the stride is 1D after canonicalisation, and converts.
        let r = Region::new(4, 4, 4, 2, 2, 0);
        assert_eq!(
            r.change_element_type(2).unwrap(),
            Region::new(2, 8, 4, 2, 1, 0)
        );
    }

    #[test]
    fn normalize_prefers_bigger_unless_asked() {
        let small = Region::new(2, 8, 0, 8, 1, 0);
        let big = Region::new(4, 2, 0, 2, 1, 4);
        let (a, b) = normalize_element_types(&small, &big, false).unwrap();
        assert_eq!((a, b), (Region::new(4, 4, 0, 4, 1, 0), big));
        let (a, b) = normalize_element_types(&small, &big, true).unwrap();
        assert_eq!((a, b), (small, Region::new(2, 4, 0, 4, 1, 4)));
        // Bigger impossible (stride 2): falls back to smaller.
        let strided = Region::new(2, 4, 0, 4, 2, 0);
        let (a, b) = normalize_element_types(&big, &strided, false).unwrap();
        assert_eq!((a, b), (Region::new(2, 4, 0, 4, 1, 4), strided));
    }
}
