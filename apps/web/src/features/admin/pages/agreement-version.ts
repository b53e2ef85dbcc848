import type { InitData } from '@chat/shared';
import { create } from 'zustand';
import { api } from '../../../lib/api';
import { firstInitAnswer } from '../../session/first-init';
import { useSessionStore } from '../../session/store';
import { acceptAgreement } from './api';
import { CLIENT_VERSION, initQuery } from './client-version';

interface AgreementVersionState {
  /** The agreement's current version, from init (null: not known yet). */
  current: number | null;
  /** The version the signed-in person accepted, as the server recorded it. */
  accepted: number | null;
}

export const useAgreementVersion = create<AgreementVersionState>()(() => ({
  current: null,
  accepted: null,
}));

let recording: Promise<void> | null = null;
let askedWithVersion = false;

/** Whether `version` (`1.2.3`) is newer than CLIENT_VERSION, compared number by number. */
function newerThanThisBuild(version: string): boolean {
  const theirs = version.split('.').map(Number);
  const ours = CLIENT_VERSION.split('.').map(Number);
  for (let i = 0; i < Math.max(theirs.length, ours.length); i += 1) {
    const a = theirs[i] ?? 0;
    const b = ours[i] ?? 0;
    if (a !== b) return a > b;
  }
  return false;
}

/** The person accepted in this browser (notice, restricted page, agreement page): record it. */
function record(version: number): void {
  recording ??= acceptAgreement(version)
    .then((state) =>
      useAgreementVersion.setState({
        current: state.agreement_version,
        accepted: state.agreement_accepted_version,
      }),
    )
    .catch((error: unknown) => console.error('the agreement acceptance was not recorded', error))
    .finally(() => {
      recording = null;
    });
}

/**
 * Squares the browser's agreement status with the server's versions for a signed-in person:
 * a newer version than the one they recorded asks again (the cookie notice comes back), and
 * an acceptance here is recorded. Visitors keep only the local status. Someone with no record
 * yet who accepted in this browser (a new account, or one from before versions were kept) is
 * recorded as accepting the current version: from then on each new version asks again.
 */
function reconcile(): void {
  const { current, accepted } = useAgreementVersion.getState();
  const session = useSessionStore.getState();
  if (!session.userData || current === null) return;
  const seen = accepted ?? 0;
  if (seen >= current) return;
  if (session.agreementStatus !== true) return;
  if (accepted === null) record(current);
  else session.setAgreementStatus(null);
}

let unfollow: (() => void) | null = null;

function follow(): void {
  unfollow ??= useSessionStore.subscribe((state, previous) => {
    const { current, accepted } = useAgreementVersion.getState();
    if (
      state.agreementStatus === true &&
      previous.agreementStatus !== true &&
      state.userData &&
      current !== null &&
      (accepted ?? 0) < current
    )
      record(current);
    // Someone else signed in in this tab: their accepted version comes with init.
    const id = state.userData?.user.id ?? null;
    if (id !== null && id !== (previous.userData?.user.id ?? null)) void readInitAgain();
  });
}

/** What init said about the agreement and this app's version (init.ts calls this). */
export function noteInitAgreement(data: InitData): void {
  follow();
  if (data.update_required) useSessionStore.getState().requireUpdate();
  // The first init (first-paint code) does not send this build's version: when a newer release
  // exists, ask again with it, and the server says whether a required one is newer.
  else if (!askedWithVersion && data.update && newerThanThisBuild(data.update.version)) {
    askedWithVersion = true;
    void readInitAgain();
  }
  if (data.agreement_version !== undefined)
    useAgreementVersion.setState({
      current: data.agreement_version,
      accepted: data.agreement_accepted_version ?? null,
    });
  reconcile();
}

let reading: Promise<void> | null = null;

/** Init again, for the agreement's versions: a new version was published, or someone signed in. */
export function readInitAgain(): Promise<void> {
  reading ??= api
    .get<InitData>('/api/init', { query: initQuery(), silent: true })
    .then((answer) => noteInitAgreement(answer.data))
    .catch((error: unknown) => console.error('the agreement version could not be read', error))
    .finally(() => {
      reading = null;
    });
  return reading;
}

/**
 * Someone is signed in in this tab (the signed-in navbar's chunk calls this when it loads):
 * follow their agreement status, and read the versions if init did not bring them (a visitor
 * who signed in after the page loaded).
 */
export function followAgreement(): void {
  const first = firstInitAnswer();
  // Signed in when the page loaded: the first init's answer has the versions.
  if (first?.user && first.user.user.id === useSessionStore.getState().userData?.user.id)
    noteInitAgreement(first);
  else {
    follow();
    void readInitAgain();
  }
}

/**
 * Back to a page that has followed nothing and asked nothing yet (the tests share one page:
 * src/test/setup.ts calls this after each).
 */
export function stopFollowingAgreement(): void {
  unfollow?.();
  unfollow = null;
  askedWithVersion = false;
}
