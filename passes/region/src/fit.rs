//! Fitting a region to an element list: the exact "is this list one region?" test.
//!
//! A region's element list is `p[i] = p[0] + (i / w) * vstride + (i % w) * stride`. For a given width `w`
//! (which must divide `N`) the other two parameters are forced: `stride = p[1] - p[0]` (when `w > 1`) and
//! `vstride = p[w] - p[0]` (when `N > w`). So trying every divisor of `N` and checking the forced parameters
//! decides *exactly* whether a list is expressible as one region, in `O(N · d(N))` time. Width 1 needs no
//! separate try: a width-1 region is the 1D region with `stride = vstride`.
//!
//! Uses: [`crate::combine()`] falls back to it when the §2.1 rules refuse a direct inner region (so that a
//! refusal of a direct pair always means "no region can express the composite"), [`Region::subregion`] uses
//! it for sub-ranges that are not whole rows or one row split, and [`Region::change_element_type`] for layouts
//! the closed-form rules do not cover. It is also what a `shufflevector` lowering needs
//! ([`Region::from_elements`]).
//!
//! The widest width wins (1D first), so results are as "flat" as possible; callers canonicalise.

use crate::region::Region;

/// The `<vstride; width, stride>` part of a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Row width in elements.
    pub width: u32,
    /// Row-to-row distance in elements.
    pub vstride: i32,
    /// Element-to-element distance within a row.
    pub stride: i32,
}

/// The widest shape whose relative element list, started at `rel[0]`, is exactly `rel`; `None` when no
/// region has this list, when `rel` is empty, or when a forced stride does not fit in `i32`.
pub fn fit_shape(rel: &[i64]) -> Option<Shape> {
    let n = rel.len();
    if n == 0 {
        return None;
    }
    if n == 1 {
        return Some(Shape {
            width: 1,
            vstride: 0,
            stride: 1,
        });
    }
    let widths = std::iter::once(n).chain((2..n).rev().filter(|w| n % w == 0));
    for w in widths {
        // i128: the forced strides of arbitrary i64 lists cannot overflow the check.
        let stride = rel[1] as i128 - rel[0] as i128;
        let vstride = if n > w {
            rel[w] as i128 - rel[0] as i128
        } else {
            0
        };
        let fits = rel.iter().enumerate().all(|(i, &p)| {
            let (r, c) = ((i / w) as i128, (i % w) as i128);
            p as i128 == rel[0] as i128 + r * vstride + c * stride
        });
        if fits {
            let (stride, vstride) = (i32::try_from(stride).ok()?, i32::try_from(vstride).ok()?);
            return Some(Shape {
                width: w as u32,
                vstride,
                stride,
            });
        }
    }
    None
}

impl Region {
    /// The canonical direct region of element size `elem_bytes` that reads exactly `elements` in order, or
    /// `None` when no single region does (or an element is negative, or the offset overflows `i32`).
    pub fn from_elements(elem_bytes: u32, elements: &[i64]) -> Option<Region> {
        if elements.iter().any(|&e| e < 0) {
            return None;
        }
        let shape = fit_shape(elements)?;
        let offset = i32::try_from(elements[0].checked_mul(elem_bytes as i64)?).ok()?;
        let n = u32::try_from(elements.len()).ok()?;
        Some(
            Region::new(
                elem_bytes,
                n,
                shape.vstride,
                shape.width,
                shape.stride,
                offset,
            )
            .canonical(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_langref_list() {
        let list = [8, 10, 12, 15, 17, 19, 22, 24, 26];
        assert_eq!(
            fit_shape(&list),
            Some(Shape {
                width: 3,
                vstride: 7,
                stride: 2
            })
        );
        assert_eq!(
            Region::from_elements(4, &list),
            Some(Region::new(4, 9, 7, 3, 2, 32))
        );
    }

    #[test]
    fn prefers_one_dimension() {
        assert_eq!(
            fit_shape(&[3, 5, 7, 9]),
            Some(Shape {
                width: 4,
                vstride: 0,
                stride: 2
            })
        );
        // All equal: a splat, canonicalised to <0;1,0>.
        assert_eq!(
            Region::from_elements(2, &[4, 4, 4]),
            Some(Region::new(2, 3, 0, 1, 0, 8))
        );
    }

    #[test]
    fn rejects_irregular_lists() {
        assert_eq!(fit_shape(&[0, 1, 3]), None); // prime length, not arithmetic
        assert_eq!(fit_shape(&[0, 1, 4, 6]), None); // rows differ in stride
        assert_eq!(fit_shape(&[]), None);
        assert_eq!(Region::from_elements(4, &[-1, 0]), None);
    }

    #[test]
    fn finds_middle_width() {
        // Three rows of two: <10;2,3>.
        let list = [1, 4, 11, 14, 21, 24];
        assert_eq!(
            fit_shape(&list),
            Some(Shape {
                width: 2,
                vstride: 10,
                stride: 3
            })
        );
    }
}
