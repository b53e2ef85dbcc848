import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstLetter, UserAvatar } from './user-avatar';

const nick = (value: string) => ({
  nick: value,
  color: null,
  has_gradient: false,
  gradient: [],
  font_id: null,
  weight: null,
  italic: false,
});

describe('UserAvatar', () => {
  it('shows the first letter of the nick when there is no picture', () => {
    render(<UserAvatar user={{ avatar: null, nick: nick('вася') }} size={40} />);
    const avatar = screen.getByTestId('user-avatar');
    expect(avatar.textContent).toBe('В');
    expect(avatar.style.width).toBe('40px');
    expect(avatar.getAttribute('aria-label')).toBe('вася');
  });

  it('uses the picture at the asked size', () => {
    render(<UserAvatar user={{ avatar: '/storage/a.webp', nick: nick('Vasya') }} size={32} />);
    const img = screen.getByRole('img', { name: 'Vasya' });
    expect(img.getAttribute('src')).toBe('/storage/a.webp');
    expect(img.style.height).toBe('32px');
  });

  it('takes a whole character, not half of a surrogate pair', () => {
    expect(firstLetter('😀smile')).toBe('😀');
    expect(firstLetter(' <b>')).toBe('<');
  });
});
