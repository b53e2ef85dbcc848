import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeAttachment } from '../../../test/uploads-kit';
import { AttachmentGrid, singleBox } from './attachment-grid';

const three = [1, 2, 3].map((id) => makeAttachment({ id }));

function renderGrid(ui: Parameters<typeof AttachmentGrid>[0]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AttachmentGrid {...ui} />
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('AttachmentGrid', () => {
  it('shows thumbnails with their sizes reserved, only complete ones', () => {
    renderGrid({
      attachments: [...three, makeAttachment({ id: 4, status: 'in-process', url: null })],
    });
    const grid = screen.getByTestId('attachment-grid');
    expect(grid.className).toContain('is-n3');
    const images = grid.querySelectorAll('img');
    expect(images).toHaveLength(3);
    expect(images[0]?.getAttribute('src')).toBe('/storage/a/1-thumb.png');
    expect(images[0]?.getAttribute('width')).toBe('800');
    expect(images[0]?.getAttribute('height')).toBe('600');
  });

  it('draws a lone picture at its proportions within 320 px', () => {
    expect(singleBox({ width: 4000, height: 3000 })).toEqual({ width: 320, height: 240 });
    expect(singleBox({ width: 100, height: 50 })).toEqual({ width: 100, height: 50 });
    renderGrid({ attachments: [makeAttachment({ id: 1, width: 4000, height: 3000 })] });
    expect(screen.getByTestId('attachment-grid').style.width).toBe('320px');
  });

  it('opens the viewer on click; arrows page through it and Escape closes it', async () => {
    renderGrid({ attachments: three });
    fireEvent.click(screen.getAllByTestId('attachment-open')[1] as HTMLElement);
    const viewer = await screen.findByTestId('viewer-counter');
    expect(viewer.textContent).toBe('2 / 3');
    expect(screen.getByTestId('viewer-image').getAttribute('src')).toBe('/storage/a/2.png');
    expect(screen.getByTestId('viewer-original').getAttribute('href')).toBe('/storage/a/2.png');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('3 / 3');
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('1 / 3');
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('3 / 3');
    fireEvent.keyDown(screen.getByTestId('viewer-image'), { key: 'Escape' });
    await waitGone();
  });

  it('pages by a swipe on a touch screen', async () => {
    renderGrid({ attachments: three });
    fireEvent.click(screen.getAllByTestId('attachment-open')[0] as HTMLElement);
    const stage = (await screen.findByTestId('viewer-image')).parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 120, clientY: 110 });
    expect(screen.getByTestId('viewer-counter').textContent).toBe('2 / 3');
  });

  it('blurs an adult picture behind a cover until it is clicked', () => {
    renderGrid({ attachments: [makeAttachment({ id: 1, adult: 1 }), makeAttachment({ id: 2 })] });
    const cells = screen.getByTestId('attachment-grid').children;
    expect(cells[0]?.className).toContain('is-hidden');
    expect(cells[1]?.className).not.toContain('is-hidden');
    const cover = within(cells[0] as HTMLElement).getByTestId('adult-cover');
    expect(cover.textContent).toBe('18+ — click to show');
    fireEvent.click(cover);
    expect(cells[0]?.className).not.toContain('is-hidden');
    expect(screen.queryByTestId('adult-cover')).toBeNull();
    // Lifting the cover does not open the viewer yet: the picture was not seen before the click.
    expect(screen.queryByTestId('viewer-counter')).toBeNull();
  });

  it('shows adult pictures plainly when blurring is off', () => {
    renderGrid({ attachments: [makeAttachment({ id: 1, adult: 1 })], blurAdult: false });
    expect(screen.queryByTestId('adult-cover')).toBeNull();
  });
});

async function waitGone() {
  const { waitFor } = await import('@testing-library/react');
  await waitFor(() => expect(screen.queryByTestId('viewer-counter')).toBeNull());
}
