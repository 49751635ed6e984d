import { Button, List, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { promotionTypes, type PromotionType } from '@pawfresh/contracts/pricing';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { StaffPromotion } from '@pawfresh/contracts/staff-discounts';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { PROMOTIONS_KEY, discountsQuery, fieldErrors } from './queries';

export const TYPE_LABEL: Record<PromotionType, string> = {
  coupon: 'Coupon: a code that gives a discount',
  'referral-coupon': 'Referral coupon: a customer’s code that gives a discount',
  referral: 'Referral: a customer’s code, no discount',
};

/** An instant as the promotion's wall clock (`2026-02-01T09:00`), for a datetime-local input. */
export function wallClock(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  // Sweden's format is ISO's: "2026-02-01 09:00".
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return text.format(new Date(iso)).replace(' ', 'T');
}

type Saved = StaffResponse<'createStaffPromotion'>;

/**
 * Creating a promotion code, or changing one: code, discount, referrer (referral types), maxUses,
 * and when it works (activeAt, expireAt) read in its time zone. The pricing service's refusals
 * show by their field.
 */
export function PromotionDialog({
  promotion,
  onClose,
  onSaved,
}: {
  promotion: StaffPromotion | null;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const zone = promotion?.timezone ?? 'Australia/Sydney';
  const [form, setForm] = useState({
    type: (promotion?.type ?? 'coupon') as PromotionType,
    value: promotion?.value ?? '',
    discountId: promotion?.discountId ?? '',
    referrerUserId: promotion?.referrerUserId ?? '',
    maxUses: promotion?.maxUses == null ? '' : String(promotion.maxUses),
    timezone: zone,
    activeAt: wallClock(promotion?.activeAt ?? null, zone),
    expireAt: wallClock(promotion?.expireAt ?? null, zone),
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const discounts = useQuery(discountsQuery({ orderBy: 'name' }, 0, 100));
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: value }));
  };
  const err = (field: string) => errors[field]?.join(' ');
  const referral = form.type !== 'coupon';

  const body = () => ({
    value: form.value.trim(),
    discountId: form.discountId || null,
    maxUses: form.maxUses.trim() ? Number(form.maxUses) : null,
    timezone: form.timezone.trim(),
    activeAt: form.activeAt || null,
    expireAt: form.expireAt || null,
  });
  const run = async (reason: string) => {
    try {
      return promotion
        ? await api.post<Saved>(`/promotions/${promotion.id}`, { ...body(), reason })
        : await api.post<Saved>('/promotions', {
            ...body(),
            type: form.type,
            ...(referral && form.referrerUserId.trim()
              ? { referrerUserId: form.referrerUserId.trim() }
              : {}),
            reason,
          });
    } catch (error) {
      setErrors(fieldErrors(error));
      throw error;
    }
  };

  return (
    <ActionDialog
      title={promotion ? `Change the promotion ${promotion.value}` : 'New promotion'}
      confirmLabel={promotion ? 'Save changes' : 'Create promotion'}
      ready={form.value.trim() !== ''}
      recordedIn="the audit log"
      invalidates={PROMOTIONS_KEY}
      onClose={onClose}
      run={run}
      fields={
        <Stack gap="sm">
          {promotion ? null : (
            <NativeSelect
              label="Type"
              data={promotionTypes.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
              value={form.type}
              error={err('type')}
              onChange={set('type')}
            />
          )}
          <TextInput
            label="Code"
            description="What customers type: letters, digits, - and _"
            required
            maxLength={250}
            value={form.value}
            error={err('value')}
            onChange={set('value')}
          />
          <NativeSelect
            label="Discount"
            data={[
              { value: '', label: 'None' },
              ...(discounts.data?.data ?? []).map((d) => ({ value: d.id, label: d.name })),
            ]}
            value={form.discountId}
            error={err('discountId')}
            onChange={set('discountId')}
          />
          {referral && !promotion ? (
            <TextInput
              label="Referrer (customer id)"
              description="The customer whose code this is"
              value={form.referrerUserId}
              error={err('referrerUserId')}
              onChange={set('referrerUserId')}
            />
          ) : null}
          <TextInput
            label="Most uses"
            description="Empty: unlimited"
            inputMode="numeric"
            value={form.maxUses}
            error={err('maxUses')}
            onChange={set('maxUses')}
          />
          <TextInput
            label="Time zone"
            description="activeAt and expireAt are read in it, such as Australia/Perth"
            value={form.timezone}
            error={err('timezone')}
            onChange={set('timezone')}
          />
          <TextInput
            type="datetime-local"
            label="Works from"
            description="Empty: at once"
            value={form.activeAt}
            error={err('activeAt')}
            onChange={set('activeAt')}
          />
          <TextInput
            type="datetime-local"
            label="Expires at"
            description="Empty: never"
            value={form.expireAt}
            error={err('expireAt')}
            onChange={set('expireAt')}
          />
        </Stack>
      }
      preview={
        <List.Item>
          {promotion ? 'change' : 'create'} the code {form.value.trim()}
          {form.maxUses.trim()
            ? `, usable ${form.maxUses.trim()} times`
            : ', with no limit of uses'}
          {form.activeAt ? `, from ${form.activeAt.replace('T', ' ')}` : ''}
          {form.expireAt ? ` until ${form.expireAt.replace('T', ' ')}` : ''} ({form.timezone} time);
        </List.Item>
      }
      failedTitle="Nothing saved"
      doneTitle={promotion ? 'Promotion changed' : 'Promotion created'}
      result={(data) => (
        <>
          The code {data.promotion.value} is saved.{' '}
          {onSaved ? (
            <Button size="compact-sm" variant="default" onClick={() => onSaved(data.promotion.id)}>
              Open the promotion
            </Button>
          ) : null}
        </>
      )}
    />
  );
}

export type PromotionAction = 'disable' | 'enable' | 'delete';

/** Disabling, enabling or deleting (soft) a promotion, with a reason. */
export function PromotionStateDialog({
  action,
  promotion,
  onClose,
}: {
  action: PromotionAction;
  promotion: StaffPromotion;
  onClose: () => void;
}) {
  const code = promotion.value;
  const will = {
    disable: `stop the code ${code} working until it is enabled;`,
    enable: `let the code ${code} work again (within its dates and uses);`,
    delete: `delete the code ${code}: it stops working for good and can be given to another promotion;`,
  }[action];
  const title = { disable: 'Disable', enable: 'Enable', delete: 'Delete' }[action];
  return (
    <ActionDialog
      title={`${title} ${code}`}
      confirmLabel={`${title} promotion`}
      warn={action !== 'enable'}
      ready
      recordedIn="the audit log"
      invalidates={PROMOTIONS_KEY}
      onClose={onClose}
      run={(reason) =>
        action === 'delete'
          ? api.post<Saved>(`/promotions/${promotion.id}/delete`, { reason })
          : api.post<Saved>(`/promotions/${promotion.id}`, {
              disable: action === 'disable',
              reason,
            })
      }
      preview={<List.Item>{will}</List.Item>}
      failedTitle="Nothing changed"
      doneTitle={`${title}d`}
      result={(data) => (
        <>
          {data.promotion.value} is{' '}
          {data.promotion.deletedAt
            ? 'deleted'
            : data.promotion.disabledAt
              ? 'disabled'
              : 'enabled'}
          .
        </>
      )}
    />
  );
}
