import type { PersonTabDictionary } from './es';

/** Texts of a person's tab in the staff workspace, in French. */
export const fr: PersonTabDictionary = {
  personTab: {
    menu: {
      label: 'Rubriques de la personne',
      dashboard: 'Tableau de bord',
      announcements: 'Annonces',
      highlights: 'Tableau d’affichage',
      calendar: 'Calendrier',
      mail: 'Messagerie',
      profile: 'Données personnelles',
    },
    facts: {
      label: 'Informations clés',
      empty: 'Vous n’avez accès à aucune autre information sur cette personne.',
      attendance: {
        title: 'Présence',
        rate: '{{rate}} de présence',
        noRate: 'Aucun relevé de présence sur la période',
        period: 'Du {{from}} au {{to}}',
        present: 'Présent',
        absent: 'Absent',
        late: 'En retard',
        excused: 'Excusé',
      },
      balance: {
        title: 'Solde',
        balance: 'Solde',
        overdue: 'En retard de paiement',
        pending: 'À échoir',
        overdueCount_one: '{{count}} facture échue',
        overdueCount_other: '{{count}} factures échues',
        open: 'Voir les paiements',
      },
      transport: {
        title: 'Transport scolaire',
        none: 'N’emprunte aucune ligne.',
        rider: 'Passager',
        crew: 'Équipage',
        stop: 'Arrêt : {{stop}}',
      },
      groups: {
        title: 'Groupes',
        none: 'Dans aucun groupe que vous pouvez voir.',
      },
      threads: {
        title: 'Messages récents',
        none: 'Vous n’avez aucune conversation avec cette personne.',
        unread: 'Non lu',
      },
    },
    posts: {
      listAnnouncements: 'Annonces adressées à {{name}}',
      listHighlights: 'Tableau d’affichage de {{name}}',
      emptyAnnouncements: 'Aucune annonce adressée à cette personne que vous pouvez voir.',
      emptyHighlights: 'Aucune publication sur le tableau d’affichage de cette personne que vous pouvez voir.',
      count_one: '{{count}} publication',
      count_other: '{{count}} publications',
      by: 'De {{name}}',
      read: 'Lu',
      unread: 'Non lu',
      more: 'Voir plus',
    },
    mail: {
      list: 'Conversations avec {{name}}',
      write: 'Écrire',
      empty: 'Vous n’avez encore aucune conversation avec cette personne.',
      unread: 'Non lu',
    },
    calendar: {
      list: 'Événements de {{month}}',
      previous: 'Mois précédent',
      next: 'Mois suivant',
      empty: 'Aucun événement ce mois-ci.',
      allDay: 'Toute la journée',
      unavailable: 'Le calendrier de cette personne n’est pas encore disponible.',
    },
  },
};
