import { localeFromHeader, type ErrorEnvelope } from '@chat/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { isMessageKey, translate, type MessageKey } from './messages';
import { BARE_ERROR_HEADERS } from './security-headers';

interface ZodLikeIssue {
  code?: string;
  message?: string;
  path?: PropertyKey[];
  instancePath?: string;
  params?: { issue?: ZodLikeIssue };
}

/**
 * One error model (DESIGN.md rule 3): AppError, schema failures and Fastify's own errors all
 * become the API envelope; anything unexpected is logged and answered with a bare 500.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(error, request, reply);

    if (hasZodFastifySchemaValidationErrors(error)) {
      // No prototype: a field named `constructor` or `toString` is a field like any other.
      const errors = Object.create(null) as Record<string, MessageKey[]>;
      for (const v of error.validation as unknown as ZodLikeIssue[]) {
        const issue = v.params?.issue ?? v;
        const field = fieldName(issue, v.instancePath);
        (errors[field] ??= []).push(issueKey(issue));
      }
      return sendAppError(new AppError('validation', { errors }), request, reply);
    }

    if (TOO_LARGE.has(error.code)) return sendAppError(new AppError('too_large'), request, reply);
    if (MALFORMED.has(error.code)) return sendAppError(malformed(), request, reply);
    // busboy reports a broken multipart body (no boundary, cut short) as a plain Error.
    if (request.isMultipart() && !error.statusCode)
      return sendAppError(malformed(), request, reply);
    // JSON syntax errors and prototype poisoning come from secure-json-parse with a 400.
    if (error.statusCode === 400 || error instanceof SyntaxError) {
      return sendAppError(malformed(), request, reply);
    }
    if (error.statusCode === 413) return sendAppError(new AppError('too_large'), request, reply);
    // A file plugin's refusal (a path it will not serve, a file that is not there): nothing
    // went wrong here, so no stack in the log, and the caller learns only that there is no file.
    if (error.statusCode === 403 || error.statusCode === 404)
      return sendAppError(new AppError('not_found'), request, reply);

    request.log.error({ err: error }, 'unhandled error');
    return sendAppError(new AppError('server_error'), request, reply);
  });
});

const TOO_LARGE = new Set([
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
]);

const MALFORMED = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

function malformed(): AppError {
  return new AppError('validation', {
    messageKey: 'malformed_body',
    errors: { body: ['malformed_body'] },
  });
}

function fieldName(issue: ZodLikeIssue, instancePath?: string): string {
  if (issue.path && issue.path.length > 0) return issue.path.map(String).join('.');
  if (instancePath) return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
  return 'body';
}

function issueKey(issue: ZodLikeIssue): MessageKey {
  if (issue.message && isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? 'required' : 'invalid_type';
    case 'too_big':
      return 'too_long';
    case 'too_small':
      return 'too_short';
    default:
      return 'invalid_value';
  }
}

/**
 * Fastify's own errors from before routing: a URL that does not decode or a parameter over the
 * length limit names nothing here, so it is a 404 in the envelope.
 */
export function frameworkErrorHandler(
  _error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const header = request.headers['x-localization'];
  const locale = localeFromHeader(Array.isArray(header) ? header[0] : header);
  void reply
    .code(404)
    // No hook runs for these: the security headers come with the answer itself.
    .headers(BARE_ERROR_HEADERS)
    .type('application/json; charset=utf-8')
    .send({ message: translate(locale, 'not_found'), code: 'not_found' } satisfies ErrorEnvelope);
}

export function sendAppError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  const { locale } = request;
  const params = error.options.params ?? {};
  const text = (key: MessageKey | AppError['code']) =>
    translate(locale, key).replace(/\{(\w+)\}/g, (all, name: string) =>
      Object.hasOwn(params, name) ? params[name]! : all,
    );
  const body: ErrorEnvelope = {
    message: text(error.options.messageKey ?? error.code),
    code: error.code,
  };
  if (error.options.errors) {
    body.errors = Object.fromEntries(
      Object.entries(error.options.errors).map(([field, keys]) => [field, keys.map(text)]),
    );
  }
  if (error.options.headers) void reply.headers(error.options.headers);
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}
