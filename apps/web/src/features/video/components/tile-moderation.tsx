import type { VideoModerateBody } from '@chat/shared';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '../../../shared/ui/icons';

interface TileModerationProps {
  nick: string;
  mutedByModerator: boolean;
  onModerate: (action: VideoModerateBody['action']) => void;
}

/** A moderator's menu on someone's tile: their microphone, or out of the call. */
export function TileModeration({ nick, mutedByModerator, onModerate }: TileModerationProps) {
  const { t } = useTranslation('video');
  return (
    <Dropdown align="end" className="video-tile-menu">
      <Dropdown.Toggle
        as="button"
        type="button"
        className="video-tile-btn no-caret"
        aria-label={`${t('moderate.menu')}: ${nick}`}
        data-testid="video-moderate"
      >
        <MoreIcon size={16} />
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow border-0 chat-menu" popperConfig={{ strategy: 'fixed' }}>
        {mutedByModerator ? (
          <Dropdown.Item
            as="button"
            onClick={() => onModerate('unmute')}
            data-testid="video-unmute"
          >
            {t('moderate.unmute')}
          </Dropdown.Item>
        ) : (
          <Dropdown.Item as="button" onClick={() => onModerate('mute')} data-testid="video-mute">
            {t('moderate.mute')}
          </Dropdown.Item>
        )}
        <Dropdown.Item
          as="button"
          className="text-danger"
          onClick={() => onModerate('remove')}
          data-testid="video-remove"
        >
          {t('moderate.remove')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
