//! GenX IR → the SPIR-V-ready form IGC's vector-compute reader expects (docs/vc-backend.md §2).
//!
//! What: the front end, ISPC and DPC++ ESIMD describe kernels with `!genx.kernels` (function, name, argument kinds,
//! SLM size, offsets, I/O kinds, argument descriptors) and mark them `"CMGenxMain"`; surfaces are `i32` binding-table
//! indices and SVM pointers are `i64`. llvm-spirv-14 carries none of that metadata, so the kernel interface must be
//! expressed in the IR itself before translation: the kernel becomes `spir_kernel` with `"VCFunction"` and
//! `"VCSLMSize"`, and every argument's kind becomes its type:
//!
//! | kind / descriptor | argument type | in the body |
//! |---|---|---|
//! | surface 2, `buffer_t` (or none) | `%intel.buffer_{ro,wo,rw}_t addrspace(1)*` | `llvm.genx.address.convert` → the old `i32` |
//! | surface 2, `image{1d,1d_array,1d_buffer,2d,2d_array,3d}_t` | `%opencl.image…_{ro,wo,rw}_t addrspace(1)*` | same |
//! | surface 2, `image2d_media_block_t` | `%intel.image2d_media_block_{ro,wo,rw}_t addrspace(1)*` | same |
//! | sampler 1 | `%opencl.sampler_t addrspace(2)*` | same |
//! | general 0, `svmptr_t`, integer | `i8 addrspace(1)*` | `ptrtoint` → the old integer |
//! | general 0, anything else | unchanged | – |
//!
//! The access qualifier (`read_only`, `write_only`, `read_write`) defaults to read-write, as in vc-intrinsics'
//! writer adaptor. IGC's reader adaptor maps the types back to kinds and descriptors on its side.
//!
//! Algorithm: per kernel entry, compute the new parameter types; when any differs, create a function of the new
//! type under the kernel's metadata name, move the blocks over, rewire each old argument (directly, or through one
//! conversion at the top of the entry block, which is then the argument's only user, as IGC requires), copy the
//! attributes that still apply and the function metadata (`!dbg`), and delete the old function. Functions already
//! in the SPIR-V-ready form (`spir_kernel`) are kept; `"VCFunction"` is added to every defined function (without
//! it IGC emits no kernel). The module triple `genx32`/`genx64` (or none) becomes `spir`/`spir64`.
//! `CMFloatControl` becomes `VCFloatControl` and `CMStackCall` `VCStackCall` (only when present: a float-control
//! attribute is not the hardware default, docs/vc-backend.md §5.10).
//!
//! Invariants: bad input is an error naming the kernel and argument, never a panic; the module verifies after
//! the rewrite (checked).
//!
//! Globals: every global variable gets `"VCGlobalVariable"`, plus `"VCVolatile"` for `genx_volatile` and
//! `"VCByteOffset"` for `genx_byte_offset` ([`mark_globals`]). LLVM 14's C API can neither read nor set attributes
//! of global variables, so this step works on the module's text (each global's attribute group is rewritten) and
//! the caller parses it back.
//!
//! printf: genx-cm-lower's `i32 @printf(i8 addrspace(2)*, ...)` is renamed to the SPIR-V builtin
//! `__spirv_ocl_printf` (mangled), which llvm-spirv turns into `OpExtInst printf` ([`rename_printf`]).
//!
//! Not handled (errors): VME arguments (kind 3) and implicit-argument kinds; kernels that are called. Not done:
//! `VCNamedBarrierCount` (llvm-spirv-14 drops it anyway).

use std::ffi::CString;

use genx_passes::ir::{self, md_operands};
use genx_passes::llvm_sys::core::*;
use genx_passes::llvm_sys::debuginfo::*;
use genx_passes::llvm_sys::prelude::*;
use genx_passes::spir_kernels::{is_spir_kernel, SPIR_KERNEL};

/// How an argument reaches IGC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// By value (scalars, vectors).
    Value,
    /// An SVM pointer (`svmptr_t`).
    Pointer,
    /// A surface or sampler, as the named opaque type it becomes (`intel.buffer_rw_t`, `opencl.sampler_t`, ...).
    Opaque(String),
}

/// A kernel as the bridge handed it to llvm-spirv.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: String,
    pub args: Vec<ArgKind>,
    pub slm_size: u32,
    /// `file:line` of the kernel's definition, when the IR has debug info.
    pub location: Option<String>,
}

/// Rewrites `module` in place into the SPIR-V-ready form and returns its kernels, in module order.
pub fn adapt(module: LLVMModuleRef) -> Result<Vec<Kernel>, String> {
    // SAFETY: `module` is a live module the caller owns; the adaptor only reads and rewrites it through the C API
    // and frees nothing it does not own.
    unsafe {
        set_spir_triple(module);
        let entries = kernel_entries(module)?;
        for (index, entry) in entries.iter().enumerate() {
            if entries[..index].iter().any(|earlier| earlier.function == entry.function) {
                return Err(format!("kernel '{}' is listed twice in !genx.kernels", entry.name));
            }
        }
        // A function marked as a kernel must say what its arguments are.
        for function in ir::functions(module) {
            if string_attr(function, "CMGenxMain").is_some() && !entries.iter().any(|entry| entry.function == function)
            {
                return Err(format!(
                    "function '{}' is marked \"CMGenxMain\" but has no !genx.kernels entry (its argument kinds are unknown)",
                    ir::value_name(function)
                ));
            }
        }
        let mut kernels = Vec::new();
        for entry in entries {
            kernels.push(adapt_kernel(module, entry)?);
        }
        rename_printf(module);
        // Kernels already in the SPIR-V-ready form (spir_kernel) and every other defined function.
        let functions: Vec<LLVMValueRef> = ir::functions(module).collect();
        for function in functions {
            if ir::is_declaration(function) {
                continue;
            }
            add_string_attr(function, "VCFunction", "");
            rename_attr(function, "CMStackCall", "VCStackCall");
            rename_attr(function, "CMFloatControl", "VCFloatControl");
            remove_attr(function, "CMGenxMain");
            remove_attr(function, "oclrt");
            if is_spir_kernel(function)
                && !kernels.iter().any(|k: &Kernel| ir::has_name(function) && k.name == ir::value_name(function))
            {
                kernels.push(ready_kernel(function));
            }
        }
        let mut message = std::ptr::null_mut();
        if genx_passes::llvm_sys::analysis::LLVMVerifyModule(
            module,
            genx_passes::llvm_sys::analysis::LLVMVerifierFailureAction::LLVMReturnStatusAction,
            &mut message,
        ) != 0
        {
            let text = take_message(message);
            return Err(format!("the module is invalid after the SPIR-V adaptation: {}", text.trim_end()));
        }
        take_message(message);
        Ok(kernels)
    }
}

/// The SPIR-V-friendly name of OpenCL's printf for a format in the constant address space: llvm-spirv translates
/// its calls to `OpExtInst printf`, which IGC's reader gives back as a call of `printf` for GenXPrintfResolution.
const SPIRV_PRINTF: &str = "_Z18__spirv_ocl_printfPU3AS2cz";

/// Renames genx-cm-lower's `i32 @printf(i8 addrspace(2)*, ...)` declaration (cm_lower::printf) to [`SPIRV_PRINTF`];
/// a `printf` of another shape is left alone (llvm-spirv then reports it).
unsafe fn rename_printf(module: LLVMModuleRef) {
    let Some(printf) = named_function(module, genx_passes::cm_lower::PRINTF) else { return };
    if !ir::is_declaration(printf) || LLVMCountParams(printf) != 1 || LLVMIsFunctionVarArg(LLVMGlobalGetValueType(printf)) == 0 {
        return;
    }
    let format = LLVMTypeOf(LLVMGetParam(printf, 0));
    if ir::pointer_address_space(format) == Some(genx_passes::cm_lower::CONSTANT_ADDRESS_SPACE) {
        LLVMSetValueName2(printf, SPIRV_PRINTF.as_ptr().cast(), SPIRV_PRINTF.len());
    }
}

unsafe fn take_message(message: *mut std::os::raw::c_char) -> String {
    if message.is_null() {
        return String::new();
    }
    let text = std::ffi::CStr::from_ptr(message).to_string_lossy().into_owned();
    LLVMDisposeMessage(message);
    text
}

/// `genx32`/`genx64`/no triple → `spir`/`spir64` (IGC's reader and opt-14 want SPIR triples).
unsafe fn set_spir_triple(module: LLVMModuleRef) {
    let triple = std::ffi::CStr::from_ptr(LLVMGetTarget(module)).to_string_lossy().into_owned();
    let new = if triple.starts_with("genx32") || triple.starts_with("spir-") || triple == "spir" {
        "spir-unknown-unknown"
    } else if triple.starts_with("spir64") {
        return;
    } else {
        "spir64-unknown-unknown"
    };
    let new = CString::new(new).unwrap_or_default();
    LLVMSetTarget(module, new.as_ptr());
}

/// One operand list of `!genx.kernels`.
struct Entry {
    function: LLVMValueRef,
    name: String,
    kinds: Vec<u64>,
    slm_size: u32,
    descs: Vec<String>,
}

unsafe fn md_string(value: LLVMValueRef) -> Option<String> {
    if value.is_null() {
        return None;
    }
    let mut len = 0u32;
    let text = LLVMGetMDString(value, &mut len);
    (!text.is_null())
        .then(|| String::from_utf8_lossy(std::slice::from_raw_parts(text as *const u8, len as usize)).into_owned())
}

unsafe fn md_int(value: LLVMValueRef) -> Option<u64> {
    if value.is_null() || LLVMIsAConstantInt(value).is_null() {
        return None;
    }
    Some(LLVMConstIntGetZExtValue(value))
}

unsafe fn is_md_node(value: LLVMValueRef) -> bool {
    !value.is_null() && !LLVMIsAMDNode(value).is_null()
}

unsafe fn kernel_entries(module: LLVMModuleRef) -> Result<Vec<Entry>, String> {
    let name = CString::new("genx.kernels").unwrap_or_default();
    let count = LLVMGetNamedMetadataNumOperands(module, name.as_ptr()) as usize;
    let mut nodes = vec![std::ptr::null_mut(); count];
    if count > 0 {
        LLVMGetNamedMetadataOperands(module, name.as_ptr(), nodes.as_mut_ptr());
    }
    let mut entries = Vec::new();
    for (index, node) in nodes.into_iter().enumerate() {
        let operands = md_operands(node);
        let bad = |what: &str| format!("!genx.kernels entry {index}: {what}");
        let function = operands.first().copied().filter(|f| !f.is_null() && !LLVMIsAFunction(*f).is_null());
        let Some(function) = function else {
            // A kernel deleted by an earlier pass leaves an empty reference behind; nothing to compile.
            continue;
        };
        let name =
            operands.get(1).and_then(|v| md_string(*v)).ok_or_else(|| bad("operand 1 is not the kernel name"))?;
        let list = |at: usize| -> Vec<LLVMValueRef> {
            operands.get(at).filter(|v| is_md_node(**v)).map(|v| md_operands(*v)).unwrap_or_default()
        };
        let kinds = list(2).into_iter().map(|v| md_int(v).unwrap_or(0)).collect();
        let slm_size = operands.get(3).and_then(|v| md_int(*v)).unwrap_or(0);
        let slm_size =
            u32::try_from(slm_size).map_err(|_| bad(&format!("SLM size {slm_size} does not fit 32 bits")))?;
        let descs = list(6).into_iter().map(|v| md_string(v).unwrap_or_default()).collect();
        entries.push(Entry { function, name, kinds, slm_size, descs });
    }
    Ok(entries)
}

/// What an argument turns into.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Rewrite {
    Keep,
    /// A pointer to the named opaque struct in this address space, converted back with `address.convert`.
    Opaque {
        type_name: String,
        address_space: u32,
    },
    /// `i8 addrspace(1)*`, converted back with `ptrtoint`.
    Svm,
}

/// The rewrite an argument's kind and descriptor ask for (vc-intrinsics' writer-adaptor rules).
fn rewrite_for(kind: u64, desc: &str) -> Result<Rewrite, String> {
    let words: Vec<&str> = desc.split_whitespace().collect();
    let access = if words.contains(&"read_only") {
        "ro"
    } else if words.contains(&"write_only") {
        "wo"
    } else {
        "rw"
    };
    let has = |word: &str| words.contains(&word);
    match kind {
        0 => Ok(if has("svmptr_t") { Rewrite::Svm } else { Rewrite::Keep }),
        1 => Ok(Rewrite::Opaque { type_name: "opencl.sampler_t".to_string(), address_space: 2 }),
        2 => {
            const IMAGES: &[&str] =
                &["image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t", "image2d_array_t", "image3d_t"];
            let type_name = if has("image2d_media_block_t") {
                format!("intel.image2d_media_block_{access}_t")
            } else if let Some(image) = IMAGES.iter().find(|image| has(image)) {
                format!("opencl.{}_{access}_t", image.trim_end_matches("_t"))
            } else {
                format!("intel.buffer_{access}_t")
            };
            Ok(Rewrite::Opaque { type_name, address_space: 1 })
        }
        3 => Err("is a VME surface (argument kind 3), which IGC's SPIR-V path does not support".to_string()),
        other => Err(format!(
            "has argument kind {other:#x} (an implicit CMRT argument), which the SPIR-V path does not carry"
        )),
    }
}

unsafe fn params(function: LLVMValueRef) -> Vec<LLVMValueRef> {
    let count = LLVMCountParams(function) as usize;
    let mut out = vec![std::ptr::null_mut(); count];
    if count > 0 {
        LLVMGetParams(function, out.as_mut_ptr());
    }
    out
}

unsafe fn function_location(function: LLVMValueRef) -> Option<String> {
    let subprogram = LLVMGetSubprogram(function);
    if subprogram.is_null() {
        return None;
    }
    let line = LLVMDISubprogramGetLine(subprogram);
    let name = ir::scope_file_name(subprogram);
    (line != 0).then(|| format!("{name}:{line}"))
}

unsafe fn adapt_kernel(module: LLVMModuleRef, entry: Entry) -> Result<Kernel, String> {
    let old = entry.function;
    let old_name = ir::value_name(old);
    let kernel = &entry.name;
    if ir::is_declaration(old) {
        return Err(format!("kernel '{kernel}' is declared in !genx.kernels but has no body"));
    }
    if has_live_uses(old) {
        return Err(format!(
            "kernel '{kernel}' is called or referenced by other code; an IGC kernel can only be an entry point"
        ));
    }
    if LLVMGetTypeKind(LLVMGetReturnType(LLVMGlobalGetValueType(old)))
        != genx_passes::llvm_sys::LLVMTypeKind::LLVMVoidTypeKind
    {
        return Err(format!("kernel '{kernel}' does not return void"));
    }
    let old_params = params(old);
    let context = LLVMGetModuleContext(module);
    let mut rewrites = Vec::new();
    let mut new_types = Vec::new();
    let mut args = Vec::new();
    for (index, param) in old_params.iter().enumerate() {
        let kind = entry.kinds.get(index).copied().unwrap_or(0);
        let desc = entry.descs.get(index).map(String::as_str).unwrap_or("");
        let at = || format!("kernel '{kernel}', argument {index} ('{}')", ir::value_name(*param));
        let mut rewrite = rewrite_for(kind, desc).map_err(|why| format!("{} {why}", at()))?;
        let old_type = LLVMTypeOf(*param);
        let old_kind = LLVMGetTypeKind(old_type);
        use genx_passes::llvm_sys::LLVMTypeKind::*;
        // Already a pointer (ISPC/ESIMD style or an earlier adaptation): the type is the kind.
        if old_kind == LLVMPointerTypeKind {
            rewrite = Rewrite::Keep;
        } else if rewrite != Rewrite::Keep && old_kind != LLVMIntegerTypeKind {
            return Err(format!(
                "{} is a {} but its kind '{desc}' needs an integer (binding-table index or address)",
                at(),
                ir::type_to_string(old_type)
            ));
        }
        let new_type = match &rewrite {
            Rewrite::Keep => old_type,
            Rewrite::Svm => LLVMPointerType(LLVMInt8TypeInContext(context), 1),
            Rewrite::Opaque { type_name, address_space } => {
                LLVMPointerType(opaque_struct(module, type_name), *address_space)
            }
        };
        args.push(match &rewrite {
            Rewrite::Keep if old_kind == LLVMPointerTypeKind => match ir::struct_name(ir::element_of(old_type)) {
                Some(name) => ArgKind::Opaque(name),
                None => ArgKind::Pointer,
            },
            Rewrite::Keep => ArgKind::Value,
            Rewrite::Svm => ArgKind::Pointer,
            Rewrite::Opaque { type_name, .. } => ArgKind::Opaque(type_name.clone()),
        });
        new_types.push(new_type);
        rewrites.push(rewrite);
    }
    let location = function_location(old);
    let needs_new_function = rewrites.iter().any(|r| *r != Rewrite::Keep) || old_name != *kernel;
    let function = if needs_new_function {
        if let Some(clash) = named_function(module, kernel).filter(|f| *f != old) {
            let _ = clash;
            return Err(format!(
                "kernel '{kernel}' (function '{old_name}'): another function is already named '{kernel}'"
            ));
        }
        let temp = CString::new(format!("{old_name}.genx.old")).unwrap_or_default();
        LLVMSetValueName2(old, temp.as_ptr(), temp.as_bytes().len());
        let fn_type =
            LLVMFunctionType(LLVMVoidTypeInContext(context), new_types.as_mut_ptr(), new_types.len() as u32, 0);
        let name = CString::new(kernel.as_str()).map_err(|_| format!("kernel name '{kernel}' contains a NUL byte"))?;
        let new = LLVMAddFunction(module, name.as_ptr(), fn_type);
        copy_function_attributes(old, new, &rewrites);
        copy_metadata(old, new);
        move_body(context, old, new, &old_params, &rewrites);
        // Only dead constants (left by the front end's erased annotations) and metadata still refer to the old
        // function; they follow the new one, so nothing dangles when it is deleted.
        LLVMReplaceAllUsesWith(old, LLVMConstBitCast(new, LLVMTypeOf(old)));
        LLVMDeleteFunction(old);
        new
    } else {
        old
    };
    LLVMSetFunctionCallConv(function, SPIR_KERNEL);
    LLVMSetLinkage(function, genx_passes::llvm_sys::LLVMLinkage::LLVMExternalLinkage);
    add_string_attr(function, "VCFunction", "");
    add_string_attr(function, "VCSLMSize", &entry.slm_size.to_string());
    Ok(Kernel { name: kernel.clone(), args, slm_size: entry.slm_size, location })
}

/// Whether a value is used by anything but constants that are themselves unused (LLVM keeps such dead
/// constant expressions in the use list until someone removes them).
unsafe fn has_live_uses(value: LLVMValueRef) -> bool {
    let mut use_ = LLVMGetFirstUse(value);
    while !use_.is_null() {
        let user = LLVMGetUser(use_);
        let dead_constant =
            !LLVMIsAConstant(user).is_null() && LLVMIsAGlobalValue(user).is_null() && !has_live_uses(user);
        if !dead_constant {
            return true;
        }
        use_ = LLVMGetNextUse(use_);
    }
    false
}

/// A kernel that came in SPIR-V-ready (`spir_kernel`): its interface as the types say, by the rules the vISA
/// route's `genx-spir-kernels` also describes such kernels with ([`genx_passes::spir_kernels::arg_interface`]).
unsafe fn ready_kernel(function: LLVMValueRef) -> Kernel {
    use genx_passes::llvm_sys::LLVMTypeKind::*;
    let args = params(function)
        .into_iter()
        .map(|param| {
            let ty = LLVMTypeOf(param);
            match genx_passes::spir_kernels::arg_interface(ty).handle {
                Some(name) => ArgKind::Opaque(name),
                None if LLVMGetTypeKind(ty) == LLVMPointerTypeKind => ArgKind::Pointer,
                None => ArgKind::Value,
            }
        })
        .collect();
    let slm_size = string_attr(function, "VCSLMSize").and_then(|s| s.parse().ok()).unwrap_or(0);
    Kernel { name: ir::value_name(function), args, slm_size, location: function_location(function) }
}

unsafe fn named_function(module: LLVMModuleRef, name: &str) -> Option<LLVMValueRef> {
    let name = CString::new(name).ok()?;
    let found = LLVMGetNamedFunction(module, name.as_ptr());
    (!found.is_null()).then_some(found)
}

unsafe fn opaque_struct(module: LLVMModuleRef, name: &str) -> LLVMTypeRef {
    let c_name = CString::new(name).unwrap_or_default();
    let existing = LLVMGetTypeByName2(LLVMGetModuleContext(module), c_name.as_ptr());
    if !existing.is_null() {
        return existing;
    }
    LLVMStructCreateNamed(LLVMGetModuleContext(module), c_name.as_ptr())
}

/// Function attributes and the return attributes move over; a parameter's attributes move only when its type is
/// unchanged (`zeroext` and the like do not apply to the new pointer).
unsafe fn copy_function_attributes(old: LLVMValueRef, new: LLVMValueRef, rewrites: &[Rewrite]) {
    let mut indices =
        vec![genx_passes::llvm_sys::LLVMAttributeFunctionIndex, genx_passes::llvm_sys::LLVMAttributeReturnIndex];
    indices.extend(rewrites.iter().enumerate().filter(|(_, r)| **r == Rewrite::Keep).map(|(i, _)| i as u32 + 1));
    for index in indices {
        let count = LLVMGetAttributeCountAtIndex(old, index) as usize;
        let mut attrs = vec![std::ptr::null_mut(); count];
        if count > 0 {
            LLVMGetAttributesAtIndex(old, index, attrs.as_mut_ptr());
        }
        for attr in attrs {
            LLVMAddAttributeAtIndex(new, index, attr);
        }
    }
}

unsafe fn copy_metadata(old: LLVMValueRef, new: LLVMValueRef) {
    let mut count = 0usize;
    let entries = LLVMGlobalCopyAllMetadata(old, &mut count);
    if entries.is_null() {
        return;
    }
    for index in 0..count as u32 {
        let kind = LLVMValueMetadataEntriesGetKind(entries, index);
        let node = LLVMValueMetadataEntriesGetMetadata(entries, index);
        LLVMGlobalSetMetadata(new, kind, node);
    }
    LLVMDisposeValueMetadataEntries(entries);
    // The subprogram belongs to one function only.
    LLVMGlobalClearMetadata(old);
}

/// Moves the blocks of `old` into `new` and rewires the arguments.
unsafe fn move_body(
    context: LLVMContextRef,
    old: LLVMValueRef,
    new: LLVMValueRef,
    old_params: &[LLVMValueRef],
    rewrites: &[Rewrite],
) {
    let anchor_name = CString::new("genx.anchor").unwrap_or_default();
    let anchor = LLVMAppendBasicBlockInContext(context, new, anchor_name.as_ptr());
    let blocks: Vec<LLVMBasicBlockRef> = ir::blocks(old).collect();
    let mut after = anchor;
    for block in blocks {
        LLVMMoveBasicBlockAfter(block, after);
        after = block;
    }
    LLVMDeleteBasicBlock(anchor);
    let entry = LLVMGetEntryBasicBlock(new);
    let builder = LLVMCreateBuilderInContext(context);
    let first = LLVMGetFirstInstruction(entry);
    LLVMPositionBuilder(builder, entry, first);
    let module = LLVMGetGlobalParent(new);
    let new_params = params(new);
    for ((old_param, new_param), rewrite) in old_params.iter().zip(&new_params).zip(rewrites) {
        // Keep the source names of the arguments.
        let name = ir::value_name(*old_param);
        let c_name = CString::new(name.clone()).unwrap_or_default();
        LLVMSetValueName2(*new_param, c_name.as_ptr(), c_name.as_bytes().len());
        let replacement = match rewrite {
            Rewrite::Keep => *new_param,
            _ if LLVMGetFirstUse(*old_param).is_null() => continue,
            Rewrite::Svm => {
                let conv_name = CString::new(format!("{name}.addr")).unwrap_or_default();
                LLVMBuildPtrToInt(builder, *new_param, LLVMTypeOf(*old_param), conv_name.as_ptr())
            }
            Rewrite::Opaque { type_name, address_space } => {
                let int_type = LLVMTypeOf(*old_param);
                let bits = LLVMGetIntTypeWidth(int_type);
                let callee_name = format!("llvm.genx.address.convert.i{bits}.p{address_space}{type_name}");
                let mut param_type = LLVMTypeOf(*new_param);
                let callee = match named_function(module, &callee_name) {
                    Some(callee) => callee,
                    None => {
                        let fn_type = LLVMFunctionType(int_type, &mut param_type, 1, 0);
                        let c_callee = CString::new(callee_name).unwrap_or_default();
                        let callee = LLVMAddFunction(module, c_callee.as_ptr(), fn_type);
                        add_enum_attr(callee, "nounwind");
                        add_enum_attr(callee, "readnone");
                        callee
                    }
                };
                let mut call_args = [*new_param];
                let conv_name = CString::new(format!("{name}.bti")).unwrap_or_default();
                LLVMBuildCall2(
                    builder,
                    LLVMGlobalGetValueType(callee),
                    callee,
                    call_args.as_mut_ptr(),
                    1,
                    conv_name.as_ptr(),
                )
            }
        };
        LLVMReplaceAllUsesWith(*old_param, replacement);
    }
    LLVMDisposeBuilder(builder);
}

unsafe fn add_enum_attr(function: LLVMValueRef, name: &str) {
    let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
    let context = LLVMGetModuleContext(LLVMGetGlobalParent(function));
    let attr = LLVMCreateEnumAttribute(context, kind, 0);
    LLVMAddAttributeAtIndex(function, genx_passes::llvm_sys::LLVMAttributeFunctionIndex, attr);
}

unsafe fn add_string_attr(function: LLVMValueRef, key: &str, value: &str) {
    let context = LLVMGetModuleContext(LLVMGetGlobalParent(function));
    let attr = LLVMCreateStringAttribute(
        context,
        key.as_ptr() as *const _,
        key.len() as u32,
        value.as_ptr() as *const _,
        value.len() as u32,
    );
    LLVMAddAttributeAtIndex(function, genx_passes::llvm_sys::LLVMAttributeFunctionIndex, attr);
}

unsafe fn string_attr(function: LLVMValueRef, key: &str) -> Option<String> {
    let attr = LLVMGetStringAttributeAtIndex(
        function,
        genx_passes::llvm_sys::LLVMAttributeFunctionIndex,
        key.as_ptr() as *const _,
        key.len() as u32,
    );
    if attr.is_null() {
        return None;
    }
    let mut len = 0u32;
    let value = LLVMGetStringAttributeValue(attr, &mut len);
    Some(if value.is_null() {
        String::new()
    } else {
        String::from_utf8_lossy(std::slice::from_raw_parts(value as *const u8, len as usize)).into_owned()
    })
}

unsafe fn remove_attr(function: LLVMValueRef, key: &str) {
    LLVMRemoveStringAttributeAtIndex(
        function,
        genx_passes::llvm_sys::LLVMAttributeFunctionIndex,
        key.as_ptr() as *const _,
        key.len() as u32,
    );
}

unsafe fn rename_attr(function: LLVMValueRef, from: &str, to: &str) {
    if let Some(value) = string_attr(function, from) {
        remove_attr(function, from);
        add_string_attr(function, to, &value);
    }
}

/// Whether the module has global variables (then [`mark_globals`] applies).
pub fn has_global_variables(module: LLVMModuleRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { !LLVMGetFirstGlobal(module).is_null() }
}

/// Adds the vector-compute attributes to every global variable of a module printed as text: `"VCGlobalVariable"`,
/// `"VCVolatile"` when the global has `"genx_volatile"`, `"VCByteOffset"="N"` when it has `"genx_byte_offset"="N"`.
/// Each global gets an attribute group of its own (appended), so groups shared with functions are left alone.
pub fn mark_globals(text: &str) -> String {
    // The attribute groups: `attributes #N = { ... }`.
    let mut groups = std::collections::HashMap::new();
    let mut next_group = 0u64;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("attributes #") {
            if let Some((number, body)) = rest.split_once(" = { ") {
                if let Ok(number) = number.parse::<u64>() {
                    groups.insert(number, body.trim_end_matches('}').trim().to_string());
                    next_group = next_group.max(number + 1);
                }
            }
        }
    }
    let mut out = String::with_capacity(text.len() + 256);
    let mut new_groups = Vec::new();
    for line in text.lines() {
        if !is_global_variable_definition(line) {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // A global's attributes are a trailing ` #N` (the initializer cannot end in digits after a '#').
        let (definition, existing) = match line.rsplit_once(" #") {
            Some((head, number)) if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                (head, groups.get(&number.parse::<u64>().unwrap_or(u64::MAX)).cloned().unwrap_or_default())
            }
            _ => (line, String::new()),
        };
        let mut attrs = existing.clone();
        let mut add = |attr: String| {
            if !attrs.split_whitespace().any(|a| a == attr) {
                if !attrs.is_empty() {
                    attrs.push(' ');
                }
                attrs.push_str(&attr);
            }
        };
        add("\"VCGlobalVariable\"".to_string());
        if existing.contains("\"genx_volatile\"") {
            add("\"VCVolatile\"".to_string());
        }
        if let Some(offset) = existing.split("\"genx_byte_offset\"=\"").nth(1).and_then(|rest| rest.split('"').next()) {
            add(format!("\"VCByteOffset\"=\"{offset}\""));
        }
        let group = next_group + new_groups.len() as u64;
        new_groups.push(format!("attributes #{group} = {{ {attrs} }}"));
        out.push_str(&format!("{definition} #{group}\n"));
    }
    for group in new_groups {
        out.push_str(&group);
        out.push('\n');
    }
    out
}

/// `@name = ... global|constant ...` (not an alias, an ifunc or a declaration-free reference).
fn is_global_variable_definition(line: &str) -> bool {
    if !line.starts_with('@') {
        return false;
    }
    let Some((_, rest)) = line.split_once(" = ") else { return false };
    // The words before the type: linkage, visibility, thread-local, unnamed_addr, addrspace, then global/constant.
    for word in rest.split_whitespace() {
        match word {
            "global" | "constant" => return true,
            "alias" | "ifunc" => return false,
            w if w.starts_with('"')
                || w.starts_with('[')
                || w.starts_with('<')
                || w.starts_with('{')
                || w.starts_with('%') =>
            {
                return false
            }
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globals_get_vector_compute_attributes_in_groups_of_their_own() {
        let text = "@a = internal global <8 x i32> zeroinitializer, align 32 #1\n\
                    @b = dso_local local_unnamed_addr global i32 0, align 4\n\
                    @s = private unnamed_addr constant [4 x i8] c\"a #1\", align 1\n\
                    @al = alias i32, i32* @b\n\
                    define void @f() #0 {\n  ret void\n}\n\
                    attributes #0 = { nounwind }\n\
                    attributes #1 = { \"genx_byte_offset\"=\"128\" \"genx_volatile\" }\n";
        let marked = mark_globals(text);
        assert!(marked.contains("@a = internal global <8 x i32> zeroinitializer, align 32 #2\n"), "{marked}");
        assert!(marked.contains("@b = dso_local local_unnamed_addr global i32 0, align 4 #3\n"), "{marked}");
        assert!(marked.contains("@s = private unnamed_addr constant [4 x i8] c\"a #1\", align 1 #4\n"), "{marked}");
        assert!(marked.contains("@al = alias i32, i32* @b\n"), "{marked}");
        assert!(marked.contains("define void @f() #0 {"), "{marked}");
        assert!(marked.contains("attributes #2 = { \"genx_byte_offset\"=\"128\" \"genx_volatile\" \"VCGlobalVariable\" \"VCVolatile\" \"VCByteOffset\"=\"128\" }"), "{marked}");
        assert!(marked.contains("attributes #3 = { \"VCGlobalVariable\" }"), "{marked}");
    }

    #[test]
    fn kinds_and_descriptors_select_types() {
        let opaque = |name: &str, address_space| Ok(Rewrite::Opaque { type_name: name.to_string(), address_space });
        assert_eq!(rewrite_for(2, "buffer_t read_only"), opaque("intel.buffer_ro_t", 1));
        assert_eq!(rewrite_for(2, ""), opaque("intel.buffer_rw_t", 1));
        assert_eq!(rewrite_for(2, "SurfaceIndex"), opaque("intel.buffer_rw_t", 1));
        assert_eq!(rewrite_for(2, "image2d_t write_only"), opaque("opencl.image2d_wo_t", 1));
        assert_eq!(rewrite_for(2, "image1d_buffer_t"), opaque("opencl.image1d_buffer_rw_t", 1));
        assert_eq!(rewrite_for(2, "image2d_media_block_t read_only"), opaque("intel.image2d_media_block_ro_t", 1));
        assert_eq!(rewrite_for(1, "sampler_t"), opaque("opencl.sampler_t", 2));
        assert_eq!(rewrite_for(0, "svmptr_t"), Ok(Rewrite::Svm));
        assert_eq!(rewrite_for(0, ""), Ok(Rewrite::Keep));
        assert!(rewrite_for(3, "").unwrap_err().contains("VME"));
        assert!(rewrite_for(0x18, "").is_err());
    }
}
