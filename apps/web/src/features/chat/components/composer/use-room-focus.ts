import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSkipLink } from '../../../../shared/hooks/use-skip-link';

/** A phone's (touch) pointer: focusing a field there pops the keyboard over half the room. */
function coarsePointer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** Whether the focus is somewhere the person chose: a field, or a room tab they arrow along. */
function focusIsBusy(): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body) return false;
  return active.matches('input, textarea, select, [contenteditable="true"], [role="tab"]');
}

/**
 * The message box has the focus on entering a room and on switching rooms (not on a phone,
 * where it would pop the keyboard unasked, nor when the focus is in another field), and the
 * page's first Tab stop is a link to it.
 */
export function useRoomFocus(roomId: number, input: RefObject<HTMLTextAreaElement | null>) {
  const { t } = useTranslation('common');
  useSkipLink('composer', t('skip.toComposer'), input);
  useEffect(() => {
    if (coarsePointer() || focusIsBusy()) return;
    input.current?.focus({ preventScroll: true });
  }, [roomId, input]);
}
