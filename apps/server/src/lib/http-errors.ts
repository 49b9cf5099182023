// Errors that routes and services throw; the error plugin renders them in the one JSON shape.
import type { FieldError } from '@app/contracts';

export type ErrorParams = Record<string, string | number>;

export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly params?: ErrorParams;
  readonly fields?: Omit<FieldError, 'message'>[];

  constructor(statusCode: number, code: string, params?: ErrorParams, fields?: Omit<FieldError, 'message'>[]) {
    super(code);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    if (params !== undefined) this.params = params;
    if (fields !== undefined) this.fields = fields;
  }
}

export const notFound = (code = 'not_found', params?: ErrorParams) => new AppError(404, code, params);
export const badRequest = (code: string, params?: ErrorParams) => new AppError(400, code, params);
export const forbidden = (code = 'forbidden', params?: ErrorParams) => new AppError(403, code, params);
export const tooManyRequests = (code = 'rate_limited', params?: ErrorParams) => new AppError(429, code, params);
