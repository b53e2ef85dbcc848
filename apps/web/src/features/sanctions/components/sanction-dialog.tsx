import type { BanWire, SanctionSummary } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { useCan } from '../../session/permissions';
import { sanctionSummaryQuery } from '../api';
import { formatEnd } from '../countdown';
import { useGiveSanction, useToggleTroll, type SanctionTarget } from '../use-sanction';
import { SanctionForm } from './sanction-form';

interface SanctionDialogProps {
  target: SanctionTarget;
  /** The message it was opened from, shown as a reminder of what is being judged. */
  messageText?: string;
  onHide: () => void;
}

/** The moderator's dialog about one person: sanction in one more click, or mark a troll. */
export function SanctionDialog({ target, messageText, onHide }: SanctionDialogProps) {
  const { t } = useTranslation('sanctions');
  const summary = useQuery(sanctionSummaryQuery(target.userId));
  const give = useGiveSanction(target, onHide);

  return (
    <Modal show onHide={onHide} centered data-testid="sanction-dialog">
      <Modal.Header closeButton closeLabel={t('dialog.close')}>
        <Modal.Title as="h2" className="h5">
          {t('dialog.title', { nick: target.nick })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {summary.isPending && (
          <div role="status" className="text-center py-3">
            <Spinner animation="border" size="sm" className="me-2" />
            {t('dialog.loading')}
          </div>
        )}
        {summary.isError && <Alert variant="danger">{t('dialog.failed')}</Alert>}
        {summary.data && !summary.data.can_sanction && (
          <Alert variant="secondary" className="mb-0" data-testid="sanction-cannot">
            {t('dialog.cannot', { nick: target.nick })}
          </Alert>
        )}
        {summary.data?.can_sanction && (
          <>
            <CurrentSanctions summary={summary.data} />
            {messageText && (
              <p className="small text-body-secondary text-break" data-testid="sanction-message">
                {t('dialog.message', { text: messageText.slice(0, 200) })}
              </p>
            )}
            <SanctionForm
              summary={summary.data}
              nick={target.nick}
              busy={give.isPending}
              onSubmit={(choice) => give.mutate(choice)}
            />
            <TrollToggle target={target} troll={summary.data.troll} />
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}

function CurrentSanctions({ summary }: { summary: SanctionSummary }) {
  const { t } = useTranslation('sanctions');
  const locale = useLocale();
  const until = (ban: BanWire) =>
    ban.expires_at === null ? t('forever') : formatEnd(ban.expires_at, locale);
  if (!summary.gag && !summary.ban) return null;
  return (
    <ul className="list-unstyled small text-danger mb-3" data-testid="sanction-current">
      {summary.gag && <li>{t('dialog.current.gag', { until: until(summary.gag) })}</li>}
      {summary.ban && <li>{t('dialog.current.ban', { until: until(summary.ban) })}</li>}
    </ul>
  );
}

function TrollToggle({ target, troll }: { target: SanctionTarget; troll: boolean }) {
  const { t } = useTranslation('sanctions');
  const allowed = useCan('user.troll');
  const toggle = useToggleTroll(target);
  if (!allowed) return null;
  return (
    <div className="border-top mt-3 pt-3 d-flex flex-wrap align-items-center gap-2">
      <span className="small text-body-secondary flex-grow-1">{t('dialog.troll')}</span>
      <Button
        size="sm"
        variant={troll ? 'outline-secondary' : 'outline-warning'}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!troll)}
        data-testid="sanction-troll"
      >
        {troll ? t('dialog.unmarkTroll') : t('dialog.markTroll')}
      </Button>
    </div>
  );
}
