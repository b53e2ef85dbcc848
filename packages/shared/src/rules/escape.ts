const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};

/**
 * Escapes user text for HTML (spec section 5). Quotes are escaped too so the result is also safe
 * inside a quoted attribute value, not only between tags.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>'"]/g, (char) => HTML_ENTITIES[char] ?? char);
}
