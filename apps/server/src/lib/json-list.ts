/** A JSON array column read back; anything else (bad JSON, an object) reads as an empty list. */
export function parseJsonList<T>(json: string): T[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
