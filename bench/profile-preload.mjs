/**
 * Loaded into `next start` by bench/stages/render-cost.mjs with NODE_OPTIONS=--import (docs/bench.md "Render
 * cost"): V8's CPU profiler for a window the bench chooses, where `--cpu-prof` would profile the whole life of the
 * process (its start and module loading included). SIGUSR2 starts the profiler; the next SIGUSR2 stops it and
 * writes the profile (a .cpuprofile, the format of `--cpu-prof`) to BENCH_PROFILE_OUT, then
 * `${BENCH_PROFILE_OUT}.done` when it is whole. Inert without BENCH_PROFILE_OUT.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';

const out = process.env.BENCH_PROFILE_OUT;
if (out) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start', () => fs.writeFileSync(`${out}.started`, ''))),
      );
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      fs.writeFileSync(out, err ? JSON.stringify({ error: String(err) }) : JSON.stringify(result.profile));
      fs.writeFileSync(`${out}.done`, '');
    });
  });
}
