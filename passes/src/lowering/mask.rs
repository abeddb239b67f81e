//! Shuffle masks as regions: the pure arithmetic of `genx-lowering`'s `shufflevector` lowering.
//!
//! A region's element list is `p[i] = p0 + (i / w) * vstride + (i % w) * stride`. A shuffle mask may leave
//! lanes undefined (`undef`/`poison` mask entries, or entries naming an undefined operand): such a lane may read
//! *any* element, so it constrains nothing except that the region must still lie inside the vector (the read
//! happens). [`fit_with_holes`] finds a region under those rules; with no holes it is the exact fit of
//! `genx_region::fit_shape` plus a range check.
//!
//! Search, for each width `w` dividing `N` (widest first, so 1D wins):
//! 1. the stride is forced by the first row holding two defined lanes (`(p2 - p1) / (c2 - c1)`, which must be
//!    exact); when no row holds two, it is free and `1`, `-1` and `0` are tried;
//! 2. each defined lane then gives its row's start `q = p - c * stride`; all lanes of a row must agree;
//! 3. the vstride is forced by the first two rows with a defined lane (exact division again); with one such
//!    row it is free and `w * stride` (one long row) and `0` are tried;
//! 4. every lane, holes included, must land inside the vector, and the byte offset must fit an `i16`.
//!
//! [`split_moves`] cuts a two-source (or irregular) mask into *moves*: a source region of one operand written
//! to a destination region of the result, each a region on both sides. Lanes are grouped per operand and cut
//! greedily into the longest prefixes whose destination lanes and source elements are both regions, so an
//! interleave of two operands is two moves, and a concatenation of halves two moves.
//!
//! Not here: the IR (see `shuffle.rs`); this module is unit-tested on its own. It would belong in `genx-region`
//! next to `fit_shape`, but that crate is owned elsewhere.

use genx_region::Region;

/// The largest byte offset a constant `i16` region offset can hold.
const MAX_OFFSET: i64 = i16::MAX as i64;

/// Above this many lanes, [`split_moves`] looks only for 1D prefixes beyond the longest 1D one (bounding the
/// quadratic prefix search on huge masks).
const MAX_2D_SEARCH: usize = 64;

/// The canonical direct region of `elem_bytes`-byte elements that reads element `e` for every defined lane
/// `Some((_, e))` of `lanes` (the operand is not looked at; `None` lanes may read anything) from a vector of
/// `len` elements, widest rows first; `None` when no region does, when no lane is defined, or when the offset
/// does not fit an `i16`.
pub fn fit_with_holes(elem_bytes: u32, lanes: &[Option<(usize, i64)>], len: u32) -> Option<Region> {
    fit(elem_bytes, lanes.len(), |i| lanes[i].map(|(_, element)| element), len)
}

/// The exact fit of a fully defined element list (see [`fit_with_holes`]).
pub fn fit_exact(elem_bytes: u32, elements: &[i64], len: u32) -> Option<Region> {
    fit(elem_bytes, elements.len(), |i| Some(elements[i]), len)
}

/// [`fit_with_holes`] over `n` entries given by `entry`. Allocates nothing: [`split_moves`] asks for many
/// prefixes of one mask.
fn fit(elem_bytes: u32, n: usize, entry: impl Fn(usize) -> Option<i64> + Copy, len: u32) -> Option<Region> {
    let defined = move || (0..n).filter_map(move |i| entry(i).map(|p| (i, p)));
    let (_, first) = defined().next()?;
    if n > u32::MAX as usize || defined().any(|(_, p)| p < 0 || p >= len as i64) {
        return None;
    }
    if defined().all(|(_, p)| p == first) {
        return build(elem_bytes, n, 1, 0, 0, first, len);
    }
    let widths = std::iter::once(n).chain((1..n).rev().filter(|&w| n.is_multiple_of(w)));
    for w in widths {
        let (strides, stride_count) = stride_candidates(defined(), w);
        for &stride in &strides[..stride_count] {
            let Some(rows) = first_rows(defined(), w, stride) else { continue };
            let (candidates, count) = vstride_candidates(defined(), rows, w, stride, n);
            for &(vstride, p0) in &candidates[..count] {
                if let Some(region) = build(elem_bytes, n, w, stride, vstride, p0, len) {
                    return Some(region);
                }
            }
        }
    }
    None
}

/// The strides to try for rows of width `w` (the first `.1` entries of `.0`).
fn stride_candidates(defined: impl Iterator<Item = (usize, i64)>, w: usize) -> ([i64; 3], usize) {
    if w == 1 {
        return ([1, 0, 0], 1);
    }
    let mut previous: Option<(usize, i64)> = None;
    for (i2, p2) in defined {
        if let Some((i1, p1)) = previous {
            if i1 / w == i2 / w {
                let (dc, dp) = ((i2 % w) as i64 - (i1 % w) as i64, p2 - p1);
                return if dp % dc == 0 { ([dp / dc, 0, 0], 1) } else { ([0; 3], 0) };
            }
        }
        previous = Some((i2, p2));
    }
    ([1, -1, 0], 3)
}

/// `(row, start)` of a lane: its row and the element its row would start at.
fn row_start(i: usize, p: i64, w: usize, stride: i64) -> (i64, i64) {
    ((i / w) as i64, p - (i % w) as i64 * stride)
}

/// The `(row, start)` of the first row holding a defined lane and of the second one (if any), or `None` when
/// two lanes of a row disagree on the row's start.
type FirstRows = ((i64, i64), Option<(i64, i64)>);

fn first_rows(defined: impl Iterator<Item = (usize, i64)>, w: usize, stride: i64) -> Option<FirstRows> {
    let mut first: Option<(i64, i64)> = None;
    let mut second: Option<(i64, i64)> = None;
    let mut last: Option<(i64, i64)> = None;
    for (i, p) in defined {
        let (r, q) = row_start(i, p, w, stride);
        match last {
            Some((last_r, last_q)) if last_r == r => {
                if last_q != q {
                    return None;
                }
            }
            _ => {
                if first.is_none() {
                    first = Some((r, q));
                } else if second.is_none() {
                    second = Some((r, q));
                }
                last = Some((r, q));
            }
        }
    }
    Some((first?, second))
}

/// Candidate `(vstride, p0)` pairs consistent with the row starts (the first `.1` entries of `.0`).
fn vstride_candidates(
    defined: impl Iterator<Item = (usize, i64)>,
    rows: FirstRows,
    w: usize,
    stride: i64,
    n: usize,
) -> ([(i64, i64); 2], usize) {
    let ((r1, q1), second) = rows;
    if w == n {
        return ([(0, q1), (0, 0)], 1);
    }
    let Some((r2, q2)) = second else {
        let long = w as i64 * stride;
        return ([(long, q1 - r1 * long), (0, q1 - r1 * 0)], 2);
    };
    let (dr, dq) = (r2 - r1, q2 - q1);
    if dq % dr != 0 {
        return ([(0, 0); 2], 0);
    }
    let vstride = dq / dr;
    // Every lane of a row agrees on its start (`first_rows`), so checking lanes checks rows.
    if defined.map(|(i, p)| row_start(i, p, w, stride)).all(|(r, q)| q == q1 + (r - r1) * vstride) {
        ([(vstride, q1 - r1 * vstride), (0, 0)], 1)
    } else {
        ([(0, 0); 2], 0)
    }
}

/// The canonical region `<vstride; w, stride>` from element `p0`, when every lane lies inside `len` elements
/// and the parameters fit their fields.
fn build(elem_bytes: u32, n: usize, w: usize, stride: i64, vstride: i64, p0: i64, len: u32) -> Option<Region> {
    let rows = (n / w) as i64;
    let corners = [0, (w as i64 - 1) * stride, (rows - 1) * vstride, (rows - 1) * vstride + (w as i64 - 1) * stride];
    if corners.iter().any(|&c| p0 + c < 0 || p0 + c >= len as i64) {
        return None;
    }
    let offset = p0 * elem_bytes as i64;
    if offset > MAX_OFFSET {
        return None;
    }
    let region = Region::new(
        elem_bytes,
        u32::try_from(n).ok()?,
        i32::try_from(vstride).ok()?,
        u32::try_from(w).ok()?,
        i32::try_from(stride).ok()?,
        offset as i32,
    );
    Some(region.canonical())
}

/// One region-to-region copy of a shuffle lowering: `len` elements of operand `operand` read through `src`
/// and written to the result through `dst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub operand: usize,
    pub src: Region,
    pub dst: Region,
}

/// The lanes and elements of each operand, reused from mask to mask by [`split_moves`].
#[derive(Default)]
pub struct SplitScratch {
    lanes: [Vec<i64>; 2],
    elements: [Vec<i64>; 2],
}

/// Cuts a mask into `moves` (cleared first). `mask[lane]` is `Some((operand, element))` for a defined lane;
/// undefined lanes are not written, and with `in_place = Some(op)` neither are the lanes that read their own
/// element of operand `op` (they are already in place). Every other lane is written by exactly one move
/// (destination regions are disjoint and increasing). `None` only when some lane cannot even be one element
/// (an offset beyond `i16`). `scratch` holds buffers reused from call to call.
pub fn split_moves(
    elem_bytes: u32,
    mask: &[Option<(usize, i64)>],
    operand_len: u32,
    in_place: Option<usize>,
    scratch: &mut SplitScratch,
    moves: &mut Vec<Move>,
) -> Option<()> {
    moves.clear();
    let result_len = u32::try_from(mask.len()).ok()?;
    let SplitScratch { lanes: all_lanes, elements: all_elements } = scratch;
    for list in all_lanes.iter_mut().chain(all_elements.iter_mut()) {
        list.clear();
    }
    // One pass over the mask sorts the lanes by operand (operands other than 0 and 1 are not read).
    for (lane, entry) in mask.iter().enumerate() {
        if let Some((op, element)) = *entry {
            if op < 2 && !(in_place == Some(op) && element == lane as i64) {
                all_lanes[op].push(lane as i64);
                all_elements[op].push(element);
            }
        }
    }
    for (operand, (lanes, elements)) in all_lanes.iter().zip(all_elements.iter()).enumerate() {
        let mut start = 0;
        while start < lanes.len() {
            let (l, src, dst) =
                longest_prefix(elem_bytes, &lanes[start..], &elements[start..], result_len, operand_len)?;
            moves.push(Move { operand, src, dst });
            start += l;
        }
    }
    Some(())
}

/// [`fit_exact`] of `list[..l]`, whose longest progression prefix is `progression` long: in closed form
/// when `list[..l]` is a progression (one row, or a splat when all its elements are equal).
fn fit_prefix(elem_bytes: u32, list: &[i64], l: usize, progression: usize, len: u32) -> Option<Region> {
    if l > progression {
        return fit_exact(elem_bytes, &list[..l], len);
    }
    let first = list[0];
    let step = if l > 1 { list[1] - first } else { 0 };
    let last = first + (l as i64 - 1) * step;
    if first.min(last) < 0 || first.max(last) >= len as i64 {
        return None;
    }
    if step == 0 {
        build(elem_bytes, l, 1, 0, 0, first, len)
    } else {
        build(elem_bytes, l, l, step, 0, first, len)
    }
}

/// The length of the longest prefix of `list` that is an arithmetic progression (all of a list of two).
fn progression_len(list: &[i64]) -> usize {
    if list.len() < 2 {
        return list.len();
    }
    let step = list[1] - list[0];
    2 + list.windows(2).skip(1).take_while(|pair| pair[1] - pair[0] == step).count()
}

/// The lengths `l` for which `list[..l]` can be a region, when its longest progression prefix is `p` long
/// (`p < list.len()`): a list that is no progression is a region only with rows of width `p` (its steps
/// repeat with period `p`: `p - 1` times the stride, then the step to the next row), so `l` must be a
/// multiple of `p` no longer than the longest prefix whose steps have that period. Returns that length.
fn periodic_len(list: &[i64], p: usize) -> usize {
    let (stride, row_step) = (list[1] - list[0], list[p] - list[p - 1]);
    let steps = list.windows(2).enumerate().take_while(|&(i, pair)| {
        let step = if i % p == p - 1 { row_step } else { stride };
        pair[1] - pair[0] == step
    });
    1 + steps.count()
}

/// The longest prefix of `lanes`/`elements` that is a region on both sides, with its two regions.
///
/// It is the longest `l` (of those at most [`MAX_2D_SEARCH`] long, or the whole) for which both sides
/// fit, or else the longest prefix that is a progression on both sides. A side whose progression prefix is
/// shorter than `l` can only fit as rows of exactly that width ([`periodic_len`]), so only the lengths
/// passing that test are fitted (the fit itself decides, so the answer is that of trying every length).
fn longest_prefix(
    elem_bytes: u32,
    lanes: &[i64],
    elements: &[i64],
    result_len: u32,
    operand_len: u32,
) -> Option<(usize, Region, Region)> {
    let remaining = lanes.len();
    // Longest prefix that is an arithmetic progression on both sides (1D on both): a lower bound.
    let (lanes_1d, elements_1d) = (progression_len(lanes), progression_len(elements));
    let both = |l: usize| {
        let dst = fit_prefix(elem_bytes, lanes, l, lanes_1d, result_len)?;
        let src = fit_prefix(elem_bytes, elements, l, elements_1d, operand_len)?;
        Some((l, src, dst))
    };
    let one_d = lanes_1d.min(elements_1d).max(1);
    if one_d == remaining {
        return both(one_d);
    }
    // How far each side may fit: a progression prefix as one row, beyond it only as rows of its width.
    let reach = |list: &[i64], p: usize| if p == list.len() { p } else { periodic_len(list, p) };
    let (lanes_reach, elements_reach) = (reach(lanes, lanes_1d), reach(elements, elements_1d));
    let side_may_fit = |l: usize, p: usize| l <= p || l.is_multiple_of(p);
    ((one_d + 1)..=remaining.min(lanes_reach).min(elements_reach))
        .rev()
        .filter(|&l| l == remaining || l <= MAX_2D_SEARCH)
        .filter(|&l| side_may_fit(l, lanes_1d) && side_may_fit(l, elements_1d))
        .find_map(both)
        .or_else(|| both(one_d))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defined(list: &[i64]) -> Vec<Option<(usize, i64)>> {
        list.iter().map(|&p| if p < 0 { None } else { Some((0, p)) }).collect()
    }

    fn split(elem_bytes: u32, mask: &[Option<(usize, i64)>], operand_len: u32) -> Option<Vec<Move>> {
        let mut moves = Vec::new();
        split_moves(elem_bytes, mask, operand_len, None, &mut SplitScratch::default(), &mut moves)?;
        Some(moves)
    }

    #[test]
    fn exact_1d_2d_and_negative() {
        assert_eq!(fit_exact(4, &[2, 4, 6, 8], 16), Some(Region::new(4, 4, 0, 4, 2, 8)));
        assert_eq!(fit_exact(4, &[7, 6, 5, 4, 3, 2, 1, 0], 8), Some(Region::new(4, 8, 0, 8, -1, 28)));
        // Transpose of a 4x4: <1;4,4>.
        let transpose = [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15];
        assert_eq!(fit_exact(2, &transpose, 16), Some(Region::new(2, 16, 1, 4, 4, 0)));
        assert_eq!(fit_exact(4, &[0, 1, 3], 4), None);
    }

    #[test]
    fn splat_is_canonical() {
        assert_eq!(fit_with_holes(4, &defined(&[3, 3, -1, 3]), 8), Some(Region::new(4, 4, 0, 1, 0, 12)));
    }

    #[test]
    fn holes_are_free_but_in_range() {
        // Lane 2 undefined: still the contiguous region from 0.
        assert_eq!(fit_with_holes(4, &defined(&[0, 1, -1, 3]), 4), Some(Region::new(4, 4, 0, 4, 1, 0)));
        // A reversal 1, 0 continued into the hole would read element -1: no region.
        assert_eq!(fit_with_holes(4, &defined(&[1, 0, -1]), 2), None);
        // 2D with the stride forced by row 1 only.
        assert_eq!(fit_with_holes(4, &defined(&[0, -1, 8, 9]), 16), Some(Region::new(4, 4, 8, 2, 1, 0)));
    }

    #[test]
    fn free_stride_rows() {
        // One defined lane per row of width 2: the stride is free (1 is tried first), the vstride forced.
        assert_eq!(fit_with_holes(4, &defined(&[4, -1, -1, 9]), 16), Some(Region::new(4, 4, 4, 2, 1, 16)));
    }

    #[test]
    fn offset_must_fit_i16() {
        assert_eq!(fit_exact(8, &[5000], 6000), None);
        assert!(fit_exact(8, &[4000], 6000).is_some());
    }

    #[test]
    fn interleave_is_two_moves() {
        let mask: Vec<Option<(usize, i64)>> = (0..8).map(|lane| Some((lane % 2, (lane / 2) as i64))).collect();
        let moves = split(4, &mask, 4).unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].dst, Region::new(4, 4, 0, 4, 2, 0));
        assert_eq!(moves[1].dst, Region::new(4, 4, 0, 4, 2, 4));
        assert_eq!(moves[0].src, Region::new(4, 4, 0, 4, 1, 0));
    }

    /// [`longest_prefix`] as first written: every length fitted, longest first (the oracle of the test below).
    fn longest_prefix_by_trying_all(
        elem_bytes: u32,
        lanes: &[i64],
        elements: &[i64],
        result_len: u32,
        operand_len: u32,
    ) -> Option<(usize, Region, Region)> {
        let both = |l: usize| {
            let dst = fit_exact(elem_bytes, &lanes[..l], result_len)?;
            let src = fit_exact(elem_bytes, &elements[..l], operand_len)?;
            Some((l, src, dst))
        };
        let progression = |list: &[i64], l: usize| l < 2 || list[l - 1] - list[l - 2] == list[1] - list[0];
        let mut one_d = 1;
        while one_d < lanes.len() && progression(lanes, one_d + 1) && progression(elements, one_d + 1) {
            one_d += 1;
        }
        let remaining = lanes.len();
        ((one_d + 1)..=remaining)
            .rev()
            .filter(|&l| l == remaining || l <= MAX_2D_SEARCH)
            .find_map(both)
            .or_else(|| both(one_d))
    }

    /// A small deterministic generator (no dependency): xorshift64.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    #[test]
    fn prefix_search_agrees_with_trying_every_length() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for case in 0..20_000 {
            let len = 1 + rng.below(if case % 10 == 0 { 80 } else { 24 }) as usize;
            // Some operands long enough for offsets beyond an i16.
            let operand_len = if case % 7 == 0 { 4000 + rng.below(2000) as i64 } else { 1 + rng.below(40) as i64 };
            // Lists with structure (2D regions, repeats, reversals) as well as noise.
            let (w, stride, vstride) = (1 + rng.below(6) as i64, rng.below(5) as i64 - 2, rng.below(9) as i64 - 2);
            let p0 = rng.below(operand_len as u64) as i64;
            let noise = rng.below(4);
            let element = |i: i64, rng: &mut Rng| {
                if rng.below(8) < noise {
                    rng.below(operand_len as u64) as i64
                } else {
                    (p0 + (i / w) * vstride + (i % w) * stride).rem_euclid(operand_len)
                }
            };
            let mut lanes: Vec<i64> = Vec::new();
            let mut elements: Vec<i64> = Vec::new();
            let mut lane = 0;
            for i in 0..len as i64 {
                lane += 1 + (rng.below(6) == 0) as i64 * rng.below(3) as i64;
                lanes.push(lane);
                elements.push(element(i, &mut rng));
            }
            let result_len = lane as u32 + 1;
            let eb = [1, 2, 4, 8][rng.below(4) as usize];
            for start in 0..len {
                assert_eq!(
                    longest_prefix(eb, &lanes[start..], &elements[start..], result_len, operand_len as u32),
                    longest_prefix_by_trying_all(eb, &lanes[start..], &elements[start..], result_len, operand_len as u32),
                    "lanes {lanes:?} elements {elements:?} from {start}"
                );
            }
        }
    }

    #[test]
    fn in_place_lanes_are_left_out() {
        // Operand 0 in place at lanes 0, 1 and 3: only lane 2 (from operand 1) and lane 4 need moves.
        let mask = [Some((0, 0)), Some((0, 1)), Some((1, 2)), Some((0, 3)), Some((0, 0))];
        let mut moves = Vec::new();
        split_moves(4, &mask, 5, Some(0), &mut SplitScratch::default(), &mut moves).unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].dst, Region::new(4, 1, 0, 1, 1, 16));
        assert_eq!(moves[1].dst, Region::new(4, 1, 0, 1, 1, 8));
    }

    #[test]
    fn irregular_mask_is_cut_into_regions() {
        // 0,1,2 then 7: two moves from operand 0; then operand 1's lane.
        let mask = [Some((0, 0)), Some((0, 1)), Some((0, 2)), Some((0, 7)), None, Some((1, 3))];
        let moves = split(2, &mask, 8).unwrap();
        // <0,1,2,7> from lanes 0..3 is not one region; the longest prefix is 0,1,2 (then 7 alone).
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[0].src, Region::new(2, 3, 0, 3, 1, 0));
        assert_eq!(moves[1].src, Region::new(2, 1, 0, 1, 1, 14));
        assert_eq!(moves[2].dst, Region::new(2, 1, 0, 1, 1, 10));
    }
}
