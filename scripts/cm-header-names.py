#!/usr/bin/env python3
"""Keeps the CM header library (frontend/include/cm/*.h) safe from user macros.

What: every identifier the headers spell outside comments and string literals is either reserved to the
implementation (a leading underscore and a capital letter, or two leading underscores), a C++ keyword or
preprocessor word, or a name of the public CM API (frontend/tests/support/cm-public-names.txt). Anything else --
a template parameter, a function parameter, a local, an internal helper -- is a name a CM program may define as a
macro (`-DN=8`, `#define T float`), which would break the headers.

Usage:
  cm-header-names.py check              list the identifiers that break the rule (exit 1 if any)
  cm-header-names.py rename [--write]   rename them by the rule below and print the mapping old -> new; with
                                        --write, rewrite the headers and frontend/tests/support/cm-user-macro-names.txt
  cm-header-names.py names              rewrite frontend/tests/support/cm-user-macro-names.txt only
  cm-header-names.py declared           the names clang declares in the headers (AST dump), by kind: a review aid
                                        for the public list (an EnumConstantDecl or a namespace-scope function is
                                        public API; a ParmVarDecl or TemplateTypeParmDecl never is)

Renaming rule (one name, one new name, applied token-wise to every header, so a macro parameter, a template
parameter and a member of the same spelling are renamed alike):
  attribute names (packed, diagnose_if, ...)    -> __packed__, __diagnose_if__ (clang's reserved spelling)
  a name starting with a capital (T, REP, Mask)  -> _T, _REP, _Mask
  a lower-case name (x, offsets, is_same)        -> __x, __offsets; __cm_is_same where the double-underscore
                                                    name is a clang keyword (__is_same) or already in the headers;
                                                    cm_object_traits -> __cm_object_traits
Not renamed: tokens inside comments and string literals, `#include <...>` / `__has_include(<...>)` header names,
and the arguments of __CM_GENX_DECL(...) (pasted into `__cm_genx_<name>`, so never macro-expanded).
Algorithm: a tokenizer (comments, string and character literals, identifiers, numbers, punctuation) over the text;
the rewrite replaces identifier tokens only and keeps every other byte.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADERS = os.path.join(ROOT, "frontend", "include", "cm")
PUBLIC = os.path.join(ROOT, "frontend", "tests", "support", "cm-public-names.txt")
MACRO_NAMES = os.path.join(ROOT, "frontend", "tests", "support", "cm-user-macro-names.txt")

TOKEN = re.compile(
    r"(?P<comment>//[^\n]*|/\*.*?\*/)"
    r"|(?P<string>\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*')"
    r"|(?P<header><[A-Za-z0-9_./]+\.h>)"
    r"|(?P<ident>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<number>\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.'])*)"
    r"|(?P<other>.)",
    re.S,
)
DIRECTIVES = {"define", "undef", "include", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "error",
              "warning", "line"}
ATTRIBUTES = {"always_inline", "annotate", "deprecated", "diagnose_if", "ext_vector_type", "noinline", "nodebug",
              "packed", "pure"}


def reserved(name):
    return name.startswith("__") or (len(name) > 1 and name[0] == "_" and name[1].isupper())


def load_names(path):
    with open(path) as f:
        return {w for line in f for w in line.split("#", 1)[0].split()}


def significant(text):
    """The tokens of `text` that are not comments, literals or blanks, as (match, kind) pairs."""
    for m in TOKEN.finditer(text):
        if m.lastgroup not in ("comment", "string", "number") and not m.group().isspace():
            yield m


def pasted_parameters(texts):
    """For every function-like macro of the headers, the positions of its parameters that occur in its body only
    as an operand of ## or # (so the argument is never macro-expanded)."""
    pasted = {}
    for text in texts:
        for d in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", text, re.M):
            params = [p.strip() for p in d.group(2).split(",")]
            body = [m.group() for m in significant(d.group(3).replace("\\\n", " "))]
            only = set()
            for i, p in enumerate(params):
                uses = [k for k, t in enumerate(body) if t == p]
                if uses and all((k > 0 and body[k - 1] in ("##", "#")) or (k + 1 < len(body) and body[k + 1] == "##")
                                for k in uses):
                    only.add(i)
            pasted[d.group(1)] = only
    return pasted


def identifier_spans(text, pasted, with_pasted=False):
    """(start, end, name) of every non-reserved identifier token that a macro could replace: not in a comment,
    a literal, a header name, a directive's name or a macro argument that is only pasted."""
    spans = []
    tokens = list(significant(text))
    # "#" then "#" is how TOKEN splits "##".
    merged = []
    for m in tokens:
        if m.group() == "#" and merged and merged[-1][1] == "#" and merged[-1][0].end() == m.start():
            merged[-1] = (merged[-1][0], "##")
        else:
            merged.append((m, m.group()))
    skip_until = -1
    for i, (m, tok) in enumerate(merged):
        if i <= skip_until or m.lastgroup != "ident" or reserved(tok):
            continue
        if i > 0 and merged[i - 1][1] == "#" and tok in DIRECTIVES:
            continue
        spans.append((m.start(), m.end(), tok))
    # The parameters of each #define, by the token range of its body: a parameter of the enclosing macro is
    # substituted (renamed with it) even where it is an argument that an inner macro pastes.
    own_params = []
    for d in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+\w+\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", text, re.M):
        own_params.append((d.start(2), d.end(2), {p.strip() for p in d.group(1).split(",")}))

    def own_parameter(m):
        return any(start <= m.start() < end and m.group() in params for start, end, params in own_params)

    # Arguments of invocations of a macro at positions it only pastes.
    skipped = set()
    for i, (m, tok) in enumerate(merged):
        only = pasted.get(tok)
        if not only or i + 1 >= len(merged) or merged[i + 1][1] != "(" or (i > 0 and merged[i - 1][1] == "define"):
            continue
        depth, arg = 0, 0
        for k in range(i + 1, len(merged)):
            t = merged[k][1]
            if t == "(":
                depth += 1
                continue
            if t == ")":
                depth -= 1
                if depth == 0:
                    break
            if t == "," and depth == 1:
                arg += 1
            elif arg in only and not own_parameter(merged[k][0]):
                skipped.add(merged[k][0].start())
    if with_pasted:
        return [s for s in spans if s[0] not in skipped], [m.group() for m, t in merged
                                                            if m.start() in skipped and m.lastgroup == "ident"]
    return [s for s in spans if s[0] not in skipped]


def header_files():
    return sorted(glob.glob(os.path.join(HEADERS, "*.h")))


def all_pasted():
    return pasted_parameters(open(path).read() for path in header_files())


def offenders():
    allowed = load_names(PUBLIC)
    pasted = all_pasted()
    found = {}
    for path in header_files():
        text = open(path).read()
        for start, _, name in identifier_spans(text, pasted):
            if name not in allowed:
                line = text.count("\n", 0, start) + 1
                found.setdefault(name, f"{os.path.relpath(path, ROOT)}:{line}")
    return found


def clang_keywords(candidates):
    """The candidates that clang-14 takes for a keyword (a declaration `int name;` fails)."""
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        for name in candidates:
            f.write(f"int {name};\n")
        path = f.name
    try:
        out = subprocess.run(["clang-14", "-fsyntax-only", "-x", "c++", "-std=c++17", path],
                             capture_output=True, text=True).stderr
    finally:
        os.unlink(path)
    bad_lines = {int(m.group(1)) for m in re.finditer(re.escape(path) + r":(\d+):\d+: error", out)}
    return {name for i, name in enumerate(candidates, 1) if i in bad_lines}


def mapping(names):
    spelled = set()
    for path in header_files():
        for m in TOKEN.finditer(open(path).read()):
            if m.lastgroup == "ident":
                spelled.add(m.group())
    new = {}
    for name in sorted(names):
        if name in ATTRIBUTES:
            new[name] = f"__{name}__"
        elif name[0].isupper():
            new[name] = "_" + name
        else:
            new[name] = "__" + name
    keywords = clang_keywords([v for v in new.values() if not v.endswith("__")])
    for name, to in new.items():
        if to in keywords or to in spelled or name.startswith("cm_"):
            new[name] = "__cm_" + (name[3:] if name.startswith("cm_") else name)
    clash = [v for v in new.values() if v in spelled or list(new.values()).count(v) > 1]
    if clash:
        sys.exit(f"new names clash with existing ones: {sorted(set(clash))}")
    return new


def rename(write):
    found = offenders()
    new = mapping(found)
    for name in sorted(new):
        print(f"{name} -> {new[name]}")
    if not write:
        return
    pasted = all_pasted()
    for path in header_files():
        text = open(path).read()
        out, at = [], 0
        for start, end, name in identifier_spans(text, pasted):
            if name in new:
                out.append(text[at:start])
                out.append(new[name])
                at = end
        out.append(text[at:])
        with open(path, "w") as f:
            f.write("".join(out))
    write_macro_names(set(new))


def write_macro_names(renamed):
    """cm-user-macro-names.txt: the renamed names (kept from earlier runs) and the pasted arguments."""
    pasted = all_pasted()
    arguments = set()
    for path in header_files():
        arguments |= {n for n in identifier_spans(open(path).read(), pasted, True)[1] if not reserved(n)}
    arguments -= load_names(PUBLIC)  # also public API (any, all): a program that defines those breaks itself
    previous = set()
    if os.path.exists(MACRO_NAMES):
        text = open(MACRO_NAMES).read().split(PASTED_HEADING)[0]
        previous = {w for line in text.splitlines() for w in line.split("#", 1)[0].split()}
    renamed = (previous | renamed) - arguments - load_names(PUBLIC)
    with open(MACRO_NAMES, "w") as f:
        f.write("# Names a CM program may define as macros (`-DN=8`, `#define x 1`) that the CM headers used to spell or\n"
                "# spell where no macro expands them. frontend/tests/header_names.rs defines every one of them and\n"
                "# compiles a CM source that uses the headers broadly. Written by scripts/cm-header-names.py.\n\n"
                "# Renamed to reserved names (template and function parameters, locals, internal helpers, attributes).\n")
        f.write("\n".join(wrap(sorted(renamed))) + "\n\n")
        f.write(PASTED_HEADING + "\n")
        f.write("\n".join(wrap(sorted(arguments))) + "\n")


PASTED_HEADING = "# Arguments of macros that only paste or stringify them (`__cm_genx_##name`): never expanded."


def wrap(names, width=116):
    lines, line = [], ""
    for n in names:
        if line and len(line) + 1 + len(n) > width:
            lines.append(line)
            line = n
        else:
            line = f"{line} {n}" if line else n
    return lines + ([line] if line else [])


def declared():
    source = "#include <cm/cm.h>\n#include <cm/cmtl.h>\n"
    dump = subprocess.run(
        ["clang-14", "-target", "spir64", "-x", "c++", "-std=c++17", "-nostdinc", "-nostdinc++", "-ffreestanding",
         "-isystem", os.path.dirname(HEADERS), "-DCM_GENX=1150", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-"],
        input=source, capture_output=True, text=True, check=True).stdout
    kinds = {}

    def walk(node, scope):
        if not isinstance(node, dict):
            return
        kind, name = node.get("kind", ""), node.get("name")
        if name and kind.endswith("Decl") and not node.get("isImplicit") and not reserved(name):
            kinds.setdefault(name, set()).add(f"{kind}@{scope}")
        inner = scope
        if kind in ("NamespaceDecl", "CXXRecordDecl", "ClassTemplateDecl") and name:
            inner = f"{scope}::{name}"
        elif kind.endswith("FunctionDecl") or kind in ("CXXMethodDecl", "CXXConstructorDecl",
                                                       "FunctionTemplateDecl"):
            inner = "<function>"
        for child in node.get("inner", []):
            walk(child, inner)

    sys.setrecursionlimit(100000)
    walk(json.loads(dump), "")
    for name in sorted(kinds):
        print(name, " ".join(sorted(kinds[name])))


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "check":
        bad = offenders()
        for name, where in sorted(bad.items()):
            print(f"{where}: '{name}' is neither reserved nor public CM API")
        sys.exit(1 if bad else 0)
    elif command == "rename":
        rename("--write" in sys.argv[2:])
    elif command == "names":
        write_macro_names(set())
    elif command == "declared":
        declared()
    else:
        sys.exit(__doc__)
