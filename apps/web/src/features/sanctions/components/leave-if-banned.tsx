import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { localePath } from '../../../lib/locale-path';
import { useLocale } from '../../../lib/use-locale';
import { useSessionStore } from '../../session/store';
import { isInForce } from '../my-ban';

/** The chat and the messenger are closed to a banned person: they are shown /banned instead. */
export function LeaveIfBanned({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const banned = useSessionStore((s) => isInForce(s.userData?.ban));
  if (banned) return <Navigate to={localePath(locale, '/banned')} replace />;
  return children;
}
