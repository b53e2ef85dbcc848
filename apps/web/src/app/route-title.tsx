import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { routeHandle } from './route-handle';
import { useTitleStore } from './title-store';

/** The title with how many messages wait unread in front: "(2) Chat — Chatik". */
export function titleWithUnread(
  title: string,
  unread: number,
  t: (key: string, options: Record<string, unknown>) => string,
): string {
  return unread > 0 ? t('common:titleUnread', { count: unread, title }) : title;
}

/**
 * Sets document.title after each navigation: the route's own title, else the product name,
 * with the unread count in front while there is one.
 */
export function RouteTitle() {
  const { t } = useTranslation();
  const handle = routeHandle(useMatches());
  const override = useTitleStore((s) => s.override);
  const unread = useTitleStore((s) => s.unread);
  const { pathname } = useLocation();
  const appName = t('common:appName');
  const own = override ?? (handle.title ? t(`titles:${handle.title}`) : null);
  const plain = own === null ? appName : handle.titleOnly ? own : `${own} — ${appName}`;
  const title = titleWithUnread(plain, unread, t);

  useEffect(() => {
    document.title = title;
  }, [title, pathname]);
  return null;
}

/** A page whose title comes from its data (a static page) sets it while it is shown. */
export function useOwnTitle(title: string | null | undefined): void {
  const setOverride = useTitleStore((s) => s.setOverride);
  useEffect(() => {
    setOverride(title ?? null);
    return () => setOverride(null);
  }, [title, setOverride]);
}
