import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in French. */
export const fr: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Menu d’administration',
    contents: 'Contenus',
    test: {
      intro: 'Écrans de test pour vérifier l’apparence et le comportement de certains composants de Patio avec les données de cet établissement.',
      calendar: 'Le calendrier avec les événements de l’établissement.',
      popups: 'Fenêtres contextuelles et avis.',
      datepicker: 'Sélecteurs de date et d’heure.',
    },
  },
};
