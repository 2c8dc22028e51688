// A small reader of iCalendar text (RFC 5545) for the journey's checks: line unfolding, components and
// their properties. It is deliberately not the library the server writes with, so a file that only
// that library could read back would still fail here.

export interface IcsProperty {
  name: string;
  /** Parameters such as TZID or VALUE, names upper-cased. */
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

/** Every content line of the text, folded lines joined (a CRLF followed by a space or tab continues a line). */
export function unfoldLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

function propertyOf(line: string): IcsProperty {
  // The value starts after the first colon outside a quoted parameter value.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) throw new Error(`Not an iCalendar content line: ${line}`);
  const [name, ...params] = line.slice(0, colon).split(';');
  const parsed: Record<string, string> = {};
  for (const param of params) {
    const [key, ...rest] = param.split('=');
    parsed[key!.toUpperCase()] = rest.join('=').replace(/^"|"$/g, '');
  }
  return { name: name!.toUpperCase(), params: parsed, value: line.slice(colon + 1) };
}

/**
 * Reads an iCalendar file into its component tree; throws when the text is not one well-formed
 * VCALENDAR (no CRLF line ends, an unbalanced BEGIN/END, text outside the calendar).
 */
export function parseIcs(text: string): IcsComponent {
  if (!text.includes('\r\n')) throw new Error('iCalendar lines must end with CRLF');
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of unfoldLines(text)) {
    const property = propertyOf(line);
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value.toUpperCase(), properties: [], components: [] };
      if (stack.length > 0) stack.at(-1)!.components.push(component);
      else if (root) throw new Error('Text after the end of the calendar');
      else root = component;
      stack.push(component);
    } else if (property.name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== property.value.toUpperCase()) throw new Error(`END:${property.value} does not close ${open?.name ?? 'anything'}`);
    } else {
      if (stack.length === 0) throw new Error(`A property outside any component: ${line}`);
      stack.at(-1)!.properties.push(property);
    }
  }
  if (!root || stack.length > 0 || root.name !== 'VCALENDAR') throw new Error('Not one complete VCALENDAR');
  return root;
}

/** The first property of that name, or undefined. */
export function propertyNamed(component: IcsComponent, name: string): IcsProperty | undefined {
  return component.properties.find((property) => property.name === name);
}

/** An RRULE value as its parts ({FREQ: 'WEEKLY', COUNT: '4'}). */
export function ruleParts(value: string): Record<string, string> {
  return Object.fromEntries(value.split(';').map((part) => part.split('=') as [string, string]));
}

/** Undoes TEXT escaping (\\, \; \, \n). */
export function icsText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}
