//! The hand-off of GenX IR to Intel's IGC vector-compute backend.
//!
//! The road (docs/vc-backend.md): GenX IR (`!genx.kernels`, or already SPIR-V-ready) → [`adaptor`] (kinds become
//! types, `spir_kernel` + `"VCFunction"`) → bitcode → llvm-spirv-14 with the vector-compute extensions
//! ([`spirv`]) → `ocloc -vc-codegen` ([`ocloc`]) → a device binary whose kernels are read back ([`binary`]) and
//! compared with the kernels that went in. ocloc's "Build succeeded" is never taken as proof: IGC can succeed and
//! emit no kernel.
//!
//! Errors name the kernel (and its `file:line` when the IR has debug info); IGC's own words are kept, ocloc's
//! exit codes are explained, never shown bare.
//!
//! Architecture invariant: only this crate knows IGC's conventions (argument kinds as types, `VCFunction`,
//! ocloc's options and output names).

pub mod adaptor;
pub mod binary;
pub mod bti;
pub mod clock;
pub mod finalize;
pub mod finalizer_options;
pub mod ocloc;
pub mod spirv;
pub mod tools;

use clock::{Clock, Span};
use std::path::{Path, PathBuf};

use genx_passes::inkwell::module::Module;
use genx_passes::platform::Platform;

pub use adaptor::Kernel;

/// The container of the produced binary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryFormat {
    /// OpenCL program binary with patch tokens (NEO's `clCreateProgramWithBinary`).
    Ocl,
    /// Level Zero zebin.
    Ze,
    /// CMRT's `.gen`: the vISA object (with finalized Gen code) that IGC writes for `-binary-format=cm`; IGC
    /// refuses kernels with SVM pointers in it (see [`CM_FORMAT_SVM`]).
    Cm,
}

impl BinaryFormat {
    pub fn parse(name: &str) -> Option<BinaryFormat> {
        match name.to_ascii_lowercase().as_str() {
            "ocl" => Some(BinaryFormat::Ocl),
            "ze" => Some(BinaryFormat::Ze),
            "cm" => Some(BinaryFormat::Cm),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BinaryFormat::Ocl => "ocl",
            BinaryFormat::Ze => "ze",
            BinaryFormat::Cm => "cm",
        }
    }
}

/// What IGC's abort for SVM kernels under `-binary-format=cm` means.
pub const CM_FORMAT_SVM: &str = "-binary-format=cm (CMRT) cannot hold this kernel: IGC 1.0.12504 aborts with \
     \"CMRT not supported for stack switching to SVM\" when a CMRT kernel takes an SVM pointer (svmptr_t) or needs \
     a stack; use -binary-format=ocl or -binary-format=ze";

/// How to build the binary.
#[derive(Clone, Debug)]
pub struct Options {
    pub platform: &'static Platform,
    pub format: BinaryFormat,
    pub revision_id: Option<u32>,
    /// IGC API options after `-vc-codegen` (`-g`, `-optimize=none`, `-ze-exp-register-file-size=256`, ...).
    pub api_options: Vec<String>,
    /// IGC internal options besides the binary format (`-llvm-options='...'`, `-ftime-report`, ...).
    pub internal_options: Vec<String>,
    /// vISA finalizer options (`-noschedule`, `-printasmcount`, ...).
    pub finalizer_options: Vec<String>,
    /// Collect each kernel's vISA (`.visaasm`) and Gen asm (`.asm`).
    pub dump_asm: bool,
    /// Print the commands run (llvm-spirv-14, ocloc) on stderr.
    pub verbose: bool,
}

/// Per-phase time of the bridge.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timing {
    /// The SPIR-V-ready rewrite and bitcode writing.
    pub adapt: Span,
    /// llvm-spirv-14.
    pub llvm_spirv: Span,
    /// ocloc (IGC).
    pub ocloc: Span,
}

/// The file name (without extension) IGC gives a kernel's dumps (`.visaasm`, `.asm`, `.dat`): the kernel's name
/// with every byte that is not an ASCII letter, digit or `.` made `_` (IGC's `legalizeShaderDumpName`; the vISA
/// route writes its dumps under the same names): `tmpl<int, 4U>` → `tmpl_int__4U_`.
pub fn dump_name(kernel: &str) -> String {
    kernel.bytes().map(|b| if b.is_ascii_alphanumeric() || b == b'.' { b as char } else { '_' }).collect()
}

/// A kernel's dumps.
#[derive(Clone, Debug, Default)]
pub struct Dump {
    pub kernel: String,
    pub visa: Option<String>,
    pub asm: Option<String>,
}

impl Dump {
    /// The Gen ISA instruction count the finalizer wrote in the asm header (`//.instCount N`).
    pub fn instruction_count(&self) -> Option<u32> {
        finalize::header_number(self.asm.as_deref()?, "instCount")
    }

    /// Why the kernel's Gen asm is missing or incomplete, if it is: IGC 1.0.12504 writes the asm by decoding the
    /// binary it just encoded, and fails on some Gen11 instructions (its asm then holds `vISA asm emission: failed
    /// to re-decode binary for asm output` and marks the undecodable instructions `illegal`). The binary itself is
    /// unaffected, so this is a warning, never an error.
    pub fn asm_problem(&self) -> Option<String> {
        let Some(asm) = self.asm.as_deref() else {
            return Some(format!("IGC wrote no Gen asm for kernel '{}'", self.kernel));
        };
        let failure = asm.lines().find(|line| line.contains(ASM_DECODE_FAILURE))?;
        let detail = asm.lines().find(|line| line.trim_start().starts_with("ERROR:")).map(str::trim);
        Some(format!(
            "IGC could not decode the Gen binary of kernel '{}' back to asm ({}{}); the binary is complete, the asm \
             marks the undecodable instructions `illegal`",
            self.kernel,
            failure.trim(),
            detail.map(|d| format!("; {d}")).unwrap_or_default()
        ))
    }
}

/// IGC's message when its asm output cannot be produced from the encoded binary (`vISA asm emission: ...`).
const ASM_DECODE_FAILURE: &str = "failed to re-decode binary for asm output";

/// A compiled program.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub binary: Vec<u8>,
    /// The kernels that went in (from the module, or the SPIR-V entry points).
    pub kernels: Vec<Kernel>,
    pub contents: binary::Contents,
    pub dumps: Vec<Dump>,
    /// What ocloc and IGC printed on success (finalizer reports).
    pub log: String,
    pub timing: Timing,
}

/// SPIR-V and the kernels it holds.
#[derive(Clone, Debug)]
pub struct SpirV {
    pub bytes: Vec<u8>,
    pub kernels: Vec<Kernel>,
    pub timing: Timing,
}

/// A private directory, removed when dropped.
pub struct WorkDir {
    path: PathBuf,
    /// Removes the directory if LLVM ends the process while it exists (`genx_passes::fatal`).
    _on_fatal_error: genx_passes::fatal::TempGuard,
}

impl WorkDir {
    pub fn new() -> Result<WorkDir, String> {
        use std::sync::atomic::{AtomicU32, Ordering};
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        let path = std::env::temp_dir().join(format!(
            "vc-bridge-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir(&path)
            .map_err(|err| format!("cannot create a work directory {}: {err}", path.display()))?;
        let _on_fatal_error = genx_passes::fatal::remove_on_fatal_error(&path);
        Ok(WorkDir { path, _on_fatal_error })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Names kernels in messages: `kernel 'k' (k.cpp:3)` or `kernels 'a', 'b'`.
pub fn describe_kernels(kernels: &[Kernel]) -> String {
    let one = |k: &Kernel| match &k.location {
        Some(location) => format!("'{}' ({location})", k.name),
        None => format!("'{}'", k.name),
    };
    match kernels {
        [] => "the module (no kernel)".to_string(),
        [kernel] => format!("kernel {}", one(kernel)),
        many => format!("kernels {}", many.iter().map(one).collect::<Vec<_>>().join(", ")),
    }
}

/// The kernels an error message is about: those it names, or all of them.
fn blamed<'a>(kernels: &'a [Kernel], message: &str) -> Vec<Kernel> {
    let named: Vec<Kernel> = kernels
        .iter()
        .filter(|k| {
            message.contains(&format!("'{}'", k.name))
                || message.contains(&format!("@{}", k.name))
                || message.contains(&format!("\"{}\"", k.name))
        })
        .cloned()
        .collect();
    if named.is_empty() {
        kernels.to_vec()
    } else {
        named
    }
}

/// What both routes say of a module without a kernel (no `!genx.kernels` entry, no `spir_kernel` definition: CM
/// source without `_GENX_MAIN_`, or IR of helper functions only).
pub const NO_KERNEL: &str = "the module has no kernel: no !genx.kernels entry and no spir_kernel function";

/// GenX IR → SPIR-V (the module is rewritten into the SPIR-V-ready form in place).
pub fn emit_spirv(module: &Module<'_>, verbose: bool) -> Result<SpirV, String> {
    let dir = WorkDir::new()?;
    emit_spirv_in(module, &dir, verbose)
}

fn emit_spirv_in(module: &Module<'_>, dir: &WorkDir, verbose: bool) -> Result<SpirV, String> {
    let start = Clock::start();
    let kernels = adaptor::adapt(module.as_mut_ptr())?;
    if kernels.is_empty() {
        return Err(NO_KERNEL.to_string());
    }
    let bitcode = dir.path().join("module.bc");
    let written = if adaptor::has_global_variables(module.as_mut_ptr()) {
        // Global-variable attributes are out of the C API's reach: they are set on the text (adaptor.rs).
        let text = adaptor::mark_globals(&module.print_to_string().to_string());
        let buffer = genx_passes::inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(
            text.as_bytes(),
            "spirv-ready",
        );
        // A fresh context: in the module's own, the opaque surface types would come back renamed
        // (`intel.buffer_rw_t.0`), which the translator no longer recognises.
        let context = genx_passes::inkwell::context::Context::create();
        let marked = context.create_module_from_ir(buffer).map_err(|message| {
            format!(
                "the SPIR-V-ready module does not parse back after marking its globals: {}",
                message.to_string().trim_end()
            )
        })?;
        marked.write_bitcode_to_path(&bitcode)
    } else {
        module.write_bitcode_to_path(&bitcode)
    };
    if !written {
        return Err(format!("cannot write bitcode to {}", bitcode.display()));
    }
    let adapt = start.elapsed();
    let start = Clock::start();
    let bytes = spirv::translate(dir.path(), &bitcode, verbose).map_err(|message| {
        format!("llvm-spirv-14 rejected {}:\n{message}", describe_kernels(&blamed(&kernels, &message)))
    })?;
    let llvm_spirv = start.elapsed();
    Ok(SpirV { bytes, kernels, timing: Timing { adapt, llvm_spirv, ocloc: Span::default() } })
}

/// GenX IR → a device binary for `options.platform`, with the kernels checked.
pub fn compile_module(module: &Module<'_>, options: &Options) -> Result<Compiled, String> {
    let dir = WorkDir::new()?;
    let spirv = emit_spirv_in(module, &dir, options.verbose)?;
    let mut compiled = compile_in(&dir, &spirv.bytes, &spirv.kernels, options)?;
    compiled.timing.adapt = spirv.timing.adapt;
    compiled.timing.llvm_spirv = spirv.timing.llvm_spirv;
    Ok(compiled)
}

/// SPIR-V → a device binary; the expected kernels are the module's entry points.
pub fn compile_spirv(bytes: &[u8], options: &Options) -> Result<Compiled, String> {
    let summary = spirv::summarize(bytes)?;
    if summary.entry_points.is_empty() {
        return Err("the SPIR-V module has no entry point (no kernel to compile)".to_string());
    }
    if !summary.capabilities.contains(&spirv::CAPABILITY_VECTOR_COMPUTE) {
        return Err(
            "the SPIR-V module does not use SPV_INTEL_vector_compute (capability VectorComputeINTEL): it is not \
                    a CM/ESIMD module, and IGC's vector-compute backend would emit no kernel for it"
                .to_string(),
        );
    }
    let kernels: Vec<Kernel> = summary
        .entry_points
        .iter()
        .map(|name| Kernel { name: name.clone(), args: Vec::new(), slm_size: 0, location: None })
        .collect();
    let dir = WorkDir::new()?;
    compile_in(&dir, bytes, &kernels, options)
}

/// The commands the bridge runs for `options` (`cmc -###`), with the work directory's file names.
pub fn planned_commands(options: &Options, emit_binary: bool) -> Vec<String> {
    let mut commands = vec![spirv::command_line(Path::new("module.bc"), Path::new("module.spv"))];
    if emit_binary {
        let args = invocation(options).arguments("module.spv", "module");
        commands.push(format!("{} {}", ocloc::OCLOC, ocloc::quote(&args)));
    }
    commands
}

fn invocation(options: &Options) -> ocloc::Invocation<'static> {
    let mut internal_options = vec![format!("-binary-format={}", options.format.name())];
    if options.dump_asm {
        internal_options.push("-dump-asm".to_string());
    }
    internal_options.extend(options.internal_options.iter().cloned());
    ocloc::Invocation {
        device: options.platform.name,
        revision_id: options.revision_id,
        api_options: options.api_options.clone(),
        internal_options,
        finalizer_options: options.finalizer_options.clone(),
    }
}

fn compile_in(dir: &WorkDir, spirv: &[u8], kernels: &[Kernel], options: &Options) -> Result<Compiled, String> {
    // IGC aborts on an SLM size over the platform's limit; say so before it runs (cmc's genx-verify-target
    // refuses it earlier, located; this covers SPIR-V input and other callers).
    for kernel in kernels {
        if let Some(why) = options.platform.slm_over_limit(u64::from(kernel.slm_size)) {
            return Err(format!("{} asks for {why}", describe_kernels(std::slice::from_ref(kernel))));
        }
    }
    std::fs::write(dir.path().join("module.spv"), spirv).map_err(|err| format!("cannot write SPIR-V: {err}"))?;
    let invocation = invocation(options);
    let start = Clock::start();
    let output = invocation.run(dir.path(), options.verbose).map_err(|message| {
        let why = if options.format == BinaryFormat::Cm && message.contains("CMRT not supported") {
            format!("{message}\n{CM_FORMAT_SVM}")
        } else {
            message
        };
        format!("IGC rejected {} for {}:\n{why}", describe_kernels(&blamed(kernels, &why)), options.platform.name)
    })?;
    let ocloc_time = start.elapsed();
    let contents = binary::read(&output.binary).map_err(|why| {
        format!("ocloc's binary of {} for {} cannot be read: {why}", describe_kernels(kernels), options.platform.name)
    })?;
    let expected_container = match options.format {
        BinaryFormat::Ocl => binary::Container::PatchTokens,
        BinaryFormat::Ze => binary::Container::Zebin,
        BinaryFormat::Cm => binary::Container::Cisa,
    };
    if contents.container != expected_container {
        return Err(format!(
            "-binary-format={} asked for a {}, but ocloc wrote a {} of {} for {}",
            options.format.name(),
            expected_container,
            contents.container,
            describe_kernels(kernels),
            options.platform.name
        ));
    }
    // cmc's `.gen` product for CMRT is the vISA object itself, not ocloc's ELF wrapper.
    let binary_bytes = if options.format == BinaryFormat::Cm {
        binary::cm_payload(&output.binary).map_err(|why| format!("{}: {why}", describe_kernels(kernels)))?
    } else {
        output.binary
    };
    check_kernels(kernels, &contents, options.platform)?;
    let dumps = if options.dump_asm {
        kernels
            .iter()
            .map(|k| Dump {
                kernel: k.name.clone(),
                visa: std::fs::read_to_string(dir.path().join(format!("{}.visaasm", dump_name(&k.name)))).ok(),
                asm: std::fs::read_to_string(dir.path().join(format!("{}.asm", dump_name(&k.name)))).ok(),
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Compiled {
        binary: binary_bytes,
        kernels: kernels.to_vec(),
        contents,
        dumps,
        log: ocloc::igc_messages(&output.log),
        timing: Timing { ocloc: ocloc_time, ..Timing::default() },
    })
}

/// The binary must hold exactly the kernels that went in.
fn check_kernels(expected: &[Kernel], contents: &binary::Contents, platform: &Platform) -> Result<(), String> {
    let found = contents.kernel_names();
    let missing: Vec<Kernel> = expected.iter().filter(|k| !found.contains(&k.name)).cloned().collect();
    let extra: Vec<&String> = found.iter().filter(|name| !expected.iter().any(|k| &k.name == *name)).collect();
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let mut message = String::new();
    if !missing.is_empty() {
        message = format!(
            "IGC reported success for {} but the {} holds no code for {}",
            platform.name,
            contents.container,
            describe_kernels(&missing)
        );
    }
    if !extra.is_empty() {
        if !message.is_empty() {
            message.push_str("; ");
        }
        message.push_str(&format!(
            "the {} holds kernels that were not asked for: {}",
            contents.container,
            extra.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
        ));
    }
    Err(message)
}

#[cfg(test)]
mod dump_tests {
    use super::{dump_name, Dump};

    #[test]
    fn dump_names_are_igc_legalized() {
        assert_eq!(dump_name("vadd"), "vadd");
        assert_eq!(dump_name("tmpl<int, 4U>"), "tmpl_int__4U_");
        assert_eq!(dump_name("a.b/c"), "a.b_c");
        // Each byte of a multibyte character becomes one `_`, as IGC's byte-wise test makes it.
        assert_eq!(dump_name("k\u{e9}"), "k__");
    }

    fn dump(asm: Option<&str>) -> Dump {
        Dump { kernel: "k".into(), visa: Some(String::new()), asm: asm.map(str::to_string) }
    }

    #[test]
    fn a_complete_asm_has_no_problem() {
        assert_eq!(dump(Some("//.kernel k\n//.instCount 12\nk_BB_0:\n  mov (8|M0) r2.0<1>:ud r0.0<1;1,0>:ud\n")).asm_problem(), None);
    }

    #[test]
    fn an_undecodable_binary_and_a_missing_asm_name_the_kernel() {
        let partial = "//.kernel k\nvISA asm emission: failed to re-decode binary for asm output\nERROR: PC[0x68] error \
                       decoding instruction\n        illegal // GED error decoding instruction\n";
        let problem = dump(Some(partial)).asm_problem().expect("a decode failure is reported");
        assert!(problem.contains("kernel 'k'") && problem.contains("PC[0x68]"), "{problem}");
        assert!(dump(None).asm_problem().expect("a missing asm is reported").contains("kernel 'k'"));
    }
}
