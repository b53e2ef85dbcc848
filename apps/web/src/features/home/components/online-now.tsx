import { useTranslation } from 'react-i18next';
import type { HomeSectionProps } from '../home-section';

/** How many people are in the chat now; its line is kept while the count is on its way. */
export function OnlineNow({ overview }: HomeSectionProps) {
  const { t } = useTranslation();
  if (!overview) return <p className="online-now invisible" aria-hidden="true" />;
  return (
    <p className="online-now" data-testid="online-now">
      <span className="online-dot" aria-hidden="true" />
      {overview.online === 0
        ? t('home:online.nobody')
        : t('home:online.count', { count: overview.online })}
    </p>
  );
}
