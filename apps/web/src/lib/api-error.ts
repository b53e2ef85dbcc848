import type { ErrorCode } from '@chat/shared';

/** A failed call: the HTTP status (0 for a network failure or timeout) and the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly errors: Record<string, string[]>;

  constructor(
    status: number,
    message: string,
    code: ErrorCode | null = null,
    errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }
}
