//! Test-file directives: `RUN:`, `XFAIL:`, `REQUIRES:`, `UNSUPPORTED:`, `ALLOW_RETRIES:`, `END.`.
//!
//! Mirrors lit 14's `TestRunner._parseKeywords` so that one file parses identically under rlit
//! and `lit.py`:
//!
//! * A directive is the **leftmost** keyword occurrence anywhere in a line (`; RUN:`, `// RUN:`,
//!   even `CHECK: XFAIL:`); the rest of the line is its argument. One directive per line.
//! * `RUN:` arguments are right-trimmed; `%(line)`, `%(line+N)`, `%(line-N)` become line numbers;
//!   a line ending in `\` continues on the next `RUN:` line (the backslash is dropped, the texts
//!   are concatenated as they are).
//! * `XFAIL:`/`REQUIRES:`/`UNSUPPORTED:` are comma-separated lists of feature expressions
//!   (see [`crate::boolexpr`]), checked for syntax while parsing; `\` continues an item.
//! * `END.` followed by nothing but whitespace stops parsing.
//!
//! Invariants: parsing never executes anything and never panics on user input; every problem
//! (no `RUN:` line, dangling `\`, bad expression, two `ALLOW_RETRIES:`) is an `Err` sentence that
//! the runner reports as UNRESOLVED, matching lit's wording.

use crate::boolexpr;

/// One logical `RUN:` command (continuations already joined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunLine {
    /// 1-based line number of the first physical line.
    pub line: usize,
    /// The command text after `RUN:`, before substitution.
    pub command: String,
}

/// Everything lit reads from a test file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Directives {
    pub run: Vec<RunLine>,
    pub xfail: Vec<String>,
    pub requires: Vec<String>,
    pub unsupported: Vec<String>,
    pub allow_retries: Option<u32>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Keyword {
    Run,
    Xfail,
    Requires,
    Unsupported,
    AllowRetries,
    End,
}

/// lit's keyword order; at one position the first listed wins (none is a prefix of another).
const KEYWORDS: [(&str, Keyword); 6] = [
    ("RUN:", Keyword::Run),
    ("XFAIL:", Keyword::Xfail),
    ("REQUIRES:", Keyword::Requires),
    ("UNSUPPORTED:", Keyword::Unsupported),
    ("ALLOW_RETRIES:", Keyword::AllowRetries),
    ("END.", Keyword::End),
];

fn find_keyword(line: &str) -> Option<(Keyword, &'static str, &str)> {
    KEYWORDS
        .iter()
        .filter_map(|&(kw, k)| line.find(kw).map(|pos| (pos, kw, k)))
        .min_by_key(|&(pos, _, _)| pos)
        .map(|(pos, kw, k)| (k, kw, &line[pos + kw.len()..]))
}

/// Replaces `%(line)`, `%(line+N)` and `%(line-N)` (spaces allowed around the sign).
fn substitute_line_numbers(text: &str, line: usize) -> String {
    let text = text.replace("%(line)", &line.to_string());
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(pos) = rest.find("%(line") {
        out.push_str(&rest[..pos]);
        let after = &rest[pos + "%(line".len()..];
        let parsed = (|| {
            let t = after.trim_start_matches(' ');
            let sign = t.chars().next().filter(|c| *c == '+' || *c == '-')?;
            let t = t[1..].trim_start_matches(' ');
            let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
            let t = t[digits.len()..].strip_prefix(')')?;
            let n: i64 = digits.parse().ok()?;
            let v = if sign == '+' {
                line as i64 + n
            } else {
                line as i64 - n
            };
            Some((v, after.len() - t.len()))
        })();
        match parsed {
            Some((v, used)) => {
                out.push_str(&v.to_string());
                rest = &after[used..];
            }
            None => {
                out.push_str("%(line");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn push_bool_items(
    list: &mut Vec<String>,
    text: &str,
    kw: &str,
    line: usize,
) -> Result<(), String> {
    let mut parts: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    if let Some(last) = list.last_mut() {
        if last.ends_with('\\') && !parts.is_empty() {
            last.pop();
            last.push_str(&parts.remove(0));
        }
    }
    list.extend(parts);
    for item in list.iter() {
        if item != "*" && !item.ends_with('\\') {
            boolexpr::check_syntax(item)
                .map_err(|e| format!("{e}\nin {kw} directive on test line {line}"))?;
        }
    }
    Ok(())
}

/// Parses the directives of a test file's contents.
pub fn parse(source: &[u8]) -> Result<Directives, String> {
    let text = String::from_utf8_lossy(source);
    let mut d = Directives::default();
    let mut retries: Vec<u32> = Vec::new();
    for (idx, raw) in text.split('\n').enumerate() {
        let line_no = idx + 1;
        let Some((kw, kw_text, rest)) = find_keyword(raw) else {
            continue;
        };
        let rest = rest.trim_end_matches('\r');
        match kw {
            Keyword::Run => {
                let cmd = substitute_line_numbers(rest.trim_end(), line_no);
                match d.run.last_mut() {
                    Some(prev) if prev.command.ends_with('\\') => {
                        prev.command.pop();
                        prev.command.push_str(&cmd);
                    }
                    _ => d.run.push(RunLine {
                        line: line_no,
                        command: cmd,
                    }),
                }
            }
            Keyword::Xfail => push_bool_items(&mut d.xfail, rest, kw_text, line_no)?,
            Keyword::Requires => push_bool_items(&mut d.requires, rest, kw_text, line_no)?,
            Keyword::Unsupported => push_bool_items(&mut d.unsupported, rest, kw_text, line_no)?,
            Keyword::AllowRetries => {
                let n = rest.trim().parse::<u32>().map_err(|_| {
                    format!(
                        "INTEGER parser requires the input to be an integer (got {rest})\n\
                         in {kw_text} directive on test line {line_no}"
                    )
                })?;
                retries.push(n);
            }
            Keyword::End => {
                if rest.trim().is_empty() {
                    break;
                }
            }
        }
    }
    if d.run.is_empty() {
        return Err("Test has no 'RUN:' line".into());
    }
    if d.run.last().is_some_and(|r| r.command.ends_with('\\')) {
        return Err("Test has unterminated 'RUN:' lines (with '\\')".into());
    }
    for (kw, list) in [
        ("XFAIL:", &d.xfail),
        ("REQUIRES:", &d.requires),
        ("UNSUPPORTED:", &d.unsupported),
    ] {
        if list.last().is_some_and(|s| s.ends_with('\\')) {
            return Err(format!("Test has unterminated '{kw}' lines (with '\\')"));
        }
    }
    if retries.len() > 1 {
        return Err("Test has more than one ALLOW_RETRIES lines".into());
    }
    d.allow_retries = retries.first().copied();
    Ok(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Directives {
        parse(s.as_bytes()).unwrap()
    }

    #[test]
    fn run_lines_anywhere_in_a_line() {
        let d = p("; RUN: opt < %s -S | FileCheck %s\n// RUN: echo hi   \ndefine void @f()\n");
        assert_eq!(
            d.run,
            vec![
                RunLine {
                    line: 1,
                    command: " opt < %s -S | FileCheck %s".into()
                },
                RunLine {
                    line: 2,
                    command: " echo hi".into()
                },
            ]
        );
    }

    #[test]
    fn continuation_joins_without_separator() {
        let d = p("; RUN: echo a \\\n; RUN:   b \\\n; RUN: c\n; RUN: next\n");
        assert_eq!(d.run.len(), 2);
        assert_eq!(
            d.run[0],
            RunLine {
                line: 1,
                command: " echo a    b  c".into()
            }
        );
        assert_eq!(d.run[1].line, 4);
        assert_eq!(
            parse(b"RUN: a \\\n").unwrap_err(),
            "Test has unterminated 'RUN:' lines (with '\\')"
        );
    }

    #[test]
    fn line_number_expressions() {
        let d = p("\n\n; RUN: x %(line) %(line+2) %(line - 1) %(line+) %(lines)\n");
        assert_eq!(d.run[0].command, " x 3 5 2 %(line+) %(lines)");
    }

    #[test]
    fn boolean_lists_and_continuation() {
        let d = p("RUN: true\n; REQUIRES: a, b && c,\n; UNSUPPORTED: x || \\\n; UNSUPPORTED: y\n; XFAIL: *\n");
        assert_eq!(d.requires, vec!["a", "b && c"]);
        assert_eq!(d.unsupported, vec!["x || y"]);
        assert_eq!(d.xfail, vec!["*"]);
        let err = parse(b"RUN: true\n; REQUIRES: a &&\n").unwrap_err();
        assert!(
            err.contains("in REQUIRES: directive on test line 2"),
            "{err}"
        );
    }

    #[test]
    fn end_stops_parsing_only_when_alone() {
        let d = p("RUN: a\n; END.\nRUN: b\n");
        assert_eq!(d.run.len(), 1);
        let d = p("RUN: a\n; END. not really\nRUN: b\n");
        assert_eq!(d.run.len(), 2);
    }

    #[test]
    fn leftmost_keyword_wins() {
        let d = p("RUN: echo XFAIL: nope\n; CHECK: XFAIL: *\n");
        assert_eq!(d.run[0].command, " echo XFAIL: nope");
        assert_eq!(
            d.xfail,
            vec!["*"],
            "a directive inside a CHECK line still counts, as in lit"
        );
    }

    #[test]
    fn retries_and_errors() {
        assert_eq!(p("RUN: x\nALLOW_RETRIES: 3\n").allow_retries, Some(3));
        assert!(parse(b"RUN: x\nALLOW_RETRIES: 1\nALLOW_RETRIES: 2\n")
            .unwrap_err()
            .contains("more than one"));
        assert!(parse(b"RUN: x\nALLOW_RETRIES: many\n")
            .unwrap_err()
            .contains("integer"));
        assert_eq!(
            parse(b"; CHECK: nothing\n").unwrap_err(),
            "Test has no 'RUN:' line"
        );
    }

    #[test]
    fn crlf_and_missing_final_newline() {
        let d = p("RUN: a\r\nRUN: b");
        assert_eq!(d.run[0].command, " a");
        assert_eq!(d.run[1].command, " b");
    }
}
