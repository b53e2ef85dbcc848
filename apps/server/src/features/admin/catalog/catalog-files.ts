import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid } from '../../../http/app-error';
import { isMessageKey, type MessageKey } from '../../../http/messages';
import type { FileStorage } from '../../../lib/storage/file-storage';
import { sniffImageType } from '../../uploads/sniff';

/** A multipart form of an admin upload: its text fields and its one file. */
export interface UploadForm {
  fields: Record<string, string>;
  file: Buffer | null;
}

/**
 * Reads the form of a `multipart: 'stream'` route: the file is held in memory up to `maxBytes`
 * (busboy stops it there and the error handler answers 413), small as smileys and fonts are.
 */
export async function readUploadForm(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
): Promise<UploadForm> {
  if (!request.isMultipart()) throw invalid({ [fileField]: ['file.required'] });
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  const parts = request.parts({
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === fileField) file = bytes;
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { fields, file };
}

/** A form's fields through their schema, each problem under its field as a message key. */
export function parseFields<S extends z.ZodTypeAny>(schema: S, fields: unknown): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, MessageKey[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (problems[field] ??= []).push(isMessageKey(issue.message) ? issue.message : 'invalid_value');
  }
  throw invalid(problems);
}

const SMILEY_TYPES = { 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' } as const;

/** A smiley picture's extension by its bytes (PNG, GIF, WebP), or null: not one of those. */
export function smileyImageExtension(bytes: Buffer): string | null {
  const type = sniffImageType(bytes);
  return type !== null && type in SMILEY_TYPES
    ? SMILEY_TYPES[type as keyof typeof SMILEY_TYPES]
    : null;
}

/** WOFF2 starts with its signature `wOF2`; anything else (a renamed program) is not a font. */
export function isWoff2(bytes: Buffer): boolean {
  return bytes.length > 48 && bytes.subarray(0, 4).toString('latin1') === 'wOF2';
}

/** Stores an admin's file under a fresh random name in `folder`; returns its key. */
export async function storeFile(
  storage: FileStorage,
  folder: 'smileys' | 'fonts',
  ext: string,
  bytes: Buffer,
  contentType: string,
): Promise<string> {
  const key = `${folder}/${randomBytes(12).toString('hex')}.${ext}`;
  await storage.put(key, bytes, { contentType, size: bytes.length });
  return key;
}
