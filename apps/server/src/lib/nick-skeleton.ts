import unhomoglyph from 'unhomoglyph';

/**
 * Unicode TS #39's skeleton: NFD, each character replaced by the prototype of its confusable
 * class (confusables.txt, shipped by unhomoglyph), NFD again. Default-ignorable characters are
 * not removed here: nicks holding them are refused before (shared nick rules).
 */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * What two nicks share when they would be taken for each other (issue 19, point 2): NFKC (as
 * nick keys), then the skeleton of the upper case, lower-cased, and the skeleton again. Nicks
 * compare ignoring case, so the upper case counts: "ВАС" and "BAC", "РАК" and "PAK" look alike
 * even though "вас" and "bac" do not; the second skeleton maps what lower-casing brought back
 * ("admin" → "ADMlN" → "admln" → "adrnln", as "аdmin" and "𝐚𝐝𝐦𝐢𝐧" do).
 * Stored in users.nick_skeleton (unique) and used to key the sign-in limits. Not for display.
 */
export function nickSkeleton(nick: string): string {
  return skeleton(skeleton(nick.normalize('NFKC').toUpperCase()).toLowerCase());
}

/** Nicks nobody registers, in any look-alike spelling: the site speaks under these. */
export const RESERVED_NICKS = [
  'admin',
  'administrator',
  'moderator',
  'модератор',
  'администратор',
  'support',
  'system',
] as const;

const RESERVED_SKELETONS = new Set(RESERVED_NICKS.map(nickSkeleton));

export function isReservedSkeleton(skeletonOfNick: string): boolean {
  return RESERVED_SKELETONS.has(skeletonOfNick);
}
