import { FORUM_POST_MAX, type ForumPost } from '@chat/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { usePreview } from '../use-preview';
import { useSendOnce } from '../use-send-once';
import { ServerHtml } from '../../../shared/ui/server-html';

interface PostEditorProps {
  post: ForumPost;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}

/** A post edited in place: its Markdown, the server's preview, Save and Cancel (Escape). */
export function PostEditor({ post, onSave, onCancel }: PostEditorProps) {
  const { t } = useTranslation('forum');
  const id = useId();
  const [text, setText] = useState(post.text);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const preview = usePreview(text === post.text ? '' : text);
  useEffect(() => input.current?.focus(), []);
  const { run, sending } = useSendOnce(async () => {
    setError(null);
    try {
      await onSave(text);
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation)
        setError(Object.values(cause.errors).flat().join(' ') || cause.message);
      throw cause;
    }
  });
  const valid = text.trim() !== '' && text.length <= FORUM_POST_MAX;
  return (
    <Form
      className="forum-post-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void run();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      data-testid={`forum-edit-${post.id}`}
    >
      <Form.Group controlId={`${id}-text`} className="mb-2">
        <Form.Label className="visually-hidden">{t('edit.label')}</Form.Label>
        <Form.Control
          as="textarea"
          ref={input}
          rows={5}
          value={text}
          isInvalid={error !== null || text.length > FORUM_POST_MAX}
          onChange={(e) => setText(e.target.value)}
          data-testid={`forum-edit-text-${post.id}`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2 mb-2">
        <Button
          type="submit"
          size="sm"
          disabled={!valid || sending}
          data-testid={`forum-edit-save-${post.id}`}
        >
          {sending && <Spinner size="sm" animation="border" className="me-1" aria-hidden />}
          {t('edit.save')}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel}>
          {t('edit.cancel')}
        </Button>
      </div>
      {preview.state !== 'empty' && preview.html !== null && (
        <section className="forum-preview" aria-label={t('editor.preview')}>
          <ServerHtml html={preview.html} />
        </section>
      )}
    </Form>
  );
}
