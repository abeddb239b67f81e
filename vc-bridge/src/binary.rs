//! Reading the kernels out of the binaries ocloc writes, so that a compile is judged by what the binary holds and
//! not by ocloc's "Build succeeded" (IGC can succeed and emit no kernel: docs/vc-backend.md §5).
//!
//! Two containers, both ELF64 little-endian:
//! - **OpenCL program binary with patch tokens** (`-binary-format=ocl`; ELF type 0xff04, e_machine 0): the section
//!   of type `SHT_LOUSER + 0x7f000005` ("Intel(R) OpenCL Device Binary") holds the patch-token program: a 28-byte
//!   program header (`magic 'CTNI'`, version, device, pointer size, kernel count, stepping, patch-list size), the
//!   program patch list, then per kernel a 40-byte header (checksum, shader hash, name size, patch-list size,
//!   kernel/general/dynamic/surface heap sizes, unpadded kernel size) followed by the NUL-padded name, the four
//!   heaps and the kernel's patch list.
//! - **zebin** (`-binary-format=ze`; e_machine 0xcd, Intel Graphics Technology): one `.text.<kernel>` section per
//!   kernel and the `.ze_info` YAML whose top-level `kernels:` list names them. Both must agree.
//! - **CMRT container** (`-binary-format=cm`): ocloc wraps it in the same OpenCL ELF, but the device-binary section
//!   then holds a vISA "CISA" object (what cmc's `.gen` product is): `"CISA"`, major and minor version (u8 each),
//!   kernel count (u16), then per kernel its name (u16 length from vISA 4 on, u8 before), offset, size and
//!   input offset (u32 each), symbol counts (u16 each) and the finalized Gen binaries (u8 count, then platform u8,
//!   offset u32, size u32 each). [`cm_payload`] extracts it.
//!
//! Invariant: a malformed container is an error naming what is wrong and where, never a panic (every offset is
//! bounds-checked).
//!
//! Not handled: 32-bit ELF, big-endian; vISA objects with symbol tables (IGC writes none).

use std::fmt;

/// The container a binary turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    PatchTokens,
    Zebin,
    /// vISA object for CMRT (the `.gen` of `-binary-format=cm`).
    Cisa,
}

impl fmt::Display for Container {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Container::PatchTokens => "OpenCL patch-token binary",
            Container::Zebin => "zebin",
            Container::Cisa => "CMRT vISA object",
        })
    }
}

/// One kernel found in a binary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    pub name: String,
    /// Bytes of Gen ISA (the unpadded kernel heap, or the `.text.<kernel>` section).
    pub isa_size: usize,
}

/// What a binary holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    pub container: Container,
    pub kernels: Vec<Kernel>,
    /// The printf format and %s strings the binary carries for the runtime, in the binary's order: the
    /// `PATCH_TOKEN_STRING` items of the kernels' patch lists (patch tokens), the NUL-separated strings of the
    /// `.data.const.string` section (zebin); none for a CMRT object.
    pub printf_strings: Vec<String>,
}

impl Contents {
    pub fn kernel_names(&self) -> Vec<String> {
        self.kernels.iter().map(|k| k.name.clone()).collect()
    }
}

const SHT_OPENCL_DEV_BINARY: u32 = 0x8000_0000 + 0x7f00_0005;
const EM_INTELGT: u16 = 0xcd;
const PATCH_TOKEN_MAGIC: u32 = 0x494e_5443;

struct Section<'a> {
    name: String,
    kind: u32,
    data: &'a [u8],
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    bytes.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    bytes.get(at..at + 8).map(|b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
}

fn slice(bytes: &[u8], offset: u64, size: u64) -> Option<&[u8]> {
    let start = usize::try_from(offset).ok()?;
    let end = start.checked_add(usize::try_from(size).ok()?)?;
    bytes.get(start..end)
}

/// The sections of an ELF64 little-endian file.
fn sections(bytes: &[u8]) -> Result<(u16, Vec<Section<'_>>), String> {
    if bytes.len() < 64 || &bytes[..4] != b"\x7fELF" {
        return Err("not an ELF file".to_string());
    }
    if bytes[4] != 2 || bytes[5] != 1 {
        return Err("not a 64-bit little-endian ELF file".to_string());
    }
    let bad = |what: &str| format!("malformed ELF: {what}");
    let machine = u16_at(bytes, 18).ok_or_else(|| bad("header"))?;
    let shoff = u64_at(bytes, 40).ok_or_else(|| bad("header"))?;
    let shentsize = u16_at(bytes, 58).ok_or_else(|| bad("header"))? as u64;
    let shnum = u16_at(bytes, 60).ok_or_else(|| bad("header"))? as u64;
    let shstrndx = u16_at(bytes, 62).ok_or_else(|| bad("header"))? as u64;
    if shentsize < 64 || shstrndx >= shnum {
        return Err(bad("section header table"));
    }
    let header = |index: u64| -> Result<(u32, u32, u64, u64), String> {
        let table = slice(bytes, shoff + index * shentsize, 64).ok_or_else(|| bad("section header out of bounds"))?;
        let name = u32_at(table, 0).unwrap_or(0);
        let kind = u32_at(table, 4).unwrap_or(0);
        let offset = u64_at(table, 24).unwrap_or(0);
        let size = u64_at(table, 32).unwrap_or(0);
        Ok((name, kind, offset, size))
    };
    let (_, _, strtab_offset, strtab_size) = header(shstrndx)?;
    let strtab = slice(bytes, strtab_offset, strtab_size).ok_or_else(|| bad("section name table out of bounds"))?;
    let mut out = Vec::new();
    for index in 0..shnum {
        let (name_offset, kind, offset, size) = header(index)?;
        let name_bytes = strtab.get(name_offset as usize..).ok_or_else(|| bad("section name out of bounds"))?;
        let name = String::from_utf8_lossy(name_bytes.split(|&b| b == 0).next().unwrap_or_default()).into_owned();
        // SHT_NOBITS (8) and SHT_NULL (0) occupy no file bytes.
        let data = if kind == 0 || kind == 8 {
            &[][..]
        } else {
            slice(bytes, offset, size).ok_or_else(|| bad(&format!("section '{name}' out of bounds")))?
        };
        out.push(Section { name, kind, data });
    }
    Ok((machine, out))
}

/// Lists the kernels of an ocloc binary (any container), or of a bare vISA object (a `.gen` for CMRT).
pub fn read(bytes: &[u8]) -> Result<Contents, String> {
    if bytes.starts_with(CISA_MAGIC) {
        return read_cisa(bytes);
    }
    let (machine, sections) = sections(bytes)?;
    if machine == EM_INTELGT {
        return read_zebin(&sections);
    }
    let program = sections
        .iter()
        .find(|s| s.kind == SHT_OPENCL_DEV_BINARY)
        .ok_or("the ELF file has neither a zebin machine type nor an OpenCL device-binary section")?;
    if program.data.starts_with(CISA_MAGIC) {
        return read_cisa(program.data);
    }
    read_patch_tokens(program.data)
}

const CISA_MAGIC: &[u8] = b"CISA";

/// The CMRT payload (a vISA object) of an ocloc binary built with `-binary-format=cm`, when it holds one.
pub fn cm_payload(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let (_, sections) = sections(bytes)?;
    let program = sections
        .iter()
        .find(|s| s.kind == SHT_OPENCL_DEV_BINARY)
        .ok_or("the ELF file has no OpenCL device-binary section")?;
    if !program.data.starts_with(CISA_MAGIC) {
        return Err("the device binary is not a vISA (CISA) object".to_string());
    }
    Ok(program.data.to_vec())
}

/// Lists the kernels of a vISA object (header only).
pub fn read_cisa(object: &[u8]) -> Result<Contents, String> {
    let bad = |what: String| format!("malformed vISA object: {what}");
    if !object.starts_with(CISA_MAGIC) {
        return Err(bad("bad magic".to_string()));
    }
    let major = *object.get(4).ok_or_else(|| bad("short header".to_string()))?;
    let count = u16_at(object, 6).ok_or_else(|| bad("short header".to_string()))?;
    let mut at = 8usize;
    let mut kernels = Vec::new();
    for index in 0..count {
        let short = || bad(format!("kernel {index}: header runs past the end"));
        let name_len = if major >= 4 {
            let len = u16_at(object, at).ok_or_else(short)? as usize;
            at += 2;
            len
        } else {
            let len = *object.get(at).ok_or_else(short)? as usize;
            at += 1;
            len
        };
        let name = object.get(at..at + name_len).ok_or_else(short)?;
        let name = String::from_utf8_lossy(name).into_owned();
        at += name_len;
        let size = u32_at(object, at + 4).ok_or_else(short)? as usize;
        at += 12;
        let variable_symbols = u16_at(object, at).ok_or_else(short)?;
        let function_symbols = u16_at(object, at + 2).ok_or_else(short)?;
        if variable_symbols != 0 || function_symbols != 0 {
            return Err(bad(format!("kernel '{name}' has symbol tables, which this reader does not walk")));
        }
        at += 4;
        let binaries = *object.get(at).ok_or_else(short)? as usize;
        at += 1;
        let mut isa_size = 0;
        for binary in 0..binaries {
            isa_size += u32_at(object, at + binary * 9 + 5).ok_or_else(short)? as usize;
        }
        at += binaries * 9;
        if name.is_empty() {
            return Err(bad(format!("kernel {index} has no name")));
        }
        let _ = size;
        kernels.push(Kernel { name, isa_size });
    }
    Ok(Contents { container: Container::Cisa, kernels, printf_strings: Vec::new() })
}

fn read_patch_tokens(program: &[u8]) -> Result<Contents, String> {
    let bad = |what: String| format!("malformed patch-token program: {what}");
    if u32_at(program, 0) != Some(PATCH_TOKEN_MAGIC) {
        return Err(bad("bad magic".to_string()));
    }
    let count = u32_at(program, 16).ok_or_else(|| bad("short header".to_string()))?;
    let patch_list = u32_at(program, 24).ok_or_else(|| bad("short header".to_string()))? as usize;
    let mut at = 28usize.checked_add(patch_list).ok_or_else(|| bad("patch list size".to_string()))?;
    let mut kernels = Vec::new();
    let mut printf_strings = Vec::new();
    for index in 0..count {
        let field = |k: usize| {
            u32_at(program, at + k).map(|v| v as usize).ok_or_else(|| bad(format!("kernel {index}: short header")))
        };
        let name_size = field(12)?;
        let patch_size = field(16)?;
        let heaps = [field(20)?, field(24)?, field(28)?, field(32)?];
        let unpadded = field(36)?;
        let name_start = at + 40;
        let name_bytes = program
            .get(name_start..name_start + name_size)
            .ok_or_else(|| bad(format!("kernel {index}: name out of bounds")))?;
        let name = String::from_utf8_lossy(name_bytes.split(|&b| b == 0).next().unwrap_or_default()).into_owned();
        let end = heaps
            .iter()
            .chain([name_size, patch_size].iter())
            .try_fold(name_start, |sum, size| sum.checked_add(*size))
            .filter(|end| *end <= program.len())
            .ok_or_else(|| bad(format!("kernel '{name}' extends past the end of the program")))?;
        if name.is_empty() {
            return Err(bad(format!("kernel {index} has no name")));
        }
        let patch_list = end - patch_size;
        printf_strings.extend(patch_strings(&program[patch_list..end]));
        kernels.push(Kernel { name, isa_size: unpadded.min(heaps[0]) });
        at = end;
    }
    Ok(Contents { container: Container::PatchTokens, kernels, printf_strings })
}

/// IGC's patch token of a printf string (`PATCH_TOKEN_STRING`, patch_list.h: `SPatchString` = token, size,
/// index, string size, then the bytes).
const PATCH_TOKEN_STRING: u32 = 28;
/// The zebin section of the printf strings.
const ZE_STRING_SECTION: &str = ".data.const.string";

/// The strings of a kernel's patch list (items: token u32, size u32 including the 8-byte header, then the item).
/// The strings are information only: a list this reader cannot walk ends the walk instead of failing the read.
fn patch_strings(list: &[u8]) -> Vec<String> {
    let mut strings = Vec::new();
    let mut at = 0usize;
    while let (Some(token), Some(size)) = (u32_at(list, at), u32_at(list, at + 4)) {
        let Some(item) = list.get(at..at.saturating_add(size as usize)).filter(|_| size >= 8) else { break };
        if token == PATCH_TOKEN_STRING {
            let Some(bytes) = u32_at(item, 12).and_then(|length| item.get(16..16 + length as usize)) else { break };
            strings.push(String::from_utf8_lossy(bytes.split(|&b| b == 0).next().unwrap_or_default()).into_owned());
        }
        at += size as usize;
    }
    strings
}

fn read_zebin(sections: &[Section<'_>]) -> Result<Contents, String> {
    let text: Vec<(&str, usize)> =
        sections.iter().filter_map(|s| s.name.strip_prefix(".text.").map(|kernel| (kernel, s.data.len()))).collect();
    let Some(info) = sections.iter().find(|s| s.name == ".ze_info") else {
        // IGC writes no .ze_info when it emitted no kernel at all.
        if let Some((kernel, _)) = text.first() {
            return Err(format!("zebin with a .text.{kernel} section but no .ze_info section"));
        }
        return Ok(Contents { container: Container::Zebin, kernels: Vec::new(), printf_strings: Vec::new() });
    };
    let info = std::str::from_utf8(info.data).map_err(|_| "zebin .ze_info is not UTF-8")?;
    let listed = ze_info_kernels(info);
    let mut kernels = Vec::new();
    for name in &listed {
        let size = text
            .iter()
            .find(|(kernel, _)| kernel == name)
            .map(|(_, size)| *size)
            .ok_or_else(|| format!("zebin: kernel '{name}' is in .ze_info but has no .text.{name} section"))?;
        kernels.push(Kernel { name: name.clone(), isa_size: size });
    }
    if let Some((orphan, _)) = text.iter().find(|(kernel, _)| !listed.iter().any(|name| name == kernel)) {
        return Err(format!("zebin: section .text.{orphan} is not a kernel of .ze_info"));
    }
    let printf_strings = sections
        .iter()
        .filter(|s| s.name == ZE_STRING_SECTION)
        .flat_map(|s| s.data.split(|&b| b == 0).filter(|t| !t.is_empty()).map(|t| String::from_utf8_lossy(t).into_owned()))
        .collect();
    Ok(Contents { container: Container::Zebin, kernels, printf_strings })
}

/// The `name:` entries of the top-level `kernels:` list of a `.ze_info` document.
fn ze_info_kernels(info: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_kernels = false;
    for line in info.lines() {
        if !line.starts_with(' ') && !line.starts_with('-') {
            in_kernels = line.trim_end() == "kernels:";
            continue;
        }
        if in_kernels {
            if let Some(rest) = line.trim_start().strip_prefix("- name:") {
                // Only list items at the list's own indentation (nested lists have deeper items).
                let indent = line.len() - line.trim_start().len();
                if indent <= 2 {
                    names.push(rest.trim().trim_matches(['\'', '"']).to_string());
                }
            }
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ze_info_lists_only_top_level_kernels() {
        let info = "---\nversion: '1.20'\nkernels:\n  - name:            a\n    payload_arguments:\n      - arg_type: x\n  - name: 'b'\nkernels_misc_info:\n  - name:            a\n...\n";
        assert_eq!(ze_info_kernels(info), vec!["a".to_string(), "b".to_string()]);
    }

    #[test]
    fn cisa_header_is_walked() {
        let mut object = b"CISA\x04\x01\x01\x00".to_vec();
        object.extend(5u16.to_le_bytes());
        object.extend(b"scale");
        for v in [0x2du32, 0x313, 0x266] {
            object.extend(v.to_le_bytes());
        }
        object.extend([0, 0, 0, 0, 1, 0x0a]);
        object.extend(0x340u32.to_le_bytes());
        object.extend(0x98u32.to_le_bytes());
        let contents = read_cisa(&object).unwrap();
        assert_eq!(contents.kernels, vec![Kernel { name: "scale".into(), isa_size: 0x98 }]);
        assert!(read_cisa(&object[..20]).is_err());
    }

    /// The header of the object GenX_IR wrote for a module of two kernels (kernel-description.cpp on icllp): both
    /// kernels, in the object's order, each with its own Gen binary.
    #[test]
    fn cisa_header_of_two_kernels_is_walked() {
        let mut object = b"CISA\x04\x01\x02\x00".to_vec();
        for (name, fields, binary) in [
            ("tmpl<int, 4U>", [0x56u32, 0x1a0, 0x1a4], [0x1f6u32, 0x50]),
            ("plain", [0x246, 0x287, 0x41d], [0x4cd, 0x60]),
        ] {
            object.extend((name.len() as u16).to_le_bytes());
            object.extend(name.as_bytes());
            for v in fields {
                object.extend(v.to_le_bytes());
            }
            object.extend([0, 0, 0, 0, 1, 0x0a]);
            for v in binary {
                object.extend(v.to_le_bytes());
            }
        }
        let contents = read_cisa(&object).unwrap();
        assert_eq!(
            contents.kernels,
            vec![Kernel { name: "tmpl<int, 4U>".into(), isa_size: 0x50 }, Kernel { name: "plain".into(), isa_size: 0x60 }]
        );
        // Cut inside the second kernel's entry: an error naming it by index, not a panic.
        let cut = read_cisa(&object[..object.len() - 3]).unwrap_err();
        assert!(cut.contains("kernel 1: header runs past the end"), "{cut}");
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(read(b"").is_err());
        assert!(read(b"\x7fELF\x02\x01").is_err());
        let mut elf = vec![0u8; 64];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        elf[40] = 0xff; // section headers far away
        elf[58] = 64;
        elf[60] = 3;
        elf[62] = 1;
        assert!(read(&elf).is_err());
    }

    /// A patch-token program with one kernel, built field by field as the header describes.
    #[test]
    fn patch_token_program_is_walked() {
        let mut program = Vec::new();
        for v in [PATCH_TOKEN_MAGIC, 1081, 15, 8, 1, 0, 0] {
            program.extend(v.to_le_bytes());
        }
        let name = b"k\0\0\0";
        // The patch list: one PATCH_TOKEN_STRING item (token, size, index, string size, the string).
        let mut patch = Vec::new();
        for v in [PATCH_TOKEN_STRING, 24, 0, 4] {
            patch.extend(v.to_le_bytes());
        }
        patch.extend(b"%d\n\0\0\0\0\0");
        let fields: [u32; 10] = [0, 0, 0, name.len() as u32, patch.len() as u32, 16, 0, 8, 0, 12];
        // checksum (u32), hash (u64 as two u32), name size, patch size, heaps x4, unpadded
        for v in fields {
            program.extend(v.to_le_bytes());
        }
        program.extend(name);
        program.extend([0u8; 16 + 8]);
        program.extend(&patch);
        let contents = read_patch_tokens(&program).unwrap();
        assert_eq!(contents.kernels, vec![Kernel { name: "k".into(), isa_size: 12 }]);
        assert_eq!(contents.printf_strings, vec!["%d\n".to_string()]);
        program.truncate(program.len() - 1);
        assert!(read_patch_tokens(&program).unwrap_err().contains("past the end"));
    }
}
