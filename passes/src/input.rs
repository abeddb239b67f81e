//! Reading IR from a user: the one way every tool (`cmc`, `cmc -passes=`, `cmc validate`, `cmc run`) turns a
//! file or stdin into a verified LLVM module.
//!
//! Why: LLVM's readers trust their input. Given a hand-edited module they end the process ("Broken module found"
//! from the debug-info upgrade), recurse until the stack overflows on deeply nested types or constants, or
//! allocate what a vector type asks for (a 4-billion-lane shuffle mask). And a module that parses but is invalid
//! must be refused before any pass sees it, with the place named, not found broken after the pipeline.
//!
//! Algorithm:
//! 1. [`read`]: the path must name a regular file (a directory, a device such as `/dev/null` or `/dev/zero`, a
//!    FIFO or a socket is refused, saying which it is); at most [`MAX_INPUT_BYTES`] are read, from a file or from
//!    stdin (`-`).
//! 2. [`parse`]: textual IR is first scanned for what LLVM's parser cannot survive: brackets nested deeper than
//!    [`MAX_NESTING_DEPTH`] and vector types of more than [`MAX_VECTOR_ELEMENTS`] lanes (outside comments and
//!    strings), each refused at its `file:line:col`. Then the glue parses it without the debug-info upgrade.
//!    Bitcode is first read by a forked child (the glue's `genx_probe_bitcode`: the same reader, then
//!    [`check_structure`], LLVM's verifier and the printer, under CPU, memory and wall-clock limits), since
//!    LLVM 14's reader crashes on damaged metadata records and allocates without end on damaged counts: a
//!    child that crashed, stopped on a fatal error or overran is the input's error; otherwise the parent reads
//!    it (the same code on the same bytes).
//! 3. [`check_structure`]: types and constants nested deeper than [`MAX_NESTING_DEPTH`] and vectors over
//!    [`MAX_VECTOR_ELEMENTS`] lanes are refused, naming the global, function or block, without recursion
//!    (bitcode carries a million nested types in 4 MB; the verifier and printer recurse on them).
//! 4. [`verify`]: LLVM's verifier in its reporting mode; when the module is invalid, each function is verified
//!    on its own and the report located as the passes' diagnostics are (`diag`): the function, the block, the
//!    instruction the verifier printed first, and `file:line:col` when that instruction has a debug location.
//!    A valid module then gets the debug-info upgrade the parser skipped (invalid debug info is dropped with a
//!    warning, as LLVM's readers do).
//!
//! Invariant: a module returned by [`load`] or [`parse`] passed LLVM's verifier.
//!
//! Not handled: metadata nested deep (LLVM walks metadata with work lists); a crash of LLVM on a module that
//! read, verified and printed well happens in the pass that meets it. The probe forks: in a process with other
//! threads (the test harness) a lock held elsewhere at the fork could stall the child until its time limit.

use std::ffi::{c_char, CString};
use std::io::Read;
use std::path::Path;

use inkwell::context::Context;
use inkwell::module::Module;
use llvm_sys::prelude::{LLVMContextRef, LLVMModuleRef, LLVMValueRef};

use crate::diag::{Diagnostic, Severity};
use crate::ir;
use crate::limits::{MAX_INPUT_BYTES, MAX_NESTING_DEPTH, MAX_VECTOR_ELEMENTS};
use crate::pipeline::take_message;

extern "C" {
    fn genx_parse_ir(
        context: LLVMContextRef,
        data: *const c_char,
        len: usize,
        name: *const c_char,
        module: *mut LLVMModuleRef,
        error_message: *mut *mut c_char,
    ) -> i32;
    fn genx_verify_function(function: LLVMValueRef, report: *mut *mut c_char) -> i32;
    fn genx_verify_module(module: LLVMModuleRef, report: *mut *mut c_char) -> i32;
    fn genx_probe_bitcode(data: *const c_char, len: usize, seconds: u32, message: *mut *mut c_char) -> i32;
}

/// The CPU seconds a child reading bitcode may take (a reader that has not finished by then never will: the
/// largest input, 1 GiB, is read in a few seconds).
const BITCODE_PROBE_SECONDS: u32 = 30;

/// The name diagnostics give an input: its path, or `<stdin>` for `-`.
pub fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Checks that `path` names a regular file an input can be read from, saying what it is otherwise.
pub fn check_regular_file(path: &Path) -> Result<std::fs::Metadata, String> {
    use std::os::unix::fs::FileTypeExt;
    let shown = path.display();
    let metadata = std::fs::metadata(path).map_err(|err| match err.kind() {
        std::io::ErrorKind::NotFound => format!("no such file: '{shown}'"),
        _ => format!("cannot read '{shown}': {err}"),
    })?;
    let kind = metadata.file_type();
    let what = if kind.is_file() {
        return Ok(metadata);
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_fifo() {
        "a FIFO (named pipe)"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    };
    Err(format!("'{shown}' is {what}, not a regular file"))
}

/// The bytes of an input: a regular file, or stdin for `-`; at most [`MAX_INPUT_BYTES`].
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    let name = display_name(path);
    let too_big = || format!("'{name}' is larger than the input limit of {MAX_INPUT_BYTES} bytes");
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin().lock().take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)
    } else {
        if check_regular_file(path)?.len() > MAX_INPUT_BYTES {
            return Err(too_big());
        }
        std::fs::File::open(path).and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
    }
    .map_err(|err| format!("cannot read '{name}': {err}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Reads, parses and verifies the IR at `path` (`-`: stdin).
pub fn load<'ctx>(context: &'ctx Context, path: &Path) -> Result<Module<'ctx>, String> {
    let bytes = read(path)?;
    parse(context, &bytes, &display_name(path))
}

/// Parses textual IR or bitcode named `name` (for messages) into a verified module.
pub fn parse<'ctx>(context: &'ctx Context, bytes: &[u8], name: &str) -> Result<Module<'ctx>, String> {
    let _phase = crate::fatal::Phase::enter(&format!("reading input IR '{name}'"));
    if !bytes.starts_with(b"BC\xc0\xde") && !bytes.starts_with(&[0xde, 0xc0, 0x17, 0x0b]) {
        prescan_text(bytes, name)?;
    } else {
        let mut message: *mut c_char = std::ptr::null_mut();
        // SAFETY: `bytes` outlives the call; the glue forks, and only the child reads them with LLVM.
        if unsafe { genx_probe_bitcode(bytes.as_ptr().cast(), bytes.len(), BITCODE_PROBE_SECONDS, &mut message) } != 0 {
            return Err(format!("{name}: error: invalid bitcode: {}", take_message(message)));
        }
    }
    let c_name = CString::new(name.replace('\0', " ")).unwrap_or_default();
    let mut module: LLVMModuleRef = std::ptr::null_mut();
    let mut message: *mut c_char = std::ptr::null_mut();
    // SAFETY: `bytes` outlives the call (the glue copies what the module keeps); the context is live.
    let status = unsafe {
        genx_parse_ir(context.raw(), bytes.as_ptr().cast(), bytes.len(), c_name.as_ptr(), &mut module, &mut message)
    };
    if status != 0 || module.is_null() {
        return Err(take_message(message));
    }
    // SAFETY: the glue hands over a new module of `context`; inkwell owns it from here.
    let module = unsafe { Module::new(module) };
    check_structure(module.as_mut_ptr(), name)?;
    verify(&module, name)?;
    Ok(module)
}

/// At most this many invalid functions are reported.
const MAX_REPORTED_FUNCTIONS: usize = 20;

/// LLVM's verifier, located; on success the debug-info upgrade (see the module note).
pub fn verify(module: &Module<'_>, name: &str) -> Result<(), String> {
    let mut report: *mut c_char = std::ptr::null_mut();
    // SAFETY: the module is live; the glue allocates the report.
    if unsafe { genx_verify_module(module.as_mut_ptr(), &mut report) } == 0 {
        return Ok(());
    }
    let module_report = take_message(report);
    let mut located = Vec::new();
    let mut invalid = 0usize;
    for function in ir::functions(module.as_mut_ptr()) {
        let mut report: *mut c_char = std::ptr::null_mut();
        // SAFETY: a function of the live module.
        if unsafe { genx_verify_function(function, &mut report) } == 0 {
            continue;
        }
        invalid += 1;
        let report = take_message(report);
        if located.len() < MAX_REPORTED_FUNCTIONS {
            located.push(locate(function, &report, name));
        }
    }
    if located.is_empty() {
        return Err(format!("{name}: error: invalid input IR: {module_report}"));
    }
    if invalid > located.len() {
        located.push(format!("{name}: note: {} more invalid function(s) not shown", invalid - located.len()));
    }
    Err(located.join("\n"))
}

/// One function's verifier report as a located diagnostic: the first instruction the report prints gives the
/// block and the debug location; the report's first line is the message, its other lines follow it.
fn locate(function: LLVMValueRef, report: &str, name: &str) -> String {
    let mut lines = report.lines();
    let message = lines.next().unwrap_or("invalid function").trim().to_string();
    let rest: Vec<&str> = lines.collect();
    let printed: Vec<&str> = rest.iter().map(|line| line.trim()).filter(|line| !line.is_empty()).collect();
    // SAFETY: `function` is a function of the live module the verifier just reported on.
    let printer = ir::InstructionPrinter::new(unsafe { llvm_sys::core::LLVMGetGlobalParent(function) });
    let found = ir::blocks(function)
        .flat_map(ir::instructions)
        .find(|&inst| printed.first().is_some_and(|first| printer.print(inst) == *first));
    let mut diagnostic = match found {
        Some(inst) => Diagnostic::at_instruction(Severity::Error, "invalid input IR", inst, message),
        None => Diagnostic::at_function(Severity::Error, "invalid input IR", function, message),
    };
    let shown_instruction = diagnostic.instruction.is_some();
    let extra: Vec<&str> = printed.iter().copied().skip(usize::from(shown_instruction)).collect();
    if !extra.is_empty() {
        diagnostic.message.push_str(&format!(" ({})", extra.join("; ")));
    }
    if diagnostic.source_location.is_none() {
        diagnostic.source_location = Some(name.to_string());
    }
    diagnostic.to_string()
}

/// Refuses textual IR that LLVM's parser cannot survive (see the module note), at the place it occurs.
fn prescan_text(bytes: &[u8], name: &str) -> Result<(), String> {
    let (mut line, mut line_start) = (1usize, 0usize);
    let mut depth = 0usize;
    let mut index = 0usize;
    let at = |index: usize, line: usize, line_start: usize| format!("{name}:{line}:{}", index - line_start + 1);
    while index < bytes.len() {
        match bytes[index] {
            b'\n' => {
                line += 1;
                line_start = index + 1;
            }
            b';' => {
                while index < bytes.len() && bytes[index] != b'\n' {
                    index += 1;
                }
                continue;
            }
            b'"' => {
                index += 1;
                while index < bytes.len() && bytes[index] != b'"' {
                    if bytes[index] == b'\n' {
                        line += 1;
                        line_start = index + 1;
                    }
                    index += 1;
                }
            }
            open @ (b'(' | b'[' | b'{' | b'<') => {
                depth += 1;
                if depth > MAX_NESTING_DEPTH {
                    return Err(format!(
                        "{}: error: brackets nested more than {MAX_NESTING_DEPTH} deep (the input limit)",
                        at(index, line, line_start)
                    ));
                }
                if open == b'<' {
                    if let Some(lanes) = vector_lanes(&bytes[index + 1..]) {
                        if lanes > MAX_VECTOR_ELEMENTS {
                            let shown = if lanes == u64::MAX { "more than 2^64".to_string() } else { lanes.to_string() };
                            return Err(format!(
                                "{}: error: a vector type of {shown} elements is over the limit of \
                                 {MAX_VECTOR_ELEMENTS} elements",
                                at(index, line, line_start)
                            ));
                        }
                    }
                }
            }
            b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        index += 1;
    }
    Ok(())
}

/// Refuses a parsed module with a type or constant nested deeper than [`MAX_NESTING_DEPTH`], or a vector type
/// of more than [`MAX_VECTOR_ELEMENTS`] lanes, naming where it is (a global, a function, an instruction's
/// function and block). LLVM's verifier, printer and the passes walk types and constants recursively, so a
/// depth that bitcode can carry cheaply (1,000,000 nested structs in 4 MB) overflows their stack; textual IR
/// was refused before parsing already ([`prescan_text`]). Nothing here recurses, and the instruction is not
/// printed (printing it would recurse).
fn check_structure(module: LLVMModuleRef, name: &str) -> Result<(), String> {
    let mut shapes = Shapes::default();
    let problem = |place: String, found: Option<String>| -> Result<(), String> {
        match found {
            Some(what) => Err(format!("{name}: error: {place}: {what}")),
            None => Ok(()),
        }
    };
    for global in ir::globals(module) {
        let place = format!("global '@{}'", ir::value_name(global));
        problem(place.clone(), shapes.value(global))?;
        // SAFETY: a global of the live module; the initializer is null for a declaration.
        let init = unsafe { llvm_sys::core::LLVMGetInitializer(global) };
        if !init.is_null() {
            problem(place, shapes.value(init))?;
        }
    }
    for function in ir::functions(module) {
        let place = format!("function '@{}'", ir::value_name(function));
        problem(place.clone(), shapes.value(function))?;
        for block in ir::blocks(function) {
            for inst in ir::instructions(block) {
                let found = std::iter::once(inst)
                    .chain((0..ir::operand_count(inst)).map(|n| ir::operand(inst, n)))
                    .find_map(|value| shapes.value(value));
                let at = || format!("{place}, block '{}'", ir::block_label(function, block));
                problem(at(), found)?;
            }
        }
    }
    Ok(())
}

/// Called by the glue's bitcode probe (in the forked child): 1 when `module` passes [`check_structure`].
#[no_mangle]
pub extern "C" fn genx_probe_structure_ok(module: LLVMModuleRef) -> i32 {
    i32::from(check_structure(module, "").is_ok())
}

/// The depths of the types and constants seen so far ([`check_structure`]), computed without recursion.
#[derive(Default)]
struct Shapes {
    types: std::collections::HashMap<llvm_sys::prelude::LLVMTypeRef, usize>,
    constants: std::collections::HashMap<LLVMValueRef, usize>,
}

impl Shapes {
    /// What is wrong with `value`'s type or, for a constant, its operands: a sentence, or `None`.
    fn value(&mut self, value: LLVMValueRef) -> Option<String> {
        if let Some(what) = self.ty(ir::type_of(value)) {
            return Some(what);
        }
        // SAFETY: `value` belongs to the live module; only constants that are not globals are walked.
        let walk = unsafe {
            !llvm_sys::core::LLVMIsAConstant(value).is_null() && llvm_sys::core::LLVMIsAGlobalValue(value).is_null()
        };
        if !walk {
            return None;
        }
        let depth = self.depth(value, |value| {
            // SAFETY: as above.
            let leaf = unsafe {
                llvm_sys::core::LLVMIsAConstant(value).is_null() || !llvm_sys::core::LLVMIsAGlobalValue(value).is_null()
            };
            if leaf {
                Vec::new()
            } else {
                (0..ir::operand_count(value)).map(|n| ir::operand(value, n)).collect()
            }
        });
        (depth > MAX_NESTING_DEPTH)
            .then(|| format!("a constant nested more than {MAX_NESTING_DEPTH} deep (the input limit)"))
            .or_else(|| {
                // The operands' types: a constant's operand may have a type no instruction names.
                let operands: Vec<LLVMValueRef> = (0..ir::operand_count(value)).map(|n| ir::operand(value, n)).collect();
                operands.into_iter().find_map(|operand| self.ty(ir::type_of(operand)))
            })
    }

    /// What is wrong with a type: nested too deep, or a vector over the lane limit.
    fn ty(&mut self, ty: llvm_sys::prelude::LLVMTypeRef) -> Option<String> {
        use llvm_sys::core::*;
        use llvm_sys::LLVMTypeKind::*;
        let mut lanes_over = None;
        let depth = self.type_depth(ty, |ty| {
            // SAFETY: types of the live module's context; each accessor matches the kind it is called on.
            unsafe {
                match LLVMGetTypeKind(ty) {
                    LLVMVectorTypeKind | LLVMScalableVectorTypeKind => {
                        let lanes = u64::from(LLVMGetVectorSize(ty));
                        if lanes > MAX_VECTOR_ELEMENTS {
                            lanes_over.get_or_insert(lanes);
                        }
                        vec![LLVMGetElementType(ty)]
                    }
                    LLVMArrayTypeKind | LLVMPointerTypeKind => {
                        // Null for an opaque pointer.
                        let element = LLVMGetElementType(ty);
                        if element.is_null() { Vec::new() } else { vec![element] }
                    }
                    LLVMStructTypeKind => {
                        let mut elements = vec![std::ptr::null_mut(); LLVMCountStructElementTypes(ty) as usize];
                        LLVMGetStructElementTypes(ty, elements.as_mut_ptr());
                        elements
                    }
                    LLVMFunctionTypeKind => {
                        let mut params = vec![std::ptr::null_mut(); LLVMCountParamTypes(ty) as usize];
                        LLVMGetParamTypes(ty, params.as_mut_ptr());
                        params.push(LLVMGetReturnType(ty));
                        params
                    }
                    _ => Vec::new(),
                }
            }
        });
        if let Some(lanes) = lanes_over {
            return Some(format!(
                "a vector type of {lanes} elements is over the limit of {MAX_VECTOR_ELEMENTS} elements"
            ));
        }
        (depth > MAX_NESTING_DEPTH).then(|| format!("a type nested more than {MAX_NESTING_DEPTH} deep (the input limit)"))
    }

    fn type_depth(
        &mut self,
        ty: llvm_sys::prelude::LLVMTypeRef,
        children: impl FnMut(llvm_sys::prelude::LLVMTypeRef) -> Vec<llvm_sys::prelude::LLVMTypeRef>,
    ) -> usize {
        depth_of(&mut self.types, ty, children)
    }

    fn depth(&mut self, value: LLVMValueRef, children: impl FnMut(LLVMValueRef) -> Vec<LLVMValueRef>) -> usize {
        depth_of(&mut self.constants, value, children)
    }
}

/// The depth of the tree (or DAG) below `root`: 1 for a leaf, one more than its deepest child otherwise,
/// memoised in `known`, computed with an explicit stack; a node met again while it is being walked (a named
/// struct that points to itself) counts as a leaf there. Stops descending past [`MAX_NESTING_DEPTH`] + 1.
fn depth_of<T: Copy + Eq + std::hash::Hash>(
    known: &mut std::collections::HashMap<T, usize>,
    root: T,
    mut children: impl FnMut(T) -> Vec<T>,
) -> usize {
    if let Some(&depth) = known.get(&root) {
        return depth;
    }
    let mut on_stack = std::collections::HashSet::new();
    // (node, its children, index of the next child, deepest child so far)
    let mut stack = vec![(root, children(root), 0usize, 0usize)];
    on_stack.insert(root);
    loop {
        let height = stack.len();
        let Some(top) = stack.last_mut() else { break };
        if top.2 < top.1.len() && height <= MAX_NESTING_DEPTH + 1 {
            let child = top.1[top.2];
            top.2 += 1;
            if let Some(&depth) = known.get(&child) {
                top.3 = top.3.max(depth);
            } else if on_stack.insert(child) {
                let grandchildren = children(child);
                stack.push((child, grandchildren, 0, 0));
            } else {
                top.3 = top.3.max(1);
            }
            continue;
        }
        let (node, rest, next, deepest) = stack.pop().expect("the loop ran on a non-empty stack");
        // Cut short below the limit: the depth is at least this, which is all the check needs.
        let depth = if next < rest.len() { MAX_NESTING_DEPTH + 1 } else { deepest + 1 };
        on_stack.remove(&node);
        known.insert(node, depth);
        if let Some(parent) = stack.last_mut() {
            parent.3 = parent.3.max(depth);
        }
    }
    known.get(&root).copied().unwrap_or(0)
}

/// The element count of a vector type whose text follows a `<` (`4 x i32>`, `vscale x 4 x i32>`), or `None`
/// when the text is not a vector type; `u64::MAX` when the count does not fit.
fn vector_lanes(text: &[u8]) -> Option<u64> {
    let skip_spaces = |text: &[u8]| -> usize { text.iter().take_while(|b| b.is_ascii_whitespace()).count() };
    let mut rest = &text[skip_spaces(text)..];
    if let Some(after) = rest.strip_prefix(b"vscale") {
        let after = &after[skip_spaces(after)..];
        let after = after.strip_prefix(b"x")?;
        rest = &after[skip_spaces(after)..];
    }
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let after = &rest[digits..];
    if !after[skip_spaces(after)..].starts_with(b"x") {
        return None;
    }
    let count = std::str::from_utf8(&rest[..digits]).ok()?;
    Some(count.parse().unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prescan_refuses_deep_nesting_and_huge_vectors_at_their_place() {
        let deep = format!("@g = global {}i32{} zeroinitializer\n", "{".repeat(600), "}".repeat(600));
        let err = prescan_text(deep.as_bytes(), "d.ll").unwrap_err();
        assert!(err.starts_with("d.ll:1:525: error: brackets nested more than 512"), "{err}");
        let huge = "; <99999999 x i8> in a comment\ndefine void @f(<4294967295 x i32> %a) {\n";
        let err = prescan_text(huge.as_bytes(), "h.ll").unwrap_err();
        assert!(err.starts_with("h.ll:2:16: error: a vector type of 4294967295 elements"), "{err}");
        let fine = "@s = constant [7 x i8] c\"<<<<<<(\"\ndefine <vscale x 4 x i32> @f(<65536 x i8> %a) {\n}\n";
        prescan_text(fine.as_bytes(), "f.ll").unwrap();
        assert_eq!(vector_lanes(b" vscale x 99999999999999999999999 x i8>"), Some(u64::MAX));
        assert_eq!(vector_lanes(b"{ i32 }>"), None);
    }

    #[test]
    fn structure_check_walks_cycles_and_shared_types_once() {
        let context = Context::create();
        // A named struct that points to itself, and one type shared 300 times at depth 1: both fine.
        let shared = "{ i32, %list* }, ".repeat(300);
        let text = format!(
            "%list = type {{ i32, %list* }}\n@l = global %list zeroinitializer\n@s = global {{ {shared}i8 }} zeroinitializer\n"
        );
        parse(&context, text.as_bytes(), "cycle.ll").unwrap();
        // 500 literal structs nested, under the limit; the check agrees with the text pre-scan's count.
        let nested = format!("@g = global {}i32{} zeroinitializer\n", "{".repeat(500), "}".repeat(500));
        parse(&context, nested.as_bytes(), "nested.ll").unwrap();
    }
}
