#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (never a downloaded browser).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "dfdocs: /usr/bin/chromium is missing; installing Debian's chromium with apt-get" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
