import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from './message-text';
import { LINK_TEXT_MAX, splitLinks } from './text-links';

const smileys = { smile: { file: '/smileys/smile.gif' } };

function draw(text: string) {
  const { container } = render(<MessageText text={text} dictionary={smileys} />);
  const links = [...container.querySelectorAll('a')];
  return { container, links };
}

describe('links in user text', () => {
  it('opens a web address in a new tab, rel noopener nofollow ugc, the rest as text', () => {
    const { container, links } = draw('look at https://example.com/page?a=1 now');
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link?.getAttribute('href')).toBe('https://example.com/page?a=1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(link?.textContent).toBe('https://example.com/page?a=1');
    expect(container.textContent).toBe('look at https://example.com/page?a=1 now');
  });

  it('gives a bare domain https, and keeps smileys beside links (not inside them)', () => {
    const { container, links } = draw('-smile- see example.org and https://a-smile-b.com/-smile-');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org',
      'https://a-smile-b.com/-smile-',
    ]);
    expect(container.querySelectorAll('img.chat-smiley')).toHaveLength(1);
    expect(links[1]?.querySelector('img')).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://files.example.com/x',
    'mailto:someone@example.com',
    'write to someone@example.com',
    'vbscript:msgbox(1)',
  ])('makes no link of %s and shows it as typed', (text) => {
    const { container, links } = draw(text);
    expect(links).toEqual([]);
    expect(container.textContent).toBe(text);
  });

  it('keeps HTML as visible text, also next to a link', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)> http://x.com';
    const { container, links } = draw(text);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.textContent).toBe(text);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['http://x.com']);
  });

  it('keeps quotes inside the href: no attribute can be injected', () => {
    const { links } = draw('http://example.com/"onmouseover="alert(1)');
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link?.getAttribute('onmouseover')).toBeNull();
    expect(link?.getAttributeNames().sort()).toEqual(['class', 'href', 'rel', 'target', 'title']);
    expect(link?.getAttribute('href')).toBe('http://example.com/"onmouseover="alert(1)');
  });

  it('shows punycode and look-alike domains as typed; the title names the real host', () => {
    const { links } = draw('xn--80ak6aa92e.com and аpple.com and https://google.com@evil.example');
    expect(links.map((a) => a.textContent)).toEqual([
      'xn--80ak6aa92e.com',
      'аpple.com',
      'https://google.com@evil.example',
    ]);
    expect(links[0]?.getAttribute('title')).toBe('https://xn--80ak6aa92e.com');
    // The Cyrillic "а" shows in the title as the host the browser would really visit.
    expect(links[1]?.getAttribute('title')).toBe('https://аpple.com (xn--pple-43d.com)');
    expect(links[2]?.getAttribute('title')).toBe('https://google.com@evil.example (evil.example)');
  });

  it('shortens the text of a long link; its href and title stay whole', () => {
    const url = `https://example.com/${'very-long-path/'.repeat(10)}end.html`;
    const [part] = splitLinks(url);
    expect(part).toMatchObject({ type: 'link', href: url, title: url });
    expect([...(part?.text ?? '')].length).toBeLessThanOrEqual(LINK_TEXT_MAX);
    expect(part?.text.startsWith('https://example.com/')).toBe(true);
    expect(part?.text.endsWith('end.html')).toBe(true);
    expect(part?.text).toContain('…');
  });

  it('leaves trailing punctuation and brackets outside the link', () => {
    const { links, container } = draw('(see https://en.wikipedia.org/wiki/Foo_(bar)).');
    expect(links[0]?.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Foo_(bar)');
    expect(container.textContent).toBe('(see https://en.wikipedia.org/wiki/Foo_(bar)).');
  });
});
