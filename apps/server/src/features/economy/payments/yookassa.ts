import { BlockList, isIP } from 'node:net';
import type { YookassaConfig } from '../../../config';
import {
  ProviderError,
  type CreatedPayment,
  type CreatePaymentInput,
  type NoticeRequest,
  type PaymentProvider,
  type ProviderNoticeRef,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from './provider';

const TIMEOUT_MS = 10_000;
/** YooKassa's payment ids are UUID-like; anything else is not worth a request. */
const PAYMENT_ID = /^[A-Za-z0-9-]{8,64}$/;
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** YooKassa's statuses in ours: waiting_for_capture does not occur with capture: true. */
const STATUSES: Record<string, ProviderPaymentStatus> = {
  pending: 'pending',
  waiting_for_capture: 'pending',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/**
 * YooKassa over its REST API v3: Basic auth with the shop id and secret key, an Idempotence-Key
 * on creation, a redirect confirmation. Its notices carry no signature, so they are only hints:
 * the payment is always fetched from the API (and, when configured, notices must come from
 * YooKassa's published addresses).
 */
export class YookassaProvider implements PaymentProvider {
  readonly name = 'yookassa' as const;
  private readonly authorization: string;
  private readonly noticeIps: BlockList | null;

  constructor(private readonly config: YookassaConfig) {
    this.authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
    this.noticeIps = config.noticeIps ? blockListOf(config.noticeIps) : null;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const payment = await this.call('POST', '/v3/payments', {
      body: {
        amount: { value: input.amount.toFixed(2), currency: input.currency },
        capture: true,
        confirmation: {
          type: 'redirect',
          return_url: input.returnUrl,
          // YooKassa's payment page speaks the payer's language.
          locale: input.locale === 'en' ? 'en_US' : 'ru_RU',
        },
        description: input.description.slice(0, 128),
        metadata: { invoice_id: String(input.invoiceId) },
      },
      idempotenceKey: input.idempotenceKey,
    });
    const id = field(payment, 'id');
    const url = field(field(payment, 'confirmation'), 'confirmation_url');
    if (typeof id !== 'string' || !PAYMENT_ID.test(id) || typeof url !== 'string')
      throw new ProviderError('YooKassa answered a payment without an id or confirmation URL');
    return { providerPaymentId: id, payUrl: url };
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    if (!PAYMENT_ID.test(providerPaymentId)) return null;
    const payment = await this.call('GET', `/v3/payments/${providerPaymentId}`);
    if (payment === null) return null;
    const status = STATUSES[String(field(payment, 'status'))];
    const id = field(payment, 'id');
    if (!status || typeof id !== 'string')
      throw new ProviderError('YooKassa answered a payment without a known status');
    const amount = field(payment, 'amount');
    const value = field(amount, 'value');
    const currency = field(amount, 'currency');
    const invoiceId = field(field(payment, 'metadata'), 'invoice_id');
    return {
      id,
      status,
      amount: typeof value === 'string' && MONEY.test(value) ? Number(value) : Number.NaN,
      currency: typeof currency === 'string' ? currency : '',
      invoiceId:
        typeof invoiceId === 'string' && /^[1-9]\d{0,9}$/.test(invoiceId)
          ? Number(invoiceId)
          : null,
    };
  }

  verifyNotice(request: NoticeRequest): ProviderNoticeRef | null {
    if (this.noticeIps && !allowed(this.noticeIps, request.ip)) return null;
    const object = field(request.body, 'object');
    const id = field(object, 'id');
    if (field(request.body, 'type') !== 'notification' || typeof id !== 'string') return null;
    return PAYMENT_ID.test(id) ? { providerPaymentId: id } : null;
  }

  /** One API call; a 404 answers null, anything else but 2xx is a ProviderError. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; idempotenceKey?: string } = {},
  ): Promise<unknown> {
    const headers: Record<string, string> = { authorization: this.authorization };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotenceKey) headers['idempotence-key'] = options.idempotenceKey;
    let res: Response;
    try {
      res = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError(`YooKassa ${method} ${path} failed`, { cause: error });
    }
    if (res.status === 404) return null;
    const text = await res.text();
    if (!res.ok)
      throw new ProviderError(`YooKassa ${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ProviderError(`YooKassa ${method} ${path}: not JSON`, { cause: error });
    }
  }
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === 'object' && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function allowed(list: BlockList, ip: string): boolean {
  // An IPv4 client on a dual-stack socket shows as ::ffff:1.2.3.4.
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
