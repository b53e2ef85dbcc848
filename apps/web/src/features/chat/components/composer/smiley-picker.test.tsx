import type { Smiley } from '@chat/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChatStore, makeUserData, renderChat } from '../../../../test/chat-kit';
import { useSessionStore } from '../../../session/store';
import { rememberSmiley } from '../../hooks/use-smileys';
import { SmileyPicker } from './smiley-picker';

const smiley = (id: number, tag: string): Smiley => ({
  id,
  tag,
  file: `/assets/static/smileys/${tag}.gif`,
});
const CATALOGUE = [smiley(1, 'smile'), smiley(2, 'cry'), smiley(3, 'wink')];

/** Signs in with this catalogue and the account's `recent_smileys` as the server sent them. */
function signInWithRecent(recent: Smiley[]) {
  const data = makeUserData();
  useSessionStore.setState({
    userData: {
      ...data,
      smiley_groups: [{ id: 1, name: 'Emotions', smileys: CATALOGUE }],
      recent_smileys: recent,
    },
    initialized: true,
  });
}

function renderPicker() {
  const onPick = vi.fn();
  renderChat(<SmileyPicker onPick={onPick} />, { store: makeChatStore().store });
  const shown = () =>
    within(screen.getByRole('tabpanel'))
      .queryAllByRole('button')
      .map((b) => `-${b.getAttribute('data-testid')?.replace('smiley-', '') ?? ''}-`);
  return { onPick, shown };
}

describe('SmileyPicker recent tab', () => {
  beforeEach(() => signInWithRecent([]));

  it("opens on the account's recent smileys from the user data, newest first", () => {
    signInWithRecent([smiley(2, 'cry'), smiley(1, 'smile')]);
    const { onPick, shown } = renderPicker();
    expect(screen.getByTestId('smiley-tab-recent').getAttribute('aria-selected')).toBe('true');
    expect(shown()).toEqual(['-cry-', '-smile-']);
    fireEvent.click(screen.getByTestId('smiley-cry'));
    expect(onPick).toHaveBeenCalledWith('cry');
  });

  it("puts this browser's picks first, once, and leaves out what the catalogue lost", () => {
    signInWithRecent([smiley(2, 'cry'), smiley(9, 'gone'), smiley(1, 'smile')]);
    rememberSmiley('smile');
    rememberSmiley('wink');
    const { shown } = renderPicker();
    expect(shown()).toEqual(['-wink-', '-smile-', '-cry-']);
  });

  it('opens on the first group when there is nothing recent yet', () => {
    const { shown } = renderPicker();
    expect(screen.getByTestId('smiley-tab-1').getAttribute('aria-selected')).toBe('true');
    expect(shown()).toEqual(['-smile-', '-cry-', '-wink-']);
    fireEvent.click(screen.getByTestId('smiley-tab-recent'));
    expect(shown()).toEqual([]);
    // An empty tab says so instead of showing nothing.
    expect(screen.getByRole('tabpanel').querySelector('.chat-smileys-empty')).not.toBeNull();
  });

  it('shows what a new user data brings (after a sign-in) without reopening', () => {
    const { shown } = renderPicker();
    act(() => signInWithRecent([smiley(3, 'wink')]));
    fireEvent.click(screen.getByTestId('smiley-tab-recent'));
    expect(shown()).toEqual(['-wink-']);
  });
});
