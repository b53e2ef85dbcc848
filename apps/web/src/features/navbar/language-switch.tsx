import { LOCALES } from '@chat/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GlobeIcon } from '../../lib/icons';
import { switchLocale } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';

/**
 * The same page in the other language: only the locale segment of the path changes. A plain
 * Bootstrap menu rather than react-bootstrap's Dropdown: two links need no Popper, which would
 * otherwise load with every page.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="nav-item dropdown" data-testid="language-switch">
      <button
        type="button"
        className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
        aria-expanded={open}
        aria-controls="language-menu"
        onClick={() => setOpen(!open)}
      >
        <span className="d-inline-flex align-items-center gap-1">
          <GlobeIcon size={16} />
          {locale.toUpperCase()}
          <span className="visually-hidden"> — {t('common:nav.language')}</span>
        </span>
      </button>
      {/* data-bs-popper="static": Bootstrap's own placement below the toggle, without Popper. */}
      <div
        id="language-menu"
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
      >
        {LOCALES.map((target) => (
          <Link
            key={target}
            className={`dropdown-item${target === locale ? ' active' : ''}`}
            to={`${switchLocale(pathname, target)}${search}${hash}`}
            aria-current={target === locale ? 'true' : undefined}
            lang={target}
            hrefLang={target}
            onClick={() => setOpen(false)}
          >
            {t(`common:languages.${target}`)}
          </Link>
        ))}
      </div>
    </div>
  );
}
