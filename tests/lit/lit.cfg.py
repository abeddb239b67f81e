# -*- Python -*-
"""LLVM lit configuration for tests/lit.

This file holds no configuration of its own: it reads lit.toml, the suite's single source of
truth, and applies the same rules as rlit (rlit/src/suite.rs and rlit/src/setup.rs), so

    python3 /usr/lib/llvm-14/build/utils/lit/lit.py tests/lit --param plugin=... --param cmc=...

runs the same files with the same substitutions, features and environment as `cargo test`.

Rules shared with rlit (keep them in step):
  * tools resolve from --param <tool>=PATH, then $env, then `artifact` (newest file in the
    artifact_dirs or their deps/), then `query`, then `find`; a missing tool is not fatal: a
    test whose RUN lines use it is reported UNRESOLVED with the sentence saying what to build;
  * suite substitutions apply longest key first (ties by key), before lit's built-ins;
  * tests run under an external bash with pipefail (lit's ShTest(execute_external=True));
  * an unexpectedly passing test (XPASS) fails the run.
"""

import os
import re
import shutil
import subprocess
import sys

import lit.formats
import lit.Test

if sys.version_info < (3, 11):
    lit_config.fatal("tests/lit/lit.cfg.py needs Python 3.11 or newer (it reads lit.toml with tomllib)")
import tomllib

SUITE_DIR = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(SUITE_DIR, "lit.toml"), "rb") as f:
    TOML = tomllib.load(f)


def _check_keys(table, what, allowed):
    for key in table:
        if key not in allowed:
            lit_config.fatal("lit.toml: unknown key `%s` in %s (allowed: %s)" % (key, what, ", ".join(allowed)))


_check_keys(TOML, "the file", ["suite", "params", "tools", "substitutions", "features"])
SUITE = TOML.get("suite", {})
_check_keys(SUITE, "[suite]", ["name", "suffixes", "excludes", "path", "pass_env", "artifact_dirs"])
TOOLS = TOML.get("tools", {})
for _name, _spec in TOOLS.items():
    _check_keys(_spec, "[tools.%s]" % _name, ["env", "artifact", "query", "find", "hint"])
FEATURES = TOML.get("features", {})
for _name, _rule in FEATURES.items():
    _check_keys(_rule, "feature `%s`" % _name, ["which", "param", "equals"])

PARAMS = dict(TOML.get("params", {}))
PARAMS.update(lit_config.params)

# ---- templates: `{name}` is a tool (else a param); `{{` and `}}` are literal braces ----------
_TEMPLATE = re.compile(r"\{\{|\}\}|\{([^}]*)\}|\{")
_NAME = re.compile(r"[A-Za-z0-9_.-]+\Z")


def expand(template):
    """Returns (text, reasons); reasons lists why a referenced tool or param is missing."""
    out, why, pos = [], [], 0
    for m in _TEMPLATE.finditer(template):
        out.append(template[pos:m.start()])
        pos = m.end()
        token = m.group(0)
        if token in ("{{", "}}"):
            out.append(token[0])
            continue
        name = m.group(1)
        if name is None:
            lit_config.fatal("lit.toml: unclosed `{` in template `%s`" % template)
        if not _NAME.match(name):
            lit_config.fatal("lit.toml: bad reference `{%s}` in template `%s`" % (name, template))
        if name in TOOLS:
            path, error = tool(name)
            if path is None:
                why.append(error)
            else:
                out.append(path)
        elif name in PARAMS:
            out.append(PARAMS[name])
        else:
            lit_config.fatal("lit.toml: `{%s}` in `%s` is neither a tool nor a param" % (name, template))
    out.append(template[pos:])
    return "".join(out), why


# ---- tools ------------------------------------------------------------------------------------
def existing(candidate):
    if "/" in candidate:
        path = os.path.normpath(os.path.abspath(candidate))
        return path if os.path.exists(path) else None
    return shutil.which(candidate)


ARTIFACT_DIRS = [os.path.normpath(os.path.join(SUITE_DIR, d)) for d in SUITE.get("artifact_dirs", [])]
_tools = {}
_resolving = []


def tool(name):
    """Returns (path, None) or (None, sentence)."""
    if name not in _tools:
        if name in _resolving:
            lit_config.fatal("lit.toml: tools depend on each other in a cycle: %s" % " -> ".join(_resolving + [name]))
        _resolving.append(name)
        _tools[name] = _find_tool(name, TOOLS[name])
        _resolving.pop()
    return _tools[name]


def _find_tool(name, spec):
    hint = spec.get("hint", "install `%s`" % name)
    if PARAMS.get(name):
        path = existing(PARAMS[name])
        return (path, None) if path else (None, "tool `%s`: --param %s=%s does not exist" % (name, name, PARAMS[name]))
    var = spec.get("env")
    if var and os.environ.get(var):
        path = existing(os.environ[var])
        return (path, None) if path else (None, "tool `%s`: %s=%s does not exist" % (name, var, os.environ[var]))
    tried = ["--param %s=PATH" % name] + (["$" + var] if var else [])
    artifact = spec.get("artifact")
    if artifact:
        candidates = [p for d in ARTIFACT_DIRS for p in (os.path.join(d, artifact), os.path.join(d, "deps", artifact))]
        present = [p for p in candidates if os.path.exists(p)]
        if present:
            newest = max(present, key=os.path.getmtime)
            lit_config.note("%s: tool %s = %s (newest build in %s; choose with --param %s=PATH)"
                            % (SUITE.get("name", "lit"), name, newest, ", ".join(ARTIFACT_DIRS), name))
            return newest, None
        tried += candidates
    if spec.get("query"):
        tried.append("`%s`" % " ".join(spec["query"]))
        argv = [expand(a) for a in spec["query"]]
        if not any(why for _, why in argv):
            argv = [a for a, _ in argv]
            exe = existing(argv[0])
            if exe:
                try:
                    run = subprocess.run([exe] + argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True)
                    path = existing(run.stdout.strip()) if run.returncode == 0 else None
                    if path:
                        return path, None
                except OSError:
                    pass
    for candidate in spec.get("find", []):
        text, why = expand(candidate)
        if not why:
            path = existing(text)
            if path:
                return path, None
            tried.append(text)
        else:
            tried.append(candidate)
    return None, "tool `%s` was not found: %s (tried %s)" % (name, hint, ", ".join(tried))


# ---- lit's view of the suite ------------------------------------------------------------------
# The same keys as rlit's subst::BUILTIN_KEYS: a suite key may not be, or be a prefix of, one.
_BUILTIN_KEYS = ["%s", "%S", "%p", "%{pathsep}", "%t", "%basename_t", "%T", "%/s", "%/S", "%/p", "%/t", "%/T",
                 "%{/s:regex_replacement}", "%{/S:regex_replacement}", "%{/p:regex_replacement}",
                 "%{/t:regex_replacement}", "%{/T:regex_replacement}", "%:s", "%:S", "%:p", "%:t", "%:T",
                 "%dbg(", "%(line", "%%"]


def missing_placeholder(key):
    """Must equal rlit's subst::missing_placeholder: one harmless shell word (a path that does
    not exist, so running or opening it fails) with no `%`, so later substitutions keep it."""
    return "/MISSING-TOOL/%s" % key.lstrip("%")


class RlitShTest(lit.formats.ShTest):
    """lit's external-shell ShTest; a test whose RUN lines used a substitution with a missing
    tool is UNRESOLVED with the sentence saying what to build, as under rlit (never XFAIL)."""

    def __init__(self, missing):
        super().__init__(execute_external=True)
        self.missing = missing  # substitution key -> sentences; pickled with the format

    def execute(self, test, litConfig):
        result = super().execute(test, litConfig)
        if result.code is lit.Test.UNSUPPORTED:
            return result
        reasons = []
        for key, why in self.missing.items():
            if missing_placeholder(key) in (result.output or ""):
                reasons += [w for w in why if w not in reasons]
        if reasons:
            return lit.Test.Result(lit.Test.UNRESOLVED, "A tool this test needs is missing:\n  %s\n\n%s"
                                   % ("\n  ".join(reasons), result.output))
        return result


def make_test_format(missing):
    """lit pickles each test's config, test format included, into its worker processes, and
    pickle finds classes by module name; a class defined in this file has none. So register
    RlitShTest under a module of its own; forked workers inherit it. Other start methods
    (spawn, forkserver) would import that module afresh and fail, so they get plain ShTest:
    the placeholder still makes such a test fail, as FAIL rather than UNRESOLVED."""
    import multiprocessing
    import types
    if multiprocessing.get_start_method() != "fork":
        return lit.formats.ShTest(execute_external=True)
    module = sys.modules.setdefault("rlit_lit_format", types.ModuleType("rlit_lit_format"))
    RlitShTest.__module__ = module.__name__
    module.RlitShTest = RlitShTest
    return RlitShTest(missing)


# rlit treats an unexpected pass as a failure; lit 14 (as packaged here) does not. Agree with rlit.
lit.Test.XPASS.isFailure = True

config.name = SUITE.get("name", "lit")
config.suffixes = set(SUITE["suffixes"])
config.excludes = list(SUITE.get("excludes", []))
config.test_source_root = SUITE_DIR
config.test_exec_root = SUITE_DIR  # Output/ next to each test, as under rlit

# Environment: lit already keeps only PATH and its pass-through list; add the suite's.
_prepend = []
for entry in SUITE.get("path", []):
    text, why = expand(entry)
    if why:
        lit_config.fatal("lit.toml: [suite] path entry `%s`: %s" % (entry, "; ".join(why)))
    _prepend.append(text)
config.environment["PATH"] = os.pathsep.join(_prepend + [config.environment["PATH"]])
for var in SUITE.get("pass_env", []):
    if os.environ.get(var):
        config.environment[var] = os.environ[var]

for name, rule in FEATURES.items():
    if "which" in rule and set(rule) == {"which"}:
        if shutil.which(rule["which"], path=config.environment["PATH"]):
            config.available_features.add(name)
    elif set(rule) == {"param", "equals"}:
        if PARAMS.get(rule["param"]) == rule["equals"]:
            config.available_features.add(name)
    else:
        lit_config.fatal('lit.toml: feature `%s` needs either which = "exe" or param = "p", equals = "v"' % name)

MISSING = {}
_subs = sorted(TOML.get("substitutions", {}).items(), key=lambda kv: (-len(kv[0]), kv[0]))
for key, template in _subs:
    for builtin in _BUILTIN_KEYS:
        if key == builtin or builtin.startswith(key):
            lit_config.fatal("lit.toml: substitution `%s` would capture or redefine lit's built-in `%s`" % (key, builtin))
    value, why = expand(template)
    if why:
        MISSING[key] = why
        value = missing_placeholder(key)
    # lit treats keys as regexes and values as regex replacements: keep both literal.
    config.substitutions.append((re.escape(key), value.replace("\\", "\\\\")))

config.test_format = make_test_format(MISSING)

for name in TOOLS:
    path, error = tool(name)
    if path is None:
        lit_config.note("%s; tests that use it will be UNRESOLVED" % error)
