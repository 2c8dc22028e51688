import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface PeopleSearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onSearch: (text: string) => void;
}

/** The search box for people by name or document, as the directory, group and add-member screens use it. */
export function PeopleSearchField({ value, onSearch, label, ...rest }: PeopleSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={label ?? t('people.searchLabel')}
      placeholder={t('people.searchPlaceholder')}
      leftSection={<IconSearch size={18} aria-hidden="true" />}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...rest}
    />
  );
}
