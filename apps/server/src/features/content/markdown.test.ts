import { describe, expect, it } from 'vitest';
import { excerptOf, renderMarkdown, renderedAsText } from './markdown';

const smileys = new Map([['smile', { file: '/assets/static/smileys/smile.gif' }]]);
const render = (text: string) => renderMarkdown(text, { smileys });

/** Nothing in the HTML can run: no script, no handler attribute, no script or data URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<[^>]+\son\w+=/i);
  expect(html).not.toMatch(/<a\s[^>]*href="\s*(?:javascript|data|vbscript):/i);
  expect(html).not.toMatch(/<(?:iframe|object|embed|style|svg|form|input)/i);
}

describe('content Markdown', () => {
  it('renders the safe subset: emphasis, lists, quotes, code, links', () => {
    expect(render('*a* **b** ~~c~~')).toBe('<p><em>a</em> <strong>b</strong> <s>c</s></p>');
    expect(render('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(render('3. three')).toBe('<ol start="3">\n<li>three</li>\n</ol>');
    expect(render('> said')).toBe('<blockquote>\n<p>said</p>\n</blockquote>');
    expect(render('`x < y`')).toBe('<p><code>x &lt; y</code></p>');
    expect(render('```\n<b>\n```')).toBe('<pre><code>&lt;b&gt;\n</code></pre>');
  });

  it('opens every link in a new tab, marked as user content, and only web and mail links', () => {
    expect(render('[site](https://example.com)')).toBe(
      '<p><a href="https://example.com" rel="noopener nofollow ugc" target="_blank">site</a></p>',
    );
    expect(render('see https://example.com/x')).toContain(
      '<a href="https://example.com/x" rel="noopener nofollow ugc" target="_blank">',
    );
    expect(render('[m](mailto:a@b.cd)')).toContain('href="mailto:a@b.cd"');
    // Anything else keeps its words and loses its link.
    expect(render('[here](/forum)')).toBe('<p><span>here</span></p>');
  });

  it('turns smiley tags into the site smileys, but not inside code', () => {
    expect(render('hi -smile- -nope-')).toBe(
      '<p>hi <img class="smiley" src="/assets/static/smileys/smile.gif" alt="-smile-" /> -nope-</p>',
    );
    expect(render('`-smile-`')).toBe('<p><code>-smile-</code></p>');
  });

  it('shows markup as text and never makes it live', () => {
    const cases = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox)',
      '<a href="javascript:alert(1)">x</a>',
      '![x](javascript:alert(1))',
      '![x](https://evil.example/p.png)',
      '[x](http://a.b/"onmouseover="alert(1))',
      '<svg onload=alert(1)>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '&#106;avascript:alert(1)',
      '[x](&#106;avascript:alert(1))',
    ];
    for (const text of cases) expectInert(render(text));
    expect(render('<script>alert(1)</script>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(render('<img src=x onerror=alert(1)>')).not.toContain('<img');
    // No picture but a smiley: a Markdown image is at most a link.
    expect(render('![x](https://evil.example/p.png)')).not.toContain('<img');
  });

  it('keeps entities as the text they stand for, escaped once', () => {
    expect(render('&lt;b&gt; &amp; &quot;')).toBe('<p>&lt;b&gt; &amp; "</p>');
  });

  it('survives deep nesting and long texts', () => {
    const deep = render(`${'> '.repeat(500)}deep`);
    expectInert(deep);
    expect((deep.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(20);
    const long = render('слово *курсив* [ссылка](https://example.com) -smile-\n'.repeat(400));
    expect(long.length).toBeGreaterThan(20_000);
    expectInert(long);
  });

  it('makes short plain excerpts', () => {
    expect(excerptOf('> **Hello** _there_')).toBe('Hello there');
    expect(excerptOf('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('reads a rendered post back as the words it shows, markup typed as text staying text', () => {
    const text =
      '> **Hi** <script>alert(1)</script>\n\n[a > b](https://x.example/?q=>") -smile- &#65;';
    expect(renderedAsText(render(text))).toBe('Hi <script>alert(1)</script> a > b A');
  });
});
