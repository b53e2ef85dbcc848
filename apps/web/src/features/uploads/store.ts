import {
  ART_PICTURES_MAX,
  ATTACHMENTS_PER_MESSAGE,
  PREMIUM_UPLOAD_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  type Attachment,
  type UploadPurpose,
} from '@chat/shared';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { api, apiDeps } from '../../lib/api';
import { currentLocale, translate } from '../../i18n/i18n';
import { can } from '../session/permissions';
import { useSessionStore } from '../session/store';
import { pushToast } from '../toasts/store';
import { UploadAborted, UploadError, createUploader, type Uploader } from './upload-client';
import { checkFile, processingErrorText } from './upload-errors';
import type { PendingUpload } from './types';
import type { UploadEventActions } from './upload-events';

/** If `AttachmentReady` has not come this long after the upload, ask for the attachment. */
export const READY_POLL_MS = 8000;
const READY_POLLS_MAX = 15;
/** Ready events for uploads whose answer has not arrived yet (processing beat the 202). */
const EARLY_MAX = 50;

export interface UploadsDeps {
  upload: Uploader;
  /** GET /api/upload/{id}: the fallback when the ready event was missed (a reconnect). */
  fetchAttachment: (id: number) => Promise<Attachment>;
  createPreview: (file: Blob) => string;
  revokePreview: (url: string) => void;
  later: (run: () => void, ms: number) => void;
  text: (key: string) => string;
  processingText: (attachment: Attachment) => string;
  toast: (text: string) => void;
  makeId: () => string;
  /** My byte limit (premium raises it: `uploads.large`); the site's when left out. */
  maxBytes?: () => number;
}

export interface UploadsState extends UploadEventActions {
  /** Per message box, in the order added. */
  items: Readonly<Record<string, readonly PendingUpload[]>>;
  /** Adds files to a box; refused ones show why at once. Beyond its limit a toast says so. */
  add(owner: string, files: readonly File[]): void;
  remove(id: string): void;
  retry(id: string): void;
  /** Marks a picture 18+ or not; an uploaded one is sent again with the new mark. */
  setAdult(id: string, adult: boolean): void;
  /** After sending: drops these (or all) of a box's pictures. */
  clear(owner: string, ids?: readonly string[]): void;
  /** Signed out: forget everything. */
  reset(): void;
}

export type UploadsStore = UseBoundStore<StoreApi<UploadsState>>;

export function createUploadsStore(deps: UploadsDeps): UploadsStore {
  return create<UploadsState>()((set, get) => {
    const aborts = new Map<string, AbortController>();
    const early = new Map<number, Attachment>();

    const find = (id: string): PendingUpload | undefined => {
      for (const list of Object.values(get().items)) {
        const item = list.find((i) => i.id === id);
        if (item) return item;
      }
      return undefined;
    };
    const patch = (id: string, change: Partial<PendingUpload>) =>
      set((s) => {
        const item = find(id);
        if (!item) return s;
        const list = s.items[item.owner] ?? [];
        return {
          items: {
            ...s.items,
            [item.owner]: list.map((i) => (i.id === id ? { ...i, ...change } : i)),
          },
        };
      });

    /** A finished attachment (by the event, the poll or the 202 itself) lands on its item. */
    const settle = (id: string, attachment: Attachment) => {
      if (attachment.status === 'in-process') return;
      if (attachment.status === 'complete') {
        patch(id, { state: 'ready', attachment, progress: 1, error: null });
      } else {
        patch(id, {
          state: 'failed',
          attachment,
          error: deps.processingText(attachment),
          retryable: true,
        });
      }
    };

    const poll = (id: string, attachmentId: number, round: number) => {
      deps.later(() => {
        const item = find(id);
        if (item?.state !== 'processing' || item.attachment?.id !== attachmentId) return;
        deps.fetchAttachment(attachmentId).then(
          (attachment) => {
            if (attachment.status !== 'in-process') return settle(id, attachment);
            if (round + 1 < READY_POLLS_MAX) poll(id, attachmentId, round + 1);
            else
              patch(id, { state: 'failed', error: deps.text('errors.unknown'), retryable: true });
          },
          () => {
            if (round + 1 < READY_POLLS_MAX) poll(id, attachmentId, round + 1);
          },
        );
      }, READY_POLL_MS);
    };

    const start = (id: string, file: File) => {
      const item = find(id);
      if (!item) return;
      aborts.get(id)?.abort();
      const controller = new AbortController();
      aborts.set(id, controller);
      patch(id, { state: 'uploading', progress: 0, error: null, attachment: null });
      deps
        .upload({
          file,
          name: file.name,
          adult: item.adult,
          purpose: purposeOf(item.owner),
          signal: controller.signal,
          onProgress: (loaded, total) => {
            if (aborts.get(id) === controller)
              patch(id, { progress: total > 0 ? loaded / total : 0 });
          },
        })
        .then(
          (attachment) => {
            if (aborts.get(id) !== controller) return;
            aborts.delete(id);
            patch(id, { state: 'processing', progress: 1, attachment });
            const known = early.get(attachment.id);
            early.delete(attachment.id);
            if (known) settle(id, known);
            else if (attachment.status !== 'in-process') settle(id, attachment);
            else poll(id, attachment.id, 0);
          },
          (error: unknown) => {
            if (error instanceof UploadAborted || aborts.get(id) !== controller) return;
            aborts.delete(id);
            patch(id, {
              state: 'failed',
              error: error instanceof UploadError ? error.message : deps.text('errors.unknown'),
              retryable: error instanceof UploadError ? error.retryable : true,
            });
          },
        );
    };

    // The files themselves stay out of the state (they are not data to render).
    const files = new Map<string, File>();

    return {
      items: {},
      add: (owner, incoming) => {
        const room = picturesPerBox(owner) - (get().items[owner]?.length ?? 0);
        if (incoming.length > room) deps.toast(deps.text('errors.tooMany'));
        const taken = incoming.slice(0, Math.max(0, room));
        if (taken.length === 0) return;
        const added: PendingUpload[] = taken.map((file) => {
          const check = checkFile(file, deps.maxBytes?.());
          return {
            id: deps.makeId(),
            owner,
            name: file.name,
            previewUrl: check === 'notAccepted' ? '' : deps.createPreview(file),
            adult: false,
            state: check === null ? 'uploading' : 'failed',
            progress: 0,
            attachment: null,
            error: check === null ? null : deps.text(`errors.${check}`),
            retryable: check === null,
          };
        });
        added.forEach((item, at) => files.set(item.id, taken[at] as File));
        set((s) => ({ items: { ...s.items, [owner]: [...(s.items[owner] ?? []), ...added] } }));
        for (const item of added) {
          const file = files.get(item.id);
          if (item.state === 'uploading' && file) start(item.id, file);
        }
      },
      remove: (id) => {
        const item = find(id);
        if (!item) return;
        aborts.get(id)?.abort();
        aborts.delete(id);
        files.delete(id);
        if (item.previewUrl) deps.revokePreview(item.previewUrl);
        set((s) => ({
          items: {
            ...s.items,
            [item.owner]: (s.items[item.owner] ?? []).filter((i) => i.id !== id),
          },
        }));
      },
      retry: (id) => {
        const item = find(id);
        const file = files.get(id);
        if (item?.state !== 'failed' || !item.retryable || !file) return;
        start(id, file);
      },
      setAdult: (id, adult) => {
        const item = find(id);
        const file = files.get(id);
        if (!item || item.adult === adult) return;
        patch(id, { adult });
        // The mark travels with the upload: a picture already sent goes again with it, so that
        // the server (and a private message's recipient) knows it is 18+.
        if (file && item.state !== 'failed') start(id, file);
      },
      clear: (owner, ids) => {
        for (const item of get().items[owner] ?? []) {
          if (ids === undefined || ids.includes(item.id)) get().remove(item.id);
        }
      },
      reset: () => {
        for (const list of Object.values(get().items)) list.forEach((i) => get().remove(i.id));
        early.clear();
        set({ items: {} });
      },
      attachmentReady: (attachment) => {
        for (const list of Object.values(get().items)) {
          const item = list.find((i) => i.attachment?.id === attachment.id);
          if (item) {
            if (item.state === 'processing') settle(item.id, attachment);
            return;
          }
        }
        // Not ours yet: the upload's own answer may still be on its way.
        early.set(attachment.id, attachment);
        if (early.size > EARLY_MAX) early.delete(early.keys().next().value as number);
      },
    };
  });
}

/**
 * A box named `photo:…` fills a profile gallery, `art:…` an art post; every other box sends
 * message pictures.
 */
export function purposeOf(owner: string): UploadPurpose {
  if (owner.startsWith('photo:')) return 'photo';
  return owner.startsWith('art:') ? 'art' : 'attachment';
}

/** How many pictures a box holds at once: an art post's 20, a message's 10. */
export const picturesPerBox = (owner: string): number =>
  purposeOf(owner) === 'art' ? ART_PICTURES_MAX : ATTACHMENTS_PER_MESSAGE;

let counter = 0;

/** The site's one uploads store, wired to the API client's headers and the interface language. */
export const useUploadsStore: UploadsStore = createUploadsStore({
  upload: createUploader({ ...apiDeps, client: api }),
  fetchAttachment: async (id) =>
    (await api.get<Attachment>(`/api/upload/${id}`, { silent: true })).data,
  createPreview: (file) => URL.createObjectURL(file),
  revokePreview: (url) => URL.revokeObjectURL(url),
  later: (run, ms) => {
    setTimeout(run, ms);
  },
  text: (key) => translate(`uploads:${key}`, currentLocale()),
  processingText: (attachment) => processingErrorText(attachment, currentLocale(), translate),
  toast: (text) => pushToast({ text, variant: 'danger' }),
  makeId: () => `u${++counter}`,
  maxBytes: () =>
    can(useSessionStore.getState().userData, 'uploads.large')
      ? PREMIUM_UPLOAD_MAX_BYTES
      : UPLOAD_MAX_BYTES,
});
