import type { HomeOverview } from '@chat/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { BusiestRooms } from './busiest-rooms';
import { OnlineNow } from './online-now';

const overview = (online: number, counts: number[]): HomeOverview => ({
  online,
  rooms: counts.map((users_count, i) => ({
    id: i + 1,
    name: { ru: `Комната ${i + 1}`, en: `Room ${i + 1}` },
    users_count,
  })),
});

const at = (path: string, node: React.ReactNode) =>
  render(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);

afterEach(() => void i18n.changeLanguage('ru'));

describe('the home sections', () => {
  it.each([
    [1, 'Сейчас в чате 1 человек'],
    [3, 'Сейчас в чате 3 человека'],
    [5, 'Сейчас в чате 5 человек'],
    [21, 'Сейчас в чате 21 человек'],
    [0, 'В чате пока тихо: начните разговор'],
  ])('counts %i online in Russian', (online, text) => {
    at('/', <OnlineNow overview={overview(online, [])} />);
    expect(screen.getByTestId('online-now').textContent).toBe(text);
  });

  it('lists the rooms in the page’s language, each with a link into it', async () => {
    await i18n.changeLanguage('en');
    at('/en', <BusiestRooms overview={overview(3, [2, 1, 0])} />);
    const rooms = screen.getAllByTestId('home-room');
    expect(rooms.map((r) => r.querySelector('h3')?.textContent)).toEqual([
      'Room 1',
      'Room 2',
      'Room 3',
    ]);
    expect(rooms.map((r) => within(r).getByTestId('home-room-count').textContent?.trim())).toEqual([
      '2 people',
      '1 person',
      'Nobody here yet',
    ]);
    const enter = within(rooms[0]!).getByRole('link', { name: 'Enter the room “Room 1”' });
    expect(enter.getAttribute('href')).toBe('/en/chat/1');
  });

  it('shows nothing while the overview is on its way or has no room', () => {
    const { container } = at('/', <BusiestRooms overview={null} />);
    expect(container.textContent).toBe('');
    at('/', <BusiestRooms overview={overview(0, [])} />);
    expect(screen.queryByTestId('home-rooms')).toBeNull();
  });
});
