import { List, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Discount, DiscountCategory } from '@pawfresh/contracts/pricing';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { DISCOUNTS_KEY } from './queries';

/** What marketing may do to a saved discount. */
export type DiscountAction = 'disable' | 'enable' | 'delete';

const WORDS: Record<
  DiscountAction,
  { title: string; confirm: string; done: string; failed: string; will: (name: string) => string }
> = {
  disable: {
    title: 'Disable',
    confirm: 'Disable discount',
    done: 'Disabled',
    failed: 'Not disabled',
    will: (name) =>
      `stop ${name} applying: every price that names it (boxes to come, its promotion codes) is refused until it is enabled;`,
  },
  enable: {
    title: 'Enable',
    confirm: 'Enable discount',
    done: 'Enabled',
    failed: 'Not enabled',
    will: (name) => `let ${name} apply again to the boxes and promotion codes that name it;`,
  },
  delete: {
    title: 'Delete',
    confirm: 'Delete discount',
    done: 'Deleted',
    failed: 'Not deleted',
    will: (name) =>
      `delete ${name}: it can never be used again (it stays readable here, marked deleted), and cannot be undone;`,
  },
};

/** Disabling, enabling or deleting (soft) a discount, with a reason. */
export function DiscountDialog({
  action,
  discount,
  onClose,
}: {
  action: DiscountAction;
  discount: Discount;
  onClose: () => void;
}) {
  const words = WORDS[action];
  return (
    <ActionDialog
      title={`${words.title} ${discount.name}`}
      confirmLabel={words.confirm}
      warn={action !== 'enable'}
      ready
      recordedIn="the audit log"
      invalidates={DISCOUNTS_KEY}
      onClose={onClose}
      run={(reason) =>
        api.post<StaffResponse<'disableDiscount'>>(`/discounts/${discount.id}/${action}`, {
          reason,
        })
      }
      preview={<List.Item>{words.will(discount.name)}</List.Item>}
      failedTitle={words.failed}
      doneTitle={words.done}
      result={(data) => (
        <>
          {data.discount.name} is{' '}
          {data.discount.deletedAt ? 'deleted' : data.discount.disabledAt ? 'disabled' : 'enabled'}.
        </>
      )}
    />
  );
}

/** Creating a discount category, or renaming one. */
export function CategoryDialog({
  category,
  onClose,
}: {
  category: DiscountCategory | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const trimmed = name.trim();
  return (
    <ActionDialog
      title={category ? `Rename the category ${category.name}` : 'New discount category'}
      confirmLabel={category ? 'Rename' : 'Create category'}
      ready={trimmed !== '' && trimmed !== category?.name}
      recordedIn="the audit log"
      invalidates={DISCOUNTS_KEY}
      onClose={onClose}
      fields={
        <TextInput
          label="Name"
          required
          maxLength={250}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      }
      run={(reason) =>
        category
          ? api.post<StaffResponse<'renameDiscountCategory'>>(
              `/discount-categories/${category.id}/rename`,
              { name: trimmed, reason },
            )
          : api.post<StaffResponse<'createDiscountCategory'>>('/discount-categories', {
              name: trimmed,
              reason,
            })
      }
      preview={
        <List.Item>
          {category
            ? `rename ${category.name} to ${trimmed}, for every discount filed under it;`
            : `add the category ${trimmed}, for discounts to be filed under;`}
        </List.Item>
      }
      failedTitle={category ? 'Not renamed' : 'Not created'}
      doneTitle={category ? 'Renamed' : 'Category created'}
      result={(data) => <>The category is now called {data.category.name}.</>}
    />
  );
}
