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
//! 1, with every output written. A run whose exit status is 1, whose outputs are all there and whose only
//! messages are register-usage lines of this kernel is therefore a success here; the figure becomes
//! [`Finalized::registers`] (cross-checked with the asm header's `//.GRF count N`, which the option adds).
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
    /// Bytes of spill space (`//.spill size`, 0 when absent).
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

/// The register figure of `kernel` in GenX_IR's `-printregusage` messages (`Kernel k : N registers`), when
/// every message line is such a figure for `kernel` (the header `[vISA Finalizer Messages]`, blank lines and
/// GenX_IR's echo of its command line aside); `None` when any other message is there.
pub fn register_usage(messages: &str, kernel: &str) -> Option<u32> {
    let mut figure = None;
    for line in messages.lines().map(str::trim) {
        if line.is_empty() || line == "[vISA Finalizer Messages]" || line.starts_with("GenX_IR ") {
            continue;
        }
        let (name, count) = line.strip_prefix("Kernel ")?.rsplit_once(" : ")?;
        let count: u32 = count.strip_suffix(" registers")?.parse().ok()?;
        if name != kernel || figure.is_some_and(|f| f != count) {
            return None;
        }
        figure = Some(count);
    }
    figure
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
    // `-printregusage` exits 1 after a good compile (see the module note).
    let registers = finalizer_options
        .iter()
        .any(|o| o == PRINT_REG_USAGE)
        .then(|| register_usage(&stderr, kernel))
        .flatten()
        .filter(|_| output.status.code() == Some(1) || output.status.success());
    let (asm, isa) = match (read("k.asm"), read("k.isa")) {
        (Ok(asm), Ok(isa)) if output.status.success() || registers.is_some() => {
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
        let said = "GenX_IR k.visaasm -platform Gen11LP -printregusage\n[vISA Finalizer Messages]\n\tKernel k : 8 registers\n\tKernel k : 8 registers\n\n";
        assert_eq!(register_usage(said, "k"), Some(8));
        // Another kernel's figure, a figure that disagrees, or any other message: not this convention.
        assert_eq!(register_usage(said, "other"), None);
        assert_eq!(register_usage("Kernel k : 8 registers\nKernel k : 9 registers\n", "k"), None);
        assert_eq!(register_usage("[vISA Finalizer Messages]\nKernel k : 8 registers\nerror: spill failed\n", "k"), None);
        assert_eq!(register_usage("", "k"), None);
        // A kernel name with spaces and colons still parses (the figure is after the last ' : ').
        assert_eq!(register_usage("Kernel a : b : 12 registers\n", "a : b"), Some(12));
    }
}
