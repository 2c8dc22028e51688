import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { MAX_ACTIVITY_NAME, MAX_ACTIVITY_PLACE, MAX_ACTIVITY_PLACES, type Activity } from '@patio/core/schemas/activities';
import { Notice } from '../../ui/Notice';
import { useNodeOptions, useNodeTree } from '../nodes';
import { activityErrorText } from './activityErrors';
import { draftOf, inputOf, type ActivityDraft, type DraftErrors } from './activityForm';
import { EligibleGroupsPicker } from './EligibleGroupsPicker';
import { LeaderPicker } from './LeaderPicker';
import { PeriodRows } from './PeriodRows';
import { ScheduleRows } from './ScheduleRows';
import { useSaveActivity } from './useActivities';
import { useRouteChoices, useSchoolCurrency } from './useActivityAdmin';
import classes from './activities.module.css';
import './activityAdminStyles';

export interface ActivityFormProps {
  /** The activity edited; null creates one. */
  activity: Activity | null;
  onDone: (saved: Activity) => void;
  onCancel: () => void;
}

/** Creates or edits an activity: name, description, term, weekly schedule, place, places, groups, price, periods, leader, route. */
export function ActivityForm({ activity, onDone, onCancel }: ActivityFormProps) {
  const { t, i18n } = useTranslation();
  const locale = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const [draft, setDraft] = useState<ActivityDraft>(() => draftOf(activity));
  const [errors, setErrors] = useState<DraftErrors>({});
  // Grades and groups only: the activities are nodes of the tree too, and offering one to another makes no sense.
  const tree = useNodeTree();
  const activityNodes = new Set((tree.data?.nodes ?? []).filter((node) => node.typeKey === 'activity').map((node) => String(node.id)));
  const nodes = useNodeOptions().filter((option) => !activityNodes.has(option.value));
  const routes = useRouteChoices();
  const schoolCurrency = useSchoolCurrency();
  const currency = activity?.currency ?? schoolCurrency.data ?? 'COP';
  const save = useSaveActivity();
  const set = (patch: Partial<ActivityDraft>) => setDraft((old) => ({ ...old, ...patch }));
  const problem = (field: string) => (errors[field] ? t(`activities.form.${errors[field]}`) : undefined);
  // A group the activity names that the picker's tree lacks stays chosen, under its own name.
  const missing = (activity?.eligible ?? []).filter((node) => !nodes.some((option) => option.value === String(node.id))).map((node) => ({ value: String(node.id), label: node.name }));
  const routeOptions = [{ value: '', label: t('activities.form.noRoute') }, ...(routes.data ?? []).map((route) => ({ value: String(route.id), label: route.name }))];
  if (activity?.route && !routes.data?.some((route) => route.id === activity.route?.id)) routeOptions.push({ value: String(activity.route.id), label: activity.route.name });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = inputOf(draft, currency);
    setErrors(result.errors ?? {});
    if (!result.input) return;
    save.mutate({ activityId: activity?.id ?? null, input: result.input }, { onSuccess: onDone });
  };

  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' || locale === 'pt' ? 0 : 1 }}>
      <form className={classes.form} onSubmit={handleSubmit} noValidate aria-labelledby="activity-form-title">
        <h2 id="activity-form-title" className={classes.adminRowTitle}>
          {activity ? t('activities.form.editTitle', { name: activity.name }) : t('activities.form.newTitle')}
        </h2>
        <TextInput label={t('activities.form.name')} required value={draft.name} maxLength={MAX_ACTIVITY_NAME} onChange={(event) => set({ name: event.currentTarget.value })} error={problem('name')} />
        <Textarea label={t('activities.form.description')} description={t('activities.form.descriptionHint')} rows={4} value={draft.description} onChange={(event) => set({ description: event.currentTarget.value })} />
        <div className={classes.pair}>
          <DatePickerInput label={t('activities.form.termFrom')} required valueFormat="D MMM YYYY" value={draft.termFrom} onChange={(day) => set({ termFrom: day ? String(day).slice(0, 10) : null })} error={problem('termFrom')} popoverProps={{ withinPortal: true }} />
          <DatePickerInput
            label={t('activities.form.termTo')}
            required
            valueFormat="D MMM YYYY"
            value={draft.termTo}
            minDate={draft.termFrom ?? undefined}
            onChange={(day) => set({ termTo: day ? String(day).slice(0, 10) : null })}
            error={problem('termTo')}
            popoverProps={{ withinPortal: true }}
          />
        </div>
        <ScheduleRows value={draft.schedule} onChange={(schedule) => set({ schedule })} errors={errors} />
        <div className={classes.pair}>
          <TextInput label={t('activities.form.place')} value={draft.place} maxLength={MAX_ACTIVITY_PLACE} onChange={(event) => set({ place: event.currentTarget.value })} />
          <NumberInput label={t('activities.form.places')} required min={1} max={MAX_ACTIVITY_PLACES} allowDecimal={false} allowNegative={false} value={draft.places} onChange={(places) => set({ places })} error={problem('places')} />
        </div>
        <EligibleGroupsPicker options={[...nodes, ...missing]} value={draft.eligible} onChange={(eligible) => set({ eligible })} error={problem('eligible')} />
        <div className={classes.pair}>
          <TextInput
            label={t('activities.form.price', { currency })}
            description={t('activities.form.priceHint')}
            inputMode="decimal"
            value={draft.price}
            onChange={(event) => set({ price: event.currentTarget.value })}
            error={problem('price')}
          />
          <NativeSelect label={t('activities.form.route')} data={routeOptions} value={draft.route} onChange={(event) => set({ route: event.currentTarget.value })} />
        </div>
        <PeriodRows value={draft.periods} onChange={(periods) => set({ periods })} errors={errors} />
        <LeaderPicker value={draft.leader} onChange={(leader) => set({ leader })} error={problem('leader')} />
        {save.error && <Notice tone="error">{activityErrorText(t, save.error)}</Notice>}
        <div className={classes.actions}>
          <Button type="submit" loading={save.isPending}>
            {activity ? t('activities.form.save') : t('activities.form.create')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('activities.form.cancel')}
          </Button>
        </div>
      </form>
    </DatesProvider>
  );
}
