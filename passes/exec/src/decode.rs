//! Decoding an LLVM 14 module into a [`Program`].
//!
//! One pass over the module through the LLVM C API: types become [`Ty`], constants are evaluated into the pool,
//! instructions get frame slots, GEPs are folded to byte arithmetic with the module's data layout, and callees are
//! resolved. A construct the executor does not implement does not stop decoding: the function is marked
//! unsupported with a sentence naming the construct, and the rest of the module stays runnable.
//!
//! Invariant: decoding never panics and never changes the module.
//!
//! Like `genx_passes::ir`, the readers here take raw LLVM handles that always come from a live module.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use std::collections::HashMap;

use genx_passes::ir;
use genx_passes::llvm_sys::core::*;
use genx_passes::llvm_sys::prelude::*;
use genx_passes::llvm_sys::target::*;
use genx_passes::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

use genx_passes::limits::{MAX_BUFFER_BYTES, MAX_VECTOR_ELEMENTS};

use crate::intrinsics;
use crate::program::*;
use crate::value::{Elem, Lanes, Ty, Value};

/// Decodes every function and global of `module`.
pub fn decode(module: LLVMModuleRef) -> Program {
    let mut decoder = Decoder {
        layout: unsafe { LLVMGetModuleDataLayout(module) },
        program: Program::default(),
        function_ids: HashMap::new(),
        global_ids: HashMap::new(),
        constant_ids: HashMap::new(),
        oversized_global: None,
        printer: ir::InstructionPrinter::new(module),
    };
    let functions: Vec<LLVMValueRef> = ir::functions(module).collect();
    for (index, &function) in functions.iter().enumerate() {
        decoder.function_ids.insert(function, index as FuncId);
    }
    let mut global = unsafe { LLVMGetFirstGlobal(module) };
    while !global.is_null() {
        decoder.global_ids.insert(global, decoder.global_ids.len() as GlobalId);
        global = unsafe { LLVMGetNextGlobal(global) };
    }
    let mut global = unsafe { LLVMGetFirstGlobal(module) };
    while !global.is_null() {
        let decoded = decoder.global(global);
        decoder.program.globals.push(decoded);
        global = unsafe { LLVMGetNextGlobal(global) };
    }
    for function in functions {
        let decoded = decoder.function(function);
        decoder.program.functions.push(decoded);
    }
    // GenX IR states a kernel's SLM size in `!genx.kernels` (operand 3; docs/cmc-compat.md §3) rather than as the
    // `"VCSLMSize"` attribute of the SPIR-V-ready form.
    for (function, bytes) in genx_kernel_slm_sizes(module) {
        if let Some(&id) = decoder.function_ids.get(&function) {
            let decoded = &mut decoder.program.functions[id as usize];
            if decoded.slm_bytes == 0 {
                decoded.slm_bytes = bytes;
            }
        }
    }
    decoder.program
}

/// `(kernel, SLM bytes)` of each `!genx.kernels` entry whose operand 3 is a constant integer.
fn genx_kernel_slm_sizes(module: LLVMModuleRef) -> Vec<(LLVMValueRef, u64)> {
    let name = c"genx.kernels";
    let mut out = Vec::new();
    // SAFETY: the module is live; the operand arrays are sized by the counts LLVM reports.
    unsafe {
        let count = LLVMGetNamedMetadataNumOperands(module, name.as_ptr());
        let mut nodes = vec![std::ptr::null_mut(); count as usize];
        if count > 0 {
            LLVMGetNamedMetadataOperands(module, name.as_ptr(), nodes.as_mut_ptr());
        }
        for node in nodes {
            let n = LLVMGetMDNodeNumOperands(node);
            if n < 4 {
                continue;
            }
            let mut operands = vec![std::ptr::null_mut(); n as usize];
            LLVMGetMDNodeOperands(node, operands.as_mut_ptr());
            let (function, slm) = (operands[0], operands[3]);
            if function.is_null() || slm.is_null() || LLVMIsAFunction(function).is_null() || LLVMIsAConstantInt(slm).is_null() {
                continue;
            }
            out.push((function, LLVMConstIntGetZExtValue(slm)));
        }
    }
    out
}

struct Decoder {
    layout: LLVMTargetDataRef,
    program: Program,
    function_ids: HashMap<LLVMValueRef, FuncId>,
    global_ids: HashMap<LLVMValueRef, GlobalId>,
    constant_ids: HashMap<LLVMValueRef, u32>,
    /// Why no function can run: a global larger than one allocation may be (the program's memory is made whole
    /// before any function runs).
    oversized_global: Option<String>,
    /// Prints the instructions' texts (for faults) numbering each function once.
    printer: ir::InstructionPrinter,
}

/// Per-function decoding state.
struct FunctionState {
    slots: HashMap<LLVMValueRef, Slot>,
    blocks: HashMap<LLVMBasicBlockRef, BlockId>,
    texts: Vec<String>,
}

type Decoded<T> = Result<T, String>;

/// Converts an LLVM type.
pub fn ty(llvm: LLVMTypeRef) -> Decoded<Ty> {
    unsafe {
        Ok(match LLVMGetTypeKind(llvm) {
            LLVMTypeKind::LLVMVoidTypeKind => Ty::Void,
            LLVMTypeKind::LLVMVectorTypeKind => {
                let Ty::Scalar(elem) = ty(LLVMGetElementType(llvm))? else {
                    return Err(format!("vector type {} is not supported", ir::type_to_string(llvm)));
                };
                let lanes = LLVMGetVectorSize(llvm);
                genx_passes::limits::checked_size(lanes as u64, MAX_VECTOR_ELEMENTS, "vector elements")?;
                Ty::Vector(elem, lanes)
            }
            LLVMTypeKind::LLVMStructTypeKind => {
                let count = LLVMCountStructElementTypes(llvm);
                let mut fields = vec![std::ptr::null_mut(); count as usize];
                LLVMGetStructElementTypes(llvm, fields.as_mut_ptr());
                Ty::Struct(fields.into_iter().map(|f| ty(f)).collect::<Decoded<_>>()?)
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                Ty::Array(Box::new(ty(LLVMGetElementType(llvm))?), LLVMGetArrayLength(llvm) as u64)
            }
            _ => Ty::Scalar(elem(llvm)?),
        })
    }
}

fn elem(llvm: LLVMTypeRef) -> Decoded<Elem> {
    unsafe {
        Ok(match LLVMGetTypeKind(llvm) {
            LLVMTypeKind::LLVMIntegerTypeKind => {
                let bits = LLVMGetIntTypeWidth(llvm);
                if bits == 0 || bits > 64 {
                    return Err(format!("integer type i{bits} is not supported (at most 64 bits)"));
                }
                Elem::Int(bits as u8)
            }
            LLVMTypeKind::LLVMHalfTypeKind => Elem::Half,
            LLVMTypeKind::LLVMFloatTypeKind => Elem::Float,
            LLVMTypeKind::LLVMDoubleTypeKind => Elem::Double,
            LLVMTypeKind::LLVMPointerTypeKind => Elem::Ptr(LLVMGetPointerAddressSpace(llvm)),
            _ => return Err(format!("type {} is not supported", ir::type_to_string(llvm))),
        })
    }
}

impl Decoder {
    fn alloc_size(&self, llvm: LLVMTypeRef) -> u64 {
        unsafe { LLVMABISizeOfType(self.layout, llvm) }
    }

    fn global(&mut self, global: LLVMValueRef) -> Global {
        let name = ir::value_name(global);
        let value_ty = unsafe { LLVMGlobalGetValueType(global) };
        let bytes = self.alloc_size(value_ty);
        if let Err(reason) = genx_passes::limits::checked_size(bytes, MAX_BUFFER_BYTES, "bytes") {
            self.oversized_global.get_or_insert(format!("global '{name}' is too large to run: {reason}"));
            return Global { name, ty: Ty::Void, bytes: 0, align: 1, init: None, per_thread: false };
        }
        let align = unsafe { LLVMGetAlignment(global) }.max(1) as u64;
        let decoded_ty = ty(value_ty).unwrap_or(Ty::Void);
        let init = unsafe {
            let init = LLVMGetInitializer(global);
            if init.is_null() {
                None
            } else {
                let mut data = vec![0u8; bytes as usize];
                let mut defined = vec![false; bytes as usize];
                self.encode_constant(init, value_ty, &mut data, &mut defined, 0).ok().map(|()| (data, defined))
            }
        };
        // SAFETY: `global` is a live global variable of the module being decoded.
        let per_thread = unsafe { LLVMIsGlobalConstant(global) == 0 && LLVMGetPointerAddressSpace(LLVMTypeOf(global)) == 0 };
        Global { name, ty: decoded_ty, bytes, align, init, per_thread }
    }

    fn function(&mut self, function: LLVMValueRef) -> Function {
        let name = ir::value_name(function);
        let fn_ty = unsafe { LLVMGlobalGetValueType(function) };
        let ret = unsafe { ty(LLVMGetReturnType(fn_ty)) };
        let param_count = unsafe { LLVMCountParams(function) };
        let mut params = Vec::new();
        let mut param_names = Vec::new();
        let mut unsupported = self.oversized_global.clone();
        let mut state = FunctionState { slots: HashMap::new(), blocks: HashMap::new(), texts: Vec::new() };
        for index in 0..param_count {
            let param = unsafe { LLVMGetParam(function, index) };
            match ty(ir::type_of(param)) {
                Ok(t) => params.push(t),
                Err(reason) => {
                    unsupported.get_or_insert(format!("parameter {index}: {reason}"));
                    params.push(Ty::Void);
                }
            }
            param_names.push(ir::value_name(param));
            state.slots.insert(param, index);
        }
        let conv = if unsafe { LLVMGetFunctionCallConv(function) } == 76 /* spir_kernel */
            || has_attribute(function, "CMGenxMain")
        {
            CallingConv::Kernel
        } else {
            CallingConv::Other
        };
        let is_declaration = ir::is_declaration(function);
        let ret = match ret {
            Ok(t) => t,
            Err(reason) => {
                unsupported.get_or_insert(format!("return type: {reason}"));
                Ty::Void
            }
        };
        let mut decoded = Function {
            name,
            params,
            param_names,
            ret,
            blocks: Vec::new(),
            slots: param_count,
            conv,
            texts: Vec::new(),
            unsupported,
            is_declaration,
            slm_bytes: string_attribute(function, "VCSLMSize").and_then(|v| v.parse().ok()).unwrap_or(0),
        };
        if is_declaration {
            return decoded;
        }
        // Number blocks and instruction results first: phis and branches refer forward.
        for (index, block) in ir::blocks(function).enumerate() {
            state.blocks.insert(block, index as BlockId);
            for inst in ir::instructions(block) {
                if unsafe { LLVMGetTypeKind(LLVMTypeOf(inst)) } != LLVMTypeKind::LLVMVoidTypeKind {
                    state.slots.insert(inst, decoded.slots);
                    decoded.slots += 1;
                }
            }
        }
        for block in ir::blocks(function) {
            match self.block(block, &mut state) {
                Ok(b) => decoded.blocks.push(b),
                Err(reason) => {
                    decoded.unsupported.get_or_insert(reason);
                    decoded.blocks.push(Block {
                        name: String::new(),
                        phis: Vec::new(),
                        insts: Vec::new(),
                        terminator: Terminator::Unreachable,
                        terminator_text: 0,
                    });
                }
            }
        }
        decoded.texts = state.texts;
        decoded
    }

    fn block(&mut self, block: LLVMBasicBlockRef, state: &mut FunctionState) -> Decoded<Block> {
        let name = ir::value_name(unsafe { LLVMBasicBlockAsValue(block) });
        let mut decoded =
            Block { name, phis: Vec::new(), insts: Vec::new(), terminator: Terminator::Unreachable, terminator_text: 0 };
        for inst in ir::instructions(block) {
            if is_debug_intrinsic_call(inst) {
                // llvm.dbg.value/declare/label/addr describe variables for a debugger; they compute nothing.
                continue;
            }
            let text = state.texts.len() as u32;
            state.texts.push(self.printer.print(inst));
            let with_context =
                |reason: String, state: &FunctionState| format!("{reason}, in `{}`", state.texts[text as usize]);
            let opcode = unsafe { LLVMGetInstructionOpcode(inst) };
            match opcode {
                LLVMOpcode::LLVMPHI => {
                    let phi = self.phi(inst, text, state).map_err(|r| with_context(r, state))?;
                    decoded.phis.push(phi);
                }
                LLVMOpcode::LLVMRet
                | LLVMOpcode::LLVMBr
                | LLVMOpcode::LLVMSwitch
                | LLVMOpcode::LLVMUnreachable => {
                    decoded.terminator = self.terminator(inst, opcode, state).map_err(|r| with_context(r, state))?;
                    decoded.terminator_text = text;
                }
                _ => {
                    let decoded_inst = self.inst(inst, opcode, text, state).map_err(|r| with_context(r, state))?;
                    decoded.insts.push(decoded_inst);
                }
            }
        }
        Ok(decoded)
    }

    fn operand(&mut self, value: LLVMValueRef, state: &FunctionState) -> Decoded<Operand> {
        if let Some(&slot) = state.slots.get(&value) {
            return Ok(Operand::Slot(slot));
        }
        unsafe {
            if !LLVMIsAFunction(value).is_null() {
                return Ok(Operand::Function(self.function_ids[&value]));
            }
            if !LLVMIsAGlobalVariable(value).is_null() {
                return Ok(Operand::Global { id: self.global_ids[&value], offset: 0 });
            }
            if !LLVMIsAConstantExpr(value).is_null() {
                if let Some(operand) = self.global_address_expr(value)? {
                    return Ok(operand);
                }
            }
            if LLVMIsConstant(value) != 0 {
                if let Some(&id) = self.constant_ids.get(&value) {
                    return Ok(Operand::Const(id));
                }
                let constant = self.constant(value)?;
                let id = self.program.constants.len() as u32;
                self.program.constants.push(constant);
                self.constant_ids.insert(value, id);
                return Ok(Operand::Const(id));
            }
        }
        Err(format!("operand '{}' is not supported", ir::value_to_string(value)))
    }

    /// `bitcast`/`addrspacecast`/`ptrtoint`/`getelementptr` of a global, as a global address plus offset.
    fn global_address_expr(&mut self, expr: LLVMValueRef) -> Decoded<Option<Operand>> {
        unsafe {
            match LLVMGetConstOpcode(expr) {
                LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMPtrToInt => {
                    let inner = LLVMGetOperand(expr, 0);
                    if !LLVMIsAGlobalVariable(inner).is_null() {
                        return Ok(Some(Operand::Global { id: self.global_ids[&inner], offset: 0 }));
                    }
                    if !LLVMIsAConstantExpr(inner).is_null() {
                        return self.global_address_expr(inner);
                    }
                    Ok(None)
                }
                LLVMOpcode::LLVMGetElementPtr => {
                    let base = LLVMGetOperand(expr, 0);
                    let base_operand = if !LLVMIsAGlobalVariable(base).is_null() {
                        Operand::Global { id: self.global_ids[&base], offset: 0 }
                    } else if !LLVMIsAConstantExpr(base).is_null() {
                        match self.global_address_expr(base)? {
                            Some(operand) => operand,
                            None => return Ok(None),
                        }
                    } else {
                        return Ok(None);
                    };
                    let Operand::Global { id, offset } = base_operand else { return Ok(None) };
                    let source = LLVMGetGEPSourceElementType(expr);
                    let count = LLVMGetNumOperands(expr) as u32;
                    let mut extra = 0i64;
                    let mut current = source;
                    for i in 1..count {
                        let index = LLVMGetOperand(expr, i);
                        let Some(k) = ir::const_int(index) else { return Ok(None) };
                        if i == 1 {
                            extra += k * self.alloc_size(source) as i64;
                            continue;
                        }
                        match LLVMGetTypeKind(current) {
                            LLVMTypeKind::LLVMStructTypeKind => {
                                extra += LLVMOffsetOfElement(self.layout, current, k as u32) as i64;
                                current = LLVMStructGetTypeAtIndex(current, k as u32);
                            }
                            _ => {
                                current = LLVMGetElementType(current);
                                extra += k * self.alloc_size(current) as i64;
                            }
                        }
                    }
                    Ok(Some(Operand::Global { id, offset: offset + extra }))
                }
                _ => Ok(None),
            }
        }
    }

    /// Evaluates a constant into a value.
    fn constant(&mut self, value: LLVMValueRef) -> Decoded<Value> {
        unsafe {
            let t = ty(LLVMTypeOf(value))?;
            if LLVMIsUndef(value) != 0 || !LLVMIsAPoisonValue(value).is_null() {
                return Ok(Value::undef(&t));
            }
            if !LLVMIsAConstantAggregateZero(value).is_null() || !LLVMIsAConstantPointerNull(value).is_null() {
                return Ok(Value::zero(&t));
            }
            match &t {
                Ty::Scalar(e) => Ok(Value::Lanes(Lanes::new(*e, vec![self.scalar_bits(value, *e)?]))),
                Ty::Vector(e, n) => {
                    let mut lanes = Lanes::undef(*e, *n as usize);
                    for i in 0..*n {
                        let element = if !LLVMIsAConstantDataVector(value).is_null() {
                            LLVMGetElementAsConstant(value, i)
                        } else if !LLVMIsAConstantVector(value).is_null() {
                            LLVMGetOperand(value, i)
                        } else {
                            return Err(format!("constant '{}' is not supported", ir::value_to_string(value)));
                        };
                        if LLVMIsUndef(element) == 0 && LLVMIsAPoisonValue(element).is_null() {
                            lanes.set(i as usize, self.scalar_bits(element, *e)?);
                        }
                    }
                    Ok(Value::Lanes(lanes))
                }
                Ty::Struct(_) | Ty::Array(..) => {
                    let count = LLVMGetNumOperands(value);
                    if !LLVMIsAConstantDataArray(value).is_null() {
                        let Ty::Array(elem_ty, n) = &t else { unreachable!() };
                        let Ty::Scalar(e) = **elem_ty else {
                            return Err("constant data array of non-scalars".to_string());
                        };
                        return (0..*n as u32)
                            .map(|i| Ok(Value::scalar(e, self.scalar_bits(LLVMGetElementAsConstant(value, i), e)?)))
                            .collect::<Decoded<Vec<_>>>()
                            .map(Value::Agg);
                    }
                    (0..count as u32).map(|i| self.constant(LLVMGetOperand(value, i))).collect::<Decoded<_>>().map(Value::Agg)
                }
                Ty::Void => Ok(Value::Void),
            }
        }
    }

    fn scalar_bits(&mut self, value: LLVMValueRef, e: Elem) -> Decoded<u64> {
        unsafe {
            if !LLVMIsAConstantInt(value).is_null() {
                return Ok(LLVMConstIntGetZExtValue(value));
            }
            if !LLVMIsAConstantFP(value).is_null() {
                let mut loses = 0;
                let d = LLVMConstRealGetDouble(value, &mut loses);
                return Ok(match e {
                    Elem::Half => half::f16::from_f64(d).to_bits() as u64,
                    Elem::Float => (d as f32).to_bits() as u64,
                    _ => d.to_bits(),
                });
            }
            if !LLVMIsAConstantPointerNull(value).is_null() {
                return Ok(0);
            }
            if !LLVMIsAConstantExpr(value).is_null() && LLVMGetConstOpcode(value) == LLVMOpcode::LLVMIntToPtr {
                if let Some(k) = ir::const_int(LLVMGetOperand(value, 0)) {
                    return Ok(k as u64);
                }
            }
        }
        Err(format!("constant '{}' is not supported", ir::value_to_string(value)))
    }

    /// Writes the bytes of constant `value` of LLVM type `llvm_ty` at `offset`, following the data layout.
    fn encode_constant(
        &mut self,
        value: LLVMValueRef,
        llvm_ty: LLVMTypeRef,
        data: &mut [u8],
        defined: &mut [bool],
        offset: usize,
    ) -> Decoded<()> {
        unsafe {
            match LLVMGetTypeKind(llvm_ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    if LLVMIsUndef(value) != 0 || !LLVMIsAPoisonValue(value).is_null() {
                        return Ok(());
                    }
                    let zero = !LLVMIsAConstantAggregateZero(value).is_null();
                    for field in 0..LLVMCountStructElementTypes(llvm_ty) {
                        let field_ty = LLVMStructGetTypeAtIndex(llvm_ty, field);
                        let at = offset + LLVMOffsetOfElement(self.layout, llvm_ty, field) as usize;
                        let field_value = if zero { LLVMConstNull(field_ty) } else { LLVMGetOperand(value, field) };
                        self.encode_constant(field_value, field_ty, data, defined, at)?;
                    }
                    Ok(())
                }
                LLVMTypeKind::LLVMArrayTypeKind => {
                    if LLVMIsUndef(value) != 0 || !LLVMIsAPoisonValue(value).is_null() {
                        return Ok(());
                    }
                    let element_ty = LLVMGetElementType(llvm_ty);
                    let stride = self.alloc_size(element_ty) as usize;
                    let zero = !LLVMIsAConstantAggregateZero(value).is_null();
                    let data_array = !LLVMIsAConstantDataArray(value).is_null();
                    for i in 0..LLVMGetArrayLength(llvm_ty) {
                        let element = if zero {
                            LLVMConstNull(element_ty)
                        } else if data_array {
                            LLVMGetElementAsConstant(value, i)
                        } else {
                            LLVMGetOperand(value, i)
                        };
                        self.encode_constant(element, element_ty, data, defined, offset + i as usize * stride)?;
                    }
                    Ok(())
                }
                _ => {
                    let Value::Lanes(lanes) = self.constant(value)? else {
                        return Err("unsupported initializer".to_string());
                    };
                    let size = LLVMStoreSizeOfType(self.layout, llvm_ty) as usize;
                    let end = (offset + size).min(data.len());
                    crate::memory::encode_lanes(&lanes, &mut data[offset..end], &mut defined[offset..end]);
                    Ok(())
                }
            }
        }
    }

    fn phi(&mut self, inst: LLVMValueRef, text: u32, state: &FunctionState) -> Decoded<Phi> {
        let dest = state.slots[&inst];
        let count = unsafe { LLVMCountIncoming(inst) };
        let mut incoming = Vec::with_capacity(count as usize);
        for i in 0..count {
            let (value, block) = unsafe { (LLVMGetIncomingValue(inst, i), LLVMGetIncomingBlock(inst, i)) };
            incoming.push((state.blocks[&block], self.operand(value, state)?));
        }
        Ok(Phi { dest, ty: ty(ir::type_of(inst))?, incoming, text })
    }

    fn terminator(&mut self, inst: LLVMValueRef, opcode: LLVMOpcode, state: &FunctionState) -> Decoded<Terminator> {
        unsafe {
            Ok(match opcode {
                LLVMOpcode::LLVMRet => {
                    if LLVMGetNumOperands(inst) == 0 {
                        Terminator::Ret(None)
                    } else {
                        Terminator::Ret(Some(self.operand(LLVMGetOperand(inst, 0), state)?))
                    }
                }
                LLVMOpcode::LLVMBr => {
                    if LLVMIsConditional(inst) != 0 {
                        Terminator::CondBr {
                            cond: self.operand(LLVMGetCondition(inst), state)?,
                            then: state.blocks[&LLVMGetSuccessor(inst, 0)],
                            otherwise: state.blocks[&LLVMGetSuccessor(inst, 1)],
                        }
                    } else {
                        Terminator::Br(state.blocks[&LLVMGetSuccessor(inst, 0)])
                    }
                }
                LLVMOpcode::LLVMSwitch => {
                    let value = self.operand(LLVMGetOperand(inst, 0), state)?;
                    let default = state.blocks[&LLVMGetSwitchDefaultDest(inst)];
                    let operands = LLVMGetNumOperands(inst) as u32;
                    let mut cases = Vec::new();
                    let mut i = 2;
                    while i + 1 < operands {
                        let case = ir::const_int(LLVMGetOperand(inst, i))
                            .ok_or_else(|| "switch case is not a constant integer".to_string())?;
                        let dest = LLVMValueAsBasicBlock(LLVMGetOperand(inst, i + 1));
                        let bits = match ty(ir::type_of(LLVMGetOperand(inst, 0)))? {
                            Ty::Scalar(e) => case as u64 & e.mask(),
                            _ => case as u64,
                        };
                        cases.push((bits, state.blocks[&dest]));
                        i += 2;
                    }
                    Terminator::Switch { value, default, cases }
                }
                _ => Terminator::Unreachable,
            })
        }
    }

    fn inst(&mut self, inst: LLVMValueRef, opcode: LLVMOpcode, text: u32, state: &FunctionState) -> Decoded<Inst> {
        use LLVMOpcode::*;
        let dest = state.slots.get(&inst).copied();
        let result_ty = ty(ir::type_of(inst))?;
        let operand_count = unsafe { LLVMGetNumOperands(inst) } as u32;
        let raw = |i: u32| unsafe { LLVMGetOperand(inst, i) };
        let mut operand_tys = Vec::new();
        let op = match opcode {
            LLVMAdd | LLVMSub | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem | LLVMShl | LLVMLShr
            | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFAdd | LLVMFSub | LLVMFMul | LLVMFDiv | LLVMFRem => {
                let op = match opcode {
                    LLVMAdd => BinOp::Add,
                    LLVMSub => BinOp::Sub,
                    LLVMMul => BinOp::Mul,
                    LLVMUDiv => BinOp::UDiv,
                    LLVMSDiv => BinOp::SDiv,
                    LLVMURem => BinOp::URem,
                    LLVMSRem => BinOp::SRem,
                    LLVMShl => BinOp::Shl,
                    LLVMLShr => BinOp::LShr,
                    LLVMAShr => BinOp::AShr,
                    LLVMAnd => BinOp::And,
                    LLVMOr => BinOp::Or,
                    LLVMXor => BinOp::Xor,
                    LLVMFAdd => BinOp::FAdd,
                    LLVMFSub => BinOp::FSub,
                    LLVMFMul => BinOp::FMul,
                    LLVMFDiv => BinOp::FDiv,
                    _ => BinOp::FRem,
                };
                Op::Bin { op, a: self.operand(raw(0), state)?, b: self.operand(raw(1), state)? }
            }
            LLVMFNeg => Op::FNeg(self.operand(raw(0), state)?),
            LLVMICmp => {
                use LLVMIntPredicate::*;
                let pred = match unsafe { LLVMGetICmpPredicate(inst) } {
                    LLVMIntEQ => IPred::Eq,
                    LLVMIntNE => IPred::Ne,
                    LLVMIntUGT => IPred::Ugt,
                    LLVMIntUGE => IPred::Uge,
                    LLVMIntULT => IPred::Ult,
                    LLVMIntULE => IPred::Ule,
                    LLVMIntSGT => IPred::Sgt,
                    LLVMIntSGE => IPred::Sge,
                    LLVMIntSLT => IPred::Slt,
                    LLVMIntSLE => IPred::Sle,
                };
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::ICmp { pred, a: self.operand(raw(0), state)?, b: self.operand(raw(1), state)? }
            }
            LLVMFCmp => {
                use LLVMRealPredicate::*;
                let p = |lt, eq, gt, unordered| FPred { lt, eq, gt, unordered };
                let pred = match unsafe { LLVMGetFCmpPredicate(inst) } {
                    LLVMRealPredicateFalse => p(false, false, false, false),
                    LLVMRealOEQ => p(false, true, false, false),
                    LLVMRealOGT => p(false, false, true, false),
                    LLVMRealOGE => p(false, true, true, false),
                    LLVMRealOLT => p(true, false, false, false),
                    LLVMRealOLE => p(true, true, false, false),
                    LLVMRealONE => p(true, false, true, false),
                    LLVMRealORD => p(true, true, true, false),
                    LLVMRealUNO => p(false, false, false, true),
                    LLVMRealUEQ => p(false, true, false, true),
                    LLVMRealUGT => p(false, false, true, true),
                    LLVMRealUGE => p(false, true, true, true),
                    LLVMRealULT => p(true, false, false, true),
                    LLVMRealULE => p(true, true, false, true),
                    LLVMRealUNE => p(true, false, true, true),
                    LLVMRealPredicateTrue => p(true, true, true, true),
                };
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::FCmp { pred, a: self.operand(raw(0), state)?, b: self.operand(raw(1), state)? }
            }
            LLVMSelect => Op::Select {
                cond: self.operand(raw(0), state)?,
                a: self.operand(raw(1), state)?,
                b: self.operand(raw(2), state)?,
            },
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPTrunc | LLVMFPExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP
            | LLVMSIToFP | LLVMPtrToInt | LLVMIntToPtr | LLVMBitCast | LLVMAddrSpaceCast => {
                let op = match opcode {
                    LLVMTrunc => CastOp::Trunc,
                    LLVMZExt => CastOp::ZExt,
                    LLVMSExt => CastOp::SExt,
                    LLVMFPTrunc => CastOp::FPTrunc,
                    LLVMFPExt => CastOp::FPExt,
                    LLVMFPToUI => CastOp::FPToUI,
                    LLVMFPToSI => CastOp::FPToSI,
                    LLVMUIToFP => CastOp::UIToFP,
                    LLVMSIToFP => CastOp::SIToFP,
                    LLVMPtrToInt => CastOp::PtrToInt,
                    LLVMIntToPtr => CastOp::IntToPtr,
                    LLVMBitCast => CastOp::BitCast,
                    _ => CastOp::AddrSpaceCast,
                };
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::Cast { op, a: self.operand(raw(0), state)? }
            }
            LLVMExtractElement => {
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::ExtractElement { vector: self.operand(raw(0), state)?, index: self.operand(raw(1), state)? }
            }
            LLVMInsertElement => {
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::InsertElement {
                vector: self.operand(raw(0), state)?,
                element: self.operand(raw(1), state)?,
                index: self.operand(raw(2), state)?,
                }
            }
            LLVMShuffleVector => {
                let count = unsafe { LLVMGetNumMaskElements(inst) };
                let undef_elem = unsafe { LLVMGetUndefMaskElem() };
                let mask = (0..count)
                    .map(|i| {
                        let m = unsafe { LLVMGetMaskValue(inst, i) };
                        if m == undef_elem {
                            -1
                        } else {
                            m
                        }
                    })
                    .collect();
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::Shuffle { a: self.operand(raw(0), state)?, b: self.operand(raw(1), state)?, mask }
            }
            LLVMExtractValue | LLVMInsertValue => {
                let count = unsafe { LLVMGetNumIndices(inst) };
                let indices = unsafe { std::slice::from_raw_parts(LLVMGetIndices(inst), count as usize) }.to_vec();
                if opcode == LLVMExtractValue {
                    Op::ExtractValue { aggregate: self.operand(raw(0), state)?, indices }
                } else {
                    Op::InsertValue {
                        aggregate: self.operand(raw(0), state)?,
                        element: self.operand(raw(1), state)?,
                        indices,
                    }
                }
            }
            LLVMAlloca => {
                let allocated = unsafe { LLVMGetAllocatedType(inst) };
                Op::Alloca {
                    elem_bytes: self.alloc_size(allocated),
                    count: self.operand(raw(0), state)?,
                    align: unsafe { LLVMGetAlignment(inst) }.max(1) as u64,
                }
            }
            LLVMLoad => {
                if unsafe { LLVMGetVolatile(inst) } != 0 {
                    // Volatile loads behave like loads for a single-threaded CPU model.
                }
                Op::Load { ptr: self.operand(raw(0), state)?, align: unsafe { LLVMGetAlignment(inst) }.max(1) as u64 }
            }
            LLVMStore => {
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::Store {
                    value: self.operand(raw(0), state)?,
                    ptr: self.operand(raw(1), state)?,
                    align: unsafe { LLVMGetAlignment(inst) }.max(1) as u64,
                }
            }
            LLVMGetElementPtr => self.gep(inst, operand_count, state)?,
            LLVMCall => self.call(inst, state, &mut operand_tys)?,
            LLVMFreeze => Op::Freeze(self.operand(raw(0), state)?),
            other => return Err(format!("instruction '{}' is not supported", opcode_name(other))),
        };
        Ok(Inst { dest, ty: result_ty, operand_tys, op, text })
    }

    fn gep(&mut self, inst: LLVMValueRef, operand_count: u32, state: &FunctionState) -> Decoded<Op> {
        unsafe {
            if LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMTypeKind::LLVMVectorTypeKind {
                return Err("vector getelementptr is not supported".to_string());
            }
            let source = LLVMGetGEPSourceElementType(inst);
            let ptr = self.operand(LLVMGetOperand(inst, 0), state)?;
            let mut offset = 0i64;
            let mut terms = Vec::new();
            let mut current = source;
            for i in 1..operand_count {
                let index = LLVMGetOperand(inst, i);
                let (stride, next) = if i == 1 {
                    (self.alloc_size(source) as i64, source)
                } else if LLVMGetTypeKind(current) == LLVMTypeKind::LLVMStructTypeKind {
                    let field = ir::const_int(index).ok_or("struct GEP index must be constant")? as u32;
                    offset += LLVMOffsetOfElement(self.layout, current, field) as i64;
                    current = LLVMStructGetTypeAtIndex(current, field);
                    continue;
                } else {
                    let element = LLVMGetElementType(current);
                    (self.alloc_size(element) as i64, element)
                };
                current = next;
                match ir::const_int(index) {
                    Some(k) => offset += k * stride,
                    None => terms.push((self.operand(index, state)?, stride)),
                }
            }
            Ok(Op::Gep { ptr, offset, terms })
        }
    }

    fn call(&mut self, inst: LLVMValueRef, state: &FunctionState, operand_tys: &mut Vec<Ty>) -> Decoded<Op> {
        let Some(callee) = ir::called_function(inst) else {
            return Err("indirect calls are not supported".to_string());
        };
        let name = ir::value_name(callee);
        let arg_count = ir::call_arg_count(inst);
        let mut args = Vec::with_capacity(arg_count as usize);
        for i in 0..arg_count {
            let arg = ir::call_arg(inst, i);
            operand_tys.push(ty(ir::type_of(arg))?);
            args.push(self.operand(arg, state)?);
        }
        // A region's parent width only means something with a variable offset; with a constant offset it is
        // ignored (docs/genx-ir.md §1.2), so it is dropped here and the executor checks every parent width it sees.
        let region_operands = if name.starts_with("llvm.genx.rdregion") {
            Some((4, 5))
        } else if name.starts_with("llvm.genx.wrregion") || name.starts_with("llvm.genx.wrconstregion") {
            Some((5, 6))
        } else {
            None
        };
        if let Some((offset, parent_width)) = region_operands {
            if matches!(args.get(offset), Some(Operand::Const(_))) && parent_width < args.len() {
                let id = self.program.constants.len() as u32;
                self.program.constants.push(Value::undef(&Ty::Scalar(Elem::Int(32))));
                args[parent_width] = Operand::Const(id);
            }
        }
        let callee = if !ir::is_declaration(callee) {
            Callee::Function(self.function_ids[&callee])
        } else if let Some(sem) = intrinsics::resolve(&name) {
            Callee::Intrinsic(sem, name)
        } else if name.starts_with("llvm.genx.") {
            return Err(format!("GenX intrinsic '{name}' has no executable semantics yet"));
        } else if name.starts_with("llvm.") {
            return Err(format!("LLVM intrinsic '{name}' has no executable semantics yet"));
        } else {
            return Err(format!("call of '{name}', a function without a body"));
        };
        Ok(Op::Call { callee, args })
    }
}


/// Whether `inst` calls one of LLVM's debug-info intrinsics (`llvm.dbg.*`).
fn is_debug_intrinsic_call(inst: LLVMValueRef) -> bool {
    if unsafe { LLVMGetInstructionOpcode(inst) } != LLVMOpcode::LLVMCall {
        return false;
    }
    ir::called_function(inst).is_some_and(|callee| ir::value_name(callee).starts_with("llvm.dbg."))
}

/// The value of a string function attribute.
fn string_attribute(function: LLVMValueRef, name: &str) -> Option<String> {
    unsafe {
        let attr = LLVMGetStringAttributeAtIndex(
            function,
            genx_passes::llvm_sys::LLVMAttributeFunctionIndex,
            name.as_ptr() as *const _,
            name.len() as u32,
        );
        if attr.is_null() {
            return None;
        }
        let mut len = 0u32;
        let ptr = LLVMGetStringAttributeValue(attr, &mut len);
        Some(String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len as usize)).into_owned())
    }
}

fn has_attribute(function: LLVMValueRef, name: &str) -> bool {
    unsafe {
        let attr = LLVMGetStringAttributeAtIndex(
            function,
            genx_passes::llvm_sys::LLVMAttributeFunctionIndex,
            name.as_ptr() as *const _,
            name.len() as u32,
        );
        !attr.is_null()
    }
}

fn opcode_name(opcode: LLVMOpcode) -> String {
    let debug = format!("{opcode:?}");
    debug.strip_prefix("LLVM").unwrap_or(&debug).to_lowercase()
}

/// Reads a module from a `.ll` or `.bc` file and decodes it.
pub fn decode_file(path: &std::path::Path) -> Result<Program, String> {
    // The user's file: read, parsed and verified as every tool reads IR (size and shape limits, located errors).
    let context = genx_passes::inkwell::context::Context::create();
    let module = genx_passes::input::load(&context, path)?;
    Ok(decode(module.as_mut_ptr()))
}

/// Parses textual IR and decodes it (tests and generated programs).
pub fn decode_str(ir: &str, name: &str) -> Result<Program, String> {
    decode_buffer(genx_passes::inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), name))
}

fn decode_buffer(buffer: genx_passes::inkwell::memory_buffer::MemoryBuffer) -> Result<Program, String> {
    let context = genx_passes::inkwell::context::Context::create();
    let module = context.create_module_from_ir(buffer).map_err(|message| message.to_string().trim_end().to_string())?;
    Ok(decode(module.as_mut_ptr()))
}
