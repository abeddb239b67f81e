#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian 12 (bookworm), then checks every tool's version.
#
# Run as root: `sudo bash scripts/setup.sh` (or as root without sudo). Idempotent: when every package is
# already installed it skips apt entirely, so it costs well under a second on a set-up machine.
# Stops with a plain sentence when something is missing or of the wrong major version.
set -euo pipefail

# What the project needs, and why.
packages=(
  llvm-14 llvm-14-dev      # opt-14, llvm-config-14, llvm-tblgen-14, libLLVM-14.so and headers (the pass plugin)
  llvm-14-tools            # FileCheck-14, not, count and lit.py (the lit tests)
  clang-14                 # the CM front end drives upstream clang 14
  libclang-14-dev          # clang's C++ headers, for the front end's [[type("...")]] clang plugin (frontend/build.rs)
  llvm-spirv-14            # LLVM 14 IR to SPIR-V with the vector-compute extensions
  spirv-tools              # spirv-dis / spirv-val for inspecting what we emit
  intel-opencl-icd         # ocloc: hands SPIR-V to IGC's vc backend
  libigc-tools             # GenX_IR (vISA finalizer) and iga64 (Gen ISA disassembler)
  intel-vc-intrinsics-dev  # GenXIntrinsicDescription.gen, the authoritative intrinsic table
  g++ make pkg-config      # the C++ pass-manager glue in passes/cpp
  python3                  # LLVM's lit.py, which runs our lit tests as a cross-check
  ca-certificates
)

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

if [ -r /etc/os-release ]; then
  . /etc/os-release
  if [ "${ID:-}" != debian ] || [ "${VERSION_ID:-}" != 12 ]; then
    say "warning: this is ${PRETTY_NAME:-an unknown system}; the project is tested on Debian 12 (bookworm)"
  fi
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || die "packages missing (${missing[*]}); run this script as root: sudo bash scripts/setup.sh"
  say "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${packages[@]}"
else
  say "all ${#packages[@]} packages already installed"
fi

# --- version checks: the project is built for LLVM 14 and the IGC that is built on it -------------------------
major_of() { printf '%s' "$1" | sed -E 's/[^0-9]*([0-9]+).*/\1/'; }
need_tool() { command -v "$1" >/dev/null 2>&1 || die "$1 is missing although its package is installed; reinstall ${2}"; }

need_tool llvm-config-14 llvm-14
llvm_version=$(llvm-config-14 --version)
[ "$(major_of "$llvm_version")" = 14 ] || die "llvm-config-14 reports LLVM $llvm_version; LLVM 14 is required"
for tool in opt-14 llvm-tblgen-14 llvm-as-14 llvm-dis-14; do need_tool "$tool" llvm-14; done
need_tool FileCheck-14 llvm-14-tools
[ -f /usr/lib/llvm-14/build/utils/lit/lit.py ] || die "LLVM's lit.py is missing; reinstall llvm-14-tools"
[ -e "$(llvm-config-14 --libdir)/libLLVM-14.so" ] || die "libLLVM-14.so is missing; reinstall llvm-14-dev"

need_tool clang-14 clang-14
clang_version=$(clang-14 --version | head -n1)
[ "$(major_of "${clang_version#*version }")" = 14 ] || die "clang-14 reports '$clang_version'; clang 14 is required"

need_tool llvm-spirv-14 llvm-spirv-14
need_tool spirv-val spirv-tools
need_tool ocloc intel-opencl-icd
need_tool GenX_IR libigc-tools
need_tool iga64 libigc-tools

igc_version=$(dpkg-query -W -f='${Version}' libigc1 2>/dev/null || true)
case "$igc_version" in
  1.0.*) ;;
  *) die "IGC (libigc1) is '${igc_version:-not installed}'; the vc backend of IGC 1.0.x (LLVM 14 based) is required" ;;
esac
vc_version=$(dpkg-query -W -f='${Version}' intel-vc-intrinsics-dev 2>/dev/null || true)
case "$vc_version" in
  0.11.*) ;;
  *) die "intel-vc-intrinsics-dev is '${vc_version:-not installed}'; version 0.11 (the table IGC 1.0.12504 uses) is required" ;;
esac
gen=/usr/include/llvm-14/llvm/GenXIntrinsics/GenXIntrinsicDescription.gen
[ -f "$gen" ] || die "$gen is missing; reinstall intel-vc-intrinsics-dev"

# Rust comes from rustup, not from Debian (bookworm's rustc 1.63 is too old for the workspace).
if ! command -v cargo >/dev/null 2>&1; then
  die "cargo is not on PATH; install a Rust toolchain >= 1.88 with rustup (Debian 12's rustc is too old)"
fi
rust_version=$(rustc --version | awk '{print $2}')
rust_minor=$(printf '%s' "$rust_version" | cut -d. -f2)
[ "$(major_of "$rust_version")" -ge 1 ] && [ "$rust_minor" -ge 88 ] \
  || die "rustc $rust_version is too old; the workspace needs 1.88 or newer"

say "ok: LLVM $llvm_version, ${clang_version}, IGC ${igc_version%%-*}, vc-intrinsics ${vc_version%%-*}, rustc $rust_version"
