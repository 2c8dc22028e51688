import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useSessionState } from '../../app/services';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import { PageShell } from '../../ui/PageShell';
import { MoreBadge } from './MoreBadge';
import { moreSections, type MoreEntry } from './moreMenu';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useTransportAccess } from '../transport';
import { teachingGroupsOf } from '../attendance';
import classes from './MorePage.module.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';

/** /more: the menu behind the fifth navigation entry. */
export function MorePage() {
  const { t } = useTranslation();
  const uid = useSessionState((s) => s.user?.id ?? null);
  // The signed-in user is their own GET people/{uid}, which lists their relatives.
  const hasChildren = useSessionState((s) => hasChildrenAmong(s.user?.relatives));
  const pathOf = (entry: MoreEntry) => entry.path.replace('{uid}', String(uid ?? ''));
  const allowedPathOf = (entry: MoreEntry) => entry.allowedPath ?? pathOf(entry);
  const checked = moreSections.flatMap((s) => s.entries.filter((e) => e.checkAccess).map(allowedPathOf));
  const allowed = useAllowedPaths(checked);
  const transport = useTransportAccess();
  const isTeacher = useSessionState((s) => teachingGroupsOf(s.user).length > 0);
  // Staff-only entries appear once the server says they may be opened.
  const isVisible = (entry: MoreEntry) =>
    (!entry.checkAccess || allowed?.[allowedPathOf(entry)] === true || (entry.alsoForTeachers === true && isTeacher)) && (!entry.needsChildren || hasChildren) && (entry.needsTransport !== 'routes' || transport.seesRoutes) && (entry.needsTransport !== 'crew' || transport.isCrew) && (!entry.path.includes('{uid}') || uid !== null);

  return (
    <PageShell title={t('more.title')}>
      <Stack gap="lg">
        {moreSections.map((section) => {
          const entries = section.entries.filter(isVisible);
          if (entries.length === 0) return null;
          const headingId = `more-${section.title}`.replace('.', '-');
          return (
            <nav key={section.title} aria-labelledby={headingId}>
              <Title order={2} size="h5" id={headingId} c="dark.6" mb={6} px={4}>
                {t(section.title)}
              </Title>
              <Paper withBorder radius="md" component="ul" className={classes.list}>
                {entries.map((entry) => (
                  <li key={entry.path}>
                    <Link to={pathOf(entry)} className={classes.item}>
                      <entry.icon size={22} stroke={1.7} aria-hidden="true" className={classes.icon} />
                      <span className={classes.label}>{t(entry.label ?? `screens.${entry.screen}`)}</span>
                      {entry.badge && <MoreBadge kind={entry.badge} />}
                      <IconChevronRight size={18} aria-hidden="true" className={classes.chevron} />
                    </Link>
                  </li>
                ))}
              </Paper>
            </nav>
          );
        })}
      </Stack>
    </PageShell>
  );
}
