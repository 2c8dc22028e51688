import { useId, type ChangeEvent } from 'react';
import { Switch, Text } from '@mantine/core';

export interface HintedSwitchProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
}

/** A switch named by its label alone, with its explanation read as its description. */
export function HintedSwitch({ label, hint, checked, onChange, testId }: HintedSwitchProps) {
  const hintId = useId();
  return (
    <div>
      <Switch size="md" label={label} checked={checked} onChange={onChange} aria-describedby={hintId} data-testid={testId} />
      <Text id={hintId} size="sm" c="dark.5" mt={4}>
        {hint}
      </Text>
    </div>
  );
}
