import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * The pictures people send, made in the run (no third-party media): phone photos, screenshots
 * and small animated GIFs. Each kind is drawn from a seeded random generator, so every run
 * uploads the same bytes.
 */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

const pick = (r, list) => list[Math.floor(r() * list.length)];
const PALETTE = ['#3b6ea5', '#d9a441', '#7a9e48', '#b5523b', '#6b4c8a', '#2f8f83', '#cfc6b8'];

/**
 * A 4000×3000 phone photo: shapes with gradients over film-grain noise, blurred a little as a
 * lens does, JPEG quality 92 with EXIF as a phone writes it (orientation 6: the sensor's
 * landscape pixels shown as portrait; make, model and a GPS position the pipeline must drop).
 */
export async function phonePhoto(seed) {
  const r = rng(seed);
  const [w, h] = [4000, 3000];
  const shapes = [];
  for (let i = 0; i < 40; i++) {
    const [x, y, size] = [r() * w, r() * h, 150 + r() * 900];
    const fill = `url(#g${i % 4})`;
    shapes.push(
      r() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" opacity="${0.4 + r() * 0.6}"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${size * (0.3 + r())}" rx="${r() * 60}" fill="${fill}" opacity="${0.4 + r() * 0.6}" transform="rotate(${r() * 90 - 45} ${x} ${y})"/>`,
    );
  }
  const gradients = Array.from(
    { length: 4 },
    (_, i) =>
      `<linearGradient id="g${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pick(r, PALETTE)}"/><stop offset="1" stop-color="${pick(r, PALETTE)}"/></linearGradient>`,
  ).join('');
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${gradients}<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fb8de"/><stop offset="1" stop-color="#e9dcc4"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#sky)"/>${shapes.join('')}</svg>`,
  );
  const grain = await sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const flat = await sharp(scene)
    .composite([{ input: grain, blend: 'soft-light' }])
    .blur(0.8)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(flat.data, { raw: flat.info })
    .removeAlpha()
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: 'Model 7', Orientation: '6' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 45/1 2100/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '37/1 37/1 1200/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** A 1920×1080 screenshot of a web app: flat panels, buttons, avatars and lines of "text". */
export async function screenshot(seed) {
  const r = rng(seed);
  const [w, h] = [1920, 1080];
  const parts = [
    `<rect width="${w}" height="${h}" fill="#f4f5f7"/>`,
    `<rect width="${w}" height="56" fill="#2c3e50"/>`,
    `<rect y="56" width="300" height="${h - 56}" fill="#ffffff"/>`,
  ];
  for (let i = 0; i < 14; i++) {
    const y = 80 + i * 64;
    parts.push(`<circle cx="40" cy="${y + 18}" r="18" fill="${pick(r, PALETTE)}"/>`);
    parts.push(
      `<rect x="70" y="${y + 6}" width="${80 + r() * 140}" height="10" rx="4" fill="#34495e"/>`,
    );
    parts.push(
      `<rect x="70" y="${y + 24}" width="${60 + r() * 160}" height="8" rx="4" fill="#aab4be"/>`,
    );
  }
  let y = 90;
  while (y < h - 140) {
    const lines = 1 + Math.floor(r() * 4);
    parts.push(`<circle cx="352" cy="${y + 20}" r="20" fill="${pick(r, PALETTE)}"/>`);
    parts.push(
      `<rect x="390" y="${y - 6}" width="${700 + r() * 600}" height="${lines * 22 + 28}" rx="10" fill="#ffffff" stroke="#dde1e6"/>`,
    );
    for (let l = 0; l < lines; l++) {
      // Words as short dark bars: what text is to a PNG encoder (sharp has no fonts here).
      let x = 406;
      const end = 406 + 500 + r() * 550;
      while (x < end) {
        const word = 12 + r() * 70;
        parts.push(
          `<rect x="${x}" y="${y + 8 + l * 22}" width="${word}" height="11" rx="2" fill="#3d4852"/>`,
        );
        x += word + 7;
      }
    }
    y += lines * 22 + 50;
  }
  parts.push(
    `<rect x="330" y="${h - 70}" width="${w - 360}" height="48" rx="8" fill="#ffffff" stroke="#c8ced4"/>`,
  );
  parts.push(`<rect x="${w - 150}" y="${h - 64}" width="110" height="36" rx="6" fill="#2e86de"/>`);
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** A 200×200 animated GIF of 10 frames: a ball crossing a patterned background. */
export async function smallGif(seed) {
  const r = rng(seed);
  const size = 200;
  const bg = pick(r, PALETTE);
  const stripes = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="0" y="${i * 25}" width="${size}" height="12" fill="${pick(r, PALETTE)}" opacity="0.5"/>`,
  ).join('');
  const frames = await Promise.all(
    Array.from({ length: 10 }, (_, f) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${bg}"/>${stripes}<circle cx="${20 + f * 16}" cy="${100 + Math.sin(f / 1.5) * 60}" r="26" fill="#ffffff" stroke="#222" stroke-width="4"/></svg>`,
        ),
      )
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 80, loop: 0 })
    .toBuffer();
}

export const KINDS = {
  photo: { make: phonePhoto, ext: 'jpg', mime: 'image/jpeg' },
  screenshot: { make: screenshot, ext: 'png', mime: 'image/png' },
  gif: { make: smallGif, ext: 'gif', mime: 'image/gif' },
};

/** `variants` distinct files of each kind in `dir`: [{ kind, path, bytes, mime, name }]. */
export async function makeInputs(dir, variants) {
  const files = [];
  for (const [kind, spec] of Object.entries(KINDS)) {
    for (let v = 0; v < variants; v++) {
      const data = await spec.make(1000 * (v + 1) + kind.length);
      const name = `${kind}-${v}.${spec.ext}`;
      const path = join(dir, name);
      writeFileSync(path, data);
      files.push({ kind, path, name, mime: spec.mime, bytes: data.length });
    }
  }
  return files;
}
