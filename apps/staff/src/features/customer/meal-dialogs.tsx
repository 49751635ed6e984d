import {
  List,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Order } from '@pawfresh/contracts/order';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { StaffPlanChange } from '@pawfresh/contracts/staff-plan-changes';
import {
  feedingPlanTypes,
  servingSizeCodes,
  type FeedingPlan,
  type Subscription,
} from '@pawfresh/contracts/subscription';

import { ActionDialog } from '../../components/action-dialog';
import { LoadError, Loading } from '../../components/states';
import { api } from '../../lib/api';
import { formatCents } from '../../lib/format';
import { boxName } from './box-dialog';

type Meal = StaffResponse<'mealsForSale'>[number];
type Share = { productVariantId: string; percent: number };
type PlanReview = StaffResponse<'reviewPlanChange'>;

const mealsQuery = () =>
  queryOptions({
    queryKey: ['meals'],
    queryFn: ({ signal }) => api.get<StaffResponse<'mealsForSale'>>('/meals', { signal }),
    staleTime: 5 * 60_000,
  });

/** A table of figures now and after a change, one row each: [what, now, after]. */
function NowAndAfter({ label, rows }: { label: string; rows: [string, string, string][] }) {
  return (
    <Table aria-label={label} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>Now</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([what, now, next]) => (
          <Table.Tr key={what}>
            <Table.Th scope="row">{what}</Table.Th>
            <Table.Td>{now}</Table.Td>
            <Table.Td>{next}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Whole-percent shares that add up to 100 (the first takes what is left over). */
export function equalShares(ids: readonly string[]): Share[] {
  const each = Math.floor(100 / Math.max(ids.length, 1));
  return ids.map((productVariantId, n) => ({
    productVariantId,
    percent: n === 0 ? 100 - each * (ids.length - 1) : each,
  }));
}

/** The shares as the workflows take them (ratios adding up to 1), or null until they do. */
export function skusOf(shares: readonly Share[]) {
  const total = shares.reduce((n, s) => n + s.percent, 0);
  if (shares.length === 0 || total !== 100 || shares.some((s) => !(s.percent > 0))) return null;
  return shares.map((s) => ({ productVariantId: s.productVariantId, ratio: s.percent / 100 }));
}

/** Choosing meals (at most 7) and each one's share of the pouches, in whole percent. */
function MealShares({
  meals,
  shares,
  onChange,
}: {
  meals: Meal[];
  shares: Share[];
  onChange: (shares: Share[]) => void;
}) {
  const nameOf = (id: string) => meals.find((m) => m.productVariantId === id)?.name ?? 'A meal';
  const total = shares.reduce((n, s) => n + s.percent, 0);
  return (
    <Stack gap="xs">
      <MultiSelect
        label="Meals"
        description="Up to 7; each gets a share of the same pouches"
        placeholder={shares.length === 0 ? 'Choose meals' : undefined}
        searchable
        maxValues={7}
        data={meals.map((m) => ({
          value: m.productVariantId,
          label: m.name,
        }))}
        value={shares.map((s) => s.productVariantId)}
        onChange={(ids) => onChange(equalShares(ids))}
        required
      />
      {shares.length > 1
        ? shares.map((s, n) => (
            <NumberInput
              key={s.productVariantId}
              label={`Share of ${nameOf(s.productVariantId)} (%)`}
              min={1}
              max={100}
              allowDecimal={false}
              value={s.percent}
              onChange={(v) =>
                onChange(shares.map((x, i) => (i === n ? { ...x, percent: Number(v) || 0 } : x)))
              }
            />
          ))
        : null}
      {shares.length > 1 && total !== 100 ? (
        <Text size="sm" c="red.8" role="alert">
          The shares add up to {total}%: make them add up to 100%.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The meals list, with its loading and error states. */
function WithMeals({ children }: { children: (meals: Meal[]) => ReactNode }) {
  const meals = useQuery(mealsQuery());
  if (meals.isPending) return <Loading label="Loading the meals…" />;
  if (meals.isError) return <LoadError error={meals.error} onRetry={() => void meals.refetch()} />;
  return <>{children(meals.data)}</>;
}

/** The dogs with meals in the box, each named by the meals it has now. */
function dogsOf(contents: readonly { animalId: string | null; planType: unknown; name: string }[]) {
  const dogs = new Map<string, string[]>();
  for (const l of contents) {
    if (!l.planType || !l.animalId) continue;
    dogs.set(l.animalId, [...(dogs.get(l.animalId) ?? []), l.name]);
  }
  return [...dogs].map(([value, names]) => ({ value, label: `The dog with ${names.join(', ')}` }));
}

/**
 * One dog's meals in one box (the customer app's update-order-recipe-mix): the meals and their
 * shares, the box's price now and after (priced by the same steps as the change) before it runs,
 * then the box as it now is.
 */
export function BoxMealsDialog({
  order,
  contents,
  onClose,
}: {
  order: Order;
  contents: StaffResponse<'orderDetail'>['contents'];
  onClose: () => void;
}) {
  const dogs = dogsOf(contents);
  // The box as it was when the dialog opened (the page reads it again once the change ran).
  const [was] = useState(order.totalCharge);
  const [animalId, setAnimalId] = useState<string | null>(dogs[0]?.value ?? null);
  const [shares, setShares] = useState<Share[]>([]);
  const skus = skusOf(shares);
  const url = `/customers/${order.userId}/orders/${order.id}/meals`;
  const preview = useQuery({
    queryKey: ['box-meals-preview', order.id, order.version, animalId, skus],
    queryFn: ({ signal }) =>
      api.post<StaffResponse<'previewBoxMeals'>>(`${url}/preview`, { animalId, skus }, { signal }),
    enabled: animalId !== null && skus !== null,
    retry: false,
  });
  const priced = preview.data;
  const meals = useQuery(mealsQuery());
  const mealName = (productId: string) =>
    meals.data?.find((m) => m.productId === productId)?.name ?? 'a meal';
  return (
    <ActionDialog
      title="Change a box’s meals"
      confirmLabel={`Change box #${order.orderNumber}’s meals`}
      onClose={onClose}
      invalidates={['customer', order.userId]}
      ready={priced !== undefined && !preview.isFetching}
      run={(reason) => api.post<StaffResponse<'changeBoxMeals'>>(url, { animalId, skus, reason })}
      fields={
        dogs.length === 0 ? (
          <Text>This box has no meals to change.</Text>
        ) : (
          <WithMeals>
            {(meals) => (
              <Stack gap="sm">
                {dogs.length > 1 ? (
                  <Select
                    label="Dog"
                    data={dogs}
                    value={animalId}
                    onChange={setAnimalId}
                    allowDeselect={false}
                  />
                ) : null}
                <MealShares meals={meals} shares={shares} onChange={setShares} />
                {skus === null ? null : preview.isPending || preview.isFetching ? (
                  <Loading label="Pricing the box…" />
                ) : preview.isError ? (
                  <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
                ) : (
                  <NowAndAfter
                    label="The box’s price"
                    rows={[
                      [
                        'Price',
                        formatCents(priced!.before.totalPrice),
                        formatCents(priced!.after.totalPrice),
                      ],
                      [
                        'To charge',
                        formatCents(priced!.before.totalCharge),
                        formatCents(priced!.after.totalCharge),
                      ],
                    ]}
                  />
                )}
              </Stack>
            )}
          </WithMeals>
        )
      }
      preview={
        <List.Item>
          share this dog’s pouches in the {boxName(order)} among the meals chosen (same number of
          pouches), and charge {priced ? formatCents(priced.after.totalCharge) : 'the new price'}{' '}
          for it instead of {formatCents(was)}; the plan and other boxes stay as they are;
        </List.Item>
      }
      doneTitle="Meals changed"
      result={(data) => (
        <>
          Box #{data.order.orderNumber} now has{' '}
          {data.order.orderLineItems
            .filter((l) => l.planType && l.animalId === animalId)
            .map((l) => `${l.quantity} × ${mealName(l.productId)}`)
            .join(', ')}{' '}
          and costs {formatCents(data.order.totalCharge)} (was {formatCents(was)}).
        </>
      )}
    />
  );
}

const CHANGES = [
  { value: 'servingSize', label: 'Portion' },
  { value: 'recipes', label: 'Recipes' },
  { value: 'planType', label: 'Plan type' },
] as const;

const words = (code: string) => code.replace(/_/g, ' ');
const grams = (code: string) => `${Number(code.slice(1))} g a day`;

/** The plans before and after, per box and per day (the review's figures). */
export function ReviewTable({ review, plan }: { review: PlanReview; plan: FeedingPlan }) {
  const before = review.before.feedingPlans.find((p) => p.feedingPlanId === plan.id);
  const after = review.after.feedingPlans.find((p) => p.feedingPlanId === plan.id);
  const rows: [string, string, string][] = [
    ['Plan', words(before?.type ?? ''), words(after?.type ?? '')],
    ['Portion', grams(before?.servingSize ?? 'f0'), grams(after?.servingSize ?? 'f0')],
    [
      'Pouches a box',
      `${before?.pouchesPerBox ?? 0} × ${before?.pouchSizeInGrams ?? 0} g`,
      `${after?.pouchesPerBox ?? 0} × ${after?.pouchSizeInGrams ?? 0} g`,
    ],
    [
      'This dog, per box',
      formatCents(before?.pricePerBox ?? 0),
      formatCents(after?.pricePerBox ?? 0),
    ],
    [
      'This dog, per day',
      formatCents(before?.pricePerDay ?? 0),
      formatCents(after?.pricePerDay ?? 0),
    ],
    [
      'All plans, per box',
      formatCents(review.before.pricePerBox),
      formatCents(review.after.pricePerBox),
    ],
    [
      'All plans, per day',
      formatCents(review.before.pricePerDay),
      formatCents(review.after.pricePerDay),
    ],
  ];
  return <NowAndAfter label="Before and after" rows={rows} />;
}

/**
 * A dog's recipes, portion (serving size) or plan type, through the customer app's review step
 * and workflow: the review's before and after per box and per day and the boxes it changes,
 * the reason, then what changed.
 */
export function DogPlanDialog({
  subscription,
  plan,
  dogName,
  onClose,
}: {
  subscription: Subscription;
  plan: FeedingPlan;
  dogName: string;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<StaffPlanChange['change']>('servingSize');
  const [servingSize, setServingSize] = useState<string | null>(null);
  const [planType, setPlanType] = useState<string | null>(null);
  const [shares, setShares] = useState<Share[]>([]);
  const skus = skusOf(shares);
  const change: StaffPlanChange | null =
    kind === 'servingSize' && servingSize && servingSize !== plan.servingSize
      ? { change: kind, feedingPlanId: plan.id, servingSize: servingSize as never }
      : kind === 'planType' && planType && planType !== plan.type
        ? { change: kind, feedingPlanId: plan.id, feedingPlanType: planType as never }
        : kind === 'recipes' && skus
          ? { change: kind, feedingPlanId: plan.id, skus }
          : null;
  const url = `/customers/${subscription.userId}/subscriptions/${subscription.id}/plan-change`;
  const review = useQuery({
    queryKey: ['plan-review', subscription.id, subscription.version, change],
    queryFn: ({ signal }) => api.post<PlanReview>(`${url}/review`, change, { signal }),
    enabled: change !== null,
    retry: false,
  });
  const reviewed = change !== null && review.data !== undefined && !review.isFetching;
  return (
    <ActionDialog
      title={`Change ${dogName}’s plan`}
      confirmLabel="Change the plan"
      onClose={onClose}
      invalidates={['customer', subscription.userId]}
      ready={reviewed}
      run={(reason) =>
        api.post<StaffResponse<'changePlan'>>(url, {
          ...change,
          version: review.data!.version,
          reason,
        })
      }
      fields={
        <Stack gap="sm">
          <SegmentedControl
            aria-label="What to change"
            data={[...CHANGES]}
            value={kind}
            onChange={(v) => setKind(v as StaffPlanChange['change'])}
          />
          {kind === 'servingSize' ? (
            <Select
              label="Daily portion"
              description={`Now ${grams(plan.servingSize)}`}
              placeholder="Choose a portion"
              data={servingSizeCodes.map((c) => ({ value: c, label: grams(c) }))}
              value={servingSize}
              onChange={setServingSize}
              searchable
            />
          ) : kind === 'planType' ? (
            <Select
              label="Plan type"
              description={`Now ${words(plan.type)}`}
              placeholder="Choose a plan type"
              data={feedingPlanTypes.map((t) => ({ value: t, label: words(t) }))}
              value={planType}
              onChange={setPlanType}
            />
          ) : (
            <WithMeals>
              {(meals) => <MealShares meals={meals} shares={shares} onChange={setShares} />}
            </WithMeals>
          )}
          {change === null ? null : review.isPending || review.isFetching ? (
            <Loading label="Reviewing the change…" />
          ) : review.isError ? (
            <LoadError error={review.error} onRetry={() => void review.refetch()} />
          ) : (
            <ReviewTable review={review.data} plan={plan} />
          )}
        </Stack>
      }
      preview={
        review.data ? (
          <>
            <List.Item>
              change {dogName}’s plan as above: {formatCents(review.data.after.pricePerBox)} a box
              instead of {formatCents(review.data.before.pricePerBox)};
            </List.Item>
            <List.Item>
              reprice {review.data.orders.updatedOrderIds.length} box
              {review.data.orders.updatedOrderIds.length === 1 ? '' : 'es'} to come
              {review.data.orders.leftOrders.length > 0
                ? `; ${review.data.orders.leftOrders.length} keep what they had (${review.data.orders.leftOrders.map((o) => o.message).join('; ')})`
                : ''}
              ;
            </List.Item>
          </>
        ) : null
      }
      doneTitle="Plan changed"
      result={(data) => (
        <>
          {dogName}’s plan is now{' '}
          {formatCents(
            data.after?.feedingPlans.find((p) => p.feedingPlanId === plan.id)?.pricePerBox ?? 0,
          )}{' '}
          a box (all plans {formatCents(data.after?.pricePerBox ?? 0)} a box,{' '}
          {formatCents(data.after?.pricePerDay ?? 0)} a day); {data.orders.updatedOrderIds.length}{' '}
          box
          {data.orders.updatedOrderIds.length === 1 ? '' : 'es'} repriced.
        </>
      )}
    />
  );
}
