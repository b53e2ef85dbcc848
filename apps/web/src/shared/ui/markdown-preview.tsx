import { Spinner } from 'react-bootstrap';
import { ServerHtml } from './server-html';

/** A preview's state, as features/forum/use-preview.ts reports it. */
export type MarkdownPreviewState =
  | { state: 'empty' }
  | { state: 'loading'; html: string | null }
  | { state: 'done'; html: string }
  | { state: 'failed'; html: string | null };

interface MarkdownPreviewProps {
  preview: MarkdownPreviewState;
  /** "Preview", in the page's words. */
  title: string;
  /** Said when the last rendering failed. */
  failedText: string;
  testId: string;
}

/** The text as it will be stored, rendered by the server: under an editor of Markdown. */
export function MarkdownPreview({ preview, title, failedText, testId }: MarkdownPreviewProps) {
  if (preview.state === 'empty') return null;
  const html = preview.html;
  return (
    <section className="forum-preview" aria-label={title} data-testid={testId}>
      <h2 className="forum-preview-title">
        {title}
        {preview.state === 'loading' && (
          <Spinner size="sm" animation="border" className="ms-2" aria-hidden />
        )}
      </h2>
      {preview.state === 'failed' && <p className="small text-body-secondary mb-1">{failedText}</p>}
      {html !== null && <ServerHtml html={html} />}
    </section>
  );
}
