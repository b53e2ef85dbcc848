import { ART_COMMENT_MAX, type ArtComment } from '@chat/shared';
import { useId, useRef, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { makeClientId } from '../../../lib/outbox-queue';
import { useSendOnce } from '../../forum/use-send-once';
import { artApi } from '../api';

/**
 * A comment's box: sent once at a time with a client id kept until it is stored, so a retry
 * after a lost answer never makes two comments. Ctrl+Enter sends.
 */
export function CommentForm({
  postId,
  onSent,
}: {
  postId: number;
  onSent: (c: ArtComment) => void;
}) {
  const { t } = useTranslation('art');
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const clientId = useRef<string | null>(null);
  const valid = text.trim() !== '' && text.length <= ART_COMMENT_MAX;
  const { run, sending } = useSendOnce(async () => {
    clientId.current ??= makeClientId();
    setError(null);
    try {
      const comment = await artApi.comment(postId, { text, client_id: clientId.current });
      onSent(comment);
    } catch (cause) {
      if (cause instanceof ApiError && cause.isValidation)
        setError(Object.values(cause.errors).flat().join(' ') || cause.message);
      throw cause;
    }
    clientId.current = null;
    setText('');
  });
  return (
    <Form
      noValidate
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void run();
      }}
      data-testid="art-comment-form"
    >
      <Form.Group controlId={`${id}-text`} className="mb-2">
        <Form.Label>{t('comments.write')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={text}
          maxLength={ART_COMMENT_MAX}
          isInvalid={error !== null}
          onChange={(e) => {
            setText(e.target.value);
            clientId.current = null;
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              if (valid) void run();
            }
          }}
          data-testid="art-comment-text"
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={!valid || sending} data-testid="art-comment-send">
        {sending && <Spinner size="sm" animation="border" className="me-2" aria-hidden />}
        {t('comments.send')}
      </Button>
    </Form>
  );
}
