import type { Quote, QuoteTab } from '@chat/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../shared/ui/pager';
import { useSmileyDictionary } from '../../chat/hooks/use-smileys';
import { quotesQuery } from '../api';
import { useKeepQuote } from '../use-keep-quote';
import { QuoteItem } from './quote-item';

interface QuotesListProps {
  tab: QuoteTab;
  page: number;
  canKeep: boolean;
  onPage: (page: number) => void;
}

/** One page of a tab: the quotes, or why there are none, and the pages. */
export function QuotesList({ tab, page, canKeep, onPage }: QuotesListProps) {
  const { t } = useTranslation('quotes');
  const dictionary = useSmileyDictionary();
  const query = useQuery(quotesQuery(tab, page));
  const keep = useKeepQuote();
  const pendingId = keep.isPending ? keep.variables?.messageId : undefined;
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
      <div className="py-3" data-testid="quotes-error">
        <p className="mb-2">{t('error')}</p>
        <Button variant="outline-secondary" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const { rows, lastPage } = query.data;
  if (rows.length === 0)
    return (
      <p className="text-body-secondary py-3" data-testid="quotes-empty">
        {t(`empty.${tab}`)}
      </p>
    );
  return (
    <>
      <ol
        className="quotes-list list-unstyled"
        data-testid="quotes-list"
        aria-busy={query.isFetching}
      >
        {rows.map((quote) => (
          <QuoteItem
            key={quote.message.id}
            quote={quote}
            dictionary={dictionary}
            canKeep={canKeep}
            busy={pendingId === quote.message.id}
            onToggle={onToggle}
          />
        ))}
      </ol>
      <Pager page={page} lastPage={lastPage} onPage={onPage} testId="quotes-pager" />
    </>
  );
}
