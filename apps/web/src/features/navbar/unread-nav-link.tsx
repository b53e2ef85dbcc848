import { NavLink } from 'react-router';
import { localePath } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';

export interface UnreadNavLinkProps {
  /** The path without the locale, `/chat`. */
  path: string;
  /** The link's key and test id: `nav-{name}`, its badge `nav-{name}-unread`. */
  name: string;
  label: string;
  unread: number;
  /** What a screen reader hears for the badge ("3 unread messages"). */
  unreadLabel: string;
}

/** A navbar link with a badge of how many things wait unread (99+ past 99, none at 0). */
export function UnreadNavLink({ path, name, label, unread, unreadLabel }: UnreadNavLinkProps) {
  const locale = useLocale();
  return (
    <NavLink
      to={localePath(locale, path)}
      className="nav-link d-inline-flex align-items-center gap-2"
      data-testid={`nav-${name}`}
    >
      {label}
      {unread > 0 && (
        <span className="nav-unread" data-testid={`nav-${name}-unread`}>
          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
          <span className="visually-hidden">{unreadLabel}</span>
        </span>
      )}
    </NavLink>
  );
}
