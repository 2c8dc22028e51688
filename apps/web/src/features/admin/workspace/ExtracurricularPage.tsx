import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../ui/PageShell';
import { ActivitiesAdmin, withActivityTerms } from '../../activities';

/**
 * Administración › Extraescolares (issue 37 §2): the term's activities with their places and waiting
 * lists, the form to create or edit one, and each one's requests and roster.
 */
function Extracurricular() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('screens.extracurricular')}>
      <ActivitiesAdmin />
    </PageShell>
  );
}

export const ExtracurricularPage = withActivityTerms(Extracurricular);
