import { useTranslation } from 'react-i18next';
import { Svg, type IconProps } from '../../lib/icons';

export const CrownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m3 7 4.5 4L12 5l4.5 6L21 7l-2 11H5z" />
    <path d="M5 21h14" />
  </Svg>
);

/** The small crown beside a premium user's nick (user lists, profiles); read out as "Premium". */
export function PremiumMark({ size = 14, className = '' }: { size?: number; className?: string }) {
  const { t } = useTranslation('premium');
  return (
    <span
      className={`premium-mark ${className}`.trim()}
      title={t('mark')}
      data-testid="premium-mark"
    >
      <CrownIcon size={size} />
      <span className="visually-hidden">{t('mark')}</span>
    </span>
  );
}
