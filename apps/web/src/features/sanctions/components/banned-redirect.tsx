import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localePath, resolveLocale } from '../../../lib/locale-path';
import { useBannedRedirect } from '../banned-redirect-store';

/** A call refused with `banned`, anywhere: the person is shown /banned, which says why. */
export function BannedRedirect() {
  const requests = useBannedRedirect((s) => s.requests);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef(requests);
  useEffect(() => {
    if (requests === seen.current) return;
    seen.current = requests;
    const locale = resolveLocale(pathname).locale;
    const target = localePath(locale, '/banned');
    if (pathname !== target) void navigate(target);
  }, [requests, pathname, navigate]);
  return null;
}
