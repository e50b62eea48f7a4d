import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyHttpOptions,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { ErrorReply } from '@contract/errors';
import type { Config } from '../config';

/** Longest request target we answer; nothing this app serves needs more (search terms stop at 100). */
export const MAX_URL_LENGTH = 8 * 1024;

const TOO_LONG: ErrorReply = { message: 'The web address is too long.', code: 'uri_too_long' };
const HEADERS_TOO_LARGE: ErrorReply = { message: 'The request headers are too large.', code: 'headers_too_large' };
const TIMED_OUT: ErrorReply = {
  message: 'The request took too long to arrive. Please try again.',
  code: 'request_timeout',
};
const MALFORMED: ErrorReply = { message: 'The request could not be understood.', code: 'bad_request' };
const BAD_URL: ErrorReply = { message: 'The web address is not valid.', code: 'bad_request' };

type ParserError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * Node's parser reports an over-long request line and over-large headers alike (the request line
 * counts towards the header limit) and hands over only the chunk it was reading. If that chunk
 * starts a request line and no line ended before the overflow, it was the address; when the
 * overflow falls in a later chunk of one very long line we cannot tell, and answer 431.
 */
function overflowedInRequestLine(error: ParserError): boolean {
  const raw = error.rawPacket;
  if (!raw) return false;
  const seen = raw.subarray(0, Math.min(raw.length, error.bytesParsed ?? raw.length)).toString('latin1');
  return /^[A-Z]+ \S/.test(seen) && !/[\r\n]/.test(seen);
}

function replyForParserError(error: ParserError): { status: number; body: ErrorReply } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, body: TIMED_OUT };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return overflowedInRequestLine(error) ? { status: 414, body: TOO_LONG } : { status: 431, body: HEADERS_TOO_LARGE };
  }
  return { status: 400, body: MALFORMED };
}

/**
 * Errors Node raises before a request reaches Fastify (bad syntax, too much header, too slow):
 * answered in our JSON shape, then the connection is closed.
 */
function clientErrorHandler(this: FastifyInstance, connectionError: ConnectionError, socket: Socket): void {
  // Fastify's type describes rawPacket as JSON; at run time it is the Buffer the parser was reading.
  const error = connectionError as unknown as ParserError;
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = replyForParserError(error);
  // Only the code: the error carries the raw bytes received, which may hold tokens or passwords.
  this.log.debug({ code: error.code, status }, 'client error before routing');
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** Fastify's own routing errors (a path parameter over its length limit, a malformed address). */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(TOO_LONG);
  if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send(BAD_URL);
  return reply.code(400).send(MALFORMED);
}

/**
 * Time limits and early error replies for the HTTP server. Without them a client that sends its
 * headers or body a byte at a time holds a connection for minutes; enough such clients use up
 * the server's sockets and memory.
 */
export function connectionOptions(config: Config) {
  const { requestMs, keepAliveMs } = config.timeouts;
  // Node refuses a head time-out longer than the whole-request one.
  const headersMs = Math.min(config.timeouts.headersMs, requestMs);
  // Node looks for expired requests only this often (30 s by default), which caps how early
  // a slow client can be cut off whatever the time-outs say.
  const connectionsCheckingInterval = Math.max(100, Math.min(1000, Math.floor(headersMs / 4)));
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      requestTimeout: requestMs,
      headersTimeout: headersMs,
      keepAliveTimeout: keepAliveMs,
      connectionsCheckingInterval,
    },
    clientErrorHandler,
    frameworkErrors,
  } satisfies Partial<FastifyHttpOptions<Server>>;
}

/** Refuses an over-long address before anything else looks at the request. */
export function registerUrlLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.url && request.raw.url.length > MAX_URL_LENGTH) return reply.code(414).send(TOO_LONG);
  });
}
