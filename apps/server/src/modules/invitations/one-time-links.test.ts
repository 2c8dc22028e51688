import { expect, it } from 'vitest';
import { defaultSignInLimits } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { readDevMailbox } from '../auth/auth.fixtures';
import { goodPassword, invitingSchool, linkTokenOf } from './invitations.fixtures';

// Invitations and password resets together: both kinds of link through the development mailer
// (DATA_DIR/mail, the default without SMTP_URL), one revoking the other, and both under attack.

describeOnDatabases('invitation and password-reset links', (t) => {
  it('are mailed as .eml files in DATA_DIR/mail without an SMTP server', async () => {
    const s = await invitingSchool(t);
    await t.app.inject({ method: 'POST', url: `/api/${s.school.code}/password-resets`, payload: { login: s.active.username } });
    await t.request({ method: 'POST', url: `/api/${s.school.code}/invitations/${s.mother.id}`, token: s.adminToken });
    await t.drainJobs();
    const mails = await readDevMailbox(t);
    expect(linkTokenOf(mails, `${s.active.username}@example.com`, '/reset-password')).toMatch(/^[\w-]{43}$/);
    expect(linkTokenOf(mails, s.mother.email!, '/welcome')).toMatch(/^[\w-]{43}$/);
    expect(mails.find((m) => m.to.includes(s.mother.email!))!.subject).toBe('Colegio Las Palmas invites you to Patio');
  });

  it('a password set through an invitation makes the person\'s reset links worthless', async () => {
    const s = await invitingSchool(t);
    await t.app.inject({ method: 'POST', url: `/api/${s.school.code}/password-resets`, payload: { login: s.father.email } });
    await t.request({ method: 'POST', url: `/api/${s.school.code}/invitations/${s.father.id}`, token: s.adminToken });
    await t.drainJobs();
    const mails = await readDevMailbox(t);
    const reset = linkTokenOf(mails, s.father.email!, '/reset-password');
    const welcome = linkTokenOf(mails, s.father.email!, '/welcome');
    expect((await t.request({ method: 'POST', url: `/api/${s.school.code}/password-resets/check`, body: { token: reset } })).statusCode).toBe(200);
    const accepted = await t.request({ method: 'POST', url: `/api/${s.school.code}/invitations/welcome/accept`, body: { token: welcome, password: goodPassword } });
    expect(accepted.statusCode).toBe(200);
    const dead = await t.request({ method: 'POST', url: `/api/${s.school.code}/password-resets/complete`, body: { token: reset, password: 'otra frase muy distinta 9' } });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error).toBe('invalid_reset_token');
  });

  it('count invalid links as failed sign-ins of the IP: 429 with Retry-After', async () => {
    const school = await t.makeSchool();
    const codes: number[] = [];
    for (let i = 0; i <= defaultSignInLimits.perIp; i++) {
      const path = i % 2 ? 'invitations/welcome' : 'password-resets/check';
      const res = await t.app.inject({ method: 'POST', url: `/api/${school.code}/${path}`, payload: { token: `guess-${i}-${'x'.repeat(30)}` }, remoteAddress: '10.77.0.1' });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes.slice(0, defaultSignInLimits.perIp).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
