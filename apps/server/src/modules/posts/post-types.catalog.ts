import type { Language, PostTypeKey } from '@patio/core';

// The 18 kinds of post of spec §3 as every school starts with them: names in the six languages, an
// icon of the web's icon set (Tabler) and a colour. Administrators rename, recolour and hide them.

type Names = Record<Language, { singular: string; plural: string }>;

export interface PostTypeDefault {
  key: PostTypeKey;
  icon: string;
  color: string;
  names: Names;
}

const n = (es: [string, string], en: [string, string], de: [string, string], fr: [string, string], it: [string, string], pt: [string, string]): Names => {
  const pair = ([singular, plural]: [string, string]) => ({ singular, plural });
  return { es: pair(es), en: pair(en), de: pair(de), fr: pair(fr), it: pair(it), pt: pair(pt) };
};

/** In the order lists offer them (position). */
export const postTypeDefaults: readonly PostTypeDefault[] = [
  { key: 'absence', icon: 'user-off', color: '#868E96', names: n(['Ausencia', 'Ausencias'], ['Absence', 'Absences'], ['Abwesenheit', 'Abwesenheiten'], ['Absence', 'Absences'], ['Assenza', 'Assenze'], ['Ausência', 'Ausências']) },
  { key: 'urgent_notice', icon: 'alert-triangle', color: '#E03131', names: n(['Aviso urgente', 'Avisos urgentes'], ['Urgent notice', 'Urgent notices'], ['Dringende Mitteilung', 'Dringende Mitteilungen'], ['Avis urgent', 'Avis urgents'], ['Avviso urgente', 'Avvisi urgenti'], ['Aviso urgente', 'Avisos urgentes']) },
  { key: 'bulletin', icon: 'clipboard-text', color: '#1971C2', names: n(['Boletín', 'Boletines'], ['Bulletin', 'Bulletins'], ['Mitteilungsblatt', 'Mitteilungsblätter'], ['Bulletin', 'Bulletins'], ['Bollettino', 'Bollettini'], ['Boletim', 'Boletins']) },
  { key: 'circular', icon: 'file-description', color: '#1C89B8', names: n(['Circular', 'Circulares'], ['Circular', 'Circulars'], ['Rundschreiben', 'Rundschreiben'], ['Circulaire', 'Circulaires'], ['Circolare', 'Circolari'], ['Circular', 'Circulares']) },
  { key: 'classified', icon: 'tag', color: '#F08C00', names: n(['Clasificado', 'Clasificados'], ['Classified ad', 'Classified ads'], ['Kleinanzeige', 'Kleinanzeigen'], ['Petite annonce', 'Petites annonces'], ['Annuncio economico', 'Annunci economici'], ['Classificado', 'Classificados']) },
  { key: 'payment', icon: 'cash', color: '#2F9E44', names: n(['Pago', 'Pagos'], ['Payment', 'Payments'], ['Zahlung', 'Zahlungen'], ['Paiement', 'Paiements'], ['Pagamento', 'Pagamenti'], ['Pagamento', 'Pagamentos']) },
  { key: 'announcement', icon: 'speakerphone', color: '#7048E8', names: n(['Anuncio', 'Anuncios'], ['Announcement', 'Announcements'], ['Ankündigung', 'Ankündigungen'], ['Annonce', 'Annonces'], ['Comunicazione', 'Comunicazioni'], ['Anúncio', 'Anúncios']) },
  { key: 'document', icon: 'file', color: '#495057', names: n(['Documento', 'Documentos'], ['Document', 'Documents'], ['Dokument', 'Dokumente'], ['Document', 'Documents'], ['Documento', 'Documenti'], ['Documento', 'Documentos']) },
  { key: 'poll', icon: 'chart-bar', color: '#0C8599', names: n(['Encuesta', 'Encuestas'], ['Poll', 'Polls'], ['Umfrage', 'Umfragen'], ['Sondage', 'Sondages'], ['Sondaggio', 'Sondaggi'], ['Enquete', 'Enquetes']) },
  { key: 'event', icon: 'calendar-event', color: '#D6336C', names: n(['Evento', 'Eventos'], ['Event', 'Events'], ['Veranstaltung', 'Veranstaltungen'], ['Événement', 'Événements'], ['Evento', 'Eventi'], ['Evento', 'Eventos']) },
  { key: 'message', icon: 'message', color: '#228BE6', names: n(['Mensaje', 'Mensajes'], ['Message', 'Messages'], ['Nachricht', 'Nachrichten'], ['Message', 'Messages'], ['Messaggio', 'Messaggi'], ['Mensagem', 'Mensagens']) },
  { key: 'news', icon: 'news', color: '#5C7CFA', names: n(['Noticia', 'Noticias'], ['News item', 'News'], ['Neuigkeit', 'Neuigkeiten'], ['Actualité', 'Actualités'], ['Notizia', 'Notizie'], ['Notícia', 'Notícias']) },
  { key: 'notification', icon: 'bell', color: '#FAB005', names: n(['Notificación', 'Notificaciones'], ['Notification', 'Notifications'], ['Benachrichtigung', 'Benachrichtigungen'], ['Notification', 'Notifications'], ['Notifica', 'Notifiche'], ['Notificação', 'Notificações']) },
  { key: 'transport_news', icon: 'bus', color: '#E8590C', names: n(['Novedad de transporte', 'Novedades de transporte'], ['Transport update', 'Transport updates'], ['Transportmeldung', 'Transportmeldungen'], ['Info transport', 'Infos transport'], ['Avviso sul trasporto', 'Avvisi sul trasporto'], ['Novidade do transporte', 'Novidades do transporte']) },
  { key: 'process', icon: 'progress-check', color: '#6741D9', names: n(['Trámite', 'Trámites'], ['Procedure', 'Procedures'], ['Formalität', 'Formalitäten'], ['Démarche', 'Démarches'], ['Pratica', 'Pratiche'], ['Trâmite', 'Trâmites']) },
  { key: 'meeting', icon: 'users-group', color: '#099268', names: n(['Reunión', 'Reuniones'], ['Meeting', 'Meetings'], ['Besprechung', 'Besprechungen'], ['Réunion', 'Réunions'], ['Riunione', 'Riunioni'], ['Reunião', 'Reuniões']) },
  { key: 'follow_up', icon: 'eye-check', color: '#A61E4D', names: n(['Seguimiento', 'Seguimientos'], ['Follow-up', 'Follow-ups'], ['Nachverfolgung', 'Nachverfolgungen'], ['Suivi', 'Suivis'], ['Monitoraggio', 'Monitoraggi'], ['Acompanhamento', 'Acompanhamentos']) },
  { key: 'task', icon: 'checkbox', color: '#37B24D', names: n(['Tarea', 'Tareas'], ['Task', 'Tasks'], ['Aufgabe', 'Aufgaben'], ['Tâche', 'Tâches'], ['Compito', 'Compiti'], ['Tarefa', 'Tarefas']) },
];
