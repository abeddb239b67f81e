//! Sub-regions and splits: the region of elements `start .. start + size` of a region.
//!
//! # Why
//! GenXLegalization (docs/genx-ir.md §2.3) cuts a bale whose region is too wide for one instruction — a SIMD32 `v +
//! w` on `i32`, a 2D read whose rows straddle a GRF — into pieces of legal execution size, cloning every region
//! of the bale on the same element sub-range (IGC's `getSubregion`). [`Region::split`] is the whole cut in one
//! call: the pieces' element lists, concatenated in order, are exactly the original list.
//!
//! # Algorithm (docs/genx-ir.md §1.4 `getSubregion`)
//! On the canonical region, with `r0 = start / w`, `c0 = start % w`:
//! `offset += (r0·vstride + c0·stride)·EB`, then
//! * whole rows (`c0 == 0`, `w | size`): same shape, `N = size`;
//! * inside one row (`c0 + size ≤ w`): 1D, `w = size`;
//! * one row boundary, split in the middle (`size` even, `c0 + size/2 == w`): `w = size/2`,
//!   `vstride += (size/2 − w)·stride` (the second half starts the next row);
//! * anything else: the piece's element list relative to its first element is fitted exactly
//!   ([`crate::fit`]); if no region has it the refusal is [`Refusal::SubregionNotExpressible`], a checked claim.
//!   IGC assumes callers never ask for this case; asking is harmless here.
//!
//! Multi-indirect regions: the piece takes the index sub-vector from entry `first + r0` (IGC's `IndirectIdx`),
//! and the column goes into the constant offset; that works for whole rows and for pieces inside one row only
//! (rows of the piece would otherwise need different constant offsets):
//! [`Refusal::MultiIndirectSubregionStraddlesRow`].
//!
//! Invariants: the mask flag is kept (the caller slices the mask operand); a parent width is kept when every
//! row of the piece lies inside one row of the original (always, except possibly for fitted pieces).

use crate::fit::fit_shape;
use crate::refusal::{Operand, Refusal};
use crate::region::{Indirect, Region};

fn to_i32(v: i64) -> Result<i32, Refusal> {
    i32::try_from(v).map_err(|_| Refusal::ArithmeticOverflow)
}

impl Region {
    /// The region of elements `start .. start + size` of `self`, canonical. See the module documentation.
    pub fn subregion(&self, start: u32, size: u32) -> Result<Region, Refusal> {
        self.check_shape().map_err(|error| Refusal::Invalid {
            operand: Operand::Region,
            error,
        })?;
        if size == 0 || start as u64 + size as u64 > self.num_elements as u64 {
            return Err(Refusal::SubregionOutOfBounds {
                start,
                size,
                num_elements: self.num_elements,
            });
        }
        let r = self.canonical();
        let (w, eb) = (r.width, r.elem_bytes as i64);
        let (r0, c0) = (start / w, start % w);
        let (vs, s) = (r.vstride as i64, r.stride as i64);
        let mut sub = r;
        sub.num_elements = size;

        if let Indirect::Multi { rows, first } = r.indirect {
            sub.offset = to_i32(r.offset as i64 + c0 as i64 * s * eb)?;
            sub.indirect = Indirect::Multi {
                rows,
                first: first + r0,
            };
            if c0 == 0 && size % w == 0 {
                // whole rows: same shape
            } else if c0 + size <= w {
                sub.width = size;
                sub.vstride = 0;
            } else {
                return Err(Refusal::MultiIndirectSubregionStraddlesRow {
                    start,
                    size,
                    width: w,
                });
            }
            return Ok(sub.canonical());
        }

        sub.offset = to_i32(r.offset as i64 + (r0 as i64 * vs + c0 as i64 * s) * eb)?;
        if c0 == 0 && size % w == 0 {
            // whole rows: same shape
        } else if c0 + size <= w {
            sub.width = size;
            sub.vstride = 0;
        } else if size % 2 == 0 && c0 + size / 2 == w {
            let half = size / 2;
            sub.width = half;
            sub.vstride = to_i32(vs + (half as i64 - w as i64) * s)?;
        } else {
            let first = r.relative_element(start);
            let rel: Vec<i64> = (start..start + size)
                .map(|k| r.relative_element(k) - first)
                .collect();
            let shape = fit_shape(&rel).ok_or(Refusal::SubregionNotExpressible { start, size })?;
            sub.width = shape.width;
            sub.vstride = shape.vstride;
            sub.stride = shape.stride;
            let rows_inside = (0..size)
                .collect::<Vec<u32>>()
                .chunks(shape.width as usize)
                .all(|row| row.iter().all(|&k| (start + k) / w == (start + row[0]) / w));
            if !rows_inside {
                sub.parent_width = None;
            }
        }
        Ok(sub.canonical())
    }

    /// Cuts the region into consecutive pieces of the given sizes (which must add up to `N`); the pieces'
    /// element lists, concatenated, are the region's list.
    pub fn split(&self, sizes: &[u32]) -> Result<Vec<Region>, Refusal> {
        let total: u64 = sizes.iter().map(|&s| s as u64).sum();
        if total != self.num_elements as u64 {
            return Err(Refusal::SplitSizesMismatch {
                total,
                num_elements: self.num_elements,
            });
        }
        let mut start = 0;
        sizes
            .iter()
            .map(|&size| {
                let piece = self.subregion(start, size);
                start += size;
                piece
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn langref() -> Region {
        Region::new(4, 9, 7, 3, 2, 32)
    }

    fn concat(pieces: &[Region], indices: &[i64]) -> Vec<i64> {
        pieces
            .iter()
            .flat_map(|p| p.elements(indices).unwrap())
            .collect()
    }

    #[test]
    fn whole_rows() {
        let pieces = langref().split(&[3, 6]).unwrap();
        assert_eq!(pieces[0], Region::new(4, 3, 0, 3, 2, 32));
        assert_eq!(pieces[1], Region::new(4, 6, 7, 3, 2, 60));
        assert_eq!(concat(&pieces, &[]), langref().direct_elements().unwrap());
    }

    #[test]
    fn inside_one_row() {
        assert_eq!(
            langref().subregion(4, 2).unwrap(),
            Region::new(4, 2, 0, 2, 2, 68)
        );
    }

    #[test]
    fn one_boundary_in_the_middle() {
        // Elements 2..4 of <7;3,2>(32) are 12 and 15: w = 1, vs = 7 + (1 - 3) * 2 = 3 -> 1D stride 3.
        assert_eq!(
            langref().subregion(2, 2).unwrap(),
            Region::new(4, 2, 0, 2, 3, 48)
        );
        // Elements 1..5: 10,12 | 15,17 -> <5;2,2>(40).
        assert_eq!(
            langref().subregion(1, 4).unwrap(),
            Region::new(4, 4, 5, 2, 2, 40)
        );
    }

    #[test]
    fn fitted_and_refused_pieces() {
        // Elements 2..5 = 12, 15, 17: steps 3, 2 -> no region.
        assert_eq!(
            langref().subregion(2, 3).unwrap_err(),
            Refusal::SubregionNotExpressible { start: 2, size: 3 }
        );
        // <4;2,1> reads 0,1,4,5,8,9; its elements 1..5 are 1,4 | 5,8: not whole rows, not one row, not a
        // middle split, but the fit finds <4;2,3>(4).
        let r = Region::new(4, 6, 4, 2, 1, 0);
        assert_eq!(r.subregion(1, 4).unwrap(), Region::new(4, 4, 4, 2, 3, 4));
    }

    #[test]
    fn multi_indirect_pieces() {
        let r = Region::new(4, 8, 0, 2, 1, 0).with_multi_indirect(4);
        let idx = [0, 40, 80, 120];
        let whole = r.subregion(4, 4).unwrap();
        assert_eq!(whole.indirect, Indirect::Multi { rows: 4, first: 2 });
        let in_row = r.subregion(5, 1).unwrap();
        assert_eq!(
            (in_row.indirect, in_row.offset),
            (Indirect::Multi { rows: 4, first: 2 }, 4)
        );
        assert_eq!(in_row.elements(&idx).unwrap(), vec![21]);
        assert_eq!(
            r.subregion(1, 2).unwrap_err(),
            Refusal::MultiIndirectSubregionStraddlesRow {
                start: 1,
                size: 2,
                width: 2
            }
        );
        let pieces = r.split(&[2, 4, 1, 1]).unwrap();
        assert_eq!(concat(&pieces, &idx), r.elements(&idx).unwrap());
    }

    #[test]
    fn bounds() {
        assert_eq!(
            langref().subregion(8, 2).unwrap_err(),
            Refusal::SubregionOutOfBounds {
                start: 8,
                size: 2,
                num_elements: 9
            }
        );
        assert_eq!(
            langref().split(&[4, 4]).unwrap_err(),
            Refusal::SplitSizesMismatch {
                total: 8,
                num_elements: 9
            }
        );
    }

    #[test]
    fn keeps_mask_and_parent_width() {
        let r = Region::new(2, 16, 16, 8, 1, 0)
            .with_single_indirect()
            .with_parent_width(8)
            .with_mask();
        let p = r.subregion(4, 8).unwrap();
        assert_eq!(
            p,
            Region::new(2, 8, 12, 4, 1, 8)
                .with_single_indirect()
                .with_parent_width(8)
                .with_mask()
        );
    }
}
