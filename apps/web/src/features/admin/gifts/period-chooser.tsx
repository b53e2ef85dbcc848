import { useId } from 'react';
import { Form, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PERIOD_CHOICES } from './period';

/** 7, 30 or 90 days up to today. */
export function PeriodChooser({ days, onDays }: { days: number; onDays: (days: number) => void }) {
  const { t } = useTranslation('admin-gifts');
  const name = useId();
  return (
    <Form.Group>
      <Form.Label id={`${name}-label`} className="d-block small mb-1">
        {t('period.label')}
      </Form.Label>
      <ToggleButtonGroup
        type="radio"
        name={name}
        value={days}
        onChange={(value: number) => onDays(value)}
        aria-labelledby={`${name}-label`}
        size="sm"
      >
        {PERIOD_CHOICES.map((n) => (
          <ToggleButton
            key={n}
            id={`${name}-${n}`}
            value={n}
            variant="outline-primary"
            data-testid={`period-${n}`}
          >
            {t('period.days', { count: n })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Form.Group>
  );
}
