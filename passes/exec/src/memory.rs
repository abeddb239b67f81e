//! The memory model: one flat 64-bit address space of separate allocations, with per-byte definedness.
//!
//! Buffers given to a kernel (SVM pointers and the storage behind surfaces), module globals, per-group SLM and
//! each thread's allocas are allocations at distinct, widely spaced bases, so an access that strays out of one
//! allocation lands in no allocation and is reported with its address, never silently read from a neighbour.
//! Bytes written with an undef value, and bytes never written, read back as undef lanes.
//!
//! Layout of values in memory follows LLVM's data layout for `spir64`: little-endian, `iN` in `ceil(N/8)` bytes,
//! vectors packed element after element, vectors of `i1` packed one bit per element.
//!
//! # Views (parallel thread groups)
//! [`Memory::view`] makes a memory that sees a frozen snapshot of another's allocations (shared, read-only, behind
//! an `Arc`) plus allocations of its own (the group's SLM and allocas). Writes to a shared allocation go to the
//! view's *overlay* of 64-byte granules (bytes, definedness, and which bytes were written); reads see the overlay
//! over the snapshot; every granule of a shared allocation that is read is recorded. [`Memory::commit`] applies a
//! view's written bytes to the real memory, and [`Overlay::reads_any`] says whether a view read a granule that
//! another view wrote: [`crate::grid`] uses this to keep parallel groups equivalent to running them one after
//! another (see there). A view's [`Memory::allocation`] of a shared allocation shows the snapshot without the
//! overlay (callers use it for sizes only).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use crate::value::{Elem, Lanes, Ty, Value};

/// What an allocation holds (for messages and for freeing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocKind {
    /// A buffer supplied by the caller (SVM buffer or surface storage).
    Buffer,
    /// A module global.
    Global,
    /// Shared local memory of one thread group.
    Slm,
    /// An alloca of one thread.
    Private,
}

#[derive(Clone, Debug)]
pub struct Allocation {
    pub name: String,
    pub kind: AllocKind,
    pub bytes: Vec<u8>,
    pub defined: Vec<bool>,
}

/// Why an access or an operation could not be performed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// An access outside every allocation (or across its end).
    OutOfBounds { address: u64, size: u64, write: bool, lane: Option<usize>, nearest: Option<String> },
    /// Undefined behaviour of the IR for this input (division by zero, an undef branch condition, ...): the
    /// translation validator discards such inputs, `cmc run` reports them.
    Undefined(String),
    /// A construct the executor does not implement, named.
    Unsupported(String),
    /// An access through a binding-table index no surface is bound to; `need` is the kind of surface the access
    /// needs. `bound` lists the indices that are bound. The translation validator binds a surface of that kind
    /// with random contents there and runs the trial again.
    Unbound { bti: u32, need: crate::machine::SurfaceNeed, bound: String },
    /// The thread executed more instructions than its step budget allows (an endless loop, or a long one).
    StepLimit(u64),
    /// Anything else, as a sentence.
    Other(String),
}

impl Fault {
    /// Attaches the lane of a vector access.
    pub fn at_lane(self, lane: usize) -> Fault {
        match self {
            Fault::OutOfBounds { address, size, write, nearest, .. } => {
                Fault::OutOfBounds { address, size, write, lane: Some(lane), nearest }
            }
            other => other,
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::OutOfBounds { address, size, write, lane, nearest } => {
                write!(f, "out-of-bounds {} of {size} byte{} at address 0x{address:x}", if *write { "write" } else { "read" }, if *size == 1 { "" } else { "s" })?;
                if let Some(lane) = lane {
                    write!(f, " (lane {lane})")?;
                }
                if let Some(nearest) = nearest {
                    write!(f, "; nearest allocation: {nearest}")?;
                }
                Ok(())
            }
            Fault::Undefined(what) => write!(f, "undefined behaviour: {what}"),
            Fault::Unsupported(what) => write!(f, "not supported by the executor: {what}"),
            Fault::Unbound { bti, need, bound } => {
                write!(f, "surface index {bti} is not bound (bound: {bound})")?;
                match need {
                    crate::machine::SurfaceNeed::Buffer => Ok(()),
                    crate::machine::SurfaceNeed::Image(_) => f.write_str("; a typed or sampler message needs an image there"),
                    crate::machine::SurfaceNeed::Media => {
                        f.write_str("; a media block message needs a 2D image or an NV12 surface there")
                    }
                }
            }
            Fault::StepLimit(limit) => write!(f, "step limit of {limit} instructions exceeded"),
            Fault::Other(what) => f.write_str(what),
        }
    }
}

/// Spacing of allocation bases: large enough that no in-range offset of one allocation reaches the next.
const BASE_STEP: u64 = 1 << 32;
const FIRST_BASE: u64 = 1 << 32;

#[derive(Clone, Debug, Default)]
pub struct Memory {
    allocations: BTreeMap<u64, Allocation>,
    next_base: u64,
    /// Set in a view: the shared snapshot and what this view did to it.
    view: Option<Box<View>>,
}

/// The allocations of a memory, frozen and shared by views.
pub type Shared = Arc<BTreeMap<u64, Allocation>>;

/// Bytes per granule of a view's overlay and read set.
const GRANULE: u64 = 64;

/// A view's writes to shared allocations, and the granules it read.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    granules: HashMap<u64, Granule>,
    reads: RefCell<HashSet<u64>>,
}

#[derive(Clone, Debug)]
struct Granule {
    bytes: [u8; GRANULE as usize],
    defined: [bool; GRANULE as usize],
    /// Bit i: byte i was written.
    written: u64,
}

#[derive(Clone, Debug)]
struct View {
    shared: Arc<BTreeMap<u64, Allocation>>,
    overlay: Overlay,
}

impl Overlay {
    /// Whether this overlay read a granule `other` wrote.
    pub fn reads_any(&self, written: &HashSet<u64>) -> bool {
        let reads = self.reads.borrow();
        if reads.len() < written.len() {
            reads.iter().any(|g| written.contains(g))
        } else {
            written.iter().any(|g| reads.contains(g))
        }
    }

    /// The granules this overlay wrote.
    pub fn written(&self) -> impl Iterator<Item = u64> + '_ {
        self.granules.keys().copied()
    }
}

impl Memory {
    pub fn new() -> Self {
        Memory { allocations: BTreeMap::new(), next_base: FIRST_BASE, view: None }
    }

    /// Moves this memory's allocations into a shared snapshot (the memory is empty until [`Memory::restore`]).
    pub fn share(&mut self) -> Shared {
        Arc::new(std::mem::take(&mut self.allocations))
    }

    /// Takes the allocations back from a snapshot no view holds any more.
    pub fn restore(&mut self, shared: Shared) {
        self.allocations = Arc::try_unwrap(shared).unwrap_or_else(|shared| (*shared).clone());
    }

    /// A view of `shared` (see the module note); its own allocations start at `next_base` (past the shared ones:
    /// [`Memory::next_base`] of the memory that shared them).
    pub fn view(next_base: u64, shared: Shared) -> Memory {
        Memory {
            allocations: BTreeMap::new(),
            next_base: next_base.max(FIRST_BASE),
            view: Some(Box::new(View { shared, overlay: Overlay::default() })),
        }
    }

    /// Where the next allocation goes.
    pub fn next_base(&self) -> u64 {
        self.next_base
    }

    /// The overlay of a view (empty for a plain memory).
    pub fn into_overlay(self) -> Overlay {
        self.view.map(|v| v.overlay).unwrap_or_default()
    }

    /// Applies the bytes an overlay wrote.
    pub fn commit(&mut self, overlay: &Overlay) {
        for (&granule, g) in &overlay.granules {
            let address = granule * GRANULE;
            let Some((&base, allocation)) = self.allocations.range_mut(..=address).next_back() else { continue };
            for i in 0..GRANULE as usize {
                if g.written & (1 << i) == 0 {
                    continue;
                }
                let offset = (address - base) as usize + i;
                if offset < allocation.bytes.len() {
                    allocation.bytes[offset] = g.bytes[i];
                    allocation.defined[offset] = g.defined[i];
                }
            }
        }
    }

    /// Adds an allocation of `size` bytes (all undef) and returns its base address.
    pub fn allocate(&mut self, name: impl Into<String>, kind: AllocKind, size: u64) -> u64 {
        if self.next_base == 0 {
            self.next_base = FIRST_BASE;
        }
        let base = self.next_base;
        self.next_base += BASE_STEP * (1 + size / BASE_STEP);
        self.allocations.insert(
            base,
            Allocation { name: name.into(), kind, bytes: vec![0; size as usize], defined: vec![false; size as usize] },
        );
        base
    }

    /// Adds an allocation holding `bytes`, all defined.
    pub fn allocate_with(&mut self, name: impl Into<String>, kind: AllocKind, bytes: Vec<u8>) -> u64 {
        let base = self.allocate(name, kind, bytes.len() as u64);
        let allocation = self.allocations.get_mut(&base).expect("just inserted");
        allocation.defined = vec![true; bytes.len()];
        allocation.bytes = bytes;
        base
    }

    /// How many allocations this memory holds itself (a view's shared ones not counted).
    pub fn allocation_count(&self) -> usize {
        self.allocations.len()
    }

    pub fn free(&mut self, base: u64) {
        self.allocations.remove(&base);
    }

    pub fn allocation(&self, base: u64) -> Option<&Allocation> {
        self.allocations.get(&base).or_else(|| self.view.as_ref().and_then(|v| v.shared.get(&base)))
    }

    pub fn allocation_mut(&mut self, base: u64) -> Option<&mut Allocation> {
        self.allocations.get_mut(&base)
    }

    /// The allocation containing `[address, address + size)`, and the offset of `address` in it; `true` when it
    /// is a shared allocation of a view.
    fn locate(&self, address: u64, size: u64, write: bool) -> Result<(u64, usize, bool), Fault> {
        let own = self.allocations.range(..=address).next_back();
        let shared = self.view.as_ref().and_then(|v| v.shared.range(..=address).next_back());
        // The nearer (higher) base below the address is the one that can contain it.
        let (found, is_shared) = match (own, shared) {
            (Some(o), Some(s)) if s.0 > o.0 => (Some(s), true),
            (Some(o), _) => (Some(o), false),
            (None, s) => (s, s.is_some()),
        };
        let fault = |nearest| Fault::OutOfBounds { address, size, write, lane: None, nearest };
        let Some((&base, allocation)) = found else {
            return Err(fault(None));
        };
        let offset = address - base;
        let len = allocation.bytes.len() as u64;
        if offset.checked_add(size).is_some_and(|end| end <= len) {
            Ok((base, offset as usize, is_shared))
        } else {
            Err(fault(Some(format!("'{}' [0x{base:x}, 0x{:x})", allocation.name, base + len))))
        }
    }

    /// Reads `size` bytes: the bytes and their definedness.
    pub fn read(&self, address: u64, size: u64) -> Result<(Cow<'_, [u8]>, Cow<'_, [bool]>), Fault> {
        let (base, offset, shared) = self.locate(address, size, false)?;
        let end = offset + size as usize;
        let Some(view) = self.view.as_ref().filter(|_| shared) else {
            let allocation = &self.allocations[&base];
            return Ok((Cow::Borrowed(&allocation.bytes[offset..end]), Cow::Borrowed(&allocation.defined[offset..end])));
        };
        let allocation = &view.shared[&base];
        let (bytes, defined) = (&allocation.bytes[offset..end], &allocation.defined[offset..end]);
        if size == 0 {
            return Ok((Cow::Borrowed(bytes), Cow::Borrowed(defined)));
        }
        let granules = address / GRANULE..=(address + size - 1) / GRANULE;
        view.overlay.reads.borrow_mut().extend(granules.clone());
        if !granules.clone().any(|g| view.overlay.granules.contains_key(&g)) {
            return Ok((Cow::Borrowed(bytes), Cow::Borrowed(defined)));
        }
        let (mut bytes, mut defined) = (bytes.to_vec(), defined.to_vec());
        for k in 0..size {
            let at = address + k;
            if let Some(g) = view.overlay.granules.get(&(at / GRANULE)) {
                let i = (at % GRANULE) as usize;
                if g.written & (1 << i) != 0 {
                    bytes[k as usize] = g.bytes[i];
                    defined[k as usize] = g.defined[i];
                }
            }
        }
        Ok((Cow::Owned(bytes), Cow::Owned(defined)))
    }

    /// Writes bytes with their definedness.
    pub fn write(&mut self, address: u64, bytes: &[u8], defined: &[bool]) -> Result<(), Fault> {
        let (base, offset, shared) = self.locate(address, bytes.len() as u64, true)?;
        if let Some(view) = self.view.as_mut().filter(|_| shared) {
            for (k, (&byte, &def)) in bytes.iter().zip(defined).enumerate() {
                let at = address + k as u64;
                let g = view.overlay.granules.entry(at / GRANULE).or_insert_with(|| Granule {
                    bytes: [0; GRANULE as usize],
                    defined: [false; GRANULE as usize],
                    written: 0,
                });
                let i = (at % GRANULE) as usize;
                g.bytes[i] = byte;
                g.defined[i] = def;
                g.written |= 1 << i;
            }
            return Ok(());
        }
        let allocation = self.allocations.get_mut(&base).expect("located");
        let end = offset + bytes.len();
        allocation.bytes[offset..end].copy_from_slice(bytes);
        allocation.defined[offset..end].copy_from_slice(defined);
        Ok(())
    }

    /// Loads a value of type `ty`.
    pub fn load(&self, address: u64, ty: &Ty) -> Result<Value, Fault> {
        let (elem, n) = ty
            .lanes()
            .ok_or_else(|| Fault::Unsupported(format!("load of aggregate type {ty}")))?;
        let size = lanes_store_size(elem, n as usize);
        let (bytes, defined) = self.read(address, size as u64)?;
        Ok(Value::Lanes(decode_lanes(elem, n as usize, &bytes, &defined)))
    }

    /// Stores a value of type `ty`.
    pub fn store(&mut self, address: u64, value: &Value, ty: &Ty) -> Result<(), Fault> {
        let Value::Lanes(lanes) = value else {
            return Err(Fault::Unsupported(format!("store of aggregate type {ty}")));
        };
        let size = lanes_store_size(lanes.elem, lanes.len());
        let mut bytes = vec![0u8; size];
        let mut defined = vec![false; size];
        encode_lanes(lanes, &mut bytes, &mut defined);
        self.write(address, &bytes, &defined)
    }
}

/// Bytes taken in memory by `n` lanes of `elem` (vectors of i1 are bit-packed; a scalar i1 takes a byte).
pub fn lanes_store_size(elem: Elem, n: usize) -> usize {
    match elem {
        Elem::Int(1) if n > 1 => n.div_ceil(8),
        _ => elem.store_bytes() * n,
    }
}

/// Encodes lanes into `out` (at most `out.len()` bytes), marking the bytes of defined lanes defined.
pub fn encode_lanes(lanes: &Lanes, out: &mut [u8], defined: &mut [bool]) {
    if lanes.elem == Elem::Int(1) && lanes.len() > 1 {
        for (i, (&bits, &undef)) in lanes.bits.iter().zip(&lanes.undef).enumerate() {
            let byte = i / 8;
            if byte >= out.len() {
                break;
            }
            if bits & 1 != 0 {
                out[byte] |= 1 << (i % 8);
            } else {
                out[byte] &= !(1 << (i % 8));
            }
            // A byte is defined only when all of its bits are.
            defined[byte] = if i % 8 == 0 { !undef } else { defined[byte] && !undef };
        }
        return;
    }
    let width = lanes.elem.store_bytes();
    for (i, (&bits, &undef)) in lanes.bits.iter().zip(&lanes.undef).enumerate() {
        for b in 0..width {
            let at = i * width + b;
            if at >= out.len() {
                return;
            }
            out[at] = (bits >> (8 * b)) as u8;
            defined[at] = !undef;
        }
    }
}

/// Decodes `n` lanes of `elem` from memory bytes; a lane is undef when any of its bytes is.
pub fn decode_lanes(elem: Elem, n: usize, bytes: &[u8], defined: &[bool]) -> Lanes {
    let mut lanes = Lanes::undef(elem, n);
    if elem == Elem::Int(1) && n > 1 {
        for i in 0..n {
            if defined[i / 8] {
                lanes.set(i, (bytes[i / 8] >> (i % 8)) as u64 & 1);
            }
        }
        return lanes;
    }
    let width = elem.store_bytes();
    for i in 0..n {
        let range = i * width..(i + 1) * width;
        if defined[range.clone()].iter().all(|&d| d) {
            let mut bits = 0u64;
            for (b, &byte) in bytes[range].iter().enumerate() {
                bits |= (byte as u64) << (8 * b);
            }
            lanes.set(i, bits);
        }
    }
    lanes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_bounds_names_the_nearest_allocation() {
        let mut memory = Memory::new();
        let base = memory.allocate_with("buf", AllocKind::Buffer, vec![1, 2, 3, 4]);
        assert_eq!(memory.read(base + 2, 2).unwrap().0[..], [3, 4]);
        let err = memory.read(base + 2, 4).unwrap_err();
        assert!(err.to_string().contains("'buf'"), "{err}");
        assert!(matches!(memory.read(base - 1, 1), Err(Fault::OutOfBounds { .. })));
    }

    #[test]
    fn undef_bytes_read_back_as_undef_lanes() {
        let mut memory = Memory::new();
        let base = memory.allocate("a", AllocKind::Private, 8);
        let mut lanes = Lanes::new(Elem::Int(32), vec![7, 9]);
        lanes.undef[1] = true;
        memory.store(base, &Value::Lanes(lanes), &Ty::Vector(Elem::Int(32), 2)).unwrap();
        let Value::Lanes(back) = memory.load(base, &Ty::Vector(Elem::Int(32), 2)).unwrap() else { panic!() };
        assert_eq!(back.bits[0], 7);
        assert_eq!(back.undef, vec![false, true]);
    }

    #[test]
    fn i1_vectors_are_bit_packed() {
        let mut memory = Memory::new();
        let base = memory.allocate("p", AllocKind::Private, 2);
        let lanes = Lanes::new(Elem::Int(1), vec![1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
        memory.store(base, &Value::Lanes(lanes.clone()), &Ty::Vector(Elem::Int(1), 16)).unwrap();
        assert_eq!(memory.read(base, 2).unwrap().0[..], [0b1101, 0b1]);
        assert_eq!(memory.load(base, &Ty::Vector(Elem::Int(1), 16)).unwrap(), Value::Lanes(lanes));
    }

    #[test]
    fn views_overlay_their_writes_and_commit_only_the_bytes_written() {
        let mut memory = Memory::new();
        let base = memory.allocate_with("buf", AllocKind::Buffer, (0..200).collect());
        let shared = memory.share();
        let mut a = Memory::view(memory.next_base(), shared.clone());
        let mut b = Memory::view(memory.next_base(), shared.clone());
        a.write(base + 10, &[99, 98], &[true, true]).unwrap();
        // A view reads its own writes over the snapshot, across granules; the other view does not see them.
        assert_eq!(a.read(base + 9, 4).unwrap().0[..], [9, 99, 98, 12]);
        assert_eq!(b.read(base + 9, 4).unwrap().0[..], [9, 10, 11, 12]);
        b.write(base + 130, &[7], &[true]).unwrap();
        // Private allocations of a view live past the shared ones.
        let private = a.allocate("slm", AllocKind::Slm, 8);
        assert!(private > base && a.read(private, 8).is_ok());
        let (a, b) = (a.into_overlay(), b.into_overlay());
        memory.restore(shared);
        let written_by_a: HashSet<u64> = a.written().collect();
        assert!(b.reads_any(&written_by_a), "b read the granule a wrote");
        assert!(!a.reads_any(&b.written().collect()), "a never read byte 130's granule");
        memory.commit(&a);
        memory.commit(&b);
        let (bytes, _) = memory.read(base, 200).unwrap();
        let mut want: Vec<u8> = (0..200).collect();
        want[10] = 99;
        want[11] = 98;
        want[130] = 7;
        assert_eq!(bytes[..], want[..]);
    }
}
