//! `genx-spir-kernels`: GenX IR in the SPIR-V-ready form (ISPC-like producers, DPC++ ESIMD, plain OpenCL-style
//! `spir_kernel`s) turned into the form the vISA route reads: a `!genx.kernels` entry per kernel and no SPIR-V
//! builtin variables. The vISA route runs it first (cmc's `visa_route::PREPARE_PIPELINE`).
//!
//! # Why
//! The front end describes a kernel with `!genx.kernels` (argument kinds, descriptors, SLM size); producers that
//! target SPIR-V describe it with the IR itself: the `spir_kernel` calling convention, the argument types and the
//! `"VCSLMSize"` attribute (docs/vc-backend.md §2). The IGC route hands that form to llvm-spirv and IGC's
//! GenXSPIRVReaderAdaptor rebuilds `!genx.kernels` from it (read at igc-1.0.12504.6); the vISA route has no
//! IGC reader in front of it, so this pass is that reader, with the same rules, and the emitter then reads one
//! kernel description whatever the producer.
//!
//! # Algorithm
//! 1. Every defined `spir_kernel` function without a `!genx.kernels` entry gets one, built by the one builder of
//!    entries ([`crate::cm_lower::kernel_entry`]): name = the function's, SLM = `"VCSLMSize"` (0 when absent),
//!    barrier = whether it calls one, and per argument the kind and descriptor of [`arg_interface`] (the
//!    reader adaptor's rules, shared with vc-bridge's description of SPIR-V-ready kernels):
//!    * a pointer to `opencl.sampler_t` → sampler (1), `"sampler_t"`;
//!    * a pointer to `intel.buffer_{ro,wo,rw}_t`, `opencl.image…_{ro,wo,rw}_t` or
//!      `intel.image2d_media_block_{ro,wo,rw}_t` → surface (2), `"buffer_t read_only"`, `"image2d_t read_write"`, ...;
//!    * any other pointer in the global address space (1) → general (0), `"svmptr_t"` (the emitter passes it
//!      as a 64-bit `.input` and `ptrtoint` reads it);
//!    * anything else → general (0), no descriptor (a pointer in another address space is not an SVM pointer,
//!      as IGC's reader decides).
//! 2. Every load of a SPIR-V builtin variable `@__spirv_BuiltIn<Name>` (`<3 x i64>` in DPC++'s IR; the whole
//!    vector, or one element through a constant `getelementptr`) becomes the value computed from GenX's own
//!    inputs (SPIR-V spec 3.21 "BuiltIn", OpenCL meanings): `WorkgroupId` = `group.id.{x,y,z}`,
//!    `LocalInvocationId` = `local.id`, `WorkgroupSize` = `local.size`, `NumWorkgroups` = `group.count`,
//!    `GlobalInvocationId` = group id × local size + local id, `GlobalSize` = group count × local size, computed
//!    in 32 bits and zero-extended to the load's element type. The variable is deleted once nothing reads it.
//!
//! # Invariants
//! A kernel that already has an entry (CM's front end, hand-written GenX IR) is left alone. Nothing it cannot
//! take is dropped silently: each is a located error naming the kernel and argument or the instruction.
//!
//! # Not handled (errors)
//! Surface and sampler arguments in the SPIR-V-ready form (their uses go through `llvm.genx.address.convert`,
//! which the emitter does not lower); arguments with a `"VCArgumentKind"` attribute (implicit arguments);
//! `__spirv_BuiltInGlobalOffset` and the builtins other than the six above; `GlobalInvocationId` adds no global
//! offset (the route has no global-offset input: correct for dispatches without one, as the CM runtime and
//! the executors make), and ids past 2^32 wrap (a dispatch of more than 2^32 work items).

use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMCallConv, LLVMOpcode, LLVMTypeKind};

use crate::diag::PassCx;
use crate::cm_lower::{self, KIND_GENERAL, KIND_SAMPLER, KIND_SURFACE};
use crate::{ir, ir_write, region_ir, visa_emit};

pub const NAME: &str = "genx-spir-kernels";

/// LLVM's `CallingConv::SPIR_KERNEL`.
pub const SPIR_KERNEL: u32 = LLVMCallConv::LLVMSPIRKERNELCallConv as u32;


/// The global address space, where an SVM pointer lives.
const GLOBAL_ADDRESS_SPACE: u32 = 1;

/// How a SPIR-V-ready kernel argument reaches the kernel: its `!genx.kernels` kind and descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgInterface {
    pub kind: i64,
    pub descriptor: String,
    /// For a surface or sampler: the opaque type's name (`intel.buffer_rw_t`).
    pub handle: Option<String>,
}

/// The kind and descriptor of a parameter of type `ty` of a SPIR-V-ready kernel (IGC's reader-adaptor rules, in
/// the module note).
pub fn arg_interface(ty: LLVMTypeRef) -> ArgInterface {
    let general = |descriptor: &str| ArgInterface { kind: KIND_GENERAL, descriptor: descriptor.to_string(), handle: None };
    let Some(address_space) = ir::pointer_address_space(ty) else {
        return general("");
    };
    // SAFETY: the element type of a live pointer type.
    let pointee = unsafe { LLVMGetElementType(ty) };
    if let Some(name) = ir::struct_name(pointee) {
        if let Some((kind, descriptor)) = handle_interface(&name) {
            return ArgInterface { kind, descriptor, handle: Some(name) };
        }
    }
    general(if address_space == GLOBAL_ADDRESS_SPACE { "svmptr_t" } else { "" })
}

/// The kind and descriptor of an opaque handle type named `name`, when it is one.
fn handle_interface(name: &str) -> Option<(i64, String)> {
    if name == "opencl.sampler_t" {
        return Some((KIND_SAMPLER, "sampler_t".to_string()));
    }
    let stem = name.strip_prefix("intel.").or_else(|| name.strip_prefix("opencl."))?.strip_suffix("_t")?;
    let (object, access) = stem.rsplit_once('_')?;
    let access = match access {
        "ro" => "read_only",
        "wo" => "write_only",
        "rw" => "read_write",
        _ => return None,
    };
    let known = object == "buffer" || object == "image2d_media_block" || object.starts_with("image");
    known.then(|| (KIND_SURFACE, format!("{object}_t {access}")))
}

/// Whether `function` is a defined `spir_kernel`.
pub fn is_spir_kernel(function: LLVMValueRef) -> bool {
    // SAFETY: a live function.
    !ir::is_declaration(function) && unsafe { LLVMGetFunctionCallConv(function) } == SPIR_KERNEL
}

pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    let module = module.as_mut_ptr();
    let described: Vec<LLVMValueRef> = visa_emit::kernel_entries(module).into_iter().map(|e| e.function).collect();
    let mut changed = false;
    for function in ir::functions(module).collect::<Vec<_>>() {
        if is_spir_kernel(function) && !described.contains(&function) {
            changed |= describe(function, cx);
        }
    }
    changed | lower_builtins(module, cx)
}

/// Adds `function`'s `!genx.kernels` entry; false (with errors reported) when an argument cannot be described.
fn describe(function: LLVMValueRef, cx: &mut PassCx) -> bool {
    let name = ir::value_name(function);
    let mut kinds = Vec::new();
    let mut descriptors = Vec::new();
    let mut ok = true;
    for index in 0..ir::param_count(function) {
        let param = ir::param(function, index);
        let what = || {
            let arg = ir::value_name(param);
            if arg.is_empty() { format!("argument {index}") } else { format!("argument {index} (%{arg})") }
        };
        // SAFETY: reading a parameter attribute of a live function (attribute index = parameter index + 1).
        let implicit = unsafe {
            let key = "VCArgumentKind";
            !LLVMGetStringAttributeAtIndex(function, index + 1, key.as_ptr().cast(), key.len() as u32).is_null()
        };
        if implicit {
            cx.error_in_function(
                function,
                format!("kernel '{name}': {} has a \"VCArgumentKind\" attribute (an implicit argument), which the vISA route does not take", what()),
            );
            ok = false;
            continue;
        }
        let interface = arg_interface(ir::type_of(param));
        if let Some(handle) = &interface.handle {
            cx.error_in_function(
                function,
                format!(
                    "kernel '{name}': {} is a {} handle ({handle}); the vISA route does not lower SPIR-V-ready \
                     surface and sampler arguments (llvm.genx.address.convert)",
                    what(),
                    if interface.kind == KIND_SAMPLER { "sampler" } else { "surface" }
                ),
            );
            ok = false;
            continue;
        }
        kinds.push(interface.kind);
        descriptors.push(interface.descriptor);
    }
    if !ok {
        return false;
    }
    let slm = ir::string_attribute(function, "VCSLMSize").and_then(|s| s.trim().parse::<i64>().ok()).unwrap_or(0);
    let descriptors: Vec<&str> = descriptors.iter().map(String::as_str).collect();
    // SAFETY: `function` is a live function; one descriptor per kind.
    unsafe {
        let entry = cm_lower::kernel_entry(function, &name, &kinds, slm, &descriptors, cm_lower::uses_barrier(function));
        cm_lower::add_kernel_entry(ir::module_of(function), entry);
    }
    true
}

/// The SPIR-V builtins this pass computes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Builtin {
    GlobalInvocationId,
    LocalInvocationId,
    WorkgroupId,
    WorkgroupSize,
    NumWorkgroups,
    GlobalSize,
}

fn builtin(name: &str) -> Option<Builtin> {
    Some(match name.strip_prefix("__spirv_BuiltIn")? {
        "GlobalInvocationId" => Builtin::GlobalInvocationId,
        "LocalInvocationId" => Builtin::LocalInvocationId,
        "WorkgroupId" => Builtin::WorkgroupId,
        "WorkgroupSize" => Builtin::WorkgroupSize,
        "NumWorkgroups" => Builtin::NumWorkgroups,
        "GlobalSize" => Builtin::GlobalSize,
        _ => return None,
    })
}

/// Replaces the loads of every SPIR-V builtin variable (step 2 of the module note).
fn lower_builtins(module: LLVMModuleRef, cx: &mut PassCx) -> bool {
    let mut changed = false;
    for global in ir::globals(module).collect::<Vec<_>>() {
        let name = ir::value_name(global);
        if !name.starts_with("__spirv_BuiltIn") {
            continue;
        }
        // The loads: of the variable itself (element None) or of one element through a constant GEP.
        let mut loads: Vec<(LLVMValueRef, Option<u32>)> = Vec::new();
        let mut bad = Vec::new();
        let mut geps = Vec::new();
        for user in ir::distinct_users(global) {
            if ir::opcode(user) == Some(LLVMOpcode::LLVMLoad) {
                loads.push((user, None));
            } else if let Some(k) = constant_element_index(user) {
                geps.push(user);
                for inner in ir::distinct_users(user) {
                    if ir::opcode(inner) == Some(LLVMOpcode::LLVMLoad) {
                        loads.push((inner, Some(k)));
                    } else {
                        bad.push(inner);
                    }
                }
            } else {
                bad.push(user);
            }
        }
        let Some(which) = builtin(&name) else {
            for (load, _) in &loads {
                cx.error_at(*load, format!("SPIR-V builtin variable @{name} is not computed by the vISA route"));
            }
            continue;
        };
        for user in bad {
            if ir::is_instruction(user) {
                cx.error_at(user, format!("a use of SPIR-V builtin variable @{name} other than a load"));
            } else {
                cx.error(format!("a use of SPIR-V builtin variable @{name} other than a load"));
            }
        }
        for (load, element) in loads {
            match compute(load, which, element) {
                Ok(value) => {
                    ir_write::replace_all_uses(load, value);
                    ir_write::erase(load);
                    changed = true;
                }
                Err(message) => cx.error_at(load, format!("SPIR-V builtin variable @{name}: {message}")),
            }
        }
        for gep in geps {
            if ir::is_instruction(gep) && !ir::has_uses(gep) {
                ir_write::erase(gep);
            }
        }
        // SAFETY: a live global; the constant expressions left without users are LLVM's to delete, and the global
        // is deleted only when nothing uses it.
        unsafe {
            cm_lower::genx_remove_dead_constant_users(global);
            if !ir::has_uses(global) {
                LLVMDeleteGlobal(global);
            }
        }
    }
    changed
}

/// `k` when `user` is `getelementptr (@g, 0, k)` with constant indices.
fn constant_element_index(user: LLVMValueRef) -> Option<u32> {
    // SAFETY: operand reads of a live value.
    let is_gep = unsafe {
        (!LLVMIsAConstantExpr(user).is_null() && LLVMGetConstOpcode(user) == LLVMOpcode::LLVMGetElementPtr)
            || ir::opcode(user) == Some(LLVMOpcode::LLVMGetElementPtr)
    };
    if !is_gep || ir::operand_count(user) != 3 || ir::const_int(ir::operand(user, 1)) != Some(0) {
        return None;
    }
    ir::const_int(ir::operand(user, 2)).and_then(|k| u32::try_from(k).ok()).filter(|&k| k < 3)
}

/// The value of builtin `which` (its element `element`, or all three) in the load's type, built before `load`.
fn compute(load: LLVMValueRef, which: Builtin, element: Option<u32>) -> Result<LLVMValueRef, String> {
    let ty = ir::type_of(load);
    let element_ty = if element.is_none() {
        if ir::type_kind(ty) != LLVMTypeKind::LLVMVectorTypeKind || ir::vector_size(ty) != 3 {
            return Err(format!("a load of type {} (expected a vector of 3 integers)", ir::type_to_string(ty)));
        }
        ir::element_of(ty)
    } else {
        ty
    };
    if ir::type_kind(element_ty) != LLVMTypeKind::LLVMIntegerTypeKind || ir::int_width(element_ty) < 32 {
        return Err(format!("a load of type {} (expected integers of 32 bits or more)", ir::type_to_string(ty)));
    }
    let module = ir::module_of(ir::parent_function(load));
    let context = ir::module_context(module);
    let i32_ty = ir_write::int_type(context, 32);
    let v3 = ir_write::vector_type(i32_ty, 3);
    // SAFETY: the builder is positioned before a live instruction and disposed of before returning; every value
    // built is of the live module.
    unsafe {
        let builder = LLVMCreateBuilderInContext(context);
        LLVMPositionBuilderBefore(builder, load);
        let call = |base: &str, ret: LLVMTypeRef, name: &str| -> Result<LLVMValueRef, String> {
            let function = region_ir::declare_intrinsic(module, base, ret, &[])?;
            Ok(region_ir::build_call(builder, function, &mut [], name))
        };
        let result = (|| -> Result<LLVMValueRef, String> {
            // The vector inputs this builtin reads, each called once.
            let reads = |base: &str, name: &str| call(base, v3, name);
            let (size, local, count) = match which {
                Builtin::WorkgroupSize => (Some(reads("llvm.genx.local.size", "local.size")?), None, None),
                Builtin::LocalInvocationId => (None, Some(reads("llvm.genx.local.id", "local.id")?), None),
                Builtin::NumWorkgroups => (None, None, Some(reads("llvm.genx.group.count", "group.count")?)),
                Builtin::GlobalInvocationId => (
                    Some(reads("llvm.genx.local.size", "local.size")?),
                    Some(reads("llvm.genx.local.id", "local.id")?),
                    None,
                ),
                Builtin::GlobalSize => (
                    Some(reads("llvm.genx.local.size", "local.size")?),
                    None,
                    Some(reads("llvm.genx.group.count", "group.count")?),
                ),
                Builtin::WorkgroupId => (None, None, None),
            };
            // One dimension, as a scalar: the dimensions nobody reads are then dead code, not vector lanes.
            let lane = |k: u32| -> Result<LLVMValueRef, String> {
                let index = ir_write::const_int(i32_ty, u64::from(k), false);
                let of = |vector: Option<LLVMValueRef>| {
                    LLVMBuildExtractElement(builder, vector.unwrap_or_else(|| ir_write::undef(v3)), index, c"".as_ptr())
                };
                let group = || call(&format!("llvm.genx.group.id.{}", ["x", "y", "z"][k as usize]), i32_ty, "group.id");
                Ok(match which {
                    Builtin::WorkgroupId => group()?,
                    Builtin::WorkgroupSize => of(size),
                    Builtin::LocalInvocationId => of(local),
                    Builtin::NumWorkgroups => of(count),
                    Builtin::GlobalInvocationId => {
                        let base = LLVMBuildMul(builder, group()?, of(size), c"group.base".as_ptr());
                        LLVMBuildAdd(builder, base, of(local), c"global.id".as_ptr())
                    }
                    Builtin::GlobalSize => LLVMBuildMul(builder, of(count), of(size), c"global.size".as_ptr()),
                })
            };
            Ok(match element {
                Some(k) => LLVMBuildZExt(builder, lane(k)?, ty, c"".as_ptr()),
                None => {
                    let mut vector = ir_write::undef(ty);
                    for k in 0..3 {
                        let wide = LLVMBuildZExt(builder, lane(k)?, element_ty, c"".as_ptr());
                        let index = ir_write::const_int(i32_ty, u64::from(k), false);
                        vector = LLVMBuildInsertElement(builder, vector, wide, index, c"".as_ptr());
                    }
                    vector
                }
            })
        })();
        LLVMDisposeBuilder(builder);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handle_types_name_their_kind_and_access() {
        assert_eq!(handle_interface("opencl.sampler_t"), Some((KIND_SAMPLER, "sampler_t".to_string())));
        assert_eq!(handle_interface("intel.buffer_ro_t"), Some((KIND_SURFACE, "buffer_t read_only".to_string())));
        assert_eq!(handle_interface("opencl.image2d_array_wo_t"), Some((KIND_SURFACE, "image2d_array_t write_only".to_string())));
        assert_eq!(
            handle_interface("intel.image2d_media_block_rw_t"),
            Some((KIND_SURFACE, "image2d_media_block_t read_write".to_string()))
        );
        assert_eq!(handle_interface("struct.point"), None);
        assert_eq!(handle_interface("opencl.queue_t"), None);
    }
}
