import { encodePng } from './demo-pdf.ts';
import { Rng } from './prng.ts';

/**
 * A drawn signature for a demo signer, as the signing page's pad would send it: a transparent PNG
 * with a dark-blue scribble, the same for the same name on every run. The stroke goes through a
 * few loops, one per letter of the first name, then the initial of the last name and an underline.
 */

const WIDTH = 360;
const HEIGHT = 120;
const INK = [22, 43, 110] as const;
/** The pen's half width in pixels. */
const PEN = 1.7;

type Point = readonly [number, number];

/** Points through which the pen moves, left to right. */
function strokeOf(name: string): Point[] {
  const rng = new Rng(`signature:${name}`);
  const [first = name, last = ''] = name.split(/\s+/);
  const letters = Math.min(Math.max(first.length, 3), 9);
  const points: Point[] = [[18, 78]];
  const step = (WIDTH * 0.62) / letters;
  for (let i = 0; i < letters; i++) {
    const x = 24 + i * step;
    const tall = i === 0 || rng.chance(0.3);
    points.push([x + step * 0.35, tall ? rng.int(14, 26) : rng.int(38, 50)]);
    points.push([x + step * (0.55 + rng.next() * 0.2), rng.int(78, 88)]);
  }
  // The last name's initial: a tall stroke down and back up, then the underline to the right.
  const end = points[points.length - 1]?.[0] ?? WIDTH / 2;
  points.push([end + 18, rng.int(12, 22)], [end + 26, rng.int(84, 96)], [end + 34, rng.int(40, 56)]);
  if (last) points.push([end + 48, 100], [WIDTH - 20, rng.int(92, 100)]);
  return points;
}

/** Catmull-Rom through the points, sampled about every half pixel. */
function* samples(points: readonly Point[]): Generator<Point> {
  for (let i = 0; i + 1 < points.length; i++) {
    const [p0, p1, p2, p3] = [
      points[i - 1] ?? points[i]!,
      points[i]!,
      points[i + 1]!,
      points[i + 2] ?? points[i + 1]!,
    ];
    const steps = Math.ceil(Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) * 2) + 1;
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (k: 0 | 1) =>
        0.5 *
        (2 * p1[k] +
          (-p0[k] + p2[k]) * t +
          (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 +
          (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3);
      yield [at(0), at(1)];
    }
  }
}

/** The PNG of `name`'s drawn signature (RGBA, 360 × 120). */
export function drawnSignature(name: string): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 4);
  for (const [cx, cy] of samples(strokeOf(name))) {
    for (let y = Math.floor(cy - PEN - 1); y <= Math.ceil(cy + PEN + 1); y++) {
      if (y < 0 || y >= HEIGHT) continue;
      for (let x = Math.floor(cx - PEN - 1); x <= Math.ceil(cx + PEN + 1); x++) {
        if (x < 0 || x >= WIDTH) continue;
        // Coverage of the pen's disc over the pixel, for smooth edges.
        const cover = Math.min(1, Math.max(0, PEN + 0.5 - Math.hypot(x + 0.5 - cx, y + 0.5 - cy)));
        const at = (y * WIDTH + x) * 4;
        const alpha = Math.round(cover * 255);
        if (alpha <= (pixels[at + 3] ?? 0)) continue;
        pixels[at] = INK[0];
        pixels[at + 1] = INK[1];
        pixels[at + 2] = INK[2];
        pixels[at + 3] = alpha;
      }
    }
  }
  return encodePng(WIDTH, HEIGHT, 4, pixels);
}

/** The signature as the signing page sends it: a PNG data URL. */
export const drawnSignatureUrl = (name: string): string =>
  `data:image/png;base64,${drawnSignature(name).toString('base64')}`;
