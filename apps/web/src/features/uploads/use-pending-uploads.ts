import type { Attachment } from '@chat/shared';
import { useMemo } from 'react';
import { useUploadsStore } from './store';
import { isAdult, type PendingUpload } from './types';

const NONE: readonly PendingUpload[] = [];

export interface PendingUploads {
  items: readonly PendingUpload[];
  add: (files: readonly File[]) => void;
  remove: (id: string) => void;
  retry: (id: string) => void;
  setAdult: (id: string, adult: boolean) => void;
  /** Drops the pictures just sent (by local id), or all. */
  clear: (ids?: readonly string[]) => void;
  /** The complete attachments, in the order added: what a message sends. */
  ready: readonly Attachment[];
  readyIds: readonly string[];
  /** Some picture is still uploading or being processed. */
  busy: boolean;
  /** Some picture is marked 18+ by the person or flagged by the server. */
  hasAdult: boolean;
  hasFailed: boolean;
}

/**
 * One message box's pictures: `owner` names the box (`room:5`, `im:12`), so switching rooms keeps
 * each box's pictures, like its draft.
 */
export function usePendingUploads(owner: string): PendingUploads {
  const items = useUploadsStore((s) => s.items[owner] ?? NONE);
  return useMemo(() => {
    const store = useUploadsStore.getState();
    const readyItems = items.filter((i) => i.state === 'ready' && i.attachment !== null);
    return {
      items,
      add: (files) => store.add(owner, files),
      remove: (id) => store.remove(id),
      retry: (id) => store.retry(id),
      setAdult: (id, adult) => store.setAdult(id, adult),
      clear: (ids) => store.clear(owner, ids),
      ready: readyItems.map((i) => i.attachment as Attachment),
      readyIds: readyItems.map((i) => i.id),
      busy: items.some((i) => i.state === 'uploading' || i.state === 'processing'),
      hasAdult: items.some(isAdult),
      hasFailed: items.some((i) => i.state === 'failed'),
    };
  }, [items, owner]);
}

/** The files of a paste or a drop; ones that are not pictures are refused with a reason. */
export function droppedFiles(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files: File[] = [];
  for (const file of Array.from(data.files)) files.push(file);
  if (files.length === 0) {
    // Some browsers put a pasted screenshot only in `items`.
    for (const item of Array.from(data.items ?? [])) {
      const file = item.kind === 'file' ? item.getAsFile() : null;
      if (file) files.push(file);
    }
  }
  return files;
}

/** Whether a drag carries files (a dragged text or link is not a picture to upload). */
export function dragHasFiles(data: DataTransfer | null): boolean {
  return data !== null && Array.from(data.types).includes('Files');
}
