import type { FeedingPlanType } from '@pawfresh/contracts/subscription';
import { useSyncExternalStore } from 'react';

/** What a visitor has told us so far (docs/sign-up.md "What survives a reload"). */
export type SignUpDraft = {
  postcode: string;
  suburb: string;
  dogCount: number;
  /** The dogs' form values, one per dog, as typed (the dog form's values: app/routes/sign-up). */
  dogs: ({ name: string } & Record<string, unknown>)[];
  /** Set once the dogs are kept by the server (sign-up/dogs); a change to a dog clears it. */
  guestId: string | null;
  animalIds: string[];
  email: string;
  plans: { planType: FeedingPlanType; productIds?: string[] }[];
  promotionCode: string;
  deliveryDate: string;
  deliverySlot: 'AM' | 'PM' | '';
  details: {
    firstName: string;
    lastName: string;
    phoneNumber: string;
    address1: string;
    address2: string;
    suburb: string;
    state: string;
  };
};

const KEY = 'pawfresh.sign-up';

export const EMPTY_DRAFT: SignUpDraft = {
  postcode: '',
  suburb: '',
  dogCount: 1,
  dogs: [],
  guestId: null,
  animalIds: [],
  email: '',
  plans: [],
  promotionCode: '',
  deliveryDate: '',
  deliverySlot: '',
  details: {
    firstName: '',
    lastName: '',
    phoneNumber: '',
    address1: '',
    address2: '',
    suburb: '',
    state: '',
  },
};

const listeners = new Set<() => void>();
let cached: { raw: string | null; draft: SignUpDraft } | undefined;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The draft kept in this tab's session storage: it survives a reload, not the tab closing. */
export function readDraft(): SignUpDraft {
  const raw = storage()?.getItem(KEY) ?? null;
  if (cached && cached.raw === raw) return cached.draft;
  let draft = EMPTY_DRAFT;
  if (raw) {
    try {
      draft = { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<SignUpDraft>) };
    } catch {
      draft = EMPTY_DRAFT;
    }
  }
  cached = { raw, draft };
  return draft;
}

export function updateDraft(change: Partial<SignUpDraft>): SignUpDraft {
  const next = { ...readDraft(), ...change };
  storage()?.setItem(KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
  return next;
}

export function clearDraft(): void {
  storage()?.removeItem(KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignUpDraft(): SignUpDraft {
  return useSyncExternalStore(subscribe, readDraft, readDraft);
}
