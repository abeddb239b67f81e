//! Command lines with bytes that are not UTF-8 (issue 19): a path may hold any bytes and still works as a path
//! (the input, `-o`); any other value is refused with a message, never a panic (std's `args()` panicked).

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::process::Command;

fn cmc() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cmc"))
}

fn bytes(b: &[u8]) -> OsString {
    OsString::from_vec(b.to_vec())
}

#[test]
fn non_utf8_paths_work_and_other_values_are_refused() {
    let dir = std::env::temp_dir().join(format!("cmc-hostile-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join(bytes(b"in\xff.ll"));
    std::fs::write(&input, "define i32 @f(i32 %a) {\nentry:\n  ret i32 %a\n}\n").unwrap();
    let output = dir.join(bytes(b"out\xfe.ll"));
    let run = cmc().arg("-passes=genx-verify").arg("-S").arg(&input).arg("-o").arg(&output).output().unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(std::fs::read_to_string(&output).unwrap().contains("define i32 @f"));

    for bad in [&b"-march=\xff"[..], b"-Qxcm_asm_output=\xff", b"-passes=\xff"] {
        let run = cmc().arg(bytes(bad)).arg(&input).arg("-o").arg(dir.join("x.ll")).output().unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{bad:?}: {stderr}");
        assert!(stderr.contains("error:") && !stderr.contains("panicked"), "{bad:?}: {stderr}");
    }
    for sub in ["validate", "run"] {
        let run = cmc().arg(sub).arg(&input).arg(bytes(b"--seed=\xff")).output().unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{sub}: {stderr}");
        assert!(!stderr.contains("panicked"), "{sub}: {stderr}");
    }
    assert!(!dir.join("x.ll").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
