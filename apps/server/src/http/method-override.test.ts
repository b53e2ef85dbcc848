import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { bodyParsersPlugin } from './body-parsers';
import { methodOverridePlugin } from './method-override';

async function appWithRoutes() {
  const app = Fastify();
  await app.register(bodyParsersPlugin);
  await app.register(methodOverridePlugin);
  app.post('/friends/:id', async () => ({ did: 'add' }));
  app.delete('/friends/:id', async () => ({ did: 'delete' }));
  app.patch('/settings', async (request) => ({ did: 'patch', body: request.body }));
  await app.ready();
  return app;
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('method override', () => {
  it('routes POST with _method=PATCH to the PATCH route, form or JSON', async () => {
    const app = await appWithRoutes();
    const viaForm = await app.inject({
      method: 'POST',
      url: '/settings',
      headers: form,
      payload: '_method=PATCH&show_guests=1',
    });
    expect(viaForm.json()).toEqual({ did: 'patch', body: { _method: 'PATCH', show_guests: '1' } });
    const viaJson = await app.inject({
      method: 'POST',
      url: '/settings',
      payload: { _method: 'patch' },
    });
    expect(viaJson.json()).toMatchObject({ did: 'patch' });
    expect(
      (await app.inject({ method: 'PATCH', url: '/settings', payload: {} })).json(),
    ).toMatchObject({ did: 'patch' });
  });

  it('answers 404 to a POST without the matching _method', async () => {
    const app = await appWithRoutes();
    expect((await app.inject({ method: 'POST', url: '/settings', payload: {} })).statusCode).toBe(
      404,
    );
    expect(
      (await app.inject({ method: 'POST', url: '/settings', payload: { _method: 'DELETE' } }))
        .statusCode,
    ).toBe(404);
  });

  it('shares a URL between a real POST and an overridden DELETE', async () => {
    const app = await appWithRoutes();
    expect(
      (
        await app.inject({ method: 'POST', url: '/friends/5', headers: form, payload: 'x=1' })
      ).json(),
    ).toEqual({ did: 'add' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/friends/5',
          headers: form,
          payload: '_method=DELETE',
        })
      ).json(),
    ).toEqual({ did: 'delete' });
    expect((await app.inject({ method: 'DELETE', url: '/friends/5' })).json()).toEqual({
      did: 'delete',
    });
  });

  it('nests bracket notation in form bodies', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/settings',
      headers: form,
      payload: '_method=PATCH&room[5]=1&room[7]=2',
    });
    expect(res.json()).toMatchObject({ body: { room: { '5': '1', '7': '2' } } });
  });
});
