//! genx-visa-emit, implicit kernel inputs: `llvm.genx.local.id` / `local.id16`, `local.size` and
//! `group.count` read vISA `.implicit_LOCAL_ID`, `.implicit_LOCAL_SIZE` and `.implicit_GROUP_COUNT` inputs the
//! runtime fills (vISA has no predefined variable for them; `group.id.*` and `thread.x/y` are predefined
//! variables, lowered as `predef` forms in lower.rs).
//!
//! # Layout (IGC's `-binary-format=cm` output at igc-1.0.12504.6, which `scripts/cm-abi-audit.sh` compares)
//! After the explicit arguments, from the start of the last free zone of the payload: first the implicit
//! kernel arguments (group count, then local size: three dwords each, dword aligned, moved to the next GRF rather
//! than crossing one), then the implicit thread argument (the local id) starting a new GRF. Only the inputs the
//! kernel reads are added, in that fixed order. The local id is three dwords (`size=12`), as in IGC's own
//! `-binary-format=cm` output, which the CM runtime loads (IGC reads x, y, z there as dwords); IGC's OpenCL and
//! Level Zero outputs declare three packed words (`size=6`) instead, a layout the CM runtime's kernels do not get.
//!
//! # Lowering a call
//! `local.size`, `group.count` and `local.id` (`<3 x i32>`) are views of their input (no instruction);
//! `local.id16` (`<3 x i16>`) narrows the three dwords into a fresh variable (two moves, 2 + 1 lanes). The
//! input variables are declared like arguments, so the register decisions of lower.rs (a `wrregion` writes
//! into its old value's variable only when every value living there is dead) protect them.
//!
//! # Not handled
//! Other implicit kinds (printf buffer, private base, scoreboard): no intrinsic reaches here for them.

use genx_visa::{Align, Category, Dst, Exec, Input, Inst, Modifier, Operand, Origin, Region, Src, Type};
use llvm_sys::prelude::*;

use super::{error, Lowering, R};
use crate::diag::{Diagnostic, Severity};
use crate::ir;
use crate::region_ir;
use crate::visa_emit::NAME;

/// The implicit kinds, in layout order: (vISA kind, element type, whether it is a thread argument).
const KINDS: &[(&str, Type, bool)] =
    &[("GROUP_COUNT", Type::D, false), ("LOCAL_SIZE", Type::D, false), ("LOCAL_ID", Type::UD, true)];

impl Lowering<'_> {
    /// Declares and places the implicit inputs the kernel's calls read, from byte `next` of the payload.
    pub(super) fn implicit_inputs(&mut self, function: LLVMValueRef, mut next: u32) -> R<()> {
        let used: Vec<&'static str> = ir::blocks(function)
            .flat_map(ir::instructions)
            .filter_map(|inst| region_ir::genx_desc(inst).and_then(|desc| desc.visa))
            .filter(|visa| visa.form == "implicit")
            .map(|visa| visa.name)
            .collect();
        let grf = self.k.grf_bytes;
        for &(kind, ty, thread) in KINDS {
            if !used.contains(&kind) {
                continue;
            }
            let size = 3 * ty.bytes();
            let mut start = if thread { next.div_ceil(grf) * grf } else { next.div_ceil(ty.bytes()) * ty.bytes() };
            if start % grf + size > grf {
                start = start.div_ceil(grf) * grf;
            }
            if start + size > 128 * grf {
                return Err(Diagnostic::at_function(
                    Severity::Error,
                    NAME,
                    function,
                    format!("the kernel's arguments and its implicit {kind} input do not fit in the payload"),
                ));
            }
            let var = self.k.add_var(
                Category::General { ty, elems: 3, align: Align::Natural },
                Origin::Declared,
                format!("implicit {kind}"),
            );
            self.k.inputs.push(Input { var, offset: start, size, implicit: Some(kind) });
            self.predefined.insert(kind, var);
            next = start + size;
        }
        Ok(())
    }

    /// A call of `local.id`, `local.id16`, `local.size` or `group.count`: the `kind` input's value.
    pub(super) fn implicit(&mut self, inst: LLVMValueRef, kind: &'static str) -> R<()> {
        let Some(&input) = self.predefined.get(kind) else {
            return Err(error(inst, format!("internal error: no implicit {kind} input was placed")));
        };
        let ty = ir::type_of(inst);
        let Some(elem) = super::element_type(ty) else {
            return Err(error(inst, "an implicit input read as a type without a vISA register type"));
        };
        if region_ir::lanes(ty) != 3 {
            return Err(error(inst, "an implicit input read as other than three elements"));
        }
        let declared = self.k.var(input).ty().unwrap_or(Type::D);
        if elem.bytes() == declared.bytes() {
            let view = self.view(input, elem);
            self.define(inst, view);
            return Ok(());
        }
        // Three elements converted to the read's width (the local id's dwords to words): lanes 0-1, then lane 2.
        let var = self.new_var(inst, false)?;
        let dst_view = self.view(var, elem.with_sign(false));
        for (lanes, first) in [(2u32, 0u32), (1, 2)] {
            let region = if lanes == 1 { Region::SCALAR } else { Region { vstride: 1, width: 1, hstride: 0 } };
            self.insts.push(Inst::Alu {
                op: "mov",
                sat: false,
                exec: Exec::simd(lanes),
                pred: None,
                dst: Dst { var: dst_view, offset: first * elem.bytes(), hstride: 1 },
                srcs: vec![Operand::Region(Src {
                    var: input,
                    offset: first * declared.bytes(),
                    region,
                    modifier: Modifier::None,
                })],
            });
        }
        self.define(inst, var);
        Ok(())
    }
}
