import ICAL from 'ical.js';

// A feed's recurring event as RFC 5545 reads it, before ical.js expands it (issue 34 §4). DTSTART is
// always the first instance of the recurrence set (§3.8.5.3) and counts toward COUNT (§3.3.10), but
// ical.js 2.2 leaves it out in two cases that feeds do send (upstream issue #294, pull request #534):
// - RDATE without RRULE: the expansion starts at the first RDATE, so "on the 3rd, and again on the
//   10th and 17th" lost the 3rd;
// - a DTSTART the RRULE does not match (a Wednesday start of an "every Thursday" rule, as some apps
//   write it): the rule's first match comes first and DTSTART is dropped.
// The component is rewritten so ical.js yields the RFC's set: DTSTART joins as an RDATE of its own
// value type and zone (so EXDATE and a RECURRENCE-ID override still apply to it), and a rule with COUNT
// that does not yield DTSTART gives one occurrence less, DTSTART having taken the first. Should ical.js
// start yielding DTSTART itself, nothing is added (a rule that yields it is left alone, and a second
// RDATE of the same instant would be one row: rows are keyed by occurrence). The expected sets in the
// tests come from python-dateutil (fixtures/feed-recurrence.py).

function sameInstant(a: ICAL.Time, b: ICAL.Time): boolean {
  return a.compare(b) === 0;
}

/** The values of every property `name` of `component` (RDATE and EXDATE may hold several each). */
function timesOf(component: ICAL.Component, name: string): ICAL.Time[] {
  return component.getAllProperties(name).flatMap((p) => p.getValues()).filter((v): v is ICAL.Time => v instanceof ICAL.Time);
}

/**
 * Rewrites a recurring master VEVENT in place so that ical.js's expansion holds its DTSTART occurrence
 * exactly once. A component that does not recur, or has no DTSTART, is left as it is.
 */
export function withDtstartOccurrence(master: ICAL.Component): void {
  const start = master.getFirstProperty('dtstart');
  const dtstart = start?.getFirstValue();
  if (!start || !(dtstart instanceof ICAL.Time)) return;
  const rules = master.getAllProperties('rrule');
  if (rules.length === 0 && !master.hasProperty('rdate')) return;

  let yielded = false;
  for (const property of rules) {
    const rule = property.getFirstValue() as ICAL.Recur;
    const first = rule.iterator(dtstart).next();
    if (first && sameInstant(first, dtstart)) {
      yielded = true;
      continue;
    }
    if (rule.count) {
      if (rule.count <= 1) {
        master.removeProperty(property);
        continue;
      }
      const shorter = rule.clone();
      shorter.count = rule.count - 1;
      property.setValue(shorter);
    }
  }
  if (yielded || timesOf(master, 'rdate').some((t) => sameInstant(t, dtstart))) return;

  const rdate = new ICAL.Property('rdate', master);
  if (dtstart.isDate) rdate.resetType('date');
  const zone = start.getParameter('tzid');
  if (typeof zone === 'string') rdate.setParameter('tzid', zone);
  rdate.setValue(dtstart.clone());
  master.addProperty(rdate);
}
