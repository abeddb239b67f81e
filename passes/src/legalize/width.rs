//! The widths a platform allows: legal region sizes, the non-region limit, predicate parts. Pure arithmetic on
//! [`Region`]s and numbers, no LLVM types, so every rule is unit-tested here.
//!
//! Facts (docs/genx-ir.md §2.3, IGC's `getLegalRegionSizeForTarget`, `determineNonRegionWidth`, `getPredPart`,
//! `getLegalPredSize`, read and rewritten):
//! * **Strides**: a region can do more than one element at a time only when its stride is 0 or a power of
//!   two; a destination stride must also be at most 4 (a source with a larger power-of-two stride is fine: it
//!   is emitted as rows of width 1).
//! * **Direct regions** may extend to the end of the GRF after the one holding their first element (two GRFs),
//!   except byte regions on platforms without byte multi-indirect regioning (Xe-HPC), which stay in one GRF.
//! * **2D sources** (vstride 0 or 2^k, width 2^k ≤ 16, at a row start) take as many whole rows as fit (2^k
//!   rows); in the middle of a row, "rest of the row and as many from the next row" when that implied vstride
//!   is 2^k; else up to the end of the row within the boundary. Nothing is wider than two GRFs.
//! * **Indirect regions**: no limit when the whole input fits in one GRF; otherwise bounded by the lowest and
//!   highest address the index can reach, by the index alignment, and by the parent width; byte regions and 2D
//!   destinations get one GRF; multi-indirect regions (width 1 or stride 0) at most 8 elements.
//! * **Non-region limit**: `width × max(dst EB, src0 EB) ≤ 2 GRF`, rounded down to 2^k.
//! * **Predicates** are at most 32 bits and a power of two: an odd predicate is cut into 32-bit parts, then
//!   descending powers of two (37 → 32,4,1). An access starting at `s` inside a part starting at `p` can be at
//!   most the largest 2^k dividing `s − p` (bounded by the rest of the part), and should be at least 8 (4 next
//!   to 64-bit data) so that the next access is aligned.

use genx_region::{Indirect, Region};

use crate::platform::Platform;

/// The vISA limit on a predicate (bits).
pub const MAX_PRED: u32 = 32;

/// The largest power of two `<= n` (0 for 0).
pub fn floor_pow2(n: u64) -> u64 {
    if n == 0 {
        0
    } else {
        1 << (63 - n.leading_zeros())
    }
}

fn is_pow2(n: i64) -> bool {
    n > 0 && (n & (n - 1)) == 0
}

fn log2(n: u64) -> u32 {
    63 - n.max(1).leading_zeros()
}

/// The facts of a platform the width rules read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub grf_bytes: u32,
    /// Multi-indirect byte regions exist; without them direct byte regions stay in one GRF.
    pub byte_multi_indirect: bool,
}

impl Target {
    pub fn of(platform: &Platform) -> Target {
        Target { grf_bytes: platform.grf_bytes, byte_multi_indirect: platform.features.byte_multi_indirect }
    }
}

/// What is known about a runtime index: its value is `extra` modulo `2^log` (IGC's `Alignment`); `log == 0`
/// says nothing. `bounds`, when known, is the smallest and largest value it can have (bytes, not negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alignment {
    pub log: u32,
    pub extra: u32,
    pub bounds: Option<(i64, i64)>,
}

impl Alignment {
    pub const UNKNOWN: Alignment = Alignment { log: 0, extra: 0, bounds: None };
}

/// Why a region is limited to the size [`legal_region_size`] returned (for remarks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionLimit {
    /// The stride is not 0 or a power of two (or is above 4 for a destination).
    Stride,
    /// The region reaches a GRF boundary it may not cross.
    GrfBoundary,
    /// A 2D region: as many whole rows as fit.
    Rows,
    /// The rest of a row and the same number of elements from the next.
    RowAndNext,
    /// The rest of a row (a destination, or rows that cannot be taken whole), as a power of two.
    RowRest,
    /// The elements left, rounded down to a power of two.
    PowerOfTwo,
    /// An indirect region whose reachable addresses span GRFs.
    Indirect,
    /// Multi-indirect limits (8 address registers, byte rules).
    MultiIndirect,
    /// No limit other than two GRFs of data.
    TwoGrfs,
}

impl RegionLimit {
    pub fn describe(self) -> &'static str {
        match self {
            RegionLimit::Stride => "stride not 0 or a power of two (or above 4 in a destination)",
            RegionLimit::GrfBoundary => "GRF crossing rule",
            RegionLimit::Rows => "whole rows that fit in two GRFs",
            RegionLimit::RowAndNext => "rest of a row and the start of the next",
            RegionLimit::RowRest => "rest of the row, as a power of two",
            RegionLimit::PowerOfTwo => "execution size must be a power of two",
            RegionLimit::Indirect => "indirect region may cross a GRF",
            RegionLimit::MultiIndirect => "multi-indirect limit",
            RegionLimit::TwoGrfs => "two-GRF rule",
        }
    }
}

/// The largest number of elements, starting at element `idx` of `region`, one instruction can access
/// (`allow_2d`: a source operand; else a destination). `input_len` is the element count of the whole vector
/// (an indirect region inside one GRF cannot cross). `region` should be canonical. Always at least 1.
pub fn legal_region_size(
    target: Target,
    region: &Region,
    idx: u32,
    allow_2d: bool,
    input_len: u32,
    align: Alignment,
) -> (u32, RegionLimit) {
    let r = region;
    let eb = r.elem_bytes.max(1) as i64;
    let grf = target.grf_bytes as i64;
    let log_grf = log2(grf as u64);
    let w = r.width.max(1) as i64;
    let n = r.num_elements as i64;
    let (vs, s) = (r.vstride as i64, r.stride as i64);
    let idx = idx as i64;
    let mut valid: i64 = 1;
    let mut limit = RegionLimit::Stride;
    let stride_ok = s == 0 || is_pow2(s);
    if stride_ok && (allow_2d || s <= 4) {
        let stride_valid = s <= 4;
        if r.is_multi_indirect() {
            limit = RegionLimit::MultiIndirect;
            if !allow_2d {
                // A multi-indirect destination does one element at a time, unless it replicates.
                if s == 0 {
                    valid = floor_pow2(w as u64) as i64;
                }
            } else if w == 1 || s == 0 {
                let mut log_w = log2(w as u64);
                if 1i64 << log_w == w {
                    log_w = log2(n as u64);
                }
                let log_eb = log2(eb as u64);
                if log_w + log_eb > log_grf + 1 {
                    log_w = (log_grf + 1).saturating_sub(log_eb);
                }
                valid = (1i64 << log_w).min(8);
            }
        } else {
            let per_grf = (grf / eb).max(1);
            let real_idx = (idx / w) * vs + (idx % w) * s;
            let mut to_boundary: i64 = 1;
            limit = RegionLimit::GrfBoundary;
            if !r.indirect.is_indirect() {
                let offset_elements = r.offset as i64 / eb;
                let grfs = if eb == 1 && !target.byte_multi_indirect { 1 } else { 2 };
                to_boundary = grfs * per_grf - (real_idx + offset_elements).rem_euclid(per_grf);
            } else if (input_len as i64) <= per_grf {
                to_boundary = per_grf;
            } else {
                limit = RegionLimit::Indirect;
                // One GRF for bytes and for 2D destinations, else two (SKL+ indirect GRF crossing).
                let grfs_per_indirect = if eb != 1 && (allow_2d || !r.is_2d()) { 2 } else { 1 };
                let last = (n / w - 1) * vs + (w - 1) * s;
                let mut max = input_len as i64 - last - 1 + real_idx;
                let mut min = real_idx;
                if let Some((lo, hi)) = align.bounds {
                    // The element's position is also the index's (bytes) plus the offset, over the element size.
                    let at = |index: i64| (index + r.offset as i64).div_euclid(eb) + real_idx;
                    min = min.max(at(lo));
                    max = max.min(at(hi));
                }
                if max >= min && min >= 0 {
                    let grf_of = |e: i64| e.div_euclid(per_grf);
                    let diff = grf_of(max) - grf_of(min);
                    if diff == 0 {
                        to_boundary = per_grf * grfs_per_indirect - max.rem_euclid(per_grf);
                    } else if diff == 1 && grfs_per_indirect > 1 {
                        to_boundary = per_grf - max.rem_euclid(per_grf);
                    }
                }
                let pw = r.parent_width.unwrap_or(0) as i64;
                if is_pow2(pw) && pw <= grfs_per_indirect * per_grf && real_idx >= 0 {
                    // No row crosses a multiple of the parent width.
                    to_boundary = to_boundary.max(pw - real_idx % pw);
                } else if r.indirect == Indirect::Single && align.log > 0 {
                    let log_align = align.log;
                    let mask = (1i64 << log_align.min(30)) - 1;
                    let extra = (align.extra as i64 + r.offset as i64 + real_idx * eb) & mask;
                    let log_eb = log2(eb as u64);
                    if log_align >= log_grf && extra == 0 {
                        to_boundary = per_grf * grfs_per_indirect;
                    } else if log_align > log_eb || (log_align == log_eb && extra == 0) {
                        let la = log_align.min(log_grf) - log_eb;
                        let extra_elements = (extra & (grf - 1)) >> log_eb;
                        let from_align = (1i64 << la) - extra_elements + (grfs_per_indirect - 1) * per_grf;
                        to_boundary = to_boundary.max(from_align);
                    }
                }
            }
            to_boundary = to_boundary.max(1);
            if allow_2d && stride_valid {
                if (vs == 0 || is_pow2(vs))
                    && is_pow2(w)
                    && w <= 16
                    && idx % w == 0
                    && to_boundary > (w - 1) * s
                {
                    let rows = if vs == 0 {
                        (n - idx) / w
                    } else {
                        let slack = vs - ((w - 1) * s + 1);
                        let mut rows = (to_boundary + slack) / vs;
                        if rows > 0 && rows * w + idx > n {
                            rows = (n - idx) / w;
                        }
                        rows
                    };
                    if rows > 0 {
                        valid = floor_pow2(rows as u64) as i64 * w;
                        limit = if r.is_2d() { RegionLimit::Rows } else { RegionLimit::PowerOfTwo };
                    }
                }
                if valid == 1 && idx % w != 0 {
                    let to_end = w - idx % w;
                    if is_pow2(to_end) && to_end <= 16 {
                        let new_vs = vs + (to_end - w) * s;
                        if is_pow2(new_vs) && new_vs + (to_end - 1) * s < to_boundary {
                            valid = 2 * to_end;
                            limit = RegionLimit::RowAndNext;
                        }
                    }
                }
            }
            if valid == 1 {
                valid = w - idx % w;
                limit = if r.is_2d() { RegionLimit::RowRest } else { RegionLimit::PowerOfTwo };
                if s > 0 && valid * s - (s - 1) > to_boundary {
                    valid = (to_boundary + s - 1) / s;
                    limit = if r.indirect.is_indirect() { RegionLimit::Indirect } else { RegionLimit::GrfBoundary };
                }
                valid = floor_pow2(valid.max(1) as u64) as i64;
            }
            if valid > 2 * per_grf {
                valid = 2 * per_grf;
                limit = RegionLimit::TwoGrfs;
            }
        }
    }
    if r.is_multi_indirect() && eb == 1 && !target.byte_multi_indirect {
        valid = 1;
        limit = RegionLimit::MultiIndirect;
    }
    (valid.clamp(1, u32::MAX as i64) as u32, limit)
}

/// The non-region limit: the largest 2^k `w <= remaining` with `w × max(dst EB, src0 EB) <= 2 GRF`.
/// `elem_bytes` is that maximum (0 for a predicate result, which the caller handles).
pub fn non_region_width(grf_bytes: u32, elem_bytes: u32, remaining: u32) -> u32 {
    let mut width = remaining as u64;
    if elem_bytes > 0 && width * elem_bytes as u64 > 2 * grf_bytes as u64 {
        width = 2 * grf_bytes as u64 / elem_bytes as u64;
    }
    floor_pow2(width.max(1)) as u32
}

/// One part of a predicate value as vISA holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PredPart {
    pub offset: u32,
    pub size: u32,
    pub number: u32,
}

/// The part of a `whole`-bit predicate holding bit `offset`: 32-bit parts, then descending powers of two.
/// `offset == whole` gives the (empty) part after the last.
pub fn pred_part(whole: u32, offset: u32) -> PredPart {
    let full = whole & !(MAX_PRED - 1);
    if offset < full {
        return PredPart { offset: offset & !(MAX_PRED - 1), size: MAX_PRED, number: offset / MAX_PRED };
    }
    let mut part = PredPart { offset: full, size: 0, number: whole / MAX_PRED };
    let mut p = MAX_PRED / 2;
    while p > 0 {
        if whole - part.offset >= p {
            // There is a part of size p here.
            if offset < part.offset + p {
                part.size = p;
                return part;
            }
            part.offset += p;
            part.number += 1;
        }
        p >>= 1;
    }
    part
}

/// The sizes of the parts of a `whole`-bit predicate, in order (37 → 32, 4, 1).
pub fn pred_parts(whole: u32) -> Vec<u32> {
    let mut sizes = Vec::new();
    let mut offset = 0;
    while offset < whole {
        let part = pred_part(whole, offset);
        if part.size == 0 {
            break;
        }
        sizes.push(part.size);
        offset = part.offset + part.size;
    }
    sizes
}

/// Minimum and maximum legal size of a predicate access starting at bit `start` of a `whole`-bit predicate,
/// next to data of `elem_bits` bits (None: assume not 64-bit).
pub fn legal_pred_size(whole: u32, elem_bits: Option<u32>, start: u32) -> (u32, u32) {
    let part = pred_part(whole, start);
    let min = if elem_bits == Some(64) { 4 } else { 8 };
    let into = start - part.offset;
    let rest = part.size.saturating_sub(into);
    let mut log_max = log2(rest.max(1) as u64);
    if into != 0 {
        log_max = log_max.min(into.trailing_zeros());
    }
    let max = 1u32 << log_max;
    (min.min(max), max)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ICL: Target = Target { grf_bytes: 32, byte_multi_indirect: true };
    const PVC: Target = Target { grf_bytes: 64, byte_multi_indirect: false };

    fn src(r: &Region, idx: u32, len: u32) -> u32 {
        legal_region_size(ICL, &r.canonical(), idx, true, len, Alignment::UNKNOWN).0
    }

    #[test]
    fn golden_linear_filter_pieces() {
        // in.select<6,1,24,1>(1,3) of matrix<uchar,8,32>: <32;24,1> at byte 35.
        let r = Region::new(1, 144, 32, 24, 1, 35);
        let mut starts = Vec::new();
        let mut start = 0;
        while start < 144 {
            let w = src(&r, start, 256).min(non_region_width(32, 4, 144 - start));
            starts.push((start, w));
            start += w;
        }
        assert_eq!(starts.len(), 9, "{starts:?}");
        assert!(starts.iter().all(|&(_, w)| w == 16));
        let pieces = r.split(&[16; 9]).unwrap();
        let shapes: Vec<(i32, u32, i32, i32)> =
            pieces.iter().map(|p| (p.vstride, p.width, p.stride, p.offset)).collect();
        assert_eq!(
            shapes,
            vec![
                (0, 16, 1, 35),
                (16, 8, 1, 51),
                (0, 16, 1, 75),
                (0, 16, 1, 99),
                (16, 8, 1, 115),
                (0, 16, 1, 139),
                (0, 16, 1, 163),
                (16, 8, 1, 179),
                (0, 16, 1, 203)
            ]
        );
    }

    #[test]
    fn direct_one_d_two_grfs() {
        // 32 x i32 from 0: two GRFs = 16 elements.
        assert_eq!(src(&Region::new(4, 32, 0, 32, 1, 0), 0, 32), 16);
        // From element 4 the second GRF ends at 16: 12 -> 8.
        assert_eq!(src(&Region::new(4, 32, 0, 32, 1, 16), 0, 64), 8);
        // Stride 2: 16 elements span 31 -> only 8 fit in 16.
        assert_eq!(src(&Region::new(4, 16, 0, 16, 2, 0), 0, 64), 8);
        // Stride 3 is not a power of two.
        assert_eq!(src(&Region::new(4, 8, 0, 8, 3, 0), 0, 64), 1);
        // A destination with stride 8 does one element at a time; a source may.
        let r = Region::new(2, 4, 0, 4, 8, 0);
        assert_eq!(legal_region_size(ICL, &r, 0, false, 64, Alignment::UNKNOWN).0, 1);
        assert_eq!(legal_region_size(ICL, &r, 0, true, 64, Alignment::UNKNOWN).0, 4);
    }

    #[test]
    fn two_d_rows() {
        // <8;4,1> of i32: whole rows; 4 rows span 28 elements > 16: 2 rows fit (elements 0..11).
        let r = Region::new(4, 16, 8, 4, 1, 0);
        assert_eq!(src(&r, 0, 64), 8);
        // Mid-row start of <16;8,1> bytes: rest of row (4) and 4 of the next: vstride 16 + (4-8) = 12, no.
        let b = Region::new(1, 32, 16, 8, 1, 0);
        assert_eq!(src(&b, 4, 64), 4);
    }

    #[test]
    fn byte_regions_on_pvc_stay_in_one_grf() {
        let r = Region::new(1, 64, 0, 64, 1, 32);
        assert_eq!(legal_region_size(PVC, &r, 0, true, 256, Alignment::UNKNOWN).0, 32);
        let icl = Target { grf_bytes: 64, byte_multi_indirect: true };
        assert_eq!(legal_region_size(icl, &r, 0, true, 256, Alignment::UNKNOWN).0, 64);
    }

    #[test]
    fn indirect_regions() {
        // Input within one GRF: anything.
        let r = Region::new(2, 8, 0, 8, 1, 0).with_single_indirect();
        assert_eq!(legal_region_size(ICL, &r, 0, true, 16, Alignment::UNKNOWN).0, 8);
        // A big input and unknown alignment: one element (then multi-indirect).
        assert_eq!(legal_region_size(ICL, &r, 0, true, 64, Alignment::UNKNOWN).0, 1);
        // A GRF-aligned index: two GRFs.
        let aligned = Alignment { log: 5, extra: 0, bounds: None };
        assert_eq!(legal_region_size(ICL, &r, 0, true, 64, aligned).0, 8);
        // An index known to be in [0, 3] bytes: a 16-byte row piece starts at most 3 bytes into its GRF and
        // stays in it; the next 8 bytes too (16 + 3 + 8 <= 32); in [0, 20], the 8 bytes from 16 may cross.
        let bytes = Region::new(1, 16, 0, 16, 1, 0).with_single_indirect();
        let in_dword = Alignment { bounds: Some((0, 3)), ..Alignment::UNKNOWN };
        assert_eq!(legal_region_size(ICL, &bytes, 0, false, 256, in_dword).0, 16);
        let next = Region::new(1, 8, 0, 8, 1, 16).with_single_indirect();
        assert_eq!(legal_region_size(ICL, &next, 0, false, 256, in_dword).0, 8);
        let wide = Alignment { bounds: Some((0, 20)), ..Alignment::UNKNOWN };
        assert_eq!(legal_region_size(ICL, &next, 0, false, 256, wide).0, 1);
        assert_eq!(legal_region_size(ICL, &bytes, 0, false, 256, Alignment::UNKNOWN).0, 1);
        // Multi-indirect width 1: up to 8.
        let m = Region::new(4, 8, 1, 1, 1, 0).with_multi_indirect(8);
        assert_eq!(legal_region_size(ICL, &m, 0, true, 64, Alignment::UNKNOWN).0, 8);
    }

    #[test]
    fn non_region_limits() {
        assert_eq!(non_region_width(32, 4, 32), 16);
        assert_eq!(non_region_width(32, 8, 32), 8);
        assert_eq!(non_region_width(32, 2, 32), 32);
        assert_eq!(non_region_width(64, 4, 32), 32);
        assert_eq!(non_region_width(64, 8, 32), 16);
        assert_eq!(non_region_width(32, 4, 13), 8);
    }

    #[test]
    fn predicate_parts() {
        assert_eq!(pred_parts(37), vec![32, 4, 1]);
        assert_eq!(pred_parts(13), vec![8, 4, 1]);
        assert_eq!(pred_parts(9), vec![8, 1]);
        assert_eq!(pred_parts(64), vec![32, 32]);
        assert_eq!(pred_parts(16), vec![16]);
        assert_eq!(pred_part(13, 9), PredPart { offset: 8, size: 4, number: 1 });
        assert_eq!(pred_part(13, 12), PredPart { offset: 12, size: 1, number: 2 });
        assert_eq!(pred_part(37, 33), PredPart { offset: 32, size: 4, number: 1 });
        assert_eq!(pred_part(32, 32).size, 0);
    }

    #[test]
    fn predicate_sizes() {
        assert_eq!(legal_pred_size(13, Some(32), 0), (8, 8));
        assert_eq!(legal_pred_size(13, Some(32), 8), (4, 4));
        assert_eq!(legal_pred_size(13, Some(32), 12), (1, 1));
        assert_eq!(legal_pred_size(37, Some(32), 0), (8, 32));
        assert_eq!(legal_pred_size(37, Some(32), 16), (8, 16));
        assert_eq!(legal_pred_size(32, Some(64), 4), (4, 4));
        assert_eq!(legal_pred_size(32, Some(32), 8), (8, 8));
    }
}
