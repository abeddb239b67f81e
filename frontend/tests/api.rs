//! The front end's API on good and bad input: errors are values (never panics), a failed compilation leaves no
//! temporary file, preprocessing applies -D/-U in order and the platform's macros.

use std::path::PathBuf;

use cm_frontend::{compile, preprocess, Error, Job, MacroArg};
use genx_passes::inkwell::context::Context;
use genx_passes::platform;

/// Tests run on threads of one process and the leftover check counts this process's temporary files: one
/// compilation at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn job(name: &str, source: &str) -> (Job, PathBuf) {
    let dir = std::env::temp_dir().join(format!("cm-api-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join(format!("{name}.cpp"));
    std::fs::write(&input, source).unwrap();
    (Job::new(input, platform::find("tgllp").unwrap()), dir)
}

/// Temporary bitcode files of this process.
fn leftovers() -> usize {
    let prefix = format!("cm-frontend-{}-", std::process::id());
    std::fs::read_dir(std::env::temp_dir())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .count()
}

#[test]
fn missing_input_is_a_message_naming_it() {
    let (mut job, dir) = job("missing", "");
    job.input = dir.join("nowhere.cpp");
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let context = Context::create();
    match compile(&job, &context) {
        Err(Error::Message(message)) => assert!(message.contains("nowhere.cpp"), "{message}"),
        other => panic!("expected a message, got {:?}", other.map(|_| ())),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn clang_errors_are_reported_and_leave_no_temporary_file() {
    let (job, dir) = job("broken", "extern \"C\" _GENX_MAIN_ void k() { vector<int, 8> v = }\n");
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let context = Context::create();
    assert_eq!(compile(&job, &context).map(|_| ()), Err(Error::Reported));
    assert_eq!(leftovers(), 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn preprocessing_applies_macros_in_order_and_the_platform() {
    let (mut job, dir) = job("macros", "a=A b=B genx=CM_GENX grf=CM_GRF_WIDTH lsc=CM_HAS_LSC\n");
    job.macros = vec![
        MacroArg::Define("A=1".into()),
        MacroArg::Undefine("A".into()),
        MacroArg::Define("B=2".into()),
    ];
    let text = String::from_utf8(preprocess(&job).unwrap()).unwrap();
    assert!(text.contains("a=A b=2 genx=1200 grf=256 lsc=CM_HAS_LSC"), "{text}");
    job.platform = platform::find("pvc").unwrap();
    let text = String::from_utf8(preprocess(&job).unwrap()).unwrap();
    assert!(text.contains("genx=1280 grf=512 lsc=1"), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_kernel_compiles_to_genx_ir_with_its_description() {
    let (job, dir) = job(
        "kernel",
        "extern \"C\" _GENX_MAIN_ void k(SurfaceIndex s [[type(\"buffer_t\")]], int *p [[type(\"svmptr_t\")]]) {\n\
           vector<int, 8> v(s.get_index());\n\
           cm_svm_block_write(p, v.select<4, 2>(1));\n\
         }\n",
    );
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let context = Context::create();
    let module = compile(&job, &context).expect("compiles");
    let ir = module.print_to_string().to_string();
    assert!(ir.contains("!{void (i32, i32*)* @k, !\"k\", "), "{ir}");
    assert!(ir.contains("!{!\"buffer_t\", !\"svmptr_t\"}"), "{ir}");
    assert!(ir.contains("\"target-cpu\"=\"tgllp\""), "{ir}");
    assert!(!ir.contains("__cm_"), "{ir}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn paths_need_not_be_utf8_and_sources_may_come_from_memory() {
    use std::os::unix::ffi::OsStrExt;
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (mut job, dir) = job(
        "non-utf8",
        "#include \"scale.h\"\nextern \"C\" _GENX_MAIN_ void k(SurfaceIndex b) {\n  vector<int, 8> v;\n  read(b, 0, v);\n  write(b, 0, v * SCALE);\n}\n",
    );
    let include = dir.join(std::ffi::OsStr::from_bytes(b"inc\xff\xfe"));
    std::fs::create_dir_all(&include).unwrap();
    std::fs::write(include.join("scale.h"), "#define SCALE 3\n").unwrap();
    job.include_dirs.push(include);
    let context = Context::create();
    let from_file = compile(&job, &context).unwrap_or_else(|e| panic!("{e:?}")).print_to_string().to_string();
    assert!(from_file.contains("mul <8 x i32>"), "{from_file}");
    // The same source from memory (cmc's `-`): the same IR but for the module's source name.
    let source = std::fs::read(&job.input).unwrap();
    let from_memory = Job { input: "-".into(), source: Some(source), ..job.clone() };
    let context = Context::create();
    let text = compile(&from_memory, &context).unwrap_or_else(|e| panic!("{e:?}")).print_to_string().to_string();
    let body = |ir: &str| ir.lines().filter(|l| !l.contains("source_filename") && !l.contains("ModuleID")).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&text), body(&from_file));
    // An error in a source from memory is located at <stdin> (clang's name for it).
    let bad = Job { input: "-".into(), source: Some(b"int f() { return undeclared; }\n".to_vec()), ..job };
    assert_eq!(compile(&bad, &context).err(), Some(Error::Reported));
    std::fs::remove_dir_all(&dir).unwrap();
}
