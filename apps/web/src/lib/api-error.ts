import type { ErrorCode } from '@chat/shared';
import type { FailedResponse } from './error-toast';

/** A failed call: the HTTP status (0 for a network failure or timeout) and the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly errors: Record<string, string[]>;
  /** The answer as it came (null: none came), for callers that word a failure themselves. */
  readonly failed: FailedResponse | null;

  constructor(
    status: number,
    message: string,
    code: ErrorCode | null = null,
    errors: Record<string, string[]> = {},
    failed: FailedResponse | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.failed = failed;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }
}
