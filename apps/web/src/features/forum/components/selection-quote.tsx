import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { selectionInside } from '../quote';

interface Selected {
  text: string;
  /** Where the button goes, in the post's own coordinates. */
  top: number;
  left: number;
}

/**
 * While part of a post's text is selected, a "Quote" button beside the selection quotes just
 * that part (the post's own Quote button does the same for whatever is selected in it).
 */
export function SelectionQuote({
  body,
  onQuote,
  testId,
}: {
  body: RefObject<HTMLElement | null>;
  onQuote: (text: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('forum');
  const [selected, setSelected] = useState<Selected | null>(null);
  useEffect(() => {
    const update = () => {
      const root = body.current;
      const selection = window.getSelection();
      const text = selectionInside(root, selection);
      if (root === null || text === null || selection === null || selection.rangeCount === 0) {
        setSelected(null);
        return;
      }
      const range = selection.getRangeAt(0);
      // Some engines (jsdom) measure no ranges: the button then sits at the post's top.
      const rect =
        typeof range.getBoundingClientRect === 'function'
          ? range.getBoundingClientRect()
          : root.getBoundingClientRect();
      const box = (root.offsetParent ?? root).getBoundingClientRect();
      setSelected({
        text,
        top: rect.bottom - box.top + 4,
        left: Math.max(0, rect.left - box.left),
      });
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [body]);
  if (selected === null) return null;
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm forum-selection-quote"
      style={{ top: selected.top, left: selected.left }}
      // The selection stays while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        onQuote(selected.text);
        setSelected(null);
      }}
      data-testid={testId}
    >
      {t('post.quoteSelection')}
    </button>
  );
}
