import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useSessionStore } from '../../session/store';
import { orderChannels } from '../transitions';
import { ChannelItem } from './channel-item';
import { useIm, useImActions } from './im-context';

interface ChannelListProps {
  selectedId: number | null;
  onSelect: (channelId: number) => void;
}

/** The conversations, newest activity first (the order follows each new message at once). */
export function ChannelList({ selectedId, onSelect }: ChannelListProps) {
  const { t } = useTranslation('im');
  const actions = useImActions();
  const viewerId = useSessionStore((s) => s.userData?.user.id ?? 0);
  const status = useIm((s) => s.channelsStatus);
  const channels = useIm(useShallow((s) => orderChannels(s.channels)));

  let body;
  if (channels.length === 0 && (status === 'loading' || status === 'idle')) {
    body = (
      <div className="im-list-state" role="status">
        <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
        <span>{t('list.loading')}</span>
      </div>
    );
  } else if (channels.length === 0 && status === 'error') {
    body = (
      <div className="im-list-state" role="alert">
        <span>{t('list.error')}</span>
        <Button size="sm" onClick={() => void actions.loadChannels()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  } else if (channels.length === 0) {
    body = <p className="im-list-state">{t('list.empty')}</p>;
  } else {
    body = (
      <ul className="im-channels" data-testid="im-channels">
        {channels.map((channel) => (
          <ChannelItem
            key={channel.id}
            channel={channel}
            viewerId={viewerId}
            selected={channel.id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
    );
  }
  return (
    <nav className="im-list" aria-label={t('list.title')} data-testid="im-list">
      {body}
    </nav>
  );
}
