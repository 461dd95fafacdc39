#!/usr/bin/env bash
# The bench's physical-limit target is Debian's nginx at /usr/sbin/nginx (issue 8).
# Missing: installed when running as root, otherwise the command is printed.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "nginx is missing: installing Debian's nginx package..."
  # The package's own service is not wanted: the bench starts nginx on loopback with its own config.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  [ -x /usr/sbin/nginx ] && exit 0
  echo "Installing nginx failed." >&2
  exit 1
fi
echo "nginx is missing. Install it with:" >&2
echo "  sudo apt-get install -y nginx" >&2
exit 1
