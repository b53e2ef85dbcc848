import { useEffect, useRef, useState } from 'react';
import {
  isAdult,
  usePendingUploads,
  useUploadsStore,
  type PendingUpload,
  type PendingUploads,
} from '../../../uploads';

/** The uploads owner of a room's message box. */
export const roomUploadsOwner = (roomId: number): string => `room:${roomId}`;

/** Adds files to a room's message box (the drop zone of the room pane uses it). */
export function addRoomFiles(roomId: number, files: readonly File[]): void {
  useUploadsStore.getState().add(roomUploadsOwner(roomId), files);
}

export type RoomUploadsNotice = 'adult' | 'failed' | 'waiting' | null;

export interface RoomUploads extends PendingUploads {
  /** What the box says above itself about its pictures. */
  notice: RoomUploadsNotice;
  /**
   * Sends now, or later, or not at all. An adult picture never goes to the public chat (the
   * server refuses it too); a failed one must be removed or retried first; while some are on
   * their way the message waits and leaves by itself when they are ready. `send` must read
   * the stores when it runs, since it may run later.
   */
  trySend: (send: () => void) => void;
}

const inFlight = (item: PendingUpload) => item.state === 'uploading' || item.state === 'processing';

/** The public chat's pictures of one room's message box. */
export function useRoomUploads(roomId: number): RoomUploads {
  const owner = roomUploadsOwner(roomId);
  const uploads = usePendingUploads(owner);
  // Per room: a message waiting in one room must not leave from another.
  const [waitingRoom, setWaitingRoom] = useState<number | null>(null);
  const [failedShown, setFailedShown] = useState(false);
  const waitingSend = useRef<(() => void) | null>(null);
  const waiting = waitingRoom === roomId;

  useEffect(() => {
    if (!waiting) return;
    const check = () => {
      const items = useUploadsStore.getState().items[owner] ?? [];
      if (items.some(inFlight)) return;
      setWaitingRoom(null);
      const send = waitingSend.current;
      waitingSend.current = null;
      // A picture turned adult or failed meanwhile: the notice says so, nothing leaves.
      if (items.some(isAdult)) return;
      if (items.some((item) => item.state === 'failed')) {
        setFailedShown(true);
        return;
      }
      send?.();
    };
    // Ready in the moment between the click and this subscription: the timer notices.
    const timer = setTimeout(check, 0);
    const unsubscribe = useUploadsStore.subscribe(check);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [waiting, owner]);

  const notice: RoomUploadsNotice = uploads.hasAdult
    ? 'adult'
    : failedShown && uploads.hasFailed
      ? 'failed'
      : waiting
        ? 'waiting'
        : null;

  return {
    ...uploads,
    notice,
    trySend: (send) => {
      if (uploads.hasAdult) return;
      if (uploads.hasFailed) {
        setFailedShown(true);
        return;
      }
      setFailedShown(false);
      if (uploads.busy) {
        waitingSend.current = send;
        setWaitingRoom(roomId);
        return;
      }
      send();
    },
  };
}
