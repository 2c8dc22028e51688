import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, NativeSelect, Switch, TextInput, Textarea } from '@mantine/core';
import { toMinor } from '@patio/core/billing/money';
import { CREDIT_METHODS, MAX_AMOUNT_MINOR, type ManualCreditInput } from '@patio/core/schemas/billing';
import { formatPersonName } from '@patio/core/people/displayName';
import { Notice } from '../../ui/Notice';
import { PeopleSearchField, SEARCH_DEBOUNCE_MS, usePeopleSearch, usePerson } from '../people';
import { creditPath, idOf } from './billingPaths';
import { describeBillingError } from './billingErrors';
import { methodLabel, todayDay } from './billingText';
import { useBillingSettings, useRecordCredit } from './useBillingAdmin';
import classes from './billing.module.css';

const MANUAL_METHODS = CREDIT_METHODS.filter((m): m is Exclude<typeof m, 'online'> => m !== 'online');

/** Picks the student a payment is for: by name or document, among students. */
function StudentPicker({ onPick }: { onPick: (personId: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = usePeopleSearch({ q, role: 'student', node: '' });
  const people = q ? (results.data?.pages[0]?.items ?? []).slice(0, 8) : [];
  return (
    <div>
      <PeopleSearchField value={text} onSearch={setText} label={t('billing.manual.student')} />
      {people.length > 0 && (
        <ul className={classes.list} style={{ marginTop: 8 }} aria-label={t('billing.manual.results')}>
          {people.map((person) => (
            <li key={person.id}>
              <Button variant="default" fullWidth justify="flex-start" onClick={() => onPick(person.id)}>
                {formatPersonName(person)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {q && results.isSuccess && people.length === 0 && <p className={classes.muted}>{t('billing.manual.noResults')}</p>}
    </div>
  );
}

/**
 * Staff (treasury): record a payment received for a student — method, value typed in major units,
 * date, reference — and apply it at once (oldest debits first) or leave it to apply later.
 */
export function ManualPaymentPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const personId = idOf(search.get('person'));
  const person = usePerson(personId ?? Number.NaN);
  const settings = useBillingSettings();
  const record = useRecordCredit();
  const submitKey = useRef<{ key: string; body: string } | null>(null);
  const [method, setMethod] = useState<(typeof MANUAL_METHODS)[number]>('cash');
  const [value, setValue] = useState('');
  const [date, setDate] = useState(todayDay());
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [apply, setApply] = useState(true);
  const [touched, setTouched] = useState(false);
  const currency = settings.data?.currency ?? null;
  const minor = currency ? toMinor(value, currency) : null;
  const valueError = touched && (minor === null || minor < 1 || minor > MAX_AMOUNT_MINOR) ? t('billing.manual.valueInvalid') : null;

  const pick = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete('person');
    else next.set('person', String(id));
    setSearch(next, { replace: true });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (personId === null || minor === null || minor < 1 || minor > MAX_AMOUNT_MINOR) return;
    const input: ManualCreditInput = { method, value: minor, date, reference: reference.trim(), note: note.trim(), apply };
    // The same form sent again after a failure is the same payment: it keeps its key.
    const body = JSON.stringify([personId, input]);
    if (submitKey.current?.body !== body) submitKey.current = { key: crypto.randomUUID(), body };
    record.mutate({ personId, input, key: submitKey.current.key }, { onSuccess: (credit) => void navigate(creditPath(credit.id)) });
  };

  if (personId === null) return <StudentPicker onPick={pick} />;
  const name = person.data ? formatPersonName(person.data) : '';

  return (
    <form className={`${classes.card} ${classes.page}`} onSubmit={handleSubmit} noValidate aria-labelledby="billing-manual-title">
      <h2 id="billing-manual-title">{name ? t('billing.manual.titleFor', { name }) : t('billing.manual.title')}</h2>
      <Button variant="subtle" size="compact-sm" onClick={() => pick(null)} style={{ alignSelf: 'flex-start' }}>
        {t('billing.manual.otherStudent')}
      </Button>
      <NativeSelect label={t('billing.credit.method')} value={method} onChange={(event) => setMethod(event.currentTarget.value as typeof method)} data={MANUAL_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }))} />
      <TextInput
        label={t('billing.manual.value', { currency: currency ?? '' })}
        description={t('billing.manual.valueHint')}
        inputMode="decimal"
        required
        value={value}
        error={valueError}
        onChange={(event) => setValue(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
      />
      <TextInput type="date" label={t('billing.credit.date')} required value={date} max={todayDay()} onChange={(event) => setDate(event.currentTarget.value)} />
      <TextInput label={t('billing.credit.reference')} maxLength={200} value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
      <Textarea label={t('billing.manual.note')} maxLength={1000} autosize minRows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <Switch label={t('billing.manual.apply')} description={t('billing.manual.applyHint')} checked={apply} onChange={(event) => setApply(event.currentTarget.checked)} />
      {record.isError && <Notice tone="error">{describeBillingError(t, record.error)}</Notice>}
      <Button type="submit" loading={record.isPending} disabled={!currency} style={{ alignSelf: 'flex-start' }}>
        {t('billing.manual.submit')}
      </Button>
    </form>
  );
}
