import type { PersonTabDictionary } from './es';

/** Texts of a person's tab in the staff workspace, in Portuguese. */
export const pt: PersonTabDictionary = {
  personTab: {
    menu: {
      label: 'Seções da pessoa',
      dashboard: 'Painel',
      announcements: 'Avisos',
      highlights: 'Mural',
      calendar: 'Calendário',
      mail: 'Mensagens',
      profile: 'Dados pessoais',
    },
    facts: {
      label: 'Dados principais',
      empty: 'Você não tem acesso a mais dados desta pessoa.',
      attendance: {
        title: 'Frequência',
        rate: '{{rate}} de frequência',
        noRate: 'Sem registros de frequência no período',
        period: 'De {{from}} a {{to}}',
        present: 'Presente',
        absent: 'Ausente',
        late: 'Atrasado',
        excused: 'Justificado',
      },
      balance: {
        title: 'Saldo',
        balance: 'Saldo',
        overdue: 'Vencido',
        pending: 'A vencer',
        overdueCount_one: '{{count}} cobrança vencida',
        overdueCount_other: '{{count}} cobranças vencidas',
        open: 'Ver pagamentos',
      },
      transport: {
        title: 'Transporte',
        none: 'Não usa nenhuma rota.',
        rider: 'Passageiro',
        crew: 'Tripulação',
        stop: 'Parada: {{stop}}',
      },
      groups: {
        title: 'Grupos',
        none: 'Não está em nenhum grupo que você possa ver.',
      },
      threads: {
        title: 'Mensagens recentes',
        none: 'Você não tem conversas com esta pessoa.',
        unread: 'Não lida',
      },
    },
    posts: {
      listAnnouncements: 'Avisos dirigidos a {{name}}',
      listHighlights: 'Mural de {{name}}',
      emptyAnnouncements: 'Não há avisos dirigidos a esta pessoa que você possa ver.',
      emptyHighlights: 'Não há publicações no mural desta pessoa que você possa ver.',
      count_one: '{{count}} publicação',
      count_other: '{{count}} publicações',
      by: 'De {{name}}',
      read: 'Lido',
      unread: 'Não lido',
      more: 'Ver mais',
    },
    mail: {
      list: 'Conversas com {{name}}',
      write: 'Escrever',
      empty: 'Você ainda não tem conversas com esta pessoa.',
      unread: 'Não lida',
    },
    calendar: {
      list: 'Eventos de {{month}}',
      previous: 'Mês anterior',
      next: 'Próximo mês',
      empty: 'Nenhum evento neste mês.',
      allDay: 'O dia todo',
      unavailable: 'O calendário desta pessoa ainda não está disponível.',
    },
  },
};
