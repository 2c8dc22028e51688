// spec §3 Person: firstName, lastName, lastName2 ("lowercase variants also accepted");
// "Display form is 'lastname, firstname'". Older endpoints send firstname/lastname/lastname2.

type Name = string | null | undefined;

/** Any object carrying a person's names in camelCase or lowercase form. */
export interface PersonNameInput {
  firstName?: Name;
  lastName?: Name;
  lastName2?: Name;
  firstname?: Name;
  lastname?: Name;
  lastname2?: Name;
}

/** A person's names, trimmed, '' where missing. */
export interface PersonName {
  firstName: string;
  lastName: string;
  lastName2: string;
}

function pick(camel: Name, lower: Name): string {
  const value = typeof camel === 'string' && camel.trim() !== '' ? camel : lower;
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
}

/** Reads the names from camelCase or lowercase fields (camelCase wins when both are set). */
export function readPersonName(person: PersonNameInput | null | undefined): PersonName {
  const p = person ?? {};
  return {
    firstName: pick(p.firstName, p.firstname),
    lastName: pick(p.lastName, p.lastname),
    lastName2: pick(p.lastName2, p.lastname2),
  };
}

/** Formats a person as 'lastName lastName2, firstName' (spec §3); either side alone when the other is missing. */
export function formatPersonName(person: PersonNameInput | null | undefined): string {
  const { firstName, lastName, lastName2 } = readPersonName(person);
  const last = [lastName, lastName2].filter(Boolean).join(' ');
  if (last && firstName) return `${last}, ${firstName}`;
  return last || firstName;
}

/** Formats a person as 'firstName lastName lastName2', for greetings and avatar labels. */
export function formatFullName(person: PersonNameInput | null | undefined): string {
  const { firstName, lastName, lastName2 } = readPersonName(person);
  return [firstName, lastName, lastName2].filter(Boolean).join(' ');
}
