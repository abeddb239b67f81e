//! GenX region algebra: pure arithmetic on `rdregion`/`wrregion` parameters, with no LLVM types.
//!
//! # What
//! A *region* names which elements of a vector an operand reads or writes and in which order:
//! `<vstride; width, stride>` rows from a start offset that is constant, a runtime index plus a constant, or
//! one runtime index per row (docs/genx-ir.md §1). This crate is the arithmetic on those parameters that the
//! GenX middle end needs — element mapping, validity, canonical form, combining a region of a region,
//! sub-regions and splits, element-type changes, overlap and identity tests — as plain data and total
//! functions. The LLVM-facing passes (`genx-region-collapse`, baling, legalization, dead-vector removal) only
//! match IR, ask this crate, and rewrite: rule 3 of the house style, "keep region algebra pure".
//!
//! # Why: where regions come from in CM
//! | CM source | region |
//! |---|---|
//! | `v.select<8,2>(1)` | 1D, stride 2: `<0;8,2>(1·EB)` |
//! | `m.select<4,1,8,2>(r,c)` on a `matrix<T,R,C>` | 2D: `<C;8,2>((r·C+c)·EB)` |
//! | `m.row(i)`, `m.column(j)` | 1D stride 1 / 1D stride `C` |
//! | `v.select<8,1>(i)` with a variable `i` | single-indirect: offset `i·EB` at run time |
//! | `v[i]` (`extractelement`/`insertelement`) | one element, offset `idx·EB` (GenXLowering) |
//! | `v.replicate<K,VS,W,HS>(i)`, scalar broadcast | replicating: `vstride 0` rows or `stride 0` columns |
//! | `v.format<short>()` | a bitcast: [`Region::change_element_type`] moves regions across it |
//! | `merge`, stores under SIMD control flow | a masked `wrregion` |
//! | `v.select<8,1>(0).select<4,2>(1)`, stores into selections of selections | region of a region: [`combine()`] |
//! | SIMD32 `i32` arithmetic on a 32-byte-GRF target | too wide: legalization [`Region::split`]s it |
//! | legalized gathers of single elements | multi-indirect (`<N x i16>` offsets, width 1) |
//!
//! # Notation and the element map
//! `EB` element bytes ∈ {1,2,4,8}; `N` elements; `w` width; `h = N/w` rows; `vs` vstride; `s` stride (both
//! signed, in elements); `offset` in bytes. Element `i` is in row `r = i / w`, column `c = i % w`, and maps to
//! vector element `src(i) = (offset + idx)/EB + r·vs + c·s` (`idx` = 0 when direct), or for a multi-indirect
//! region `src(i) = (offset + idx[r])/EB + c·s` with `vs` ignored. Example (LangRef): `<7;3,2>` at byte 32 of
//! `v30i32` reads 8,10,12, 15,17,19, 22,24,26.
//!
//! # Code map
//! * [`region`] — the [`Region`] value, [`Indirect`], [`RegionError`], element mapping, validity,
//!   canonical form, reading and writing values (for tests and constant folding).
//! * [`combine`](mod@combine) — [`combine()`] / [`combine_by_rules`]: region of a region, with the runtime
//!   index rewrite as data ([`IndexTransform`], [`IndexProgram`]).
//! * [`split`] — [`Region::subregion`] and [`Region::split`].
//! * [`retype`] — [`Region::change_element_type`] and [`normalize_element_types`].
//! * [`overlap`](mod@overlap) — [`overlap()`], [`may_overlap`], and the identity / whole-vector tests.
//! * [`fit`] — the exact "is this element list one region?" search all of the above fall back on.
//! * [`refusal`] — [`Refusal`]: every reason an operation can say no, with a sentence for each.
//!
//! # Algorithms in one paragraph each
//! *Canonicalisation* applies IGC's on-read normalisations (one element, one row, `vs == w·s`, width 1,
//! splat), except where they would change what a parent width or a multi-indirect index vector means.
//! *Combining* follows the docs/genx-ir.md §2.1 case analysis (outer 1D; inner splat; inner indirect with a parent
//! width; inner 1D in one outer row, split across two rows, or whole rows; inner 2D with whole-row vstride)
//! and, for a direct inner region, falls back to an exact fit of the composite element list. *Splitting*
//! follows `getSubregion` (whole rows, inside a row, one boundary in the middle) and falls back to the exact
//! fit. *Retyping* follows `changeElementType` (contiguous rows grow; rows or 1D strided regions shrink) and
//! falls back to the exact fit. The *exact fit* tries every width dividing `N`; stride and vstride are then
//! forced by the first elements, so the search is complete in `O(N · d(N))`.
//!
//! # Architecture invariants
//! * **No LLVM types, no I/O, no panics on any input**: every fallible function returns a `Result` whose
//!   error names its reason ([`Refusal`] or [`RegionError`]).
//! * **Exactness**: every region returned reads exactly the elements (and, for retyping, the bytes in order)
//!   it claims to, for every valid vector and every runtime index value the operands' promises allow. The
//!   property tests in `tests/properties.rs` check this on 10,000 random cases per property.
//! * **Claims are checked**: a refusal for which [`Refusal::claims_inexpressible`] is true is verified by an
//!   independent brute-force search in the property tests.
//! * **Results are canonical** ([`Region::canonical`]) and carry only sound parent-width promises.
//!
//! # Not handled
//! Predicate regions (`rdpredregion`/`wrpredregion`: offset in elements, no strides — trivial, left to the
//! passes); hardware legality (power-of-two widths, GRF crossing, address-register limits — legalization's
//! business); combining multi-indirect regions or through a masked outer write; the `i16` wrap-around of
//! runtime index arithmetic (indices are modelled as exact integers; valid programs never wrap); the values
//! of masks and of runtime indices (only their kind is part of a [`Region`]).

pub mod combine;
pub mod fit;
pub mod overlap;
pub mod refusal;
pub mod region;
pub mod retype;
pub mod split;

pub use combine::{
    combine, combine_by_rules, CombineRule, Combined, CombinedIndex, IndexOp, IndexOpcode,
    IndexOperand, IndexProgram, IndexTransform,
};
pub use fit::{fit_shape, Shape};
pub use overlap::{may_overlap, overlap, IndexRelation, Overlap};
pub use refusal::{Operand, Refusal};
pub use region::{is_valid_elem_bytes, Indirect, Region, RegionError};
pub use retype::normalize_element_types;
