import type { Clock } from '@pawfresh/kit';
import type { DatabaseConnection } from '@pawfresh/db';
import { schema } from '../db/schema.js';
import { countCategories, insertCategoriesOnce } from '../db/category-store.js';
import { insertDiscount } from '../db/discount-store.js';
import { insertPromotion } from '../db/promotion-store.js';
import { demoCategories, demoDiscounts, demoPromotions, SEEDED_BY } from './demo-pricing.js';

/** Gives a first start (no categories at all) the demo discounts and codes, and only then. */
export async function seedDemoPricing(
  database: DatabaseConnection,
  clock: Clock,
): Promise<{ seeded: boolean; summary: string }> {
  const db = database.forSchema(schema);
  if ((await countCategories(db)) > 0) return { seeded: false, summary: 'discounts already there' };
  const now = clock.now();
  const stamp = { createdBy: SEEDED_BY, updatedBy: SEEDED_BY, createdAt: now, updatedAt: now };
  const seeded = await db.transaction(async (tx) => {
    // Fixed ids: a second process seeding at the same moment adds nothing twice.
    const inserted = await insertCategoriesOnce(
      tx,
      demoCategories.map((c) => ({ ...c, ...stamp })),
    );
    if (inserted === 0) return false;
    for (const { schedules, id, categoryId, name, description, interval } of demoDiscounts) {
      await insertDiscount(
        tx,
        { id, categoryId, name, description, interval, currencyCode: 'AUD', ...stamp },
        schedules.map((s) => ({ ...s, applications: s.applications.map((a) => ({ ...a })) })),
      );
    }
    for (const promotion of demoPromotions) {
      await insertPromotion(tx, { ...promotion, timezone: 'Australia/Sydney', ...stamp });
    }
    return true;
  });
  if (!seeded) return { seeded: false, summary: 'discounts already there' };
  return {
    seeded: true,
    summary: `${demoCategories.length} discount categories, ${demoDiscounts.length} discounts, ${demoPromotions.length} promotion codes (${demoPromotions.map((p) => p.value).join(', ')})`,
  };
}
