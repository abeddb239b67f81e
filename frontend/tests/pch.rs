//! The precompiled `cm/cm.h` (src/pch.rs) changes nothing but time: a job compiled with it gives the IR the
//! plain `-include cm/cm.h` gives, and a job whose `-D`/`-I` could change what the headers mean is compiled
//! the plain way. `precompiled_header_uses` tells which path a compilation took.

use std::path::{Path, PathBuf};

use cm_frontend::{compile, precompiled_header_path, precompiled_header_uses, Job, MacroArg};
use genx_passes::inkwell::context::Context;
use genx_passes::platform;

/// The use counter is per process: one compilation at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Every job of this file, with the PCH cache in this build's own directory (`CMC_CACHE_DIR` under cargo's
/// `CARGO_TARGET_TMPDIR`): the tests damage and delete cache entries and count builders' temporary files, which a
/// test run of another checkout, sharing the user's cache, would otherwise see and disturb.
fn job(input: PathBuf) -> Job {
    static PRIVATE_CACHE: std::sync::Once = std::sync::Once::new();
    // Every test asks for a job before compiling anything, and `call_once` holds the others until the variable is
    // set, so no thread reads the environment while it changes.
    PRIVATE_CACHE.call_once(|| {
        std::env::set_var("CMC_CACHE_DIR", Path::new(env!("CARGO_TARGET_TMPDIR")).join("pch-cache"));
    });
    Job::new(input, platform::find("tgllp").unwrap())
}

/// A source file in a fresh directory of this test.
fn source(test: &str, name: &str, text: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("cm-pch-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join(name);
    std::fs::write(&input, text).unwrap();
    (input, dir)
}

/// Compiles `job` and returns its IR and whether clang used the PCH.
fn ir(job: &Job) -> (String, bool) {
    let context = Context::create();
    let before = precompiled_header_uses();
    let module = match compile(job, &context) {
        Ok(module) => module,
        Err(error) => panic!("{}: {error:?} (diagnostics above)", job.input.display()),
    };
    (module.print_to_string().to_string(), precompiled_header_uses() > before)
}

/// The IR with the PCH (which must be used) and without it, compared.
fn same_ir_with_and_without(job: &Job) -> String {
    let (with, used) = ir(job);
    assert!(used, "{}: the PCH was not used", job.input.display());
    let (without, used) = ir(&Job { precompiled_header: false, ..job.clone() });
    assert!(!used);
    assert!(with == without, "{}: the IR differs with the PCH:\n{with}\n--- without ---\n{without}", job.input.display());
    with
}

#[test]
fn the_pch_gives_the_same_ir_as_the_plain_include() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let root = repo();
    for file in ["examples/linear_filter.cpp", "tests/lit/cm/math-add-mul-sat.cpp", "tests/lit/cm/simdcf-if-else.cpp"] {
        same_ir_with_and_without(&job(root.join(file)));
    }
    // Other configurations of the headers (each its own PCH): -g, 32-bit pointers, another platform, -std.
    let svm = root.join("tests/lit/cm/svm-messages.cpp");
    same_ir_with_and_without(&Job { debug_info: true, ..job(svm.clone()) });
    same_ir_with_and_without(&Job { pointer_size: 32, ..job(svm.clone()) });
    same_ir_with_and_without(&Job { platform: platform::find("pvc").unwrap(), ..job(svm.clone()) });
    same_ir_with_and_without(&Job { std: Some("c++20".into()), ..job(svm) });
}

#[test]
fn macros_the_headers_do_not_use_keep_the_pch() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (input, dir) = source(
        "user-macros",
        "scale.cpp",
        "#include <cm/cm.h>\n\
         #ifndef SCALE_BY\n#error SCALE_BY is not defined\n#endif\n\
         extern \"C\" _GENX_MAIN_ void scale(SurfaceIndex buf) {\n\
         \x20 vector<int, 8> v;\n  read(buf, 0, v);\n  v = v * SCALE_BY;\n  write(buf, 0, v);\n}\n",
    );
    let job = Job {
        macros: vec![
            MacroArg::Define("SCALE_BY=5".into()),
            MacroArg::Define("UNUSED_FLAG".into()),
            MacroArg::Undefine("UNUSED_FLAG".into()),
        ],
        ..job(input)
    };
    let text = same_ir_with_and_without(&job);
    assert!(text.contains("i32 5, i32 5"), "SCALE_BY=5 did not reach the kernel:\n{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_macro_the_headers_use_is_compiled_the_plain_way() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // cm_math.h defines SAT only when the user has not: -DSAT=0 turns saturation off. A PCH built without the -D
    // would have decided the header's #ifndef without it (clang then redefines SAT after the PCH, with a
    // macro-redefined warning the plain path does not give).
    let (input, dir) = source(
        "header-macro",
        "sat.cpp",
        "#include <cm/cm.h>\n\
         extern \"C\" _GENX_MAIN_ void add_sat(SurfaceIndex buf) {\n\
         \x20 vector<uchar, 16> a, b;\n  read(buf, 0, a);\n  read(buf, 16, b);\n\
         \x20 vector<uchar, 16> r = cm_add<uchar>(a, b, SAT);\n  write(buf, 32, r);\n}\n",
    );
    let (saturating, used) = ir(&job(input.clone()));
    assert!(used && saturating.contains("@llvm.genx.usadd.sat"), "{saturating}");
    for define in ["SAT=0", "SAT=_GENX_NOSAT"] {
        let with_define = Job { macros: vec![MacroArg::Define(define.into())], ..job(input.clone()) };
        let (text, used) = ir(&with_define);
        assert!(!used, "-D{define}: the PCH was used");
        assert!(!text.contains(".sat"), "-D{define} did not turn saturation off:\n{text}");
        let (plain, _) = ir(&Job { precompiled_header: false, ..with_define });
        assert_eq!(text, plain);
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_include_directory_with_its_own_cm_header_is_compiled_the_plain_way() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // -I is searched before the library's -isystem: this cm/cm.h wraps ours (include_next) and adds a macro,
    // which the implicit include must see (with the PCH of our cm/cm.h the source would compile, with 1).
    let (input, dir) = source(
        "shadow",
        "wrapped.cpp",
        "#ifndef WRAPPER_VALUE\n#define WRAPPER_VALUE 1\n#endif\n\
         extern \"C\" _GENX_MAIN_ void wrapped(SurfaceIndex buf) {\n\
         \x20 vector<int, 8> v = WRAPPER_VALUE;\n  write(buf, 0, v);\n}\n",
    );
    std::fs::create_dir_all(dir.join("wrap/cm")).unwrap();
    std::fs::write(dir.join("wrap/cm/cm.h"), "#pragma once\n#define WRAPPER_VALUE 7\n#include_next <cm/cm.h>\n").unwrap();
    let job = Job { include_dirs: vec![dir.join("wrap")], ..job(input) };
    let (text, used) = ir(&job);
    assert!(!used, "the PCH was used although -I holds a cm/cm.h");
    assert!(text.contains("i32 7, i32 7"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_pch_clang_rejects_is_replaced_and_the_job_still_compiles() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    // A configuration of its own (revision id), so that no other test reads the damaged file.
    let job = Job { revision_id: Some(61), ..job(repo().join("tests/lit/vc-bridge/Inputs/vadd.cpp")) };
    let (good, used) = ir(&job);
    assert!(used);
    let pch = precompiled_header_path(&job).unwrap().expect("the job may use a PCH");
    assert!(pch.is_file(), "{} was not built", pch.display());
    // A damaged cache entry: the compilation falls back to the plain include and removes it ...
    std::fs::write(&pch, b"not a precompiled header").unwrap();
    let (text, used) = ir(&job);
    assert!(!used && text == good, "with a damaged PCH: used {used}\n{text}");
    assert!(!pch.exists(), "the rejected PCH was kept");
    // ... and the next compilation builds it again and uses it.
    let (text, used) = ir(&job);
    assert!(used && text == good && pch.is_file());
    // Jobs that cannot use one have no path.
    let with_header_macro = Job { macros: vec![MacroArg::Define("SAT=0".into())], ..job.clone() };
    assert_eq!(precompiled_header_path(&with_header_macro).unwrap(), None);
    assert_eq!(precompiled_header_path(&Job { precompiled_header: false, ..job }).unwrap(), None);
}

#[test]
fn concurrent_compilations_share_an_atomically_built_pch() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let job = Job { revision_id: Some(62), ..job(repo().join("tests/lit/vc-bridge/Inputs/vadd.cpp")) };
    let pch = precompiled_header_path(&job).unwrap().expect("the job may use a PCH");
    let _ = std::fs::remove_file(&pch);
    let before = precompiled_header_uses();
    let results: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4).map(|_| scope.spawn(|| ir(&job).0)).collect();
        handles.into_iter().map(|handle| handle.join().unwrap()).collect()
    });
    assert!(results.windows(2).all(|pair| pair[0] == pair[1]));
    assert_eq!(precompiled_header_uses() - before, 4, "every compilation used the PCH");
    assert!(pch.is_file());
    // No builder's temporary file is left next to it.
    let stem = pch.file_stem().unwrap().to_string_lossy().into_owned();
    let leftovers: Vec<_> = std::fs::read_dir(pch.parent().unwrap())
        .unwrap()
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(&format!(".{stem}-")))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}
