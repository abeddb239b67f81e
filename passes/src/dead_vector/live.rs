//! The liveness lattice: which elements of a value are live.
//!
//! A value's liveness is one bitset per *field*: a scalar or vector value has one field with a bit per element
//! (one bit for a scalar); a struct or array has one field per member, each with a bit per element of that
//! member when the member is a scalar or vector, or a single all-or-nothing bit when the member is itself an
//! aggregate. The order is set inclusion (more bits = more live); joins are unions. Every bitset has a fixed
//! length given by the type, so the lattice is finite and the analysis terminates.
//!
//! Invariant: nothing here panics on a length mismatch; joining bitsets of different lengths makes the
//! result fully live (a conservative answer to a question the analysis should never ask).

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMTypeKind;

/// A fixed-length set of element indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    len: u32,
    words: Vec<u64>,
}

impl Bits {
    pub fn empty(len: u32) -> Bits {
        Bits { len, words: vec![0; (len as usize).div_ceil(64)] }
    }

    pub fn full(len: u32) -> Bits {
        let mut bits = Bits::empty(len);
        bits.set_range(0, len);
        bits
    }

    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn get(&self, i: u32) -> bool {
        i < self.len && self.words[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    /// Sets bit `i` (ignored outside the set).
    pub fn set(&mut self, i: u32) {
        if i < self.len {
            self.words[(i / 64) as usize] |= 1 << (i % 64);
        }
    }

    /// Clears bit `i` (ignored outside the set).
    pub fn clear(&mut self, i: u32) {
        if i < self.len {
            self.words[(i / 64) as usize] &= !(1 << (i % 64));
        }
    }

    /// Sets bits `start .. start + count` (clamped to the set).
    pub fn set_range(&mut self, start: u32, count: u32) {
        let end = start.saturating_add(count).min(self.len);
        for i in start..end {
            self.set(i);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn is_full(&self) -> bool {
        self.count() == self.len
    }

    pub fn count(&self) -> u32 {
        self.words.iter().map(|w| w.count_ones()).sum()
    }

    pub fn ones(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len).filter(|&i| self.get(i))
    }

    /// `self |= other`; whether `self` changed. Different lengths make `self` full.
    pub fn union_with(&mut self, other: &Bits) -> bool {
        if other.len != self.len {
            let was_full = self.is_full();
            *self = Bits::full(self.len);
            return !was_full;
        }
        let mut changed = false;
        for (mine, theirs) in self.words.iter_mut().zip(&other.words) {
            let joined = *mine | theirs;
            changed |= joined != *mine;
            *mine = joined;
        }
        changed
    }
}

/// The liveness of one value: one [`Bits`] per field (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveElements {
    fields: Vec<Bits>,
}

fn is_aggregate(ty: LLVMTypeRef) -> bool {
    unsafe { matches!(LLVMGetTypeKind(ty), LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind) }
}

/// Number of elements of a non-aggregate type as the lattice counts them (1 for a scalar or anything else).
pub fn element_count(ty: LLVMTypeRef) -> u32 {
    unsafe {
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
            LLVMGetVectorSize(ty)
        } else {
            1
        }
    }
}

/// The member types of an aggregate (`None` for a non-aggregate).
pub fn members(ty: LLVMTypeRef) -> Option<Vec<LLVMTypeRef>> {
    unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => {
                let count = LLVMCountStructElementTypes(ty);
                let mut types = vec![std::ptr::null_mut(); count as usize];
                LLVMGetStructElementTypes(ty, types.as_mut_ptr());
                Some(types)
            }
            LLVMTypeKind::LLVMArrayTypeKind => Some(vec![LLVMGetElementType(ty); LLVMGetArrayLength(ty) as usize]),
            _ => None,
        }
    }
}

/// The field lengths of a type.
fn shape(ty: LLVMTypeRef) -> Vec<u32> {
    match members(ty) {
        Some(members) => members.into_iter().map(|m| if is_aggregate(m) { 1 } else { element_count(m) }).collect(),
        None => vec![element_count(ty)],
    }
}

impl LiveElements {
    /// Nothing of a value of type `ty` is live.
    pub fn none(ty: LLVMTypeRef) -> LiveElements {
        LiveElements { fields: shape(ty).into_iter().map(Bits::empty).collect() }
    }

    /// Everything of a value of type `ty` is live.
    pub fn all(ty: LLVMTypeRef) -> LiveElements {
        LiveElements { fields: shape(ty).into_iter().map(Bits::full).collect() }
    }

    /// Everything of `value`'s type when `live`, nothing otherwise.
    pub fn all_if(ty: LLVMTypeRef, live: bool) -> LiveElements {
        if live {
            LiveElements::all(ty)
        } else {
            LiveElements::none(ty)
        }
    }

    /// A non-aggregate value's liveness from its one bitset.
    pub fn from_bits(bits: Bits) -> LiveElements {
        LiveElements { fields: vec![bits] }
    }

    /// The value's type's liveness, when it has that shape (else all live, conservatively).
    pub fn of_value(value: LLVMValueRef, fields: Vec<Bits>) -> LiveElements {
        let expected = shape(ir::type_of(value));
        if fields.len() == expected.len() && fields.iter().zip(&expected).all(|(f, &n)| f.len() == n) {
            LiveElements { fields }
        } else {
            LiveElements::all(ir::type_of(value))
        }
    }

    pub fn fields(&self) -> &[Bits] {
        &self.fields
    }

    /// The single bitset of a non-aggregate value (the first field of an aggregate; an empty set for a value
    /// with no fields, such as `{}`).
    pub fn bits(&self) -> &Bits {
        static NO_BITS: Bits = Bits { len: 0, words: Vec::new() };
        self.fields.first().unwrap_or(&NO_BITS)
    }

    pub fn is_empty(&self) -> bool {
        self.fields.iter().all(Bits::is_empty)
    }

    pub fn is_all(&self) -> bool {
        self.fields.iter().all(Bits::is_full)
    }

    /// Number of elements over all fields.
    pub fn len(&self) -> u32 {
        self.fields.iter().map(Bits::len).sum()
    }

    /// `self |= other`; whether `self` changed. A different shape makes `self` all live.
    pub fn union_with(&mut self, other: &LiveElements) -> bool {
        if other.fields.len() != self.fields.len() {
            let mut changed = false;
            for field in &mut self.fields {
                changed |= field.union_with(&Bits::full(field.len()));
            }
            return changed;
        }
        let mut changed = false;
        for (mine, theirs) in self.fields.iter_mut().zip(&other.fields) {
            changed |= mine.union_with(theirs);
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_join_and_count() {
        let mut a = Bits::empty(70);
        a.set(3);
        a.set(69);
        a.set(70);
        assert_eq!(a.count(), 2);
        let mut b = Bits::empty(70);
        b.set_range(60, 20);
        assert!(a.union_with(&b));
        assert!(!a.union_with(&b));
        assert_eq!(a.ones().collect::<Vec<_>>(), [3, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69]);
        a.clear(3);
        assert!(!a.get(3));
        assert!(Bits::full(65).is_full());
        let mut short = Bits::empty(4);
        assert!(short.union_with(&Bits::empty(5)));
        assert!(short.is_full());
    }
}
