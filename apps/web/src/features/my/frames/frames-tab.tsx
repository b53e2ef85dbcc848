import type { Frame } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { AvatarWithFrame } from '../../../shared/ui/avatar-with-frame';
import { PremiumLock } from '../../premium/components/premium-lock';
import { useCan } from '../../session/permissions';
import { useSessionStore } from '../../session/store';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys } from '../api';
import { applyMyUser } from '../apply-my-user';

/** The frames catalogue: choose one for the avatar, or none; premium-only ones are marked. */
export function FramesTab() {
  const { t } = useTranslation(['my', 'premium']);
  const user = useSessionStore((s) => s.userData?.user ?? null);
  const premium = useCan('frame.premium');
  const query = useQuery({ queryKey: myKeys.frames, queryFn: () => myApi.frames() });
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  if (query.isPending) return <Spinner size="sm" aria-label={t('loading')} />;
  if (!query.data) return <p className="text-danger">{t('loadError')}</p>;

  const choose = async (frame: Frame | null) => {
    setBusy(true);
    try {
      applyMyUser(await myApi.setFrame(frame?.id ?? null));
      pushToast({ text: frame ? t('frames.chosen') : t('frames.removed'), variant: 'primary' });
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const tile = (frame: Frame | null) => {
    const current = (frame?.url ?? null) === user.frame;
    const locked = frame !== null && frame.premium_only && !premium;
    return (
      <li key={frame?.id ?? 'none'}>
        <button
          type="button"
          className={`my-frame-tile${current ? ' is-current' : ''}`}
          disabled={busy || locked || current}
          aria-pressed={current}
          onClick={() => void choose(frame)}
          data-testid={frame ? `frame-${frame.id}` : 'frame-none'}
        >
          <span className="my-frame-preview">
            <AvatarWithFrame user={{ ...user, frame: frame?.url ?? null }} size={56} />
          </span>
          <span className="small text-truncate d-block">
            {frame ? frame.name : t('frames.none')}
          </span>
          {frame?.premium_only && (
            <Badge bg="warning" text="dark" className="mt-1">
              {t('frames.premium')}
            </Badge>
          )}
        </button>
      </li>
    );
  };
  const anyLocked = !premium && query.data.some((frame) => frame.premium_only);
  return (
    <div data-testid="frames-tab">
      {anyLocked && <PremiumLock reason={t('premium:lock.frames')} testId="frames-lock" />}
      {query.data.length === 0 && <p className="text-body-secondary">{t('frames.empty')}</p>}
      <ul className="my-frames list-unstyled">
        {tile(null)}
        {query.data.map(tile)}
      </ul>
    </div>
  );
}
