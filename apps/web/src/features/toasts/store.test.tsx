import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useToastsStore } from './store';
import { ToastStack } from './toast-stack';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  useToastsStore.getState().clear();
});

const texts = () => useToastsStore.getState().toasts.map((t) => t.text);

describe('toasts', () => {
  it('hide themselves after 5000 ms by default', () => {
    useToastsStore.getState().push({ text: 'hello' });
    vi.advanceTimersByTime(4999);
    expect(texts()).toEqual(['hello']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('stay when auto-hide is disabled for that toast', () => {
    useToastsStore.getState().push({ text: 'sticky', autohide: false });
    useToastsStore.getState().push({ text: 'brief' });
    vi.advanceTimersByTime(60_000);
    expect(texts()).toEqual(['sticky']);
  });

  it('are one toast when the same one comes again (updated in place, its timer restarted)', () => {
    const push = useToastsStore.getState().push;
    const first = push({ text: 'Too fast', variant: 'danger' });
    vi.advanceTimersByTime(3000);
    expect(push({ text: 'Too fast', variant: 'danger' })).toBe(first);
    push({ text: 'Counting 3', key: 'count' });
    push({ text: 'Counting 2', key: 'count' });
    expect(texts()).toEqual(['Too fast', 'Counting 2']);
    vi.advanceTimersByTime(4999);
    expect(texts()).toEqual(['Too fast', 'Counting 2']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });

  it('default to primary and render in their style; the close button removes one', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ToastStack />
      </I18nextProvider>,
    );
    act(() => {
      useToastsStore.getState().push({ text: 'Saved' });
      useToastsStore.getState().push({ text: 'Broken', variant: 'danger', autohide: false });
    });
    expect(screen.getByTestId('toast-primary').textContent).toContain('Saved');
    expect(screen.getByTestId('toast-danger').className).toContain('bg-danger');
    act(() => screen.getAllByRole('button', { name: i18n.t('common:actions.close') })[1]?.click());
    expect(texts()).toEqual(['Saved']);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByTestId('toast-primary')).toBeNull();
  });
});
