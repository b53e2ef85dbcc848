import {
  DEFAULT_WINDOW_WIDTH,
  roleFlags,
  type MyBan,
  type RoleFlags,
  type UserData,
} from '@chat/shared';
import { create } from 'zustand';
import { loadItem, saveItem } from '../../lib/local-store';

export const API_TOKEN_KEY = 'apiToken';
export const AGREEMENT_KEY = 'agreementStatus';

export type AgreementStatus = boolean | null;
export type Premium = UserData['premium'];

export interface SessionState {
  userData: UserData | null;
  apiToken: string | null;
  /** true: accepted; false: declined (site restricted); null: not asked yet. */
  agreementStatus: AgreementStatus;
  isUpdateRequired: boolean;
  /** The build key received with init; a different one later means a new deployment. */
  buildKey: string | null;
  windowSize: number;
  balance: number;
  bonus: number;
  premium: Premium | null;
  initialized: boolean;

  signIn: (data: UserData, token?: string | null) => void;
  setApiToken: (token: string | null) => void;
  setAgreementStatus: (status: AgreementStatus) => void;
  setBuildKey: (key: string) => void;
  noteBuildKey: (key: string) => void;
  requireUpdate: () => void;
  setWindowSize: (width: number) => void;
  setInitialized: () => void;
  logout: () => void;
  /** A live identity event about the signed-in user (navbar avatar, nick, frame); others are ignored. */
  userPatched: (userId: number, patch: Partial<Omit<UserData['user'], 'id'>>) => void;
  /** My gag and ban as GET /api/my/ban answered (a sanction given, ended or appealed). */
  setSanctions: (sanctions: MyBan) => void;
  /** My wallet after a credit or debit (BalanceUpdated, or an answer that carries it). */
  walletUpdated: (wallet: { balance: number; bonus: number }) => void;
}

function loadAgreement(): AgreementStatus {
  const raw = loadItem(AGREEMENT_KEY);
  return raw === 'true' ? true : raw === 'false' ? false : null;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  userData: null,
  apiToken: loadItem(API_TOKEN_KEY),
  agreementStatus: loadAgreement(),
  isUpdateRequired: false,
  buildKey: null,
  // The spec's default; the shell measures the real window as soon as it mounts.
  windowSize: DEFAULT_WINDOW_WIDTH,
  balance: 0,
  bonus: 0,
  premium: null,
  initialized: false,

  signIn: (data, token) => {
    set({ userData: data, balance: data.balance, bonus: data.bonus, premium: data.premium });
    if (token) get().setApiToken(token);
  },
  setApiToken: (token) => {
    saveItem(API_TOKEN_KEY, token);
    set({ apiToken: token });
  },
  setAgreementStatus: (status) => {
    saveItem(AGREEMENT_KEY, status === null ? null : String(status));
    set({ agreementStatus: status });
  },
  setBuildKey: (key) => set({ buildKey: key }),
  noteBuildKey: (key) => {
    const known = get().buildKey;
    if (known !== null && known !== key) get().requireUpdate();
  },
  requireUpdate: () => set({ isUpdateRequired: true }),
  setWindowSize: (width) => set({ windowSize: width }),
  setInitialized: () => set({ initialized: true }),
  logout: () => {
    saveItem(API_TOKEN_KEY, null);
    set({ userData: null, apiToken: null, balance: 0, bonus: 0, premium: null });
  },
  userPatched: (userId, patch) => {
    const data = get().userData;
    if (!data || data.user.id !== userId) return;
    // The user data keeps the frame twice (spec: client state has its own `frame`).
    const frame = patch.frame !== undefined ? patch.frame : data.frame;
    set({ userData: { ...data, user: { ...data.user, ...patch }, frame } });
  },
  setSanctions: ({ gag, ban }) => {
    const data = get().userData;
    if (data) set({ userData: { ...data, gag, ban } });
  },
  // Only the two numbers: a new userData object would make the realtime app follow the session
  // again (re-hydrating the bell and the chat from init's old copy).
  walletUpdated: ({ balance, bonus }) => {
    if (get().userData) set({ balance, bonus });
  },
}));

export function totalBalance(state: Pick<SessionState, 'balance' | 'bonus'>): number {
  return state.balance + state.bonus;
}

const NO_ROLES: RoleFlags = { guest: false, user: false, moderator: false, admin: false };

/** Role flags of the signed-in user; all false when signed out. */
export function selectRoleFlags(state: Pick<SessionState, 'userData'>): RoleFlags {
  return state.userData ? roleFlags(state.userData.roles) : NO_ROLES;
}
