import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNick } from '../../../../../packages/shared/src/test/chat-fixtures';
import { Nick, nickCss } from './nick';

const gradientNick = {
  ...makeNick('Rainbow'),
  color: '#ff0000',
  has_gradient: true,
  gradient: ['#ff0000', '#00ff00', '#0000ff'],
  weight: 700,
  italic: true,
};

describe('Nick', () => {
  it('draws a gradient nick as gradient text when gradients are shown', () => {
    render(<Nick nick={gradientNick} showGradients fontFamily="Georgia, serif" />);
    const nick = screen.getByText('Rainbow');
    expect(nick.dataset.gradient).toBe('true');
    expect(nick.className).toContain('chat-nick-gradient');
    expect(nick.style.fontWeight).toBe('700');
    expect(nick.style.fontStyle).toBe('italic');
    expect(nick.style.fontFamily).toContain('Georgia');
    expect(nickCss(gradientNick, true).style.backgroundImage).toBe(
      'linear-gradient(90deg, #ff0000, #00ff00, #0000ff)',
    );
  });

  it('falls back to the plain colour when gradients are off', () => {
    render(<Nick nick={gradientNick} showGradients={false} />);
    const nick = screen.getByText('Rainbow');
    expect(nick.dataset.gradient).toBeUndefined();
    expect(nick.className).not.toContain('chat-nick-gradient');
    expect(nick.style.color).toBe('rgb(255, 0, 0)');
    expect(nickCss(gradientNick, false).style.backgroundImage).toBeUndefined();
  });

  it('ignores colours that are not hex colours', () => {
    const hostile = {
      ...makeNick('Evil'),
      color: 'red;background:url(x)',
      has_gradient: true,
      gradient: ['#fff', 'url(javascript:1)'],
    };
    const { style, gradient } = nickCss(hostile, true);
    expect(gradient).toBe(false);
    expect(style.color).toBeUndefined();
    expect(style.backgroundImage).toBeUndefined();
  });

  it('shows the nick as text, never as markup', () => {
    const { container } = render(<Nick nick={makeNick('<b>x</b>')} showGradients />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>x</b>');
  });
});
