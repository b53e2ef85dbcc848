import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onGridKeyDown } from '../../shared/hooks/grid-keys';
import { PickerButton } from './picker-button';

function Picker({ onPick }: { onPick: (n: number) => void }) {
  return (
    <PickerButton
      label="Smileys"
      testId="open"
      popoverId="picker"
      popoverClassName="chat-popover"
      face="☺"
    >
      {() => (
        <div role="tabpanel" onKeyDown={(event) => onGridKeyDown(event, 'button', 3)}>
          {[0, 1, 2, 3, 4, 5, 6].map((n) => (
            <button type="button" key={n} onClick={() => onPick(n)} aria-label={`item ${n}`}>
              {n}
            </button>
          ))}
        </div>
      )}
    </PickerButton>
  );
}

const focused = () => document.activeElement?.getAttribute('aria-label');

describe('PickerButton keyboard', () => {
  it('gives the open picker the focus, moves by arrows, Enter picks, Escape returns', async () => {
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />);
    const button = screen.getByTestId('open');
    act(() => button.focus());
    await act(async () => {
      fireEvent.click(button);
      await Promise.resolve();
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('item 0');

    const key = (k: string) =>
      fireEvent.keyDown(document.activeElement ?? document.body, { key: k });
    key('ArrowRight');
    expect(focused()).toBe('item 1');
    key('ArrowDown');
    expect(focused()).toBe('item 4');
    key('ArrowDown');
    // Nothing below 4 in a row of three beyond 6: it stays.
    expect(focused()).toBe('item 4');
    key('End');
    expect(focused()).toBe('item 6');
    key('ArrowUp');
    expect(focused()).toBe('item 3');
    fireEvent.click(document.activeElement as HTMLElement);
    expect(onPick).toHaveBeenCalledWith(3);

    key('Escape');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 400));
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByLabelText('item 0')).toBeNull();
  });
});
