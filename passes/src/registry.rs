//! The pass registry: the one table of GenX passes.
//!
//! Every consumer reads this table: the opt-14 plugin and the in-process `cmc -passes=` pipeline (through the C++
//! glue, which asks for names and kinds by slot), `cmc --print-passes`, and the docs. A pass is named once, here;
//! its file in `src/`, its lit folder in `tests/lit/` and its pipeline name are the same word.
//!
//! Invariant: pass names are unique, start with `genx-` (printers: `print<genx-...>`, as LLVM spells analysis
//! printers), and the table has at most 64 entries (the glue's slot table; checked by a unit test).

use inkwell::module::Module;
use inkwell::values::FunctionValue;

use crate::diag::PassCx;

/// How a pass runs: over a whole module, or one function at a time (LLVM's FunctionPassManager wraps it).
#[derive(Clone, Copy)]
pub enum PassBody {
    Module(fn(&Module<'_>, &mut PassCx) -> bool),
    Function(fn(FunctionValue<'_>, &mut PassCx) -> bool),
}

/// One registered pass. The body returns whether it changed the IR; errors go to the context's diagnostics.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub name: &'static str,
    pub description: &'static str,
    pub body: PassBody,
}

impl PassInfo {
    pub fn is_module_pass(&self) -> bool {
        matches!(self.body, PassBody::Module(_))
    }
}

/// The glue's slot-table size (`kMaxSlots` in cpp/glue.cpp).
pub const MAX_PASSES: usize = 64;

/// All GenX passes, in pipeline order.
pub static PASSES: &[PassInfo] = &[
    PassInfo {
        name: "genx-cm-lower",
        description: "front end: turn the CM header library's neutral calls (__cm_genx_*, references, SLM) into \
                      GenX intrinsics and the kernel annotations into !genx.kernels and CMGenxMain",
        body: PassBody::Module(crate::cm_lower::run),
    },
    PassInfo {
        name: "genx-simdcf-lower",
        description: "lower CM SIMD control flow (branches on simdcf.any) to simdcf.goto/join with an execution mask, \
                      predicating stores, region writes and memory intrinsics under it; \
                      genx-simdcf-lower<reference> instead writes the per-lane meaning, for translation validation",
        body: PassBody::Module(crate::simdcf_lower::run),
    },
    PassInfo {
        name: "genx-verify",
        description: "check every llvm.genx.* call against the intrinsic table: name and mangling, operand types, \
                      operands that must be constant, and constant region parameters",
        body: PassBody::Function(crate::verify::run),
    },
    PassInfo {
        name: "genx-target",
        description: "genx-target<NAME>: set the platform (\"target-cpu\") of every function, for the \
                      target-dependent passes; NAME is any spelling cmc or ocloc accepts",
        body: PassBody::Module(crate::target::run),
    },
    PassInfo {
        name: "genx-spir-kernels",
        description: "vISA route: describe each spir_kernel without a !genx.kernels entry (argument kinds from the \
                      types, as IGC's SPIR-V reader does) and compute SPIR-V builtin variables from GenX's inputs",
        body: PassBody::Module(crate::spir_kernels::run),
    },
    PassInfo {
        name: "genx-inline-calls",
        description: "vISA route: mark every function a kernel calls alwaysinline for LLVM's always-inline (run \
                      next); recursion and indirect calls are located errors",
        body: PassBody::Module(crate::inline_calls::run),
    },
    PassInfo {
        name: "genx-constant-branches",
        description: "vISA route: fold ands and compares by the known-zero low bits of integers, make constant \
                      branches unconditional and delete the blocks they no longer reach",
        body: PassBody::Module(crate::constant_branches::run),
    },
    PassInfo {
        name: "genx-constant-loads",
        description: "vISA route: replace each load of a constant global at a constant offset by the constant it \
                      reads (tables the front end keeps in memory)",
        body: PassBody::Module(crate::constant_loads::run),
    },
    PassInfo {
        name: "genx-ieee-emulate",
        description: "vISA route: IEEE-exact float division and square root (ieee.div, ieee.sqrt) computed with \
                      32-bit integer operations on platforms without fp64, where vISA's divm/sqrtm do not exist",
        body: PassBody::Module(crate::ieee_emulate::run),
    },
    PassInfo {
        name: "genx-lowering",
        description: "lower insertelement/extractelement/shufflevector/trunc and other generic vector forms to \
                      region intrinsics, so later passes see one vocabulary",
        body: PassBody::Function(crate::lowering::run),
    },
    PassInfo {
        name: "genx-promote-array",
        description: "promote arrays and allocas of one element type to vectors accessed by rdregion/wrregion",
        body: PassBody::Function(crate::promote_array::run),
    },
    PassInfo {
        name: "genx-region-collapse",
        description: "combine rdregion of rdregion, wrregion of wrregion and the read-modify-write pattern into \
                      single regions, as the region algebra allows",
        body: PassBody::Function(crate::region_collapse::run),
    },
    PassInfo {
        name: "genx-float-narrow",
        description: "compute a floating-point sum of converted 8/16-bit integers in integers and convert once, \
                      when value ranges prove every partial sum exact",
        body: PassBody::Function(crate::float_narrow::run),
    },
    PassInfo {
        name: "genx-lane-loop",
        description: "do a constant-trip loop that stores one lane of a vector per iteration as vector operations \
                      and one vector store",
        body: PassBody::Function(crate::lane_loop::run),
    },
    PassInfo {
        name: "genx-region-unroll",
        description: "vISA route: fully unroll a small constant-trip loop without SIMD control flow whose counter \
                      indexes a region, so that its regions become direct",
        body: PassBody::Function(crate::region_unroll::run),
    },
    PassInfo {
        name: "genx-int-narrow",
        description: "compute truncated integer arithmetic (add, sub, mul, logic, shl by a constant) of extended \
                      narrow values in the narrow type",
        body: PassBody::Function(crate::int_narrow::run),
    },
    PassInfo {
        name: "genx-mul-narrow",
        description: "give a 32-bit multiply a 16-bit operand where value ranges (the work group's size and ids \
                      included) prove it fits, so IGC emits one mul instead of mul + mach",
        body: PassBody::Function(crate::mul_narrow::run),
    },
    PassInfo {
        name: "genx-partial-op",
        description: "do an integer add/sub/or/xor with a vector that is zero outside one written region on that \
                      region only (a scan's zero-filled shifted copy)",
        body: PassBody::Function(crate::partial_op::run),
    },
    PassInfo {
        name: "genx-window-sum",
        description: "share the row sums of an integer sum of a 2D window of shifted regions of one vector \
                      (box and separable filters)",
        body: PassBody::Function(crate::window_sum::run),
    },
    PassInfo {
        name: "genx-const-fold",
        description: "fold constants and simplify identities through rdregion/wrregion and the GenX intrinsics",
        body: PassBody::Function(crate::const_fold::run),
    },
    PassInfo {
        name: "genx-dead-vector",
        description: "remove vector elements that are never used (per-element liveness)",
        body: PassBody::Function(crate::dead_vector::run),
    },
    PassInfo {
        name: "genx-column-write",
        description: "write a 2D region of short rows (vertical stride up to 4 elements) by columns, one strided \
                      1D write each, instead of IGC's one move per row",
        body: PassBody::Function(crate::column_write::run),
    },
    PassInfo {
        name: "genx-vector-decompose",
        description: "split vector webs into GRF-sized parts where no region crosses a part",
        body: PassBody::Function(crate::vector_decompose::run),
    },
    PassInfo {
        name: "print<genx-baling>",
        description: "print the bales of legalization baling (which instructions become one vISA instruction), \
                      after the rewrites that make every baled value single-use",
        body: PassBody::Function(crate::baling::print_legalization),
    },
    PassInfo {
        name: "print<genx-baling-codegen>",
        description: "print the bales of code-generation baling (all region restrictions checked, predicates \
                      baled), after the rewrites that make every baled value single-use",
        body: PassBody::Function(crate::baling::print_codegen),
    },
    PassInfo {
        name: "genx-mad",
        description: "vISA route: fuse a float multiply and the add or subtract taking it into llvm.fma (vISA mad) \
                      by IGC's rules; genx-mad<fp-contract=off> (cmc -ffp-contract=off) fuses nothing",
        body: PassBody::Function(crate::mad::run),
    },
    PassInfo {
        name: "genx-legalize",
        description: "split every bale to the execution sizes and regions the platform allows, emulate i64 where \
                      the platform lacks it, and cut illegal predicates into vISA predicates",
        body: PassBody::Function(crate::legalize::run),
    },
    PassInfo {
        name: "genx-verify-legal",
        description: "check that every bale is legal for the platform (execution size, regions, non-region and \
                      predicate limits) after genx-legalize",
        body: PassBody::Function(crate::legalize::verify_run),
    },
    PassInfo {
        name: "genx-verify-target",
        description: "check what the platform cannot do however it is compiled (double and IEEE div/sqrt without \
                      fp64, vectors over the element limit) before IGC sees the kernel",
        body: PassBody::Function(crate::legalize::verify_target_run),
    },
    PassInfo {
        name: "print<genx-visa-emit>",
        description: "lower each kernel (after genx-legalize) to vISA, one instruction per bale, and print its \
                      .visaasm; a construct not lowered yet is a located error",
        body: PassBody::Function(crate::visa_emit::print_pass),
    },
];

/// Looks a pass up by its pipeline name.
pub fn find(name: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|pass| pass.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_prefixed_and_fit_the_glue() {
        assert!(PASSES.len() <= MAX_PASSES);
        for (index, pass) in PASSES.iter().enumerate() {
            // Printer passes follow LLVM's spelling of analysis printers: `print<genx-...>`.
            let base = pass.name.strip_prefix("print<").and_then(|rest| rest.strip_suffix('>')).unwrap_or(pass.name);
            assert!(base.starts_with("genx-"), "{} lacks the genx- prefix", pass.name);
            assert!(
                PASSES[index + 1..].iter().all(|other| other.name != pass.name),
                "{} is registered twice",
                pass.name
            );
        }
    }
}
