import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../features/session/store';
import { i18n } from '../i18n/i18n';
import { progressStep, startFakeProgress } from './fake-progress';
import { UpdateBanner } from './update-banner';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  useSessionStore.setState({ isUpdateRequired: false });
});

describe('fake update progress', () => {
  it('steps by 1 to 20', () => {
    expect(progressStep(0)).toBe(1);
    expect(progressStep(0.5)).toBe(11);
    expect(progressStep(0.9999)).toBe(20);
  });

  it('ticks every 100 ms and finishes 700 ms after reaching 100', () => {
    const seen: number[] = [];
    const onDone = vi.fn();
    // 0.5 → +11 a tick: 11, 22 ... 99, then 110 fills the bar on the tenth tick.
    startFakeProgress({ onProgress: (p) => seen.push(p), onDone, random: () => 0.5 });
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([11]);
    vi.advanceTimersByTime(900);
    expect(seen).toEqual([11, 22, 33, 44, 55, 66, 77, 88, 99, 100]);
    vi.advanceTimersByTime(699);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(seen).toHaveLength(10);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('can be stopped', () => {
    const onProgress = vi.fn();
    const stop = startFakeProgress({ onProgress, onDone: vi.fn(), random: () => 0 });
    stop();
    vi.advanceTimersByTime(1000);
    expect(onProgress).not.toHaveBeenCalled();
  });
});

describe('UpdateBanner', () => {
  const renderBanner = (reload: () => void) =>
    render(
      <I18nextProvider i18n={i18n}>
        <UpdateBanner reload={reload} random={() => 0.999} />
      </I18nextProvider>,
    );

  it('stays hidden until an update is required', () => {
    renderBanner(vi.fn());
    expect(screen.queryByTestId('update-banner')).toBeNull();
    act(() => useSessionStore.getState().requireUpdate());
    expect(screen.getByTestId('update-banner').textContent).toContain(
      i18n.t('shell:update.text', { lng: 'ru' }),
    );
  });

  it('shows the bar after Update and reloads 700 ms after it is full', () => {
    const reload = vi.fn();
    useSessionStore.getState().requireUpdate();
    renderBanner(reload);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('shell:update.button') }));
    // random 0.999 → +20 a tick: full after five ticks.
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByTestId('update-progress').textContent).toBe('80%');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByTestId('update-progress').textContent).toBe('100%');
    act(() => {
      vi.advanceTimersByTime(699);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
