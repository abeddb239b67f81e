//! Why a region operation said no: the [`Refusal`] reasons.
//!
//! IGC's `combineRegions` and `changeElementType` answer only true/false; a pass built on them cannot say in
//! a debug log or a statistic *why* a collapse did not happen. Every fallible operation here returns
//! `Result<_, Refusal>` instead, and each reason below is one sentence a developer can act on.
//!
//! Refusals come in two kinds, told apart by [`Refusal::claims_inexpressible`]:
//!
//! * **Claims** — "no region can express the result". These are checked: the property tests verify, by an
//!   independent brute-force search over every width, stride and vstride, that no region with that element
//!   list exists. Only direct (and single-indirect, whose layout relative to the runtime index is fixed)
//!   operands can produce a claim.
//! * **Limitations** — "this algebra does not (or may not) do it", though a region might exist: multi-indirect
//!   operands, masks, an indirect inner region without a parent-width promise, invalid inputs.
//!
//! | reason | operation | kind | typical CM source / fix |
//! |---|---|---|---|
//! | [`Invalid`](Refusal::Invalid) | all | limitation | a malformed region reached the algebra: a front-end or pass bug |
//! | [`ElementSizeMismatch`](Refusal::ElementSizeMismatch) | combine | limitation | `v.format<short>().select<..>()`: call [`crate::normalize_element_types`] first |
//! | [`OuterMultiIndirect`](Refusal::OuterMultiIndirect), [`InnerMultiIndirect`](Refusal::InnerMultiIndirect) | combine | limitation | legalized gathers (`<N x i16>` offsets) are never collapsed |
//! | [`OuterMasked`](Refusal::OuterMasked) | combine | limitation | a predicated outer `wrregion` (`merge`, SIMD control flow) |
//! | [`IndirectNeedsParentWidth`](Refusal::IndirectNeedsParentWidth) | combine | limitation | `m.select<..>(i, j)` of a 2D selection with no row promise |
//! | [`ParentWidthNotDividingOuterWidth`](Refusal::ParentWidthNotDividingOuterWidth) | combine | limitation | the promise is about blocks wider than an outer row |
//! | [`InnerVStrideNotWholeOuterRows`](Refusal::InnerVStrideNotWholeOuterRows) | combine | limitation (rules) | inner rows start in different outer columns |
//! | [`InnerStraddlesOuterRows`](Refusal::InnerStraddlesOuterRows) | combine (rules only) | limitation (rules) | a 1D selection that wraps across outer rows unevenly |
//! | [`InnerRowStraddlesOuterRows`](Refusal::InnerRowStraddlesOuterRows) | combine (rules only) | limitation (rules) | an inner row wraps into the next outer row |
//! | [`NotExpressible`](Refusal::NotExpressible) | combine | **claim** | the composite selection is not a `<vs;w,s>` pattern; keep both regions |
//! | [`ArithmeticOverflow`](Refusal::ArithmeticOverflow) | all | limitation | strides or offsets beyond `i32` |
//! | [`SubregionOutOfBounds`](Refusal::SubregionOutOfBounds), [`SplitSizesMismatch`](Refusal::SplitSizesMismatch) | split | limitation | caller bug |
//! | [`MultiIndirectSubregionStraddlesRow`](Refusal::MultiIndirectSubregionStraddlesRow) | split | limitation | split a multi-indirect region on row boundaries |
//! | [`SubregionNotExpressible`](Refusal::SubregionNotExpressible) | split | **claim** | choose split sizes that follow rows |
//! | [`BadElementBytes`](Refusal::BadElementBytes) | retype | limitation | the target type is not 1, 2, 4 or 8 bytes |
//! | [`RetypeIndirect`](Refusal::RetypeIndirect), [`RetypeMasked`](Refusal::RetypeMasked) | retype | limitation | bitcast around an indirect or predicated region |
//! | [`RetypeSizeNotMultiple`](Refusal::RetypeSizeNotMultiple), [`RetypeMisalignedOffset`](Refusal::RetypeMisalignedOffset) | retype | **claim** (by size/alignment) | e.g. 3 × i16 viewed as i32 |
//! | [`RetypeSplitsNewElement`](Refusal::RetypeSplitsNewElement) | retype | **claim** | a wider element would be assembled from non-adjacent or misaligned pieces |
//! | [`RetypeNotExpressible`](Refusal::RetypeNotExpressible) | retype | **claim** | the byte layout in the new element size is not a region |
//!
//! A "limitation (rules)" reason is only produced by [`crate::combine_by_rules`], which applies exactly the
//! docs/genx-ir.md §2.1 rules; [`crate::combine()`] answers such cases exactly (it either finds the composite region
//! or refuses with [`Refusal::NotExpressible`]) whenever the inner region is direct.

use std::fmt;

use crate::region::RegionError;

/// Which operand of an operation a [`Refusal::Invalid`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The outer region of a combine (the one applied to the original vector).
    Outer,
    /// The inner region of a combine (the one applied to the outer region's result).
    Inner,
    /// The only region of a split or retype.
    Region,
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Operand::Outer => "outer region",
            Operand::Inner => "inner region",
            Operand::Region => "region",
        })
    }
}

/// Why a combine, split or element-type change was refused. See the module documentation for the table of
/// reasons and which ones are checked claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// An operand is not a well-formed region (or, for a direct inner region, does not lie inside the outer
    /// region's result).
    Invalid {
        operand: Operand,
        error: RegionError,
    },

    // ---- combine --------------------------------------------------------------------------------------------
    /// The two regions have different element sizes. Combining needs one element size; normalise first
    /// (IGC's `normalizeElementType`, here [`crate::normalize_element_types`]).
    ElementSizeMismatch { outer: u32, inner: u32 },
    /// The outer region is multi-indirect. Its rows start at unrelated runtime addresses, so no single
    /// `<vs;w,s>` can describe a selection from it; GenX never collapses multi-indirect regions.
    OuterMultiIndirect,
    /// The inner region is multi-indirect (never collapsed, as above).
    InnerMultiIndirect,
    /// The outer region is a predicated `wrregion`. Its mask is indexed by the *outer* region's elements,
    /// which the combined region no longer enumerates, so the predicate could not be carried over.
    OuterMasked,
    /// The inner region is indirect, the outer one is 2D, and the inner region has no parent width. Without
    /// a promise that inner rows stay within one outer row, the runtime index could make an inner row wrap
    /// across outer rows, where the outer vstride applies instead of its stride.
    IndirectNeedsParentWidth,
    /// The inner region's parent width does not divide the outer width, so a parent-width block may span two
    /// outer rows and the promise does not keep inner rows inside one outer row.
    ParentWidthNotDividingOuterWidth { parent_width: u32, outer_width: u32 },
    /// The inner vstride is not a whole number of outer rows, so successive inner rows start in different
    /// outer columns and the combined vstride would not be constant (indirect inner: never provable; direct
    /// inner: refused by the §2.1 rules — [`crate::combine()`] then tries the exact fit).
    InnerVStrideNotWholeOuterRows {
        inner_vstride: i32,
        outer_width: u32,
    },
    /// A direct 1D inner region crosses outer-row boundaries in none of the shapes the §2.1 rules accept
    /// (inside one row; two equal halves around one boundary; whole rows starting at the same column; steps
    /// of whole rows). Only from [`crate::combine_by_rules`].
    InnerStraddlesOuterRows,
    /// The first row of a direct 2D inner region crosses an outer-row boundary. Only from
    /// [`crate::combine_by_rules`].
    InnerRowStraddlesOuterRows,
    /// **Claim:** the composite element list (outer mapping applied to the inner one) is not the element list
    /// of any single region. Produced only for a direct inner region, after an exact search.
    NotExpressible,
    /// A computed stride, vstride or offset does not fit in `i32`.
    ArithmeticOverflow,

    // ---- sub-regions and splits -----------------------------------------------------------------------------
    /// The requested sub-range is empty or extends past the region's last element.
    SubregionOutOfBounds {
        start: u32,
        size: u32,
        num_elements: u32,
    },
    /// The split sizes do not add up to the number of elements.
    SplitSizesMismatch { total: u64, num_elements: u32 },
    /// A sub-range of a multi-indirect region is neither whole rows nor inside one row. Its rows would need
    /// different constant offsets relative to their runtime starts, which one region cannot hold.
    MultiIndirectSubregionStraddlesRow { start: u32, size: u32, width: u32 },
    /// **Claim:** the sub-range's elements are not the element list of any single region.
    SubregionNotExpressible { start: u32, size: u32 },

    // ---- element-type change --------------------------------------------------------------------------------
    /// The requested element size is not 1, 2, 4 or 8 bytes.
    BadElementBytes(u32),
    /// Indirect regions keep their element type: the runtime index's alignment to a bigger element is unknown,
    /// and docs/genx-ir.md §2.1 never retypes an indirect region.
    RetypeIndirect,
    /// A masked region keeps its element type: the mask has one bit per *current* element.
    RetypeMasked,
    /// **Claim:** the region's total size is not a multiple of the new element size.
    RetypeSizeNotMultiple {
        total_bytes: u64,
        new_elem_bytes: u32,
    },
    /// **Claim:** the region's byte offset is not a multiple of the new element size.
    RetypeMisalignedOffset { offset: i32, new_elem_bytes: u32 },
    /// **Claim:** some group of old elements that would form one new (wider) element is not a run of adjacent
    /// elements starting at a multiple of the new size.
    RetypeSplitsNewElement,
    /// **Claim:** the bytes, regrouped into new elements, are not the element list of any single region (e.g.
    /// a 2D region with a non-unit stride narrowed to a smaller type needs three levels of nesting).
    RetypeNotExpressible,
}

impl Refusal {
    /// Whether this refusal asserts that *no* region can express the requested result (a checked claim), as
    /// opposed to a limitation of the algebra or an invalid input.
    pub fn claims_inexpressible(&self) -> bool {
        matches!(
            self,
            Refusal::NotExpressible
                | Refusal::SubregionNotExpressible { .. }
                | Refusal::RetypeSizeNotMultiple { .. }
                | Refusal::RetypeMisalignedOffset { .. }
                | Refusal::RetypeSplitsNewElement
                | Refusal::RetypeNotExpressible
        )
    }

    /// A short stable name, for statistics and debug logs (`-debug-only`-style counters).
    pub fn name(&self) -> &'static str {
        match self {
            Refusal::Invalid { .. } => "invalid",
            Refusal::ElementSizeMismatch { .. } => "element-size-mismatch",
            Refusal::OuterMultiIndirect => "outer-multi-indirect",
            Refusal::InnerMultiIndirect => "inner-multi-indirect",
            Refusal::OuterMasked => "outer-masked",
            Refusal::IndirectNeedsParentWidth => "indirect-needs-parent-width",
            Refusal::ParentWidthNotDividingOuterWidth { .. } => {
                "parent-width-not-dividing-outer-width"
            }
            Refusal::InnerVStrideNotWholeOuterRows { .. } => "inner-vstride-not-whole-outer-rows",
            Refusal::InnerStraddlesOuterRows => "inner-straddles-outer-rows",
            Refusal::InnerRowStraddlesOuterRows => "inner-row-straddles-outer-rows",
            Refusal::NotExpressible => "not-expressible",
            Refusal::ArithmeticOverflow => "arithmetic-overflow",
            Refusal::SubregionOutOfBounds { .. } => "subregion-out-of-bounds",
            Refusal::SplitSizesMismatch { .. } => "split-sizes-mismatch",
            Refusal::MultiIndirectSubregionStraddlesRow { .. } => {
                "multi-indirect-subregion-straddles-row"
            }
            Refusal::SubregionNotExpressible { .. } => "subregion-not-expressible",
            Refusal::BadElementBytes(_) => "bad-element-bytes",
            Refusal::RetypeIndirect => "retype-indirect",
            Refusal::RetypeMasked => "retype-masked",
            Refusal::RetypeSizeNotMultiple { .. } => "retype-size-not-multiple",
            Refusal::RetypeMisalignedOffset { .. } => "retype-misaligned-offset",
            Refusal::RetypeSplitsNewElement => "retype-splits-new-element",
            Refusal::RetypeNotExpressible => "retype-not-expressible",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Invalid { operand, error } => write!(f, "the {operand} is not valid: {error}"),
            Refusal::ElementSizeMismatch { outer, inner } => write!(
                f,
                "the outer region has {outer}-byte elements and the inner region {inner}-byte elements; \
                 normalise the element types before combining"
            ),
            Refusal::OuterMultiIndirect => {
                write!(f, "the outer region is multi-indirect, and multi-indirect regions are never combined")
            }
            Refusal::InnerMultiIndirect => {
                write!(f, "the inner region is multi-indirect, and multi-indirect regions are never combined")
            }
            Refusal::OuterMasked => write!(
                f,
                "the outer region is a predicated write, and its mask cannot be carried over to the combined region"
            ),
            Refusal::IndirectNeedsParentWidth => write!(
                f,
                "the inner region is indirect and the outer region is 2D, but the inner region has no parent \
                 width promising that its rows stay within one outer row"
            ),
            Refusal::ParentWidthNotDividingOuterWidth { parent_width, outer_width } => write!(
                f,
                "the inner parent width {parent_width} does not divide the outer width {outer_width}, so an \
                 inner row may still cross an outer row"
            ),
            Refusal::InnerVStrideNotWholeOuterRows { inner_vstride, outer_width } => write!(
                f,
                "the inner vstride {inner_vstride} is not a multiple of the outer width {outer_width}, so inner \
                 rows start in different outer columns"
            ),
            Refusal::InnerStraddlesOuterRows => write!(
                f,
                "the 1D inner region crosses outer rows in none of the shapes the combining rules accept"
            ),
            Refusal::InnerRowStraddlesOuterRows => {
                write!(f, "the first row of the 2D inner region crosses an outer-row boundary")
            }
            Refusal::NotExpressible => {
                write!(f, "the combined selection is not the element list of any single region")
            }
            Refusal::ArithmeticOverflow => write!(f, "a combined stride, vstride or offset overflows 32 bits"),
            Refusal::SubregionOutOfBounds { start, size, num_elements } => write!(
                f,
                "the sub-range of {size} elements at {start} is empty or extends past the region's {num_elements} elements"
            ),
            Refusal::SplitSizesMismatch { total, num_elements } => write!(
                f,
                "the split sizes add up to {total}, but the region has {num_elements} elements"
            ),
            Refusal::MultiIndirectSubregionStraddlesRow { start, size, width } => write!(
                f,
                "the sub-range of {size} elements at {start} of a multi-indirect region with width {width} is \
                 neither whole rows nor inside one row"
            ),
            Refusal::SubregionNotExpressible { start, size } => write!(
                f,
                "the sub-range of {size} elements at {start} is not the element list of any single region"
            ),
            Refusal::BadElementBytes(b) => write!(f, "the new element size {b} bytes is not 1, 2, 4 or 8"),
            Refusal::RetypeIndirect => write!(f, "an indirect region cannot change its element type"),
            Refusal::RetypeMasked => write!(f, "a masked region cannot change its element type"),
            Refusal::RetypeSizeNotMultiple { total_bytes, new_elem_bytes } => write!(
                f,
                "the region's {total_bytes} bytes are not a whole number of {new_elem_bytes}-byte elements"
            ),
            Refusal::RetypeMisalignedOffset { offset, new_elem_bytes } => write!(
                f,
                "the region's byte offset {offset} is not a multiple of the new {new_elem_bytes}-byte element size"
            ),
            Refusal::RetypeSplitsNewElement => write!(
                f,
                "a wider element would be assembled from non-adjacent or misaligned narrower elements"
            ),
            Refusal::RetypeNotExpressible => write!(
                f,
                "the region's bytes, regrouped into the new element size, are not the element list of any single region"
            ),
        }
    }
}

impl std::error::Error for Refusal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_as_a_sentence() {
        let all = [
            Refusal::Invalid {
                operand: Operand::Inner,
                error: RegionError::ZeroWidth,
            },
            Refusal::ElementSizeMismatch { outer: 4, inner: 2 },
            Refusal::OuterMultiIndirect,
            Refusal::InnerMultiIndirect,
            Refusal::OuterMasked,
            Refusal::IndirectNeedsParentWidth,
            Refusal::ParentWidthNotDividingOuterWidth {
                parent_width: 8,
                outer_width: 4,
            },
            Refusal::InnerVStrideNotWholeOuterRows {
                inner_vstride: 3,
                outer_width: 4,
            },
            Refusal::InnerStraddlesOuterRows,
            Refusal::InnerRowStraddlesOuterRows,
            Refusal::NotExpressible,
            Refusal::ArithmeticOverflow,
            Refusal::SubregionOutOfBounds {
                start: 4,
                size: 8,
                num_elements: 8,
            },
            Refusal::SplitSizesMismatch {
                total: 7,
                num_elements: 8,
            },
            Refusal::MultiIndirectSubregionStraddlesRow {
                start: 1,
                size: 2,
                width: 2,
            },
            Refusal::SubregionNotExpressible { start: 3, size: 6 },
            Refusal::BadElementBytes(3),
            Refusal::RetypeIndirect,
            Refusal::RetypeMasked,
            Refusal::RetypeSizeNotMultiple {
                total_bytes: 6,
                new_elem_bytes: 4,
            },
            Refusal::RetypeMisalignedOffset {
                offset: 2,
                new_elem_bytes: 4,
            },
            Refusal::RetypeSplitsNewElement,
            Refusal::RetypeNotExpressible,
        ];
        let mut names = std::collections::HashSet::new();
        for r in &all {
            let text = r.to_string();
            assert!(text.len() > 20, "{text}");
            assert!(text.starts_with(|c: char| c.is_lowercase()), "{text}");
            assert!(names.insert(r.name()), "duplicate name {}", r.name());
        }
        assert_eq!(
            Refusal::Invalid {
                operand: Operand::Outer,
                error: RegionError::ZeroWidth
            }
            .to_string(),
            "the outer region is not valid: the region width is zero"
        );
    }
}
