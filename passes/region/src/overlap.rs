//! Overlap of two regions of the same vector, and the whole-vector / identity tests simplification uses.
//!
//! # Why
//! * **Overlap.** Baling may not move a read of `A` past a write into `A` that touches the same bytes;
//!   GenXDeadVectorRemoval asks which elements a write kills; the `wr(wr(A, V1, R), V2, R)` fold needs "same
//!   elements"; coalescing asks whether two wrregions into one vector are independent. Regions of one vector
//!   may be seen through bitcasts, so overlap is decided on **bytes** and the two element sizes may differ.
//! * **Identity / whole vector (docs/genx-ir.md §1.5).** `rdregion(V, R)` with `R` reading all of `V` in order is
//!   `V`; `wrregion(Old, New, R)` with such an `R` and no mask is `New`; a write whose elements cover the whole
//!   vector makes `Old` dead.
//!
//! # Exactness
//! Direct against direct is exact: the byte sets are computed and intersected (`O(N log N)`). Two
//! single-indirect regions known to use the *same* runtime index value ([`IndexRelation::SameIndex`]) are
//! also exact, because both byte sets move together with the index. Everything else involving a runtime
//! index is [`Overlap::Unknown`], and [`may_overlap`] treats unknown as overlapping.

use crate::region::{Indirect, Region, RegionError};

/// The answer of [`overlap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlap {
    /// No byte is accessed by both regions, for every runtime index value.
    Disjoint,
    /// Some byte is accessed by both, for every runtime index value.
    Overlapping,
    /// Depends on runtime index values.
    Unknown,
}

/// What is known about the runtime indices of two indirect regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexRelation {
    /// Nothing (different or unknown index values).
    Unrelated,
    /// Both regions are single-indirect on the same index value (the same SSA value in the IR).
    SameIndex,
}

/// Sorted, merged half-open byte intervals accessed by `r`, relative to the runtime index (zero for direct).
fn byte_intervals(r: &Region) -> Result<Vec<(i64, i64)>, RegionError> {
    let eb = r.elem_bytes as i64;
    let indices = vec![0; r.indirect.index_count()];
    // With index 0 the start must still be aligned; the constant offset is checked by check_shape.
    let mut spans: Vec<(i64, i64)> = r
        .elements(&indices)?
        .into_iter()
        .map(|e| (e * eb, e * eb + eb))
        .collect();
    spans.sort_unstable();
    let mut merged: Vec<(i64, i64)> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    Ok(merged)
}

fn intervals_intersect(a: &[(i64, i64)], b: &[(i64, i64)]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].1 <= b[j].0 {
            i += 1;
        } else if b[j].1 <= a[i].0 {
            j += 1;
        } else {
            return true;
        }
    }
    false
}

/// Whether regions `a` and `b` of the same vector access a common byte. Masks are ignored (a masked write
/// touches a subset of its region, so `Disjoint` stays true; `Overlapping` means the regions overlap).
pub fn overlap(a: &Region, b: &Region, relation: IndexRelation) -> Result<Overlap, RegionError> {
    a.check_shape()?;
    b.check_shape()?;
    let comparable = match (a.indirect, b.indirect) {
        (Indirect::None, Indirect::None) => true,
        (Indirect::Single, Indirect::Single) => relation == IndexRelation::SameIndex,
        _ => false,
    };
    if !comparable {
        return Ok(Overlap::Unknown);
    }
    let (ia, ib) = (byte_intervals(a)?, byte_intervals(b)?);
    Ok(if intervals_intersect(&ia, &ib) {
        Overlap::Overlapping
    } else {
        Overlap::Disjoint
    })
}

/// Conservative overlap test: `false` only when the regions are proven disjoint (malformed regions count as
/// overlapping).
pub fn may_overlap(a: &Region, b: &Region, relation: IndexRelation) -> bool {
    !matches!(overlap(a, b, relation), Ok(Overlap::Disjoint))
}

impl Region {
    /// The region reads (or writes) every element of a `len`-element vector exactly in order: a direct,
    /// unmasked region whose element list is `0, 1, .., len-1`. `rdregion(V, R)` is then `V` and an unmasked
    /// `wrregion(Old, New, R)` is `New` (docs/genx-ir.md §1.5).
    pub fn is_identity(&self, len: u32) -> bool {
        !self.indirect.is_indirect()
            && !self.masked
            && self.num_elements == len
            && self
                .direct_elements()
                .is_ok_and(|els| els.iter().enumerate().all(|(i, &e)| e == i as i64))
    }

    /// Every element of a `len`-element vector is accessed (the region may access some twice), nothing
    /// outside it is, and the region is direct and unmasked: a write through it leaves nothing of `Old`.
    pub fn covers_whole_vector(&self, len: u32) -> bool {
        if self.indirect.is_indirect() || self.masked || self.validate(len).is_err() {
            return false;
        }
        let mut seen = vec![false; len as usize];
        for e in self.direct_elements().unwrap_or_default() {
            seen[e as usize] = true;
        }
        seen.iter().all(|&s| s)
    }

    /// IGC's `isWhole`: direct, contiguous, offset 0, and exactly `vector_bytes` bytes long — the whole of a
    /// vector of any element type (used when a bitcast sits between the region and its vector).
    pub fn is_whole(&self, vector_bytes: u64) -> bool {
        let r = self.canonical();
        r.check_shape().is_ok()
            && !r.indirect.is_indirect()
            && r.is_contiguous()
            && r.offset == 0
            && r.num_elements as u64 * r.elem_bytes as u64 == vector_bytes
    }

    /// Whether two regions describe the same access: equal canonical parameters, ignoring the mask flag and
    /// the parent width. For indirect regions the caller must also check that the index values are the same.
    /// Used by the `wrregion(Old, rdregion(Old, R), R) -> Old` and `wr(wr(A, V1, R), V2, R)` folds.
    pub fn same_access(&self, other: &Region) -> bool {
        let strip = |r: &Region| Region {
            masked: false,
            parent_width: None,
            ..r.canonical()
        };
        strip(self) == strip(other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interleaved_strided_regions_are_disjoint() {
        let even = Region::new(4, 8, 0, 8, 2, 0);
        let odd = Region::new(4, 8, 0, 8, 2, 4);
        assert_eq!(
            overlap(&even, &odd, IndexRelation::Unrelated),
            Ok(Overlap::Disjoint)
        );
        assert!(!may_overlap(&even, &odd, IndexRelation::Unrelated));
        let half = Region::new(4, 4, 0, 4, 1, 8);
        assert_eq!(
            overlap(&even, &half, IndexRelation::Unrelated),
            Ok(Overlap::Overlapping)
        );
    }

    #[test]
    fn different_element_sizes_compare_bytes() {
        // i32 element 1 = bytes 4..8 = i16 elements 2, 3.
        let word = Region::new(4, 1, 0, 1, 1, 4);
        let high = Region::new(2, 1, 0, 1, 1, 6);
        let next = Region::new(2, 1, 0, 1, 1, 8);
        assert_eq!(
            overlap(&word, &high, IndexRelation::Unrelated),
            Ok(Overlap::Overlapping)
        );
        assert_eq!(
            overlap(&word, &next, IndexRelation::Unrelated),
            Ok(Overlap::Disjoint)
        );
    }

    #[test]
    fn indirect_is_unknown_unless_same_index() {
        let a = Region::new(4, 4, 0, 4, 2, 0).with_single_indirect();
        let b = Region::new(4, 4, 0, 4, 2, 4).with_single_indirect();
        assert_eq!(
            overlap(&a, &b, IndexRelation::Unrelated),
            Ok(Overlap::Unknown)
        );
        assert!(may_overlap(&a, &b, IndexRelation::Unrelated));
        assert_eq!(
            overlap(&a, &b, IndexRelation::SameIndex),
            Ok(Overlap::Disjoint)
        );
        let direct = Region::new(4, 4, 0, 4, 1, 0);
        assert_eq!(
            overlap(&a, &direct, IndexRelation::SameIndex),
            Ok(Overlap::Unknown)
        );
        let multi = Region::new(4, 4, 0, 4, 1, 0).with_multi_indirect(1);
        assert_eq!(
            overlap(&multi, &multi, IndexRelation::SameIndex),
            Ok(Overlap::Unknown)
        );
    }

    #[test]
    fn identity_and_whole() {
        assert!(Region::whole(4, 8).is_identity(8));
        assert!(Region::new(4, 8, 4, 4, 1, 0).is_identity(8)); // 2D but contiguous
        assert!(!Region::new(4, 8, 4, 4, 1, 0).with_mask().is_identity(8));
        assert!(!Region::new(4, 4, 0, 4, 1, 0).is_identity(8));
        assert!(!Region::new(4, 8, 0, 8, 1, 0)
            .with_single_indirect()
            .is_identity(8));
        // Reversed order covers the vector but is not the identity.
        let reversed = Region::new(4, 4, 0, 4, -1, 12);
        assert!(!reversed.is_identity(4));
        assert!(reversed.covers_whole_vector(4));
        assert!(!Region::new(4, 4, 0, 4, 2, 0).covers_whole_vector(8));
        // Whole of a 32-byte vector of any element type.
        assert!(Region::whole(2, 16).is_whole(32));
        assert!(!Region::whole(2, 16).is_whole(64));
        assert!(!Region::new(2, 16, 0, 16, 1, 2).is_whole(32));
    }

    #[test]
    fn same_access_ignores_mask_and_spelling() {
        let a = Region::new(4, 8, 8, 4, 2, 0);
        let b = Region::new(4, 8, 0, 8, 2, 0).with_mask();
        assert!(a.same_access(&b));
        assert!(!a.same_access(&Region::new(4, 8, 0, 8, 2, 4)));
    }
}
