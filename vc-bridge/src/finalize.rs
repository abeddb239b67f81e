//! The vISA route's last step: our `.visaasm` → IGC's standalone vISA finalizer, `GenX_IR` (libigc-tools),
//! which allocates registers, schedules and encodes (docs/vc-backend.md §4).
//!
//! `GenX_IR k.visaasm -platform <P> -output -binary` in a private directory writes `k.asm` (Gen asm whose
//! header holds `//.instCount N` and, when registers spilled, `//.spill size N`), `k.dat` (raw Gen ISA) and
//! `k.isa`, a CISA object of the kind IGC writes for `-binary-format=cm` (what the CM runtime loads). The
//! object's kernel names are read back and must be exactly the kernel that went in. GenX_IR names its outputs
//! after the input file, so each kernel is finalized in a directory of its own. GenX_IR's binary `.isa` input
//! crashes in this release, so the route always hands it text.
//!
//! `-printregusage` (cmc's `-mCM_printregusage`) has a convention of its own in this release: GenX_IR reports the
//! figure (`Kernel k : N registers`) as a "critical message", which makes its compile step report failure, so it
//! prints the figure (twice: once under `[vISA Finalizer Messages]`, once more as the critical message) and exits
//! 1, with every output written. Spilling is reported the same way: after a kernel whose registers did not fit,
//! GenX_IR prints `Spill memory used = N bytes for kernel k` with a line of advice (each twice) and exits 1,
//! every output written, the kernel compiled with spill code (as IGC's and Intel's cmc's compiles of such a
//! kernel are). A run whose exit status is 1, whose outputs are all there and whose only messages are these
//! notes about this kernel ([`notes`]) is therefore a success here: the register figure becomes
//! [`Finalized::registers`] (cross-checked with the asm header's `//.GRF count N`, which the option adds), the
//! spill figure [`Finalized::spill_bytes`] (cross-checked with `//.spill size N`), which the caller reports as
//! a warning. Any other message, another kernel's name, or a figure that disagrees makes the run a failure.
//!
//! Only this crate knows GenX_IR's command line and outputs; the platform's `-platform` name is the platform
//! table's `visa_platform`.

use std::process::Command;

use genx_passes::platform::Platform;

use crate::binary;
use crate::clock::{Clock, Span};
use crate::WorkDir;

/// One kernel after the finalizer.
#[derive(Clone, Debug)]
pub struct Finalized {
    pub kernel: String,
    /// The Gen asm GenX_IR wrote.
    pub asm: String,
    /// The CISA object (`k.isa`).
    pub isa: Vec<u8>,
    /// Gen ISA instructions (`//.instCount`).
    pub instructions: u32,
    /// Bytes of spill space (`//.spill size`, 0 when absent): registers that did not fit, kept in memory.
    pub spill_bytes: u32,
    /// GRF registers the kernel uses, when `-printregusage` asked GenX_IR for the figure.
    pub registers: Option<u32>,
    pub time: Span,
}

/// The finalizer's command line for one kernel (`-###` prints it).
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
    asm.lines()
        .take_while(|line| line.starts_with("//") || line.trim().is_empty())
        .find_map(|line| line.strip_prefix("//.")?.strip_prefix(key)?.split_whitespace().next()?.parse().ok())
}

/// The option that asks GenX_IR for each kernel's register use.
pub const PRINT_REG_USAGE: &str = "-printregusage";

/// GenX_IR's advice after each spill line.
const SPILL_ADVICE: &str =
    "Compiling kernel with spill code may degrade performance. Please consider rewriting the kernel to use less registers.";

/// What GenX_IR said about a kernel it compiled (see the module note).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// `Kernel k : N registers` (`-printregusage`).
    pub registers: Option<u32>,
    /// `Spill memory used = N bytes for kernel k`.
    pub spill_bytes: Option<u32>,
}

/// The notes in GenX_IR's messages about `kernel`, when every message line is one (a register figure, a spill
/// figure or the advice after it; the header `[vISA Finalizer Messages]`, blank lines and GenX_IR's echo of
/// its command line aside) and repeated figures agree; `None` when any other message is there, or none at all.
pub fn notes(messages: &str, kernel: &str) -> Option<Notes> {
    fn agree(slot: &mut Option<u32>, figure: u32) -> Option<()> {
        if slot.is_some_and(|f| f != figure) {
            return None;
        }
        *slot = Some(figure);
        Some(())
    }
    let mut notes = Notes::default();
    for line in messages.lines().map(str::trim) {
        if line.is_empty() || line == "[vISA Finalizer Messages]" || line.starts_with("GenX_IR ") || line == SPILL_ADVICE {
            continue;
        }
        if let Some(rest) = line.strip_prefix("Spill memory used = ") {
            let (bytes, name) = rest.split_once(" bytes for kernel ")?;
            if name != kernel {
                return None;
            }
            agree(&mut notes.spill_bytes, bytes.parse().ok()?)?;
            continue;
        }
        let (name, count) = line.strip_prefix("Kernel ")?.rsplit_once(" : ")?;
        if name != kernel {
            return None;
        }
        agree(&mut notes.registers, count.strip_suffix(" registers")?.parse().ok()?)?;
    }
    (notes != Notes::default()).then_some(notes)
}

/// Finalizes one kernel's `.visaasm`; errors name the kernel and carry GenX_IR's own message.
pub fn finalize(
    kernel: &str,
    visaasm: &str,
    platform: &Platform,
    finalizer_options: &[String],
) -> Result<Finalized, String> {
    let dir = WorkDir::new()?;
    let input = dir.path().join("k.visaasm");
    std::fs::write(&input, visaasm).map_err(|err| format!("cannot write {}: {err}", input.display()))?;
    let args = command(platform, finalizer_options);
    let start = Clock::start();
    let output = Command::new(&args[0])
        .args(&args[1..])
        .current_dir(dir.path())
        .output()
        .map_err(|err| format!("kernel '{kernel}': cannot run GenX_IR (install libigc-tools): {err}"))?;
    let time = start.elapsed();
    let read = |name: &str| std::fs::read(dir.path().join(name));
    let stderr = String::from_utf8_lossy(&output.stderr);
    // `-printregusage` and spilling exit 1 after a good compile (see the module note).
    let notes = notes(&stderr, kernel).filter(|_| output.status.code() == Some(1) || output.status.success());
    let registers = notes.and_then(|n| n.registers).filter(|_| finalizer_options.iter().any(|o| o == PRINT_REG_USAGE));
    let (asm, isa) = match (read("k.asm"), read("k.isa")) {
        (Ok(asm), Ok(isa)) if output.status.success() || notes.is_some() => {
            (String::from_utf8_lossy(&asm).into_owned(), isa)
        }
        _ => {
            let mut message = String::from_utf8_lossy(&output.stdout).into_owned();
            message.push_str(&String::from_utf8_lossy(&output.stderr));
            let message = crate::ocloc::igc_messages(&message);
            let message: Vec<&str> = message
                .lines()
                .filter(|line| !line.starts_with("GenX_IR "))
                .map(|line| line.trim())
                .collect::<Vec<_>>();
            let how = match output.status.code() {
                Some(code) => format!("exited with status {code}"),
                None => format!("was killed by {}", crate::ocloc::signal_name(&output.status)),
            };
            let said = if message.is_empty() { "it printed no message".to_string() } else { message.join("; ") };
            return Err(format!("kernel '{kernel}': the vISA finalizer (GenX_IR) failed ({how}): {said}"));
        }
    };
    let names = binary::read_cisa(&isa)
        .map_err(|err| format!("kernel '{kernel}': GenX_IR's CISA object cannot be read: {err}"))?
        .kernel_names();
    if names != [kernel] {
        return Err(format!("kernel '{kernel}': GenX_IR's CISA object holds the kernels {names:?}"));
    }
    let instructions = header_number(&asm, "instCount")
        .ok_or_else(|| format!("kernel '{kernel}': GenX_IR's asm has no //.instCount line"))?;
    let spill_bytes = header_number(&asm, "spill size").unwrap_or(0);
    if let Some(said) = notes.and_then(|n| n.spill_bytes) {
        if said != spill_bytes {
            return Err(format!(
                "kernel '{kernel}': GenX_IR reports {said} bytes of spill but its asm header says //.spill size {spill_bytes}"
            ));
        }
    }
    if let (Some(said), Some(header)) = (registers, header_number(&asm, "GRF count")) {
        if said != header {
            return Err(format!(
                "kernel '{kernel}': GenX_IR reports {said} registers but its asm header says //.GRF count {header}"
            ));
        }
    }
    Ok(Finalized { kernel: kernel.to_string(), asm, isa, instructions, spill_bytes, registers, time })
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
    }

    #[test]
    fn finalizes_a_kernel_and_checks_its_name() {
        if !available() {
            return;
        }
        let platform = genx_passes::platform::find("icllp").expect("icllp");
        let text = ".version 4.1\n.kernel \"k\"\n.decl T6 v_type=T num_elts=1\n.decl V32 v_type=G type=d num_elts=8 align=GRF\n\
                    .input T6 offset=32 size=4\n.function \"k_BB_0\"\nk_BB_0:\n    oword_ld (2) T6 0x0:ud V32.0\n\
                    \x20   add (M1, 4) V32(0,0)<2> V32(0,0)<2;1,0> 0x7:d\n    oword_st (2) T6 0x2:ud V32.0\n    ret (M1, 1)\n";
        let done = finalize("k", text, platform, &[]).expect("GenX_IR accepts it");
        assert!(done.instructions > 3, "{}", done.asm);
        assert_eq!(done.spill_bytes, 0);
        assert!(done.isa.starts_with(b"CISA"));
        let wrong = finalize("other", text, platform, &[]).unwrap_err();
        assert!(wrong.contains("holds the kernels [\"k\"]"), "{wrong}");
        let broken = finalize("k", ".version 4.1\n.kernel \"k\"\nfrobnicate\n", platform, &[]).unwrap_err();
        assert!(broken.contains("kernel 'k': the vISA finalizer (GenX_IR) failed"), "{broken}");
        assert_eq!(done.registers, None);
        // `-printregusage` exits 1 after a good compile; the figure is read and agrees with the asm header.
        let usage = vec![PRINT_REG_USAGE.to_string()];
        let counted = finalize("k", text, platform, &usage).expect("-printregusage is not a failure");
        let registers = counted.registers.expect("a register figure");
        assert_eq!(Some(registers), header_number(&counted.asm, "GRF count"), "{}", counted.asm);
        assert!(registers > 0 && registers <= 128, "{registers}");
        assert_eq!(counted.instructions, done.instructions);
        // ... but a real failure under the option is still one.
        let broken = finalize("k", ".version 4.1\n.kernel \"k\"\nfrobnicate\n", platform, &usage).unwrap_err();
        assert!(broken.contains("kernel 'k': the vISA finalizer (GenX_IR) failed"), "{broken}");
    }

    #[test]
    fn register_usage_lines() {
        let registers = |messages: &str, kernel: &str| notes(messages, kernel).and_then(|n| n.registers);
        let said = "GenX_IR k.visaasm -platform Gen11LP -printregusage\n[vISA Finalizer Messages]\n\tKernel k : 8 registers\n\tKernel k : 8 registers\n\n";
        assert_eq!(notes(said, "k"), Some(Notes { registers: Some(8), spill_bytes: None }));
        // Another kernel's figure, a figure that disagrees, or any other message: not this convention.
        assert_eq!(notes(said, "other"), None);
        assert_eq!(notes("Kernel k : 8 registers\nKernel k : 9 registers\n", "k"), None);
        assert_eq!(notes("[vISA Finalizer Messages]\nKernel k : 8 registers\nerror: spill failed\n", "k"), None);
        assert_eq!(notes("", "k"), None);
        // A kernel name with spaces and colons still parses (the figure is after the last ' : ').
        assert_eq!(registers("Kernel a : b : 12 registers\n", "a : b"), Some(12));
    }

    #[test]
    fn spill_lines() {
        // GenX_IR's stderr after a kernel that spilled (each note twice), with and without -printregusage.
        let advice = format!(" {SPILL_ADVICE}");
        let spilled = format!("[vISA Finalizer Messages]\nSpill memory used = 5120 bytes for kernel wide_math\n{advice}\nSpill memory used = 5120 bytes for kernel wide_math\n{advice}\n\n");
        assert_eq!(notes(&spilled, "wide_math"), Some(Notes { registers: None, spill_bytes: Some(5120) }));
        let both = format!("[vISA Finalizer Messages]\nSpill memory used = 64 bytes for kernel k\n{advice}\n\tKernel k : 128 registers\nSpill memory used = 64 bytes for kernel k\n{advice}\n\tKernel k : 128 registers\n");
        assert_eq!(notes(&both, "k"), Some(Notes { registers: Some(128), spill_bytes: Some(64) }));
        // Another kernel's spill, figures that disagree, a spill line without its figure, or an error next to a
        // spill: a failure.
        assert_eq!(notes(&spilled, "other"), None);
        assert_eq!(notes("Spill memory used = 64 bytes for kernel k\nSpill memory used = 96 bytes for kernel k\n", "k"), None);
        assert_eq!(notes("Spill memory used = many bytes for kernel k\n", "k"), None);
        assert_eq!(notes(&format!("{spilled}ERROR: Spill code generation failed\n"), "wide_math"), None);
        // The advice alone is not a note about the kernel.
        assert_eq!(notes(&advice, "k"), None);
    }
}
