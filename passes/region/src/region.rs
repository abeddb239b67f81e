//! The `Region` value: its fields, element mapping, validity rules and canonical form.
//!
//! A [`Region`] is the parameter set of one `rdregion`/`wrregion` operand: which elements of a vector it reads
//! or writes, in which order. It is plain data (`Copy`, no LLVM values); a runtime index is represented only by
//! *which kind* of index the region has ([`Indirect`]), and every function that needs its value takes concrete
//! index values as a parameter (`indices: &[i64]`, byte values, see [`Region::elements`]).
//!
//! # Element mapping (docs/genx-ir.md §1.2)
//! With `N` elements, width `w`, `h = N / w` rows, and for element `i`: `r = i / w`, `c = i % w`:
//!
//! * direct or single-indirect: `base = (offset + idx) / EB`, `src(i) = base + r*vstride + c*stride`
//!   (`idx` = 0 for a direct region);
//! * multi-indirect (one runtime byte index per row): `src(i) = (offset + idx[first + r]) / EB + c*stride`;
//!   `vstride` is ignored.
//!
//! A read produces `R[i] = V[src(i)]`; a write does `W = Old; for i in 0..N { if mask[i] { W[src(i)] = New[i] } }`.
//!
//! # Validity (docs/genx-ir.md §1.3)
//! [`Region::check_shape`] checks what the parameters alone decide (EB ∈ {1,2,4,8}, `N ≥ 1`, `w ≠ 0`, `w | N`,
//! constant offset a multiple of EB, a non-zero parent width, enough multi-indirect offsets).
//! [`Region::validate`] adds "inside a vector of `len` elements" for direct regions; [`Region::validate_at`]
//! checks an indirect region for concrete index values (alignment, range, parent-width promise);
//! [`Region::validate_write`] additionally forbids writing one element twice.
//!
//! # Canonical form (docs/genx-ir.md §1.4)
//! [`Region::canonical`] applies the normalisations IGC's `CMRegion` constructor applies when it reads a region
//! from IR. It never changes the element list (a property test checks this) and is idempotent.

use std::fmt;

/// How a region's start is supplied at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Indirect {
    /// Direct region: the start is the constant `offset` alone.
    None,
    /// Single-indirect region: one runtime byte index (an `i16` operand) is added to `offset`.
    Single,
    /// Multi-indirect region: the index operand is a vector of `rows` runtime byte indices (`<rows x i16>`);
    /// row `r` of the region starts at byte `offset + index[first + r]`. `first` is non-zero only for a
    /// sub-region produced by [`Region::subregion`] (IGC's `IndirectIdx`): the emitter then reads the
    /// sub-vector `index[first .. first + h]`.
    Multi {
        /// Length of the index vector.
        rows: u32,
        /// Index of the first entry this region uses.
        first: u32,
    },
}

impl Indirect {
    /// Whether the region has any runtime index.
    pub fn is_indirect(self) -> bool {
        !matches!(self, Indirect::None)
    }

    /// How many runtime index values [`Region::elements`] expects.
    pub fn index_count(self) -> usize {
        match self {
            Indirect::None => 0,
            Indirect::Single => 1,
            Indirect::Multi { rows, .. } => rows as usize,
        }
    }
}

/// The parameters of one region operand. See the module documentation for the meaning of each field.
///
/// Fields are public plain data; nothing is checked on construction. Use [`Region::check_shape`] /
/// [`Region::validate`] before trusting a region that came from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// Element size in bytes: 1, 2, 4 or 8 (`EB`).
    pub elem_bytes: u32,
    /// Number of elements `N` (the rdregion result / wrregion New length; 1 for a scalar).
    pub num_elements: u32,
    /// Row width `w` in elements.
    pub width: u32,
    /// Distance in elements between the starts of consecutive rows (ignored by multi-indirect regions).
    pub vstride: i32,
    /// Distance in elements between consecutive elements of a row.
    pub stride: i32,
    /// Constant byte offset: the whole start of a direct region, the constant part added to the runtime
    /// index of an indirect one (IGC's `makeRegionWithOffset` splits `idx + C` into `Indirect = idx`,
    /// `Offset = C`). Must be a multiple of `elem_bytes`.
    pub offset: i32,
    /// Runtime index kind.
    pub indirect: Indirect,
    /// Parent width: a promise that no row of the region crosses a multiple of this many elements of the
    /// input vector. Only meaningful for indirect regions (ignored, and dropped by [`Region::canonical`],
    /// for direct ones); it never changes values, it only lets combining and legalization reason about rows.
    pub parent_width: Option<u32>,
    /// A `wrregion` with a predicate that is not the constant all-ones (`i1 1`). The mask's contents live in
    /// the IR; the algebra only needs to know it exists (a masked outer region cannot be combined, a masked
    /// region cannot change element type).
    pub masked: bool,
}

/// Why a region is not well formed, or not valid for a given vector and index values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionError {
    /// Element size is not 1, 2, 4 or 8 bytes.
    BadElementBytes(u32),
    /// The region has no elements.
    NoElements,
    /// The width is zero.
    ZeroWidth,
    /// The width does not divide the number of elements, so the last row would be partial.
    WidthNotDividing { num_elements: u32, width: u32 },
    /// The constant offset is not a multiple of the element size.
    MisalignedOffset { offset: i32, elem_bytes: u32 },
    /// A parent width of zero was given (use `None` for "no promise").
    ZeroParentWidth,
    /// A multi-indirect region needs more row offsets than its index vector has.
    TooFewRowOffsets { needed: u32, first: u32, rows: u32 },
    /// The number of runtime index values does not match the region's [`Indirect`] kind.
    IndexCount { expected: usize, got: usize },
    /// A runtime start address (constant offset plus index) is not a multiple of the element size.
    MisalignedIndex {
        row: u32,
        address: i64,
        elem_bytes: u32,
    },
    /// An element lies outside the vector.
    OutOfRange {
        position: u32,
        element: i64,
        len: u32,
    },
    /// A write region would write the same element twice.
    DuplicateWrite {
        element: i64,
        first: u32,
        second: u32,
    },
    /// The parent-width promise does not hold for the given index values.
    ParentWidthBroken { row: u32, parent_width: u32 },
    /// A value vector passed to [`Region::read`] / [`Region::write`] has the wrong length.
    ValueCount { expected: usize, got: usize },
    /// A parameter does not fit the field type after arithmetic (absurdly large strides or offsets).
    Overflow,
}

impl fmt::Display for RegionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegionError::BadElementBytes(b) => write!(f, "element size {b} bytes is not 1, 2, 4 or 8"),
            RegionError::NoElements => write!(f, "the region has no elements"),
            RegionError::ZeroWidth => write!(f, "the region width is zero"),
            RegionError::WidthNotDividing { num_elements, width } => {
                write!(f, "width {width} does not divide the {num_elements} elements into whole rows")
            }
            RegionError::MisalignedOffset { offset, elem_bytes } => {
                write!(f, "constant offset {offset} bytes is not a multiple of the {elem_bytes}-byte element size")
            }
            RegionError::ZeroParentWidth => write!(f, "a parent width of zero promises nothing; leave it unset"),
            RegionError::TooFewRowOffsets { needed, first, rows } => write!(
                f,
                "the multi-indirect region needs {needed} row offsets from entry {first}, but the index vector has {rows}"
            ),
            RegionError::IndexCount { expected, got } => {
                write!(f, "the region takes {expected} runtime index values, {got} were given")
            }
            RegionError::MisalignedIndex { row, address, elem_bytes } => write!(
                f,
                "row {row} starts at byte {address}, which is not a multiple of the {elem_bytes}-byte element size"
            ),
            RegionError::OutOfRange { position, element, len } => {
                write!(f, "element {position} of the region is vector element {element}, outside 0..{len}")
            }
            RegionError::DuplicateWrite { element, first, second } => write!(
                f,
                "the write region writes vector element {element} twice (region elements {first} and {second})"
            ),
            RegionError::ParentWidthBroken { row, parent_width } => write!(
                f,
                "row {row} crosses a multiple of the parent width {parent_width}, breaking the parent-width promise"
            ),
            RegionError::ValueCount { expected, got } => write!(f, "expected {expected} values, got {got}"),
            RegionError::Overflow => write!(f, "region arithmetic overflowed the field types"),
        }
    }
}

impl std::error::Error for RegionError {}

/// Whether `eb` is a legal element size.
pub fn is_valid_elem_bytes(eb: u32) -> bool {
    matches!(eb, 1 | 2 | 4 | 8)
}

impl Region {
    /// A direct region with IR operand order `<vstride; width, stride>` and a constant byte `offset`.
    pub fn new(
        elem_bytes: u32,
        num_elements: u32,
        vstride: i32,
        width: u32,
        stride: i32,
        offset: i32,
    ) -> Region {
        Region {
            elem_bytes,
            num_elements,
            width,
            vstride,
            stride,
            offset,
            indirect: Indirect::None,
            parent_width: None,
            masked: false,
        }
    }

    /// The region covering a whole vector of `len` elements: `<len; len, 1>`, offset 0.
    pub fn whole(elem_bytes: u32, len: u32) -> Region {
        Region::new(elem_bytes, len, len as i32, len, 1, 0)
    }

    /// The one-element region GenXLowering makes of `extractelement`/`insertelement` at a constant `index`.
    /// An offset beyond `i32` saturates, leaving a region that validation rejects.
    pub fn element(elem_bytes: u32, index: u32) -> Region {
        let offset = (index as i64 * elem_bytes as i64).min(i32::MAX as i64) as i32;
        Region::new(elem_bytes, 1, 0, 1, 1, offset)
    }

    /// The same region with a single runtime index added to its constant offset.
    pub fn with_single_indirect(mut self) -> Region {
        self.indirect = Indirect::Single;
        self
    }

    /// The same region made multi-indirect with an index vector of `rows` entries, starting at entry 0.
    pub fn with_multi_indirect(mut self, rows: u32) -> Region {
        self.indirect = Indirect::Multi { rows, first: 0 };
        self
    }

    /// The same region with a parent-width promise.
    pub fn with_parent_width(mut self, parent_width: u32) -> Region {
        self.parent_width = Some(parent_width);
        self
    }

    /// The same region marked as a predicated (masked) write.
    pub fn with_mask(mut self) -> Region {
        self.masked = true;
        self
    }

    /// Number of rows `h = N / w` (0 when the width is 0).
    pub fn rows(&self) -> u32 {
        self.num_elements.checked_div(self.width).unwrap_or(0)
    }

    /// Whether the region is multi-indirect.
    pub fn is_multi_indirect(&self) -> bool {
        matches!(self.indirect, Indirect::Multi { .. })
    }

    /// Every element reads the same vector element (IGC's `isScalar`): `stride == 0` and the region has one
    /// row or `vstride == 0`. A multi-indirect region qualifies only with one row (its rows have independent
    /// starts). Note that a canonical one-element region has stride 1 and is *not* a splat by this definition.
    pub fn is_splat(&self) -> bool {
        self.stride == 0
            && (self.width == self.num_elements || (self.vstride == 0 && !self.is_multi_indirect()))
    }

    /// A 2D region in IGC's sense: not a splat and more than one row. Meaningful on the canonical form
    /// (a 2D-looking region with `vstride == width * stride` is really 1D).
    pub fn is_2d(&self) -> bool {
        !self.is_splat() && self.width != self.num_elements
    }

    /// Elements of each row are adjacent and rows follow each other (IGC's `isContiguous`).
    pub fn is_contiguous(&self) -> bool {
        (self.width == 1 || self.stride == 1)
            && (self.width == self.num_elements || self.vstride == self.width as i32)
    }

    /// The region reads some element more than once by construction: a zero stride in a row of several
    /// elements, or a zero vstride with several rows (the "replicating" regions of docs/genx-ir.md §2.1). Only the
    /// symbolic pattern is considered, not coincidences of a particular offset.
    pub fn is_replicating(&self) -> bool {
        (self.stride == 0 && self.width > 1)
            || (self.vstride == 0 && self.rows() > 1 && !self.is_multi_indirect())
    }

    /// Checks everything the parameters alone decide (docs/genx-ir.md §1.3).
    pub fn check_shape(&self) -> Result<(), RegionError> {
        if !is_valid_elem_bytes(self.elem_bytes) {
            return Err(RegionError::BadElementBytes(self.elem_bytes));
        }
        if self.num_elements == 0 {
            return Err(RegionError::NoElements);
        }
        if self.width == 0 {
            return Err(RegionError::ZeroWidth);
        }
        if self.num_elements % self.width != 0 {
            return Err(RegionError::WidthNotDividing {
                num_elements: self.num_elements,
                width: self.width,
            });
        }
        if self.offset.rem_euclid(self.elem_bytes as i32) != 0 {
            return Err(RegionError::MisalignedOffset {
                offset: self.offset,
                elem_bytes: self.elem_bytes,
            });
        }
        if self.parent_width == Some(0) {
            return Err(RegionError::ZeroParentWidth);
        }
        if let Indirect::Multi { rows, first } = self.indirect {
            let needed = self.rows();
            if first as u64 + needed as u64 > rows as u64 {
                return Err(RegionError::TooFewRowOffsets {
                    needed,
                    first,
                    rows,
                });
            }
        }
        Ok(())
    }

    /// Position of element `i` relative to the start of its row's base, in elements: `r*vstride + c*stride`
    /// for direct and single-indirect regions, `c*stride` for multi-indirect ones (whose rows have their own
    /// bases). A malformed region with width 0 is treated as width 1.
    pub fn relative_element(&self, i: u32) -> i64 {
        let w = self.width.max(1);
        let (r, c) = ((i / w) as i64, (i % w) as i64);
        if self.is_multi_indirect() {
            c * self.stride as i64
        } else {
            r * self.vstride as i64 + c * self.stride as i64
        }
    }

    /// The relative positions of all elements (see [`Region::relative_element`]).
    pub fn relative_elements(&self) -> Vec<i64> {
        (0..self.num_elements)
            .map(|i| self.relative_element(i))
            .collect()
    }

    /// The start element of row `row` for the given runtime index values, checking alignment.
    fn row_base(&self, row: u32, indices: &[i64]) -> Result<i64, RegionError> {
        let eb = self.elem_bytes as i64;
        let address = match self.indirect {
            Indirect::None => self.offset as i64,
            Indirect::Single => (self.offset as i64)
                .checked_add(indices[0])
                .ok_or(RegionError::Overflow)?,
            Indirect::Multi { first, .. } => (self.offset as i64)
                .checked_add(indices[(first + row) as usize])
                .ok_or(RegionError::Overflow)?,
        };
        if address.rem_euclid(eb) != 0 {
            return Err(RegionError::MisalignedIndex {
                row,
                address,
                elem_bytes: self.elem_bytes,
            });
        }
        Ok(address.div_euclid(eb))
    }

    /// The vector element each region element maps to (`src(i)` of docs/genx-ir.md §1.2), for the given runtime
    /// byte index values: none for a direct region, one for a single-indirect region, `rows` (the whole index
    /// vector) for a multi-indirect one. Range is not checked (there is no vector here); see
    /// [`Region::validate_at`].
    pub fn elements(&self, indices: &[i64]) -> Result<Vec<i64>, RegionError> {
        self.check_shape()?;
        let expected = self.indirect.index_count();
        if indices.len() != expected {
            return Err(RegionError::IndexCount {
                expected,
                got: indices.len(),
            });
        }
        let mut out = Vec::with_capacity(self.num_elements as usize);
        let multi = self.is_multi_indirect();
        let mut base = self.row_base(0, indices)?;
        for i in 0..self.num_elements {
            if multi && i % self.width == 0 {
                base = self.row_base(i / self.width, indices)?;
            }
            out.push(
                base.checked_add(self.relative_element(i))
                    .ok_or(RegionError::Overflow)?,
            );
        }
        Ok(out)
    }

    /// The elements of a direct region (no index values).
    pub fn direct_elements(&self) -> Result<Vec<i64>, RegionError> {
        self.elements(&[])
    }

    /// Checks the shape and, for a direct region, that every element lies in a vector of `len` elements.
    /// Indirect regions can only be range-checked for concrete index values ([`Region::validate_at`]).
    pub fn validate(&self, len: u32) -> Result<(), RegionError> {
        self.check_shape()?;
        if !self.indirect.is_indirect() {
            self.check_range(&self.direct_elements()?, len)?;
        }
        Ok(())
    }

    /// Checks the region for concrete index values: shape, alignment of every runtime start, every element
    /// inside a vector of `len` elements, and the parent-width promise.
    pub fn validate_at(&self, len: u32, indices: &[i64]) -> Result<(), RegionError> {
        let elements = self.elements(indices)?;
        self.check_range(&elements, len)?;
        self.check_parent_width(&elements)
    }

    /// [`Region::validate_at`] plus the write-destination rule: no element is written twice.
    pub fn validate_write(&self, len: u32, indices: &[i64]) -> Result<(), RegionError> {
        self.validate_at(len, indices)?;
        let elements = self.elements(indices)?;
        let mut seen: Vec<(i64, u32)> = elements
            .iter()
            .enumerate()
            .map(|(i, &e)| (e, i as u32))
            .collect();
        seen.sort_unstable();
        for pair in seen.windows(2) {
            if pair[0].0 == pair[1].0 {
                return Err(RegionError::DuplicateWrite {
                    element: pair[0].0,
                    first: pair[0].1,
                    second: pair[1].1,
                });
            }
        }
        Ok(())
    }

    fn check_range(&self, elements: &[i64], len: u32) -> Result<(), RegionError> {
        for (position, &element) in elements.iter().enumerate() {
            if element < 0 || element >= len as i64 {
                return Err(RegionError::OutOfRange {
                    position: position as u32,
                    element,
                    len,
                });
            }
        }
        Ok(())
    }

    /// Whether the parent-width promise holds for concrete index values: every element of each row lies in
    /// the same block `[k*pw, (k+1)*pw)` of the input. Always true without a promise or for direct regions.
    pub fn parent_width_holds(&self, indices: &[i64]) -> Result<bool, RegionError> {
        let elements = self.elements(indices)?;
        Ok(self.check_parent_width(&elements).is_ok())
    }

    fn check_parent_width(&self, elements: &[i64]) -> Result<(), RegionError> {
        let pw = match (self.indirect.is_indirect(), self.parent_width) {
            (true, Some(pw)) => pw as i64,
            _ => return Ok(()),
        };
        for (row, chunk) in elements.chunks(self.width as usize).enumerate() {
            let block = chunk[0].div_euclid(pw);
            if chunk.iter().any(|e| e.div_euclid(pw) != block) {
                return Err(RegionError::ParentWidthBroken {
                    row: row as u32,
                    parent_width: pw as u32,
                });
            }
        }
        Ok(())
    }

    /// Reads the region out of `vector` (`R[i] = V[src(i)]`), checking range.
    pub fn read<T: Copy>(&self, vector: &[T], indices: &[i64]) -> Result<Vec<T>, RegionError> {
        let len = u32::try_from(vector.len()).map_err(|_| RegionError::Overflow)?;
        let elements = self.elements(indices)?;
        self.check_range(&elements, len)?;
        Ok(elements.iter().map(|&e| vector[e as usize]).collect())
    }

    /// Writes `new` through the region into a copy of `old`, honouring an optional per-element `mask`
    /// (`None` = all ones). Elements are written in order, so a duplicate write keeps the last value (as IGC's
    /// constant folder does); use [`Region::validate_write`] to reject such regions.
    pub fn write<T: Copy>(
        &self,
        old: &[T],
        new: &[T],
        mask: Option<&[bool]>,
        indices: &[i64],
    ) -> Result<Vec<T>, RegionError> {
        let len = u32::try_from(old.len()).map_err(|_| RegionError::Overflow)?;
        let n = self.num_elements as usize;
        if new.len() != n {
            return Err(RegionError::ValueCount {
                expected: n,
                got: new.len(),
            });
        }
        if let Some(m) = mask {
            if m.len() != n {
                return Err(RegionError::ValueCount {
                    expected: n,
                    got: m.len(),
                });
            }
        }
        let elements = self.elements(indices)?;
        self.check_range(&elements, len)?;
        let mut out = old.to_vec();
        for (i, &e) in elements.iter().enumerate() {
            if mask.map_or(true, |m| m[i]) {
                out[e as usize] = new[i];
            }
        }
        Ok(out)
    }

    /// The canonical form (docs/genx-ir.md §1.4, IGC's `CMRegion` constructor), in this order:
    ///
    /// 1. direct regions drop their parent width (it is ignored for constant offsets);
    /// 2. `N == 1` → `<0; 1, 1>`;
    /// 3. `N <= w` → `w = N`, `vstride = 0` (one row);
    /// 4. otherwise `vstride == w * stride` → 1D (`w = N`, `vstride = 0`), and `w == 1` → 1D with
    ///    `stride = vstride` — both skipped for multi-indirect regions and for single-indirect regions with a
    ///    parent width (turning rows into one row would change what the promise says);
    /// 5. `stride == 0 && w == N` → the canonical splat `<0; 1, 0>` (not for multi-indirect regions: their
    ///    row count must stay equal to the number of row offsets).
    ///
    /// The element list is unchanged for every valid region and index values; the result is idempotent.
    /// A region that fails [`Region::check_shape`] because of a zero width is returned unchanged.
    pub fn canonical(&self) -> Region {
        let mut r = *self;
        if !r.indirect.is_indirect() {
            r.parent_width = None;
        }
        if r.width == 0 || r.num_elements == 0 {
            return r;
        }
        let multi = r.is_multi_indirect();
        let keep_rows = multi || (r.indirect == Indirect::Single && r.parent_width.is_some());
        if r.num_elements == 1 {
            r.width = 1;
            r.stride = 1;
            r.vstride = 0;
            return r;
        }
        // One row, or rows that continue each other's stride: 1D.
        if r.num_elements <= r.width
            || (!keep_rows && r.vstride as i64 == r.width as i64 * r.stride as i64)
        {
            r.width = r.num_elements;
            r.vstride = 0;
        } else if !keep_rows && r.width == 1 {
            r.width = r.num_elements;
            r.stride = r.vstride;
            r.vstride = 0;
        }
        if r.stride == 0 && r.width == r.num_elements && !multi {
            r.width = 1;
            r.vstride = 0;
        }
        r
    }

    /// Whether the region is already in canonical form.
    pub fn is_canonical(&self) -> bool {
        self.canonical() == *self
    }
}

/// `<vs;w,s>(idx + off) N=.. EB=..`, in the spirit of IGC's region dump.
impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{};{},{}>(", self.vstride, self.width, self.stride)?;
        match self.indirect {
            Indirect::None => {}
            Indirect::Single => write!(f, "idx + ")?,
            Indirect::Multi { rows, first } => write!(f, "idx<{rows}>[{first}..] + ")?,
        }
        write!(
            f,
            "{}) N={} EB={}",
            self.offset, self.num_elements, self.elem_bytes
        )?;
        if let Some(pw) = self.parent_width {
            write!(f, " pw={pw}")?;
        }
        if self.masked {
            write!(f, " masked")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn langref_example() {
        // rdregioni.v9i32.v30i32(%v, vs=7, w=3, s=2, off=32)
        let r = Region::new(4, 9, 7, 3, 2, 32);
        assert_eq!(
            r.direct_elements().unwrap(),
            vec![8, 10, 12, 15, 17, 19, 22, 24, 26]
        );
        r.validate(30).unwrap();
        assert!(r.is_2d());
        assert!(r.is_canonical());
        let v: Vec<i32> = (0..30).map(|i| 100 + i).collect();
        assert_eq!(
            r.read(&v, &[]).unwrap(),
            vec![108, 110, 112, 115, 117, 119, 122, 124, 126]
        );
    }

    #[test]
    fn single_indirect_adds_index_to_offset() {
        let r = Region::new(2, 4, 0, 4, 1, 4).with_single_indirect();
        assert_eq!(r.elements(&[6]).unwrap(), vec![5, 6, 7, 8]);
        assert_eq!(
            r.elements(&[5]),
            Err(RegionError::MisalignedIndex {
                row: 0,
                address: 9,
                elem_bytes: 2
            })
        );
        assert_eq!(
            r.elements(&[]),
            Err(RegionError::IndexCount {
                expected: 1,
                got: 0
            })
        );
    }

    #[test]
    fn multi_indirect_ignores_vstride() {
        // Two rows of two elements, stride 3; vstride 100 is ignored.
        let r = Region::new(4, 4, 100, 2, 3, 0).with_multi_indirect(3);
        assert_eq!(r.elements(&[8, 40, 0]).unwrap(), vec![2, 5, 10, 13]);
        let mut sub = r;
        sub.indirect = Indirect::Multi { rows: 3, first: 1 };
        assert_eq!(sub.elements(&[8, 40, 0]).unwrap(), vec![10, 13, 0, 3]);
        sub.indirect = Indirect::Multi { rows: 3, first: 2 };
        assert_eq!(
            sub.check_shape(),
            Err(RegionError::TooFewRowOffsets {
                needed: 2,
                first: 2,
                rows: 3
            })
        );
    }

    #[test]
    fn shape_errors() {
        assert_eq!(
            Region::new(3, 4, 0, 4, 1, 0).check_shape(),
            Err(RegionError::BadElementBytes(3))
        );
        assert_eq!(
            Region::new(4, 0, 0, 1, 1, 0).check_shape(),
            Err(RegionError::NoElements)
        );
        assert_eq!(
            Region::new(4, 4, 0, 0, 1, 0).check_shape(),
            Err(RegionError::ZeroWidth)
        );
        assert_eq!(
            Region::new(4, 6, 4, 4, 1, 0).check_shape(),
            Err(RegionError::WidthNotDividing {
                num_elements: 6,
                width: 4
            })
        );
        assert_eq!(
            Region::new(4, 4, 0, 4, 1, 2).check_shape(),
            Err(RegionError::MisalignedOffset {
                offset: 2,
                elem_bytes: 4
            })
        );
        assert_eq!(
            Region::new(4, 4, 0, 4, 1, 0)
                .with_single_indirect()
                .with_parent_width(0)
                .check_shape(),
            Err(RegionError::ZeroParentWidth)
        );
    }

    #[test]
    fn range_and_duplicates() {
        let r = Region::new(4, 4, 0, 4, 2, 8);
        assert_eq!(
            r.validate(8),
            Err(RegionError::OutOfRange {
                position: 3,
                element: 8,
                len: 8
            })
        );
        r.validate(9).unwrap();
        let splat = Region::new(4, 4, 0, 1, 0, 0);
        splat.validate(1).unwrap();
        assert_eq!(
            splat.validate_write(1, &[]),
            Err(RegionError::DuplicateWrite {
                element: 0,
                first: 0,
                second: 1
            })
        );
    }

    #[test]
    fn parent_width_promise() {
        let r = Region::new(4, 4, 8, 2, 1, 0)
            .with_single_indirect()
            .with_parent_width(4);
        assert!(r.parent_width_holds(&[0]).unwrap()); // rows {0,1} {8,9}
        assert!(r.parent_width_holds(&[8]).unwrap()); // rows {2,3} {10,11}
        assert!(!r.parent_width_holds(&[12]).unwrap()); // rows {3,4} ...
        assert_eq!(
            r.validate_at(32, &[12]),
            Err(RegionError::ParentWidthBroken {
                row: 0,
                parent_width: 4
            })
        );
    }

    #[test]
    fn write_masks_and_orders() {
        let r = Region::new(4, 3, 0, 3, 2, 4);
        let out = r
            .write(&[0; 6], &[7, 8, 9], Some(&[true, false, true]), &[])
            .unwrap();
        assert_eq!(out, vec![0, 7, 0, 0, 0, 9]);
    }

    #[test]
    fn canonical_forms() {
        // N == 1.
        assert_eq!(
            Region::new(4, 1, 9, 5, 3, 8).canonical(),
            Region::new(4, 1, 0, 1, 1, 8)
        );
        // vs == w*s -> 1D.
        assert_eq!(
            Region::new(4, 8, 8, 4, 2, 0).canonical(),
            Region::new(4, 8, 0, 8, 2, 0)
        );
        // w == 1 -> 1D with stride vs.
        assert_eq!(
            Region::new(4, 4, 3, 1, 7, 0).canonical(),
            Region::new(4, 4, 0, 4, 3, 0)
        );
        // one row: vstride cleared.
        assert_eq!(
            Region::new(4, 4, 9, 4, 1, 0).canonical(),
            Region::new(4, 4, 0, 4, 1, 0)
        );
        // stride 0 single row -> canonical splat.
        assert_eq!(
            Region::new(4, 4, 0, 4, 0, 4).canonical(),
            Region::new(4, 4, 0, 1, 0, 4)
        );
        // w == 1 with vs == 0 -> splat through the w == 1 rule.
        assert_eq!(
            Region::new(4, 4, 0, 1, 5, 4).canonical(),
            Region::new(4, 4, 0, 1, 0, 4)
        );
        // Indirect with parent width keeps its rows.
        let pw = Region::new(4, 8, 8, 4, 2, 0)
            .with_single_indirect()
            .with_parent_width(8);
        assert_eq!(pw.canonical(), pw);
        // Indirect without parent width does not.
        let nopw = Region::new(4, 8, 8, 4, 2, 0).with_single_indirect();
        assert_eq!(
            nopw.canonical(),
            Region::new(4, 8, 0, 8, 2, 0).with_single_indirect()
        );
        // Multi-indirect keeps rows, even with stride 0 in one row.
        let multi = Region::new(4, 4, 4, 4, 0, 0).with_multi_indirect(1);
        assert_eq!(
            multi.canonical(),
            Region::new(4, 4, 0, 4, 0, 0).with_multi_indirect(1)
        );
        // Direct regions drop a parent width.
        assert_eq!(
            Region::new(4, 4, 0, 4, 1, 0)
                .with_parent_width(4)
                .canonical(),
            Region::new(4, 4, 0, 4, 1, 0)
        );
    }

    #[test]
    fn predicates() {
        assert!(Region::whole(4, 16).is_contiguous());
        assert!(Region::new(4, 16, 8, 8, 1, 0).is_contiguous());
        assert!(!Region::new(4, 16, 16, 8, 1, 0).is_contiguous());
        assert!(Region::new(4, 4, 0, 1, 0, 0).is_splat());
        assert!(!Region::new(4, 1, 0, 1, 1, 0).is_splat());
        assert!(Region::new(4, 8, 0, 4, 1, 0).is_replicating());
        assert!(!Region::new(4, 8, 8, 4, 1, 0).is_replicating());
    }

    #[test]
    fn display() {
        let r = Region::new(4, 9, 7, 3, 2, 32);
        assert_eq!(r.to_string(), "<7;3,2>(32) N=9 EB=4");
        let r = Region::new(2, 4, 0, 4, 1, -2)
            .with_single_indirect()
            .with_parent_width(8)
            .with_mask();
        assert_eq!(r.to_string(), "<0;4,1>(idx + -2) N=4 EB=2 pw=8 masked");
    }
}
