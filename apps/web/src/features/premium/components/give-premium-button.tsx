import type { PremiumInfo, PublicUser } from '@chat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { premiumInfoQuery } from '../api';
import { PremiumPurchaseDialog } from './premium-purchase-dialog';

/** "Give premium" on someone's profile: a plan picker, paid from my balance. */
export function GivePremiumButton({ recipient }: { recipient: PublicUser }) {
  const { t } = useTranslation('premium');
  const client = useQueryClient();
  const [plans, setPlans] = useState<PremiumInfo['plans'] | null>(null);
  const [loading, setLoading] = useState(false);

  // The plans are read when the person means to give, not with every profile; a failure has
  // been told by the API client, and the button works again.
  const open = async () => {
    setLoading(true);
    try {
      setPlans((await client.fetchQuery(premiumInfoQuery())).plans);
    } catch {
      setPlans(null);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={loading}
        onClick={() => void open()}
        data-testid="premium-give"
      >
        {loading && <Spinner size="sm" className="me-1" aria-hidden="true" />}
        {t('give.button')}
      </Button>
      {plans && (
        <PremiumPurchaseDialog
          plans={plans}
          recipient={recipient}
          pickPlan
          onClose={() => setPlans(null)}
        />
      )}
    </>
  );
}
