/** A nick inside Markdown: its Markdown characters escaped, so `_x_` stays a nick. */
export const markdownNick = (nick: string) => nick.replace(/([\\`*_[\]<>#|~!])/g, '\\$1');

/**
 * A quote of a post (or of a part of it) as Markdown for the reply box: a line naming the author,
 * then each line of the text behind `> `, and an empty line to write under.
 */
export function quoteMarkdown(text: string, heading: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`));
  return `> ${heading}\n${lines.join('\n')}\n\n`;
}

/** The reply box's text with a quote added at the end, on lines of its own. */
export function withQuote(current: string, quote: string): string {
  if (current.trim() === '') return quote;
  const separator = current.endsWith('\n\n') ? '' : current.endsWith('\n') ? '\n' : '\n\n';
  return `${current}${separator}${quote}`;
}

/** The selected text when the whole selection lies inside `root`, else null. */
export function selectionInside(root: Node | null, selection: Selection | null): string | null {
  if (root === null || selection === null || selection.isCollapsed) return null;
  const { anchorNode, focusNode } = selection;
  if (!anchorNode || !focusNode || !root.contains(anchorNode) || !root.contains(focusNode))
    return null;
  const text = selection.toString().trim();
  return text === '' ? null : text;
}
