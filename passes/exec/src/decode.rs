//! Decoding an LLVM 14 module into a [`Program`].
//!
//! One pass over the module through the LLVM C API: types become [`Ty`], constants are evaluated into the pool,
//! instructions get frame slots, GEPs are folded to byte arithmetic with the module's data layout, and callees are
//! resolved. A construct the executor does not implement does not stop decoding: the function is marked
//! unsupported with a sentence naming the construct, and the rest of the module stays runnable.
//!
//! Invariant: decoding never panics and never changes the module.
//!
//! Like `genx_passes::ir`, the readers here take raw LLVM handles that always come from a live module. The module is
//! read through `genx_passes::ir`; the few C API calls it has no reader for (kinds of constant, the
//! null constant of a type) are the small functions at the top, each with its own `// SAFETY:` reason.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use std::collections::HashMap;

use genx_passes::ir;
use genx_passes::llvm_sys::core::*;
use genx_passes::llvm_sys::prelude::*;
use genx_passes::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

use genx_passes::limits::{MAX_BUFFER_BYTES, MAX_VECTOR_ELEMENTS};

use crate::intrinsics;
use crate::program::*;
use crate::value::{Elem, Lanes, Ty, Value};

/// Decodes every function and global of `module`.
pub fn decode(module: LLVMModuleRef) -> Program {
    let mut decoder = Decoder {
        module,
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
    let globals: Vec<LLVMValueRef> = ir::globals(module).collect();
    for (index, &global) in globals.iter().enumerate() {
        decoder.global_ids.insert(global, index as GlobalId);
    }
    for global in globals {
        let decoded = decoder.global(global);
        decoder.program.globals.push(decoded);
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
    // SAFETY: `module` is the live module being decoded and `name` is NUL-terminated; the node buffer has room for
    // the operand count LLVM reports for that named metadata.
    let nodes = unsafe {
        let count = LLVMGetNamedMetadataNumOperands(module, name.as_ptr());
        let mut nodes = vec![std::ptr::null_mut(); count as usize];
        if count > 0 {
            LLVMGetNamedMetadataOperands(module, name.as_ptr(), nodes.as_mut_ptr());
        }
        nodes
    };
    let mut out = Vec::new();
    for node in nodes {
        let operands = ir::md_operands(node);
        let (Some(&function), Some(&slm)) = (operands.first(), operands.get(3)) else { continue };
        if function.is_null() || slm.is_null() || !ir::is_function(function) {
            continue;
        }
        if let Some(bytes) = const_uint(slm) {
            out.push((function, bytes));
        }
    }
    out
}

struct Decoder {
    module: LLVMModuleRef,
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
    Ok(match ir::type_kind(llvm) {
        LLVMTypeKind::LLVMVoidTypeKind => Ty::Void,
        LLVMTypeKind::LLVMVectorTypeKind => {
            let Ty::Scalar(elem) = ty(ir::element_of(llvm))? else {
                return Err(format!("vector type {} is not supported", ir::type_to_string(llvm)));
            };
            let lanes = ir::vector_size(llvm);
            genx_passes::limits::checked_size(lanes as u64, MAX_VECTOR_ELEMENTS, "vector elements")?;
            Ty::Vector(elem, lanes)
        }
        LLVMTypeKind::LLVMStructTypeKind => {
            Ty::Struct(ir::struct_field_types(llvm).into_iter().map(ty).collect::<Decoded<_>>()?)
        }
        LLVMTypeKind::LLVMArrayTypeKind => Ty::Array(Box::new(ty(ir::element_of(llvm))?), ir::array_length(llvm)),
        _ => Ty::Scalar(elem(llvm)?),
    })
}

fn elem(llvm: LLVMTypeRef) -> Decoded<Elem> {
    Ok(match ir::type_kind(llvm) {
        LLVMTypeKind::LLVMIntegerTypeKind => {
            let bits = ir::int_width(llvm);
            if bits == 0 || bits > 64 {
                return Err(format!("integer type i{bits} is not supported (at most 64 bits)"));
            }
            Elem::Int(bits as u8)
        }
        LLVMTypeKind::LLVMHalfTypeKind => Elem::Half,
        LLVMTypeKind::LLVMFloatTypeKind => Elem::Float,
        LLVMTypeKind::LLVMDoubleTypeKind => Elem::Double,
        LLVMTypeKind::LLVMPointerTypeKind => Elem::Ptr(ir::pointer_address_space(llvm).unwrap_or_default()),
        _ => return Err(format!("type {} is not supported", ir::type_to_string(llvm))),
    })
}

/// The value of a `ConstantInt` zero-extended to 64 bits (how the executor stores integer lanes); `None` for any
/// other value. Unlike `ir::const_int`, which sign-extends, `i32 -1` is `0xffff_ffff` here.
fn const_uint(value: LLVMValueRef) -> Option<u64> {
    // SAFETY: a kind test on a live value of the module being decoded, then a value query only on a `ConstantInt`.
    unsafe { (!LLVMIsAConstantInt(value).is_null()).then(|| LLVMConstIntGetZExtValue(value)) }
}

/// Whether a constant is `zeroinitializer` (of an aggregate or vector type).
fn is_aggregate_zero(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value of the module being decoded.
    unsafe { !LLVMIsAConstantAggregateZero(value).is_null() }
}

/// Whether a constant is a null pointer.
fn is_null_pointer(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value of the module being decoded.
    unsafe { !LLVMIsAConstantPointerNull(value).is_null() }
}

/// Whether a constant is packed data (a `ConstantDataVector` or `ConstantDataArray`): elements without operands.
fn is_constant_data(value: LLVMValueRef) -> bool {
    // SAFETY: a kind test on a live value of the module being decoded.
    unsafe { !LLVMIsAConstantDataSequential(value).is_null() }
}

/// The null constant of type `llvm` (zero, null pointer or `zeroinitializer`).
fn null_of(llvm: LLVMTypeRef) -> LLVMValueRef {
    // SAFETY: `llvm` is a live type of the module being decoded; LLVM finds or creates the uniqued constant in the
    // type's context, which the module's owner keeps alive; the module itself is not changed.
    unsafe { LLVMConstNull(llvm) }
}

impl Decoder {
    /// The bytes between consecutive values of `llvm` in memory (what a GEP index steps by); 0 for an unsized type.
    fn alloc_size(&self, llvm: LLVMTypeRef) -> u64 {
        ir::alloc_size(self.module, llvm).unwrap_or(0)
    }

    /// The byte offset of field `field` of struct type `llvm`, which has more than `field` fields.
    fn field_offset(&self, llvm: LLVMTypeRef, field: u32) -> u64 {
        ir::field_offset(self.module, llvm, field).unwrap_or(0)
    }

    /// The bytes a store of `llvm` writes (0 for an unsized type).
    fn store_size(&self, llvm: LLVMTypeRef) -> u64 {
        ir::store_size(self.module, llvm).unwrap_or(0)
    }

    fn global(&mut self, global: LLVMValueRef) -> Global {
        let name = ir::value_name(global);
        let value_ty = ir::global_value_type(global);
        let bytes = self.alloc_size(value_ty);
        if let Err(reason) = genx_passes::limits::checked_size(bytes, MAX_BUFFER_BYTES, "bytes") {
            self.oversized_global.get_or_insert(format!("global '{name}' is too large to run: {reason}"));
            return Global { name, ty: Ty::Void, bytes: 0, align: 1, init: None, per_thread: false };
        }
        let align = ir::alignment(global).max(1) as u64;
        let decoded_ty = ty(value_ty).unwrap_or(Ty::Void);
        let constant = ir::is_global_constant(global);
        let init = ir::initializer(global).and_then(|init| {
            let mut data = vec![0u8; bytes as usize];
            let mut defined = vec![false; bytes as usize];
            self.encode_constant(init, value_ty, &mut data, &mut defined, 0).ok().map(|()| (data, defined))
        });
        let per_thread = !constant && ir::pointer_address_space(ir::type_of(global)) == Some(0);
        Global { name, ty: decoded_ty, bytes, align, init, per_thread }
    }

    fn function(&mut self, function: LLVMValueRef) -> Function {
        let name = ir::value_name(function);
        let ret = ty(ir::return_type(ir::global_value_type(function)));
        let param_count = ir::param_count(function);
        let mut params = Vec::new();
        let mut param_names = Vec::new();
        let mut unsupported = self.oversized_global.clone();
        let mut state = FunctionState { slots: HashMap::new(), blocks: HashMap::new(), texts: Vec::new() };
        for index in 0..param_count {
            let param = ir::param(function, index);
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
        // SAFETY: `function` is a live function of the module being decoded (from `ir::functions`).
        let call_conv = unsafe { LLVMGetFunctionCallConv(function) };
        let conv = if call_conv == genx_passes::spir_kernels::SPIR_KERNEL
            || ir::string_attribute(function, "CMGenxMain").is_some()
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
            slm_bytes: ir::string_attribute(function, "VCSLMSize").and_then(|v| v.parse().ok()).unwrap_or(0),
        };
        if is_declaration {
            return decoded;
        }
        // Number blocks and instruction results first: phis and branches refer forward.
        for (index, block) in ir::blocks(function).enumerate() {
            state.blocks.insert(block, index as BlockId);
            for inst in ir::instructions(block) {
                if ir::type_kind(ir::type_of(inst)) != LLVMTypeKind::LLVMVoidTypeKind {
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
        let name = ir::value_name(ir::block_value(block));
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
            // Every value `ir::instructions` yields is an instruction, so it has an opcode.
            let opcode = ir::opcode(inst).ok_or_else(|| with_context("not an instruction".to_string(), state))?;
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
        if ir::is_function(value) {
            return Ok(Operand::Function(self.function_ids[&value]));
        }
        if ir::is_global_variable(value) {
            return Ok(Operand::Global { id: self.global_ids[&value], offset: 0 });
        }
        if ir::is_constant_expr(value) {
            if let Some(operand) = self.global_address_expr(value)? {
                return Ok(operand);
            }
        }
        if ir::is_constant(value) {
            if let Some(&id) = self.constant_ids.get(&value) {
                return Ok(Operand::Const(id));
            }
            let constant = self.constant(value)?;
            let id = self.program.constants.len() as u32;
            self.program.constants.push(constant);
            self.constant_ids.insert(value, id);
            return Ok(Operand::Const(id));
        }
        Err(format!("operand '{}' is not supported", ir::value_to_string(value)))
    }

    /// `bitcast`/`addrspacecast`/`ptrtoint`/`getelementptr` of a global, as a global address plus offset.
    fn global_address_expr(&mut self, expr: LLVMValueRef) -> Decoded<Option<Operand>> {
        match ir::const_opcode(expr) {
            Some(LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMPtrToInt) => {
                let inner = ir::operand(expr, 0);
                if ir::is_global_variable(inner) {
                    return Ok(Some(Operand::Global { id: self.global_ids[&inner], offset: 0 }));
                }
                if ir::is_constant_expr(inner) {
                    return self.global_address_expr(inner);
                }
                Ok(None)
            }
            Some(LLVMOpcode::LLVMGetElementPtr) => {
                let base = ir::operand(expr, 0);
                let base_operand = if ir::is_global_variable(base) {
                    Operand::Global { id: self.global_ids[&base], offset: 0 }
                } else if ir::is_constant_expr(base) {
                    match self.global_address_expr(base)? {
                        Some(operand) => operand,
                        None => return Ok(None),
                    }
                } else {
                    return Ok(None);
                };
                let Operand::Global { id, offset } = base_operand else { return Ok(None) };
                let source = ir::gep_source_type(expr);
                let mut extra = 0i64;
                let mut current = source;
                for i in 1..ir::operand_count(expr) {
                    let Some(k) = ir::const_int(ir::operand(expr, i)) else { return Ok(None) };
                    if i == 1 {
                        extra += k * self.alloc_size(source) as i64;
                        continue;
                    }
                    match ir::type_kind(current) {
                        LLVMTypeKind::LLVMStructTypeKind => {
                            let Some(&field) = ir::struct_field_types(current).get(k as usize) else { return Ok(None) };
                            extra += self.field_offset(current, k as u32) as i64;
                            current = field;
                        }
                        _ => {
                            current = ir::element_of(current);
                            extra += k * self.alloc_size(current) as i64;
                        }
                    }
                }
                Ok(Some(Operand::Global { id, offset: offset + extra }))
            }
            _ => Ok(None),
        }
    }

    /// Evaluates a constant into a value.
    fn constant(&mut self, value: LLVMValueRef) -> Decoded<Value> {
        let t = ty(ir::type_of(value))?;
        if ir::is_undef(value) {
            return Ok(Value::undef(&t));
        }
        if is_aggregate_zero(value) || is_null_pointer(value) {
            return Ok(Value::zero(&t));
        }
        match &t {
            Ty::Scalar(e) => Ok(Value::Lanes(Lanes::new(*e, vec![self.scalar_bits(value, *e)?]))),
            Ty::Vector(e, n) => {
                let mut lanes = Lanes::undef(*e, *n as usize);
                for i in 0..*n {
                    let Some(element) = ir::constant_element(value, i) else {
                        return Err(format!("constant '{}' is not supported", ir::value_to_string(value)));
                    };
                    if !ir::is_undef(element) {
                        lanes.set(i as usize, self.scalar_bits(element, *e)?);
                    }
                }
                Ok(Value::Lanes(lanes))
            }
            Ty::Struct(_) | Ty::Array(..) => {
                if is_constant_data(value) {
                    let Ty::Array(elem_ty, n) = &t else { unreachable!() };
                    let Ty::Scalar(e) = **elem_ty else {
                        return Err("constant data array of non-scalars".to_string());
                    };
                    return (0..*n as u32)
                        .map(|i| -> Decoded<Value> {
                            let element = ir::constant_element(value, i).ok_or("constant data shorter than its type")?;
                            Ok(Value::scalar(e, self.scalar_bits(element, e)?))
                        })
                        .collect::<Decoded<Vec<_>>>()
                        .map(Value::Agg);
                }
                (0..ir::operand_count(value))
                    .map(|i| self.constant(ir::operand(value, i)))
                    .collect::<Decoded<_>>()
                    .map(Value::Agg)
            }
            Ty::Void => Ok(Value::Void),
        }
    }

    fn scalar_bits(&mut self, value: LLVMValueRef, e: Elem) -> Decoded<u64> {
        if let Some(bits) = const_uint(value) {
            return Ok(bits);
        }
        if let Some(d) = ir::const_float(value) {
            return Ok(match e {
                Elem::Half => half::f16::from_f64(d).to_bits() as u64,
                Elem::Float => (d as f32).to_bits() as u64,
                _ => d.to_bits(),
            });
        }
        if is_null_pointer(value) {
            return Ok(0);
        }
        if ir::const_opcode(value) == Some(LLVMOpcode::LLVMIntToPtr) {
            if let Some(k) = ir::const_int(ir::operand(value, 0)) {
                return Ok(k as u64);
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
        match ir::type_kind(llvm_ty) {
            LLVMTypeKind::LLVMStructTypeKind => {
                if ir::is_undef(value) {
                    return Ok(());
                }
                let zero = is_aggregate_zero(value);
                for (field, field_ty) in ir::struct_field_types(llvm_ty).into_iter().enumerate() {
                    let field = field as u32;
                    let at = offset + self.field_offset(llvm_ty, field) as usize;
                    let field_value = if zero { null_of(field_ty) } else { ir::operand(value, field) };
                    self.encode_constant(field_value, field_ty, data, defined, at)?;
                }
                Ok(())
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                if ir::is_undef(value) {
                    return Ok(());
                }
                let element_ty = ir::element_of(llvm_ty);
                let stride = self.alloc_size(element_ty) as usize;
                let zero = is_aggregate_zero(value);
                for i in 0..ir::array_length(llvm_ty) as u32 {
                    let element = if zero {
                        null_of(element_ty)
                    } else {
                        ir::constant_element(value, i).ok_or("unsupported initializer")?
                    };
                    self.encode_constant(element, element_ty, data, defined, offset + i as usize * stride)?;
                }
                Ok(())
            }
            _ => {
                let Value::Lanes(lanes) = self.constant(value)? else {
                    return Err("unsupported initializer".to_string());
                };
                let size = self.store_size(llvm_ty) as usize;
                let end = (offset + size).min(data.len());
                crate::memory::encode_lanes(&lanes, &mut data[offset..end], &mut defined[offset..end]);
                Ok(())
            }
        }
    }

    fn phi(&mut self, inst: LLVMValueRef, text: u32, state: &FunctionState) -> Decoded<Phi> {
        let dest = state.slots[&inst];
        let incoming_pairs = ir::phi_incoming(inst);
        let mut incoming = Vec::with_capacity(incoming_pairs.len());
        for (value, block) in incoming_pairs {
            incoming.push((state.blocks[&block], self.operand(value, state)?));
        }
        Ok(Phi { dest, ty: ty(ir::type_of(inst))?, incoming, text })
    }

    fn terminator(&mut self, inst: LLVMValueRef, opcode: LLVMOpcode, state: &FunctionState) -> Decoded<Terminator> {
        Ok(match opcode {
            LLVMOpcode::LLVMRet => {
                if ir::operand_count(inst) == 0 {
                    Terminator::Ret(None)
                } else {
                    Terminator::Ret(Some(self.operand(ir::operand(inst, 0), state)?))
                }
            }
            LLVMOpcode::LLVMBr => match ir::branch_condition(inst) {
                Some(cond) => Terminator::CondBr {
                    cond: self.operand(cond, state)?,
                    then: state.blocks[&ir::successor(inst, 0)],
                    otherwise: state.blocks[&ir::successor(inst, 1)],
                },
                None => Terminator::Br(state.blocks[&ir::successor(inst, 0)]),
            },
            LLVMOpcode::LLVMSwitch => {
                // A switch's operands: the condition, the default destination, then (case value, destination)
                // pairs; its successors: the default, then each case's destination in order.
                let condition = ir::operand(inst, 0);
                let value = self.operand(condition, state)?;
                let default = state.blocks[&ir::successor(inst, 0)];
                let operands = ir::operand_count(inst);
                let mut cases = Vec::new();
                let mut i = 2;
                while i + 1 < operands {
                    let case = ir::const_int(ir::operand(inst, i))
                        .ok_or_else(|| "switch case is not a constant integer".to_string())?;
                    let dest = ir::successor(inst, i / 2);
                    let bits = match ty(ir::type_of(condition))? {
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
    fn inst(&mut self, inst: LLVMValueRef, opcode: LLVMOpcode, text: u32, state: &FunctionState) -> Decoded<Inst> {
        use LLVMOpcode::*;
        let dest = state.slots.get(&inst).copied();
        let result_ty = ty(ir::type_of(inst))?;
        let operand_count = ir::operand_count(inst);
        let raw = |i: u32| ir::operand(inst, i);
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
                let pred = match ir::icmp_predicate(inst) {
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
                let pred = match ir::fcmp_predicate(inst) {
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
                // `ir::mask_value` is -1 for an undefined lane (LLVM 14's `UndefMaskElem`), as `Op::Shuffle` wants.
                let mask = (0..ir::mask_len(inst)).map(|i| ir::mask_value(inst, i)).collect();
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::Shuffle { a: self.operand(raw(0), state)?, b: self.operand(raw(1), state)?, mask }
            }
            LLVMExtractValue | LLVMInsertValue => {
                // SAFETY: `inst` is a live extractvalue/insertvalue (its opcode was matched), for which LLVM returns
                // a pointer to its `count` indices, owned by the instruction and copied here before anything else
                // touches it.
                let indices = unsafe {
                    let count = LLVMGetNumIndices(inst) as usize;
                    let indices = LLVMGetIndices(inst);
                    if count == 0 || indices.is_null() {
                        Vec::new()
                    } else {
                        std::slice::from_raw_parts(indices, count).to_vec()
                    }
                };
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
                Op::Alloca {
                    elem_bytes: self.alloc_size(ir::allocated_type(inst)),
                    count: self.operand(raw(0), state)?,
                    align: ir::alignment(inst).max(1) as u64,
                }
            }
            LLVMLoad => {
                // A volatile load behaves like a load for a single-threaded CPU model.
                Op::Load { ptr: self.operand(raw(0), state)?, align: ir::alignment(inst).max(1) as u64 }
            }
            LLVMStore => {
                operand_tys.push(ty(ir::type_of(raw(0)))?);
                Op::Store {
                    value: self.operand(raw(0), state)?,
                    ptr: self.operand(raw(1), state)?,
                    align: ir::alignment(inst).max(1) as u64,
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
        if ir::type_kind(ir::type_of(inst)) == LLVMTypeKind::LLVMVectorTypeKind {
            return Err("vector getelementptr is not supported".to_string());
        }
        let source = ir::gep_source_type(inst);
        let ptr = self.operand(ir::operand(inst, 0), state)?;
        let mut offset = 0i64;
        let mut terms = Vec::new();
        let mut current = source;
        for i in 1..operand_count {
            let index = ir::operand(inst, i);
            let (stride, next) = if i == 1 {
                (self.alloc_size(source) as i64, source)
            } else if ir::type_kind(current) == LLVMTypeKind::LLVMStructTypeKind {
                let field = ir::const_int(index).ok_or("struct GEP index must be constant")? as u32;
                let field_ty = *ir::struct_field_types(current)
                    .get(field as usize)
                    .ok_or("struct GEP index is past the struct's last field")?;
                offset += self.field_offset(current, field) as i64;
                current = field_ty;
                continue;
            } else {
                let element = ir::element_of(current);
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
    ir::called_function(inst).is_some_and(|callee| ir::value_name(callee).starts_with("llvm.dbg."))
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
