//! CM's member templates (`select`, `replicate`, `format`, `iselect`) called without `template` where the object's
//! type depends on a template parameter, as Intel's cmc accepts them.
//!
//! Why: in cmc the select family are built-in members of built-in types, so `in.select<8, 1>(0)` parses as a
//! template call even inside a function template on a dependent `in`. In standard C++ (our headers are a C++
//! library) such a name is a member of an unknown specialization, and clang 14 parses `in.select < 8, 1 > (0)`
//! as comparisons: for type arguments (`in.format<T, 4, 16>()`) it reports "use 'template' keyword" and
//! recovers, but for the common integer arguments it reports nothing at the definition and fails at
//! instantiation with "reference to non-static member function must be called", which names no fix. Neither a
//! clang plugin (no parser hook; mapping the first error to ignored leaves the second) nor clang's own fix-its
//! (there is none for the integer case) can accept the construct, so it is a token-level rewrite.
//!
//! Algorithm:
//! 1. `plan` scans the main source and the user headers it includes (quoted and angled `#include`s resolved as
//!    clang would: the includer's directory for quoted ones, then `-I`, then `-isystem`; never the embedded
//!    headers) with comments and literals blanked, and finds every member name of `MEMBER_TEMPLATES` written
//!    after `.` or `->` and followed by `<` (not `<<`, `<=`). The rewrite inserts `template ` before each; in a
//!    non-dependent context C++11 allows the keyword there too, with the same meaning.
//! 2. The driver compiles the original first: a source that compiles is never touched (no slowdown, no change
//!    in its diagnostics). Only when it fails and `plan` found something is it compiled again with each changed
//!    file remapped (`-remap-file original;copy`: clang reads the copy under the original's name, so file
//!    names, `#line`, `__FILE__` and debug-info files stay the user's).
//! 3. Columns on a changed line after an insertion are shifted by its 9 bytes. `map_diagnostics` moves clang's
//!    `file:line:col:` back, and puts the original line back in the source snippet under a diagnostic, with the
//!    caret line cut to match; `map_debug_columns` does the same for the module's debug locations, so lowering
//!    errors and `-g` name the user's columns.
//!
//! Invariants: the rewrite only inserts (never deletes or reorders) and never inside comments, literals or
//! the header library; a diagnostic on the inserted keyword itself is reported at the member's name.
//!
//! Not handled: a name spelled through a macro (`#define SEL select` then `v.SEL<4, 1>(0)`), files reached only
//! through computed includes (`#include MACRO`), and headers found through `-iquote`/`-idirafter`; such code
//! needs `template` written as standard C++ requires. A user struct member named `select` etc. compared with
//! `<` (`s.select < 3`) would be rewritten too, but only when the source failed to compile anyway.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

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

/// One changed file: where it is, its rewritten copy, and the insertions by line.
struct Changed {
    original: PathBuf,
    canonical: PathBuf,
    copy: PathBuf,
    /// 1-based line → the 1-based byte columns (in the original) of the insertions on it, ascending.
    lines: HashMap<u32, Vec<u32>>,
    /// The original file's lines (for snippets).
    text: Vec<String>,
}

/// The rewrite of one job's sources (see the module note); its copies are removed on drop.
pub struct Rewrite {
    changed: Vec<Changed>,
}

impl Drop for Rewrite {
    fn drop(&mut self) {
        for file in &self.changed {
            let _ = std::fs::remove_file(&file.copy);
        }
    }
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

/// The rewrite the job's sources need, or `None` when no file has a member template to mark.
pub fn plan(job: &Job) -> Option<Rewrite> {
    let mut seen = HashSet::new();
    let mut queue = vec![job.input.clone()];
    queue.extend(job.pre_includes.iter().cloned());
    let mut changed = Vec::new();
    while let Some(path) = queue.pop() {
        let Ok(canonical) = std::fs::canonicalize(&path) else {
            continue;
        };
        if seen.len() >= MAX_FILES || !seen.insert(canonical.clone()) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let (inserts, includes) = scan(&text);
        for (name, quoted) in includes {
            if let Some(found) = resolve(&name, quoted, &path, job) {
                queue.push(found);
            }
        }
        if inserts.is_empty() {
            continue;
        }
        let mut rewritten = String::with_capacity(text.len() + inserts.len() * KEYWORD.len());
        let mut lines: HashMap<u32, Vec<u32>> = HashMap::new();
        let mut last = 0;
        for &at in &inserts {
            rewritten.push_str(&text[last..at]);
            rewritten.push_str(KEYWORD);
            last = at;
            let line = text[..at].bytes().filter(|&b| b == b'\n').count() as u32 + 1;
            let column = (at - text[..at].rfind('\n').map_or(0, |nl| nl + 1)) as u32 + 1;
            lines.entry(line).or_default().push(column);
        }
        rewritten.push_str(&text[last..]);
        let copy = temp_copy_path(changed.len());
        if std::fs::write(&copy, rewritten).is_err() {
            return None;
        }
        let text = text.lines().map(str::to_string).collect();
        changed.push(Changed { original: path, canonical, copy, lines, text });
    }
    (!changed.is_empty()).then_some(Rewrite { changed })
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
        for file in &self.changed {
            args.extend(["-Xclang".to_string(), "-remap-file".to_string(), "-Xclang".to_string()]);
            args.push(format!("{};{}", file.original.display(), file.copy.display()));
        }
        args
    }

    /// The changed file `path` names (as clang printed it), if any.
    fn file(&self, path: &str, cache: &mut HashMap<String, Option<usize>>) -> Option<&Changed> {
        let index = *cache.entry(path.to_string()).or_insert_with(|| {
            let canonical = std::fs::canonicalize(path).ok()?;
            self.changed.iter().position(|file| file.canonical == canonical)
        });
        index.map(|i| &self.changed[i])
    }

    /// The original column of rewritten column `column` on `line` of `file`.
    fn original_column(file: &Changed, line: u32, column: u32) -> u32 {
        let Some(inserts) = file.lines.get(&line) else {
            return column;
        };
        let width = KEYWORD.len() as u32;
        let mut shift = 0;
        for (k, &at) in inserts.iter().enumerate() {
            let start = at + k as u32 * width; // where the k-th keyword starts in the rewritten line
            if column >= start + width {
                shift += width;
            } else if column >= start {
                return at; // on the inserted keyword: the member's name
            }
        }
        column - shift
    }

    /// clang's stderr of a rewritten compilation with the user's columns and source lines (see the module note).
    pub fn map_diagnostics(&self, stderr: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(stderr);
        let mut cache = HashMap::new();
        let mut out = String::with_capacity(text.len());
        // The changed line the previous located line was on: its snippet and caret lines follow.
        let mut pending: Option<(&Changed, u32)> = None;
        let mut snippet_at: Option<(Vec<usize>, bool)> = None;
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
                let mut rewritten = original.to_string();
                for &at in inserts.iter().rev() {
                    let at = (at as usize - 1).min(rewritten.len());
                    rewritten.insert_str(at, KEYWORD);
                }
                if body == displayed(&rewritten) {
                    // Display columns of each inserted keyword, rightmost first.
                    let mut starts = Vec::new();
                    for (k, &at) in inserts.iter().enumerate() {
                        let byte = at as usize - 1 + k * KEYWORD.len();
                        starts.push(displayed(&rewritten[..byte.min(rewritten.len())]).chars().count());
                    }
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
        use genx_passes::llvm_sys::prelude::LLVMMetadataRef;
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
        loc: genx_passes::llvm_sys::prelude::LLVMMetadataRef,
        mapped: &mut HashMap<
            genx_passes::llvm_sys::prelude::LLVMMetadataRef,
            genx_passes::llvm_sys::prelude::LLVMMetadataRef,
        >,
        paths: &mut HashMap<String, Option<usize>>,
    ) -> genx_passes::llvm_sys::prelude::LLVMMetadataRef {
        use genx_passes::llvm_sys::debuginfo::*;
        use genx_passes::llvm_sys::prelude::LLVMMetadataRef;
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
            let file = if scope.is_null() { std::ptr::null_mut() } else { LLVMDIScopeGetFile(scope) };
            let line = LLVMDILocationGetLine(loc);
            let column = LLVMDILocationGetColumn(loc);
            let mut new_column = column;
            if !file.is_null() {
                let text = |get: unsafe extern "C" fn(
                    LLVMMetadataRef,
                    *mut std::os::raw::c_uint,
                ) -> *const std::os::raw::c_char| {
                    let mut len = 0u32;
                    let ptr = get(file, &mut len);
                    if ptr.is_null() {
                        String::new()
                    } else {
                        String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len as usize)).into_owned()
                    }
                };
                let path = Path::new(&text(LLVMDIFileGetDirectory)).join(text(LLVMDIFileGetFilename));
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

/// A caret or fix-it line without the display columns `starts` (rightmost first) of the inserted keywords; a
/// caret inside one moves to where the keyword was.
fn cut_columns(line: &str, starts: &[usize]) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    for &start in starts {
        if start < chars.len() {
            let end = (start + KEYWORD.len()).min(chars.len());
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
        Rewrite {
            changed: vec![Changed {
                original: "t.cpp".into(),
                canonical: "/nonexistent/t.cpp".into(),
                copy: "/nonexistent/copy.cpp".into(),
                lines: [(3, columns)].into_iter().collect(),
                text: vec![String::new(), String::new(), line.to_string()],
            }],
        }
    }

    #[test]
    fn columns_after_insertions_move_back() {
        let rw = rewrite_of("  out = in.select<8, 1>(0) + in.format<T>();", vec![12, 33]);
        let file = &rw.changed[0];
        assert_eq!(Rewrite::original_column(file, 3, 5), 5);
        assert_eq!(Rewrite::original_column(file, 3, 12 + 9), 12);
        assert_eq!(Rewrite::original_column(file, 3, 14), 12); // inside the first keyword
        assert_eq!(Rewrite::original_column(file, 3, 33 + 18), 33);
        assert_eq!(Rewrite::original_column(file, 3, 40 + 18), 40);
        assert_eq!(Rewrite::original_column(file, 2, 40), 40);
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
