import '../../../styles/mantine-forms.css';
import '@mantine/core/styles/RadioCard.layer.css';
import { Radio } from '@mantine/core';
import { useId } from 'react';

import classes from './choice-cards.module.css';

export type ChoiceCard = { value: string; title: string; detail?: string; disabled?: boolean };

type ChoiceCardsProps = {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ChoiceCard[];
  error?: string | null;
  /** Wider cards, for choices described in a sentence. */
  wide?: boolean;
};

/**
 * A labelled radio group shown as cards, each with a title and a line of detail, the chosen one
 * outlined in the brand colour. One Tab stop, as any radio group (WAI-ARIA APG): Tab reaches the
 * chosen card (or the first that can be chosen), the arrow keys move and choose inside (Mantine's
 * Radio.Card, among the cards of the group's name: a card that cannot be chosen has another name,
 * so the arrows pass over it), Space chooses.
 */
export function ChoiceCards({
  label,
  description,
  value,
  onChange,
  options,
  error,
  wide = false,
}: ChoiceCardsProps) {
  const name = useId();
  const choosable = options.filter((option) => !option.disabled);
  const tabStop = choosable.some((option) => option.value === value) ? value : choosable[0]?.value;
  return (
    <Radio.Group
      name={name}
      label={label}
      description={description}
      value={value}
      onChange={onChange}
      error={error}
    >
      <div className={wide ? `${classes.grid} ${classes.wide}` : classes.grid}>
        {options.map((option) => (
          <Radio.Card
            key={option.value}
            value={option.value}
            className={classes.card}
            disabled={option.disabled}
            name={option.disabled ? `${name}-closed` : name}
            tabIndex={option.value === tabStop ? 0 : -1}
            aria-label={option.detail ? `${option.title}, ${option.detail}` : option.title}
          >
            <span className={classes.title}>{option.title}</span>
            {option.detail ? <span className={classes.detail}>{option.detail}</span> : null}
          </Radio.Card>
        ))}
      </div>
    </Radio.Group>
  );
}
