import { useTranslation } from 'react-i18next';

/**
 * The cover over an adult picture (`adult: 1`) until the person asks to see it: the picture
 * underneath is blurred by the grid, and this button lifts the cover.
 */
export function AdultCover({ onReveal }: { onReveal: () => void }) {
  const { t } = useTranslation('uploads');
  return (
    <button
      type="button"
      className="adult-cover"
      onClick={(event) => {
        event.stopPropagation();
        onReveal();
      }}
      data-testid="adult-cover"
    >
      <span>{t('adultCover')}</span>
    </button>
  );
}
