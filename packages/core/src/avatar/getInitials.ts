// spec §9 Avatar: "initials up to 2 letters". First letter of the first and of the last word;
// a single word gives one letter. A name in display form 'Gómez, Ana' reads as first 'Ana'.

const FIRST_LETTER = /[\p{L}\p{N}]/u;

function firstLetter(word: string): string {
  return FIRST_LETTER.exec(word)?.[0] ?? '';
}

/** Gives up to two upper-case initials of a name ('Ana María Gómez' → 'AG', 'Ana' → 'A', '' → ''). */
export function getInitials(name: string | null | undefined): string {
  let text = (name ?? '').trim();
  const comma = text.indexOf(',');
  if (comma >= 0) text = `${text.slice(comma + 1)} ${text.slice(0, comma)}`;
  const words = text.split(/\s+/).filter((word) => firstLetter(word) !== '');
  if (words.length === 0) return '';
  const first = firstLetter(words[0]);
  const last = words.length > 1 ? firstLetter(words[words.length - 1]) : '';
  return (first + last).toLocaleUpperCase();
}

/** Gives the initials of a person from first name and first last name ('Ana', 'De la Cruz' → 'AD'). */
export function getPersonInitials(person: { firstName: string; lastName: string }): string {
  const first = firstLetter(person.firstName.trim());
  const last = firstLetter(person.lastName.trim());
  return (first + last).toLocaleUpperCase();
}
