// Fixtures for the sanctions tests: a ban as the server presents it, and a moderator's summary.
import type { BanWire, SanctionSummary } from '@chat/shared';
import { makeNick, makePublicUser } from '../../../../packages/shared/src/test/chat-fixtures';

export function makeBan(overrides: Partial<BanWire> = {}): BanWire {
  const userId = overrides.user_id ?? 100;
  return {
    id: 51,
    user_id: userId,
    user: makePublicUser({ id: userId }),
    type: 'ban',
    type_id: 2,
    period: '24h',
    reason: 'flood',
    taboo: null,
    comment: null,
    moderator: makePublicUser({ id: 9, nick: makeNick('Moder') }),
    evidence: null,
    created_at: '2025-01-01T12:00:00.000Z',
    expires_at: '2025-01-02T12:00:00.000Z',
    lifted_at: null,
    lifted_by: null,
    lift_reason: null,
    appeal: null,
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<SanctionSummary> = {}): SanctionSummary {
  return {
    user: makePublicUser({ id: 3, nick: makeNick('Anna') }),
    recent_violations: 2,
    violations: 5,
    suggested_period: '1h',
    gag: null,
    ban: null,
    troll: false,
    can_sanction: true,
    ...overrides,
  };
}
