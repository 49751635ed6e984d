import '../../../styles/mantine-forms.css';
import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';

import { PageForm } from '../../../components/form/page-form';
import { useFailureReport } from '../../../components/form/use-submission';
import { useAddPaymentMethod } from '../api/add-payment-method';
import type { PaymentMethod } from '../api/payment-methods';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

type Errors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

/** What the payment contract's card rule says (docs/payments.md), in words for the form. */
export function cardProblems(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): Errors {
  const errors: Errors = {};
  if (!/^\d{12,19}$/.test(card.number.replace(/[\s-]/g, ''))) {
    errors.number = 'Enter the 12 to 19 digits on the front of the card';
  }
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (card.expYear * 12 + card.expMonth - 1 < thisMonth) errors.expiry = 'This card has expired';
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter the 3 or 4 digit security code';
  return errors;
}

type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

/**
 * The sandbox card's fields (number, expiry, security code) and `check()`, which marks the
 * problems, focuses the first, and answers the card when there are none (the account page's
 * "Add a card" and the sign-up's payment page).
 */
export function useCardEntry() {
  const [now] = useState(() => new Date());
  const years = Array.from({ length: 16 }, (_, i) => String(now.getFullYear() + i));
  const [number, setNumber] = useState('');
  const [expMonth, setExpMonth] = useState(MONTHS[now.getMonth()]!);
  const [expYear, setExpYear] = useState(years[1]!);
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const check = (): CardDetails | null => {
    const card = { number, expMonth: Number(expMonth), expYear: Number(expYear), cvc };
    const problems = cardProblems(card, now);
    setErrors(problems);
    const first = (['number', 'expiry', 'cvc'] as const).find((field) => problems[field]);
    if (first) {
      document.getElementById(`card-${first}`)?.focus();
      return null;
    }
    return { ...card, number: number.replace(/[\s-]/g, '') };
  };

  const fields = (
    <>
      <TextInput
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={number}
        error={errors.number}
        onChange={(event) => setNumber(event.currentTarget.value)}
      />
      <Group grow align="flex-start">
        <NativeSelect
          id="card-expiry"
          label="Expiry month"
          autoComplete="cc-exp-month"
          data={MONTHS}
          value={expMonth}
          error={errors.expiry}
          onChange={(event) => setExpMonth(event.currentTarget.value)}
        />
        <NativeSelect
          label="Expiry year"
          autoComplete="cc-exp-year"
          data={years}
          value={expYear}
          onChange={(event) => setExpYear(event.currentTarget.value)}
        />
      </Group>
      <TextInput
        id="card-cvc"
        label="Security code (CVC)"
        inputMode="numeric"
        autoComplete="cc-csc"
        maw="10rem"
        value={cvc}
        error={errors.cvc}
        onChange={(event) => setCvc(event.currentTarget.value)}
      />
    </>
  );
  return { fields, check };
}

/** "Add a card" on the account page: saves a card and (by default) charges the boxes to it. */
export function AddCardForm({
  onSaved,
  onCancel,
}: {
  onSaved: (card: PaymentMethod) => void;
  onCancel: () => void;
}) {
  const add = useAddPaymentMethod();
  const entry = useCardEntry();
  const [makeDefault, setMakeDefault] = useState(true);
  const { formError, setFormError, report } = useFailureReport();

  const submit = () => {
    if (add.isPending) return;
    setFormError(null);
    const card = entry.check();
    if (!card) return;
    add.mutate(
      { card, default: makeDefault },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: report,
      },
    );
  };

  return (
    <PageForm onSubmit={submit} formError={formError} gap="sm" label="Add a card">
      {entry.fields}
      <Checkbox
        label="Charge my boxes to this card"
        checked={makeDefault}
        onChange={(event) => setMakeDefault(event.currentTarget.checked)}
      />
      <Group gap="sm">
        <Button type="submit" loading={add.isPending}>
          Save card
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </PageForm>
  );
}
