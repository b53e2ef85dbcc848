import type { PublicUser } from '@chat/shared';
import { useState } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCanGiftTo } from '../viewer';
import { GiftDialog } from './gift-dialog';
import { GiftIcon } from './gift-icon';

/** "Send a gift" on someone's profile (not one's own, not a guest's, not by a guest). */
export function SendGiftButton({ recipient }: { recipient: PublicUser }) {
  const { t } = useTranslation('presents');
  const allowed = useCanGiftTo(recipient);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="gift-open"
      >
        <GiftIcon size={15} className="me-1" />
        {t('send')}
      </Button>
      {open && <GiftDialog recipient={recipient} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * "Send a gift" in a menu about someone (the chat's user list). The dialog lives with the
 * list, not in the menu, which closes on the click.
 */
export function SendGiftItem({ recipient, onOpen }: { recipient: PublicUser; onOpen: () => void }) {
  const { t } = useTranslation('presents');
  const allowed = useCanGiftTo(recipient);
  if (!allowed) return null;
  return (
    <Dropdown.Item as="button" onClick={onOpen} data-testid="user-gift">
      <GiftIcon size={15} className="me-2" />
      {t('send')}
    </Dropdown.Item>
  );
}
