import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../../realtime/types';
import { useOnline } from '../../hooks/use-online';
import { useConnectionState } from '../chat-context';
import { WifiOffIcon } from '../../../../shared/ui/icons';

/** A blip shorter than this (a page load, a quick network switch) is not worth a banner. */
const SHOW_AFTER_MS = 1200;

/**
 * A thin line over the message box while the realtime connection is down: new messages wait in
 * the outbox and go out by themselves once it is back.
 */
export function ConnectionBanner() {
  const connection = useConnectionState();
  const online = useOnline();
  const state = online ? connection : 'disconnected';
  // Remounted each time the connection drops, so the delay starts again from zero.
  return state === 'connected' ? null : <DelayedBanner state={state} />;
}

function DelayedBanner({ state }: { state: Exclude<ConnectionState, 'connected'> }) {
  const { t } = useTranslation('realtime');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className={`chat-connection is-${state}`} role="status" data-testid="connection-banner">
      <WifiOffIcon size={14} />
      <span className="fw-semibold">{t(`state.${state}`)}</span>
      <span className="chat-connection-note">{t('queued')}</span>
    </div>
  );
}
