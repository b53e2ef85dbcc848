import {
  PAYMENT_PROVIDERS,
  type CoinsSent,
  type DailyBonusWire,
  type InvoiceWire,
  type LedgerEntry,
  type PaymentProvider,
  type WalletWire,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { toPaged, type Paged } from '../../shared/paged';

/** GET /api/wallet: the totals, the daily bonus's state and the payment providers on offer. */
export interface WalletStatus {
  wallet: WalletWire;
  daily_bonus_available: boolean;
  daily_bonus_next_at: string | null;
  /** The test provider always; YooKassa only when the server says it is set up. */
  providers: PaymentProvider[];
}

export const balanceKeys = {
  all: ['balance'] as const,
  wallet: ['balance', 'wallet'] as const,
  history: (page: number) => ['balance', 'history', page] as const,
  invoices: (page: number) => ['balance', 'invoices', page] as const,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A list from the server is what the site offers, even an empty one: the test provider is off
// on a real site, and offering it would only end in a refusal.
function providersOf(value: unknown): PaymentProvider[] {
  return Array.isArray(value)
    ? PAYMENT_PROVIDERS.filter((p) => value.includes(p))
    : ['test' as const];
}

// The server is written alongside this page: its answer is read with the envelope's `data` or
// without, and a missing `providers` means the test provider alone.
function toStatus(raw: unknown): WalletStatus {
  const body = isRecord(raw) ? raw : {};
  const wallet = isRecord(body.wallet) ? (body.wallet as unknown as WalletWire) : null;
  const balance = wallet?.balance ?? 0;
  const bonus = wallet?.bonus ?? 0;
  return {
    wallet: { balance, bonus, total: wallet?.total ?? balance + bonus },
    daily_bonus_available: body.daily_bonus_available === true,
    daily_bonus_next_at:
      typeof body.daily_bonus_next_at === 'string' ? body.daily_bonus_next_at : null,
    providers: providersOf(body.providers),
  };
}

export function walletQuery() {
  return queryOptions({
    queryKey: balanceKeys.wallet,
    queryFn: async ({ signal }) => {
      const answer = await api.get<unknown>('/api/wallet', { signal });
      return toStatus(answer.data ?? answer.envelope);
    },
  });
}

/** `GET /api/balance/history?page`: the ledger, newest first. */
export function historyQuery(page: number) {
  return queryOptions({
    queryKey: balanceKeys.history(page),
    queryFn: async ({ signal }): Promise<Paged<LedgerEntry>> =>
      toPaged(
        await api.get<LedgerEntry[]>('/api/balance/history', {
          query: { page: String(page) },
          signal,
        }),
        page,
      ),
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/balance/invoices?page`. */
export function invoicesQuery(page: number) {
  return queryOptions({
    queryKey: balanceKeys.invoices(page),
    queryFn: async ({ signal }): Promise<Paged<InvoiceWire>> =>
      toPaged(
        await api.get<InvoiceWire[]>('/api/balance/invoices', {
          query: { page: String(page) },
          signal,
        }),
        page,
      ),
    placeholderData: (previous) => previous,
  });
}

/** `POST /api/invoices` → 201, the invoice with the provider's `pay_url`. */
export async function createInvoice(amount: number, provider: PaymentProvider) {
  return (
    await api.post<InvoiceWire>('/api/invoices', { amount, provider }, { handlesValidation: true })
  ).data;
}

/** `POST /api/bonus/daily`; a second claim the same Moscow day is 429 (shown by the caller). */
export async function claimDailyBonus() {
  return (await api.post<DailyBonusWire>('/api/bonus/daily', undefined, { handledStatuses: [429] }))
    .data;
}

export interface SendCoinsInput {
  user_id: number;
  amount: number;
  text?: string;
  request_id: string;
}

/** `POST /api/coins/send` → 201; not enough on the balance is 422 `errors.balance`. */
export async function sendCoins(input: SendCoinsInput) {
  return (await api.post<CoinsSent>('/api/coins/send', input, { handlesValidation: true })).data;
}
