import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { makeDevice } from '../../test/my-kit';
import {
  createSessionEndedHandler,
  forgetCurrentSession,
  rememberCurrentSession,
  type SessionEndedDeps,
} from './session-ended';

function setup(sessions: SessionEndedDeps['sessions'], signedIn = true) {
  const deps = {
    sessions: vi.fn(sessions),
    signedIn: vi.fn(() => signedIn),
    drop: vi.fn(),
    toast: vi.fn(),
  };
  return { deps, handle: createSessionEndedHandler(deps) };
}

beforeEach(() => forgetCurrentSession());

describe('SessionEnded', () => {
  it('drops this tab at once when it names this session, with a toast', async () => {
    rememberCurrentSession([makeDevice(7, { current: true }), makeDevice(8)]);
    const { deps, handle } = setup(async () => []);
    await handle({ session_id: 7 });
    expect(deps.drop).toHaveBeenCalledTimes(1);
    expect(deps.toast).toHaveBeenCalledWith('my:security.endedHere');
    expect(deps.sessions).not.toHaveBeenCalled();
  });

  it('leaves this tab alone when another device was signed out', async () => {
    rememberCurrentSession([makeDevice(7, { current: true })]);
    const { deps, handle } = setup(async () => []);
    await handle({ session_id: 8 });
    expect(deps.drop).not.toHaveBeenCalled();
    expect(deps.toast).not.toHaveBeenCalled();
  });

  it('not knowing its session yet, asks: a 401 means this one ended', async () => {
    const { deps, handle } = setup(async () => {
      throw new ApiError(401, 'Unauthenticated', 'unauthenticated');
    });
    await handle({ session_id: 3 });
    expect(deps.drop).toHaveBeenCalledTimes(1);
  });

  it('not knowing its session yet, asks: still listed means another device', async () => {
    const { deps, handle } = setup(async () => [makeDevice(4, { current: true })]);
    await handle({ session_id: 3 });
    expect(deps.drop).not.toHaveBeenCalled();
    // The answer taught it its own id: the next event needs no question.
    await handle({ session_id: 4 });
    expect(deps.sessions).toHaveBeenCalledTimes(1);
    expect(deps.drop).toHaveBeenCalledTimes(1);
  });

  it('does nothing on a network failure or when already signed out', async () => {
    const offline = setup(async () => {
      throw new ApiError(0, 'offline');
    });
    await offline.handle({ session_id: 3 });
    expect(offline.deps.drop).not.toHaveBeenCalled();
    const out = setup(async () => [], false);
    await out.handle({ session_id: 3 });
    expect(out.deps.sessions).not.toHaveBeenCalled();
    expect(out.deps.drop).not.toHaveBeenCalled();
  });
});
