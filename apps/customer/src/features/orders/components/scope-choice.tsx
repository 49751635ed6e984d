import { ChoiceCards } from './choice-cards';

export type Scope = 'this' | 'future';

/** "This box only" or "This box and all future boxes", with what the second one does. */
export function ScopeChoice({
  value,
  onChange,
  futureDetail,
}: {
  value: Scope;
  onChange: (value: Scope) => void;
  futureDetail: string;
}) {
  return (
    <ChoiceCards
      label="Which boxes"
      wide
      value={value}
      onChange={(chosen) => onChange(chosen as Scope)}
      options={[
        { value: 'this', title: 'This box only', detail: 'The others stay as they are' },
        { value: 'future', title: 'This box and all future boxes', detail: futureDetail },
      ]}
    />
  );
}
