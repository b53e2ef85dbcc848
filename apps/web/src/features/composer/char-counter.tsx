import { useTranslation } from 'react-i18next';

/**
 * Characters left (as the server counts them); red and negative once over the limit. The number
 * is for the eye, the sentence under `id` is what the message box's aria-describedby reads out.
 */
export function CharCounter({ id, remaining }: { id: string; remaining: number }) {
  const { t } = useTranslation('chat');
  const over = remaining < 0;
  const label = over
    ? t('composer.over', { count: -remaining })
    : t('composer.remaining', { count: remaining });
  return (
    <span
      className={`chat-counter${over ? ' is-over' : ''}`}
      title={label}
      data-remaining={remaining}
      data-testid="composer-counter"
    >
      <span aria-hidden="true">{remaining}</span>
      <span id={id} className="visually-hidden">
        {label}
      </span>
    </span>
  );
}
