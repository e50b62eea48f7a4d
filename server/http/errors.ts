import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import '@contract/error-messages';
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
  unprocessable: 422,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
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

// Fastify's and its plugins' own client errors, in words; their raw texts name headers and parsers.
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request has no content. Send the details as JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of content is not accepted here. Send the details as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its stated length.',
  FST_ERR_VALIDATION: 'The request is not valid.',
  FST_ERR_BAD_URL: 'This address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long.',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'This compression of the request is not supported.',
  FST_CP_ERR_INVALID_CONTENT: 'The request body could not be decompressed.',
};

const messageByStatus: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Please sign in to continue.',
  403: 'This is not available for your account.',
  404: 'Not found.',
  405: 'This action is not available here.',
  408: 'The request took too long. Please try again.',
  413: 'The request is too large.',
  414: 'This address is too long.',
  415: 'This kind of content is not accepted here. Send the details as JSON.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

const codeByStatus: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** A client error not raised as AppError, as a sentence; never the raw text, which is written for developers. */
function clientErrorReply(error: FastifyError, status: number): ErrorReply {
  const code =
    status === 400 && error.code === 'FST_ERR_VALIDATION'
      ? 'validation_failed'
      : (codeByStatus[status] ?? 'bad_request');
  const message =
    fastifyMessages[error.code] ??
    (error instanceof SyntaxError ? fastifyMessages.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
    messageByStatus[status] ??
    'The request could not be handled.';
  return { message, code };
}

/** For Fastify's `frameworkErrors`: bad URLs and overlong path parameters, refused before routing. */
export function replyToFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(clientErrorReply(error, status));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 is load being shed on purpose (with Retry-After), not a fault.
      if (error.status >= 500 && error.code !== 'unavailable')
        request.log.error({ err: error.cause ?? error }, error.message);
      const body: ErrorReply = { message: error.message, code: error.replyCode ?? error.code };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldLabel(issue.instancePath.split('/').filter(Boolean));
        (fieldErrors[key] ??= []).push(issue.message ?? 'This value is not valid.');
      }
      const first = error.validation[0]?.message ?? 'The request is not valid.';
      return reply.status(400).send({ message: first, code: 'validation_failed', fieldErrors } satisfies ErrorReply);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(clientErrorReply(error, status));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      message: 'Something went wrong on our side. Please try again later.',
      code: 'internal',
    } satisfies ErrorReply);
  });
}
