//! genx-cm-lower, phase 2: the kernel description (`!genx.kernels`, `"CMGenxMain"`, argument kinds and
//! descriptors, SLM size, barrier count) and the attributes of `_GENX_VOLATILE_` globals, read from clang's
//! annotations (`llvm.global.annotations` for functions and globals, `llvm.var.annotation` for parameters),
//! which are then erased.

use std::collections::HashMap;
use std::ffi::{c_char, CStr, CString};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::FunctionFacts;
use crate::diag::PassCx;
use crate::ir;
use crate::ir_write;

extern "C" {
    fn genx_demangle(mangled: *const c_char) -> *mut c_char;
    fn genx_free_message(message: *mut c_char);
    fn genx_global_add_attribute(global: LLVMValueRef, kind: *const c_char, value: *const c_char);
    pub(crate) fn genx_remove_dead_constant_users(global: LLVMValueRef);
}

/// Argument kinds of `!genx.kernels` (GenXMetadata.h / docs/cmc-compat.md §3).
pub const KIND_GENERAL: i64 = 0;
pub const KIND_SAMPLER: i64 = 1;
pub const KIND_SURFACE: i64 = 2;

/// What a pointer points into: `value` with its casts and `getelementptr`s (instructions or constant
/// expressions, whatever their indices) stripped.
fn strip_casts(mut value: LLVMValueRef) -> LLVMValueRef {
    while let Some(LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMGetElementPtr) =
        ir::const_opcode(value).or_else(|| ir::opcode(value))
    {
        value = ir::operand(value, 0);
    }
    value
}

/// The text of a constant string an `i8*` points at.
fn string_at(value: LLVMValueRef) -> Option<String> {
    let bytes = ir::constant_data_bytes(ir::initializer(strip_casts(value))?)?;
    Some(String::from_utf8_lossy(&bytes).trim_end_matches('\0').to_string())
}

/// `(annotated value, text)` of every entry of `llvm.global.annotations`.
fn global_annotations(module: LLVMModuleRef) -> Vec<(LLVMValueRef, String)> {
    // SAFETY: a lookup by a NUL-terminated name in the live module (null when there is no such global).
    let global = unsafe { LLVMGetNamedGlobal(module, c"llvm.global.annotations".as_ptr()) };
    let Some(init) = ir::initializer(global) else {
        return Vec::new();
    };
    (0..ir::operand_count(init))
        .filter_map(|i| {
            let entry = ir::operand(init, i);
            if ir::operand_count(entry) < 2 {
                return None;
            }
            Some((strip_casts(ir::operand(entry, 0)), string_at(ir::operand(entry, 1))?))
        })
        .collect()
}

/// The functions annotated `genx_main` (`_GENX_MAIN_`), each once (a declaration and its definition may both
/// say it), in annotation order.
fn kernels_of(annotations: &[(LLVMValueRef, String)]) -> Vec<LLVMValueRef> {
    let mut kernels: Vec<LLVMValueRef> = Vec::new();
    for (target, text) in annotations {
        if text == "genx_main" && ir::is_function(*target) && !kernels.contains(target) {
            kernels.push(*target);
        }
    }
    kernels
}

/// The kernels of a module as the front end marks them (before genx-cm-lower turns the marks into
/// `!genx.kernels`).
pub fn kernels(module: LLVMModuleRef) -> Vec<LLVMValueRef> {
    kernels_of(&global_annotations(module))
}

/// The source name of a kernel: C++ names demangled without return and parameter types (`k<int, 4U>`).
pub fn source_name(symbol: &str) -> String {
    if !symbol.starts_with("_Z") {
        return symbol.to_string();
    }
    let Ok(c_symbol) = CString::new(symbol) else { return symbol.to_string() };
    // SAFETY: `c_symbol` is NUL-terminated; the glue returns null or a malloc'ed NUL-terminated string that is
    // copied and freed once, here.
    let text = unsafe {
        let raw = genx_demangle(c_symbol.as_ptr());
        if raw.is_null() {
            return symbol.to_string();
        }
        let text = CStr::from_ptr(raw).to_string_lossy().into_owned();
        genx_free_message(raw);
        text
    };
    strip_signature(&text)
}

/// `void ns::k<int, 4u>(int*)` → `ns::k<int, 4U>`: drops the parameter list and the return type (the last
/// space outside template brackets), and spells unsigned literal suffixes as cmc does.
fn strip_signature(text: &str) -> String {
    // The parameter list is the last top-level parenthesised group.
    let mut depth = 0i32;
    let mut params_start = text.len();
    for (i, c) in text.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' => {
                depth -= 1;
                if depth == 0 {
                    params_start = i;
                    break;
                }
            }
            _ => {}
        }
    }
    let head = &text[..params_start];
    let mut angle = 0i32;
    let mut name_start = 0;
    for (i, c) in head.char_indices() {
        match c {
            '<' => angle += 1,
            '>' => angle -= 1,
            ' ' if angle == 0 => name_start = i + 1,
            _ => {}
        }
    }
    let name = &head[name_start..];
    // 4u -> 4U, 4ul -> 4UL (a digit run followed by an integer-literal suffix).
    let mut out = String::with_capacity(name.len());
    let bytes = name.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        let after_digit = i > 0 && bytes[i - 1].is_ascii_digit();
        if after_digit && (c == 'u' || c == 'l') {
            let end = (i..bytes.len()).find(|&j| !matches!(bytes[j], b'u' | b'l')).unwrap_or(bytes.len());
            if end == bytes.len() || !bytes[end].is_ascii_alphanumeric() {
                out.push_str(&name[i..end].to_ascii_uppercase());
                i = end;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// The name of the struct a pointer type points to (`class.SurfaceIndex`); `None` for any other type.
fn named_struct(ty: LLVMTypeRef) -> Option<String> {
    if ir::type_kind(ty) != LLVMTypeKind::LLVMPointerTypeKind {
        return None;
    }
    ir::struct_name(ir::element_of(ty))
}

fn arg_kind(ty: LLVMTypeRef) -> i64 {
    match named_struct(ty).as_deref() {
        Some("class.SurfaceIndex") => KIND_SURFACE,
        Some("class.SamplerIndex") => KIND_SAMPLER,
        _ => KIND_GENERAL,
    }
}

/// Parameter descriptors from `llvm.var.annotation` calls on the parameters' stack slots; erases every
/// annotation call of the function.
fn parameter_descriptors(function: LLVMValueRef) -> HashMap<u32, String> {
    let mut descs = HashMap::new();
    let params: Vec<LLVMValueRef> = (0..ir::param_count(function)).map(|i| ir::param(function, i)).collect();
    let calls: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&i| {
            ir::is_call(i) && ir::called_function(i).is_some_and(|f| ir::with_name(f, |n| n.starts_with("llvm.var.annotation")))
        })
        .collect();
    for call in calls {
        let slot = strip_casts(ir::call_arg(call, 0));
        if let Some(text) = string_at(ir::call_arg(call, 1)).and_then(|t| t.strip_prefix("cm_arg_type:").map(str::to_string)) {
            // A by-value class parameter is annotated itself; a scalar one through the slot it is stored to.
            if let Some(index) = params.iter().position(|&p| p == slot) {
                descs.insert(index as u32, text.clone());
            }
            for user in ir::users(slot) {
                if ir::opcode(user) == Some(LLVMOpcode::LLVMStore) && ir::operand(user, 1) == slot {
                    if let Some(index) = params.iter().position(|&p| p == ir::operand(user, 0)) {
                        descs.insert(index as u32, text.clone());
                    }
                }
            }
        }
        let pointer = ir::call_arg(call, 0);
        // The annotation call returns nothing, so nothing uses it; its pointer goes with it when unused.
        ir_write::erase(call);
        ir_write::erase_unused(pointer);
    }
    descs
}

/// Replaces `function` by one whose `SurfaceIndex`/`SamplerIndex` parameters (by-value class pointers) are
/// `i32` indices; the body stores the index into a local object of the class. Returns the new function.
unsafe fn rewrite_index_parameters(module: LLVMModuleRef, function: LLVMValueRef, kinds: &[i64]) -> LLVMValueRef {
    if kinds.iter().all(|&k| k == KIND_GENERAL) {
        return function;
    }
    let context = LLVMGetModuleContext(module);
    let i32_ty = LLVMInt32TypeInContext(context);
    let old_ty = LLVMGlobalGetValueType(function);
    let mut params: Vec<LLVMTypeRef> = (0..LLVMCountParams(function))
        .map(|i| if kinds[i as usize] == KIND_GENERAL { ir::type_of(LLVMGetParam(function, i)) } else { i32_ty })
        .collect();
    let new_ty = LLVMFunctionType(LLVMGetReturnType(old_ty), params.as_mut_ptr(), params.len() as u32, 0);
    let name = ir::value_name(function);
    let new = LLVMAddFunction(module, c"".as_ptr(), new_ty);
    LLVMSetFunctionCallConv(new, LLVMGetFunctionCallConv(function));
    LLVMSetLinkage(new, LLVMGetLinkage(function));
    let index = llvm_sys::LLVMAttributeFunctionIndex;
    let count = LLVMGetAttributeCountAtIndex(function, index);
    let mut attrs = vec![std::ptr::null_mut(); count as usize];
    LLVMGetAttributesAtIndex(function, index, attrs.as_mut_ptr());
    for attr in attrs {
        LLVMAddAttributeAtIndex(new, index, attr);
    }
    let subprogram = llvm_sys::debuginfo::LLVMGetSubprogram(function);
    if !subprogram.is_null() {
        llvm_sys::debuginfo::LLVMSetSubprogram(new, subprogram);
    }
    // Move the body.
    let blocks: Vec<LLVMBasicBlockRef> = ir::blocks(function).collect();
    let placeholder = LLVMAppendBasicBlockInContext(context, new, c"".as_ptr());
    for &block in &blocks {
        LLVMMoveBasicBlockAfter(block, LLVMGetLastBasicBlock(new));
    }
    LLVMDeleteBasicBlock(placeholder);
    let builder = LLVMCreateBuilderInContext(context);
    let entry = LLVMGetFirstBasicBlock(new);
    LLVMPositionBuilderBefore(builder, LLVMGetFirstInstruction(entry));
    for i in 0..LLVMCountParams(function) {
        let old_param = LLVMGetParam(function, i);
        let new_param = LLVMGetParam(new, i);
        let param_name = ir::value_name(old_param);
        if kinds[i as usize] == KIND_GENERAL {
            LLVMReplaceAllUsesWith(old_param, new_param);
        } else {
            let class = LLVMGetElementType(ir::type_of(old_param));
            let object = LLVMBuildAlloca(builder, class, c"".as_ptr());
            let field = LLVMBuildStructGEP2(builder, class, object, 0, c"".as_ptr());
            LLVMBuildStore(builder, new_param, field);
            LLVMReplaceAllUsesWith(old_param, object);
        }
        if let Ok(c) = CString::new(param_name) {
            LLVMSetValueName2(new_param, c.as_ptr(), c.as_bytes().len());
        }
    }
    LLVMDisposeBuilder(builder);
    let cast = LLVMConstBitCast(new, ir::type_of(function));
    LLVMReplaceAllUsesWith(function, cast);
    LLVMDeleteFunction(function);
    if let Ok(c) = CString::new(name) {
        LLVMSetValueName2(new, c.as_ptr(), c.as_bytes().len());
    }
    new
}

/// The `!genx.kernels` entry of `kernel` (docs/cmc-compat.md §3: function, name, argument kinds, SLM bytes,
/// offsets and I/O kinds (zeros: the back end places arguments), argument descriptors, 0, whether it uses a
/// barrier), with `"CMGenxMain"` added to the function. The one builder of entries: the front end's annotated
/// kernels and the SPIR-V-ready kernels of `genx-spir-kernels` both come through here.
///
/// # Safety
/// `kernel` is a function of a live module and `descs` has one descriptor per entry of `kinds`.
pub unsafe fn kernel_entry(kernel: LLVMValueRef, name: &str, kinds: &[i64], slm: i64, descs: &[&str], barrier: bool) -> LLVMValueRef {
    let context = ir::module_context(ir::module_of(kernel));
    let i32_ty = ir_write::int_type(context, 32);
    let i32m = |v: i64| LLVMValueAsMetadata(ir_write::const_int(i32_ty, v as u64, true));
    let attr = LLVMCreateStringAttribute(context, c"CMGenxMain".as_ptr(), 10, c"".as_ptr(), 0);
    LLVMAddAttributeAtIndex(kernel, llvm_sys::LLVMAttributeFunctionIndex, attr);
    let mut kind_values: Vec<LLVMMetadataRef> = kinds.iter().map(|&k| i32m(k)).collect();
    let mut offsets: Vec<LLVMMetadataRef> = kinds.iter().map(|_| i32m(0)).collect();
    let mut io_kinds: Vec<LLVMMetadataRef> = kinds.iter().map(|_| i32m(0)).collect();
    let mut desc_values: Vec<LLVMMetadataRef> = descs.iter().map(|d| md_string(context, d)).collect();
    let mut operands = [
        LLVMValueAsMetadata(kernel),
        md_string(context, name),
        md_node(context, &mut kind_values),
        i32m(slm),
        md_node(context, &mut offsets),
        md_node(context, &mut io_kinds),
        md_node(context, &mut desc_values),
        i32m(0),
        i32m(i64::from(barrier)),
    ];
    LLVMMetadataAsValue(context, md_node(context, &mut operands))
}

/// Appends `entry` (from [`kernel_entry`]) to the module's `!genx.kernels`.
///
/// # Safety
/// `module` is live and `entry` a metadata value of its context.
pub unsafe fn add_kernel_entry(module: LLVMModuleRef, entry: LLVMValueRef) {
    LLVMAddNamedMetadataOperand(module, c"genx.kernels".as_ptr(), entry);
}

/// Whether the function calls a barrier.
pub fn uses_barrier(function: LLVMValueRef) -> bool {
    ir::blocks(function).flat_map(ir::instructions).any(|i| {
        ir::is_call(i)
            && ir::called_function(i).is_some_and(|f| {
                ir::with_name(f, |n| n == "llvm.genx.barrier" || n.starts_with("llvm.genx.sbarrier"))
            })
    })
}

// Metadata is built as `LLVMMetadataRef`s (the *2 API): a one-operand tuple built through the value API would
// be canonicalised to its constant (`!{i32 0}` would print as `i32 0`).
unsafe fn md_string(context: LLVMContextRef, text: &str) -> LLVMMetadataRef {
    LLVMMDStringInContext2(context, text.as_ptr() as *const c_char, text.len())
}

unsafe fn md_node(context: LLVMContextRef, values: &mut [LLVMMetadataRef]) -> LLVMMetadataRef {
    LLVMMDNodeInContext2(context, values.as_mut_ptr(), values.len())
}

pub(super) fn describe(module: LLVMModuleRef, facts: &HashMap<LLVMValueRef, FunctionFacts>, cx: &mut PassCx) -> bool {
    // SAFETY: handles of the live module; annotation globals and functions are deleted only once
    // `genx_remove_dead_constant_users` and `ir::has_uses` show nothing uses them.
    unsafe {
        let annotations = global_annotations(module);
        let mut changed = false;
        // Globals: _GENX_VOLATILE_ / _GENX_VOLATILE_BINDING_, given their attributes once the annotations that
        // use them are gone (a volatile global is first retyped, which makes a new global).
        let mut volatile: Vec<(LLVMValueRef, Option<u32>)> = Vec::new();
        for (target, text) in &annotations {
            if !ir::is_global_variable(*target) {
                continue;
            }
            let slot = match volatile.iter().position(|(g, _)| g == target) {
                Some(i) => i,
                None => {
                    volatile.push((*target, None));
                    volatile.len() - 1
                }
            };
            if let Some(offset) = text.strip_prefix("genx_byte_offset=") {
                match offset.trim().parse::<u32>() {
                    Ok(offset) => volatile[slot].1 = Some(offset),
                    Err(_) => cx.error(format!(
                        "global '{}': _GENX_VOLATILE_BINDING_ needs a non-negative integer byte offset, not '{offset}'",
                        ir::value_name(*target)
                    )),
                }
            }
        }
        volatile.retain(|(global, _)| annotations.iter().any(|(t, text)| t == global && text == "genx_volatile"));
        let kernels = kernels_of(&annotations);
        let mut entries = Vec::new();
        for kernel in kernels {
            if ir::is_declaration(kernel) {
                continue;
            }
            let slm = facts.get(&kernel).map_or(0, |f| f.slm_size);
            let descs = parameter_descriptors(kernel);
            let count = ir::param_count(kernel);
            let kinds: Vec<i64> = (0..count).map(|i| arg_kind(ir::type_of(ir::param(kernel, i)))).collect();
            let barrier = uses_barrier(kernel);
            let name = source_name(&ir::value_name(kernel));
            let kernel = rewrite_index_parameters(module, kernel, &kinds);
            let descs: Vec<&str> = (0..count).map(|i| descs.get(&i).map_or("", String::as_str)).collect();
            entries.push(kernel_entry(kernel, &name, &kinds, slm as i64, &descs, barrier));
            changed = true;
        }
        for entry in entries {
            add_kernel_entry(module, entry);
        }
        // Parameter annotations of functions that are not kernels carry nothing we use.
        for function in ir::functions(module).collect::<Vec<_>>() {
            if !ir::is_declaration(function) {
                parameter_descriptors(function);
            }
        }
        // The annotations are consumed.
        let global = LLVMGetNamedGlobal(module, c"llvm.global.annotations".as_ptr());
        if !global.is_null() {
            LLVMDeleteGlobal(global);
            changed = true;
        }
        let mut strings = Vec::new();
        let mut global = LLVMGetFirstGlobal(module);
        while !global.is_null() {
            let section = LLVMGetSection(global);
            if !section.is_null() && CStr::from_ptr(section).to_bytes() == b"llvm.metadata" {
                strings.push(global);
            }
            global = LLVMGetNextGlobal(global);
        }
        for global in strings {
            genx_remove_dead_constant_users(global);
            if !ir::has_uses(global) {
                LLVMDeleteGlobal(global);
            }
        }
        let annotation = LLVMGetNamedFunction(module, c"llvm.var.annotation".as_ptr());
        if !annotation.is_null() && !ir::has_uses(annotation) {
            LLVMDeleteFunction(annotation);
        }
        let order = if volatile.is_empty() { HashMap::new() } else { super::volatile::program_order(module) };
        for (global, offset) in volatile {
            genx_remove_dead_constant_users(global);
            let global = super::volatile::retype(module, global, &order, cx).unwrap_or(global);
            genx_global_add_attribute(global, c"genx_volatile".as_ptr(), c"".as_ptr());
            if let Some(offset) = offset {
                let value = CString::new(offset.to_string()).unwrap_or_default();
                genx_global_add_attribute(global, c"genx_byte_offset".as_ptr(), value.as_ptr());
            }
            changed = true;
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_reduce_to_cmc_kernel_names() {
        assert_eq!(strip_signature("void k<int, 4u>(int*)"), "k<int, 4U>");
        assert_eq!(strip_signature("ns::k(int, float)"), "ns::k");
        assert_eq!(strip_signature("void ns::k<vector<int, 8> >(unsigned int)"), "ns::k<vector<int, 8> >");
        assert_eq!(strip_signature("void k<16ul>()"), "k<16UL>");
    }
}
