import type { ContentModeration as Moderation, ContentSubject } from '@chat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { askRestore, moderateContent } from '../../sanctions/api';
import { useCan } from '../../session/permissions';
import { useSessionStore } from '../../session/store';
import { profileKeys } from '../api';

interface ContentModerationProps {
  subjectType: ContentSubject;
  /** The owner's id for the about text, the photo's id for a photo. */
  subjectId: number;
  moderation: Moderation | null;
  ownerId: number | null;
}

const AWAITING = new Set(['new', 'updated']);

/**
 * The moderation state of a profile text or photo where it is shown: the owner sees a refusal
 * with its reason and may ask for a restore; a moderator refuses (with a reason) or accepts what
 * awaits. Everyone else sees nothing of it.
 */
export function ContentModeration({
  subjectType,
  subjectId,
  moderation,
  ownerId,
}: ContentModerationProps) {
  const { t } = useTranslation('sanctions');
  const client = useQueryClient();
  const moderator = useCan('content.moderate');
  const owner = useSessionStore((s) => ownerId !== null && s.userData?.user.id === ownerId);
  const [refusing, setRefusing] = useState(false);
  const done = () => void client.invalidateQueries({ queryKey: profileKeys.all });
  const decide = useMutation({
    mutationFn: (decision: { status: 'accepted' | 'refused'; comment?: string }) =>
      moderateContent({ subject_type: subjectType, subject_id: subjectId, ...decision }),
    onSuccess: () => {
      setRefusing(false);
      done();
    },
  });
  const restore = useMutation({
    mutationFn: (reviewId: number) => askRestore(reviewId),
    onSuccess: done,
  });
  if (!owner && !moderator) return null;
  const status = moderation?.status ?? null;
  const testId = `moderation-${subjectType}-${subjectId}`;

  return (
    <div className="content-moderation small" data-testid={testId}>
      {status === 'refused' && (
        <p className="text-danger mb-1" data-testid={`${testId}-refused`}>
          {moderation?.reason
            ? t('content.refused', { reason: moderation.reason })
            : t('content.refusedNoReason')}
        </p>
      )}
      {moderator && !owner && status !== null && AWAITING.has(status) && (
        <p className="text-body-secondary mb-1">{t(`content.status.${status}`)}</p>
      )}
      {owner && status === 'updated' && (
        <p className="text-body-secondary mb-1" data-testid={`${testId}-awaiting`}>
          {t('content.restoreAsked')}
        </p>
      )}
      <div className="d-flex flex-wrap gap-1">
        {owner && status === 'refused' && moderation && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={restore.isPending}
            onClick={() => restore.mutate(moderation.review_id)}
            data-testid={`${testId}-restore`}
          >
            {t('content.askRestore')}
          </Button>
        )}
        {moderator && !owner && status !== null && AWAITING.has(status) && (
          <Button
            size="sm"
            variant="outline-success"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ status: 'accepted' })}
            data-testid={`${testId}-accept`}
          >
            {t('content.accept')}
          </Button>
        )}
        {moderator && !owner && status !== 'refused' && (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => setRefusing(true)}
            data-testid={`${testId}-refuse`}
          >
            {t('content.refuse')}
          </Button>
        )}
      </div>
      {refusing && (
        <RefuseDialog
          subjectType={subjectType}
          busy={decide.isPending}
          onRefuse={(comment) => decide.mutate({ status: 'refused', comment })}
          onHide={() => setRefusing(false)}
        />
      )}
    </div>
  );
}

interface RefuseDialogProps {
  subjectType: ContentSubject;
  busy: boolean;
  onRefuse: (reason: string) => void;
  onHide: () => void;
}

/** A refusal needs its reason: the owner is told it. */
function RefuseDialog({ subjectType, busy, onRefuse, onHide }: RefuseDialogProps) {
  const { t } = useTranslation('sanctions');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal show onHide={onHide} centered>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!missing) onRefuse(reason.trim());
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t(`content.refuseTitle.${subjectType}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="refuse-reason">
            <Form.Label>{t('content.reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={1000}
              value={reason}
              isInvalid={tried && missing}
              onChange={(event) => setReason(event.target.value)}
              data-testid="refuse-reason"
            />
            <Form.Control.Feedback type="invalid">
              {t('content.reasonRequired')}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('content.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={busy} data-testid="refuse-send">
            {t('content.refuse')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
