import { LOCALES } from '@chat/shared';
import { NavDropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GlobeIcon } from '../../lib/icons';
import { switchLocale } from '../../lib/locale-path';
import { useLocale } from '../../lib/use-locale';

/** The same page in the other language: only the locale segment of the path changes. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <NavDropdown
      align="end"
      id="language-switch"
      title={
        <span className="d-inline-flex align-items-center gap-1">
          <GlobeIcon size={16} />
          {locale.toUpperCase()}
          <span className="visually-hidden"> — {t('common:nav.language')}</span>
        </span>
      }
      data-testid="language-switch"
    >
      {LOCALES.map((target) => (
        <NavDropdown.Item
          key={target}
          as={Link}
          to={`${switchLocale(pathname, target)}${search}${hash}`}
          active={target === locale}
          lang={target}
          hrefLang={target}
        >
          {t(`common:languages.${target}`)}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
