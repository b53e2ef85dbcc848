import { SEARCH_QUERY_MAX } from '@chat/shared';
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface SearchFormProps {
  q: string;
  onSearch: (q: string) => void;
}

/**
 * The results page's own field. Not capped by maxLength: a pasted text longer than the limit
 * is searched as written and told "too long", rather than cut where the person cannot see.
 */
export function SearchForm({ q, onSearch }: SearchFormProps) {
  const { t } = useTranslation('search');
  const [typed, setTyped] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <Form className="search-form" onSubmit={submit} role="search" aria-describedby="search-hint">
      <Form.Label htmlFor="search-q" className="visually-hidden">
        {t('label')}
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id="search-q"
          type="search"
          name="q"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          isInvalid={typed.trim().length > SEARCH_QUERY_MAX}
          data-testid="search-page-field"
        />
        <Button type="submit" data-testid="search-page-submit">
          {t('submit')}
        </Button>
      </div>
      <p id="search-hint" className="small text-body-secondary mt-2 mb-0">
        {t('hint')}
      </p>
    </Form>
  );
}
