import { Button, Group, List } from '@mantine/core';
import { useState } from 'react';
import type { User } from '@pawfresh/contracts/identity';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { ActionDialog } from '../../components/action-dialog';
import { api } from '../../lib/api';
import { useMe } from '../../lib/me';

type Mail = 'password-reset' | 'card-update-link';

/** Each e-mail's words: what it sends, and what the customer does with it. */
const MAILS: Record<Mail, { button: string; title: string; sends: string; then: string }> = {
  'password-reset': {
    button: 'Send password reset',
    title: 'Send a password reset',
    sends: 'the password reset e-mail (the one Forgot password sends) with a code and a link',
    then: 'the customer chooses a new password with it; you never see the code',
  },
  'card-update-link': {
    button: 'Send card update link',
    title: 'Send a card update link',
    sends: 'a link to their saved cards in the customer app',
    then: 'the customer changes the card themselves; staff never take card numbers',
  },
};

/**
 * The customer 360's account e-mails (customers:write): a password reset and a card update link,
 * each with a reason, kept in the customer's timeline.
 */
export function AccountMailActions({ customer }: { customer: User }) {
  const { can } = useMe();
  const [sending, setSending] = useState<Mail | null>(null);
  if (!can('customers:write')) return null;
  const mail = sending ? MAILS[sending] : null;
  return (
    <>
      <Group gap="sm">
        {(Object.keys(MAILS) as Mail[]).map((m) => (
          <Button key={m} variant="default" size="sm" onClick={() => setSending(m)}>
            {MAILS[m].button}
          </Button>
        ))}
      </Group>
      {sending && mail ? (
        <ActionDialog
          title={mail.title}
          confirmLabel={mail.button}
          onClose={() => setSending(null)}
          invalidates={['customer', customer.id]}
          ready
          run={(reason) =>
            api.post<StaffResponse<'sendPasswordReset'>>(`/customers/${customer.id}/${sending}`, {
              reason,
            })
          }
          preview={
            <>
              <List.Item>
                e-mail {customer.firstName} {customer.lastName} at {customer.email} {mail.sends};
              </List.Item>
              <List.Item>{mail.then};</List.Item>
            </>
          }
          failedTitle="Nothing sent"
          doneTitle="Sent"
          result={(data) => <>The e-mail went to {data.sentTo}.</>}
        />
      ) : null}
    </>
  );
}
