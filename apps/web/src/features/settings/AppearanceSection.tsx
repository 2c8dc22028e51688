import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ColorInput, FileButton, Group, Loader, Paper, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { contrastRatio, darkenForWhiteText, schoolColorProblem, SCHOOL_COLOR_MIN_CONTRAST } from '@patio/core/color/contrast';
import { LOGO_MAX_BYTES, LOGO_TYPES, type Appearance } from '@patio/core/schemas/appearance';
import { languages } from '@patio/core/i18n/index';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useUploadToMe } from '../../blocks/uploads/useUploadToMe';
import { Notice } from '../../ui/Notice';
import { timeZoneOptions } from './timeZoneOptions';
import { useAppearance } from './useAppearance';
import classes from './appearance.module.css';
import './appearanceStyles';

// The school's languages as the server stores them (es, not es-CO), each written in itself.
const LANGUAGE_OPTIONS = languages.map((option) => ({ value: option.dictionary, label: option.name }));
const SWATCHES = ['#1C89B8', '#0E4F6C', '#1864AB', '#364FC7', '#5F3DC4', '#862E9C', '#A61E4D', '#C92A2A', '#D9480F', '#2B8A3E', '#087F5B', '#495057'];
const PROVIDER_NAMES = { google: 'Google', office: 'Office 365', apple: 'Apple' } as const;
const APPEARANCE_PATH = 'PUT settings/appearance';
const PATHS = [APPEARANCE_PATH];
const KNOWN_ERRORS = ['invalid_name', 'invalid_color', 'color_unreadable', 'logo_type_refused', 'logo_too_large', 'logo_not_found', 'invalid_time_zone'];

interface Draft {
  name: string;
  color: string;
  language: string;
  timeZone: string;
  link: boolean;
  /** The logo as shown: the saved address, a new upload (id and local preview) or none. */
  logo: { kind: 'kept'; url: string } | { kind: 'new'; id: number; preview: string } | null;
}

function draftOf(saved: Appearance): Draft {
  return {
    name: saved.name,
    color: saved.color,
    language: saved.language,
    timeZone: saved.timeZone,
    link: saved.signInMethods.link,
    logo: saved.logo ? { kind: 'kept', url: saved.logo } : null,
  };
}

/** The appearance section where the server would accept a save (POST allowed answers from the route's policy). */
export function SchoolAppearanceSection() {
  const allowed = useAllowedPaths(PATHS);
  return allowed?.[APPEARANCE_PATH] === true ? <AppearanceSection /> : null;
}

/** For administrators: the school's name, logo, colour, default language, time zone and ways of signing in. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const { query, save } = useAppearance();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-appearance">
      <Title order={2} size="h4" id="settings-appearance" mb={4}>
        {t('appearance.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('appearance.hint')}
      </Text>
      {query.data ? <AppearanceForm key={JSON.stringify(query.data)} saved={query.data} save={save} /> : query.isError ? <Notice tone="error">{describeError(t, query.error)}</Notice> : <Loader role="status" size="sm" aria-label={t('common.loading')} />}
    </Paper>
  );
}

function AppearanceForm({ saved, save }: { saved: Appearance; save: ReturnType<typeof useAppearance>['save'] }) {
  const { t } = useTranslation();
  const upload = useUploadToMe();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const zones = timeZoneOptions(draft.timeZone);
  const change = (part: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...part }));
    save.reset();
  };

  const colorProblem = schoolColorProblem(draft.color);
  const ratio = colorProblem === 'invalid_color' ? null : contrastRatio(draft.color, '#FFFFFF');
  const providers = (Object.keys(PROVIDER_NAMES) as (keyof typeof PROVIDER_NAMES)[]).filter((name) => saved.signInMethods.providers[name]).map((name) => PROVIDER_NAMES[name]);

  async function handleLogo(file: File | null): Promise<void> {
    if (!file) return;
    setUploadError(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setUploadError(t('appearance.errors.logo_type_refused'));
    if (file.size > LOGO_MAX_BYTES) return setUploadError(t('appearance.errors.logo_too_large'));
    setUploading(true);
    try {
      const stored = await upload(file);
      change({ logo: { kind: 'new', id: stored.id, preview: URL.createObjectURL(file) } });
    } catch (caught) {
      setUploadError(describeError(t, caught));
    } finally {
      setUploading(false);
    }
  }

  function handleSave(): void {
    const logo = draft.logo === null ? null : draft.logo.kind === 'new' ? draft.logo.id : draft.logo.url;
    save.mutate({ name: draft.name, color: draft.color, logo, language: draft.language, timeZone: draft.timeZone, signInMethods: { link: draft.link } });
  }

  const failure = save.error instanceof ApiError && save.error.code && KNOWN_ERRORS.includes(save.error.code) ? t(`appearance.errors.${save.error.code}`) : describeError(t, save.error);
  const logoSrc = draft.logo?.kind === 'new' ? draft.logo.preview : (draft.logo?.url ?? null);

  return (
    <Stack gap="md">
      <TextInput label={t('appearance.name')} value={draft.name} onChange={(event) => change({ name: event.currentTarget.value })} maxLength={200} required size="md" />
      <div>
        <Text component="span" fw={500} size="md" id="appearance-logo-label">
          {t('appearance.logo')}
        </Text>
        <Text size="sm" c="dark.5" mb="xs" id="appearance-logo-hint">
          {t('appearance.logoHint')}
        </Text>
        <Group gap="sm" align="center">
          <div className={classes.logoPreview}>{logoSrc ? <img src={logoSrc} alt={t('appearance.logoPreview')} /> : <span aria-hidden="true">{draft.name.trim().charAt(0).toUpperCase() || 'P'}</span>}</div>
          <FileButton onChange={(file) => void handleLogo(file)} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" loading={uploading} leftSection={<IconPhotoUp size={18} aria-hidden="true" />} aria-describedby="appearance-logo-hint">
                {t('appearance.chooseLogo')}
              </Button>
            )}
          </FileButton>
          {draft.logo && (
            // A subtle button's text takes at most shade 6 of its colour (3.3:1 on white): c keeps shade 9.
            <Button variant="subtle" color="red.9" c="red.9" onClick={() => change({ logo: null })} leftSection={<IconTrash size={18} aria-hidden="true" />}>
              {t('appearance.removeLogo')}
            </Button>
          )}
        </Group>
        {uploading && <Text size="sm" role="status">{t('appearance.uploading')}</Text>}
        {uploadError && <Notice tone="error">{uploadError}</Notice>}
      </div>
      <ColorInput
        label={t('appearance.color')}
        value={draft.color}
        onChange={(color) => change({ color: color.toUpperCase() })}
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={6}
        maw={320}
        size="md"
        error={colorProblem === 'invalid_color' ? t('appearance.errors.invalid_color') : undefined}
        eyeDropperButtonProps={{ 'aria-label': t('postTypes.eyeDropper') }}
      />
      {ratio !== null && (
        <div className={classes.preview} style={{ background: darkenForWhiteText(draft.color) }} aria-label={t('appearance.colorPreview')} role="img">
          {logoSrc && <img src={logoSrc} alt="" />}
          <span>{draft.name.trim() || saved.name}</span>
        </div>
      )}
      {ratio !== null &&
        (ratio < SCHOOL_COLOR_MIN_CONTRAST ? (
          <Notice tone="error">{t('appearance.contrastWarning', { ratio: ratio.toFixed(1) })}</Notice>
        ) : (
          <Text size="sm" c="dark.5">
            {t('appearance.contrastOk', { ratio: ratio.toFixed(1) })}
          </Text>
        ))}
      <Select label={t('appearance.language')} data={LANGUAGE_OPTIONS} value={draft.language} onChange={(language) => language && change({ language })} allowDeselect={false} size="md" maw={320} comboboxProps={{ withinPortal: true }} />
      <Select
        label={t('appearance.timeZone')}
        data={zones}
        value={draft.timeZone}
        onChange={(timeZone) => timeZone && change({ timeZone })}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('calendarSettings.timeZone.nothingFound')}
        limit={50}
        size="md"
        maw={420}
        comboboxProps={{ withinPortal: true }}
      />
      <fieldset className={classes.methods}>
        <legend>{t('appearance.signInMethods')}</legend>
        <Stack gap="xs">
          <Switch label={t('appearance.password')} checked disabled size="md" />
          <Switch label={t('appearance.signInLink')} checked={draft.link} onChange={(event) => change({ link: event.currentTarget.checked })} size="md" />
          {providers.length > 0 && (
            <Text size="sm" c="dark.5">
              {t('appearance.providers', { providers: providers.join(', ') })}
            </Text>
          )}
        </Stack>
      </fieldset>
      <Group>
        <Button onClick={handleSave} loading={save.isPending} disabled={uploading || colorProblem !== null || draft.name.trim() === ''} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />} size="md">
          {t('appearance.save')}
        </Button>
      </Group>
      {save.isSuccess && <Notice>{t('appearance.saved')}</Notice>}
      {save.isError && <Notice tone="error">{failure}</Notice>}
    </Stack>
  );
}
