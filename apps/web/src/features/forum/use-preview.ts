import { useEffect, useState } from 'react';
import type { MarkdownPreviewState } from '../../shared/ui/markdown-preview';
import { forumApi } from './api';

export const PREVIEW_DELAY_MS = 500;

export type Preview = MarkdownPreviewState;

interface Rendered {
  text: string;
  html: string | null;
  failed: boolean;
}

/**
 * The post as it will be stored, rendered by the server (POST /api/forum/preview) a moment after
 * typing stops: no Markdown library on the web, and no difference between preview and post.
 */
export function usePreview(text: string, render = forumApi.preview): Preview {
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const empty = text.trim() === '';
  useEffect(() => {
    if (empty) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      render(text, abort.signal).then(
        (html) => setRendered({ text, html, failed: false }),
        () => {
          if (!abort.signal.aborted)
            setRendered((last) => ({ text, html: last?.html ?? null, failed: true }));
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, empty, render]);
  if (empty) return { state: 'empty' };
  // The last rendering stays in view while the next one is on its way.
  if (rendered === null) return { state: 'loading', html: null };
  if (rendered.text !== text) return { state: 'loading', html: rendered.html };
  if (rendered.failed) return { state: 'failed', html: rendered.html };
  return { state: 'done', html: rendered.html ?? '' };
}
