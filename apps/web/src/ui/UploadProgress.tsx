import { Button, Group, Progress, Text } from '@mantine/core';

export interface UploadProgressProps {
  /** Bytes sent so far and in all. */
  loaded: number;
  total: number;
  /** What is being sent, e.g. "Subiendo 3 archivos"; also the bar's accessible name. */
  label: string;
  /** Sizes as the reader reads them (the core byte formatter in their language). */
  formatSize: (bytes: number) => string;
  cancelLabel?: string;
  onCancel?: () => void;
}

/** DESIGN: long work shows progress. A bar with the percentage and the bytes sent, and a way to stop. */
export function UploadProgress({ loaded, total, label, formatSize, cancelLabel, onCancel }: UploadProgressProps) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  return (
    <div role="group" aria-label={label}>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {label}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {percent} % · {formatSize(loaded)} / {formatSize(total)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Progress value={percent} aria-label={label} style={{ flex: 1 }} size="lg" animated={percent < 100} />
        {onCancel && cancelLabel && (
          <Button size="xs" variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </Group>
    </div>
  );
}
