import type { PersonTabDictionary } from './es';

/** Texts of a person's tab in the staff workspace, in English. */
export const en: PersonTabDictionary = {
  personTab: {
    menu: {
      label: 'Sections of the person',
      dashboard: 'Dashboard',
      announcements: 'Announcements',
      highlights: 'Highlights',
      calendar: 'Calendar',
      mail: 'Messages',
      profile: 'Personal details',
    },
    facts: {
      label: 'Key facts',
      empty: 'You have no access to more facts about this person.',
      attendance: {
        title: 'Attendance',
        rate: '{{rate}} attendance',
        noRate: 'No attendance marks in the period',
        period: 'From {{from}} to {{to}}',
        present: 'Present',
        absent: 'Absent',
        late: 'Late',
        excused: 'Excused',
      },
      balance: {
        title: 'Balance',
        balance: 'Balance',
        overdue: 'Overdue',
        pending: 'Not yet due',
        overdueCount_one: '{{count}} overdue charge',
        overdueCount_other: '{{count}} overdue charges',
        open: 'See payments',
      },
      transport: {
        title: 'Transport',
        none: 'Not on any bus route.',
        rider: 'Rider',
        crew: 'Crew',
        stop: 'Stop: {{stop}}',
      },
      groups: {
        title: 'Groups',
        none: 'Not in any group you can see.',
      },
      threads: {
        title: 'Recent messages',
        none: 'You have no conversations with this person.',
        unread: 'Unread',
      },
    },
    posts: {
      listAnnouncements: 'Announcements addressed to {{name}}',
      listHighlights: 'Highlights of {{name}}',
      emptyAnnouncements: 'There are no announcements addressed to this person that you can see.',
      emptyHighlights: 'There are no posts on this person’s highlights that you can see.',
      count_one: '{{count}} post',
      count_other: '{{count}} posts',
      by: 'By {{name}}',
      read: 'Read',
      unread: 'Not read',
      more: 'Show more',
    },
    mail: {
      list: 'Conversations with {{name}}',
      write: 'Write',
      empty: 'You have no conversations with this person yet.',
      unread: 'Unread',
    },
    calendar: {
      list: 'Events of {{month}}',
      previous: 'Previous month',
      next: 'Next month',
      empty: 'No events this month.',
      allDay: 'All day',
      unavailable: 'This person’s calendar is not available yet.',
    },
  },
};
