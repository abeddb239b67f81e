//! Errors inside the CM header library are reported at the user's line.
//!
//! Why: a CM error the headers find by `static_assert` (an object too large, element counts that differ, a
//! select that does not fit) is clang's error at the assertion in our header, with the user's line only in the
//! instantiation notes that follow. The user must see their own `file:line:col: error:` first.
//!
//! What: clang's captured diagnostics are parsed into diagnostics (a `path:line:col: kind: message` line with
//! the `In file included from` lines before it and the source snippet after it). For each error located under
//! the materialised include directory, the first note after it (before the next error or warning) located in
//! another real file is the user's frame (the innermost: the user's own template, when the bad use is in one).
//! The output then starts with `user:line:col: error: message` and the user's snippet; the header's error
//! follows as a note (`note: found by the CM header library here`, its snippet kept), the include chain into
//! our headers is dropped, and every other line is kept as clang wrote it (the user's instantiation note too).
//! Colour codes (clang's `-fcolor-diagnostics`) are ignored when matching and kept in the lines passed on; the
//! new error line is plain.
//!
//! Not handled: an error whose notes never leave the headers (nothing to point at: left as is); the summary
//! line ("N errors generated") is unchanged.

use std::path::Path;

/// One diagnostic of clang's output: its `In file included from` lines, its located line, and the lines after
/// it (snippet, caret, fix-it), or free text (no located line).
struct Diagnostic<'a> {
    prelude: Vec<&'a str>,
    head: Option<Head<'a>>,
    body: Vec<&'a str>,
}

struct Head<'a> {
    raw: &'a str,
    path: String,
    line: String,
    column: String,
    kind: String,
    message: String,
}

/// `text` without ANSI colour sequences.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            for next in chars.by_ref() {
                if next.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `path:line:col: kind: message`, kind one of clang's.
fn parse_head(raw: &str) -> Option<Head<'_>> {
    let text = plain(raw);
    for kind in ["fatal error", "error", "warning", "note", "remark"] {
        let marker = format!(": {kind}: ");
        let Some(at) = text.find(&marker) else { continue };
        let location = &text[..at];
        let mut parts = location.rsplitn(3, ':');
        let (Some(column), Some(line), Some(path)) = (parts.next(), parts.next(), parts.next()) else { continue };
        if column.is_empty() || line.is_empty() || !column.bytes().chain(line.bytes()).all(|b| b.is_ascii_digit()) {
            continue;
        }
        return Some(Head {
            raw,
            path: path.to_string(),
            line: line.to_string(),
            column: column.to_string(),
            kind: kind.to_string(),
            message: text[at + marker.len()..].to_string(),
        });
    }
    None
}

/// clang's closing count ("2 errors generated.", "1 warning and 1 error generated.").
fn summary(line: &str) -> bool {
    let text = plain(line);
    text.ends_with(" generated.") && text.starts_with(|c: char| c.is_ascii_digit())
}

fn parse(text: &str) -> Vec<Diagnostic<'_>> {
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut prelude = Vec::new();
    for line in text.lines() {
        if plain(line).starts_with("In file included from ") {
            prelude.push(line);
        } else if let Some(head) = parse_head(line) {
            diagnostics.push(Diagnostic { prelude: std::mem::take(&mut prelude), head: Some(head), body: Vec::new() });
        } else if let (Some(last), true, false) = (diagnostics.last_mut(), prelude.is_empty(), summary(line)) {
            last.body.push(line);
        } else {
            prelude.push(line);
            diagnostics.push(Diagnostic { prelude: std::mem::take(&mut prelude), head: None, body: Vec::new() });
        }
    }
    if !prelude.is_empty() {
        diagnostics.push(Diagnostic { prelude, head: None, body: Vec::new() });
    }
    diagnostics
}

/// clang's diagnostics `stderr`, with every error inside `headers` (the materialised include directory) moved
/// to the user's line (see the module note).
pub fn relocate(stderr: &[u8], headers: &Path) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(stderr) else { return stderr.to_vec() };
    let headers = headers.display().to_string();
    let ours = |path: &str| path.starts_with(&headers);
    let real = |path: &str| !path.starts_with('<');
    let diagnostics = parse(text);
    let mut out = String::with_capacity(text.len() + 256);
    let push_lines = |out: &mut String, lines: &[&str]| {
        for line in lines {
            out.push_str(line);
            out.push('\n');
        }
    };
    for (index, diagnostic) in diagnostics.iter().enumerate() {
        let user = diagnostic.head.as_ref().filter(|h| h.kind.ends_with("error") && ours(&h.path)).and_then(|_| {
            diagnostics[index + 1..]
                .iter()
                .take_while(|d| d.head.as_ref().is_some_and(|h| h.kind == "note"))
                .find(|d| d.head.as_ref().is_some_and(|h| !ours(&h.path) && real(&h.path)))
        });
        match (diagnostic.head.as_ref(), user.and_then(|d| d.head.as_ref().map(|h| (d, h)))) {
            (Some(head), Some((frame, at))) => {
                out.push_str(&format!("{}:{}:{}: {}: {}\n", at.path, at.line, at.column, head.kind, head.message));
                push_lines(&mut out, &frame.body);
                out.push_str(&format!(
                    "{}:{}:{}: note: found by the CM header library here\n",
                    head.path, head.line, head.column
                ));
                push_lines(&mut out, &diagnostic.body);
            }
            (head, _) => {
                push_lines(&mut out, &diagnostic.prelude);
                if let Some(head) = head {
                    push_lines(&mut out, &[head.raw]);
                }
                push_lines(&mut out, &diagnostic.body);
            }
        }
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADERS: &str = "/cache/cm-frontend-1/include";

    #[test]
    fn a_header_error_moves_to_the_first_user_frame() {
        let clang = "\
In file included from <built-in>:1:
In file included from /cache/cm-frontend-1/include/cm/cm.h:16:
/cache/cm-frontend-1/include/cm/cm_vector.h:373:3: error: static_assert failed \"CM object too large\"
  __CM_CHECK_OBJECT_SIZE(T, N);
  ^
/cache/cm-frontend-1/include/cm/cm_common.h:106:3: note: expanded from macro '__CM_CHECK_OBJECT_SIZE'
k.cpp:4:24: note: in instantiation of template class 'vector<int, 1048576>' requested here
  vector<int, 1048576> v;
                       ^
k.cpp:9:3: note: in instantiation of function template specialization 'f<int>' requested here
  f<int>();
  ^
k.cpp:12:1: warning: unused
1 warning and 1 error generated.
";
        let out = String::from_utf8(relocate(clang.as_bytes(), Path::new(HEADERS))).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "k.cpp:4:24: error: static_assert failed \"CM object too large\"");
        assert_eq!(lines[1], "  vector<int, 1048576> v;");
        assert_eq!(lines[3], "/cache/cm-frontend-1/include/cm/cm_vector.h:373:3: note: found by the CM header library here");
        assert_eq!(lines[4], "  __CM_CHECK_OBJECT_SIZE(T, N);");
        assert!(!out.contains("In file included from"), "{out}");
        // Every other line is kept: the user's notes (the frame moved up too), the warning, the summary.
        for kept in ["k.cpp:4:24: note: in instantiation", "k.cpp:9:3: note:", "k.cpp:12:1: warning: unused"] {
            assert!(out.contains(kept), "{kept} missing:\n{out}");
        }
        assert_eq!(lines.last(), Some(&"1 warning and 1 error generated."), "{out}");
        assert_eq!(out.matches("generated.").count(), 1, "{out}");
    }

    #[test]
    fn user_errors_and_header_errors_without_a_user_frame_are_kept() {
        let clang = "\
k.cpp:2:3: error: use of undeclared identifier 'x'
  x = 1;
  ^
In file included from <built-in>:1:
/cache/cm-frontend-1/include/cm/cm_math.h:10:1: error: only headers
/cache/cm-frontend-1/include/cm/cm_math.h:12:1: note: still headers
2 errors generated.
";
        let out = String::from_utf8(relocate(clang.as_bytes(), Path::new(HEADERS))).unwrap();
        assert_eq!(out, clang);
    }

    #[test]
    fn colour_codes_are_ignored_when_matching() {
        let clang = "\u{1b}[1m/cache/cm-frontend-1/include/cm/cm_vector.h:5:3: \u{1b}[0;1;31merror: \u{1b}[0mbad\u{1b}[0m\n\
                     \u{1b}[1mk.cpp:7:9: \u{1b}[0;1;30mnote: \u{1b}[0min instantiation\u{1b}[0m\n";
        let out = String::from_utf8(relocate(clang.as_bytes(), Path::new(HEADERS))).unwrap();
        assert!(out.starts_with("k.cpp:7:9: error: bad\n"), "{out}");
    }
}
