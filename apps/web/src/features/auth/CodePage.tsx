import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { Brand } from '../../ui/Brand';
import { describeError } from '../../app/api/describeError';
import { findSchool } from '../../app/api/findSchool';
import { nextSearchOf } from '../../app/guard';
import { PublicLayout } from '../../ui/PublicLayout';
import classes from '../../ui/PublicLayout.module.css';

/** /code: the school code leads to the school's API address, title and logo, then to /login (spec §2). */
export function CodePage() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('school') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const autoSubmitted = useRef(false);

  async function lookUp(value: string): Promise<void> {
    const wanted = value.trim().toLowerCase();
    if (!wanted) {
      setError(t('code.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const entry = await findSchool(api, wanted);
      session.chooseSchool(entry.url, { code: entry.code, title: entry.title, logo: entry.logo });
      // A sign-in link opened on a new device carries its token on to /login; a deep link its target.
      const search = params.get('token') ? `?${params.toString()}` : nextSearchOf(params.get('next'));
      await navigate(`/login${search}`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setError(t('code.unknown', { code: wanted }));
      else if (caught instanceof ApiError && caught.status === 400) setError(t('code.invalid'));
      else setError(describeError(t, caught));
      setBusy(false);
    }
  }

  // A sign-in link (?school=…&token=…) looks its school up once, without a tap.
  const lookUpLinkedSchool = useEffectEvent((school: string) => void lookUp(school));
  useEffect(() => {
    const school = params.get('school');
    if (school && params.get('token') && !autoSubmitted.current) {
      autoSubmitted.current = true;
      lookUpLinkedSchool(school);
    }
  }, [params]);

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void lookUp(code);
  }

  return (
    <PublicLayout brand={<Brand name={t('common.appName')} />}>
      <h1>{t('code.title')}</h1>
      <p className={classes.intro}>{t('code.intro')}</p>
      <form className={classes.form} onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('code.label')}
          placeholder={t('code.placeholder')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          autoCapitalize="none"
          autoCorrect="off"
          autoComplete="organization"
          spellCheck={false}
          required
        />
        <Button type="submit" loading={busy} fullWidth>
          {t('code.submit')}
        </Button>
      </form>
    </PublicLayout>
  );
}
