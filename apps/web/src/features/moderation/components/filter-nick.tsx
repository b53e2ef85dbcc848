import type { PublicUser } from '@chat/shared';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { StyledNick } from '../../../shared/ui/styled-nick';

/** A nick in a moderation list that narrows the list to that person when clicked. */
export function FilterNick({
  user,
  title,
  onFilter,
}: {
  user: PublicUser;
  title: string;
  onFilter: (user: PublicUser) => void;
}) {
  return (
    <button
      type="button"
      className="moderation-nick-filter"
      title={title}
      onClick={() => onFilter(user)}
      data-testid={`filter-nick-${user.id}`}
    >
      <StyledNick nick={user.nick} />
    </button>
  );
}

/** "Only Alice ×": the filter in force, and the way out of it. */
export function FilterChip({ label, onClear }: { label: string; onClear: () => void }) {
  const { t } = useTranslation('moderation');
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      onClick={onClear}
      aria-label={`${label}. ${t('bans.reset')}`}
      data-testid="filter-chip"
    >
      {label} ×
    </Button>
  );
}
