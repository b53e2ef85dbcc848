import { ROOM_STATE, type RoomStateId, type RoomUser } from '@chat/shared';
import { Dropdown, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../../hooks/use-viewer';
import { useChatActions } from '../chat-context';
import { settle } from '../../../../lib/settle';
import { StateDot, stateLabel } from './state-dot';

const CHOICES: readonly RoomStateId[] = [ROOM_STATE.online, ROOM_STATE.away, ROOM_STATE.busy];

/** My own state in this room, and for staff whether the others see me at all. */
export function MyStateControl({ roomId, users }: { roomId: number; users: readonly RoomUser[] }) {
  const { t } = useTranslation('chat');
  const viewer = useViewer();
  const actions = useChatActions();
  const me = users.find((entry) => entry.user.id === viewer.id);
  const stateId = me?.state_id ?? ROOM_STATE.online;
  const invisible = me?.invisible ?? false;

  return (
    <div className="chat-my-state">
      <Dropdown drop="up">
        <Dropdown.Toggle
          variant="light"
          size="sm"
          className="chat-my-state-toggle"
          data-testid="my-state"
        >
          <StateDot stateId={stateId} gender={viewer.user.gender} />
          <span className="visually-hidden">{t('users.myState')}: </span>
          {stateLabel(t, stateId, viewer.user.gender)}
        </Dropdown.Toggle>
        <Dropdown.Menu className="shadow border-0 chat-menu" popperConfig={{ strategy: 'fixed' }}>
          <Dropdown.Header>{t('users.myState')}</Dropdown.Header>
          {CHOICES.map((choice) => (
            <Dropdown.Item
              key={choice}
              as="button"
              active={choice === stateId}
              onClick={() => settle(actions.setRoomState(roomId, choice))}
              data-testid={`my-state-${choice}`}
            >
              <StateDot stateId={choice} gender={viewer.user.gender} />
              <span className="ms-2">{stateLabel(t, choice, viewer.user.gender)}</span>
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      {viewer.can('room.invisible') && (
        <Form.Check
          type="switch"
          id="my-visibility"
          className="chat-my-visibility"
          label={t('users.visibility')}
          title={t('users.visibilityHint')}
          checked={invisible}
          onChange={(event) => settle(actions.setVisibility(roomId, !event.target.checked))}
          data-testid="my-visibility"
        />
      )}
    </div>
  );
}
