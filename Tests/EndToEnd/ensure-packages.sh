#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet:
# with apt-get when running as root, through sudo otherwise; when neither is possible it
# prints the exact command to run and fails.
set -euo pipefail
missing=()
for p in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing packages: ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo)
else
  echo "error: missing packages and no root or passwordless sudo; run:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/tp-apt.log 2>&1; then
  "${SUDO[@]}" apt-get update -q >/tmp/tp-apt-update.log 2>&1
  "${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/tp-apt.log 2>&1 || {
    echo "error: apt-get install failed; see /tmp/tp-apt.log" >&2
    tail -5 /tmp/tp-apt.log >&2
    exit 1
  }
fi
echo "Installed: ${missing[*]}" >&2
