import type {
  MyPremiumUpdatedEvent,
  PremiumState,
  PremiumUpdatedEvent,
  WalletWire,
} from '@chat/shared';
import type { UserPatch } from '../../shared/users/user-cache';

/** What the realtime dispatcher calls about premium. */
export interface PremiumEventActions {
  /** `MyPremiumUpdated` on `private-user.{id}`: bought, given to me, or ended. */
  myPremiumUpdated(event: MyPremiumUpdatedEvent): void;
  /** `PremiumUpdated` on `private-chat`: someone's mark in user lists and on profiles. */
  premiumUpdated(event: PremiumUpdatedEvent): void;
}

export interface PremiumEventDeps {
  applyMine: (premium: PremiumState, wallet: WalletWire | null) => void;
  /** The perks are permissions the server derives: read them again. */
  refreshPerks: () => void;
  /** One user changed everywhere users are shown (the user cache). */
  patchUser: (userId: number, patch: UserPatch) => void;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function premiumState(value: unknown): PremiumState | null {
  if (!isRecord(value) || typeof value.active !== 'boolean') return null;
  const until = value.until;
  if (until !== null && typeof until !== 'string') return null;
  return { active: value.active, until };
}

function wallet(value: unknown): WalletWire | null {
  if (!isRecord(value)) return null;
  const { balance, bonus, total } = value;
  if (!Number.isInteger(balance) || !Number.isInteger(bonus)) return null;
  const b = balance as number;
  const n = bonus as number;
  return { balance: b, bonus: n, total: Number.isInteger(total) ? (total as number) : b + n };
}

/**
 * Premium events into the stores. A payload without a usable state is dropped whole. When
 * someone's premium ends the server restyles a gradient nick itself (`UserNickUpdated`), so
 * here only the mark changes.
 */
export function createPremiumEvents(deps: PremiumEventDeps): PremiumEventActions {
  return {
    myPremiumUpdated: (event) => {
      const premium = premiumState(event.premium);
      if (!premium) return;
      deps.applyMine(premium, wallet(event.wallet));
      deps.refreshPerks();
    },
    premiumUpdated: ({ user_id, data }) => {
      const premium = premiumState(data);
      if (!Number.isInteger(user_id) || user_id <= 0 || !premium) return;
      deps.patchUser(user_id, { premium: premium.active });
    },
  };
}
