import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in German. */
export const de: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Verwaltungsmenü',
    contents: 'Inhalte',
    extracurricular: {
      title: 'Außerschulische Aktivitäten sind noch nicht verfügbar',
      body: 'Diese Version von Patio verwaltet noch keine außerschulischen Aktivitäten: weder das Angebot noch Anmeldungen, Zeiten oder Plätze. Sobald es sie gibt, verwaltest du sie hier.',
    },
    test: {
      intro: 'Testseiten, um zu prüfen, wie einige Bausteine von Patio mit den Daten dieser Schule aussehen und sich verhalten.',
      calendar: 'Der Kalender mit den Terminen der Schule.',
      popups: 'Pop-up-Fenster und Hinweise.',
      datepicker: 'Datums- und Zeitauswahl.',
    },
  },
};
