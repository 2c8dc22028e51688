import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardBlockData } from '@patio/core/schemas/dashboards';
import type { Formats } from './dashboardText';
import classes from './dashboards.module.css';

type Data<K extends DashboardBlockData['kind']> = Extract<DashboardBlockData, { kind: K }>;

/**
 * A rate as a bar with its percentage written beside it: the bar is decoration (hidden from screen
 * readers), the text carries the figure, so the table reads the same without colour or sight.
 */
function RateBar({ rate, text }: { rate: number | null; text: string }) {
  const width = rate === null ? 0 : Math.max(0, Math.min(1, rate)) * 100;
  return (
    <span className={classes.rate}>
      <span className={classes.bar} aria-hidden="true">
        <span className={classes.fill} style={{ width: `${width}%` }} />
      </span>
      <span className={classes.rateText}>{text}</span>
    </span>
  );
}

/** A table with a caption (visible: it names what the numbers are). */
function FigureTable({ caption, head, children, foot }: { caption: string; head: ReactNode; children: ReactNode; foot?: ReactNode }) {
  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption className={classes.caption}>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className={classes.empty}>{children}</p>;
}

function Attendance({ data, f }: { data: Data<'attendance'>; f: Formats }) {
  const { t } = useTranslation();
  if (data.groups.length === 0) return <Empty>{t('dashboardScreens.figures.attendance.none')}</Empty>;
  const head = (
    <>
      <th scope="col">{t('dashboardScreens.figures.group')}</th>
      <th scope="col">{t('dashboardScreens.figures.rate')}</th>
      <th scope="col" className={classes.num}>
        {t('dashboardScreens.figures.attendance.present')}
      </th>
      <th scope="col" className={classes.num}>
        {t('dashboardScreens.figures.attendance.absent')}
      </th>
    </>
  );
  const row = (label: ReactNode, counts: Data<'attendance'>['total'], header: 'th' | 'td' = 'th') => {
    const Label = header;
    return (
      <>
        <Label scope="row">{label}</Label>
        <td>
          <RateBar rate={counts.rate} text={f.percent(counts.rate)} />
        </td>
        <td className={classes.num}>{f.number(counts.present + counts.late)}</td>
        <td className={classes.num}>{f.number(counts.absent)}</td>
      </>
    );
  };
  return (
    <FigureTable caption={t('dashboardScreens.figures.attendance.caption')} head={head} foot={<tr>{row(t('dashboardScreens.figures.total'), data.total)}</tr>}>
      {data.groups.map((group) => (
        <tr key={group.node.id}>{row(group.node.name, group)}</tr>
      ))}
    </FigureTable>
  );
}

function RollsNotTaken({ data, f }: { data: Data<'rollsNotTaken'>; f: Formats }) {
  const { t } = useTranslation();
  if (data.expected === 0) return <Empty>{t('dashboardScreens.figures.rollsNotTaken.noneDue')}</Empty>;
  const taken = Math.max(0, data.expected - data.missing.length);
  return (
    <div className={classes.stack}>
      <p className={classes.lead}>
        <RateBar rate={taken / data.expected} text={t('dashboardScreens.figures.rollsNotTaken.taken', { taken: f.number(taken), expected: f.number(data.expected) })} />
      </p>
      {data.missing.length === 0 ? (
        <Empty>{t('dashboardScreens.figures.rollsNotTaken.allTaken')}</Empty>
      ) : (
        <ul className={classes.linkList} aria-label={t('dashboardScreens.figures.rollsNotTaken.caption')}>
          {data.missing.map((roll) => (
            <li key={`${roll.node.id}-${roll.checkpointId}`}>
              <Link to={`/attendance/checkpoint/${roll.checkpointId}`} aria-label={t('dashboardScreens.figures.rollsNotTaken.open', { name: roll.node.name })}>
                {roll.node.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PendingRegistrations({ data, f }: { data: Data<'pendingRegistrations'>; f: Formats }) {
  const { t } = useTranslation();
  if (data.count === 0) return <Empty>{t('dashboardScreens.figures.pendingRegistrations.none')}</Empty>;
  return (
    <div className={classes.stack}>
      <p className={classes.bigFigure}>
        <Link to="/registrations">{t('dashboardScreens.figures.pendingRegistrations.count', { count: data.count })}</Link>
      </p>
      {data.oldestAt !== null && <p className={classes.note}>{t('dashboardScreens.figures.pendingRegistrations.oldest', { date: f.dateTime(data.oldestAt) })}</p>}
    </div>
  );
}

function Billing({ data, f }: { data: Data<'billing'>; f: Formats }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'collected', amount: data.collected },
    { key: 'owed', amount: data.owed },
    { key: 'overdue', amount: data.overdue },
  ] as const;
  const top = Math.max(1, ...rows.map((r) => r.amount));
  return (
    <FigureTable caption={t('dashboardScreens.figures.billing.caption')} head={<><td /><th scope="col">{t('dashboardScreens.figures.total')}</th></>}>
      {rows.map((row) => (
        <tr key={row.key}>
          <th scope="row">{t(`dashboardScreens.figures.billing.${row.key}`)}</th>
          <td>
            <RateBar rate={row.amount / top} text={f.money(row.amount, data.currency)} />
          </td>
        </tr>
      ))}
    </FigureTable>
  );
}

function Payments({ data, f }: { data: Data<'payments'>; f: Formats }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.facts}>
      <div>
        <dt>{t('dashboardScreens.figures.payments.amount')}</dt>
        <dd className={classes.bigFigure}>{f.money(data.amount, data.currency)}</dd>
      </div>
      <div>
        <dt className={classes.visuallyHidden}>{t('dashboardScreens.kinds.payments')}</dt>
        <dd>{t('dashboardScreens.figures.payments.count', { count: data.count })}</dd>
      </div>
    </dl>
  );
}

function ReadRate({ data, f }: { data: Data<'readRate'>; f: Formats }) {
  const { t } = useTranslation();
  if (data.posts.length === 0) return <Empty>{t('dashboardScreens.figures.readRate.none')}</Empty>;
  const head = (
    <>
      <th scope="col">{t('dashboardScreens.figures.readRate.post')}</th>
      <th scope="col">{t('dashboardScreens.figures.rate')}</th>
    </>
  );
  return (
    <FigureTable caption={t('dashboardScreens.figures.readRate.caption')} head={head}>
      {data.posts.map((post) => (
        <tr key={post.id} data-post={post.id}>
          <th scope="row">
            <span className={classes.rowTitle}>{post.title}</span>
            <span className={classes.note}>{f.dateTime(post.publishedAt)}</span>
          </th>
          <td>
            <RateBar rate={post.rate} text={`${f.percent(post.rate)} · ${t('dashboardScreens.figures.readRate.readOf', { read: f.number(post.read), recipients: f.number(post.recipients) })}`} />
          </td>
        </tr>
      ))}
    </FigureTable>
  );
}

function FormResults({ data, f }: { data: Data<'formResults'>; f: Formats }) {
  const { t } = useTranslation();
  const asked = data.pending === null ? null : data.answered + data.pending;
  return (
    <div className={classes.stack}>
      <p className={classes.rowTitle}>{data.form.name}</p>
      <dl className={classes.facts}>
        <div>
          <dt>{t('dashboardScreens.figures.formResults.answered')}</dt>
          <dd>{asked ? <RateBar rate={data.answered / asked} text={`${f.number(data.answered)} (${f.percent(data.answered / asked)})`} /> : f.number(data.answered)}</dd>
        </div>
        {data.pending !== null && (
          <div>
            <dt>{t('dashboardScreens.figures.formResults.pending')}</dt>
            <dd>{f.number(data.pending)}</dd>
          </div>
        )}
      </dl>
      {data.fields.map((field) =>
        field.choices === null ? (
          <p key={field.name} className={classes.note}>
            <strong>{field.title}</strong>: {t('dashboardScreens.figures.formResults.textAnswers', { count: field.answers })}
          </p>
        ) : (
          <FigureTable
            key={field.name}
            caption={field.title}
            head={
              <>
                <th scope="col">{t('dashboardScreens.figures.formResults.choice')}</th>
                <th scope="col">{t('dashboardScreens.figures.formResults.answers')}</th>
              </>
            }
          >
            {field.choices.map((choice) => {
              const rate = field.answers > 0 ? choice.count / field.answers : null;
              return (
                <tr key={choice.label}>
                  <th scope="row">{choice.label}</th>
                  <td>
                    <RateBar rate={rate} text={`${f.number(choice.count)} (${f.percent(rate)})`} />
                  </td>
                </tr>
              );
            })}
          </FigureTable>
        ),
      )}
    </div>
  );
}

function ClassroomCompletion({ data, f }: { data: Data<'classroomCompletion'>; f: Formats }) {
  const { t } = useTranslation();
  if (data.groups.length === 0) return <Empty>{t('dashboardScreens.figures.classroomCompletion.none')}</Empty>;
  const head = (
    <>
      <th scope="col">{t('dashboardScreens.figures.group')}</th>
      <th scope="col">{t('dashboardScreens.figures.rate')}</th>
      <th scope="col" className={classes.num}>
        {t('dashboardScreens.figures.classroomCompletion.tasks')}
      </th>
    </>
  );
  return (
    <FigureTable caption={t('dashboardScreens.figures.classroomCompletion.caption')} head={head}>
      {data.groups.map((group) => (
        <tr key={group.node.id}>
          <th scope="row">{group.node.name}</th>
          <td>
            <RateBar rate={group.rate} text={f.percent(group.rate)} />
          </td>
          <td className={classes.num}>{f.number(group.tasks)}</td>
        </tr>
      ))}
    </FigureTable>
  );
}

function BusesRunning({ data, f }: { data: Data<'busesRunning'>; f: Formats }) {
  const { t } = useTranslation();
  if (data.routes.length === 0) return <Empty>{t('dashboardScreens.figures.busesRunning.none')}</Empty>;
  const head = (
    <>
      <th scope="col">{t('dashboardScreens.figures.busesRunning.route')}</th>
      <th scope="col">{t('dashboardScreens.figures.busesRunning.since')}</th>
      <th scope="col">{t('dashboardScreens.figures.busesRunning.lastPosition')}</th>
    </>
  );
  return (
    <FigureTable caption={t('dashboardScreens.figures.busesRunning.caption')} head={head}>
      {data.routes.map((route) => (
        <tr key={route.id}>
          <th scope="row">
            <Link to={`/transport/routes/${route.id}/map`}>{route.name}</Link>
          </th>
          <td>{f.time(route.startedAt)}</td>
          <td>{route.lastPositionAt === null ? t('dashboardScreens.figures.busesRunning.noPosition') : f.time(route.lastPositionAt)}</td>
        </tr>
      ))}
    </FigureTable>
  );
}

/** A block's figures, drawn by kind: tables with a bar per rate, no chart library. */
export function BlockFigures({ data, formats }: { data: DashboardBlockData; formats: Formats }) {
  switch (data.kind) {
    case 'attendance':
      return <Attendance data={data} f={formats} />;
    case 'rollsNotTaken':
      return <RollsNotTaken data={data} f={formats} />;
    case 'pendingRegistrations':
      return <PendingRegistrations data={data} f={formats} />;
    case 'billing':
      return <Billing data={data} f={formats} />;
    case 'payments':
      return <Payments data={data} f={formats} />;
    case 'readRate':
      return <ReadRate data={data} f={formats} />;
    case 'formResults':
      return <FormResults data={data} f={formats} />;
    case 'classroomCompletion':
      return <ClassroomCompletion data={data} f={formats} />;
    case 'busesRunning':
      return <BusesRunning data={data} f={formats} />;
  }
}
