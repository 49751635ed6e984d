import '../../../styles/mantine-forms.css';
import '@mantine/core/styles/RadioCard.layer.css';
import { Radio } from '@mantine/core';

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
 * A labelled radio group shown as cards (role="radio" buttons: Tab to each, Space to choose),
 * each with a title and a line of detail, the chosen one outlined in the brand colour.
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
  return (
    <Radio.Group
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
