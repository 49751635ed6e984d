import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { productTypes } from '@pawfresh/contracts/enums';
import {
  applicationTypes,
  discountIntervals,
  filterTypes,
  type ApplicationType,
  type DiscountInterval,
  type FilterType,
} from '@pawfresh/contracts/pricing';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { StaffDiscountBody } from '@pawfresh/contracts/staff-discounts';

import { ActionDialog } from '../../components/action-dialog';
import { messageOf } from '../../components/states';
import { api } from '../../lib/api';
import { formatCents, parseDollars } from '../../lib/format';
import { DISCOUNTS_KEY, allCategoriesQuery, discountProductsQuery, fieldErrors } from './queries';

/** One filter as the form holds it (text, as typed). */
interface FilterDraft {
  type: FilterType;
  target: string;
  quantity: string;
}
interface ApplicationDraft {
  type: ApplicationType;
  value: string;
  filters: FilterDraft[];
}
interface ScheduleDraft {
  orderPosition: string;
  recurring: boolean;
  applications: ApplicationDraft[];
}
export interface DiscountDraft {
  name: string;
  categoryId: string;
  description: string;
  interval: DiscountInterval;
  schedules: ScheduleDraft[];
}

const newFilter = (): FilterDraft => ({ type: 'all-items', target: '', quantity: '' });
const newApplication = (): ApplicationDraft => ({
  type: 'percentage',
  value: '',
  filters: [newFilter()],
});
const newSchedule = (orderPosition: number, recurring: boolean): ScheduleDraft => ({
  orderPosition: String(orderPosition),
  recurring,
  applications: [newApplication()],
});
export const emptyDraft = (): DiscountDraft => ({
  name: '',
  categoryId: '',
  description: '',
  interval: 'once-off',
  schedules: [newSchedule(0, false)],
});

export const INTERVAL_LABEL: Record<DiscountInterval, string> = {
  'once-off': 'Once-off: only the boxes its schedules name',
  recurring: 'Recurring: every box from its schedule on',
  hybrid: 'Hybrid: once-off boxes, then one recurring schedule',
};
const FILTER_LABEL: Record<FilterType, string> = {
  'all-items': 'All items',
  product: 'A product',
  'product-variant': 'A product variant',
  'product-type': 'A product type',
};
/** The field each filter type names (services.md §5). */
const TARGET_FIELD = {
  'all-items': null,
  product: 'productId',
  'product-variant': 'productVariantId',
  'product-type': 'productType',
} as const;

/** Whole numbers as typed; anything else sent as is, for the server to word the refusal. */
const numberOf = (text: string): number | string =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : text;

/** The application's value in the contract's unit: whole percent, or cents for dollars. */
const valueOf = (a: ApplicationDraft): number | string =>
  a.type === 'dollar' ? (parseDollars(a.value) ?? a.value) : numberOf(a.value);

/** The draft's schedules as the staff API takes them. */
export function schedulesOf(draft: DiscountDraft) {
  return draft.schedules.map((s) => ({
    orderPosition: numberOf(s.orderPosition),
    recurring: s.recurring,
    applications: s.applications.map((a) => ({
      type: a.type,
      value: valueOf(a),
      filters: a.filters.map((f) => {
        const field = TARGET_FIELD[f.type];
        return {
          type: f.type,
          ...(field ? { [field]: f.target || null } : {}),
          quantity: f.quantity.trim() ? numberOf(f.quantity) : null,
        };
      }),
    })),
  })) as StaffDiscountBody['schedules'];
}

/** The messages about one field, under it (empty when none). */
function errorAt(errors: Record<string, string[]>, ...path: (string | number)[]) {
  const messages = errors[path.join('.')];
  return messages?.length ? messages.join(' ') : undefined;
}

/**
 * The discount builder (discounts:write): name, category and interval; schedules by order
 * position, each with applications (percent or dollars off) and their filters. "Preview the
 * price" asks the staff API to price a sample box with the draft (the pricing service's own
 * calculation, nothing saved); the pricing service's refusals show by the field they are about.
 */
export function DiscountBuilder({ onSaved }: { onSaved: (id: string) => void }) {
  const [draft, setDraft] = useState<DiscountDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const categories = useQuery(allCategoriesQuery());
  const products = useQuery(discountProductsQuery());

  const change = (update: (d: DiscountDraft) => void) =>
    setDraft((d) => {
      const next = structuredClone(d);
      update(next);
      return next;
    });

  const preview = useMutation({
    mutationFn: () =>
      api.post<StaffResponse<'previewDiscount'>>('/discounts/preview', {
        interval: draft.interval,
        schedules: schedulesOf(draft),
      }),
    onMutate: () => setErrors({}),
    onError: (error) => setErrors(fieldErrors(error)),
  });

  const save = async (reason: string) => {
    try {
      const body: StaffDiscountBody = {
        name: draft.name,
        categoryId: draft.categoryId,
        description: draft.description.trim() || null,
        interval: draft.interval,
        schedules: schedulesOf(draft),
        reason,
      };
      return await api.post<StaffResponse<'createStaffDiscount'>>('/discounts', body);
    } catch (error) {
      setErrors(fieldErrors(error));
      throw error;
    }
  };

  const categoryOptions = [
    { value: '', label: categories.isPending ? 'Loading categories…' : 'Choose a category' },
    ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const targetOptions = (type: FilterType) => {
    if (type === 'product-type') {
      return [
        { value: '', label: 'Choose a type' },
        ...productTypes.map((t) => ({ value: t, label: t })),
      ];
    }
    const list = products.data ?? [];
    const options =
      type === 'product'
        ? list.map((p) => ({ value: p.id, label: `${p.name} (${p.type})` }))
        : list.flatMap((p) =>
            p.variants.map((v) => ({ value: v.id, label: `${p.name}: ${v.name} (${v.sku})` })),
          );
    return [{ value: '', label: products.isPending ? 'Loading products…' : 'Choose' }, ...options];
  };
  const general = [...(errors[''] ?? []), ...(errors['schedules'] ?? [])];
  const complete = draft.name.trim() !== '' && draft.categoryId !== '';

  return (
    <Stack maw={1000}>
      <Group align="flex-start" grow>
        <TextInput
          label="Name"
          required
          value={draft.name}
          maxLength={250}
          error={errorAt(errors, 'name')}
          onChange={(e) => {
            const value = e.currentTarget.value;
            change((d) => (d.name = value));
          }}
        />
        <NativeSelect
          label="Category"
          required
          data={categoryOptions}
          value={draft.categoryId}
          error={
            errorAt(errors, 'categoryId') ??
            (categories.isError ? messageOf(categories.error) : undefined)
          }
          onChange={(e) => {
            const value = e.currentTarget.value;
            change((d) => (d.categoryId = value));
          }}
        />
      </Group>
      <Textarea
        label="Description"
        description="For staff: what the discount is for"
        value={draft.description}
        maxLength={800}
        rows={2}
        error={errorAt(errors, 'description')}
        onChange={(e) => {
          const value = e.currentTarget.value;
          change((d) => (d.description = value));
        }}
      />
      <NativeSelect
        label="Interval"
        data={discountIntervals.map((i) => ({ value: i, label: INTERVAL_LABEL[i] }))}
        value={draft.interval}
        error={errorAt(errors, 'interval')}
        onChange={(e) => {
          const value = e.currentTarget.value as DiscountInterval;
          change((d) => (d.interval = value));
        }}
      />
      {general.length ? (
        <Alert color="red" title="The schedules need a change" role="alert">
          {general.join(' ')}
        </Alert>
      ) : null}

      {draft.schedules.map((schedule, s) => (
        <Card key={s} withBorder component="fieldset" aria-label={`Schedule ${s + 1}`}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Schedule {s + 1}
              </Title>
              {draft.schedules.length > 1 ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => change((d) => d.schedules.splice(s, 1))}
                >
                  Remove schedule {s + 1}
                </Button>
              ) : null}
            </Group>
            <Group align="flex-start">
              <TextInput
                label="Order position"
                description="0 is the first box"
                inputMode="numeric"
                w={180}
                value={schedule.orderPosition}
                error={errorAt(errors, 'schedules', s, 'orderPosition')}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  change((d) => (d.schedules[s]!.orderPosition = value));
                }}
              />
              <Checkbox
                mt="xl"
                label="Recurring (this box and every one after)"
                checked={schedule.recurring}
                error={errorAt(errors, 'schedules', s, 'recurring')}
                onChange={(e) => {
                  const value = e.currentTarget.checked;
                  change((d) => (d.schedules[s]!.recurring = value));
                }}
              />
            </Group>
            {schedule.applications.map((application, a) => (
              <Stack
                key={a}
                gap="xs"
                pl="md"
                style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}
              >
                <Group align="flex-start">
                  <NativeSelect
                    label={`Application ${a + 1}`}
                    data={applicationTypes.map((t) => ({
                      value: t,
                      label: t === 'percentage' ? 'Percent off' : 'Dollars off',
                    }))}
                    value={application.type}
                    onChange={(e) => {
                      const value = e.currentTarget.value as ApplicationType;
                      change((d) => (d.schedules[s]!.applications[a]!.type = value));
                    }}
                  />
                  <TextInput
                    label={application.type === 'percentage' ? 'Percent' : 'Dollars'}
                    description={
                      application.type === 'percentage'
                        ? 'A whole percent, 1 to 100'
                        : 'Such as 10.00'
                    }
                    inputMode="decimal"
                    w={160}
                    value={application.value}
                    error={errorAt(errors, 'schedules', s, 'applications', a, 'value')}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      change((d) => (d.schedules[s]!.applications[a]!.value = value));
                    }}
                  />
                  {schedule.applications.length > 1 ? (
                    <Button
                      mt="xl"
                      size="compact-sm"
                      variant="default"
                      onClick={() => change((d) => d.schedules[s]!.applications.splice(a, 1))}
                    >
                      Remove application {a + 1}
                    </Button>
                  ) : null}
                </Group>
                {application.filters.map((filter, f) => {
                  const at = ['schedules', s, 'applications', a, 'filters', f] as const;
                  const field = TARGET_FIELD[filter.type];
                  return (
                    <Group key={f} align="flex-start">
                      <NativeSelect
                        label={`Filter ${f + 1}`}
                        data={filterTypes.map((t) => ({ value: t, label: FILTER_LABEL[t] }))}
                        value={filter.type}
                        error={errorAt(errors, ...at, 'type')}
                        onChange={(e) => {
                          const value = e.currentTarget.value as FilterType;
                          change((d) => {
                            d.schedules[s]!.applications[a]!.filters[f] = {
                              ...d.schedules[s]!.applications[a]!.filters[f]!,
                              type: value,
                              target: '',
                            };
                          });
                        }}
                      />
                      {field ? (
                        <NativeSelect
                          label={FILTER_LABEL[filter.type].replace(/^A /, '')}
                          data={targetOptions(filter.type)}
                          value={filter.target}
                          maw={320}
                          error={errorAt(errors, ...at, field)}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            change(
                              (d) => (d.schedules[s]!.applications[a]!.filters[f]!.target = value),
                            );
                          }}
                        />
                      ) : null}
                      <TextInput
                        label="Quantity"
                        description="Units discounted; empty: all"
                        inputMode="numeric"
                        w={170}
                        value={filter.quantity}
                        error={errorAt(errors, ...at, 'quantity')}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          change(
                            (d) => (d.schedules[s]!.applications[a]!.filters[f]!.quantity = value),
                          );
                        }}
                      />
                      {application.filters.length > 1 ? (
                        <Button
                          mt="xl"
                          size="compact-sm"
                          variant="default"
                          onClick={() =>
                            change((d) => d.schedules[s]!.applications[a]!.filters.splice(f, 1))
                          }
                        >
                          Remove filter {f + 1}
                        </Button>
                      ) : null}
                    </Group>
                  );
                })}
                <Group>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() =>
                      change((d) => d.schedules[s]!.applications[a]!.filters.push(newFilter()))
                    }
                  >
                    Add a filter
                  </Button>
                </Group>
              </Stack>
            ))}
            <Group>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => change((d) => d.schedules[s]!.applications.push(newApplication()))}
              >
                Add an application
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="default"
          onClick={() =>
            change((d) =>
              d.schedules.push(
                newSchedule(
                  Math.max(-1, ...d.schedules.map((x) => Number(x.orderPosition) || 0)) + 1,
                  d.interval === 'recurring',
                ),
              ),
            )
          }
        >
          Add a schedule
        </Button>
      </Group>

      <Group>
        <Button variant="outline" loading={preview.isPending} onClick={() => preview.mutate()}>
          Preview the price
        </Button>
        <Button disabled={!complete} onClick={() => setSaving(true)}>
          Save discount
        </Button>
        {!complete ? (
          <Text size="sm" c="gray.7">
            A name and a category are needed to save.
          </Text>
        ) : null}
      </Group>
      {preview.isError && !Object.keys(fieldErrors(preview.error)).length ? (
        <Alert color="red" title="No preview" role="alert">
          {messageOf(preview.error)}
        </Alert>
      ) : null}
      {preview.isSuccess ? <PreviewTable preview={preview.data} /> : null}
      {saving ? (
        <ActionDialog
          title={`Save the discount ${draft.name}`}
          confirmLabel="Save discount"
          ready
          recordedIn="the audit log"
          invalidates={DISCOUNTS_KEY}
          onClose={() => setSaving(false)}
          run={save}
          preview={
            <List.Item>
              create the {draft.interval} discount {draft.name} with {draft.schedules.length}{' '}
              schedule{draft.schedules.length === 1 ? '' : 's'}, usable at once by orders and
              promotion codes that name it;
            </List.Item>
          }
          failedTitle="The discount was not saved"
          doneTitle="Discount saved"
          result={(data) => (
            <>
              {data.discount.name} is saved.{' '}
              <Button size="compact-sm" variant="default" onClick={() => onSaved(data.discount.id)}>
                Open the discount
              </Button>
            </>
          )}
        />
      ) : null}
    </Stack>
  );
}

/** The sample box priced at each order position. */
export function PreviewTable({ preview }: { preview: StaffResponse<'previewDiscount'> }) {
  return (
    <Stack gap="xs" aria-live="polite">
      <Title order={2} size="h4">
        The price of a sample box
      </Title>
      <Text size="sm" c="gray.7">
        {preview.sampleBox
          .map(
            (l) =>
              `${l.quantity} × ${l.name} at ${formatCents(l.basePrice)}${l.extra ? ' (extra)' : ''}`,
          )
          .join('; ')}
        . Before shipping.
      </Text>
      <Table withTableBorder striped aria-label="Preview of the sample box's price">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Box</Table.Th>
            <Table.Th>Before the discount</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.prices.map((p) => (
            <Table.Tr key={p.orderPosition}>
              <Table.Td>Box {p.orderPosition + 1}</Table.Td>
              <Table.Td>{formatCents(p.priceBeforeDiscount)}</Table.Td>
              <Table.Td>−{formatCents(p.discountTotal)}</Table.Td>
              <Table.Td fw={700}>{formatCents(p.totalPrice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
