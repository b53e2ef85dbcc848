import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PREMIUM_PERMISSIONS } from '@chat/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFontsStore } from '../../../shared/hooks/use-fonts';
import { useSessionStore } from '../../session/store';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { signInAs } from '../../../test/chat-kit';
import { myApi } from '../api';
import { renderMy } from '../../../test/my-kit';
import { NickTab } from './nick-tab';

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  // A premium person: every colour and gradients (the locks have their own test below).
  const data = signInAs({ nick: 'Anna' });
  useSessionStore.setState({
    userData: { ...data, permissions: [...data.permissions, ...PREMIUM_PERMISSIONS] },
  });
  useFontsStore.getState().setFonts([
    { id: 1, font_family: '"Lobster", cursive' },
    { id: 2, font_family: '"Roboto Mono", monospace' },
  ]);
});

describe('NickTab', () => {
  it('draws the 8×10 palette with light colours disabled', () => {
    renderMy(<NickTab />, '/en/my/nick');
    const swatches = screen.getAllByRole<HTMLButtonElement>('gridcell');
    expect(swatches).toHaveLength(80);
    const light = screen.getByTestId<HTMLButtonElement>('swatch-f6c1c1');
    expect(light.disabled).toBe(true);
    expect(light.getAttribute('aria-label')).toContain('too light');
    expect(screen.getByTestId<HTMLButtonElement>('swatch-1957ae').disabled).toBe(false);
  });

  it('shows one stop per gradient colour; 0 turns the gradient off', () => {
    renderMy(<NickTab />, '/en/my/nick');
    const count = screen.getByTestId('nick-count');
    fireEvent.change(count, { target: { value: '3' } });
    expect(screen.getByTestId('slot-2')).toBeTruthy();
    expect(screen.getByTestId('nick-preview-light').querySelector('[data-gradient]')).toBeTruthy();
    fireEvent.change(count, { target: { value: '0' } });
    expect(screen.queryByTestId('slot-0')).toBeNull();
    expect(screen.getByTestId('nick-preview-dark').querySelector('[data-gradient]')).toBeNull();
  });

  it('renders each font option in its own font and saves the whole style', async () => {
    const save = vi.spyOn(myApi, 'saveNick').mockImplementation(async (style) => ({
      nick: 'Anna',
      ...style,
    }));
    renderMy(<NickTab />, '/en/my/nick');
    const lobster = screen.getByRole<HTMLOptionElement>('option', { name: 'Lobster' });
    expect(lobster.style.fontFamily).toContain('Lobster');
    fireEvent.change(screen.getByTestId('nick-font'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('nick-count'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('swatch-8d2fbc'));
    fireEvent.click(screen.getByTestId('nick-italic'));
    fireEvent.click(screen.getByTestId('nick-save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const body = save.mock.calls[0]![0];
    expect(body).toMatchObject({ has_gradient: true, font_id: 1, italic: true });
    expect(body.gradient[0]).toBe('#8d2fbc');
    await waitFor(() =>
      expect(useSessionStore.getState().userData?.user.nick.has_gradient).toBe(true),
    );
  });

  it('shows a refusal of the server under the colours', async () => {
    vi.spyOn(myApi, 'saveNick').mockRejectedValue(
      new ApiError(422, 'Invalid', 'validation', { gradient: ['Too many colours.'] }),
    );
    renderMy(<NickTab />, '/en/my/nick');
    fireEvent.click(screen.getByTestId('nick-save'));
    expect((await screen.findByTestId('error-color')).textContent).toBe('Too many colours.');
  });

  it('locks gradients and the premium colours without premium, with a way to get it', () => {
    signInAs({ nick: 'Anna' });
    const save = vi.spyOn(myApi, 'saveNick');
    renderMy(<NickTab />, '/en/my/nick');
    const options = screen.getByTestId('nick-count').querySelectorAll('option');
    expect([...options].filter((o) => !o.disabled).map((o) => o.value)).toEqual(['0']);
    const premiumColour = screen.getByTestId<HTMLButtonElement>('swatch-8d2fbc');
    expect(premiumColour.disabled).toBe(true);
    expect(premiumColour.getAttribute('aria-label')).toBe(
      'Purple, shade 5 of 10: a premium colour',
    );
    // The basic rows stay open.
    expect(screen.getByTestId<HTMLButtonElement>('swatch-ae1919').disabled).toBe(false);
    expect(screen.getByTestId('nick-gradient-lock').textContent).toContain('Premium');
    expect(screen.getByTestId('nick-palette-lock-link').getAttribute('href')).toBe('/en/premium');
    // A gradient forced in anyway is refused before it reaches the server.
    fireEvent.change(screen.getByTestId('nick-count'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('nick-save'));
    expect(screen.getByTestId('error-color').textContent).toMatch(/needs premium/);
    expect(save).not.toHaveBeenCalled();
  });
});
