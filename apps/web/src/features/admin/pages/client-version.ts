// Only the version is read: the rest of package.json stays out of the bundle.
import { version } from '../../../../package.json';

/**
 * The site's version as the `pc` app (the web itself) reports it to init: a required pc
 * release newer than this shows the update banner.
 */
export const CLIENT_VERSION: string = version;

/** init's query for this app: its platform and version. */
export function initQuery(): Record<string, string> {
  return { platform: 'pc', version: CLIENT_VERSION };
}
