import { useState, type ReactNode } from 'react';
import { Button, Text, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

export interface DownloadButtonProps {
  /** Fetches and saves the file; a rejection shows `failedText`. */
  download: () => Promise<void>;
  label: ReactNode;
  /** Shown on the button while the download runs (default: the label). */
  busyLabel?: ReactNode;
  failedText: ReactNode;
  icon?: ReactNode;
  /** Extra Mantine props of the button (margins, class names). */
  buttonProps?: Omit<ButtonProps, 'loading' | 'leftSection' | 'children'>;
}

/**
 * A button that downloads a file the API gives only with the bearer token (exports, templates, ICS),
 * busy while it runs and saying so, with an alert, when it failed.
 */
export function DownloadButton({ download, label, busyLabel, failedText, icon, buttonProps }: DownloadButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const handleDownload = async () => {
    setState('busy');
    try {
      await download();
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div>
      <Button variant="light" leftSection={icon ?? <IconDownload size={18} aria-hidden="true" />} loading={state === 'busy'} onClick={() => void handleDownload()} {...buttonProps}>
        {state === 'busy' && busyLabel !== undefined ? busyLabel : label}
      </Button>
      {state === 'failed' && (
        <Text role="alert" c="red.9" size="sm" mt={4}>
          {failedText}
        </Text>
      )}
    </div>
  );
}
