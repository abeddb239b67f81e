//! The code-generation report: what the middle end does to the Gen ISA of each kernel, on both back-end routes.
//!
//! `cargo bench -p cmc --bench codegen_report [-- OPTIONS]` compiles every program of the corpus with the `cmc`
//! built alongside it, once per platform, optimisation level and route, with `-mdump_asm`, and reads the
//! finalizer's assembly listing of each kernel:
//! - instructions: the listing's `//.instCount`;
//! - sends: instruction lines whose opcode is `send`, `sends`, `sendc` or `sendsc` (memory messages, barriers,
//!   the end of thread; Gen12 spells them `send.<sfid>`);
//! - spill bytes: the listing's `//.spill size` (absent when the register allocator did not spill);
//! - GRF: the listing's `//.GRF count` (registers the kernel uses, as the finalizer's `-printregusage` reports
//!   them).
//!
//! The routes: `igc` (the default back end: SPIR-V to IGC's vector-compute backend, with `-mCM_printregusage`)
//! and `visa` (`-backend=visa`: our vISA, finalized by `GenX_IR`). `GenX_IR` exits with status 1 whenever it is
//! given `-printregusage`, so the vISA route is compiled without it and its GRF count is read from a second
//! finalization of the dumped `.visaasm` with `-printregusage` (same command as `vc_bridge::finalize::command`).
//! A kernel the vISA route cannot take (the route refuses an instruction, or the finalizer fails) is shown as
//! not taken, with the first line of cmc's message; it does not fail the report.
//!
//! The corpus is `tests/corpus/*.cpp` and `examples/*.cpp`. A program names its kernels on a first-lines comment
//! `// kernels: a b` (else every `_GENX_MAIN_` function's name is taken) and may restrict its platforms with
//! `// march: icllp tgllp`. The report is a benchmark, not a test: it measures, it does not judge; the figures go
//! to `<out>/report.json` and a table on stdout: per kernel, the IGC route's `-O0` and `-O2` figures and their
//! instruction ratio, then the vISA route's `-O0` and `-O2` instructions (or why it did not take the kernel) and
//! its `-O2` count over the IGC route's. Per platform: the geometric mean of the IGC route's `-O2`/`-O0` ratios,
//! and over the kernels the vISA route takes, of vISA `-O2` / IGC `-O2`. With `--baseline old.json` each row also
//! shows the IGC route's `-O2` count of an earlier report (before a change), and the geometric means of both.
//!
//! Options: `--out DIR` (default `target/codegen-report`, relative to the workspace root; the listings stay in
//! `DIR/asm/<program>/<route>-<platform>-O<n>/`), `--march a,b` (default `icllp,tgllp`), `--routes a,b` (default
//! `igc,visa`), `--filter TEXT` (programs whose file name contains it), `--baseline FILE`, `--cmc PATH`
//! (default: the `cmc` Cargo built for this benchmark).
//!
//! Not handled: run-time performance (there is no GPU).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use vc_bridge::finalize::header_number;

/// The optimisation levels compared: the back end alone on the front end's IR, and with the middle end.
const OPT_LEVELS: [&str; 2] = ["0", "2"];

/// The back-end routes: `cmc -backend=<route>`.
const ROUTES: [&str; 2] = ["igc", "visa"];

/// What a finalizer's listing says about one kernel compiled one way.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
struct Metrics {
    instructions: u32,
    sends: u32,
    spill_bytes: u32,
    grf: u32,
}

/// One kernel through the vISA route at one level: its metrics, or why the route did not take it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Outcome {
    Taken(Metrics),
    NotTaken(String),
}

/// One kernel on one platform.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Row {
    program: String,
    kernel: String,
    platform: String,
    /// The IGC route's metrics at each optimisation level (`"O0"`, `"O2"`).
    levels: BTreeMap<String, Metrics>,
    /// The IGC route's instructions at -O2 over its instructions at -O0.
    ratio: f64,
    /// The vISA route at each level (empty when it was not measured).
    #[serde(default)]
    visa: BTreeMap<String, Outcome>,
}

impl Row {
    /// The vISA route's -O2 instructions over the IGC route's, when the vISA route took the kernel at -O2.
    fn visa_over_igc(&self) -> Option<f64> {
        match self.visa.get("O2") {
            Some(Outcome::Taken(m)) => Some(m.instructions as f64 / self.levels["O2"].instructions as f64),
            _ => None,
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Report {
    rows: Vec<Row>,
    /// Per platform, the geometric mean of the rows' ratios (IGC route, -O2 over -O0).
    geomean: BTreeMap<String, f64>,
    /// Per platform, over the kernels the vISA route takes at -O2: the geometric mean of vISA -O2 / IGC -O2, and
    /// how many kernels that is.
    #[serde(default)]
    visa_geomean: BTreeMap<String, (f64, usize)>,
    /// IGC-route compilations that failed: program, platform, level and cmc's message.
    failures: Vec<String>,
}

struct Options {
    out: PathBuf,
    platforms: Vec<String>,
    routes: Vec<String>,
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
        routes: ROUTES.iter().map(|r| r.to_string()).collect(),
        filter: None,
        baseline: None,
        cmc: PathBuf::from(env!("CARGO_BIN_EXE_cmc")),
    };
    let mut args = std::env::args().skip(1);
    let list = |text: String| text.split(',').map(str::to_string).collect::<Vec<_>>();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            // cargo bench runs the benchmark in the package's directory: a relative path is the workspace's.
            "--out" => options.out = root.join(value("--out")?),
            "--march" => options.platforms = list(value("--march")?),
            "--routes" => options.routes = list(value("--routes")?),
            "--filter" => options.filter = Some(value("--filter")?),
            "--baseline" => options.baseline = Some(root.join(value("--baseline")?)),
            "--cmc" => options.cmc = root.join(value("--cmc")?),
            // cargo bench passes --bench to every benchmark binary.
            "--bench" => {}
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if let Some(route) = options.routes.iter().find(|r| !ROUTES.contains(&r.as_str())) {
        return Err(format!("unknown route '{route}' (igc, visa)"));
    }
    if !options.routes.iter().any(|r| r == "igc") {
        return Err("the igc route is the report's reference: --routes must include it".to_string());
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
        instructions: header_number(text, "instCount").unwrap_or(0),
        sends,
        spill_bytes: header_number(text, "spill size").unwrap_or(0),
        grf: header_number(text, "GRF count").unwrap_or(0),
    }
}

/// The GRF count of a kernel's `.visaasm` (the vISA route's), from finalizing it again with `-printregusage`
/// for the platform its listing names (`//.platform ICLLP`). `GenX_IR` exits with status 1 whenever that option
/// is given, so its listing, not its status, says whether it succeeded.
fn visa_grf(visaasm: &Path, listing: &str) -> Result<u32, String> {
    let platform = listing
        .lines()
        .find_map(|l| l.strip_prefix("//.platform "))
        .map(str::trim)
        .ok_or_else(|| format!("{}: the listing names no platform", visaasm.display()))?;
    let dir = visaasm.with_extension("grf");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    fs::copy(visaasm, dir.join("k.visaasm")).map_err(|e| format!("{}: {e}", visaasm.display()))?;
    Command::new("GenX_IR")
        .args(["k.visaasm", "-platform", platform, "-output", "-binary", "-printregusage"])
        .current_dir(&dir)
        .output()
        .map_err(|e| format!("cannot run GenX_IR: {e}"))?;
    let text = fs::read_to_string(dir.join("k.asm")).unwrap_or_default();
    let _ = fs::remove_dir_all(&dir);
    header_number(&text, "GRF count").ok_or_else(|| format!("{}: GenX_IR -printregusage gave no GRF count", visaasm.display()))
}

/// Compiles `program` for `platform` at `-O<level>` through `route` into `dir`, returning each kernel's metrics.
fn measure(
    options: &Options,
    program: &Program,
    route: &str,
    platform: &str,
    level: &str,
    dir: &Path,
) -> Result<Vec<Metrics>, String> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut command = Command::new(&options.cmc);
    command.arg(format!("-march={platform}")).arg(format!("-O{level}")).arg(format!("-backend={route}"));
    command.arg("-mdump_asm");
    if route == "igc" {
        command.arg("-mCM_printregusage");
    }
    let output = command
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
            let mut metrics = parse_listing(&text);
            if metrics.instructions == 0 {
                return Err(format!("{}: no //.instCount", asm.display()));
            }
            if route == "visa" {
                metrics.grf = visa_grf(&dir.join(format!("{k}.visaasm")), &text)?;
            }
            Ok(metrics)
        })
        .collect()
}

fn geomean(ratios: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = ratios.fold((0.0, 0u32), |(s, n), r| (s + r.ln(), n + 1));
    if n == 0 { f64::NAN } else { (sum / n as f64).exp() }
}

/// The first line of a message (cmc's first error names the kernel and the reason).
fn first_line(message: &str) -> String {
    message.lines().next().unwrap_or("").to_string()
}

fn run(options: &Options) -> Result<Report, String> {
    let programs = corpus(options.filter.as_deref())?;
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let with_visa = options.routes.iter().any(|r| r == "visa");
    for program in &programs {
        for platform in &options.platforms {
            if program.platforms.as_ref().is_some_and(|p| !p.contains(platform)) {
                continue;
            }
            let dir = |route: &str, level: &str| {
                options.out.join("asm").join(&program.name).join(format!("{route}-{platform}-O{level}"))
            };
            let mut igc: Vec<(String, Vec<Metrics>)> = Vec::new();
            let mut visa: Vec<(String, Result<Vec<Metrics>, String>)> = Vec::new();
            for level in OPT_LEVELS {
                match measure(options, program, "igc", platform, level, &dir("igc", level)) {
                    Ok(m) => igc.push((format!("O{level}"), m)),
                    Err(e) => failures.push(format!("{} {platform} -O{level}: {e}", program.name)),
                }
                if with_visa {
                    let measured = measure(options, program, "visa", platform, level, &dir("visa", level));
                    visa.push((format!("O{level}"), measured.map_err(|e| first_line(&e))));
                }
            }
            if igc.len() != OPT_LEVELS.len() {
                continue;
            }
            for (i, kernel) in program.kernels.iter().enumerate() {
                let levels: BTreeMap<String, Metrics> = igc.iter().map(|(l, m)| (l.clone(), m[i].clone())).collect();
                let ratio = levels["O2"].instructions as f64 / levels["O0"].instructions as f64;
                let visa = visa
                    .iter()
                    .map(|(l, m)| {
                        let outcome = match m {
                            Ok(m) => Outcome::Taken(m[i].clone()),
                            Err(e) => Outcome::NotTaken(e.clone()),
                        };
                        (l.clone(), outcome)
                    })
                    .collect();
                rows.push(Row {
                    program: program.name.clone(),
                    kernel: kernel.clone(),
                    platform: platform.clone(),
                    levels,
                    ratio,
                    visa,
                });
            }
        }
    }
    let geomean_igc = options.platforms.iter().map(|p| (p.clone(), geomean(rows.iter().filter(|r| &r.platform == p).map(|r| r.ratio)))).collect();
    let visa_geomean = if with_visa {
        options
            .platforms
            .iter()
            .map(|p| {
                let taken: Vec<f64> = rows.iter().filter(|r| &r.platform == p).filter_map(Row::visa_over_igc).collect();
                (p.clone(), (geomean(taken.iter().copied()), taken.len()))
            })
            .collect()
    } else {
        BTreeMap::new()
    };
    Ok(Report { rows, geomean: geomean_igc, visa_geomean, failures })
}

/// A vISA-route cell: the instruction count, or `-` when the route did not take the kernel.
fn visa_cell(row: &Row, level: &str) -> String {
    match row.visa.get(level) {
        Some(Outcome::Taken(m)) if m.spill_bytes > 0 => format!("{}s", m.instructions),
        Some(Outcome::Taken(m)) => m.instructions.to_string(),
        _ => "-".to_string(),
    }
}

fn print_table(report: &Report, baseline: Option<&Report>) {
    let before = |row: &Row| {
        baseline?.rows.iter().find(|b| b.kernel == row.kernel && b.platform == row.platform && b.program == row.program)
    };
    let with_visa = report.rows.iter().any(|r| !r.visa.is_empty());
    let base_col = if baseline.is_some() { "  base-O2  base-ratio" } else { "" };
    let visa_col = if with_visa { "  vO0s vO2s  v/igc" } else { "" };
    println!(
        "{:<18} {:<16} {:<6} {:>5} {:>5} {:>6}  {:>5} {:>5}  {:>6} {:>6}  {:>4} {:>4}{visa_col}{base_col}",
        "program", "kernel", "march", "O0", "O2", "O2/O0", "sndO0", "sndO2", "spill0", "spill2", "grf0", "grf2"
    );
    let mut not_taken: Vec<String> = Vec::new();
    for row in &report.rows {
        let (o0, o2) = (&row.levels["O0"], &row.levels["O2"]);
        let mark = if o2.instructions > o0.instructions { " WORSE" } else { "" };
        let visa = if with_visa {
            let ratio = row.visa_over_igc().map_or("-".to_string(), |r| format!("{r:.3}"));
            format!("  {:>5} {:>5} {:>6}", visa_cell(row, "O0"), visa_cell(row, "O2"), ratio)
        } else {
            String::new()
        };
        for (level, outcome) in &row.visa {
            if let Outcome::NotTaken(reason) = outcome {
                not_taken.push(format!("{} {} {level}: {reason}", row.kernel, row.platform));
            }
        }
        let base = match (baseline.is_some(), before(row)) {
            (false, _) => String::new(),
            (true, Some(b)) => format!("  {:>7}  {:>10.3}", b.levels["O2"].instructions, b.ratio),
            (true, None) => format!("  {:>7}  {:>10}", "-", "-"),
        };
        println!(
            "{:<18} {:<16} {:<6} {:>5} {:>5} {:>6.3}  {:>5} {:>5}  {:>6} {:>6}  {:>4} {:>4}{visa}{base}{mark}",
            row.program, row.kernel, row.platform, o0.instructions, o2.instructions, row.ratio, o0.sends, o2.sends,
            o0.spill_bytes, o2.spill_bytes, o0.grf, o2.grf
        );
    }
    for (platform, g) in &report.geomean {
        let base = baseline.and_then(|b| b.geomean.get(platform)).map_or(String::new(), |b| format!(" (baseline {b:.3})"));
        println!("geometric mean O2/O0 {platform} (igc route): {g:.3}{base}");
    }
    for (platform, (g, n)) in &report.visa_geomean {
        let total = report.rows.iter().filter(|r| &r.platform == platform).count();
        println!("vISA route {platform}: takes {n} of {total} kernels at -O2; geometric mean vISA-O2/IGC-O2 over them: {g:.3}");
    }
    if with_visa {
        println!("(vO0s/vO2s: the vISA route's instructions, `s` when it spills, `-` not taken)");
    }
    for line in &not_taken {
        println!("vISA route did not take {line}");
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
