import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in English. */
export const en: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Administration menu',
    contents: 'Contents',
    test: {
      intro: 'Test screens to check how some of Patio’s components look and behave with this school’s data.',
      calendar: 'The calendar with the school’s events.',
      popups: 'Pop-up windows and notices.',
      datepicker: 'Date and time pickers.',
    },
  },
};
