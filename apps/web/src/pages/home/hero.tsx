import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, MailIcon, PaletteIcon, SparkIcon } from '../../lib/icons';

const FEATURES = ['rooms', 'im', 'forum', 'free'] as const;
const ICONS: Record<(typeof FEATURES)[number], ComponentType<{ size?: number }>> = {
  rooms: ChatIcon,
  im: MailIcon,
  forum: PaletteIcon,
  free: SparkIcon,
};

/**
 * The welcome: what the site is; `children` (who is here now) follow the lead. The lead invites a
 * visitor in as a guest, and tells someone signed in that their place is kept instead.
 */
export function Hero({ children, signedIn = false }: { children?: ReactNode; signedIn?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="hero-text">
      <h1 className="hero-title">{t('home:hero.title')}</h1>
      <p className="hero-lead">{t(signedIn ? 'home:hero.leadSignedIn' : 'home:hero.lead')}</p>
      {children}
      <ul className="hero-features list-unstyled d-none d-sm-flex flex-wrap gap-2 mb-0">
        {FEATURES.map((feature) => {
          const Icon = ICONS[feature];
          return (
            <li key={feature} className="hero-feature">
              <Icon size={16} /> {t(`home:hero.features.${feature}`)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
