//! Combining two regions into one: `rdregion(rdregion(V, O), I)` → `rdregion(V, C)`.
//!
//! # What and why
//! CM code selects from selections all the time: `v.select<8,1>(8).select<4,2>(1)`, `m.row(2).select<4,1>(i)`,
//! `m.select<4,1,8,1>(0,0).format<short>()...`. Clang's CM code generation and GenXLowering turn each selection
//! into its own `rdregion` (or, for stores into a selection, a `wrregion` of a `wrregion` of an `rdregion`),
//! and GenXRegionCollapsing (docs/genx-ir.md §2.1) folds the chain into one region so that baling can put a single
//! region on one vISA operand. The same algebra serves both directions: for reads `Y = rd(rd(V, O), I)` and
//! for writes `wr(A, wr(rd(A, O), New, I), O)` the element map is the composition
//!
//! ```text
//!     C.src(i) = O.src(I.src(i))        for every i in 0..I.N
//! ```
//!
//! and [`combine`] returns a region `C` with exactly that map (for every valid vector and every runtime index
//! value the operands promise), or a [`Refusal`] naming why it cannot.
//!
//! # Algorithm
//! Preconditions (refusals in this order): both operands well formed; neither multi-indirect; outer not
//! masked; same element size; a direct inner region lies inside the outer region's `N` elements. Both
//! operands are then canonicalised (§1.4), which turns 2D-looking 1D regions into 1D ones.
//!
//! **Rules (docs/genx-ir.md §2.1, IGC's `combineRegions`).** Start from `C = I` with `C.stride = I.s·O.s`,
//! `C.vstride = I.vs·O.s`, and with `e = I.offset / EB`:
//! `C.offset = O.offset + EB·(O is 2D ? (e / O.w)·O.vs + (e % O.w)·O.s : e·O.s)`. Then, by case
//! (the [`CombineRule`] in the result says which fired):
//!
//! | case | condition | combined shape |
//! |---|---|---|
//! | [`OuterOneRow`](CombineRule::OuterOneRow) | `O` 1D (or a splat) | as above: `O` is linear |
//! | [`InnerSplat`](CombineRule::InnerSplat) | `I` reads one element | as above |
//! | [`InnerIndirectRowsInOuterRows`](CombineRule::InnerIndirectRowsInOuterRows) | `I` indirect, `I.pw` set, `O.w % I.pw == 0`, `I.vs % O.w == 0` | `C.vs = I.vs/O.w · O.vs` |
//! | [`InnerInOneOuterRow`](CombineRule::InnerInOneOuterRow) | `I` direct 1D, first and last element in one `O` row | as above |
//! | [`InnerSplitAcrossTwoRows`](CombineRule::InnerSplitAcrossTwoRows) | `I` direct 1D, `N` even, `I.s > 0`, second half starts `O`'s next row | `C.w = N/2`, `C.vs = (mid%O.w − start%O.w)·O.s + O.vs` |
//! | [`InnerSameColumnEachRow`](CombineRule::InnerSameColumnEachRow) | `I` direct 1D, `I.s > 0`, `O.w % I.s == 0`, `start%O.w < I.s`, `N·I.s % O.w == 0` | `C.w = O.w/I.s`, `C.vs = O.vs` |
//! | [`InnerStepsWholeRows`](CombineRule::InnerStepsWholeRows) | `I` direct 1D, `I.s % O.w == 0` | 1D, `C.s = I.s/O.w · O.vs` |
//! | [`InnerRowsInOuterRows`](CombineRule::InnerRowsInOuterRows) | `I` direct 2D, `I.vs % O.w == 0`, first row in one `O` row | `C.vs = I.vs/O.w · O.vs` |
//!
//! Two deliberate differences from IGC 1.0.12504: `InnerSameColumnEachRow` additionally requires the start
//! column to be below the inner stride — without it IGC would combine e.g. `O.w = 4`, inner elements
//! `2,4,6,8` into `<O.vs;2,2>`, whose first row wraps into the next outer row; and `InnerStepsWholeRows` is
//! new (an inner stride of a whole number of outer rows, e.g. every other row of a matrix column, is a plain
//! 1D region that IGC refuses).
//!
//! **Exact fallback ([`combine`] only).** When the rules refuse and the inner region is direct, the composite
//! list relative to the outer start, `O.rel(I.src(i))`, is fitted exactly ([`crate::fit`]). So for a direct
//! inner region [`combine`] is complete: it refuses only with [`Refusal::NotExpressible`], and then no region
//! of any width, stride and vstride has the composite list. [`combine_by_rules`] skips this step and returns
//! the rule's refusal instead (for IGC-identical behaviour and for debugging the rules).
//!
//! **Indirect inner index.** The composite's runtime index is described as data ([`CombinedIndex`]):
//! * inner direct: the combined region keeps the outer index operand unchanged ([`CombinedIndex::Outer`]) or
//!   is direct;
//! * inner indirect, outer 1D: `idx' = I.idx · O.s (+ O.idx)`; the inner constant offset is folded into
//!   `C.offset` ([`IndexTransform::Scale`]);
//! * inner indirect, outer 2D: with `a = I.offset + I.idx` (the whole inner byte index),
//!   `row = a udiv (O.w·EB)`, `col = a urem (O.w·EB)`, `idx' = row·O.vs·EB + col·O.s (+ O.idx)` and
//!   `C.offset = O.offset` ([`IndexTransform::RowColumn`]). [`IndexTransform::lower`] emits it as `i16`
//!   operations with multiplications/divisions by powers of two strength-reduced to `shl`/`lshr`/`and`, and
//!   factored as `(row·(O.vs·EB/O.s) + col)·O.s` when `O.s` divides `O.vs·EB`.
//!
//! **Parent width of the result.** IGC copies the inner region's parent width, which can be wrong (the inner
//! promise is about the outer *result*, not the original vector). Here `C.pw` is derived soundly: the outer
//! promise when the outer region is indirect and every combined row reads from a single outer row (not so for
//! e.g. [`InnerStepsWholeRows`](CombineRule::InnerStepsWholeRows)), `O.s·I.pw` when the outer region is
//! direct with `O.s > 0` and its start and vstride are multiples of `O.s·I.pw`, and none otherwise. A property test checks that the promise holds whenever the operands' promises hold.
//!
//! # Not handled here
//! Multi-indirect operands; a masked outer region; different element sizes (normalise first with
//! [`crate::normalize_element_types`]); the pass-level policies of §2.1 (sext/zext look-through, the
//! "indirect + replicating would loop" check — see [`Region::is_replicating`] —, predefined registers, vload
//! safety, the Align16 swizzle pattern); `i16` wrap-around of the emitted index arithmetic.

use std::fmt;

use crate::fit::fit_shape;
use crate::refusal::{Operand, Refusal};
use crate::region::{Indirect, Region};

/// Which combining case produced a [`Combined`] region (see the table in the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombineRule {
    /// The outer region is 1D (linear), so any inner region maps through it.
    OuterOneRow,
    /// The inner region reads a single element (possibly replicated).
    InnerSplat,
    /// Indirect inner region whose parent width keeps each row within one outer row.
    InnerIndirectRowsInOuterRows,
    /// Direct 1D inner region inside one outer row.
    InnerInOneOuterRow,
    /// Direct 1D inner region split evenly between two adjacent outer rows.
    InnerSplitAcrossTwoRows,
    /// Direct 1D inner region covering whole outer rows, starting each at the same column.
    InnerSameColumnEachRow,
    /// Direct 1D inner region whose stride is a whole number of outer rows.
    InnerStepsWholeRows,
    /// Direct 2D inner region whose rows each lie in one outer row at the same column.
    InnerRowsInOuterRows,
    /// No rule applied; the composite element list was fitted exactly ([`combine`] only).
    ExactFit,
}

/// Where the combined region's runtime index comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CombinedIndex {
    /// The combined region is direct.
    None,
    /// The combined region uses the outer region's index operand unchanged.
    Outer,
    /// The combined region's index is computed from the inner region's index (and the outer one's).
    Computed(IndexTransform),
}

/// How to compute the combined region's runtime byte index from the operands' index values. `inner` below
/// is the inner region's *variable* index (its constant part is `I.offset`), `outer` the outer region's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexTransform {
    /// `idx' = inner · scale (+ outer)`. Used when the outer region is 1D; the inner constant offset has been
    /// folded into the combined offset.
    Scale {
        /// The outer stride.
        scale: i32,
        /// Add the outer region's index.
        add_outer: bool,
    },
    /// `a = inner_offset + inner`; `row = a udiv row_bytes`; `col = a urem row_bytes`;
    /// `idx' = row · row_scale + col · col_scale (+ outer)`. Used when the outer region is 2D; the combined
    /// constant offset is the outer one alone.
    RowColumn {
        /// The inner region's constant offset, re-attached to its index before splitting it.
        inner_offset: i32,
        /// Bytes per outer row: `O.w · EB`.
        row_bytes: u32,
        /// Bytes from one outer row to the next: `O.vs · EB`.
        row_scale: i32,
        /// The outer stride (a byte column times the stride is a byte offset).
        col_scale: i32,
        /// Add the outer region's index.
        add_outer: bool,
    },
}

/// The result of a successful combine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combined {
    /// The combined region, canonical. Its element size is the operands', its mask flag the inner region's.
    pub region: Region,
    /// Where its runtime index comes from.
    pub index: CombinedIndex,
    /// Which case applied.
    pub rule: CombineRule,
}

impl Combined {
    /// The combined region's runtime index values for concrete operand index values (`inner_indices` /
    /// `outer_indices` as passed to [`Region::elements`]). Used by tests and constant folding.
    pub fn index_values(&self, inner_indices: &[i64], outer_indices: &[i64]) -> Vec<i64> {
        let first = |v: &[i64]| v.first().copied().unwrap_or(0);
        match &self.index {
            CombinedIndex::None => vec![],
            CombinedIndex::Outer => outer_indices.to_vec(),
            CombinedIndex::Computed(t) => vec![t.apply(first(inner_indices), first(outer_indices))],
        }
    }
}

/// Combines `outer` (applied to the original vector) and `inner` (applied to the outer result) into one
/// region, exactly: the §2.1 rules first, then, for a direct inner region, an exact fit of the composite
/// element list. See the module documentation.
pub fn combine(outer: &Region, inner: &Region) -> Result<Combined, Refusal> {
    combine_impl(outer, inner, true)
}

/// [`combine`] restricted to the docs/genx-ir.md §2.1 rules (with the two corrections listed in the module
/// documentation): refuses with the failing rule's reason instead of trying an exact fit.
pub fn combine_by_rules(outer: &Region, inner: &Region) -> Result<Combined, Refusal> {
    combine_impl(outer, inner, false)
}

fn to_i32(v: i64) -> Result<i32, Refusal> {
    i32::try_from(v).map_err(|_| Refusal::ArithmeticOverflow)
}

fn combine_impl(outer: &Region, inner: &Region, exact: bool) -> Result<Combined, Refusal> {
    outer.check_shape().map_err(|error| Refusal::Invalid {
        operand: Operand::Outer,
        error,
    })?;
    inner.check_shape().map_err(|error| Refusal::Invalid {
        operand: Operand::Inner,
        error,
    })?;
    if outer.is_multi_indirect() {
        return Err(Refusal::OuterMultiIndirect);
    }
    if inner.is_multi_indirect() {
        return Err(Refusal::InnerMultiIndirect);
    }
    if outer.masked {
        return Err(Refusal::OuterMasked);
    }
    if outer.elem_bytes != inner.elem_bytes {
        return Err(Refusal::ElementSizeMismatch {
            outer: outer.elem_bytes,
            inner: inner.elem_bytes,
        });
    }
    let o = outer.canonical();
    let i = inner.canonical();
    if !i.indirect.is_indirect() {
        i.validate(o.num_elements)
            .map_err(|error| Refusal::Invalid {
                operand: Operand::Inner,
                error,
            })?;
    }
    match by_rules(&o, &i) {
        Err(Refusal::ArithmeticOverflow) => Err(Refusal::ArithmeticOverflow),
        Err(_) if exact && !i.indirect.is_indirect() => exact_fit(&o, &i),
        other => other,
    }
}

fn by_rules(o: &Region, i: &Region) -> Result<Combined, Refusal> {
    let eb = o.elem_bytes as i64;
    let (ow, os, ovs) = (o.width as i64, o.stride as i64, o.vstride as i64);
    let outer_2d = o.is_2d();
    let inner_indirect = i.indirect.is_indirect();
    let e = i.offset as i64 / eb;
    let offset_elems = if outer_2d {
        e.div_euclid(ow) * ovs + e.rem_euclid(ow) * os
    } else {
        e * os
    };

    let mut c = *i;
    c.indirect = if inner_indirect {
        Indirect::Single
    } else {
        o.indirect
    };
    c.stride = to_i32(i.stride as i64 * os)?;
    c.vstride = to_i32(i.vstride as i64 * os)?;
    c.offset = to_i32(o.offset as i64 + eb * offset_elems)?;
    c.parent_width = None;

    let add_outer = o.indirect.is_indirect();
    let direct_index = if add_outer {
        CombinedIndex::Outer
    } else {
        CombinedIndex::None
    };
    let row_column = |c: &mut Region| -> Result<CombinedIndex, Refusal> {
        c.offset = o.offset;
        Ok(CombinedIndex::Computed(IndexTransform::RowColumn {
            inner_offset: i.offset,
            row_bytes: u32::try_from(ow * eb).map_err(|_| Refusal::ArithmeticOverflow)?,
            row_scale: to_i32(ovs * eb)?,
            col_scale: o.stride,
            add_outer,
        }))
    };

    let (rule, index) = if !outer_2d {
        let index = if inner_indirect {
            CombinedIndex::Computed(IndexTransform::Scale {
                scale: o.stride,
                add_outer,
            })
        } else {
            direct_index
        };
        (CombineRule::OuterOneRow, index)
    } else if i.is_splat() {
        let index = if inner_indirect {
            row_column(&mut c)?
        } else {
            direct_index
        };
        (CombineRule::InnerSplat, index)
    } else if inner_indirect {
        let pw = i.parent_width.ok_or(Refusal::IndirectNeedsParentWidth)?;
        if i.vstride as i64 % ow != 0 {
            return Err(Refusal::InnerVStrideNotWholeOuterRows {
                inner_vstride: i.vstride,
                outer_width: o.width,
            });
        }
        if o.width % pw != 0 {
            return Err(Refusal::ParentWidthNotDividingOuterWidth {
                parent_width: pw,
                outer_width: o.width,
            });
        }
        c.vstride = to_i32(i.vstride as i64 / ow * ovs)?;
        (
            CombineRule::InnerIndirectRowsInOuterRows,
            row_column(&mut c)?,
        )
    } else if i.width == i.num_elements {
        (inner_1d_rule(o, i, &mut c)?, direct_index)
    } else {
        if i.vstride as i64 % ow != 0 {
            return Err(Refusal::InnerVStrideNotWholeOuterRows {
                inner_vstride: i.vstride,
                outer_width: o.width,
            });
        }
        let start = e;
        let end_of_first_row = start + (i.width as i64 - 1) * i.stride as i64;
        if start.div_euclid(ow) != end_of_first_row.div_euclid(ow) {
            return Err(Refusal::InnerRowStraddlesOuterRows);
        }
        c.vstride = to_i32(i.vstride as i64 / ow * ovs)?;
        (CombineRule::InnerRowsInOuterRows, direct_index)
    };
    c.parent_width = combined_parent_width(o, i, &c, |c| rows_inside_outer_rows(o, i, c));
    Ok(Combined {
        region: c.canonical(),
        index,
        rule,
    })
}

/// Whether each row of the combined region `c` reads from a single row of `o` (so an outer parent-width
/// promise carries over). For an indirect inner region the rules only succeed when this holds (outer 1D,
/// inner splat, or inner rows inside parent-width blocks that divide the outer width).
fn rows_inside_outer_rows(o: &Region, i: &Region, c: &Region) -> bool {
    if i.indirect.is_indirect() {
        return true;
    }
    let ow = o.width as i64;
    match i.direct_elements() {
        Ok(xs) => xs.chunks(c.width as usize).all(|row| {
            row.iter()
                .all(|&x| x.div_euclid(ow) == row[0].div_euclid(ow))
        }),
        Err(_) => false,
    }
}

/// The cases for a direct 1D inner region read from a 2D outer region; sets `c`'s width and strides.
fn inner_1d_rule(o: &Region, i: &Region, c: &mut Region) -> Result<CombineRule, Refusal> {
    let eb = o.elem_bytes as i64;
    let (ow, os, ovs) = (o.width as i64, o.stride as i64, o.vstride as i64);
    let (n, s) = (i.num_elements as i64, i.stride as i64);
    let start = i.offset as i64 / eb;
    let end = start + (n - 1) * s;
    let (start_row, end_row) = (start.div_euclid(ow), end.div_euclid(ow));
    if start_row == end_row {
        return Ok(CombineRule::InnerInOneOuterRow);
    }
    if end_row == start_row + 1 && n % 2 == 0 && s > 0 {
        let mid = start + n / 2 * s;
        let into_row = mid - end_row * ow;
        if (0..s).contains(&into_row) {
            c.width = (n / 2) as u32;
            c.vstride = to_i32((mid.rem_euclid(ow) - start.rem_euclid(ow)) * os + ovs)?;
            return Ok(CombineRule::InnerSplitAcrossTwoRows);
        }
    }
    if s > 0 && ow % s == 0 && start.rem_euclid(ow) < s && (n * s) % ow == 0 {
        c.width = (ow / s) as u32;
        c.vstride = o.vstride;
        return Ok(CombineRule::InnerSameColumnEachRow);
    }
    if s % ow == 0 {
        c.stride = to_i32(s / ow * ovs)?;
        c.vstride = 0;
        return Ok(CombineRule::InnerStepsWholeRows);
    }
    Err(Refusal::InnerStraddlesOuterRows)
}

/// The exact fallback for a direct inner region: fit the composite list relative to the outer start.
fn exact_fit(o: &Region, i: &Region) -> Result<Combined, Refusal> {
    let xs = i.direct_elements().map_err(|error| Refusal::Invalid {
        operand: Operand::Inner,
        error,
    })?;
    let rel: Vec<i64> = xs.iter().map(|&x| o.relative_element(x as u32)).collect();
    let shape = fit_shape(&rel).ok_or(Refusal::NotExpressible)?;
    let eb = o.elem_bytes as i64;
    let mut c = Region {
        elem_bytes: o.elem_bytes,
        num_elements: i.num_elements,
        width: shape.width,
        vstride: shape.vstride,
        stride: shape.stride,
        offset: to_i32(o.offset as i64 + rel[0] * eb)?,
        indirect: o.indirect,
        parent_width: None,
        masked: i.masked,
    };
    c.parent_width = combined_parent_width(o, i, &c, |c| rows_inside_outer_rows(o, i, c));
    let index = if o.indirect.is_indirect() {
        CombinedIndex::Outer
    } else {
        CombinedIndex::None
    };
    Ok(Combined {
        region: c.canonical(),
        index,
        rule: CombineRule::ExactFit,
    })
}

/// A sound parent width for the combined region `c` (see the module documentation). `rows_inside` tells
/// whether each row of `c` reads from a single row of `o`.
fn combined_parent_width(
    o: &Region,
    i: &Region,
    c: &Region,
    rows_inside: impl Fn(&Region) -> bool,
) -> Option<u32> {
    if !c.indirect.is_indirect() {
        return None;
    }
    if o.indirect.is_indirect() {
        return o.parent_width.filter(|_| rows_inside(c));
    }
    // Outer direct, inner indirect: X-block k of I.pw elements maps into V at O.base + O.s*(k*pw ..).
    let pw = i.parent_width? as i64;
    let (eb, os) = (o.elem_bytes as i64, o.stride as i64);
    if os <= 0 {
        return None;
    }
    let block = os.checked_mul(pw)?;
    let base = o.offset as i64 / eb;
    let rows_ok = !o.is_2d() || (o.vstride as i64).rem_euclid(block) == 0;
    if base.rem_euclid(block) == 0 && rows_ok {
        u32::try_from(block).ok()
    } else {
        None
    }
}

/// Euclidean quotient and remainder; a zero divisor (never produced by [`combine()`]) gives `(0, a)`.
fn div_rem(a: i64, b: i64) -> (i64, i64) {
    match (a.checked_div_euclid(b), a.checked_rem_euclid(b)) {
        (Some(q), Some(r)) => (q, r),
        _ => (0, a),
    }
}

impl IndexTransform {
    /// The combined byte index for an inner variable index `inner` and an outer index `outer` (ignored unless
    /// the transform adds it), in 64-bit integer arithmetic (exact for any realistic index; wrapping, never
    /// panicking, beyond). Division is Euclidean. For valid operands the `udiv`/`urem` dividend is a
    /// non-negative byte address below 2^15, where this agrees with the `i16` operations
    /// [`IndexTransform::lower`] emits (additions and multiplications agree modulo 2^16 anyway).
    pub fn apply(&self, inner: i64, outer: i64) -> i64 {
        let outer = |add: bool| if add { outer } else { 0 };
        match *self {
            IndexTransform::Scale { scale, add_outer } => inner
                .wrapping_mul(scale as i64)
                .wrapping_add(outer(add_outer)),
            IndexTransform::RowColumn {
                inner_offset,
                row_bytes,
                row_scale,
                col_scale,
                add_outer,
            } => {
                let a = (inner_offset as i64).wrapping_add(inner);
                let (row, col) = div_rem(a, row_bytes as i64);
                row.wrapping_mul(row_scale as i64)
                    .wrapping_add(col.wrapping_mul(col_scale as i64))
                    .wrapping_add(outer(add_outer))
            }
        }
    }

    /// The transform as a straight-line sequence of `i16` operations for a pass to emit, with constant
    /// multiplications, divisions and remainders by powers of two reduced to `shl`, `lshr` and `and`.
    pub fn lower(&self) -> IndexProgram {
        let mut p = IndexProgram {
            ops: Vec::new(),
            result: IndexOperand::Inner,
        };
        let result = match *self {
            IndexTransform::Scale { scale, add_outer } => {
                let scaled = p.mul(IndexOperand::Inner, scale as i64);
                if add_outer {
                    p.add(scaled, IndexOperand::Outer)
                } else {
                    scaled
                }
            }
            IndexTransform::RowColumn {
                inner_offset,
                row_bytes,
                row_scale,
                col_scale,
                add_outer,
            } => {
                let a = p.add(
                    IndexOperand::Inner,
                    IndexOperand::Const(inner_offset as i64),
                );
                let col = p.urem(a, row_bytes as i64);
                let row = p.udiv(a, row_bytes as i64);
                let (rs, cs) = (row_scale as i64, col_scale as i64);
                let sum = if cs != 0 && rs % cs == 0 {
                    let r = p.mul(row, rs / cs);
                    let t = p.add(r, col);
                    p.mul(t, cs)
                } else {
                    let r = p.mul(row, rs);
                    let c = p.mul(col, cs);
                    p.add(r, c)
                };
                if add_outer {
                    p.add(sum, IndexOperand::Outer)
                } else {
                    sum
                }
            }
        };
        p.result = result;
        p
    }
}

/// An operand of an [`IndexOp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexOperand {
    /// The inner region's variable index.
    Inner,
    /// The outer region's index.
    Outer,
    /// An `i16` constant.
    Const(i64),
    /// The result of operation number `n` of the program.
    Temp(usize),
}

/// The operations an [`IndexProgram`] uses (all on `i16`; divisions and remainders unsigned).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexOpcode {
    Add,
    Mul,
    Shl,
    UDiv,
    LShr,
    URem,
    And,
}

/// One operation `Temp(n) = opcode lhs, rhs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndexOp {
    pub opcode: IndexOpcode,
    pub lhs: IndexOperand,
    pub rhs: IndexOperand,
}

/// A straight-line index computation: operation `n` defines `Temp(n)`; `result` is the combined index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexProgram {
    pub ops: Vec<IndexOp>,
    pub result: IndexOperand,
}

impl IndexProgram {
    fn push(&mut self, opcode: IndexOpcode, lhs: IndexOperand, rhs: IndexOperand) -> IndexOperand {
        self.ops.push(IndexOp { opcode, lhs, rhs });
        IndexOperand::Temp(self.ops.len() - 1)
    }

    fn add(&mut self, a: IndexOperand, b: IndexOperand) -> IndexOperand {
        match (a, b) {
            (IndexOperand::Const(0), x) | (x, IndexOperand::Const(0)) => x,
            (IndexOperand::Const(x), IndexOperand::Const(y)) => {
                IndexOperand::Const(x.wrapping_add(y))
            }
            _ => self.push(IndexOpcode::Add, a, b),
        }
    }

    fn mul(&mut self, a: IndexOperand, k: i64) -> IndexOperand {
        match (a, k) {
            (_, 0) => IndexOperand::Const(0),
            (IndexOperand::Const(x), _) => IndexOperand::Const(x.wrapping_mul(k)),
            (_, 1) => a,
            _ if k > 0 && (k as u64).is_power_of_two() => self.push(
                IndexOpcode::Shl,
                a,
                IndexOperand::Const(k.trailing_zeros() as i64),
            ),
            _ => self.push(IndexOpcode::Mul, a, IndexOperand::Const(k)),
        }
    }

    fn udiv(&mut self, a: IndexOperand, k: i64) -> IndexOperand {
        match k {
            1 => a,
            _ if (k as u64).is_power_of_two() => self.push(
                IndexOpcode::LShr,
                a,
                IndexOperand::Const(k.trailing_zeros() as i64),
            ),
            _ => self.push(IndexOpcode::UDiv, a, IndexOperand::Const(k)),
        }
    }

    fn urem(&mut self, a: IndexOperand, k: i64) -> IndexOperand {
        match k {
            1 => IndexOperand::Const(0),
            _ if (k as u64).is_power_of_two() => {
                self.push(IndexOpcode::And, a, IndexOperand::Const(k - 1))
            }
            _ => self.push(IndexOpcode::URem, a, IndexOperand::Const(k)),
        }
    }

    /// Evaluates the program in 64-bit integer arithmetic like [`IndexTransform::apply`] (shifts are arithmetic
    /// and `and` is two's complement, so the results equal `apply`'s Euclidean ones even for negative values).
    pub fn eval(&self, inner: i64, outer: i64) -> i64 {
        let mut temps: Vec<i64> = Vec::with_capacity(self.ops.len());
        let value = |temps: &[i64], v: IndexOperand| match v {
            IndexOperand::Inner => inner,
            IndexOperand::Outer => outer,
            IndexOperand::Const(c) => c,
            IndexOperand::Temp(n) => temps[n],
        };
        for op in &self.ops {
            let (a, b) = (value(&temps, op.lhs), value(&temps, op.rhs));
            let shift = u32::try_from(b).unwrap_or(u32::MAX);
            temps.push(match op.opcode {
                IndexOpcode::Add => a.wrapping_add(b),
                IndexOpcode::Mul => a.wrapping_mul(b),
                IndexOpcode::Shl => a.checked_shl(shift).unwrap_or(0),
                IndexOpcode::UDiv => div_rem(a, b).0,
                IndexOpcode::LShr => a.checked_shr(shift).unwrap_or(0),
                IndexOpcode::URem => div_rem(a, b).1,
                IndexOpcode::And => a & b,
            });
        }
        value(&temps, self.result)
    }
}

impl fmt::Display for IndexOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexOperand::Inner => write!(f, "%inner"),
            IndexOperand::Outer => write!(f, "%outer"),
            IndexOperand::Const(c) => write!(f, "{c}"),
            IndexOperand::Temp(n) => write!(f, "%t{n}"),
        }
    }
}

/// One line per operation, LLVM-like: `%t0 = and i16 %inner, 31`.
impl fmt::Display for IndexProgram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, op) in self.ops.iter().enumerate() {
            let name = match op.opcode {
                IndexOpcode::Add => "add",
                IndexOpcode::Mul => "mul",
                IndexOpcode::Shl => "shl",
                IndexOpcode::UDiv => "udiv",
                IndexOpcode::LShr => "lshr",
                IndexOpcode::URem => "urem",
                IndexOpcode::And => "and",
            };
            writeln!(f, "%t{n} = {name} i16 {}, {}", op.lhs, op.rhs)?;
        }
        write!(f, "result {}", self.result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `v` through `outer` then `inner`, and through the combined region, and compares.
    fn check_read(outer: &Region, inner: &Region, len: u32, oi: &[i64], ii: &[i64], c: &Combined) {
        let v: Vec<i64> = (0..len as i64).map(|k| 1000 + k).collect();
        let x = outer.read(&v, oi).unwrap();
        let y = inner.read(&x, ii).unwrap();
        let ci = c.index_values(ii, oi);
        assert_eq!(c.region.read(&v, &ci).unwrap(), y, "combined {}", c.region);
        if let CombinedIndex::Computed(t) = &c.index {
            let (inner_idx, outer_idx) = (
                ii.first().copied().unwrap_or(0),
                oi.first().copied().unwrap_or(0),
            );
            assert_eq!(
                t.lower().eval(inner_idx, outer_idx),
                t.apply(inner_idx, outer_idx)
            );
        }
    }

    // An 8x8 matrix of i32 and its 4x4 block at row 2, column 4: <8;4,1>(80).
    fn block() -> Region {
        Region::new(4, 16, 8, 4, 1, 80)
    }

    #[test]
    fn outer_1d() {
        // v16i32.select<8,2>(1).select<4,1>(2) = elements 5,7,9,11 = <0;4,2>(20).
        let outer = Region::new(4, 8, 0, 8, 2, 4);
        let inner = Region::new(4, 4, 0, 4, 1, 8);
        let c = combine(&outer, &inner).unwrap();
        assert_eq!(c.region, Region::new(4, 4, 0, 4, 2, 20));
        assert_eq!(
            (c.rule, c.index.clone()),
            (CombineRule::OuterOneRow, CombinedIndex::None)
        );
        check_read(&outer, &inner, 16, &[], &[], &c);
    }

    #[test]
    fn inner_in_one_outer_row() {
        // Row 1 of the block: block elements 4..8 -> matrix elements 28..32.
        let inner = Region::new(4, 4, 0, 4, 1, 16);
        let c = combine_by_rules(&block(), &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerInOneOuterRow);
        assert_eq!(c.region, Region::new(4, 4, 0, 4, 1, 112));
        check_read(&block(), &inner, 64, &[], &[], &c);
    }

    #[test]
    fn inner_split_across_two_rows() {
        // Block elements 2..6: two in row 0, two in row 1 -> 22,23,28,29 = <6;2,1>(88).
        let inner = Region::new(4, 4, 0, 4, 1, 8);
        let c = combine_by_rules(&block(), &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerSplitAcrossTwoRows);
        assert_eq!(c.region, Region::new(4, 4, 6, 2, 1, 88));
        check_read(&block(), &inner, 64, &[], &[], &c);
    }

    #[test]
    fn inner_same_column_each_row() {
        // Block elements 1,3,...,15 -> 21,23,29,31,37,39,45,47 = <8;2,2>(84).
        let inner = Region::new(4, 8, 0, 8, 2, 4);
        let c = combine_by_rules(&block(), &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerSameColumnEachRow);
        assert_eq!(c.region, Region::new(4, 8, 8, 2, 2, 84));
        check_read(&block(), &inner, 64, &[], &[], &c);
    }

    #[test]
    fn same_column_rule_needs_start_column_below_stride() {
        // Block elements 2,4,6,8: IGC's rule would give <8;2,2>(88) = 22,24,30,32, but the truth is
        // 22,28,30,36. The rules refuse; the exact fit finds <8;2,6>(88).
        let outer = Region::new(4, 12, 8, 4, 1, 80);
        let inner = Region::new(4, 4, 0, 4, 2, 8);
        assert_eq!(
            combine_by_rules(&outer, &inner).unwrap_err(),
            Refusal::InnerStraddlesOuterRows
        );
        let c = combine(&outer, &inner).unwrap();
        assert_eq!(
            (c.rule, c.region),
            (CombineRule::ExactFit, Region::new(4, 4, 8, 2, 6, 88))
        );
        check_read(&outer, &inner, 64, &[], &[], &c);
    }

    #[test]
    fn inner_steps_whole_rows() {
        // Column 1 of every other row of the block: block elements 1, 9 -> 21, 37 = 1D stride 16.
        let inner = Region::new(4, 2, 0, 2, 8, 4);
        let c = combine_by_rules(&block(), &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerStepsWholeRows);
        assert_eq!(c.region, Region::new(4, 2, 0, 2, 16, 84));
        check_read(&block(), &inner, 64, &[], &[], &c);
    }

    #[test]
    fn inner_2d_rows_in_outer_rows() {
        // 2x2 at block (1, 1): block elements 5,6,13,14 (<8;2,1>(20)) -> 29,30,45,46 = <16;2,1>(116).
        let inner = Region::new(4, 4, 8, 2, 1, 20);
        let c = combine_by_rules(&block(), &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerRowsInOuterRows);
        assert_eq!(c.region, Region::new(4, 4, 16, 2, 1, 116));
        check_read(&block(), &inner, 64, &[], &[], &c);
        // The first row crossing an outer row: block elements 3,4 / 11,12.
        let bad = Region::new(4, 4, 8, 2, 1, 12);
        assert_eq!(
            combine_by_rules(&block(), &bad).unwrap_err(),
            Refusal::InnerRowStraddlesOuterRows
        );
        // vstride not whole outer rows.
        let bad = Region::new(4, 4, 6, 2, 1, 0);
        assert_eq!(
            combine_by_rules(&block(), &bad).unwrap_err(),
            Refusal::InnerVStrideNotWholeOuterRows {
                inner_vstride: 6,
                outer_width: 4
            }
        );
    }

    #[test]
    fn indirect_inner_outer_2d() {
        // Two elements at a runtime index into the block, promising not to cross a 2-element boundary.
        let inner = Region::new(4, 2, 0, 2, 1, 0)
            .with_single_indirect()
            .with_parent_width(2);
        let c = combine(&block(), &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerIndirectRowsInOuterRows);
        // The outer block starts and steps by multiples of 2 elements, so the inner promise carries over.
        assert_eq!(
            c.region,
            Region::new(4, 2, 0, 2, 1, 80)
                .with_single_indirect()
                .with_parent_width(2)
        );
        let t = match c.index {
            CombinedIndex::Computed(t) => t,
            ref other => panic!("{other:?}"),
        };
        assert_eq!(
            t,
            IndexTransform::RowColumn {
                inner_offset: 0,
                row_bytes: 16,
                row_scale: 32,
                col_scale: 1,
                add_outer: false
            }
        );
        // idx = 24 bytes = block element 6 (row 1, col 2) -> matrix element 30 = byte 120 = 80 + 40.
        assert_eq!(t.apply(24, 0), 40);
        assert_eq!(t.lower().to_string(), "%t0 = and i16 %inner, 15\n%t1 = lshr i16 %inner, 4\n%t2 = shl i16 %t1, 5\n%t3 = add i16 %t2, %t0\nresult %t3");
        for idx in [0, 8, 16, 24, 32, 40, 48, 56] {
            check_read(&block(), &inner, 64, &[], &[idx], &c);
        }
    }

    #[test]
    fn indirect_inner_outer_1d() {
        let outer = Region::new(2, 16, 0, 16, 2, 6)
            .with_single_indirect()
            .with_parent_width(64);
        let inner = Region::new(2, 4, 0, 4, 1, 4).with_single_indirect();
        let c = combine(&outer, &inner).unwrap();
        assert_eq!(c.rule, CombineRule::OuterOneRow);
        // offset = 6 + 2 * (2 * 2) = 14; index = inner * 2 + outer.
        assert_eq!(
            c.region,
            Region::new(2, 4, 0, 4, 2, 14)
                .with_single_indirect()
                .with_parent_width(64)
        );
        assert_eq!(
            c.index,
            CombinedIndex::Computed(IndexTransform::Scale {
                scale: 2,
                add_outer: true
            })
        );
        check_read(&outer, &inner, 64, &[10], &[8], &c);
    }

    #[test]
    fn indirect_inner_refusals() {
        let inner = Region::new(4, 2, 0, 2, 1, 0).with_single_indirect();
        assert_eq!(
            combine(&block(), &inner).unwrap_err(),
            Refusal::IndirectNeedsParentWidth
        );
        let inner = inner.with_parent_width(8);
        assert_eq!(
            combine(&block(), &inner).unwrap_err(),
            Refusal::ParentWidthNotDividingOuterWidth {
                parent_width: 8,
                outer_width: 4
            }
        );
        let inner = Region::new(4, 4, 6, 2, 1, 0)
            .with_single_indirect()
            .with_parent_width(2);
        assert_eq!(
            combine(&block(), &inner).unwrap_err(),
            Refusal::InnerVStrideNotWholeOuterRows {
                inner_vstride: 6,
                outer_width: 4
            }
        );
    }

    #[test]
    fn precondition_refusals() {
        let r = Region::new(4, 4, 0, 4, 1, 0);
        assert_eq!(
            combine(&r.with_multi_indirect(1), &r).unwrap_err(),
            Refusal::OuterMultiIndirect
        );
        assert_eq!(
            combine(&r, &r.with_multi_indirect(1)).unwrap_err(),
            Refusal::InnerMultiIndirect
        );
        assert_eq!(
            combine(&r.with_mask(), &r).unwrap_err(),
            Refusal::OuterMasked
        );
        let r2 = Region::new(2, 4, 0, 4, 1, 0);
        assert_eq!(
            combine(&r, &r2).unwrap_err(),
            Refusal::ElementSizeMismatch { outer: 4, inner: 2 }
        );
        let outside = Region::new(4, 4, 0, 4, 1, 4);
        assert!(matches!(
            combine(&r, &outside).unwrap_err(),
            Refusal::Invalid {
                operand: Operand::Inner,
                ..
            }
        ));
        // A masked inner region is fine; the result carries the mask flag.
        assert!(combine(&r, &r.with_mask()).unwrap().region.masked);
    }

    #[test]
    fn not_expressible() {
        // Block elements 3,4,5: 23, 28, 29 -- no region of 3 elements has steps 5, 1.
        let inner = Region::new(4, 3, 0, 3, 1, 12);
        assert_eq!(
            combine_by_rules(&block(), &inner).unwrap_err(),
            Refusal::InnerStraddlesOuterRows
        );
        assert_eq!(
            combine(&block(), &inner).unwrap_err(),
            Refusal::NotExpressible
        );
    }

    #[test]
    fn outer_indirect_inner_direct() {
        let outer = Region::new(4, 16, 8, 4, 1, 0)
            .with_single_indirect()
            .with_parent_width(8);
        let inner = Region::new(4, 4, 0, 4, 1, 8);
        let c = combine(&outer, &inner).unwrap();
        assert_eq!(c.index, CombinedIndex::Outer);
        assert_eq!(
            c.region,
            Region::new(4, 4, 6, 2, 1, 8)
                .with_single_indirect()
                .with_parent_width(8)
        );
        check_read(&outer, &inner, 64, &[64], &[], &c);
    }

    #[test]
    fn outer_promise_not_carried_across_outer_rows() {
        // Column 1 of every other row of an indirect 6x4 block: one combined row spans three outer rows, so
        // the outer parent width (a promise about each outer row) says nothing about it.
        let outer = Region::new(4, 24, 8, 4, 1, 0)
            .with_single_indirect()
            .with_parent_width(4);
        let inner = Region::new(4, 3, 0, 3, 8, 4);
        let c = combine(&outer, &inner).unwrap();
        assert_eq!(c.rule, CombineRule::InnerStepsWholeRows);
        assert_eq!(
            c.region,
            Region::new(4, 3, 0, 3, 16, 4).with_single_indirect()
        );
        check_read(&outer, &inner, 64, &[0], &[], &c);
    }

    #[test]
    fn lowering_without_common_factor() {
        let t = IndexTransform::RowColumn {
            inner_offset: 4,
            row_bytes: 12,
            row_scale: 28,
            col_scale: 3,
            add_outer: true,
        };
        let p = t.lower();
        assert!(p.ops.iter().any(|op| op.opcode == IndexOpcode::URem));
        for a in 0..60 {
            assert_eq!(p.eval(a, 7), t.apply(a, 7));
        }
    }
}
