/**
 * The numeric image code's picture (RndVcodeNum, docs/security.md "Abuse from many clients"). svg-captcha
 * draws each digit as its font glyph's outline, distorted, with noise curves and colours. But each glyph kept
 * the font's own sequence of path commands (`M L L Q Q … Z`, the same for every 7 whatever the distortion),
 * and a script read 40 codes of 40 from those sequences alone. So every outline is redrawn here:
 * - curves are flattened into straight segments, each split into a random number of pieces, and every point
 *   moved by a fraction of a pixel: a contour is `M` then a random number of `L` then `Z`;
 * - each contour starts at a random point of its outline;
 * - each glyph's path gets zero to two specks (tiny contours of its colour), so the number of contours no
 *   longer says whether a digit has a hole;
 * - the contours of a glyph, and the glyphs and noise curves of the image, come in a random order.
 * What remains is geometry: a script now has to rasterise the picture and recognise the digits, which is
 * work the throttles price (20 image codes per client in 10 minutes). A speed bump, not a proof of humanity.
 */
import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/** svg-captcha's default export draws a given text (its typings only declare `create`, which picks its own with Math.random). */
const drawCaptcha = svgCaptcha as unknown as (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string;

type Point = [number, number];

const random = () => crypto.randomInt(0, 1_000_000) / 1_000_000;
const between = (min: number, max: number) => min + random() * (max - min);

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The contours of a path of absolute M, L, Q and Z commands (what svg-captcha writes), curves flattened. */
function contoursOf(d: string): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  let at: Point = [0, 0];
  for (const [, command, args] of d.matchAll(/([MLQZ])([^MLQZ]*)/gi)) {
    const n = (args ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number);
    switch (command!.toUpperCase()) {
      case 'M':
        if (current.length > 2) contours.push(current);
        at = [n[0]!, n[1]!];
        current = [at];
        break;
      case 'L':
        at = [n[0]!, n[1]!];
        current.push(at);
        break;
      case 'Q': {
        const [cx, cy, x, y] = n as [number, number, number, number];
        const [x0, y0] = at;
        const steps = crypto.randomInt(2, 5);
        for (let i = 1; i <= steps; i++) {
          const t = i / steps;
          const u = 1 - t;
          current.push([u * u * x0 + 2 * u * t * cx + t * t * x, u * u * y0 + 2 * u * t * cy + t * t * y]);
        }
        at = [x, y];
        break;
      }
      case 'Z':
        if (current.length > 2) contours.push(current);
        current = [];
        break;
    }
  }
  if (current.length > 2) contours.push(current);
  return contours;
}

/** One contour redrawn: a random start, straight pieces of random count, each point moved a little. */
function redraw(contour: Point[]): string {
  const start = crypto.randomInt(0, contour.length);
  const ring = [...contour.slice(start), ...contour.slice(0, start)];
  const points: Point[] = [];
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    const pieces = crypto.randomInt(1, 3);
    for (let k = 0; k < pieces; k++) {
      const t = k / pieces;
      points.push([x0 + (x1 - x0) * t + between(-0.25, 0.25), y0 + (y1 - y0) * t + between(-0.25, 0.25)]);
    }
  }
  const [first, ...rest] = points;
  return `M${first![0].toFixed(2)} ${first![1].toFixed(2)}${rest.map(([x, y]) => `L${x.toFixed(2)} ${y.toFixed(2)}`).join('')}Z`;
}

/** A speck: a small closed shape near the glyph, in its colour. */
function speck(contours: Point[][]): string {
  const all = contours.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const cx = between(Math.min(...xs), Math.max(...xs));
  const cy = between(Math.min(...ys), Math.max(...ys));
  const sides = crypto.randomInt(3, 7);
  const r = between(0.5, 1.2);
  const ring: Point[] = Array.from({ length: sides }, (_, i) => {
    const a = (i / sides) * 2 * Math.PI + between(0, 1);
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
  return redraw(ring);
}

/** The image code's SVG: svg-captcha's drawing, its glyph outlines redrawn as above. */
export function drawImageCode(code: string): string {
  const svg = drawCaptcha(code, { width: 100, height: 40, fontSize: 44, noise: 3, color: true, background: '#f7f1e8' });
  const head = /^<svg[^>]*>(?:<rect[^>]*\/>)?/.exec(svg)?.[0] ?? '';
  const shapes = [...svg.slice(head.length).matchAll(/<path\b[^>]*\/>/g)].map(([element]) => {
    // A glyph is a filled path; the noise curves are strokes with fill="none".
    const glyph = /^<path fill="(#[0-9a-f]{3,8})" d="([^"]*)"\/>$/i.exec(element);
    if (!glyph) return element;
    const contours = contoursOf(glyph[2]!);
    if (contours.length === 0) return element;
    const parts = [...contours.map(redraw), ...Array.from({ length: crypto.randomInt(0, 3) }, () => speck(contours))];
    return `<path fill="${glyph[1]}" d="${shuffle(parts).join('')}"/>`;
  });
  return `${head}${shuffle(shapes).join('')}</svg>`;
}
