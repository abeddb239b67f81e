//! `-backend=visa`: the route where our passes decide the code and IGC only finalizes it.
//!
//! After the middle end: `genx-legalize` (always: every bale must be one legal vISA instruction, so -O0 runs it
//! too) → `genx_passes::visa_emit` (one `.visaasm` per kernel, in `!genx.kernels` order; a construct it cannot
//! lower is a located error, never a fallback to the IGC route) → `vc_bridge::finalize` (GenX_IR once for the
//! module: Gen asm, instruction count and spills of each kernel, and the CISA object). The output is the CISA
//! object (`-binary-format=cm`, the only container this route writes: GenX_IR makes no OpenCL or Level Zero
//! container) holding every kernel of the module, as IGC's is. A kernel that cannot be emitted or finalized
//! fails the compile, named, and nothing is written. `-mdump_asm` writes each kernel's `.visaasm` (ours, one
//! file per kernel that GenX_IR and `cmc validate` take alone) and `.asm` (the finalizer's) under the names the
//! IGC route gives them (`crate::compile::stage_dumps`); `-stats` adds the emitter's register decisions of each
//! kernel; `-ftime-report` shows the back end and the finalizer as phases.
//!
//! A kernel whose registers did not fit compiles with spill code, as with IGC's route and Intel's cmc: the
//! finalizer's run counts as a success (vc_bridge::finalize's module note) and cmc prints a warning naming the
//! kernel and the spill size. cmc has no `-Werror`, so the warning never fails the compile.

use std::path::Path;

use genx_passes::inkwell::module::Module;
use genx_passes::platform::Platform;
use genx_passes::{ir, visa_emit};
use vc_bridge::clock::{Clock, Span};
use vc_bridge::finalize;

use crate::args::Options;
use crate::output::Outputs;

/// What the route runs before the middle end: SPIR-V-ready kernels described as the front end's are
/// (`genx-spir-kernels`: `!genx.kernels` from the argument types, SPIR-V builtin variables computed), calls of user functions inlined (`genx-inline-calls`, then LLVM's
/// always-inline: IGC would make vISA subroutines), private arrays put in registers (`genx-promote-array`
/// and mem2reg, as IGC's GenXPromoteArray does) and loads of constant tables replaced by their values
/// (`genx-constant-loads`), then branches whose condition is constant once known-zero low bits are used made
/// unconditional and the blocks they no longer reach deleted (`genx-constant-branches`: IGC's instcombine and
/// simplifycfg do it on its route), so that what reaches the middle end is kernels without calls, private
/// memory or dead branches. `genx-lane-loop` runs between inlining and promotion: it turns a loop filling a vector's lanes into one
/// vector computation only while the vector is an `alloca`; after promotion the loop would stay, one indirect
/// move per iteration (bitonic_sort32's direction vectors: 369 Gen instructions on icllp, 193 with it).
/// Loops are unrolled only by `genx-region-unroll` (after promotion, so that promoted arrays are regions): a
/// constant-trip loop without SIMD control flow or an inner loop whose counter indexes a region, at most 16
/// iterations and 64 body instructions in all. LLVM's own `loop-unroll` (after `loop-rotate`) was measured to
/// shrink those kernels but grow others past IGC (sgemm_8x16 0.81x -> 1.66x, kmeans_assign 0.76x -> 1.19x,
/// nbody_forces, histogram_slm), and its size thresholds do not separate them (100..300 still unroll
/// kmeans_assign and nbody_forces); early-cse after it merged values under different SIMD-CF masks (mandelbrot)
/// and simplifycfg merged SIMD-CF joins, so neither runs here. With the pass, Gen instructions icllp/tgllp:
/// deduce 34/37 -> 22/23 (IGC 19/20), blend_typed 34/37 -> 29/30 (24/25), histogram256 50/54 -> 44/45
/// (40/41); sgemm_8x16 (inner loop 8 x 16 instructions), kmeans_assign (8 x 20) and nbody_forces (4 x 31) stay
/// rolled, over the budget, and unchanged.
pub const PREPARE_PIPELINE: &str =
    "genx-spir-kernels,genx-inline-calls,always-inline,genx-lane-loop,genx-promote-array,function(mem2reg),genx-region-unroll,genx-constant-loads,genx-constant-branches,genx-ieee-emulate";

/// The passes the route runs after the middle end, before emission: `genx-region-collapse` again (IGC's back
/// end collapses regions again too: the middle end's later passes, genx-dead-vector's removal of the writes
/// nothing reads among them, leave reads of writes and of reads that now combine; cmtl::ReadBlock then
/// WriteBlock of the same block passes the message payload straight through: `blocks` 378 -> 303 Gen
/// instructions on icllp, IGC 347), `genx-constant-branches` again (the middle end's constant folding decides more
/// branches, the loop tests of a loop made straight-line among them), `genx-const-fold` again (the middle end's
/// genx-dead-vector runs after its folding and leaves reads of constants it made, e.g. a region of a matrix
/// constant whose only write it found dead), then `genx-mad` (float multiply-adds fused as IGC's back end fuses
/// them, before legalization as there; strict, fusing nothing, under `-ffp-contract=off`, which IGC's route
/// hands IGC), then genx-legalize. genx-dead-vector after genx-legalize (IGC runs GenXDeadVectorRemoval there)
/// was measured and left out: it removes the split pieces nobody reads (deduce: 19 -> 17 Gen instructions on
/// icllp) but gives each piece of a split indirect read its own index constant (dead lanes made undef), so the
/// pieces no longer share one `addr_add` (cmtl-transforms' rotate 805 -> 871, tile_rotate_cmtl's rotate_tiles
/// 352 -> 386).
pub fn back_end_pipeline(options: &Options) -> String {
    let strict = options.compat.api_options.iter().any(|o| o == "-ffp-contract=off");
    let mad = if strict { format!("genx-mad<{}>", genx_passes::mad::STRICT) } else { "genx-mad".to_string() };
    format!("genx-region-collapse,genx-constant-branches,genx-const-fold,{mad},genx-legalize")
}

/// Times of the route's phases.
#[derive(Default)]
pub struct Times {
    pub back_end: Span,
    pub finalizer: Span,
}

/// What `-###` prints for the route.
pub fn plan(options: &Options, platform: &Platform, finalizer_options: &[String]) -> String {
    format!(
        "back end: {}, then {} (one .visaasm per kernel)\nfinalizer: {} (every kernel of the module in k.visaasm, one CISA object)\n",
        back_end_pipeline(options),
        visa_emit::NAME,
        vc_bridge::finalize::command(platform, finalizer_options).join(" ")
    )
}

/// Legalizes, emits and finalizes every kernel of `module`, then writes the CISA object to `destination` (and
/// the dumps asked for).
pub fn compile(
    options: &Options,
    platform: &Platform,
    finalizer_options: &[String],
    module: &Module<'_>,
    destination: &Path,
    mut outputs: Outputs,
    times: &mut Times,
) -> Result<(), String> {
    let start = Clock::start();
    let result = crate::compile::run_pipeline(options, module, &back_end_pipeline(options), false);
    let emitted = result.and_then(|()| match visa_emit::emit_module(module.as_mut_ptr()) {
        Ok(emitted) => Ok(emitted),
        Err(errors) => {
            let kernels = visa_emit::kernel_entries(module.as_mut_ptr());
            for error in errors {
                eprintln!("{error}");
                // A kernel whose function is not named as the kernel (a C++ template's mangled name) is named.
                if let Some(kernel) = kernels.iter().find(|k| ir::value_name(k.function) == error.function) {
                    if kernel.name != error.function {
                        eprintln!("note: function '{}' is kernel '{}'", error.function, kernel.name);
                    }
                }
            }
            Err(String::new())
        }
    });
    times.back_end = start.elapsed();
    let emitted = emitted?;
    if emitted.is_empty() {
        // The IGC route's words (one message for both routes), with the input named.
        let input = options.input.as_ref().map(|p| format!("{}: ", p.display())).unwrap_or_default();
        return Err(format!("{input}{}", vc_bridge::NO_KERNEL));
    }
    if options.stats {
        for kernel in &emitted {
            let stats = &kernel.stats;
            eprintln!(
                "{}: kernel '{}': {} vISA instructions, {} copies coalesced, {} copies kept, {} aliases",
                visa_emit::NAME,
                kernel.kernel.name,
                stats.instructions,
                stats.coalesced,
                stats.copies(),
                stats.aliases
            );
        }
    }
    let texts: Vec<String> = emitted.iter().map(|e| e.text()).collect();
    let inputs: Vec<finalize::Input<'_>> = emitted
        .iter()
        .zip(&texts)
        .map(|(e, text)| finalize::Input { kernel: &e.kernel.name, visaasm: text })
        .collect();
    let object = finalize::finalize(&inputs, platform, finalizer_options)?;
    times.finalizer = object.time;
    for done in &object.kernels {
        if done.spill_bytes > 0 {
            eprintln!(
                "cmc: warning: kernel '{}': the vISA finalizer spilled {} bytes of registers to memory (the kernel \
                 needs more registers than a thread has; the spill code slows it down)",
                done.kernel, done.spill_bytes
            );
        }
    }
    // -mCM_printregusage: GenX_IR's register figure of each kernel (vc_bridge::finalize reads it).
    for done in &object.kernels {
        if let Some(registers) = done.registers {
            eprintln!("{}: {registers} registers", done.kernel);
        }
    }
    if options.compat.verbose || options.stats {
        for done in &object.kernels {
            eprintln!("{}: {} Gen instructions, {} bytes of spill", done.kernel, done.instructions, done.spill_bytes);
        }
    }
    let dumps: Vec<vc_bridge::Dump> = object
        .kernels
        .into_iter()
        .zip(texts)
        .map(|(done, text)| vc_bridge::Dump { kernel: done.kernel, visa: Some(text), asm: Some(done.asm) })
        .collect();
    let input = options.input.as_deref().unwrap_or(Path::new("a"));
    crate::compile::stage_dumps(options, input, destination, &dumps, &mut outputs)?;
    outputs.stage(destination, &object.isa)?;
    outputs.commit()
}
