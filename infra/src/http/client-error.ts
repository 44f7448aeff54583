import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from './errors.ts';

interface ParserAnswer {
  status: number;
  reason: string;
  message: string;
  code: string;
}

const ANSWERS: Record<string, ParserAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are too large.',
    code: 'HEADERS_TOO_LARGE',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive.',
    code: 'REQUEST_TIMEOUT',
  },
};
/** An address longer than the parser or the router takes. */
export const URI_TOO_LONG: ParserAnswer = {
  status: 414,
  reason: 'URI Too Long',
  message: 'The address is too long.',
  code: 'URI_TOO_LONG',
};
const MALFORMED: ParserAnswer = {
  status: 400,
  reason: 'Bad Request',
  message: 'The request is malformed.',
  code: 'MALFORMED_REQUEST',
};

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refused before any route saw it (a
 * control character in a header, a broken request line, headers over the limit) is answered in
 * the bank's error envelope, like every other error, instead of Fastify's own body; then the
 * connection closes, as the parser cannot find where the next request would start.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node puts the part of the request it refused on a parser error.
  const rawPacket: unknown = (error as { rawPacket?: unknown }).rawPacket;
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW' &&
    Buffer.isBuffer(rawPacket) &&
    isAddressOverLimit(rawPacket)
      ? URI_TOO_LONG
      : (ANSWERS[error.code ?? ''] ?? MALFORMED);
  const body = JSON.stringify({ status: 'error', message: answer.message, code: answer.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Node counts the request line within the headers' size limit. When the part the parser refused
 * starts with a request line that has not ended within its first 8 KB, the address is what was too
 * long, and the answer says so, as the router's does for an over-long id.
 */
function isAddressOverLimit(rawPacket: Buffer): boolean {
  if (!/^[A-Z]+ \//.test(rawPacket.subarray(0, 16).toString('latin1'))) return false;
  const lineEnd = rawPacket.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > 8192;
}

/**
 * Fastify's frameworkErrors: a path its router cannot take (a parameter longer than the router
 * allows, a broken percent-encoding) is answered in the bank's envelope too, without echoing the
 * path back.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message, code] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [URI_TOO_LONG.status, URI_TOO_LONG.message, URI_TOO_LONG.code]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, MALFORMED.message, MALFORMED.code]
        : [500, messages.serverError, undefined];
  void reply.code(status).send({ status: 'error', message, ...(code ? { code } : {}) });
}

/**
 * Whether an error is the file server (@fastify/static) refusing a path it will not look up: a
 * segment longer than the file system allows, `..`, `.`, `//`, a backslash or NUL. It answers a
 * bare 403 "Forbidden", though nothing is there: such a path is answered as not found (the API's
 * 404 under /api, the web app's page elsewhere). The file server still never reads it. Under /api
 * the file server sees every GET no route takes, such as one whose id is over the router's
 * length limit.
 */
export function isRefusedFilePath(error: { code?: string | undefined }): boolean {
  return error.code === 'FST_STATIC_FORBIDDEN_PATH';
}
