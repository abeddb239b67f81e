//! The platform table: every target the compiler knows, with the facts target-dependent passes need.
//!
//! One entry per supported device: Gen9 (`skl`), Gen11 (`icllp`), Gen12/Xe-LP (`tgllp`, `dg1`, `adl-p`), Xe-HPG
//! (`acm-g10`, a.k.a. DG2) and Xe-HPC (`pvc`). Each lists every spelling cmc and ocloc accept for it (cmc's
//! upper-case codenames, ocloc's device names, family and release names, IP versions `major.minor.revision`, PCI
//! device ids), its GRF size, the execution sizes it allows, and its features.
//!
//! Where the platform comes from: the function's `"target-cpu"` attribute, as for LLVM targets (so `opt` needs no
//! extra option); `cmc -march/-mcpu/-Qxcm_jit_target` sets that attribute. A function without one uses
//! [`DEFAULT`]. An unknown name is an error that lists the names ([`UnknownPlatform`]).
//!
//! Sources of the facts (read, not copied): IGC's VectorCompiler target description `GenX.td` (per-processor
//! features: `longlong`, `emulate_i64`, `fp64`, `divrem32`, `add64`, `bitrotate`, `wa_nomask_fusedEU`,
//! `thread_payload_in_memory`); docs/genx-ir.md §2.3 (GRF 32 bytes up to Xe-HPG, 64 bytes on Xe-HPC; SIMD1..32; byte
//! multi-indirect regioning absent from Xe-HPC on); docs/cmc-compat.md §1.3 (names, `CM_GENX` values); `ocloc compile
//! --help` (device names, IP versions); GenX_IR's `-platform` names (docs/vc-backend.md §4).

use std::fmt;

/// Architecture family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    Gen9,
    Gen11,
    XeLP,
    XeHPG,
    XeHPC,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Gen9 => "Gen9",
            Family::Gen11 => "Gen11",
            Family::XeLP => "Xe-LP (Gen12)",
            Family::XeHPG => "Xe-HPG",
            Family::XeHPC => "Xe-HPC",
        })
    }
}

/// What a platform can do, as the passes ask it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Native 64-bit integer arithmetic.
    pub native_i64: bool,
    /// 64-bit integer operations must be emulated with 32-bit halves (`emulate_i64`).
    pub emulate_i64: bool,
    /// Only some 64-bit integer operations need emulation (Xe-HPC's "lightweight" emulation).
    pub partial_i64_emulation: bool,
    /// Double-precision floating point.
    pub fp64: bool,
    /// 32-bit integer division and remainder in hardware (`divrem32`).
    pub divrem32: bool,
    /// Native 64-bit add (`add64`).
    pub add64: bool,
    /// `rol`/`ror` instructions.
    pub bit_rotate: bool,
    /// Multi-indirect (Vx1/VxH) regions on byte elements.
    pub byte_multi_indirect: bool,
    /// Fused EU pairs (the no-mask workaround under divergent control flow applies).
    pub fused_eu: bool,
    /// The thread payload is loaded from memory (compute walker).
    pub thread_payload_in_memory: bool,
}

/// One supported device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Platform {
    /// The canonical name: ocloc's device name (`icllp`).
    pub name: &'static str,
    pub family: Family,
    /// cmc's codename (`ICLLP`), also the `"target-cpu"` spelling IGC's own front end writes.
    pub cmc_name: &'static str,
    /// Every other accepted spelling (matched case-insensitively).
    pub aliases: &'static [&'static str],
    /// IP version `major.minor.revision` as ocloc takes it.
    pub ip_version: &'static str,
    /// PCI device ids of representative SKUs (ocloc and cmc accept `0x....`).
    pub device_ids: &'static [u16],
    /// Value of the `CM_GENX` macro.
    pub cm_genx: u32,
    /// GenX_IR's `-platform` name.
    pub visa_platform: &'static str,
    /// Bytes in one general register.
    pub grf_bytes: u32,
    /// General registers in the default (non-large) GRF mode.
    pub grf_count: u32,
    /// Allowed execution sizes: bit k set means SIMD 2^k is allowed.
    pub exec_size_mask: u32,
    pub features: Features,
}

impl Platform {
    /// Whether `width` is an allowed execution size.
    pub fn allows_exec_size(&self, width: u32) -> bool {
        width.is_power_of_two() && self.exec_size_mask & width != 0
    }

    /// The most shared local memory (SLM) one thread group may use, in bytes: 128 KiB on Xe-HPC, 64 KiB before
    /// (the `CM_MAX_SLM_SIZE` of the CM headers, in KiB).
    pub fn max_slm_bytes(&self) -> u32 {
        if self.family >= Family::XeHPC {
            128 * 1024
        } else {
            64 * 1024
        }
    }

    /// An SLM size over [`Platform::max_slm_bytes`] as a sentence naming the size and the limit (IGC 1.0.12504
    /// aborts on such a kernel with "SLM size exceeds target limits" and no kernel name).
    pub fn slm_over_limit(&self, bytes: u64) -> Option<String> {
        let limit = self.max_slm_bytes();
        (bytes > u64::from(limit)).then(|| {
            format!("{bytes} bytes of SLM, over {}'s limit of {limit} bytes per thread group", self.name)
        })
    }

    /// Whether the IEEE-exact division and square root (`llvm.genx.ieee.div`, `llvm.genx.ieee.sqrt`, CM's
    /// `cm_div_ieee`/`cm_sqrt_ieee`) can be compiled: vISA expands them into `madm` sequences, which exist only
    /// with fp64 hardware (IGC 1.0.12504 aborts on them on icllp, tgllp, dg1, adl-p and acm-g10; skl and pvc
    /// compile them).
    pub fn has_ieee_div_sqrt(&self) -> bool {
        self.features.fp64
    }

    /// Whether the platform has vISA's `dp4a` (`llvm.genx.*dp4a*`, CM's `cm_dp4a`, `CM_HAS_DP4A`): Xe-LP and
    /// later (IGC 1.0.12504 aborts on DP4A for Gen11).
    pub fn has_dp4a(&self) -> bool {
        self.family >= Family::XeLP
    }

    /// The largest allowed execution size.
    pub fn max_exec_size(&self) -> u32 {
        1 << (31 - self.exec_size_mask.leading_zeros())
    }

    /// Every spelling that selects this platform.
    pub fn spellings(&self) -> impl Iterator<Item = &'static str> + '_ {
        [self.name, self.cmc_name, self.ip_version].into_iter().chain(self.aliases.iter().copied())
    }
}

/// SIMD1, 2, 4, 8, 16, 32.
const SIMD_1_TO_32: u32 = 0b11_1111;

const GEN9_FEATURES: Features = Features {
    native_i64: true,
    emulate_i64: false,
    partial_i64_emulation: false,
    fp64: true,
    divrem32: true,
    add64: true,
    bit_rotate: false,
    byte_multi_indirect: true,
    fused_eu: false,
    thread_payload_in_memory: false,
};

const GEN11_FEATURES: Features = Features {
    native_i64: false,
    emulate_i64: true,
    fp64: false,
    add64: false,
    bit_rotate: true,
    ..GEN9_FEATURES
};

const XE_LP_FEATURES: Features = Features { fused_eu: true, ..GEN11_FEATURES };

const XE_HPG_FEATURES: Features = Features { thread_payload_in_memory: true, ..XE_LP_FEATURES };

const XE_HPC_FEATURES: Features = Features {
    native_i64: true,
    emulate_i64: false,
    partial_i64_emulation: true,
    fp64: true,
    divrem32: true,
    add64: true,
    bit_rotate: true,
    byte_multi_indirect: false,
    fused_eu: false,
    thread_payload_in_memory: true,
};

/// All supported platforms, oldest first.
pub static PLATFORMS: &[Platform] = &[
    Platform {
        name: "skl",
        family: Family::Gen9,
        cmc_name: "SKL",
        aliases: &["gen9", "9"],
        ip_version: "9.0.9",
        device_ids: &[0x1912, 0x1916, 0x191b],
        cm_genx: 900,
        visa_platform: "SKL",
        grf_bytes: 32,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: GEN9_FEATURES,
    },
    Platform {
        name: "icllp",
        family: Family::Gen11,
        cmc_name: "ICLLP",
        aliases: &["icl", "gen11", "gen11lp", "11"],
        ip_version: "11.0.0",
        device_ids: &[0x8a52, 0x8a56, 0x8a5c],
        cm_genx: 1150,
        visa_platform: "ICLLP",
        grf_bytes: 32,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: GEN11_FEATURES,
    },
    Platform {
        name: "tgllp",
        family: Family::XeLP,
        cmc_name: "TGLLP",
        aliases: &["tgl", "gen12", "gen12lp", "xe-lp", "12"],
        ip_version: "12.0.0",
        device_ids: &[0x9a49, 0x9a40, 0x9a78],
        cm_genx: 1200,
        visa_platform: "TGLLP",
        grf_bytes: 32,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: XE_LP_FEATURES,
    },
    Platform {
        name: "dg1",
        family: Family::XeLP,
        cmc_name: "DG1",
        aliases: &[],
        ip_version: "12.10.0",
        device_ids: &[0x4905, 0x4906],
        cm_genx: 1210,
        visa_platform: "TGLLP",
        grf_bytes: 32,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: XE_LP_FEATURES,
    },
    Platform {
        name: "adl-p",
        family: Family::XeLP,
        cmc_name: "ADLP",
        aliases: &["adlp", "adl_p"],
        ip_version: "12.3.0",
        device_ids: &[0x46a6, 0x46a8, 0x46aa],
        cm_genx: 1220,
        visa_platform: "TGLLP",
        grf_bytes: 32,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: XE_LP_FEATURES,
    },
    Platform {
        name: "acm-g10",
        family: Family::XeHPG,
        cmc_name: "DG2",
        aliases: &["dg2", "dg2-g10", "ats-m150", "xe-hpg", "acm_g10", "dg2_g10"],
        ip_version: "12.55.8",
        device_ids: &[0x56a0, 0x56a1, 0x5690],
        cm_genx: 1271,
        visa_platform: "DG2",
        grf_bytes: 32,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: XE_HPG_FEATURES,
    },
    Platform {
        name: "pvc",
        family: Family::XeHPC,
        cmc_name: "PVC",
        aliases: &["xe-hpc", "pvc-xt", "pvcxt"],
        ip_version: "12.60.7",
        device_ids: &[0x0bd5, 0x0bd6, 0x0bd0],
        cm_genx: 1280,
        visa_platform: "PVC",
        grf_bytes: 64,
        grf_count: 128,
        exec_size_mask: SIMD_1_TO_32,
        features: XE_HPC_FEATURES,
    },
];

/// The most threads in one thread group on every platform here: Intel's runtimes dispatch at most 1024 work
/// items per group on Gen9 to Xe-HPC (OpenCL's `CL_DEVICE_MAX_WORK_GROUP_SIZE`, Level Zero's
/// `maxTotalGroupSize`), and a CM thread is one work item (IGC compiles CM kernels SIMD1). So every element of
/// `llvm.genx.local.size` is in `1..=1024` and every element of `llvm.genx.local.id` below 1024;
/// `genx-mul-narrow` relies on it and the executor (`genx_exec::grid`, `cmc run`, `cmc validate`) enforces it.
pub const MAX_GROUP_THREADS: u32 = 1024;

/// The platform of a function without a `"target-cpu"` attribute (the oldest platform IGC's current vc backend
/// compiles for by default in this project's examples).
pub const DEFAULT: &str = "icllp";

/// Names cmc or ocloc know that this compiler does not support, with the reason given to the user.
const KNOWN_UNSUPPORTED: &[&str] = &[
    "bdw", "gen8", "chv", "bxt", "apl", "kbl", "cfl", "glk", "whl", "aml", "cml", "lkf", "ehl", "jsl", "rkl",
    "adl-s", "adls", "adl-n", "adln", "rpl-s", "acm-g11", "acm-g12", "dg2-g11", "dg2-g12", "ats-m75", "xehp_sdv",
    "xe-hp", "xehp", "pvc-sdv", "mtl", "mtl-u", "mtl-h", "mtl-p", "arl", "arl-h", "bmg", "bmg-g21", "lnl", "lnl-m",
    "ptl", "ptl-h", "ptl-u", "xe-lpg", "xe-lpg-md", "xe2", "xe3",
];

/// A platform name that selects nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlatform {
    pub name: String,
    /// True when cmc or ocloc know the name but this compiler has no table entry for it.
    pub known_elsewhere: bool,
}

impl fmt::Display for UnknownPlatform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.known_elsewhere {
            write!(f, "platform '{}' is not supported by this compiler", self.name)?;
        } else {
            write!(f, "unknown platform '{}'", self.name)?;
        }
        write!(f, "; supported: ")?;
        for (i, platform) in PLATFORMS.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} ({})", platform.name, platform.spellings().skip(1).collect::<Vec<_>>().join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownPlatform {}

/// Finds the platform a name selects: any spelling, case-insensitively, or a PCI device id (`0x56a0`).
pub fn find(name: &str) -> Result<&'static Platform, UnknownPlatform> {
    let wanted = name.trim().to_ascii_lowercase();
    if let Some(hex) = wanted.strip_prefix("0x") {
        if let Ok(id) = u16::from_str_radix(hex, 16) {
            if let Some(platform) = PLATFORMS.iter().find(|p| p.device_ids.contains(&id)) {
                return Ok(platform);
            }
        }
    }
    if let Some(platform) = PLATFORMS.iter().find(|p| p.spellings().any(|s| s.eq_ignore_ascii_case(&wanted))) {
        return Ok(platform);
    }
    Err(UnknownPlatform { name: name.to_string(), known_elsewhere: KNOWN_UNSUPPORTED.contains(&wanted.as_str()) })
}

/// The platform of a function: its `"target-cpu"` attribute, or [`DEFAULT`].
pub fn of_function(function: crate::llvm_sys::prelude::LLVMValueRef) -> Result<&'static Platform, UnknownPlatform> {
    match target_cpu(function) {
        Some(cpu) if !cpu.is_empty() => find(&cpu),
        _ => find(DEFAULT),
    }
}

/// The `"target-cpu"` attribute of a function.
pub fn target_cpu(function: crate::llvm_sys::prelude::LLVMValueRef) -> Option<String> {
    crate::ir::string_attribute(function, "target-cpu")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_selects_one_platform() {
        let mut seen = std::collections::HashMap::new();
        for platform in PLATFORMS {
            for spelling in platform.spellings() {
                let key = spelling.to_ascii_lowercase();
                if let Some(other) = seen.insert(key.clone(), platform.name) {
                    assert_eq!(other, platform.name, "'{key}' names both {other} and {}", platform.name);
                }
                assert_eq!(find(spelling).unwrap().name, platform.name, "{spelling}");
                assert_eq!(find(&spelling.to_ascii_uppercase()).unwrap().name, platform.name, "{spelling}");
            }
            for id in platform.device_ids {
                assert_eq!(find(&format!("0x{id:04x}")).unwrap().name, platform.name);
            }
            assert!(!KNOWN_UNSUPPORTED.contains(&platform.name), "{} is both supported and not", platform.name);
        }
    }

    #[test]
    fn the_issue_names_resolve() {
        for (name, canonical) in [
            ("skl", "skl"),
            ("ICLLP", "icllp"),
            ("tgllp", "tgllp"),
            ("Gen12LP", "tgllp"),
            ("dg1", "dg1"),
            ("adl-p", "adl-p"),
            ("ADLP", "adl-p"),
            ("acm-g10", "acm-g10"),
            ("DG2", "acm-g10"),
            ("12.55.8", "acm-g10"),
            ("0x56a0", "acm-g10"),
            ("PVC", "pvc"),
        ] {
            assert_eq!(find(name).unwrap().name, canonical, "{name}");
        }
    }

    #[test]
    fn unknown_and_unsupported_names_are_sentences_listing_the_names() {
        let unknown = find("gen42").unwrap_err();
        assert!(!unknown.known_elsewhere);
        let text = unknown.to_string();
        assert!(text.starts_with("unknown platform 'gen42'; supported: skl ("), "{text}");
        assert!(text.contains("acm-g10 (DG2, 12.55.8"), "{text}");
        let mtl = find("MTL").unwrap_err();
        assert!(mtl.known_elsewhere);
        assert!(mtl.to_string().starts_with("platform 'MTL' is not supported by this compiler"), "{mtl}");
    }

    #[test]
    fn grf_and_exec_sizes() {
        let icl = find("icllp").unwrap();
        assert_eq!((icl.grf_bytes, icl.max_exec_size()), (32, 32));
        assert!(icl.allows_exec_size(16) && !icl.allows_exec_size(12) && !icl.allows_exec_size(64));
        let pvc = find("pvc").unwrap();
        assert_eq!(pvc.grf_bytes, 64);
        assert!(!pvc.features.byte_multi_indirect && pvc.features.fp64);
        assert!(find("tgllp").unwrap().features.emulate_i64);
        assert!(find("skl").unwrap().features.native_i64);
    }
}
