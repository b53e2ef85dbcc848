import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { AvatarWithFrame, isFrameUrl } from './avatar-with-frame';

describe('AvatarWithFrame', () => {
  it('draws the frame around the avatar, wider than it and centred', () => {
    render(
      <AvatarWithFrame user={makePublicUser({ frame: '/assets/frames/gold.png' })} size={100} />,
    );
    const frame = screen.getByTestId('avatar-frame');
    expect(frame.getAttribute('src')).toBe('/assets/frames/gold.png');
    expect(frame.style.width).toBe('128px');
    expect(frame.style.margin).toBe('-14px');
    expect(screen.getByTestId('user-avatar')).toBeTruthy();
  });

  it('draws no frame for none, or for one that is not a picture of the site', () => {
    render(<AvatarWithFrame user={makePublicUser({ frame: null })} size={40} />);
    render(<AvatarWithFrame user={makePublicUser({ frame: 'javascript:alert(1)' })} size={40} />);
    render(<AvatarWithFrame user={makePublicUser({ frame: '//evil.example/f.png' })} size={40} />);
    expect(screen.queryByTestId('avatar-frame')).toBeNull();
    expect(isFrameUrl('https://cdn.example/f.png')).toBe(true);
  });
});
