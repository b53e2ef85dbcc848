import {
  nickStylePerks,
  nickStyleProblems,
  type MyNickBody,
  type NickStyle,
  type PublicUser,
} from '@chat/shared';
import type { UserRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { forbidden, invalid } from '../../http/app-error';
import { BROADCAST_LIMITS } from '../../http/broadcast-limits';
import type { RateLimits } from '../../http/rate-limit';
import { isMessageKey, type MessageKey } from '../../http/messages';
import { frameUrl } from '../profiles/profiles.presenter';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { hasPermission, presentNick, presentPublicUser } from '../users/user.presenter';
import type { MyRepository } from './my.repository';

/** The nick style and the avatar frame: how a user looks to everyone, restyled live. */
export class IdentityService {
  constructor(
    private readonly repo: MyRepository,
    private readonly profiles: ProfilesRepository,
    private readonly events: DomainEvents,
    /** Each restyle is heard on `private-chat` by everyone: limited per account. */
    private readonly rateLimits: RateLimits,
  ) {}

  async setNick(user: UserRow, body: MyNickBody): Promise<NickStyle> {
    const current = presentNick(user);
    const color = body.color === undefined ? current.color : body.color;
    const hasGradient = body.has_gradient ?? current.has_gradient;
    const style = {
      color: color === null ? null : color.toLowerCase(),
      has_gradient: hasGradient,
      gradient: hasGradient ? (body.gradient ?? current.gradient).map((c) => c.toLowerCase()) : [],
      font_id: body.font_id === undefined ? current.font_id : body.font_id,
      weight: body.weight === undefined ? current.weight : body.weight,
      italic: body.italic ?? current.italic,
    };
    // "Number of colours 0" (gradient off) may still send the colours it had: they are dropped.
    const problems = toMessageKeys(nickStyleProblems(style));
    if (style.font_id !== null && !(await this.repo.fontExists(style.font_id)))
      problems.font_id = ['nick.font_invalid'];
    if (Object.keys(problems).length > 0) throw invalid(problems);
    // Premium perks: a gradient and the colours beyond the basic rows (the editor locks them too).
    for (const perk of nickStylePerks(style))
      if (!hasPermission(user, perk))
        throw forbidden(perk === 'nick.gradient' ? 'nick.premium_gradient' : 'nick.premium_color');
    await this.rateLimits.hit(BROADCAST_LIMITS.identity, String(user.id));
    const saved = await this.repo.update(user.id, { nick_style: JSON.stringify(style) });
    const nick = presentNick(saved);
    this.events.emit('user.nick', { userId: saved.id, nick });
    this.events.emit('user.updated', { user: presentPublicUser(saved) });
    return nick;
  }

  async setFrame(user: UserRow, frameId: number | null): Promise<PublicUser> {
    let frame: string | null = null;
    if (frameId !== null) {
      const row = await this.profiles.frame(frameId);
      if (!row) throw invalid({ frame_id: ['invalid_value'] });
      if (row.premium_only === 1 && !hasPermission(user, 'frame.premium'))
        throw forbidden('frame.premium');
      frame = frameUrl(row.file);
    }
    await this.rateLimits.hit(BROADCAST_LIMITS.identity, String(user.id));
    const saved = await this.repo.update(user.id, { frame_id: frameId, frame });
    this.events.emit('user.frame', { userId: saved.id, frame });
    this.events.emit('user.updated', { user: presentPublicUser(saved) });
    return presentPublicUser(saved);
  }
}

function toMessageKeys(problems: Record<string, string[]>): Record<string, MessageKey[]> {
  const out: Record<string, MessageKey[]> = {};
  for (const [field, keys] of Object.entries(problems))
    out[field] = keys.map((k) => (isMessageKey(k) ? k : 'invalid_value'));
  return out;
}
