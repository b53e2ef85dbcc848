/** The admin area's gifts tables (migration 0030-gift-catalogue); part of `DB` in schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GiftCatalogueTables {}
