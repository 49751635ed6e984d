import { List, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { Subscription } from '@pawfresh/contracts/subscription';

import { ActionDialog } from '../../components/action-dialog';
import { LoadError, Loading } from '../../components/states';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { cancelReasonsQuery } from './queries';

/**
 * Cancelling a subscription: the customer's cancel reason (the customer app's list) and the
 * member of staff's own reason, what it will change before it runs, then what it did: the boxes
 * removed and the ones that still arrive.
 */
export function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const reasons = useQuery(cancelReasonsQuery());
  const [primary, setPrimary] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const chosen = reasons.data?.find((r) => r.id === primary);

  return (
    <ActionDialog
      title="Cancel the subscription"
      confirmLabel="Cancel the subscription"
      onClose={onClose}
      invalidates={['customer', subscription.userId]}
      ready={chosen !== undefined}
      warn
      run={(reason) =>
        api.post<StaffResponse<'cancelSubscription'>>(
          `/customers/${subscription.userId}/subscriptions/${subscription.id}/cancel`,
          {
            primaryCancelReasonId: primary,
            ...(other.trim() ? { otherCancelReason: other.trim() } : {}),
            reason,
          },
        )
      }
      fields={
        reasons.isPending ? (
          <Loading label="Loading the cancel reasons…" />
        ) : reasons.isError ? (
          <LoadError error={reasons.error} onRetry={() => void reasons.refetch()} />
        ) : (
          <>
            <Select
              label="The customer’s reason for cancelling"
              placeholder="Choose a reason"
              data={reasons.data.map((r) => ({ value: r.id, label: r.description }))}
              value={primary}
              onChange={setPrimary}
              required
            />
            <TextInput
              label="In the customer’s words (optional)"
              value={other}
              onChange={(e) => setOther(e.currentTarget.value)}
              maxLength={255}
            />
          </>
        )
      }
      preview={
        <>
          <List.Item>
            cancel the subscription for “{chosen?.description ?? 'the reason chosen'}”: boxes not
            yet paid or being made are removed, the others still arrive;
          </List.Item>
          <List.Item>it can be reactivated later;</List.Item>
        </>
      }
      doneTitle="Cancelled"
      result={(data) => (
        <>
          The subscription is now {data.subscription.status}. {data.deletedOrderIds.length} box
          {data.deletedOrderIds.length === 1 ? '' : 'es'} removed
          {data.arrivingOrders.length
            ? `; still arriving: ${data.arrivingOrders.map((o) => formatDate(o.deliveryDate)).join(', ')}`
            : ''}
          .
        </>
      )}
    />
  );
}
