import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePicture } from '../../test/art-kit';
import { ArtThumb } from './components/art-thumb';

/** One fake observer: `show(element)` scrolls that element near the viewport. */
let observed: Element[] = [];
let fire: (target: Element) => void = () => {};
class FakeObserver {
  constructor(callback: IntersectionObserverCallback) {
    fire = (target) =>
      callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  observe(target: Element) {
    observed.push(target);
  }
  unobserve(target: Element) {
    observed = observed.filter((t) => t !== target);
  }
  disconnect() {}
}

afterEach(() => vi.unstubAllGlobals());

describe('a gallery thumbnail', () => {
  it('fetches its picture only once it comes near the viewport, and keeps it', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<ArtThumb picture={makePicture(1)} blurred={false} alt="Sunset" />);
    const box = screen.getByTestId('art-thumb');
    expect(box.querySelector('img')).toBeNull();
    expect(observed).toEqual([box]);
    act(() => fire(box));
    expect(box.querySelector('img')?.getAttribute('src')).toBe(makePicture(1).thumb_url);
    expect(observed).toEqual([]);
  });
});
