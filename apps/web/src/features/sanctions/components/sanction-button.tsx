import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../../lib/icons';
import { SANCTION_PERMISSIONS, useCanAny } from '../../session/permissions';
import type { SanctionTarget } from '../use-sanction';
import { SanctionDialog } from './sanction-dialog';

interface SanctionButtonProps extends SanctionTarget {
  messageText?: string;
  className: string;
  testId: string;
  size?: number;
}

/**
 * The first click of a two-click sanction: a shield beside a user or a message, shown only to
 * those who may gag, ban or warn. The dialog it opens does the rest.
 */
export function SanctionButton({
  messageText,
  className,
  testId,
  size = 16,
  ...target
}: SanctionButtonProps) {
  const { t } = useTranslation('sanctions');
  const allowed = useCanAny(SANCTION_PERMISSIONS);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  const label = t('dialog.shield', { nick: target.nick });
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <ShieldIcon size={size} />
      </button>
      {open && (
        <SanctionDialog target={target} messageText={messageText} onHide={() => setOpen(false)} />
      )}
    </>
  );
}
