import '../../styles/nav-search.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Svg } from '../../lib/icons';
import { useLocale } from '../../lib/use-locale';
import { searchPath } from '../search/search-path';

const SearchGlass = ({ size }: { size: number }) => (
  <Svg size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Svg>
);

interface ToggleProps {
  open: boolean;
  onToggle: () => void;
}

/** Phones: the button that shows the search field under the navbar's first row. */
export function NavSearchToggle({ open, onToggle }: ToggleProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="nav-search-toggle btn btn-link d-md-none"
      aria-label={t('common:nav.search')}
      aria-expanded={open}
      aria-controls="nav-search"
      onClick={onToggle}
      data-testid="nav-search-toggle"
    >
      <SearchGlass size={20} />
    </button>
  );
}

interface NavSearchProps {
  /** Shown on a phone (wide screens always show it). */
  open: boolean;
  onClose: () => void;
}

/**
 * The navbar's search field: Enter opens the results page (a chunk of its own, so the field
 * costs the first paint next to nothing). No "/" shortcut: its listener did not fit the first
 * paint's budget (scripts/check-bundle-size.mjs).
 */
export function NavSearch({ open, onClose }: NavSearchProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);

  // A phone's field is display:none until opened: focus it once it is shown.
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchPath(locale, { q: typed.trim() }));
    setTyped('');
    field.current?.blur();
    onClose();
  };

  return (
    <form
      id="nav-search"
      role="search"
      aria-label={t('common:nav.search')}
      className={`nav-search${open ? ' is-open' : ''}`}
      onSubmit={submit}
      data-testid="nav-search"
    >
      <label htmlFor="nav-search-q" className="visually-hidden">
        {t('common:nav.searchLabel')}
      </label>
      <span className="nav-search-icon" aria-hidden="true">
        <SearchGlass size={16} />
      </span>
      <input
        ref={field}
        id="nav-search-q"
        type="search"
        name="q"
        className="form-control form-control-sm"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        placeholder={t('common:nav.searchPlaceholder')}
        enterKeyHint="search"
        autoComplete="off"
        data-testid="nav-search-field"
      />
    </form>
  );
}
