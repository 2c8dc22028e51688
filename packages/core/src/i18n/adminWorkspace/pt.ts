import type { AdminWorkspaceDictionary } from './es';

/** Texts of the admin tab's own screens in Portuguese. */
export const pt: AdminWorkspaceDictionary = {
  adminWorkspace: {
    menu: 'Menu de administração',
    contents: 'Conteúdos',
    test: {
      intro: 'Telas de teste para verificar a aparência e o comportamento de alguns componentes do Patio com os dados desta escola.',
      calendar: 'O calendário com os eventos da escola.',
      popups: 'Janelas pop-up e avisos.',
      datepicker: 'Seletores de data e hora.',
    },
  },
};
