import type { MigrationDb } from './helpers';

// Filled in by the feature that owns this migration.
export async function up(_db: MigrationDb): Promise<void> {}
