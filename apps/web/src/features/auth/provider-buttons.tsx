import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale';
import { useProviders } from './social-api';
import { providerHref } from './social-links';

interface ProviderButtonsProps {
  /** The path of this site to come back to once signed in. */
  returnTo: string;
  /** The words above the buttons: signing in or registering. */
  label: 'signIn' | 'register';
}

/**
 * One button per configured provider (`GET /api/auth/providers`): plain links, since signing in
 * elsewhere leaves this page. Nothing when the site has none. No provider's script or logo is
 * loaded (the Content-Security-Policy allows no other origin): each button is its name.
 */
export function ProviderButtons({ returnTo, label }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const providers = useProviders().data ?? [];
  const links = providers.flatMap((provider) => {
    const href = providerHref(provider, {
      returnTo,
      intent: 'signin',
      locale,
      origin: window.location.origin,
    });
    return href === null ? [] : [{ provider, href }];
  });
  if (links.length === 0) return null;
  return (
    <div className="mt-4" data-testid="provider-buttons">
      <p
        id={headingId}
        className="d-flex align-items-center gap-2 text-body-secondary small mb-2"
        data-testid="provider-heading"
      >
        <span className="flex-grow-1 border-top" aria-hidden="true" />
        {t(`sign-in:social.${label}With`)}
        <span className="flex-grow-1 border-top" aria-hidden="true" />
      </p>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-labelledby={headingId}>
        {links.map(({ provider, href }) => (
          <li key={provider.id} className="flex-fill">
            <a
              href={href}
              className="btn btn-outline-secondary w-100 text-truncate"
              data-testid={`provider-${provider.id}`}
              data-kind={provider.kind}
              aria-label={t(`sign-in:social.${label}WithName`, { name: provider.name })}
            >
              {provider.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
