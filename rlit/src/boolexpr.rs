//! Feature expressions: the boolean language of `REQUIRES:`, `UNSUPPORTED:` and `XFAIL:`.
//!
//! A port of LLVM lit's `BooleanExpression.py` (lit 14), so that a directive means the same thing
//! under rlit and under `lit.py`. Grammar:
//!
//! ```text
//! expr       :: or_expr
//! or_expr    :: and_expr ('||' and_expr)*
//! and_expr   :: not_expr ('&&' not_expr)*
//! not_expr   :: '!' not_expr | '(' or_expr ')' | match_expr
//! match_expr :: (identifier | '{{' regex '}}')+        identifier :: [-+=._a-zA-Z0-9]+
//! ```
//!
//! A match expression is true when it is a substring of the target triple, or when it matches
//! (whole-string) any available feature; literal parts match literally, `{{…}}` parts are regexes.
//! `true` is always an available feature. Everything else is false.
//!
//! Invariants: evaluation is total for syntactically valid input (no short-circuit side effects,
//! both sides of `&&`/`||` are always parsed, as in lit); every syntax error is reported as
//! `Err(sentence)` naming the offending text, never a panic. Regexes inside `{{…}}` use the Rust
//! `regex` dialect, which agrees with Python's `re` for the simple patterns used in feature names.

use std::collections::BTreeSet;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok<'a> {
    LParen,
    RParen,
    And,
    Or,
    Not,
    Match(&'a str),
    End,
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'=' | b'.' | b'_')
}

/// Splits `s` into tokens exactly like lit's tokenizer regex
/// `\A\s*([()]|&&|\|\||!|(?:[-+=._a-zA-Z0-9]+|\{\{.+?\}\})+)\s*(.*)\Z`.
fn tokenize(s: &str) -> Result<Vec<Tok<'_>>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i == b.len() {
            out.push(Tok::End);
            return Ok(out);
        }
        let rest = &s[i..];
        let tok = if rest.starts_with('(') {
            i += 1;
            Tok::LParen
        } else if rest.starts_with(')') {
            i += 1;
            Tok::RParen
        } else if rest.starts_with("&&") {
            i += 2;
            Tok::And
        } else if rest.starts_with("||") {
            i += 2;
            Tok::Or
        } else if rest.starts_with('!') {
            i += 1;
            Tok::Not
        } else {
            let start = i;
            loop {
                let run = i;
                while i < b.len() && is_ident_byte(b[i]) {
                    i += 1;
                }
                if i > run {
                    continue;
                }
                // `\{\{.+?\}\}`: at least one character between the braces, shortest match.
                if s[i..].starts_with("{{") && i + 3 <= b.len() {
                    let body_start = i + 2;
                    // `.+?` needs one char (any, including `}`) before the closing `}}`.
                    let first =
                        body_start + s[body_start..].chars().next().map_or(0, char::len_utf8);
                    if let Some(k) = s[first..].find("}}") {
                        if !s[body_start..first + k].contains('\n') {
                            i = first + k + 2;
                            continue;
                        }
                    }
                }
                break;
            }
            if i == start {
                return Err(format!("couldn't parse text: '{}'", s[start..].trim_end()));
            }
            Tok::Match(&s[start..i])
        };
        out.push(tok);
    }
}

struct Parser<'a, 'f> {
    toks: Vec<Tok<'a>>,
    pos: usize,
    features: &'f BTreeSet<String>,
    triple: &'f str,
}

fn quote(t: &Tok<'_>) -> String {
    match t {
        Tok::LParen => "'('".into(),
        Tok::RParen => "')'".into(),
        Tok::And => "'&&'".into(),
        Tok::Or => "'||'".into(),
        Tok::Not => "'!'".into(),
        Tok::Match(m) => format!("'{m}'"),
        Tok::End => "<end of expression>".into(),
    }
}

impl<'a> Parser<'a, '_> {
    fn peek(&self) -> &Tok<'a> {
        &self.toks[self.pos]
    }

    fn accept(&mut self, t: &Tok<'_>) -> bool {
        if self.peek() == t {
            if *t != Tok::End {
                self.pos += 1;
            }
            true
        } else {
            false
        }
    }

    fn expect(&mut self, t: &Tok<'_>) -> Result<(), String> {
        if self.accept(t) {
            Ok(())
        } else {
            Err(format!(
                "expected: {}\nhave: {}",
                quote(t),
                quote(self.peek())
            ))
        }
    }

    fn parse_or(&mut self) -> Result<bool, String> {
        let mut value = self.parse_and()?;
        while self.accept(&Tok::Or) {
            let rhs = self.parse_and()?;
            value = value || rhs;
        }
        Ok(value)
    }

    fn parse_and(&mut self) -> Result<bool, String> {
        let mut value = self.parse_not()?;
        while self.accept(&Tok::And) {
            let rhs = self.parse_not()?;
            value = value && rhs;
        }
        Ok(value)
    }

    fn parse_not(&mut self) -> Result<bool, String> {
        if self.accept(&Tok::Not) {
            return Ok(!self.parse_not()?);
        }
        if self.accept(&Tok::LParen) {
            let v = self.parse_or()?;
            self.expect(&Tok::RParen)?;
            return Ok(v);
        }
        match *self.peek() {
            Tok::Match(m) => {
                self.pos += 1;
                self.eval_match(m)
            }
            ref other => Err(format!(
                "expected: '!', '(', '{{{{', or identifier\nhave: {}",
                quote(other)
            )),
        }
    }

    fn eval_match(&self, token: &str) -> Result<bool, String> {
        if !self.triple.is_empty() && self.triple.contains(token) {
            return Ok(true);
        }
        if token == "true" {
            return Ok(true);
        }
        if !token.contains("{{") {
            return Ok(self.features.contains(token));
        }
        let re = regex::Regex::new(&format!("^(?:{})$", match_regex(token)))
            .map_err(|e| format!("invalid regex in '{token}': {e}"))?;
        Ok(re.is_match("true") || self.features.iter().any(|f| re.is_match(f)))
    }
}

/// The regex source for a match token: literal runs escaped, `{{re}}` runs as `(?:re)`.
fn match_regex(token: &str) -> String {
    let mut out = String::new();
    let mut rest = token;
    while !rest.is_empty() {
        match rest.find("{{") {
            Some(0) => {
                // Tokenizer guarantees a closing `}}` after at least one character.
                let first = 2 + rest[2..].chars().next().map_or(0, char::len_utf8);
                let end = first + rest[first..].find("}}").expect("tokenizer checked braces");
                out.push_str(&format!("(?:{})", &rest[2..end]));
                rest = &rest[end + 2..];
            }
            Some(k) => {
                out.push_str(&regex::escape(&rest[..k]));
                rest = &rest[k..];
            }
            None => {
                out.push_str(&regex::escape(rest));
                rest = "";
            }
        }
    }
    out
}

/// Evaluates `expr` against the available `features` (plus the implicit `true`) and `triple`.
pub fn evaluate(expr: &str, features: &BTreeSet<String>, triple: &str) -> Result<bool, String> {
    let inner = || -> Result<bool, String> {
        let toks = tokenize(expr)?;
        let mut p = Parser {
            toks,
            pos: 0,
            features,
            triple,
        };
        let v = p.parse_or()?;
        p.expect(&Tok::End)?;
        Ok(v)
    };
    inner().map_err(|e| format!("{e}\nin expression: '{expr}'"))
}

/// Checks the syntax only (what lit does while parsing a test file).
pub fn check_syntax(expr: &str) -> Result<(), String> {
    evaluate(expr, &BTreeSet::new(), "").map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feats(list: &[&str]) -> BTreeSet<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn eval(expr: &str) -> bool {
        evaluate(
            expr,
            &feats(&["ocloc", "llvm14", "x86_64-linux"]),
            "x86_64-unknown-linux-gnu",
        )
        .unwrap()
    }

    #[test]
    fn identifiers_and_true() {
        assert!(eval("ocloc"));
        assert!(!eval("no-such-feature"));
        assert!(eval("true"));
        assert!(
            !eval("false"),
            "`false` is just an unknown feature, hence false"
        );
    }

    #[test]
    fn precedence_and_parentheses() {
        assert!(eval("ocloc && llvm14"));
        assert!(!eval("ocloc && missing"));
        assert!(
            eval("missing || ocloc && llvm14"),
            "&& binds tighter than ||"
        );
        assert!(!eval("(missing || ocloc) && missing2"));
        assert!(eval("!missing"));
        assert!(eval("!!ocloc"));
        assert!(!eval("!(ocloc || missing)"));
        assert!(eval("!ocloc || (llvm14 && !missing)"));
    }

    #[test]
    fn triple_substrings_and_regex_atoms() {
        assert!(eval("linux"), "a substring of the target triple is true");
        assert!(eval("x86_64"));
        assert!(eval("llvm{{[0-9]+}}"));
        assert!(!eval("llvm{{1[5-9]}}"));
        assert!(eval("{{.*}}cloc"));
        assert!(!eval("oclo"), "features match whole, not as prefixes");
        assert!(
            !evaluate("linux", &feats(&[]), "").unwrap(),
            "no triple configured"
        );
    }

    #[test]
    fn syntax_errors_name_the_problem() {
        for bad in ["", "a &&", "(a", "a b", "a )", "&& a", "a @ b", "!"] {
            let err = check_syntax(bad).unwrap_err();
            assert!(err.contains("in expression"), "{bad:?}: {err}");
        }
        assert!(check_syntax("a && (b || !c)").is_ok());
        assert!(
            check_syntax("{{a}}}").is_err(),
            "a stray brace after a regex atom is an error, as in lit"
        );
        assert!(
            check_syntax("{{}}").is_err(),
            "an empty regex atom does not tokenize, as in lit"
        );
    }

    #[test]
    fn tokenizer_matches_lit() {
        let t = tokenize("!a-b.c&&(x{{y}}z||w)").unwrap();
        assert_eq!(
            t,
            vec![
                Tok::Not,
                Tok::Match("a-b.c"),
                Tok::And,
                Tok::LParen,
                Tok::Match("x{{y}}z"),
                Tok::Or,
                Tok::Match("w"),
                Tok::RParen,
                Tok::End
            ]
        );
    }
}
