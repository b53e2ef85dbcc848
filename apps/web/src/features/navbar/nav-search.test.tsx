import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { NavSearch, NavSearchToggle } from './nav-search';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** The two parts as the navbar holds them: the phone's button and the field. */
function Box() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <NavSearchToggle open={open} onToggle={() => setOpen(!open)} />
      <NavSearch open={open} onClose={() => setOpen(false)} />
    </>
  );
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Box />
      <Where />
    </MemoryRouter>,
  );
const field = () => screen.getByTestId<HTMLInputElement>('nav-search-field');
const where = () => screen.getByTestId('where').textContent ?? '';

beforeEach(() => i18n.changeLanguage('en'));

describe('the navbar search box', () => {
  it('opens the results in the page’s language with the query escaped in the address', () => {
    at('/en/chat/3');
    expect(screen.getByRole('search', { name: 'Search' })).toBeTruthy();
    expect(screen.getByLabelText('Search the forum, the chat and people')).toBe(field());
    const typed = '  кошки & "dogs" #1 ?x=<b>/  ';
    fireEvent.change(field(), { target: { value: typed } });
    fireEvent.submit(screen.getByTestId('nav-search'));
    expect(where()).toBe(
      '/en/search?q=%D0%BA%D0%BE%D1%88%D0%BA%D0%B8+%26+%22dogs%22+%231+%3Fx%3D%3Cb%3E%2F',
    );
    expect(new URLSearchParams(where().split('?')[1]).get('q')).toBe(typed.trim());
    expect(field().value).toBe('');
  });

  it('keeps the Russian home’s locale', async () => {
    await i18n.changeLanguage('ru');
    at('/');
    expect(screen.getByLabelText('Поиск по форуму, чату и людям')).toBe(field());
    fireEvent.change(field(), { target: { value: 'кот' } });
    fireEvent.submit(screen.getByTestId('nav-search'));
    expect(where()).toBe('/ru/search?q=%D0%BA%D0%BE%D1%82');
  });

  it('opens the results page’s hint for an empty field', () => {
    at('/en');
    fireEvent.submit(screen.getByTestId('nav-search'));
    expect(where()).toBe('/en/search');
  });

  it('on a phone, the button shows the field and focuses it; Escape folds it', () => {
    at('/en');
    const toggle = screen.getByTestId('nav-search-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Search');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('nav-search').className).toContain('is-open');
    expect(document.activeElement).toBe(field());
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
