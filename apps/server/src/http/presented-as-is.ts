/**
 * A route's serializer for answers its presenters already shaped to the wire type: encoding
 * them through the response schema again (a validation per answer) only costs time on the
 * hottest reads. The schema still documents the answer (OpenAPI) and types the handler.
 */
export const presentedAsIs = () => (data: unknown) => JSON.stringify(data);

/**
 * presentedAsIs for answers that are kept and served again as the same object (the forum's
 * pages for visitors, features/forum/guest-pages.ts): each is encoded once. Kept answers are
 * never changed after they are made.
 */
export const presentedOnce = () => {
  const encoded = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    let json = encoded.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      encoded.set(data, json);
    }
    return json;
  };
};
