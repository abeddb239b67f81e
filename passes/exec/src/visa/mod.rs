//! vISA on the CPU: a reader of IGC's textual vISA (`.visaasm`) and executable semantics for it, so that a
//! kernel's vISA can be validated by execution against the LLVM IR it was compiled from.
//!
//! Why: nothing here can run Intel GPU code. The IR executor proves the middle end; this module proves the step
//! after it. It is written from IGC's public vISA specification (intel/intel-graphics-compiler, tag
//! igc-1.0.12504.6, `documentation/visa/`), independently of any vISA emitter, and is checked on vISA we did not
//! write: IGC's own, for every kernel the project compiles (`examples/visa_proof.rs`).
//!
//! Files: [`reader`] (text → [`program::Kernel`], located errors), [`program`] (variables, operands,
//! instructions), [`exec`] (a thread: storage, execution mask, SIMD control flow), [`alu`] (ALU, logic,
//! conversions, math), [`message`] (memory messages over the IR executor's memory and surface model), [`printf`]
//! (IGC's printf buffer read back as text), [`cm_printf`] (the CM runtime's printf buffer, `T2`, read back as text),
//! [`validate`] (IR against vISA on the same random inputs and surfaces; the argument mapping), [`run`] (a
//! kernel over a thread grid, for `cmc run`).
//!
//! Sources that disagree, and corners the specification leaves open (each decision is repeated where it is made):
//! - `SVM_ATOMIC.md`'s text line orders `<addresses> <dst> <src0> <src1>`, unlike DWORD_ATOMIC's
//!   `<offsets> <src0> <src1> <dst>`; IGC's dumps follow both lines (an `inc` prints `V.0 V.0 %null.0 %null.0`,
//!   the result second), so the reader does too.
//! - `cmpxchg` writes `src0` when `old == src1` (DWORD_ATOMIC's table); `fcmpwr` is the reverse
//!   (`src1` when `old == src0`).
//! - `MADW.md` is absent from this tag; the high halves are placed at the next GRF boundary, as IGC's finalizer
//!   lays out the destination (and as its dumps use it).
//! - Math functions are approximate on hardware; they are modelled as the exact function rounded once, the same
//!   model as the IR executor, so the two levels agree where IGC maps one to the other.
//! - Mask offsets `Mk` are channel groups of four (`M1` = channel 0, `M5` = channel 16), as Gen's `M0..M28`.
//! - Predefined `%thread_x/y` are the global ids of a one-thread-per-work-item dispatch, as the IR executor
//!   defines `llvm.genx.thread.x/y`; `%tsc` and dispatch-state fields of `%r0` are undefined (outputs must not
//!   depend on them).
//!
//! - `%sp`/`%fp` are one `ud` that cannot be aliased in `4_visa_header.md`; IGC aliases them as 64-bit `q`
//!   and `GenX_IR` accepts an alias of any predefined variable: predefined variables are storage like any root.
//! - `%hw_id` is the thread's linear local id (unique among the threads that run at once: one group at a time).
//!
//! Proof (`scripts/visa-proof.sh`, 64 trials per kernel; figures and the float rules in `docs/visa-proof.md`):
//! of the 98 kernels IGC compiles from the project's examples, CM lit tests, vc-bridge inputs and corpus, 90 agree
//! on icllp and on tgllp; one mismatch is IGC's (it drops the initializer of a `genx_volatile` global and stores an unwritten
//! register: `tests/lit/visa-validate/igc-ignores-volatile-global-initializer.ll`); the others cannot be
//! validated and name their construct (sampler, typed and planar messages). Float differences
//! are decided in [`validate`]: NaNs of any encoding agree, and IGC's default contraction of `fmul` + `fadd` into
//! `mad` is confirmed by rerunning the trial with `mad` rounded twice, never by a tolerance.
//!
//! Not handled: sampler, VME, typed and LSC messages, `raw_send`/`raw_sends`, `dpas`, stack
//! calls (`fcall` with `%arg`/`%retval` is read and run as a subroutine call; its ABI registers are plain
//! storage).

pub mod alu;
pub mod cm_printf;
pub mod exec;
pub mod message;
pub mod printf;
pub mod program;
pub mod reader;
pub mod run;
pub mod validate;
