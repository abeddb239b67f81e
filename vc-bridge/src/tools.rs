//! The external tools of the bridge and their versions.
//!
//! Versions come from the Debian packages that ship the tools (`dpkg-query`), because neither ocloc nor
//! llvm-spirv-14 reports its own release (ocloc rejects `--version`; llvm-spirv-14 prints LLVM's version).
//! The packages are the ones `scripts/setup.sh` installs.

use std::process::Command;

/// One component and its installed version (`"not installed"` when absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub name: &'static str,
    pub package: &'static str,
    pub version: String,
}

/// Components cmc depends on at run time, with the Debian package that provides each.
pub const COMPONENTS: &[(&str, &str)] = &[
    ("IGC", "libigc1"),
    ("ocloc", "intel-opencl-icd"),
    ("llvm-spirv", "llvm-spirv-14"),
    ("vc-intrinsics", "intel-vc-intrinsics-dev"),
];

/// The installed version of each component, in [`COMPONENTS`] order.
pub fn component_versions() -> Vec<Component> {
    COMPONENTS
        .iter()
        .map(|(name, package)| Component {
            name,
            package,
            version: package_version(package).unwrap_or_else(|| "not installed".to_string()),
        })
        .collect()
}

/// `dpkg-query`'s version of an installed package, without the Debian revision (`1.0.12504.6-1+deb12u1` →
/// `1.0.12504.6`).
pub fn package_version(package: &str) -> Option<String> {
    let output = Command::new("dpkg-query").args(["-W", "-f=${Status}|${Version}", package]).output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let (status, version) = text.split_once('|')?;
    if !status.ends_with(" installed") || version.is_empty() {
        return None;
    }
    Some(upstream_version(version).to_string())
}

/// Strips the Debian revision and epoch from a package version.
pub fn upstream_version(version: &str) -> &str {
    let without_epoch = version.split_once(':').map_or(version, |(_, rest)| rest);
    without_epoch.rsplit_once('-').map_or(without_epoch, |(upstream, _)| upstream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debian_revisions_and_epochs_are_stripped() {
        assert_eq!(upstream_version("1.0.12504.6-1+deb12u1"), "1.0.12504.6");
        assert_eq!(upstream_version("1:14.0.6-12"), "14.0.6");
        assert_eq!(upstream_version("0.11.0"), "0.11.0");
    }
}
