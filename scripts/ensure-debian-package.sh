#!/usr/bin/env bash
# ensure-debian-package.sh EXECUTABLE PACKAGE: the tests and the bench use Debian's packages (Chromium,
# nginx). Missing: installed when running as root, otherwise the command is printed.
set -euo pipefail
executable="$1"
package="$2"
if [ -x "$executable" ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "$package is missing: installing Debian's $package package..."
  # A package's own service (nginx on port 80) is not wanted: the scripts start what they need themselves.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  [ -x "$executable" ] && exit 0
  echo "Installing $package failed." >&2
  exit 1
fi
echo "$package is missing. Install it with:" >&2
echo "  sudo apt-get install -y $package" >&2
exit 1
