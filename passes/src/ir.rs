//! Thin, safe-to-call helpers over the LLVM C API for reading IR.
//!
//! The passes read IR through these functions instead of inkwell where inkwell would assert (an indirect callee,
//! a constant expression) or has no wrapper. Every function here takes raw `LLVMValueRef`/`LLVMTypeRef` handles
//! that came from a live module, and never panics on unexpected IR shapes: it returns `None` instead.
//!
//! Invariant: nothing here mutates IR. Writers live in the passes that own the rewrite; the ones the code-quality
//! passes share (arithmetic, casts, constants, erasing an unused instruction) are in [`crate::ir_write`].
//!
//! These functions take raw handles without being `unsafe`, like LLVM's own C++ API takes `Value *`: the handles
//! are only ever obtained from a module that outlives the call (pass bodies and the decoder), so marking every
//! reader `unsafe` would add noise without adding a check.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use std::ffi::{c_char, CStr};

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use crate::intrinsics::IrType;

/// Copies an LLVM-owned C string and frees it with `LLVMDisposeMessage`.
///
/// # Safety
/// `ptr` must come from an LLVM API documented to return a message the caller owns.
unsafe fn take_message(ptr: *mut c_char) -> String {
    if ptr.is_null() {
        return String::new();
    }
    let text = CStr::from_ptr(ptr).to_string_lossy().into_owned();
    LLVMDisposeMessage(ptr);
    text
}

/// A name for the LLVM C API's builders: a NUL byte (which C strings cannot carry) becomes a space.
pub fn c_name(name: &str) -> std::ffi::CString {
    std::ffi::CString::new(name.replace('\0', " ")).unwrap_or_default()
}

/// The width of an integer type, or of the elements of an integer vector type; `None` for anything else.
pub fn int_element_bits(ty: LLVMTypeRef) -> Option<u32> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let vector = LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMVectorTypeKind;
        let element = if vector { LLVMGetElementType(ty) } else { ty };
        (LLVMGetTypeKind(element) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind).then(|| LLVMGetIntTypeWidth(element))
    }
}

/// The opcode of an instruction; `None` for anything that is not an instruction (or null).
pub fn opcode(value: LLVMValueRef) -> Option<llvm_sys::LLVMOpcode> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if value.is_null() || LLVMIsAInstruction(value).is_null() {
            None
        } else {
            Some(LLVMGetInstructionOpcode(value))
        }
    }
}

/// The name of a value (`""` when it has none; bytes that are not UTF-8 replaced).
pub fn value_name(value: LLVMValueRef) -> String {
    with_name_bytes(value, |bytes| String::from_utf8_lossy(bytes).into_owned())
}

/// Calls `f` with the name of a value as bytes, borrowed from LLVM (no copy, not checked as UTF-8). Empty when
/// it has none.
pub fn with_name_bytes<R>(value: LLVMValueRef, f: impl FnOnce(&[u8]) -> R) -> R {
    // SAFETY: LLVM returns null or `len` bytes it owns while the value keeps its name; they are only borrowed during
    // `f`.
    unsafe {
        let mut len = 0usize;
        let ptr = LLVMGetValueName2(value, &mut len);
        f(if ptr.is_null() { &[] } else { std::slice::from_raw_parts(ptr as *const u8, len) })
    }
}

/// Calls `f` with the name of a value, borrowed from LLVM (no copy; for hot paths). `""` when it has none (or
/// when it is not UTF-8).
pub fn with_name<R>(value: LLVMValueRef, f: impl FnOnce(&str) -> R) -> R {
    with_name_bytes(value, |bytes| f(std::str::from_utf8(bytes).unwrap_or("")))
}

/// Whether a value has a name (without copying it).
pub fn has_name(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let mut len = 0usize;
        LLVMGetValueName2(value, &mut len);
        len != 0
    }
}

/// The textual IR of a value, as `opt -S` prints it (one line for an instruction).
pub fn value_to_string(value: LLVMValueRef) -> String {
    // SAFETY: `LLVMPrintValueToString` returns a message the caller owns, as `take_message` requires.
    unsafe { take_message(LLVMPrintValueToString(value)).trim().to_string() }
}

extern "C" {
    fn genx_module_instruction_texts(
        module: LLVMModuleRef,
        ctx: *mut std::ffi::c_void,
        emit: extern "C" fn(*mut std::ffi::c_void, LLVMValueRef, *const c_char, usize),
    );
}

/// The texts of many instructions of one module, each as [`value_to_string`] gives it. [`value_to_string`]
/// walks the whole module per call, so printing every instruction with it is quadratic; this prints the module
/// once (the glue records each instruction's span of the text).
pub struct InstructionPrinter {
    texts: std::collections::HashMap<LLVMValueRef, String>,
}

extern "C" fn record_instruction_text(ctx: *mut std::ffi::c_void, inst: LLVMValueRef, text: *const c_char, len: usize) {
    // SAFETY: `ctx` is the map `InstructionPrinter::new` passed; `text` holds `len` bytes during this call.
    let texts = unsafe { &mut *(ctx as *mut std::collections::HashMap<LLVMValueRef, String>) };
    // SAFETY: see the line above: `text` holds `len` bytes during this callback.
    let bytes = unsafe { std::slice::from_raw_parts(text as *const u8, len) };
    texts.insert(inst, String::from_utf8_lossy(bytes).trim().to_string());
}

impl InstructionPrinter {
    /// The texts of every instruction of `module`, as it is now.
    pub fn new(module: LLVMModuleRef) -> Self {
        let mut texts = std::collections::HashMap::new();
        // SAFETY: the module is live; the callback only writes into `texts`, which outlives the call.
        unsafe {
            genx_module_instruction_texts(module, &mut texts as *mut _ as *mut std::ffi::c_void, record_instruction_text)
        };
        InstructionPrinter { texts }
    }

    /// The text of `inst` (an instruction of the module, unchanged since [`InstructionPrinter::new`]).
    pub fn print(&self, inst: LLVMValueRef) -> String {
        self.texts.get(&inst).cloned().unwrap_or_else(|| value_to_string(inst))
    }
}

/// The textual IR of a type.
pub fn type_to_string(ty: LLVMTypeRef) -> String {
    // SAFETY: `LLVMPrintTypeToString` returns a message the caller owns, as `take_message` requires.
    unsafe { take_message(LLVMPrintTypeToString(ty)) }
}

/// The function called by `call`, when it is a direct call of a function (not a cast or an indirect call).
pub fn called_function(call: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMIsACallInst(call).is_null() {
            return None;
        }
        let callee = LLVMGetCalledValue(call);
        if callee.is_null() || LLVMIsAFunction(callee).is_null() {
            return None;
        }
        Some(callee)
    }
}

/// Number of argument operands of a call (the callee operand excluded).
pub fn call_arg_count(call: LLVMValueRef) -> u32 {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetNumArgOperands(call) }
}

/// Argument `index` of a call.
pub fn call_arg(call: LLVMValueRef, index: u32) -> LLVMValueRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetOperand(call, index) }
}

/// Operand `index` of an instruction or constant, which has at least `index + 1` operands (its opcode says so).
pub fn operand(value: LLVMValueRef, index: u32) -> LLVMValueRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetOperand(value, index) }
}

/// The number of operands of an instruction or constant (0 for other values).
pub fn operand_count(value: LLVMValueRef) -> u32 {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetNumOperands(value).max(0) as u32 }
}

/// The kind of a type (integer, float, vector, ...).
pub fn type_kind(ty: LLVMTypeRef) -> LLVMTypeKind {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetTypeKind(ty) }
}

/// The address space of `ty` when it is a pointer type; `None` for any other type.
pub fn pointer_address_space(ty: LLVMTypeRef) -> Option<u32> {
    // SAFETY: a live type (`crate::ir`'s module note); the address-space query runs only on a pointer type.
    (type_kind(ty) == LLVMTypeKind::LLVMPointerTypeKind).then(|| unsafe { LLVMGetPointerAddressSpace(ty) })
}

pub fn type_of(value: LLVMValueRef) -> LLVMTypeRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMTypeOf(value) }
}

/// Converts an LLVM type into the table's LLVM-free description. `None` for types the GenX intrinsics never take
/// (labels, metadata, x86 types, ...).
pub fn ir_type(ty: LLVMTypeRef) -> Option<IrType> {
    // SAFETY: type queries on a live type; the struct element buffer has room for every element; a named struct's
    // name is NUL-terminated and owned by LLVM, copied here.
    unsafe {
        Some(match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMVoidTypeKind => IrType::Void,
            LLVMTypeKind::LLVMIntegerTypeKind => IrType::Int(LLVMGetIntTypeWidth(ty)),
            LLVMTypeKind::LLVMHalfTypeKind => IrType::Half,
            LLVMTypeKind::LLVMFloatTypeKind => IrType::Float,
            LLVMTypeKind::LLVMDoubleTypeKind => IrType::Double,
            LLVMTypeKind::LLVMVectorTypeKind => {
                IrType::Vector(LLVMGetVectorSize(ty), Box::new(ir_type(LLVMGetElementType(ty))?))
            }
            LLVMTypeKind::LLVMPointerTypeKind => IrType::Ptr {
                addrspace: LLVMGetPointerAddressSpace(ty),
                pointee: Box::new(pointee_type(ty)?),
            },
            LLVMTypeKind::LLVMStructTypeKind => {
                let count = LLVMCountStructElementTypes(ty);
                let mut elements = vec![std::ptr::null_mut(); count as usize];
                LLVMGetStructElementTypes(ty, elements.as_mut_ptr());
                let fields = elements.into_iter().map(|e| ir_type(e)).collect::<Option<Vec<_>>>()?;
                if LLVMIsLiteralStruct(ty) != 0 {
                    IrType::Struct(fields)
                } else {
                    let name = CStr::from_ptr(LLVMGetStructName(ty)).to_string_lossy().into_owned();
                    IrType::NamedStruct(name)
                }
            }
            _ => return None,
        })
    }
}

/// The pointee of a typed pointer (LLVM 14 IR is typed). Opaque struct pointees become named structs.
unsafe fn pointee_type(ptr: LLVMTypeRef) -> Option<IrType> {
    let pointee = LLVMGetElementType(ptr);
    if LLVMGetTypeKind(pointee) == LLVMTypeKind::LLVMStructTypeKind && LLVMIsOpaqueStruct(pointee) != 0 {
        let name = LLVMGetStructName(pointee);
        let name = if name.is_null() { String::new() } else { CStr::from_ptr(name).to_string_lossy().into_owned() };
        return Some(IrType::NamedStruct(name));
    }
    ir_type(pointee)
}

/// The operands of a metadata node (as values, the C API's view of metadata).
pub fn md_operands(node: LLVMValueRef) -> Vec<LLVMValueRef> {
    // SAFETY: `node` is a metadata node as a value; the buffer has room for every operand.
    unsafe {
        let count = LLVMGetMDNodeNumOperands(node) as usize;
        let mut operands = vec![std::ptr::null_mut(); count];
        if count > 0 {
            LLVMGetMDNodeOperands(node, operands.as_mut_ptr());
        }
        operands
    }
}

/// The value of a `ConstantInt` (sign-extended), or `None` when `value` is not a constant integer.
pub fn const_int(value: LLVMValueRef) -> Option<i64> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMIsAConstantInt(value).is_null() {
            return None;
        }
        Some(LLVMConstIntGetSExtValue(value))
    }
}

/// The value of a `ConstantFP` (as a double), or `None` when `value` is not a floating-point constant.
pub fn const_float(value: LLVMValueRef) -> Option<f64> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if value.is_null() || LLVMIsAConstantFP(value).is_null() {
            return None;
        }
        let mut loses = 0;
        Some(LLVMConstRealGetDouble(value, &mut loses))
    }
}

/// The elements of a constant integer vector (`ConstantDataVector`, `ConstantVector` or a zero vector);
/// `None` when any element is not a constant integer, or the vector is over `limits::MAX_VECTOR_ELEMENTS`.
pub fn const_int_vector(value: LLVMValueRef) -> Option<Vec<i64>> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let ty = LLVMTypeOf(value);
        let kind = LLVMGetTypeKind(ty);
        if kind != LLVMTypeKind::LLVMVectorTypeKind {
            return None;
        }
        let len = LLVMGetVectorSize(ty);
        // Never materialise more lanes than any accepted input has (`<4294967295 x i32> zeroinitializer`).
        if u64::from(len) > crate::limits::MAX_VECTOR_ELEMENTS {
            return None;
        }
        if !LLVMIsAConstantAggregateZero(value).is_null() {
            return Some(vec![0; len as usize]);
        }
        (0..len).map(|i| const_int(constant_element(value, i)?)).collect()
    }
}

pub fn is_undef(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMIsUndef(value) != 0 || !LLVMIsAPoisonValue(value).is_null() }
}

pub fn is_constant(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMIsConstant(value) != 0 }
}

/// Whether `value` is a constant with nothing computed at run time in it (no constant expression that would
/// become an instruction, such as `ptrtoint` of a global).
pub fn is_plain_constant(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMIsConstant(value) != 0 && LLVMIsAConstantExpr(value).is_null() }
}

/// Whether anything uses `value`.
pub fn has_uses(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { !LLVMGetFirstUse(value).is_null() }
}

/// Whether exactly one use of `value` exists.
pub fn has_one_use(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let first = LLVMGetFirstUse(value);
        !first.is_null() && LLVMGetNextUse(first).is_null()
    }
}

/// The users of `value`, once per use (a user with two uses appears twice).
pub fn users(value: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = Vec::new();
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let mut use_ = LLVMGetFirstUse(value);
        while !use_.is_null() {
            out.push(LLVMGetUser(use_));
            use_ = LLVMGetNextUse(use_);
        }
    }
    out
}

/// The users of `value`, each once, in use order.
pub fn distinct_users(value: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut out = users(value);
    let mut seen = std::collections::HashSet::new();
    out.retain(|user| seen.insert(*user));
    out
}

/// Iterates over the basic blocks of a function.
pub fn blocks(function: LLVMValueRef) -> impl Iterator<Item = LLVMBasicBlockRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let mut next = unsafe { LLVMGetFirstBasicBlock(function) };
    std::iter::from_fn(move || {
        if next.is_null() {
            return None;
        }
        let current = next;
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        next = unsafe { LLVMGetNextBasicBlock(current) };
        Some(current)
    })
}

/// Iterates over the instructions of a block.
pub fn instructions(block: LLVMBasicBlockRef) -> impl Iterator<Item = LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let mut next = unsafe { LLVMGetFirstInstruction(block) };
    std::iter::from_fn(move || {
        if next.is_null() {
            return None;
        }
        let current = next;
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        next = unsafe { LLVMGetNextInstruction(current) };
        Some(current)
    })
}

/// Iterates over the functions of a module.
pub fn functions(module: LLVMModuleRef) -> impl Iterator<Item = LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let mut next = unsafe { LLVMGetFirstFunction(module) };
    std::iter::from_fn(move || {
        if next.is_null() {
            return None;
        }
        let current = next;
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        next = unsafe { LLVMGetNextFunction(current) };
        Some(current)
    })
}

/// Iterates over the global variables of a module.
pub fn globals(module: LLVMModuleRef) -> impl Iterator<Item = LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let mut next = unsafe { LLVMGetFirstGlobal(module) };
    std::iter::from_fn(move || {
        if next.is_null() {
            return None;
        }
        let current = next;
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        next = unsafe { LLVMGetNextGlobal(current) };
        Some(current)
    })
}

/// A function's string attribute `key` (`"target-cpu"`, `"VCSLMSize"`), when it has one.
pub fn string_attribute(function: LLVMValueRef, key: &str) -> Option<String> {
    // SAFETY: `function` is a function of a live module; LLVM returns null or an attribute it owns, whose value
    // is `len` bytes it keeps alive while the function exists, and is copied here.
    unsafe {
        let attr =
            LLVMGetStringAttributeAtIndex(function, llvm_sys::LLVMAttributeFunctionIndex, key.as_ptr().cast(), key.len() as u32);
        if attr.is_null() {
            return None;
        }
        let mut len = 0u32;
        let value = LLVMGetStringAttributeValue(attr, &mut len);
        if value.is_null() {
            return Some(String::new());
        }
        Some(String::from_utf8_lossy(std::slice::from_raw_parts(value.cast::<u8>(), len as usize)).into_owned())
    }
}

pub fn is_declaration(function: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMIsDeclaration(function) != 0 }
}

/// Whether `value` is a call instruction (false for arguments, constants and other values, which have no
/// opcode: asking LLVM for one would not be a valid `LLVMOpcode`).
pub fn is_call(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { !LLVMIsACallInst(value).is_null() }
}

/// The block name, or a positional name (`bb3`) for unnamed blocks, so messages always say where.
pub fn block_label(function: LLVMValueRef, block: LLVMBasicBlockRef) -> String {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let name = value_name(unsafe { LLVMBasicBlockAsValue(block) });
    if !name.is_empty() {
        return name;
    }
    let index = blocks(function).position(|b| b == block).unwrap_or(0);
    format!("bb{index}")
}

/// `file:line:col` of an instruction's `!dbg` location, when it has one. For code inlined from elsewhere (the CM
/// header library), the outermost call site: the line the user wrote.
pub fn debug_location(inst: LLVMValueRef) -> Option<String> {
    use llvm_sys::debuginfo::*;
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if LLVMIsAInstruction(inst).is_null() {
            return None;
        }
        let mut loc = LLVMInstructionGetDebugLoc(inst);
        if loc.is_null() {
            return None;
        }
        loop {
            let outer = LLVMDILocationGetInlinedAt(loc);
            if outer.is_null() {
                break;
            }
            loc = outer;
        }
        let line = LLVMDILocationGetLine(loc);
        if line == 0 {
            return None;
        }
        let column = LLVMDILocationGetColumn(loc);
        let file = scope_file_name(LLVMDILocationGetScope(loc));
        Some(if column == 0 { format!("{file}:{line}") } else { format!("{file}:{line}:{column}") })
    }
}

/// The file name of a debug-info scope (a subprogram, a lexical block, ...); empty when it has none.
pub fn scope_file_name(scope: LLVMMetadataRef) -> String {
    scope_file_parts(scope).1
}

/// The path of a debug-info scope's file: its directory joined with its name (a name that is already absolute
/// stays itself); empty when it has none.
pub fn scope_file_path(scope: LLVMMetadataRef) -> std::path::PathBuf {
    let (directory, name) = scope_file_parts(scope);
    if name.is_empty() {
        return std::path::PathBuf::new();
    }
    std::path::Path::new(&directory).join(name)
}

/// (directory, file name) of a debug-info scope's file; empty strings when it has none.
fn scope_file_parts(scope: LLVMMetadataRef) -> (String, String) {
    use llvm_sys::debuginfo::*;
    // SAFETY: a query on live debug metadata; LLVM returns null or `len` bytes it owns while the metadata lives,
    // copied here.
    unsafe {
        let file = if scope.is_null() { std::ptr::null_mut() } else { LLVMDIScopeGetFile(scope) };
        if file.is_null() {
            return (String::new(), String::new());
        }
        let read = |get: unsafe extern "C" fn(LLVMMetadataRef, *mut std::os::raw::c_uint) -> *const std::os::raw::c_char| {
            let mut len = 0u32;
            let text = get(file, &mut len);
            if text.is_null() {
                String::new()
            } else {
                String::from_utf8_lossy(std::slice::from_raw_parts(text as *const u8, len as usize)).into_owned()
            }
        };
        (read(LLVMDIFileGetDirectory), read(LLVMDIFileGetFilename))
    }
}

/// The function that contains an instruction.
pub fn parent_function(inst: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)) }
}

pub fn parent_block(inst: LLVMValueRef) -> LLVMBasicBlockRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetInstructionParent(inst) }
}

/// A phi's incoming (value, block) pairs, in operand order.
pub fn phi_incoming(phi: LLVMValueRef) -> Vec<(LLVMValueRef, LLVMBasicBlockRef)> {
    // SAFETY: incoming queries on a phi, indices below its incoming count.
    unsafe {
        (0..LLVMCountIncoming(phi)).map(|i| (LLVMGetIncomingValue(phi, i), LLVMGetIncomingBlock(phi, i))).collect()
    }
}

/// A terminator's successor blocks, in operand order.
pub fn successors(terminator: LLVMValueRef) -> Vec<LLVMBasicBlockRef> {
    // SAFETY: successor queries on a terminator, indices below its successor count.
    unsafe { (0..LLVMGetNumSuccessors(terminator)).map(|i| LLVMGetSuccessor(terminator, i)).collect() }
}

/// A conditional branch's condition, or `None` for an unconditional branch.
pub fn branch_condition(branch: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: condition queries on a branch.
    unsafe { (LLVMIsConditional(branch) != 0).then(|| LLVMGetCondition(branch)) }
}

/// The index of an `extractvalue` with one index.
pub fn extract_index(inst: LLVMValueRef) -> Option<u32> {
    // SAFETY: index queries on an extractvalue; the index array has LLVMGetNumIndices entries.
    unsafe { (LLVMGetNumIndices(inst) == 1).then(|| *LLVMGetIndices(inst)) }
}

// Single reads of the C API that the passes use directly. Each is one call on a handle of a live module (the
// module note), asking a question LLVM answers for any value or type of the named kind; the comment of each
// says what LLVM returns when there is no answer (a null handle, 0).

/// The width of an integer type (`LLVMGetIntTypeWidth`); `ty` is an integer type.
pub fn int_width(ty: LLVMTypeRef) -> u32 {
    // SAFETY: a type query on a live type.
    unsafe { LLVMGetIntTypeWidth(ty) }
}

/// The number of elements of a vector type.
pub fn vector_size(ty: LLVMTypeRef) -> u32 {
    // SAFETY: a type query on a live type.
    unsafe { LLVMGetVectorSize(ty) }
}

/// The element type of a vector, array or (typed) pointer type. Unlike [`crate::region_ir::element_type`], a
/// scalar is not its own element: `ty` must be one of those kinds.
pub fn element_of(ty: LLVMTypeRef) -> LLVMTypeRef {
    // SAFETY: a type query on a live sequential or pointer type.
    unsafe { LLVMGetElementType(ty) }
}

/// The context a type belongs to.
pub fn type_context(ty: LLVMTypeRef) -> LLVMContextRef {
    // SAFETY: a type query on a live type.
    unsafe { LLVMGetTypeContext(ty) }
}

/// The context of a module.
pub fn module_context(module: LLVMModuleRef) -> LLVMContextRef {
    // SAFETY: a query on a live module.
    unsafe { LLVMGetModuleContext(module) }
}

/// The module a global value (a function or global variable) belongs to.
pub fn module_of(global: LLVMValueRef) -> LLVMModuleRef {
    // SAFETY: a query on a live global value.
    unsafe { LLVMGetGlobalParent(global) }
}

/// The bytes between consecutive values of `ty` in memory under `module`'s data layout (LLVM's alloc size,
/// what a `getelementptr` index steps by: 16 for `<3 x float>`); `None` for an unsized type.
pub fn alloc_size(module: LLVMModuleRef, ty: LLVMTypeRef) -> Option<u64> {
    // SAFETY: queries on a live module's data layout and a live type.
    unsafe {
        if llvm_sys::core::LLVMTypeIsSized(ty) == 0 {
            return None;
        }
        Some(llvm_sys::target::LLVMABISizeOfType(data_layout(module), ty))
    }
}

/// The value type of a global value (a function's type, a global variable's contents).
pub fn global_value_type(global: LLVMValueRef) -> LLVMTypeRef {
    // SAFETY: a query on a live global value.
    unsafe { LLVMGlobalGetValueType(global) }
}

/// The instruction after `inst` in its block (null after the last).
pub fn next_instruction(inst: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: a list query on a live instruction.
    unsafe { LLVMGetNextInstruction(inst) }
}

/// The instruction before `inst` in its block (null before the first).
pub fn previous_instruction(inst: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: a list query on a live instruction.
    unsafe { LLVMGetPreviousInstruction(inst) }
}

/// The first instruction of a block (null for an empty block).
pub fn first_instruction(block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: a list query on a live block.
    unsafe { LLVMGetFirstInstruction(block) }
}

/// The last instruction of a block (null for an empty block).
pub fn last_instruction(block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: a list query on a live block.
    unsafe { LLVMGetLastInstruction(block) }
}

/// The terminator of a block (null while the block has none).
pub fn terminator(block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: a query on a live block.
    unsafe { LLVMGetBasicBlockTerminator(block) }
}

/// The function a block belongs to.
pub fn block_parent(block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: a query on a live block.
    unsafe { LLVMGetBasicBlockParent(block) }
}

/// A block as a value (to name it, or use it as an operand).
pub fn block_value(block: LLVMBasicBlockRef) -> LLVMValueRef {
    // SAFETY: a cast of a live block.
    unsafe { LLVMBasicBlockAsValue(block) }
}

/// The entry block of a function with a body.
pub fn entry_block(function: LLVMValueRef) -> LLVMBasicBlockRef {
    // SAFETY: a query on a live function.
    unsafe { LLVMGetEntryBasicBlock(function) }
}

/// Successor `index` of a terminator, below [`successor_count`].
pub fn successor(terminator: LLVMValueRef, index: u32) -> LLVMBasicBlockRef {
    // SAFETY: a successor query on a live terminator.
    unsafe { LLVMGetSuccessor(terminator, index) }
}

/// The number of successors of a terminator.
pub fn successor_count(terminator: LLVMValueRef) -> u32 {
    // SAFETY: a successor query on a live terminator.
    unsafe { LLVMGetNumSuccessors(terminator) }
}

/// Whether a branch is conditional.
pub fn is_conditional(branch: LLVMValueRef) -> bool {
    // SAFETY: a query on a live branch.
    unsafe { LLVMIsConditional(branch) != 0 }
}

/// The number of incoming (value, block) pairs of a phi.
pub fn incoming_count(phi: LLVMValueRef) -> u32 {
    // SAFETY: a query on a live phi.
    unsafe { LLVMCountIncoming(phi) }
}

/// Incoming value `index` of a phi, below [`incoming_count`].
pub fn incoming_value(phi: LLVMValueRef, index: u32) -> LLVMValueRef {
    // SAFETY: a query on a live phi.
    unsafe { LLVMGetIncomingValue(phi, index) }
}

/// Incoming block `index` of a phi, below [`incoming_count`].
pub fn incoming_block(phi: LLVMValueRef, index: u32) -> LLVMBasicBlockRef {
    // SAFETY: a query on a live phi.
    unsafe { LLVMGetIncomingBlock(phi, index) }
}

/// Lane `index` of a `shufflevector`'s mask (-1 for an undefined lane).
pub fn mask_value(shuffle: LLVMValueRef, index: u32) -> i32 {
    // SAFETY: a query on a live shufflevector, the index below its mask length.
    unsafe { LLVMGetMaskValue(shuffle, index) }
}

/// The number of lanes of a `shufflevector`'s mask.
pub fn mask_len(shuffle: LLVMValueRef) -> u32 {
    // SAFETY: a query on a live shufflevector.
    unsafe { LLVMGetNumMaskElements(shuffle) }
}

/// Whether a load or store is volatile.
pub fn is_volatile(memory: LLVMValueRef) -> bool {
    // SAFETY: a query on a live load or store.
    unsafe { LLVMGetVolatile(memory) != 0 }
}

/// The number of parameters of a function.
pub fn param_count(function: LLVMValueRef) -> u32 {
    // SAFETY: a query on a live function.
    unsafe { LLVMCountParams(function) }
}

/// Parameter `index` of a function, below [`param_count`].
pub fn param(function: LLVMValueRef, index: u32) -> LLVMValueRef {
    // SAFETY: a query on a live function.
    unsafe { LLVMGetParam(function, index) }
}

/// The predicate of an integer comparison (instruction or constant expression).
pub fn icmp_predicate(cmp: LLVMValueRef) -> llvm_sys::LLVMIntPredicate {
    // SAFETY: a query on a live `icmp`.
    unsafe { LLVMGetICmpPredicate(cmp) }
}

/// The predicate of a floating-point comparison.
pub fn fcmp_predicate(cmp: LLVMValueRef) -> llvm_sys::LLVMRealPredicate {
    // SAFETY: a query on a live `fcmp`.
    unsafe { LLVMGetFCmpPredicate(cmp) }
}

/// The return type of a function type.
pub fn return_type(function_type: LLVMTypeRef) -> LLVMTypeRef {
    // SAFETY: a query on a live function type.
    unsafe { LLVMGetReturnType(function_type) }
}

/// The called operand of a call (a function, a cast, inline asm or any other value).
pub fn called_value(call: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: a query on a live call.
    unsafe { LLVMGetCalledValue(call) }
}

/// Whether `value` is an instruction.
pub fn is_instruction(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAInstruction(value).is_null() }
}

/// Whether `value` is a phi.
pub fn is_phi(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAPHINode(value).is_null() }
}

/// Whether `value` is a terminator instruction.
pub fn is_terminator(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsATerminatorInst(value).is_null() }
}

/// Whether `value` is a function.
pub fn is_function(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAFunction(value).is_null() }
}

/// Whether `value` is a function argument.
pub fn is_argument(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAArgument(value).is_null() }
}

/// Whether `value` is a global variable.
pub fn is_global_variable(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAGlobalVariable(value).is_null() }
}

/// Whether `value` is a constant expression.
pub fn is_constant_expr(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAConstantExpr(value).is_null() }
}

/// The first block of a function (null for a declaration).
pub fn first_block(function: LLVMValueRef) -> LLVMBasicBlockRef {
    // SAFETY: a list query on a live function.
    unsafe { LLVMGetFirstBasicBlock(function) }
}

/// The block after `block` in its function (null after the last).
pub fn next_block(block: LLVMBasicBlockRef) -> LLVMBasicBlockRef {
    // SAFETY: a list query on a live block.
    unsafe { LLVMGetNextBasicBlock(block) }
}

/// Whether `value` is an `alloca`.
pub fn is_alloca(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value.
    unsafe { !LLVMIsAAllocaInst(value).is_null() }
}

/// The type an `alloca` allocates (per element).
pub fn allocated_type(alloca: LLVMValueRef) -> LLVMTypeRef {
    // SAFETY: a query on a live alloca.
    unsafe { LLVMGetAllocatedType(alloca) }
}

/// The atomic ordering of a load, store or atomic instruction (`NotAtomic` for a plain access).
pub fn ordering(memory: LLVMValueRef) -> llvm_sys::LLVMAtomicOrdering {
    // SAFETY: a query on a live memory instruction.
    unsafe { LLVMGetOrdering(memory) }
}

/// The alignment in bytes of a global value, `alloca`, load or store (0 when none is stated).
pub fn alignment(value: LLVMValueRef) -> u32 {
    // SAFETY: a query on a live global value or memory instruction (LLVM answers 0 for any other value).
    unsafe { LLVMGetAlignment(value) }
}

/// The number of elements of an array type.
pub fn array_length(ty: LLVMTypeRef) -> u64 {
    // SAFETY: a type query on a live array type.
    unsafe { LLVMGetArrayLength(ty) as u64 }
}

/// The field types of a struct type, in order.
pub fn struct_field_types(ty: LLVMTypeRef) -> Vec<LLVMTypeRef> {
    // SAFETY: type queries on a live struct type; the buffer has room for every field LLVM counts.
    unsafe {
        let count = LLVMCountStructElementTypes(ty);
        let mut fields = vec![std::ptr::null_mut(); count as usize];
        if count > 0 {
            LLVMGetStructElementTypes(ty, fields.as_mut_ptr());
        }
        fields
    }
}

/// The opcode of a constant expression; `None` for any other value.
pub fn const_opcode(value: LLVMValueRef) -> Option<llvm_sys::LLVMOpcode> {
    // SAFETY: a kind test on a live value, then an opcode query only on a constant expression.
    unsafe { (!LLVMIsAConstantExpr(value).is_null()).then(|| LLVMGetConstOpcode(value)) }
}

/// The source element type of a `getelementptr` (instruction or constant expression).
pub fn gep_source_type(gep: LLVMValueRef) -> LLVMTypeRef {
    // SAFETY: a query on a live getelementptr.
    unsafe { LLVMGetGEPSourceElementType(gep) }
}

/// Element `index` of a constant aggregate held element by element: packed data (`ConstantDataVector`,
/// `ConstantDataArray`), a `ConstantVector`, `ConstantArray` or `ConstantStruct`. `None` for any other value
/// (`zeroinitializer`, undef, a constant expression) and for an index past the last element.
pub fn constant_element(value: LLVMValueRef, index: u32) -> Option<LLVMValueRef> {
    // SAFETY: kind tests on a live value; an element is read only from a kind that holds its elements, at an
    // index below their count (packed data counts its type's elements, the other kinds their operands).
    unsafe {
        if !LLVMIsAConstantDataSequential(value).is_null() {
            let ty = LLVMTypeOf(value);
            let count = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMArrayTypeKind {
                LLVMGetArrayLength(ty) as u64
            } else {
                LLVMGetVectorSize(ty) as u64
            };
            (u64::from(index) < count).then(|| LLVMGetElementAsConstant(value, index))
        } else if !LLVMIsAConstantVector(value).is_null()
            || !LLVMIsAConstantArray(value).is_null()
            || !LLVMIsAConstantStruct(value).is_null()
        {
            (index < operand_count(value)).then(|| LLVMGetOperand(value, index))
        } else {
            None
        }
    }
}

/// The initializer of a global variable; `None` for a declaration (and for null or any value that is not a
/// global variable).
pub fn initializer(global: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: a kind test on a live value, then the initializer query only on a global variable.
    unsafe {
        if global.is_null() || LLVMIsAGlobalVariable(global).is_null() {
            return None;
        }
        let init = LLVMGetInitializer(global);
        (!init.is_null()).then_some(init)
    }
}

/// Whether `global` is a global variable marked `constant`.
pub fn is_global_constant(global: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value, then the query only on a global variable.
    unsafe { !LLVMIsAGlobalVariable(global).is_null() && LLVMIsGlobalConstant(global) != 0 }
}

/// The bytes of packed constant data (`c"..."`, or any `ConstantDataSequential`: its elements' bytes in memory
/// order), copied out; `None` for any other value.
pub fn constant_data_bytes(value: LLVMValueRef) -> Option<Vec<u8>> {
    // SAFETY: a kind test on a live value; LLVM returns a pointer to the constant's own `len` bytes, which the
    // constant (uniqued in its context) keeps alive while they are copied here.
    unsafe {
        if LLVMIsAConstantDataSequential(value).is_null() {
            return None;
        }
        let mut len = 0usize;
        let data = LLVMGetAsString(value, &mut len);
        Some(if data.is_null() { Vec::new() } else { std::slice::from_raw_parts(data.cast::<u8>(), len).to_vec() })
    }
}

/// The data layout of a module (owned by the module; valid while it lives).
pub fn data_layout(module: LLVMModuleRef) -> llvm_sys::target::LLVMTargetDataRef {
    // SAFETY: a query on a live module.
    unsafe { llvm_sys::target::LLVMGetModuleDataLayout(module) }
}

/// The bytes a store of `ty` writes under `module`'s data layout (LLVM's store size: 12 for `<3 x float>`, where
/// [`alloc_size`] is 16); `None` for an unsized type.
pub fn store_size(module: LLVMModuleRef, ty: LLVMTypeRef) -> Option<u64> {
    // SAFETY: queries on a live module's data layout and a live type; the size is asked only of a sized type.
    unsafe { (LLVMTypeIsSized(ty) != 0).then(|| llvm_sys::target::LLVMStoreSizeOfType(data_layout(module), ty)) }
}

/// The byte offset of field `field` of struct type `ty` under `module`'s data layout; `None` for a type that is
/// not a sized struct, or a field past its last.
pub fn field_offset(module: LLVMModuleRef, ty: LLVMTypeRef, field: u32) -> Option<u64> {
    // SAFETY: queries on a live module's data layout and a live type; the offset is asked only of a sized struct
    // type with more than `field` fields.
    unsafe {
        let fits = type_kind(ty) == LLVMTypeKind::LLVMStructTypeKind
            && LLVMTypeIsSized(ty) != 0
            && field < LLVMCountStructElementTypes(ty);
        fits.then(|| llvm_sys::target::LLVMOffsetOfElement(data_layout(module), ty, field))
    }
}

/// The name of a named struct type (`class.SurfaceIndex`); `None` for a literal struct or any other type.
pub fn struct_name(ty: LLVMTypeRef) -> Option<String> {
    if type_kind(ty) != LLVMTypeKind::LLVMStructTypeKind {
        return None;
    }
    // SAFETY: a query on a live struct type; LLVM answers null for a literal struct, else a NUL-terminated name it
    // owns while the type lives, copied here.
    unsafe {
        let name = LLVMGetStructName(ty);
        (!name.is_null()).then(|| CStr::from_ptr(name).to_string_lossy().into_owned())
    }
}

/// The type of field `field` of struct type `ty`; `None` for a type that is not a struct, or a field past its
/// last.
pub fn struct_field_type(ty: LLVMTypeRef, field: u32) -> Option<LLVMTypeRef> {
    // SAFETY: a type query on a live type, asked only of a struct with more than `field` fields.
    unsafe {
        (type_kind(ty) == LLVMTypeKind::LLVMStructTypeKind && field < LLVMCountStructElementTypes(ty))
            .then(|| LLVMStructGetTypeAtIndex(ty, field))
    }
}

/// The blocks of `function` reachable from its entry, in the preorder and the post-order of one depth-first walk
/// that takes each terminator's successors in operand order (IGC's `df_iterator` / `po_iterator`). Empty for a
/// declaration. Unreachable blocks are in neither.
pub fn depth_first_orders(function: LLVMValueRef) -> (Vec<LLVMBasicBlockRef>, Vec<LLVMBasicBlockRef>) {
    let (mut pre, mut post) = (Vec::new(), Vec::new());
    let entry = first_block(function);
    if entry.is_null() {
        return (pre, post);
    }
    let mut visited = std::collections::HashSet::from([entry]);
    let mut stack = vec![(entry, 0u32)];
    pre.push(entry);
    while let Some(&mut (block, ref mut next)) = stack.last_mut() {
        let term = terminator(block);
        let count = if term.is_null() { 0 } else { successor_count(term) };
        if *next < count {
            let succ = successor(term, *next);
            *next += 1;
            if visited.insert(succ) {
                pre.push(succ);
                stack.push((succ, 0));
            }
        } else {
            post.push(block);
            stack.pop();
        }
    }
    (pre, post)
}

/// The number of operands an instruction reads as data: a call's arguments (its callee operand excluded), every
/// operand of any other instruction.
pub fn data_operand_count(inst: LLVMValueRef) -> u32 {
    if is_call(inst) {
        call_arg_count(inst)
    } else {
        operand_count(inst)
    }
}
