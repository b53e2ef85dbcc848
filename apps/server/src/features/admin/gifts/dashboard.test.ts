import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@chat/shared';
import { MESSAGE_TYPE } from '@chat/shared';
import { buildRoom } from '../../../test/chat-fixtures';
import { testDialects } from '../../../test/databases';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildUser, json, signedIn, type Client } from '../../../test/factories';
import { insertGift, insertSent } from './admin-gifts.test-kit';

const dialects = await testDialects();

describe.each(dialects)('the admin dashboard on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signedIn(t.app, await buildUser(t.app, { role: 'admin' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts online now and, per Moscow day, messages, registrations, payments and gift sales', async () => {
    const db = t.app.deps.database.db;
    const room = await buildRoom(t.app);
    const [u1, u2, u3] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const guest = await buildUser(t.app, { role: 'guest' });
    // Present: u1 in two rooms (one person), u2; u3 left (a time it went away).
    const room2 = await buildRoom(t.app);
    const presence = (roomId: number, userId: number, absent: string | null) => ({
      room_id: roomId,
      user_id: userId,
      position: 1,
      state_id: 1,
      invisible: 0,
      entered_at: new Date().toISOString(),
      absent_since: absent,
    });
    await db
      .insertInto('room_users')
      .values([
        presence(room.id, u1.id, null),
        presence(room2.id, u1.id, null),
        presence(room.id, u2.id, null),
        presence(room.id, u3.id, new Date().toISOString()),
      ])
      .execute();

    const message = (at: string, type = MESSAGE_TYPE.message as number) => ({
      room_id: room.id,
      user_id: u1.id,
      type_id: type,
      text: 'hi',
      nicks: '[]',
      attachments: '[]',
      client_id: null,
      created_at: at,
      deleted_at: null,
      gif_id: null,
      reply_to_id: null,
      edited_at: null,
    });
    await db
      .insertInto('messages')
      .values([
        message('2024-03-01T08:00:00.000Z'),
        message('2024-03-01T20:59:00.000Z'),
        message('2024-03-01T21:00:00.000Z'), // Moscow 03-02
        message('2024-03-01T09:00:00.000Z', MESSAGE_TYPE.system),
        message('2024-02-29T20:59:00.000Z'), // Moscow 02-29: before the period
      ])
      .execute();
    const channel = await db
      .insertInto('im_channels')
      .values({
        user_low_id: u1.id,
        user_high_id: u2.id,
        last_message_id: null,
        created_at: '2024-03-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('im_messages')
      .values(
        ['2024-03-02T10:00:00.000Z', '2024-03-02T11:00:00.000Z', '2024-03-03T10:00:00.000Z'].map(
          (at) => ({
            channel_id: channel.id,
            user_id: u1.id,
            text: 'psst',
            attachments: '[]',
            client_id: null,
            read_at: null,
            created_at: at,
          }),
        ),
      )
      .execute();
    for (const [id, at] of [
      [u1.id, '2024-03-01T12:00:00.000Z'],
      [u2.id, '2024-03-03T12:00:00.000Z'],
      [guest.id, '2024-03-03T12:00:00.000Z'],
    ] as const) {
      await db.updateTable('users').set({ created_at: at }).where('id', '=', id).execute();
    }
    const invoice = (amount: number, status: 'paid' | 'unpaid', paidAt: string | null) => ({
      user_id: u1.id,
      amount,
      currency: 'RUB',
      provider: 'test',
      provider_payment_id: null,
      status,
      pay_url: null,
      created_at: '2024-03-01T00:00:00.000Z',
      expires_at: '2024-03-05T00:00:00.000Z',
      paid_at: paidAt,
    });
    await db
      .insertInto('invoices')
      .values([
        invoice(100, 'paid', '2024-03-02T10:00:00.000Z'),
        invoice(250, 'paid', '2024-03-02T12:00:00.000Z'),
        invoice(999, 'unpaid', null),
      ])
      .execute();
    const gift = await insertGift(t.app);
    await insertSent(t.app, {
      giftId: gift.id,
      senderId: u1.id,
      recipientId: u2.id,
      price: 30,
      at: '2024-03-03T10:00:00.000Z',
    });
    await insertSent(t.app, {
      giftId: gift.id,
      senderId: u2.id,
      recipientId: u1.id,
      price: 20,
      at: '2024-03-03T11:00:00.000Z',
      anonymous: true,
    });

    const res = await admin.asBrowser({
      method: 'GET',
      url: '/api/admin/dashboard?from=2024-03-01&to=2024-03-03',
    });
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = json<{ data: Dashboard }>(res).data;
    expect(dashboard).toMatchObject({ from: '2024-03-01', to: '2024-03-03', online_now: 2 });
    const zero = {
      messages: 0,
      private_messages: 0,
      registrations: 0,
      payments: 0,
      payments_amount: 0,
      gift_sales: 0,
      gift_coins: 0,
    };
    expect(dashboard.days).toEqual([
      { ...zero, day: '2024-03-01', messages: 2, registrations: 1 },
      {
        ...zero,
        day: '2024-03-02',
        messages: 1,
        private_messages: 2,
        payments: 2,
        payments_amount: 350,
      },
      {
        ...zero,
        day: '2024-03-03',
        private_messages: 1,
        registrations: 1,
        gift_sales: 2,
        gift_coins: 50,
      },
    ]);
  });

  it('reads the last 30 days by default', async () => {
    const res = await admin.asBrowser({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode).toBe(200);
    const dashboard = json<{ data: Dashboard }>(res).data;
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days.at(-1)!.day).toBe(dashboard.to);
  });
});
