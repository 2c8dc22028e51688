import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconMailCheck } from '@tabler/icons-react';
import { dictionaryLanguageOf } from '@patio/core/i18n/index';
import type { RegistrationCreated } from '@patio/core/schemas/registration';
import { ApiError } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { SSO_PROVIDER_NAMES, type SsoProvider } from '@patio/core/schemas/singleSignOn';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { Brand } from '../../ui/Brand';
import { describeError } from '../../app/api/describeError';
import { PublicLayout } from '../../ui/PublicLayout';
import authClasses from '../../ui/PublicLayout.module.css';
import { RELATIONSHIP_KINDS } from '@patio/core/people/relationshipKinds';
import { DateField, SelectField } from './fields';
import { PersonFields } from './PersonFields';
import { PasswordStrength } from './PasswordStrength';
import { emptyChild, emptyRegistration, emptyRelative, normalisePath, passwordInputsOf, toRequest, validateRegistration, type RegistrationDraft, type RegistrationErrors } from './registrationForm';
import classes from './registration.module.css';
import { loadPasswordPolicy, usePasswordCheck } from './usePasswordCheck';
import { useRegistrationInfo } from './useRegistrationInfo';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** The kinds a relative other than the registering parent can be to the children. */
const RELATIVE_KINDS = RELATIONSHIP_KINDS.filter((k) => !['son', 'daughter', 'stepson', 'stepdaughter', 'grandson', 'granddaughter', 'nephew', 'niece', 'ward'].includes(k));

/** The form's errors by the shared rules, with the password policy when it loads (offline, the server decides alone). */
async function findErrors(form: RegistrationDraft, courses: ReadonlySet<number>): Promise<RegistrationErrors> {
  const checkPassword = await loadPasswordPolicy().then(
    (policy) => policy.checkPassword,
    () => undefined,
  );
  return validateRegistration(form, { courses, checkPassword });
}

/** Takes keyboard and screen-reader users to the first field to fix, once the errors are drawn. */
function focusFirstError(): void {
  setTimeout(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 0);
}

/** /register: a family registers itself (spec §3 Registration form, §5 messages) and is asked to check its email (§2). */
export const RegisterPage = withDirectoryTerms(function RegisterPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const school = useSessionState((s) => s.school);
  const language = useSessionState((s) => s.language);
  const info = useRegistrationInfo();
  // A Google, Office 365 or Apple sign-in with no account here starts the registration pre-filled (issue 16).
  const prefill = (useLocation().state as { prefill?: { email: string; firstName: string; lastName: string; provider: string } } | null)?.prefill;
  const [form, setForm] = useState<RegistrationDraft>(() =>
    prefill ? { ...emptyRegistration(), email: prefill.email, firstName: prefill.firstName, lastName: prefill.lastName } : emptyRegistration(),
  );
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const passwordCheck = usePasswordCheck(form.password, passwordInputsOf(form));

  const errorOf = (path: string) => (errors[path] ? t(`registration.errors.${errors[path]}`, { defaultValue: errors[path] }) : null);
  const update = (change: Partial<RegistrationDraft>) => setForm((f) => ({ ...f, ...change }));
  const updateChild = (i: number, change: object) => setForm((f) => ({ ...f, children: f.children.map((c, j) => (j === i ? { ...c, ...change } : c)) }));
  const updateRelative = (i: number, change: object) => setForm((f) => ({ ...f, relatives: f.relatives.map((r, j) => (j === i ? { ...r, ...change } : r)) }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFailure(null);
    const courses = new Set(info.state === 'ready' ? info.info.courses.map((c) => c.id) : []);
    const found = await findErrors(form, courses);
    // Drawn at once (flushSync), so that focusFirstError finds the fields marked invalid: after the
    // await, React would draw them in a task of its own, which may come after the focus's.
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) {
      setFailure(t('registration.fixErrors', { count: Object.keys(found).length }));
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      // Whether the address or a document was already known, the answer is the same (issue 6): the
      // owner of the address hears about it by mail, never the person at this screen.
      const answer = await api.post<RegistrationCreated>('registration', toRequest(form, dictionaryLanguageOf(language)));
      setSentTo(answer.email);
    } catch (caught) {
      const details = caught instanceof ApiError ? (caught.body as { details?: Array<{ path: string; code?: string; message: string }> } | null)?.details : undefined;
      if (caught instanceof ApiError && caught.status === 400 && Array.isArray(details)) {
        flushSync(() => setErrors(Object.fromEntries(details.map((d) => [normalisePath(d.path), d.code ?? d.message]))));
        setFailure(t('registration.fixErrors', { count: details.length }));
        focusFirstError();
      } else if (caught instanceof ApiError && caught.status === 403) {
        setFailure(t('registration.closed'));
      } else {
        setFailure(describeError(t, caught));
      }
    } finally {
      setBusy(false);
    }
  }

  const brand = <Brand name={school?.title ?? t('common.appName')} logo={school?.logo} logoAlt={t('login.schoolLogo', { school: school?.title ?? '' })} />;
  if (sentTo) {
    return (
      <PublicLayout brand={brand}>
        <div className={classes.sent} role="status">
          <IconMailCheck size={56} aria-hidden="true" color="#17759E" />
          <h1>{t('registration.checkEmailTitle')}</h1>
          <p>{t('registration.checkEmailBody', { email: sentTo })}</p>
        </div>
        <Link to="/login" className={classes.link}>{t('registration.backToLogin')}</Link>
      </PublicLayout>
    );
  }

  let body;
  if (info.state === 'loading') {
    body = (
      <div className={authClasses.status} role="status">
        <Spinner size={22} />
        <span>{t('common.loading')}</span>
      </div>
    );
  } else if (info.state === 'failed' || !info.info.enabled) {
    body = <Notice tone={info.state === 'failed' ? 'error' : 'info'}>{info.state === 'failed' ? describeError(t, info.error) : t('registration.closed')}</Notice>;
  } else {
    const courses = info.info.courses.map((c) => ({ value: String(c.id), label: c.name }));
    body = (
      <form className={authClasses.form} onSubmit={(event) => void handleSubmit(event)} noValidate>
        <p className={classes.hint}>{t('registration.intro')}</p>
        <fieldset className={classes.group}>
          <legend>{t('registration.you')}</legend>
          <PersonFields value={form} prefix="" errorOf={errorOf} onChange={update} />
          <DateField label={t('registration.birthday')} value={form.birthday} error={errorOf('birthday')} onChange={(birthday) => update({ birthday })} />
          <TextField type="email" label={t('registration.email')} value={form.email} onChange={(e) => update({ email: e.currentTarget.value })} error={errorOf('email')} autoComplete="email" required />
          <TextField
            type="password"
            label={t('registration.password')}
            description={t('password.rule')}
            value={form.password}
            onChange={(e) => {
              update({ password: e.currentTarget.value });
              // The meter takes over as soon as the password changes.
              setErrors(({ password: _refused, ...rest }) => rest);
            }}
            error={errorOf('password')}
            autoComplete="new-password"
            showPasswordLabel={t('login.showPassword')}
            hidePasswordLabel={t('login.hidePassword')}
            required
          />
          <PasswordStrength check={passwordCheck} showProblem={!errors.password} />
          <TextField
            type="password"
            label={t('registration.passwordConfirmation')}
            value={form.passwordConfirmation}
            onChange={(e) => update({ passwordConfirmation: e.currentTarget.value })}
            error={errorOf('passwordConfirmation')}
            autoComplete="new-password"
            required
          />
        </fieldset>

        <h2 className={classes.sectionTitle}>{t('registration.children')}</h2>
        {errors.children && <Notice tone="error">{errorOf('children')}</Notice>}
        {form.children.map((child, i) => (
          <fieldset key={i} className={classes.group}>
            <legend>{t('registration.childNumber', { number: i + 1 })}</legend>
            <PersonFields value={child} prefix={`children.${i}.`} errorOf={errorOf} onChange={(change) => updateChild(i, change)} />
            <DateField label={t('registration.birthday')} value={child.birthday} error={errorOf(`children.${i}.birthday`)} onChange={(birthday) => updateChild(i, { birthday })} />
            <SelectField
              label={t('registration.course')}
              placeholder={t('registration.chooseCourse')}
              options={courses}
              value={child.course}
              onChange={(e) => updateChild(i, { course: e.currentTarget.value })}
              error={errorOf(`children.${i}.course`)}
              required
            />
            <Button variant="danger" onClick={() => update({ children: form.children.filter((_, j) => j !== i) })}>
              {t('registration.removeChild', { number: i + 1 })}
            </Button>
          </fieldset>
        ))}
        <Button variant="default" onClick={() => update({ children: [...form.children, emptyChild()] })}>
          {t('registration.addChild')}
        </Button>

        <h2 className={classes.sectionTitle}>{t('registration.relatives')}</h2>
        <p className={classes.hint}>{t('registration.relativesHint')}</p>
        {form.relatives.map((relative, i) => (
          <fieldset key={i} className={classes.group}>
            <legend>{t('registration.relativeNumber', { number: i + 1 })}</legend>
            <SelectField
              label={t('registration.kind')}
              placeholder={t('registration.chooseKind')}
              options={RELATIVE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={relative.kind}
              onChange={(e) => updateRelative(i, { kind: e.currentTarget.value })}
              error={errorOf(`relatives.${i}.kind`)}
              required
            />
            <PersonFields value={relative} prefix={`relatives.${i}.`} errorOf={errorOf} onChange={(change) => updateRelative(i, change)} />
            <div className={classes.row}>
              <TextField type="email" label={t('registration.email')} value={relative.email} onChange={(e) => updateRelative(i, { email: e.currentTarget.value })} error={errorOf(`relatives.${i}.email`)} />
              <TextField label={t('registration.mobile')} value={relative.mobile} onChange={(e) => updateRelative(i, { mobile: e.currentTarget.value })} inputMode="tel" />
            </div>
            <Button variant="danger" onClick={() => update({ relatives: form.relatives.filter((_, j) => j !== i) })}>
              {t('registration.removeRelative', { number: i + 1 })}
            </Button>
          </fieldset>
        ))}
        <Button variant="default" onClick={() => update({ relatives: [...form.relatives, emptyRelative()] })}>
          {t('registration.addRelative')}
        </Button>

        {failure && <Notice tone="error">{failure}</Notice>}
        <Button type="submit" loading={busy} fullWidth>
          {t('registration.submit')}
        </Button>
      </form>
    );
  }

  return (
    <PublicLayout brand={brand}>
      <h1>{t('registration.title')}</h1>
      {prefill && <Notice>{t('sso.registrationPrefilled', { provider: SSO_PROVIDER_NAMES[prefill.provider as SsoProvider] ?? prefill.provider })}</Notice>}
      {body}
      <Link to="/login" className={classes.link}>{t('registration.haveAccount')}</Link>
    </PublicLayout>
  );
});
