/**
 * Metrics on a loopback listener of their own, never on the site's port (docs/operations.md "Metrics",
 * docs/security.md "Production defaults").
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { listenForMetrics, METRICS_HOST, metricsPort, startMetricsListener } from './metrics-listener';
import { recordThrottleRefusal } from './metrics';

describe('the metrics port', () => {
  it('is METRICS_PORT, else the site’s port + 10000; METRICS_PORT=0 or no site port means none', () => {
    expect(metricsPort({ PORT: '3001' })).toBe(13001);
    expect(metricsPort({ PORT: '3001', METRICS_PORT: '9464' })).toBe(9464);
    expect(metricsPort({ PORT: '3001', METRICS_PORT: '0' })).toBeNull();
    expect(metricsPort({ PORT: '3001', METRICS_PORT: 'x' })).toBeNull();
    expect(metricsPort({})).toBeNull();
    expect(metricsPort({ PORT: '60000' })).toBeNull();
  });
});

describe('the listener', () => {
  it('serves the Prometheus text on loopback only, and a 404 for anything else', async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, METRICS_HOST, r));
    const free = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));
    const port = await startMetricsListener({ METRICS_PORT: String(free) });
    expect(port).toBe(free);
    recordThrottleRefusal('metrics-listener-test');
    const res = await fetch(`http://${METRICS_HOST}:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^shengai_throttle_refusals_total\{rule="metrics-listener-test"\} 1/m);
    expect((await fetch(`http://${METRICS_HOST}:${port}/`)).status).toBe(404);
    expect((await fetch(`http://${METRICS_HOST}:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    // Bound to loopback: the machine's other addresses do not answer (when it has one to try).
    const outside = Object.values((await import('node:os')).networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${port}/metrics`)).rejects.toThrow();
  });
});

it('a port already taken is said in the log, and nothing fails', async () => {
  const taken = http.createServer();
  await new Promise<void>((r) => taken.listen(0, METRICS_HOST, r));
  const port = (taken.address() as { port: number }).port;
  const lines: string[] = [];
  expect(await listenForMetrics(port, (l) => lines.push(l))).toBeNull();
  expect(lines.join()).toMatch(/\[metrics\] not listening on 127\.0\.0\.1:\d+ \(EADDRINUSE\)/);
  await new Promise((r) => taken.close(r));
});
