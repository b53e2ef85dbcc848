/**
 * Issue 19, point 1: one account's pile of pictures does not hold up another person's first
 * one, and guests behind one address share one upload limit.
 */
import type { Attachment } from '@chat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../test/chat-fixtures';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { testDialects } from '../../test/databases';
import { buildUser, json, signedIn, type Client } from '../../test/factories';
import { multipart, noisyJpeg, png, readiness } from './test/upload-kit';

const dialects = await testDialects();

describe.each(dialects)('upload fairness on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // One worker, so the order of processing is the order of the claims.
    t = await buildTestApp(dialect, {
      ADULT_CLASSIFIER: 'off',
      JOB_CONCURRENCY: '1',
      UPLOADS_PER_MINUTE: '6',
    });
  });
  afterAll(async () => t.close());

  const send = (client: Client, data: Buffer, remoteAddress = '127.0.0.1') =>
    client.asBrowser({
      method: 'POST',
      url: '/api/upload',
      remoteAddress,
      ...multipart({}, [{ data }]),
    });
  const sent = async (client: Client, data: Buffer) => {
    const res = await send(client, data);
    expect(res.statusCode, res.body).toBe(202);
    return json<{ data: Attachment }>(res).data.id;
  };

  it("processes B's one picture before A's second, whatever A queued first", async () => {
    const ready = readiness(t.app);
    const finished = recordEvents(t.app, 'attachment.ready');
    const a = await signedIn(t.app, await buildUser(t.app));
    const b = await signedIn(t.app, await buildUser(t.app));
    // Queued while the workers are paused: A's four large pictures first, then B's small one.
    await t.app.deps.jobs.stop();
    const mine: number[] = [];
    for (let i = 0; i < 4; i++) mine.push(await sent(a, await noisyJpeg(900, 600 + i)));
    const theirs = await sent(b, await png(16, 16));
    await t.app.deps.jobs.start();
    for (const id of [...mine, theirs]) await ready(id, 60_000);

    const order = finished.map((e) => e.attachment.id);
    expect(order.indexOf(theirs)).toBeLessThan(order.indexOf(mine[1]!));
    // A's own pictures keep their order.
    expect(order.filter((id) => mine.includes(id))).toEqual(mine);
  }, 90_000);

  it('counts the uploads of guests behind one address together, not registered accounts', async () => {
    const junk = Buffer.from('<html>not a picture</html>');
    const guest = async () => signedIn(t.app, await buildUser(t.app, { role: 'guest' }));
    const [first, second] = [await guest(), await guest()];
    // The first guest uses up the address's minute (each refused upload still counts).
    for (let i = 0; i < 6; i++) expect((await send(first, junk, '10.9.8.7')).statusCode).toBe(422);
    // A second guest account from that address is refused: a fresh guest is no fresh limit.
    const limited = await send(second, junk, '10.9.8.7');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(json<{ code: string }>(limited).code).toBe('too_many_requests');
    // The same guest from another address, and a registered account from this one, go on.
    expect((await send(second, junk, '10.9.8.8')).statusCode).toBe(422);
    const member = await signedIn(t.app, await buildUser(t.app));
    expect((await send(member, junk, '10.9.8.7')).statusCode).toBe(422);
  });
});
