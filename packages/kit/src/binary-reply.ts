const BINARY = Symbol.for('pawfresh.binaryReply');

/**
 * An answer that is not JSON (a PDF, a CSV): its bytes, its media type and, when it should be
 * saved rather than shown, a file name. A handler of an endpoint that declares `produces`
 * returns one; the kit sends it as it is, with `Content-Type` and `Content-Disposition`.
 */
export interface BinaryReply {
  readonly [BINARY]: true;
  readonly body: Buffer;
  readonly contentType: string;
  readonly filename?: string;
  readonly disposition: 'inline' | 'attachment';
}

export function binaryReply(
  body: Uint8Array | string,
  contentType: string,
  options: { filename?: string; disposition?: 'inline' | 'attachment' } = {},
): BinaryReply {
  return {
    [BINARY]: true,
    body: typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body),
    contentType,
    disposition: options.disposition ?? 'inline',
    ...(options.filename ? { filename: options.filename } : {}),
  };
}

export const isBinaryReply = (value: unknown): value is BinaryReply =>
  typeof value === 'object' && value !== null && (value as { [BINARY]?: boolean })[BINARY] === true;

/** `inline; filename="label.pdf"`, with the name reduced to characters every client reads. */
export function contentDisposition(reply: BinaryReply): string {
  if (!reply.filename) return reply.disposition;
  const safe = reply.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${reply.disposition}; filename="${safe}"`;
}
