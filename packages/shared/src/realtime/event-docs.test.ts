import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withRealtimeTables } from './event-docs-table';
import { CLIENT_EVENT_DOCS, EVENT_DOCS } from './event-docs';

const DOC = new URL('../../../../docs/realtime.md', import.meta.url);

describe('docs/realtime.md', () => {
  it('holds the channel and event tables the registry makes (npm run docs:realtime)', () => {
    const document = readFileSync(DOC, 'utf8');
    const expected = withRealtimeTables(document);
    expect(expected, 'docs/realtime.md lost its registry markers').not.toBeNull();
    expect(document).toBe(expected);
  });

  it('documents all 52 events: 51 from the server and the client event', () => {
    const count = Object.values(EVENT_DOCS).reduce((n, kind) => n + Object.keys(kind).length, 0);
    expect(count + Object.keys(CLIENT_EVENT_DOCS).length).toBe(52);
  });
});
