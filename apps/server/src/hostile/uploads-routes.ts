/** The upload route in the hostile sweep's catalogue (kit.ts). */
import { greyPng, multipart } from '../features/uploads/test/upload-kit';
import type { RouteCase } from './world';

export const UPLOAD_UNSAFE_ROUTES: RouteCase[] = [
  {
    route: 'POST /api/upload',
    access: 'user',
    body: true,
    realPost: true,
    streamsBody: true,
    actor: (w) => w.owner,
    call: () => ({ method: 'POST', url: '/api/upload', ...multipart({}, [{ data: greyPng(8) }]) }),
  },
];
