import type { ComplaintComment, ComplaintDetail, ComplaintWire } from '@chat/shared';
import type { QueryClient } from '@tanstack/react-query';
import { complaintKeys } from './api';

/**
 * A complaint changed (our own action's answer, or `Complaint.Updated`): the open detail takes
 * the new fields at once and is read again for what the viewer may do now; lists are re-read.
 */
export function complaintChanged(client: QueryClient, complaint: ComplaintWire): void {
  client.setQueryData<ComplaintDetail>(complaintKeys.one(complaint.id), (old) =>
    old ? { ...old, ...complaint } : old,
  );
  void client.invalidateQueries({ queryKey: complaintKeys.one(complaint.id) });
  void client.invalidateQueries({ queryKey: complaintKeys.lists });
}

/** A comment in a thread (ours, or `Complaint.CommentStored`); once, whichever comes first. */
export function commentAdded(
  client: QueryClient,
  complaintId: number,
  comment: ComplaintComment,
): void {
  client.setQueryData<ComplaintDetail>(complaintKeys.one(complaintId), (old) => {
    if (!old || old.comments.some((c) => c.id === comment.id)) return old;
    return { ...old, comments: [...old.comments, comment] };
  });
}

/** What the realtime dispatcher calls for the complaint events (features/realtime/dispatcher.ts). */
export interface ComplaintEventActions {
  updated: (complaint: ComplaintWire) => void;
  commentStored: (payload: { complaint_id: number; comment: ComplaintComment }) => void;
}

export function createComplaintEvents(client: QueryClient): ComplaintEventActions {
  return {
    updated: (complaint) => complaintChanged(client, complaint),
    commentStored: ({ complaint_id, comment }) => commentAdded(client, complaint_id, comment),
  };
}
