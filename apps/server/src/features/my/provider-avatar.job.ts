import type { FastifyBaseLogger } from 'fastify';
import { fetchPublicPicture } from '../../lib/fetch-public-picture';
import type { JobHandler } from '../jobs/job-queue';
import type { AvatarService } from './avatar.service';

declare module '../jobs/job-queue' {
  interface JobPayloads {
    /** A new account's picture at the site it signed up with (features/auth/social). */
    'avatar.from_provider': { userId: number; url: string };
  }
}

/**
 * Takes a provider's picture as a new account's avatar, after the sign-up has answered: the
 * provider's server may be slow, and the account works without it. A picture that cannot be
 * fetched or read is simply not taken.
 */
export class ProviderAvatarJob implements JobHandler<'avatar.from_provider'> {
  constructor(
    private readonly avatars: Pick<AvatarService, 'setFromProvider'>,
    /** Origins of the providers the site configured: their pictures may be on plain http. */
    private readonly trusted: ReadonlySet<string>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run({ userId, url }: { userId: number; url: string }): Promise<void> {
    const picture = await fetchPublicPicture(url, this.trusted);
    if (!picture) {
      this.log.info({ userId }, 'the provider’s picture was not taken');
      return;
    }
    try {
      await this.avatars.setFromProvider(userId, picture);
    } catch (error) {
      this.log.info({ userId, err: error }, 'the provider’s picture could not be read');
    }
  }
}
