import '../../styles/mantine-forms.css';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

import { fromDayMonthYear, toDayMonthYear } from '../../lib/calendar-date';

type DayMonthYearInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** A calendar date (YYYY-MM-DD), or the text typed so far when it is not one yet. */
  value?: string;
  /** A calendar date (YYYY-MM-DD) once the text is one; until then, the text as typed. */
  onChange: (value: string) => void;
};

/**
 * A date typed and shown day/month/year, as in Australia. A native date input shows the
 * browser's own order (mm/dd/yyyy on an en-US browser), whatever the page's language; this
 * field always reads 24/12/2026, and hands the form the calendar date it means.
 */
export function DayMonthYearInput({ value = '', onChange, ...props }: DayMonthYearInputProps) {
  const [text, setText] = useState(() => toDayMonthYear(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reset, the saved dog arriving) replaces the text.
  if (value !== seen) {
    setSeen(value);
    if (value !== (fromDayMonthYear(text) ?? text)) setText(toDayMonthYear(value));
  }
  return (
    <TextInput
      placeholder="DD/MM/YYYY"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const date = fromDayMonthYear(typed) ?? typed;
        setText(typed);
        setSeen(date);
        onChange(date);
      }}
    />
  );
}
