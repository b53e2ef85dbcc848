/**
 * A route's serializer for answers its presenters already shaped to the wire type: encoding
 * them through the response schema again (a validation per answer) only costs time on the
 * hottest reads. The schema still documents the answer (OpenAPI) and types the handler.
 */
export const presentedAsIs = () => (data: unknown) => JSON.stringify(data);

/**
 * presentedAsIs for answers that are kept and served again as the same object (the forum's
 * pages for visitors, features/forum/guest-pages.ts): each is encoded once, to bytes, so a
 * page of 20 posts is not turned from text into bytes again (and measured twice) per answer.
 * Kept answers are never changed after they are made.
 */
export const presentedOnce = () => {
  const encoded = new WeakMap<object, Buffer>();
  return (data: unknown): string => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    let bytes = encoded.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(data));
      encoded.set(data, bytes);
    }
    // Fastify sends a serializer's Buffer as it is; its type only names strings.
    return bytes as unknown as string;
  };
};
