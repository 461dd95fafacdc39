/**
 * Test helper (docs/security.md): decodes server-action request bodies with the very
 * decoder Next 16 uses (its compiled react-server-dom-turbopack, node build),
 * the way its action handler does: a text body with decodeReply, a multipart
 * body streamed through busboy into decodeReplyFromBusboy; then the
 * `action.apply(null, args)` step. Must run with `--conditions react-server`.
 *
 * stdin: JSON lines {body: string, contentType: string}; stdout: JSON lines
 * {ok: boolean, error?: string} — ok means Next would have run the action.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, run by node directly with the react-server condition */
const { Readable } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const readline = require('node:readline');
const server = require('next/dist/compiled/react-server-dom-turbopack/cjs/react-server-dom-turbopack-server.node.production.js');
const busboyFactory = require('next/dist/compiled/busboy');

/** No module of ours is a server reference here; a `$h` reference fails as an unknown one would. */
const manifest = new Proxy({}, { get: () => undefined });

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);
}

async function decode({ body, contentType }) {
  const temporaryReferences = server.createTemporaryReferenceSet();
  let args;
  if (contentType.startsWith('multipart/form-data')) {
    const busboy = busboyFactory({ defParamCharset: 'utf8', headers: { 'content-type': contentType }, limits: { fieldSize: 1024 * 1024 } });
    [, args] = await Promise.all([
      pipeline(Readable.from([Buffer.from(body, 'latin1')]), busboy),
      server.decodeReplyFromBusboy(busboy, manifest, { temporaryReferences }),
    ]);
  } else {
    args = await server.decodeReply(body, manifest, { temporaryReferences });
  }
  // Next: `action.apply(null, args)` after a length check.
  if (args.length > 1000) throw new Error('too many arguments');
  (function () {}).apply(null, args);
}

const lines = readline.createInterface({ input: process.stdin });
const queue = [];
lines.on('line', (line) => queue.push(line));
lines.on('close', async () => {
  for (const line of queue) {
    let out;
    try {
      await withTimeout(decode(JSON.parse(line)), 2000);
      out = { ok: true };
    } catch (err) {
      out = { ok: false, error: String((err && err.message) || err).slice(0, 200) };
    }
    process.stdout.write(`${JSON.stringify(out)}\n`);
  }
});
process.on('unhandledRejection', () => {});
