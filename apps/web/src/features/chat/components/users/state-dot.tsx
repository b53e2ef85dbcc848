import { ROOM_STATE, type Gender } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { agreeWith } from '../../../../i18n/gender';

const CLASS_BY_STATE: Record<number, string> = {
  [ROOM_STATE.online]: 'is-online',
  [ROOM_STATE.away]: 'is-away',
  [ROOM_STATE.busy]: 'is-busy',
};

/**
 * The small coloured dot on an avatar: online green, away amber, busy red. Its name agrees with
 * the person ("Отошёл", "Отошла"; "Нет на месте" when the gender is not given).
 */
export function StateDot({ stateId, gender }: { stateId: number; gender: Gender | null }) {
  const { t } = useTranslation('chat');
  const label = stateLabel(t, stateId, gender);
  return (
    <span
      className={`chat-state-dot ${CLASS_BY_STATE[stateId] ?? 'is-online'}`}
      title={label}
      role="img"
      aria-label={label}
    />
  );
}

/** A room state in words, agreeing with the person. */
export function stateLabel(
  t: (key: string, options: { defaultValue: string; context?: Gender }) => string,
  stateId: number,
  gender: Gender | null,
): string {
  return t(`chat:users.state.${stateId}`, { defaultValue: '', ...agreeWith({ gender }) });
}
