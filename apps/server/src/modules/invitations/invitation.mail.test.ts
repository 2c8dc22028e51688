import { describe, expect, it } from 'vitest';
import { invitationMail, invitationMailLanguages } from './invitation.mail';

describe('invitation mails', () => {
  const values = { name: 'Ana', school: 'Colegio Sol', username: 'ana@example.com', link: 'https://patio.example/welcome?school=sol&token=t', days: 14 };

  it('are written in six languages, each with the link, the username and the days the link works', () => {
    expect(invitationMailLanguages).toEqual(['es', 'en', 'de', 'fr', 'it', 'pt']);
    for (const kind of ['new', 'active'] as const) {
      const subjects = new Set<string>();
      for (const language of invitationMailLanguages) {
        const mail = invitationMail(kind, language, values);
        subjects.add(mail.subject);
        expect(mail.subject).toContain('Colegio Sol');
        expect(mail.text).toContain(values.link);
        expect(mail.text).toContain(values.username);
        expect(mail.text).toContain('14');
        expect(mail.text).not.toMatch(/\{\w+\}/);
      }
      expect(subjects.size).toBe(6);
    }
  });

  it('falls back to Spanish for an unknown or missing language and reads regional tags', () => {
    expect(invitationMail('new', null, values).subject).toBe('Colegio Sol te invita a Patio');
    expect(invitationMail('new', 'xx', values).subject).toBe('Colegio Sol te invita a Patio');
    expect(invitationMail('new', 'pt-BR', values).subject).toBe('Colegio Sol convida-o para o Patio');
  });
});
