import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { nowMs } from '../lib/clock.mjs';
import { pinSelf } from '../lib/procs.mjs';

/**
 * The floor: `sharp` alone doing the re-encoding the upload pipeline does
 * (`apps/server/src/features/uploads/image-processor.ts`, `attachment-processor.ts`), on the
 * same files, with the same number of jobs at once as the server's job queue and sharp's own
 * default thread count, on the server's core. Per job, as the pipeline: read the original,
 * read its header (animated: all frames), then the bounded picture and the thumbnail rendered
 * side by side, each from the original bytes (rotate by EXIF for stills, fit inside, never
 * enlarge, same encoder and quality), and both written out. No HTTP, database, classifier or
 * events: what is left is the work any server must do.
 */
const FORMATS = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

function encode(image, format) {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 8 });
    case 'gif':
      return image.gif();
    default:
      return image.webp({ quality: 85 });
  }
}

async function render(input, format, animated, side, maxPixels) {
  let image = sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated', animated });
  if (!animated) image = image.rotate();
  image = image.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
  return encode(image, format).toBuffer({ resolveWithObject: true });
}

async function processOne(path, limits, outDir, n) {
  const input = await readFile(path);
  const meta = await sharp(input, { limitInputPixels: false, animated: true }).metadata();
  const format = FORMATS[meta.format];
  const animated = (meta.pages ?? 1) > 1;
  const [main, thumb] = await Promise.all([
    render(input, format, animated, limits.maxSide, limits.maxPixels),
    render(input, format, animated, limits.thumbSide, limits.maxPixels),
  ]);
  await writeFile(join(outDir, `${n}.main`), main.data);
  await writeFile(join(outDir, `${n}.thumb`), thumb.data);
  return { width: main.info.width, bytes: main.data.length };
}

process.on('message', async (command) => {
  if (command.type !== 'run') {
    if (command.type === 'close') process.exit(0);
    return;
  }
  pinSelf(command.cpus);
  const { jobs, concurrency, limits, outDir } = command;
  const times = [];
  let next = 0;
  const started = nowMs();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const i = next++;
        const t = nowMs();
        await processOne(jobs[i].path, limits, outDir, i);
        times.push({ kind: jobs[i].kind, ms: nowMs() - t });
      }
    }),
  );
  process.send({
    type: 'done',
    elapsedMs: nowMs() - started,
    times,
    sharp: { concurrency: sharp.concurrency(), version: sharp.versions.sharp },
  });
});
