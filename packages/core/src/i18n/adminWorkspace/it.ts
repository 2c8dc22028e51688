import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in Italian. */
export const it: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Menu di amministrazione',
    contents: 'Contenuti',
    test: {
      intro: 'Schermate di prova per verificare come appaiono e si comportano alcuni componenti di Patio con i dati di questa scuola.',
      calendar: 'Il calendario con gli eventi della scuola.',
      popups: 'Finestre popup e avvisi.',
      datepicker: 'Selettori di data e ora.',
    },
  },
};
