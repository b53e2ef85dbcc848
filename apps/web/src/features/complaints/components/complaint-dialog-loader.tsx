import { lazy, Suspense } from 'react';
import { withQueryClient } from '../../../app/query-client-loader';
import { useComplaintDialog } from '../dialog-store';

// The dialog and the moderation schemas behind it load when a "Report" entry first opens it.
const ComplaintDialogHost = lazy(() =>
  withQueryClient(import('./complaint-dialog')).then((m) => ({ default: m.ComplaintDialogHost })),
);

/** The shell's complaint dialog, fetched on first use. */
export function LazyComplaintDialogHost() {
  const open = useComplaintDialog((s) => s.subject !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ComplaintDialogHost />
    </Suspense>
  );
}
