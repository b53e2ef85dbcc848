import { useCallback, useRef, useState } from 'react';

/**
 * Runs `send` once at a time: a second press while the first is on its way does nothing (a ref,
 * not state, decides: two clicks in one frame both see the old state). `sending` disables the
 * button meanwhile. A failure leaves everything as it was for a retry.
 */
export function useSendOnce<A extends unknown[]>(send: (...args: A) => Promise<unknown>) {
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setSending(true);
      try {
        await send(...args);
        return true;
      } catch {
        return false;
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [send],
  );
  return { run, sending };
}
