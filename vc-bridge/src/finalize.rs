//! The vISA route's last step: our `.visaasm` → IGC's standalone vISA finalizer, `GenX_IR` (libigc-tools),
//! which allocates registers, schedules and encodes (docs/vc-backend.md §4).
//!
//! Every kernel of a module goes into one CISA object, as IGC's VectorCompiler builds it (one vISA builder for
//! all the kernels of the module, GenXCisaBuilder's `GenXFinalizer`). GenX_IR's text reader takes several
//! `.kernel`s after one `.version`, finalizes each and writes one object holding them all, in their order. So:
//! 1. the kernels' texts are joined: the first kernel's `.version` line (every kernel's must be the same), then
//!    each kernel's text after its own, followed by `.kernel_attr OutputAsmPath="<stem>"` (last, so that the
//!    kernel's own lines keep their numbers in a run of that kernel alone): the kernel attribute IGC sets too,
//!    which names the kernel's `<stem>.asm` and `<stem>.dat` (without it GenX_IR writes every kernel but the
//!    last to `.asm`, one over the other). The stem is the kernel's dump name ([`crate::dump_name`], what IGC
//!    sets), made unique within the module and at most [`MAX_STEM`] bytes;
//! 2. `GenX_IR k.visaasm -platform <P> -output -binary` in a private directory writes `k.isa` (the object, of
//!    the kind IGC writes for `-binary-format=cm`: what the CM runtime loads) and each kernel's `<stem>.asm`
//!    (Gen asm whose header holds `//.kernel <name>`, `//.instCount N` and, when registers spilled,
//!    `//.spill size N`);
//! 3. the object's kernel names are read back ([`binary::read_cisa`]) and must be exactly the kernels that went
//!    in, in their order; each asm's `//.kernel` line must name its kernel.
//!
//! A failed run of several kernels is attributed: each kernel is then finalized alone, and the first that fails
//! is reported with its name and GenX_IR's message about it alone (whose line numbers are those of the kernel's
//! own `.visaasm`, the text `-mdump_asm` writes); if each passes alone, the failure is reported naming them all.
//! GenX_IR's binary `.isa` input crashes in this release, so the route always hands it text.
//!
//! `-printregusage` (cmc's `-mCM_printregusage`) has a convention of its own in this release: GenX_IR reports the
//! figure (`Kernel k : N registers`) as a "critical message", which makes its compile step report failure, so it
//! prints the figures (each twice: once under `[vISA Finalizer Messages]`, once more as the critical message)
//! and exits 1, with every output written. Spilling is reported the same way: after a kernel whose registers did
//! not fit, GenX_IR prints `Spill memory used = N bytes for kernel k` with a line of advice (each twice) and exits
//! 1, every output written, the kernel compiled with spill code (as IGC's and Intel's cmc's compiles of such a
//! kernel are). A run whose exit status is 1, whose outputs are all there and whose only messages are these
//! notes about its kernels ([`notes`]) is therefore a success here: a register figure becomes
//! [`Finalized::registers`] (cross-checked with the asm header's `//.GRF count N`, which the option adds), a
//! spill figure [`Finalized::spill_bytes`] (cross-checked with `//.spill size N`), which the caller reports as a
//! warning. Any other message, a kernel not of the run, or figures that disagree make the run a failure.
//!
//! Only this crate knows GenX_IR's command line and outputs; the platform's `-platform` name is the platform
//! table's `visa_platform`.
//!
//! Not handled: vISA functions (subroutines and stack calls, `.global_function`) in the object; the route
//! inlines every call, so its texts hold kernels only.

use std::collections::HashSet;
use std::process::{Command, Output};

use genx_passes::platform::Platform;

use crate::binary;
use crate::clock::{Clock, Span};
use crate::WorkDir;

/// One kernel to finalize: its name and its `.visaasm` text (a `.version` line, then one `.kernel`).
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub kernel: &'a str,
    pub visaasm: &'a str,
}

/// One kernel after the finalizer.
#[derive(Clone, Debug)]
pub struct Finalized {
    pub kernel: String,
    /// The Gen asm GenX_IR wrote.
    pub asm: String,
    /// Gen ISA instructions (`//.instCount`).
    pub instructions: u32,
    /// Bytes of spill space (`//.spill size`, 0 when absent).
    pub spill_bytes: u32,
    /// GRF registers the kernel uses, when `-printregusage` asked GenX_IR for the figure.
    pub registers: Option<u32>,
}

/// What the finalizer made of a module's kernels.
#[derive(Clone, Debug)]
pub struct Object {
    /// The CISA object holding every kernel (`k.isa`).
    pub isa: Vec<u8>,
    /// The kernels, in the order they went in (which is the object's).
    pub kernels: Vec<Finalized>,
    /// GenX_IR's run.
    pub time: Span,
}

/// The finalizer's command line (`-###` prints it); `k.visaasm` holds every kernel of the module.
pub fn command(platform: &Platform, finalizer_options: &[String]) -> Vec<String> {
    let mut args = vec![
        "GenX_IR".to_string(),
        "k.visaasm".to_string(),
        "-platform".to_string(),
        platform.visa_platform.to_string(),
        "-output".to_string(),
        "-binary".to_string(),
    ];
    args.extend(finalizer_options.iter().cloned());
    args
}

/// A number in the asm header line `//.<key> N`.
pub fn header_number(asm: &str, key: &str) -> Option<u32> {
    header_text(asm, key)?.split_whitespace().next()?.parse().ok()
}

/// The rest of the asm header line `//.<key> ...` (the header is the leading comment block).
fn header_text<'a>(asm: &'a str, key: &str) -> Option<&'a str> {
    asm.lines()
        .take_while(|line| line.starts_with("//") || line.trim().is_empty())
        .find_map(|line| line.strip_prefix("//.")?.strip_prefix(key)?.strip_prefix(' '))
}

/// The option that asks GenX_IR for each kernel's register use.
pub const PRINT_REG_USAGE: &str = "-printregusage";

/// GenX_IR's advice after each spill line.
const SPILL_ADVICE: &str =
    "Compiling kernel with spill code may degrade performance. Please consider rewriting the kernel to use less registers.";

/// What GenX_IR said about one kernel it compiled (see the module note).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// `Kernel k : N registers` (`-printregusage`).
    pub registers: Option<u32>,
    /// `Spill memory used = N bytes for kernel k`.
    pub spill_bytes: Option<u32>,
}

/// The notes in GenX_IR's messages about each of `kernels`, when every message line is one about one of them (a
/// register figure, a spill figure or the advice after it; the header `[vISA Finalizer Messages]`, blank lines
/// and GenX_IR's echo of its command line aside), repeated figures agree and there is at least one; `None` when
/// any other message is there, or none at all.
pub fn notes(messages: &str, kernels: &[&str]) -> Option<Vec<Notes>> {
    fn agree(slot: &mut Option<u32>, figure: u32) -> Option<()> {
        if slot.is_some_and(|f| f != figure) {
            return None;
        }
        *slot = Some(figure);
        Some(())
    }
    let mut notes = vec![Notes::default(); kernels.len()];
    let index = |name: &str| kernels.iter().position(|k| *k == name);
    for line in messages.lines().map(str::trim) {
        if line.is_empty() || line == "[vISA Finalizer Messages]" || line.starts_with("GenX_IR ") || line == SPILL_ADVICE {
            continue;
        }
        if let Some(rest) = line.strip_prefix("Spill memory used = ") {
            let (bytes, name) = rest.split_once(" bytes for kernel ")?;
            agree(&mut notes[index(name)?].spill_bytes, bytes.parse().ok()?)?;
            continue;
        }
        let (name, count) = line.strip_prefix("Kernel ")?.rsplit_once(" : ")?;
        agree(&mut notes[index(name)?].registers, count.strip_suffix(" registers")?.parse().ok()?)?;
    }
    notes.iter().any(|n| *n != Notes::default()).then_some(notes)
}

/// The longest asm file stem given to GenX_IR (file names stay well under the usual 255-byte limit).
pub const MAX_STEM: usize = 120;

/// Each kernel's asm file stem: its dump name, cut to [`MAX_STEM`] bytes, with `_<index>` added until it is
/// not the stem of an earlier kernel (two names can legalize alike: `a<b>` and `a_b_`).
fn asm_stems(kernels: &[Input<'_>]) -> Vec<String> {
    let mut taken = HashSet::new();
    kernels
        .iter()
        .enumerate()
        .map(|(index, input)| {
            let mut stem = crate::dump_name(input.kernel);
            stem.truncate(MAX_STEM); // ASCII: any byte is a character boundary
            while !taken.insert(stem.clone()) {
                stem = format!("{stem}_{index}");
            }
            stem
        })
        .collect()
}

/// The one `.visaasm` of the module: the first `.version` line, then each kernel's text after its own, followed
/// by its `OutputAsmPath` attribute.
fn join(kernels: &[Input<'_>], stems: &[String]) -> Result<String, String> {
    let mut version = None;
    let mut text = String::new();
    for (input, stem) in kernels.iter().zip(stems) {
        let kernel = input.kernel;
        let (first, rest) = input.visaasm.split_once('\n').unwrap_or((input.visaasm, ""));
        if !first.starts_with(".version ") {
            return Err(format!("kernel '{kernel}': its .visaasm does not start with a .version line"));
        }
        match version {
            None => {
                text.push_str(first);
                text.push('\n');
                version = Some(first);
            }
            Some(version) if version != first => {
                return Err(format!(
                    "kernel '{kernel}': its .visaasm says '{first}', the module's first kernel '{version}'"
                ))
            }
            Some(_) => {}
        }
        if !rest.starts_with(".kernel ") {
            return Err(format!("kernel '{kernel}': its .visaasm has no .kernel line after .version"));
        }
        text.push_str(rest);
        if !rest.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&format!(".kernel_attr OutputAsmPath=\"{stem}\"\n"));
    }
    Ok(text)
}

/// Finalizes the kernels of a module into one CISA object; errors name the kernel and carry GenX_IR's own
/// message.
pub fn finalize(kernels: &[Input<'_>], platform: &Platform, finalizer_options: &[String]) -> Result<Object, String> {
    if kernels.is_empty() {
        return Err("the vISA finalizer was given no kernel".to_string());
    }
    let names: Vec<&str> = kernels.iter().map(|k| k.kernel).collect();
    for (later, name) in names.iter().enumerate() {
        if let Some(earlier) = names[..later].iter().position(|n| n == name) {
            return Err(format!(
                "the module's kernels {} and {} (of {}) are both named '{name}': the CM runtime finds a CISA object's \
                 kernels by name",
                earlier + 1,
                later + 1,
                names.len()
            ));
        }
    }
    let described = describe(&names);
    let stems = asm_stems(kernels);
    let text = join(kernels, &stems)?;
    let dir = WorkDir::new()?;
    let input = dir.path().join("k.visaasm");
    std::fs::write(&input, text).map_err(|err| format!("cannot write {}: {err}", input.display()))?;
    let args = command(platform, finalizer_options);
    let start = Clock::start();
    let output = Command::new(&args[0])
        .args(&args[1..])
        .current_dir(dir.path())
        .output()
        .map_err(|err| format!("{described}: cannot run GenX_IR (install libigc-tools): {err}"))?;
    let time = start.elapsed();
    let read = |name: &str| std::fs::read(dir.path().join(name));
    let stderr = String::from_utf8_lossy(&output.stderr);
    // `-printregusage` and spilling exit 1 after a good compile (see the module note).
    let notes = notes(&stderr, &names).filter(|_| output.status.code() == Some(1) || output.status.success());
    let asked_registers = finalizer_options.iter().any(|o| o == PRINT_REG_USAGE);
    let isa = match read("k.isa") {
        Ok(isa) if output.status.success() || notes.is_some() => isa,
        _ if kernels.len() > 1 => return Err(attribute_failure(kernels, platform, finalizer_options, &output)),
        _ => return Err(format!("{described}: {}", failure(&output))),
    };
    let held = binary::read_cisa(&isa)
        .map_err(|err| format!("{described}: GenX_IR's CISA object cannot be read: {err}"))?
        .kernel_names();
    if held != names {
        return Err(format!("{described}: GenX_IR's CISA object holds the kernels {held:?}"));
    }
    let mut finalized = Vec::with_capacity(kernels.len());
    for (index, (&kernel, stem)) in names.iter().zip(&stems).enumerate() {
        let asm = read(&format!("{stem}.asm"))
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .map_err(|err| format!("kernel '{kernel}': GenX_IR wrote no Gen asm ({stem}.asm: {err})"))?;
        if header_text(&asm, "kernel") != Some(kernel) {
            return Err(format!(
                "kernel '{kernel}': GenX_IR's {stem}.asm is not its asm (its header says {:?})",
                header_text(&asm, "kernel")
            ));
        }
        let instructions = header_number(&asm, "instCount")
            .ok_or_else(|| format!("kernel '{kernel}': GenX_IR's asm has no //.instCount line"))?;
        let spill_bytes = header_number(&asm, "spill size").unwrap_or(0);
        let said = notes.as_ref().map(|n| n[index]).unwrap_or_default();
        if let Some(figure) = said.spill_bytes.filter(|figure| *figure != spill_bytes) {
            return Err(format!(
                "kernel '{kernel}': GenX_IR reports {figure} bytes of spill but its asm header says //.spill size {spill_bytes}"
            ));
        }
        let registers = said.registers.filter(|_| asked_registers);
        if let (Some(said), Some(header)) = (registers, header_number(&asm, "GRF count")) {
            if said != header {
                return Err(format!(
                    "kernel '{kernel}': GenX_IR reports {said} registers but its asm header says //.GRF count {header}"
                ));
            }
        }
        finalized.push(Finalized { kernel: kernel.to_string(), asm, instructions, spill_bytes, registers });
    }
    Ok(Object { isa, kernels: finalized, time })
}

/// `kernel 'k'` or `kernels 'a', 'b'`.
fn describe(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("'{name}'")).collect();
    format!("kernel{} {}", if names.len() == 1 { "" } else { "s" }, quoted.join(", "))
}

/// GenX_IR's failure in words: how it ended and what it said (its echo of the command line left out).
fn failure(output: &Output) -> String {
    let mut message = String::from_utf8_lossy(&output.stdout).into_owned();
    message.push_str(&String::from_utf8_lossy(&output.stderr));
    let message = crate::ocloc::igc_messages(&message);
    let message: Vec<&str> =
        message.lines().filter(|line| !line.starts_with("GenX_IR ")).map(|line| line.trim()).collect::<Vec<_>>();
    let how = match output.status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("was killed by {}", crate::ocloc::signal_name(&output.status)),
    };
    let said = if message.is_empty() { "it printed no message".to_string() } else { message.join("; ") };
    format!("the vISA finalizer (GenX_IR) failed ({how}): {said}")
}

/// The error of a failed run of several kernels: the first kernel that fails alone, with GenX_IR's message about
/// it; the run's own failure, naming them all, when each passes alone.
fn attribute_failure(kernels: &[Input<'_>], platform: &Platform, finalizer_options: &[String], output: &Output) -> String {
    for kernel in kernels {
        if let Err(error) = finalize(std::slice::from_ref(kernel), platform, finalizer_options) {
            return error;
        }
    }
    let names: Vec<&str> = kernels.iter().map(|k| k.kernel).collect();
    format!("{} (each passes alone): {}", describe(&names), failure(output))
}

/// Whether GenX_IR can be run (for tests and `cmc --version`).
pub fn available() -> bool {
    Command::new("GenX_IR").arg("-h").output().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_numbers() {
        let asm = "//.kernel k\n//.instCount 189\n//.spill size 256\n//.spill GRF est. ref count 39\n\nmov ...\n//.instCount 7\n";
        assert_eq!(header_number(asm, "instCount"), Some(189));
        assert_eq!(header_number(asm, "spill size"), Some(256));
        assert_eq!(header_number("//.instCount 3\n", "spill size"), None);
        assert_eq!(header_text("//.kernel tmpl<int, 4U>\n//.kernel_attr x\n", "kernel"), Some("tmpl<int, 4U>"));
        assert_eq!(header_text("//.kernel_attr x\n", "kernel"), None);
    }

    /// A kernel adding `k` to eight dwords of its surface; `label` is its entry label.
    fn kernel(name: &str, label: &str, k: u32) -> String {
        format!(
            ".version 4.1\n.kernel \"{name}\"\n.decl T6 v_type=T num_elts=1\n.decl V32 v_type=G type=d num_elts=8 align=GRF\n\
             .input T6 offset=32 size=4\n.function \"{label}\"\n{label}:\n    oword_ld (2) T6 0x0:ud V32.0\n\
             \x20   add (M1, 4) V32(0,0)<2> V32(0,0)<2;1,0> 0x{k:x}:d\n    oword_st (2) T6 0x2:ud V32.0\n    ret (M1, 1)\n"
        )
    }

    fn inputs<'a>(kernels: &'a [(&'a str, String)]) -> Vec<Input<'a>> {
        kernels.iter().map(|(kernel, visaasm)| Input { kernel, visaasm }).collect()
    }

    #[test]
    fn finalizes_a_kernel_and_checks_its_name() {
        if !available() {
            return;
        }
        let platform = genx_passes::platform::find("icllp").expect("icllp");
        let text = kernel("k", "k_BB_0", 7);
        let one = |name: &str, text: &str, options: &[String]| {
            finalize(&[Input { kernel: name, visaasm: text }], platform, options)
        };
        let object = one("k", &text, &[]).expect("GenX_IR accepts it");
        let done = &object.kernels[0];
        assert!(done.instructions > 3, "{}", done.asm);
        assert_eq!(done.spill_bytes, 0);
        assert!(object.isa.starts_with(b"CISA"));
        let wrong = one("other", &text, &[]).unwrap_err();
        assert!(wrong.contains("holds the kernels [\"k\"]"), "{wrong}");
        let broken = one("k", ".version 4.1\n.kernel \"k\"\nfrobnicate\n", &[]).unwrap_err();
        assert!(broken.contains("kernel 'k': the vISA finalizer (GenX_IR) failed"), "{broken}");
        assert_eq!(done.registers, None);
        // `-printregusage` exits 1 after a good compile; the figure is read and agrees with the asm header.
        let usage = vec![PRINT_REG_USAGE.to_string()];
        let counted = one("k", &text, &usage).expect("-printregusage is not a failure");
        let registers = counted.kernels[0].registers.expect("a register figure");
        assert_eq!(Some(registers), header_number(&counted.kernels[0].asm, "GRF count"), "{}", counted.kernels[0].asm);
        assert!(registers > 0 && registers <= 128, "{registers}");
        assert_eq!(counted.kernels[0].instructions, done.instructions);
        // ... but a real failure under the option is still one.
        let broken = one("k", ".version 4.1\n.kernel \"k\"\nfrobnicate\n", &usage).unwrap_err();
        assert!(broken.contains("kernel 'k': the vISA finalizer (GenX_IR) failed"), "{broken}");
    }

    /// Three kernels, two of whose dump names are the same and whose entry labels are the same, in one object,
    /// in their order, each with its own asm; a failure of the second names it.
    #[test]
    fn finalizes_several_kernels_into_one_object() {
        if !available() {
            return;
        }
        let platform = genx_passes::platform::find("tgllp").expect("tgllp");
        let kernels = [
            ("tmpl<int, 4U>", kernel("tmpl<int, 4U>", "entry", 0x111)),
            ("tmpl_int__4U_", kernel("tmpl_int__4U_", "entry", 0x222)),
            ("plain", kernel("plain", "entry", 0x333)),
        ];
        let object = finalize(&inputs(&kernels), platform, &[]).expect("GenX_IR accepts the three");
        let names: Vec<String> = object.kernels.iter().map(|k| k.kernel.clone()).collect();
        assert_eq!(names, ["tmpl<int, 4U>", "tmpl_int__4U_", "plain"]);
        assert_eq!(binary::read_cisa(&object.isa).expect("a CISA object").kernel_names(), names);
        // Each asm is its kernel's own code: the constant it adds, as the asm prints it.
        for (done, k) in object.kernels.iter().zip([0x111, 0x222, 0x333]) {
            assert_eq!(header_text(&done.asm, "kernel"), Some(done.kernel.as_str()));
            assert!(done.asm.contains(&format!(" {k}:w")), "kernel {}'s own code ({k}): {}", done.kernel, done.asm);
        }
        let usage = vec![PRINT_REG_USAGE.to_string()];
        let counted = finalize(&inputs(&kernels), platform, &usage).expect("-printregusage is not a failure");
        for done in &counted.kernels {
            assert_eq!(done.registers, header_number(&done.asm, "GRF count"), "{}", done.kernel);
            assert!(done.registers.is_some(), "{}", done.kernel);
        }
        // The second kernel broken: the error names it and carries GenX_IR's message about it alone (line 3 of its
        // own text).
        let broken = [
            ("first", kernel("first", "first_BB_0", 1)),
            ("second", ".version 4.1\n.kernel \"second\"\nfrobnicate\n".to_string()),
            ("third", kernel("third", "third_BB_0", 3)),
        ];
        let error = finalize(&inputs(&broken), platform, &[]).unwrap_err();
        assert!(error.starts_with("kernel 'second': the vISA finalizer (GenX_IR) failed"), "{error}");
        assert!(error.contains("near line 3"), "{error}");
    }

    #[test]
    fn two_kernels_of_one_name_are_refused() {
        let kernels = [("a", kernel("a", "x", 1)), ("b", kernel("b", "y", 2)), ("a", kernel("a", "z", 3))];
        let platform = genx_passes::platform::find("icllp").expect("icllp");
        let error = finalize(&inputs(&kernels), platform, &[]).unwrap_err();
        assert!(error.starts_with("the module's kernels 1 and 3 (of 3) are both named 'a'"), "{error}");
    }

    #[test]
    fn joined_text_has_one_version_and_each_kernels_asm_path() {
        let kernels = [("a", kernel("a", "a_BB_0", 1)), ("b", kernel("b", "b_BB_0", 2))];
        let inputs = inputs(&kernels);
        let text = join(&inputs, &asm_stems(&inputs)).unwrap();
        assert_eq!(text.matches(".version 4.1\n").count(), 1);
        assert!(text.starts_with(".version 4.1\n.kernel \"a\"\n.decl"), "{text}");
        assert!(text.contains("ret (M1, 1)\n.kernel_attr OutputAsmPath=\"a\"\n.kernel \"b\"\n"), "{text}");
        assert!(text.ends_with("ret (M1, 1)\n.kernel_attr OutputAsmPath=\"b\"\n"), "{text}");
        let other = [("a", kernel("a", "x", 1)), ("b", kernel("b", "y", 2).replace(".version 4.1", ".version 3.6"))];
        let error = join(&self::inputs(&other), &["a".into(), "b".into()]).unwrap_err();
        assert!(error.contains("kernel 'b': its .visaasm says '.version 3.6'"), "{error}");
        let error = join(&[Input { kernel: "c", visaasm: ".version 4.1\n.decl x\n" }], &["c".into()]).unwrap_err();
        assert!(error.contains("kernel 'c': its .visaasm has no .kernel line"), "{error}");
        let error = join(&[Input { kernel: "c", visaasm: ".kernel \"c\"\n" }], &["c".into()]).unwrap_err();
        assert!(error.contains("does not start with a .version line"), "{error}");
    }

    #[test]
    fn asm_stems_are_unique_and_short() {
        let long = "x".repeat(300);
        let names = ["a<b>", "a_b_", "a_b__1", &long];
        let inputs: Vec<Input<'_>> = names.iter().map(|kernel| Input { kernel, visaasm: "" }).collect();
        let stems = asm_stems(&inputs);
        assert_eq!(stems[..3], ["a_b_", "a_b__1", "a_b__1_2"]);
        assert_eq!(stems[3], "x".repeat(MAX_STEM));
    }

    /// Each kernel's register figure, when the messages are all notes.
    fn registers(messages: &str, kernels: &[&str]) -> Option<Vec<Option<u32>>> {
        notes(messages, kernels).map(|notes| notes.iter().map(|n| n.registers).collect())
    }

    #[test]
    fn register_usage_lines() {
        let said = "GenX_IR k.visaasm -platform Gen11LP -printregusage\n[vISA Finalizer Messages]\n\tKernel k : 8 registers\n\tKernel k : 8 registers\n\n";
        assert_eq!(notes(said, &["k"]), Some(vec![Notes { registers: Some(8), spill_bytes: None }]));
        // Another kernel's figure, a figure that disagrees, or any other message: not this convention.
        assert_eq!(notes(said, &["other"]), None);
        assert_eq!(notes("Kernel k : 8 registers\nKernel k : 9 registers\n", &["k"]), None);
        assert_eq!(notes("[vISA Finalizer Messages]\nKernel k : 8 registers\nerror: spill failed\n", &["k"]), None);
        assert_eq!(notes("", &["k"]), None);
        // A kernel name with spaces and colons still parses (the figure is after the last ' : ').
        assert_eq!(registers("Kernel a : b : 12 registers\n", &["a : b"]), Some(vec![Some(12)]));
        // Several kernels: their figures in the kernels' order; a kernel without one has none.
        let two = "[vISA Finalizer Messages]\n\tKernel t<int, 4U> : 7 registers\n\tKernel plain : 9 registers\n\tKernel t<int, 4U> : 7 registers\n\tKernel plain : 9 registers\n";
        assert_eq!(registers(two, &["plain", "t<int, 4U>"]), Some(vec![Some(9), Some(7)]));
        assert_eq!(registers(two, &["plain", "t<int, 4U>", "third"]), Some(vec![Some(9), Some(7), None]));
        assert_eq!(registers(two, &["plain"]), None);
    }

    #[test]
    fn spill_lines() {
        // GenX_IR's stderr after a kernel that spilled (each note twice), with and without -printregusage.
        let advice = format!(" {SPILL_ADVICE}");
        let spilled = format!("[vISA Finalizer Messages]\nSpill memory used = 5120 bytes for kernel wide_math\n{advice}\nSpill memory used = 5120 bytes for kernel wide_math\n{advice}\n\n");
        assert_eq!(notes(&spilled, &["wide_math"]), Some(vec![Notes { registers: None, spill_bytes: Some(5120) }]));
        let both = format!("[vISA Finalizer Messages]\nSpill memory used = 64 bytes for kernel k\n{advice}\n\tKernel k : 128 registers\nSpill memory used = 64 bytes for kernel k\n{advice}\n\tKernel k : 128 registers\n");
        assert_eq!(notes(&both, &["k"]), Some(vec![Notes { registers: Some(128), spill_bytes: Some(64) }]));
        // One of two kernels spilled: the other has no note.
        assert_eq!(
            notes(&spilled, &["first", "wide_math"]),
            Some(vec![Notes::default(), Notes { registers: None, spill_bytes: Some(5120) }])
        );
        // A kernel not of the run, figures that disagree, a spill line without its figure, or an error next to a
        // spill: a failure.
        assert_eq!(notes(&spilled, &["other"]), None);
        assert_eq!(notes("Spill memory used = 64 bytes for kernel k\nSpill memory used = 96 bytes for kernel k\n", &["k"]), None);
        assert_eq!(notes("Spill memory used = many bytes for kernel k\n", &["k"]), None);
        assert_eq!(notes(&format!("{spilled}ERROR: Spill code generation failed\n"), &["wide_math"]), None);
        // The advice alone is not a note about the kernel.
        assert_eq!(notes(&advice, &["k"]), None);
    }
}
