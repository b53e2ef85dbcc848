import '../../styles/nav-search.css';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Svg } from '../../lib/icons';
import { useLocale } from '../../lib/use-locale';
import { searchPath } from '../search/links';

const SearchGlass = ({ size }: { size: number }) => (
  <Svg size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Svg>
);

/** Whether a key press is someone typing (a field, an editor), where "/" is just a slash. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select') !== null;
}

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
  onOpen: () => void;
  onClose: () => void;
}

/**
 * The navbar's search field: Enter opens the results page (a chunk of its own, so the field
 * costs the first paint next to nothing); "/" outside a field jumps here, as on many sites.
 */
export function NavSearch({ open, onOpen, onClose }: NavSearchProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || typingIn(event.target)) return;
      event.preventDefault();
      onOpen();
      field.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOpen]);

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
        aria-keyshortcuts="/"
        data-testid="nav-search-field"
      />
    </form>
  );
}
