import type { NotificationWire } from '@chat/shared';
import type { NotificationRow } from '../../db/schema';

export function presentNotification(row: NotificationRow): NotificationWire {
  return {
    id: row.id,
    kind: row.kind,
    data: parseData(row.data),
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

function parseData(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
