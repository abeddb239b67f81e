//! Writes: overwritten writes, the read-modify-write and splat patterns, and bitcasts of a write's New value.
//!
//! ```text
//!   overwritten:        wr(wr(A, X1, R), X2, R)                  =>  wr(A, X2, R)
//!   read-modify-write:  wr(A, wr(rd(A, O), X, I), O)             =>  wr(A, X, combine(O, I))
//!   splat:              wr(K, wr(K', X, I), O), K' undef or = K  =>  wr(K, X, combine(O, I))
//!   unit bitcast New:   wr(A, bitcast T -> <1 x T> x, R)         =>  wr(A, x, R)
//!   bitcast New:        wr(A, bitcast x, R)                      =>  bitcast wr(bitcast A, x, R')
//! ```
//! (`R'` is `R` in `x`'s element type, which must not be wider than `A`'s: see [`widens_old`].)
//! The read-modify-write pattern is what CM emits for a store into a selection of a selection
//! (`v.select<8,1>(0).select<4,2>(1) = x`): read the outer selection, write into it, write it back. Bitcasts
//! may sit anywhere in it (`format<T>()`). Both patterns are combined innermost first: the New value of the
//! outer write is processed recursively before the outer write itself.

use genx_region::combine;

use super::support::*;
use super::{Collapser, Stat};
use crate::ir;
use crate::llvm_sys::prelude::*;
use crate::region_ir::{build_wrregion, element_bytes, element_type, lanes, wr, Index, RdRegion, WrRegion};

/// Nesting depth of write patterns followed recursively.
const MAX_DEPTH: usize = 32;

/// Why a write is not retyped to a wider element type. Its Old value would be bitcast to wider elements,
/// merging lanes the write does not touch: one undefined (or poison) narrow lane would make its defined
/// neighbours undefined too (LLVM's poison, and the executor's lane-granular definedness, work that way).
/// Narrowing Old is exact: every narrow lane comes from one wide lane, and the written bytes are whole wide
/// lanes. So a write is only ever retyped to the same or a smaller element size.
fn widens_old(old: LLVMValueRef) -> impl std::fmt::Display + Copy + 'static {
    lazy!(
        "that would bitcast {} to wider elements, merging lanes the write does not touch (an undefined lane \
         would spoil its defined neighbours)",
        describe(old)
    )
}

impl Collapser<'_> {
    pub(super) fn process_wrregion(&mut self, write: LLVMValueRef) {
        let mut current = write;
        if let Some(new) = self.eliminate_overwritten(current) {
            current = new;
        }
        // Cheap rejections first: while the write is unchanged, the steps below apply only when New is a
        // bitcast (the bitcast steps) or a write, through bitcasts (the patterns); each step checks that first.
        if current == write {
            let new = ir::call_arg(write, wr::NEW);
            let new_is_bitcast = is_bitcast(new);
            if !new_is_bitcast && !self.is_wr(new) {
                return;
            }
            if !new_is_bitcast {
                // New is a write: only the patterns can apply, and they leave a bitcast New as it was.
                current = self.collapse_splat(current, 0);
                current = self.collapse_read_modify_write(current, 0);
                if current != write {
                    self.retype_for_bitcast_new(current);
                }
                return;
            }
        }
        if let Some(new) = self.strip_unit_bitcast_new(current) {
            current = new;
        }
        current = self.collapse_splat(current, 0);
        current = self.collapse_read_modify_write(current, 0);
        self.retype_for_bitcast_new(current);
    }

    /// `wr(wr(A, X1, R), X2, R)` → `wr(A, X2, R)` when the inner write has no other use and the outer write
    /// covers every element the inner one may write (same region and index; unmasked, or the same mask).
    /// `outer` is a `wrregion` (the instruction the sweep visits).
    fn eliminate_overwritten(&mut self, outer: LLVMValueRef) -> Option<LLVMValueRef> {
        // Cheap rejections first (`o.old` is the Old operand whenever the read succeeds).
        let old = ir::call_arg(outer, wr::OLD);
        if !has_one_use(old) || !self.is_wr(old) {
            return None;
        }
        // The two regions agree only if they write as many elements at the same constant offset, or both at a
        // variable one (canonical shapes keep the element count and the offset).
        if lanes(ir::type_of(ir::call_arg(outer, wr::NEW))) != lanes(ir::type_of(ir::call_arg(old, wr::NEW))) {
            return None;
        }
        match (ir::const_int(ir::call_arg(outer, wr::OFFSET)), ir::const_int(ir::call_arg(old, wr::OFFSET))) {
            (Some(a), Some(b)) if a != b => return None,
            (Some(_), None) | (None, Some(_)) => return None,
            _ => {}
        }
        let o = WrRegion::read(outer)?;
        let i = WrRegion::read(o.old)?;
        if shape_key(&o.region) != shape_key(&i.region) || o.index != i.index {
            return None;
        }
        if o.region.masked && o.mask != i.mask {
            return None;
        }
        if is_global_load(i.old) && writes_between(i.call, outer) {
            let message = lazy!(
                "cannot drop the overwritten write {}: its input is a load of a global and a memory write may lie \
                 between the writes",
                describe(i.call)
            );
            self.missed(outer, message);
            return None;
        }
        let built = self.build_before(outer, |_, b| rebuild_call(b, outer, &[(wr::OLD, i.old)], ir::type_of(outer), ""));
        let new = built.ok()?;
        self.passed(c"Eliminated", outer, || {
            format!("{} overwrites every element {} writes", describe(outer), describe(i.call))
        });
        self.retire(outer, new);
        self.count(Stat::WritesEliminated);
        Some(new)
    }

    /// `wr(A, bitcast x, R)` where the bitcast only turns a scalar into `<1 x T>` or back → `wr(A, x, R)`.
    fn strip_unit_bitcast_new(&mut self, write: LLVMValueRef) -> Option<LLVMValueRef> {
        let new = ir::call_arg(write, wr::NEW);
        if !is_bitcast(new) {
            return None;
        }
        let x = operand(new, 0);
        if element_type(ir::type_of(x)) != element_type(ir::type_of(new)) {
            return None;
        }
        let built = self.build_before(write, |_, b| rebuild_call(b, write, &[(wr::NEW, x)], ir::type_of(write), ""));
        let replacement = built.ok()?;
        self.retire(write, replacement);
        self.count(Stat::UnitBitcastsRemoved);
        Some(replacement)
    }

    /// The read-modify-write pattern, innermost first. Returns the replacement of `outer` (or `outer`).
    fn collapse_read_modify_write(&mut self, outer: LLVMValueRef, depth: usize) -> LLVMValueRef {
        if depth > MAX_DEPTH {
            return outer;
        }
        // Cheap rejections first (`o.new` is the New operand whenever the read succeeds).
        if !self.is_wr(outer) || !self.is_wr(strip_bitcasts(ir::call_arg(outer, wr::NEW))) {
            return outer;
        }
        let Some(o) = WrRegion::read(outer) else { return outer };
        let inner_call = strip_bitcasts(o.new);
        let inner_call = self.collapse_read_modify_write(inner_call, depth + 1);
        let Some(i) = WrRegion::read(inner_call) else { return outer };
        let read = strip_bitcasts(i.old);
        if !self.is_rd(read) {
            return outer;
        }
        let Some(r) = RdRegion::read(read) else { return outer };
        if !bitwise_identical(r.input, o.old) || is_predef_reg(r.input) || is_predef_reg(o.old) {
            return outer;
        }
        // The read must select exactly what the outer write writes back.
        let read_region = if r.region.elem_bytes == o.region.elem_bytes {
            r.region
        } else {
            match r.region.change_element_type(o.region.elem_bytes) {
                Ok(region) => region,
                Err(_) => return outer,
            }
        };
        if shape_key(&read_region) != shape_key(&o.region) || r.index != o.index {
            return outer;
        }
        let what = LazyText(move |f: &mut std::fmt::Formatter<'_>| {
            write!(
                f,
                "cannot combine the write {} into the selection {} with the write-back {}",
                describe(inner_call),
                describe(read),
                describe(outer)
            )
        });
        if is_global_load(i.new) && writes_between(inner_call, outer) {
            self.missed(outer, lazy!("{what}: the value written is a load of a global and a memory write may lie between the writes"));
            return outer;
        }

        let mut outer_region = o.region;
        if outer_region.indirect.is_indirect() {
            outer_region.parent_width = o.region.parent_width.or(r.region.parent_width);
        }
        let (o_elem, i_elem) = (element_type(ir::type_of(o.old)), element_type(ir::type_of(i.old)));
        let (outer_region, inner_region, elem) = if outer_region.elem_bytes == i.region.elem_bytes {
            (outer_region, i.region, i_elem)
        } else if has_pointer_elements(ir::type_of(o.old)) || has_pointer_elements(ir::type_of(i.old)) {
            return outer;
        } else {
            // Prefer the written vector's element type: it is never bitcast to wider elements (see
            // `widens_old`), so the inner region is retyped first.
            match genx_region::normalize_element_types(&outer_region, &i.region, true) {
                Ok((o2, _)) if o2.elem_bytes > outer_region.elem_bytes => {
                    let old = o.old;
                    self.missed(outer, lazy!("{what}: {}", widens_old(old)));
                    return outer;
                }
                Ok((o2, i2)) => {
                    let elem = if i2.elem_bytes == i.region.elem_bytes { i_elem } else { o_elem };
                    (o2, i2, elem)
                }
                Err(refusal) => {
                    self.refused(outer, lazy!("{what} (element types)"), refusal);
                    return outer;
                }
            }
        };
        if !can_bitcast_to_element(o.old, elem) || !can_bitcast_to_element(i.new, elem) {
            return outer;
        }
        let combined = match combine(&outer_region, &inner_region) {
            Ok(c) => c,
            Err(refusal) => {
                self.refused(outer, what, refusal);
                return outer;
            }
        };
        if !self.combined_is_acceptable(outer, what, &combined, &outer_region, &inner_region) {
            return outer;
        }

        let outer_ty = ir::type_of(outer);
        let mask = i.region.masked.then_some(i.mask);
        let built = self.build_before(outer, |this, b| {
            let index_name = Name::suffixed(outer, ".index");
            let index = this.combined_index(b, &combined, i.index, o.index, index_name);
            let Some(index) = index else { return Err(Vec::new()) };
            let old = bitcast_to_element(b, o.old, elem, Name::suffixed(outer, ".old"));
            let new = bitcast_to_element(b, i.new, elem, Name::suffixed(outer, ".new"));
            let same_type = ir::type_of(old) == outer_ty;
            let write_name = if same_type { Name::NONE } else { Name::suffixed(outer, ".collapsed") };
            let (region, index) = offset_into_index(b, &combined.region, index, index_name);
            let write = build_wrregion(b, old, new, &region, index, mask, &write_name.text()).map_err(|_| {
                let mut created = vec![old, new];
                if let Index::Value(v) = index {
                    created.push(v);
                }
                created
            })?;
            Ok((write, bitcast_to(b, write, outer_ty, Name::NONE)))
        });
        let (write, value) = match built {
            Ok(pair) => pair,
            Err(created) => {
                self.discard(&created);
                return outer;
            }
        };
        self.passed(c"Combined", outer, || {
            format!("combined the write {} into the selection {} with {} into {}", describe(inner_call), describe(read), describe(outer), combined.region)
        });
        self.retire(outer, value);
        self.count(Stat::ReadModifyWritesCombined);
        write
    }

    /// The splat pattern, innermost first: writes into constant vectors whose untouched elements agree.
    fn collapse_splat(&mut self, outer: LLVMValueRef, depth: usize) -> LLVMValueRef {
        if depth > MAX_DEPTH {
            return outer;
        }
        if !self.is_wr(outer) || !self.is_wr(strip_bitcasts(ir::call_arg(outer, wr::NEW))) {
            return outer;
        }
        let Some(o) = WrRegion::read(outer) else { return outer };
        let inner_call = strip_bitcasts(o.new);
        let inner_call = self.collapse_splat(inner_call, depth + 1);
        let Some(i) = WrRegion::read(inner_call) else { return outer };
        if !ir::is_plain_constant(i.old) || !ir::is_plain_constant(o.old) {
            return outer;
        }
        let (o_elem, i_elem) = (element_type(ir::type_of(o.old)), element_type(ir::type_of(i.old)));
        if element_bytes(o_elem).is_none() || element_bytes(o_elem) != element_bytes(i_elem) {
            return outer;
        }
        if !ir::is_undef(i.old) {
            match (splat_value(i.old), splat_value(o.old)) {
                (Some(a), Some(b)) if a == b => {}
                _ => return outer,
            }
        }
        if is_predef_reg(i.new) || !can_bitcast_to_element(i.new, o_elem) {
            return outer;
        }
        let what = LazyText(move |f: &mut std::fmt::Formatter<'_>| {
            write!(f, "cannot combine the write {} into a constant with the write {}", describe(inner_call), describe(outer))
        });
        let combined = match combine(&o.region, &i.region) {
            Ok(c) => c,
            Err(refusal) => {
                self.refused(outer, what, refusal);
                return outer;
            }
        };
        if !self.combined_is_acceptable(outer, what, &combined, &o.region, &i.region) {
            return outer;
        }
        let mask = i.region.masked.then_some(i.mask);
        let built = self.build_before(outer, |this, b| {
            let index_name = Name::suffixed(outer, ".index");
            let index = this.combined_index(b, &combined, i.index, o.index, index_name);
            let Some(index) = index else { return Err(Vec::new()) };
            let new = bitcast_to_element(b, i.new, o_elem, Name::suffixed(outer, ".new"));
            let (region, index) = offset_into_index(b, &combined.region, index, index_name);
            build_wrregion(b, o.old, new, &region, index, mask, "").map_err(|_| match index {
                Index::Value(v) => vec![new, v],
                Index::Direct => vec![new],
            })
        });
        let write = match built {
            Ok(write) => write,
            Err(created) => {
                self.discard(&created);
                return outer;
            }
        };
        self.passed(c"Combined", outer, || {
            format!("combined the write {} into a constant with {} into {}", describe(inner_call), describe(outer), combined.region)
        });
        self.retire(outer, write);
        self.count(Stat::SplatWritesCombined);
        write
    }

    /// `wr(A, bitcast x, R)` with `x` of another element type → `bitcast(wr(bitcast A, x, R'))`, `R'` being `R`
    /// in `x`'s element type, so that `x` can be baled into the write.
    fn retype_for_bitcast_new(&mut self, write: LLVMValueRef) {
        if !self.is_wr(write) || !is_bitcast(ir::call_arg(write, wr::NEW)) {
            return;
        }
        let Some(o) = WrRegion::read(write) else { return };
        let x = operand(o.new, 0);
        let x_ty = ir::type_of(x);
        let x_elem = element_type(x_ty);
        if has_i1_elements(x_ty) || has_pointer_elements(x_ty) || x_elem == element_type(ir::type_of(write)) {
            return;
        }
        if is_predef_reg(o.old) || !can_bitcast_to_element(o.old, x_elem) {
            return;
        }
        let Some(bytes) = element_bytes(x_elem) else { return };
        if bytes > o.region.elem_bytes {
            let message = lazy!(
                "cannot retype the write {} to the element type of its bitcast New value {}: {}",
                describe(write),
                describe(o.new),
                widens_old(o.old)
            );
            self.missed_named(c"NotRetyped", write, message);
            return;
        }
        let region = match o.region.change_element_type(bytes) {
            Ok(region) => region,
            Err(refusal) => {
                let message = lazy!(
                    "cannot retype the write {} to the element type of its bitcast New value {}: {refusal} [{}]",
                    describe(write),
                    describe(o.new),
                    refusal.name()
                );
                self.missed_named(c"NotRetyped", write, message);
                return;
            }
        };
        let built = self.build_before(write, |_, b| {
            let old = bitcast_to_element(b, o.old, x_elem, Name::suffixed(write, ".precast"));
            let new_write = build_wrregion(b, old, x, &region, Index::Direct, None, &Name::suffixed(write, ".retyped").text())
                .map_err(|_| old)?;
            Ok((new_write, bitcast_to(b, new_write, ir::type_of(write), Name::NONE)))
        });
        match built {
            Ok((_, value)) => {
                self.passed(c"Retyped", write, || {
                    format!("retyped the write {} to the element type of {}: {region}", describe(write), describe(x))
                });
                self.retire(write, value);
                self.count(Stat::WritesRetyped);
            }
            Err(old) => self.discard(&[old]),
        }
    }
}
