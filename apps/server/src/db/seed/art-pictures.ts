import sharp from 'sharp';

/**
 * The demo art section's pictures, made at seed time (no file ships with the site, nobody's
 * work is borrowed): gradients, geometric compositions, waves and pixel sprites, drawn as SVG
 * or raw pixels by a seeded random generator (the same picture on every site), in varied
 * proportions. The seed runs them through the upload pipeline's processing and storage.
 */
export type DemoPictureKind = 'sunset' | 'circles' | 'grid' | 'waves' | 'pixel';

export interface DemoPicture {
  kind: DemoPictureKind;
  width: number;
  height: number;
  seed: number;
}

/** A small seeded generator (mulberry32): the same numbers for the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%)`;

function sunset(p: DemoPicture, rnd: () => number): string {
  const { width: w, height: h } = p;
  const hue = rnd() * 360;
  const sun = {
    x: w * (0.3 + rnd() * 0.4),
    y: h * (0.45 + rnd() * 0.15),
    r: Math.min(w, h) * 0.12,
  };
  const hills = [0.7, 0.8, 0.9].map((level, i) => {
    const points = [`0,${h}`];
    for (let x = 0; x <= w; x += w / 12)
      points.push(
        `${x.toFixed(0)},${(h * level + Math.sin(x / (60 + i * 40) + rnd()) * h * 0.04).toFixed(0)}`,
      );
    points.push(`${w},${h}`);
    return `<polygon points="${points.join(' ')}" fill="${hsl(hue + 200 + i * 10, 30, 22 - i * 6)}"/>`;
  });
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(hue + 230, 60, 25)}"/>
      <stop offset="0.55" stop-color="${hsl(hue + 330, 70, 60)}"/>
      <stop offset="1" stop-color="${hsl(hue + 30, 90, 70)}"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="${hsl(hue + 45, 100, 80)}"/>
    ${hills.join('')}`;
}

function circles(p: DemoPicture, rnd: () => number): string {
  const { width: w, height: h } = p;
  const hue = rnd() * 360;
  const shapes: string[] = [`<rect width="${w}" height="${h}" fill="${hsl(hue, 25, 92)}"/>`];
  for (let i = 0; i < 14; i += 1) {
    const r = Math.min(w, h) * (0.04 + rnd() * 0.2);
    shapes.push(
      `<circle cx="${(rnd() * w).toFixed(0)}" cy="${(rnd() * h).toFixed(0)}" r="${r.toFixed(0)}"
        fill="${hsl(hue + rnd() * 180, 65, 55)}" fill-opacity="${(0.5 + rnd() * 0.45).toFixed(2)}"/>`,
    );
  }
  for (let i = 0; i < 5; i += 1)
    shapes.push(
      `<line x1="${(rnd() * w).toFixed(0)}" y1="${(rnd() * h).toFixed(0)}" x2="${(rnd() * w).toFixed(0)}"
        y2="${(rnd() * h).toFixed(0)}" stroke="${hsl(hue + 200, 40, 20)}" stroke-width="${(2 + rnd() * 6).toFixed(0)}"/>`,
    );
  return shapes.join('');
}

function grid(p: DemoPicture, rnd: () => number): string {
  const { width: w, height: h } = p;
  const colors = ['#d62828', '#1d3557', '#f4d35e', '#f7f7f2', '#f7f7f2', '#f7f7f2'];
  const shapes: string[] = [];
  const split = (x: number, y: number, cw: number, ch: number, depth: number) => {
    if (depth > 3 || (depth > 1 && rnd() < 0.3) || cw < w / 8 || ch < h / 8) {
      const color = colors[Math.floor(rnd() * colors.length)]!;
      shapes.push(
        `<rect x="${x}" y="${y}" width="${cw}" height="${ch}" fill="${color}" stroke="#111" stroke-width="${Math.max(4, w / 120).toFixed(0)}"/>`,
      );
      return;
    }
    if (cw > ch) {
      const cut = Math.round(cw * (0.3 + rnd() * 0.4));
      split(x, y, cut, ch, depth + 1);
      split(x + cut, y, cw - cut, ch, depth + 1);
    } else {
      const cut = Math.round(ch * (0.3 + rnd() * 0.4));
      split(x, y, cw, cut, depth + 1);
      split(x, y + cut, cw, ch - cut, depth + 1);
    }
  };
  split(0, 0, w, h, 0);
  return shapes.join('');
}

function waves(p: DemoPicture, rnd: () => number): string {
  const { width: w, height: h } = p;
  const hue = rnd() * 360;
  const lines: string[] = [`<rect width="${w}" height="${h}" fill="${hsl(hue + 200, 45, 12)}"/>`];
  const count = 18;
  for (let i = 0; i < count; i += 1) {
    const base = (h / (count + 1)) * (i + 1);
    const amp = h * (0.02 + rnd() * 0.05);
    const freq = (2 + rnd() * 3) / w;
    const phase = rnd() * Math.PI * 2;
    const points: string[] = [];
    for (let x = 0; x <= w; x += w / 80)
      points.push(
        `${x.toFixed(1)},${(base + Math.sin(x * freq * Math.PI * 2 + phase) * amp).toFixed(1)}`,
      );
    lines.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="${hsl(hue + i * 8, 70, 45 + i * 2)}" stroke-width="${(h / 90).toFixed(1)}"/>`,
    );
  }
  return lines.join('');
}

/** 16×16 sprites, one character a pixel: `.` is the background, a digit a palette colour. */
const SPRITES = [
  [
    '................',
    '...11....11.....',
    '..1221..1221....',
    '.122221122221...',
    '.122222222221...',
    '.122222222221...',
    '..1222222221....',
    '...12222221.....',
    '....122221......',
    '.....1221.......',
    '......11........',
    '................',
    '................',
    '................',
    '................',
    '................',
  ],
  [
    '.....111111.....',
    '...1122222211...',
    '..122332233221..',
    '.12233322333221.',
    '.12222222222221.',
    '1222332222332221',
    '1223333223333221',
    '.11111111111111.',
    '....14444441....',
    '....14144141....',
    '....14444441....',
    '....14444441....',
    '.....111111.....',
    '................',
    '................',
    '................',
  ],
  [
    '................',
    '...1........1...',
    '....1......1....',
    '...1111111111...',
    '..112111111211..',
    '.11111111111111.',
    '.1.1111111111.1.',
    '.1.1........1.1.',
    '....11....11....',
    '................',
    '................',
    '......3333......',
    '.....333333.....',
    '....33333333....',
    '................',
    '................',
  ],
];

async function pixel(p: DemoPicture, rnd: () => number): Promise<Buffer> {
  const sprite = SPRITES[p.seed % SPRITES.length]!;
  const hue = rnd() * 360;
  const palette: Record<string, [number, number, number]> = {
    '.': hslRgb(hue + 180, 30, 88),
    '1': [24, 24, 32],
    '2': hslRgb(hue, 75, 55),
    '3': hslRgb(hue + 120, 70, 60),
    '4': [250, 236, 210],
  };
  const side = 16;
  const raw = Buffer.alloc(side * side * 3);
  sprite.forEach((row, y) =>
    [...row].forEach((c, x) => raw.set(palette[c] ?? palette['.']!, (y * side + x) * 3)),
  );
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .resize(p.width, p.height, { kernel: 'nearest', fit: 'contain', background: '#ffffff' })
    .png()
    .toBuffer();
}

function hslRgb(h: number, s: number, l: number): [number, number, number] {
  const [hh, ss, ll] = [((h % 360) + 360) % 360, s / 100, l / 100];
  const k = (n: number) => (n + hh / 30) % 12;
  const a = ss * Math.min(ll, 1 - ll);
  const f = (n: number) => ll - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const DRAWN = { sunset, circles, grid, waves } as const;

/** The picture as an encoded file: JPEG for the painterly ones, PNG for the crisp ones. */
export async function drawDemoPicture(p: DemoPicture): Promise<Buffer> {
  const rnd = random(p.seed * 7919 + 17);
  if (p.kind === 'pixel') return pixel(p, rnd);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}">${DRAWN[p.kind](p, rnd)}</svg>`;
  const image = sharp(Buffer.from(svg));
  return p.kind === 'grid' ? image.png().toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}
