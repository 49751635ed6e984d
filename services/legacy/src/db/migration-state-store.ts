import { and, eq, inArray, ne } from '@pawfresh/db/orm';
import type { Database } from '@pawfresh/db';
import type { MigrationStatus } from '@pawfresh/contracts/legacy';
import { migrationStates, type LegacySchema } from './schema.js';

export type LegacyDb = Database<LegacySchema>;
export type MigrationStateRow = typeof migrationStates.$inferSelect;

/** The recorded states of these legacy users (a user without one is unmigrated). */
export async function statesOf(
  db: LegacyDb,
  legacyIds: number[],
): Promise<Map<number, MigrationStateRow>> {
  if (legacyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(migrationStates)
    .where(inArray(migrationStates.legacyId, legacyIds));
  return new Map(rows.map((r) => [r.legacyId, r]));
}

/** Legacy ids whose recorded status is `status`. */
export async function idsWithStatus(db: LegacyDb, status: MigrationStatus): Promise<number[]> {
  const rows = await db
    .select({ id: migrationStates.legacyId })
    .from(migrationStates)
    .where(eq(migrationStates.status, status));
  return rows.map((r) => r.id);
}

/** Legacy ids with any recorded status but `status`. */
export async function idsWithStatusOtherThan(
  db: LegacyDb,
  status: MigrationStatus,
): Promise<number[]> {
  const rows = await db
    .select({ id: migrationStates.legacyId })
    .from(migrationStates)
    .where(ne(migrationStates.status, status));
  return rows.map((r) => r.id);
}

/** The user's state, locked for the transaction (made unmigrated first when there is none). */
export async function lockState(
  tx: LegacyDb,
  legacyId: number,
  now: Date,
): Promise<MigrationStateRow> {
  await tx
    .insert(migrationStates)
    .values({ legacyId, status: 'unmigrated', updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(migrationStates)
    .where(eq(migrationStates.legacyId, legacyId))
    .for('update');
  return row!;
}

export async function saveState(tx: LegacyDb, row: MigrationStateRow): Promise<void> {
  await tx
    .update(migrationStates)
    .set({
      status: row.status,
      error: row.error,
      migratedUserId: row.migratedUserId,
      workflowId: row.workflowId,
      updatedAt: row.updatedAt,
    })
    .where(eq(migrationStates.legacyId, row.legacyId));
}

/** The users `queued` by this workflow made `unmigrated` again; answers how many. */
export async function releaseQueued(db: LegacyDb, workflowId: string, now: Date): Promise<number> {
  const released = await db
    .update(migrationStates)
    .set({ status: 'unmigrated', updatedAt: now })
    .where(and(eq(migrationStates.status, 'queued'), eq(migrationStates.workflowId, workflowId)))
    .returning({ legacyId: migrationStates.legacyId });
  return released.length;
}
