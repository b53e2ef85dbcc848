/**
 * A short beep as a WAV file, written by code: the site's default sounds need no file to ship,
 * fetch or license. 16-bit mono PCM, with a fade in and out so it does not click.
 */
export function beepWav(tones: { hz: number; ms: number }[], rate = 22_050, volume = 0.5): Buffer {
  const samples: number[] = [];
  for (const { hz, ms } of tones) {
    const count = Math.round((rate * ms) / 1000);
    const fade = Math.min(count / 2, Math.round(rate * 0.01));
    for (let i = 0; i < count; i += 1) {
      const edge = Math.min(1, i / fade, (count - 1 - i) / fade);
      const decay = Math.exp((-3 * i) / count);
      samples.push(Math.sin((2 * Math.PI * hz * i) / rate) * volume * edge * decay);
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(s * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
