//! Reads: `rdregion` of `rdregion`, the split of indirect replicating reads, and bitcasts of reads.
//!
//! Naming follows the algebra: the **outer** read is applied to the original vector `V`, the **inner** read to
//! the outer read's result (IGC calls the instruction being processed `InnerRd`, too).
//!
//! ```text
//!   %o = rdregion(%V, O)            ; outer
//!   %b = bitcast/sext/zext ... %o   ; any bitcasts, at most one extension
//!   %i = rdregion(%b, I)            ; inner, processed
//! =>
//!   %i = [ext] (rdregion(bitcast %V, combine(O, I)))  [bitcast]
//! ```

use genx_region::{combine, normalize_element_types, CombinedIndex, Combined, Region};

use super::support::*;
use super::{Collapser, Kind, Stat};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{
    build_rdregion, element_bytes, element_type, lanes, rd, Index, RdRegion,
};
use crate::ir_write;

/// Combinations tried in a row on one read (each one removes a read from the chain).
const MAX_CHAIN: usize = 64;

/// The outer read found behind an inner read's input.
struct Chain {
    outer: LLVMValueRef,
    /// The `sext`/`zext` between the reads, if any.
    ext: Option<LLVMValueRef>,
}

/// The FMul -> FAdd/FSub pattern reading a 64-bit `<2;2,0>` region: IGC keeps it apart for the Align16
/// swizzle of the `mad` it becomes.
fn is_align16_swizzle(read: LLVMValueRef) -> bool {
    if !has_one_use(read) {
        return false;
    }
    let Some(mul) = first_user(read) else { return false };
    if opcode(mul) != Some(LLVMOpcode::LLVMFMul) {
        return false;
    }
    let Some(next) = first_user(mul) else { return false };
    if !matches!(opcode(next), Some(LLVMOpcode::LLVMFAdd | LLVMOpcode::LLVMFSub)) {
        return false;
    }
    RdRegion::read(read).is_some_and(|r| {
        r.region.elem_bytes == 8 && r.region.width == 2 && r.region.stride == 0 && r.region.vstride == 2
    })
}

/// The type of a read of `n` elements of `elem` (scalar when asked and `n == 1`).
fn read_type(elem: LLVMTypeRef, n: u32, scalar: bool) -> LLVMTypeRef {
    if scalar && n == 1 {
        elem
    } else {
        ir_write::vector_type(elem, n)
    }
}

impl Collapser<'_> {
    /// Looks through bitcasts and at most one extension from `value` back to an `rdregion`. An extension from
    /// `i1`, a second extension, or an extension whose result is bitcast to another element type on the way to
    /// the inner read stops the search.
    fn find_outer_read(&self, mut value: LLVMValueRef) -> Option<Chain> {
        let mut ext = None;
        let mut element_type_changed = false;
        for _ in 0..MAX_CHAIN {
            let input = match self.kind(value) {
                Kind::Rd => return Some(Chain { outer: value, ext }),
                Kind::BitCast => {
                    let input = operand(value, 0);
                    if element_type(ir::type_of(value)) != element_type(ir::type_of(input)) {
                        element_type_changed = true;
                    }
                    input
                }
                Kind::Ext => {
                    let input = operand(value, 0);
                    if ext.is_some() || element_type_changed || has_i1_elements(ir::type_of(input)) {
                        return None;
                    }
                    ext = Some(value);
                    input
                }
                _ => return None,
            };
            value = input;
        }
        None
    }

    /// A direct read of one element (IGC's `isSingleElementRdRExtract`).
    fn is_direct_single_element_read(&self, value: LLVMValueRef) -> bool {
        self.is_rd(value) && lanes(ir::type_of(value)) == 1 && ir::const_int(ir::call_arg(value, rd::OFFSET)).is_some()
    }

    /// Combines `read` with the reads it reads from, as long as that succeeds, then splits the result if it
    /// is indirect and replicating.
    /// `read` is an `rdregion` (the instruction the sweep visits).
    pub(super) fn process_rdregion(&mut self, read: LLVMValueRef) {
        // Most reads have no read behind them and a constant offset (nothing to split): then nothing applies,
        // and the swizzle pattern (which looks at two levels of users) need not be asked.
        if self.is_settled(read, super::LoneRead) {
            return;
        }
        let nothing_to_split = ir::const_int(ir::call_arg(read, rd::OFFSET)).is_some();
        if nothing_to_split {
            let input = ir::call_arg(read, rd::INPUT);
            if !matches!(self.kind(input), Kind::Rd | Kind::BitCast | Kind::Ext) {
                self.settle(read, super::LoneRead);
                return;
            }
            if self.find_outer_read(input).is_none() {
                return;
            }
        }
        if is_align16_swizzle(read) {
            return;
        }
        let mut current = read;
        for _ in 0..MAX_CHAIN {
            match self.combine_reads(current, current == read) {
                Some(next) => current = next,
                None => break,
            }
        }
        self.split_replicating_indirect(current, current == read);
    }

    /// One combination of `inner_call` with the read behind it (`known_rd`: it is known to be an `rdregion`).
    /// Returns the new (combined) `rdregion`.
    fn combine_reads(&mut self, inner_call: LLVMValueRef, known_rd: bool) -> Option<LLVMValueRef> {
        // The outer read is looked for first: most reads have none (`inner.input` is the input operand whenever
        // the read succeeds).
        if !known_rd && !self.is_rd(inner_call) {
            return None;
        }
        let chain = self.find_outer_read(ir::call_arg(inner_call, rd::INPUT))?;
        let inner = RdRegion::read(inner_call)?;
        let outer = RdRegion::read(chain.outer)?;
        if is_predef_reg(outer.input) {
            return None;
        }
        let outer_call = chain.outer;
        let what = LazyText(move |f: &mut std::fmt::Formatter<'_>| {
            write!(f, "cannot combine {} with the read {}", describe(inner_call), describe(outer_call))
        });
        if is_global_load(outer.input) && writes_between(chain.outer, inner_call) {
            self.missed(
                inner_call,
                lazy!("{what}: its input is a load of a global and a memory write may lie between the reads"),
            );
            return None;
        }

        // The inner region in the element type the combined read will use for it.
        let mut inner_region = inner.region;
        let mut inner_elem = element_type(ir::type_of(inner.input));
        if let Some(ext) = chain.ext {
            if inner_region.indirect.is_indirect() {
                self.missed(
                    inner_call,
                    lazy!("{what}: a sext/zext lies between the reads and the inner read is indirect"),
                );
                return None;
            }
            // No element-type change lies between the extension and the inner read, so the inner read's
            // element numbers are the extension's input's: relabel the region with that element size.
            let source = element_type(ir::type_of(operand(ext, 0)));
            let source_bytes = element_bytes(source)?;
            let bytes = inner_region.elem_bytes as i32;
            if inner_region.offset % bytes != 0 {
                return None;
            }
            inner_region.offset = inner_region.offset / bytes * source_bytes as i32;
            inner_region.elem_bytes = source_bytes;
            inner_elem = source;
        }
        let outer_elem = element_type(ir::type_of(outer.input));
        let (outer_region, inner_region, elem) = if outer.region.elem_bytes == inner_region.elem_bytes {
            (outer.region, inner_region, inner_elem)
        } else if has_pointer_elements(ir::type_of(outer.input)) || has_pointer_elements(inner_elem) {
            return None;
        } else if chain.ext.is_some() {
            // The extension is re-applied to the combined read, which must therefore read its input type.
            match outer.region.change_element_type(inner_region.elem_bytes) {
                Ok(o) => (o, inner_region, inner_elem),
                Err(refusal) => {
                    self.refused(inner_call, lazy!("{what} (outer region in the extension's input type)"), refusal);
                    return None;
                }
            }
        } else {
            match normalize_element_types(&inner_region, &outer.region, true) {
                Ok((i, o)) => {
                    let elem = if i.elem_bytes == inner_region.elem_bytes { inner_elem } else { outer_elem };
                    (o, i, elem)
                }
                Err(refusal) => {
                    self.refused(inner_call, lazy!("{what} (element types)"), refusal);
                    return None;
                }
            }
        };
        if !can_bitcast_to_element(outer.input, elem) {
            return None;
        }

        if outer_region.indirect.is_indirect()
            && outer_region.num_elements != 1
            && self.is_direct_single_element_read(inner_call)
            && {
                let mut single = 0;
                for_each_user(chain.outer, |u| single += self.is_direct_single_element_read(u) as usize);
                single > 1
            }
        {
            self.missed(
                inner_call,
                lazy!(
                    "{what}: other single-element reads also extract from the indirect read, which is kept so \
                     that its address is computed once"
                ),
            );
            return None;
        }

        let combined = match combine(&outer_region, &inner_region) {
            Ok(c) => c,
            Err(refusal) => {
                self.refused(inner_call, what, refusal);
                return None;
            }
        };
        if !self.combined_is_acceptable(inner_call, what, &combined, &outer_region, &inner_region) {
            return None;
        }

        let inner_ty = ir::type_of(inner_call);
        let scalar = ir::type_kind(inner_ty) != LLVMTypeKind::LLVMVectorTypeKind;
        let rd_ty = read_type(elem, combined.region.num_elements, scalar);
        let ext_ty = chain.ext.map(|ext| {
            let dest = element_type(ir::type_of(ext));
            read_type(dest, combined.region.num_elements, scalar)
        });
        // The last value created takes the inner read's name; the others get suffixes.
        let rd_name = if ext_ty.is_none() && rd_ty == inner_ty { Name::NONE } else { Name::suffixed(inner_call, ".collapsed") };
        let ext_name = if ext_ty == Some(inner_ty) { Name::NONE } else { Name::suffixed(inner_call, ".ext") };
        let index_name = Name::suffixed(inner_call, ".index");

        let built = self.build_before(inner_call, |this, b| {
            let index = this.combined_index(b, &combined, inner.index, outer.index, index_name);
            let Some(index) = index else { return Err(Vec::new()) };
            let input = bitcast_to_element(b, outer.input, elem, Name::suffixed(inner_call, ".input"));
            let created = |extra: LLVMValueRef| match index {
                Index::Value(v) => vec![v, input, extra],
                Index::Direct => vec![input, extra],
            };
            let (region, index) = offset_into_index(b, &combined.region, index, index_name);
            let combined_rd = build_rdregion(b, input, &region, index, scalar, &rd_name.text())
                .map_err(|_| created(std::ptr::null_mut()))?;
            let mut value = combined_rd;
            if let (Some(ext), Some(ty)) = (chain.ext, ext_ty) {
                let op = opcode(ext).unwrap_or(LLVMOpcode::LLVMZExt);
                let n = ext_name.c_string();
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                value = unsafe { LLVMBuildCast(b, op, value, ty, n.as_ptr()) };
            }
            Ok((combined_rd, bitcast_to(b, value, inner_ty, Name::NONE)))
        });
        let (combined_rd, value) = match built {
            Ok(pair) => pair,
            Err(created) => {
                self.discard(&created);
                return None;
            }
        };
        self.passed(c"Combined", inner_call, || {
            format!("combined {} with the read {} into {}", describe(inner_call), describe(chain.outer), combined.region)
        });
        self.retire(inner_call, value);
        self.count(Stat::ReadsCombined);
        Some(combined_rd)
    }

    /// Policy checks on a combined region: an indirect replicating result would be split again (a loop), and
    /// a result stepping backwards where neither input did is not a hardware region.
    pub(super) fn combined_is_acceptable(
        &mut self,
        inst: LLVMValueRef,
        what: impl std::fmt::Display + Copy + 'static,
        combined: &Combined,
        outer: &Region,
        inner: &Region,
    ) -> bool {
        let c = combined.region;
        if c.indirect.is_indirect() && c.is_replicating() {
            self.missed(
                inst,
                lazy!("{what}: the combined region {c} would be indirect and replicating, which is split apart again"),
            );
            return false;
        }
        if steps_backwards(&c) && !steps_backwards(&outer.canonical()) && !steps_backwards(&inner.canonical()) {
            self.missed(inst, lazy!("{what}: the combined region {c} would step backwards"));
            return false;
        }
        true
    }

    /// The runtime index of a combined region: none, the outer index, or the algebra's index program emitted
    /// before the builder's position.
    pub(super) fn combined_index(
        &self,
        builder: LLVMBuilderRef,
        combined: &Combined,
        inner: Index,
        outer: Index,
        name: Name,
    ) -> Option<Index> {
        match &combined.index {
            CombinedIndex::None => Some(Index::Direct),
            CombinedIndex::Outer => Some(outer),
            CombinedIndex::Computed(transform) => {
                let Index::Value(inner) = inner else { return None };
                let outer = match outer {
                    Index::Value(v) => Some(v),
                    Index::Direct => None,
                };
                emit_index(builder, &transform.lower(), inner, outer, name).map(Index::Value)
            }
        }
    }

    /// Splits an indirect read that replicates rows (`vstride 0`) or columns (`stride 0`) into an indirect read
    /// of one row (column) and a direct replicating read of that, so the indirect access happens once.
    fn split_replicating_indirect(&mut self, read: LLVMValueRef, known_rd: bool) {
        // A constant offset is a direct region: nothing to split.
        if !(known_rd || self.is_rd(read)) || ir::const_int(ir::call_arg(read, rd::OFFSET)).is_some() {
            return;
        }
        let Some(r) = RdRegion::read(read) else { return };
        if r.region.indirect != genx_region::Indirect::Single {
            return;
        }
        let c = r.region.canonical();
        let eb = c.elem_bytes;
        let (mut indirect, replicate, what) = if c.width != c.num_elements && c.vstride == 0 {
            let mut one_row = c;
            one_row.num_elements = c.width;
            (one_row, Region::new(eb, c.num_elements, 0, c.width, 1, 0).canonical(), "row")
        } else if c.width != 1 && c.stride == 0 {
            let mut one_column = c;
            one_column.num_elements = c.num_elements / c.width;
            one_column.width = 1;
            (one_column, Region::new(eb, c.num_elements, 1, c.width, 0, 0).canonical(), "column")
        } else {
            return;
        };
        indirect = indirect.canonical();
        let built = self.build_before(read, |_, b| {
            let (indirect, index) = offset_into_index(b, &indirect, r.index, Name::suffixed(read, ".index"));
            let suffix = if what == "row" { ".row" } else { ".column" };
            let part = build_rdregion(b, r.input, &indirect, index, false, &Name::suffixed(read, suffix).text())?;
            let whole = build_rdregion(b, part, &replicate, Index::Direct, false, "")?;
            Ok::<_, String>((part, whole))
        });
        let Ok((_part, whole)) = built else { return };
        self.passed(c"Split", read, || {
            format!("split the indirect replicating read {} into an indirect read of one {what} and a direct replication", describe(read))
        });
        self.retire(read, whole);
        self.count(Stat::IndirectReadsSplit);
    }

    /// `bitcast(rdregion(V, R))` with a single-use read (or one reading a global load) becomes
    /// `rdregion(bitcast V, R')` with `R'` the same bytes in the bitcast's element type, so that the read can
    /// be baled into the bitcast's user.
    pub(super) fn process_bitcast(&mut self, cast: LLVMValueRef) {
        let cast_ty = ir::type_of(cast);
        let read = operand(cast, 0);
        if !self.is_rd(read) || has_i1_elements(cast_ty) || has_pointer_elements(cast_ty) {
            return;
        }
        let Some(r) = RdRegion::read(read) else { return };
        if is_predef_reg(r.input) || !(has_one_use(read) || is_global_load(r.input)) {
            return;
        }
        let elem = element_type(cast_ty);
        let Some(bytes) = element_bytes(elem) else { return };
        if !can_bitcast_to_element(r.input, elem) {
            return;
        }
        let region = match r.region.change_element_type(bytes) {
            Ok(region) => region,
            Err(refusal) => {
                let message = lazy!(
                    "cannot move the bitcast {} above the read {}: {refusal} [{}]",
                    describe(cast),
                    describe(read),
                    refusal.name()
                );
                self.missed_named(c"NotRetyped", cast, message);
                return;
            }
        };
        let scalar = ir::type_kind(cast_ty) != LLVMTypeKind::LLVMVectorTypeKind;
        let built = self.build_before(read, |_, b| {
            let input = bitcast_to_element(b, r.input, elem, Name::suffixed(cast, ".input"));
            build_rdregion(b, input, &region, r.index, scalar, "").map_err(|_| input)
        });
        match built {
            Ok(new_read) => {
                self.passed(c"Retyped", cast, || {
                    format!("moved the bitcast {} above the read {}: {region}", describe(cast), describe(read))
                });
                self.retire(cast, new_read);
                self.count(Stat::ReadsRetyped);
            }
            Err(input) => self.discard(&[input]),
        }
    }
}
