import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paper, Stack, Title } from '@mantine/core';
import { IconChevronRight, IconLayoutGrid } from '@tabler/icons-react';
import { PageShell } from '../../ui/PageShell';
import { MoreBadge } from './MoreBadge';
import { useOpenModules } from './useOpenModules';
import classes from './MorePage.module.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';

/** /more: the menu behind the fifth navigation entry. */
export function MorePage() {
  const { t } = useTranslation();
  const { sections } = useOpenModules();

  return (
    <PageShell
      title={t('more.title')}
      actions={
        // The same modules as tiles, with the tabs among them (issue 36 §3 /launcher).
        <Link to="/launcher" className={classes.launcherLink}>
          <IconLayoutGrid size={18} aria-hidden="true" />
          <span>{t('screens.launcher')}</span>
        </Link>
      }
    >
      <Stack gap="lg">
        {sections.map((section) => {
          const headingId = `more-${section.title}`.replace('.', '-');
          return (
            <nav key={section.title} aria-labelledby={headingId}>
              <Title order={2} size="h5" id={headingId} c="dark.6" mb={6} px={4}>
                {t(section.title)}
              </Title>
              <Paper withBorder radius="md" component="ul" className={classes.list}>
                {section.modules.map((module) => (
                  <li key={module.path}>
                    <Link to={module.path} className={classes.item}>
                      <module.icon size={22} stroke={1.7} aria-hidden="true" className={classes.icon} />
                      <span className={classes.label}>{t(module.label)}</span>
                      {module.badge && <MoreBadge kind={module.badge} />}
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
