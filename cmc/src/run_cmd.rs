//! `cmc run`: execute a kernel on the CPU, with buffers, 2D surfaces and pictures loaded from and saved to files.
//!
//! This is the CPU emulation mode CM programmers lost when intel/cm-cpu-emulation was discontinued, built on the
//! same executor that validates the compiler's passes. The user's guide is `docs/run.md`.
//!
//! ```text
//! cmc run k.cpp|k.ll|k.bc|run.toml [-k NAME] [-D M] [-I DIR] [-march P] [--groups X[,Y[,Z]]] [--local X[,Y[,Z]]]
//!        [--surface BTI=buffer:IN[:OUT]] [--surface BTI=zeros:BYTES[:OUT]]
//!        [--surface BTI=image2d:[WxH[xPITCH]:][FORMAT:]IN[:OUT]] [--surface BTI=image1d|image3d|nv12:...]
//!        [--sampler INDEX=FILTER[:ADDRESS[:R,G,B,A]]] [--expect BTI=FILE] --arg SPEC ...
//! ```
//! The input's kind decides how the program is made ([`program_of`]): CM source through the front end in-process
//! (GenX IR as `cmc -emit-llvm` makes it; the middle end is not run), LLVM IR decoded as it is, a `.toml` run file
//! read into the same [`spec::Job`] the flags make (flags given with it are added: surfaces and expectations
//! after the file's, `--arg`s replace the file's, `--groups/--local/-k` override it).
//!
//! One `--arg` per kernel parameter, in order: a scalar (`7`, `-3`, `0x10`, `1.5`), a vector (`1,2,3,4`), an SVM
//! buffer (`buffer:IN[:OUT]`, `zeros:BYTES[:OUT]`), or a surface index (`surface:BTI`, for `SurfaceIndex` and
//! `buffer_t`/`image2d_t` parameters). Everything is read and checked before the kernel runs; `OUT` files are
//! written after it, each atomically, and never when the kernel faults; an `OUT` naming an input is refused.
//! `printf` output goes to stdout, thread by thread, before the summary line.
//!
//! Exit status: 0 success, 1 an `--expect` differs (the outputs are still written), 2 an error (bad input, a
//! fault of the kernel).

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use genx_exec::format::SurfaceFormat;
use genx_exec::grid::{self, Grid};
use genx_exec::interp::Machine;
use genx_exec::machine::{BoundsPolicy, Surface, SurfaceKind, ThreadIds};
use genx_exec::memory::AllocKind;
use genx_exec::program::Program;
use genx_exec::value::{Elem, Lanes, Ty, Value};
use genx_passes::limits::{checked_size, MAX_BUFFER_BYTES};

use crate::output;

mod expect;
mod picture;
pub mod spec;

use spec::{Job, Source, SurfaceSpec};

#[derive(Parser, Debug)]
#[command(name = "cmc run", about = "Run a CM kernel on the CPU (see docs/run.md)")]
struct Args {
    /// CM source (`.cpp`, `.cm`, ...), LLVM IR (`.ll`, `.bc`) or a run file (`.toml`).
    input: PathBuf,
    /// The kernel to run (default: the module's only kernel).
    #[arg(short = 'k', long = "kernel")]
    kernel: Option<String>,
    /// Thread groups in each dimension (default 1).
    #[arg(long)]
    groups: Option<String>,
    /// Threads per group in each dimension (default 1).
    #[arg(long)]
    local: Option<String>,
    /// One per kernel parameter, in order.
    #[arg(long = "arg", allow_hyphen_values = true)]
    args: Vec<String>,
    /// Bind a surface: `BTI=buffer:IN[:OUT]`, `BTI=zeros:BYTES[:OUT]`, `BTI=image2d:[WxH[xPITCH]:][FORMAT:]IN[:OUT]`,
    /// `BTI=image1d:W:[FORMAT:]IN[:OUT]`, `BTI=image3d:WxHxD[xPITCH[xSLICE_PITCH]]:[FORMAT:]IN[:OUT]`,
    /// `BTI=nv12:WxH[xPITCH]:IN[:OUT]`.
    #[arg(long = "surface")]
    surfaces: Vec<String>,
    /// Bind a sampler state: `INDEX=FILTER[:ADDRESS[:R,G,B,A]]`, FILTER `nearest` or `linear`, ADDRESS `clamp`,
    /// `wrap`, `mirror` or `border` (with its colour). Unbound samplers are linear, clamp.
    #[arg(long = "sampler")]
    samplers: Vec<String>,
    /// Compare surface BTI's final contents with FILE (a picture or raw bytes); exit 1 on a difference.
    #[arg(long = "expect")]
    expects: Vec<String>,
    /// Define a macro for a CM source input (`NAME` or `NAME=VALUE`).
    #[arg(short = 'D', value_name = "MACRO")]
    defines: Vec<String>,
    /// Add an include directory for a CM source input.
    #[arg(short = 'I', value_name = "DIR")]
    include_dirs: Vec<String>,
    /// Target platform of a CM source input (its predefined macros).
    #[arg(long = "march", alias = "mcpu", value_name = "PLATFORM")]
    march: Option<String>,
    /// Out-of-bounds linear and typed surface accesses behave as on hardware (reads give 0, writes are dropped)
    /// instead of stopping with an error. (Media blocks always clamp and drop, as the hardware does.)
    #[arg(long)]
    hardware_bounds: bool,
}

/// A buffer or surface to save after the run.
pub(crate) struct Output {
    path: PathBuf,
    base: u64,
    /// For a picture: the surface's shape and how many channels its pixels had.
    picture: Option<(SurfaceKind, u32)>,
}

/// What a run ended with.
pub(crate) enum Outcome {
    Done(String),
    Differs(String, Vec<String>),
}

pub fn main(argv: &[OsString]) -> ExitCode {
    let args: Args = match crate::args::parse_subcommand(&cmc_spellings(argv)) {
        Ok(args) => args,
        Err(status) => return status,
    };
    let result = job_of(&args).and_then(|job| run(&job));
    match result {
        Ok(Outcome::Done(summary)) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Ok(Outcome::Differs(summary, differences)) => {
            println!("{summary}");
            for difference in differences {
                eprintln!("cmc run: {difference}");
            }
            ExitCode::from(1)
        }
        Err(message) => {
            // Empty: the front end's diagnostics are on stderr already.
            if !message.is_empty() {
                eprintln!("cmc run: error: {message}");
            }
            ExitCode::from(2)
        }
    }
}

/// cmc spells the platform flags with one dash (`-march=tgllp`, `-mcpu tgllp`): they become clap's `--march`.
fn cmc_spellings(argv: &[OsString]) -> Vec<OsString> {
    argv.iter()
        .map(|arg| match arg.to_str().and_then(|text| text.strip_prefix('-')) {
            Some(rest) if ["march", "mcpu"].iter().any(|f| rest == *f || rest.starts_with(&format!("{f}="))) => {
                format!("-{}", arg.to_string_lossy()).into()
            }
            _ => arg.clone(),
        })
        .collect()
}

/// The run the command line asks for (with its run file, if the input is one).
fn job_of(args: &Args) -> Result<Job, String> {
    let is_run_file = args.input.extension().is_some_and(|e| e.eq_ignore_ascii_case("toml"));
    let mut job = if is_run_file {
        spec::read_run_file(&args.input)?
    } else {
        Job { input: args.input.clone(), groups: [1; 3], local: [1; 3], ..Job::default() }
    };
    if let Some(kernel) = &args.kernel {
        job.kernel = Some(kernel.clone());
    }
    if let Some(groups) = &args.groups {
        job.groups = spec::dims(groups, "--groups")?;
    }
    if let Some(local) = &args.local {
        job.local = spec::dims(local, "--local")?;
    }
    if !args.args.is_empty() {
        job.args = args.args.clone();
    }
    for text in &args.surfaces {
        job.surfaces.push(spec::parse_surface(text)?);
    }
    for text in &args.samplers {
        job.samplers.push(spec::parse_sampler(text)?);
    }
    for text in &args.expects {
        job.expects.push(spec::parse_expect(text)?);
    }
    job.defines.extend(args.defines.iter().cloned());
    job.include_dirs.extend(args.include_dirs.iter().cloned());
    if args.march.is_some() {
        job.march = args.march.clone();
    }
    job.hardware_bounds |= args.hardware_bounds;
    Ok(job)
}

/// The program of the job's input, by its kind: the one place a new input kind is added.
fn program_of(job: &Job) -> Result<Program, String> {
    use crate::compile::InputKind;
    let input = job.input.to_string_lossy().into_owned();
    genx_passes::input::check_regular_file(&job.input)?;
    match InputKind::of(&job.input) {
        Some(InputKind::CmSource) => {
            let options = crate::args::Options {
                macros: job.defines.iter().cloned().map(cm_frontend::MacroArg::Define).collect(),
                include_dirs: job.include_dirs.clone(),
                march: job.march.clone(),
                ..Default::default()
            };
            let name = options.platform().unwrap_or(genx_passes::platform::DEFAULT);
            let platform = genx_passes::platform::find(name).map_err(|unknown| unknown.to_string())?;
            let front_end = crate::compile::front_end_job(&options, &job.input, platform);
            let context = inkwell::context::Context::create();
            let module = cm_frontend::compile(&front_end, &context).map_err(crate::compile::front_end_error)?;
            Ok(genx_exec::decode::decode(module.as_mut_ptr()))
        }
        Some(InputKind::LlvmIr) => genx_exec::decode::decode_file(&job.input),
        _ => Err(format!("'{input}': cmc run takes CM source (.cpp, .cm, ...), LLVM IR (.ll, .bc) or a run file (.toml)")),
    }
}

fn run(job: &Job) -> Result<Outcome, String> {
    if job.input.extension().is_some_and(|e| e == "visaasm") {
        return crate::run_visa::run(job);
    }
    let program = program_of(job)?;
    let input = job.input.display();
    let kernels: Vec<_> = program
        .defined_functions()
        .filter(|(_, f)| f.conv == genx_exec::program::CallingConv::Kernel)
        .map(|(id, f)| (id, f.name.clone()))
        .collect();
    let (kernel, name) = match &job.kernel {
        Some(name) => program
            .function(name)
            .map(|(id, f)| (id, f.name.clone()))
            .ok_or_else(|| format!("no function '{name}' in '{input}'"))?,
        None => match kernels.as_slice() {
            [only] => only.clone(),
            [] => return Err(format!("'{input}' has no kernel (spir_kernel); name a function with -k")),
            many => {
                return Err(format!(
                    "'{input}' has {} kernels ({}); choose one with -k",
                    many.len(),
                    many.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(", ")
                ))
            }
        },
    };
    let function = &program.functions[kernel as usize];
    if function.params.len() != job.args.len() {
        return Err(format!(
            "kernel '{name}' takes {} argument{} ({}), but {} --arg given",
            function.params.len(),
            if function.params.len() == 1 { "" } else { "s" },
            function.params.iter().zip(&function.param_names).map(|(t, n)| format!("{t} %{n}")).collect::<Vec<_>>().join(", "),
            job.args.len()
        ));
    }
    let grid = Grid { groups: job.groups, local_size: job.local };

    let mut machine = Machine::new(&program);
    machine.bounds = if job.hardware_bounds { BoundsPolicy::Hardware } else { BoundsPolicy::Report };
    machine.parallel = true;
    let mut outputs = Vec::new();
    for spec in &job.surfaces {
        bind_surface(&mut machine, spec, &mut outputs)?;
    }
    bind_samplers(&mut machine, job)?;
    let mut values = Vec::with_capacity(function.params.len());
    for (index, (spec, ty)) in job.args.iter().zip(&function.params).enumerate() {
        let what = format!("argument {index} (%{})", function.param_names[index]);
        values.push(argument(&mut machine, spec, ty, &what, &mut outputs)?);
    }
    check_before_running(job, &machine, &outputs)?;

    let mut progress = Progress::new();
    let result = grid::dispatch_observed(&mut machine, kernel, &|_: &ThreadIds| values.clone(), grid, &mut |done, total| {
        progress.update(done, total)
    });
    progress.finish();
    print_printf(&machine.printed)?;
    let report = result.map_err(|trap| format!("kernel '{name}': {trap}"))?;
    let summary = format!(
        "cmc run: kernel '{name}' ran {} thread(s) in {} group(s); wrote {} file(s)",
        report.threads,
        report.groups,
        outputs.len()
    );
    finish(job, &machine, &outputs, summary)
}

/// Binds the job's sampler states (the sampler table's indices are what `SamplerIndex` arguments hold); an index
/// bound twice is an error.
pub(crate) fn bind_samplers(machine: &mut Machine<'_>, job: &Job) -> Result<(), String> {
    for spec in &job.samplers {
        if machine.samplers.insert(spec.index, spec.state).is_some() {
            return Err(format!("{}: sampler {} is bound twice", spec.origin, spec.index));
        }
    }
    Ok(())
}

/// What is checked once everything is bound and before the kernel runs: expectations name bound surfaces and
/// existing files, and no output overwrites an input.
pub(crate) fn check_before_running(job: &Job, machine: &Machine<'_>, outputs: &[Output]) -> Result<(), String> {
    for expect in &job.expects {
        if !machine.surfaces.contains_key(&expect.bti) {
            return Err(format!("--expect {}={}: surface {} is not bound", expect.bti, expect.file.display(), expect.bti));
        }
        if !expect.file.is_file() {
            return Err(format!("--expect {}={}: no such file", expect.bti, expect.file.display()));
        }
    }
    refuse_overwriting_inputs(job, outputs)
}

/// After a successful run: writes the outputs (pictures encoded) and compares the expectations.
pub(crate) fn finish(job: &Job, machine: &Machine<'_>, outputs: &[Output], summary: String) -> Result<Outcome, String> {
    for out in outputs {
        let allocation = machine.memory.allocation(out.base).expect("output allocations live until the end");
        let bytes = match &out.picture {
            Some((SurfaceKind::Image2D { width, height, pitch, format }, channels)) => {
                picture::from_surface(&out.path, &allocation.bytes, *width, *height, *pitch, *format, *channels)?
            }
            _ => allocation.bytes.clone(),
        };
        output::write(&out.path, &bytes)?;
    }
    let mut differences = Vec::new();
    for expect in &job.expects {
        let surface = &machine.surfaces[&expect.bti];
        let allocation = machine.memory.allocation(surface.base).expect("surfaces live until the end");
        if let Some(difference) = expect::compare(expect.bti, &surface.kind, &allocation.bytes, &expect.file)? {
            differences.push(difference);
        }
    }
    Ok(if differences.is_empty() { Outcome::Done(summary) } else { Outcome::Differs(summary, differences) })
}

/// Writes the kernel's printf output to stdout.
pub(crate) fn print_printf(text: &[u8]) -> Result<(), String> {
    use std::io::Write;
    if text.is_empty() {
        return Ok(());
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text).and_then(|()| stdout.flush()).map_err(|err| format!("cannot write printf output: {err}"))
}

/// An output file that is also one of the run's inputs would destroy the input: refused before the run.
fn refuse_overwriting_inputs(job: &Job, outputs: &[Output]) -> Result<(), String> {
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    let mut inputs: Vec<&Path> = vec![&job.input];
    inputs.extend(job.surfaces.iter().filter_map(|s| match &s.input {
        Source::File(path) => Some(path.as_path()),
        Source::Zeros(_) => None,
    }));
    inputs.extend(job.expects.iter().map(|e| e.file.as_path()));
    for out in outputs {
        if let Some(input) = inputs.iter().find(|input| same(input, &out.path)) {
            return Err(format!("output '{}' is also an input ('{}'); name another file", out.path.display(), input.display()));
        }
    }
    Ok(())
}

/// The progress line on stderr: shown only when stderr is a terminal and the run has taken more than a second.
struct Progress {
    start: Instant,
    last: Option<Instant>,
    terminal: bool,
}

impl Progress {
    fn new() -> Progress {
        Progress { start: Instant::now(), last: None, terminal: std::io::stderr().is_terminal() }
    }

    fn update(&mut self, done: u64, total: u64) {
        if !self.terminal || self.start.elapsed() < Duration::from_secs(1) {
            return;
        }
        if self.last.is_some_and(|last| last.elapsed() < Duration::from_millis(100)) {
            return;
        }
        self.last = Some(Instant::now());
        let seconds = self.start.elapsed().as_secs_f64();
        eprint!("\rcmc run: {done} of {total} groups ({}%), {seconds:.1} s", done * 100 / total.max(1));
    }

    fn finish(&self) {
        if self.last.is_some() {
            eprint!("\r\x1b[K");
        }
    }
}

/// The surface's contents and kind from its spec.
pub(crate) fn bind_surface(machine: &mut Machine<'_>, spec: &SurfaceSpec, outputs: &mut Vec<Output>) -> Result<(), String> {
    let origin = &spec.origin;
    let mut channels = 0;
    let (kind, bytes, what) = match &spec.image {
        None => {
            let bytes = match &spec.input {
                Source::Zeros(count) => vec![0; checked_size(count.unwrap_or(0), MAX_BUFFER_BYTES, origin)?],
                Source::File(path) => read(path, origin)?,
            };
            (SurfaceKind::Buffer { size: bytes.len() as u64 }, bytes, "buffer")
        }
        Some(shape) if shape.kind != spec::ImageKind::Image2D => {
            let (kind, bytes) = other_image(shape, &spec.input, origin)?;
            (kind, bytes, shape.kind.name())
        }
        Some(shape) => {
            let format = shape.format.unwrap_or(SurfaceFormat::DEFAULT);
            let element = format.bytes();
            let picture = match &spec.input {
                Source::File(path) if picture::is_picture(path) => {
                    Some(picture::load(path).map_err(|e| format!("{origin}: {e}"))?)
                }
                _ => None,
            };
            let (width, height) = match &picture {
                Some(pic) => {
                    let name = pic_name(&spec.input);
                    let width = picture::surface_width(format, pic.width, pic.channels, &name).map_err(|e| format!("{origin}: {e}"))?;
                    if shape.width.is_some_and(|w| w != width) || shape.height.is_some_and(|h| h != pic.height) {
                        return Err(format!(
                            "{origin}: '{name}' is {}x{} pixels, a surface of {width}x{} {format} elements, not {}x{}",
                            pic.width,
                            pic.height,
                            pic.height,
                            shape.width.unwrap_or(width),
                            shape.height.unwrap_or(pic.height)
                        ));
                    }
                    channels = pic.channels;
                    (width, pic.height)
                }
                None => match (shape.width, shape.height) {
                    (Some(w), Some(h)) => (w, h),
                    _ => return Err(format!("{origin}: give the image's size as WxH (only a picture input has its own)")),
                },
            };
            let width_bytes = width
                .checked_mul(element)
                .ok_or_else(|| format!("{origin}: {width} elements of {format} do not fit a surface"))?;
            let pitch = shape.pitch.unwrap_or(width_bytes);
            if pitch < width_bytes {
                return Err(format!("{origin}: pitch {pitch} is less than the row's {width_bytes} bytes"));
            }
            let needed = pitch as u64 * height as u64;
            if needed > 1 << 30 {
                return Err(format!("{origin}: the image takes {needed} bytes, more than 1 GiB"));
            }
            let bytes = match (&spec.input, &picture) {
                (_, Some(pic)) => picture::to_surface(pic, format, pitch),
                (Source::Zeros(_), None) => vec![0; needed as usize],
                (Source::File(path), None) => {
                    let bytes = read(path, origin)?;
                    if bytes.len() as u64 != needed {
                        return Err(format!(
                            "{origin}: '{}' has {} bytes, a {width}x{height} {format} image with pitch {pitch} has {needed}",
                            path.display(),
                            bytes.len()
                        ));
                    }
                    bytes
                }
            };
            if channels == 0 {
                channels = if element == 4 { 4 } else { 1 };
            }
            (SurfaceKind::Image2D { width: width_bytes, height, pitch, format }, bytes, "image2d")
        }
    };
    let bti = spec.bti;
    let name = format!("surface {bti} ({what})");
    let base = machine.memory.allocate_with(name.clone(), AllocKind::Buffer, bytes);
    if machine.surfaces.insert(bti, Surface { name, base, kind: kind.clone() }).is_some() {
        return Err(format!("{origin}: surface {bti} is bound twice"));
    }
    if let Some(path) = &spec.output {
        let picture = picture::is_picture(path).then_some((kind.clone(), channels));
        if picture.is_some() && !matches!(kind, SurfaceKind::Image2D { format, .. } if picture::holds_pictures(format)) {
            return Err(format!("{origin}: this surface cannot be written as the 8-bit picture '{}'", path.display()));
        }
        outputs.push(Output { path: path.clone(), base, picture });
    }
    Ok(())
}

/// A 1D, 3D or NV12 image from its shape: every size needed is given (no picture input has one), the pitches
/// are at least what a row (or slice) takes, and a raw input holds exactly the surface's bytes.
fn other_image(shape: &spec::ImageShape, input: &Source, origin: &str) -> Result<(SurfaceKind, Vec<u8>), String> {
    use spec::ImageKind;
    let kind_name = shape.kind.name();
    if matches!(input, Source::File(path) if picture::is_picture(path)) {
        return Err(format!("{origin}: a picture input needs an image2d surface, not {kind_name}"));
    }
    let need = |value: Option<u32>, what: &str| {
        value.ok_or_else(|| format!("{origin}: give the {kind_name}'s {what} (WxH... before the input)"))
    };
    let format = shape.format.unwrap_or(SurfaceFormat::DEFAULT);
    let row_bytes = |width: u32| {
        width.checked_mul(format.bytes()).ok_or_else(|| format!("{origin}: {width} elements of {format} do not fit a surface"))
    };
    let at_least = |given: Option<u32>, least: u64, what: &str| -> Result<u32, String> {
        let value = given.map_or(least, u64::from);
        if value < least {
            return Err(format!("{origin}: {what} {value} is less than the {least} bytes it must hold"));
        }
        u32::try_from(value).map_err(|_| format!("{origin}: {what} {value} does not fit a surface"))
    };
    let kind = match shape.kind {
        ImageKind::Image1D => SurfaceKind::Image1D { width: row_bytes(need(shape.width, "width")?)?, format },
        ImageKind::Image3D => {
            let (width, height, depth) = (need(shape.width, "width")?, need(shape.height, "height")?, need(shape.depth, "depth")?);
            let width = row_bytes(width)?;
            let pitch = at_least(shape.pitch, width as u64, "pitch")?;
            let slice_pitch = at_least(shape.slice_pitch, pitch as u64 * height as u64, "slice pitch")?;
            SurfaceKind::Image3D { width, height, depth, pitch, slice_pitch, format }
        }
        ImageKind::Nv12 => {
            if shape.format.is_some() {
                return Err(format!("{origin}: an nv12 surface has no format (its planes are bytes and byte pairs)"));
            }
            let (width, height) = (need(shape.width, "width")?, need(shape.height, "height")?);
            if width % 2 != 0 || height % 2 != 0 {
                return Err(format!("{origin}: an nv12 surface needs an even width and height, not {width}x{height}"));
            }
            SurfaceKind::Nv12 { width, height, pitch: at_least(shape.pitch, width as u64, "pitch")? }
        }
        ImageKind::Image2D => unreachable!("2D images are bound by bind_surface"),
    };
    let needed = kind.storage_bytes();
    if needed > 1 << 30 {
        return Err(format!("{origin}: the image takes {needed} bytes, more than 1 GiB"));
    }
    let bytes = match input {
        Source::Zeros(_) => vec![0; needed as usize],
        Source::File(path) => {
            let bytes = read(path, origin)?;
            if bytes.len() as u64 != needed {
                return Err(format!("{origin}: '{}' has {} bytes, the {kind_name} surface has {needed}", path.display(), bytes.len()));
            }
            bytes
        }
    };
    Ok((kind, bytes))
}

fn pic_name(source: &Source) -> String {
    match source {
        Source::File(path) => path.display().to_string(),
        Source::Zeros(_) => "zeros".to_string(),
    }
}

/// Reads an input file; the error names the argument.
fn read(path: &Path, origin: &str) -> Result<Vec<u8>, String> {
    let bytes = genx_passes::input::read(path).map_err(|err| format!("{origin}: {err}"))?;
    checked_size(bytes.len() as u64, MAX_BUFFER_BYTES, &format!("{origin}: '{}': bytes", path.display()))?;
    Ok(bytes)
}

pub(crate) fn argument(
    machine: &mut Machine<'_>,
    spec: &str,
    ty: &Ty,
    what: &str,
    outputs: &mut Vec<Output>,
) -> Result<Value, String> {
    if let Some(bti) = spec.strip_prefix("surface:") {
        let bti = spec::size(bti, 0, &format!("{what}: surface index"))?;
        if !machine.surfaces.contains_key(&bti) {
            return Err(format!("{what}: surface {bti} is not bound; add --surface {bti}=..."));
        }
        return match ty.lanes() {
            Some((elem, 1)) => Ok(Value::Lanes(Lanes::new(elem, vec![bti as u64]))),
            _ => Err(format!("{what}: a surface index needs a scalar parameter, not {ty}")),
        };
    }
    if let Some((kind, rest)) = spec.split_once(':').filter(|(k, _)| *k == "buffer" || *k == "zeros") {
        let Ty::Scalar(elem @ Elem::Ptr(_)) = ty else {
            return Err(format!("{what}: {kind}: needs a pointer parameter, not {ty}"));
        };
        let (source, out) = match rest.split_once(':') {
            Some((source, out)) => (source, Some(out)),
            None => (rest, None),
        };
        let bytes = if kind == "zeros" {
            vec![0; spec::byte_count(source, what)? as usize]
        } else {
            read(Path::new(source), what)?
        };
        let base = machine.memory.allocate_with(format!("{what} ({kind})"), AllocKind::Buffer, bytes);
        if let Some(path) = out {
            outputs.push(Output { path: PathBuf::from(path), base, picture: None });
        }
        return Ok(Value::scalar(*elem, base));
    }
    let (elem, lanes) = ty.lanes().ok_or_else(|| format!("{what}: parameters of type {ty} are not supported"))?;
    let items: Vec<&str> = spec.split(',').map(str::trim).collect();
    if items.len() != lanes as usize {
        return Err(format!("{what}: {ty} needs {lanes} value(s), '{spec}' has {}", items.len()));
    }
    let bits = items
        .iter()
        .map(|item| parse_lane(item, elem).ok_or_else(|| format!("{what}: '{item}' is not a {elem}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Value::Lanes(Lanes::new(elem, bits)))
}

fn parse_int(text: &str) -> Option<u64> {
    let text = text.trim();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok()?,
        None => digits.parse().ok()?,
    };
    Some(if negative { magnitude.wrapping_neg() } else { magnitude })
}

fn parse_lane(text: &str, elem: Elem) -> Option<u64> {
    match elem {
        Elem::Half | Elem::Float | Elem::Double => {
            text.parse::<f64>().ok().map(|v| genx_exec::ops::from_f64(elem, v))
        }
        _ => parse_int(text).map(|v| v & elem.mask()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        let argv: Vec<OsString> = ["run", "-march=tgllp", "-mcpu", "x", "--march=y", "-m"].map(OsString::from).to_vec();
        assert_eq!(cmc_spellings(&argv), ["run", "--march=tgllp", "--mcpu", "x", "--march=y", "-m"]);
        assert_eq!(parse_lane("-1", Elem::Int(8)), Some(0xff));
        assert_eq!(parse_lane("0x10", Elem::Int(32)), Some(16));
        assert_eq!(parse_lane("1.5", Elem::Float), Some(1.5f32.to_bits() as u64));
        assert_eq!(parse_lane("x", Elem::Int(32)), None);
    }
}
