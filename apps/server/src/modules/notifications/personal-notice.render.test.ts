import { personalNoticeTexts } from '@patio/core/i18n/notices';
import { describe, expect, it } from 'vitest';
import type { NoticeContent } from './personal-notice';
import { noticeMailOf, noticePushOf, noticeSmsOf, noticeTextOf } from './personal-notice.render';

const links = { base: 'https://patio.example' };
const approaching: NoticeContent = {
  kind: 'bus_approaching',
  values: { route: 'Ruta <1> & co', stop: 'Parque "Central"', minutes: 6.4, meters: 1234 },
  path: '/transport/routes/4/map',
  data: { routeId: 4, runId: 9, stopId: 12 },
};
const delayed: NoticeContent = { ...approaching, kind: 'bus_delayed', values: { route: 'Ruta 1', stop: null, minutes: 15, meters: null } };

describe('personal notices', () => {
  it('read whole in each of the six languages, numbers written the local way', () => {
    for (const language of Object.keys(personalNoticeTexts)) {
      for (const notice of [approaching, delayed, { ...approaching, values: { ...approaching.values, minutes: 0.5, meters: 80 } }]) {
        const { title, body } = noticeTextOf(notice, language);
        expect(`${title} ${body}`, language).not.toMatch(/[{}]/);
      }
    }
    expect(noticeTextOf(approaching, 'en').body).toBe('It should reach Parque "Central" in about 6 min (1.2 km away).');
    expect(noticeTextOf(approaching, 'es-CO').body).toBe('Llegará a Parque "Central" en unos 6 min (a 1,2 km).');
    expect(noticeTextOf({ ...approaching, values: { ...approaching.values, minutes: 0.5, meters: 84 } }, 'de').body).toBe('Er erreicht gleich Parque "Central" (noch 80 m).');
    // French keeps a number and its unit together with a no-break space (which one depends on ICU).
    const french = noticeTextOf(delayed, 'fr');
    expect(french.title).toBe('Ruta 1 : le bus a du retard');
    expect(french.body.replace(/\s/g, ' ')).toBe('Il a environ 15 min de retard.');
  });

  it('carry their page: a push opens it, an email links to it with names escaped, an SMS fits', () => {
    expect(noticePushOf(approaching, 'Colegio', 'en')).toEqual({
      title: 'Ruta <1> & co: the bus is approaching',
      body: expect.stringContaining('Parque'),
      payload: JSON.stringify({ type: 'bus_approaching', school: 'Colegio', routeId: 4, runId: 9, stopId: 12 }),
      url: '/transport/routes/4/map',
    });
    const mail = noticeMailOf(approaching, 'Colegio', 'en', links);
    expect(mail.subject).toBe('Colegio: Ruta <1> & co: the bus is approaching');
    expect(mail.html).toContain('Ruta &#60;1&#62; &#38; co');
    expect(mail.html).not.toContain('<1>');
    expect(mail.html).toContain('href="https://patio.example/transport/routes/4/map"');
    expect(mail.text).toContain('See the bus on the map: https://patio.example/transport/routes/4/map');
    const sms = noticeSmsOf({ ...approaching, values: { ...approaching.values, route: 'R'.repeat(400) } }, 'Colegio', 'en', links);
    expect(sms.length).toBeLessThanOrEqual(300);
    expect(sms.endsWith(' https://patio.example/transport/routes/4/map')).toBe(true);
  });
});
