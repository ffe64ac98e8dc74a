#!/usr/bin/env bash
# Installs what navwright needs from the system: Chromium (Debian's package) when no browser is found.
# Users elsewhere may instead run `playwright install chromium` and skip this.
set -euo pipefail
if [ -n "${NAVWRIGHT_CHROMIUM:-}" ] && [ -x "${NAVWRIGHT_CHROMIUM}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  echo "navwright: installing Chromium with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
else
  echo "navwright: no Chromium found and no apt-get; install Chromium or run 'playwright install chromium'" >&2
fi
