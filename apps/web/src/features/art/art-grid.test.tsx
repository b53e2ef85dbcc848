import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { makeArtCard, makePicture } from '../../test/art-kit';
import { ArtGrid } from './components/art-grid';

const renderGrid = (posts: Parameters<typeof ArtGrid>[0]['posts']) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ArtGrid posts={posts} label="Posts" />
      </MemoryRouter>
    </I18nextProvider>,
  );

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the art grid', () => {
  it("reserves each picture's proportions before it loads (a justified row)", () => {
    renderGrid([
      makeArtCard({ id: 1, pictures: [makePicture(1, { width: 1600, height: 900 })] }),
      makeArtCard({ id: 2, pictures: [makePicture(2, { width: 600, height: 900 })] }),
      makeArtCard({ id: 3, pictures: [makePicture(3, { width: null, height: null })] }),
    ]);
    const [wide, tall, unknown] = screen.getAllByTestId('art-thumb');
    const ratio = (box: HTMLElement | undefined) => parseFloat(box!.style.aspectRatio);
    expect(ratio(wide)).toBeCloseTo(1600 / 900);
    expect(ratio(tall)).toBeCloseTo(600 / 900);
    // Unknown sizes take a square, not a zero-height box.
    expect(ratio(unknown)).toBe(1);
    // The card grows with its picture's width over height, from a basis at the row's height.
    const card = screen.getByTestId('art-card-1');
    expect(card.style.flexGrow).toBe(String(1600 / 900));
    expect(card.style.getPropertyValue('--art-ratio')).toBe((1600 / 900).toFixed(4));
    expect(card.style.getPropertyValue('--art-row')).toBe('200px');
    const img = wide!.querySelector('img')!;
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('src')).toBe('/storage/files/p1-thumb.webp');
  });

  it('blurs adult posts always, and counts pictures beyond one', () => {
    renderGrid([
      makeArtCard({ id: 1, adult: true }),
      makeArtCard({ id: 2, pictures: [makePicture(20, { adult: 1 })] }),
      makeArtCard({ id: 3, pictures: [makePicture(30), makePicture(31), makePicture(32)] }),
    ]);
    const thumbs = screen.getAllByTestId('art-thumb');
    expect(thumbs.map((t) => t.classList.contains('is-adult'))).toEqual([true, true, false]);
    expect(
      within(screen.getByTestId('art-card-3')).getByLabelText('3 pictures').textContent,
    ).toContain('3');
    expect(within(screen.getByTestId('art-card-1')).queryByLabelText(/pictures/)).toBeNull();
  });

  it('shows markup in titles as text and links each card to its post', () => {
    renderGrid([makeArtCard({ id: 1, title: '<b>Кошка</b>', slug: 'koshka' })]);
    const link = within(screen.getByTestId('art-card-1')).getByRole('link');
    expect(link.textContent).toContain('<b>Кошка</b>');
    expect(link.getAttribute('href')).toBe('/ru/art/post/koshka');
  });
});
