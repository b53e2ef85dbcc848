/**
 * Draws the demo GIF library: every GIF listed in src/db/seed/demo-gifs.ts, frame by frame as
 * SVG (shapes, simple faces, hearts, text in both languages), rendered by sharp and joined into
 * a looping animated GIF in apps/server/assets/gifs/. Run by hand after changing a drawing:
 *
 *   node --import tsx apps/server/scripts/make-gifs.ts
 *
 * The output is committed, so the server never needs this at run time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_GIF_CATEGORIES, DEMO_GIF_HEIGHT, DEMO_GIF_WIDTH } from '../src/db/seed/demo-gifs';

const W = DEMO_GIF_WIDTH;
const H = DEMO_GIF_HEIGHT;
const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../assets/gifs');
const FONT = 'DejaVu Sans, sans-serif';
const TAU = Math.PI * 2;

/** One drawing: the SVG body of the frame at phase `t` (0 ≤ t < 1 over one loop). */
interface Drawing {
  frames: number;
  /** Milliseconds per frame. */
  delay: number;
  background: string;
  draw(t: number): string;
}

// ---------------------------------------------------------------------------------------------
// Shapes.

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => Math.round(x * 100) / 100;

function text(
  x: number,
  y: number,
  content: string,
  size: number,
  fill: string,
  extra = '',
): string {
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${n(size)}" font-weight="bold" ` +
    `fill="${fill}" stroke="#ffffff" stroke-width="${n(size / 9)}" paint-order="stroke" ` +
    `text-anchor="middle" dominant-baseline="middle" ${extra}>${esc(content)}</text>`
  );
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`;
}

/** A heart of width about 2·size, centred on (cx, cy). */
function heart(cx: number, cy: number, size: number, fill: string): string {
  const d =
    'M0 0.85C-0.2 0.6-1 0.15-1-0.35C-1-0.85-0.3-1.05 0-0.5C0.3-1.05 1-0.85 1-0.35C1 0.15 0.2 0.6 0 0.85Z';
  return `<path transform="translate(${n(cx)} ${n(cy)}) scale(${n(size)})" d="${d}" fill="${fill}"/>`;
}

function star(cx: number, cy: number, r: number, fill: string, turn = 0): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const a = turn + (i * Math.PI) / 5 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points.push(`${n(cx + rr * Math.cos(a))},${n(cy + rr * Math.sin(a))}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

type Mouth = 'smile' | 'grin' | 'open' | 'flat' | 'o';
type Eyes = 'dots' | 'happy' | 'hearts' | 'closed';

/** A round smiley face; `tilt` turns it (degrees). */
function face(
  cx: number,
  cy: number,
  r: number,
  opts: { mouth?: Mouth; eyes?: Eyes; tilt?: number; fill?: string } = {},
): string {
  const { mouth = 'smile', eyes = 'dots', tilt = 0, fill = '#ffd43b' } = opts;
  const ink = '#5c3b00';
  const ex = r * 0.36;
  const ey = -r * 0.2;
  const eye = (x: number) => {
    switch (eyes) {
      case 'dots':
        return circle(x, ey, r * 0.11, ink);
      case 'happy':
        return `<path d="M${n(x - r * 0.15)} ${n(ey + r * 0.05)}Q${n(x)} ${n(ey - r * 0.18)} ${n(x + r * 0.15)} ${n(ey + r * 0.05)}" stroke="${ink}" stroke-width="${n(r * 0.08)}" fill="none" stroke-linecap="round"/>`;
      case 'closed':
        return `<path d="M${n(x - r * 0.15)} ${n(ey)}L${n(x + r * 0.15)} ${n(ey)}" stroke="${ink}" stroke-width="${n(r * 0.08)}" stroke-linecap="round"/>`;
      case 'hearts':
        return heart(x, ey, r * 0.17, '#e03131');
    }
  };
  const my = r * 0.3;
  const mw = r * 0.45;
  let mouthSvg: string;
  switch (mouth) {
    case 'smile':
      mouthSvg = `<path d="M${n(-mw)} ${n(my - r * 0.08)}Q0 ${n(my + r * 0.35)} ${n(mw)} ${n(my - r * 0.08)}" stroke="${ink}" stroke-width="${n(r * 0.09)}" fill="none" stroke-linecap="round"/>`;
      break;
    case 'grin':
      mouthSvg = `<path d="M${n(-mw)} ${n(my - r * 0.1)}Q0 ${n(my + r * 0.55)} ${n(mw)} ${n(my - r * 0.1)}Z" fill="${ink}"/>`;
      break;
    case 'open':
      mouthSvg = `<ellipse cx="0" cy="${n(my + r * 0.08)}" rx="${n(mw * 0.7)}" ry="${n(r * 0.25)}" fill="${ink}"/>`;
      break;
    case 'o':
      mouthSvg = circle(0, my + r * 0.08, r * 0.12, ink);
      break;
    case 'flat':
      mouthSvg = `<path d="M${n(-mw * 0.7)} ${n(my + r * 0.05)}L${n(mw * 0.7)} ${n(my + r * 0.05)}" stroke="${ink}" stroke-width="${n(r * 0.09)}" stroke-linecap="round"/>`;
      break;
  }
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(tilt)})">` +
    circle(0, 0, r, fill, `stroke="#e8a200" stroke-width="${n(r * 0.06)}"`) +
    eye(-ex) +
    eye(ex) +
    mouthSvg +
    '</g>'
  );
}

/** Alternates the Russian and the English line every half loop. */
const both = (t: number, ru: string, en: string) => (t < 0.5 ? ru : en);
const wave = (t: number, times = 1) => Math.sin(t * TAU * times);

/** A fixed pseudo-random sequence, so regenerating gives the same pictures. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const PALETTE = ['#e03131', '#f08c00', '#fcc419', '#2f9e44', '#1971c2', '#9c36b5', '#e64980'];

// ---------------------------------------------------------------------------------------------
// The drawings, by file name.

const confetti = (() => {
  const rnd = seeded(7);
  return Array.from({ length: 26 }, () => ({
    x: rnd() * W,
    y: rnd() * H,
    speed: 1 + Math.floor(rnd() * 2),
    color: PALETTE[Math.floor(rnd() * PALETTE.length)]!,
    spin: rnd() * 360,
  }));
})();

const DRAWINGS: Record<string, Drawing> = {
  'hello-wave.gif': {
    frames: 12,
    delay: 90,
    background: '#e7f5ff',
    draw: (t) => {
      const angle = wave(t, 2) * 25;
      return (
        face(58, 52, 32, { mouth: 'grin', eyes: 'happy' }) +
        `<g transform="translate(104 60) rotate(${n(angle)})">` +
        `<rect x="-7" y="-34" width="14" height="34" rx="7" fill="#ffd43b" stroke="#e8a200" stroke-width="2"/>` +
        circle(0, -38, 11, '#ffd43b', 'stroke="#e8a200" stroke-width="2"') +
        '</g>' +
        text(80, 104, both(t, 'Привет!', 'Hello!'), 20, '#1864ab')
      );
    },
  },
  'hello-bounce.gif': {
    frames: 16,
    delay: 70,
    background: '#fff9db',
    draw: (t) => {
      const word = both(t, 'ПРИВЕТ', 'HELLO');
      const letters = [...word];
      const step = 22;
      const x0 = W / 2 - ((letters.length - 1) * step) / 2;
      return letters
        .map((ch, i) => {
          const y = 64 - Math.abs(Math.sin(t * TAU * 2 - i * 0.6)) * 26;
          return text(x0 + i * step, y, ch, 26, PALETTE[i % PALETTE.length]!);
        })
        .join('');
    },
  },
  'hello-sunrise.gif': {
    frames: 16,
    delay: 90,
    background: '#d0ebff',
    draw: (t) => {
      const rise = Math.min(1, t * 2);
      const y = 92 - rise * 40;
      const rays = Array.from({ length: 10 }, (_, i) => {
        const a = (i / 10) * TAU + t * TAU * 0.5;
        return `<line x1="${n(80 + 30 * Math.cos(a))}" y1="${n(y + 30 * Math.sin(a))}" x2="${n(80 + 40 * Math.cos(a))}" y2="${n(y + 40 * Math.sin(a))}" stroke="#fab005" stroke-width="4" stroke-linecap="round"/>`;
      }).join('');
      return (
        rays +
        face(80, y, 24, { fill: '#ffd43b', mouth: 'smile', eyes: rise < 1 ? 'closed' : 'dots' }) +
        `<rect x="0" y="92" width="${W}" height="${H - 92}" fill="#8ce99a"/>` +
        text(80, 106, both(t, 'Доброе утро!', 'Good morning!'), 15, '#2b8a3e')
      );
    },
  },
  'hello-hi.gif': {
    frames: 12,
    delay: 80,
    background: '#f3f0ff',
    draw: (t) => {
      const scale = 1 + 0.25 * wave(t, 2);
      return (
        star(24, 24, 12, '#fab005', t * TAU) +
        star(136, 30, 10, '#f783ac', -t * TAU) +
        star(30, 96, 9, '#74c0fc', t * TAU) +
        star(134, 92, 13, '#fab005', -t * TAU) +
        `<g transform="translate(80 58) scale(${n(scale)})">` +
        text(0, 0, both(t, 'Хай!', 'Hi!'), 38, '#7048e8') +
        '</g>'
      );
    },
  },
  'love-heartbeat.gif': {
    frames: 12,
    delay: 80,
    background: '#fff0f6',
    draw: (t) => {
      const beat = 1 + 0.18 * Math.max(0, wave(t, 2));
      return (
        heart(80, 52, 34 * beat, '#e03131') + text(80, 104, both(t, 'Люблю', 'Love'), 18, '#c2255c')
      );
    },
  },
  'love-hearts-rise.gif': {
    frames: 16,
    delay: 80,
    background: '#fff5f5',
    draw: (t) => {
      const hearts = [20, 52, 84, 116, 144].map((x, i) => {
        const phase = (t + i * 0.23) % 1;
        const y = H + 10 - phase * (H + 30);
        return heart(x + 6 * wave(phase, 2), y, 9 + (i % 3) * 3, i % 2 ? '#e64980' : '#e03131');
      });
      return hearts.join('');
    },
  },
  'love-face.gif': {
    frames: 12,
    delay: 90,
    background: '#ffdeeb',
    draw: (t) =>
      face(80, 50, 34, { eyes: 'hearts', mouth: 'smile', tilt: wave(t) * 8 }) +
      heart(132, 26 - ((t * 20) % 20), 7, '#e03131') +
      heart(28, 34 - (((t + 0.5) * 20) % 20), 6, '#e64980') +
      text(80, 104, both(t, 'Влюблён!', 'In love!'), 17, '#c2255c'),
  },
  'love-orbit.gif': {
    frames: 16,
    delay: 70,
    background: '#fff0f6',
    draw: (t) => {
      const a = t * TAU;
      return (
        heart(80 + 30 * Math.cos(a), 54 + 12 * Math.sin(a), 18, '#e03131') +
        heart(80 - 30 * Math.cos(a), 54 - 12 * Math.sin(a), 18, '#e64980') +
        text(80, 106, both(t, 'Вместе', 'Together'), 16, '#a61e4d')
      );
    },
  },
  'laugh-haha.gif': {
    frames: 10,
    delay: 70,
    background: '#fff9db',
    draw: (t) =>
      face(80 + 3 * wave(t, 3), 50 + 2 * wave(t, 5), 32, { mouth: 'grin', eyes: 'happy' }) +
      text(80, 104, both(t, 'Ха-ха-ха!', 'Ha-ha-ha!'), 18, '#e8590c'),
  },
  'laugh-rolling.gif': {
    frames: 16,
    delay: 60,
    background: '#fff4e6',
    draw: (t) => {
      const x = 30 + 100 * (t < 0.5 ? t * 2 : 2 - t * 2);
      const turn = (t < 0.5 ? t * 2 : 2 - t * 2) * 360;
      return (
        `<rect x="0" y="88" width="${W}" height="${H - 88}" fill="#e9ecef"/>` +
        face(x, 62, 24, { mouth: 'grin', eyes: 'happy', tilt: turn }) +
        text(80, 106, both(t, 'Валяюсь!', 'ROFL!'), 16, '#d9480f')
      );
    },
  },
  'laugh-tears.gif': {
    frames: 12,
    delay: 80,
    background: '#e3fafc',
    draw: (t) => {
      const drop = (x: number, phase: number) => {
        const p = (t + phase) % 1;
        return `<ellipse cx="${n(x + (x < 80 ? -p * 14 : p * 14))}" cy="${n(44 + p * 40)}" rx="4" ry="6" fill="#4dabf7" opacity="${n(1 - p * 0.7)}"/>`;
      };
      return (
        face(80, 50, 32, { mouth: 'open', eyes: 'closed', tilt: wave(t, 2) * 6 }) +
        drop(62, 0) +
        drop(98, 0.5) +
        drop(60, 0.33) +
        drop(100, 0.83) +
        text(80, 104, both(t, 'До слёз!', 'So funny!'), 17, '#0b7285')
      );
    },
  },
  'laugh-lol.gif': {
    frames: 12,
    delay: 80,
    background: '#212529',
    draw: (t) => {
      const i = Math.floor(t * 12);
      const word = both(t, 'РЖУ', 'LOL');
      return [...word]
        .map((ch, k) =>
          text(
            44 + k * 36 + 3 * wave(t + k * 0.3, 4),
            58 + 6 * wave(t + k * 0.2, 3),
            ch,
            40,
            PALETTE[(i + k * 2) % PALETTE.length]!,
          ),
        )
        .join('');
    },
  },
  'yes-nod.gif': {
    frames: 12,
    delay: 80,
    background: '#ebfbee',
    draw: (t) =>
      face(80, 48 + 8 * wave(t, 2), 30, { mouth: 'smile', eyes: 'dots' }) +
      text(80, 104, both(t, 'Да!', 'Yes!'), 22, '#2b8a3e'),
  },
  'no-shake.gif': {
    frames: 12,
    delay: 70,
    background: '#fff5f5',
    draw: (t) =>
      face(80 + 12 * wave(t, 2), 48, 30, { mouth: 'flat', eyes: 'dots', tilt: 8 * wave(t, 2) }) +
      text(80, 104, both(t, 'Нет!', 'No!'), 22, '#c92a2a'),
  },
  'yes-check.gif': {
    frames: 14,
    delay: 80,
    background: '#ffffff',
    draw: (t) => {
      const p = Math.min(1, t * 1.6);
      const length = 110;
      return (
        circle(80, 52, 38, '#d3f9d8', 'stroke="#2f9e44" stroke-width="4"') +
        `<path d="M58 54L74 70L104 38" fill="none" stroke="#2f9e44" stroke-width="9" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="${length}" stroke-dashoffset="${n(length * (1 - p))}"/>` +
        text(80, 106, both(t, 'Верно', 'Right'), 16, '#2b8a3e')
      );
    },
  },
  'no-cross.gif': {
    frames: 12,
    delay: 90,
    background: '#ffffff',
    draw: (t) => {
      const on = Math.floor(t * 6) % 2 === 0;
      const color = on ? '#e03131' : '#ffa8a8';
      return (
        circle(80, 52, 38, '#fff5f5', `stroke="${color}" stroke-width="4"`) +
        `<path d="M62 34L98 70M98 34L62 70" stroke="${color}" stroke-width="10" stroke-linecap="round"/>` +
        text(80, 106, both(t, 'Неверно', 'Wrong'), 16, '#c92a2a')
      );
    },
  },
  'maybe.gif': {
    frames: 16,
    delay: 80,
    background: '#f8f9fa',
    draw: (t) =>
      face(56, 54, 26, { mouth: 'o', eyes: 'dots', tilt: 10 * wave(t) }) +
      `<g transform="translate(118 50) rotate(${n(20 * wave(t, 2))})">` +
      text(0, 0, '?', 48, '#1971c2') +
      '</g>' +
      text(80, 106, both(t, 'Может быть…', 'Maybe…'), 15, '#495057'),
  },
  'party-confetti.gif': {
    frames: 16,
    delay: 70,
    background: '#f3f0ff',
    draw: (t) =>
      confetti
        .map((c) => {
          const y = (c.y + t * H * c.speed) % H;
          const angle = c.spin + t * 360 * c.speed;
          return `<rect x="-4" y="-2" width="8" height="4" fill="${c.color}" transform="translate(${n(c.x)} ${n(y)}) rotate(${n(angle)})"/>`;
        })
        .join('') + text(80, 60, both(t, 'Ура!', 'Hooray!'), 30, '#7048e8'),
  },
  'party-balloons.gif': {
    frames: 16,
    delay: 80,
    background: '#e7f5ff',
    draw: (t) =>
      [28, 62, 98, 132]
        .map((x, i) => {
          const y = 46 + 8 * wave(t + i * 0.25);
          const color = ['#e03131', '#fab005', '#1971c2', '#2f9e44'][i]!;
          return (
            `<path d="M${x} ${n(y + 22)}Q${x + 6} ${n(y + 40)} ${x} ${n(y + 58)}" stroke="#868e96" stroke-width="1.5" fill="none"/>` +
            `<ellipse cx="${x}" cy="${n(y)}" rx="15" ry="20" fill="${color}"/>` +
            `<ellipse cx="${x - 5}" cy="${n(y - 7)}" rx="3" ry="5" fill="#ffffff" opacity="0.6"/>`
          );
        })
        .join('') + text(80, 108, both(t, 'Праздник!', 'Party!'), 16, '#1864ab'),
  },
  'party-cake.gif': {
    frames: 12,
    delay: 90,
    background: '#fff0f6',
    draw: (t) => {
      const candles = [62, 80, 98]
        .map((x, i) => {
          const flicker = 1 + 0.25 * wave(t + i * 0.3, 3);
          return (
            `<rect x="${x - 2.5}" y="34" width="5" height="16" fill="#74c0fc"/>` +
            `<ellipse cx="${x}" cy="${n(29 - flicker)}" rx="${n(3.5 * flicker)}" ry="${n(6 * flicker)}" fill="#fab005"/>`
          );
        })
        .join('');
      return (
        candles +
        `<rect x="44" y="50" width="72" height="34" rx="6" fill="#f783ac"/>` +
        `<path d="M44 60Q53 68 62 60Q71 68 80 60Q89 68 98 60Q107 68 116 60" stroke="#ffffff" stroke-width="4" fill="none"/>` +
        text(80, 104, both(t, 'С днём рождения!', 'Happy birthday!'), 14, '#a61e4d')
      );
    },
  },
  'party-fireworks.gif': {
    frames: 16,
    delay: 70,
    background: '#1c1f3b',
    draw: (t) => {
      const burst = (cx: number, cy: number, phase: number, color: string) => {
        const p = (t + phase) % 1;
        const r = 6 + p * 30;
        return Array.from({ length: 10 }, (_, i) => {
          const a = (i / 10) * TAU;
          return circle(cx + r * Math.cos(a), cy + r * Math.sin(a), 3 * (1 - p) + 0.5, color);
        }).join('');
      };
      return (
        burst(48, 42, 0, '#fab005') +
        burst(112, 50, 0.5, '#f783ac') +
        burst(84, 30, 0.25, '#74c0fc') +
        text(80, 104, both(t, 'Салют!', 'Fireworks!'), 16, '#fcc419')
      );
    },
  },
};

// ---------------------------------------------------------------------------------------------

async function render(drawing: Drawing): Promise<Buffer> {
  const frames = await Promise.all(
    Array.from({ length: drawing.frames }, (_, i) => {
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
        `<rect width="${W}" height="${H}" fill="${drawing.background}"/>` +
        drawing.draw(i / drawing.frames) +
        '</svg>';
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({
      // One delay per frame: a single number would time the first frame only.
      delay: frames.map(() => drawing.delay),
      loop: 0,
      colours: 32,
      dither: 0,
      effort: 10,
    })
    .toBuffer();
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const category of DEMO_GIF_CATEGORIES) {
    for (const gif of category.gifs) {
      const drawing = DRAWINGS[gif.file];
      if (!drawing) throw new Error(`no drawing for ${gif.file}`);
      const bytes = await render(drawing);
      writeFileSync(join(OUT, gif.file), bytes);
      console.log(`${gif.file}: ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  }
}

await main();
