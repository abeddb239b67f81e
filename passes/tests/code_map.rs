//! The project's written map stays true to its files.
//!
//! 1. Every module of every workspace member (`src/**/*.rs`, members read from the root `Cargo.toml` as
//!    `safety_notes.rs` reads them) opens with a `//!` note (what, why, algorithm, invariants, not handled).
//! 2. `ARCHITECTURE.md`'s code map has a section (`### \`member/\``) for every member, names each top-level
//!    module of the member's `src/` (`name.rs`, or `name/` for a folder) in that section, and every `*.rs` path
//!    it names is a file of the repository.
//! 3. A citation of a project document (`docs/genx-ir.md §1.2`) names a file of `docs/` and, with `§N` or
//!    `§N.M`, a numbered heading of it (or item `M` of the numbered list of its section `N`); a project document
//!    cited without its `docs/` directory (`genx-ir.md`, `cmc-compat §3`) is refused, and so is a reference to
//!    material outside the repository (the team's `shared/reference` notes).
//!
//! Scanned for 3: every file below the repository root except `target/`, `docs/` itself, hidden directories,
//! non-UTF-8 files and this test (its examples). Paths such as intel/cm-compiler's `clang/compute_sdk/docs/...` (a `docs/` inside another path)
//! are upstream citations, not ours. Not checked: whether a note is still true of its code (a reader's job), and
//! submodules in the code map (their parents' notes describe them).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[path = "support/workspace.rs"]
mod workspace;
use workspace::workspace_members;

/// Modules whose first comment is a plain `//` note, each with why it is exempt; this list only shrinks.
const NOTE_EXEMPT: &[(&str, &str)] = &[];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn relative(path: &Path) -> String {
    path.strip_prefix(repo()).unwrap().to_string_lossy().replace('\\', "/")
}

/// Regular files below `dir` (recursively), skipping `target`, lit's `Output` scratch directories, hidden
/// directories, `skip`, and anything that is not a plain file or directory (a test's FIFO would block a read;
/// a link could loop).
fn files(dir: &Path, skip: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "Output" || skip.contains(&relative(&path).as_str()) {
            continue;
        }
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_dir() {
            files(&path, skip, out);
        } else if kind.is_file() {
            out.push(path);
        }
    }
}

fn members() -> Vec<String> {
    let members = workspace_members(&std::fs::read_to_string(repo().join("Cargo.toml")).expect("the workspace Cargo.toml"));
    assert!(members.len() >= 8, "workspace members not read: {members:?}");
    members
}

fn rust_sources(member: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    files(&repo().join(member).join("src"), &[], &mut out);
    out.retain(|p| p.extension().is_some_and(|e| e == "rs"));
    out.sort();
    out
}

/// Whether `word` occurs in `text` not preceded by an identifier character or a path separator of a longer name.
fn names(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        text[..at].chars().next_back().is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
    })
}

#[test]
fn every_module_opens_with_a_note() {
    let mut missing = Vec::new();
    let mut exempt_seen = BTreeSet::new();
    for member in members() {
        for path in rust_sources(&member) {
            let rel = relative(&path);
            let text = std::fs::read_to_string(&path).unwrap();
            let first = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
            if first.starts_with("//!") {
                continue;
            }
            if NOTE_EXEMPT.iter().any(|(p, _)| *p == rel) {
                exempt_seen.insert(rel);
                continue;
            }
            missing.push(rel);
        }
    }
    for (path, _) in NOTE_EXEMPT {
        if !exempt_seen.contains(*path) {
            println!("code_map.rs: {path} now opens with a `//!` note; its NOTE_EXEMPT entry can go");
        }
    }
    assert!(missing.is_empty(), "modules without a `//!` note (what, why, algorithm, invariants, not handled):\n{}", missing.join("\n"));
}

/// The text of ARCHITECTURE.md's section `### \`member/\`` (to the next `### ` or `## ` heading).
fn section<'a>(architecture: &'a str, member: &str) -> Option<&'a str> {
    let heading = format!("### `{member}/`");
    let start = architecture.find(&heading)?;
    let body = &architecture[start + heading.len()..];
    let end = body.find("\n### ").into_iter().chain(body.find("\n## ")).min().unwrap_or(body.len());
    Some(&body[..end])
}

#[test]
fn the_code_map_names_every_module_and_only_modules_that_exist() {
    let architecture = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut problems = Vec::new();
    for member in members() {
        let Some(text) = section(&architecture, &member) else {
            problems.push(format!("no section `### `{member}/`` for workspace member {member}"));
            continue;
        };
        let src = repo().join(&member).join("src");
        for path in rust_sources(&member) {
            let inside = path.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
            let top = match inside.split_once('/') {
                Some((folder, _)) => format!("{folder}/"),
                None => inside.clone(),
            };
            if top == "lib.rs" || top == "main.rs" {
                continue;
            }
            // A folder module is named by its folder or by its `name.rs` beside it.
            let named = names(text, &top) || top.strip_suffix('/').is_some_and(|t| names(text, &format!("{t}.rs")));
            if !named && !problems.iter().any(|p: &String| p.ends_with(&format!("{member}/src/{top}"))) {
                problems.push(format!("ARCHITECTURE.md's section on {member}/ does not name {member}/src/{top}"));
            }
        }
    }
    // Every `.rs` path the map names is a file (by its path from the repository root or a crate, or as the end of
    // a longer path it is written relative to).
    let mut all = Vec::new();
    files(&repo(), &[], &mut all);
    let all: Vec<String> = all.iter().map(|p| relative(p)).collect();
    for word in architecture.split(|c: char| !(c.is_ascii_alphanumeric() || "_./-".contains(c))) {
        let word = word.trim_end_matches('.');
        if !word.ends_with(".rs") || word.starts_with('.') {
            continue;
        }
        if !all.iter().any(|f| f == word || f.ends_with(&format!("/{word}"))) {
            problems.push(format!("ARCHITECTURE.md names {word}, which is no file of the repository"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The section numbers of a Markdown document: `N` and `N.M` of its numbered headings, and `N.K` for item `K.` of
/// a numbered list in section `N`.
fn sections(doc: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut current: Option<String> = None;
    for line in doc.lines() {
        if let Some(heading) = line.strip_prefix('#') {
            let number: String = heading.trim_start_matches('#').trim().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let number = number.trim_end_matches('.').to_string();
            if !number.is_empty() {
                let top = number.split('.').next().unwrap().to_string();
                found.insert(number);
                current = Some(top);
            }
            continue;
        }
        let item: String = line.chars().take_while(char::is_ascii_digit).collect();
        if let (Some(top), false) = (&current, item.is_empty()) {
            if line[item.len()..].starts_with(". ") {
                found.insert(format!("{top}.{item}"));
            }
        }
    }
    found
}

/// The problems of the document citations in `text`: a `docs/` file that does not exist, a section it does not
/// have, a project document cited without `docs/`, a reference outside the repository.
/// `project_docs` are the names (without `.md`) of the files of `docs/`.
fn citation_problems(text: &str, project_docs: &[String], docs: &dyn Fn(&str) -> Option<BTreeSet<String>>) -> Vec<String> {
    let mut problems = Vec::new();
    for (at, _) in text.match_indices("docs/") {
        if text[..at].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric() || "_./-".contains(c)) {
            continue; // a longer path (an upstream repository's docs/)
        }
        let name: String = text[at + 5..].chars().take_while(|c| c.is_ascii_alphanumeric() || "_.-".contains(*c)).collect();
        let name = name.trim_end_matches('.');
        if !name.ends_with(".md") {
            continue;
        }
        let Some(numbers) = docs(name) else {
            problems.push(format!("cites docs/{name}, which does not exist"));
            continue;
        };
        // `§N`, `§N.M`, `§N–§M`, `§N, §M` right after the name.
        let after = &text[at + 5 + name.len()..];
        let mut rest = after.trim_start_matches([' ', ',']);
        while let Some(cited) = rest.strip_prefix('§') {
            let number: String = cited.trim_start().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let number = number.trim_end_matches('.');
            if !number.is_empty() && !numbers.contains(number) {
                problems.push(format!("cites docs/{name} §{number}, which it has no section or item of"));
            }
            rest = cited.trim_start()[number.len()..].trim_start_matches(['.', ' ', ',', '–', '-']);
        }
    }
    for doc in project_docs {
        for (at, _) in text.match_indices(doc) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || "_/-".contains(c)) {
                continue;
            }
            let after = &text[at + doc.len()..];
            let after = after.strip_prefix(".md").unwrap_or(after);
            if after.trim_start().starts_with('§') || text[at + doc.len()..].starts_with(".md") {
                problems.push(format!("cites {doc} without its directory: write docs/{doc}.md"));
            }
        }
    }
    for outside in ["shared/reference", "../shared/"] {
        if text.contains(outside) {
            problems.push(format!("refers to {outside}, which is outside the repository (cite docs/)"));
        }
    }
    problems
}

#[test]
fn every_cited_document_is_in_docs_and_has_the_cited_section() {
    let docs_dir = repo().join("docs");
    let docs = |name: &str| std::fs::read_to_string(docs_dir.join(name)).ok().map(|d| sections(&d));
    let mut project_docs: Vec<String> = std::fs::read_dir(&docs_dir)
        .expect("docs/")
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().strip_suffix(".md").map(str::to_string))
        .collect();
    project_docs.sort();
    assert!(project_docs.iter().any(|d| d == "genx-ir"), "docs/ read: {project_docs:?}");
    let mut scanned = Vec::new();
    // This file's own examples of bad citations are not citations.
    files(&repo(), &["docs", "passes/tests/code_map.rs"], &mut scanned);
    assert!(scanned.len() > 200, "too few files found under {}", repo().display());
    let mut problems = Vec::new();
    for path in scanned {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let rel = relative(&path);
        for (number, line) in text.lines().enumerate() {
            problems.extend(citation_problems(line, &project_docs, &docs).into_iter().map(|p| format!("{rel}:{}: {p}", number + 1)));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_citation_checker_refuses_what_it_should() {
    let doc = "# T\n## 1. One\n### 1.2 Sub\n## 5. Pitfalls\n1. a\n10. b\n";
    let docs = |name: &str| (name == "genx-ir.md").then(|| sections(doc));
    let names: Vec<String> = ["genx-ir", "cmc-compat", "vc-backend"].map(String::from).to_vec();
    assert!(citation_problems("see docs/genx-ir.md §1.2, §5.10 and §1", &names, &docs).is_empty());
    assert!(citation_problems("docs/genx-ir.md §1–§5.", &names, &docs).is_empty());
    assert!(citation_problems("intel/cm-compiler clang/compute_sdk/docs/cmlangspec/x.md", &names, &docs).is_empty());
    assert_eq!(citation_problems("docs/genx-ir.md §1.3", &names, &docs).len(), 1);
    assert_eq!(citation_problems("docs/genx-ir.md §5.11", &names, &docs).len(), 1);
    assert_eq!(citation_problems("docs/nothing.md", &names, &docs).len(), 1);
    assert_eq!(citation_problems("(GenXMetadata.h / cmc-compat §3)", &names, &docs).len(), 1);
    assert_eq!(citation_problems("see vc-backend.md", &names, &docs).len(), 1);
    assert_eq!(citation_problems("../shared/reference/genx-ir.md", &names, &docs).len(), 2);
    assert!(citation_problems("the genx-ir crate, cmc-compat mode", &names, &docs).is_empty());
}
