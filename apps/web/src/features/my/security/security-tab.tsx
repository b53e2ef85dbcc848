import type { Device } from '@chat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Badge, Button, ListGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { pushToast } from '../../toasts/store';
import { myApi, myKeys } from '../api';
import { rememberCurrentSession } from '../session-ended';
import { timeAgo } from '../time-ago';
import { useNow } from '../../../shared/hooks/use-now';
import { deviceLabel } from '../../../shared/device-label';
import { EmailSection } from './email-section';
import { LinkedAccounts, LinkResultAlerts } from './linked-accounts';

/** How the account signs in (other sites, the e-mail that recovers it) and where it is. */
export function SecurityTab() {
  return (
    <div data-testid="security-tab">
      <LinkResultAlerts />
      <LinkedAccounts />
      <EmailSection />
      <DevicesSection />
    </div>
  );
}

/** Every signed-in device of the account, with a way to sign each (or all others) out. */
function DevicesSection() {
  const { t } = useTranslation('my');
  const locale = useLocale();
  const client = useQueryClient();
  // Relative times ("5 minutes ago") move on while the page stays open.
  const now = useNow(60_000);
  const query = useQuery({ queryKey: myKeys.sessions, queryFn: () => myApi.sessions() });
  const devices = query.data;
  useEffect(() => {
    if (devices) rememberCurrentSession(devices);
  }, [devices]);

  const refresh = () => client.invalidateQueries({ queryKey: myKeys.sessions });
  const endOne = useMutation({
    mutationFn: (id: number) => myApi.endSession(id),
    onSuccess: (_answer, id) => {
      client.setQueryData<Device[]>(myKeys.sessions, (list) => list?.filter((d) => d.id !== id));
      pushToast({ text: t('security.ended'), variant: 'primary' });
      void refresh();
    },
  });
  const endOthers = useMutation({
    mutationFn: () => myApi.endOtherSessions(),
    onSuccess: () => {
      client.setQueryData<Device[]>(myKeys.sessions, (list) => list?.filter((d) => d.current));
      pushToast({ text: t('security.endedOthers'), variant: 'primary' });
      void refresh();
    },
  });

  const heading = (
    <h3 className="h6" id="security-devices">
      {t('security.devices')}
    </h3>
  );
  if (query.isPending)
    return (
      <section aria-labelledby="security-devices">
        {heading}
        <Spinner size="sm" aria-label={t('loading')} />
      </section>
    );
  if (!devices)
    return (
      <section aria-labelledby="security-devices">
        {heading}
        <p className="text-danger">{t('loadError')}</p>
      </section>
    );
  const others = devices.filter((d) => !d.current);
  // This device first, the rest by last activity.
  const sorted = [...devices].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || b.last_active_at.localeCompare(a.last_active_at),
  );
  return (
    <section aria-labelledby="security-devices" data-testid="devices-section">
      {heading}
      <p className="text-body-secondary small">{t('security.intro')}</p>
      <ListGroup className="mb-3">
        {sorted.map((device) => (
          <ListGroup.Item
            key={device.id}
            className="d-flex flex-wrap gap-2 align-items-center"
            data-testid="device"
            data-device-id={device.id}
          >
            <div className="flex-grow-1 min-w-0">
              <div className="fw-medium text-break">
                <span title={device.user_agent}>{deviceLabel(device, t)}</span>{' '}
                {device.current && (
                  <Badge bg="success" data-testid="this-device">
                    {t('security.thisDevice')}
                  </Badge>
                )}
              </div>
              <div className="small text-body-secondary">
                {t('security.ip', { ip: device.ip })} ·{' '}
                <span title={device.created_at}>
                  {t('security.firstSeen', { when: timeAgo(device.created_at, now, locale) })}
                </span>{' '}
                ·{' '}
                <span title={device.last_active_at}>
                  {t('security.lastSeen', { when: timeAgo(device.last_active_at, now, locale) })}
                </span>
              </div>
            </div>
            {!device.current && (
              <Button
                size="sm"
                variant="outline-danger"
                disabled={endOne.isPending}
                onClick={() => endOne.mutate(device.id)}
                data-testid="device-sign-out"
              >
                {t('security.signOut')}
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
      <Button
        variant="danger"
        disabled={others.length === 0 || endOthers.isPending}
        onClick={() => endOthers.mutate()}
        data-testid="sign-out-others"
      >
        {t('security.signOutOthers')}
      </Button>
    </section>
  );
}
