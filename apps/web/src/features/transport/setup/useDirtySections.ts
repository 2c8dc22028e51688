import { useCallback, useMemo, useState } from 'react';

export type SetupSection = 'crew' | 'stops' | 'riders';

/** Which sections of the setup screen hold changes their Save has not sent, reported by each section. */
export function useDirtySections() {
  const [dirty, setDirty] = useState<Record<SetupSection, boolean>>({ crew: false, stops: false, riders: false });
  const report = useCallback((section: SetupSection, value: boolean) => setDirty((current) => (current[section] === value ? current : { ...current, [section]: value })), []);
  const reporters = useMemo(
    () => ({ crew: (value: boolean) => report('crew', value), stops: (value: boolean) => report('stops', value), riders: (value: boolean) => report('riders', value) }),
    [report],
  );
  const sections = (Object.keys(dirty) as SetupSection[]).filter((section) => dirty[section]);
  return { dirty, sections, reporters };
}
