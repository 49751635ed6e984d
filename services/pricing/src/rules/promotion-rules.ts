import type { PromotionType, UsageContext, UsageType } from '@pawfresh/contracts/pricing';
import type { InputProblem } from '@pawfresh/kit';

/** When a promotion can be used, as stored (instants). */
export interface PromotionWindow {
  value: string;
  maxUses: number | null;
  activeAt: Date | null;
  expireAt: Date | null;
  disabledAt: Date | null;
  deletedAt: Date | null;
}

export type PromotionRefusal =
  'deleted' | 'disabled' | 'not_active_yet' | 'expired' | 'used_up' | undefined;

/**
 * Whether a promotion can be used at `now`, given how many times it has been: not deleted, not
 * disabled, on or after activeAt, before expireAt (expireAt is the first moment it no longer
 * works), and under maxUses. One rule, for pricing and for recording a use.
 */
export function promotionRefusal(
  promotion: PromotionWindow,
  uses: number,
  now: Date,
): PromotionRefusal {
  if (promotion.deletedAt) return 'deleted';
  if (promotion.disabledAt) return 'disabled';
  if (promotion.activeAt && now < promotion.activeAt) return 'not_active_yet';
  if (promotion.expireAt && now >= promotion.expireAt) return 'expired';
  if (promotion.maxUses !== null && uses >= promotion.maxUses) return 'used_up';
  return undefined;
}

/** The words for a refusal, naming the code and what to do. */
export function promotionRefusalMessage(
  refusal: Exclude<PromotionRefusal, undefined>,
  promotion: PromotionWindow & { timezone: string },
): string {
  const code = promotion.value;
  switch (refusal) {
    case 'deleted':
      return `Promotion code ${code} not found`;
    case 'disabled':
      return `Promotion code ${code} is disabled`;
    case 'not_active_yet':
      return `Promotion code ${code} can be used from ${describeMoment(promotion.activeAt!, promotion.timezone)}`;
    case 'expired':
      return `Promotion code ${code} expired on ${describeMoment(promotion.expireAt!, promotion.timezone)}`;
    case 'used_up':
      return `Promotion code ${code} has been used the most times it can be (${promotion.maxUses})`;
  }
}

function describeMoment(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
  return `${text} (${timeZone})`;
}

/** Which attributions count towards maxUses: discounts taken, and referrals that reached checkout. */
export function countsAsUse(type: UsageType, context: UsageContext | null): boolean {
  return type === 'discount' || context === 'checkout';
}

/** services.md §3/§4: who a promotion type is for and what it needs. */
export function promotionShapeProblems(p: {
  type: PromotionType;
  discountId: string | null;
  referrerUserId: string | null;
}): InputProblem[] {
  const problems: InputProblem[] = [];
  if (p.type !== 'referral' && !p.discountId) {
    problems.push({
      path: ['discountId'],
      message: `discountId is required for a ${p.type} promotion: it is the discount the code gives`,
      code: 'promotion_shape',
    });
  }
  if (p.type === 'coupon' && p.referrerUserId) {
    problems.push({
      path: ['referrerUserId'],
      message: 'A coupon has no referrer: leave referrerUserId out, or use a referral-coupon',
      code: 'promotion_shape',
    });
  }
  if (p.type !== 'coupon' && !p.referrerUserId) {
    problems.push({
      path: ['referrerUserId'],
      message: `referrerUserId is required for a ${p.type} promotion: it is the customer who refers`,
      code: 'promotion_shape',
    });
  }
  return problems;
}

/** What an attribution must satisfy, before the promotion's window and limits are checked. */
export function attributionProblems(
  promotion: { type: PromotionType; discountId: string | null; referrerUserId: string | null },
  attribution: { userId: string; type: UsageType; context: UsageContext | null },
): InputProblem[] {
  const problems: InputProblem[] = [];
  if (attribution.type === 'referral') {
    if (promotion.type === 'coupon') {
      problems.push({
        path: ['type'],
        message: 'A coupon records discount uses only: send type "discount"',
        code: 'attribution',
      });
    }
    if (!attribution.context) {
      problems.push({
        path: ['context'],
        message: 'context is required for a referral: pre-checkout or checkout',
        code: 'attribution',
      });
    }
  }
  if (attribution.type === 'discount' && !promotion.discountId) {
    problems.push({
      path: ['type'],
      message: 'This promotion has no discount to use: send type "referral"',
      code: 'attribution',
    });
  }
  if (promotion.referrerUserId && promotion.referrerUserId === attribution.userId) {
    problems.push({
      path: ['userId'],
      message: 'A customer cannot use their own referral code',
      code: 'attribution',
    });
  }
  return problems;
}

/** activeAt and expireAt as stored: instants, or null for no limit. */
export interface PromotionTimes {
  activeAt: Date | null;
  expireAt: Date | null;
}

/**
 * The window a write leaves a promotion with: a field left out keeps the stored instant, null
 * clears it, and text is read by `readInstant` (a wall-clock time in the promotion's time zone).
 * A date that does not exist, or an expiry not after the start, is a problem.
 */
export function promotionWindow(
  given: { activeAt?: string | null | undefined; expireAt?: string | null | undefined },
  current: PromotionTimes,
  readInstant: (text: string) => Date | undefined,
): { window: PromotionTimes; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const read = (field: 'activeAt' | 'expireAt') => {
    const text = given[field];
    if (text === undefined) return current[field];
    if (text === null) return null;
    const at = readInstant(text);
    if (!at) {
      problems.push({
        path: [field],
        message: `${field} is not a real date: ${text}`,
        code: 'date',
      });
    }
    return at ?? null;
  };
  const window = { activeAt: read('activeAt'), expireAt: read('expireAt') };
  if (window.activeAt && window.expireAt && window.expireAt <= window.activeAt) {
    problems.push({
      path: ['expireAt'],
      message: 'expireAt must be after activeAt',
      code: 'window',
    });
  }
  return { window, problems };
}
