//! The code-generation report: what the middle end does to the Gen ISA IGC produces, kernel by kernel.
//!
//! `cargo bench -p cmc --bench codegen_report [-- OPTIONS]` compiles every program of the corpus with the `cmc`
//! built alongside it, once per platform and optimisation level, with `-mdump_asm -mCM_printregusage`, and reads
//! IGC's assembly listing of each kernel:
//! - instructions: the listing's `//.instCount`;
//! - sends: instruction lines whose opcode is `send`, `sends`, `sendc` or `sendsc` (memory messages, barriers,
//!   the end of thread; Gen12 spells them `send.<sfid>`);
//! - spill bytes: the listing's `//.spill size` (absent when the register allocator did not spill);
//! - GRF: the listing's `//.GRF count` (registers the kernel uses, as `-printregusage` reports them).
//!
//! The corpus is `tests/corpus/*.cpp` and `examples/*.cpp`. A program names its kernels on a first-lines comment
//! `// kernels: a b` (else every `_GENX_MAIN_` function's name is taken) and may restrict its platforms with
//! `// march: icllp tgllp`. The report is a benchmark, not a test: it measures, it does not judge; the figures go
//! to `<out>/report.json` and a table on stdout, with the `-O2`/`-O0` instruction ratio per kernel and the
//! geometric mean of those ratios per platform. With `--baseline old.json` each row also shows the `-O2` count of
//! an earlier report (before a change), and the geometric means of both.
//!
//! Options: `--out DIR` (default `target/codegen-report`; the listings stay in `DIR/asm/<program>/<platform>-O<n>/`),
//! `--march a,b` (default `icllp,tgllp`), `--filter TEXT` (programs whose file name contains it),
//! `--baseline FILE`, `--cmc PATH` (default: the `cmc` Cargo built for this benchmark).
//!
//! Not handled: the vISA route (it has no `cmc` option yet); run-time performance (there is no GPU).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The optimisation levels compared: IGC alone on the front end's IR, and with the middle end.
const OPT_LEVELS: [&str; 2] = ["0", "2"];

/// What IGC's listing says about one kernel compiled one way.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
struct Metrics {
    instructions: u32,
    sends: u32,
    spill_bytes: u32,
    grf: u32,
}

/// One kernel on one platform: its metrics at each optimisation level (`"O0"`, `"O2"`).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Row {
    program: String,
    kernel: String,
    platform: String,
    levels: BTreeMap<String, Metrics>,
    /// Instructions at -O2 over instructions at -O0.
    ratio: f64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Report {
    rows: Vec<Row>,
    /// Per platform, the geometric mean of the rows' ratios.
    geomean: BTreeMap<String, f64>,
    /// Compilations that failed: program, platform, level and cmc's message.
    failures: Vec<String>,
}

struct Options {
    out: PathBuf,
    platforms: Vec<String>,
    filter: Option<String>,
    baseline: Option<PathBuf>,
    cmc: PathBuf,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("cmc is a workspace member").to_path_buf()
}

fn parse_options() -> Result<Options, String> {
    let root = workspace_root();
    let mut options = Options {
        out: root.join("target/codegen-report"),
        platforms: vec!["icllp".into(), "tgllp".into()],
        filter: None,
        baseline: None,
        cmc: PathBuf::from(env!("CARGO_BIN_EXE_cmc")),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--out" => options.out = value("--out")?.into(),
            "--march" => options.platforms = value("--march")?.split(',').map(str::to_string).collect(),
            "--filter" => options.filter = Some(value("--filter")?),
            "--baseline" => options.baseline = Some(value("--baseline")?.into()),
            "--cmc" => options.cmc = value("--cmc")?.into(),
            // cargo bench passes --bench to every benchmark binary.
            "--bench" => {}
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(options)
}

/// A corpus program: its path, the kernels it declares and the platforms it is for.
struct Program {
    path: PathBuf,
    name: String,
    kernels: Vec<String>,
    platforms: Option<Vec<String>>,
}

fn read_program(path: &Path) -> Result<Program, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let header = |key: &str| {
        text.lines()
            .take_while(|l| l.starts_with("//"))
            .find_map(|l| l.strip_prefix("//")?.trim().strip_prefix(key).map(|rest| {
                rest.split_whitespace().map(str::to_string).collect::<Vec<_>>()
            }))
    };
    let kernels = match header("kernels:") {
        Some(k) => k,
        None => text
            .split("_GENX_MAIN_")
            .skip(1)
            .filter_map(|rest| {
                let rest = rest.trim_start().strip_prefix("void")?.trim_start();
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                (!name.is_empty()).then_some(name)
            })
            .collect(),
    };
    if kernels.is_empty() {
        return Err(format!("{}: no kernels named", path.display()));
    }
    let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    Ok(Program { path: path.to_path_buf(), name, kernels, platforms: header("march:") })
}

fn corpus(filter: Option<&str>) -> Result<Vec<Program>, String> {
    let root = workspace_root();
    let mut paths = Vec::new();
    for dir in ["tests/corpus", "examples"] {
        let entries = fs::read_dir(root.join(dir)).map_err(|e| format!("{dir}: {e}"))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("{dir}: {e}"))?.path();
            if path.extension().is_some_and(|e| e == "cpp") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
        .iter()
        .filter(|p| filter.is_none_or(|f| p.file_name().unwrap_or_default().to_string_lossy().contains(f)))
        .map(|p| read_program(p))
        .collect()
}

/// The metrics of one kernel's listing.
fn parse_listing(text: &str) -> Metrics {
    let header = |key: &str| {
        text.lines().find_map(|l| l.strip_prefix(key)?.split_whitespace().next()?.parse::<u32>().ok())
    };
    let sends = text
        .lines()
        .filter(|l| {
            let code = l.split("//").next().unwrap_or("").trim_start();
            // An optional predicate or mask control, `(W)` or `(W&f0.0)`, precedes the opcode.
            let code = if code.starts_with('(') { code.split_once(')').map_or("", |(_, r)| r) } else { code };
            // Gen12 spells the shared function after a dot: `send.dc1`.
            let opcode = code.split_whitespace().next().unwrap_or("").split('.').next().unwrap_or("");
            matches!(opcode, "send" | "sends" | "sendc" | "sendsc")
        })
        .count() as u32;
    Metrics {
        instructions: header("//.instCount").unwrap_or(0),
        sends,
        spill_bytes: header("//.spill size").unwrap_or(0),
        grf: header("//.GRF count").unwrap_or(0),
    }
}

/// Compiles `program` for `platform` at `-O<level>` into `dir`, returning each kernel's metrics.
fn measure(options: &Options, program: &Program, platform: &str, level: &str, dir: &Path) -> Result<Vec<Metrics>, String> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let output = Command::new(&options.cmc)
        .arg(format!("-march={platform}"))
        .arg(format!("-O{level}"))
        .args(["-mdump_asm", "-mCM_printregusage"])
        .arg(&program.path)
        .arg("-o")
        .arg(dir.join("kernels.bin"))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", options.cmc.display()))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).trim().to_string());
    }
    program
        .kernels
        .iter()
        .map(|k| {
            let asm = dir.join(format!("{k}.asm"));
            let text = fs::read_to_string(&asm).map_err(|e| format!("{}: {e}", asm.display()))?;
            let metrics = parse_listing(&text);
            if metrics.instructions == 0 {
                return Err(format!("{}: no //.instCount", asm.display()));
            }
            Ok(metrics)
        })
        .collect()
}

fn geomean(ratios: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = ratios.fold((0.0, 0u32), |(s, n), r| (s + r.ln(), n + 1));
    if n == 0 { f64::NAN } else { (sum / n as f64).exp() }
}

fn run(options: &Options) -> Result<Report, String> {
    let programs = corpus(options.filter.as_deref())?;
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for program in &programs {
        for platform in &options.platforms {
            if program.platforms.as_ref().is_some_and(|p| !p.contains(platform)) {
                continue;
            }
            let mut per_level: Vec<(String, Vec<Metrics>)> = Vec::new();
            for level in OPT_LEVELS {
                let dir = options.out.join("asm").join(&program.name).join(format!("{platform}-O{level}"));
                match measure(options, program, platform, level, &dir) {
                    Ok(m) => per_level.push((format!("O{level}"), m)),
                    Err(e) => failures.push(format!("{} {platform} -O{level}: {e}", program.name)),
                }
            }
            if per_level.len() != OPT_LEVELS.len() {
                continue;
            }
            for (i, kernel) in program.kernels.iter().enumerate() {
                let levels: BTreeMap<String, Metrics> =
                    per_level.iter().map(|(l, m)| (l.clone(), m[i].clone())).collect();
                let ratio = levels["O2"].instructions as f64 / levels["O0"].instructions as f64;
                rows.push(Row {
                    program: program.name.clone(),
                    kernel: kernel.clone(),
                    platform: platform.clone(),
                    levels,
                    ratio,
                });
            }
        }
    }
    let geomean = options
        .platforms
        .iter()
        .map(|p| (p.clone(), geomean(rows.iter().filter(|r| &r.platform == p).map(|r| r.ratio))))
        .collect();
    Ok(Report { rows, geomean, failures })
}

fn print_table(report: &Report, baseline: Option<&Report>) {
    let before = |row: &Row| {
        baseline?.rows.iter().find(|b| b.kernel == row.kernel && b.platform == row.platform && b.program == row.program)
    };
    let base_col = if baseline.is_some() { "  base-O2  base-ratio" } else { "" };
    println!(
        "{:<16} {:<18} {:<6} {:>6} {:>6} {:>7}  {:>5} {:>5}  {:>6} {:>6}  {:>4} {:>4}{base_col}",
        "program", "kernel", "march", "O0", "O2", "O2/O0", "sndO0", "sndO2", "spill0", "spill2", "grf0", "grf2"
    );
    for row in &report.rows {
        let (o0, o2) = (&row.levels["O0"], &row.levels["O2"]);
        let mark = if o2.instructions > o0.instructions { " WORSE" } else { "" };
        let base = match (baseline.is_some(), before(row)) {
            (false, _) => String::new(),
            (true, Some(b)) => format!("  {:>7}  {:>10.3}", b.levels["O2"].instructions, b.ratio),
            (true, None) => format!("  {:>7}  {:>10}", "-", "-"),
        };
        println!(
            "{:<16} {:<18} {:<6} {:>6} {:>6} {:>7.3}  {:>5} {:>5}  {:>6} {:>6}  {:>4} {:>4}{base}{mark}",
            row.program, row.kernel, row.platform, o0.instructions, o2.instructions, row.ratio, o0.sends, o2.sends,
            o0.spill_bytes, o2.spill_bytes, o0.grf, o2.grf
        );
    }
    for (platform, g) in &report.geomean {
        let base = baseline.and_then(|b| b.geomean.get(platform)).map_or(String::new(), |b| format!(" (baseline {b:.3})"));
        println!("geometric mean O2/O0 {platform}: {g:.3}{base}");
    }
    for failure in &report.failures {
        println!("FAILED {failure}");
    }
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("codegen_report: {e}");
            return ExitCode::from(2);
        }
    };
    let baseline = match &options.baseline {
        None => None,
        Some(path) => match fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|t| {
            serde_json::from_str::<Report>(&t).map_err(|e| e.to_string())
        }) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("codegen_report: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    let report = match run(&options) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("codegen_report: {e}");
            return ExitCode::from(2);
        }
    };
    let json = options.out.join("report.json");
    let text = serde_json::to_string_pretty(&report).expect("the report serialises");
    if let Err(e) = fs::write(&json, text) {
        eprintln!("codegen_report: {}: {e}", json.display());
        return ExitCode::from(2);
    }
    print_table(&report, baseline.as_ref());
    println!("report: {}", json.display());
    if report.failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
