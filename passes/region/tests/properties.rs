//! Property tests of the region algebra over random valid regions, vectors and runtime index values.
//!
//! Every property runs 10,000 cases by default; `PROPTEST_CASES=n` overrides the count for all of them.
//!
//! | property | what is checked |
//! |---|---|
//! | `combine_reads_compose` (a) | reading `V` through `combine(O, I)` equals reading through `O` then `I`, for both [`combine`] and [`combine_by_rules`], direct and indirect operands with concrete random index values; the combined region is canonical and valid for `V`; its parent width, if any, holds whenever the operands' promises hold; the lowered index program agrees with [`IndexTransform::apply`]; for injective operands, writing through `I` then `O` equals writing through the combined region (with a random mask when `I` is masked) |
//! | `combine_refusals_are_justified` (c) | every refusal is the right one (see `check_combine_refusal`) |
//! | `splits_reassemble` (b) | split pieces' element lists concatenate to the region's list; pieces are canonical, valid, keep the mask flag and sound parent widths; refusals are justified |
//! | `retype_preserves_bytes` (d) | `change_element_type` reads the same byte sequence; refusals are justified |
//! | `canonical_preserves_elements` (e) | canonicalisation keeps the element list, validity and the parent-width promise, and is idempotent |
//! | `overlap_is_exact_or_unknown` | direct/direct and same-index overlap answers equal the byte-set truth; `may_overlap` is never false when bytes are shared |
//! | `no_panics_on_arbitrary_parameters` | every public function returns (no panic, no overflow trap in debug builds) on arbitrary, mostly malformed parameters and index values |
//!
//! **Refusal property (c), precisely.** For [`combine`], which is exact for a direct inner region:
//! 1. precondition refusals occur exactly when their precondition holds (outer multi-indirect, inner
//!    multi-indirect, outer masked, element sizes differ — in that order);
//! 2. for a direct inner region the only other refusal is `NotExpressible`, and an independent brute-force
//!    search over every width dividing `N` and every stride and vstride in `[-R, R]` (`R` = the largest
//!    distance from the first element, which bounds any stride that could work) finds no region with the
//!    composite element list;
//! 3. for an indirect inner region a refusal only happens when the outer region is 2D and the inner region
//!    is not a splat, and the named reason's condition really holds (no parent width; vstride not a multiple
//!    of the outer width; parent width not dividing the outer width).
//!
//! For [`combine_by_rules`] (the §2.1 rules alone), item 2 is replaced by the rules' promise, checked with an
//! independent classifier on the inner region's element positions in the outer result: a refusal never
//! happens when the outer region is 1D, when the inner region reads one element, or when the inner list is
//! (1D) inside one outer row, two equal halves on two adjacent rows with a positive stride, chunks of
//! `O.w / s` elements filling consecutive rows from the same column, or a stride of whole outer rows, or
//! (2D) rows that each lie inside one outer row and all start at the same column. These are exactly the
//! composites the rules promise to express; in particular an inner selection that stays in one outer column
//! (a 1D composite with stride `k·O.vs`, which IGC's rules refuse for `k > 1`) never gets refused.

use genx_region::*;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::FileFailurePersistence;

/// 10,000 cases unless `PROPTEST_CASES` says otherwise. A failing case is saved next to this file in
/// `properties.regressions` and replayed first on later runs; commit that file with the fix.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    ProptestConfig {
        cases,
        max_shrink_iters: 4096,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    }
}

// ---- generation ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Direct,
    Single,
    Multi,
}

fn kind(direct: u32, single: u32, multi: u32) -> impl Strategy<Value = Kind> {
    prop_oneof![direct => Just(Kind::Direct), single => Just(Kind::Single), multi => Just(Kind::Multi)]
}

fn elem_bytes() -> impl Strategy<Value = u32> {
    prop::sample::select(vec![1u32, 2, 4, 8])
}

/// Raw, unconstrained region parameters; [`place`] turns them into a valid region for a given vector.
#[derive(Clone, Debug)]
struct RawShape {
    n: u32,
    w_sel: Index,
    vs: i32,
    s: i32,
    /// 0..=9: 1-2 vstride a multiple of a hint, 5 `vs = w*s`, 6 width 1, 7 stride 0, 8 vstride 0, else as is.
    form: u8,
    base_sel: Index,
    const_part: i32,
    row_sels: Vec<Index>,
    pw_sel: Index,
    extra_rows: u32,
    first_sel: Index,
}

fn raw_shape(max_n: u32) -> impl Strategy<Value = RawShape> {
    (
        1..=max_n,
        any::<Index>(),
        -12i32..=24,
        -3i32..=6,
        0u8..10,
        any::<Index>(),
        -3i32..=3,
        prop::collection::vec(any::<Index>(), 1..=4),
        any::<Index>(),
        0u32..=2,
        any::<Index>(),
    )
        .prop_map(
            |(
                n,
                w_sel,
                vs,
                s,
                form,
                base_sel,
                const_part,
                row_sels,
                pw_sel,
                extra_rows,
                first_sel,
            )| RawShape {
                n,
                w_sel,
                vs,
                s,
                form,
                base_sel,
                const_part,
                row_sels,
                pw_sel,
                extra_rows,
                first_sel,
            },
        )
}

/// What the caller wants nudged: parent-width candidates and a vstride base (both to reach rare rules).
#[derive(Default)]
struct Hints {
    pw_candidates: Vec<u32>,
    vs_multiple_of: Option<u32>,
    /// Choose the width among the divisors of N other than 1 and N when there are any (more 2D regions).
    prefer_2d: bool,
}

/// A valid region together with concrete runtime index values that satisfy its promises.
#[derive(Clone, Debug)]
struct Placed {
    region: Region,
    indices: Vec<i64>,
}

fn divisors(n: u32) -> Vec<u32> {
    (1..=n).filter(|d| n % d == 0).collect()
}

fn rel_span(n: u32, w: u32, vs: i32, s: i32, multi: bool) -> (i64, i64) {
    let rel =
        |i: u32| (if multi { 0 } else { (i / w) as i64 * vs as i64 }) + (i % w) as i64 * s as i64;
    (0..n)
        .map(rel)
        .fold((i64::MAX, i64::MIN), |(lo, hi), p| (lo.min(p), hi.max(p)))
}

/// Builds a valid region of kind `kind` for a vector of `len` elements from `raw`, shrinking strides and sizes
/// until it fits, then choosing a start (and index values) among those that keep it inside the vector and
/// keep its parent-width promise.
fn place(raw: &RawShape, eb: u32, len: u32, kind: Kind, hints: &Hints) -> Placed {
    let multi = kind == Kind::Multi;
    let mut n = raw.n;
    let mut divs = divisors(n);
    if hints.prefer_2d && divs.len() > 2 {
        divs.retain(|&d| d != 1 && d != n);
    }
    let mut w = divs[raw.w_sel.index(divs.len())];
    let (mut vs, mut s) = (raw.vs, raw.s);
    match raw.form {
        1 | 2 => {
            if let Some(m) = hints.vs_multiple_of {
                vs = m as i32 * (raw.vs.rem_euclid(5) - 2);
            }
        }
        5 => vs = w as i32 * s,
        6 => w = 1,
        7 => s = 0,
        8 => vs = 0,
        _ => {}
    }
    loop {
        let (lo, hi) = rel_span(n, w, vs, s, multi);
        if hi - lo < len as i64 {
            break;
        }
        let rows = n / w;
        if rows > 1 && vs != 0 && !multi {
            vs /= 2;
        } else if w > 1 && s.abs() > 1 {
            s /= 2;
        } else if w > 1 {
            w /= 2;
            n = rows * w;
        } else {
            n = 1;
        }
    }
    let mut region = Region::new(eb, n, vs, w, s, 0);
    let (lo, hi) = rel_span(n, w, vs, s, multi);
    let bases: Vec<i64> = (-lo..=len as i64 - 1 - hi).collect();
    let mut pw_options: Vec<Option<u32>> = vec![None];
    pw_options.extend(hints.pw_candidates.iter().map(|&p| Some(p)));
    let pw = pw_options[raw.pw_sel.index(pw_options.len())];
    match kind {
        Kind::Direct => {
            let b = bases[raw.base_sel.index(bases.len())];
            region.offset = (b * eb as i64) as i32;
            region.parent_width = pw; // ignored for direct regions
            Placed {
                region,
                indices: vec![],
            }
        }
        Kind::Single => {
            region.indirect = Indirect::Single;
            let rel = region.relative_elements();
            let keeps = |b: i64, p: u32| {
                rel.chunks(w as usize).all(|row| {
                    row.iter()
                        .all(|&e| (b + e).div_euclid(p as i64) == (b + row[0]).div_euclid(p as i64))
                })
            };
            let mut ok: Vec<i64> = bases
                .iter()
                .copied()
                .filter(|&b| pw.map_or(true, |p| keeps(b, p)))
                .collect();
            region.parent_width = pw;
            if ok.is_empty() {
                region.parent_width = None;
                ok = bases.clone();
            }
            let b = ok[raw.base_sel.index(ok.len())];
            let k = (raw.const_part as i64).min(b);
            region.offset = (k * eb as i64) as i32;
            Placed {
                region,
                indices: vec![(b - k) * eb as i64],
            }
        }
        Kind::Multi => {
            let h = n / w;
            let total = h + raw.extra_rows;
            let first = raw.first_sel.index(raw.extra_rows as usize + 1) as u32;
            region.indirect = Indirect::Multi { rows: total, first };
            let row_bases: Vec<i64> = (0..h as usize)
                .map(|r| {
                    let sel = raw.row_sels[r % raw.row_sels.len()].index(bases.len() * (r + 1))
                        % bases.len();
                    bases[sel]
                })
                .collect();
            let k = (raw.const_part as i64).min(*row_bases.iter().min().unwrap());
            region.offset = (k * eb as i64) as i32;
            let mut indices = vec![0i64; total as usize];
            for (r, b) in row_bases.iter().enumerate() {
                indices[first as usize + r] = (b - k) * eb as i64;
            }
            Placed { region, indices }
        }
    }
}

// ---- independent oracles ------------------------------------------------------------------------------------

/// Brute force: does any region (width dividing N, stride and vstride in [-R, R]) have exactly this list?
fn brute_expressible(list: &[i64]) -> bool {
    let n = list.len();
    let r = list.iter().map(|&p| (p - list[0]).abs()).max().unwrap_or(0);
    for w in (1..=n).filter(|w| n % w == 0) {
        for s in -r..=r {
            if w == 1 && s != 0 {
                continue; // stride is irrelevant with one element per row
            }
            for vs in -r..=r {
                if n == w && vs != 0 {
                    continue; // vstride is irrelevant with one row
                }
                if (0..n).all(|i| list[i] == list[0] + (i / w) as i64 * vs + (i % w) as i64 * s) {
                    return true;
                }
            }
        }
    }
    false
}

fn byte_list(elements: &[i64], eb: u32) -> Vec<i64> {
    let eb = eb as i64;
    elements
        .iter()
        .flat_map(|&e| (0..eb).map(move |j| e * eb + j))
        .collect()
}

fn mask_bits(seed: u64, n: u32) -> Vec<bool> {
    (0..n).map(|i| seed.rotate_left(i) & 1 == 1).collect()
}

// ---- combine ------------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct CombineCase {
    outer: Placed,
    inner: Placed,
    /// Length of the original vector.
    len: u32,
    mask_seed: u64,
}

fn combine_case() -> impl Strategy<Value = CombineCase> {
    (
        elem_bytes(),
        raw_shape(32),
        kind(11, 8, 1),
        raw_shape(24),
        kind(11, 8, 1),
        0u32..=3,
        0u32..64,
        any::<u64>(),
    )
        .prop_map(
            |(eb, raw_o, kind_o, raw_i, kind_i, slack, flags, mask_seed)| {
                let ow_hint = |r: &Region| r.canonical().width;
                let o_hints = Hints {
                    pw_candidates: vec![4, 8, 16, 32],
                    vs_multiple_of: None,
                    prefer_2d: flags % 2 == 0,
                };
                let mut outer = place(&raw_o, eb, 64, kind_o, &o_hints);
                let ow = ow_hint(&outer.region);
                let mut pw_candidates = divisors(ow);
                pw_candidates.extend([2, 3, 4, 8]);
                let i_hints = Hints {
                    pw_candidates,
                    vs_multiple_of: Some(ow),
                    prefer_2d: false,
                };
                let mut inner = place(&raw_i, eb, outer.region.num_elements, kind_i, &i_hints);
                if flags % 16 == 0 {
                    outer.region.masked = true;
                }
                if flags % 4 == 1 {
                    inner.region.masked = true;
                }
                if flags == 63 {
                    inner.region.elem_bytes = if eb == 4 { 2 } else { 4 };
                    inner.region.offset = 0;
                    inner.indices.iter_mut().for_each(|i| *i = 0);
                }
                let max = outer
                    .region
                    .elements(&outer.indices)
                    .unwrap()
                    .into_iter()
                    .max()
                    .unwrap();
                CombineCase {
                    outer,
                    inner,
                    len: max as u32 + 1 + slack,
                    mask_seed,
                }
            },
        )
}

fn check_combine_reads(case: &CombineCase, exact: bool) -> Result<(), TestCaseError> {
    let (o, i) = (&case.outer, &case.inner);
    let result = if exact {
        combine(&o.region, &i.region)
    } else {
        combine_by_rules(&o.region, &i.region)
    };
    let c = match result {
        Ok(c) => c,
        Err(_) => return Ok(()),
    };
    let v: Vec<i64> = (0..case.len as i64).map(|k| 1_000 + k).collect();
    let x = o.region.read(&v, &o.indices).unwrap();
    let y = i.region.read(&x, &i.indices).unwrap();
    prop_assert!(c.region.is_canonical(), "not canonical: {}", c.region);
    let ci = c.index_values(&i.indices, &o.indices);
    // Valid for V, including the parent-width promise (soundness of the derived parent width).
    prop_assert_eq!(
        c.region.validate_at(case.len, &ci),
        Ok(()),
        "combined {} invalid",
        c.region
    );
    prop_assert_eq!(
        c.region.read(&v, &ci).unwrap(),
        y.clone(),
        "combined {} via {:?}",
        c.region,
        c.rule
    );
    prop_assert_eq!(c.region.masked, i.region.masked);
    if let CombinedIndex::Computed(t) = &c.index {
        let (ii, oi) = (i.indices[0], o.indices.first().copied().unwrap_or(0));
        prop_assert_eq!(
            t.lower().eval(ii, oi),
            t.apply(ii, oi),
            "program {}",
            t.lower()
        );
    }
    // Writes compose the same way when both regions are legal write destinations.
    let x_len = o.region.num_elements;
    if o.region.validate_write(case.len, &o.indices).is_ok()
        && i.region.validate_write(x_len, &i.indices).is_ok()
    {
        let new: Vec<i64> = (0..i.region.num_elements as i64).map(|k| -1 - k).collect();
        let mask = i
            .region
            .masked
            .then(|| mask_bits(case.mask_seed, i.region.num_elements));
        let x2 = i
            .region
            .write(&x, &new, mask.as_deref(), &i.indices)
            .unwrap();
        let two_steps = o.region.write(&v, &x2, None, &o.indices).unwrap();
        let one_step = c.region.write(&v, &new, mask.as_deref(), &ci).unwrap();
        prop_assert_eq!(one_step, two_steps, "write through {}", c.region);
    }
    Ok(())
}

/// Element positions (in the outer result) of a direct inner region, and their outer rows/columns.
struct InnerLayout {
    xs: Vec<i64>,
    ow: i64,
}

impl InnerLayout {
    fn row(&self, k: usize) -> i64 {
        self.xs[k].div_euclid(self.ow)
    }
    fn col(&self, k: usize) -> i64 {
        self.xs[k].rem_euclid(self.ow)
    }
    fn same_row(&self, ks: std::ops::Range<usize>) -> bool {
        let first = self.row(ks.start);
        ks.clone().all(|k| self.row(k) == first)
    }
}

/// The §2.1 rules' promise for a direct inner region read from a 2D outer region (see the module docs).
fn rules_promise_accept(oc: &Region, ic: &Region, xs: Vec<i64>) -> bool {
    let n = xs.len();
    let l = InnerLayout {
        xs,
        ow: oc.width as i64,
    };
    if l.xs.iter().all(|&x| x == l.xs[0]) {
        return true; // reads one element
    }
    if ic.width == ic.num_elements {
        let s = ic.stride as i64;
        if l.same_row(0..n) {
            return true;
        }
        if n % 2 == 0
            && s > 0
            && l.same_row(0..n / 2)
            && l.same_row(n / 2..n)
            && l.row(n / 2) == l.row(0) + 1
        {
            return true;
        }
        if s > 0 && l.ow % s == 0 {
            let m = (l.ow / s) as usize;
            if n % m == 0
                && (0..n / m).all(|j| {
                    l.same_row(j * m..(j + 1) * m)
                        && l.col(j * m) == l.col(0)
                        && l.row(j * m) == l.row(0) + j as i64
                })
            {
                return true;
            }
        }
        if (0..n).all(|k| l.col(k) == l.col(0))
            && (1..n).all(|k| l.row(k) - l.row(k - 1) == l.row(1) - l.row(0))
        {
            return true;
        }
        return false;
    }
    let w = ic.width as usize;
    let rows = n / w;
    (0..rows).all(|r| l.same_row(r * w..(r + 1) * w) && l.col(r * w) == l.col(0))
}

fn check_combine_refusal(case: &CombineCase, exact: bool) -> Result<(), TestCaseError> {
    let (o, i) = (&case.outer.region, &case.inner.region);
    let result = if exact {
        combine(o, i)
    } else {
        combine_by_rules(o, i)
    };
    let refusal = match result {
        Ok(_) => return Ok(()),
        Err(r) => r,
    };
    // 1. Preconditions, in order.
    let expected = if o.is_multi_indirect() {
        Some(Refusal::OuterMultiIndirect)
    } else if i.is_multi_indirect() {
        Some(Refusal::InnerMultiIndirect)
    } else if o.masked {
        Some(Refusal::OuterMasked)
    } else if o.elem_bytes != i.elem_bytes {
        Some(Refusal::ElementSizeMismatch {
            outer: o.elem_bytes,
            inner: i.elem_bytes,
        })
    } else {
        None
    };
    if let Some(expected) = expected {
        prop_assert_eq!(refusal, expected);
        return Ok(());
    }
    let (oc, ic) = (o.canonical(), i.canonical());
    prop_assert!(
        oc.is_2d(),
        "refused {} with a 1D outer region {}",
        refusal,
        oc
    );
    prop_assert!(
        !ic.is_splat(),
        "refused {} for a splat inner region {}",
        refusal,
        ic
    );
    if !i.indirect.is_indirect() {
        // 2. Direct inner region.
        let xs = i.elements(&[]).unwrap();
        let vs = o.elements(&case.outer.indices).unwrap();
        let composite: Vec<i64> = xs.iter().map(|&x| vs[x as usize]).collect();
        if exact {
            prop_assert_eq!(&refusal, &Refusal::NotExpressible);
            prop_assert!(refusal.claims_inexpressible());
            prop_assert!(
                !brute_expressible(&composite),
                "claimed inexpressible but is: {:?}",
                composite
            );
        } else {
            let rule_refusal = matches!(
                refusal,
                Refusal::InnerStraddlesOuterRows
                    | Refusal::InnerRowStraddlesOuterRows
                    | Refusal::InnerVStrideNotWholeOuterRows { .. }
            );
            prop_assert!(rule_refusal, "unexpected refusal {}", refusal);
            prop_assert!(
                !rules_promise_accept(&oc, &ic, xs),
                "rules refused a promised shape: {}",
                refusal
            );
        }
        return Ok(());
    }
    // 3. Indirect inner region: the named condition holds.
    prop_assert!(!refusal.claims_inexpressible());
    match refusal {
        Refusal::IndirectNeedsParentWidth => prop_assert!(ic.parent_width.is_none()),
        Refusal::InnerVStrideNotWholeOuterRows {
            inner_vstride,
            outer_width,
        } => {
            prop_assert_eq!((inner_vstride, outer_width), (ic.vstride, oc.width));
            prop_assert!(ic.vstride % oc.width as i32 != 0);
        }
        Refusal::ParentWidthNotDividingOuterWidth {
            parent_width,
            outer_width,
        } => {
            prop_assert_eq!(
                (Some(parent_width), outer_width),
                (ic.parent_width, oc.width)
            );
            prop_assert!(oc.width % parent_width != 0);
        }
        other => prop_assert!(
            false,
            "unexpected refusal for an indirect inner region: {}",
            other
        ),
    }
    Ok(())
}

// ---- split --------------------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct SplitCase {
    placed: Placed,
    sizes: Vec<u32>,
}

fn split_case() -> impl Strategy<Value = SplitCase> {
    (
        elem_bytes(),
        raw_shape(32),
        kind(5, 4, 2),
        0u8..3,
        prop::collection::vec(1u32..=16, 1..=8),
        any::<bool>(),
    )
        .prop_map(|(eb, raw, kind, mode, cuts, masked)| {
            let hints = Hints {
                pw_candidates: vec![2, 4, 8, 16],
                vs_multiple_of: None,
                prefer_2d: mode == 2,
            };
            let mut placed = place(&raw, eb, 64, kind, &hints);
            placed.region.masked = masked;
            let r = placed.region.canonical();
            let mut sizes = Vec::new();
            let mut rem = r.num_elements;
            let mut k = 0;
            while rem > 0 {
                let cut = cuts[k % cuts.len()];
                let size = match mode {
                    0 => 1u32 << (cut % 6),       // legalization-like powers of two
                    1 => cut,                     // anything
                    _ => r.width * (cut % 3 + 1), // whole rows
                };
                let size = size.min(rem);
                sizes.push(size);
                rem -= size;
                k += 1;
            }
            SplitCase { placed, sizes }
        })
}

// ---- properties ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    /// (a) Reading through combine(O, I) equals reading through O then I (and writes compose likewise).
    #[test]
    fn combine_reads_compose(case in combine_case()) {
        check_combine_reads(&case, true)?;
        check_combine_reads(&case, false)?;
        // The exact combine accepts everything the rules accept.
        if combine_by_rules(&case.outer.region, &case.inner.region).is_ok() {
            prop_assert!(combine(&case.outer.region, &case.inner.region).is_ok());
        }
    }

    /// (c) Refusals are justified; claims of inexpressibility are verified by brute force.
    #[test]
    fn combine_refusals_are_justified(case in combine_case()) {
        check_combine_refusal(&case, true)?;
        check_combine_refusal(&case, false)?;
    }

    /// (b) Splits reassemble exactly; refusals are justified.
    #[test]
    fn splits_reassemble(case in split_case()) {
        let p = &case.placed;
        let original = p.region.elements(&p.indices).unwrap();
        let r = p.region.canonical();
        let mut start = 0u32;
        let mut concatenated = Vec::new();
        let mut all_ok = true;
        for &size in &case.sizes {
            let (w, c0) = (r.width, start % r.width);
            let promised = (c0 == 0 && size % w == 0)
                || c0 + size <= w
                || (!r.is_multi_indirect() && size % 2 == 0 && c0 + size / 2 == w);
            let piece_list = original[start as usize..(start + size) as usize].to_vec();
            match p.region.subregion(start, size) {
                Ok(piece) => {
                    prop_assert!(piece.is_canonical());
                    prop_assert_eq!(piece.masked, p.region.masked);
                    prop_assert_eq!(piece.validate_at(64, &p.indices), Ok(()), "piece {} of {}", piece, p.region);
                    let els = piece.elements(&p.indices).unwrap();
                    prop_assert_eq!(&els, &piece_list, "piece {} at {} of {}", piece, start, p.region);
                    concatenated.extend(els);
                }
                Err(refusal) => {
                    all_ok = false;
                    prop_assert!(!promised, "refused a promised piece {}+{} of {}: {}", start, size, r, refusal);
                    match refusal {
                        Refusal::SubregionNotExpressible { .. } => {
                            prop_assert!(!r.is_multi_indirect());
                            prop_assert!(!brute_expressible(&piece_list), "claimed inexpressible: {:?}", piece_list);
                        }
                        Refusal::MultiIndirectSubregionStraddlesRow { .. } => prop_assert!(r.is_multi_indirect()),
                        other => prop_assert!(false, "unexpected refusal {}", other),
                    }
                    concatenated.extend(piece_list);
                }
            }
            start += size;
        }
        prop_assert_eq!(concatenated, original);
        let whole = p.region.split(&case.sizes);
        prop_assert_eq!(whole.is_ok(), all_ok);
    }

    /// (d) Changing the element type preserves the bytes read, in order; refusals are justified.
    #[test]
    fn retype_preserves_bytes(
        eb in elem_bytes(),
        new_eb in elem_bytes(),
        raw in raw_shape(32),
        kind in kind(8, 1, 1),
        masked in prop::bool::weighted(0.1),
    ) {
        let mut p = place(&raw, eb, 64, kind, &Hints::default());
        p.region.masked = masked;
        let r = p.region;
        let bytes = byte_list(&r.elements(&p.indices).unwrap(), eb);
        match r.change_element_type(new_eb) {
            Ok(t) => {
                prop_assert!(t.is_canonical());
                prop_assert_eq!(t.elem_bytes, new_eb);
                prop_assert_eq!(byte_list(&t.direct_elements().unwrap(), new_eb), bytes, "{} as {}", r, t);
                if (64 * eb) % new_eb == 0 {
                    prop_assert_eq!(t.validate(64 * eb / new_eb), Ok(()));
                }
            }
            Err(refusal) => {
                let rc = r.canonical();
                // The closed-form rules' promise.
                let k_big = new_eb / eb;
                let k_small = eb / new_eb;
                let aligned = rc.offset % new_eb as i32 == 0 && (rc.num_elements * eb) % new_eb == 0;
                let promised = !r.indirect.is_indirect() && !r.masked && (new_eb == eb || (aligned && if new_eb > eb {
                    rc.stride == 1 && rc.width % k_big == 0 && rc.vstride % k_big as i32 == 0
                } else {
                    k_small > 0 && (rc.stride == 1 || rc.width == 1 || !rc.is_2d())
                }));
                prop_assert!(!promised, "refused a promised retype of {} to {}: {}", r, new_eb, refusal);
                let n = new_eb as usize;
                match refusal {
                    Refusal::RetypeIndirect => prop_assert!(r.indirect.is_indirect()),
                    Refusal::RetypeMasked => prop_assert!(r.masked && !r.indirect.is_indirect()),
                    Refusal::RetypeSizeNotMultiple { .. } => prop_assert!(bytes.len() % n != 0),
                    Refusal::RetypeMisalignedOffset { .. } => prop_assert!(bytes[0] % new_eb as i64 != 0),
                    Refusal::RetypeSplitsNewElement => {
                        prop_assert!(new_eb > eb);
                        let split = bytes.chunks(n).any(|g| g[0] % new_eb as i64 != 0 || g.iter().enumerate().any(|(j, &b)| b != g[0] + j as i64));
                        prop_assert!(split, "bytes regroup fine: {:?}", bytes);
                    }
                    Refusal::RetypeNotExpressible => {
                        let list: Vec<i64> = bytes.chunks(n).map(|g| g[0] / new_eb as i64).collect();
                        prop_assert!(!brute_expressible(&list), "claimed inexpressible: {:?}", list);
                    }
                    other => prop_assert!(false, "unexpected refusal {}", other),
                }
            }
        }
    }

    /// (e) Canonicalisation never changes the element list (nor validity or the parent-width promise).
    #[test]
    fn canonical_preserves_elements(eb in elem_bytes(), raw in raw_shape(32), kind in kind(4, 4, 2)) {
        let hints = Hints { pw_candidates: vec![1, 2, 4, 8, 16], vs_multiple_of: Some(4), prefer_2d: false };
        let p = place(&raw, eb, 64, kind, &hints);
        prop_assert_eq!(p.region.validate_at(64, &p.indices), Ok(()));
        let c = p.region.canonical();
        prop_assert_eq!(c.elements(&p.indices).unwrap(), p.region.elements(&p.indices).unwrap(), "{} -> {}", p.region, c);
        prop_assert_eq!(c.canonical(), c);
        prop_assert_eq!(c.validate_at(64, &p.indices), Ok(()));
    }

    /// Overlap: exact for direct pairs and same-index single-indirect pairs, never wrongly disjoint.
    #[test]
    fn overlap_is_exact_or_unknown(
        eb_a in elem_bytes(),
        eb_b in elem_bytes(),
        raw_a in raw_shape(16),
        raw_b in raw_shape(16),
        kind_a in kind(3, 2, 1),
        kind_b in kind(3, 2, 1),
        same in any::<bool>(),
        shift in 0i64..4,
    ) {
        let a = place(&raw_a, eb_a, 64 / eb_a, kind_a, &Hints::default());
        let b = place(&raw_b, eb_b, 64 / eb_b, kind_b, &Hints::default());
        let relation = if same { IndexRelation::SameIndex } else { IndexRelation::Unrelated };
        let answer = overlap(&a.region, &b.region, relation).unwrap();
        let shares = |ia: &[i64], ib: &[i64]| {
            let ba = byte_list(&a.region.elements(ia).unwrap(), eb_a);
            let bb = byte_list(&b.region.elements(ib).unwrap(), eb_b);
            ba.iter().any(|x| bb.contains(x))
        };
        let both_single_same = same && kind_a == Kind::Single && kind_b == Kind::Single;
        if !both_single_same {
            // Index values unrelated: the truth for these particular values must not contradict the answer.
            let truth = shares(&a.indices, &b.indices);
            prop_assert!(truth <= may_overlap(&a.region, &b.region, relation));
        }
        match (kind_a, kind_b) {
            (Kind::Direct, Kind::Direct) => {
                let truth = shares(&a.indices, &b.indices);
                prop_assert_eq!(answer, if truth { Overlap::Overlapping } else { Overlap::Disjoint });
            }
            (Kind::Single, Kind::Single) if same => {
                // Both at the same (8-byte aligned) index value: the answer must hold for each.
                for t in [0, 8 * shift, 64 + 8 * shift] {
                    let expected = if shares(&[t], &[t]) { Overlap::Overlapping } else { Overlap::Disjoint };
                    prop_assert_eq!(answer, expected);
                }
            }
            _ => prop_assert_eq!(answer, Overlap::Unknown),
        }
    }
}

// ---- robustness: arbitrary (mostly malformed) parameters ----------------------------------------------------

fn arbitrary_region() -> impl Strategy<Value = Region> {
    let indirect = prop_oneof![
        Just(Indirect::None),
        Just(Indirect::Single),
        (0u32..6, 0u32..6).prop_map(|(rows, first)| Indirect::Multi { rows, first }),
    ];
    let int = prop_oneof![-40i32..=40, any::<i32>()];
    (
        0u32..=9,
        0u32..=40,
        0u32..=50,
        int.clone(),
        int.clone(),
        int,
        indirect,
        prop::option::of(0u32..=70),
        any::<bool>(),
    )
        .prop_map(
            |(
                elem_bytes,
                num_elements,
                width,
                vstride,
                stride,
                offset,
                indirect,
                parent_width,
                masked,
            )| {
                Region {
                    elem_bytes,
                    num_elements,
                    width,
                    vstride,
                    stride,
                    offset,
                    indirect,
                    parent_width,
                    masked,
                }
            },
        )
}

proptest! {
    #![proptest_config(config())]

    /// Architecture invariant: no public function panics, whatever the parameters.
    #[test]
    fn no_panics_on_arbitrary_parameters(
        a in arbitrary_region(),
        b in arbitrary_region(),
        indices in prop::collection::vec(prop_oneof![-100i64..=100, any::<i64>()], 0..6),
        len in 0u32..=64,
        start in prop_oneof![0u32..=40, any::<u32>()],
        size in prop_oneof![0u32..=40, any::<u32>()],
        sizes in prop::collection::vec(0u32..=20, 0..5),
        new_eb in 0u32..=9,
        same in any::<bool>(),
    ) {
        let relation = if same { IndexRelation::SameIndex } else { IndexRelation::Unrelated };
        let _ = (a.check_shape(), a.elements(&indices), a.validate(len), a.validate_at(len, &indices));
        let _ = (a.validate_write(len, &indices), a.parent_width_holds(&indices), a.to_string());
        let _ = (a.canonical(), a.is_canonical(), a.is_2d(), a.is_splat(), a.is_contiguous(), a.is_replicating());
        let values: Vec<i64> = (0..len as i64).collect();
        let _ = (a.read(&values, &indices), a.write(&values, &values, None, &indices));
        let _ = (a.subregion(start, size), a.split(&sizes), a.change_element_type(new_eb));
        let _ = (normalize_element_types(&a, &b, same), overlap(&a, &b, relation), may_overlap(&a, &b, relation));
        let _ = (a.is_identity(len), a.covers_whole_vector(len), a.is_whole(len as u64 * 4), a.same_access(&b));
        let _ = combine_by_rules(&a, &b);
        if let Ok(c) = combine(&a, &b) {
            let _ = c.region.elements(&c.index_values(&indices, &indices));
            if let CombinedIndex::Computed(t) = c.index {
                let (x, y) = (indices.first().copied().unwrap_or(0), indices.last().copied().unwrap_or(0));
                prop_assert_eq!(t.lower().eval(x, y), t.apply(x, y));
            }
        }
        let _ = Region::from_elements(a.elem_bytes, &indices);
    }
}

// ---- sanity checks of the generators and oracles themselves ---------------------------------------------------

#[test]
fn brute_force_agrees_with_known_lists() {
    assert!(brute_expressible(&[8, 10, 12, 15, 17, 19, 22, 24, 26]));
    assert!(brute_expressible(&[5, 5, 5]));
    assert!(brute_expressible(&[9, 1]));
    assert!(!brute_expressible(&[0, 1, 3]));
    assert!(!brute_expressible(&[23, 28, 29]));
}

#[test]
fn generator_reaches_every_combine_rule() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = combine_case();
    let mut seen = std::collections::HashSet::new();
    let mut refusals = std::collections::HashSet::new();
    for _ in 0..20_000 {
        let case = strategy.new_tree(&mut runner).unwrap().current();
        match combine(&case.outer.region, &case.inner.region) {
            Ok(c) => {
                seen.insert(c.rule);
            }
            Err(r) => {
                refusals.insert(r.name());
            }
        }
        if let Err(r) = combine_by_rules(&case.outer.region, &case.inner.region) {
            refusals.insert(r.name());
        }
    }
    for rule in [
        CombineRule::OuterOneRow,
        CombineRule::InnerSplat,
        CombineRule::InnerIndirectRowsInOuterRows,
        CombineRule::InnerInOneOuterRow,
        CombineRule::InnerSplitAcrossTwoRows,
        CombineRule::InnerSameColumnEachRow,
        CombineRule::InnerStepsWholeRows,
        CombineRule::InnerRowsInOuterRows,
        CombineRule::ExactFit,
    ] {
        assert!(
            seen.contains(&rule),
            "the generator never produced {rule:?}; saw {seen:?}"
        );
    }
    for name in [
        "outer-multi-indirect",
        "inner-multi-indirect",
        "outer-masked",
        "element-size-mismatch",
        "indirect-needs-parent-width",
        "parent-width-not-dividing-outer-width",
        "inner-vstride-not-whole-outer-rows",
        "inner-straddles-outer-rows",
        "inner-row-straddles-outer-rows",
        "not-expressible",
    ] {
        assert!(
            refusals.contains(name),
            "the generator never produced refusal {name}; saw {refusals:?}"
        );
    }
}
