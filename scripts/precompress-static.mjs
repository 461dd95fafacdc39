// Writes FILE.gz beside every compressible file of the given folders (default: .next/static and public),
// for nginx's gzip_static (deploy/nginx/shengai.conf.template): nginx then sends stored bytes and never
// compresses per request. Files that are already compressed (images, woff2) and tiny files are left alone;
// a .gz newer than its file is kept. Usage: node scripts/precompress-static.mjs [folder…]
import fs from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map|ico|webmanifest|ttf|otf)$/i;
const MIN_BYTES = 256;
const folders = process.argv.slice(2);
if (folders.length === 0) folders.push('.next/static', 'public');

let written = 0;
let kept = 0;
let rawBytes = 0;
let gzBytes = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) compress(file);
  }
}

function compress(file) {
  const stat = fs.statSync(file);
  if (stat.size < MIN_BYTES) return;
  const target = `${file}.gz`;
  // Whole seconds: utimes may round the copied time down by a fraction of a millisecond.
  if (fs.existsSync(target) && Math.floor(fs.statSync(target).mtimeMs / 1000) >= Math.floor(stat.mtimeMs / 1000)) {
    kept++;
    return;
  }
  const gz = gzipSync(fs.readFileSync(file), { level: constants.Z_BEST_COMPRESSION });
  // Only worth it when it saves something.
  if (gz.byteLength >= stat.size) return;
  fs.writeFileSync(target, gz);
  fs.utimesSync(target, stat.atime, stat.mtime);
  written++;
  rawBytes += stat.size;
  gzBytes += gz.byteLength;
}

for (const folder of folders) if (fs.existsSync(folder)) walk(folder);
console.log(`precompressed ${written} files (${rawBytes} → ${gzBytes} bytes), ${kept} already up to date`);
