import type { ArtPicture } from '@chat/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { makePicture } from '../../test/art-kit';
import { PictureOrder } from './components/picture-order';

function Order({
  initial,
  onChange,
}: {
  initial: ArtPicture[];
  onChange?: (ids: number[]) => void;
}) {
  const [pictures, setPictures] = useState(initial);
  const set = (next: ArtPicture[]) => {
    setPictures(next);
    onChange?.(next.map((p) => p.id));
  };
  return (
    <I18nextProvider i18n={i18n}>
      <PictureOrder
        pictures={pictures}
        onChange={set}
        onRemove={(p) => set(pictures.filter((q) => q.id !== p.id))}
      />
    </I18nextProvider>
  );
}

const order = () =>
  screen.getAllByTestId('art-order-item').map((item) => Number(item.dataset.pictureId));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => {
    run();
    return 0;
  });
});

describe('the pictures order', () => {
  const three = () => [makePicture(1), makePicture(2), makePicture(3)];

  it('moves a focused picture with the arrow keys, keeps it focused and says where it went', () => {
    render(<Order initial={three()} />);
    const first = screen.getAllByTestId('art-order-item')[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(order()).toEqual([2, 1, 3]);
    expect(screen.getByTestId('art-order-live').textContent).toContain('Picture 1 is now 2 of 3.');
    expect(document.activeElement).toBe(screen.getAllByTestId('art-order-item')[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(order()).toEqual([2, 3, 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(order()).toEqual([1, 2, 3]);
    // Nothing before the first.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(order()).toEqual([1, 2, 3]);
  });

  it('moves by buttons too, which are off at the ends, and removes a picture', () => {
    const onChange = vi.fn();
    render(<Order initial={three()} onChange={onChange} />);
    const earlier = screen.getAllByTestId<HTMLButtonElement>('art-order-earlier');
    expect(earlier[0]!.disabled).toBe(true);
    expect(screen.getAllByTestId<HTMLButtonElement>('art-order-later')[2]!.disabled).toBe(true);
    act(() => earlier[2]!.click());
    expect(order()).toEqual([1, 3, 2]);
    act(() => screen.getAllByTestId('art-order-remove')[0]!.click());
    expect(order()).toEqual([3, 2]);
    expect(onChange).toHaveBeenLastCalledWith([3, 2]);
    expect(screen.getByTestId('art-order-live').textContent).toContain('Picture 1 removed.');
  });

  it('names each picture by its place for screen readers', () => {
    render(<Order initial={three()} />);
    expect(screen.getByRole('list', { name: 'Pictures in the order they are shown' })).toBeTruthy();
    expect(screen.getAllByTestId('art-order-item')[1]!.getAttribute('aria-label')).toBe(
      'Picture 2 of 3',
    );
  });
});
