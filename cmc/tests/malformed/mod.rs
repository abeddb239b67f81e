//! The malformed-input campaign: what a careless or hostile user feeds `cmc` (and `opt-14` with our plugin),
//! and how each run ended.
//!
//! What: a generator of cases seeded from the project's own inputs (the lit tests' CM sources and GenX IR, the
//! examples), each mutated the way careless or hostile input looks: truncated, lines duplicated or dropped,
//! numbers replaced (in template arguments and region operands: 0, -1, 2^31-1, 2^32, 1048576, ...), vector
//! widths made huge, non-UTF-8 or NUL bytes inserted, long identifiers; plus special files as input or `-I`/
//! `-include` (a directory, a FIFO, /dev/null, /dev/zero, an empty file), and bad command lines (unknown or
//! malformed values, non-UTF-8 arguments, `-o` naming the input or a missing directory). A runner executes each
//! case in a private directory (its working directory, with `TMPDIR` inside it) under a wall-clock limit, and
//! [`Class`] says how it ended.
//!
//! Why here: the campaign drives the `cmc` binary, so it lives with it (`cmc/tests/malformed_campaign.rs` runs a
//! bounded set in CI through `CARGO_BIN_EXE_cmc`, which guarantees the binary just built;
//! `cmc/examples/malformed_campaign.rs` runs without bound and writes reproducers).
//!
//! Invariants: case `i` of seed `s` is a function of `(s, i)` only (a small SplitMix64 generator, no
//! dependency), so a reproducer is named by seed and index and the set does not depend on thread scheduling;
//! inputs are compared byte for byte after the run (a changed input is `Clobbered`), and the private directory
//! must hold, after a failure, exactly what it held before (after a success, plus the declared outputs).
//!
//! Not covered: inputs larger than a few hundred KB (kept small so that cases fail fast), concurrency between
//! cases beyond the shared header cache, anything needing a GPU.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Exit 0, only the declared outputs written.
    Success,
    /// Non-zero exit with an error message (`file:line:col: error:` or `cmc: error:`), nothing left behind.
    CleanError,
    /// Non-zero exit and no error message at all.
    Silent,
    /// A Rust panic.
    Panic,
    /// Killed by a signal, or an abort passed through ("LLVM ERROR", a stack dump, "ocloc was killed", a crashed
    /// clang).
    Abort,
    /// An `opt-14` case that aborts, or runs past the time limit, in LLVM's own IR reader before any of our code
    /// runs: opt-14 parses its input before it runs a pass (a 2^31-lane `zeroinitializer` shuffle mask is
    /// allocated lane by lane there), and before it loads pass plugins, so no handler of ours is in place yet.
    /// Told apart from `Abort` and `Timeout` by running the same input through `opt-14` without the plugin and
    /// without passes: it aborts or runs past the limit there too. Also an `opt-14` case that opt-14 itself
    /// refuses before our passes run with a message that lacks the word "error" (`opt-14: unrecognized
    /// architecture 'x' provided` for a mangled target triple), which would otherwise count as `Silent`: plain
    /// `opt-14` exits non-zero on the input too. Counted, never hidden; not ours to fix.
    OptReaderAbort,
    /// Still running at the time limit.
    Timeout,
    /// A file left behind (or an expected output missing after success), or an input changed.
    Leftover,
}

impl Class {
    pub const ALL: [Class; 8] = [
        Class::Success,
        Class::CleanError,
        Class::Silent,
        Class::Panic,
        Class::Abort,
        Class::OptReaderAbort,
        Class::Timeout,
        Class::Leftover,
    ];

    pub fn is_clean(self) -> bool {
        matches!(self, Class::Success | Class::CleanError)
    }
}

/// Which tool a case runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Cmc,
    /// `opt-14 -load-pass-plugin=<libgenx_passes.so>`.
    Opt,
}

/// A file the case's directory holds before the run.
#[derive(Clone, Debug)]
pub enum Setup {
    File(String, Vec<u8>),
    Dir(String),
    Fifo(String),
    Symlink(String, PathBuf),
}

/// One run.
#[derive(Clone, Debug)]
pub struct Case {
    pub index: u64,
    /// Which part of the generator made it: `cm` (a mutated CM source), `ir` (mutated GenX IR), `options` (a
    /// bad command line) or `special` (special files and paths).
    pub family: &'static str,
    /// What the generator did, for the report.
    pub what: String,
    pub tool: Tool,
    pub setup: Vec<Setup>,
    pub args: Vec<OsString>,
    pub stdin: Option<Vec<u8>>,
    /// Files the run may create when it succeeds.
    pub outputs: Vec<String>,
    /// Whether the case reaches IGC (slow: the bounded run caps these).
    pub reaches_igc: bool,
}

/// How one case ended.
pub struct Outcome {
    pub class: Class,
    pub detail: String,
    pub stderr: Vec<u8>,
    pub seconds: f64,
}

/// SplitMix64: small, seedable, good enough to pick mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64, index: u64) -> Rng {
        let mut rng = Rng(seed ^ index.wrapping_mul(0x9e3779b97f4a7c15));
        rng.next();
        rng
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The project's own inputs the mutations start from.
pub struct Seeds {
    pub cm: Vec<(String, Vec<u8>)>,
    pub ir: Vec<(String, Vec<u8>)>,
}

impl Seeds {
    pub fn load(repo: &Path) -> Seeds {
        let mut cm = Vec::new();
        let mut ir = Vec::new();
        let mut stack = vec![repo.join("tests/lit"), repo.join("tests/corpus"), repo.join("examples")];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
            entries.sort();
            for path in entries {
                if path.is_dir() {
                    // lit's `Output/` directories hold what earlier test runs wrote: not seeds (the set must
                    // not depend on which tests ran before).
                    if path.file_name().is_some_and(|name| name != "Output") {
                        stack.push(path);
                    }
                    continue;
                }
                let name = path.strip_prefix(repo).unwrap_or(&path).display().to_string();
                let Ok(bytes) = std::fs::read(&path) else { continue };
                match path.extension().and_then(|e| e.to_str()) {
                    Some("cpp") => cm.push((name, bytes)),
                    Some("ll") => ir.push((name, bytes)),
                    _ => {}
                }
            }
        }
        cm.sort();
        ir.sort();
        Seeds { cm, ir }
    }
}

/// Numbers that break assumptions: zero, negative, the edges of 16/32/64-bit integers, huge widths.
const NUMBERS: &[&str] = &[
    "0", "-1", "1", "3", "7", "17", "4095", "4096", "65535", "65536", "1048576", "2147483647", "2147483648",
    "-2147483648", "4294967295", "4294967296", "18446744073709551615", "99999999999999999999", "0x7fffffff", "1e40",
];

fn lines(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split_inclusive(|&b| b == b'\n').collect()
}

/// Byte ranges of the decimal numbers in `text`, with a flag for those inside `<...>` or a call's `(...)`
/// right after `>` (template arguments and region operands).
fn numbers(text: &[u8]) -> Vec<(usize, usize, bool)> {
    let mut found = Vec::new();
    let mut depth_angle = 0i32;
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        if b == b'<' {
            depth_angle += 1;
        } else if b == b'>' || b == b'\n' || b == b';' {
            depth_angle = 0.max(depth_angle - 1);
            if b != b'>' {
                depth_angle = 0;
            }
        }
        if b.is_ascii_digit() && (i == 0 || !(text[i - 1].is_ascii_alphanumeric() || text[i - 1] == b'_')) {
            let start = i;
            while i < text.len() && text[i].is_ascii_digit() {
                i += 1;
            }
            found.push((start, i, depth_angle > 0));
            continue;
        }
        i += 1;
    }
    found
}

/// One textual mutation of `source`; returns the mutated text and what was done.
pub fn mutate_text(rng: &mut Rng, source: &[u8], slow_allowed: bool) -> (Vec<u8>, String) {
    let mut out = source.to_vec();
    let kinds = if slow_allowed { 10 } else { 9 };
    match rng.below(kinds) {
        0 => {
            let at = rng.below(source.len() + 1);
            out.truncate(at);
            (out, format!("truncated at byte {at}"))
        }
        1 | 2 => {
            // A number replaced, preferably in template arguments / region operands.
            let all = numbers(source);
            let templated: Vec<_> = all.iter().filter(|n| n.2).copied().collect();
            let pool = if !templated.is_empty() && rng.chance(75) { templated } else { all };
            if pool.is_empty() {
                return (out, "unchanged (no number)".into());
            }
            let (start, end, inside) = *rng.pick(&pool);
            let value = *rng.pick(NUMBERS);
            out.splice(start..end, value.bytes());
            (out, format!("number at byte {start}{} -> {value}", if inside { " (template/region)" } else { "" }))
        }
        3 => {
            let ls = lines(source);
            if ls.is_empty() {
                return (out, "unchanged (empty)".into());
            }
            let from = rng.below(ls.len());
            let to = (from + 1 + rng.below(4)).min(ls.len());
            let times = 1 + rng.below(3);
            let mut result: Vec<u8> = ls[..to].concat();
            for _ in 0..times {
                result.extend(ls[from..to].concat());
            }
            result.extend(ls[to..].concat());
            (result, format!("lines {from}..{to} duplicated {times}x"))
        }
        4 => {
            let ls = lines(source);
            if ls.is_empty() {
                return (out, "unchanged (empty)".into());
            }
            let drop = rng.below(ls.len());
            let result: Vec<u8> = ls.iter().enumerate().filter(|(i, _)| *i != drop).flat_map(|(_, l)| l.to_vec()).collect();
            (result, format!("line {drop} deleted"))
        }
        5 => {
            let at = rng.below(source.len() + 1);
            let bytes: &[u8] = *rng.pick(&[&b"\xff\xfe"[..], &b"\xc3"[..], &b"\x00"[..], &b"\xed\xa0\x80"[..], &b"\xf4\x90\x80\x80"[..]]);
            out.splice(at..at, bytes.iter().copied());
            (out, format!("non-UTF-8 bytes {bytes:02x?} at {at}"))
        }
        6 => {
            // A width made huge: the number after "vector<T, " / "<N x ".
            let all = numbers(source);
            let templated: Vec<_> = all.iter().filter(|n| n.2).copied().collect();
            if templated.is_empty() {
                return (out, "unchanged (no width)".into());
            }
            let (start, end, _) = *rng.pick(&templated);
            let value = rng.pick(&["65536", "1048576", "16777216", "268435456", "2147483647"]).to_string();
            out.splice(start..end, value.bytes());
            (out, format!("width at byte {start} -> {value}"))
        }
        7 => {
            let at = rng.below(source.len() + 1);
            let junk: &str = *rng.pick(&["{", "}", "(", ")", "<", ">", ";", "#", "\"", "'", "\\", "/*", "template", "#include", "#if", "::"]);
            out.splice(at..at, junk.bytes());
            (out, format!("'{junk}' inserted at {at}"))
        }
        8 => {
            // Two mutations.
            let (first, a) = mutate_text(rng, source, false);
            let (second, b) = mutate_text(rng, &first, false);
            (second, format!("{a}; {b}"))
        }
        _ => {
            let at = rng.below(source.len() + 1);
            let len = 1000 * (1 + rng.below(50));
            let mut ident = vec![b' '];
            ident.extend(std::iter::repeat(b'q').take(len));
            ident.push(b' ');
            out.splice(at..at, ident);
            (out, format!("identifier of {len} bytes at {at}"))
        }
    }
}

const PLATFORMS: &[&str] = &["skl", "icllp", "tgllp", "dg1", "adl-p", "acm-g10", "pvc", "Gen9", "XeHPG"];
const PIPELINES: &[&str] = &[
    "genx-verify",
    "genx-lowering,genx-verify",
    "genx-lowering,genx-region-collapse,genx-const-fold,genx-dead-vector",
    "genx-legalize",
    "genx-promote-array",
    "genx-vector-decompose",
    "genx-region-collapse",
    "genx-const-fold,genx-dead-vector",
    "genx-target<tgllp>,genx-verify-legal",
    // The vISA route's preparation (`-backend=visa -###` names it) and its back end.
    "genx-inline-calls,always-inline,genx-lane-loop,genx-promote-array,function(mem2reg),genx-region-unroll,genx-constant-loads,genx-constant-branches",
    "genx-legalize,print<genx-visa-emit>",
];

fn os(text: &str) -> OsString {
    OsString::from(text)
}

/// Bad command-line additions (appended to an otherwise good compile of `in.cpp`).
fn bad_options(rng: &mut Rng) -> (Vec<OsString>, Vec<Setup>, String) {
    let non_utf8 = |prefix: &str| {
        let mut bytes = prefix.as_bytes().to_vec();
        bytes.extend_from_slice(b"\xff\xfe");
        OsString::from_vec(bytes)
    };
    let choice = rng.below(24);
    let (args, setup): (Vec<OsString>, Vec<Setup>) = match choice {
        0 => (vec![non_utf8("-march=")], vec![]),
        1 => (vec![os("-I"), non_utf8("dir")], vec![]),
        2 => (vec![os("-I"), os("in.cpp")], vec![]),
        3 => (vec![os("-I"), os("/dev/null")], vec![]),
        4 => (vec![os("-include"), os("missing.h")], vec![]),
        5 => (vec![os("-include"), os("/dev/null")], vec![]),
        6 => (vec![os("-include"), os("adir")], vec![Setup::Dir("adir".into())]),
        7 => (vec![os("-include"), os("empty.h")], vec![Setup::File("empty.h".into(), vec![])]),
        8 => (vec![os("-DX=1"), os("-Dvector=int")], vec![]),
        9 => (vec![os("-UCM_GENX"), os("-D__CM=0")], vec![]),
        10 => (vec![os("-Xclang"), os("-no-such-cc1-flag")], vec![]),
        11 => (vec![os("-std=c++99")], vec![]),
        12 => (vec![os("-std=")], vec![]),
        13 => (vec![os("-O9")], vec![]),
        14 => (vec![os("-mllvm"), os("-no-such-llvm-flag")], vec![]),
        15 => (vec![os("--pass-remarks=[")], vec![]),
        16 => (vec![os("-binary-format=zz")], vec![]),
        17 => (vec![os("-Qxcm_revid=99999999999")], vec![]),
        18 => (vec![os("-mCM_max_slm=99999999999")], vec![]),
        19 => (vec![os("-march=")], vec![]),
        20 => (vec![os("-isystem"), os("/nonexistent/dir")], vec![]),
        21 => (vec![os("-I"), os("loop")], vec![Setup::Symlink("loop".into(), PathBuf::from("loop"))]),
        22 => (vec![os("-x"), os("nonsense")], vec![]),
        _ => (vec![os("-D"), non_utf8("NAME=")], vec![]),
    };
    let what = args.iter().map(|a| a.to_string_lossy().into_owned()).collect::<Vec<_>>().join(" ");
    (args, setup, format!("option {what}"))
}

/// Case `index` of `seed`. `fast`: no slow mutations (long identifiers, `/dev/zero`), and IGC only for every
/// `igc_every`-th case that would use it (the others stop before IGC).
pub fn generate(seeds: &Seeds, seed: u64, index: u64, fast: bool, igc_every: u64) -> Case {
    let mut rng = Rng::new(seed, index);
    let igc_allowed = igc_every > 0 && index % igc_every == 0;
    let family = rng.below(100);
    let mut case = Case {
        index,
        family: "cm",
        what: String::new(),
        tool: Tool::Cmc,
        setup: Vec::new(),
        args: Vec::new(),
        stdin: None,
        outputs: Vec::new(),
        reaches_igc: false,
    };
    if family < 50 && !seeds.cm.is_empty() {
        // A mutated CM source.
        let (name, source) = rng.pick(&seeds.cm).clone();
        let (text, what) = mutate_text(&mut rng, &source, !fast);
        case.what = format!("CM {name}: {what}");
        let mode = rng.below(10);
        match mode {
            0 => {
                case.stdin = Some(text);
                case.args = ["-x", "cm", "-", "-emit-llvm", "-S", "-o", "out.ll"].map(os).to_vec();
                case.outputs = vec!["out.ll".into()];
                case.what.push_str(" (stdin)");
            }
            1 => {
                case.setup.push(Setup::File("in.cpp".into(), text));
                case.args = ["-E", "in.cpp", "-o", "out.i"].map(os).to_vec();
                case.outputs = vec!["out.i".into()];
            }
            2 | 3 => {
                case.setup.push(Setup::File("in.cpp".into(), text));
                let platform = rng.pick(PLATFORMS);
                case.args = vec![os(&format!("-march={platform}")), os("-emit-spirv"), os("in.cpp"), os("-o"), os("out.spv")];
                case.outputs = vec!["out.spv".into()];
            }
            4 if igc_allowed => {
                case.setup.push(Setup::File("in.cpp".into(), text));
                let platform = rng.pick(PLATFORMS);
                case.args = vec![os(&format!("-march={platform}")), os("in.cpp"), os("-o"), os("out.bin")];
                // Half of them through the vISA route (our back end, then GenX_IR).
                if rng.below(2) == 0 {
                    case.args.insert(0, os("-backend=visa"));
                    case.what.push_str(" (-backend=visa)");
                }
                case.outputs = vec!["out.bin".into()];
                case.reaches_igc = true;
            }
            _ => {
                case.setup.push(Setup::File("in.cpp".into(), text));
                case.args = ["-emit-llvm", "-S", "in.cpp", "-o", "out.ll"].map(os).to_vec();
                case.outputs = vec!["out.ll".into()];
            }
        }
    } else if family < 85 && !seeds.ir.is_empty() {
        // Mutated GenX IR.
        case.family = "ir";
        let (name, source) = rng.pick(&seeds.ir).clone();
        let (text, what) = mutate_text(&mut rng, &source, !fast);
        case.what = format!("IR {name}: {what}");
        case.setup.push(Setup::File("in.ll".into(), text));
        let pipeline = rng.pick(PIPELINES);
        match rng.below(10) {
            0..=3 => {
                case.args = vec![os(&format!("-passes={pipeline}")), os("-S"), os("in.ll"), os("-o"), os("out.ll")];
                case.outputs = vec!["out.ll".into()];
            }
            4..=6 => {
                case.tool = Tool::Opt;
                case.args = vec![os(&format!("-passes={pipeline}")), os("-S"), os("in.ll"), os("-o"), os("out.ll")];
                case.outputs = vec!["out.ll".into()];
            }
            7 | 8 => {
                case.args = ["-march=tgllp", "-emit-spirv", "in.ll", "-o", "out.spv"].map(os).to_vec();
                case.outputs = vec!["out.spv".into()];
            }
            _ if igc_allowed => {
                case.args = ["-march=tgllp", "in.ll", "-o", "out.bin"].map(os).to_vec();
                if rng.below(2) == 0 {
                    case.args.insert(0, os("-backend=visa"));
                    case.what.push_str(" (-backend=visa)");
                }
                case.outputs = vec!["out.bin".into()];
                case.reaches_igc = true;
            }
            _ => {
                case.args = ["-passes=genx-verify", "-S", "in.ll", "-o", "out.ll"].map(os).to_vec();
                case.outputs = vec!["out.ll".into()];
            }
        }
    } else if family < 95 {
        // A good source with a bad command line.
        case.family = "options";
        let good = seeds.cm.iter().find(|(n, _)| n.ends_with("linear_filter.cpp")).or(seeds.cm.first());
        let source = good.map(|(_, s)| s.clone()).unwrap_or_default();
        let (extra, setup, what) = bad_options(&mut rng);
        case.what = what;
        case.setup.push(Setup::File("in.cpp".into(), source));
        case.setup.extend(setup);
        case.args = ["-emit-llvm", "-S", "in.cpp", "-o", "out.ll"].map(os).to_vec();
        case.args.extend(extra);
        case.outputs = vec!["out.ll".into()];
    } else {
        // Special files and paths.
        case.family = "special";
        let source = seeds.cm.first().map(|(_, s)| s.clone()).unwrap_or_default();
        let choice = rng.below(if fast { 10 } else { 11 });
        case.setup.push(Setup::File("in.cpp".into(), source));
        let (args, setup, outputs): (Vec<&str>, Vec<Setup>, Vec<&str>) = match choice {
            0 => (vec!["-emit-llvm", "-S", "adir.cpp", "-o", "out.ll"], vec![Setup::Dir("adir.cpp".into())], vec!["out.ll"]),
            1 => (vec!["-emit-llvm", "-S", "fifo.cpp", "-o", "out.ll"], vec![Setup::Fifo("fifo.cpp".into())], vec!["out.ll"]),
            2 => (vec!["-x", "cm", "-emit-llvm", "-S", "/dev/null", "-o", "out.ll"], vec![], vec!["out.ll"]),
            3 => (vec!["-emit-llvm", "-S", "empty.cpp", "-o", "out.ll"], vec![Setup::File("empty.cpp".into(), vec![])], vec!["out.ll"]),
            4 => (vec!["-emit-llvm", "-S", "in.cpp", "-o", "in.cpp"], vec![], vec![]),
            5 => (vec!["-emit-llvm", "-S", "in.cpp", "-o", "missing/dir/out.ll"], vec![], vec![]),
            6 => (vec!["-emit-llvm", "-S", "in.cpp", "-o", "adir"], vec![Setup::Dir("adir".into())], vec![]),
            7 => (vec!["-passes=genx-verify", "-S", "/dev/null", "-o", "out.ll"], vec![], vec!["out.ll"]),
            8 => (vec!["-emit-llvm", "-S", "link.cpp", "-o", "out.ll"], vec![Setup::Symlink("link.cpp".into(), PathBuf::from("nowhere.cpp"))], vec!["out.ll"]),
            9 => (vec!["-emit-llvm", "-S", "in.cpp", "in.cpp", "-o", "out.ll"], vec![], vec!["out.ll"]),
            _ => (vec!["-emit-llvm", "-S", "in.cpp", "-include", "/dev/zero", "-o", "out.ll"], vec![], vec!["out.ll"]),
        };
        case.what = format!("special: {}", args.join(" "));
        case.setup.extend(setup);
        case.args = args.into_iter().map(os).collect();
        case.outputs = outputs.into_iter().map(String::from).collect();
    }
    case
}

/// The paths the runner needs.
pub struct Tools {
    pub cmc: PathBuf,
    /// opt-14 and the plugin, when both exist.
    pub opt: Option<(PathBuf, PathBuf)>,
    /// The header cache shared by all cases (`XDG_CACHE_HOME`).
    pub cache: PathBuf,
    pub timeout: Duration,
}

impl Tools {
    pub fn find(cmc: PathBuf, cache: PathBuf, timeout: Duration) -> Tools {
        let plugin = cmc.parent().map(|d| d.join("libgenx_passes.so"));
        let opt = ["/usr/lib/llvm-14/bin/opt", "/usr/bin/opt-14"].iter().map(PathBuf::from).find(|p| p.is_file());
        let opt = match (opt, plugin) {
            (Some(opt), Some(plugin)) if plugin.is_file() => Some((opt, plugin)),
            _ => None,
        };
        Tools { cmc, opt, cache, timeout }
    }
}

/// Names, kinds and contents of everything under `dir` (symlinks as their target, not followed).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut map = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else { continue };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            let relative = path.strip_prefix(dir).unwrap_or(&path).to_path_buf();
            let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
            let kind = meta.file_type();
            if kind.is_symlink() {
                let target = std::fs::read_link(&path).map(|t| t.into_os_string().into_vec()).unwrap_or_default();
                map.insert(relative, [b"link:".to_vec(), target].concat());
            } else if kind.is_dir() {
                map.insert(relative, b"dir".to_vec());
                stack.push(path);
            } else if kind.is_file() {
                map.insert(relative, std::fs::read(&path).unwrap_or_default());
            } else {
                map.insert(relative, b"special".to_vec());
            }
        }
    }
    map
}

fn prepare(dir: &Path, case: &Case) -> std::io::Result<()> {
    std::fs::create_dir_all(dir.join("tmp"))?;
    for setup in &case.setup {
        match setup {
            Setup::File(name, bytes) => std::fs::write(dir.join(name), bytes)?,
            Setup::Dir(name) => std::fs::create_dir_all(dir.join(name))?,
            Setup::Fifo(name) => {
                let status = Command::new("mkfifo").arg(dir.join(name)).status()?;
                if !status.success() {
                    return Err(std::io::Error::other("mkfifo failed"));
                }
            }
            Setup::Symlink(name, target) => std::os::unix::fs::symlink(target, dir.join(name))?,
        }
    }
    Ok(())
}

/// Markers of an abort passed through to the user.
const ABORT_MARKERS: &[&str] = &[
    "LLVM ERROR",
    "Stack dump:",
    "PLEASE submit a bug report",
    "ocloc was killed",
    "was killed by signal",
    "crashed on",
    "Segmentation fault",
    "Aborted",
];

fn classify(case: &Case, status: Option<std::process::ExitStatus>, stderr: &[u8], before: &BTreeMap<PathBuf, Vec<u8>>, after: &BTreeMap<PathBuf, Vec<u8>>) -> (Class, String) {
    let text = String::from_utf8_lossy(stderr);
    let Some(status) = status else { return (Class::Timeout, "killed at the time limit".into()) };
    if text.contains("panicked at") || status.code() == Some(101) {
        return (Class::Panic, text.lines().find(|l| l.contains("panicked")).unwrap_or("exit 101").to_string());
    }
    if let Some(signal) = status.signal() {
        return (Class::Abort, format!("killed by signal {signal}"));
    }
    if let Some(marker) = ABORT_MARKERS.iter().find(|m| text.contains(*m)) {
        return (Class::Abort, format!("stderr has '{marker}'"));
    }
    // Inputs unchanged; nothing new but the declared outputs (after a success).
    for (path, bytes) in before {
        match after.get(path) {
            Some(now) if now == bytes => {}
            Some(_) => return (Class::Leftover, format!("input {} was changed", path.display())),
            None => return (Class::Leftover, format!("input {} was removed", path.display())),
        }
    }
    let success = status.success();
    for path in after.keys() {
        if before.contains_key(path) {
            continue;
        }
        let declared = case.outputs.iter().any(|o| Path::new(o) == path);
        if !(success && declared) {
            return (Class::Leftover, format!("{} left behind", path.display()));
        }
    }
    if success {
        return (Class::Success, String::new());
    }
    match text.lines().find(|l| l.contains("error:") || l.contains("error ")) {
        Some(line) => (Class::CleanError, line.chars().take(200).collect()),
        None => (Class::Silent, format!("exit {status} with no error message")),
    }
}

/// Runs `case` in the fresh private directory `dir` (removed afterwards unless `keep`).
pub fn run(tools: &Tools, case: &Case, dir: &Path, keep: bool) -> Outcome {
    let _ = std::fs::remove_dir_all(dir);
    let start = Instant::now();
    if let Err(e) = prepare(dir, case) {
        return Outcome { class: Class::Silent, detail: format!("setup failed: {e}"), stderr: Vec::new(), seconds: 0.0 };
    }
    let before = snapshot(dir);
    let mut command = match case.tool {
        Tool::Cmc => Command::new(&tools.cmc),
        Tool::Opt => {
            let Some((opt, plugin)) = &tools.opt else {
                return Outcome { class: Class::Success, detail: "opt not found: skipped".into(), stderr: Vec::new(), seconds: 0.0 };
            };
            let mut command = Command::new(opt);
            command.arg(format!("-load-pass-plugin={}", plugin.display()));
            command
        }
    };
    command
        .args(&case.args)
        .current_dir(dir)
        .env("TMPDIR", dir.join("tmp"))
        .env("XDG_CACHE_HOME", &tools.cache)
        .env_remove("CMC_CACHE_DIR")
        .stdin(if case.stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => return Outcome { class: Class::Silent, detail: format!("spawn failed: {e}"), stderr: Vec::new(), seconds: 0.0 },
    };
    if let (Some(bytes), Some(mut pipe)) = (case.stdin.clone(), child.stdin.take()) {
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        });
    }
    let mut stderr_pipe = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = stderr_pipe.as_mut() {
            let _ = std::io::Read::read_to_end(pipe, &mut bytes);
        }
        bytes
    });
    let deadline = start + tools.timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                // The whole process group: clang or ocloc under cmc too.
                let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).status();
                let _ = child.wait();
                break None;
            }
        }
    };
    if status.is_some() {
        // Whatever the tool started and left running is stopped too (it would write into the directory).
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", child.id())]).stderr(Stdio::null()).status();
    }
    let stderr = reader.join().unwrap_or_default();
    let after = snapshot(dir);
    let (mut class, mut detail) = classify(case, status, &stderr, &before, &after);
    if matches!(class, Class::Abort | Class::Timeout | Class::Silent) && case.tool == Tool::Opt {
        let plain = plain_opt(tools, case, dir);
        let attributed = match class {
            // opt-14's own refusal, not ours: plain opt-14 refuses the input too.
            Class::Silent => plain.is_some_and(|p| p != PlainOpt::Succeeds),
            _ => plain.is_some_and(|p| matches!(p, PlainOpt::Aborts | PlainOpt::TimesOut)),
        };
        if attributed {
            class = Class::OptReaderAbort;
            let how = match plain {
                Some(PlainOpt::Aborts) => "aborts",
                Some(PlainOpt::TimesOut) => "runs past the limit",
                _ => "refuses it",
            };
            detail = format!("{detail}; opt-14 alone (no plugin, no passes) {how} on this input too");
        }
    }
    if !keep {
        let _ = std::fs::remove_dir_all(dir);
    }
    Outcome { class, detail, stderr, seconds: start.elapsed().as_secs_f64() }
}

/// How plain `opt-14` ends on an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlainOpt {
    Succeeds,
    /// Exits non-zero (a message of its own, such as `unrecognized architecture`).
    Fails,
    /// Killed by a signal.
    Aborts,
    TimesOut,
}

/// How plain `opt-14`, without our plugin and without passes, ends on the case's input file (the last argument
/// that names a file in `dir`): when it aborts, runs past the time limit or refuses the input, the failure is
/// LLVM's (its reader's, its target lookup's), before any code of ours ran. `None` when there is no opt-14 or
/// no input file.
fn plain_opt(tools: &Tools, case: &Case, dir: &Path) -> Option<PlainOpt> {
    let (opt, _) = tools.opt.as_ref()?;
    let names_file = |arg: &&OsString| arg.to_str().is_some_and(|a| !a.starts_with('-')) && dir.join(arg).is_file();
    let input = case.args.iter().rev().find(names_file)?;
    let mut child = Command::new(opt)
        .arg("-disable-output")
        .arg(input)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let deadline = Instant::now() + tools.timeout;
    loop {
        match child.try_wait() {
            Ok(Some(status)) if status.signal().is_some() => return Some(PlainOpt::Aborts),
            Ok(Some(status)) if status.success() => return Some(PlainOpt::Succeeds),
            Ok(Some(_)) => return Some(PlainOpt::Fails),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Some(PlainOpt::TimesOut);
            }
        }
    }
}

/// Runs `cases` on `threads` threads; `on_done` sees each case and outcome as it finishes.
pub fn run_all(
    tools: &Tools,
    cases: &[Case],
    work: &Path,
    threads: usize,
    on_done: &(dyn Fn(&Case, &Outcome) + Sync),
) -> BTreeMap<Class, usize> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let counts = std::sync::Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let outcome = run(tools, case, &work.join(format!("case-{}", case.index)), false);
                on_done(case, &outcome);
                *counts.lock().unwrap_or_else(|e| e.into_inner()).entry(outcome.class).or_insert(0) += 1;
            });
        }
    });
    counts.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// A shell-quoted argument (bytes outside printable ASCII as `$'\xNN'`).
pub fn shell_quote(arg: &OsString) -> String {
    let bytes = arg.as_encoded_bytes();
    if bytes.iter().all(|b| b.is_ascii_alphanumeric() || b"-_=./,:<>+".contains(b)) && !bytes.is_empty() {
        let text = String::from_utf8_lossy(bytes).into_owned();
        return if text.contains(['<', '>']) { format!("'{text}'") } else { text };
    }
    let mut out = String::from("$'");
    for &b in bytes {
        match b {
            b'\'' => out.push_str("\\'"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('\'');
    out
}

/// Writes a reproducer of `case` into `dir`: its files, `run.sh` (the command line) and the stderr seen.
pub fn write_reproducer(dir: &Path, case: &Case, outcome: &Outcome, tools: &Tools) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    prepare(dir, case).ok();
    let _ = std::fs::remove_dir_all(dir.join("tmp"));
    let tool = match case.tool {
        Tool::Cmc => "cmc".to_string(),
        Tool::Opt => match &tools.opt {
            Some((opt, plugin)) => format!("{} -load-pass-plugin={}", opt.display(), plugin.display()),
            None => "opt-14".into(),
        },
    };
    let args = case.args.iter().map(shell_quote).collect::<Vec<_>>().join(" ");
    let stdin = if case.stdin.is_some() {
        std::fs::write(dir.join("stdin.bin"), case.stdin.as_deref().unwrap_or_default())?;
        " < stdin.bin"
    } else {
        ""
    };
    std::fs::write(
        dir.join("run.sh"),
        format!(
            "#!/bin/sh\n# case {} ({}): {:?} {}\ncd \"$(dirname \"$0\")\" && {tool} {args}{stdin}\n",
            case.index, case.what, outcome.class, outcome.detail
        ),
    )?;
    std::fs::write(dir.join("stderr.txt"), &outcome.stderr)?;
    Ok(())
}

/// One line of counts by class.
pub fn summary(counts: &BTreeMap<Class, usize>) -> String {
    Class::ALL.iter().map(|c| format!("{c:?}={}", counts.get(c).copied().unwrap_or(0))).collect::<Vec<_>>().join(" ")
}
