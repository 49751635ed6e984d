import type { CancelReasonContext } from '@pawfresh/contracts/subscription';
import { referenceId } from './reference-id.js';

export interface CancelReasonData {
  id: string;
  slug: string;
  description: string;
  displayOrder: number | null;
  contexts: CancelReasonContext[];
  parentId: string | null;
}

interface Spec {
  slug: string;
  description: string;
  contexts: CancelReasonContext[];
  children?: { slug: string; description: string }[];
}

const all: CancelReasonContext[] = ['subscription', 'treat', 'supplement'];

/**
 * Why people stop a subscription, a treat or a supplement: what customers of fresh dog-food
 * subscriptions actually say, in the order the cancel page asks. "Other" is always last; child
 * reasons narrow a parent down and share its contexts.
 */
const specs: Spec[] = [
  {
    slug: 'too-expensive',
    description: 'It costs too much',
    contexts: all,
    children: [
      { slug: 'found-cheaper-alternative', description: 'I found a cheaper alternative' },
      { slug: 'budget-changed', description: 'My budget has changed' },
      { slug: 'delivery-fee-too-high', description: 'The delivery fee is too high' },
    ],
  },
  {
    slug: 'dog-wont-eat-it',
    description: "My dog won't eat it",
    contexts: all,
    children: [
      { slug: 'doesnt-like-the-taste', description: "Doesn't like the taste" },
      { slug: 'stopped-eating-it', description: 'Ate it at first, then stopped' },
      { slug: 'upset-tummy', description: 'It upset their tummy' },
    ],
  },
  {
    slug: 'no-freezer-space',
    description: "I don't have enough freezer or fridge space",
    contexts: ['subscription'],
  },
  {
    slug: 'delivery-problems',
    description: 'Problems with deliveries',
    contexts: ['subscription'],
    children: [
      { slug: 'deliveries-late', description: 'Deliveries arrived late' },
      { slug: 'box-damaged-or-warm', description: 'A box arrived damaged or not cold' },
      { slug: 'delivery-days-dont-suit', description: "The delivery days don't suit me" },
      { slug: 'missed-deliveries', description: 'Deliveries were missed' },
    ],
  },
  {
    slug: 'wrong-amount-of-food',
    description: 'Too much or too little food',
    contexts: ['subscription'],
    children: [
      { slug: 'too-much-food', description: 'Too much food is piling up' },
      { slug: 'not-enough-food', description: 'It runs out before the next box' },
    ],
  },
  {
    slug: 'health-or-vet-diet',
    description: 'My dog has health needs or a vet-prescribed diet',
    contexts: all,
  },
  {
    slug: 'allergies-or-sensitivities',
    description: 'Allergies or sensitivities',
    contexts: ['treat', 'supplement'],
  },
  { slug: 'too-many-treats', description: 'My dog gets too many treats', contexts: ['treat'] },
  {
    slug: 'no-results-seen',
    description: "I haven't seen a difference",
    contexts: ['supplement'],
  },
  { slug: 'dog-passed-away', description: 'My dog has passed away', contexts: ['subscription'] },
  {
    slug: 'moving-outside-delivery-area',
    description: "I'm moving somewhere you don't deliver",
    contexts: ['subscription'],
  },
  {
    slug: 'taking-a-break',
    description: "I'm travelling or taking a break",
    contexts: ['subscription'],
  },
  { slug: 'just-trying', description: 'I only wanted to try it', contexts: ['subscription'] },
  { slug: 'other', description: 'Something else', contexts: all },
];

export const cancelReasonData: readonly CancelReasonData[] = specs.flatMap((spec, i) => {
  const id = referenceId('cancel-reason', spec.slug);
  const parent: CancelReasonData = {
    id,
    slug: spec.slug,
    description: spec.description,
    displayOrder: (i + 1) * 10,
    contexts: spec.contexts,
    parentId: null,
  };
  const children = (spec.children ?? []).map((c, j): CancelReasonData => ({
    id: referenceId('cancel-reason', c.slug),
    slug: c.slug,
    description: c.description,
    displayOrder: j + 1,
    contexts: spec.contexts,
    parentId: id,
  }));
  return [parent, ...children];
});

export const cancelReasonIdOf = (slug: string): string => {
  const found = cancelReasonData.find((r) => r.slug === slug);
  if (!found) throw new Error(`No cancel reason ${slug}`);
  return found.id;
};
