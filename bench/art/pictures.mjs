import sharp from 'sharp';

/**
 * Photo-like pictures for the art bench: the demo seed's drawings are flat shapes that any
 * encoder squeezes to a few kilobytes, which would flatter the gallery's transfer. These carry
 * a photo's detail (coloured gradients under blurred noise), in the proportions people upload
 * (landscape, portrait, square, panorama), at a phone camera's size.
 */
const SHAPES = [
  [1600, 1200],
  [1200, 1600],
  [1500, 1500],
  [1920, 1080],
  [1080, 1620],
  [2000, 900],
];

export async function photoLike(i) {
  const [width, height] = SHAPES[i % SHAPES.length];
  const hue = (i * 47) % 360;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},60%,35%)"/>
        <stop offset="1" stop-color="hsl(${(hue + 120) % 360},55%,70%)"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${width * 0.6}" cy="${height * 0.4}" r="${Math.min(width, height) / 4}"
        fill="hsl(${(hue + 200) % 360},70%,55%)" opacity="0.7"/>
    </svg>`,
  );
  // Detail at a few scales, as a photo has: noise drawn small and enlarged survives the
  // thumbnail's downscaling (fine noise alone would average away to a flat gradient).
  const texture = async (scale, sigma) =>
    sharp({
      create: {
        width: Math.ceil(width / scale),
        height: Math.ceil(height / scale),
        channels: 3,
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .resize(width, height, { kernel: 'cubic' })
      .png()
      .toBuffer();
  const [coarse, fine] = await Promise.all([texture(6, 40), texture(1, 20)]);
  return sharp(gradient)
    .composite([
      { input: coarse, blend: 'overlay' },
      { input: fine, blend: 'soft-light' },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}
