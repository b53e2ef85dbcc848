import type { SentGift } from '@chat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { openComplaintDialog } from '../../complaints/dialog-store';
import { profileKeys } from '../../profiles/api';
import { hideGift, removeGiftText } from '../api';

/**
 * What the viewer may do with a gift on a profile, as the server's `abilities` say: its
 * recipient hides it from the profile (or shows it again), anyone who saw its text reports it,
 * staff remove the text.
 */
export function GiftActions({ sent }: { sent: SentGift }) {
  const { t } = useTranslation('presents');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKeys.all });
  const hide = useMutation({
    mutationFn: () => hideGift(sent.id, !sent.hidden),
    onSuccess: refresh,
  });
  const removeText = useMutation({
    mutationFn: () => removeGiftText(sent.id),
    onSuccess: refresh,
  });
  const abilities = sent.abilities;
  if (!abilities || (!abilities.hide && !abilities.report && !abilities.remove_text)) return null;
  return (
    <div className="d-flex flex-wrap gap-1 mt-1" data-testid={`gift-actions-${sent.id}`}>
      {abilities.hide && (
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={hide.isPending}
          onClick={() => hide.mutate()}
          data-testid={`gift-hide-${sent.id}`}
        >
          {sent.hidden ? t('profile.show') : t('profile.hide')}
        </Button>
      )}
      {abilities.report && (
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => openComplaintDialog({ type: 'gift', id: sent.id })}
          data-testid={`report-gift-${sent.id}`}
        >
          {t('profile.report')}
        </Button>
      )}
      {abilities.remove_text && (
        <Button
          size="sm"
          variant="outline-danger"
          disabled={removeText.isPending}
          onClick={() => removeText.mutate()}
          data-testid={`gift-remove-text-${sent.id}`}
        >
          {t('profile.removeText')}
        </Button>
      )}
    </div>
  );
}
