import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '@mantine/core';
import { PageShell } from '../../ui/PageShell';
import { ContactsView } from '../contacts/ContactsView';
import { useAllowedPaths } from '../more/useAllowedPaths';
import { PeopleDirectory } from './PeopleDirectory';
import './mantineStyles';
import { withDirectoryTerms } from './withDirectoryTerms';

type View = 'contacts' | 'directory';

/** /people, the Contacts tab: the people one may message, and the school directory beside them. */
export const PeoplePage = withDirectoryTerms(function PeoplePage() {
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
      {view === 'contacts' ? <ContactsView /> : <PeopleDirectory />}
    </PageShell>
  );
});
