import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in Italian. */
export const it: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Menu di amministrazione',
    contents: 'Contenuti',
    extracurricular: {
      title: 'Le attività extracurricolari non sono ancora disponibili',
      body: 'Questa versione di Patio non gestisce ancora le attività extracurricolari: né l’offerta, né le iscrizioni, né gli orari o i posti. Quando arriveranno, le amministrerai da qui.',
    },
    test: {
      intro: 'Schermate di prova per verificare come appaiono e si comportano alcuni componenti di Patio con i dati di questa scuola.',
      calendar: 'Il calendario con gli eventi della scuola.',
      popups: 'Finestre popup e avvisi.',
      datepicker: 'Selettori di data e ora.',
    },
  },
};
