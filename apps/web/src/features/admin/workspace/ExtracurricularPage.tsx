import { useTranslation } from 'react-i18next';
import { IconClockHour4 } from '@tabler/icons-react';
import { PageShell } from '../../../ui/PageShell';
import { StatusMessage } from '../../../ui/StatusMessage';
import { withAdminWorkspaceTerms } from './withAdminWorkspaceTerms';

/** Administración › Extraescolares: says plainly that this version has no extracurricular activities yet. */
function Extracurricular() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('screens.extracurricular')}>
      <StatusMessage icon={<IconClockHour4 size={36} />} title={t('adminWorkspace.extracurricular.title')} body={t('adminWorkspace.extracurricular.body')} />
    </PageShell>
  );
}

export const ExtracurricularPage = withAdminWorkspaceTerms(Extracurricular);
