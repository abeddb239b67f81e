//! Atomic output: a file is written to a temporary sibling and renamed into place, so a failed or interrupted
//! compile never leaves a partial output behind.
//!
//! Only regular files (or paths that do not exist yet) are replaced that way: a device, a pipe or a socket
//! (`-o /dev/null`, `-o /dev/stdout`, a FIFO) is written directly, because renaming over it would replace the
//! device node with a plain file.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` (`-` is stdout) atomically.
pub fn write(path: &str, bytes: &[u8]) -> Result<(), String> {
    if path == "-" {
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(|err| format!("cannot write to stdout: {err}"));
    }
    let target = Path::new(path);
    if let Ok(metadata) = std::fs::metadata(target) {
        if !metadata.is_file() {
            return std::fs::OpenOptions::new()
                .write(true)
                .open(target)
                .and_then(|mut file| file.write_all(bytes))
                .map_err(|err| format!("cannot write '{path}': {err}"));
        }
    }
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file_name = target.file_name().ok_or_else(|| format!("'{path}' is not a file name"))?;
    let temp = dir.join(format!(".{}.cmc-{}.tmp", file_name.to_string_lossy(), std::process::id()));
    let result = std::fs::write(&temp, bytes).and_then(|()| std::fs::rename(&temp, target));
    if let Err(err) = result {
        let _ = std::fs::remove_file(&temp);
        return Err(format!("cannot write '{path}': {err}"));
    }
    Ok(())
}
