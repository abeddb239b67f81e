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
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMTypeKind;

/// A fixed-length set of element indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    len: u32,
    words: Words,
}

/// The words of a [`Bits`]: inline up to [`INLINE_BITS`] elements (every value of a register-sized vector),
/// so that the analysis allocates nothing per instruction; on the heap beyond. Which one is a function of the
/// length, so the derived equality compares contents.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Words {
    Inline([u64; INLINE_WORDS]),
    Heap(Box<[u64]>),
}

const INLINE_WORDS: usize = 2;
const INLINE_BITS: u32 = 64 * INLINE_WORDS as u32;

impl Bits {
    pub fn empty(len: u32) -> Bits {
        let words = if len <= INLINE_BITS {
            Words::Inline([0; INLINE_WORDS])
        } else {
            Words::Heap(vec![0; (len as usize).div_ceil(64)].into_boxed_slice())
        };
        Bits { len, words }
    }

    pub fn full(len: u32) -> Bits {
        let mut bits = Bits::empty(len);
        bits.set_range(0, len);
        bits
    }

    fn words(&self) -> &[u64] {
        match &self.words {
            Words::Inline(words) => &words[..(self.len as usize).div_ceil(64)],
            Words::Heap(words) => words,
        }
    }

    fn words_mut(&mut self) -> &mut [u64] {
        let n = (self.len as usize).div_ceil(64);
        match &mut self.words {
            Words::Inline(words) => &mut words[..n],
            Words::Heap(words) => words,
        }
    }

    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn get(&self, i: u32) -> bool {
        i < self.len && self.words()[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    /// Sets bit `i` (ignored outside the set).
    pub fn set(&mut self, i: u32) {
        if i < self.len {
            self.words_mut()[(i / 64) as usize] |= 1 << (i % 64);
        }
    }

    /// Clears bit `i` (ignored outside the set).
    pub fn clear(&mut self, i: u32) {
        if i < self.len {
            self.words_mut()[(i / 64) as usize] &= !(1 << (i % 64));
        }
    }

    /// Sets bits `start .. start + count` (clamped to the set).
    pub fn set_range(&mut self, start: u32, count: u32) {
        let end = start.saturating_add(count).min(self.len);
        let mut i = start;
        while i < end {
            let (word, bit) = ((i / 64) as usize, i % 64);
            let n = (end - i).min(64 - bit);
            let ones = if n == 64 { u64::MAX } else { ((1u64 << n) - 1) << bit };
            self.words_mut()[word] |= ones;
            i += n;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    pub fn is_full(&self) -> bool {
        self.count() == self.len
    }

    pub fn count(&self) -> u32 {
        self.words().iter().map(|w| w.count_ones()).sum()
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
        for (mine, theirs) in self.words_mut().iter_mut().zip(other.words()) {
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
    fields: Fields,
}

fn is_aggregate(ty: LLVMTypeRef) -> bool {
    matches!(ir::type_kind(ty), LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind)
}

/// Number of elements of a non-aggregate type as the lattice counts them (1 for a scalar or anything else).
pub fn element_count(ty: LLVMTypeRef) -> u32 {
    if ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
        ir::vector_size(ty)
    } else {
        1
    }
}

/// The member types of an aggregate (`None` for a non-aggregate).
pub fn members(ty: LLVMTypeRef) -> Option<Vec<LLVMTypeRef>> {
    match ir::type_kind(ty) {
        LLVMTypeKind::LLVMStructTypeKind => Some(ir::struct_field_types(ty)),
        LLVMTypeKind::LLVMArrayTypeKind => Some(vec![ir::element_of(ty); ir::array_length(ty) as usize]),
        _ => None,
    }
}

/// The field lengths of a type: one field for a non-aggregate (no allocation), one per member otherwise.
enum Shape {
    One(u32),
    Members(Vec<u32>),
}

fn shape(ty: LLVMTypeRef) -> Shape {
    match members(ty) {
        Some(members) => {
            Shape::Members(members.into_iter().map(|m| if is_aggregate(m) { 1 } else { element_count(m) }).collect())
        }
        None => Shape::One(element_count(ty)),
    }
}

/// The fields of a [`LiveElements`]: a non-aggregate value's one bitset is held inline.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Fields {
    One(Bits),
    Many(Vec<Bits>),
}

impl Fields {
    fn from_shape(shape: Shape, make: fn(u32) -> Bits) -> Fields {
        match shape {
            Shape::One(n) => Fields::One(make(n)),
            Shape::Members(lengths) => Fields::Many(lengths.into_iter().map(make).collect()),
        }
    }

    fn as_slice(&self) -> &[Bits] {
        match self {
            Fields::One(bits) => std::slice::from_ref(bits),
            Fields::Many(fields) => fields,
        }
    }

    fn as_mut_slice(&mut self) -> &mut [Bits] {
        match self {
            Fields::One(bits) => std::slice::from_mut(bits),
            Fields::Many(fields) => fields,
        }
    }
}

impl LiveElements {
    /// Nothing of a value of type `ty` is live.
    pub fn none(ty: LLVMTypeRef) -> LiveElements {
        LiveElements { fields: Fields::from_shape(shape(ty), Bits::empty) }
    }

    /// Everything of a value of type `ty` is live.
    pub fn all(ty: LLVMTypeRef) -> LiveElements {
        LiveElements { fields: Fields::from_shape(shape(ty), Bits::full) }
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
        LiveElements { fields: Fields::One(bits) }
    }

    /// The value's type's liveness, when it has that shape (else all live, conservatively).
    pub fn of_value(value: LLVMValueRef, fields: Vec<Bits>) -> LiveElements {
        let ty = ir::type_of(value);
        match shape(ty) {
            Shape::One(n) if fields.len() == 1 && fields[0].len() == n => {
                LiveElements { fields: Fields::One(fields.into_iter().next().unwrap_or_else(|| Bits::empty(n))) }
            }
            Shape::Members(expected)
                if fields.len() == expected.len() && fields.iter().zip(&expected).all(|(f, &n)| f.len() == n) =>
            {
                LiveElements { fields: Fields::Many(fields) }
            }
            _ => LiveElements::all(ty),
        }
    }

    /// [`LiveElements::of_value`] of a single bitset (without building a list for it).
    pub fn of_value_bits(value: LLVMValueRef, bits: Bits) -> LiveElements {
        let ty = ir::type_of(value);
        match shape(ty) {
            Shape::One(n) if bits.len() == n => LiveElements { fields: Fields::One(bits) },
            Shape::Members(expected) if expected.len() == 1 && expected[0] == bits.len() => {
                LiveElements { fields: Fields::Many(vec![bits]) }
            }
            _ => LiveElements::all(ty),
        }
    }

    pub fn fields(&self) -> &[Bits] {
        self.fields.as_slice()
    }

    /// The single bitset of a non-aggregate value (the first field of an aggregate; an empty set for a value
    /// with no fields, such as `{}`).
    pub fn bits(&self) -> &Bits {
        static NO_BITS: Bits = Bits { len: 0, words: Words::Inline([0; INLINE_WORDS]) };
        self.fields().first().unwrap_or(&NO_BITS)
    }

    pub fn is_empty(&self) -> bool {
        self.fields().iter().all(Bits::is_empty)
    }

    pub fn is_all(&self) -> bool {
        self.fields().iter().all(Bits::is_full)
    }

    /// Number of elements over all fields.
    pub fn len(&self) -> u32 {
        self.fields().iter().map(Bits::len).sum()
    }

    /// `self |= other`; whether `self` changed. A different shape makes `self` all live.
    pub fn union_with(&mut self, other: &LiveElements) -> bool {
        if other.fields().len() != self.fields().len() {
            let mut changed = false;
            for field in self.fields.as_mut_slice() {
                changed |= field.union_with(&Bits::full(field.len()));
            }
            return changed;
        }
        let mut changed = false;
        for (mine, theirs) in self.fields.as_mut_slice().iter_mut().zip(other.fields()) {
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
