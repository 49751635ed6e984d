import type {
  LegacyAddressRow,
  LegacyOrderItemRow,
  LegacyOrderRow,
  LegacyPetRow,
  LegacySubscriptionRow,
  LegacyUserRow,
} from '../seed/legacy-data-set.js';

/** Which legacy users a page holds, and in what order. */
export interface LegacyUserFilter {
  cohort?: string | undefined;
  /** Only these legacy ids (a migration status other than unmigrated). */
  onlyIds?: number[] | undefined;
  /** None of these legacy ids (unmigrated: every user without another status). */
  exceptIds?: number[] | undefined;
  orderBy: 'id' | 'email';
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** Everything the legacy system holds about one user besides the user row. */
export interface LegacyUserRecords {
  address: LegacyAddressRow | null;
  pets: LegacyPetRow[];
  subscription: LegacySubscriptionRow | null;
  orders: LegacyOrderRow[];
  orderItems: LegacyOrderItemRow[];
}

/**
 * The legacy system's tables, read-only: the embedded `legacy` schema (PostgreSQL or PGlite) or a
 * MySQL/MariaDB database (LEGACY_DATABASE_URL). The exporter's flows see only this.
 */
export interface LegacySource {
  readonly kind: 'embedded' | 'mysql';
  /** A page of users; e-mail order is case-insensitive, ties by id. */
  listUsers(filter: LegacyUserFilter): Promise<{ rows: LegacyUserRow[]; total: number }>;
  /** Users whose e-mail equals `email` ignoring case, by id. */
  findUsersByEmail(email: string): Promise<LegacyUserRow[]>;
  findUser(legacyId: number): Promise<LegacyUserRow | undefined>;
  /** The user's address (the first), pets, subscription (the newest) and orders (oldest first). */
  recordsOf(legacyId: number): Promise<LegacyUserRecords>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
