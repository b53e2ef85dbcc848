import { describe, it } from 'vitest';
import { useBrowser } from './browser';
import { scanEveryPage } from './axe-kit';

const session = useBrowser();

describe('axe-core finds nothing serious or critical', () => {
  it('on every page a visitor, a user, an admin and a banned person see (en)', async () => {
    await scanEveryPage(session, 'en');
  }, 300_000);
});
