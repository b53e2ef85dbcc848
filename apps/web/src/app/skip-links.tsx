import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSkipLinks } from '../shared/hooks/use-skip-link';

export const MAIN_ID = 'main';

function jump(event: MouseEvent<HTMLAnchorElement>, target: HTMLElement | null) {
  // No hash in the address (a reload would keep it): the focus moves, the page stays.
  event.preventDefault();
  target?.focus();
}

/**
 * The first Tab stops of every page, shown only when focused: to what the page offers (the
 * chat's message box) and to its content, past the navbar.
 */
export function SkipLinks() {
  const { t } = useTranslation('common');
  const links = useSkipLinks((s) => s.links);
  return (
    <div className="skip-links">
      {[...links].map(([key, link]) => (
        <a
          key={key}
          href={`#${MAIN_ID}`}
          className="skip-link"
          onClick={(event) => jump(event, link.target.current)}
          data-testid={`skip-${key}`}
        >
          {link.label}
        </a>
      ))}
      <a
        href={`#${MAIN_ID}`}
        className="skip-link"
        onClick={(event) => jump(event, document.getElementById(MAIN_ID))}
        data-testid="skip-content"
      >
        {t('skip.toContent')}
      </a>
    </div>
  );
}
