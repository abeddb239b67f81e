#!/usr/bin/env bash
# Runs scripts/setup.sh with the privileges it needs: directly as root, through sudo otherwise.
# Both README commands start with this, so each works on a fresh Debian 12 machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -eq 0 ]; then
  bash scripts/setup.sh
elif command -v sudo >/dev/null 2>&1; then
  sudo bash scripts/setup.sh
else
  bash scripts/setup.sh # reports what is missing and how to install it
fi
