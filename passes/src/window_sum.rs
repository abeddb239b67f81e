//! `genx-window-sum`: an integer sum of a 2D window of shifted regions of one vector shares its row sums.
//!
//! # Why
//! A box or separable filter adds the same region of a block at several row and column shifts: the linear
//! filter's 3x3 neighbourhood is nine 6x24 regions of its 8x32 input block, at byte offsets `{0, 3, 6}` plus
//! `{0, 32, 64}`, eight additions of 144 lanes. The nine regions are the sums of three column shifts, taken at
//! three row shifts: adding the three column shifts once over all eight rows (two additions of 192 lanes),
//! then the three row shifts of that (two additions of 144 lanes) does the same work in 42 instead of 72
//! SIMD16 instructions. IGC does not reassociate sums of regions.
//!
//! # What
//! A *window sum* is an integer `add` (its root) whose operands are, recursively, `add`s used only by their
//! parent, or leaves that are all the same kind of value: a direct `rdregion` of one vector `X`, or the same
//! `zext`/`sext` of such `rdregion`s, with the same 2D region shape (element size, elements, `vstride`, `width`,
//! `stride`, `vstride > 0`) at different offsets. Writing each offset (in elements) as `a·vstride + b` with
//! `0 ≤ b < vstride`, the leaves must be exactly the product `A × B` of a set of row shifts `A` and a set of
//! column shifts `B`, each of at least two, every pair once. The root becomes
//! `H = Σ_{b∈B} leaf(rdregion(X, the region with rows + max A − min A rows, at offset min A·vstride + b))`
//! and `Σ_{a∈A} rdregion(H, <width; width, 1> at row a − min A)`, when that is fewer lanes of additions
//! (`(|B| − 1)·(rows + max A − min A) + (|A| − 1)·rows` against `(|A|·|B| − 1)·rows` rows) and the taller
//! region stays inside `X`.
//!
//! # Proof of exactness
//! Lane `(r, c)` of leaf `(a, b)` is `f(X[(a + r)·vstride + b + c·stride])`, `f` the leaves' common extension.
//! Lane `(r', c)` of `H` is `Σ_b f(X[(min A + r')·vstride + b + c·stride])`, so lane `(r, c)` of the new root
//! is `Σ_a Σ_b f(X[(a + r)·vstride + b + c·stride])`, the original's terms. Integer addition modulo `2^K` is
//! associative and commutative, so the order does not matter, with or without wrapping. (`nsw`/`nuw` flags
//! are not carried over: a regrouped partial sum may wrap where no original one did.) The tests check it by
//! translation validation (`%validate`).
//!
//! # Not handled
//! Sums with other terms beside the window (a bias, a centre weighted twice), subtraction, weighted windows
//! (`2·x`), variable offsets, 1D windows (one row shift), and sharing the column sums instead of the row sums.

use std::collections::BTreeSet;

use inkwell::values::{AsValueRef, FunctionValue};

use genx_region::Region;

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::{self, Writer};
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir::{self, Index, RdRegion};

fn is_vector_add(value: LLVMValueRef) -> bool {
    ir::opcode(value) == Some(LLVMOpcode::LLVMAdd)
        && ir::type_kind(ir::type_of(value)) == crate::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind
}

/// One leaf: the term (the extension, or the read itself), the extension's opcode and the region read.
#[derive(Clone, Copy)]
struct Leaf {
    term: LLVMValueRef,
    extension: Option<LLVMOpcode>,
    read: RdRegion,
}

fn read_leaf(value: LLVMValueRef) -> Option<Leaf> {
    let (extension, read) = match ir::opcode(value) {
        Some(op @ (LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt)) => (Some(op), ir::operand(value, 0)),
        _ => (None, value),
    };
    let read = RdRegion::read(read)?;
    (read.index == Index::Direct && !read.region.indirect.is_indirect()).then_some(Leaf {
        term: value,
        extension,
        read,
    })
}

/// The leaves of the sum tree under `root`, and its inner `add`s (root last), or why it is not a window sum.
fn read_tree(root: LLVMValueRef, leaves: &mut Vec<Leaf>, adds: &mut Vec<LLVMValueRef>) -> Result<(), String> {
    for i in 0..2 {
        let operand = ir::operand(root, i);
        if is_vector_add(operand) && ir::has_one_use(operand) {
            read_tree(operand, leaves, adds)?;
        } else {
            leaves.push(read_leaf(operand).ok_or("a term is not a direct region read (or its extension)")?);
        }
    }
    adds.push(root);
    Ok(())
}

/// The shared shape: the leaves' input, extension and region (offset aside), and the row and column shifts.
struct Window {
    input: LLVMValueRef,
    extension: Option<LLVMOpcode>,
    region: Region,
    rows: BTreeSet<i64>,
    columns: BTreeSet<i64>,
}

fn window(leaves: &[Leaf]) -> Result<Window, String> {
    let first = leaves[0];
    let r = first.read.region;
    if r.vstride <= 0 || r.width == 0 || r.num_elements % r.width != 0 || r.stride < 0 {
        return Err("the region is not a 2D region with a positive vertical stride".to_string());
    }
    let mut pairs = BTreeSet::new();
    let mut rows = BTreeSet::new();
    let mut columns = BTreeSet::new();
    for leaf in leaves {
        let q = leaf.read.region;
        // Same input and shape give the same read type; every term has the sum's type, so the extensions agree.
        let same_shape = (q.elem_bytes, q.num_elements, q.vstride, q.width, q.stride)
            == (r.elem_bytes, r.num_elements, r.vstride, r.width, r.stride);
        if leaf.read.input != first.read.input || leaf.extension != first.extension || !same_shape {
            return Err("the terms read different vectors, extend differently or have different shapes".to_string());
        }
        if q.offset < 0 || q.offset % q.elem_bytes as i32 != 0 {
            return Err("an offset is not a whole number of elements".to_string());
        }
        let element = (q.offset / q.elem_bytes as i32) as i64;
        let (a, b) = (element / r.vstride as i64, element % r.vstride as i64);
        if !pairs.insert((a, b)) {
            return Err("a term appears twice".to_string());
        }
        rows.insert(a);
        columns.insert(b);
    }
    if rows.len() < 2 || columns.len() < 2 || pairs.len() != rows.len() * columns.len() {
        return Err("the offsets are not every combination of two or more row and column shifts".to_string());
    }
    Ok(Window { input: first.read.input, extension: first.extension, region: r, rows, columns })
}

impl Window {
    fn rows_span(&self) -> (i64, i64) {
        (*self.rows.first().unwrap_or(&0), *self.rows.last().unwrap_or(&0))
    }

    /// Rows of the taller regions that hold the column sums.
    fn tall_rows(&self) -> u32 {
        let (a_min, a_max) = self.rows_span();
        self.region.num_elements / self.region.width + (a_max - a_min) as u32
    }

    /// Whether sharing adds fewer lanes, and every taller region stays inside the input.
    fn worth_it(&self) -> Result<(), String> {
        let r = &self.region;
        let rows = (r.num_elements / r.width) as u64;
        let (na, nb) = (self.rows.len() as u64, self.columns.len() as u64);
        if (nb - 1) * self.tall_rows() as u64 + (na - 1) * rows >= (na * nb - 1) * rows {
            return Err("sharing the row sums would add as many lanes as the sum does".to_string());
        }
        let len = region_ir::lanes(ir::type_of(self.input)) as i64;
        let (a_min, _) = self.rows_span();
        let last_column = *self.columns.last().unwrap_or(&0);
        let last = a_min * r.vstride as i64
            + last_column
            + (self.tall_rows() as i64 - 1) * r.vstride as i64
            + (r.width as i64 - 1) * r.stride as i64;
        if last >= len {
            return Err("the taller regions would read past the end of the vector".to_string());
        }
        Ok(())
    }
}

/// Builds the shared form at the builder's position and returns the new root.
fn emit(writer: &mut Writer, w: &Window, root_ty: LLVMTypeRef) -> Result<LLVMValueRef, String> {
    let r = w.region;
    let (a_min, _) = w.rows_span();
    let tall_n = w.tall_rows() * r.width;
    let int = region_ir::element_type(root_ty);
    let mut h: Option<LLVMValueRef> = None;
    for &b in &w.columns {
        let offset = (a_min * r.vstride as i64 + b) * r.elem_bytes as i64;
        let tall = Region::new(r.elem_bytes, tall_n, r.vstride, r.width, r.stride, offset as i32).canonical();
        let read = region_ir::build_rdregion(writer.builder(), w.input, &tall, Index::Direct, false, "")?;
        let term = match w.extension {
            None => read,
            Some(op) => writer.extend(read, ir_write::vector_type(int, tall_n), op == LLVMOpcode::LLVMSExt),
        };
        h = Some(match h {
            None => term,
            Some(sum) => writer.add(sum, term),
        });
    }
    let h = h.ok_or("no column shifts")?;
    let eb = region_ir::element_bytes(int).ok_or("the sum's elements are not a region element type")?;
    let mut total: Option<LLVMValueRef> = None;
    for &a in &w.rows {
        let offset = ((a - a_min) as u32 * r.width * eb) as i32;
        let part = Region::new(eb, r.num_elements, r.width as i32, r.width, 1, offset).canonical();
        let read = region_ir::build_rdregion(writer.builder(), h, &part, Index::Direct, false, "")?;
        total = Some(match total {
            None => read,
            Some(sum) => writer.add(sum, read),
        });
    }
    total.ok_or_else(|| "no row shifts".to_string())
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = region_ir::memo_scope();
    let function = function.as_value_ref();
    let roots: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| is_vector_add(inst))
        .filter(|&inst| !(ir::has_one_use(inst) && ir::users(inst).into_iter().all(is_vector_add)))
        .collect();
    let mut changed = false;
    let mut shared = 0u64;
    let (mut leaves, mut adds) = (Vec::new(), Vec::new());
    for root in roots {
        leaves.clear();
        adds.clear();
        let plan = read_tree(root, &mut leaves, &mut adds).and_then(|_| window(&leaves)).and_then(|w| {
            w.worth_it()?;
            Ok(w)
        });
        let w = match plan {
            Ok(w) => w,
            Err(reason) => {
                cx.remark(RemarkKind::Missed, c"NotShared", root, &reason);
                continue;
            }
        };
        let built = Writer::before(root, |writer| emit(writer, &w, ir::type_of(root)));
        let new_root = match built {
            Ok(v) => v,
            Err(reason) => {
                // Not reached (the checks above make every region valid); what was built is left unused.
                cx.remark(RemarkKind::Missed, c"NotShared", root, &reason);
                continue;
            }
        };
        region_ir::replace_uses(root, new_root);
        for &add in adds.iter().rev() {
            ir_write::erase_unused(add);
        }
        // Each term is a distinct instruction (a repeated offset is refused), and so is each read.
        for leaf in &leaves {
            if leaf.extension.is_some() {
                region_ir::erase_if_dead(leaf.term);
            }
            region_ir::erase_if_dead(leaf.read.call);
        }
        cx.remark(RemarkKind::Passed, c"Shared", new_root, "window sum shares its row sums");
        shared += 1;
        changed = true;
    }
    cx.count(c"windows-shared", c"integer window sums rewritten to share their row sums", shared);
    changed
}
