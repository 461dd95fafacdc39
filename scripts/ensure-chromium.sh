#!/usr/bin/env bash
# The tests use Debian's Chromium at /usr/bin/chromium, or at $CHROMIUM_PATH.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable browser." >&2
  exit 1
fi
exec bash "$(dirname "$0")/ensure-debian-package.sh" /usr/bin/chromium chromium
