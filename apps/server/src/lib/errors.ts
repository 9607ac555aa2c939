import { ERROR_CATALOGUE, type ErrorCode, errorMessage } from '@swapu/shared/errors';

/** An error with an HTTP status and a stable catalogue code; the error handler renders it. */
export class AppError extends Error {
  /** For a 429: seconds until the limit's window opens again (sent as Retry-After). */
  retryAfterSeconds?: number;
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  constructor(status: number, code: ErrorCode, fields?: Record<string, string>) {
    // A 4xx is an answer to the request, not a fault of the server: nothing reads where it was
    // thrown, so no stack trace is captured for it (capturing one was 2 % of the CPU of the
    // largest fuzzing file, whose requests are mostly refused; decision 0047). A 5xx keeps its
    // stack for the log.
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(ERROR_CATALOGUE[code].en);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.status = status;
    this.code = code;
    if (fields !== undefined) this.fields = fields;
    this.name = 'AppError';
  }
  body(locale?: string) {
    return {
      error: {
        code: this.code,
        message: errorMessage(this.code, locale),
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export const errors = {
  badRequest: (code: ErrorCode = 'data_invalid', fields?: Record<string, string>) => new AppError(400, code, fields),
  unauthorized: (code: ErrorCode = 'login_required') => new AppError(401, code),
  forbidden: (code: ErrorCode = 'permission_denied') => new AppError(403, code),
  notFound: () => new AppError(404, 'not_found'),
  /** An item still in early access for this viewer: only the moment it opens to everyone is said. */
  earlyAccess: (opensAt: Date) => new AppError(403, 'early_access', { opensAt: opensAt.toISOString() }),
  conflict: (code: ErrorCode) => new AppError(409, code),
  tooMany: (code: ErrorCode = 'rate_limited', retryAfterSeconds?: number) =>
    Object.assign(
      new AppError(429, code),
      retryAfterSeconds === undefined ? {} : { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) },
    ),
};
