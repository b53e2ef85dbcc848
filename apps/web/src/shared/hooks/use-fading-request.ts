import { useState } from 'react';

/**
 * What a dialog opened for `request` shows: the request, kept while the dialog fades out after
 * it is cleared (so its content does not vanish first); `onExited` then drops it and gives the
 * focus back to the control that opened it, if that is still on the page.
 */
export function useFadingRequest<T extends { from: HTMLElement | null }>(request: T | null) {
  const [shown, setShown] = useState<T | null>(request);
  if (request !== null && request !== shown) setShown(request);
  const onExited = () => {
    const from = shown?.from;
    setShown(null);
    if (from?.isConnected) from.focus();
  };
  return { shown, onExited };
}
