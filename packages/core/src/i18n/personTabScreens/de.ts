import type { PersonTabDictionary } from './es';

/** Texts of a person's tab in the staff workspace, in German. */
export const de: PersonTabDictionary = {
  personTab: {
    menu: {
      label: 'Bereiche der Person',
      dashboard: 'Dashboard',
      announcements: 'Mitteilungen',
      highlights: 'Pinnwand',
      calendar: 'Kalender',
      mail: 'Nachrichten',
      profile: 'Persönliche Daten',
    },
    facts: {
      label: 'Wichtige Angaben',
      empty: 'Du hast keinen Zugriff auf weitere Angaben zu dieser Person.',
      attendance: {
        title: 'Anwesenheit',
        rate: '{{rate}} Anwesenheit',
        noRate: 'Keine Anwesenheitseinträge im Zeitraum',
        period: 'Vom {{from}} bis {{to}}',
        present: 'Anwesend',
        absent: 'Abwesend',
        late: 'Verspätet',
        excused: 'Entschuldigt',
      },
      balance: {
        title: 'Saldo',
        balance: 'Saldo',
        overdue: 'Überfällig',
        pending: 'Noch nicht fällig',
        overdueCount_one: '{{count}} überfällige Forderung',
        overdueCount_other: '{{count}} überfällige Forderungen',
        open: 'Zahlungen ansehen',
      },
      transport: {
        title: 'Schülerbeförderung',
        none: 'Fährt auf keiner Buslinie.',
        rider: 'Fahrgast',
        crew: 'Besatzung',
        stop: 'Haltestelle: {{stop}}',
      },
      groups: {
        title: 'Gruppen',
        none: 'In keiner Gruppe, die du sehen kannst.',
      },
      threads: {
        title: 'Neueste Nachrichten',
        none: 'Du hast keine Unterhaltungen mit dieser Person.',
        unread: 'Ungelesen',
      },
    },
    posts: {
      listAnnouncements: 'Mitteilungen an {{name}}',
      listHighlights: 'Pinnwand von {{name}}',
      emptyAnnouncements: 'Es gibt keine Mitteilungen an diese Person, die du sehen kannst.',
      emptyHighlights: 'Auf der Pinnwand dieser Person gibt es keine Beiträge, die du sehen kannst.',
      count_one: '{{count}} Beitrag',
      count_other: '{{count}} Beiträge',
      by: 'Von {{name}}',
      read: 'Gelesen',
      unread: 'Nicht gelesen',
      more: 'Mehr anzeigen',
    },
    mail: {
      list: 'Unterhaltungen mit {{name}}',
      write: 'Schreiben',
      empty: 'Du hast noch keine Unterhaltungen mit dieser Person.',
      unread: 'Ungelesen',
    },
    calendar: {
      list: 'Termine im {{month}}',
      previous: 'Vorheriger Monat',
      next: 'Nächster Monat',
      empty: 'Keine Termine in diesem Monat.',
      allDay: 'Ganztägig',
      unavailable: 'Der Kalender dieser Person ist noch nicht verfügbar.',
    },
  },
};
