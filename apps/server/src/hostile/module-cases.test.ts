/**
 * The sweep's catalogue, checked against what each module really registers: a module with
 * routes has an entry, each unsafe route a module registers has a case in its own entry, and
 * each case names a route of the module it is filed under.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../modules';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { MODULE_CASES, NOT_SWEPT, PLATFORM_ROUTES, type RouteOwner } from './module-cases';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Pusher's HTTP events API is signed by the app secret, not a session: realtime.test.ts. */
const pusherHttpApi = (route: string) => route.startsWith('POST /apps/');

describe('the hostile cases of each module', () => {
  let t: TestApp;
  let registered: ReadonlyMap<string, readonly string[]>;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { JOB_CONCURRENCY: '0' });
    registered = t.app.deps.moduleRoutes;
  });
  afterAll(async () => t.close());

  it('knows every owner of routes: the platform and the modules of modules.ts', () => {
    const owners: string[] = [PLATFORM_ROUTES, ...MODULES.map((m) => m.name)];
    expect([...registered.keys()].filter((owner) => !owners.includes(owner))).toEqual([]);
    expect(registered.get('chat')).toContain('POST /api/room/:id/message');
  });

  it('has an entry for every module with routes, covering each of its unsafe routes', () => {
    const problems: string[] = [];
    for (const [owner, routes] of registered) {
      if (routes.length === 0) continue;
      const cases = MODULE_CASES[owner as RouteOwner];
      if (!cases) {
        problems.push(`${owner}: registers ${routes.length} routes and has no cases entry`);
        continue;
      }
      const covered = new Set(cases.unsafe.map((c) => c.route));
      // An overridable route also answers POST (method override): its case covers that too.
      for (const c of cases.unsafe.filter((c) => !c.realPost))
        covered.add(`POST ${c.route.split(' ')[1]}`);
      for (const route of new Set(routes)) {
        if (!UNSAFE.has(route.split(' ')[0]!) || pusherHttpApi(route)) continue;
        if (Object.hasOwn(NOT_SWEPT, route)) continue;
        if (!covered.has(route)) problems.push(`${owner}: no case for ${route}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('files each case under the module that registers its route', () => {
    const problems: string[] = [];
    for (const [owner, cases] of Object.entries(MODULE_CASES)) {
      const routes = new Set(registered.get(owner) ?? []);
      for (const c of [...cases.unsafe, ...cases.safe])
        if (!routes.has(c.route)) problems.push(`${owner}: ${c.route} is not its route`);
    }
    expect(problems).toEqual([]);
  });
});
