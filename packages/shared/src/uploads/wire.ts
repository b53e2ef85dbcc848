import { z } from 'zod';
import { ATTACHMENT_STATUSES, ATTACHMENTS_PER_MESSAGE, UPLOAD_PURPOSES } from './constants';
import { formBoolean, idField } from '../schemas/fields';

/** An attachment on the wire (API.md "Files and attachments"). */
export const attachmentSchema = z.object({
  id: z.number().int(),
  status: z.enum(ATTACHMENT_STATUSES),
  mime: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int().nullable(),
  /** 1 when the sender marked it 18+ or the classifier flagged it. */
  adult: z.union([z.literal(0), z.literal(1)]),
  url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  /** Why processing failed (an error code the client localises), else null. */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** The non-file fields of `POST /api/upload` (multipart). */
export const uploadFields = z.object({
  purpose: z.enum(UPLOAD_PURPOSES).default('attachment'),
  adult: formBoolean.default(false),
});

/** `attachments` of a message body: the ids of the caller's own complete uploads. */
export const attachmentIds = z.array(idField).max(ATTACHMENTS_PER_MESSAGE).default([]);
