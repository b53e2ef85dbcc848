import type { BanWire } from '@chat/shared';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface LiftDialogProps {
  ban: BanWire;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Lift the sanction?": lifting early is not undone, so it asks once. */
export function LiftDialog({ ban, busy, onConfirm, onCancel }: LiftDialogProps) {
  const { t } = useTranslation('moderation');
  return (
    <Modal show onHide={onCancel} centered data-testid="lift-dialog">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {t('bans.liftTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {t('bans.liftText', { type: t(`types.${ban.type}`), nick: ban.user.nick.nick })}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('bans.cancel')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm} data-testid="lift-confirm">
          {t('bans.liftConfirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
