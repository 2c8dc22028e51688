import { useTranslation } from 'react-i18next';
import { Button, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { BlockType } from '@patio/core/schemas/blocks';
import { ADDABLE_TYPES, BLOCK_KINDS } from '../../blocks/registry';

export interface AddBlockMenuProps {
  onAdd: (type: BlockType) => void;
  busy: boolean;
  disabled: boolean;
}

/** "Add a block" and the block types to choose from (issue 10 §1). */
export function AddBlockMenu({ onAdd, busy, disabled }: AddBlockMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden="true" />} loading={busy} disabled={disabled}>
          {t('blocks.frame.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('blocks.frame.addMenu')}>
        {ADDABLE_TYPES.map((type) => {
          const kind = BLOCK_KINDS[type];
          const KindIcon = kind.icon;
          return (
            <Menu.Item key={type} leftSection={<KindIcon size={18} aria-hidden="true" />} onClick={() => onAdd(type)}>
              {t(kind.label)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
