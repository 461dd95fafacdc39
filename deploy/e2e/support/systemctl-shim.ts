/**
 * A stand-in for systemctl over the local stack's supervised processes (scripts/deploy-supervise.sh), so the
 * server's own commands (deploy/rolling-restart.sh, deploy/release.sh) run against the stack: `restart` stops the
 * unit's process (SIGTERM: it drains) and returns once the supervisor has started the new one, as systemctl restart
 * returns once the unit is started again; `list-units` names the running instances. Each call is noted in
 * STATE/systemctl-calls.
 */
import fs from 'node:fs';
import path from 'node:path';

export function writeSystemctlShim(state: string, ports: readonly number[]): { shim: string; calls: string } {
  const shim = path.join(state, 'systemctl-shim');
  const calls = path.join(state, 'systemctl-calls');
  fs.writeFileSync(
    shim,
    `#!/usr/bin/env bash
set -euo pipefail
run="${path.join(state, 'run')}"
case "$1" in
  list-units) for p in ${ports.join(' ')}; do [ -f "$run/next-$p.pid" ] && echo "shengai-next@$p.service loaded active running"; done ;;
  restart)
    port="$(echo "$2" | sed -n 's/^shengai-next@\\([0-9]*\\)\\.service$/\\1/p')"
    old="$(cat "$run/next-$port.pid")"
    echo "$2" >> "${calls}"
    kill -TERM "$old"
    while kill -0 "$old" 2>/dev/null; do sleep 0.1; done
    while [ "$(cat "$run/next-$port.pid" 2>/dev/null)" = "$old" ]; do sleep 0.1; done ;;
  *) echo "unexpected: $*" >&2; exit 2 ;;
esac
`,
    { mode: 0o755 },
  );
  fs.rmSync(calls, { force: true });
  return { shim, calls };
}
