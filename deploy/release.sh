#!/usr/bin/env bash
# A release on the server, as root (docs/operations.md "Releases" and "Rollback"):
#   deploy/release.sh /srv/shengai/releases/2026-11-25-a1b2c3d   switch to this built release
#   deploy/release.sh --rollback                                   switch back to the previous one
# The release folder is built first, as the service user (docs/operations.md). This script keeps the release's
# static files with those of earlier releases (pages built by the previous release still find their chunks
# until they reload), points /srv/shengai/current at it (and /srv/shengai/previous at the one before), and
# restarts the processes one by one (deploy/rolling-restart.sh): no visitor sees an error.
# SHENGAI_HOME (default /srv/shengai) and SHENGAI_STATIC (default SHENGAI_HOME/shared/static) name another layout:
# the tests release into the local stack of scripts/deploy-local.sh with them.
set -euo pipefail
HOME_DIR="${SHENGAI_HOME:-/srv/shengai}"
STATIC_DIR="${SHENGAI_STATIC:-$HOME_DIR/shared/static}"
here="$(cd "$(dirname "$0")" && pwd)"
current="$(readlink -f "$HOME_DIR/current" 2>/dev/null || true)"
if [ "${1:-}" = "--rollback" ]; then
  target="$(readlink -f "$HOME_DIR/previous" 2>/dev/null || true)"
  if [ -z "$target" ] || [ ! -f "$target/.next/BUILD_ID" ]; then
    echo "release: no previous release to roll back to ($HOME_DIR/previous)" >&2
    exit 1
  fi
else
  target="$(readlink -f "${1:?usage: deploy/release.sh RELEASE_DIR | --rollback}")"
  if [ ! -f "$target/.next/BUILD_ID" ]; then
    echo "release: $target has no build (.next/BUILD_ID): build it first (deploy/build-release.sh), as the service user" >&2
    exit 1
  fi
fi
# Kept, never replaced: a chunk of the page a visitor has open may be one of the previous release's. Copied on a
# rollback too: the release rolled back to may be older than the files kept.
cp -r "$target/.next/static/." "$STATIC_DIR/"
find "$STATIC_DIR" -type f -mtime "+${SHENGAI_STATIC_KEEP_DAYS:-7}" -delete
chown -R --reference="$STATIC_DIR" "$STATIC_DIR"
if [ "$target" = "$current" ]; then
  echo "release: $target is already the current release; restarting"
else
  [ -n "$current" ] && ln -sfn "$current" "$HOME_DIR/previous.new" && mv -T "$HOME_DIR/previous.new" "$HOME_DIR/previous"
  ln -sfn "$target" "$HOME_DIR/current.new" && mv -T "$HOME_DIR/current.new" "$HOME_DIR/current"
  echo "release: current → $target (previous → ${current:-none})"
fi
SYSTEMCTL="${SYSTEMCTL:-systemctl}"
if [ -z "$($SYSTEMCTL list-units --plain --no-legend --state=active 'shengai-next@*.service')" ]; then
  # The first release: nothing runs yet, nobody to keep serving.
  $SYSTEMCTL start shengai.target
  echo "release: started shengai.target"
else
  "$here/rolling-restart.sh"
fi
env_file="${SHENGAI_ENV_FILE:-$HOME_DIR/shared/shengai.env}"
# No environment file (the tests' local stack) is no PAGE_CACHE_DIR.
page_dir="$( (sed -n 's/^PAGE_CACHE_DIR=\(..*\)$/\1/p' "$env_file" 2>/dev/null || true) | tail -1)"
# Pages kept on disk are per build (PAGE_CACHE_DIR/<data source>/<build>/, lib/page-cache/disk.ts): the current and
# the previous release's stay, for a rollback; older builds' go, now that no process runs them, so releases do not
# fill the disk. Only under an absolute folder.
if [ "${page_dir#/}" != "$page_dir" ] && [ "$page_dir" != / ] && [ -d "$page_dir" ]; then
  keep=" $(cat "$target/.next/BUILD_ID") "
  previous="$(readlink -f "$HOME_DIR/previous" 2>/dev/null || true)"
  if [ -n "$previous" ] && [ -f "$previous/.next/BUILD_ID" ]; then keep="$keep$(cat "$previous/.next/BUILD_ID") "; fi
  for build_dir in "$page_dir"/*/*/; do
    [ -d "$build_dir" ] || continue
    build="$(basename "$build_dir")"
    case "$keep" in
      *" $build "*) ;;
      *) rm -rf -- "$build_dir" && echo "release: removed the pages kept on disk for build $build" ;;
    esac
  done
fi
# The release's prerender (docs/operations.md "Releases"): with pages kept on disk (PAGE_CACHE_DIR), one process
# renders the sitemap once, for every process and the first crawlers. A failure costs only speed: each page then
# renders at its first visit. SHENGAI_PRERENDER=0 skips it.
if [ "${SHENGAI_PRERENDER:-1}" != 0 ] && [ -n "$page_dir" ]; then
  port="$($SYSTEMCTL list-units --plain --no-legend --state=active 'shengai-next@*.service' | sed -n 's/^shengai-next@\([0-9]*\)\.service.*/\1/p' | awk 'NR == 1')"
  if [ -n "$port" ]; then
    node "$target/scripts/prerender-pages.mjs" "http://127.0.0.1:$port" || echo "release: the prerender failed; pages render at their first visit" >&2
  fi
fi
