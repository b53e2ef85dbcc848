/** True for a unique-constraint violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** The text of the failed constraint or column, to tell which unique field clashed. */
export function violationDetail(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const e = error as { message?: unknown; constraint?: unknown; detail?: unknown };
  return [e.message, e.constraint, e.detail].filter((x) => typeof x === 'string').join(' ');
}
