//! The passes' memos (`region_ir::memo`, `callee_cache`) outlive a context: a module's functions share their
//! callees and declarations, so answers are kept from one run to the next and re-checked against the IR. This
//! test recycles contexts the way the fuzz tests and long-lived processes do, with the two vector types of a
//! program swapping roles from one context to the next, so that a new context's types and declarations land at
//! the addresses the previous context's entries remember. A remembered answer that is not re-checked strictly
//! enough (for a declaration: its name, and its types) hands a pass the declaration of other types, which
//! `genx-verify` reports ("the name does not match the operand types").
//!
//! Single-threaded, so that the allocator's reuse of addresses repeats from one context to the next.

use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::memory_buffer::MemoryBuffer;
use genx_passes::pipeline::{self, PipelineOptions};

/// A function reading one element from each of two float vectors of `first` and `second` lanes, in that order.
fn program(first: u32, second: u32) -> String {
    format!(
        "define float @f(<{first} x float> %a, <{second} x float> %b) {{\n\
         entry:\n\
         \x20 %x = extractelement <{first} x float> %a, i32 1\n\
         \x20 %y = extractelement <{second} x float> %b, i32 3\n\
         \x20 %s = fadd float %x, %y\n\
         \x20 %v = insertelement <{first} x float> %a, float %s, i32 0\n\
         \x20 %w = insertelement <{second} x float> %b, float %s, i32 2\n\
         \x20 %p = extractelement <{first} x float> %v, i32 0\n\
         \x20 %q = extractelement <{second} x float> %w, i32 2\n\
         \x20 %r = fadd float %p, %q\n\
         \x20 ret float %r\n\
         }}\n"
    )
}

#[test]
fn answers_remembered_from_a_dead_context_are_checked() {
    let pipelines = [
        "genx-lowering,genx-verify",
        "genx-lowering,genx-region-collapse,genx-const-fold,genx-dead-vector,genx-verify",
    ];
    for pipeline_text in pipelines {
        // Pairs of lane counts in an order that keeps moving each type to where another one was.
        let shapes = [(16, 8), (8, 16), (4, 16), (16, 4), (8, 4), (4, 8), (32, 8), (8, 32)];
        for round in 0..1000u32 {
            let (first, second) = shapes[(round as usize * 3 + round as usize / shapes.len()) % shapes.len()];
            let ir = program(first, second);
            let context = Context::create();
            let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "recycled.ll");
            let module = context.create_module_from_ir(buffer).expect("the test program parses");
            let result = pipeline::run(&module, pipeline_text, PipelineOptions::default());
            assert!(
                result.is_ok(),
                "round {round} of '{pipeline_text}' (<{first} x float> first): {}\n{}",
                result.err().map(|e| e.to_string()).unwrap_or_default(),
                module.print_to_string().to_string()
            );
        }
    }
}
