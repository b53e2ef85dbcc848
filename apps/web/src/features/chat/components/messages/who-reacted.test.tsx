import type { MessageReaction, Reaction } from '@chat/shared';
import { makeMessage } from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '../../../../i18n/i18n';
import { LONG_PRESS_MS, MessageReactions } from './message-reactions';
import { plainWhoReacted, reactorsOf, whoReactedText } from './who-reacted';

const ME = 7;
const reactionBy = (id: number, nick: string, reaction: Reaction = 'like'): MessageReaction => ({
  reaction,
  user: { id, slug: `user-${id}`, nick },
});
const people = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    reactionBy(100 + i, ['Bob', 'Ann', 'Кира', 'Dan', 'Eve'][i]!),
  );

beforeAll(() => loadNamespaces(['chat']));
afterEach(() => vi.useRealTimers());

function textIn(locale: 'en' | 'ru', reactions: MessageReaction[]) {
  const t = i18n.getFixedT(locale, 'chat');
  return plainWhoReacted(whoReactedText(reactorsOf(reactions, 'like', ME), t));
}

describe('who reacted', () => {
  it.each([
    ['en', 'You', [reactionBy(ME, 'Me')]],
    ['en', 'You and Bob', [reactionBy(ME, 'Me'), ...people(1)]],
    ['en', 'You, Bob and Ann', [...people(1), reactionBy(ME, 'Me'), ...people(2).slice(1)]],
    ['en', 'You, Bob and 3 more', [reactionBy(ME, 'Me'), ...people(4)]],
    ['en', 'Bob', people(1)],
    ['en', 'Bob, Ann and 3 more', people(5)],
    ['ru', 'Вы', [reactionBy(ME, 'Me')]],
    ['ru', 'Вы и Bob', [reactionBy(ME, 'Me'), ...people(1)]],
    ['ru', 'Вы, Bob и Ann', [reactionBy(ME, 'Me'), ...people(2)]],
    ['ru', 'Вы, Bob и ещё 3', [reactionBy(ME, 'Me'), ...people(4)]],
    ['ru', 'Bob, Ann и Кира', people(3)],
  ] as const)('in %s reads "%s"', (locale, expected, reactions) => {
    expect(textIn(locale, [...reactions])).toBe(expected);
  });

  it('counts only that reaction, each person once, and wraps each nick for a <bdi>', () => {
    const reactions = [reactionBy(1, 'Bob'), reactionBy(1, 'Bob'), reactionBy(2, 'Ann', 'love')];
    const t = i18n.getFixedT('en', 'chat');
    expect(whoReactedText(reactorsOf(reactions, 'like', ME), t)).toBe('<n>Bob</n>');
  });
});

describe('the reactions under a message', () => {
  function draw(reactions: MessageReaction[]) {
    const onToggle = vi.fn();
    const message = makeMessage({ id: 5, reactions });
    render(
      <I18nextProvider i18n={i18n}>
        <MessageReactions message={message} viewerId={ME} onToggle={onToggle} />
      </I18nextProvider>,
    );
    return { onToggle, button: screen.getByTestId('reaction-5-like') };
  }

  it('names who reacted on mouse hover, each nick in a <bdi>, and describes the button with it', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { button, onToggle } = draw([reactionBy(ME, 'Me'), reactionBy(2, 'Bob')]);
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    const tip = await screen.findByTestId('who-reacted-5-like');
    expect(tip.textContent).toContain('You and Bob');
    expect(tip.querySelector('bdi')?.textContent).toBe('Bob');
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('You and Bob');
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('shows who reacted on a long press without toggling mine; a tap still toggles', async () => {
    await act(() => i18n.changeLanguage('ru'));
    vi.useFakeTimers();
    const { button, onToggle } = draw([reactionBy(2, 'Bob'), reactionBy(3, 'Ann')]);
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.click(button);
    expect(screen.getByTestId('who-reacted-5-like').textContent).toContain('Bob и Ann');
    expect(onToggle).not.toHaveBeenCalled();

    fireEvent.pointerDown(button, { pointerType: 'touch' });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith('like');
  });
});
