import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in German. */
export const de: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Verwaltungsmenü',
    contents: 'Inhalte',
    test: {
      intro: 'Testseiten, um zu prüfen, wie einige Bausteine von Patio mit den Daten dieser Schule aussehen und sich verhalten.',
      calendar: 'Der Kalender mit den Terminen der Schule.',
      popups: 'Pop-up-Fenster und Hinweise.',
      datepicker: 'Datums- und Zeitauswahl.',
    },
  },
};
