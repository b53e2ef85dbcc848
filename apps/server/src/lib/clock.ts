/** ISO-8601 "now"; one function so tests and repositories agree on the format. */
export const nowIso = (): string => new Date().toISOString();
