import type { PublicUser } from '@chat/shared';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { myApi, type MyProfileView } from '../api';

/** Someone named me as their partner: confirm (the link shows on both profiles) or decline. */
export function PartnerRequest({
  from,
  onAnswered,
}: {
  from: PublicUser;
  onAnswered: (profile: MyProfileView) => void;
}) {
  const { t } = useTranslation('my');
  const [busy, setBusy] = useState(false);
  const answer = async (confirm: boolean) => {
    setBusy(true);
    try {
      onAnswered(await (confirm ? myApi.confirmPartner(from.id) : myApi.declinePartner(from.id)));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      variant="info"
      className="d-flex flex-wrap align-items-center gap-2"
      data-testid="partner-request"
    >
      <span className="flex-grow-1">{t('profile.partnerRequest', { nick: from.nick.nick })}</span>
      <Button
        size="sm"
        disabled={busy}
        onClick={() => void answer(true)}
        data-testid="partner-confirm"
      >
        {t('profile.partnerConfirm')}
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={busy}
        onClick={() => void answer(false)}
        data-testid="partner-decline"
      >
        {t('profile.partnerDecline')}
      </Button>
    </Alert>
  );
}
