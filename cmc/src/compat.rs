//! cmc's own flags (docs/cmc-compat.md §1.3): taken out of argv before clap sees the rest.
//!
//! Intel's cmc accepts a long tail of `-Qxcm_*`, `-mCM_*` and legacy spellings, with `-` or `/` as the prefix and
//! `:` or `=` joining a value. They do not fit clap's model (prefix families, values joined either way), so this
//! pass recognises them first and records what each one means:
//! - finalizer (vISA) flags, as cmc maps them (`-mdump_asm`, `-Qxcm_print_asm_count` → `-printasmcount`, ...);
//! - IGC API options (`-mCM_optimize_none` → `-optimize=none`, `-Qxcm_register_file_size=N` → ...);
//! - target features (`-mCM_disable_jmpi` → `+disable_jmpi`, ...), sent as `-target-features=` like cmc;
//! - the output container (`-binary-format`, `-fcmocl`), `-emit-spirv`, the revision id, SLM limit, asm names;
//! - legacy flags that have no effect: accepted, with one note each on stderr;
//! - the finalizer words are checked against the options IGC's vISA parser knows (`vc_bridge::finalizer_options`):
//!   an unknown word or a malformed value is an error listing close names, never an IGC abort;
//! - flags for outputs this compiler does not produce (`-c`, `-M*`): an error that says so.
//!
//! Everything not recognised here goes on to clap untouched (so clap's own errors stay accurate).

/// What cmc's own flags asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compat {
    pub binary_format: Option<String>,
    pub emit_spirv: bool,
    pub revision_id: Option<u32>,
    /// Options for IGC's `-options` (after `-vc-codegen`).
    pub api_options: Vec<String>,
    /// vISA finalizer options.
    pub finalizer_options: Vec<String>,
    /// `-target-features=` entries (`+disable_jmpi`, ...).
    pub target_features: Vec<String>,
    /// `-mdump_asm`: write each kernel's `.visaasm` and `.asm`.
    pub dump_asm: bool,
    /// `-mCM_old_asm_name`: dumps named `<stem>_<index>` instead of `<kernel>`.
    pub old_asm_name: bool,
    /// `-Qxcm_asm_output=<file>` / `/Fa<file>`: where the Gen asm goes.
    pub asm_output: Option<String>,
    /// `-menableiga`: IGA syntax in pre-Gen11 asm.
    pub enable_iga: bool,
    /// `-mCM_max_slm=<KB>`.
    pub max_slm_kb: Option<u32>,
    /// `-v`: print the commands run.
    pub verbose: bool,
    /// `-###`: print the commands, run nothing.
    pub dry_run: bool,
    /// One note per flag accepted without effect.
    pub notes: Vec<String>,
}

/// Flags accepted for compatibility, with no effect here, and why.
const NO_EFFECT: &[(&str, &str)] = &[
    ("mCM_max_obr", "output buffer limits are not checked"),
    ("mCM_iefbypass", "no effect on the vector-compute backend"),
    ("mCM_no_input_reorder", "IGC's vector-compute backend does not reorder kernel inputs"),
    ("mCM_reverse_kernels", "kernel order in the binary is IGC's"),
    ("mCM_printfargs", "no effect on the vector-compute backend"),
    ("mCM_enable_stackcalls", "stack calls follow the CMStackCall attribute of the IR"),
    ("mCM_init_global", "file-scope globals are the front end's"),
    ("mCM_emit_common_isa", "legacy in-tree backend flag"),
    ("fvolatile-global", "file-scope globals are the front end's"),
    ("fcm-pointer", "pointers are always enabled"),
    ("fvldst", "legacy flag"),
    ("femulate_i64", "IGC emulates 64-bit integers where the platform needs it"),
    ("show-stats", "no statistics are collected"),
    ("dump-stats", "no statistics are collected"),
    ("Qxcm", "legacy flag"),
];

/// Prefix families that cmc ignores.
const IGNORED_PREFIXES: &[&str] = &["mCM", "mGLOB_", "mP2OPT_", "mPAROPT_", "Qopt", "Qxcm_"];

/// Flags that take the next argument as their value when not joined.
const SEPARATE_VALUE: &[&str] = &["binary-format", "s", "cm-src", "MF", "Qxcm_asm_output"];

fn split_value(body: &str) -> (&str, Option<&str>) {
    match body.find(['=', ':']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    }
}

fn number(flag: &str, value: Option<&str>) -> Result<u32, String> {
    let value = value.ok_or_else(|| format!("-{flag} needs a value"))?;
    value.trim().parse().map_err(|_| format!("-{flag}: '{value}' is not a number"))
}

/// Takes cmc's own flags out of `argv` (`argv[0]` included), returning the rest for clap.
pub fn extract(argv: &[String]) -> Result<(Vec<String>, Compat), String> {
    let mut compat = Compat::default();
    let mut rest = Vec::with_capacity(argv.len());
    let mut index = 0;
    let mut inputs_only = false;
    while index < argv.len() {
        let arg = &argv[index];
        index += 1;
        if index == 1 || inputs_only {
            rest.push(arg.clone());
            continue;
        }
        if arg == "--" {
            inputs_only = true;
            rest.push(arg.clone());
            continue;
        }
        // A leading '/' is a flag only when it names one of these (a path such as /tmp/k.cpp stays an input).
        let (body, slash) = match (arg.strip_prefix('-'), arg.strip_prefix('/')) {
            (Some(body), _) => (body.strip_prefix('-').unwrap_or(body), false),
            (None, Some(body)) => (body, true),
            _ => {
                rest.push(arg.clone());
                continue;
            }
        };
        let (name, mut value) = split_value(body);
        if value.is_none() && SEPARATE_VALUE.contains(&name) {
            value = argv.get(index).map(String::as_str);
            if value.is_some() {
                index += 1;
            }
        }
        let value_owned = value.map(str::to_string);
        let value = value_owned.as_deref();
        let mut finalizer = |options: &[&str]| compat.finalizer_options.extend(options.iter().map(|o| o.to_string()));
        match name {
            "binary-format" => {
                compat.binary_format = Some(value.ok_or("-binary-format needs cm, ocl or ze")?.to_string())
            }
            "fcmocl" => compat.binary_format = Some("ocl".to_string()),
            "emit-spirv" => compat.emit_spirv = true,
            "Qxcm_revid" => compat.revision_id = Some(number(name, value)?),
            "Qxcm_stepping" => {
                let stepping = value.ok_or("-Qxcm_stepping needs a stepping letter (A, B, ...)")?;
                let letter = stepping
                    .trim()
                    .chars()
                    .next()
                    .filter(|c| c.is_ascii_alphabetic())
                    .ok_or_else(|| format!("-Qxcm_stepping: '{stepping}' is not a stepping (A, B, ...)"))?;
                compat.revision_id = Some(letter.to_ascii_uppercase() as u32 - 'A' as u32);
            }
            "mdump_asm" => compat.dump_asm = true,
            "mCM_old_asm_name" => compat.old_asm_name = true,
            "Qxcm_asm_output" => {
                compat.asm_output = Some(value.ok_or("-Qxcm_asm_output needs a file name")?.to_string())
            }
            _ if name.starts_with("Fa") && (slash || name.len() > 2) => {
                compat.asm_output = Some(value.map(str::to_string).unwrap_or_else(|| name[2..].to_string()));
            }
            "Qxcm_print_asm_count" => finalizer(&["-printasmcount"]),
            "mCM_printregusage" => finalizer(&["-printregusage"]),
            "Qxcm_noschedule" => finalizer(&["-noschedule"]),
            "Qxcm_opt_report" => finalizer(&["-optreport"]),
            "Qxcm_release" => finalizer(&["-stripcomments"]),
            "Qxcm_preschedule" => finalizer(&["-presched"]),
            "Qxcm_preschedule_ctrl" | "Qxcm_preschedule_rp" => {
                let option = if name.ends_with("ctrl") { "-presched-ctrl" } else { "-presched-rp" };
                finalizer(&[option]);
                if let Some(value) = value {
                    finalizer(&[value]);
                }
            }
            "Qxcm_jit_option" | "mCM_jit_option" => {
                let options = value.ok_or_else(|| format!("-{name} needs the finalizer options"))?;
                compat.finalizer_options.extend(options.trim_matches('"').split_whitespace().map(str::to_string));
            }
            "menableiga" => compat.enable_iga = true,
            "mCM_disable_jmpi" => {
                compat.api_options.push("-fno-jump-tables".to_string());
                compat.finalizer_options.push("-noScalarJmp".to_string());
                compat.target_features.push("+disable_jmpi".to_string());
            }
            "mCM_warn_callable" => compat.target_features.push("+warn_callable".to_string()),
            "mCM_no_vector_decomposition" => {
                compat.api_options.push("-ze-no-vector-decomposition".to_string());
                compat.target_features.push("+disable_vec_decomp".to_string());
            }
            "mCM_translate_legacy" => {
                compat.api_options.push("-ftranslate-legacy-memory-intrinsics".to_string());
                compat.target_features.push("+translate_legacy_message".to_string());
            }
            "mCM_optimize_none" => compat.api_options.push("-optimize=none".to_string()),
            "vc-use-plain-2d-images" | "vc-use-bindless-buffers" | "vc-use-bindless-images" => {
                compat.api_options.push(format!("-{name}"));
            }
            "Qxcm_register_file_size" => match value {
                Some("auto") => compat.api_options.push("-ze-intel-enable-auto-large-GRF-mode".to_string()),
                _ => compat.api_options.push(format!("-ze-exp-register-file-size={}", number(name, value)?)),
            },
            "Qxcm_doubleGRF" => compat.api_options.push("-ze-exp-register-file-size=256".to_string()),
            "ffp-contract" => {
                let mode = value.ok_or("-ffp-contract needs fast, on or off")?;
                compat.api_options.push(format!("-ffp-contract={mode}"));
            }
            "mCM_max_slm" => compat.max_slm_kb = Some(number(name, value)?),
            "v" if !slash => compat.verbose = true,
            "###" if !slash => compat.dry_run = true,
            "s" | "cm-src" if !slash => {
                compat.notes.push(format!("ignoring '-{name}': the online source name has no effect offline"))
            }
            "c" if !slash => {
                return Err(
                    "-c (an object file) is not an output cmc produces; the default output is the device binary \
                            (-binary-format ocl|ze), or use -emit-spirv / -emit-llvm"
                        .to_string(),
                )
            }
            "M" | "MM" | "MD" | "MMD" | "MF" | "MT" | "MQ" | "MP" if !slash => {
                return Err(format!("-{name} (dependency output) is not supported by this cmc"))
            }
            _ => {
                if let Some((_, why)) = NO_EFFECT.iter().find(|(flag, _)| *flag == name) {
                    compat.notes.push(format!("ignoring '{arg}': {why}"));
                } else if IGNORED_PREFIXES.iter().any(|prefix| name.starts_with(prefix)) && !is_clap_flag(name) {
                    compat.notes.push(format!(
                        "ignoring '{arg}': legacy cmc flag with no effect on the vector-compute backend"
                    ));
                } else {
                    rest.push(arg.clone());
                }
            }
        }
    }
    vc_bridge::finalizer_options::check(&compat.finalizer_options)
        .map_err(|why| format!("bad finalizer option (-Qxcm_jit_option, -mCM_jit_option or a finalizer flag): {why}"))?;
    Ok((rest, compat))
}

/// cmc flags of the prefix families that clap handles.
fn is_clap_flag(name: &str) -> bool {
    matches!(name, "Qxcm_jit_target" | "mCM_no_debug")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> (Vec<String>, Compat) {
        let argv: Vec<String> = std::iter::once("cmc").chain(args.iter().copied()).map(String::from).collect();
        extract(&argv).unwrap()
    }

    #[test]
    fn finalizer_flags_map_as_cmc_maps_them() {
        let (_, c) = run(&[
            "-Qxcm_print_asm_count",
            "/mCM_printregusage",
            "-Qxcm_noschedule",
            "-Qxcm_jit_option=\"-dce -TotalGRFNum 3\"",
            "-mCM_jit_option:-nolvn",
            "-Qxcm_preschedule_ctrl=4",
        ]);
        assert_eq!(
            c.finalizer_options,
            ["-printasmcount", "-printregusage", "-noschedule", "-dce", "-TotalGRFNum", "3", "-nolvn", "-presched-ctrl", "4"]
        );
    }

    #[test]
    fn api_options_features_and_outputs() {
        let (rest, c) = run(&[
            "-mCM_disable_jmpi",
            "-Qxcm_register_file_size=auto",
            "-binary-format",
            "ze",
            "-emit-spirv",
            "-Qxcm_revid=3",
            "/Fa:k.asm",
            "k.cpp",
        ]);
        assert_eq!(rest, ["cmc", "k.cpp"]);
        assert_eq!(c.api_options, ["-fno-jump-tables", "-ze-intel-enable-auto-large-GRF-mode"]);
        assert_eq!(c.target_features, ["+disable_jmpi"]);
        assert_eq!(c.binary_format.as_deref(), Some("ze"));
        assert!(c.emit_spirv);
        assert_eq!(c.revision_id, Some(3));
        assert_eq!(c.asm_output.as_deref(), Some("k.asm"));
        assert_eq!(run(&["-Qxcm_stepping=B"]).1.revision_id, Some(1));
        assert_eq!(run(&["-fcmocl"]).1.binary_format.as_deref(), Some("ocl"));
    }

    #[test]
    fn legacy_flags_are_noted_paths_and_other_flags_pass() {
        let (rest, c) =
            run(&["-Qxcm_B", "-mGLOB_x", "-Qopt-foo", "-fvldst", "-Qxcm_jit_target=tgllp", "/tmp/k.cpp", "-S"]);
        assert_eq!(rest, ["cmc", "-Qxcm_jit_target=tgllp", "/tmp/k.cpp", "-S"]);
        assert_eq!(c.notes.len(), 4);
    }

    #[test]
    fn unsupported_outputs_and_bad_values_are_errors() {
        let argv =
            |args: &[&str]| std::iter::once("cmc").chain(args.iter().copied()).map(String::from).collect::<Vec<_>>();
        assert!(extract(&argv(&["-c", "k.cpp"])).unwrap_err().contains("-c"));
        assert!(extract(&argv(&["-MD"])).is_err());
        assert!(extract(&argv(&["-Qxcm_revid=x"])).unwrap_err().contains("not a number"));
        assert!(extract(&argv(&["-binary-format"])).is_err());
        let err = extract(&argv(&["-Qxcm_jit_option=-noschedul", "k.cpp"])).unwrap_err();
        assert!(err.contains("'-noschedul' is not an option") && err.contains("close names: -noschedule"), "{err}");
        let err = extract(&argv(&["-Qxcm_preschedule_ctrl=fast"])).unwrap_err();
        assert!(err.contains("'-presched-ctrl' needs an unsigned 32-bit integer, not 'fast'"), "{err}");
    }
}
