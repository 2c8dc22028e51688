import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, TextInput } from '@mantine/core';
import { BLOCK_URL_MAX } from '@patio/core/schemas/blocks';
import { usePendingEdit } from './pendingEdits';
import classes from './blocks.module.css';

export interface UrlEditorProps {
  label: string;
  placeholder?: string;
  /** The block's url now ('' for none). */
  initialUrl: string;
  /** True when the typed address can be accepted. */
  isValid: (url: string) => boolean;
  /** Shown under the field while something invalid is typed. */
  warning: string;
  hint?: string;
  onAccept: (url: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * The address editor of the video, drive-document and legacy-module blocks (spec §4): Accept is
 * disabled until the address is recognised, and a warning says why while it is not.
 */
export function UrlEditor({ label, placeholder, initialUrl, isValid, warning, hint, onAccept, onCancel }: UrlEditorProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [isSaving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const typed = url.trim();
  const valid = isValid(typed);

  const accept = async (): Promise<boolean> => {
    setSaving(true);
    setFailed(false);
    try {
      await onAccept(typed);
      return true;
    } catch {
      setFailed(true);
      setSaving(false);
      return false;
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (valid) await accept();
  };

  // Issue 33 item 2: an address typed and not accepted is accepted on publish, or holds the publish
  // back with the reason; publishing never drops it silently.
  const focus = () => input.current?.focus();
  usePendingEdit(
    typed !== '' && typed !== initialUrl.trim()
      ? {
          settle: async () => {
            // Not an address it can accept, or the save failed: the field shows which, under it.
            if (!valid || !(await accept())) return { ok: false, label, focus };
            return { ok: true };
          },
        }
      : null,
  );

  return (
    <form className={classes.editor} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <TextInput
        ref={input}
        label={label}
        description={hint}
        placeholder={placeholder}
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={typed !== '' && !valid ? warning : failed ? t('blocks.frame.saveFailed') : null}
        type="url"
        classNames={{ input: classes.urlInput, error: classes.urlError }}
        maxLength={BLOCK_URL_MAX}
        inputMode="url"
        autoComplete="off"
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!valid} loading={isSaving}>
          {t('blocks.frame.accept')}
        </Button>
      </Group>
    </form>
  );
}
