import { ERROR_CATALOGUE, type ErrorCode, errorMessage } from '@swapu/shared/errors';

/** An error with an HTTP status and a stable catalogue code; the error handler renders it. */
export class AppError extends Error {
  /** For a 429: seconds until the limit's window opens again (sent as Retry-After). */
  retryAfterSeconds?: number;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
  ) {
    super(ERROR_CATALOGUE[code].en);
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
