import type { DictionaryShape } from '../es';

/**
 * Texts of a person's tab in the staff workspace (issue 36 §1: the menu, the key facts, the posts
 * addressed to them, their calendar and the messages with them), in Colombian Spanish (the reference).
 * They travel in their own chunk (loadPersonTabTerms) so the first screen does not carry them.
 * Every other language has each key (personTabScreens.test.ts).
 */
export const es = {
  personTab: {
    menu: {
      label: 'Secciones de la persona',
      dashboard: 'Dashboard',
      announcements: 'Anuncios',
      highlights: 'Cartelera',
      calendar: 'Calendario',
      mail: 'Mensajería',
      profile: 'Datos personales',
    },
    facts: {
      label: 'Datos clave',
      empty: 'No tienes acceso a más datos de esta persona.',
      attendance: {
        title: 'Asistencia',
        rate: '{{rate}} de asistencia',
        noRate: 'Sin registros de asistencia en el periodo',
        period: 'Del {{from}} al {{to}}',
        present: 'Presente',
        absent: 'Ausente',
        late: 'Tarde',
        excused: 'Excusado',
      },
      balance: {
        title: 'Saldo',
        balance: 'Saldo',
        overdue: 'Vencido',
        pending: 'Por vencer',
        overdueCount_one: '{{count}} cobro vencido',
        overdueCount_other: '{{count}} cobros vencidos',
        open: 'Ver pagos',
      },
      transport: {
        title: 'Transporte',
        none: 'No va en ninguna ruta.',
        rider: 'Pasajero',
        crew: 'Tripulación',
        stop: 'Parada: {{stop}}',
      },
      groups: {
        title: 'Grupos',
        none: 'No está en ningún grupo que puedas ver.',
      },
      threads: {
        title: 'Mensajes recientes',
        none: 'No tienes conversaciones con esta persona.',
        unread: 'Sin leer',
      },
    },
    posts: {
      listAnnouncements: 'Anuncios dirigidos a {{name}}',
      listHighlights: 'Cartelera de {{name}}',
      emptyAnnouncements: 'No hay anuncios dirigidos a esta persona que puedas ver.',
      emptyHighlights: 'No hay publicaciones en la cartelera de esta persona que puedas ver.',
      count_one: '{{count}} publicación',
      count_other: '{{count}} publicaciones',
      by: 'De {{name}}',
      read: 'Leído',
      unread: 'No leído',
      more: 'Ver más',
    },
    mail: {
      list: 'Conversaciones con {{name}}',
      write: 'Escribir',
      empty: 'Aún no tienes conversaciones con esta persona.',
      unread: 'Sin leer',
    },
    calendar: {
      list: 'Eventos de {{month}}',
      previous: 'Mes anterior',
      next: 'Mes siguiente',
      empty: 'No hay eventos este mes.',
      allDay: 'Todo el día',
      unavailable: 'El calendario de esta persona aún no está disponible.',
    },
  },
};

export type PersonTabDictionary = DictionaryShape<typeof es>;
