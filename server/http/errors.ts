import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReply } from '@contract/errors';

const statusByCode = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  bad_gateway: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof statusByCode;

/** The one error type use-cases throw; its message is shown to people for 4xx codes. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'AppError';
  }

  /** A more specific code for the reply than the status family, e.g. 'email_not_verified'. */
  replyCode?: string;

  withCode(code: string): this {
    this.replyCode = code;
    return this;
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const notFound = (message: string) => new AppError('not_found', message);

function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  return path.map(String).join('.') || 'request';
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorReply = { message: error.message, code: error.replyCode ?? error.code };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldLabel(issue.instancePath.split('/').filter(Boolean));
        (fieldErrors[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const first = error.validation[0]?.message ?? 'The request is not valid.';
      return reply.status(400).send({ message: first, code: 'validation_failed', fieldErrors } satisfies ErrorReply);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported type): their text is safe.
      const code =
        status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'rate_limited' : 'bad_request';
      const message =
        status === 413
          ? 'The request is too large.'
          : status === 415
            ? 'This content type is not supported.'
            : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
              ? 'The request body is not valid JSON.'
              : error.message;
      return reply.status(status).send({ message, code } satisfies ErrorReply);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again later.', code: 'internal' } satisfies ErrorReply);
  });
}
