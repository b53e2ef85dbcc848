import { UPLOAD_MAX_BYTES, type Attachment } from '@chat/shared';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n/i18n';
import { createUploadsStore, READY_POLL_MS, useUploadsStore, type UploadsDeps } from './store';
import { usePendingUploads } from './use-pending-uploads';
import { makeAttachment, pngFile } from '../../test/uploads-kit';
import { UploadError, type UploadInput } from './upload-client';
import { processingErrorText } from './upload-errors';

interface Call {
  input: UploadInput;
  resolve: (a: Attachment) => void;
  reject: (e: unknown) => void;
}

function setup(overrides: Partial<UploadsDeps> = {}) {
  const calls: Call[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const toasts: string[] = [];
  let n = 0;
  const store = createUploadsStore({
    upload: (input) =>
      new Promise<Attachment>((resolve, reject) => {
        calls.push({ input, resolve, reject });
        input.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      }),
    fetchAttachment: vi.fn(async (id: number) => makeAttachment({ id })),
    createPreview: () => 'blob:preview',
    revokePreview: vi.fn(),
    later: (run, ms) => timers.push({ run, ms }),
    text: (key) => translate(`uploads:${key}`, 'en'),
    processingText: (a) => processingErrorText(a, 'en', translate),
    toast: (text) => toasts.push(text),
    makeId: () => `u${++n}`,
    ...overrides,
  });
  const items = (owner = 'room:1') => store.getState().items[owner] ?? [];
  return { store, calls, timers, toasts, items };
}

const flush = () => act(async () => {});

describe('pending uploads', () => {
  it('shows progress, then waits for AttachmentReady by id', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    expect(items()[0]).toMatchObject({
      state: 'uploading',
      progress: 0,
      previewUrl: 'blob:preview',
    });
    calls[0]?.input.onProgress?.(30, 100);
    expect(items()[0]?.progress).toBeCloseTo(0.3);
    calls[0]?.resolve(makeAttachment({ id: 9, status: 'in-process' }));
    await flush();
    expect(items()[0]?.state).toBe('processing');
    store.getState().attachmentReady(makeAttachment({ id: 8 }));
    expect(items()[0]?.state).toBe('processing');
    store.getState().attachmentReady(makeAttachment({ id: 9 }));
    expect(items()[0]).toMatchObject({ state: 'ready', attachment: { id: 9, status: 'complete' } });
  });

  it('keeps a ready event that beat the upload answer', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    store.getState().attachmentReady(makeAttachment({ id: 4 }));
    calls[0]?.resolve(makeAttachment({ id: 4, status: 'in-process' }));
    await flush();
    expect(items()[0]?.state).toBe('ready');
  });

  it('says why processing failed, by the error code', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    calls[0]?.resolve(makeAttachment({ id: 5, status: 'in-process' }));
    await flush();
    store.getState().attachmentReady(makeAttachment({ id: 5, status: 'error', error: 'broken' }));
    expect(items()[0]).toMatchObject({
      state: 'failed',
      error: 'The picture is damaged and cannot be read.',
    });
    store.getState().attachmentReady(makeAttachment({ id: 5, status: 'error', error: 'whatever' }));
  });

  it('falls back to the unknown upload error for a code it does not know', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    calls[0]?.resolve(makeAttachment({ id: 5, status: 'in-process' }));
    await flush();
    store.getState().attachmentReady(makeAttachment({ id: 5, status: 'error', error: 'martian' }));
    expect(items()[0]?.error).toBe('An unknown file upload error occured.');
  });

  it('asks for the attachment when the ready event does not come', async () => {
    const { store, calls, items, timers } = setup();
    store.getState().add('room:1', [pngFile()]);
    calls[0]?.resolve(makeAttachment({ id: 6, status: 'in-process' }));
    await flush();
    expect(timers[0]?.ms).toBe(READY_POLL_MS);
    timers[0]?.run();
    await flush();
    expect(items()[0]?.state).toBe('ready');
  });

  it('refuses a file over the limit or of another type before sending a byte', () => {
    const { store, calls, items } = setup();
    store
      .getState()
      .add('room:1', [
        pngFile('huge.png', UPLOAD_MAX_BYTES + 1),
        pngFile('page.html', 10, 'text/html'),
      ]);
    expect(calls).toHaveLength(0);
    expect(items().map((i) => [i.state, i.error, i.retryable])).toEqual([
      ['failed', 'Too large file.', false],
      ['failed', 'This is not a picture we accept (JPEG, PNG, GIF or WebP).', false],
    ]);
  });

  it('takes a larger file under a larger limit (premium: uploads.large)', () => {
    const { store, calls, items } = setup({ maxBytes: () => UPLOAD_MAX_BYTES * 2 });
    store.getState().add('room:1', [pngFile('big.png', UPLOAD_MAX_BYTES + 1)]);
    expect(items()[0]?.state).toBe('uploading');
    expect(calls).toHaveLength(1);
  });

  it('shows the server refusal and retries with the same file', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    calls[0]?.reject(new UploadError(500, 'An unknown file upload error occured.', true));
    await flush();
    expect(items()[0]).toMatchObject({
      state: 'failed',
      error: 'An unknown file upload error occured.',
    });
    store.getState().retry(items()[0]?.id ?? '');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.input.file).toBe(calls[0]?.input.file);
    expect(items()[0]?.state).toBe('uploading');
  });

  it('takes at most 10 pictures in one box and says so', () => {
    const { store, items, toasts } = setup();
    store.getState().add(
      'room:1',
      Array.from({ length: 12 }, (_, i) => pngFile(`${i}.png`)),
    );
    expect(items()).toHaveLength(10);
    expect(toasts).toEqual(['At most 10 pictures fit in one message.']);
  });

  it('removes a picture, stopping its upload', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    const signal = calls[0]?.input.signal;
    store.getState().remove(items()[0]?.id ?? '');
    expect(signal?.aborted).toBe(true);
    expect(items()).toEqual([]);
  });

  it('sends a picture again with the 18+ mark', async () => {
    const { store, calls, items } = setup();
    store.getState().add('room:1', [pngFile()]);
    calls[0]?.resolve(makeAttachment({ id: 3 }));
    await flush();
    expect(items()[0]?.state).toBe('ready');
    store.getState().setAdult(items()[0]?.id ?? '', true);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.input.adult).toBe(true);
    expect(items()[0]).toMatchObject({ adult: true, state: 'uploading' });
  });
});

describe('usePendingUploads', () => {
  it('lists what is ready to send and whether the box is busy or holds an adult picture', () => {
    const initial = useUploadsStore.getState();
    const base = {
      owner: 'room:2',
      name: 'a.png',
      previewUrl: '',
      adult: false,
      progress: 1,
      error: null,
      retryable: true,
    };
    const { result } = renderHook(() => usePendingUploads('room:2'));
    expect(result.current).toMatchObject({ items: [], busy: false, hasAdult: false, ready: [] });
    act(() =>
      useUploadsStore.setState({
        items: {
          'room:2': [
            { ...base, id: 'a', state: 'ready', attachment: makeAttachment({ id: 11 }) },
            { ...base, id: 'b', state: 'processing', attachment: makeAttachment({ id: 12 }) },
            { ...base, id: 'c', state: 'ready', attachment: makeAttachment({ id: 13, adult: 1 }) },
          ],
        },
      }),
    );
    expect(result.current.ready.map((a) => a.id)).toEqual([11, 13]);
    expect(result.current.readyIds).toEqual(['a', 'c']);
    expect(result.current.busy).toBe(true);
    expect(result.current.hasAdult).toBe(true);
    expect(result.current.hasFailed).toBe(false);
    act(() => useUploadsStore.setState(initial, true));
  });
});
