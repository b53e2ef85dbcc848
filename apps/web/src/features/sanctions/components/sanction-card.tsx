import type { BanWire } from '@chat/shared';
import { useState, type ReactNode } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { formatEnd, sanctionReason } from '../countdown';
import { AppealForm } from './appeal-form';
import { Countdown } from './countdown-text';

interface SanctionCardProps {
  sanction: BanWire;
  /** The countdown reached zero: the page asks the server whether it is over. */
  onEnd: () => void;
}

function Row({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 text-break" data-testid={`sanction-${id}`}>
        {children}
      </dd>
    </>
  );
}

/**
 * One sanction as its person sees it: what, why in words, by whom ("a moderator" when the site
 * hides the name), the comment, the message it was for (as text), when it ends with the time
 * left, and the appeal.
 */
export function SanctionCard({ sanction, onEnd }: SanctionCardProps) {
  const { t } = useTranslation('sanctions');
  const locale = useLocale();
  const title = sanction.type === 'gag' ? t('banned.gagTitle') : t('banned.title');
  return (
    <Card className="border-0 shadow-sm mb-3" data-testid={`sanction-card-${sanction.type}`}>
      <Card.Body className="p-4">
        <h1 className="h4 mb-1">{title}</h1>
        <p className="text-danger fw-semibold mb-3" data-testid="sanction-type">
          {t(`type.${sanction.type}`)}
        </p>
        <dl className="row mb-0">
          <Row id="reason" label={t('banned.reason')}>
            {sanctionReason(sanction, locale)}
          </Row>
          <Row id="moderator" label={t('banned.moderator')}>
            {sanction.moderator?.nick.nick ?? t('aModerator')}
          </Row>
          {sanction.comment && (
            <Row id="comment" label={t('banned.comment')}>
              {sanction.comment}
            </Row>
          )}
          {sanction.evidence?.text && (
            <Row id="evidence" label={t('banned.evidence')}>
              <q>{sanction.evidence.text}</q>
            </Row>
          )}
          <Row id="ends" label={t('banned.ends')}>
            {sanction.expires_at === null ? (
              t('forever')
            ) : (
              <>
                {formatEnd(sanction.expires_at, locale)}
                <br />
                <Countdown expiresAt={sanction.expires_at} onEnd={onEnd} />
              </>
            )}
          </Row>
        </dl>
        <AppealPart sanction={sanction} />
      </Card.Body>
    </Card>
  );
}

function AppealPart({ sanction }: { sanction: BanWire }) {
  const { t } = useTranslation('sanctions');
  const locale = useLocale();
  const [writing, setWriting] = useState(false);
  const [filed, setFiled] = useState<{ id: number; status: string } | null>(null);
  const appeal = sanction.appeal ?? filed;

  if (appeal !== null) {
    return (
      <div className="mt-3 d-flex flex-wrap align-items-center gap-2" data-testid="appeal-status">
        <span>
          {t('appeal.status', {
            status: t(`appeal.statuses.${appeal.status}`, { defaultValue: appeal.status }),
          })}
        </span>
        <Link
          to={localePath(locale, `/complaints/${appeal.id}`)}
          className="btn btn-sm btn-outline-primary"
          data-testid="appeal-link"
        >
          {t('appeal.open')}
        </Link>
      </div>
    );
  }
  if (writing) {
    return (
      <AppealForm
        banId={sanction.id}
        onFiled={(complaint) => setFiled({ id: complaint.id, status: complaint.status })}
        onCancel={() => setWriting(false)}
      />
    );
  }
  return (
    <Button className="mt-3" onClick={() => setWriting(true)} data-testid="appeal-open">
      {t('appeal.button')}
    </Button>
  );
}
