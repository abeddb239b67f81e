//! What Intel's cmc accepts and standard C++ does not, made acceptable by rewriting the user's source text when,
//! and only when, it failed to compile: CM's member templates without `template` on objects of dependent type,
//! and template argument deduction between vectors/matrices and references.
//!
//! Why a rewrite. In cmc the CM types are built into the compiler; here they are a C++ library.
//! - `in.select<8, 1>(0)` inside a function template on a dependent `in`: C++ parses `select < 8, 1 > (0)` as
//!   comparisons. clang 14 reports "use 'template' keyword" only for type arguments (`in.format<T, 4, 16>()`);
//!   for the common integer arguments it reports nothing at the definition and fails at instantiation with
//!   "reference to non-static member function must be called". A clang plugin has no parser hook (mapping the
//!   first error to ignored leaves the second), and clang has no fix-it for the integer case.
//! - A function template taking `vector_ref<T, N>` (or `matrix_ref<T, N, N>`) called with a `vector<int, 8>`:
//!   C++ deduces only from the same template or a derived class, never through the converting constructor.
//!   Making vector<T, N> derive from vector_ref<T, N> would put a reference's state (pointer, offsets) in every
//!   vector: its sizeof, arrays and structures of vectors and `_GENX_VOLATILE_` globals would change. Likewise a
//!   `select` result passed to a `vector<T, N>` parameter.
//!
//! Algorithm.
//! 1. The driver compiles the original first: a source that compiles is never touched (no slowdown, no change
//!    in its diagnostics or IR).
//! 2. On failure, `plan` reads the main source and the user headers it includes (quoted and angled `#include`s
//!    resolved as clang would: the includer's directory for quoted ones, then `-I`, then `-isystem`; never the
//!    embedded headers) with comments and literals blanked, and
//!    - inserts `template ` before every name of `MEMBER_TEMPLATES` written after `.` or `->` with `<` after it
//!      (not `<<`, `<=`); C++11 allows the keyword in a non-dependent context too, with the same meaning;
//!    - for each "no matching function for call to 'f'" whose candidates clang rejected with one of the notes of
//!      `DEDUCTIONS` ("could not match 'vector_ref' against 'vector'", ...), reads the candidate's parameter list
//!      at the note's location, and wraps the call's arguments in those positions in `__details::__cm_as_ref(...)`
//!      (a reference to an lvalue vector/matrix: writes reach the caller's object) or `__cm_as_value(...)`.
//!    Changed files are given to clang with `-remap-file original;copy`: it reads the copy under the original's
//!    name, so file names, `__FILE__` and debug-info files stay the user's. A call that clang only reaches once
//!    the first rewrite parses gets one more round (`extend`).
//! 3. Columns on a changed line after an insertion are shifted by its length. `map_diagnostics` moves clang's
//!    `file:line:col:` back, and puts the original line back in the source snippet under a diagnostic, with the
//!    caret and fix-it lines cut to match; `map_debug_columns` does the same for the module's debug locations
//!    (through clang's own always-inline `inlinedAt` chains), so lowering errors and `-g` name the user's columns.
//!
//! Invariants: only insertions (never deletions or reordering), never inside comments, literals or the header
//! library; a diagnostic on inserted text is reported where it was inserted; the diagnostics the user sees of a
//! rewritten source are those of the rewritten compilation (clang's judgement of the cmc form), mapped back.
//!
//!    - for a candidate rejected because a deduced size "does not have the same type as the corresponding
//!      template parameter ('int' vs 'uint')" (`template <typename T, uint R, uint C> f(matrix_ref<T, R, C>)`,
//!      the spec's own example: C++17 deduces a size only into the class template's own `int`), replaces the
//!      integer types other than `int` of that template's non-type parameters by `int`, padded with spaces to
//!      the same length (no column moves). The parameter is then an `int` in the body (sizes are small and
//!      positive; arithmetic that relied on unsigned wrap-around would differ).
//!
//! Macros: `scan` sees a member access written in a macro's definition (`#define FIRST(v) v.select<4, 1>(0)`)
//! like any other. A member name that only a macro expansion makes (`#define SEL select` then `v.SEL<4, 1>(0)`;
//! `#define REGION(o, op) o.op<4, 1>(0)` then `REGION(v, select)`) is found from clang's error and its
//! "expanded from macro" notes (`insert_keywords_at_diagnostics`): the keyword goes where the member access is
//! spelled, in the macro's definition or at its use, in the user's own file.
//!
//! Standard input (`cmc -x cm -`): the in-memory source is rewritten like a file and given to clang on its
//! standard input again; clang's `<stdin>` (in diagnostics and debug information) is mapped back like a file.
//!
//! Not handled: a call whose location is inside a macro expansion (the reference-argument wrappers), a macro
//! defined on the command line (`-D`), files reached only through computed includes (`#include MACRO`)
//! or `-iquote`/`-idirafter`. A user struct member named `select` etc. compared with `<` (`s.select < 3`)
//! would be rewritten too, but only in a source that failed.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use genx_passes::llvm_sys::prelude::LLVMMetadataRef;

use crate::Job;

/// The member templates of the CM classes that real code calls with explicit template arguments.
pub const MEMBER_TEMPLATES: &[&str] = &["select", "replicate", "format", "iselect"];

/// What `plan` inserts.
const KEYWORD: &str = "template ";

/// Files reached from one source, at most (a guard against include cycles through symlinks and the like).
const MAX_FILES: usize = 512;

/// `text` with every comment replaced by spaces (newlines kept) and, with `literals`, the contents of string
/// and character literals as well: byte offsets, lines and columns are those of `text`.
pub(crate) fn blank_comments(text: &str, literals: bool) -> Vec<u8> {
    let mut out = text.as_bytes().to_vec();
    let bytes = text.as_bytes();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for b in &mut out[from..to.min(bytes.len())] {
            if *b != b'\n' {
                *b = b' ';
            }
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                let start = i;
                while i < bytes.len() && bytes[i] != b'\n' {
                    // A line comment continued by a backslash-newline goes on.
                    i += if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') { 2 } else { 1 };
                }
                blank(&mut out, start, i);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(bytes.len());
                blank(&mut out, start, i);
            }
            quote @ (b'"' | b'\'') => {
                // A quote after a digit is a digit separator (1'000), not a character literal.
                if quote == b'\'' && i > 0 && bytes[i - 1].is_ascii_alphanumeric() && is_in_number(bytes, i) {
                    i += 1;
                    continue;
                }
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if literals {
                    blank(&mut out, start, i);
                }
                i = (i + 1).min(bytes.len());
            }
            _ => i += 1,
        }
    }
    out
}

/// Whether the byte before `at` ends a pp-number (a token that starts with a digit).
fn is_in_number(bytes: &[u8], at: usize) -> bool {
    let mut start = at;
    while start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || matches!(bytes[start - 1], b'_' | b'.' | b'\'')) {
        start -= 1;
    }
    bytes[start].is_ascii_digit() || (bytes[start] == b'.' && bytes.get(start + 1).is_some_and(u8::is_ascii_digit))
}

/// One token of the scan: its kind and byte range.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Ident,
    Number,
    Punct,
}

/// The tokens of blanked text, with byte offsets (enough of C++'s lexical grammar for `scan`).
fn tokens(code: &[u8]) -> Vec<(Kind, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let c = code[i];
        if c.is_ascii_whitespace() || (c == b'\\' && code.get(i + 1) == Some(&b'\n')) {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            let start = i;
            while i < code.len() && (code[i].is_ascii_alphanumeric() || code[i] == b'_' || code[i] >= 0x80) {
                i += 1;
            }
            out.push((Kind::Ident, start, i));
        } else if c.is_ascii_digit() || (c == b'.' && code.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let start = i;
            i += 1;
            while i < code.len() {
                let d = code[i];
                if matches!(d, b'+' | b'-') && matches!(code[i - 1], b'e' | b'E' | b'p' | b'P') {
                    i += 1;
                } else if d.is_ascii_alphanumeric() || matches!(d, b'_' | b'.' | b'\'') {
                    i += 1;
                } else {
                    break;
                }
            }
            out.push((Kind::Number, start, i));
        } else if c == b'-' && code.get(i + 1) == Some(&b'>') {
            out.push((Kind::Punct, i, i + 2));
            i += 2;
        } else if c == b'<' && matches!(code.get(i + 1), Some(b'<' | b'=')) {
            out.push((Kind::Punct, i, i + 2));
            i += 2;
        } else {
            out.push((Kind::Punct, i, i + 1));
            i += 1;
        }
    }
    out
}

/// Byte offsets in `text` where `template ` goes, and the `#include` names with their form (true: quoted).
fn scan(text: &str) -> (Vec<usize>, Vec<(String, bool)>) {
    let code = blank_comments(text, true);
    let toks = tokens(&code);
    let word = |k: usize| &code[toks[k].1..toks[k].2];
    let mut inserts = Vec::new();
    for k in 1..toks.len().saturating_sub(1) {
        if toks[k].0 == Kind::Ident
            && matches!(word(k - 1), b"." | b"->")
            && word(k + 1) == b"<"
            && MEMBER_TEMPLATES.iter().any(|name| name.as_bytes() == word(k))
        {
            inserts.push(toks[k].1);
        }
    }
    // #include "name" / <name>: read from the original text (the name is a literal, blanked in `code`).
    let mut includes = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let masked = std::str::from_utf8(&code[line_start..line_start + line.len()]).unwrap_or("");
        let rest = masked.trim_start();
        if let Some(directive) = rest.strip_prefix('#') {
            if directive.trim_start().starts_with("include") {
                let from = line.len() - rest.len();
                let original = &line[from..];
                let quoted = original.find('"').zip(original.rfind('"')).filter(|(a, b)| a < b);
                let angled = original.find('<').zip(original.rfind('>')).filter(|(a, b)| a < b);
                if let Some((a, b)) = quoted {
                    includes.push((original[a + 1..b].to_string(), true));
                } else if let Some((a, b)) = angled {
                    includes.push((original[a + 1..b].to_string(), false));
                }
            }
        }
        line_start += line.len();
    }
    (inserts, includes)
}

/// One user source file the rewrite may change: its text, its insertions, and the copy clang reads.
struct Changed {
    original: PathBuf,
    canonical: PathBuf,
    copy: PathBuf,
    /// The original text.
    source: String,
    /// Byte offset in `source` → the texts inserted there, in order.
    inserts: BTreeMap<usize, Vec<String>>,
    /// Byte offset in `source` → a text that replaces as many bytes there (same length: no column moves).
    replacements: BTreeMap<usize, String>,
    /// The lines of `source` with the replacements made (what the copy has, but for the insertions).
    replaced_text: Vec<String>,
    /// 1-based line → (1-based byte column in the original, text) of each insertion on it, in order.
    lines: HashMap<u32, Vec<(u32, String)>>,
    /// The original file's lines (for snippets).
    text: Vec<String>,
    /// The job's in-memory source (clang's `-`, named `<stdin>`): given to clang on its standard input
    /// rewritten, instead of through `-remap-file`.
    stdin: bool,
    /// What the copy holds, once written.
    rewritten: String,
}

impl Changed {
    /// Whether the copy differs from the original.
    fn changed(&self) -> bool {
        !self.inserts.is_empty() || !self.replacements.is_empty()
    }

    /// Adds `text` at `offset` unless the same text is already there; whether it was added.
    fn insert(&mut self, offset: usize, text: &str) -> bool {
        let here = self.inserts.entry(offset).or_default();
        if here.iter().any(|t| t == text) {
            return false;
        }
        here.push(text.to_string());
        true
    }

    /// Writes the copy and the line table from `inserts`.
    fn write(&mut self) -> std::io::Result<()> {
        let line_of = |at: usize| self.source[..at].bytes().filter(|&b| b == b'\n').count() as u32 + 1;
        let mut lines: HashMap<u32, Vec<(u32, String)>> = HashMap::new();
        let mut base = self.source.clone();
        for (&at, text) in &self.replacements {
            base.replace_range(at..at + text.len(), text);
            lines.entry(line_of(at)).or_default();
        }
        let mut rewritten = String::with_capacity(self.source.len() + 64 * self.inserts.len());
        let mut last = 0;
        for (&at, texts) in &self.inserts {
            rewritten.push_str(&base[last..at]);
            last = at;
            let line = line_of(at);
            let column = (at - self.source[..at].rfind('\n').map_or(0, |nl| nl + 1)) as u32 + 1;
            for text in texts {
                rewritten.push_str(text);
                lines.entry(line).or_default().push((column, text.clone()));
            }
        }
        rewritten.push_str(&base[last..]);
        self.lines = lines;
        self.replaced_text = base.lines().map(str::to_string).collect();
        self.rewritten = rewritten;
        if self.stdin {
            return Ok(());
        }
        std::fs::write(&self.copy, &self.rewritten)
    }

    /// The byte offset of 1-based (line, column), if it is in the file.
    fn offset(&self, line: u32, column: u32) -> Option<usize> {
        let mut start = 0;
        for _ in 1..line {
            start += self.source[start..].find('\n')? + 1;
        }
        let at = start + column as usize - 1;
        (at <= self.source.len()).then_some(at)
    }
}

/// The rewrite of one job's sources (see the module note); its copies are removed on drop.
pub struct Rewrite {
    /// Every user file the sources reach (most with no insertion).
    files: Vec<Changed>,
}

impl Drop for Rewrite {
    fn drop(&mut self) {
        for file in self.files.iter().filter(|file| !file.stdin) {
            let _ = std::fs::remove_file(&file.copy);
        }
    }
}

/// The name clang gives its standard input in diagnostics; its debug information puts it (and the compile
/// unit's `-`) in the working directory.
const STDIN_NAME: &str = "<stdin>";

fn is_stdin_name(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name == STDIN_NAME || name == "-"
}

/// Finds the file an `#include` names, as clang searches (for the part of the search the rewrite covers).
fn resolve(name: &str, quoted: bool, includer: &Path, job: &Job) -> Option<PathBuf> {
    let here = includer.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut dirs: Vec<&Path> = Vec::new();
    if quoted {
        dirs.push(&here);
    }
    dirs.extend(job.include_dirs.iter().map(PathBuf::as_path));
    dirs.extend(job.system_include_dirs.iter().map(PathBuf::as_path));
    dirs.iter().map(|dir| dir.join(name)).find(|path| path.is_file())
}

/// The rewrite the job's sources need after a failed compilation whose stderr is `failure`, or `None` when
/// there is nothing to change (see the module note for the two rewrites).
pub fn plan(job: &Job, failure: &[u8]) -> Option<Rewrite> {
    let mut seen = HashSet::new();
    // The job's in-memory source is read from there (its quoted includes are searched for from the working
    // directory, as clang does for `-`); every other file from its path.
    let mut queue: Vec<(PathBuf, Option<String>)> = job.pre_includes.iter().map(|p| (p.clone(), None)).collect();
    match &job.source {
        Some(bytes) => queue.push((PathBuf::from(".").join(STDIN_NAME), Some(String::from_utf8(bytes.clone()).ok()?))),
        None => queue.push((job.input.clone(), None)),
    }
    let mut files = Vec::new();
    while let Some((path, in_memory)) = queue.pop() {
        let stdin = in_memory.is_some();
        let canonical = if stdin { PathBuf::from(STDIN_NAME) } else {
            let Ok(canonical) = std::fs::canonicalize(&path) else { continue };
            canonical
        };
        if seen.len() >= MAX_FILES || !seen.insert(canonical.clone()) {
            continue;
        }
        let source = match in_memory {
            Some(source) => source,
            None => {
                let Ok(source) = std::fs::read_to_string(&path) else { continue };
                source
            }
        };
        let (inserts, includes) = scan(&source);
        for (name, quoted) in includes {
            if let Some(found) = resolve(&name, quoted, &path, job) {
                queue.push((found, None));
            }
        }
        let text = source.lines().map(str::to_string).collect();
        let mut file = Changed {
            original: path,
            canonical,
            copy: temp_copy_path(files.len()),
            source,
            inserts: BTreeMap::new(),
            replacements: BTreeMap::new(),
            replaced_text: Vec::new(),
            lines: HashMap::new(),
            text,
            stdin,
            rewritten: String::new(),
        };
        for at in inserts {
            file.insert(at, KEYWORD);
        }
        files.push(file);
    }
    let mut rewrite = Rewrite { files };
    rewrite.apply_diagnostics(&without_colors(&String::from_utf8_lossy(failure)));
    rewrite.write().then_some(rewrite)
}

fn temp_copy_path(index: usize) -> PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    std::env::temp_dir().join(format!(
        "cm-frontend-{}-{}-{index}.cpp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Tab stop of clang's source snippets (its default `-ftabstop`).
const TAB_STOP: usize = 8;

/// A source line as clang prints it in a snippet (tabs expanded).
fn displayed(line: &str) -> String {
    let mut out = String::new();
    for c in line.chars() {
        if c == '\t' {
            let pad = TAB_STOP - out.chars().count() % TAB_STOP;
            out.extend(std::iter::repeat(' ').take(pad));
        } else {
            out.push(c);
        }
    }
    out
}

impl Rewrite {
    /// The clang arguments that make it read the rewritten copies.
    pub fn remap_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        for file in self.files.iter().filter(|file| file.changed() && !file.stdin) {
            args.extend(["-Xclang".to_string(), "-remap-file".to_string(), "-Xclang".to_string()]);
            args.push(format!("{};{}", file.original.display(), file.copy.display()));
        }
        args
    }

    /// The rewritten text of the job's in-memory source, when it changed: what clang reads on its standard input.
    pub fn stdin_source(&self) -> Option<Vec<u8>> {
        self.files.iter().find(|file| file.stdin && file.changed()).map(|file| file.rewritten.clone().into_bytes())
    }

    /// The changed file `path` names (as clang printed it), if any.
    fn file(&self, path: &str, cache: &mut HashMap<String, Option<usize>>) -> Option<&Changed> {
        self.index(path, cache).map(|i| &self.files[i])
    }

    /// The original column of rewritten column `column` on `line` of `file`.
    fn original_column(file: &Changed, line: u32, column: u32) -> u32 {
        let Some(inserts) = file.lines.get(&line) else { return column };
        let mut shift = 0;
        for (at, text) in inserts {
            let (at, width) = (*at, text.len() as u32);
            let start = at + shift; // where this insertion starts in the rewritten line
            if column >= start + width {
                shift += width;
            } else if column >= start {
                return at; // on inserted text: where it was inserted
            } else {
                break;
            }
        }
        column - shift
    }

    /// Writes the copies of the files with insertions; whether there is any.
    fn write(&mut self) -> bool {
        let mut any = false;
        for file in self.files.iter_mut().filter(|file| file.changed()) {
            if file.write().is_err() {
                return false;
            }
            any = true;
        }
        any
    }

    /// After a rewritten compilation failed with `failure` (already mapped to the user's coordinates): adds the
    /// reference-argument wrappers it asks for and rewrites the copies; whether anything new was added.
    pub fn extend(&mut self, failure: &[u8]) -> bool {
        self.apply_diagnostics(&String::from_utf8_lossy(failure)) && self.write()
    }

    /// clang's stderr of a rewritten compilation with the user's columns and source lines (see the module note).
    pub fn map_diagnostics(&self, stderr: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(stderr);
        let mut cache = HashMap::new();
        let mut out = String::with_capacity(text.len());
        // The changed line the previous located line was on: its snippet and caret lines follow.
        let mut pending: Option<(&Changed, u32)> = None;
        let mut snippet_at: Option<(Vec<(usize, usize)>, bool)> = None;
        for line in text.split_inclusive('\n') {
            let body = line.trim_end_matches('\n');
            if let Some((path, line_no, column, rest)) = located(body) {
                pending = None;
                snippet_at = None;
                if let Some(file) = self.file(path, &mut cache) {
                    if file.lines.contains_key(&line_no) {
                        let column = Self::original_column(file, line_no, column);
                        out.push_str(&format!("{path}:{line_no}:{column}{rest}\n"));
                        pending = Some((file, line_no));
                        continue;
                    }
                }
                out.push_str(line);
                continue;
            }
            if let Some((file, line_no)) = pending.take() {
                // The snippet: the rewritten line as clang shows it.
                let original = file.text.get(line_no as usize - 1).map(String::as_str).unwrap_or("");
                let inserts = &file.lines[&line_no];
                let mut rewritten = file.replaced_text.get(line_no as usize - 1).cloned().unwrap_or_default();
                let mut positions = Vec::new(); // (byte in the rewritten line, width)
                let mut shift = 0usize;
                for (at, text) in inserts {
                    let byte = (*at as usize - 1 + shift).min(rewritten.len());
                    rewritten.insert_str(byte, text);
                    positions.push((byte, text.len()));
                    shift += text.len();
                }
                if body == displayed(&rewritten) {
                    // Display columns of each insertion, rightmost first.
                    let mut starts: Vec<(usize, usize)> = positions
                        .iter()
                        .map(|&(byte, width)| (displayed(&rewritten[..byte]).chars().count(), width))
                        .collect();
                    starts.reverse();
                    out.push_str(&displayed(original));
                    out.push('\n');
                    snippet_at = Some((starts, true));
                    continue;
                }
                out.push_str(line);
                continue;
            }
            if let Some((starts, caret_line)) = snippet_at.take() {
                // The caret line, then a fix-it line if clang printed one (indented, in the same columns).
                if caret_line || body.starts_with(' ') {
                    out.push_str(&cut_columns(body, &starts));
                    out.push('\n');
                    if caret_line {
                        snippet_at = Some((starts, false));
                    }
                    continue;
                }
            }
            out.push_str(line);
        }
        out.into_bytes()
    }

    /// Moves the debug locations of `module` (clang's output) on changed lines back to the user's columns,
    /// through the chains of call sites clang's own always-inline left (`inlinedAt`).
    pub fn map_debug_columns(&self, module: &genx_passes::inkwell::module::Module) {
        use genx_passes::llvm_sys::core::*;
        use genx_passes::llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
        let mut paths = HashMap::new();
        let mut mapped: HashMap<LLVMMetadataRef, LLVMMetadataRef> = HashMap::new();
        // SAFETY: the module is valid for the call; every instruction comes from LLVM's own iteration of it.
        unsafe {
            let context = LLVMGetModuleContext(module.as_mut_ptr());
            let mut function = LLVMGetFirstFunction(module.as_mut_ptr());
            while !function.is_null() {
                let mut block = LLVMGetFirstBasicBlock(function);
                while !block.is_null() {
                    let mut inst = LLVMGetFirstInstruction(block);
                    while !inst.is_null() {
                        let loc = LLVMInstructionGetDebugLoc(inst);
                        if !loc.is_null() {
                            let new = self.map_location(context, loc, &mut mapped, &mut paths);
                            if new != loc {
                                LLVMInstructionSetDebugLoc(inst, new);
                            }
                        }
                        inst = LLVMGetNextInstruction(inst);
                    }
                    block = LLVMGetNextBasicBlock(block);
                }
                function = LLVMGetNextFunction(function);
            }
        }
    }

    /// `loc` with the user's column, and its `inlinedAt` chain likewise (memoised: a call site maps once).
    fn map_location(
        &self,
        context: genx_passes::llvm_sys::prelude::LLVMContextRef,
        loc: LLVMMetadataRef,
        mapped: &mut HashMap<
            LLVMMetadataRef,
            LLVMMetadataRef,
        >,
        paths: &mut HashMap<String, Option<usize>>,
    ) -> LLVMMetadataRef {
        use genx_passes::llvm_sys::debuginfo::*;
        if let Some(&new) = mapped.get(&loc) {
            return new;
        }
        // SAFETY: `loc` is a DILocation of the module (an instruction's or another location's inlinedAt); the
        // strings LLVM returns are copied before the next call.
        let new = unsafe {
            let inlined = LLVMDILocationGetInlinedAt(loc);
            let new_inlined =
                if inlined.is_null() { inlined } else { self.map_location(context, inlined, mapped, paths) };
            let scope = LLVMDILocationGetScope(loc);
            let line = LLVMDILocationGetLine(loc);
            let column = LLVMDILocationGetColumn(loc);
            let path = genx_passes::ir::scope_file_path(scope);
            let mut new_column = column;
            if !path.as_os_str().is_empty() {
                if let Some(changed) = self.file(&path.display().to_string(), paths) {
                    new_column = Self::original_column(changed, line, column);
                }
            }
            if new_column == column && new_inlined == inlined {
                loc
            } else {
                LLVMDIBuilderCreateDebugLocation(context, line, new_column, scope, new_inlined)
            }
        };
        mapped.insert(loc, new);
        new
    }
}

/// The deductions C++ does not make and cmc does: clang's note on the candidate, the parameter types it is
/// about, and what the argument is wrapped in (closed by `)`): `cm_vector.h`'s `__details::__cm_as_ref` (a
/// vector_ref/matrix_ref of an lvalue vector/matrix) and `__details::__cm_as_value` (the vector/matrix value of a
/// reference); both leave anything else unchanged.
const DEDUCTIONS: &[(&str, &[&str], &str)] = &[
    ("could not match 'vector_ref' against 'vector'", &["vector_ref"], "::__details::__cm_as_ref("),
    ("could not match 'matrix_ref' against 'matrix'", &["matrix_ref"], "::__details::__cm_as_ref("),
    ("could not match 'vector' against 'vector_ref'", &["vector"], "::__details::__cm_as_value("),
    ("could not match 'matrix' against 'matrix_ref'", &["matrix"], "::__details::__cm_as_value("),
];

/// clang's errors for a member template named without `template` on a dependent object: at instantiation for
/// integer arguments, at the definition (with a fix-it clang drops inside macros) for type arguments.
const MISSING_TEMPLATE_ERRORS: &[&str] = &[
    ": error: reference to non-static member function must be called",
    ": error: use 'template' keyword to treat '",
    ": error: missing 'template' keyword prior to dependent template name",
];

impl Rewrite {
    /// What `failure` (clang's stderr in the user's coordinates) asks for: `template` where a member template
    /// was named through a macro, and the reference-argument wrappers. Whether anything was added.
    fn apply_diagnostics(&mut self, failure: &str) -> bool {
        let keywords = self.insert_keywords_at_diagnostics(failure);
        self.wrap_reference_arguments(failure) || keywords
    }

    /// Inserts `template ` where clang reports a member template named without it (`MISSING_TEMPLATE_ERRORS`)
    /// and `scan` did not see the name: written through a macro (`#define SEL select` then `v.SEL<4, 1>(0)`;
    /// `#define REGION(o, op) o.op<4, 1>(0)` then `REGION(v, select)`). The candidates are the error's own
    /// location, then the spelling locations of its "expanded from macro" notes, in order; the keyword goes
    /// before the first that is, in a user's file (never the header library), an identifier written after `.`
    /// or `->` with `<` after it (in a macro's definition when that is where the member access is spelled).
    /// Whether anything was added.
    fn insert_keywords_at_diagnostics(&mut self, failure: &str) -> bool {
        let mut cache = HashMap::new();
        // Per error: its candidate (file, offset) locations, and whether a macro expansion is involved.
        let mut sites: Vec<(Vec<(usize, usize)>, bool)> = Vec::new();
        let mut open = false;
        for line in failure.lines() {
            let Some((path, line_no, column, rest)) = located(line) else { continue };
            if rest.starts_with(": error:") {
                open = MISSING_TEMPLATE_ERRORS.iter().any(|error| rest.starts_with(error));
                if open {
                    sites.push((Vec::new(), false));
                }
            } else if open && rest.starts_with(": note: expanded from macro '") {
                if let Some(site) = sites.last_mut() {
                    site.1 = true;
                }
            } else {
                open = false;
                continue;
            }
            if !open {
                continue;
            }
            let Some(index) = self.index(path, &mut cache) else { continue };
            if let Some(at) = self.files[index].offset(line_no, column) {
                if let Some(site) = sites.last_mut() {
                    site.0.push((index, at));
                }
            }
        }
        let mut added = false;
        for (candidates, through_macro) in sites {
            // Without a macro, only CM's own member templates (a user's `s.count < 3` on a member function is
            // the user's error, reported as it is).
            let Some((index, at)) = candidates.into_iter().find(|&(index, at)| {
                let code = blank_comments(&self.files[index].source, true);
                member_template_at(&code, at)
                    && (through_macro || MEMBER_TEMPLATES.iter().any(|name| code[at..].starts_with(name.as_bytes())))
            }) else {
                continue;
            };
            added |= self.files[index].insert(at, KEYWORD);
        }
        added
    }

    /// Wraps, at each call clang could not resolve because a function template's `vector_ref`/`matrix_ref`
    /// parameter did not deduce from a vector/matrix argument (or a `vector`/`matrix` parameter from a
    /// reference), the arguments in those parameters' positions (`DEDUCTIONS`). `failure` is clang's stderr in
    /// the user's coordinates. Whether anything was added.
    fn wrap_reference_arguments(&mut self, failure: &str) -> bool {
        let mut cache = HashMap::new();
        let mut added = false;
        // (file, call offset, callee name) → (parameter position, wrapper) to wrap.
        let mut calls: Vec<(usize, usize, String, Vec<(usize, &str)>)> = Vec::new();
        let mut current: Option<usize> = None;
        for line in failure.lines() {
            let Some((path, line_no, column, rest)) = located(line) else { continue };
            if let Some(name) = rest.strip_prefix(": error: no matching function for call to '") {
                current = None;
                let name = name.split('\'').next().unwrap_or("").to_string();
                let Some(index) = self.index(path, &mut cache) else { continue };
                let Some(at) = self.files[index].offset(line_no, column) else { continue };
                calls.push((index, at, name, Vec::new()));
                current = Some(calls.len() - 1);
            } else if rest.starts_with(": error:") {
                current = None;
            } else if rest.contains(
                "does not have the same type as the corresponding template parameter ('int' vs ",
            ) {
                // `template <typename T, uint R, uint C> f(matrix_ref<T, R, C>)`: the CM classes' sizes are int.
                let Some(index) = self.index(path, &mut cache) else { continue };
                let file = &mut self.files[index];
                if let Some(at) = file.offset(line_no, column) {
                    let code = blank_comments(&file.source, true);
                    for (start, width) in integer_template_parameters(&code, at) {
                        let text = format!("{}int", " ".repeat(width - 3));
                        if file.replacements.insert(start, text).is_none() {
                            added = true;
                        }
                    }
                }
            } else if let Some(&(_, types, wrapper)) = DEDUCTIONS.iter().find(|(note, _, _)| {
                rest.strip_prefix(": note: candidate template ignored: ").is_some_and(|r| r.starts_with(note))
            }) {
                let (Some(call), Some(index)) = (current, self.index(path, &mut cache)) else { continue };
                let file = &self.files[index];
                if let Some(at) = file.offset(line_no, column) {
                    let code = blank_comments(&file.source, true);
                    calls[call].3.extend(parameters_of_type(&code, at, types).into_iter().map(|k| (k, wrapper)));
                }
            }
        }
        for (index, at, name, positions) in calls {
            if positions.is_empty() {
                continue;
            }
            let file = &mut self.files[index];
            let code = blank_comments(&file.source, true);
            let Some(arguments) = call_arguments(&code, at, &name) else { continue };
            for (position, wrapper) in positions {
                if let Some(&(start, end)) = arguments.get(position) {
                    added |= file.insert(start, wrapper);
                    added |= file.insert(end, ")");
                }
            }
        }
        added
    }

    /// The index of the file `path` names, if the rewrite covers it.
    fn index(&self, path: &str, cache: &mut HashMap<String, Option<usize>>) -> Option<usize> {
        *cache.entry(path.to_string()).or_insert_with(|| {
            if is_stdin_name(path) {
                return self.files.iter().position(|file| file.stdin);
            }
            let canonical = std::fs::canonicalize(path).ok()?;
            self.files.iter().position(|file| file.canonical == canonical)
        })
    }
}

/// Whether an identifier starts at `at` in `code` (blanked) with `.` or `->` before it and `<` after it.
fn member_template_at(code: &[u8], at: usize) -> bool {
    let starts_word = code.get(at).is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
        && (at == 0 || !(code[at - 1].is_ascii_alphanumeric() || code[at - 1] == b'_'));
    if !starts_word {
        return false;
    }
    let end = at + code[at..].iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
    let after = code[end..].iter().find(|b| !b.is_ascii_whitespace());
    let before: Vec<u8> = code[..at].iter().rev().filter(|b| !b.is_ascii_whitespace()).take(2).copied().collect();
    let accessed = before.first() == Some(&b'.') || (before.first() == Some(&b'>') && before.get(1) == Some(&b'-'));
    after == Some(&b'<') && accessed
}

/// Byte ranges (whitespace trimmed) of the top-level comma-separated items between the parenthesis at `open`
/// and its match; `<` opens a bracket only after an identifier or `>` and when a matching `>` follows before
/// the item ends (so `a < b` stays a comparison). `None` when the parentheses do not close.
fn parenthesised_items(code: &[u8], open: usize) -> Option<Vec<(usize, usize)>> {
    let mut items = Vec::new();
    let mut stack: Vec<u8> = Vec::new();
    let mut start = open + 1;
    let mut i = open + 1;
    let trim = |from: usize, to: usize| {
        let mut a = from;
        let mut b = to;
        while a < b && code[a].is_ascii_whitespace() {
            a += 1;
        }
        while b > a && code[b - 1].is_ascii_whitespace() {
            b -= 1;
        }
        (a, b)
    };
    while i < code.len() {
        let c = code[i];
        match c {
            b'(' | b'[' | b'{' => stack.push(c),
            b'<' if angle_closes(code, i) => stack.push(b'<'),
            b'>' if stack.last() == Some(&b'<') => {
                stack.pop();
            }
            b')' | b']' | b'}' => {
                while stack.last() == Some(&b'<') {
                    stack.pop();
                }
                if stack.is_empty() {
                    if c != b')' {
                        return None;
                    }
                    let (a, b) = trim(start, i);
                    if a < b || !items.is_empty() {
                        items.push((a, b));
                    }
                    return Some(items);
                }
                stack.pop();
            }
            b',' if stack.is_empty() => {
                items.push(trim(start, i));
                start = i + 1;
            }
            b';' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether the `<` at `at` opens a template argument list: after an identifier (or `>`), with a matching `>`
/// before a `;`, `{`, `}`, `&&`, `||` or an unmatched closing bracket.
fn angle_closes(code: &[u8], at: usize) -> bool {
    let before = code[..at].iter().rev().find(|b| !b.is_ascii_whitespace());
    if !before.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'>') {
        return false;
    }
    if matches!(code.get(at + 1), Some(b'<' | b'=')) {
        return false;
    }
    let mut depth = 0i32;
    let mut angles = 0i32;
    let mut i = at + 1;
    while i < code.len() {
        match code[i] {
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            b'<' if depth == 0 => angles += 1,
            b'>' if depth == 0 => {
                if angles == 0 {
                    return true;
                }
                angles -= 1;
            }
            b';' | b'{' | b'}' => return false,
            b'&' | b'|' if code.get(i + 1) == Some(&code[i]) => return false,
            _ => {}
        }
        i += 1;
    }
    false
}

/// The positions of the parameters declared `<one of types><...>` (possibly `const`, by value or reference) in
/// the declaration of the function whose name starts at `at`.
fn parameters_of_type(code: &[u8], at: usize, types: &[&str]) -> Vec<usize> {
    let Some(open) = code[at..].iter().position(|&b| b == b'(').map(|p| at + p) else { return Vec::new() };
    if code[at..open].iter().any(|&b| b == b';' || b == b'{') {
        return Vec::new();
    }
    let Some(items) = parenthesised_items(code, open) else { return Vec::new() };
    items
        .iter()
        .enumerate()
        .filter(|(_, &(a, b))| {
            let text = std::str::from_utf8(&code[a..b]).unwrap_or("");
            let text = text.strip_prefix("const").map_or(text, str::trim_start);
            types.iter().any(|name| {
                text.strip_prefix(name).is_some_and(|rest| rest.trim_start().starts_with('<'))
            })
        })
        .map(|(k, _)| k)
        .collect()
}

/// The integer types other than `int` a template's non-type parameter may be declared with, longest first.
const INTEGER_TYPES: &[&str] = &[
    "unsigned long long", "unsigned short int", "unsigned long int", "unsigned short", "unsigned long",
    "unsigned char", "unsigned int", "signed short", "long long", "unsigned", "uint64_t", "uint32_t", "uint16_t",
    "int64_t", "int32_t", "int16_t", "uint8_t", "size_t", "ushort", "uchar", "ulong", "short", "uint", "long",
];

/// The (byte offset, length) of the integer type other than `int` (`INTEGER_TYPES`) of each non-type parameter
/// of the template header that introduces the declaration whose name starts at `at`.
fn integer_template_parameters(code: &[u8], at: usize) -> Vec<(usize, usize)> {
    // The last `template <` before the name whose `>` closes before it.
    let text = &code[..at];
    let mut from = None;
    let mut search = text.len();
    while let Some(k) = text[..search].windows(8).rposition(|w| w == b"template") {
        let after = text[k + 8..].iter().position(|b| !b.is_ascii_whitespace()).map(|p| k + 8 + p);
        if after.is_some_and(|p| text[p] == b'<') {
            from = after;
            break;
        }
        search = k;
    }
    let Some(open) = from else { return Vec::new() };
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = open + 1;
    for i in open..text.len() {
        match text[i] {
            b'<' | b'(' => depth += 1,
            b')' => depth -= 1,
            b'>' => {
                depth -= 1;
                if depth == 0 {
                    out.extend(integer_parameter(code, start, i));
                    return out;
                }
            }
            b',' if depth == 1 => {
                out.extend(integer_parameter(code, start, i));
                start = i + 1;
            }
            _ => {}
        }
    }
    Vec::new()
}

/// The integer type of the template parameter declared in `code[from..to]`, if it is one of `INTEGER_TYPES`
/// followed by a name.
fn integer_parameter(code: &[u8], from: usize, to: usize) -> Option<(usize, usize)> {
    let item = &code[from..to];
    let lead = item.iter().position(|b| !b.is_ascii_whitespace())?;
    let rest = &item[lead..];
    let ty = INTEGER_TYPES.iter().find(|ty| {
        rest.starts_with(ty.as_bytes()) && rest.get(ty.len()).is_some_and(|b| b.is_ascii_whitespace())
    })?;
    let name = rest[ty.len()..].iter().find(|b| !b.is_ascii_whitespace())?;
    (name.is_ascii_alphabetic() || *name == b'_').then_some((from + lead, ty.len()))
}

/// The argument ranges of the call whose callee name `name` starts at `at` (with optional explicit template
/// arguments before the parenthesis), or `None` when the text there is not that call.
fn call_arguments(code: &[u8], at: usize, name: &str) -> Option<Vec<(usize, usize)>> {
    let plain = name.rsplit("::").next().unwrap_or(name);
    if !code.get(at..)?.starts_with(plain.as_bytes()) {
        return None;
    }
    let mut i = at + plain.len();
    while code.get(i)?.is_ascii_whitespace() {
        i += 1;
    }
    if code[i] == b'<' {
        let mut depth = 0;
        loop {
            match code.get(i)? {
                b'<' => depth += 1,
                b'>' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                b';' | b'{' | b'}' => return None,
                _ => {}
            }
            i += 1;
        }
        i += 1;
        while code.get(i)?.is_ascii_whitespace() {
            i += 1;
        }
    }
    if code[i] != b'(' {
        return None;
    }
    parenthesised_items(code, i)
}

/// A caret or fix-it line without the display ranges `starts` (start, width; rightmost first) of the
/// insertions; a caret inside one moves to where the text was inserted.
fn cut_columns(line: &str, starts: &[(usize, usize)]) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    for &(start, width) in starts {
        if start < chars.len() {
            let end = (start + width).min(chars.len());
            let caret = chars[start..end].contains(&'^');
            chars.drain(start..end);
            if caret {
                match chars.get_mut(start) {
                    Some(c) if *c == ' ' => *c = '^',
                    Some(_) => {}
                    None => chars.push('^'),
                }
            }
        }
    }
    let cut: String = chars.into_iter().collect();
    cut.trim_end().to_string()
}

/// `text` without the terminal colour sequences (`ESC [ ... m`) clang adds with `-fcolor-diagnostics`.
fn without_colors(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        rest = match (tail.strip_prefix('['), tail.find('m')) {
            (Some(_), Some(m)) => &tail[m + 1..],
            _ => tail,
        };
    }
    out.push_str(rest);
    out
}

/// `path:line:col<rest>` at the start of a diagnostic line (rest starts with `:`), or `None`.
fn located(line: &str) -> Option<(&str, u32, u32, &str)> {
    // The path may itself contain ':' (rare); take the first `:<digits>:<digits>:` from the left.
    let bytes = line.as_bytes();
    let mut from = 0;
    while let Some(offset) = line[from..].find(':') {
        let colon = from + offset;
        let digits = |at: usize| {
            let end = at + bytes[at..].iter().take_while(|b| b.is_ascii_digit()).count();
            (end > at).then_some(end)
        };
        if let Some(line_end) = digits(colon + 1) {
            if bytes.get(line_end) == Some(&b':') {
                if let Some(col_end) = digits(line_end + 1) {
                    if bytes.get(col_end) == Some(&b':') && colon > 0 {
                        let line_no = line[colon + 1..line_end].parse().ok()?;
                        let column = line[line_end + 1..col_end].parse().ok()?;
                        return Some((&line[..colon], line_no, column, &line[col_end..]));
                    }
                }
            }
        }
        from = colon + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_member_templates_after_dot_and_arrow_only() {
        let text = "a.select<4, 1>(0); p->format<T>(); a.template select<2,1>(); b.select(0);\n\
                    x.replicate << 2; y.replicate <= 3; // c.select<1,1>()\n\"d.select<1,1>\"; s.row<2>;";
        let (inserts, _) = scan(text);
        let words: Vec<&str> = inserts.iter().map(|&at| &text[at..at + 6]).collect();
        assert_eq!(words, ["select", "format"]);
    }

    #[test]
    fn numbers_and_separators_are_not_member_access() {
        let (inserts, _) = scan("x = 1.f; y = 1'000; v.iselect<ushort, 4>(i); z = .5e+3;");
        assert_eq!(inserts.len(), 1);
    }

    #[test]
    fn includes_are_listed_with_their_form() {
        let (_, includes) = scan("#include \"a.h\"\n  #  include <dir/b.h>\n// #include \"c.h\"\n");
        assert_eq!(includes, [("a.h".to_string(), true), ("dir/b.h".to_string(), false)]);
    }

    fn rewrite_of(line: &str, columns: Vec<u32>) -> Rewrite {
        let source = format!("\n\n{line}\n");
        let mut file = Changed {
            original: "t.cpp".into(),
            canonical: "/nonexistent/t.cpp".into(),
            copy: std::env::temp_dir().join(format!("cm-rewrite-test-{}-{}.cpp", std::process::id(), columns.len())),
            source: source.clone(),
            inserts: BTreeMap::new(),
            replacements: BTreeMap::new(),
            replaced_text: Vec::new(),
            lines: HashMap::new(),
            text: source.lines().map(str::to_string).collect(),
            stdin: false,
            rewritten: String::new(),
        };
        for column in columns {
            file.insert(2 + column as usize - 1, KEYWORD);
        }
        file.write().expect("write the copy");
        Rewrite { files: vec![file] }
    }

    #[test]
    fn columns_after_insertions_move_back() {
        let rw = rewrite_of("  out = in.select<8, 1>(0) + in.format<T>();", vec![12, 33]);
        let file = &rw.files[0];
        assert_eq!(Rewrite::original_column(file, 3, 5), 5);
        assert_eq!(Rewrite::original_column(file, 3, 12 + 9), 12);
        assert_eq!(Rewrite::original_column(file, 3, 14), 12); // inside the first keyword
        assert_eq!(Rewrite::original_column(file, 3, 33 + 18), 33);
        assert_eq!(Rewrite::original_column(file, 3, 40 + 18), 40);
        assert_eq!(Rewrite::original_column(file, 2, 40), 40);
    }

    #[test]
    fn snippets_show_the_users_line_and_move_the_caret() {
        let rw = rewrite_of("  out = in.select<8, 1>(0) + bad;", vec![12]);
        let path = rw.files[0].copy.display().to_string();
        // `file` matches by canonical path: point the entry at the copy for the test.
        let mut rw = rw;
        rw.files[0].canonical = std::fs::canonicalize(&path).unwrap();
        let stderr = format!("{path}:3:39: error: use of undeclared identifier 'bad'\n  out = in.template select<8, 1>(0) + bad;\n                                      ^\n");
        let mapped = String::from_utf8(rw.map_diagnostics(stderr.as_bytes())).unwrap();
        assert_eq!(
            mapped,
            format!("{path}:3:30: error: use of undeclared identifier 'bad'\n  out = in.select<8, 1>(0) + bad;\n                             ^\n")
        );
    }

    #[test]
    fn call_arguments_split_at_top_level_commas_only() {
        let code = b"f(a.select<4, 1>(0), g(b, c), x < y, m[1][2])";
        let args = call_arguments(code, 0, "f").unwrap();
        let texts: Vec<&str> = args.iter().map(|&(a, b)| std::str::from_utf8(&code[a..b]).unwrap()).collect();
        assert_eq!(texts, ["a.select<4, 1>(0)", "g(b, c)", "x < y", "m[1][2]"]);
        assert_eq!(call_arguments(b"f<int, 8>( v )", 0, "f").unwrap(), [(11, 12)]);
        assert_eq!(call_arguments(b"g(v)", 0, "f"), None);
    }

    #[test]
    fn reference_parameters_are_found_by_type() {
        let code = b"scale(vector_ref<T, N> v, const matrix_ref<T, N, N> m, vector<T, N> &w, int k) {}";
        assert_eq!(parameters_of_type(code, 0, &["vector_ref", "matrix_ref"]), [0, 1]);
        assert_eq!(parameters_of_type(code, 0, &["vector"]), [2]);
    }

    #[test]
    fn integer_template_parameters_are_found() {
        let code = b"template <typename T, uint R, unsigned int C, int K, size_t = 4>\nvoid f(matrix_ref<T, R, C> m);";
        let at = code.windows(2).position(|w| w == b"f(").unwrap();
        assert_eq!(integer_template_parameters(code, at), [(22, 4), (30, 12)]);
    }

    #[test]
    fn member_accesses_are_recognised_at_a_location() {
        let code = b"v.SEL<4, 1>(0); p -> op <n>(); REGION(v, select, 4); s.count < 3; x.y";
        let at = |word: &str| code.windows(word.len()).position(|w| w == word.as_bytes()).unwrap();
        assert!(member_template_at(code, at("SEL")));
        assert!(member_template_at(code, at("op")));
        assert!(member_template_at(code, at("count")));
        assert!(!member_template_at(code, at("select")));
        assert!(!member_template_at(code, at("REGION")));
        assert!(!member_template_at(code, at("y")));
        assert!(!member_template_at(code, at("EL")));
    }

    #[test]
    fn standard_input_names() {
        assert!(is_stdin_name("<stdin>"));
        assert!(is_stdin_name("/work/dir/<stdin>"));
        assert!(is_stdin_name("/work/dir/-"));
        assert!(!is_stdin_name("/work/dir/a-b.cpp"));
    }

    #[test]
    fn colors_are_removed() {
        assert_eq!(without_colors("\x1b[1ma.cpp:1:2: \x1b[0;1;31merror: \x1b[0mx"), "a.cpp:1:2: error: x");
    }

    #[test]
    fn located_lines_are_split_after_the_path() {
        assert_eq!(located("a:b.cpp:3:7: error: x"), Some(("a:b.cpp", 3, 7, ": error: x")));
        assert_eq!(located("In file included from t.cpp:3:"), None);
    }

    #[test]
    fn blanking_keeps_offsets() {
        let text = "a /* b\nc */ \"d\" // e\nf";
        let code = blank_comments(text, true);
        assert_eq!(code.len(), text.len());
        assert_eq!(String::from_utf8(code).unwrap(), "a     \n     \" \"     \nf");
    }
}
