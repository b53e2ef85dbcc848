import type { Quote } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSmileyDictionary } from '../../chat/hooks/use-smileys';
import { quoteQuery } from '../api';
import { useKeepQuote } from '../use-keep-quote';
import { QuoteItem } from './quote-item';

/** One kept line, where a search hit leads; why not, when it is gone or not open to the reader. */
export function QuoteAlone({ messageId, canKeep }: { messageId: number; canKeep: boolean }) {
  const { t } = useTranslation('quotes');
  const dictionary = useSmileyDictionary();
  const query = useQuery(quoteQuery(messageId));
  const keep = useKeepQuote();
  const { mutate } = keep;
  const onToggle = useCallback(
    (quote: Quote) => mutate({ messageId: quote.message.id, keep: !quote.quoted }),
    [mutate],
  );
  if (query.isPending)
    return (
      <div className="py-4 text-center" role="status" data-testid="quotes-loading">
        <Spinner animation="border" size="sm" className="me-2" />
        {t('loading')}
      </div>
    );
  if (query.isError)
    return (
      <p className="text-body-secondary py-3" data-testid="quote-missing">
        {t('one.missing')}
      </p>
    );
  return (
    <ol className="quotes-list list-unstyled" data-testid="quotes-list">
      <QuoteItem
        quote={query.data}
        dictionary={dictionary}
        canKeep={canKeep}
        busy={keep.isPending}
        onToggle={onToggle}
      />
    </ol>
  );
}
