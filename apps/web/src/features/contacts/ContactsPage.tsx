import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '@mantine/core';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { PageShell } from '../../ui/PageShell';
import '../../ui/mantineStyles';
import { useNodeOptions } from '../nodes';
import { PeopleDirectory } from '../people';
import { ContactsView } from './ContactsView';

type View = 'contacts' | 'directory';

/** The directory with the school's groups to filter by (the tree is read only when the directory shows). */
function SchoolDirectory() {
  return <PeopleDirectory nodeOptions={useNodeOptions()} />;
}

/** /people, the Contacts tab: the people one may message, and the school directory beside them. */
export const ContactsPage = withDirectoryTerms(function ContactsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // GET people is for staff (POST allowed answers from the same policy); others see their contacts only.
  const mayBrowse = useAllowedPaths(['people'])?.people === true;
  const view: View = mayBrowse && params.get('tab') === 'directory' ? 'directory' : 'contacts';

  return (
    <PageShell title={t('nav.contacts')}>
      {mayBrowse && (
        <SegmentedControl
          value={view}
          onChange={(value) => setParams(value === 'directory' ? { tab: 'directory' } : {}, { replace: true })}
          data={[
            { value: 'contacts', label: t('contacts.tab') },
            { value: 'directory', label: t('people.directory') },
          ]}
          fullWidth
          size="md"
          mb="md"
          aria-label={t('people.views')}
        />
      )}
      {view === 'contacts' ? <ContactsView /> : <SchoolDirectory />}
    </PageShell>
  );
});
