import type { DictionaryShape } from '../es';

/**
 * Texts of the admin tab's own screens (issue 36 §1: its menu, Extraescolares, Contenidos › Test), in
 * Colombian Spanish (the reference). Kept apart from the main dictionary: the screens load them with their own chunk
 * (loadAdminWorkspaceTerms); the tab's title and the menu's screen names are in the main dictionary.
 */
export const es = {
  adminWorkspace: {
    menu: 'Menú de administración',
    contents: 'Contenidos',
    test: {
      intro: 'Pantallas de prueba para revisar cómo se ven y se comportan algunos componentes de Patio con los datos de este colegio.',
      calendar: 'El calendario con los eventos del colegio.',
      popups: 'Ventanas emergentes y avisos.',
      datepicker: 'Selectores de fecha y hora.',
    },
  },
} as const;

/** Shape every language of these texts follows. */
export type AdminWorkspaceDictionary = DictionaryShape<typeof es>;
