/**
 * Load (docs/bench.md "Load"): a long run of the bench's connections on one page, with the server's memory
 * (RSS of its process tree) sampled every second, at start, halfway and at the end.
 */
import { cannon, sleep, summary, treeRssMB } from '../shared.mjs';

export async function load(name, url, serverPid, seconds) {
  const samples = [];
  const sampler = setInterval(() => samples.push(treeRssMB(serverPid)), 1000);
  const halfway = new Promise((resolve) => setTimeout(() => resolve(treeRssMB(serverPid)), (seconds * 1000) / 2));
  const startMB = treeRssMB(serverPid);
  try {
    const r = await cannon(url, seconds);
    // The memory once the last answers are out.
    await sleep(3000);
    const endMB = treeRssMB(serverPid);
    return { ...summary(name, url, r), seconds, rssStartMB: startMB, rssHalfwayMB: await halfway, rssPeakMB: Math.max(startMB, endMB, ...samples), rssEndMB: endMB };
  } finally {
    clearInterval(sampler);
  }
}
