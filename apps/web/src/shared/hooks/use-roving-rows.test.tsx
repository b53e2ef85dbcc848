import { act, fireEvent, render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRovingRows } from './use-roving-rows';

/** Rows as the chat draws messages: a nick link, some text, a toolbar of actions. */
function Rows({ count, actions }: { count: number; actions: (row: number) => string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useRovingRows(ref, '.row');
  return (
    <div ref={ref} data-testid="list">
      {Array.from({ length: count }, (_, row) => (
        <div className="row" key={row}>
          <a href={`#nick-${row}`}>nick {row}</a>
          <span>text</span>
          <div role="toolbar" aria-label={`actions ${row}`}>
            {actions(row).map((action) => (
              <button type="button" key={action}>
                {`${action} ${row}`}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

const tabStops = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('a, button')).filter((el) => el.tabIndex >= 0);

const focusedText = () => document.activeElement?.textContent ?? '';

describe('useRovingRows', () => {
  it('leaves one Tab stop for the whole list, the newest row first action, however many rows', async () => {
    function Growing() {
      const [count, setCount] = useState(3);
      return (
        <>
          <button type="button" onClick={() => setCount((n) => n + 5)}>
            more
          </button>
          <Rows count={count} actions={() => ['react', 'mention', 'more']} />
        </>
      );
    }
    const view = render(<Growing />);
    const list = view.getByTestId('list');
    expect(tabStops(list).map((el) => el.textContent)).toEqual(['react 2']);
    await act(async () => {
      fireEvent.click(view.getByText('more'));
      await Promise.resolve();
    });
    expect(list.querySelectorAll('.row')).toHaveLength(8);
    expect(tabStops(list).map((el) => el.textContent)).toEqual(['react 7']);
  });

  it('moves with arrows between rows (same action) and within a row, Home and End', () => {
    const view = render(
      <Rows count={3} actions={(row) => (row === 1 ? ['react'] : ['react', 'mention', 'more'])} />,
    );
    const list = view.getByTestId('list');
    const start = view.getByText('mention 2');
    act(() => start.focus());
    const key = (k: string, extra: Partial<KeyboardEventInit> = {}) =>
      fireEvent.keyDown(document.activeElement ?? list, { key: k, ...extra });

    key('ArrowUp');
    // Row 1 has one action: the nearest one.
    expect(focusedText()).toBe('react 1');
    key('ArrowUp');
    expect(focusedText()).toBe('react 0');
    key('ArrowRight');
    expect(focusedText()).toBe('mention 0');
    key('End');
    expect(focusedText()).toBe('more 0');
    key('ArrowRight');
    expect(focusedText()).toBe('more 0');
    key('Home');
    expect(focusedText()).toBe('nick 0');
    key('ArrowDown');
    // From outside the toolbar, down goes to the next row's first action.
    expect(focusedText()).toBe('react 1');
    key('End', { ctrlKey: true });
    expect(focusedText()).toBe('react 2');
    // The Tab stop followed the focus.
    expect(tabStops(list).map((el) => el.textContent)).toEqual(['react 2']);
    key('Home', { ctrlKey: true });
    expect(tabStops(list).map((el) => el.textContent)).toEqual(['react 0']);
  });

  it('takes whatever a row shows, and leaves open menus and fields their own keys', () => {
    function WithMenu() {
      const ref = useRef<HTMLDivElement>(null);
      useRovingRows(ref, '.row');
      return (
        <div ref={ref}>
          <div className="row">
            <button type="button" aria-expanded="true">
              menu
            </button>
            <div className="dropdown-menu">
              <button type="button">item</button>
            </div>
            <button type="button">after</button>
          </div>
          <div className="row">
            <button type="button">below</button>
          </div>
        </div>
      );
    }
    const view = render(<WithMenu />);
    // The menu's own items keep their place in the Tab order.
    expect(view.getByText('item').getAttribute('tabindex')).toBeNull();
    const menu = view.getByText('menu');
    act(() => menu.focus());
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(focusedText()).toBe('menu');
    const item = view.getByText('item');
    act(() => item.focus());
    fireEvent.keyDown(item, { key: 'ArrowDown' });
    expect(focusedText()).toBe('item');
  });

  it('keeps my place while I am in the list, and starts at the newest again after new rows', async () => {
    function Growing() {
      const [count, setCount] = useState(3);
      return (
        <>
          <button type="button" onClick={() => setCount((n) => n + 1)}>
            more
          </button>
          <Rows count={count} actions={() => ['react', 'mention']} />
        </>
      );
    }
    const view = render(<Growing />);
    const list = view.getByTestId('list');
    const grow = async () =>
      act(async () => {
        fireEvent.click(view.getByText('more'));
        await Promise.resolve();
      });
    act(() => view.getByText('mention 0').focus());
    await grow();
    expect(tabStops(list).map((el) => el.textContent)).toEqual(['mention 0']);
    act(() => view.getByText('more').focus());
    await grow();
    expect(tabStops(list).map((el) => el.textContent)).toEqual(['react 4']);
  });

  it('follows a click or a screen reader into the list', () => {
    const view = render(<Rows count={4} actions={() => ['react', 'mention']} />);
    act(() => view.getByText('nick 1').focus());
    expect(tabStops(view.getByTestId('list')).map((el) => el.textContent)).toEqual(['nick 1']);
  });
});
