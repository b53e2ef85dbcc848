import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape';

describe('escapeHtml', () => {
  it('escapes each of the five special characters', () => {
    expect(escapeHtml('&')).toBe('&amp;');
    expect(escapeHtml('<')).toBe('&lt;');
    expect(escapeHtml('>')).toBe('&gt;');
    expect(escapeHtml("'")).toBe('&#39;');
    expect(escapeHtml('"')).toBe('&quot;');
  });

  it('leaves plain and Cyrillic text alone', () => {
    expect(escapeHtml('Привет, world! 1+1=2 -smile-')).toBe('Привет, world! 1+1=2 -smile-');
  });

  it('returns an empty string for an empty string', () => {
    expect(escapeHtml('')).toBe('');
  });

  it('neutralises a script tag', () => {
    expect(escapeHtml('<script>alert("x")</script>')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
  });

  it('neutralises an attribute break-out', () => {
    expect(escapeHtml(`" onerror='alert(1)`)).toBe('&quot; onerror=&#39;alert(1)');
  });

  it('escapes an ampersand that already starts an entity, so escaping twice is visible', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml(escapeHtml('<'))).toBe('&amp;lt;');
  });

  it('escapes every occurrence, not only the first', () => {
    expect(escapeHtml('<<>>&&')).toBe('&lt;&lt;&gt;&gt;&amp;&amp;');
  });
});
