#!/usr/bin/env bash
# The tests use Debian's Chromium at /usr/bin/chromium, or at $CHROMIUM_PATH.
# Missing: installed when running as root, otherwise the command is printed.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ]; then
  echo "Chromium is missing: installing Debian's chromium package..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
  echo "Installing chromium failed." >&2
  exit 1
fi
echo "Chromium is missing. Install it with:" >&2
echo "  sudo apt-get install -y chromium" >&2
exit 1
