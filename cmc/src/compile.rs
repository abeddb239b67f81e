//! The compiler mode: `cmc [options] input` without `-passes=`.
//!
//! Inputs and the outputs each allows (docs/cmc-compat.md §1.2):
//!
//! | input | outputs |
//! |---|---|
//! | CM source (`.cpp`, `.cc`, `.cm`, `.c`, `.cxx`) | binary (default, `a.bin`), `-emit-spirv` (`a.spv`), `-emit-llvm` (`a.bc`), `-emit-llvm -S` (`a.ll`), `-E` (stdout) |
//! | LLVM IR (`.ll`, `.bc`) | binary, `-emit-spirv` |
//! | SPIR-V (`.spv`) | binary |
//!
//! `-S` without `-emit-llvm` is cmc's "assembly" action, which cmc maps to the binary. The phases: front end
//! (clang + [`cm_frontend::LOWER_PIPELINE`]; `-emit-llvm` stops here) → middle end ([`MIDDLE_END_PIPELINE`] at
//! -O1 and above, nothing at -O0; -O2 when no level is given) → vc-bridge (SPIR-V-ready IR, llvm-spirv-14) → IGC
//! (ocloc), with the binary's kernels checked against the module's. `-ftime-report` prints the time of each.
//!
//! Every output is staged and committed together when the whole compile succeeded (`output::Outputs`): a failed
//! compile leaves no file, dumps included, and an output that is one of the inputs is refused.

use std::path::{Path, PathBuf};
use vc_bridge::clock::{Clock, Span};

use genx_passes::fatal::Phase;
use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::module::Module;
use genx_passes::pipeline::{self, PipelineError, PipelineOptions};
use genx_passes::platform::{self, Family, Platform};

use crate::args::Options;
use crate::output::Outputs;

/// The middle end between the front end and the bridge at -O1 and above (IGC does the rest).
pub const MIDDLE_END_PIPELINE: &str =
    "genx-lane-loop,genx-int-narrow,genx-float-narrow,genx-lowering,genx-region-collapse,genx-window-sum,genx-const-fold,genx-partial-op,genx-dead-vector,genx-column-write,genx-mul-narrow";

/// The checks every module passes before IGC sees it, at every optimisation level: IGC aborts without a reason
/// on IR these refuse with a located error (GenX intrinsic calls; what the platform lacks).
pub const CHECKS_BEFORE_IGC: &str = "genx-verify,genx-verify-target";

/// What the input file is, by its suffix (as cmc's driver decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    CmSource,
    LlvmIr,
    SpirV,
}

impl InputKind {
    pub fn of(path: &Path) -> Option<InputKind> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "cpp" | "cc" | "cm" | "c" | "cxx" | "c++" => InputKind::CmSource,
            "ll" | "bc" => InputKind::LlvmIr,
            "spv" => InputKind::SpirV,
            _ => return None,
        })
    }
}

/// What the command line asks to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OutputKind {
    Preprocessed,
    Llvm { text: bool },
    SpirV,
    Binary,
}

/// Wall time of each phase, for `-ftime-report`.
#[derive(Default)]
struct PhaseTimes {
    /// True when the "front end" only parsed IR.
    ir_input: bool,
    /// For a CM source: whether clang used the precompiled `cm/cm.h` (cm_frontend's `src/pch.rs`).
    precompiled_header: Option<bool>,
    front_end: Span,
    middle_end: Span,
    bridge: Span,
    llvm_spirv: Span,
    igc: Span,
    /// The vISA route's phases (`-backend=visa`), instead of the bridge's and IGC's.
    visa: Option<crate::visa_route::Times>,
}

impl PhaseTimes {
    fn report(&self, input: &Path) -> String {
        let visa = self.visa.as_ref();
        let total = self.front_end
            + self.middle_end
            + self.bridge
            + self.llvm_spirv
            + self.igc
            + visa.map_or(Span::default(), |v| v.back_end + v.finalizer);
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let ours = self.front_end + self.middle_end;
        let mut text = format!("===-- cmc phase times: {} --===\n", input.display());
        text.push_str(&format!("  {:<30} {:>9} {:>9}\n", "phase", "wall ms", "cpu ms"));
        let front_end = if self.ir_input { "front end (IR parse)" } else { "front end (clang + lowering)" };
        let mut phases = vec![(front_end, self.front_end), ("middle end (GenX passes)", self.middle_end)];
        match visa {
            Some(v) => {
                phases.push(("back end (legalize + vISA)", v.back_end));
                phases.push(("finalizer (GenX_IR)", v.finalizer));
            }
            None => phases.extend([
                ("bridge (SPIR-V-ready IR)", self.bridge),
                ("bridge (llvm-spirv-14)", self.llvm_spirv),
                ("IGC (ocloc -vc-codegen)", self.igc),
            ]),
        }
        phases.push(("total", total));
        for (name, time) in phases {
            text.push_str(&format!("  {name:<30} {:>9.3} {:>9.3}\n", ms(time.wall), ms(time.cpu)));
        }
        if let Some(used) = self.precompiled_header {
            text.push_str(&format!("  front end: precompiled cm/cm.h {}\n", if used { "used" } else { "not used" }));
        }
        if !self.igc.is_zero() {
            let ratio = |a: std::time::Duration, b: std::time::Duration| {
                if b.is_zero() {
                    0.0
                } else {
                    100.0 * a.as_secs_f64() / b.as_secs_f64()
                }
            };
            text.push_str(&format!(
                "  front end + middle end = {:.1}% of IGC (wall), {:.1}% (cpu)\n",
                ratio(ours.wall, self.igc.wall),
                ratio(ours.cpu, self.igc.cpu)
            ));
        }
        text
    }
}

pub fn run(options: &Options) -> Result<(), String> {
    for note in &options.compat.notes {
        eprintln!("cmc: note: {note}");
    }
    let request = CompileRequest::new(options)?;
    if options.compat.dry_run {
        eprint!("{}", plan(&request));
        return Ok(());
    }
    let mut times = PhaseTimes { ir_input: request.kind != InputKind::CmSource, ..PhaseTimes::default() };
    let result = compile(&request, &mut times);
    if options.time_report {
        eprint!("{}", times.report(request.input));
    }
    result
}

/// One compile: the command line, and what [`CompileRequest::new`] resolved from it once (what the input is, what
/// to produce, the container, the platform, where to write). `-###` ([`plan`]) prints the steps it would take;
/// [`compile`] carries it out.
struct CompileRequest<'a> {
    options: &'a Options,
    /// The input file, `-` for stdin.
    input: &'a Path,
    kind: InputKind,
    output_kind: OutputKind,
    /// The binary's container (`-binary-format`, OpenCL patch tokens by default).
    format: vc_bridge::BinaryFormat,
    platform: &'static Platform,
    /// The output file (`-o`, else cmc's default name for `output_kind`), `-` for stdout.
    destination: PathBuf,
    /// `-backend=visa`: our vISA, finalized by GenX_IR, instead of SPIR-V to IGC.
    visa: bool,
}

impl<'a> CompileRequest<'a> {
    /// Resolves the command line: refuses a missing input or one whose kind its name does not tell, an
    /// input/output combination cmc refuses, an unknown binary format or platform, and a binary without a platform.
    fn new(options: &'a Options) -> Result<CompileRequest<'a>, String> {
        let input = options.input.as_deref().ok_or("no input file")?;
        let kind = if let Some(language) = options.language.as_deref() {
            match language {
                "cm" | "c++" | "cpp" => InputKind::CmSource,
                "spirv" | "spv" => InputKind::SpirV,
                _ => InputKind::LlvmIr,
            }
        } else if input == Path::new("-") {
            InputKind::LlvmIr
        } else {
            InputKind::of(input).ok_or_else(|| {
                format!("cannot tell what '{}' is from its name; expected .cpp/.cc/.cm (CM source), .ll/.bc (LLVM IR) or .spv (SPIR-V)", input.display())
            })?
        };
        let output_kind = if options.preprocess {
            OutputKind::Preprocessed
        } else if options.emit_llvm {
            OutputKind::Llvm { text: options.emit_text }
        } else if options.compat.emit_spirv {
            OutputKind::SpirV
        } else {
            OutputKind::Binary
        };
        let allowed = match kind {
            InputKind::CmSource => true,
            InputKind::LlvmIr => matches!(output_kind, OutputKind::SpirV | OutputKind::Binary),
            InputKind::SpirV => output_kind == OutputKind::Binary,
        };
        if !allowed {
            return Err(format!(
                "current input/output combination is not supported: {} input gives {}",
                match kind {
                    InputKind::CmSource => "CM source",
                    InputKind::LlvmIr => "LLVM IR",
                    InputKind::SpirV => "SPIR-V",
                },
                match kind {
                    InputKind::LlvmIr => "a binary or -emit-spirv",
                    _ => "a binary only",
                }
            ));
        }
        if input != Path::new("-") {
            genx_passes::input::check_regular_file(input)?;
        }
        let visa = options.backend.as_deref() == Some("visa");
        if visa && output_kind == OutputKind::SpirV {
            return Err("-emit-spirv goes through the IGC route; -backend=visa writes a CISA object".to_string());
        }
        if visa && kind == InputKind::SpirV {
            return Err("-backend=visa takes CM source or LLVM IR, not SPIR-V".to_string());
        }
        let format = match options.compat.binary_format.as_deref() {
            None if visa => vc_bridge::BinaryFormat::Cm,
            Some(name) if visa && name != "cm" => {
                return Err(format!(
                    "-backend=visa writes only -binary-format=cm (the CISA object GenX_IR makes), not '{name}'"
                ))
            }
            None => vc_bridge::BinaryFormat::Ocl,
            Some(name) => vc_bridge::BinaryFormat::parse(name)
                .ok_or_else(|| format!("unknown binary format '{name}'; use cm, ocl or ze"))?,
        };
        if output_kind == OutputKind::Binary
            && format == vc_bridge::BinaryFormat::Cm
            && options.compat.binary_format.is_some()
            && !visa
        {
            eprintln!("cmc: warning: -binary-format=cm (CMRT) is deprecated; prefer ocl or ze");
        }
        let platform = match (options.platform(), output_kind) {
            (Some(name), _) => platform::find(name).map_err(|unknown| unknown.to_string())?,
            (None, OutputKind::Binary) => {
                return Err("Unknown target achitecture, please use -march=<T> with correct target (a binary is for \
                            one platform: skl, icllp, tgllp, dg1, adl-p, acm-g10, pvc or any of their spellings)"
                    .to_string())
            }
            (None, _) => platform::find(platform::DEFAULT).map_err(|unknown| unknown.to_string())?,
        };
        let destination = options.output.clone().unwrap_or_else(|| {
            PathBuf::from(match output_kind {
                OutputKind::Preprocessed => "-",
                OutputKind::Llvm { text: true } => "a.ll",
                OutputKind::Llvm { text: false } => "a.bc",
                OutputKind::SpirV => "a.spv",
                OutputKind::Binary => "a.bin",
            })
        });
        Ok(CompileRequest { options, input, kind, output_kind, format, platform, destination, visa })
    }

    /// The outputs of this compile: none may be one of its inputs (the source, `-include` files).
    fn outputs(&self) -> Result<Outputs, String> {
        let pre_includes = self.options.pre_includes.iter().map(Path::new);
        let outputs = Outputs::new(std::iter::once(self.input).chain(pre_includes));
        outputs.check(&self.destination)?;
        if let Some(asm_file) = &self.options.compat.asm_output {
            outputs.check(Path::new(asm_file))?;
        }
        Ok(outputs)
    }

    /// The front end's job for this input and platform.
    fn front_end_job(&self) -> cm_frontend::Job {
        front_end_job(self.options, self.input, self.platform)
    }

    /// The bridge's options from the command line, the platform and cmc's environment hooks.
    fn bridge_options(&self) -> vc_bridge::Options {
        let (options, format, platform) = (self.options, self.format, self.platform);
        let compat = &options.compat;
        let mut api_options = compat.api_options.clone();
        if options.debug_level.unwrap_or(0) > 0 {
            api_options.push("-g".to_string());
        }
        let mut finalizer_options = compat.finalizer_options.clone();
        if platform.family < Family::Gen11 && !compat.enable_iga {
            finalizer_options.push("-disableIGASyntax".to_string());
        }
        let mut features = compat.target_features.clone();
        if format != vc_bridge::BinaryFormat::Cm {
            features.push("+ocl_runtime".to_string());
        }
        let mut internal_options = vec![format!("-target-features={}", features.join(","))];
        if !options.mllvm.is_empty() {
            internal_options.push(format!("-llvm-options='{}'", options.mllvm.join(" ")));
        }
        for (variable, list) in
            [("CM_VC_API_OPTIONS", &mut api_options), ("CM_INTERNAL_OPTIONS", &mut internal_options)]
        {
            if let Ok(extra) = std::env::var(variable) {
                list.extend(extra.split_whitespace().map(str::to_string));
            }
        }
        vc_bridge::Options {
            platform,
            format,
            revision_id: compat.revision_id,
            api_options,
            internal_options,
            finalizer_options,
            dump_asm: compat.dump_asm || compat.asm_output.is_some(),
            verbose: compat.verbose,
        }
    }
}

/// `-###`: what would run, one step per line, nothing run.
fn plan(request: &CompileRequest) -> String {
    let CompileRequest { options, input, kind, output_kind, platform, .. } = *request;
    let mut text = String::new();
    if kind == InputKind::CmSource {
        let job = request.front_end_job();
        text.push_str(&format!(
            "front end: clang-14 {} platform={} macros={:?} include={:?} isystem={:?} pre-include={:?} std={} \
             debug={} pointer-size={} revision={:?} clang-args={:?} then {}\n",
            input.display(),
            platform.name,
            job.macros,
            job.include_dirs,
            job.system_include_dirs,
            job.pre_includes,
            job.std.as_deref().unwrap_or("c++17"),
            job.debug_info,
            job.pointer_size,
            job.revision_id,
            job.clang_args,
            cm_frontend::LOWER_PIPELINE
        ));
    } else {
        text.push_str(&format!("input: {}\n", input.display()));
    }
    if matches!(output_kind, OutputKind::SpirV | OutputKind::Binary) && kind != InputKind::SpirV {
        let pipeline = if options.opt_level.as_deref() == Some("0") { "none (-O0)" } else { MIDDLE_END_PIPELINE };
        if request.visa {
            text.push_str(&format!("before the middle end: {}\n", crate::visa_route::PREPARE_PIPELINE));
        }
        text.push_str(&format!("middle end: {pipeline}, then {CHECKS_BEFORE_IGC}\n"));
    }
    if request.visa && output_kind == OutputKind::Binary {
        text.push_str(&crate::visa_route::plan(options, platform, &request.bridge_options().finalizer_options));
        text.push_str(&format!("output: {}\n", request.destination.display()));
        return text;
    }
    let commands = vc_bridge::planned_commands(&request.bridge_options(), output_kind == OutputKind::Binary);
    match (output_kind, kind) {
        (OutputKind::Binary, InputKind::SpirV) => text.push_str(&format!("{}\n", commands[1])),
        (OutputKind::Binary | OutputKind::SpirV, _) => {
            for command in commands {
                text.push_str(&format!("{command}\n"));
            }
        }
        _ => {}
    }
    text.push_str(&format!("output: {}\n", request.destination.display()));
    text
}

/// Carries the request out, phase by phase, recording the phases' times in `times` for `-ftime-report`. Every
/// output is staged in `outputs` and committed only when the whole compile succeeded.
fn compile(request: &CompileRequest, times: &mut PhaseTimes) -> Result<(), String> {
    let CompileRequest { options, input, kind, output_kind, platform, .. } = *request;
    let destination = request.destination.as_path();
    let mut outputs = request.outputs()?;
    let bridge_options = request.bridge_options();
    if kind == InputKind::SpirV {
        let bytes = genx_passes::input::read(input)?;
        let compiled = vc_bridge::compile_spirv(&bytes, &bridge_options)?;
        times.igc = compiled.timing.ocloc;
        return finish_binary(request, compiled, outputs);
    }
    let mut job = request.front_end_job();
    if input == "-" && kind == InputKind::CmSource {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map_err(|err| format!("cannot read stdin: {err}"))?;
        job.source = Some(bytes);
    }
    if output_kind == OutputKind::Preprocessed {
        let start = Clock::start();
        let text = cm_frontend::preprocess(&job).map_err(front_end_error)?;
        times.front_end = start.elapsed();
        outputs.stage(destination, &text)?;
        return outputs.commit();
    }
    let context = Context::create();
    let start = Clock::start();
    let uses = cm_frontend::precompiled_header_uses();
    let module = match kind {
        InputKind::CmSource => {
            let _phase = Phase::enter(&format!("compiling '{}' (front end)", input.display()));
            cm_frontend::compile(&job, &context).map_err(front_end_error)
        }
        _ => load(&context, input),
    };
    times.front_end = start.elapsed();
    if kind == InputKind::CmSource {
        times.precompiled_header = Some(cm_frontend::precompiled_header_uses() > uses);
    }
    let module = module?;
    if let OutputKind::Llvm { text } = output_kind {
        stage_module(&mut outputs, &module, destination, text)?;
        return outputs.commit();
    }
    genx_passes::target::set_platform(&module, platform.name);
    let start = Clock::start();
    // The vISA route inlines calls and promotes private arrays first (IGC's back end does both itself).
    let prepared =
        if request.visa { run_pipeline(options, &module, crate::visa_route::PREPARE_PIPELINE, false) } else { Ok(()) };
    let result = prepared.and_then(|()| middle_end(options, &module)).and_then(|()| {
        let _phase = Phase::enter("checking the module for the platform");
        run_pipeline(options, &module, CHECKS_BEFORE_IGC, false)
    });
    times.middle_end = start.elapsed();
    result?;
    if request.visa {
        let mut visa_times = crate::visa_route::Times::default();
        let result = crate::visa_route::compile(
            options,
            platform,
            &bridge_options.finalizer_options,
            &module,
            destination,
            outputs,
            &mut visa_times,
        );
        times.visa = Some(visa_times);
        return result;
    }
    let _phase = Phase::enter("handing the module to IGC (vc-bridge)");
    if output_kind == OutputKind::SpirV {
        let spirv = vc_bridge::emit_spirv(&module, options.compat.verbose)?;
        times.bridge = spirv.timing.adapt;
        times.llvm_spirv = spirv.timing.llvm_spirv;
        check_slm(options, &spirv.kernels)?;
        outputs.stage(destination, &spirv.bytes)?;
        return outputs.commit();
    }
    let start = Clock::start();
    let compiled = vc_bridge::compile_module(&module, &bridge_options);
    // On failure the split is unknown; the whole bridge time is reported as IGC's.
    times.igc = start.elapsed();
    let compiled = compiled?;
    check_slm(options, &compiled.kernels)?;
    times.bridge = compiled.timing.adapt;
    times.llvm_spirv = compiled.timing.llvm_spirv;
    times.igc = compiled.timing.ocloc;
    finish_binary(request, compiled, outputs)
}

/// Runs [`MIDDLE_END_PIPELINE`] unless -O0, with the LLVM options of the command line (`-print-after`, ...).
fn middle_end(options: &Options, module: &Module<'_>) -> Result<(), String> {
    let mut llvm_options = options.llvm_options();
    // -mllvm goes to IGC (as cmc sends it); the other LLVM flags are for our passes.
    llvm_options.retain(|option| !options.mllvm.contains(option));
    if !llvm_options.is_empty() {
        pipeline::set_llvm_options(&llvm_options).map_err(|message| format!("bad LLVM option: {message}"))?;
    }
    if options.opt_level.as_deref() == Some("0") {
        return Ok(());
    }
    let _phase = Phase::enter("running the middle end");
    // -ftime-report prints the phase times here, not the pass manager's.
    run_pipeline(options, module, MIDDLE_END_PIPELINE, false)
}

/// Runs `pipeline_text` (opt's -passes syntax) with the pass-manager flags of the command line (`-verify-each`,
/// `-debug-pass-manager`; `time_passes` for the pass manager's timing report), then prints LLVM's statistics on
/// `-stats`, whether or not the pipeline succeeded. The empty error means the passes printed their located
/// diagnostics already.
pub fn run_pipeline(
    options: &Options,
    module: &Module<'_>,
    pipeline_text: &str,
    time_passes: bool,
) -> Result<(), String> {
    let pipeline_options = PipelineOptions {
        verify_each: options.verify_each,
        debug_pass_manager: options.debug_pass_manager,
        time_passes,
    };
    let result = pipeline::run(module, pipeline_text, pipeline_options);
    if options.stats {
        pipeline::print_statistics();
    }
    match result {
        Ok(()) => Ok(()),
        Err(PipelineError::PassErrors) => Err(String::new()),
        Err(err) => Err(err.to_string()),
    }
}

fn check_slm(options: &Options, kernels: &[vc_bridge::Kernel]) -> Result<(), String> {
    if let Some(limit) = options.compat.max_slm_kb {
        if let Some(kernel) = kernels.iter().find(|k| k.slm_size > limit.saturating_mul(1024)) {
            return Err(format!(
                "{}: use slm, but slm size is too large ({} bytes; -mCM_max_slm={limit} allows {} bytes)",
                vc_bridge::describe_kernels(std::slice::from_ref(kernel)),
                kernel.slm_size,
                limit * 1024
            ));
        }
    }
    Ok(())
}

/// Stages the dumps asked for and the binary, then commits them together; prints the finalizer's reports on
/// stderr.
fn finish_binary(request: &CompileRequest, compiled: vc_bridge::Compiled, mut outputs: Outputs) -> Result<(), String> {
    let CompileRequest { options, input, .. } = *request;
    let destination = request.destination.as_path();
    if !compiled.log.is_empty() {
        eprintln!("{}", compiled.log);
    }
    if destination == Path::new("-") && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err("refusing to write a binary to a terminal; use -o <file>".to_string());
    }
    stage_dumps(options, input, destination, &compiled.dumps, &mut outputs)?;
    outputs.stage(destination, &compiled.binary)?;
    outputs.commit()
}

/// Stages the kernels' dumps, for both routes: with `-mdump_asm` each kernel's `.visaasm` and `.asm` next to
/// `destination`, named as IGC names them ([`vc_bridge::dump_name`]), or `<input stem>_<index>` (the kernel's
/// index in the module) under `-mCM_old_asm_name`; with `-Qxcm_asm_output=<file>` every kernel's Gen asm in
/// that file.
pub fn stage_dumps(
    options: &Options,
    input: &Path,
    destination: &Path,
    dumps: &[vc_bridge::Dump],
    outputs: &mut Outputs,
) -> Result<(), String> {
    let dir = match destination.parent() {
        Some(parent) if destination != Path::new("-") && !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let stem = input.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "a".to_string());
    if options.compat.dump_asm {
        for (index, dump) in dumps.iter().enumerate() {
            let base =
                if options.compat.old_asm_name { format!("{stem}_{index}") } else { vc_bridge::dump_name(&dump.kernel) };
            // A kernel whose asm IGC could not write still gets its binary: warn, naming the kernel.
            if let Some(problem) = dump.asm_problem() {
                eprintln!("cmc: warning: {problem}");
            }
            for (extension, text) in [("visaasm", &dump.visa), ("asm", &dump.asm)] {
                let Some(text) = text else {
                    if extension == "visaasm" {
                        eprintln!("cmc: warning: IGC wrote no .visaasm for kernel '{}'", dump.kernel);
                    }
                    continue;
                };
                outputs.stage(&dir.join(format!("{base}.{extension}")), text.as_bytes())?;
            }
        }
    }
    if let Some(asm_file) = &options.compat.asm_output {
        let mut text = String::new();
        for dump in dumps {
            match dump.asm.as_deref() {
                Some(asm) => text.push_str(asm),
                None => eprintln!("cmc: warning: IGC wrote no Gen asm for kernel '{}'", dump.kernel),
            }
        }
        outputs.stage(Path::new(asm_file), text.as_bytes())?;
    }
    Ok(())
}

/// Stages `module` for `destination`: text, or bitcode (never to a terminal).
pub fn stage_module(outputs: &mut Outputs, module: &Module<'_>, destination: &Path, text: bool) -> Result<(), String> {
    if text {
        outputs.stage(destination, module.print_to_string().to_bytes())
    } else {
        if destination == Path::new("-") && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
            return Err("refusing to write bitcode to a terminal; use -S for text or -o <file>".to_string());
        }
        outputs.stage(destination, module.write_bitcode_to_memory().as_slice())
    }
}

/// Reads `.ll` text or `.bc` bitcode from a file or stdin (`-`), verified (`genx_passes::input`).
pub fn load<'ctx>(context: &'ctx Context, input: &Path) -> Result<Module<'ctx>, String> {
    genx_passes::input::load(context, input)
}

/// The front end's job from the command line.
pub fn front_end_job(options: &Options, input: &Path, platform: &'static Platform) -> cm_frontend::Job {
    let paths = |list: &[String]| list.iter().map(PathBuf::from).collect::<Vec<_>>();
    cm_frontend::Job {
        input: input.to_path_buf(),
        source: None,
        macros: options.macros.clone(),
        include_dirs: paths(&options.include_dirs),
        system_include_dirs: paths(&options.system_include_dirs),
        pre_includes: paths(&options.pre_includes),
        std: options.std.clone(),
        platform,
        revision_id: options.compat.revision_id,
        debug_info: options.debug_level.unwrap_or(0) > 0,
        pointer_size: if options.m32 { 32 } else { 64 },
        clang_args: options.xclang.clone(),
        precompiled_header: true,
    }
}

/// The front end's error as the driver reports it (empty: clang's located diagnostics are on stderr already).
pub fn front_end_error(error: cm_frontend::Error) -> String {
    match error {
        cm_frontend::Error::Reported => String::new(),
        cm_frontend::Error::Message(message) => message,
    }
}
