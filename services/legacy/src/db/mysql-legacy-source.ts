import mysql from 'mysql2/promise';
import type {
  LegacyAddressRow,
  LegacyDataSet,
  LegacyOrderItemRow,
  LegacyOrderRow,
  LegacyPetRow,
  LegacySubscriptionRow,
  LegacyUserRow,
} from '../seed/legacy-data-set.js';
import type { LegacySource, LegacyUserFilter } from './legacy-source.js';

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const flag = (v: unknown): boolean | null =>
  v === null || v === undefined ? null : Number(v) !== 0;
/** MySQL DATETIME holds no zone: the legacy system wrote UTC. */
const instantOf = (v: unknown): string => new Date(`${String(v).replace(' ', 'T')}Z`).toISOString();

const toUser = (r: Row): LegacyUserRow => ({
  id: Number(r.id),
  uuid: String(r.uuid),
  email: String(r.email),
  firstName: text(r.first_name),
  lastName: text(r.last_name),
  phone: text(r.phone),
  stripeCustomerId: text(r.stripe_customer_id),
  isCustomerOnChargeApi: flag(r.is_customer_on_charge_api) ?? false,
  cohort: text(r.cohort),
  createdAt: instantOf(r.created_at),
});

/** MySQL/MariaDB DATETIME for an instant (UTC, milliseconds). */
const datetimeOf = (iso: string) => iso.replace('T', ' ').replace('Z', '');

/**
 * The legacy system's MySQL/MariaDB database (LEGACY_DATABASE_URL=mysql://…), through mysql2,
 * with the tables of src/db/mysql-ddl (the same columns as the embedded `legacy` schema).
 */
export function mysqlLegacySource(url: string): LegacySource {
  const pool = mysql.createPool({
    uri: url.replace(/^mariadb:/, 'mysql:'),
    connectionLimit: 5,
    dateStrings: true,
    timezone: 'Z',
  });
  const query = async (sqlText: string, values: unknown[] = []) => {
    const [rows] = await pool.query(sqlText, values);
    return rows as Row[];
  };
  const where = (filter: Pick<LegacyUserFilter, 'cohort' | 'onlyIds' | 'exceptIds'>) => {
    const parts: string[] = [];
    const values: unknown[] = [];
    if (filter.cohort) {
      parts.push('cohort = ?');
      values.push(filter.cohort);
    }
    if (filter.onlyIds) {
      parts.push('id IN (?)');
      values.push(filter.onlyIds);
    }
    if (filter.exceptIds?.length) {
      parts.push('id NOT IN (?)');
      values.push(filter.exceptIds);
    }
    return { clause: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values };
  };
  return {
    kind: 'mysql',
    async listUsers(filter) {
      if (filter.onlyIds?.length === 0) return { rows: [], total: 0 };
      const { clause, values } = where(filter);
      const dir = filter.direction === 'asc' ? 'ASC' : 'DESC';
      const order =
        filter.orderBy === 'email'
          ? `LOWER(email) COLLATE utf8mb4_bin ${dir}, id ${dir}`
          : `id ${dir}`;
      const rows = await query(`SELECT * FROM users ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`, [
        ...values,
        filter.limit,
        filter.offset,
      ]);
      const [total] = await query(`SELECT COUNT(*) AS n FROM users ${clause}`, values);
      return { rows: rows.map(toUser), total: Number(total?.n ?? 0) };
    },
    async findUsersByEmail(email) {
      const rows = await query('SELECT * FROM users WHERE LOWER(email) = LOWER(?) ORDER BY id', [
        email,
      ]);
      return rows.map(toUser);
    },
    async findUser(legacyId) {
      const [row] = await query('SELECT * FROM users WHERE id = ?', [legacyId]);
      return row ? toUser(row) : undefined;
    },
    async recordsOf(legacyId) {
      const [address] = await query(
        'SELECT * FROM addresses WHERE user_id = ? ORDER BY id LIMIT 1',
        [legacyId],
      );
      const pets = await query('SELECT * FROM pets WHERE user_id = ? ORDER BY id', [legacyId]);
      const [subscription] = await query(
        'SELECT * FROM subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
        [legacyId],
      );
      const orders = await query('SELECT * FROM orders WHERE user_id = ? ORDER BY id', [legacyId]);
      const items = orders.length
        ? await query('SELECT * FROM order_items WHERE order_id IN (?) ORDER BY id', [
            orders.map((o) => o.id),
          ])
        : [];
      return {
        address: address
          ? ({
              id: Number(address.id),
              userId: Number(address.user_id),
              line1: text(address.line1),
              line2: text(address.line2),
              suburb: text(address.suburb),
              state: text(address.state),
              postcode: text(address.postcode),
              deliveryInstructions: text(address.delivery_instructions),
            } satisfies LegacyAddressRow)
          : null,
        pets: pets.map((p): LegacyPetRow => ({
          id: Number(p.id),
          userId: Number(p.user_id),
          name: String(p.name),
          breed: text(p.breed),
          gender: text(p.gender),
          neutered: flag(p.neutered),
          dateOfBirth: text(p.date_of_birth),
          weightKg: text(p.weight_kg),
          activityLevel: text(p.activity_level),
          bodyCondition: text(p.body_condition),
          dailyServingGrams: p.daily_serving_grams === null ? null : Number(p.daily_serving_grams),
          recipes: text(p.recipes),
        })),
        subscription: subscription
          ? ({
              id: Number(subscription.id),
              userId: Number(subscription.user_id),
              status: String(subscription.status),
              plan: String(subscription.plan),
              cadence: String(subscription.cadence),
              deliverySlot: text(subscription.delivery_slot),
              pausedUntil: text(subscription.paused_until),
              cancelledAt:
                subscription.cancelled_at === null ? null : instantOf(subscription.cancelled_at),
              createdAt: instantOf(subscription.created_at),
            } satisfies LegacySubscriptionRow)
          : null,
        orders: orders.map((o): LegacyOrderRow => ({
          id: Number(o.id),
          userId: Number(o.user_id),
          orderNumber: String(o.order_number),
          status: String(o.status),
          deliveredOn: text(o.delivered_on),
          totalCents: Number(o.total_cents),
        })),
        orderItems: items.map((i): LegacyOrderItemRow => ({
          id: Number(i.id),
          orderId: Number(i.order_id),
          recipe: String(i.recipe),
          pouches: Number(i.pouches),
          priceCents: Number(i.price_cents),
        })),
      };
    },
    ping: async () => {
      await query('SELECT 1');
    },
    close: () => pool.end(),
  };
}

/** The legacy system's tables as MySQL/MariaDB has them. */
export const MYSQL_LEGACY_TABLES = [
  `CREATE TABLE users (
    id INT PRIMARY KEY,
    uuid CHAR(36) NOT NULL UNIQUE,
    email VARCHAR(254) NOT NULL,
    first_name VARCHAR(100) NULL,
    last_name VARCHAR(100) NULL,
    phone VARCHAR(40) NULL,
    stripe_customer_id VARCHAR(64) NULL,
    is_customer_on_charge_api TINYINT(1) NOT NULL DEFAULT 0,
    cohort VARCHAR(64) NULL,
    created_at DATETIME(3) NOT NULL,
    KEY users_email (email),
    KEY users_cohort (cohort, id)
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE addresses (
    id INT PRIMARY KEY, user_id INT NOT NULL, line1 VARCHAR(255) NULL, line2 VARCHAR(255) NULL,
    suburb VARCHAR(100) NULL, state VARCHAR(10) NULL, postcode VARCHAR(10) NULL,
    delivery_instructions VARCHAR(255) NULL, KEY addresses_user (user_id)
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE pets (
    id INT PRIMARY KEY, user_id INT NOT NULL, name VARCHAR(100) NOT NULL, breed VARCHAR(100) NULL,
    gender VARCHAR(10) NULL, neutered TINYINT(1) NULL, date_of_birth DATE NULL,
    weight_kg VARCHAR(20) NULL, activity_level VARCHAR(20) NULL, body_condition VARCHAR(20) NULL,
    daily_serving_grams INT NULL, recipes VARCHAR(255) NULL, KEY pets_user (user_id)
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE subscriptions (
    id INT PRIMARY KEY, user_id INT NOT NULL, status VARCHAR(20) NOT NULL, plan VARCHAR(20) NOT NULL,
    cadence VARCHAR(30) NOT NULL, delivery_slot VARCHAR(5) NULL, paused_until DATE NULL,
    cancelled_at DATETIME(3) NULL, created_at DATETIME(3) NOT NULL, KEY subscriptions_user (user_id)
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE orders (
    id INT PRIMARY KEY, user_id INT NOT NULL, order_number VARCHAR(30) NOT NULL,
    status VARCHAR(20) NOT NULL, delivered_on DATE NULL, total_cents INT NOT NULL,
    KEY orders_user (user_id)
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE order_items (
    id INT PRIMARY KEY, order_id INT NOT NULL, recipe VARCHAR(30) NOT NULL, pouches INT NOT NULL,
    price_cents INT NOT NULL, KEY order_items_order (order_id)
  ) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
];

/**
 * Creates the legacy tables in a MySQL/MariaDB database and loads a data set into them (tests, and
 * `npm run legacy:load-mysql` for a local copy of the generated legacy system).
 */
export async function loadMysqlLegacyData(url: string, data: LegacyDataSet): Promise<void> {
  const connection = await mysql.createConnection({ uri: url.replace(/^mariadb:/, 'mysql:') });
  try {
    for (const ddl of MYSQL_LEGACY_TABLES) await connection.query(ddl);
    const insert = async (table: string, columns: string[], rows: unknown[][]) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await connection.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [
          rows.slice(i, i + 1000),
        ]);
      }
    };
    await connection.beginTransaction();
    await insert(
      'users',
      [
        'id',
        'uuid',
        'email',
        'first_name',
        'last_name',
        'phone',
        'stripe_customer_id',
        'is_customer_on_charge_api',
        'cohort',
        'created_at',
      ],
      data.users.map((u) => [
        u.id,
        u.uuid,
        u.email,
        u.firstName,
        u.lastName,
        u.phone,
        u.stripeCustomerId,
        u.isCustomerOnChargeApi ? 1 : 0,
        u.cohort,
        datetimeOf(u.createdAt),
      ]),
    );
    await insert(
      'addresses',
      ['id', 'user_id', 'line1', 'line2', 'suburb', 'state', 'postcode', 'delivery_instructions'],
      data.addresses.map((a) => [
        a.id,
        a.userId,
        a.line1,
        a.line2,
        a.suburb,
        a.state,
        a.postcode,
        a.deliveryInstructions,
      ]),
    );
    await insert(
      'pets',
      [
        'id',
        'user_id',
        'name',
        'breed',
        'gender',
        'neutered',
        'date_of_birth',
        'weight_kg',
        'activity_level',
        'body_condition',
        'daily_serving_grams',
        'recipes',
      ],
      data.pets.map((p) => [
        p.id,
        p.userId,
        p.name,
        p.breed,
        p.gender,
        p.neutered === null ? null : p.neutered ? 1 : 0,
        p.dateOfBirth,
        p.weightKg,
        p.activityLevel,
        p.bodyCondition,
        p.dailyServingGrams,
        p.recipes,
      ]),
    );
    await insert(
      'subscriptions',
      [
        'id',
        'user_id',
        'status',
        'plan',
        'cadence',
        'delivery_slot',
        'paused_until',
        'cancelled_at',
        'created_at',
      ],
      data.subscriptions.map((s) => [
        s.id,
        s.userId,
        s.status,
        s.plan,
        s.cadence,
        s.deliverySlot,
        s.pausedUntil,
        s.cancelledAt ? datetimeOf(s.cancelledAt) : null,
        datetimeOf(s.createdAt),
      ]),
    );
    await insert(
      'orders',
      ['id', 'user_id', 'order_number', 'status', 'delivered_on', 'total_cents'],
      data.orders.map((o) => [
        o.id,
        o.userId,
        o.orderNumber,
        o.status,
        o.deliveredOn,
        o.totalCents,
      ]),
    );
    await insert(
      'order_items',
      ['id', 'order_id', 'recipe', 'pouches', 'price_cents'],
      data.orderItems.map((i) => [i.id, i.orderId, i.recipe, i.pouches, i.priceCents]),
    );
    await connection.commit();
  } finally {
    await connection.end();
  }
}
