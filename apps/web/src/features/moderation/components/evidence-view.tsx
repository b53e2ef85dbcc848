import type { Evidence } from '@chat/shared';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/use-locale';
import { artPostPath } from '../../art/links';
import { forumThreadPath } from '../../forum/links';
import { AttachmentGrid } from '../../uploads';
import { UserLink } from '../../../shared/ui/user-link';
import { When } from '../../../shared/ui/when';

/**
 * What was reported or sanctioned, as it was then: the author, the moment, the text as typed
 * (a text node: markup in it stays text) and its pictures.
 */
export function EvidenceView({ evidence }: { evidence: Evidence }) {
  const { t } = useTranslation('complaints');
  const locale = useLocale();
  const thread = evidence.thread ?? null;
  const art = evidence.art_post ?? null;
  return (
    <Card className="evidence-card border-0 bg-body-tertiary" data-testid="evidence">
      <Card.Body className="py-2">
        <div className="small text-body-secondary mb-1">
          {evidence.author && <UserLink user={evidence.author} />} {t(`targets.${evidence.kind}`)}
          {evidence.room_id !== null && <> · {t('detail.room', { id: evidence.room_id })}</>}
          {thread && (
            <>
              {' · '}
              <Link to={forumThreadPath(locale, thread.slug, { post: evidence.id })}>
                {thread.subject}
              </Link>
            </>
          )}
          {art && (
            <>
              {' · '}
              <Link to={artPostPath(locale, art.slug)} data-testid="evidence-art-post">
                {art.title}
              </Link>
            </>
          )}
          {evidence.created_at && (
            <>
              {' · '}
              <When iso={evidence.created_at} />
            </>
          )}
        </div>
        {evidence.text !== null && evidence.text !== '' && (
          <p className="evidence-text mb-1" data-testid="evidence-text">
            {evidence.text}
          </p>
        )}
        {evidence.attachments.length > 0 && (
          <AttachmentGrid attachments={evidence.attachments} blurAdult />
        )}
      </Card.Body>
    </Card>
  );
}
