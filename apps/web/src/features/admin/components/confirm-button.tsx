import { useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ConfirmButtonProps {
  label: ReactNode;
  question: string;
  onConfirm: () => void;
  testId?: string;
}

/**
 * A destructive button of the admin area that asks once more in place ("Delete? Yes / No");
 * the "yes" takes the focus.
 */
export function ConfirmButton({ label, question, onConfirm, testId }: ConfirmButtonProps) {
  const { t } = useTranslation('admin');
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button
        size="sm"
        variant="outline-danger"
        onClick={() => setAsking(true)}
        data-testid={testId}
      >
        {label}
      </Button>
    );
  return (
    <span
      role="group"
      aria-label={question}
      className="d-inline-flex flex-wrap gap-1 align-items-center"
    >
      <span className="small">{question}</span>
      <Button
        size="sm"
        variant="danger"
        autoFocus
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
        data-testid={testId ? `${testId}-yes` : undefined}
      >
        {t('yes')}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={() => setAsking(false)}>
        {t('no')}
      </Button>
    </span>
  );
}
