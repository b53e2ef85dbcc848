import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment as the fake keeps it: YooKassa's shape, the fields the adapter reads. */
export interface FakePayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  metadata: Record<string, string>;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url?: string };
  description?: string;
  paid: boolean;
}

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotenceKey: string | undefined;
  body: unknown;
}

/**
 * A fake of YooKassa's API v3 for tests, on a free local port: POST /v3/payments (the same
 * Idempotence-Key answers the same payment) and GET /v3/payments/{id}. It checks Basic auth
 * and records every request.
 */
export class FakeYookassa {
  readonly requests: FakeRequest[] = [];
  readonly payments = new Map<string, FakePayment>();
  private readonly byKey = new Map<string, string>();
  /** Answer every call with this status instead (an outage). */
  failWith: number | null = null;
  private server: Server | null = null;

  constructor(
    readonly shopId: string,
    readonly secretKey: string,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** What the shop's cabinet would show after the payer paid or gave up. */
  set(id: string, change: Partial<FakePayment>): FakePayment {
    const payment = { ...this.payments.get(id)!, ...change };
    this.payments.set(id, payment);
    return payment;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    const record: FakeRequest = {
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      idempotenceKey: req.headers['idempotence-key'] as string | undefined,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
    this.requests.push(record);
    if (this.failWith) return { status: this.failWith, body: { type: 'error' } };
    const expected = `Basic ${Buffer.from(`${this.shopId}:${this.secretKey}`).toString('base64')}`;
    if (record.authorization !== expected)
      return { status: 401, body: { type: 'error', code: 'invalid_credentials' } };
    if (req.method === 'POST' && path === '/v3/payments') return this.create(record);
    const found = /^\/v3\/payments\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && found) {
      const payment = this.payments.get(found[1]!);
      return payment
        ? { status: 200, body: payment }
        : { status: 404, body: { type: 'error', code: 'not_found' } };
    }
    return { status: 404, body: { type: 'error', code: 'not_found' } };
  }

  private create(record: FakeRequest): { status: number; body: unknown } {
    if (!record.idempotenceKey)
      return { status: 400, body: { type: 'error', code: 'invalid_request' } };
    const known = this.byKey.get(record.idempotenceKey);
    if (known) return { status: 200, body: this.payments.get(known) };
    const body = record.body as {
      amount: FakePayment['amount'];
      metadata: Record<string, string>;
      confirmation: { return_url: string };
      description?: string;
    };
    const id = randomUUID();
    const payment: FakePayment = {
      id,
      status: 'pending',
      amount: body.amount,
      metadata: body.metadata,
      confirmation: {
        type: 'redirect',
        return_url: body.confirmation.return_url,
        confirmation_url: `https://yoomoney.example/checkout/${id}`,
      },
      description: body.description,
      paid: false,
    };
    this.payments.set(id, payment);
    this.byKey.set(record.idempotenceKey, id);
    return { status: 200, body: payment };
  }
}
