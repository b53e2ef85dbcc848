import type { ContentReview } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { artPostPath } from '../../art/links';
import { forumThreadPath } from '../../forum/links';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';

interface QueueItemProps {
  review: ContentReview;
  busy: boolean;
  onDecide: (review: ContentReview, status: 'accepted' | 'refused', comment: string) => void;
}

/** One piece of content awaiting moderation: the text or the photo, its owner, the decision. */
export function QueueItem({ review, busy, onDecide }: QueueItemProps) {
  const { t } = useTranslation('moderation');
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const refuse = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onDecide(review, 'refused', reason);
  };
  const locale = useLocale();
  const photo = review.attachment?.thumb_url ?? review.attachment?.url ?? null;
  // Fixtures and older answers may lack it: only a forum post's review carries it.
  const forum = review.forum_post ?? null;
  const art = review.art ?? null;
  return (
    <Card className="border-0 shadow-sm" data-testid={`queue-item-${review.id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 small text-body-secondary mb-2">
          <Badge bg="light" text="dark">
            {t(`queue.subjects.${review.subject_type}`)}
          </Badge>
          <Badge bg={review.status === 'updated' ? 'info' : 'warning'} text="dark">
            {t(`statuses.${review.status}`)}
          </Badge>
          <span>
            {t('queue.owner')}: <UserLink user={review.owner} />
          </span>
          <When iso={review.updated_at} />
        </div>
        {forum && (
          <p className="small mb-1" data-testid="queue-forum-post">
            <Link to={forumThreadPath(locale, forum.thread_slug, { post: forum.post_id })}>
              {t('queue.thread', { subject: forum.thread_subject, number: forum.number })}
            </Link>
            {forum.held && (
              <Badge bg="secondary" className="ms-2">
                {t('queue.held')}
              </Badge>
            )}
          </p>
        )}
        {art && (
          <p className="small mb-1" data-testid="queue-art">
            <Link to={artPostPath(locale, art.post_slug)}>
              {t(art.comment_id === null ? 'queue.artPost' : 'queue.artComment', {
                title: art.post_title,
              })}
            </Link>
            {art.held && (
              <Badge bg="secondary" className="ms-2">
                {t('queue.held')}
              </Badge>
            )}
          </p>
        )}
        {review.text !== null && (
          <p className="complaint-user-text mb-2" data-testid="queue-text">
            {review.text}
          </p>
        )}
        {photo && <img src={photo} alt="" className="moderation-queue-photo mb-2" />}
        {review.reason && (
          <p className="small text-body-secondary mb-2">
            {t('queue.previousReason', { reason: review.reason })}
          </p>
        )}
        {refusing ? (
          <Form onSubmit={refuse} noValidate>
            <Form.Group controlId={`queue-reason-${review.id}`}>
              <Form.Label>{t('queue.reason')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={1000}
                value={reason}
                isInvalid={missing}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
                data-testid="queue-reason"
              />
              <Form.Control.Feedback type="invalid">
                {t('queue.reasonRequired')}
              </Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex gap-2 mt-2">
              <Button
                type="submit"
                variant="danger"
                size="sm"
                disabled={busy}
                data-testid="queue-refuse-confirm"
              >
                {t('queue.confirmRefuse')}
              </Button>
              <Button variant="outline-secondary" size="sm" onClick={() => setRefusing(false)}>
                {t('queue.cancel')}
              </Button>
            </div>
          </Form>
        ) : (
          <div className="d-flex gap-2">
            <Button
              variant="success"
              size="sm"
              disabled={busy}
              onClick={() => onDecide(review, 'accepted', '')}
              data-testid="queue-accept"
            >
              {t('queue.accept')}
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              disabled={busy}
              onClick={() => setRefusing(true)}
              data-testid="queue-refuse"
            >
              {t('queue.refuse')}
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
