import type { Locale } from '@chat/shared';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n/i18n';
import { createApiClient } from '../../lib/api-client';
import { createUploader, UploadAborted, UploadError } from './upload-client';
import { FakeXhr, makeAttachment, pngFile } from '../../test/uploads-kit';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);

function setup(locale: Locale = 'en') {
  const toasts: string[] = [];
  const buildKeys: string[] = [];
  const deps = {
    fetch: () => Promise.reject(new Error('uploads go by XMLHttpRequest')),
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    getLocale: () => locale,
    getCookie: (name: string) => (name === 'XSRF-TOKEN' ? 'xsrf value' : null),
    getSocketId: () => '123.456',
    onBuildKey: (key: string) => buildKeys.push(key),
    toast: (text: string) => toasts.push(text),
    translate,
    now: () => NOW,
  };
  const upload = createUploader({ ...deps, client: createApiClient(deps) });
  return { upload, toasts, buildKeys, xhr: () => FakeXhr.last as FakeXhr };
}

async function failureOf(promise: Promise<unknown>): Promise<UploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  return error as UploadError;
}

describe('uploader', () => {
  it('posts the file with the API headers and reports progress, then the attachment', async () => {
    const { upload, xhr, buildKeys } = setup('ru');
    const progress: number[] = [];
    const done = upload({
      file: pngFile(),
      name: 'cat.png',
      adult: true,
      onProgress: (loaded, total) => progress.push(loaded / total),
    });
    const request = xhr();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/upload');
    expect(request.withCredentials).toBe(true);
    expect(request.headers).toMatchObject({
      'X-Localization': 'ru',
      'X-XSRF-TOKEN': 'xsrf value',
      'X-Socket-ID': '123.456',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(request.body?.get('adult')).toBe('1');
    expect(request.body?.get('purpose')).toBe('attachment');
    expect((request.body?.get('file') as File).name).toBe('cat.png');
    request.progress(50, 100);
    request.progress(100, 100);
    const sent = makeAttachment({ id: 7, status: 'in-process' });
    request.respond(202, { data: sent });
    await expect(done).resolves.toEqual(sent);
    expect(progress).toEqual([0.5, 1]);
    expect(buildKeys).toEqual(['build-1']);
  });

  it('says "Too large file." for a 413', async () => {
    const { upload, xhr } = setup();
    const done = upload({ file: pngFile(), name: 'big.png', adult: false });
    xhr().respond(413, { message: 'Too large file.', code: 'too_large' });
    const error = await failureOf(done);
    expect(error.message).toBe('Too large file.');
    expect(error.retryable).toBe(false);
  });

  it("says why the picture is not accepted for a 422 on the file, in the server's words", async () => {
    const { upload, xhr } = setup('ru');
    const done = upload({ file: pngFile(), name: 'x.png', adult: false });
    const why = 'В анимации слишком много кадров (не больше 300).';
    xhr().respond(422, { message: 'bad', code: 'validation', errors: { file: [why] } });
    expect((await failureOf(done)).message).toBe(why);
    // The server said nothing of it: our own words.
    const silent = upload({ file: pngFile(), name: 'x.png', adult: false });
    xhr().respond(422, { message: 'bad', code: 'validation', errors: { file: [] } });
    expect((await failureOf(silent)).message).toMatch(/не принимаем/);
  });

  it('toasts the rate limit of a 429 and shows it on the picture', async () => {
    const { upload, xhr, toasts } = setup();
    const done = upload({ file: pngFile(), name: 'x.png', adult: false });
    xhr().respond(
      429,
      { message: 'slow', code: 'too_many_requests' },
      { 'x-ratelimit-reset': String(NOW / 1000 + 30) },
    );
    const error = await failureOf(done);
    expect(error.message).toMatch(/^Too fast\.\.\. Try again in 30 seconds/);
    expect(toasts).toEqual([error.message]);
  });

  it('says the unknown upload error only when nothing better is known', async () => {
    const { upload, xhr, toasts } = setup();
    const done = upload({ file: pngFile(), name: 'x.png', adult: false });
    xhr().respond(500, null);
    expect((await failureOf(done)).message).toBe('An unknown file upload error occured.');
    expect(toasts).toEqual([]);
  });

  it('tells a lost connection apart', async () => {
    const { upload, xhr } = setup();
    const done = upload({ file: pngFile(), name: 'x.png', adult: false });
    xhr().fail();
    expect((await failureOf(done)).message).toMatch(/connection was lost/);
  });

  it('rejects with UploadAborted when the caller gives up', async () => {
    const { upload } = setup();
    const controller = new AbortController();
    const done = upload({
      file: pngFile(),
      name: 'x.png',
      adult: false,
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toBeInstanceOf(UploadAborted);
    vi.restoreAllMocks();
  });
});
