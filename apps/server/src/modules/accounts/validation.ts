// Validates a body against a shared schema inside a handler, with the same field errors the error plugin gives for route schemas.
import type { z } from 'zod';
import type { FieldError } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { hasTranslation } from '../../lib/i18n.ts';

/** Field errors from zod issues: the message is the error code when the `errors` namespace knows it. */
export function toFieldErrors(error: z.ZodError): Omit<FieldError, 'message'>[] {
  return error.issues.map((issue) => {
    const code =
      /^[a-z_]+$/.test(issue.message) && hasTranslation(`errors:${issue.message}`) ? issue.message : 'invalid_value';
    const params = 'params' in issue && issue.params ? (issue.params as Record<string, string | number>) : undefined;
    return { path: issue.path.join('.'), code, ...(params ? { params } : {}) };
  });
}

/**
 * For the few routes whose body schema depends on the request (POST /api/user.php is login, or with
 * `?push=1` a push subscription): parse here, answer 400 `validation_failed` with fields otherwise.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new AppError(400, 'validation_failed', undefined, toFieldErrors(result.error));
  return result.data;
}
