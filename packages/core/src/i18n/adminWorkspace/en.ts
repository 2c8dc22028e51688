import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in English. */
export const en: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Administration menu',
    contents: 'Contents',
    extracurricular: {
      title: 'Extracurricular activities are not available yet',
      body: 'This version of Patio does not manage extracurricular activities yet: not their offer, sign-ups, schedules or places. When they arrive, you will manage them from here.',
    },
    test: {
      intro: 'Test screens to check how some of Patio’s components look and behave with this school’s data.',
      calendar: 'The calendar with the school’s events.',
      popups: 'Pop-up windows and notices.',
      datepicker: 'Date and time pickers.',
    },
  },
};
