import type { PersonTabDictionary } from './es';

/** Texts of a person's tab in the staff workspace, in Italian. */
export const it: PersonTabDictionary = {
  personTab: {
    menu: {
      label: 'Sezioni della persona',
      dashboard: 'Cruscotto',
      announcements: 'Avvisi',
      highlights: 'Bacheca',
      calendar: 'Calendario',
      mail: 'Messaggi',
      profile: 'Dati personali',
    },
    facts: {
      label: 'Dati principali',
      empty: 'Non hai accesso ad altri dati di questa persona.',
      attendance: {
        title: 'Presenze',
        rate: '{{rate}} di presenze',
        noRate: 'Nessuna rilevazione di presenza nel periodo',
        period: 'Dal {{from}} al {{to}}',
        present: 'Presente',
        absent: 'Assente',
        late: 'In ritardo',
        excused: 'Giustificato',
      },
      balance: {
        title: 'Saldo',
        balance: 'Saldo',
        overdue: 'Scaduto',
        pending: 'In scadenza',
        overdueCount_one: '{{count}} addebito scaduto',
        overdueCount_other: '{{count}} addebiti scaduti',
        open: 'Vedi pagamenti',
      },
      transport: {
        title: 'Trasporto',
        none: 'Non viaggia su nessuna linea.',
        rider: 'Passeggero',
        crew: 'Equipaggio',
        stop: 'Fermata: {{stop}}',
      },
      groups: {
        title: 'Gruppi',
        none: 'In nessun gruppo che puoi vedere.',
      },
      threads: {
        title: 'Messaggi recenti',
        none: 'Non hai conversazioni con questa persona.',
        unread: 'Non letto',
      },
    },
    posts: {
      listAnnouncements: 'Avvisi indirizzati a {{name}}',
      listHighlights: 'Bacheca di {{name}}',
      emptyAnnouncements: 'Non ci sono avvisi indirizzati a questa persona che puoi vedere.',
      emptyHighlights: 'Non ci sono post nella bacheca di questa persona che puoi vedere.',
      count_one: '{{count}} post',
      count_other: '{{count}} post',
      by: 'Di {{name}}',
      read: 'Letto',
      unread: 'Non letto',
      more: 'Mostra altro',
    },
    mail: {
      list: 'Conversazioni con {{name}}',
      write: 'Scrivi',
      empty: 'Non hai ancora conversazioni con questa persona.',
      unread: 'Non letto',
    },
    calendar: {
      list: 'Eventi di {{month}}',
      previous: 'Mese precedente',
      next: 'Mese successivo',
      empty: 'Nessun evento questo mese.',
      allDay: 'Tutto il giorno',
      unavailable: 'Il calendario di questa persona non è ancora disponibile.',
    },
  },
};
