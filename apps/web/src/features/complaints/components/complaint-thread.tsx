import type { ComplaintComment } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';
import { commentComplaint } from '../api';
import { commentAdded } from '../cache';

interface ThreadProps {
  complaintId: number;
  comments: readonly ComplaintComment[];
  canComment: boolean;
}

/** The conversation of a complaint or an appeal: the reporter and the staff, live. */
export function ComplaintThread({ complaintId, comments, canComment }: ThreadProps) {
  const { t } = useTranslation('complaints');
  return (
    <section className="mt-4" data-testid="complaint-thread">
      <h2 className="h5">{t('thread.title')}</h2>
      {comments.length === 0 ? (
        <p className="text-body-secondary small">{t('thread.empty')}</p>
      ) : (
        <ol className="complaint-thread list-unstyled mb-3">
          {comments.map((c) => (
            <li
              key={c.id}
              className={`complaint-comment${c.staff ? ' is-staff' : ''}`}
              data-testid="complaint-comment"
            >
              <div className="small text-body-secondary">
                {/* No author: a moderator whose name the site hides (the badge says who). */}
                {c.author && <UserLink user={c.author} />}
                {c.staff && (
                  <Badge bg="primary" className={c.author ? 'ms-2' : undefined}>
                    {t('thread.staff')}
                  </Badge>
                )}
                {' · '}
                <When iso={c.created_at} />
              </div>
              <p className="complaint-comment-text mb-0">{c.text}</p>
            </li>
          ))}
        </ol>
      )}
      {canComment && <CommentBox complaintId={complaintId} />}
    </section>
  );
}

function CommentBox({ complaintId }: { complaintId: number }) {
  const { t } = useTranslation('complaints');
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '' || busy) return;
    setBusy(true);
    try {
      commentAdded(client, complaintId, await commentComplaint(complaintId, trimmed));
      setText('');
    } catch {
      // The client has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={(event) => void submit(event)} data-testid="complaint-comment-form">
      <Form.Label htmlFor="complaint-comment" className="visually-hidden">
        {t('thread.label')}
      </Form.Label>
      <Form.Control
        id="complaint-comment"
        as="textarea"
        rows={2}
        maxLength={1000}
        value={text}
        placeholder={t('thread.placeholder')}
        onChange={(event) => setText(event.target.value)}
        data-testid="complaint-comment-text"
      />
      <div className="text-end mt-2">
        <Button
          type="submit"
          disabled={busy || text.trim() === ''}
          data-testid="complaint-comment-send"
        >
          {t('thread.send')}
        </Button>
      </div>
    </Form>
  );
}
