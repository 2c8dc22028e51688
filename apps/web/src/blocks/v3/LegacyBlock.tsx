import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader } from '@mantine/core';
import { Notice } from '../../ui/Notice';
import type { BlockViewProps } from '../types';
import { UrlEditor } from '../UrlEditor';
import { APP_ROUTE_ATTRIBUTE, DEBIT_ROUTE } from './legacyHtml';
import { isLegacyModuleUrl } from './legacyUrl';
import { useLegacyModule } from './useLegacyModule';
import classes from './legacy.module.css';

/**
 * The legacy module block (v3, spec §7 and §8): the module's page from the school's legacy host,
 * sanitised; its two exception texts when it answers one of them; its payment links open the app's
 * billing-debit screen.
 */
export function LegacyBlock({ block, mode, onChange, onRemove, onClose }: BlockViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const legacy = useLegacyModule(mode === 'read' ? block.url : null);

  if (mode === 'edit') {
    return (
      <UrlEditor
        label={t('blocks.v3.url')}
        placeholder="modulos/…"
        initialUrl={block.url ?? ''}
        isValid={isLegacyModuleUrl}
        warning={t('blocks.v3.invalid')}
        onAccept={async (url) => {
          await onChange({ url });
          onClose?.();
        }}
        onCancel={() => (block.url ? onClose?.() : onRemove())}
      />
    );
  }
  if (!block.url) return null;

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.(`a[${APP_ROUTE_ATTRIBUTE}]`);
    const href = link?.getAttribute('href') ?? '';
    if (!link || !DEBIT_ROUTE.test(href) || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };

  if (legacy.isPending) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  if (legacy.isError) {
    return (
      <Notice tone="error">
        <Group justify="space-between" gap="xs">
          <span>{t('blocks.v3.failed')}</span>
          <Button size="xs" variant="default" onClick={() => void legacy.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Notice>
    );
  }
  if (legacy.data.kind === 'notFound') return <Notice tone="error">{t('blocks.v3.notFound')}</Notice>;
  if (legacy.data.kind === 'forbidden') return <Notice tone="error">{t('blocks.v3.forbidden')}</Notice>;
  // Links were made safe by prepareLegacyHtml; a click (or Enter on a link) follows only the debit route in the app.
  return <div className={classes.module} onClick={handleClick} dangerouslySetInnerHTML={{ __html: legacy.data.html }} />;
}
