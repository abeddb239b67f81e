//! SPIR-V: writing it with llvm-spirv-14, and reading the entry points of a module.
//!
//! llvm-spirv-14 is the same translator IGC links (`libLLVMSPIRVLib.so.14`), so what it writes is what IGC reads
//! (docs/vc-backend.md: key fact). It runs as a subprocess on bitcode in the bridge's private directory, with the
//! vector-compute extensions and `llvm.genx.*` declarations allowed through as imported functions.
//!
//! The reader knows only what the bridge needs: the header and the `OpEntryPoint` instructions (the kernels a
//! `.spv` input must produce), and the capabilities and extensions (for messages and tests).

use std::path::Path;
use std::process::Command;

/// The translator's extensions: the vector-compute one is required (without it IGC emits no kernel), the float
/// controls carry `VCFloatControl`.
pub const EXTENSIONS: &str = "+SPV_INTEL_vector_compute,+SPV_INTEL_float_controls2,+SPV_KHR_float_controls";

pub const LLVM_SPIRV: &str = "llvm-spirv-14";

fn arguments() -> [String; 2] {
    [format!("--spirv-ext={EXTENSIONS}"), "--spirv-allow-unknown-intrinsics=llvm.genx.".to_string()]
}

/// The translator's command line, as printed by `-v` and `-###`.
pub fn command_line(bitcode: &Path, output: &Path) -> String {
    let [ext, allow] = arguments();
    format!("{LLVM_SPIRV} {} -o {} {ext} {allow}", bitcode.display(), output.display())
}

/// Translates `bitcode` (a file in `dir`) to SPIR-V, returning its bytes.
pub fn translate(dir: &Path, bitcode: &Path, verbose: bool) -> Result<Vec<u8>, String> {
    let output = dir.join("module.spv");
    let mut command = Command::new(LLVM_SPIRV);
    command.arg(bitcode).arg("-o").arg(&output).args(arguments());
    if verbose {
        eprintln!("{}", command_line(bitcode, &output));
    }
    let result =
        command.output().map_err(|err| format!("cannot run {LLVM_SPIRV}: {err} (install it with scripts/setup.sh)"))?;
    if !result.status.success() {
        let text = String::from_utf8_lossy(&result.stderr);
        let text = if text.trim().is_empty() { String::from_utf8_lossy(&result.stdout) } else { text };
        let mut message = translator_message(&text);
        if result.status.code().is_none() {
            message.push_str(" (llvm-spirv-14 crashed)");
        }
        return Err(message);
    }
    std::fs::read(&output).map_err(|err| format!("{LLVM_SPIRV} wrote no output: {err}"))
}

/// What the translator said, without LLVM's crash report (bug-report request, stack dump).
fn translator_message(text: &str) -> String {
    text.lines()
        .take_while(|line| !line.starts_with("PLEASE submit a bug report") && !line.starts_with("Stack dump:"))
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

/// The facts of a SPIR-V module the bridge reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// `OpEntryPoint` names, in order.
    pub entry_points: Vec<String>,
    pub extensions: Vec<String>,
    /// Capability numbers (`OpCapability`).
    pub capabilities: Vec<u32>,
}

/// Capability `VectorComputeINTEL`.
pub const CAPABILITY_VECTOR_COMPUTE: u32 = 5617;

const MAGIC: u32 = 0x0723_0203;

/// Reads the entry points, extensions and capabilities of a SPIR-V binary.
pub fn summarize(bytes: &[u8]) -> Result<Summary, String> {
    if bytes.len() < 20 || bytes.len() % 4 != 0 {
        return Err("not a SPIR-V module (too short or not a whole number of words)".to_string());
    }
    let first = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let big_endian = match first {
        MAGIC => false,
        _ if first.swap_bytes() == MAGIC => true,
        _ => return Err("not a SPIR-V module (bad magic number)".to_string()),
    };
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| {
            let w = [c[0], c[1], c[2], c[3]];
            if big_endian {
                u32::from_be_bytes(w)
            } else {
                u32::from_le_bytes(w)
            }
        })
        .collect();
    let mut summary = Summary::default();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 || at + count > words.len() {
            return Err(format!("malformed SPIR-V: instruction at word {at} runs past the end"));
        }
        let operands = &words[at + 1..at + count];
        match opcode {
            // OpCapability
            17 => summary.capabilities.extend(operands.first()),
            // OpExtension: literal string
            10 => summary.extensions.push(literal_string(operands)),
            // OpEntryPoint: execution model, function id, name, interface...
            15 if operands.len() >= 3 => summary.entry_points.push(literal_string(&operands[2..])),
            _ => {}
        }
        at += count;
    }
    Ok(summary)
}

fn literal_string(words: &[u32]) -> String {
    let mut bytes = Vec::new();
    'words: for word in words {
        for byte in word.to_le_bytes() {
            if byte == 0 {
                break 'words;
            }
            bytes.push(byte);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string_words(s: &str) -> Vec<u32> {
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        while bytes.len() % 4 != 0 {
            bytes.push(0);
        }
        bytes.chunks(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
    }

    #[test]
    fn crash_reports_are_cut_from_messages() {
        let text = "llvm-spirv-14: x.cpp:1: f: Assertion `a' failed.\nPLEASE submit a bug report to ...\nStack dump:\n #0 0x0\n";
        assert_eq!(translator_message(text), "llvm-spirv-14: x.cpp:1: f: Assertion `a' failed.");
    }

    #[test]
    fn entry_points_extensions_and_capabilities() {
        let mut words = vec![MAGIC, 0x0001_0000, 0, 10, 0];
        words.extend([2 << 16 | 17, CAPABILITY_VECTOR_COMPUTE]);
        let ext = string_words("SPV_INTEL_vector_compute");
        words.push(((1 + ext.len() as u32) << 16) | 10);
        words.extend(&ext);
        let name = string_words("kernel_a");
        words.push(((3 + name.len() as u32) << 16) | 15);
        words.extend([6, 4]);
        words.extend(&name);
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let summary = summarize(&bytes).unwrap();
        assert_eq!(summary.entry_points, vec!["kernel_a".to_string()]);
        assert_eq!(summary.extensions, vec!["SPV_INTEL_vector_compute".to_string()]);
        assert_eq!(summary.capabilities, vec![CAPABILITY_VECTOR_COMPUTE]);
        assert!(summarize(&bytes[..bytes.len() - 4]).is_err());
        assert!(summarize(b"not spirv at all").is_err());
    }
}
