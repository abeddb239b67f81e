//! User macros cannot change the CM header library.
//!
//! A CM program may define any name that is not reserved to the implementation (`-DN=8`, `#define T float`,
//! `#define x 1`) before the headers are read (cmc includes them implicitly, after the command line's `-D`s).
//! So the headers (frontend/include/cm/*.h) spell only reserved names (`_Upper`, `__lower`), C++ keywords, and
//! the public CM API listed in support/cm-public-names.txt; the names they used to spell (template and function
//! parameters, locals, internal helpers) or pass to macros that only paste them are listed in
//! support/cm-user-macro-names.txt (both lists are written by scripts/cm-header-names.py, which also renames).
//!
//! - `headers_spell_only_reserved_or_public_names`: every identifier of the headers outside comments, literals,
//!   header names and directive names is reserved, public, or in the user-macro list (then the next test proves
//!   it safe: a pasted argument is never expanded).
//! - `user_macros_do_not_change_the_headers`: data/headers_under_user_macros.cpp, which uses the headers
//!   broadly, compiles for icllp to the same IR with every name of the user-macro list defined as `@` (a token
//!   that is an error wherever a macro puts it) as without; the IR holds the messages the source asks for.

use std::path::{Path, PathBuf};

use cm_frontend::{Job, MacroArg};
use genx_passes::inkwell::context::Context;
use genx_passes::platform;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The names of a list file: whitespace-separated, `#` to the end of a line is a comment.
fn names(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(manifest().join("tests/support").join(file)).expect("read the name list");
    text.lines().flat_map(|line| line.split('#').next().unwrap_or("").split_whitespace()).map(String::from).collect()
}

/// The identifiers of C++ source text a macro could replace, with their line numbers: outside comments, string
/// and character literals, numbers, `<...>` header names of `#include` / `__has_include`, and directive names.
fn identifiers(text: &str) -> Vec<(String, usize)> {
    let bytes = text.as_bytes();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    let mut previous = String::new(); // the previous significant token
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if text[i..].starts_with("//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
        } else if text[i..].starts_with("/*") {
            let end = text[i + 2..].find("*/").map_or(text.len(), |at| i + 2 + at + 2);
            line += text[i..end].matches('\n').count();
            i = end;
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != c && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            previous = "literal".into();
        } else if c == b'<' && (previous == "include" || previous == "(" && text[..i].trim_end().ends_with("__has_include(")) {
            i += text[i..].find('>').map_or(text.len() - i, |at| at + 1);
        } else if c.is_ascii_digit() {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'.') {
                i += 1;
            }
            previous = "number".into();
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            let word = &text[start..i];
            const DIRECTIVES: &[&str] =
                &["define", "undef", "include", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "error"];
            if !(previous == "#" && DIRECTIVES.contains(&word)) {
                out.push((word.to_string(), line));
            }
            previous = word.to_string();
        } else {
            if !c.is_ascii_whitespace() {
                previous = (c as char).to_string();
            }
            i += 1;
        }
    }
    out
}

fn reserved(name: &str) -> bool {
    name.starts_with("__") || (name.starts_with('_') && name[1..].starts_with(|c: char| c.is_ascii_uppercase()))
}

#[test]
fn the_tokenizer_skips_comments_literals_and_header_names() {
    let text = "#include <cm/cm.h>\n#if __has_include(<cm/x.h>)\n// T\n/* N\n*/ int \"x\" 'y' a; 1.5e3f\n#define b c";
    let found = identifiers(text);
    assert_eq!(found, [("__has_include".into(), 2), ("int".into(), 5), ("a".into(), 5), ("b".into(), 6), ("c".into(), 6)]);
}

#[test]
fn headers_spell_only_reserved_or_public_names() {
    let allowed: std::collections::HashSet<String> =
        names("cm-public-names.txt").into_iter().chain(names("cm-user-macro-names.txt")).collect();
    let mut offenders = Vec::new();
    let dir = manifest().join("include/cm");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).expect("the header directory").map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 10, "the header library is in {}", dir.display());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read a header");
        for (name, line) in identifiers(&text) {
            if !reserved(&name) && !allowed.contains(&name) {
                offenders.push(format!("{}:{line}: {name}", path.file_name().unwrap().to_string_lossy()));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "the CM headers spell names a user macro could replace (rename them: scripts/cm-header-names.py rename \
         --write, or add public API to tests/support/cm-public-names.txt):\n{}",
        offenders.join("\n")
    );
}

fn compile_ir(source: &Path, macros: &[String]) -> String {
    let job = Job {
        macros: macros.iter().map(|m| MacroArg::Define(m.clone())).collect(),
        ..Job::new(source.to_path_buf(), platform::find("icllp").expect("icllp is a platform"))
    };
    let context = Context::create();
    let ir = match cm_frontend::compile(&job, &context) {
        Ok(module) => module.print_to_string().to_string(),
        Err(error) => panic!("{} does not compile with {} macros: {error:?} (diagnostics above)", source.display(), macros.len()),
    };
    ir
}

#[test]
fn user_macros_do_not_change_the_headers() {
    let user_macros = names("cm-user-macro-names.txt");
    assert!(user_macros.len() > 300, "the list holds the renamed names and the pasted arguments");
    let source = manifest().join("tests/data/headers_under_user_macros.cpp");
    let text = std::fs::read_to_string(&source).expect("read the kernel");
    let spelled: Vec<_> = identifiers(&text).into_iter().filter(|(name, _)| user_macros.contains(name)).collect();
    assert!(spelled.is_empty(), "the kernel must not spell a name the test defines: {spelled:?}");

    let plain = compile_ir(&source, &[]);
    // The kernel reaches the parts of the library it is meant to cover.
    for message in [
        "@llvm.genx.oword.ld", "@llvm.genx.media.ld", "@llvm.genx.media.st", "@llvm.genx.gather.masked.scaled2",
        "@llvm.genx.scatter.scaled", "@llvm.genx.dword.atomic2.add", "@llvm.genx.dword.atomic2.inc",
        "@llvm.genx.sample", "@llvm.genx.simdcf.goto", "@llvm.genx.svm.block.ld", "@llvm.genx.pow",
        "@llvm.genx.ssadd.sat", "@llvm.genx.rndd", "@printf", "@llvm.genx.fence",
    ] {
        assert!(plain.contains(message), "the kernel's IR calls {message}:\n{plain}");
    }
    let defines: Vec<String> = user_macros.iter().map(|name| format!("{name}=@")).collect();
    let under_macros = compile_ir(&source, &defines);
    assert!(plain == under_macros, "{} user macros changed the IR of the kernel", defines.len());
}
