import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface KeepButtonProps {
  kept: boolean;
  /** Guests may read but not keep: the button stays, disabled, with the reason beside it. */
  allowed: boolean;
  busy: boolean;
  onToggle: () => void;
}

/** "Keep" / "Kept": a toggle button (aria-pressed), the action it takes on hover. */
export function KeepButton({ kept, allowed, busy, onToggle }: KeepButtonProps) {
  const { t } = useTranslation('quotes');
  const hintId = useId();
  return (
    <span className="quote-keep">
      <button
        type="button"
        className={`btn btn-sm ${kept ? 'btn-primary' : 'btn-outline-primary'}`}
        aria-pressed={kept}
        aria-describedby={allowed ? undefined : hintId}
        // The name is what it shows ("Keep", "Kept"), as a toggle's; the hover says the action.
        title={allowed ? (kept ? t('unkeepLabel') : t('keepLabel')) : t('guestHint')}
        disabled={!allowed || busy}
        onClick={onToggle}
        data-testid="quote-keep"
      >
        <span aria-hidden="true">{kept ? '★ ' : '☆ '}</span>
        {kept ? t('kept') : t('keep')}
      </button>
      {!allowed && (
        <span id={hintId} className="quote-keep-hint" data-testid="quote-guest-hint">
          {t('guestHint')}
        </span>
      )}
    </span>
  );
}
