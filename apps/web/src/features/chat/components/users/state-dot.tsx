import { ROOM_STATE } from '@chat/shared';
import { useTranslation } from 'react-i18next';

const CLASS_BY_STATE: Record<number, string> = {
  [ROOM_STATE.online]: 'is-online',
  [ROOM_STATE.away]: 'is-away',
  [ROOM_STATE.busy]: 'is-busy',
};

/** The small coloured dot on an avatar: online green, away amber, busy red. */
export function StateDot({ stateId }: { stateId: number }) {
  const { t } = useTranslation('chat');
  const label = t(`users.state.${stateId}`, { defaultValue: '' });
  return (
    <span
      className={`chat-state-dot ${CLASS_BY_STATE[stateId] ?? 'is-online'}`}
      title={label}
      role="img"
      aria-label={label}
    />
  );
}
