#!/usr/bin/env bash
# Builds a release folder on the server, as the service user (docs/operations.md "Releases"):
#   runuser -u shengai -- deploy/build-release.sh /srv/shengai/releases/<id>
# then `deploy/release.sh /srv/shengai/releases/<id>` switches to it.
#
# The build gets the build-time settings of shengai.env (SHENGAI_ENV, default /srv/shengai/shared/shengai.env) and
# nothing else of it (never the database or the secrets the processes run with):
# - NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Next derives each server action's id from it at build time (a build without
#   it makes a key of its own). With the one key of shengai.env in every build, an action keeps its id across
#   releases, so a form a visitor opened before a release still works after it; with another key every id changes
#   and each open form fails once (the page then says 网站已更新，请刷新页面后重试);
# - NEXT_PUBLIC_* values, which the build writes into the browser's code.
# Then the static files are precompressed for nginx (scripts/precompress-static.mjs).
set -euo pipefail
release="$(cd "${1:?usage: deploy/build-release.sh RELEASE_DIR}" && pwd)"
env_file="${SHENGAI_ENV:-/srv/shengai/shared/shengai.env}"
home_dir="${SHENGAI_HOME:-/srv/shengai}"
say() { echo "[build-release] $*"; }

if [ ! -r "$env_file" ]; then
  echo "build-release: cannot read $env_file (run as the service user, who may read it: deploy/install.sh)" >&2
  exit 1
fi
key="$(sed -n 's/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=//p' "$env_file" | tail -1)"
if [ -z "$key" ]; then
  echo "build-release: $env_file has no NEXT_SERVER_ACTIONS_ENCRYPTION_KEY (deploy/install.sh writes one); a build without it changes every server action's id" >&2
  exit 1
fi
if [ ! -d "$release/node_modules" ]; then
  echo "build-release: $release has no node_modules: run 'npm install --no-audit --no-fund' there first" >&2
  exit 1
fi

# The build's whole environment: what a build needs, never the processes' (env -i).
build_env=(PATH="$PATH" HOME="${HOME:-$release}" NEXT_TELEMETRY_DISABLED=1 NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$key")
[ -n "${NODE_OPTIONS:-}" ] && build_env+=(NODE_OPTIONS="$NODE_OPTIONS")
while IFS= read -r line; do build_env+=("$line"); done < <(grep -E '^NEXT_PUBLIC_[A-Z0-9_]+=' "$env_file" || true)

cd "$release"
say "building $release"
env -i "${build_env[@]}" node node_modules/next/dist/bin/next build
env -i "${build_env[@]}" node scripts/precompress-static.mjs .next/static public

# The key the running release was built with, from its manifest: another one means open forms fail once.
manifest=".next/server/server-reference-manifest.json"
running="$home_dir/current/$manifest"
if [ -f "$running" ] && [ "$(readlink -f "$home_dir/current")" != "$release" ]; then
  same="$(node -e 'const f = (p) => JSON.parse(require("fs").readFileSync(p, "utf8")).encryptionKey; console.log(f(process.argv[1]) === f(process.argv[2]) ? "yes" : "no")' "$running" "$manifest")"
  if [ "$same" != yes ]; then
    say "warning: the running release ($(readlink -f "$home_dir/current")) was built with another key: a form open during the switch fails once (the page asks to reload)"
  fi
fi
say "built $(cat .next/BUILD_ID): switch to it with deploy/release.sh $release"
