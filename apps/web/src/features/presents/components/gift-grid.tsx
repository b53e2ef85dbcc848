import type { Gift } from '@chat/shared';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { formatCoins } from '../../balance/format';
import { CrownIcon } from '../../../shared/ui/premium-mark';

interface Props {
  gifts: readonly Gift[];
  chosen: number | null;
  /** Premium-only gifts are locked without it. */
  premium: boolean;
  onChoose: (gift: Gift) => void;
}

/** The catalogue as tiles: picture, name, price; one chosen at a time (a radio group). */
export function GiftGrid({ gifts, chosen, premium, onChoose }: Props) {
  const { t } = useTranslation('presents');
  const locale = useLocale();
  return (
    <div className="presents-grid" role="radiogroup" aria-label={t('dialog.catalogue')}>
      {gifts.map((gift) => {
        const locked = gift.premium_only && !premium;
        const selected = gift.id === chosen;
        return (
          <button
            key={gift.id}
            type="button"
            role="radio"
            aria-checked={selected}
            className={`presents-tile${selected ? ' is-chosen' : ''}${locked ? ' is-locked' : ''}`}
            disabled={locked}
            title={locked ? t('dialog.premiumOnly') : undefined}
            onClick={() => onChoose(gift)}
            data-testid={`gift-${gift.id}`}
          >
            <img src={gift.image} alt="" loading="lazy" decoding="async" />
            <span className="presents-tile-name">{gift.name}</span>
            <span className="presents-tile-price">{formatCoins(gift.price, locale)}</span>
            {gift.premium_only && (
              <span className="presents-tile-premium" data-testid="gift-premium-only">
                <CrownIcon size={12} />
                {t('dialog.premiumOnly')}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
