//! Atomic outputs: every file a run writes is staged in a temporary sibling and renamed into place only when the
//! whole run succeeded, so a failed or interrupted compile leaves no output behind, dumps included.
//!
//! [`Outputs`] collects a run's files: [`Outputs::stage`] writes each to `.<name>.cmc-<pid>-<n>.tmp` next to its
//! target (registered with `genx_passes::fatal`, so even an LLVM fatal error removes it), [`Outputs::commit`]
//! renames them all, and dropping an uncommitted `Outputs` removes the temporaries. A target that is a device, a
//! pipe or a socket (`-o /dev/null`, `-o /dev/stdout`, a FIFO) and stdout (`-`) are written directly at commit,
//! because renaming over them would replace the node with a plain file.
//!
//! Invariant: an output never replaces an input. `Outputs::new` takes the run's inputs; staging a path that is
//! the same file as one of them (same device and inode, so also through hard and symbolic links) is refused.

use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use genx_passes::fatal;

/// Where a staged output goes at commit.
enum Target {
    /// Renamed from `temp` over `path`.
    Rename { temp: PathBuf, path: PathBuf, _guard: fatal::TempGuard },
    /// Written directly (stdout for `-`, or a device, pipe or socket).
    Direct { path: PathBuf, bytes: Vec<u8> },
}

/// The outputs of one run, committed together.
pub struct Outputs {
    /// (device, inode, shown name) of each input.
    inputs: Vec<(u64, u64, String)>,
    staged: Vec<Target>,
}

impl Outputs {
    /// A run reading `inputs` (paths that do not exist, and `-`, are skipped).
    pub fn new<'a>(inputs: impl IntoIterator<Item = &'a Path>) -> Outputs {
        let inputs = inputs
            .into_iter()
            .filter(|path| *path != Path::new("-"))
            .filter_map(|path| std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino(), path.display().to_string())))
            .collect();
        Outputs { inputs, staged: Vec::new() }
    }

    /// Refuses `path` when it is the same file as an input.
    pub fn check(&self, path: &Path) -> Result<(), String> {
        if path == Path::new("-") {
            return Ok(());
        }
        if let Ok(metadata) = std::fs::metadata(path) {
            if let Some((_, _, input)) =
                self.inputs.iter().find(|(dev, ino, _)| *dev == metadata.dev() && *ino == metadata.ino())
            {
                return Err(format!(
                    "the output '{}' is the input '{input}'; refusing to overwrite an input (choose another -o)",
                    path.display()
                ));
            }
        }
        Ok(())
    }

    /// Stages `bytes` for `path` (`-` is stdout).
    pub fn stage(&mut self, path: &Path, bytes: &[u8]) -> Result<(), String> {
        self.check(path)?;
        let metadata = std::fs::metadata(path).ok();
        if metadata.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(format!("cannot write '{}': it is a directory", path.display()));
        }
        let direct = path == Path::new("-") || metadata.is_some_and(|m| !m.is_file());
        if direct {
            self.staged.push(Target::Direct { path: path.to_path_buf(), bytes: bytes.to_vec() });
            return Ok(());
        }
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let file_name = path.file_name().ok_or_else(|| format!("'{}' is not a file name", path.display()))?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(file_name);
        temp_name.push(format!(".cmc-{}-{}.tmp", std::process::id(), self.staged.len()));
        let temp = dir.join(temp_name);
        let guard = fatal::remove_on_fatal_error(&temp);
        if let Err(err) = std::fs::write(&temp, bytes) {
            let _ = std::fs::remove_file(&temp);
            return Err(format!("cannot write '{}': {err}", path.display()));
        }
        self.staged.push(Target::Rename { temp, path: path.to_path_buf(), _guard: guard });
        Ok(())
    }

    /// Moves every staged output into place: the direct writes first (they can fail; the temporaries are then
    /// removed on drop), then the renames.
    pub fn commit(mut self) -> Result<(), String> {
        for target in &self.staged {
            if let Target::Direct { path, bytes } = target {
                write_direct(path, bytes)?;
            }
        }
        for target in std::mem::take(&mut self.staged) {
            if let Target::Rename { temp, path, _guard } = target {
                if let Err(err) = std::fs::rename(&temp, &path) {
                    let _ = std::fs::remove_file(&temp);
                    return Err(format!("cannot write '{}': {err}", path.display()));
                }
            }
        }
        Ok(())
    }
}

impl Drop for Outputs {
    fn drop(&mut self) {
        for target in &self.staged {
            if let Target::Rename { temp, .. } = target {
                let _ = std::fs::remove_file(temp);
            }
        }
    }
}

/// Writes to stdout (`-`) or to a device, pipe or socket.
fn write_direct(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if path == Path::new("-") {
        let mut stdout = std::io::stdout().lock();
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(|err| format!("cannot write to stdout: {err}"));
    }
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|mut file| file.write_all(bytes))
        .map_err(|err| format!("cannot write '{}': {err}", path.display()))
}

/// Writes one output on its own (a run with no other outputs), atomically.
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut outputs = Outputs::new(std::iter::empty());
    outputs.stage(path, bytes)?;
    outputs.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_appear_only_at_commit_and_never_replace_an_input() {
        let dir = std::env::temp_dir().join(format!("cmc-output-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("k.cpp");
        std::fs::write(&input, "source").unwrap();
        let link = dir.join("link.cpp");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let mut outputs = Outputs::new([input.as_path()]);
        assert!(outputs.stage(&link, b"binary").unwrap_err().contains("refusing to overwrite an input"));
        outputs.stage(&dir.join("a.bin"), b"binary").unwrap();
        outputs.stage(&dir.join("k.asm"), b"asm").unwrap();
        assert!(!dir.join("a.bin").exists());
        drop(outputs);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2, "temporaries removed");
        let mut outputs = Outputs::new([input.as_path()]);
        outputs.stage(&dir.join("a.bin"), b"binary").unwrap();
        outputs.commit().unwrap();
        assert_eq!(std::fs::read(dir.join("a.bin")).unwrap(), b"binary");
        assert_eq!(std::fs::read(&input).unwrap(), b"source");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
